//! Navigation over the wire: document symbols (Golden Bacc's 49 pay
//! tables under their wagers), workspace symbols over `rules/`, references
//! and rename across a spec, the game file it includes and its fixture
//! file (a renamed spec then checks, fixtures and all, with the command
//! line), and flow mappings (`{ wager: …, pay_table: … }`) read as block
//! mappings are.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{Server, find, labels, uri};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn symbols_named<'a>(s: &'a Value, name: &str) -> Vec<&'a Value> {
    let mut out = Vec::new();
    for x in s.as_array().unwrap() {
        if x["name"] == name {
            out.push(x);
        }
        if x.get("children").is_some() {
            out.extend(symbols_named(&x["children"], name));
        }
    }
    out
}

fn names(s: &Value) -> Vec<String> {
    s.as_array()
        .map(|a| {
            a.iter()
                .map(|x| x["name"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn golden_bacc_has_an_outline_of_its_wagers_events_and_pay_tables() {
    let (mut s, _) = Server::start(&repo());
    let path = repo().join("rules/golden_bacc.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let symbols = s.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": u } }),
    );
    let top = names(&symbols);
    for section in [
        "definitions",
        "wagers",
        "interpretations",
        "assumptions",
        "readings",
    ] {
        assert!(
            top.contains(&section.to_string()),
            "{section} not in {top:?}"
        );
    }
    let wagers = symbols_named(&symbols, "wagers")[0];
    // The wagers as written: the `  - id:` lines of the `wagers:` section.
    let section: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "wagers:")
        .skip(1)
        .take_while(|l| !l.starts_with(|c: char| c.is_ascii_lowercase()))
        .collect();
    let written_wagers = section.iter().filter(|l| l.starts_with("  - id: ")).count();
    let children = wagers["children"].as_array().unwrap();
    assert_eq!(children.len(), written_wagers);
    assert!(children.iter().all(|c| c["kind"] == 5), "classes");
    // Every event (kind 24) and pay table (kind 10) under its wager: the
    // 92 events and 49 pay tables the spec writes.
    let count = |kind: u64| -> usize {
        children
            .iter()
            .map(|w| {
                w["children"]
                    .as_array()
                    .map_or(0, |c| c.iter().filter(|x| x["kind"] == kind).count())
            })
            .sum()
    };
    let written = section
        .iter()
        .filter(|l| l.starts_with("      - id: "))
        .count();
    assert_eq!(count(10), 49);
    assert_eq!(count(24) + count(10), written);
    // The first wager: its event and its table, by name, with the
    // wager's name as its detail.
    let first = &children[0];
    assert_eq!(first["name"], "gb_three_card_9_over_7");
    assert!(
        first["detail"]
            .as_str()
            .unwrap()
            .starts_with("Golden Bacc - Player or Banker win")
    );
    assert_eq!(
        names(&first["children"]),
        ["three_card_9_over_three_card_7", "standard"]
    );
    let (line, col) = find(&text, "- id: gb_three_card_9_over_7", 6);
    assert_eq!(
        first["selectionRange"]["start"],
        json!({ "line": line, "character": col })
    );
    assert!(first["range"]["end"]["line"].as_u64().unwrap() > line as u64 + 10);
    // Definitions, interpretations and assumptions are listed too.
    assert!(!symbols_named(&symbols, "natural_9_over_7").is_empty());
    assert!(!symbols_named(&symbols, "golden_dragon_7_pay").is_empty());
    assert!(!symbols_named(&symbols, "pair_same_rank").is_empty());

    // A fixture file: its cases by name.
    let fx = repo().join("fixtures/golden_bacc.yaml");
    let ft = std::fs::read_to_string(&fx).unwrap();
    let fu = uri(&fx);
    s.open(&fu, &ft);
    let symbols = s.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": fu } }),
    );
    let cases = symbols_named(&symbols, "cases")[0]["children"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(
        cases,
        ft.lines().filter(|l| l.starts_with("  - name:")).count()
    );
    s.stop();
}

#[test]
fn workspace_symbols_find_ids_in_every_spec_under_rules() {
    let (mut s, _) = Server::start(&repo());
    let found = s.request("workspace/symbol", json!({ "query": "l8_1" }));
    let found = found.as_array().unwrap();
    let text = std::fs::read_to_string(repo().join("rules/lucky_8.yaml")).unwrap();
    let (line, _) = find(&text, "- id: l8_1", 0);
    assert!(
        found.iter().any(|f| f["name"] == "l8_1"
            && f["location"]["uri"] == uri(&repo().join("rules/lucky_8.yaml"))
            && f["location"]["range"]["start"]["line"] == line),
        "{found:#?}"
    );
    // Hands from the shared game file, once.
    let found = s.request("workspace/symbol", json!({ "query": "banker" }));
    let hands: Vec<&Value> = found
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| {
            f["name"] == "banker"
                && f["location"]["uri"] == uri(&repo().join("rules/games/punto_banco.yaml"))
        })
        .collect();
    assert_eq!(hands.len(), 1, "{found:#?}");
    s.stop();
}

