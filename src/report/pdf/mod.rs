//! The PDF rendering of a report, made by certify itself: fonts embedded
//! from the files shipped in `fonts/` (each checked by family and style
//! name; no system font, no external program), laid out from the report's
//! [`Document`] into A4 pages: proportional type (Libertinus Serif) for
//! prose and tables, monospace (DejaVu Sans Mono) only for code, ruled
//! tables with figure columns right-aligned, a running header (spec id and
//! results hash), "page i of n" footers, an outline of every section and,
//! past ten pages, a table of contents. Document metadata (title, author,
//! subject, keywords) comes from the document's own. The document is
//! PDF/A-2b, validated by krilla while it is written; its one date (which
//! PDF/A requires) is the release date of the certify that wrote it
//! ([`crate::report::release`]), never the clock, so the bytes are
//! reproducible.

mod chart;
mod draw;
pub mod flow;
pub mod fonts;
pub mod layout;
pub mod page;
mod setter;
mod table;

use crate::diag::report::ReportError;
use crate::report::model::Document;

/// The archival standard every PDF is written to and validated against;
/// the manifest states it (`pdf_conformance`).
pub const CONFORMANCE: &str = "PDF/A-2b";
pub use page::{Anchor, Laid, Op, Role, TableInfo, Text};

/// Lays the report out on pages without drawing them: what the PDF shows,
/// page by page, with each piece of text's position and size.
pub fn layout(doc: &Document, running_head: &str) -> Result<Laid, ReportError> {
    let fonts = fonts::Fonts::load()?;
    Ok(layout::layout(&fonts, &flow::flow(doc), running_head))
}

/// Renders the report as PDF bytes.
pub fn render(doc: &Document, running_head: &str) -> Result<Vec<u8>, ReportError> {
    let fonts = fonts::Fonts::load()?;
    let laid = layout::layout(&fonts, &flow::flow(doc), running_head);
    draw::draw(&fonts, &laid, &doc.meta)
}
