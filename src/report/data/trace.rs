//! The traceability matrix in the JSON document: each place of the rule
//! document, the rule file's readings of it, the handwritten cases that
//! cite it (numbered as in Appendix A and `fixture_cases`), the figures it
//! affects; the coverage; and how the quotations were found. The readings
//! table is this matrix (`readings.matrix`).

use crate::report::inputs::Inputs;
use crate::trace::{Matched, Status};
use schemars::JsonSchema;
use serde::Serialize;

/// The traceability matrix of the rule document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Matrix {
    /// The rule document's file name.
    pub document: String,
    /// SHA-256 of the document file read; null: it was not there, and
    /// nothing (quotation, reference, coverage) was checked against it.
    pub document_sha256: Option<String>,
    /// In the document's order; with the document not read, one row per
    /// reading of the rule file, as written.
    pub rows: Vec<Row>,
    /// How the places that hold words are accounted for; null when the
    /// document was not read.
    pub coverage: Option<Coverage>,
    /// Handwritten cases (numbers of Appendix A) whose source cites no
    /// place found in the document.
    pub cases_citing_no_place: Vec<u32>,
    /// The quotations of the document's words in the rule file and the
    /// handwritten cases.
    pub quotations: Quotations,
}

/// A place of the document and what traces to it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Row {
    /// The place; null when the document was not read.
    pub place: Option<Place>,
    /// "implemented" (a reading names what implements it), "not_modelled"
    /// (its readings say why nothing does), "not_accounted_for" (it holds
    /// words no reading names) or "title" (a heading over other places).
    pub status: &'static str,
    /// The rule file's readings of the place.
    pub readings: Vec<Item>,
    /// Assumptions (ids) that read it.
    pub assumptions: Vec<String>,
    /// Handwritten cases (numbers of Appendix A) that cite it.
    pub cases: Vec<u32>,
    /// The figures it affects, as the report names them ("every wager",
    /// a wager, "wager — pay table", a combined entry, "table rounds").
    pub figures: Vec<String>,
}

/// A numbered item, heading or table of the document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Place {
    /// "opening" (the lines before the first place), "heading", "item"
    /// or "table".
    pub kind: &'static str,
    /// As the document names it: "item 3", a heading, a table's title.
    pub name: String,
    /// An item's own title, if it has one.
    pub title: Option<String>,
    /// First and last line of the document file.
    pub line: usize,
    pub end: usize,
}

/// One reading of a place, as the rule file writes it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Item {
    /// The reference as written (`item:`).
    pub item: String,
    /// Where within the place, in the rule file's words.
    pub within: Option<String>,
    /// What it says: the rule file's words, its quotation marks around the
    /// document's own.
    pub says: Option<String>,
    /// Spec rules that read it.
    pub rules: Vec<String>,
    /// Assumptions that read it.
    pub assumptions: Vec<String>,
    /// Interpretations that read it.
    pub interpretations: Vec<String>,
    /// Why the item is not modelled.
    pub not_modelled: Option<String>,
    /// A note.
    pub note: Option<String>,
}

/// How the places that hold words are accounted for.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Coverage {
    /// Places that hold words (titles over other places left out).
    pub places: usize,
    pub implemented: usize,
    pub not_modelled: usize,
    /// Places that hold words no reading names.
    pub not_accounted_for: Vec<Place>,
}

/// The quotations and how each was found.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Quotations {
    /// Every quotation of the rule file and the handwritten cases.
    pub total: usize,
    /// Found word for word (typography and whitespace aside).
    pub exact: usize,
    /// Found with letters in another case.
    pub letter_case: usize,
    /// Found within the OCR tolerance (each listed in `tolerated`).
    pub ocr: usize,
    /// Not checked: their document was not read.
    pub unverified: usize,
    /// Each quotation found other than word for word.
    pub tolerated: Vec<Tolerated>,
}

/// A quotation found other than word for word.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Tolerated {
    /// The words as quoted.
    pub words: String,
    /// Where they are written: file and line.
    pub written: String,
    /// The document and the line its words are on.
    pub document: String,
    pub line: usize,
    /// "letter_case" or "ocr".
    pub matched: &'static str,
    /// For "ocr": how alike, in percent (100 less the share of characters
    /// that differ).
    pub percent: Option<u32>,
}

/// `readings.matrix`.
pub fn matrix(inp: &Inputs) -> Matrix {
    let t = inp.trace;
    let m = &t.matrix;
    let numbers = crate::report::trace::case_numbers(inp.fixtures);
    let number = |c: &crate::trace::CaseRef| numbers.get(c).copied();
    let place = |p: &crate::trace::PlaceRef| Place {
        kind: p.kind.as_str(),
        name: p.name.clone(),
        title: p.title.clone(),
        line: p.line,
        end: p.end,
    };
    let rows = m
        .rows
        .iter()
        .map(|r| Row {
            place: r.place.as_ref().map(place),
            status: match r.status {
                Status::Implemented => "implemented",
                Status::NotModelled => "not_modelled",
                Status::NotAccountedFor => "not_accounted_for",
                Status::Title => "title",
            },
            readings: r
                .readings
                .iter()
                .map(|x| Item {
                    item: x.item.clone(),
                    within: x.within.clone(),
                    says: x.reading.says.clone(),
                    rules: x.reading.rules.clone(),
                    assumptions: x.reading.assumptions.clone(),
                    interpretations: x.reading.interpretations.clone(),
                    not_modelled: x.reading.not_modelled.clone(),
                    note: x.reading.note.clone(),
                })
                .collect(),
            assumptions: r.assumptions.clone(),
            cases: r.cases.iter().filter_map(number).collect(),
            figures: r
                .figures
                .iter()
                .map(|f| crate::report::trace::figure_name(inp.spec, f))
                .collect(),
        })
        .collect();
    let count = |k: fn(&Matched) -> bool| {
        t.quotations
            .iter()
            .filter(|q| q.found.as_ref().is_some_and(|f| k(&f.matched)))
            .count()
    };
    Matrix {
        document: m.document.clone(),
        document_sha256: t.document.sha256.clone(),
        rows,
        coverage: m.read.then(|| Coverage {
            places: m.coverage.places,
            implemented: m.coverage.implemented,
            not_modelled: m.coverage.not_modelled,
            not_accounted_for: m.coverage.not_accounted_for.iter().map(place).collect(),
        }),
        cases_citing_no_place: m.cases_citing_no_place.iter().filter_map(number).collect(),
        quotations: Quotations {
            total: t.quotations.len(),
            exact: count(|m| *m == Matched::Exact),
            letter_case: count(|m| *m == Matched::LetterCase),
            ocr: count(|m| matches!(m, Matched::Ocr { .. })),
            unverified: t.unverified(),
            tolerated: crate::report::trace::tolerated(t)
                .map(|(q, f)| Tolerated {
                    words: q.words.clone(),
                    written: format!("{}:{}", q.file, q.line),
                    document: q.document.clone(),
                    line: f.line,
                    matched: match f.matched {
                        Matched::Ocr { .. } => "ocr",
                        _ => "letter_case",
                    },
                    percent: match f.matched {
                        Matched::Ocr { percent } => Some(percent),
                        _ => None,
                    },
                })
                .collect(),
        },
    }
}
