//! Families (issue 50, item 2): one declaration writes a family of wagers or
//! events over a list of values, checked and reported exactly like the
//! same wagers written out by hand; and every refusal is located.

use certify::check::{check_file, check_source};
use certify::diag::Diagnostic;
use certify::model::normal::normalize;
use certify::spec::SourceFile;

/// The family spec and the spec written out by hand check into the same
/// spec (its normal form: every name resolved, every pay exact), and give
/// the same figures.
#[test]
fn a_family_is_the_wagers_it_stands_for() {
    let family = check_file("tests/specs/families.yaml").unwrap().1;
    let written = check_file("tests/specs/families_written.yaml").unwrap().1;
    assert_eq!(normalize(&family), normalize(&written));
    assert_eq!(
        family.wagers.len(),
        10 + 1 + 20,
        "egalite, tie by total, side totals"
    );
    assert_eq!(family.counted.len(), 1);
    let ids: Vec<&str> = family.wagers.iter().map(|w| w.id.as_str()).collect();
    assert_eq!(&ids[..3], ["egalite_0", "egalite_1", "egalite_2"]);
    assert_eq!(
        ids[11], "player_total_0",
        "the first variable changes slowest"
    );
    assert_eq!(ids[21], "banker_total_0");
    assert_eq!(family.wagers[9].pay_tables[0].pays[0].describe(), "80 to 1");
    let a = certify::pipeline::analyse(&family, 8);
    let b = certify::pipeline::analyse(&written, 8);
    for (x, y) in a
        .wagers
        .iter()
        .chain(&a.counted)
        .zip(b.wagers.iter().chain(&b.counted))
    {
        assert_eq!(x.holds, y.holds, "{}", x.id);
        for (s, t) in x.tables.iter().zip(&y.tables) {
            assert_eq!(s.house_edge(), t.house_edge(), "{}", x.id);
        }
    }
    // The ties on each total add up to every tie: 475,627,426,473,216 at 8
    // decks (Wizard of Odds; /work/shared/reference/published-figures.md).
    let ties: u128 = a.wagers[..10].iter().map(|w| w.holds[0].1).sum();
    assert_eq!(ties, 475_627_426_473_216);
}

fn refused(text: &str) -> Vec<Diagnostic> {
    match check_source(&SourceFile::new("tests/specs/families.yaml", text)) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(ds) => ds,
    }
}

fn family_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string("tests/specs/families.yaml").unwrap();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// (line, column) of `needle`'s first character in `text` (1-based).
fn at(text: &str, needle: &str) -> (usize, usize) {
    let i = text.find(needle).unwrap_or_else(|| panic!("{needle}"));
    let line = text[..i].matches('\n').count() + 1;
    let column = i - text[..i].rfind('\n').map_or(0, |n| n + 1) + 1;
    (line, column)
}

#[test]
fn a_variable_no_family_declares_is_refused_where_it_is_written() {
    let text = family_with("id: egalite_{total}", "id: egalite_{totl}");
    let ds = refused(&text);
    let d = &ds[0];
    assert_eq!(
        d.kind.to_string(),
        "`{totl}` names no variable of the family"
    );
    assert_eq!((d.line, d.column), at(&text, "egalite_{totl}"));
    assert_eq!(d.expected.as_deref(), Some("one of `total`, `pay`"));
}

#[test]
fn an_empty_family_a_backwards_range_and_rows_that_differ_are_refused() {
    let text = family_with("each: { total: [0..9] }", "each: { total: [] }");
    let d = &refused(&text)[0];
    assert_eq!(d.kind.to_string(), "this `each` gives no member");
    assert_eq!((d.line, d.column), at(&text, "{ total: [] }"));

    let text = family_with("each: { total: [0..9] }", "each: { total: [9..0] }");
    let d = &refused(&text)[0];
    assert_eq!(d.kind.to_string(), "invalid range `9..0`");
    assert_eq!((d.line, d.column), at(&text, "9..0"));

    let text = family_with("      - { total: 3, pay: 200 }", "      - { total: 3 }");
    let d = &refused(&text)[0];
    assert_eq!(
        d.kind.to_string(),
        "every row of `each` names the same variables"
    );
    assert_eq!((d.line, d.column), at(&text, "{ total: 3 }"));
    assert_eq!(d.found.as_deref(), Some("total"));

    let text = family_with("each: { total: [0..9] }", "each: { Total: [0..9] }");
    let d = &refused(&text)[0];
    assert_eq!(d.kind.to_string(), "invalid family variable id `Total`");
}

