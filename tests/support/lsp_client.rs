//! A language-server client over the wire, for `tests/lsp.rs` and
//! `benches/lsp.rs`: it starts the built `certify lsp`, writes
//! Content-Length framed JSON-RPC to its standard input and reads its
//! replies from its standard output.
#![allow(dead_code)] // Each user calls a part of it.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

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
    /// workspace `root`.
    pub fn start(root: &Path) -> (Server, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_certify"))
            .arg("lsp")
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
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
        let mut s = Server {
            child,
            stdin,
            incoming: rx,
            seen: Vec::new(),
            next_id: 0,
        };
        let init = s.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "capabilities": { "workspace": { "inlayHint": { "refreshSupport": false } } },
            }),
        );
        s.notify("initialized", json!({}));
        (s, init)
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
