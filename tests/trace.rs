//! Traceability (issue 48): every quotation of the document's words is
//! found in the rule document, every reference to a place of it resolves,
//! and a spec cannot say both that the document leaves no question open
//! and that it does. Each refusal is checked at its file, line and column
//! and with what it shows (the nearest passage, the document's places);
//! the expected lines come from the document's text as read here.

mod support;

use std::path::{Path, PathBuf};
use support::certify_in;

/// A folder holding the Lucky Monkey spec, its document and its fixtures,
/// as `certify init` lays one out; `edit` changes the spec's text and
/// `edit_fixture` the fixture file's.
fn folder(name: &str, edit: &[(&str, &str)], edit_fixture: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-trace-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("rules/documents")).unwrap();
    std::fs::create_dir_all(dir.join("fixtures")).unwrap();
    let mut spec = std::fs::read_to_string("rules/lucky_monkey.yaml").unwrap();
    for (from, to) in edit {
        assert!(spec.contains(from), "{from:?} not in the spec");
        spec = spec.replacen(from, to, 1);
    }
    std::fs::write(dir.join("rules/lucky_monkey.yaml"), spec).unwrap();
    std::fs::copy(
        "rules/documents/lucky_monkey_side_bet.txt",
        dir.join("rules/documents/lucky_monkey_side_bet.txt"),
    )
    .unwrap();
    let mut fx = std::fs::read_to_string("fixtures/lucky_monkey.yaml").unwrap();
    for (from, to) in edit_fixture {
        assert!(fx.contains(from), "{from:?} not in the fixtures");
        fx = fx.replacen(from, to, 1);
    }
    std::fs::write(dir.join("fixtures/lucky_monkey.yaml"), fx).unwrap();
    dir
}

fn check(dir: &Path) -> certify::cli::Output {
    certify_in(
        dir,
        &["check", "rules/lucky_monkey.yaml", "--color", "never"],
    )
}

/// `certify check` in `dir`, which must refuse: its error output.
fn refused(dir: &Path) -> String {
    let o = check(dir);
    assert_ne!(o.code, 0, "accepted: {}", o.stdout);
    o.stderr
}

/// The 1-based line of `text` holding `needle`, and the column (1-based,
/// in characters) where `needle` starts.
fn at(text: &str, needle: &str) -> (usize, usize) {
    let (i, l) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not found"));
    (i + 1, l[..l.find(needle).unwrap()].chars().count() + 1)
}

const DOC: &str = include_str!("../rules/documents/lucky_monkey_side_bet.txt");

