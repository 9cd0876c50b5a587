//! How a document is set on the page: margins, type sizes, and what runs
//! in the head and the foot of each page. The report is set in
//! [`Style::report`] (the sizes of [`super::page`], which its snapshots
//! hold byte for byte); the player's leaflet in [`Style::leaflet`]: larger
//! type, wider margins, no running header. One renderer sets both; a style
//! only changes numbers, never what is drawn from the document.

use super::page::{BOTTOM, H, LEFT, RIGHT, TABLE_FLOOR, TABLE_MAX, TOP};

/// The page's geometry and type sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Left edge of the text, in points from the page's left edge.
    pub left: f32,
    /// Right edge of the text.
    pub right: f32,
    /// Top of the first line, from the page's top edge.
    pub top: f32,
    /// Lowest point text may reach, from the page's top edge.
    pub bottom: f32,
    /// Every type size, gap and indent of prose and headings is multiplied
    /// by this (1 for the report: body 10 pt).
    pub scale: f32,
    /// The largest table size; a table that does not fit is set smaller,
    /// down to `table_floor`, then wraps its cells.
    pub table_max: f32,
    pub table_floor: f32,
    /// The running header above a rule on every page (the report: the tool,
    /// spec and results hash); None: no header and no rule.
    pub head: Option<String>,
    /// The footer before " — page i of n".
    pub footer: String,
}

impl Style {
    /// The report's style: body 10 pt, tables 8.5 to 7 pt, the running
    /// header `head`.
    pub fn report(head: &str) -> Style {
        Style {
            left: LEFT,
            right: RIGHT,
            top: TOP,
            bottom: BOTTOM,
            scale: 1.0,
            table_max: TABLE_MAX,
            table_floor: TABLE_FLOOR,
            head: Some(head.to_string()),
            footer: "Manufacturer's mathematical analysis".to_string(),
        }
    }

    /// The player's leaflet: read at arm's length. Body 13 pt (the
    /// report's 10 pt scaled by 1.3), headings 15 to 22 pt, pay tables
    /// at body size (never below 11 pt), margins of 60 pt (21 mm) at the
    /// sides and 54 pt at the top and bottom, and no running header: a
    /// player has no use for a results hash at the top of every page (the
    /// leaflet's last lines give it once). `footer` names the game.
    pub fn leaflet(footer: &str) -> Style {
        Style {
            left: 60.0,
            right: super::page::W - 60.0,
            top: 54.0,
            bottom: H - 54.0,
            scale: 1.3,
            table_max: 13.0,
            table_floor: 11.0,
            head: None,
            footer: footer.to_string(),
        }
    }
}
