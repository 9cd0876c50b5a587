//! Every numbered item and table of each rule document has a row in its
//! spec's readings table, the expected items taken from the document text
//! (`rules/documents/`, the scanned texts the specs name), not from
//! the spec; and the checker refuses an assumption without a source, or a
//! reading naming nothing or something unknown, each in its own words.

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

/// Asserts every numbered item of the document and every `(label, words)`
/// pair (a table or section named by words the document prints) has a row.
fn covers(spec_path: &str, named: &[(&str, &str)], numbered: usize) {
    let s = spec(spec_path);
    let text = document(&s.document);
    let items: Vec<&str> = s.readings.iter().map(|r| r.item.as_str()).collect();
    let numbers = numbered_items(&text);
    assert_eq!(numbers.len(), numbered, "{}: numbered items", s.document);
    for n in &numbers {
        assert!(
            items.contains(&n.as_str()),
            "{spec_path}: item {n} has no reading"
        );
    }
    for (label, words) in named {
        assert!(
            text.contains(words),
            "{}: the document does not print {words:?}",
            s.document
        );
        assert!(
            items.contains(label),
            "{spec_path}: {label:?} has no reading"
        );
    }
}

#[test]
fn lucky_draw_reads_items_1_to_12_and_its_tables() {
    covers(
        "rules/lucky_draw_baccarat.yaml",
        &[
            // The table after item 6 and its note.
            ("Block type table (item 6)", "Block Type Block Description"),
            ("Note (item 6)", "Note - If one of the player cards matches"),
            (
                "Examples table (item 6)",
                "Player Cards Dealer Cards Outcome For Players",
            ),
            ("Usual Odds Paid", "Usual Odds Paid"),
            ("House Edge Details", "House Edge Details"),
        ],
        12,
    );
}

#[test]
fn lucky_monkey_reads_items_1_to_5_and_its_paytables() {
    covers(
        "rules/lucky_monkey.yaml",
        &[
            ("Rules of Play", "### **Rules of Play**"),
            ("Baccarat Draw Rules", "### **Baccarat Draw Rules**"),
            ("Paytables 1-4", "One of the following paytables are used"),
        ],
        5,
    );
}

#[test]
fn twenty_first_century_reads_every_section_and_table() {
    // The document numbers nothing: its sections (headings as printed) and
    // its four tables.
    covers(
        "rules/21st_century_baccarat.yaml",
        &[
            ("Type of Game", "\nType of Game\n"),
            ("Object of the Game", "\nObject of the Game\n"),
            (
                "Description of the Deck and Number of Decks Used",
                "\nDescription of the Deck and Number of Decks Used\n",
            ),
            (
                "Card Values and Hand Rankings",
                "\nCard Values and Hand Rankings\n",
            ),
            ("Hand ranking table", "Hand Dealt\tHand Requirements"),
            (
                "Description of Table Used and Total Number of Seated Positions",
                "\nDescription of Table Used and Total Number of Seated Positions\n",
            ),
            (
                "Method used to Determine Action and Distribution of Cards",
                "\nMethod used to Determine Action and Distribution of Cards\n",
            ),
            (
                "Dealing Procedures and Round of Play",
                "\nDealing Procedures and Round of Play\n",
            ),
            (
                "Banker hit/stand chart",
                "Banker's Score\tPlayer's Third Card",
            ),
            (
                "How Wagers are Paid, Collected and Pushed",
                "\nHow Wagers are Paid, Collected and Pushed\n",
            ),
            (
                "Monster and Buster Bonus Bet",
                "\nMonster and Buster Bonus Bet\n",
            ),
            (
                "Monster and Buster Bonus Pay Table",
                "Monster and Buster Bonus Pay Table",
            ),
            ("Lucky 7 Bonus Bet", "\nLucky 7 Bonus Bet\n"),
            ("Lucky Match Bonus Bet", "\nLucky Match Bonus Bet\n"),
            ("Lucky Match Pay Table", "\nLucky Match Pay Table\n"),
            ("Table Layout", "\nTable Layout\n"),
        ],
        0,
    );
}

