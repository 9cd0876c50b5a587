//! Every numbered item and table of each rule document is a row of its
//! spec's traceability matrix, the expected items taken from the document
//! text (`rules/documents/`, the scanned texts the specs name), not from
//! the spec; every quotation is found; and the checker refuses an
//! assumption without a source, or a reading naming nothing or something
//! unknown, each in its own words.

use certify::check::{check_file, check_source};
use certify::diag::spec::SpecError;
use certify::diag::{Diagnostic, ErrorKind};
use certify::model::Spec;
use certify::spec::SourceFile;

/// Where the scanned rule documents are: in the repository, so these
/// checks run (and can fail) on any clone.
const DOCUMENTS: &str = "rules/documents";

fn spec(path: &str) -> Spec {
    check_file(path).map(|(_, s)| s).expect("the spec checks")
}

fn document(name: &str) -> String {
    std::fs::read_to_string(format!("{DOCUMENTS}/{name}"))
        .unwrap_or_else(|e| panic!("{DOCUMENTS}/{name}: {e}"))
}

/// Items labelled `N.` (or `**N.`) at the start of a line: the document's
/// own numbering.
fn numbered_items(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let l = line.trim_start().trim_start_matches("**");
        let digits: String = l.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && l[digits.len()..].starts_with(". ") && !out.contains(&digits) {
            out.push(digits);
        }
    }
    out
}

/// Runs of two or more consecutive lines holding tabs: the document's
/// tables, counted here from the text.
fn tables(text: &str) -> usize {
    let mut count = 0;
    let mut run = 0;
    for line in text.lines().chain([""]) {
        if line.contains('\t') && !line.trim().is_empty() {
            run += 1;
        } else {
            count += usize::from(run >= 2);
            run = 0;
        }
    }
    count
}

/// The trace of a shipped spec (its own texts, as the check stage walked
/// them; the fixture files' are checked by `certify check`,
/// tests/specs.rs).
fn trace(path: &str) -> (Spec, certify::trace::Trace) {
    let checked = certify::check::check_path(path).expect(path);
    let t = certify::trace::trace(&checked.spec, checked.texts, Vec::new());
    (checked.spec, t)
}

/// Every numbered item and every table of each document (counted here from
/// the document's text, not from the spec or the index) is a row of the
/// spec's traceability matrix, and every place holding words is accounted
/// for: read by the rule file, or not modelled with its reason.
#[test]
fn every_item_and_table_of_each_document_is_accounted_for() {
    let expected_items = [
        ("rules/lucky_draw_baccarat.yaml", 12),
        ("rules/lucky_monkey.yaml", 5),
        ("rules/21st_century_baccarat.yaml", 0),
        ("rules/lucky_8.yaml", 0),
        ("rules/golden_bacc.yaml", 0),
        ("rules/punto_banco.yaml", 0),
    ];
    for path in certify::spec::spec_files("rules") {
        let (s, t) = trace(&path);
        let text = document(&s.document);
        let numbers = numbered_items(&text);
        if let Some((_, n)) = expected_items.iter().find(|(p, _)| *p == path) {
            assert_eq!(numbers.len(), *n, "{}: numbered items", s.document);
        }
        let m = &t.matrix;
        assert!(m.read, "{path}: {} not read", s.document);
        let places: Vec<&certify::trace::PlaceRef> =
            m.rows.iter().filter_map(|r| r.place.as_ref()).collect();
        for n in &numbers {
            assert!(
                places
                    .iter()
                    .any(|p| p.kind == certify::trace::PlaceKind::Item
                        && p.name == format!("item {n}")),
                "{path}: item {n} is not a row of the matrix"
            );
        }
        let table_rows = places
            .iter()
            .filter(|p| p.kind == certify::trace::PlaceKind::Table)
            .count();
        assert_eq!(
            table_rows,
            tables(&text),
            "{path}: tables of {}",
            s.document
        );
        assert!(
            m.coverage.complete(),
            "{path}: not accounted for: {:?}",
            m.coverage.not_accounted_for
        );
        assert!(m.coverage.places > 0, "{path}: no place holds words");
    }
}

