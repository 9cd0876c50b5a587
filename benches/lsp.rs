//! Language-server benchmark: `cargo bench --bench lsp`.
//!
//! What an editor waits for, measured over the wire on the built
//! `certify lsp` (the client of `tests/lsp.rs`), for every shipped spec:
//! diagnostics (a change introducing an error, until the diagnostic
//! arrives; and the fix, until it is cleared), completion (after `hand.` in
//! a condition) and the house-edge hints (a change, then the hint request
//! sent at once, until its reply: debounce, check and the engine's pricing
//! of every pay table at the default deck count). Median and slowest of
//! `BENCH_RUNS` (default 20) runs, as a Markdown table. Issue 34's targets:
//! diagnostics 50 ms, completion 20 ms, hints 1 s. Not a test: nothing here
//! fails on time.

#[path = "../tests/support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{Server, find, uri};
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn runs() -> usize {
    std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20)
}

/// Median and slowest, in milliseconds.
fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "{:.1} / {:.1}",
        ms(times[times.len() / 2]),
        ms(*times.last().unwrap())
    )
}

/// Lets the server finish what the last step started (its second
/// publication, a pricing) and forgets what it sent: the next step
/// measures only itself. Also the pause of a typist between keystrokes.
fn settle(s: &mut Server) {
    std::thread::sleep(Duration::from_millis(150));
    while s.incoming.try_recv().is_ok() {}
    s.seen.clear();
}

fn main() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let (mut s, _) = Server::start(&repo);
    let mut specs: Vec<PathBuf> = std::fs::read_dir(repo.join("rules"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    specs.sort();
    println!(
        "| spec | diagnostic shown (ms, median / slowest) | diagnostic cleared | completion | house-edge hints |"
    );
    println!("|---|---|---|---|---|");
    let mut version = 1;
    for path in specs {
        let text = std::fs::read_to_string(&path).unwrap();
        let u = uri(&path);
        s.open(&u, &text);
        s.diagnostics(&u, 1);
        settle(&mut s);
        let bad = text.replacen("when: ", "when: bankr_x and ", 1);
        let (mut shown, mut cleared, mut completion, mut hints) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for run in 0..runs() {
            version += 1;
            let t = Instant::now();
            s.change(&u, version, &bad);
            let got = s.wait(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == u.as_str()
                    && m["params"]["diagnostics"]
                        .as_array()
                        .is_some_and(|d| !d.is_empty())
            });
            shown.push(t.elapsed());
            assert!(
                got["params"]["diagnostics"][0]["message"]
                    .as_str()
                    .unwrap()
                    .contains("bankr_x")
            );
            settle(&mut s);

            version += 1;
            let t = Instant::now();
            s.change(&u, version, &text);
            s.wait(|m| {
                m["method"] == "textDocument/publishDiagnostics"
                    && m["params"]["uri"] == u.as_str()
                    && m["params"]["diagnostics"]
                        .as_array()
                        .is_some_and(|d| d.is_empty())
            });
            cleared.push(t.elapsed());
            settle(&mut s);

            let at = find(&text, "when: ", "when: ".len());
            let t = Instant::now();
            let items = s.at("textDocument/completion", &u, at);
            completion.push(t.elapsed());
            assert!(!items.as_array().unwrap().is_empty());

            // A keystroke (a comment that changes with each run), then
            // the hints at once.
            version += 1;
            let edited = format!("{text}# edit {run}\n");
            let t = Instant::now();
            s.change(&u, version, &edited);
            let got = s.request(
                "textDocument/inlayHint",
                json!({ "textDocument": { "uri": u }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 100000, "character": 0 } } }),
            );
            hints.push(t.elapsed());
            assert!(!got.as_array().unwrap().is_empty(), "no hints for {u}");
            settle(&mut s);
        }
        s.notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": u } }),
        );
        settle(&mut s);
        println!(
            "| {} | {} | {} | {} | {} |",
            path.file_stem().unwrap().to_string_lossy(),
            summary(shown),
            summary(cleared),
            summary(completion),
            summary(hints)
        );
    }
    s.stop();
}
