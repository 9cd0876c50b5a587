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
pub mod style;
mod table;

use crate::diag::report::ReportError;
use crate::report::model::Document;

/// The archival standard every PDF is written to and validated against;
/// the manifest states it (`pdf_conformance`).
pub const CONFORMANCE: &str = "PDF/A-2b";
pub use page::{Anchor, Laid, Op, Role, TableInfo, Text};
pub use style::Style;

/// Lays the report out on pages without drawing them: what the PDF shows,
/// page by page, with each piece of text's position and size.
pub fn layout(doc: &Document, running_head: &str) -> Result<Laid, ReportError> {
    layout_styled(doc, &Style::report(running_head))
}

/// [`layout`] in a style of its own (the leaflet's).
pub fn layout_styled(doc: &Document, style: &Style) -> Result<Laid, ReportError> {
    let fonts = fonts::Fonts::load()?;
    Ok(layout::layout(&fonts, &flow::flow(doc), style))
}

/// Renders the report as PDF bytes.
pub fn render(doc: &Document, running_head: &str) -> Result<Vec<u8>, ReportError> {
    render_styled(doc, &Style::report(running_head))
}

/// Renders a document in `style` as PDF bytes (the report's style is
/// [`Style::report`]).
pub fn render_styled(doc: &Document, style: &Style) -> Result<Vec<u8>, ReportError> {
    let fonts = fonts::Fonts::load()?;
    let laid = layout::layout(&fonts, &flow::flow(doc), style);
    draw::draw(&fonts, &laid, &doc.meta)
}
