//! The server's state and main loop: documents as the editor has them,
//! requests answered on this thread from outlines (never waiting on a
//! check or a computation), checks and prices handed to the workers and
//! their results published as they arrive.

use super::outline::{DocKind, Outline};
use super::scope::Scope;
use super::worker::{CheckJob, Event, Latest};
use super::{complete, diagnose, navigate, text};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionProviderCapability,
    CompletionOptions, CompletionResponse, ExecuteCommandOptions, HoverProviderCapability,
    InitializeParams, InlayHint, MessageType, OneOf, PublishDiagnosticsParams, ServerCapabilities,
    ShowDocumentParams, ShowMessageParams, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
    notification, request,
};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// How long a document's text must stay unchanged before it is checked:
/// a burst of changes (a paste, an editor's several edits at once) is
/// checked once. Short, so a diagnostic follows a keystroke within 50 ms.
const DEBOUNCE: Duration = Duration::from_millis(15);

/// The command of the code action that certifies a spec.
pub const CERTIFY_COMMAND: &str = "certify.run";

struct Doc {
    text: String,
    /// The editor's version of the text.
    version: i32,
    /// Counts the texts the document has had.
    generation: u64,
    /// The last outline of a text whose YAML parsed.
    outline: Outline,
    /// The hints of a generation, once priced (empty when the spec does
    /// not check).
    hints: Option<(u64, Vec<InlayHint>)>,
    /// Hint requests waiting for this generation's prices.
    waiting: Vec<RequestId>,
    /// Other files this document's last check published to.
    published: BTreeSet<PathBuf>,
}

pub struct Server {
    conn: Connection,
    docs: HashMap<PathBuf, Doc>,
    due: HashMap<PathBuf, Instant>,
    latest: Latest,
    checker: Sender<CheckJob>,
    events: Sender<Event>,
    root: Option<PathBuf>,
    /// The client re-asks for hints when told they changed.
    refresh: bool,
    next_id: i32,
}

pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some([".", " ", "{", ",", "[", "("].map(String::from).to_vec()),
            ..Default::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![CERTIFY_COMMAND.into(), super::design::COMMAND.into()],
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Serves one connection: the handshake, then messages until `exit`.
pub fn serve(conn: Connection) -> Result<(), String> {
    let (id, params) = conn.initialize_start().map_err(|e| e.to_string())?;
    let init: InitializeParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
    let result = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": { "name": "certify", "version": env!("CARGO_PKG_VERSION") },
    });
    conn.initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let (tx, rx) = channel();
    let incoming = conn.receiver.clone();
    let forward = tx.clone();
    std::thread::Builder::new()
        .name("certify-lsp-reader".into())
        .spawn(move || {
            for m in incoming {
                if forward.send(Event::Lsp(m)).is_err() {
                    return;
                }
            }
            let _ = forward.send(Event::Closed);
        })
        .map_err(|e| e.to_string())?;
    let latest = Latest::default();
    #[allow(deprecated)] // `rootUri`: what older clients send.
    let root = init
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .and_then(|f| text::path_of(&f.uri))
        .or_else(|| init.root_uri.as_ref().and_then(text::path_of));
    let refresh = init
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.inlay_hint.as_ref())
        .and_then(|h| h.refresh_support)
        .unwrap_or(false);
    let mut server = Server {
        conn,
        docs: HashMap::new(),
        due: HashMap::new(),
        checker: super::worker::start(latest.clone(), tx.clone()),
        latest,
        events: tx,
        root,
        refresh,
        next_id: 0,
    };
    server.run(&rx);
    Ok(())
}

