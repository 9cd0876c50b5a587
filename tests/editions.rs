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

fn limits_of(text: &str) -> Vec<payout::PrizeLimit> {
    let spec = check_source(&SourceFile::new("rules/x.yaml", text)).expect("checks");
    payout::limits(&spec, &[], &[], &|_, _| true).expect("every bet declared")
}

/// WAC 230-15-490 as amended by WSR 21-11-057 (effective 2021-06-14; read
/// on app.leg.wa.gov): "(3) Aggregate payout limits must not be: ... (b)
/// Less than the maximum wager allowed for the game times the highest
/// odds offered up to fifty to one. For example, if the maximum wager is
/// three hundred dollars and the highest odds offered are five thousand to
/// one, the aggregate payout limit cannot be less than fifteen thousand
/// dollars (three hundred dollars times fifty); and (c) Imposed upon any
/// odds-based prize where the highest payoff odds on a winning wager are
/// less than fifty to one".
#[test]
fn washington_limits_follow_the_rules_worked_example() {
    let a = limits_of(&punto_banco_tie(5000, "1", "300", ""));
    assert_eq!(a.len(), 1, "only the Tie pays over 1 to 1");
    assert_eq!(a[0].least(), Some(Ratio::int(15_000)));
    assert!(a[0].may_be_limited());
    // At exactly 50 to 1 a limit may be imposed: $100 x 50.
    let b = limits_of(&punto_banco_tie(50, "1", "100", ""));
    assert_eq!(b[0].least(), Some(Ratio::int(5_000)));
    // Under 50 to 1 no limit may be imposed, whatever the bets.
    let c = limits_of(&punto_banco_tie(49, "1", "100", ""));
    assert_eq!(c[0].least(), None);
    assert!(!c[0].may_be_limited());
    // The limit bites above limit / highest odds: $15,000 / 5,000 = $3.
    assert_eq!(a[0].bites_above(), Some(Ratio::int(3)));
}

