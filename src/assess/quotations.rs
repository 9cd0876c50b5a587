//! Whether the rule document's words were checked: the document read or
//! not, and each quotation of it (in the rule file and the handwritten
//! cases) found there or left unverified. Page one, the findings and the
//! limitations word a document not read from this fact alone.

use crate::trace::{Matched, Trace};
use schemars::JsonSchema;
use serde::Serialize;

/// The rule document's words as checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Quotations {
    /// The rule document was read: every quotation of it was looked up
    /// there (one not found is refused before any report is made).
    pub document_read: bool,
    /// Every quotation of the document's words, in the order written
    /// (the rule file's first, then each fixture file's).
    pub each: Vec<QuotationCheck>,
}

/// One quotation and whether the document was found to print it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct QuotationCheck {
    /// The rule file or fixture file it is written in.
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// The document it quotes.
    pub document: String,
    pub verified: Verified,
}

/// How a quotation was found in its document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Verified {
    /// Word for word (typographic quotes, dashes, line breaks, spaces and
    /// a hyphen at a line end aside).
    Exact,
    /// Word for word but for letter case.
    LetterCase,
    /// With slips of the scanned text, `percent` alike.
    ScanSlips { percent: u32 },
    /// Not checked: the document it quotes was not read.
    Unverified,
}

impl Quotations {
    /// Of the trace stage's findings.
    pub(crate) fn of(t: &Trace) -> Quotations {
        Quotations {
            document_read: t.document.read(),
            each: t
                .quotations
                .iter()
                .map(|q| QuotationCheck {
                    file: q.file.clone(),
                    line: q.line,
                    column: q.column,
                    document: q.document.clone(),
                    verified: match q.found.as_ref().map(|f| f.matched) {
                        None => Verified::Unverified,
                        Some(Matched::Exact) => Verified::Exact,
                        Some(Matched::LetterCase) => Verified::LetterCase,
                        Some(Matched::Ocr { percent }) => Verified::ScanSlips { percent },
                    },
                })
                .collect(),
        }
    }

    /// How many quotations were not checked.
    pub fn unverified(&self) -> usize {
        self.each
            .iter()
            .filter(|q| q.verified == Verified::Unverified)
            .count()
    }
}