/// A copy of a spec, its game file and its fixture file.
fn copy(name: &str, what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-lsp-nav-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for f in [
        format!("rules/{name}.yaml"),
        "rules/games/punto_banco.yaml".to_string(),
        format!("fixtures/{name}.yaml"),
    ] {
        std::fs::create_dir_all(dir.join(&f).parent().unwrap()).unwrap();
        std::fs::copy(repo().join(&f), dir.join(&f)).unwrap();
    }
    dir
}

fn path_of(u: &str) -> PathBuf {
    PathBuf::from(u.strip_prefix("file://").unwrap().replace("%20", " "))
}

/// Applies a workspace edit to the files on disk.
fn apply(edit: &Value) -> BTreeMap<PathBuf, usize> {
    let mut counts = BTreeMap::new();
    for (u, edits) in edit["changes"].as_object().unwrap() {
        let path = path_of(u);
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let mut edits: Vec<&Value> = edits.as_array().unwrap().iter().collect();
        // Last first, so earlier places stay where they are.
        edits.sort_by_key(|e| {
            let s = &e["range"]["start"];
            std::cmp::Reverse((
                s["line"].as_u64().unwrap(),
                s["character"].as_u64().unwrap(),
            ))
        });
        for e in &edits {
            let (s, t) = (&e["range"]["start"], &e["range"]["end"]);
            assert_eq!(s["line"], t["line"]);
            let l = &mut lines[s["line"].as_u64().unwrap() as usize];
            let units: Vec<u16> = l.encode_utf16().collect();
            let (a, b) = (
                s["character"].as_u64().unwrap() as usize,
                t["character"].as_u64().unwrap() as usize,
            );
            let new = format!(
                "{}{}{}",
                String::from_utf16(&units[..a]).unwrap(),
                e["newText"].as_str().unwrap(),
                String::from_utf16(&units[b..]).unwrap()
            );
            *l = new;
        }
        std::fs::write(&path, lines.join("\n")).unwrap();
        counts.insert(path, edits.len());
    }
    counts
}

fn check_passes(dir: &Path, spec: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(["check", &format!("rules/{spec}.yaml"), "--color", "never"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("fixture"), "the fixtures ran: {stdout}");
}

/// Renames `old` (found at `needle` + `offset` in the spec) to `new`; the
/// edit, applied, leaves a spec the command line checks with its fixtures.
fn rename_checks(
    spec: &str,
    needle: &str,
    offset: usize,
    new: &str,
    files: usize,
) -> BTreeMap<PathBuf, usize> {
    let dir = copy(spec, new);
    let (mut s, _) = Server::start(&dir);
    let path = dir.join(format!("rules/{spec}.yaml"));
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let at = find(&text, needle, offset);
    let prepared = s.at("textDocument/prepareRename", &u, at);
    let old = prepared["placeholder"].as_str().unwrap().to_string();
    let edit = s.request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": u }, "position": { "line": at.0, "character": at.1 }, "newName": new }),
    );
    s.stop();
    let counts = apply(&edit);
    assert_eq!(counts.len(), files, "{old} -> {new}: {counts:?}");
    check_passes(&dir, spec);
    let _ = std::fs::remove_dir_all(&dir);
    counts
}

#[test]
fn renaming_an_event_changes_its_pays_and_fixture_expectations() {
    // Lucky 8's `suited_8` of the Player wager: its pay tables are shared
    // by an alias with two other wagers, whose `suited_8` is renamed with
    // it; the fixture file expects it by name.
    let counts = rename_checks("lucky_8", "      - id: suited_8", 12, "suited_eight", 2);
    let spec_edits = counts
        .iter()
        .find(|(p, _)| p.ends_with("rules/lucky_8.yaml"))
        .unwrap()
        .1;
    // Three declarations and three pays of the shared tables.
    assert!(*spec_edits >= 6, "{counts:?}");
}

#[test]
fn renaming_a_wager_reaches_claims_readings_interpretations_and_fixtures() {
    let counts = rename_checks(
        "lucky_8",
        "  - id: lucky_8_player\n",
        8,
        "lucky_eight_player",
        2,
    );
    let spec_edits = counts
        .iter()
        .find(|(p, _)| p.ends_with("rules/lucky_8.yaml"))
        .unwrap()
        .1;
    assert!(*spec_edits > 10, "{counts:?}");
}

