//! `certify lsp` over the wire: the built binary started as an editor
//! starts it, driven with Content-Length framed JSON-RPC on its standard
//! input, its replies read from its standard output.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{Server, find, labels, uri};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn start_repo() -> Server {
    let (s, init) = Server::start(&repo());
    let caps = &init["capabilities"];
    for c in [
        "completionProvider",
        "hoverProvider",
        "definitionProvider",
        "inlayHintProvider",
        "codeActionProvider",
    ] {
        assert!(!caps[c].is_null(), "no {c}: {caps}");
    }
    s
}

/// An error typed into a condition is reported where it is, in the
/// command line's words, and cleared when fixed.
#[test]
fn a_diagnostic_appears_as_the_command_line_s_and_clears_when_fixed() {
    let mut s = start_repo();
    let path = repo().join("rules/lucky_monkey.yaml");
    let good = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &good);
    assert_eq!(s.diagnostics(&u, 1), Vec::<Value>::new());

    let bad = good.replacen(
        "banker.drew and not player.drew",
        "bankr.drew and not player.drew",
        1,
    );
    s.change(&u, 2, &bad);
    let ds = s.diagnostics(&u, 2);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    let (line, col) = find(&bad, "bankr.drew", 0);
    assert_eq!(
        ds[0]["range"]["start"],
        json!({ "line": line, "character": col })
    );
    assert_eq!(
        ds[0]["range"]["end"],
        json!({ "line": line, "character": col + 5 })
    );
    let message = ds[0]["message"].as_str().unwrap();
    assert!(message.starts_with("unknown name `bankr`"), "{message}");
    assert!(
        message.contains("help: did you mean `banker`?"),
        "{message}"
    );

    // The command line, on the same text in a file, says the same at the
    // same place.
    let dir = tempdir("diag");
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    let copy = dir.join("rules/lucky_monkey.yaml");
    std::fs::write(&copy, &bad).unwrap();
    let cli = Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(["check", "rules/lucky_monkey.yaml", "--color", "never"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&cli.stderr);
    assert!(stderr.contains("error: unknown name `bankr`"), "{stderr}");
    assert!(
        stderr.contains(&format!("rules/lucky_monkey.yaml:{}:{}", line + 1, col + 1)),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);

    s.change(&u, 3, &good);
    assert_eq!(s.diagnostics(&u, 3), Vec::<Value>::new());
    s.stop();
}

