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
    /// A table row's line height, in sizes of its type (the report's 1.3).
    pub table_lead: f32,
    /// The space between blocks (before a heading, a paragraph or a table,
    /// and after a table) is multiplied by this (1 for the report).
    pub space: f32,
    /// The running header above a rule on every page (the report: the tool,
    /// spec and results hash); None: no header and no rule.
    pub head: Option<String>,
    /// The footer before " — page i of n".
    pub footer: String,
    /// Each section (a heading of level 1 or 2 and what follows it up to
    /// the next) starts a new page rather than break across one, when it
    /// fits on a page (the leaflet: a bet is read whole).
    pub keep_sections: bool,
    /// A table that must wrap takes the column widths that make it
    /// shortest (one column at its natural width, the others sharing the
    /// rest), where the report shares the width evenly (water-filling).
    pub short_tables: bool,
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
            table_lead: 1.3,
            space: 1.0,
            head: Some(head.to_string()),
            footer: "Manufacturer's mathematical analysis".to_string(),
            keep_sections: false,
            short_tables: false,
        }
    }

    /// The player's leaflet: read at arm's length. Body 12 pt (the
    /// report's 10 pt scaled by 1.2), headings 14 to 20 pt, pay tables
    /// at body size (never below 11 pt), margins of 54 pt (19 mm) at the
    /// sides and 48 pt at the top and bottom, each bet kept whole on a page,
    /// tables as short as their columns allow, and no running header: a
    /// player has no use for a results hash at the top of every page (the
    /// leaflet's last lines give it once). `footer` names the leaflet.
    pub fn leaflet(footer: &str) -> Style {
        Style {
            left: 48.0,
            right: super::page::W - 48.0,
            top: 42.0,
            bottom: H - 44.0,
            scale: 1.2,
            table_max: 12.0,
            table_floor: 11.0,
            table_lead: 1.2,
            space: 0.6,
            head: None,
            footer: footer.to_string(),
            keep_sections: true,
            short_tables: true,
        }
    }

    /// The leaflet's styles from the most generous to the most compact:
    /// [`Style::leaflet`]; the same with bets allowed to break across a
    /// page; then body 11 pt with pay tables at 10.5 to 10 pt and tighter
    /// spacing. The leaflet takes the first that sets it on two pages.
    pub fn leaflet_fits(footer: &str) -> [Style; 3] {
        let generous = Style::leaflet(footer);
        let flowing = Style {
            keep_sections: false,
            ..generous.clone()
        };
        let compact = Style {
            scale: 1.1,
            table_max: 10.5,
            table_floor: 10.0,
            table_lead: 1.15,
            space: 0.5,
            ..flowing.clone()
        };
        [generous, flowing, compact]
    }
}