/// Every quotation of each shipped spec is found in its document (none
/// left unverified), and each assumption's quote is among them.
#[test]
fn every_quotation_of_each_shipped_spec_is_found() {
    for path in certify::spec::spec_files("rules") {
        let (s, t) = trace(&path);
        assert!(!t.quotations.is_empty(), "{path}: no quotation");
        for q in &t.quotations {
            assert!(
                q.found.is_some(),
                "{path}:{}:{}: {:?} unverified",
                q.line,
                q.column,
                q.words
            );
        }
        for a in &s.assumptions {
            assert!(
                t.quotations
                    .iter()
                    .any(|q| a.quote.contains(q.words.as_str())),
                "{path}: assumption `{}`'s quote is not among the verified quotations",
                a.id
            );
        }
    }
}

// The checker's refusals, one test each, on the Lucky Draw spec edited.

const SPEC: &str = include_str!("../rules/lucky_draw_baccarat.yaml");

fn refused(from: &str, to: &str) -> Vec<Diagnostic> {
    assert!(SPEC.contains(from), "{from:?} not in the spec");
    match check_source(&SourceFile::new("bad.yaml", SPEC.replacen(from, to, 1))) {
        Ok(_) => panic!("accepted"),
        Err(ds) => ds,
    }
}

/// The one diagnostic, its kind and (line, column).
fn one(ds: &[Diagnostic]) -> (&SpecError, (usize, usize)) {
    assert_eq!(ds.len(), 1, "{ds:?}");
    match &ds[0].kind {
        ErrorKind::Spec(e) => (e, (ds[0].line, ds[0].column)),
        other => panic!("not a spec error: {other:?}"),
    }
}

/// The 1-based line of the spec holding `needle`.
fn line_of(needle: &str) -> usize {
    SPEC.lines().position(|l| l.contains(needle)).expect(needle) + 1
}

#[test]
fn an_assumption_without_a_source_is_refused_at_its_id() {
    let from = "    source:\n      at: \"item 6\"\n      quote: \"The Block Bonus wager wins, and is paid odds as below.\"\n";
    let ds = refused(from, "");
    let (e, (line, column)) = one(&ds);
    assert_eq!(
        e,
        &SpecError::AssumptionWithoutSource {
            id: "block_bonus_pays".into()
        }
    );
    assert_eq!((line, column), (line_of("- id: block_bonus_pays"), 9));
}

#[test]
fn an_assumption_that_does_not_say_where_is_refused() {
    let ds = refused("      at: \"item 6\"\n", "");
    let (e, _) = one(&ds);
    assert_eq!(
        e,
        &SpecError::AssumptionUnlocated {
            id: "block_bonus_pays".into()
        }
    );
    assert!(ds[0].line > 0);
}

#[test]
fn an_assumption_that_quotes_nothing_is_refused() {
    let ds = refused(
        "      quote: \"The Block Bonus wager wins, and is paid odds as below.\"\n",
        "      quote: \"  \"\n",
    );
    let (e, _) = one(&ds);
    assert_eq!(
        e,
        &SpecError::AssumptionUnquoted {
            id: "block_bonus_pays".into()
        }
    );
}

#[test]
fn a_duplicate_assumption_id_is_refused() {
    let ds = refused("  - id: best_block_pays\n", "  - id: block_bonus_pays\n");
    // Refused at the second id; the readings naming the old id are refused too.
    assert_eq!(
        ds[0].kind,
        ErrorKind::Spec(SpecError::DuplicateAssumptionId {
            id: "block_bonus_pays".into()
        })
    );
    assert_eq!(ds[0].line, line_of("- id: best_block_pays"));
}

#[test]
fn a_reading_naming_an_unknown_assumption_is_refused_at_the_name() {
    let ds = refused(
        "    assumptions: [optimal_draw]\n",
        "    assumptions: [optimal_drw]\n",
    );
    let (e, (line, column)) = one(&ds);
    assert_eq!(
        e,
        &SpecError::UnknownAssumption {
            name: "optimal_drw".into()
        }
    );
    assert_eq!(column, 19);
    assert!(line > 0);
    assert_eq!(ds[0].help.as_deref(), Some("did you mean `optimal_draw`?"));
}

#[test]
fn a_pay_table_resting_on_an_unknown_assumption_is_refused() {
    let ds = refused(
        "        assumed: block_bonus_pays\n",
        "        assumed: block_pays\n",
    );
    let (e, _) = one(&ds);
    assert_eq!(
        e,
        &SpecError::UnknownAssumption {
            name: "block_pays".into()
        }
    );
}

