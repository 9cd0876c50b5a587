//! The language server under random input: arbitrary bytes, and random
//! sequences of messages (well and badly framed, of every method the
//! server answers and some it does not, with random parameters, ids and
//! ranged changes of shipped specs). Each input is served in this process
//! (`certify::lsp::serve` on an in-memory stream) and must end (the end of
//! the input ends the server) within a deadline, with no panic on any
//! thread (a panic hook counts them; a request handler that fails answers
//! `-32603`, also counted), with every message written framed as the
//! protocol says, and with the memory allocated meanwhile bounded (a
//! counting allocator records the peak).
//!
//! A short run by default (CI). A long run:
//! `CERTIFY_FUZZ_CASES=5000 cargo test --release --test lsp_fuzz -- --nocapture`
//! (cases per test; each prints how many inputs it served and the peak).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{Cursor, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Counts the bytes allocated now and the most at once since a reset.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static PANICS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            let now = NOW.fetch_add(l.size(), Ordering::Relaxed) + l.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        NOW.fetch_sub(l.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The most memory one input may take beyond what was held before it: a
/// few documents, their checks and prices, far below what a trusted
/// `Content-Length` of 4 GB would take.
const BOUND: usize = 512 << 20;
/// How long one input may be served.
const DEADLINE: Duration = Duration::from_secs(60);

/// The allocation and panic counts are the process's: the tests take
/// turns, so that one's counts are not another's.
static SERIAL: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn cases(default: u32) -> u32 {
    std::env::var("CERTIFY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Output written by the server, shared with the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn count_panics() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            previous(info);
        }));
    });
}

