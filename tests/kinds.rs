//! A bad spec or round file is refused with the right kind of error: the
//! checker's errors are data, matched here without reading their wording.

use certify::check::{check_file, check_source};
use certify::diag::round::RoundError;
use certify::diag::spec::SpecError;
use certify::diag::{Diagnostic, ErrorKind};
use certify::spec::SourceFile;
use certify::table::check::check;
use certify::table::round::load;

/// A small valid spec; each test breaks one thing in it.
const SPEC: &str = r#"id: kinds
title: Kinds
version: "1.0.0"
source: { document: none.txt }
shoe:
  decks: 8
  allowed_decks: [1, 8]
game:
  hands: [player, banker]
  deal: [player, banker, player, banker]
  naturals: [8, 9]
  drawing:
    player: { draws_on: [0, 1, 2, 3, 4, 5] }
    banker:
      when_other_stands: [0, 1, 2, 3, 4, 5]
      when_other_draws:
        "0": "HHHHHHHHHH"
        "1": "HHHHHHHHHH"
        "2": "HHHHHHHHHH"
        "3": "HHHHHHHHSH"
        "4": "SSHHHHHHSS"
        "5": "SSSSHHHHSS"
        "6": "SSSSSSHHSS"
        "7": "SSSSSSSSSS"
wagers:
  - id: bet
    name: A bet
    events:
      - { id: win, name: Win, when: banker.wins }
    pay_tables:
      - { id: table, pays: { win: 1 } }
claims:
  - { wagers: [bet], pay_table: table, house_edge: "1.2%", source: none }
"#;

/// The errors of `SPEC` with `from` replaced by `to`.
fn errors(from: &str, to: &str) -> Vec<Diagnostic> {
    assert!(SPEC.contains(from), "{from}");
    let src = SourceFile::new("kinds.yaml", SPEC.replacen(from, to, 1));
    check_source(&src).expect_err("refused")
}

/// The only error of the broken spec.
fn only(from: &str, to: &str) -> ErrorKind {
    let ds = errors(from, to);
    assert_eq!(ds.len(), 1, "{ds:?}");
    ds[0].kind.clone()
}

#[test]
fn the_unbroken_spec_is_accepted() {
    check_source(&SourceFile::new("kinds.yaml", SPEC)).expect("valid");
}

#[test]
fn a_pay_table_naming_an_undeclared_event() {
    let kind = only("pays: { win: 1 }", "pays: { win: 1, wins_big: 30 }");
    let ErrorKind::Spec(SpecError::UnknownEvent {
        table,
        event,
        wager,
    }) = kind
    else {
        panic!("{kind:?}")
    };
    assert_eq!((&*table, &*event, &*wager), ("table", "wins_big", "bet"));
}

#[test]
fn a_negative_deck_count() {
    let kind = only("decks: 8", "decks: -2");
    assert_eq!(kind, SpecError::DecksNotPositive { decks: -2 }.into());
}

#[test]
fn decks_outside_the_allowed_range() {
    let kind = only("decks: 8", "decks: 9");
    assert!(
        matches!(
            kind,
            ErrorKind::Spec(SpecError::DecksOutOfRange {
                decks: 9,
                min: 1,
                max: 8
            })
        ),
        "{kind:?}"
    );
}

#[test]
fn an_inverted_deck_range() {
    let kind = only("allowed_decks: [1, 8]", "allowed_decks: [8, 1]");
    assert!(
        matches!(kind, ErrorKind::Spec(SpecError::InvalidDeckRange { .. })),
        "{kind:?}"
    );
}

#[test]
fn a_claim_on_an_unknown_wager() {
    let kind = only("wagers: [bet]", "wagers: [bett]");
    assert!(
        matches!(&kind, ErrorKind::Spec(SpecError::UnknownWager { name }) if name == "bett"),
        "{kind:?}"
    );
}

#[test]
fn a_missing_chart_row() {
    let kind = only("        \"7\": \"SSSSSSSSSS\"\n", "");
    assert_eq!(kind, SpecError::ChartRowMissing { total: 7 }.into());
}