/// A family past the limits of `certify::limits` is refused before it is
/// expanded.
#[test]
fn a_family_too_large_is_refused_before_it_is_expanded() {
    let text = family_with(
        "each: { hand: [player, banker], total: [0..9] }",
        "each: { hand: [player, banker], total: [0..99] }",
    );
    let d = &refused(&text)[0];
    assert_eq!(
        d.kind.to_string(),
        "too many members of a family of wagers: 200, at most 100 (the limits are in the manual's limits chapter)"
    );
    let text = family_with(
        "each: { total: [0..9] }",
        "each: { total: [0..1000000000000] }",
    );
    let d = &refused(&text)[0];
    assert_eq!(d.kind.to_string(), "invalid range `0..1000000000000`");
}

/// An error inside a member's condition is placed in the condition as
/// written and names the member.
#[test]
fn an_error_in_a_member_s_condition_points_into_the_template() {
    let text = family_with(
        "when: \"{hand}.total == {total}\"",
        "when: \"{hand}.total == {total} and plyer.wins\"",
    );
    let ds = refused(&text);
    let d = &ds[0];
    assert_eq!(d.kind.to_string(), "unknown name `plyer`");
    assert_eq!((d.line, d.column), at(&text, "plyer.wins"));
    assert_eq!(
        d.found.as_deref(),
        Some(
            "`plyer` (in the member hand = player, total = 0: `player.total == 0 and plyer.wins`)"
        )
    );
    // One error per member.
    assert_eq!(ds.len(), 20);
    // Inside a value: at its `{name}`.
    let text = family_with(
        "each: { hand: [player, banker]",
        "each: { hand: [player, bankr]",
    );
    let d = &refused(&text)[0];
    assert_eq!(d.kind.to_string(), "unknown name `bankr`");
    assert_eq!((d.line, d.column), at(&text, "{hand}.total"));
}

/// A counted wager is no priced wager: a claim naming it says so.
#[test]
fn a_claim_about_a_counted_wager_is_refused_with_the_reason() {
    let text = std::fs::read_to_string("tests/specs/families.yaml").unwrap()
        + "published:\n  - { wagers: [banker_wins_by_total], pay_table: x, house_edge: \"1%\", source: s }\n";
    let d = &refused(&text)[0];
    assert_eq!(
        d.kind.to_string(),
        "wager `banker_wins_by_total` has no pay table: it is counted only"
    );
    assert_eq!(
        (d.line, d.column),
        at(&text, "banker_wins_by_total], pay_table")
    );
}

/// A wager written without pay tables is counted only: the JSON report
/// gives its events' exact rounds, probabilities and odds under
/// `results.counted`, and no pay table and no house edge anywhere. Banker
/// wins by final total (first listed) adds up to every Banker win:
/// 2,292,252,566,437,888 at 8 decks (Wizard of Odds;
/// /work/shared/reference/published-figures.md).
#[test]
fn a_counted_wager_is_reported_as_counts_with_no_house_edge() {
    let out = certify::cli::run(
        [
            "certify",
            "tests/specs/families.yaml",
            "--fixtures",
            "tests/fixtures",
            "--json",
            "--no-reports",
        ]
        .into_iter()
        .map(String::from),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let number = |v: &serde_json::Value| -> u128 {
        v.as_str()
            .map_or_else(|| v.to_string(), str::to_string)
            .parse()
            .unwrap()
    };
    let counted = doc["results"]["counted"].as_array().unwrap();
    assert_eq!(counted.len(), 1);
    let c = &counted[0];
    assert_eq!(c["id"], "banker_wins_by_total");
    assert_eq!(c["counting"], "first_listed");
    let events = c["events"].as_array().unwrap();
    assert_eq!(events.len(), 9);
    let wins: u128 = events.iter().map(|e| number(&e["combinations"])).sum();
    assert_eq!(wins, 2_292_252_566_437_888);
    let rounds = number(&c["rounds"]);
    assert_eq!(rounds, 4_998_398_275_503_360);
    assert_eq!(number(&c["no_event_combinations"]), rounds - wins);
    let text = c.to_string();
    assert!(
        !text.contains("house_edge") && !text.contains("pay_table"),
        "{text}"
    );
    let priced = doc["results"]["wagers"].as_array().unwrap();
    assert!(priced.iter().all(|w| w["id"] != "banker_wins_by_total"));
}