#[test]
fn renaming_a_pay_table_definition_interpretation_and_assumption_checks() {
    rename_checks("lucky_8", "      - id: l8_2", 12, "l8_two", 2);
    rename_checks("lucky_8", "  player_suited:", 2, "player_three_suited", 1);
    rename_checks(
        "lucky_8",
        "  - id: double_suited_player",
        8,
        "double_suited_on_player",
        1,
    );
    rename_checks(
        "lucky_8",
        "  - id: three_suited_cards",
        8,
        "three_cards_one_suit",
        1,
    );
}

#[test]
fn references_and_refusals() {
    let (mut s, _) = Server::start(&repo());
    let path = repo().join("rules/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    // From a claim's `wagers:` entry: the declaration, the claims,
    // interpretations, readings, published figures and the fixture file.
    let at = find(
        &text,
        "  - wagers: [lucky_8_player]",
        "  - wagers: [l".len(),
    );
    let refs = s.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": u }, "position": { "line": at.0, "character": at.1 }, "context": { "includeDeclaration": true } }),
    );
    let refs = refs.as_array().unwrap();
    let fixture = uri(&repo().join("fixtures/lucky_8.yaml"));
    let in_spec = refs.iter().filter(|r| r["uri"] == u).count();
    let in_fixtures = refs.iter().filter(|r| r["uri"] == fixture).count();
    let written = text.matches("lucky_8_player]").count()
        + text.matches("lucky_8_player,").count()
        + text.matches("wager: lucky_8_player\n").count()
        + text.matches("lucky_8_player/").count()
        + 1;
    assert_eq!(in_spec, written, "{refs:#?}");
    let ft = std::fs::read_to_string(repo().join("fixtures/lucky_8.yaml")).unwrap();
    // Each expectation keyed `lucky_8_player` or `lucky_8_player.TABLE`.
    let keyed = ft
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("lucky_8_player.") || l.starts_with("lucky_8_player:"))
        .count();
    assert_eq!(in_fixtures, keyed);
    // A fixture case is no id; a name that is not an id, or is taken, is
    // refused.
    let fu = uri(&repo().join("fixtures/lucky_8.yaml"));
    s.open(&fu, &ft);
    let at = find(&ft, "  - name: ", "  - name: ".len() + 1);
    let r = s.call(
        "textDocument/prepareRename",
        json!({ "textDocument": { "uri": fu }, "position": { "line": at.0, "character": at.1 } }),
    );
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not an id"),
        "{r}"
    );
    let at = find(&text, "  - id: lucky_8_banker\n", 8);
    let r = s.call("textDocument/rename", json!({ "textDocument": { "uri": u }, "position": { "line": at.0, "character": at.1 }, "newName": "Lucky Banker" }));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let r = s.call("textDocument/rename", json!({ "textDocument": { "uri": u }, "position": { "line": at.0, "character": at.1 }, "newName": "lucky_8_player" }));
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already names a wager"),
        "{r}"
    );
    s.stop();
}

/// `{ wager: player, pay_table: tie_pushes }` (21st Century's headline):
/// completion, hover and definition as in a block mapping.
#[test]
fn flow_mappings_complete_hover_and_lead_to_definitions() {
    let (mut s, _) = Server::start(&repo());
    let path = repo().join("rules/21st_century_baccarat.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let line = "    - { wager: banker, pay_table: tie_pushes }";
    // Completion of the wager: every wager starting `ba`.
    let at = find(&text, line, "    - { wager: ba".len());
    assert_eq!(labels(&s.at("textDocument/completion", &u, at)), ["banker"]);
    // Of the pay table: the tables of that wager.
    let at = find(&text, line, "    - { wager: banker, pay_table: ".len());
    let got = labels(&s.at("textDocument/completion", &u, at));
    assert!(got.contains(&"tie_pushes".to_string()), "{got:?}");
    // Of a key: the headline's keys not yet written.
    let at = find(&text, line, "    - { ".len());
    let got = labels(&s.at("textDocument/completion", &u, at));
    assert!(got.contains(&"combined".to_string()), "{got:?}");
    // Hover and definition on the pay table: the banker's, not the
    // player's of the same id.
    let at = find(&text, line, "    - { wager: banker, pay_table: tie".len());
    let hover = s.at("textDocument/hover", &u, at);
    let h = hover["contents"]["value"].as_str().unwrap();
    assert!(h.contains("pay table") && h.contains("`banker`"), "{h}");
    let def = s.at("textDocument/definition", &u, at);
    let banker = text.find("  - id: banker\n").unwrap();
    let decl = text[banker..].find("- id: tie_pushes").unwrap() + banker;
    let decl_line = text[..decl].matches('\n').count();
    assert_eq!(def["range"]["start"]["line"], decl_line, "{def}");
    s.stop();
}
