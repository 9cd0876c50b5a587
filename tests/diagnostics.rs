//! Every `fixtures/errors/err_*.yaml` spec must be refused with located
//! diagnostics; snapshots hold both the structured errors and their rendering.

use certify::check::check_file;
use certify::diag::{Diagnostic, render_all};

fn errors(path: &str) -> Vec<Diagnostic> {
    match check_file(path) {
        Ok(_) => panic!("{path} was accepted, but it is an error fixture"),
        Err(ds) => ds,
    }
}

#[test]
fn error_fixtures_render_with_source_and_caret() {
    insta::glob!("../fixtures/errors", "err_*.yaml", |path| {
        let rel = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .expect("inside the crate")
            .to_string_lossy()
            .trim_start_matches('/')
            .to_string();
        let ds = errors(&rel);
        assert!(!ds.is_empty());
        for d in &ds {
            assert!(d.line >= 1 && d.column >= 1, "{rel}: unlocated {d:?}");
        }
        let source = std::fs::read_to_string(&rel).expect("readable");
        let structured = serde_json::to_string_pretty(&ds).expect("serializable");
        insta::assert_snapshot!(format!("{}\n\n{structured}", render_all(&ds, &source)));
    });
}

/// (line, column, width) of the first diagnostic.
fn place(path: &str) -> (usize, usize, usize) {
    let d = &errors(path)[0];
    (d.line, d.column, d.width)
}

#[test]
fn unknown_name_points_at_the_name() {
    assert_eq!(place("fixtures/errors/err_unknown_name.yaml"), (30, 15, 5));
}

#[test]
fn type_mismatch_points_at_the_mismatched_side() {
    let ds = errors("fixtures/errors/err_type_mismatch.yaml");
    assert_eq!((ds[0].line, ds[0].column, ds[0].width), (30, 36, 1));
    assert_eq!(ds[0].expected.as_deref(), Some("a suit"));
    assert_eq!(ds[0].found.as_deref(), Some("a number"));
}

#[test]
fn negative_deck_count_points_at_the_count() {
    let ds = errors("fixtures/errors/err_negative_decks.yaml");
    assert_eq!((ds[0].line, ds[0].column, ds[0].width), (6, 10, 2));
    assert_eq!(ds[0].found.as_deref(), Some("-2"));
}

#[test]
fn unknown_event_in_pay_table_points_at_the_key() {
    assert_eq!(
        place("fixtures/errors/err_pay_table_unknown_event.yaml"),
        (33, 25, 8)
    );
}

#[test]
fn folded_condition_maps_into_the_right_line() {
    assert_eq!(
        place("fixtures/errors/err_folded_condition.yaml"),
        (32, 22, 5)
    );
}

#[test]
fn every_error_of_a_spec_is_reported() {
    assert_eq!(errors("fixtures/errors/err_many.yaml").len(), 3);
}

#[test]
fn malformed_yaml_is_located() {
    let d = &errors("fixtures/errors/err_malformed_yaml.yaml")[0];
    assert!(d.message().starts_with("invalid spec YAML"), "{d:?}");
    assert!(d.line >= 7, "{d:?}");
}

#[test]
fn a_strategy_that_peeks_at_the_hole_card_is_refused_at_its_condition() {
    let ds = errors("fixtures/errors/err_decision.yaml");
    let d = ds
        .iter()
        .find(|d| d.message().contains("does not see"))
        .expect("peeking refused");
    assert_eq!((d.line, d.column), (18, 18));
    // A rank-reading objective wager is refused at its name in `optimal`.
    let d = ds
        .iter()
        .find(|d| d.message().contains("reads ranks or suits"))
        .expect("rank-reading objective refused");
    assert_eq!((d.line, d.column), (16, 26));
}

#[test]
fn combined_entries_and_pay_searches_are_checked() {
    let ds = errors("fixtures/errors/err_combined.yaml");
    let at = |m: &str| {
        let d = ds.iter().find(|d| d.message().contains(m)).expect(m);
        (d.line, d.column)
    };
    assert_eq!(at("unknown combined entry `mian`"), (37, 15));
    assert_eq!(at("unknown wager `drow`"), (34, 21));
    assert_eq!(at("invalid pay range"), (44, 18));
    assert_eq!(at("declares no event `tei`"), (44, 26));
    assert_eq!(
        at("needs a wager with `precedence: listed_order`"),
        (45, 12)
    );
}

/// "A total of 8 or 9" written as `player.total == 8 or 9`: the number is
/// no condition, and the help writes the list (issue 36).
#[test]
fn a_value_or_a_number_proposes_a_list() {
    let ds = errors("fixtures/errors/err_one_of_several.yaml");
    assert_eq!((ds[0].line, ds[0].column, ds[0].width), (30, 36, 1));
    assert_eq!(
        ds[0].help.as_deref(),
        Some("to test one value against several, write `player.total in [8, 9]`")
    );
}

/// `%` divides by a constant of at least 1, never by a value of the cards.
#[test]
fn a_remainder_by_a_card_value_is_refused_at_the_divisor() {
    let ds = errors("fixtures/errors/err_modulus.yaml");
    assert_eq!((ds[0].line, ds[0].column, ds[0].width), (30, 47, 12));
    assert_eq!(
        ds[0].expected.as_deref(),
        Some("a whole number of at least 1")
    );
}

/// The `leaflets:` section: each wager a wager of the spec (the unknown one
/// named with the known ones and the nearest), each leaflet id valid and
/// used once, each wager once a leaflet, no leaflet empty.
#[test]
fn leaflets_are_checked_at_their_ids_and_wagers() {
    let ds = errors("fixtures/errors/err_leaflets.yaml");
    let at = |m: &str| {
        let d = ds.iter().find(|d| d.message().contains(m)).expect(m);
        (d.line, d.column)
    };
    assert_eq!(at("unknown wager `tye`"), (46, 48));
    let unknown = ds.iter().find(|d| d.message().contains("`tye`")).unwrap();
    assert_eq!(unknown.expected.as_deref(), Some("one of bet, tie"));
    assert_eq!(unknown.help.as_deref(), Some("did you mean `tie`?"));
    assert_eq!(at("duplicate leaflet id `main`"), (47, 11));
    assert_eq!(at("wager `tie` is listed twice in the leaflet"), (47, 45));
    assert_eq!(at("invalid leaflet id `Empty`"), (48, 11));
    assert_eq!(at("leaflet `Empty` lists no wager"), (48, 39));
    assert_eq!(ds.len(), 5, "{ds:?}");
}