#[test]
fn lucky_8_reads_every_paragraph_and_the_schedule() {
    covers(
        "rules/lucky_8.yaml",
        &[
            (
                "Rules of Play: first paragraph",
                "Lucky 8 is an optional bonus bet",
            ),
            (
                "Rules of Play: second paragraph",
                "To win the Lucky 8 wager",
            ),
            ("Sample pay table", "A sample of such a pay table follows"),
            (
                "Rules of Play: third paragraph",
                "After the cards have been dealt",
            ),
            (
                "Rules of Play: fourth paragraph",
                "The house may establish a maximum aggregate amount",
            ),
            (
                "PAY TABLE SCHEDULE: Player Hand",
                "Player Hand\tPay Tables:",
            ),
            ("PAY TABLE SCHEDULE: Banker Hand", "Banker Hand\t"),
            (
                "PAY TABLE SCHEDULE: Combined Equal Wagers",
                "Combined Equal Wagers",
            ),
        ],
        0,
    );
}

/// The outcome bullets of Golden Bacc, Treasure of the 5 Dragons and the
/// Infinite Fortune: one row each, counted from the document's bullets.
#[test]
fn golden_bacc_reads_every_bullet_and_paytable() {
    let path = "rules/golden_bacc.yaml";
    let s = spec(path);
    let text = document(&s.document);
    let bullets = text
        .lines()
        .filter(|l| l.starts_with("- ") || l.starts_with("• "))
        .count();
    let rows = s
        .readings
        .iter()
        .filter(|r| {
            ["Golden Bacc: ", "Treasure: ", "Infinite Fortune: "]
                .iter()
                .any(|p| r.item.starts_with(p))
        })
        .count();
    assert_eq!(rows, bullets, "one row per outcome bullet");
    covers(
        path,
        &[
            (
                "Opening paragraph",
                "Golden Bacc is comprised of interchangeable",
            ),
            (
                "Golden Bacc paytable",
                "The Golden Bacc paytable is given below",
            ),
            (
                "Paytable Golden Dragon 7",
                "Treasure of the 5 Dragons - Golden Dragon 7\n",
            ),
            (
                "Paytable Golden Dragon 6s",
                "Treasure of the 5 Dragons - Golden Dragon 6s",
            ),
            (
                "Paytable Green Dragon 8",
                "Treasure of the 5 Dragons - Green Dragon 8",
            ),
            (
                "Paytable Blue Dragon 9s",
                "Treasure of the 5 Dragons - Blue Dragon 9s",
            ),
            (
                "Paytable Red Dragon 7s",
                "Treasure of the 5 Dragons - Red Dragon 7s",
            ),
            (
                "Paytable Red Dragon 6s",
                "Treasure of the 5 Dragons - Red Dragon 6s",
            ),
            ("Paytable Any Dragon Suite A", "Any Dragon Suite A"),
            ("Paytable Any Dragon Suite B", "Any Dragon Suite B"),
            (
                "Infinite Fortune paytable",
                "The Infinite Fortune paytable is given below",
            ),
            ("Bad Beat", "\nBad Beat\n"),
            (
                "Bad Beat paytable",
                "The Bad Beat paytables are given below",
            ),
            ("Banker or Player Pair", "\nBanker or Player Pair\n"),
            (
                "Banker or Player Pair paytable",
                "The Banker or Player Pair paytable",
            ),
            ("Phoenix Bonus", "\nPhoenix Bonus\n"),
            ("Phoenix Bonus paytable", "The Phoenix Bonus paytable"),
        ],
        0,
    );
}

/// An assumption's quoted words are the document's: each part of a quote
/// (parts joined by " / ") is found in the document, spacing and quote
/// marks aside.
#[test]
fn every_assumption_quotes_its_document() {
    let norm = |t: &str| {
        t.replace(['“', '”'], "\"")
            .replace(['’'], "'")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    for path in certify::spec::spec_files("rules") {
        let s = spec(&path);
        for a in &s.assumptions {
            let text = document(&a.document);
            let text = norm(&text);
            for part in a.quote.split(" / ") {
                assert!(
                    text.contains(&norm(part)),
                    "{path}: assumption `{}` quotes {part:?}, not in {}",
                    a.id,
                    a.document
                );
            }
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