fn tempdir(what: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("certify-lsp-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn completion_offers_attributes_names_and_ids() {
    let mut s = start_repo();
    let path = repo().join("rules/punto_banco.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    // After `banker.`: the hand's attributes, not a card's.
    let at = find(&text, "when: banker.wins", "when: banker.".len());
    let got = labels(&s.at("textDocument/completion", &u, at));
    for want in ["total", "two_card_total", "third", "wins", "cards"] {
        assert!(got.contains(&want.to_string()), "{want} not in {got:?}");
    }
    assert!(!got.contains(&"rank".to_string()), "{got:?}");
    // After `banker.third.`: a card's.
    let typed = text.replacen("when: banker.wins\n", "when: banker.third.\n", 1);
    s.change(&u, 2, &typed);
    let at = find(&typed, "when: banker.third.", "when: banker.third.".len());
    let got = labels(&s.at("textDocument/completion", &u, at));
    assert_eq!(got, ["rank", "suit", "value", "face", "high"]);
    // At the start of a condition: hands, functions, globals, operators,
    // ranks, suits.
    let at = find(&typed, "when: tie", "when: ".len());
    let got = labels(&s.at("textDocument/completion", &u, at));
    for want in [
        "player", "banker", "suited", "kinds", "tie", "margin", "and", "not", "king", "hearts",
    ] {
        assert!(got.contains(&want.to_string()), "{want} not in {got:?}");
    }
    // A word begun is completed from what it starts with.
    let at = find(&typed, "when: tie", "when: ti".len());
    assert_eq!(labels(&s.at("textDocument/completion", &u, at)), ["tie"]);
    // In a pay table's `pays`: the wager's events.
    let at = find(&typed, "pays: { win: 0.95", "pays: { ".len());
    assert_eq!(
        labels(&s.at("textDocument/completion", &u, at)),
        ["win", "tie"]
    );
    s.stop();
}

#[test]
fn completion_in_a_fixture_file_offers_the_spec_s_wagers_and_events() {
    let mut s = start_repo();
    let path = repo().join("fixtures/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let at = find(
        &text,
        "      lucky_8_player.l8_1: lucky_8 pays 3 to 1",
        "      lucky_8_player.l8_1: ".len(),
    );
    let got = labels(&s.at("textDocument/completion", &u, at));
    for want in ["double_suited_8", "suited_8", "lucky_8", "lose", "push"] {
        assert!(got.contains(&want.to_string()), "{want} not in {got:?}");
    }
    let at = find(
        &text,
        "      lucky_8_player.l8_1:",
        "      lucky_8_player.l".len(),
    );
    let got = labels(&s.at("textDocument/completion", &u, at));
    assert_eq!(
        got,
        [
            "lucky_8_player.l8_1",
            "lucky_8_player.l8_2",
            "lucky_8_player.l8_3"
        ]
    );
    // The fixture file passes: no diagnostic.
    assert_eq!(s.diagnostics(&u, 1), Vec::<Value>::new());
    s.stop();
}

#[test]
fn hover_shows_the_reference_s_text() {
    let mut s = start_repo();
    let path = repo().join("rules/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let at = find(&text, "suited(player.cards)", 2);
    let hover = s.at("textDocument/hover", &u, at);
    let entry =
        certify::lsp::reference::lookup("suited", &[certify::lsp::reference::Kind::Function])
            .next()
            .unwrap();
    assert_eq!(
        hover["contents"]["value"],
        certify::lsp::reference::hover_text(entry)
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("all one suit")
    );
    // An attribute of a hand.
    let at = find(&text, "player.count == 3", "player.c".len());
    let hover = s.at("textDocument/hover", &u, at);
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("`H.count`"),
        "{hover}"
    );
    s.stop();
}

#[test]
fn definition_leads_from_a_pay_to_its_event_and_from_an_include_to_the_game() {
    let mut s = start_repo();
    let path = repo().join("rules/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let at = find(
        &text,
        "pays: { double_suited_8: 200, suited_8: 50",
        "pays: { double_suited_8: 200, suit".len(),
    );
    let def = s.at("textDocument/definition", &u, at);
    assert_eq!(def["uri"], u.as_str());
    let (line, col) = find(&text, "- id: suited_8", "- id: ".len());
    assert_eq!(
        def["range"]["start"],
        json!({ "line": line, "character": col })
    );
    let at = find(
        &text,
        "include: games/punto_banco.yaml",
        "include: games/p".len(),
    );
    let def = s.at("textDocument/definition", &u, at);
    let game = repo().join("rules/games/punto_banco.yaml");
    assert_eq!(def["uri"], uri(&game));
    s.stop();
}

/// The hints give the engine's exact house edge of each pay table at the
/// default deck count; Punto Banco's are the published figures for 8 decks
/// (Banker 1.0579%, Player 1.2351%, Tie at 8 to 1 14.3596%).
#[test]
fn each_pay_table_shows_its_house_edge() {
    let mut s = start_repo();
    let path = repo().join("rules/punto_banco.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let hints = s.request(
        "textDocument/inlayHint",
        json!({ "textDocument": { "uri": u }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 10000, "character": 0 } } }),
    );
    let hints = hints.as_array().unwrap();
    let label_at = |needle: &str| -> String {
        let (line, _) = find(&text, needle, 0);
        let h = hints
            .iter()
            .find(|h| h["position"]["line"] == line)
            .unwrap_or_else(|| panic!("no hint on the line of {needle}: {hints:#?}"));
        h["label"].as_str().unwrap().to_string()
    };
    assert!(
        label_at("- id: commission").contains("edge 1.0579%"),
        "{}",
        label_at("- id: commission")
    );
    assert!(label_at("- id: even_money").contains("edge 1.2351%"));
    assert!(label_at("- id: eight_to_one").contains("edge 14.3596%"));
    assert!(label_at("- id: commission").contains("(8 decks)"));
    // Changed pays are priced again: Banker at even money (no commission)
    // gives the player an edge.
    let changed = text.replacen(
        "pays: { win: 0.95, tie: push }",
        "pays: { win: 1, tie: push }",
        1,
    );
    s.change(&u, 2, &changed);
    let hints = s.request(
        "textDocument/inlayHint",
        json!({ "textDocument": { "uri": u }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 10000, "character": 0 } } }),
    );
    let (line, _) = find(&changed, "- id: commission", 0);
    let h = hints
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["position"]["line"] == line)
        .unwrap()
        .clone();
    assert!(
        h["label"].as_str().unwrap().contains("edge -1.2351%"),
        "{h}"
    );
    s.stop();
}