/// Serves `input`; what went wrong, if anything.
fn serve(input: Vec<u8>) -> Result<(), String> {
    count_panics();
    let panics = PANICS.load(Ordering::SeqCst);
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let out = Shared::default();
    let (tx, rx) = std::sync::mpsc::channel();
    let writer = out.clone();
    std::thread::spawn(move || {
        let code = certify::lsp::serve(Cursor::new(input), writer, |_| {});
        let _ = tx.send(code);
    });
    let code = rx
        .recv_timeout(DEADLINE)
        .map_err(|_| format!("not served within {DEADLINE:?}"))?;
    if !matches!(code, 0 | 1) {
        return Err(format!("exit code {code}"));
    }
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    if peak > BOUND {
        return Err(format!("{} MiB allocated at once", peak >> 20));
    }
    if PANICS.load(Ordering::SeqCst) != panics {
        return Err("a thread panicked".into());
    }
    let written = out.0.lock().unwrap().clone();
    let mut r = Cursor::new(written);
    loop {
        match certify::lsp::wire::read(&mut r) {
            Ok(None) => return Ok(()),
            Ok(Some(certify::lsp::wire::Incoming::Invalid { why, .. })) => {
                return Err(format!("the server wrote a message it would refuse: {why}"));
            }
            Ok(Some(_)) => {}
            Err(e) => return Err(format!("the server's output is not framed: {}", e.0)),
        }
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn repo() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documents the messages open and change: shipped specs, a game
/// file and a fixture file.
fn documents() -> Vec<(String, String)> {
    [
        "rules/punto_banco.yaml",
        "rules/lucky_monkey.yaml",
        "rules/games/punto_banco.yaml",
        "fixtures/punto_banco.yaml",
    ]
    .iter()
    .map(|f| {
        let p = repo().join(f);
        (
            format!("file://{}", p.display()),
            std::fs::read_to_string(p).unwrap(),
        )
    })
    .collect()
}

/// Every method the server answers, and a few it does not.
const METHODS: &[&str] = &[
    "initialize",
    "shutdown",
    "textDocument/completion",
    "textDocument/hover",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/prepareRename",
    "textDocument/rename",
    "textDocument/documentSymbol",
    "textDocument/semanticTokens/full",
    "textDocument/inlayHint",
    "textDocument/codeAction",
    "workspace/symbol",
    "workspace/executeCommand",
    "$/cancelRequest",
    "textDocument/formatting",
    "",
];

/// One step of a session.
#[derive(Clone, Debug)]
enum Step {
    /// A request or notification of a method, with parameters built from
    /// a document and a position, or random JSON.
    Call {
        method: usize,
        notify: bool,
        doc: usize,
        line: u32,
        character: u32,
        id: u8,
        noise: Option<String>,
    },
    Open(usize),
    /// A ranged (or whole) change of a document.
    Change {
        doc: usize,
        start: (u32, u32),
        end: (u32, u32),
        text: String,
        whole: bool,
    },
    Close(usize),
    /// A frame as no editor writes it.
    Bad(u8, Vec<u8>),
    Exit,
}

fn step() -> impl Strategy<Value = Step> {
    let text = prop_oneof![
        Just(String::new()),
        Just("bankr".to_string()),
        Just("\n  - id: x\n".to_string()),
        Just("{ [".to_string()),
        Just("😀é\r\n".to_string()),
        "[ -~]{0,12}",
    ];
    prop_oneof![
        4 => (0..METHODS.len(), any::<bool>(), 0..4usize, 0..400u32, 0..90u32, any::<u8>(),
              proptest::option::weighted(0.2, "[ -~]{0,40}"))
            .prop_map(|(method, notify, doc, line, character, id, noise)| Step::Call {
                method, notify, doc, line, character, id, noise,
            }),
        2 => (0..4usize).prop_map(Step::Open),
        4 => (0..4usize, (0..400u32, 0..90u32), (0..400u32, 0..90u32), text, any::<bool>())
            .prop_map(|(doc, start, end, text, whole)| Step::Change { doc, start, end, text, whole }),
        1 => (0..4usize).prop_map(Step::Close),
        1 => (any::<u8>(), proptest::collection::vec(any::<u8>(), 0..64))
            .prop_map(|(k, b)| Step::Bad(k, b)),
        1 => Just(Step::Exit),
    ]
}

fn position(line: u32, character: u32) -> Value {
    json!({ "line": line, "character": character })
}

/// The bytes of a session: `initialize` (usually), then the steps.
fn session(steps: &[Step], initialize: bool, docs: &[(String, String)]) -> Vec<u8> {
    let mut out = Vec::new();
    let msg = |out: &mut Vec<u8>, v: Value| out.extend(frame(v.to_string().as_bytes()));
    if initialize {
        msg(
            &mut out,
            json!({ "jsonrpc": "2.0", "id": 0, "method": "initialize",
                    "params": { "capabilities": lsp_client_caps(), "rootUri": format!("file://{}", repo().display()) } }),
        );
        msg(
            &mut out,
            json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
        );
    }
    for s in steps {
        match s {
            Step::Call {
                method,
                notify,
                doc,
                line,
                character,
                id,
                noise,
            } => {
                let uri = &docs[*doc].0;
                let pos = position(*line, *character);
                let params = match noise {
                    Some(n) => serde_json::from_str(n).unwrap_or_else(|_| json!({ "t": n })),
                    None => json!({
                        "textDocument": { "uri": uri },
                        "position": pos,
                        "range": { "start": pos, "end": position(line + 3, 0) },
                        "context": { "diagnostics": [], "includeDeclaration": true },
                        "newName": "renamed_id",
                        "query": "l",
                        "command": "certify.nothing",
                        "arguments": [],
                        "id": id,
                    }),
                };
                let mut m =
                    json!({ "jsonrpc": "2.0", "method": METHODS[*method], "params": params });
                if !notify {
                    m["id"] = json!(*id as i64 + 1000);
                }
                msg(&mut out, m);
            }
            Step::Open(d) => msg(
                &mut out,
                json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": { "textDocument": { "uri": docs[*d].0, "languageId": "yaml", "version": 1, "text": docs[*d].1 } } }),
            ),
            Step::Change {
                doc,
                start,
                end,
                text,
                whole,
            } => {
                let change = if *whole {
                    json!({ "text": text })
                } else {
                    json!({ "range": { "start": position(start.0, start.1), "end": position(end.0, end.1) }, "text": text })
                };
                msg(
                    &mut out,
                    json!({ "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": { "textDocument": { "uri": docs[*doc].0, "version": 2 }, "contentChanges": [change] } }),
                );
            }
            Step::Close(d) => msg(
                &mut out,
                json!({ "jsonrpc": "2.0", "method": "textDocument/didClose",
                "params": { "textDocument": { "uri": docs[*d].0 } } }),
            ),
            Step::Exit => msg(&mut out, json!({ "jsonrpc": "2.0", "method": "exit" })),
            Step::Bad(kind, bytes) => match kind % 6 {
                0 => out.extend(frame(bytes)),
                1 => out.extend(
                    format!("Content-Length: {}\n\n", bytes.len())
                        .bytes()
                        .chain(bytes.iter().copied()),
                ),
                2 => out.extend(b"Content-Length: 18446744073709551615\r\n\r\n"),
                3 => out.extend(
                    format!("Content-Length: {}\r\n\r\n", bytes.len() + 5)
                        .bytes()
                        .chain(bytes.iter().copied()),
                ),
                4 => out.extend(frame(
                    b"[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}]",
                )),
                _ => out.extend(bytes),
            },
        }
    }
    out
}

fn lsp_client_caps() -> Value {
    json!({
        "window": { "showDocument": { "support": true } },
        "textDocument": {
            "hover": { "contentFormat": ["markdown"] },
            "codeAction": { "codeActionLiteralSupport": { "codeActionKind": { "valueSet": [] } } },
            "documentSymbol": { "hierarchicalDocumentSymbolSupport": true },
            "rename": { "prepareSupport": true },
            "semanticTokens": { "requests": { "full": true } },
        },
    })
}

fn run(name: &str, default: u32, strategy: impl Strategy<Value = Vec<u8>>) {
    let _turn = one_at_a_time();
    let n = cases(default);
    let mut runner = TestRunner::new(Config {
        cases: n,
        failure_persistence: None,
        ..Config::default()
    });
    let most = std::cell::Cell::new(0);
    runner
        .run(&strategy, |input| {
            let r = serve(input);
            most.set(most.get().max(PEAK.load(Ordering::Relaxed)));
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
            Ok(())
        })
        .unwrap();
    eprintln!(
        "{name}: {n} inputs served; peak allocation {} MiB",
        most.get() >> 20
    );
}

#[test]
fn random_bytes_end_cleanly() {
    run(
        "random bytes",
        64,
        prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..2048),
            // Bytes after a well-formed start, so the reader gets past
            // the first header.
            proptest::collection::vec(any::<u8>(), 0..2048).prop_map(|b| {
                let mut out = frame(br#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#);
                out.extend(b);
                out
            }),
        ],
    );
}

#[test]
fn random_sessions_end_cleanly() {
    let docs = documents();
    run(
        "random sessions",
        24,
        (
            proptest::collection::vec(step(), 0..40),
            prop::bool::weighted(0.9),
        )
            .prop_map(move |(steps, init)| session(&steps, init, &docs)),
    );
}

/// The checks are not vacuous: an allocation past the bound and a panic
/// are each counted.
#[test]
fn the_fuzz_checks_can_fail() {
    let _turn = one_at_a_time();
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let big = vec![0u8; BOUND + (1 << 20)];
    assert!(PEAK.load(Ordering::Relaxed) - before > BOUND);
    drop(big);
    count_panics();
    let panics = PANICS.load(Ordering::SeqCst);
    let _ = std::panic::catch_unwind(|| panic!("counted"));
    assert_eq!(PANICS.load(Ordering::SeqCst), panics + 1);
}
