//! The PDF rendering of a report, made by certify itself: fonts embedded
//! from the `typst-assets` crate (chosen by family and style name; no
//! system font, no external program), laid out from the report's Markdown
//! into A4 pages: proportional type (Libertinus Serif) for prose and
//! tables, monospace (DejaVu Sans Mono) only for code, ruled tables with
//! right-aligned numeric columns, a running header (spec id and results
//! hash), "page i of n" footers, an outline of every section and, past ten
//! pages, a table of contents. Document metadata (title, author, subject,
//! keywords) is set; no date is written, so the bytes are reproducible.
//!
//! Not PDF/A-2b: krilla 0.8's PDF/A-2 validators require a document date
//! (`ValidationError::MissingDocumentDate`, for the XMP history), and a
//! date would break byte-reproducibility.

mod draw;
pub mod fonts;
pub mod layout;
pub mod markdown;

use crate::diag::report::ReportError;
pub use layout::{Anchor, Laid, Op, Role, TableInfo, Text};

/// Lays the report's Markdown out on pages without drawing them: what the
/// PDF shows, page by page, with each piece of text's position and size.
pub fn layout(markdown: &str, running_head: &str) -> Result<Laid, ReportError> {
    let fonts = fonts::Fonts::load()?;
    Ok(layout::layout(
        &fonts,
        &markdown::parse(markdown),
        running_head,
    ))
}

/// Renders the report's Markdown as PDF bytes.
pub fn render(markdown: &str, running_head: &str) -> Result<Vec<u8>, ReportError> {
    let fonts = fonts::Fonts::load()?;
    let blocks = markdown::parse(markdown);
    let laid = layout::layout(&fonts, &blocks, running_head);
    draw::draw(&fonts, &laid, &draw::info(&blocks))
}