/// The limit priced: derived by hand from the report's own counts (the
/// events of Lucky Match at 8 decks in reports/twenty_first_century_baccarat.json),
/// not from the pricing function: at a $300 bet under $15,000, the 250 to
/// 1 and 100 to 1 lines are paid 50 to 1 each.
#[test]
fn the_cap_on_lucky_match_is_priced_from_the_reports_counts() {
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("reports/twenty_first_century_baccarat-washington.json").unwrap(),
    )
    .unwrap();
    let wager = json["results"]["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["id"] == "lucky_match")
        .unwrap();
    let table = &wager["pay_tables"][0];
    let number = |v: &serde_json::Value| -> f64 { v.as_str().unwrap().parse().unwrap() };
    let total = number(&json["results"]["total_combinations"]);
    let lost = number(&table["no_event_combinations"]);
    let mut uncapped = 0.0;
    let mut capped = 0.0;
    for e in table["events"].as_array().unwrap() {
        let n = number(&e["combinations"]);
        let pays = e["pays"].as_str().unwrap();
        let k: f64 = match pays.strip_suffix(" to 1") {
            Some(k) => k.parse().unwrap(),
            None if pays == "push" => 0.0,
            None => -1.0,
        };
        uncapped += n * k;
        capped += n * k.min(15_000.0 / 300.0);
    }
    let edge = |net: f64| -(net - lost) / total;
    // The figures the issue states: 8.89% without the limit, about 10.93%
    // under it at $300.
    assert!(
        (edge(uncapped) - 0.0889).abs() < 0.00005,
        "{}",
        edge(uncapped)
    );
    assert!((edge(capped) - 0.1093).abs() < 0.00005, "{}", edge(capped));
    // The edition's exact figure at $300 is the same to 12 places.
    let prize = json["edition"]["payout_limits"]["prizes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["wager"] == "lucky_match")
        .unwrap();
    let at_max = prize["priced"][0]["at_bets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["bet"] == "300")
        .unwrap();
    let exact: f64 = at_max["house_edge"]["decimal"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (exact - edge(capped)).abs() < 1e-9,
        "{exact} against {}",
        edge(capped)
    );
    assert_eq!(prize["least_limit"], "15000");
    assert_eq!(prize["bites_above"], "60");
}

#[test]
fn a_declared_limit_below_the_rule_or_on_a_small_prize_is_refused_where_it_is_written() {
    let dir = temp_dir("short");
    let text = punto_banco_tie(1000, "10", "100", "  payout_limits: { tie: 4999.99 }\n");
    let path = dir.join("tie.yaml");
    std::fs::write(&path, &text).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("payout_limits"))
        .unwrap()
        + 1;
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
            "the declared payout limit on Tie, $4,999.99, is below the $5,000 the rule requires"
        ),
        "{}",
        out.stderr
    );
    assert!(!dir.join("out").join("punto_banco-washington.md").exists());
    // A limit on a prize under 50 to 1 is refused too.
    let small = punto_banco_tie(8, "10", "100", "  payout_limits: { tie: 5000 }\n");
    let spec = check_source(&SourceFile::new("rules/x.yaml", small)).expect("checks");
    let options = certify::options::Options::default();
    let errors = edition::check(Edition::Washington, &spec, &options).unwrap_err();
    assert!(
        errors[0].message().contains(
            "no payout limit may be imposed on Tie: its highest odds, 8 to 1, are under 50 to 1"
        ),
        "{}",
        errors[0].message()
    );
    // Declared at the least: accepted.
    let ok = punto_banco_tie(1000, "10", "100", "  payout_limits: { tie: 5000 }\n");
    let spec = check_source(&SourceFile::new("rules/x.yaml", ok)).expect("checks");
    assert!(edition::check(Edition::Washington, &spec, &options).is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// The 2008 text's limits are refused with the rule that replaced them.
#[test]
fn the_superseded_per_player_and_table_limits_are_refused() {
    let text = punto_banco_tie(
        1000,
        "10",
        "100",
        "  payout_limits: { per_player: 10000, table: 20000 }\n",
    );
    let err = check_source(&SourceFile::new("rules/x.yaml", text)).unwrap_err();
    let shown = format!("{err:?}");
    assert!(shown.contains("SupersededPayoutLimit"), "{shown}");
}

#[test]
fn washington_without_a_maximum_bet_names_the_wagers_and_the_flag() {
    // The Tie at 8 to 1 may not be limited: no bet is needed.
    let out = certify(&[
        "rules/punto_banco.yaml",
        "--edition",
        "washington",
        "--no-reports",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // At 50 to 1 it may: its maximum bet is needed.
    let dir = temp_dir("nobet");
    let text = std::fs::read_to_string("rules/punto_banco.yaml")
        .unwrap()
        .replace("pays: { tie: 8 }", "pays: { tie: 50 }");
    let path = dir.join("tie50.yaml");
    std::fs::write(&path, text).unwrap();
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::copy(
        "rules/games/punto_banco.yaml",
        dir.join("games/punto_banco.yaml"),
    )
    .unwrap();
    let out = certify(&[
        path.to_str().unwrap(),
        "--edition",
        "washington",
        "--no-reports",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("the payout limits need the maximum bet of Tie"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("--max-bet WAGER=DOLLARS"),
        "{}",
        out.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Every text the Washington edition applies is in force on its report's
/// date; the superseded one is not, and appears only as history.
#[test]
fn the_washington_edition_applies_only_the_text_in_force() {
    use certify::edition::sources::{REGISTER, WA_PAYOUT_2007, WA_PAYOUT_2021};
    assert!(WA_PAYOUT_2021.in_force_on("2026-11-27"));
    assert!(!WA_PAYOUT_2007.in_force_on("2026-11-27"));
    assert!(WA_PAYOUT_2007.in_force_on("2015-01-01"));
    assert!(!WA_PAYOUT_2021.in_force_on("2015-01-01"));
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("reports/twenty_first_century_baccarat-washington.json").unwrap(),
    )
    .unwrap();
    for r in json["edition"]["requirements"].as_array().unwrap() {
        let source = r["source"].as_str().unwrap();
        assert!(
            !source.contains("07-09-033"),
            "applies the 2008 text: {source}"
        );
        assert!(!source.contains("engineering notes"), "{source}");
    }
    let md =
        std::fs::read_to_string("reports/twenty_first_century_baccarat-washington.md").unwrap();
    for superseded in ["per-player", "twice the player", "brochure"] {
        let hits: Vec<&str> = md.lines().filter(|l| l.contains(superseded)).collect();
        assert!(
            hits.iter()
                .all(|l| l.contains("superseded") || l.contains("07-09-033")),
            "{superseded}: {hits:?}"
        );
    }
    let leaflet =
        std::fs::read_to_string("reports/twenty_first_century_baccarat-washington-leaflet.md")
            .unwrap();
    assert!(!leaflet.contains("one player on one deal"), "{leaflet}");
    assert!(leaflet.contains("to all players together"), "{leaflet}");
    // The manual's register names every text.
    let book = std::fs::read_to_string("docs/editions.md").unwrap();
    for s in REGISTER {
        assert!(
            book.contains(s.version),
            "docs/editions.md lacks {}",
            s.version
        );
    }
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
