//! The protocol's robustness over the wire, on the built `certify lsp`:
//! malformed messages are answered (`-32700`, `-32600`) where an id can be
//! read and the server goes on; a `Content-Length` past any message is
//! refused without being allocated, and the server exits 1 saying why; the
//! life cycle's rules (`exit` before `shutdown` exits 1, requests after
//! `shutdown` are refused); ranged changes; and nothing is sent that the
//! client did not declare.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{Server, find, uri};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn framed(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// The server still answers: a hover on a shipped spec's `suited(`.
fn answers(s: &mut Server) {
    let path = repo().join("rules/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let at = find(&text, "suited(player.cards)", 2);
    let hover = s.at("textDocument/hover", &u, at);
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("all one suit"),
        "{hover}"
    );
}

fn error_of(reply: &Value) -> i64 {
    reply["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("no error: {reply}"))
}

#[test]
fn malformed_messages_are_answered_and_the_server_goes_on() {
    let (mut s, _) = Server::start(&repo());
    let reply_to =
        |s: &mut Server, id: Value| s.wait(move |m| m["id"] == id && m.get("method").is_none());
    // Not JSON, with a readable id.
    s.send_raw(&framed(
        br#"{"jsonrpc":"2.0","id":101,"method":"textDocument/hover","params":{"#,
    ));
    assert_eq!(error_of(&reply_to(&mut s, json!(101))), -32700);
    // Not UTF-8.
    s.send_raw(&framed(
        b"{\"jsonrpc\":\"2.0\",\"id\":102,\"method\":\"x\",\"params\":{\"t\":\"\xff\xfe\"}}",
    ));
    assert_eq!(error_of(&reply_to(&mut s, json!(102))), -32700);
    // A lone surrogate.
    s.send_raw(&framed(
        br#"{"jsonrpc":"2.0","id":"s-1","method":"x","params":{"t":"\ud800"}}"#,
    ));
    assert_eq!(error_of(&reply_to(&mut s, json!("s-1"))), -32700);
    // JSON, but no message: no id to answer (standard error says so).
    s.send_raw(&framed(b"{}"));
    s.send_raw(&framed(b"17"));
    // A batch: each id answered.
    s.send_raw(&framed(
        br#"[{"jsonrpc":"2.0","id":103,"method":"shutdown"},{"jsonrpc":"2.0","id":104,"method":"x"}]"#,
    ));
    assert_eq!(error_of(&reply_to(&mut s, json!(103))), -32600);
    assert_eq!(error_of(&reply_to(&mut s, json!(104))), -32600);
    // An id but no method, and a method that is not a string.
    s.send_raw(&framed(br#"{"jsonrpc":"2.0","id":105}"#));
    assert_eq!(error_of(&reply_to(&mut s, json!(105))), -32600);
    s.send_raw(&framed(br#"{"jsonrpc":"2.0","id":106,"method":7}"#));
    assert_eq!(error_of(&reply_to(&mut s, json!(106))), -32600);
    // Headers ended by line feeds alone are read as the protocol's.
    let body =
        br#"{"jsonrpc":"2.0","id":107,"method":"workspace/symbol","params":{"query":"l8_1"}}"#;
    let mut lf = format!("Content-Length: {}\n\n", body.len()).into_bytes();
    lf.extend_from_slice(body);
    s.send_raw(&lf);
    let found = reply_to(&mut s, json!(107));
    assert!(
        found["result"].as_array().is_some_and(|a| !a.is_empty()),
        "{found}"
    );
    // A message past the body limit but not past the skipped one: skipped
    // unread (never held whole), its id answered.
    let long = format!(
        r#"{{"jsonrpc":"2.0","id":108,"method":"x","params":{{"t":"{}"}}}}"#,
        "a".repeat(certify::lsp::wire::MAX_BODY)
    );
    s.send_raw(&framed(long.as_bytes()));
    assert_eq!(error_of(&reply_to(&mut s, json!(108))), -32600);
    // Unknown methods, and parameters of the wrong shape.
    assert_eq!(error_of(&s.call("certify/nothing", json!({}))), -32601);
    assert_eq!(
        error_of(&s.call("textDocument/hover", json!({ "x": 1 }))),
        -32602
    );
    answers(&mut s);
    s.stop();
}

/// A length no editor sends is refused at once: the server says why on
/// standard error and exits 1, having allocated nothing of it (it used to
/// panic on `capacity overflow`, abort on allocation or hold 3.9 GB).
#[test]
fn a_huge_content_length_ends_the_server_cleanly_with_a_message() {
    for huge in [
        "18446744073709551615",
        "99999999999",
        "4000000000",
        "123456789012345678901234",
    ] {
        let mut s = Server::spawn(&repo(), Stdio::piped());
        let began = Instant::now();
        s.send_raw(format!("Content-Length: {huge}\r\n\r\n{{}}").as_bytes());
        let (status, stderr) = s.exit_status();
        assert_eq!(status.code(), Some(1), "{huge}: {status}; {stderr}");
        assert!(stderr.contains("Content-Length"), "{huge}: {stderr}");
        assert!(stderr.contains("broken"), "{huge}: {stderr}");
        assert!(began.elapsed() < Duration::from_secs(10), "{huge}");
    }
}

#[test]
fn a_stream_that_cannot_be_followed_is_reported_and_exits_1() {
    for (bytes, says) in [
        (&b"hello there\r\n\r\n"[..], "expected a header"),
        (b"Content-Type: x\r\n\r\n{}", "no Content-Length"),
        (
            b"Content-Length: 40\r\n\r\n{\"jsonrpc\"",
            "ended inside a message",
        ),
    ] {
        let mut s = Server::spawn(&repo(), Stdio::piped());
        s.send_raw(bytes);
        let (status, stderr) = s.exit_status();
        assert_eq!(status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
    }
}

#[test]
fn the_life_cycle_is_the_protocol_s() {
    // Before `initialize`: refused, not answered.
    let mut s = Server::spawn(&repo(), Stdio::piped());
    assert_eq!(error_of(&s.call("textDocument/hover", json!({}))), -32002);
    let init = s.call("initialize", json!({ "capabilities": {} }));
    assert!(init["result"]["capabilities"].is_object(), "{init}");
    assert_eq!(
        error_of(&s.call("initialize", json!({ "capabilities": {} }))),
        -32600
    );
    // `exit` before `shutdown`: exit code 1.
    s.notify("exit", Value::Null);
    let (status, stderr) = s.exit_status();
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("`exit` before `shutdown`"), "{stderr}");

    // After `shutdown`, requests are refused; `exit` then exits 0.
    let (mut s, _) = Server::start(&repo());
    assert_eq!(s.call("shutdown", Value::Null)["result"], Value::Null);
    assert_eq!(
        error_of(&s.call("workspace/symbol", json!({ "query": "" }))),
        -32600
    );
    s.notify("exit", Value::Null);
    let (status, _) = s.exit_status();
    assert_eq!(status.code(), Some(0));

    // The input ending without `exit`: 1, saying so.
    let mut s = Server::spawn(&repo(), Stdio::piped());
    let _ = s.call("initialize", json!({ "capabilities": {} }));
    let (status, stderr) = s.exit_status();
    assert_eq!(status.code(), Some(1));
    assert!(stderr.contains("without `shutdown`"), "{stderr}");
}

/// A ranged change edits the text where it says (in UTF-16 units), and
/// the diagnostics follow it.
#[test]
fn ranged_changes_edit_the_document_in_place() {
    let (mut s, init) = Server::start(&repo());
    assert_eq!(
        init["capabilities"]["textDocumentSync"]["change"], 2,
        "{init}"
    );
    let path = repo().join("rules/lucky_monkey.yaml");
    let good = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &good);
    assert_eq!(s.diagnostics(&u, 1), Vec::<Value>::new());
    // `banker.drew` to `bankr.drew`: the `e` at column 4 of the name
    // deleted.
    let (line, col) = find(&good, "banker.drew and not player.drew", 0);
    s.edit(&u, 2, (line, col + 4), (line, col + 5), "");
    let ds = s.diagnostics(&u, 2);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    assert_eq!(
        ds[0]["range"]["start"],
        json!({ "line": line, "character": col })
    );
    assert!(
        ds[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("unknown name `bankr`")
    );
    // Put back: clean again.
    s.edit(&u, 3, (line, col + 4), (line, col + 4), "e");
    assert_eq!(s.diagnostics(&u, 3), Vec::<Value>::new());
    s.stop();
}

/// A client that declares nothing gets nothing it did not declare: no
/// `window/showDocument`, no Markdown, commands rather than code-action
/// literals, flat symbols, no prepared rename and no semantic tokens.
#[test]
fn nothing_is_sent_that_the_client_did_not_declare() {
    let dir = std::env::temp_dir().join(format!("certify-lsp-bare-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for f in [
        "rules/punto_banco.yaml",
        "fixtures/punto_banco.yaml",
        "fixtures/punto_banco_tableau.yaml",
    ] {
        std::fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
        std::fs::copy(repo().join(f), dir.join(f)).unwrap();
    }
    let (mut s, init) = Server::start_as(&dir, json!({}));
    let caps = &init["capabilities"];
    assert_eq!(caps["renameProvider"], true, "{caps}");
    assert!(caps.get("semanticTokensProvider").is_none(), "{caps}");
    let path = dir.join("rules/punto_banco.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let hover = s.at(
        "textDocument/hover",
        &u,
        find(&text, "when: banker.wins", 8),
    );
    assert_eq!(hover["contents"]["kind"], "plaintext", "{hover}");
    assert!(
        !hover["contents"]["value"].as_str().unwrap().contains('`'),
        "{hover}"
    );
    let symbols = s.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": u } }),
    );
    assert!(
        symbols[0].get("location").is_some(),
        "flat symbols: {symbols}"
    );
    let actions = s.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } }, "context": { "diagnostics": [] } }),
    );
    assert_eq!(
        actions[0]["command"], "certify.run",
        "a bare command: {actions}"
    );
    s.request(
        "workspace/executeCommand",
        json!({ "command": "certify.run", "arguments": [u] }),
    );
    let done = s.wait(|m| {
        m["method"] == "window/showMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains("reports written"))
    });
    assert!(
        done["params"]["message"]
            .as_str()
            .unwrap()
            .contains("punto_banco.md")
    );
    // Whatever came meanwhile, no `window/showDocument` did.
    std::thread::sleep(Duration::from_millis(200));
    while let Ok(m) = s.incoming.try_recv() {
        s.seen.push(m);
    }
    assert!(
        !s.seen.iter().any(|m| m["method"] == "window/showDocument"),
        "{:#?}",
        s.seen
    );
    s.stop();
    let _ = std::fs::remove_dir_all(&dir);
}
