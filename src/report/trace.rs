//! Appendix B's traceability matrix: each place of the rule document with
//! the rule file's readings of it, the handwritten cases that cite it and
//! the figures it affects; the coverage line; and how the quotations of the
//! document's words were found. The readings table is this matrix.

use super::inputs::Inputs;
use super::model::{Section, Table};
use crate::fixtures::CaseResult;
use crate::model::Spec;
use crate::trace::{CaseRef, Figure, Matched, PlaceKind, PlaceRef, Quotation, Status, Trace};
use std::collections::BTreeMap;

/// Each case's number in Appendix A, by file and name.
pub(crate) fn case_numbers(results: &[CaseResult]) -> BTreeMap<CaseRef, u32> {
    let mut out = BTreeMap::new();
    for (k, c) in super::appendix::cases(results).iter().enumerate() {
        out.entry(CaseRef {
            file: c.file.to_string(),
            case: c.name.to_string(),
        })
        .or_insert(k as u32 + 1);
    }
    out
}

/// A figure as the report names it.
pub(crate) fn figure_name(spec: &Spec, f: &Figure) -> String {
    match f {
        Figure::EveryWager => "every wager".into(),
        Figure::Wager(w) => super::words::wager(spec, w),
        Figure::PayTable { wager, pay_table } => super::words::wager_table(spec, wager, pay_table),
        Figure::Combined(c) => spec
            .combined
            .iter()
            .find(|x| &x.id == c)
            .map_or_else(|| super::words::plain(c), |x| x.name.clone()),
        Figure::TableRounds => "table rounds".into(),
    }
}

/// The quotations found other than word for word, with where.
pub(crate) fn tolerated(t: &Trace) -> impl Iterator<Item = (&Quotation, &crate::trace::Located)> {
    t.quotations.iter().filter_map(|q| {
        q.found
            .as_ref()
            .filter(|f| f.matched != Matched::Exact)
            .map(|f| (q, f))
    })
}

/// `item 5 (No Third Cards Drawn), line 47`: a place as a row names it.
fn place_text(p: &PlaceRef) -> String {
    let name = match (p.kind, &p.title) {
        (PlaceKind::Item, Some(t)) => format!("{} ({t})", capital(&p.name)),
        (PlaceKind::Item, None) => capital(&p.name),
        (PlaceKind::Table, _) => format!("Table “{}”", p.name),
        (PlaceKind::Opening, _) => "Opening lines".into(),
        (PlaceKind::Heading, _) => p.name.clone(),
    };
    if p.end > p.line {
        format!("{name}, lines {}–{}", p.line, p.end)
    } else {
        format!("{name}, line {}", p.line)
    }
}

fn capital(s: &str) -> String {
    super::rules::capital(s)
}

/// `1–3, 7`: numbers with runs shortened.
fn runs(numbers: &[u32]) -> String {
    let mut v = numbers.to_vec();
    v.sort_unstable();
    v.dedup();
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < v.len() {
        let mut j = k;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        out.push(match j - k {
            0 => v[k].to_string(),
            1 => format!("{}, {}", v[k], v[j]),
            _ => format!("{}–{}", v[k], v[j]),
        });
        k = j + 1;
    }
    out.join(", ")
}

