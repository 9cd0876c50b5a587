//! A language-server client over the wire, for `tests/lsp.rs` and
//! `benches/lsp.rs`: it starts the built `certify lsp`, writes
//! Content-Length framed JSON-RPC to its standard input and reads its
//! replies from its standard output.
#![allow(dead_code)] // Each user calls a part of it.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// What a full client (VS Code, Neovim) declares: Markdown, a document
/// to show, code-action literals, hierarchical symbols, rename with
/// prepare, semantic tokens, related information.
pub fn full_client() -> Value {
    json!({
        "workspace": { "inlayHint": { "refreshSupport": false } },
        "window": { "showDocument": { "support": true } },
        "textDocument": {
            "hover": { "contentFormat": ["markdown", "plaintext"] },
            "completion": { "completionItem": { "documentationFormat": ["markdown"] },
                            "completionItemKind": { "valueSet": (1..=25).collect::<Vec<u32>>() } },
            "codeAction": { "codeActionLiteralSupport": { "codeActionKind": { "valueSet": ["quickfix", "source"] } } },
            "documentSymbol": { "hierarchicalDocumentSymbolSupport": true,
                                "symbolKind": { "valueSet": (1..=26).collect::<Vec<u32>>() } },
            "rename": { "prepareSupport": true },
            "semanticTokens": { "requests": { "full": true }, "tokenTypes": [], "tokenModifiers": [], "formats": ["relative"] },
            "publishDiagnostics": { "relatedInformation": true },
        },
    })
}

/// How long a test waits for a reply before it fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub struct Server {
    child: Child,
    stdin: ChildStdin,
    pub incoming: Receiver<Value>,
    /// Messages read but not yet asked for.
    pub seen: Vec<Value>,
    next_id: i64,
}

fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Server {
    /// Starts `certify lsp` and completes the handshake, with the
    /// workspace `root`, as a full client.
    pub fn start(root: &Path) -> (Server, Value) {
        Server::start_as(root, full_client())
    }

    /// Starts `certify lsp` with the client `capabilities`.
    pub fn start_as(root: &Path, capabilities: Value) -> (Server, Value) {
        let mut s = Server::spawn(root, Stdio::inherit());
        let init = s.request(
            "initialize",
            json!({ "processId": null, "rootUri": uri(root), "capabilities": capabilities }),
        );
        s.notify("initialized", json!({}));
        (s, init)
    }

    /// Starts `certify lsp`, with no handshake.
    pub fn spawn(root: &Path, stderr: Stdio) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_certify"))
            .arg("lsp")
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("certify starts");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            while let Some(m) = read_message(&mut stdout) {
                if tx.send(m).is_err() {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            incoming: rx,
            seen: Vec::new(),
            next_id: 0,
        }
    }

    /// Writes bytes as they are, framing and all.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        // The server may have gone: the test then reads its exit.
        let _ = self.stdin.write_all(bytes);
        let _ = self.stdin.flush();
    }

    /// Sends a request and returns its whole reply (result or error).
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait(|m| m["id"] == id && m.get("method").is_none())
    }

    /// Waits for the server to exit: its status and standard error (when
    /// piped).
    pub fn exit_status(mut self) -> (ExitStatus, String) {
        drop(self.stdin);
        let end = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut err = String::new();
                if let Some(mut e) = self.child.stderr.take() {
                    let _ = e.read_to_string(&mut err);
                }
                return (status, err);
            }
            assert!(Instant::now() < end, "certify lsp did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub fn send(&mut self, m: Value) {
        let body = m.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits for its result.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let reply = self.wait(|m| m["id"] == id && m.get("method").is_none());
        assert!(reply.get("error").is_none(), "{method}: {reply}");
        reply["result"].clone()
    }

    /// The first message (read now or before) that `want` accepts.
    pub fn wait(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.seen.iter().position(&want) {
            return self.seen.remove(i);
        }
        let end = Instant::now() + PATIENCE;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let m = self.incoming.recv_timeout(left).unwrap_or_else(|_| {
                panic!("no such message in {PATIENCE:?}; seen: {:#?}", self.seen)
            });
            if want(&m) {
                return m;
            }
            self.seen.push(m);
        }
    }

    /// The next diagnostics published for `uri` at its `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let m = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        m["params"]["diagnostics"].as_array().unwrap().clone()
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "yaml", "version": 1, "text": text } }),
        );
    }

    pub fn change(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
        );
    }

    /// A ranged change: `text` in place of the characters (UTF-16 units)
    /// from `start` to `end`, each a 0-based line and character.
    pub fn edit(
        &mut self,
        uri: &str,
        version: i64,
        start: (usize, usize),
        end: (usize, usize),
        text: &str,
    ) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{
                "range": { "start": { "line": start.0, "character": start.1 }, "end": { "line": end.0, "character": end.1 } },
                "text": text,
            }] }),
        );
    }

    pub fn at(&mut self, method: &str, uri: &str, (line, character): (usize, usize)) -> Value {
        self.request(
            method,
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    }

    pub fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let end = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < end, "certify lsp did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

pub fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The 0-based line and column of the first `needle` in `text`, moved
/// `offset` characters into it.
pub fn find(text: &str, needle: &str, offset: usize) -> (usize, usize) {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} not in the text"));
    let line = text[..at].matches('\n').count();
    let col = text[..at].rsplit('\n').next().unwrap().chars().count();
    (line, col + offset)
}

pub fn labels(items: &Value) -> Vec<String> {
    let items = items.get("items").unwrap_or(items);
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}
