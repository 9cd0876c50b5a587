//! Editing help over the wire: quick fixes for the diagnostics that carry
//! a suggestion (each applied, the spec then checks), errors of an
//! included game file on the `include:` line of every open spec that
//! includes it, a fixture file that follows its open spec, a new file told
//! what it lacks, YAML keys from the spec's schema, and the semantic
//! tokens of conditions.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::{Server, find, labels, uri};
use serde_json::{Value, json};
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tempdir(what: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("certify-lsp-fix-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Applies one edit (on one line, in UTF-16 units) to a text.
fn applied(text: &str, edit: &Value) -> String {
    let (s, e) = (&edit["range"]["start"], &edit["range"]["end"]);
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split('\n').take(line).map(|l| l.len() + 1).sum();
        let l = text.split('\n').nth(line).unwrap();
        let units = p["character"].as_u64().unwrap() as usize;
        let mut n = 0;
        start
            + l.char_indices()
                .find(|(_, c)| {
                    let here = n >= units;
                    n += c.len_utf16();
                    here
                })
                .map_or(l.len(), |(i, _)| i)
    };
    let (a, b) = (offset(s), offset(e));
    format!(
        "{}{}{}",
        &text[..a],
        edit["newText"].as_str().unwrap(),
        &text[b..]
    )
}

/// The quick fixes offered on the one diagnostic of `bad` (a shipped
/// spec with one error typed in): their titles, and the text with the
/// first applied, which must check clean.
fn fixes_of(spec: &str, bad: impl Fn(&str) -> String) -> Vec<String> {
    let (mut s, _) = Server::start(&repo());
    let path = repo().join(format!("rules/{spec}.yaml"));
    let good = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    let bad = bad(&good);
    s.open(&u, &bad);
    // The first diagnostic is the error typed in; others may follow from
    // it (an event then priced by no table) and must go with its fix.
    let ds = s.diagnostics(&u, 1);
    assert!(!ds.is_empty(), "no diagnostic");
    let actions = s.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": u }, "range": ds[0]["range"], "context": { "diagnostics": ds, "only": ["quickfix"] } }),
    );
    let actions = actions.as_array().unwrap().clone();
    assert!(!actions.is_empty(), "no quick fix for {ds:#?}");
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(actions[0]["isPreferred"], true);
    assert_eq!(actions[0]["diagnostics"][0]["message"], ds[0]["message"]);
    let edit = &actions[0]["edit"]["changes"][&u][0];
    let fixed = applied(&bad, edit);
    s.change(&u, 2, &fixed);
    assert_eq!(s.diagnostics(&u, 2), Vec::<Value>::new(), "after {edit}");
    s.stop();
    actions
        .iter()
        .map(|a| a["title"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn did_you_mean_is_a_quick_fix() {
    let titles = fixes_of("lucky_monkey", |t| {
        t.replacen("banker.drew and not", "banker.drw and not", 1)
    });
    assert_eq!(titles[0], "Replace `drw` with `drew`");
    // Every attribute of a hand the message lists is offered after it.
    assert!(
        titles.iter().any(|t| t == "Replace `drw` with `total`"),
        "{titles:?}"
    );
}

#[test]
fn each_expected_id_is_a_quick_fix() {
    // A pay for an event the wager does not have: its events.
    let titles = fixes_of("punto_banco", |t| {
        t.replacen(
            "pays: { win: 0.95, tie: push }",
            "pays: { win: 0.95, tye: push }",
            1,
        )
    });
    assert_eq!(titles[0], "Replace `tye` with `tie`");
    assert!(
        titles.contains(&"Replace `tye` with `win`".to_string()),
        "{titles:?}"
    );
    // A readings row naming no assumption of the spec.
    let titles = fixes_of("lucky_8", |t| {
        t.replacen(
            "assumptions: [best_line_pays]",
            "assumptions: [best_line_pay]",
            1,
        )
    });
    assert_eq!(titles[0], "Replace `best_line_pay` with `best_line_pays`");
}

#[test]
fn a_value_against_several_becomes_in_a_list() {
    let titles = fixes_of("punto_banco", |t| {
        t.replacen("when: banker.wins", "when: banker.total == 8 or 9", 1)
    });
    assert_eq!(
        titles[0],
        "Replace `banker.total == 8 or 9` with `banker.total in [8, 9]`"
    );
}

#[test]
fn a_printed_edge_without_its_percent_sign_gets_it() {
    let titles = fixes_of("lucky_8", |t| {
        t.replacen("house_edge: \"6.1%\"", "house_edge: \"6.1\"", 1)
    });
    assert_eq!(titles[0], "Replace `\"6.1\"` with `\"6.1%\"`");
    let titles = fixes_of("lucky_8", |t| {
        t.replacen("house_edge: \"6.1%\"", "house_edge: 6.1", 1)
    });
    assert_eq!(titles[0], "Replace `6.1` with `\"6.1%\"`");
}

#[test]
fn a_value_holding_a_colon_is_quoted() {
    let line = "    source: Wizard of Odds, Baccarat odds for 1 to 12 decks (Banker, 5% commission, 8 decks)";
    let titles = fixes_of("punto_banco", |t| {
        assert!(t.contains(line), "the shipped spec's source line");
        t.replacen(line, "    source: Wizard of Odds: Banker", 1)
    });
    assert_eq!(
        titles[0],
        "Replace `Wizard of Odds: Banker` with `\"Wizard of Odds: Banker\"`"
    );
    // In a flow mapping, up to its `,` or `}`.
    let block = "  - wagers: [banker]\n    pay_table: commission\n    house_edge: \"1.0579%\"\n";
    let titles = fixes_of("punto_banco", |t| {
        let at = t.find(block).unwrap();
        let end = at + block.len() + t[at + block.len()..].find('\n').unwrap() + 1;
        format!(
            "{}  - {{ wagers: [banker], pay_table: commission, house_edge: \"1.0579%\", source: Wizard: Banker }}\n{}",
            &t[..at],
            &t[end..]
        )
    });
    assert_eq!(
        titles[0],
        "Replace `Wizard: Banker` with `\"Wizard: Banker\"`"
    );
}

#[test]
fn a_losing_pay_written_as_minus_one_becomes_lose() {
    let titles = fixes_of("punto_banco", |t| t.replacen("tie: push }", "tie: -1 }", 1));
    assert_eq!(titles[0], "Replace `-1` with `lose`");
}

/// Two specs include one game file with an error: each shows it on its
/// `include:` line, with the game file's place as related information.
#[test]
fn an_error_in_an_included_game_file_shows_on_each_spec_s_include_line() {
    let dir = tempdir("include");
    std::fs::create_dir_all(dir.join("rules/games")).unwrap();
    let game = std::fs::read_to_string(repo().join("rules/games/punto_banco.yaml")).unwrap();
    std::fs::write(
        dir.join("rules/games/punto_banco.yaml"),
        game.replacen("naturals:", "naturls:", 1),
    )
    .unwrap();
    for spec in ["lucky_8", "golden_bacc"] {
        std::fs::copy(
            repo().join(format!("rules/{spec}.yaml")),
            dir.join(format!("rules/{spec}.yaml")),
        )
        .unwrap();
    }
    let (mut s, _) = Server::start(&dir);
    for spec in ["lucky_8", "golden_bacc"] {
        let path = dir.join(format!("rules/{spec}.yaml"));
        let text = std::fs::read_to_string(&path).unwrap();
        let u = uri(&path);
        s.open(&u, &text);
        let ds = s.diagnostics(&u, 1);
        assert_eq!(ds.len(), 1, "{ds:#?}");
        let (line, col) = find(&text, "include: games/punto_banco.yaml", "include: ".len());
        assert_eq!(
            ds[0]["range"]["start"],
            json!({ "line": line, "character": col }),
            "{ds:#?}"
        );
        let m = ds[0]["message"].as_str().unwrap();
        assert!(
            m.contains("included game file has") && m.contains("naturls"),
            "{m}"
        );
        let related = &ds[0]["relatedInformation"][0];
        assert_eq!(
            related["location"]["uri"],
            uri(&dir.join("rules/games/punto_banco.yaml"))
        );
        assert_eq!(
            related["location"]["range"]["start"]["line"],
            find(&game, "naturals:", 0).0
        );
    }
    s.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// An open fixture file is run again when its open spec changes: a pay
/// changed in the spec fails the case that expected the old one.
#[test]
fn an_open_fixture_file_follows_its_open_spec() {
    let (mut s, _) = Server::start(&repo());
    let fx = repo().join("fixtures/lucky_8.yaml");
    let ft = std::fs::read_to_string(&fx).unwrap();
    let fu = uri(&fx);
    s.open(&fu, &ft);
    assert_eq!(s.diagnostics(&fu, 1), Vec::<Value>::new());
    let path = repo().join("rules/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let changed = text.replacen(
        "pays: { double_suited_8: 200, suited_8: 50, double_8: 25, unlucky_8: 8, lucky_8: 3 }",
        "pays: { double_suited_8: 200, suited_8: 50, double_8: 25, unlucky_8: 8, lucky_8: 4 }",
        1,
    );
    s.change(&u, 2, &changed);
    let ds = s.wait(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == fu
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| !d.is_empty())
    });
    let m = ds["params"]["diagnostics"][0]["message"].as_str().unwrap();
    assert!(
        m.contains("lucky_8_player.l8_1: expected lucky_8 pays 3 to 1, got lucky_8 pays 4 to 1"),
        "{m}"
    );
    s.stop();
}

/// A new file under `rules/` is a spec before it says so: it is told what
/// it lacks; under `fixtures/`, a fixture file.
#[test]
fn a_new_file_under_rules_is_told_what_it_lacks() {
    let dir = tempdir("new");
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::create_dir_all(dir.join("fixtures")).unwrap();
    let (mut s, _) = Server::start(&dir);
    let u = uri(&dir.join("rules/new_bet.yaml"));
    s.open(&u, "id: new_bet\n");
    let ds = s.diagnostics(&u, 1);
    let text: Vec<&str> = ds.iter().map(|d| d["message"].as_str().unwrap()).collect();
    for field in ["title", "version", "source", "shoe", "game", "wagers"] {
        assert!(
            text.iter().any(|m| m.contains(&format!("`{field}`"))),
            "{field} not said missing: {text:#?}"
        );
    }
    let u = uri(&dir.join("fixtures/new_bet.yaml"));
    s.open(&u, "spec: new_bet\n");
    let ds = s.diagnostics(&u, 1);
    assert!(
        ds.iter()
            .any(|d| d["message"].as_str().unwrap().contains("`cases`")),
        "{ds:#?}"
    );
    s.stop();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Keys complete from the spec's JSON Schema, with their documentation;
/// those written already are left out; values of an enum complete; a key
/// hovers with its documentation.
#[test]
fn yaml_keys_complete_and_hover_from_the_schema() {
    let (mut s, _) = Server::start(&repo());
    let path = repo().join("rules/punto_banco.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    // A new key in the Banker wager, after its `name:`.
    let (line, _) = find(&text, "  - id: banker\n", 0);
    let mut lines: Vec<&str> = text.split('\n').collect();
    let name_line = line + 1;
    lines.insert(name_line + 1, "    pre");
    let typed = lines.join("\n");
    s.open(&u, &typed);
    let items = s.at("textDocument/completion", &u, (name_line + 1, 7));
    assert_eq!(labels(&items), ["precedence"]);
    let item = &items[0];
    assert_eq!(item["textEdit"]["newText"], "precedence: ");
    assert!(
        item["documentation"]["value"]
            .as_str()
            .unwrap()
            .contains("highest_pay"),
        "{item}"
    );
    // At the start of the line: the keys of a wager not written already
    // (`id`, `name`, `description`, `events`, `pay_tables` are).
    lines[name_line + 1] = "    ";
    let typed = lines.join("\n");
    s.change(&u, 2, &typed);
    let got = labels(&s.at("textDocument/completion", &u, (name_line + 1, 4)));
    assert_eq!(got, ["each", "placed", "precedence"]);
    // An enum's values.
    lines[name_line + 1] = "    precedence: ";
    let typed = lines.join("\n");
    s.change(&u, 3, &typed);
    let got = labels(&s.at("textDocument/completion", &u, (name_line + 1, 16)));
    assert_eq!(got, ["highest_pay", "listed_order"]);
    // Hover on a key.
    s.change(&u, 4, &text);
    let at = find(&text, "  decks: 8", 3);
    let hover = s.at("textDocument/hover", &u, at);
    let h = hover["contents"]["value"].as_str().unwrap();
    assert!(h.starts_with("`decks` (required)"), "{h}");
    s.stop();
}

/// Conditions are coloured by what their words are.
#[test]
fn conditions_have_semantic_tokens() {
    let (mut s, init) = Server::start(&repo());
    let legend = init["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"].clone();
    let types: Vec<String> = legend
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let path = repo().join("rules/lucky_8.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let u = uri(&path);
    s.open(&u, &text);
    let data = s.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": u } }),
    );
    let data: Vec<u64> = data["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    // Decoded: line, start, length, type.
    let mut tokens = Vec::new();
    let (mut line, mut col) = (0, 0);
    for t in data.chunks(5) {
        line += t[0];
        col = if t[0] == 0 { col + t[1] } else { t[1] };
        tokens.push((
            line as usize,
            col as usize,
            t[2] as usize,
            types[t[3] as usize].clone(),
        ));
    }
    let lines: Vec<&str> = text.lines().collect();
    let word = |(l, c, n, _): &(usize, usize, usize, String)| {
        lines[*l].chars().skip(*c).take(*n).collect::<String>()
    };
    let (l, _) = find(
        &text,
        "        when: both_8 and player_suited and banker_suited",
        0,
    );
    let on: Vec<(String, String)> = tokens
        .iter()
        .filter(|t| t.0 == l)
        .map(|t| (word(t), t.3.clone()))
        .collect();
    assert_eq!(
        on,
        [
            ("both_8".to_string(), "macro".to_string()),
            ("and".into(), "keyword".into()),
            ("player_suited".into(), "macro".into()),
            ("and".into(), "keyword".into()),
            ("banker_suited".into(), "macro".into()),
        ]
    );
    let (l, _) = find(
        &text,
        "  player_suited: player.count == 3 and suited(player.cards)",
        0,
    );
    let on: Vec<String> = tokens
        .iter()
        .filter(|t| t.0 == l)
        .map(|t| t.3.clone())
        .collect();
    assert_eq!(
        on,
        [
            "variable", "property", "operator", "number", "keyword", "function", "variable",
            "property"
        ]
    );
    s.stop();
}
