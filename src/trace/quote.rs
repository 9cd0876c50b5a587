//! A quotation as the trace stage found it: where it is written, its
//! words, and where the document prints them.

use super::find::Matched;

/// A quotation of a spec or fixture file: where it is written, its words,
/// the document it quotes and where that prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotation {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub words: String,
    pub document: String,
    /// None: the document was not read, the quotation is unverified.
    pub found: Option<Located>,
}

/// Where a document prints a quotation's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub matched: Matched,
    /// The document line its first words are on.
    pub line: usize,
}
