//! The server's state and main loop: the protocol's life cycle
//! (`initialize`, `shutdown`, `exit`), documents as the editor has them
//! (full or ranged changes), requests answered on this thread from
//! outlines and indexes (never waiting on a check or a computation), checks
//! and prices handed to the workers and their results published as they
//! arrive. The requests themselves are answered in `requests`.

use super::client::Client;
use super::diagnose::{self, Published};
use super::outline::{DocKind, Outline};
use super::text;
use super::wire::{self, Incoming, code};
use super::worker::{CheckJob, Event, Latest};
use lsp_types::notification::Notification as _;
use lsp_types::{InlayHint, PublishDiagnosticsParams, Uri, notification};
use serde_json::{Value, json};
use std::collections::{BTreeSet, HashMap};
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel};
use std::time::{Duration, Instant};

/// How long a document's text must stay unchanged before it is checked:
/// a burst of changes (a paste, an editor's several edits at once) is
/// checked once. Short, so a diagnostic follows a keystroke within 50 ms.
const DEBOUNCE: Duration = Duration::from_millis(15);

/// The most text the open documents may hold together; a document that
/// would pass it is not opened (and said so), so memory stays bounded
/// whatever an editor sends.
const MAX_OPEN_TEXT: usize = 64 * crate::spec::limits::MAX_BYTES;

/// How many messages wait between the reader and the main loop: a flood
/// of input waits in the pipe, not in memory.
const QUEUE: usize = 256;

pub struct Doc {
    pub text: Arc<String>,
    /// The editor's version of the text.
    pub version: i32,
    /// Counts the texts the document has had.
    pub generation: u64,
    /// The last outline of a text whose YAML parsed.
    pub outline: Outline,
    /// The hints of a generation, once priced (empty when the spec does
    /// not check).
    pub hints: Option<(u64, Vec<InlayHint>)>,
    /// Hint requests waiting for this generation's prices.
    pub waiting: Vec<Value>,
    /// Other files this document's last check published to.
    pub published: BTreeSet<PathBuf>,
    /// The diagnostics last published on the document, with their fixes,
    /// and the generation they are of.
    pub shown: (u64, Vec<Published>),
}

/// Where the protocol's life cycle stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before `initialize`.
    Waiting,
    Running,
    /// After `shutdown`: only `exit` is taken.
    ShuttingDown,
}

/// A request's answer: its result, or an error's code and message.
pub type Reply = Result<Value, (i32, String)>;

/// What answers a request (in `requests`, `actions`, `symbols`, `rename`).
type Handler = fn(&mut Server, Value) -> Reply;

pub struct Server {
    out: Sender<Value>,
    pub(super) docs: HashMap<PathBuf, Doc>,
    due: HashMap<PathBuf, Instant>,
    latest: Latest,
    checker: Sender<CheckJob>,
    pub(super) events: SyncSender<Event>,
    pub(super) client: Client,
    state: State,
    next_id: i64,
    log: Box<dyn FnMut(&str)>,
}

/// Serves one connection on `input` and `output` until `exit` or the end
/// of the input; the exit code (0 after `shutdown`, else 1). What cannot be
/// answered on the wire goes to `log`.
pub fn serve(
    input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
    log: impl FnMut(&str) + 'static,
) -> i32 {
    let (out, to_write) = channel::<Value>();
    let writer = std::thread::Builder::new()
        .name("certify-lsp-writer".into())
        .spawn(move || {
            let mut w = output;
            for m in to_write {
                if wire::write(&mut w, &m).is_err() {
                    return;
                }
            }
        });
    let (tx, rx) = sync_channel(QUEUE);
    let reader_tx = tx.clone();
    let reader = std::thread::Builder::new()
        .name("certify-lsp-reader".into())
        .spawn(move || {
            let mut input = BufReader::new(input);
            loop {
                let event = match wire::read(&mut input) {
                    Ok(Some(m)) => Event::Wire(m),
                    Ok(None) => Event::Closed,
                    Err(wire::Broken(why)) => Event::Broken(why),
                };
                let last = !matches!(event, Event::Wire(_));
                if reader_tx.send(event).is_err() || last {
                    return;
                }
            }
        });
    let mut log: Box<dyn FnMut(&str)> = Box::new(log);
    let (Ok(writer), Ok(_)) = (writer, reader) else {
        log("certify lsp: cannot start its threads");
        return 1;
    };
    let latest = Latest::new();
    let mut server = Server {
        out,
        docs: HashMap::new(),
        due: HashMap::new(),
        checker: super::worker::start(latest.clone(), tx.clone()),
        latest,
        events: tx,
        client: Client::default(),
        state: State::Waiting,
        next_id: 0,
        log,
    };
    let code = server.run(&rx);
    server.latest.close();
    // Everything answered is written before the exit.
    drop(server);
    let _ = writer.join();
    code
}