impl Server {
    fn run(&mut self, rx: &Receiver<Event>) {
        loop {
            let wait = self
                .due
                .values()
                .min()
                .map_or(Duration::from_secs(3600), |t| {
                    t.saturating_duration_since(Instant::now())
                });
            match rx.recv_timeout(wait) {
                Ok(Event::Lsp(Message::Notification(n))) if n.method == "exit" => return,
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => return,
                Ok(event) => self.event(event),
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.start_due_checks();
        }
    }

    fn send(&self, m: impl Into<Message>) {
        let _ = self.conn.sender.send(m.into());
    }

    fn notify<N: lsp_types::notification::Notification>(&self, params: N::Params) {
        self.send(Notification::new(N::METHOD.into(), params));
    }

    fn request<R: lsp_types::request::Request>(&mut self, params: R::Params) {
        self.next_id += 1;
        let id = RequestId::from(format!("certify-{}", self.next_id));
        self.send(Request::new(id, R::METHOD.into(), params));
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
                .map(|(p, d)| (p.clone(), d.text.clone()))
                .collect();
            let _ = self.checker.send(CheckJob {
                path: path.clone(),
                generation: doc.generation,
                text: doc.text.clone(),
                kind: doc.outline.kind,
                outline: doc.outline.clone(),
                open,
            });
        }
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Lsp(Message::Request(r)) => self.on_request(r),
            Event::Lsp(Message::Notification(n)) => self.on_notification(n),
            Event::Lsp(Message::Response(_)) | Event::Closed => {}
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
                if self.hints_ready(&path, generation, hints) && self.refresh {
                    self.request::<request::InlayHintRefreshRequest>(());
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
        for (file, diagnostics) in files {
            // An open document's own check speaks for it.
            if file != owner && self.docs.contains_key(&file) {
                continue;
            }
            let version = if file == owner {
                self.docs.get(owner).map(|d| d.version)
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
        for id in std::mem::take(&mut doc.waiting) {
            self.send(Response::new_ok(id, &hints));
        }
        true
    }

    fn certified(&mut self, path: &Path, result: Result<Vec<PathBuf>, String>) {
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
                if let Some(md) = files
                    .iter()
                    .find(|f| f.extension().is_some_and(|e| e == "md"))
                {
                    self.request::<request::ShowDocument>(ShowDocumentParams {
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

    fn on_notification(&mut self, n: Notification) {
        match n.method.as_str() {
            notification::DidOpenTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                    && let Some(path) = text::path_of(&p.text_document.uri)
                {
                    self.docs.insert(
                        path.clone(),
                        Doc {
                            text: String::new(),
                            version: p.text_document.version,
                            generation: 0,
                            outline: Outline::default(),
                            hints: None,
                            waiting: Vec::new(),
                            published: BTreeSet::new(),
                        },
                    );
                    self.set_text(&path, p.text_document.text, Duration::ZERO);
                }
            }
            notification::DidChangeTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                    && let Some(path) = text::path_of(&p.text_document.uri)
                    && let Some(change) = p.content_changes.into_iter().last()
                {
                    if let Some(doc) = self.docs.get_mut(&path) {
                        doc.version = p.text_document.version;
                    }
                    self.set_text(&path, change.text, DEBOUNCE);
                }
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
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                    && let Some(path) = text::path_of(&p.text_document.uri)
                    && let Some(doc) = self.docs.remove(&path)
                {
                    self.due.remove(&path);
                    for id in doc.waiting {
                        self.send(Response::new_ok(id, Vec::<InlayHint>::new()));
                    }
                    self.clear(&path);
                    for f in &doc.published {
                        self.clear(f);
                    }
                }
            }
            notification::Cancel::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp_types::CancelParams>(n.params) {
                    let id = match p.id {
                        lsp_types::NumberOrString::Number(n) => RequestId::from(n),
                        lsp_types::NumberOrString::String(s) => RequestId::from(s),
                    };
                    for doc in self.docs.values_mut() {
                        if let Some(i) = doc.waiting.iter().position(|w| *w == id) {
                            doc.waiting.remove(i);
                            let r = Response::new_err(
                                id.clone(),
                                ErrorCode::RequestCanceled as i32,
                                "cancelled".into(),
                            );
                            let _ = self.conn.sender.send(r.into());
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// A document's new text: a new generation, its outline (the last one
    /// kept while its YAML does not parse), a check after `delay`.
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
        doc.text = text;
        self.due.insert(path.to_path_buf(), Instant::now() + delay);
    }

    fn on_request(&mut self, r: Request) {
        let id = r.id.clone();
        let reply = match r.method.as_str() {
            request::Shutdown::METHOD => Ok(serde_json::Value::Null),
            request::Completion::METHOD => self.completion(r.params),
            request::HoverRequest::METHOD => self.hover(r.params),
            request::GotoDefinition::METHOD => self.definition(r.params),
            request::CodeActionRequest::METHOD => self.code_actions(r.params),
            request::ExecuteCommand::METHOD => self.execute(r.params),
            request::InlayHintRequest::METHOD => match self.inlay_hints(id.clone(), r.params) {
                Some(v) => v,
                None => return,
            },
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("unsupported: {}", r.method),
            )),
        };
        let response = match reply {
            Ok(v) => Response::new_ok(id, v),
            Err((code, m)) => Response::new_err(id, code as i32, m),
        };
        self.send(response);
    }

    /// The document at a position, its cursor context and scope.
    fn at(&self, uri: &Uri, pos: lsp_types::Position) -> Option<(PathBuf, text::Context, usize)> {
        let path = text::path_of(uri)?;
        let doc = self.docs.get(&path)?;
        let line = pos.line as usize;
        let col = text::char_col(text::line(&doc.text, line), pos.character);
        Some((path, text::context(&doc.text, line, col), line))
    }

    fn open_text(&self) -> impl Fn(&Path) -> Option<String> + '_ {
        |p: &Path| {
            self.docs
                .iter()
                .find(|(q, _)| text::same_file(q, p))
                .map(|(_, d)| d.text.clone())
        }
    }

    fn scope<'a>(&'a self, path: &'a Path, line: usize) -> Scope<'a> {
        let doc = &self.docs[path].outline;
        let open = self.open_text();
        let spec = match doc.kind {
            DocKind::Fixture => doc.id.as_ref().and_then(|(id, _)| {
                let open_spec = self.docs.iter().find(|(_, d)| {
                    d.outline.kind == DocKind::Spec
                        && d.outline.id.as_ref().is_some_and(|(i, _)| i == id)
                });
                match open_spec {
                    Some((p, d)) => Some((p.clone(), d.outline.clone())),
                    None => {
                        let p = diagnose::find_spec(path, id)?;
                        let t = std::fs::read_to_string(&p).ok()?;
                        let src = crate::spec::SourceFile::new(p.display().to_string(), t);
                        Some((p, super::outline::outline(&src)?))
                    }
                }
            }),
            _ => None,
        };
        let (spec_path, spec_outline) = match &spec {
            Some((p, o)) => (p.as_path(), o),
            None => (path, doc),
        };
        let game = navigate::included_game(spec_path, spec_outline, &open);
        Scope {
            path,
            line,
            doc,
            spec,
            game,
        }
    }

    fn completion(&self, params: serde_json::Value) -> Reply {
        let p: lsp_types::CompletionParams = parse(params)?;
        let pos = p.text_document_position.position;
        let Some((path, ctx, line)) = self.at(&p.text_document_position.text_document.uri, pos)
        else {
            return Ok(serde_json::Value::Null);
        };
        let items = complete::complete(&ctx, &self.scope(&path, line), pos);
        to_value(CompletionResponse::Array(items))
    }

    fn hover(&self, params: serde_json::Value) -> Reply {
        let p: lsp_types::HoverParams = parse(params)?;
        let tp = p.text_document_position_params;
        let Some((path, ctx, line)) = self.at(&tp.text_document.uri, tp.position) else {
            return Ok(serde_json::Value::Null);
        };
        to_value(navigate::hover(&ctx, &self.scope(&path, line)))
    }

    fn definition(&self, params: serde_json::Value) -> Reply {
        let p: lsp_types::GotoDefinitionParams = parse(params)?;
        let tp = p.text_document_position_params;
        let Some((path, ctx, line)) = self.at(&tp.text_document.uri, tp.position) else {
            return Ok(serde_json::Value::Null);
        };
        let open = self.open_text();
        to_value(navigate::definition(&ctx, &self.scope(&path, line), &open))
    }

    /// The hints of the document's text: now when priced, else once the
    /// pricer has them (None: the request waits, the loop goes on).
    fn inlay_hints(&mut self, id: RequestId, params: serde_json::Value) -> Option<Reply> {
        let p: lsp_types::InlayHintParams = match parse(params) {
            Ok(p) => p,
            Err(e) => return Some(Err(e)),
        };
        let doc = text::path_of(&p.text_document.uri).and_then(|path| self.docs.get_mut(&path));
        let Some(doc) = doc.filter(|d| d.outline.kind == DocKind::Spec) else {
            return Some(to_value(Vec::<InlayHint>::new()));
        };
        match &doc.hints {
            Some((g, hints)) if *g == doc.generation => {
                let range = p.range;
                let shown: Vec<&InlayHint> = hints
                    .iter()
                    .filter(|h| h.position >= range.start && h.position <= range.end)
                    .collect();
                Some(to_value(shown))
            }
            _ => {
                doc.waiting.push(id);
                None
            }
        }
    }

    fn code_actions(&self, params: serde_json::Value) -> Reply {
        let p: lsp_types::CodeActionParams = parse(params)?;
        let uri = p.text_document.uri;
        let is_spec = text::path_of(&uri)
            .and_then(|path| self.docs.get(&path))
            .is_some_and(|d| d.outline.kind == DocKind::Spec);
        if !is_spec {
            return to_value(Vec::<CodeActionOrCommand>::new());
        }
        let command = lsp_types::Command {
            title: "certify: check, compute and write the reports".into(),
            command: CERTIFY_COMMAND.into(),
            arguments: Some(vec![serde_json::json!(uri.as_str())]),
        };
        let mut actions = vec![CodeActionOrCommand::CodeAction(CodeAction {
            title: command.title.clone(),
            kind: Some(CodeActionKind::SOURCE),
            command: Some(command),
            ..Default::default()
        })];
        let doc = text::path_of(&uri).and_then(|path| self.docs.get(&path));
        actions.extend(doc.map_or_else(Vec::new, |d| {
            super::design::actions(&d.outline, &uri, p.range.start.line as usize)
        }));
        to_value(actions)
    }

    fn execute(&mut self, params: serde_json::Value) -> Reply {
        let p: lsp_types::ExecuteCommandParams = parse(params)?;
        let path = p
            .arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok())
            .and_then(|u| text::path_of(&u));
        let design = (p.command == super::design::COMMAND)
            .then(|| super::design::wager_of(&p.arguments))
            .flatten();
        let (Some(path), true) = (path, p.command == CERTIFY_COMMAND || design.is_some()) else {
            return Err((
                ErrorCode::InvalidParams,
                "expected certify.run SPEC_URI".into(),
            ));
        };
        self.notify::<notification::ShowMessage>(ShowMessageParams {
            typ: MessageType::INFO,
            message: format!("certify {}: running…", path.display()),
        });
        let (events, root) = (self.events.clone(), self.root.clone());
        std::thread::spawn(move || {
            let result = match design {
                Some(wager) => super::design::run(&path, &wager, root.as_deref()),
                None => super::run::certify(&path, root.as_deref()),
            };
            let _ = events.send(Event::Certified { path, result });
        });
        Ok(serde_json::Value::Null)
    }
}

type Reply = Result<serde_json::Value, (ErrorCode, String)>;

fn parse<T: serde::de::DeserializeOwned>(v: serde_json::Value) -> Result<T, (ErrorCode, String)> {
    serde_json::from_value(v).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_value(v: impl serde::Serialize) -> Reply {
    serde_json::to_value(v).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}