#[test]
fn a_fabricated_quotation_in_a_fixture_is_refused_with_its_place_and_the_nearest_passage() {
    let fake = "If one of the third cards, but not both, is a King, Queen, or Jack, the bettor wins holding four cards.";
    let dir = folder(
        "fixture",
        &[],
        &[(
            "'If one of the third cards, but not both, is a King, Queen, or Jack, the bettor wins.'",
            &format!("'{fake}'"),
        )],
    );
    let err = refused(&dir);
    let fx = std::fs::read_to_string(dir.join("fixtures/lucky_monkey.yaml")).unwrap();
    // At the quotation's opening mark.
    let (line, col) = at(&fx, &format!("'{fake}"));
    assert!(
        err.contains(&format!("fixtures/lucky_monkey.yaml:{line}:{col}\n")),
        "{}",
        err
    );
    assert!(err.contains("quotation not found"), "{}", err);
    // The nearest passage is item 1, on the document's own line.
    let (doc_line, _) = at(DOC, "If one of the third cards, but not both");
    assert!(
        err.contains(&format!(
            "the nearest passage, line {doc_line} of lucky_monkey_side_bet.txt"
        )),
        "{}",
        err
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fabricated_quotation_in_an_assumption_is_refused_at_the_quote() {
    let real = "If both cards are any combination of Kings, Queens, or Jacks, the bettor wins with a higher payout.";
    let fake = "a Banker natural never counts as a win";
    let dir = folder("assumption", &[(real, fake)], &[]);
    let err = refused(&dir);
    let spec = std::fs::read_to_string(dir.join("rules/lucky_monkey.yaml")).unwrap();
    let (line, _) = at(&spec, fake);
    assert!(
        err.contains(&format!("rules/lucky_monkey.yaml:{line}:")),
        "{}",
        err
    );
    assert!(err.contains("quotation not found"), "{}", err);
    assert!(err.contains("the nearest passage, line "), "{}", err);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn scanned_text_slips_are_tolerated_within_the_threshold_and_shown() {
    // One letter misread in a word (Qucen), and line breaks, typographic
    // quotes and case: found, with how alike.
    let dir = folder(
        "ocr",
        &[],
        &[(
            "'If one of the third cards, but not both, is a King, Queen, or Jack, the bettor wins.'",
            "'If one of the third cards, but not both, is a King, Qucen, or Jack, the bettor wins.'",
        )],
    );
    let o = check(&dir);
    assert_eq!(o.code, 0, "{}", o.stderr);
    // Too many slips: refused.
    let dir2 = folder(
        "ocr-far",
        &[],
        &[(
            "'If one of the third cards, but not both, is a King, Queen, or Jack, the bettor wins.'",
            "'If onc of tha thrid crads, but nat bath, is a Kang, Qucen, or Jeck, the bottor wons.'",
        )],
    );
    let o = check(&dir2);
    assert_ne!(o.code, 0, "accepted: {}", o.stdout);
    assert!(o.stderr.contains("% alike)"), "{}", o.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn fragments_joined_by_dots_must_appear_in_order() {
    let ok = folder(
        "dots",
        &[],
        &[(
            "'If one of the third cards, but not both, is a King, Queen, or Jack, the bettor wins.'",
            "'If one of the third cards ... the bettor wins.'",
        )],
    );
    assert_eq!(check(&ok).code, 0);
    let swapped = folder(
        "dots-swapped",
        &[],
        &[(
            "'If one of the third cards, but not both, is a King, Queen, or Jack, the bettor wins.'",
            "'Otherwise, the House collects the side bet ... If one of the third cards'",
        )],
    );
    let o = check(&swapped);
    assert_ne!(o.code, 0, "accepted: {}", o.stdout);
    assert!(
        o.stderr.contains("must appear in the document's order"),
        "{}",
        o.stderr
    );
    let _ = std::fs::remove_dir_all(&ok);
    let _ = std::fs::remove_dir_all(&swapped);
}

#[test]
fn references_resolve_or_are_refused_with_the_documents_places() {
    // A heading misspelled: refused at the reference, listing the places.
    let dir = folder(
        "reference",
        &[(
            "  - item: \"Baccarat Draw Rules\"",
            "  - item: \"Baccarat Draw Rulez\"",
        )],
        &[],
    );
    let o = check(&dir);
    assert_ne!(o.code, 0, "accepted: {}", o.stdout);
    let spec = std::fs::read_to_string(dir.join("rules/lucky_monkey.yaml")).unwrap();
    // At the reference's YAML scalar, its opening quote.
    let (line, col) = at(&spec, "\"Baccarat Draw Rulez\"");
    assert!(
        o.stderr
            .contains(&format!("rules/lucky_monkey.yaml:{line}:{col}\n")),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr
            .contains("names no numbered item, heading or table"),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr.contains("Baccarat Draw Rules"),
        "the places listed: {}",
        o.stderr
    );
    // An item the document does not number (it numbers 1 to 5).
    let dir2 = folder(
        "item",
        &[(
            "      at: \"item 4; the paytables\"",
            "      at: \"item 9; the paytables\"",
        )],
        &[],
    );
    let o = check(&dir2);
    assert_ne!(o.code, 0, "accepted: {}", o.stdout);
    assert!(o.stderr.contains("9"), "{}", o.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn unambiguous_with_assumptions_is_a_located_contradiction() {
    let dir = folder(
        "unambiguous",
        &[("  unambiguous: false", "  unambiguous: true")],
        &[],
    );
    let err = refused(&dir);
    let spec = std::fs::read_to_string(dir.join("rules/lucky_monkey.yaml")).unwrap();
    let (line, _) = at(&spec, "unambiguous: true");
    assert!(
        err.contains(&format!("rules/lucky_monkey.yaml:{line}:")),
        "{}",
        err
    );
    assert!(err.contains("`unambiguous: true`"), "{}", err);
    assert!(err.contains("assumption `highest_row_only`"), "{}", err);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_paraphrase_without_quotation_marks_is_not_looked_up() {
    let dir = folder(
        "paraphrase",
        &[],
        &[(
            "'If one of the third cards, but not both, is a King, Queen, or Jack, the bettor wins.'",
            "the bettor wins with exactly one face card among the third cards (paraphrase)",
        )],
    );
    assert_eq!(check(&dir).code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every shipped spec, the library's included, checks with its fixtures:
/// its quotations are found and its references resolve.
#[test]
fn every_shipped_spec_is_verified() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for path in certify::spec::spec_files("rules") {
        let o = certify_in(root, &["check", &path]);
        assert_eq!(o.code, 0, "{path}: {}", o.stderr);
    }
    for path in certify::spec::spec_files("rules/library") {
        let o = certify_in(root, &["check", &path, "--fixtures", "fixtures/library"]);
        assert_eq!(o.code, 0, "{path}: {}", o.stderr);
    }
}

/// With the document file missing, the report states nothing the document
/// permits, prints or says: page one says it was not available and that
/// every quotation is unverified.
#[test]
fn a_report_of_a_spec_whose_document_is_missing_makes_no_claim_about_its_words() {
    let dir = folder("missing", &[], &[]);
    std::fs::remove_file(dir.join("rules/documents/lucky_monkey_side_bet.txt")).unwrap();
    let o = certify_in(&dir, &["rules/lucky_monkey.yaml", "--out", "out"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let md = std::fs::read_to_string(dir.join("out/lucky_monkey.md")).unwrap();
    let page_one = md.split("\n## 2").next().unwrap();
    assert!(page_one.contains("NOT AVAILABLE"), "{page_one}");
    assert!(
        page_one
            .contains("quotations of its words (in the rule file and the cases) are unverified"),
        "{page_one}"
    );
    for claim in [
        "the document permits",
        "the document prints",
        "the document says",
        "the document's words leave",
    ] {
        assert!(
            !page_one.contains(claim),
            "page one says {claim:?}: {page_one}"
        );
    }
    // Nor does the rest of the report, in the words certify writes where the
    // document was read (the shipped report, made with it, has them).
    let shipped = std::fs::read_to_string("reports/lucky_monkey.md").unwrap();
    for claim in [
        "| the document says",
        "the document's own words, each found in it",
        "a count the document permits (",
        "analysed; the document names no deck count (",
        "a deck count the document permits;",
        "the document does not permit those counts.",
        "The document prints no pays for this wager;",
    ] {
        assert!(
            !md.contains(claim),
            "the report says {claim:?} of a document it did not read"
        );
    }
    assert!(
        shipped.contains("| the document says")
            && shipped.contains("the document's own words, each found in it")
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/lucky_monkey.json")).unwrap())
            .unwrap();
    let q = &json["assessment"]["quotations"];
    assert_eq!(q["document_read"], false);
    assert!(
        q["each"]
            .as_array()
            .unwrap()
            .iter()
            .all(|x| x["verified"]["kind"] == "unverified")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