/// The code action runs `certify SPEC` from the workspace's root and
/// opens the Markdown report it wrote.
#[test]
fn the_code_action_certifies_the_spec_and_opens_its_report() {
    let dir = tempdir("action");
    for f in [
        "rules/punto_banco.yaml",
        "fixtures/punto_banco.yaml",
        "fixtures/punto_banco_tableau.yaml",
    ] {
        std::fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
        std::fs::copy(repo().join(f), dir.join(f)).unwrap();
    }
    let (mut s, _) = Server::start(&dir);
    let path = dir.join("rules/punto_banco.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let actions = s.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } }, "context": { "diagnostics": [] } }),
    );
    let command = &actions[0]["command"];
    assert_eq!(command["command"], "certify.run");
    assert_eq!(command["arguments"][0], u.as_str());
    s.request(
        "workspace/executeCommand",
        json!({ "command": command["command"], "arguments": command["arguments"] }),
    );
    let shown = s.wait(|m| m["method"] == "window/showDocument");
    let report = dir.join("reports/punto_banco.md");
    assert_eq!(shown["params"]["uri"], uri(&report));
    let md = std::fs::read_to_string(&report).unwrap();
    assert!(md.contains("1.0579"), "the report holds the Banker's edge");
    s.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// On a pay table the server offers `certify design` for its wager (issue
/// 50), and running it opens the command's answer.
#[test]
fn a_pay_table_offers_the_design_of_its_wager() {
    let mut s = start_repo();
    let path = repo().join("rules/21st_century_baccarat.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let (line, _) = find(&text, "id: forty_to_one", 0);
    let actions = s.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": { "start": { "line": line, "character": 8 }, "end": { "line": line, "character": 8 } }, "context": { "diagnostics": [] } }),
    );
    let design = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["command"]["command"] == "certify.design")
        .unwrap_or_else(|| panic!("no design action: {actions}"));
    assert_eq!(
        design["title"],
        "certify: design pay tables for `lucky_7` with a house edge of 4%..6%"
    );
    assert_eq!(design["command"]["arguments"][1], "lucky_7");
    // Not offered away from a pay table (the file's first line).
    let none = s.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } }, "context": { "diagnostics": [] } }),
    );
    assert!(
        none.as_array()
            .unwrap()
            .iter()
            .all(|a| a["command"]["command"] != "certify.design")
    );
    let command = &design["command"];
    s.request(
        "workspace/executeCommand",
        json!({ "command": command["command"], "arguments": command["arguments"] }),
    );
    let shown = s.wait(|m| m["method"] == "window/showDocument");
    let file = std::env::temp_dir().join("certify-design/21st_century_baccarat-lucky_7.md");
    assert_eq!(shown["params"]["uri"], uri(&file));
    let md = std::fs::read_to_string(&file).unwrap();
    assert!(md.contains("a house edge from 4% to 6%"), "{md}");
    s.stop();
}

/// The command line's shell completions still know every subcommand.
#[test]
fn shell_completions_include_the_language_server() {
    let out = Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(["completions", "bash"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let bash = String::from_utf8_lossy(&out.stdout);
    assert!(
        bash.contains("certify__subcmd__lsp"),
        "no lsp in the bash completions"
    );
}

/// A fixture case the spec settles otherwise is reported at its name,
/// with `certify check`'s expected and got.
#[test]
fn a_failing_fixture_case_is_reported_at_its_name() {
    let mut s = start_repo();
    let path = repo().join("fixtures/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap().replacen(
        "lucky_8_player.l8_1: lucky_8 pays 3 to 1",
        "lucky_8_player.l8_1: lucky_8 pays 4 to 1",
        1,
    );
    let u = uri(&path);
    s.open(&u, &text);
    let ds = s.diagnostics(&u, 1);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    let (line, _) = find(&text, "Player natural 8 of two suited cards", 0);
    assert_eq!(ds[0]["range"]["start"]["line"], line);
    let message = ds[0]["message"].as_str().unwrap();
    assert!(
        message
            .contains("lucky_8_player.l8_1: expected lucky_8 pays 4 to 1, got lucky_8 pays 3 to 1"),
        "{message}"
    );
    s.stop();
}

/// A game file is read as an include reads it: a misspelt key is
/// reported in it.
#[test]
fn a_game_file_is_checked_as_an_include_reads_it() {
    let mut s = start_repo();
    let path = repo().join("rules/games/punto_banco.yaml");
    let good = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &good);
    assert_eq!(s.diagnostics(&u, 1), Vec::<Value>::new());
    let bad = good.replacen("naturals:", "naturls:", 1);
    s.change(&u, 2, &bad);
    let ds = s.diagnostics(&u, 2);
    assert!(!ds.is_empty());
    let (line, _) = find(&bad, "naturls:", 0);
    assert_eq!(ds[0]["range"]["start"]["line"], line, "{ds:#?}");
    assert!(
        ds[0]["message"].as_str().unwrap().contains("naturls"),
        "{ds:#?}"
    );
    s.stop();
}

/// A quotation the rule document does not print is shown as you type, at
/// the quotation, with the nearest passage (issue 48).
#[test]
fn an_unverified_quotation_is_shown_as_you_type() {
    let mut s = start_repo();
    let path = repo().join("rules/lucky_monkey.yaml");
    let good = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &good);
    assert_eq!(s.diagnostics(&u, 1), Vec::<Value>::new());
    let real = "If both cards are any combination of Kings, Queens, or Jacks, the bettor wins with a higher payout.";
    let bad = good.replacen(real, "a Banker natural never counts as a win", 1);
    s.change(&u, 2, &bad);
    let ds = s.diagnostics(&u, 2);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    let (line, _) = find(&bad, "a Banker natural never counts", 0);
    assert_eq!(ds[0]["range"]["start"]["line"], json!(line));
    let message = ds[0]["message"].as_str().unwrap();
    assert!(message.contains("quotation not found"), "{message}");
    assert!(message.contains("the nearest passage, line "), "{message}");
    s.stop();
}