#[test]
fn an_unpriced_event_and_an_invalid_id() {
    let ds = errors(
        "      - { id: win, name: Win, when: banker.wins }\n",
        "      - { id: win, name: Win, when: banker.wins }\n      - { id: Tie, name: Tie, when: tie }\n",
    );
    let kinds: Vec<&ErrorKind> = ds.iter().map(|d| &d.kind).collect();
    assert!(
        kinds.contains(
            &&SpecError::InvalidId {
                what: "event",
                id: "Tie".into()
            }
            .into()
        ),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(
            &&SpecError::EventUnpriced {
                event: "Tie".into()
            }
            .into()
        ),
        "{kinds:?}"
    );
}

#[test]
fn a_table_section_with_a_bad_limit() {
    let ds = check_file("fixtures/tables/spec_errors/err_table_many.yaml").unwrap_err();
    assert!(
        ds.iter().any(|d| d.kind == SpecError::LimitInverted.into()),
        "{ds:?}"
    );
}

fn round_errors(path: &str) -> Vec<Diagnostic> {
    let (_, spec) = check_file("rules/21st_century_baccarat.yaml").expect("valid spec");
    let src = SourceFile::read(path).expect("readable");
    let raw = load(&src).expect("loads");
    check(&spec, &src, &raw).expect_err("refused")
}

#[test]
fn round_files_are_refused_with_round_kinds() {
    let ds = round_errors("fixtures/tables/errors/err_unknown_seat.yaml");
    assert!(
        matches!(ds[0].kind, ErrorKind::Round(RoundError::UnknownSeat { .. })),
        "{ds:?}"
    );
    let ds = round_errors("fixtures/tables/errors/err_side_bet_without_line.yaml");
    let ErrorKind::Round(RoundError::SideBetWithoutLine { wager, lines, .. }) = &ds[0].kind else {
        panic!("{ds:?}")
    };
    assert_eq!(wager, "lucky_7");
    assert!(lines.contains(&"player".to_string()), "{lines:?}");
    let ds = round_errors("fixtures/tables/errors/err_rotation.yaml");
    assert!(
        matches!(
            ds[0].kind,
            ErrorKind::Round(RoundError::WrongSeat {
                expected: Some(1),
                seat: 3
            })
        ),
        "{ds:?}"
    );
}

/// `SPEC` with a `document_decks:` entry under its shoe.
fn with_document_decks(entry: &str) -> ErrorKind {
    only(
        "  allowed_decks: [1, 8]\n",
        &format!("  allowed_decks: [1, 8]\n  document_decks: {entry}\n"),
    )
}

#[test]
fn document_decks_are_accepted_and_recorded() {
    let text = SPEC.replacen(
        "  allowed_decks: [1, 8]\n",
        "  allowed_decks: [1, 8]\n  document_decks: { counts: [8, 6], source: \"item 2\" }\n",
        1,
    );
    let spec = check_source(&SourceFile::new("kinds.yaml", text)).expect("valid");
    let doc = spec.document_decks.expect("recorded");
    assert_eq!(doc.counts, vec![6, 8], "sorted");
    assert_eq!(doc.source, "item 2");
}

#[test]
fn a_document_deck_count_outside_the_allowed_range() {
    let kind = with_document_decks("{ counts: [8, 9], source: x }");
    assert_eq!(
        kind,
        SpecError::DocumentDecksOutOfRange {
            decks: 9,
            min: 1,
            max: 8
        }
        .into()
    );
}

#[test]
fn a_document_deck_count_listed_twice() {
    let kind = with_document_decks("{ counts: [6, 8, 6], source: x }");
    assert_eq!(kind, SpecError::DocumentDecksTwice { decks: 6 }.into());
}

#[test]
fn a_default_the_document_does_not_name() {
    let kind = with_document_decks("{ counts: [6, 7], source: x }");
    assert_eq!(
        kind,
        SpecError::DefaultNotNamed {
            decks: 8,
            counts: vec![6, 7]
        }
        .into()
    );
}

#[test]
fn no_document_count_and_no_reason_for_the_default() {
    let kind = with_document_decks("{ counts: [], source: x }");
    assert_eq!(kind, SpecError::DefaultUnexplained.into());
}

#[test]
fn no_document_count_with_a_reason_is_accepted() {
    let text = SPEC.replacen(
        "  allowed_decks: [1, 8]\n",
        "  allowed_decks: [1, 8]\n  document_decks: { counts: [], source: x, default_because: usual }\n",
        1,
    );
    check_source(&SourceFile::new("kinds.yaml", text)).expect("valid");
}