impl Server {
    fn run(&mut self, rx: &Receiver<Event>) -> i32 {
        loop {
            let wait = self
                .due
                .values()
                .min()
                .map_or(Duration::from_secs(3600), |t| {
                    t.saturating_duration_since(Instant::now())
                });
            match rx.recv_timeout(wait) {
                Ok(Event::Wire(m)) => {
                    if let Some(code) = self.incoming(m) {
                        return code;
                    }
                }
                Ok(Event::Broken(why)) => {
                    self.say(&format!("certify lsp: {why}"));
                    return 1;
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    if self.state == State::ShuttingDown {
                        return 0;
                    }
                    self.say("certify lsp: the input ended without `shutdown` and `exit`");
                    return 1;
                }
                Ok(event) => self.event(event),
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.start_due_checks();
        }
    }

    pub(super) fn say(&mut self, line: &str) {
        (self.log)(line);
    }

    pub(super) fn send(&self, m: Value) {
        let _ = self.out.send(m);
    }

    pub(super) fn reply(&self, id: Value, result: Value) {
        self.send(json!({ "jsonrpc": "2.0", "id": id, "result": result }));
    }

    pub(super) fn refuse(&self, id: Value, code: i32, message: &str) {
        self.send(
            json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } }),
        );
    }

    pub(super) fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(json!({ "jsonrpc": "2.0", "method": N::METHOD, "params": params }));
    }

    pub(super) fn request<R: lsp_types::request::Request>(&mut self, params: R::Params) {
        self.next_id += 1;
        let id = format!("certify-{}", self.next_id);
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": R::METHOD, "params": params }));
    }

    /// One message; the exit code once the server is to exit.
    fn incoming(&mut self, m: Incoming) -> Option<i32> {
        match m {
            Incoming::Invalid { ids, code, why } => {
                if ids.is_empty() {
                    self.say(&format!("certify lsp: ignored {why}"));
                }
                for id in ids {
                    self.refuse(id, code, &why);
                }
            }
            Incoming::Response { .. } => {}
            Incoming::Notification { method, .. } if method == "exit" => {
                if self.state == State::ShuttingDown {
                    return Some(0);
                }
                self.say("certify lsp: `exit` before `shutdown`");
                return Some(1);
            }
            Incoming::Notification { method, params } => {
                if self.state == State::Running {
                    self.on_notification(&method, params);
                }
            }
            Incoming::Request { id, method, params } => match (self.state, method.as_str()) {
                (State::Waiting, "initialize") => self.initialize(id, &params),
                (State::Waiting, _) => self.refuse(
                    id,
                    code::SERVER_NOT_INITIALIZED,
                    "the server is not initialized: `initialize` comes first",
                ),
                (State::ShuttingDown, _) => self.refuse(
                    id,
                    code::INVALID_REQUEST,
                    "the server is shutting down: after `shutdown` only `exit` is taken",
                ),
                (State::Running, "initialize") => self.refuse(
                    id,
                    code::INVALID_REQUEST,
                    "the server is already initialized",
                ),
                (State::Running, "shutdown") => {
                    self.state = State::ShuttingDown;
                    self.reply(id, Value::Null);
                }
                (State::Running, _) => self.answer(id, &method, params),
            },
        }
        None
    }

    fn initialize(&mut self, id: Value, params: &Value) {
        if !params.is_object() {
            return self.refuse(
                id,
                code::INVALID_PARAMS,
                "`initialize` takes an object of parameters",
            );
        }
        self.client = Client::of(params);
        let result = json!({
            "capabilities": Server::capabilities(&self.client),
            "serverInfo": { "name": "certify", "version": env!("CARGO_PKG_VERSION") },
        });
        self.state = State::Running;
        self.reply(id, result);
    }

    fn start_due_checks(&mut self) {
        let now = Instant::now();
        let ready: Vec<PathBuf> = self
            .due
            .iter()
            .filter(|(_, t)| **t <= now)
            .map(|(p, _)| p.clone())
            .collect();
        for path in ready {
            self.due.remove(&path);
            let Some(doc) = self.docs.get(&path) else {
                continue;
            };
            let open = self
                .docs
                .iter()
                .map(|(p, d)| (p.clone(), Arc::clone(&d.text)))
                .collect();
            let _ = self.checker.send(CheckJob {
                path: path.clone(),
                generation: doc.generation,
                text: doc.text.to_string(),
                kind: doc.outline.kind,
                outline: doc.outline.clone(),
                open,
            });
        }
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Wire(_) | Event::Broken(_) | Event::Closed => {}
            Event::Diagnostics {
                owner,
                generation,
                files,
                partial,
            } => self.publish(&owner, generation, files, partial),
            Event::Checked {
                path,
                generation,
                priced,
            } => {
                if !priced {
                    self.hints_ready(&path, generation, Vec::new());
                }
            }
            Event::Priced {
                path,
                generation,
                hints,
            } => {
                if self.hints_ready(&path, generation, hints) && self.client.hint_refresh {
                    self.request::<lsp_types::request::InlayHintRefreshRequest>(());
                }
            }
            Event::Certified { path, result } => self.certified(&path, result),
        }
    }

    fn current(&self, path: &Path, generation: u64) -> bool {
        self.docs
            .get(path)
            .is_some_and(|d| d.generation == generation)
    }

    fn publish(&mut self, owner: &Path, generation: u64, files: diagnose::PerFile, partial: bool) {
        if !self.current(owner, generation) {
            return;
        }
        let mut others = BTreeSet::new();
        for (file, published) in files {
            // An open document's own check speaks for it.
            if file != owner && self.docs.contains_key(&file) {
                continue;
            }
            let mut diagnostics: Vec<lsp_types::Diagnostic> =
                published.iter().map(|p| p.diagnostic.clone()).collect();
            if !self.client.related_information {
                for d in &mut diagnostics {
                    d.related_information = None;
                }
            }
            let version = if file == owner {
                let doc = self.docs.get_mut(owner).expect("current");
                doc.shown = (generation, published);
                Some(doc.version)
            } else {
                others.insert(file.clone());
                None
            };
            self.notify::<notification::PublishDiagnostics>(PublishDiagnosticsParams {
                uri: text::uri_of(&file),
                diagnostics,
                version,
            });
        }
        let Some(doc) = self.docs.get_mut(owner) else {
            return;
        };
        if partial {
            return;
        }
        let gone: Vec<PathBuf> = doc.published.difference(&others).cloned().collect();
        doc.published = others;
        for file in gone {
            self.clear(&file);
        }
    }

    fn clear(&self, file: &Path) {
        self.notify::<notification::PublishDiagnostics>(PublishDiagnosticsParams {
            uri: text::uri_of(file),
            diagnostics: Vec::new(),
            version: None,
        });
    }

    /// Stores a generation's hints and answers the requests waiting for
    /// them; false when the text has changed since.
    fn hints_ready(&mut self, path: &Path, generation: u64, hints: Vec<InlayHint>) -> bool {
        if !self.current(path, generation) {
            return false;
        }
        let doc = self.docs.get_mut(path).expect("current");
        doc.hints = Some((generation, hints.clone()));
        let waiting = std::mem::take(&mut doc.waiting);
        for id in waiting {
            self.reply(id, json!(hints));
        }
        true
    }

    fn certified(&mut self, path: &Path, result: Result<Vec<PathBuf>, String>) {
        use lsp_types::{MessageType, ShowDocumentParams, ShowMessageParams};
        match result {
            Ok(files) => {
                let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
                self.notify::<notification::ShowMessage>(ShowMessageParams {
                    typ: MessageType::INFO,
                    message: format!(
                        "certify {}: reports written: {}",
                        path.display(),
                        names.join(", ")
                    ),
                });
                let md = files
                    .iter()
                    .find(|f| f.extension().is_some_and(|e| e == "md"));
                if let Some(md) = md.filter(|_| self.client.show_document) {
                    self.request::<lsp_types::request::ShowDocument>(ShowDocumentParams {
                        uri: text::uri_of(md),
                        external: None,
                        take_focus: Some(true),
                        selection: None,
                    });
                }
            }
            Err(e) => self.notify::<notification::ShowMessage>(ShowMessageParams {
                typ: MessageType::ERROR,
                message: format!("certify {}: {e}", path.display()),
            }),
        }
    }

    fn on_notification(&mut self, method: &str, params: Value) {
        match method {
            notification::DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(params)
                else {
                    return self
                        .say("certify lsp: ignored a `didOpen` whose parameters do not read");
                };
                let Some(path) = text::path_of(&p.text_document.uri) else {
                    return;
                };
                let held: usize = self.docs.values().map(|d| d.text.len()).sum();
                if held + p.text_document.text.len() > MAX_OPEN_TEXT {
                    return self.say(&format!(
                        "certify lsp: {} not opened: the open documents would hold more than {} MiB",
                        path.display(),
                        MAX_OPEN_TEXT >> 20
                    ));
                }
                self.docs.insert(
                    path.clone(),
                    Doc {
                        text: Arc::new(String::new()),
                        version: p.text_document.version,
                        generation: 0,
                        outline: Outline::default(),
                        hints: None,
                        waiting: Vec::new(),
                        published: BTreeSet::new(),
                        shown: (0, Vec::new()),
                    },
                );
                self.set_text(&path, p.text_document.text, Duration::ZERO);
            }
            notification::DidChangeTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(params)
                else {
                    return self
                        .say("certify lsp: ignored a `didChange` whose parameters do not read");
                };
                let Some(path) = text::path_of(&p.text_document.uri) else {
                    return;
                };
                let Some(doc) = self.docs.get_mut(&path) else {
                    return;
                };
                doc.version = p.text_document.version;
                let mut new = doc.text.to_string();
                for change in &p.content_changes {
                    text::apply(&mut new, change.range, &change.text);
                    if new.len() > MAX_OPEN_TEXT {
                        break;
                    }
                }
                if new.len() > wire::MAX_BODY {
                    self.close(&path);
                    return self.say(&format!(
                        "certify lsp: {} closed: its text passed {} MiB",
                        path.display(),
                        wire::MAX_BODY >> 20
                    ));
                }
                self.set_text(&path, new, DEBOUNCE);
            }
            notification::DidSaveTextDocument::METHOD => {
                // A saved game or fixture file changes what the other
                // documents' checks read from disk.
                let now = Instant::now();
                for p in self.docs.keys() {
                    self.due.entry(p.clone()).or_insert(now);
                }
            }
            notification::DidCloseTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(params)
                    && let Some(path) = text::path_of(&p.text_document.uri)
                {
                    self.close(&path);
                }
            }
            notification::Cancel::METHOD => {
                let id = params.get("id").cloned().unwrap_or(Value::Null);
                let mut cancelled = false;
                for doc in self.docs.values_mut() {
                    if let Some(i) = doc.waiting.iter().position(|w| *w == id) {
                        doc.waiting.remove(i);
                        cancelled = true;
                    }
                }
                if cancelled {
                    self.refuse(id, code::REQUEST_CANCELLED, "cancelled");
                }
            }
            _ => {}
        }
    }

    fn close(&mut self, path: &Path) {
        let Some(doc) = self.docs.remove(path) else {
            return;
        };
        self.due.remove(path);
        for id in doc.waiting {
            self.reply(id, json!([]));
        }
        self.clear(path);
        for f in &doc.published {
            self.clear(f);
        }
    }

    /// A document's new text: a new generation, its outline (the last one
    /// kept while its YAML does not parse), a check after `delay`, and one
    /// of each open document that reads it (a fixture file of a spec).
    fn set_text(&mut self, path: &Path, text: String, delay: Duration) {
        let Some(doc) = self.docs.get_mut(path) else {
            return;
        };
        doc.generation += 1;
        self.latest.set(path, doc.generation);
        let source = crate::spec::SourceFile::new(path.display().to_string(), text.clone());
        match super::outline::outline(&source) {
            Some(o) => doc.outline = o,
            None if doc.outline.kind == DocKind::Other => {
                doc.outline.kind = diagnose::kind_by_lines(&text);
            }
            None => {}
        }
        if doc.outline.kind == DocKind::Other {
            // Not yet a spec by its content: by its place.
            doc.outline.kind = diagnose::kind_by_path(path);
        }
        doc.text = Arc::new(text);
        let due = Instant::now() + delay;
        self.due.insert(path.to_path_buf(), due);
        if let (DocKind::Spec, Some((id, _))) = (doc.outline.kind, doc.outline.id.clone()) {
            for (p, d) in &self.docs {
                if d.outline.kind == DocKind::Fixture
                    && d.outline.id.as_ref().is_some_and(|(i, _)| *i == id)
                {
                    self.due.entry(p.clone()).or_insert(due);
                }
            }
        }
    }

    /// The text of an open document standing for a file, if one does.
    pub(super) fn open_text(&self) -> impl Fn(&Path) -> Option<String> + '_ {
        |p: &Path| {
            self.docs
                .iter()
                .find(|(q, _)| text::same_file(q, p))
                .map(|(_, d)| d.text.to_string())
        }
    }

    /// A request, answered by its handler (`requests`); a handler that
    /// fails on a bug answers with an internal error and the server goes
    /// on.
    fn answer(&mut self, id: Value, method: &str, params: Value) {
        if method == <lsp_types::request::InlayHintRequest as lsp_types::request::Request>::METHOD {
            return self.inlay_hints(id, params);
        }
        use lsp_types::request::{self as r, Request as _};
        let handler: Handler = match method {
            r::Completion::METHOD => Server::completion,
            r::HoverRequest::METHOD => Server::hover,
            r::GotoDefinition::METHOD => Server::definition,
            r::CodeActionRequest::METHOD => Server::code_actions,
            r::ExecuteCommand::METHOD => Server::execute,
            r::DocumentSymbolRequest::METHOD => Server::document_symbols,
            r::WorkspaceSymbolRequest::METHOD => Server::workspace_symbols,
            r::References::METHOD => Server::references,
            r::PrepareRenameRequest::METHOD => Server::prepare_rename,
            r::Rename::METHOD => Server::rename,
            r::SemanticTokensFullRequest::METHOD => Server::semantic_tokens,
            _ => {
                return self.refuse(
                    id,
                    code::METHOD_NOT_FOUND,
                    &format!("unsupported: {method}"),
                );
            }
        };
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handler(self, params)));
        match run {
            Ok(Ok(v)) => self.reply(id, v),
            Ok(Err((code, m))) => self.refuse(id, code, &m),
            Err(_) => self.refuse(
                id,
                code::INTERNAL_ERROR,
                &format!("certify lsp: a bug answering {method}; please report it"),
            ),
        }
    }

    /// The hints of the document's text: now when priced, else once the
    /// pricer has them (the request waits, the loop goes on).
    fn inlay_hints(&mut self, id: Value, params: Value) {
        let p: lsp_types::InlayHintParams = match serde_json::from_value(params) {
            Ok(p) => p,
            Err(e) => return self.refuse(id, code::INVALID_PARAMS, &e.to_string()),
        };
        let doc = text::path_of(&p.text_document.uri).and_then(|path| self.docs.get_mut(&path));
        let Some(doc) = doc.filter(|d| d.outline.kind == DocKind::Spec) else {
            return self.reply(id, json!([]));
        };
        match &doc.hints {
            Some((g, hints)) if *g == doc.generation => {
                let range = p.range;
                let shown: Vec<&InlayHint> = hints
                    .iter()
                    .filter(|h| h.position >= range.start && h.position <= range.end)
                    .collect();
                let v = json!(shown);
                self.reply(id, v);
            }
            _ => doc.waiting.push(id),
        }
    }

    /// The document of a URI.
    pub(super) fn doc(&self, uri: &Uri) -> Option<(PathBuf, &Doc)> {
        let path = text::path_of(uri)?;
        let doc = self.docs.get(&path)?;
        Some((path, doc))
    }
}