#[test]
fn a_reading_naming_an_unknown_interpretation_is_refused() {
    let ds = refused(
        "    rules: [block_bonus]\n    interpretations: [exposed_card]\n",
        "    rules: [block_bonus]\n    interpretations: [exposed]\n",
    );
    let (e, _) = one(&ds);
    assert_eq!(
        e,
        &SpecError::UnknownInterpretation {
            name: "exposed".into()
        }
    );
}

#[test]
fn a_reading_naming_no_part_of_the_spec_is_refused() {
    let ds = refused("    rules: [enter, draw]\n", "    rules: [entr, draw]\n");
    let (e, _) = one(&ds);
    assert_eq!(
        e,
        &SpecError::UnknownRuleRef {
            name: "entr".into()
        }
    );
    assert_eq!(ds[0].help.as_deref(), Some("did you mean `enter`?"));
}

#[test]
fn a_reading_that_names_nothing_is_refused_at_its_item() {
    let ds = refused("    rules: [draw, main_game]\n", "    note: nothing\n");
    let (e, _) = one(&ds);
    assert_eq!(e, &SpecError::ReadingNamesNothing { item: "10".into() });
}

#[test]
fn an_item_read_twice_is_refused() {
    let ds = refused("  - item: \"12\"\n", "  - item: \"11\"\n");
    let (e, _) = one(&ds);
    assert_eq!(e, &SpecError::ReadingItemTwice { item: "11".into() });
}

/// Every shipped spec names a document that is in `rules/documents/`.
#[test]
fn every_spec_names_a_document_in_the_repository() {
    for path in certify::spec::spec_files("rules") {
        let s = spec(&path);
        assert!(
            !document(&s.document).trim().is_empty(),
            "{path}: {}",
            s.document
        );
    }
}

// Readings of the game's own rules (an alternative that changes `game:`).

const CHANGES: &str = "      changes: [enter, draw, main_game]\n";

#[test]
fn a_changed_figure_that_does_not_exist_is_refused_at_its_name() {
    let ds = refused(CHANGES, "      changes: [enter, draw, main_gam]\n");
    let (e, at) = one(&ds);
    assert_eq!(
        e,
        &SpecError::UnknownChanged {
            name: "main_gam".into()
        }
    );
    assert_eq!(at, (line_of(CHANGES.trim_end()), 30));
    assert!(ds[0].expected.as_deref().unwrap().contains("main_game"));
}

#[test]
fn a_game_reading_without_changes_is_refused_at_its_id() {
    let ds = refused(CHANGES, "");
    let (e, at) = one(&ds);
    assert_eq!(e, &SpecError::GameReadingChangesNothing);
    assert_eq!(at, (line_of("  - id: naturals"), 9));
}

#[test]
fn a_game_reading_naming_a_wager_is_refused_at_the_wager() {
    let ds = refused(CHANGES, "      wager: enter\n      changes: [enter]\n");
    let (e, _) = one(&ds);
    assert_eq!(
        e,
        &SpecError::GameReadingNamesWager {
            which: "alternative"
        }
    );
}

#[test]
fn a_chosen_reading_that_changes_the_game_is_refused() {
    let from = "        tableau, which items 9 to 11 replace.\n";
    let ds = refused(from, &format!("{from}      game: {{ naturals: [9] }}\n"));
    let (e, _) = one(&ds);
    assert_eq!(e, &SpecError::ChosenGameChange);
}

#[test]
fn a_wager_reading_without_its_wager_is_refused() {
    let ds = refused("      wager: block_bonus_first_card\n", "");
    let (e, at) = one(&ds);
    assert_eq!(
        e,
        &SpecError::ReadingNamesNoWager {
            which: "alternative"
        }
    );
    assert_eq!(at, (line_of("  - id: exposed_card"), 9));
}

/// A game the alternative makes impossible: naturals out of range are
/// refused where the change is written, in the checker's own words.
#[test]
fn an_alternative_game_the_checker_refuses_is_refused_at_its_game() {
    let ds = refused("        naturals: [8, 9]\n", "        naturals: [8, 10]\n");
    let (e, (line, _)) = one(&ds);
    match e {
        SpecError::AlternativeGameRefused { id, message } => {
            assert_eq!(id, "naturals");
            assert!(message.contains("0 to 9"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(line, line_of("        naturals: [8, 9]"));
    assert_eq!(ds[0].found.as_deref(), Some("10"));
}
