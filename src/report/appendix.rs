//! Appendix A: the handwritten cases, one row per case — the cards it
//! deals, every check's expected and actual settlement, and where in the
//! document it comes from (its quotations found there), once. The main body keeps a short summary.
//! The JSON carries the same rows as `fixture_cases`.

use crate::fixtures::{CaseResult, DealtHand};
use crate::report::model::{Kind, Section, Table};

/// The heading of the appendix, referred to from the main body.
pub(crate) const HEADING: &str = "Appendix A. Handwritten cases";

/// One fixture case and all its checks.
pub(crate) struct Case<'a> {
    pub(crate) file: &'a str,
    pub(crate) name: &'a str,
    pub(crate) source: &'a str,
    pub(crate) cards: &'a [DealtHand],
    pub(crate) checks: Vec<&'a CaseResult>,
}

impl Case<'_> {
    pub(crate) fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.pass)
    }
}

/// The checks grouped into cases. The runner emits a case's checks one
/// after another, so a case is a run of checks from one file with one name
/// and one deal.
pub(crate) fn cases(results: &[CaseResult]) -> Vec<Case<'_>> {
    let mut out: Vec<Case> = Vec::new();
    for r in results {
        match out.last_mut() {
            Some(c)
                if c.file == r.file
                    && c.name == r.case
                    && c.source == r.source
                    && c.cards == r.cards.as_slice() =>
            {
                c.checks.push(r)
            }
            _ => out.push(Case {
                file: &r.file,
                name: &r.case,
                source: &r.source,
                cards: &r.cards,
                checks: vec![r],
            }),
        }
    }
    out
}

/// `player 6s Kd · banker 2c 3s Kh`: each hand's cards in the order received.
pub(crate) fn cards_text(cards: &[DealtHand]) -> String {
    if cards.is_empty() {
        return "(none)".into();
    }
    cards
        .iter()
        .map(|h| format!("{} {}", h.hand, h.cards.replace(',', " ")))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The short summary the main body keeps in place of the case table.
pub(crate) fn summary(sec: &mut Section, results: &[CaseResult]) {
    let cases = cases(results);
    let passed = cases.iter().filter(|c| c.passed()).count();
    let checks_passed = results.iter().filter(|r| r.pass).count();
    let files: std::collections::BTreeSet<&str> = cases.iter().map(|c| c.file).collect();
    sec.heading(3, "Handwritten cases");
    sec.para(format!(
        "{} handwritten cases, each naming where in the document it comes from ({} {}), {} checks of settlements, totals and rounds the rules must refuse: {} of {} cases and {} of {} checks passed. Every case, with its cards, is in Appendix A at the end of this report.",
        cases.len(),
        if files.len() == 1 { "file" } else { "files" },
        files.into_iter().collect::<Vec<_>>().join(", "),
        results.len(),
        passed,
        cases.len(),
        checks_passed,
        results.len(),
    ));
}

/// `target: value` per check, joined: one cell holds all a case's checks.
fn checks_cell(case: &Case, value: impl Fn(&CaseResult) -> &str) -> String {
    case.checks
        .iter()
        .map(|c| format!("{}: {}", c.target, value(c)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The appendix: one row per case.
pub(crate) fn appendix(results: &[CaseResult], document_read: bool) -> Section {
    let cases = cases(results);
    let mut sec = Section::new("cases", HEADING);
    let quoted = if document_read {
        "in quotation marks the document's own words, each found in it"
    } else {
        "in quotation marks the words the case quotes from it, unverified: the document was not available"
    };
    sec.para(format!("One row per case: the cards dealt to each hand in the order it received them, where in the document the case comes from ({quoted}; the rest in the rule file's words), and for every check (a wager under a pay table, the final totals, or a round that must be refused) the expected and the actual settlement."));
    let mut t = Table::names(vec![
        "#", "case", "source", "cards", "expected", "actual", "result",
    ])
    .kind(0, Kind::Count);
    for (k, c) in cases.iter().enumerate() {
        t.row(vec![
            (k + 1).to_string(),
            c.name.to_string(),
            c.source.to_string(),
            cards_text(c.cards),
            checks_cell(c, |r| &r.expected),
            checks_cell(c, |r| &r.got),
            if c.passed() { "pass" } else { "FAIL" }.to_string(),
        ]);
    }
    sec.table(t);
    sec
}