/// What a row's readings say and how the rule file reads them.
fn read_as(row: &crate::trace::Row) -> (String, String) {
    let mut says = Vec::new();
    let mut how = Vec::new();
    for r in &row.readings {
        let lead = r
            .within
            .as_ref()
            .map(|w| format!("{w}: "))
            .unwrap_or_default();
        if let Some(s) = &r.reading.says {
            says.push(format!("{lead}{s}"));
        }
        let mut parts = Vec::new();
        let list = |v: &[String]| {
            v.iter()
                .map(|x| format!("`{x}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !r.reading.rules.is_empty() {
            parts.push(format!("rule: {}", list(&r.reading.rules)));
        }
        if !r.reading.assumptions.is_empty() {
            parts.push(format!("assumption: {}", list(&r.reading.assumptions)));
        }
        if !r.reading.interpretations.is_empty() {
            parts.push(format!(
                "interpretation: {}",
                list(&r.reading.interpretations)
            ));
        }
        if let Some(why) = &r.reading.not_modelled {
            parts.push(format!("not modelled: {why}"));
        }
        if let Some(note) = &r.reading.note {
            parts.push(format!("note: {note}"));
        }
        if !parts.is_empty() {
            how.push(format!("{lead}{}", parts.join("; ")));
        }
    }
    let extra: Vec<&String> = row
        .assumptions
        .iter()
        .filter(|a| {
            !row.readings
                .iter()
                .any(|r| r.reading.assumptions.contains(a))
        })
        .collect();
    if !extra.is_empty() {
        how.push(format!(
            "assumption located here: {}",
            extra
                .iter()
                .map(|a| format!("`{a}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if row.status == Status::NotAccountedFor {
        how.push("NOT ACCOUNTED FOR: no reading of the rule file names it".into());
    }
    (says.join(" / "), how.join(" / "))
}

/// Appendix B's part: the matrix, its coverage and the quotations.
pub(crate) fn appendix_part(sec: &mut Section, inp: &Inputs) {
    let t = inp.trace;
    let m = &t.matrix;
    let spec = inp.spec;
    sec.heading(3, "Traceability matrix");
    if m.read {
        sec.para(format!(
            "Each numbered item, heading and table of {} (found by its layout: the line numbers are the file's), in the document's order: how the rule file reads it, the handwritten cases of Appendix A that cite it (by their words found there or the item they name), and the figures it affects. In the rule file's words, quotation marks hold the document's own words, each found in it; the rest is the rule file's paraphrase.",
            m.document
        ));
    } else {
        sec.para(format!(
            "The rule document {} was not available: the rows are the rule file's readings as written, none checked against the document, and which of the document's items they cover is not known. The quotations in the rule file and the handwritten cases are unverified.",
            m.document
        ));
    }
    let numbers = case_numbers(inp.fixtures);
    // Of a document not read, the words are the rule file's, unverified.
    let says = if m.read {
        "what it says"
    } else {
        "the rule file's account of it (unverified)"
    };
    let mut table = Table::names(vec!["place", says, "read as", "cases", "affects"]);
    for row in &m.rows {
        let place = match &row.place {
            Some(p) => place_text(p),
            None => row
                .readings
                .iter()
                .map(|r| r.item.clone())
                .collect::<Vec<_>>()
                .join(", "),
        };
        let (says, how) = read_as(row);
        let cases: Vec<u32> = row
            .cases
            .iter()
            .filter_map(|c| numbers.get(c).copied())
            .collect();
        let figures: Vec<String> = row.figures.iter().map(|f| figure_name(spec, f)).collect();
        table.row(vec![place, says, how, runs(&cases), figures.join("; ")]);
    }
    sec.table(table);
    if m.read {
        sec.para(coverage_line(m));
    }
    if !m.cases_citing_no_place.is_empty() {
        let cases: Vec<u32> = m
            .cases_citing_no_place
            .iter()
            .filter_map(|c| numbers.get(c).copied())
            .collect();
        sec.para(format!(
            "Cases whose source cites no place of the document (a paraphrase, or the rule file's own choice): {}.",
            runs(&cases)
        ));
    }
    quotations_part(sec, t);
}

/// The coverage line: every place accounted for, or which are not.
fn coverage_line(m: &crate::trace::Matrix) -> String {
    let c = &m.coverage;
    let how = format!(
        "{} implemented by the rule file, {} not modelled with the reason it gives",
        c.implemented, c.not_modelled
    );
    if c.complete() {
        format!(
            "Coverage: every one of the {} places of {} that hold words is accounted for ({how}).",
            c.places, m.document
        )
    } else {
        format!(
            "Coverage: {} of the {} places of {} that hold words are not accounted for: {} ({how}).",
            c.not_accounted_for.len(),
            c.places,
            m.document,
            c.not_accounted_for
                .iter()
                .map(place_text)
                .collect::<Vec<_>>()
                .join("; ")
        )
    }
}

/// How the quotations were found, each one not found word for word
/// listed with the document's line and how alike.
fn quotations_part(sec: &mut Section, t: &Trace) {
    let total = t.quotations.len();
    if total == 0 {
        sec.para("The rule file and the handwritten cases quote none of the document's words.");
        return;
    }
    let unverified = t.unverified();
    let found = total - unverified;
    let listed: Vec<_> = tolerated(t).collect();
    let mut text = format!(
        "Quotations: the rule file and the handwritten cases quote the document's words {total} times; "
    );
    if found == 0 {
        text.push_str("none was checked: the document was not read.");
    } else {
        text.push_str(&format!(
            "{found} {} found in the document, {} word for word (typographic quotes, dashes, line breaks and spaces aside)",
            if found == 1 { "was" } else { "were" },
            found - listed.len()
        ));
        if !listed.is_empty() {
            text.push_str(&format!(
                ", {} as listed below (a difference of letter case, or slips of the scanned text within {}% of the characters, at most {} a word and {} in a word of {} letters or more, no digit read as another digit)",
                listed.len(),
                crate::trace::OCR_PERCENT,
                crate::trace::OCR_PER_WORD,
                crate::trace::OCR_PER_LONG_WORD,
                crate::trace::OCR_LONG_WORD,
            ));
        }
        text.push('.');
        if unverified > 0 {
            text.push_str(&format!(
                " {unverified} quote another document that was not read and are unverified."
            ));
        }
    }
    sec.para(text);
    if listed.is_empty() {
        return;
    }
    let mut table = Table::names(vec!["quotation", "written at", "document, line", "found"]);
    for (q, f) in listed {
        table.row(vec![
            format!("“{}”", q.words),
            format!("{}:{}", q.file, q.line),
            format!("{}, line {}", q.document, f.line),
            match f.matched {
                Matched::Ocr { percent } => format!("{percent}% alike"),
                _ => "letter case differs".into(),
            },
        ]);
    }
    sec.table(table);
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs_are_shortened() {
        assert_eq!(
            super::runs(&[7, 1, 2, 3, 5, 6, 9, 11, 12]),
            "1–3, 5–7, 9, 11, 12"
        );
        assert_eq!(super::runs(&[]), "");
    }
}
