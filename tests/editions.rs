//! Editions (`--edition`): each writes the sections its authority expects,
//! the California edition never says "house edge", Washington's payout
//! limits follow the rule's own worked examples, and what cannot be written
//! is refused before anything is computed.

mod support;

use certify::check::check_source;
use certify::edition::{self, COMMON, payout};
use certify::model::{Edition, Ratio};
use certify::report::terms::house_wording;
use certify::spec::SourceFile;
use support::certify;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("certify-edition-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// rules/punto_banco.yaml with the Tie paying `odds` to 1 and the Tie's
/// bets declared, plus `extra` appended to its submission.
fn punto_banco_tie(odds: u32, min: &str, max: &str, extra: &str) -> String {
    let text = std::fs::read_to_string("rules/punto_banco.yaml").unwrap();
    assert!(text.contains("pays: { tie: 8 }"));
    assert!(!text.contains("\nsubmission:"));
    format!(
        "{}\nsubmission:\n  min_bets: {{ tie: {min} }}\n  max_bets: {{ tie: {max} }}\n{extra}",
        text.replace("pays: { tie: 8 }", &format!("pays: {{ tie: {odds} }}"))
    )
}

fn limits_of(text: &str) -> payout::Limits {
    let spec = check_source(&SourceFile::new("rules/x.yaml", text)).expect("checks");
    payout::limits(&spec, &[], &[], &|_, _| true).expect("every bet declared")
}

/// WAC 230-15-490's own examples. Text effective 2008-01-01: "(a) ... If
/// the maximum wager is one hundred dollars ($100) and the odds are
/// fifty-to-one (50 to 1); then the per player limit is five thousand
/// dollars"; "(b) ... If the minimum required wager is ten dollars ($10)
/// and the maximum odds are one-thousand-to-one (1,000 to 1); then the per
/// player limit is ten thousand dollars"; "(4) Table limits ... not less
/// than two times the individual player limit". Text effective
/// 2021-06-14: "if the maximum wager is three hundred dollars and the
/// highest odds offered are five thousand to one, the aggregate payout
/// limit cannot be less than fifteen thousand dollars".
#[test]
fn washington_limits_follow_the_rules_worked_examples() {
    let a = limits_of(&punto_banco_tie(50, "1", "100", ""));
    assert_eq!(a.wagers.len(), 1, "only the Tie pays over 1 to 1");
    assert_eq!(a.wagers[0].by_maximum, Ratio::int(5_000));
    let b = limits_of(&punto_banco_tie(1000, "10", "100", ""));
    assert_eq!(b.wagers[0].by_minimum, Ratio::int(10_000));
    assert_eq!(
        b.wagers[0].by_maximum,
        Ratio::int(5_000),
        "odds capped at 50 to 1"
    );
    assert_eq!(
        b.per_player,
        Ratio::int(10_000),
        "the higher of (a) and (b)"
    );
    assert_eq!(b.table, Ratio::int(20_000));
    let c = limits_of(&punto_banco_tie(5000, "1", "300", ""));
    assert_eq!(c.aggregate_2021, Some(Ratio::int(15_000)));
    // Under 50 to 1 the 2021 text allows no aggregate limit.
    let d = limits_of(&punto_banco_tie(8, "1", "100", ""));
    assert_eq!(d.aggregate_2021, None);
    assert_eq!(d.per_player, Ratio::int(800));
}

#[test]
fn a_declared_limit_below_the_rule_is_refused_where_it_is_written() {
    let dir = temp_dir("short");
    let text = punto_banco_tie(
        1000,
        "10",
        "100",
        "  payout_limits: { per_player: 9999.99, table: 20000 }\n",
    );
    let path = dir.join("tie.yaml");
    std::fs::write(&path, &text).unwrap();
    let line = text.lines().position(|l| l.contains("per_player")).unwrap() + 1;
    let out = certify(&[
        path.to_str().unwrap(),
        "--edition",
        "washington",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!("tie.yaml:{line}:")),
        "located at the declared limit: {}",
        out.stderr
    );
    assert!(
        out.stderr.contains(
            "the declared per-player payout limit $9,999.99 is below the $10,000 the rule requires"
        ),
        "{}",
        out.stderr
    );
    assert!(!dir.join("out").join("punto_banco-washington.md").exists());
    // Declared at the minimum: accepted (only the check is run here).
    let ok = punto_banco_tie(
        1000,
        "10",
        "100",
        "  payout_limits: { per_player: 10000, table: 20000 }\n",
    );
    let spec = check_source(&SourceFile::new("rules/x.yaml", ok)).expect("checks");
    let options = certify::options::Options::default();
    assert!(edition::check(Edition::Washington, &spec, &options).is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn washington_without_bets_names_the_wagers_and_the_flags() {
    let out = certify(&[
        "rules/punto_banco.yaml",
        "--edition",
        "washington",
        "--no-reports",
    ]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr
            .contains("the payout limits need the minimum and maximum bet of Tie"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("--max-bet WAGER=DOLLARS"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_percentage_fee_is_refused_with_the_reason() {
    let text = std::fs::read_to_string("rules/21st_century_baccarat.yaml").unwrap();
    for (written, found) in [
        ("amount: 0\n", "percent: 5\n"),
        ("amount: 0\n", "amount: \"5%\"\n"),
    ] {
        let bad = text.replacen(written, found, 1);
        let line = bad
            .lines()
            .position(|l| l.trim_start() == found.trim())
            .unwrap()
            + 1;
        let errors = check_source(&SourceFile::new("rules/21st.yaml", bad)).unwrap_err();
        let e = &errors[0];
        assert_eq!(e.line, line, "{found}");
        assert_eq!(
            e.message(),
            "a collection fee is a fixed amount, never a percentage of wagers or winnings"
        );
        assert!(
            e.help.as_deref().unwrap_or_default().contains("337j"),
            "{:?}",
            e.help
        );
    }
}

#[test]
fn the_california_edition_needs_a_player_dealer_and_a_known_edition_name() {
    let out = certify(&[
        "rules/lucky_8.yaml",
        "--edition",
        "california",
        "--no-reports",
    ]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("declares no player-dealer position"),
        "{}",
        out.stderr
    );
    let out = certify(&["rules/lucky_8.yaml", "--edition", "texas"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("expected one of lab, washington, california, nevada"),
        "{}",
        out.stderr
    );
}

/// The ids of a JSON report's sections and appendices.
fn section_ids(json: &serde_json::Value) -> Vec<String> {
    let doc = &json["document"];
    ["sections", "appendices"]
        .iter()
        .flat_map(|k| doc[k].as_array().cloned().unwrap_or_default())
        .map(|s| s["id"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// What an edition's report lacks of the sections it must hold.
fn missing(e: Edition, json: &serde_json::Value) -> Vec<&'static str> {
    let ids = section_ids(json);
    COMMON
        .iter()
        .chain(edition::required(e))
        .filter(|id| !ids.iter().any(|x| x == *id))
        .copied()
        .collect()
}

/// The Markdown from the edition's first section to "Limitations".
fn edition_sections(md: &str, first: &str) -> String {
    let start = md.find(first).expect("the edition's first section");
    let end = start + md[start..].find(". Limitations\n").expect("limitations");
    let end = md[..end].rfind("\n## ").unwrap();
    md[start..end].to_string()
}

#[test]
fn shipped_card_room_editions_hold_their_sections_and_words() {
    for (e, name) in [
        (Edition::California, "california"),
        (Edition::Washington, "washington"),
    ] {
        let base = format!("reports/twenty_first_century_baccarat-{name}");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(format!("{base}.json")).unwrap())
                .unwrap();
        assert_eq!(missing(e, &json), Vec::<&str>::new(), "{name}");
        assert_eq!(json["edition"]["name"], name);
        let md = std::fs::read_to_string(format!("{base}.md")).unwrap();
        insta::assert_snapshot!(
            format!("shipped_{name}"),
            edition_sections(&md, "## 8. For the ")
        );
        if e == Edition::California {
            assert!(
                !house_wording(&md),
                "the California edition says house edge"
            );
            assert!(!house_wording(&json["document"].to_string()));
            assert!(json["edition"]["player_dealer"].as_array().unwrap().len() >= 5);
        }
    }
    // The check can fail: a report without a required section is caught.
    let mut json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("reports/twenty_first_century_baccarat-california.json").unwrap(),
    )
    .unwrap();
    let sections = json["document"]["sections"].as_array_mut().unwrap();
    sections.retain(|s| s["id"] != "fees");
    assert_eq!(missing(Edition::California, &json), vec!["fees"]);
    // And the laboratory edition uses the words the California one may not.
    let lab = std::fs::read_to_string("reports/twenty_first_century_baccarat.md").unwrap();
    assert!(house_wording(&lab));
}

/// The Nevada edition: payout odds beside true odds, and the game
/// variation against an approved version whose Tie paid 9 to 1.
#[test]
fn the_nevada_edition_compares_with_the_approved_version() {
    let dir = temp_dir("nevada");
    let approved = std::fs::read_to_string("rules/punto_banco.yaml")
        .unwrap()
        .replace("pays: { tie: 8 }", "pays: { tie: 9 }");
    let prev = dir.join("approved.yaml");
    std::fs::write(&prev, approved).unwrap();
    let out_dir = dir.join("out");
    let out = certify(&[
        "rules/punto_banco.yaml",
        "--edition",
        "nevada",
        "--previous",
        prev.to_str().unwrap(),
        "--no-simulate",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out_dir.join("punto_banco-nevada.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(missing(Edition::Nevada, &json), Vec::<&str>::new());
    let md = std::fs::read_to_string(out_dir.join("punto_banco-nevada.md")).unwrap();
    let sections = edition_sections(&md, "## 7. For the ");
    // The Tie at 8 to 1 against its true odds: 8 decks, 1 in 10.5 rounds
    // (Wizard of Odds: tie probability 0.095155 at 8 decks).
    assert!(
        sections
            .lines()
            .any(|l| l.starts_with("| Tie ") && l.contains("8 to 1") && l.contains("9.51 to 1")),
        "{sections}"
    );
    // Every edition's revision history lists the changes (issue 35).
    let form = &md[md.find(". Revision history and sign-off\n").unwrap()..];
    assert!(
        form.contains("### Changes since the previous version"),
        "{form}"
    );
    assert!(form.contains("pay of `tie`: 9 to 1 → 8 to 1"), "{form}");
    let path = prev.display().to_string();
    insta::assert_snapshot!("nevada_punto_banco", sections.replace(&path, "APPROVED"));
    std::fs::remove_dir_all(&dir).ok();
}
