//! What a laid-out page holds: the A4 geometry and type sizes, the
//! placed pieces (text, rules, shading, a figure's shapes), and the laid-out
//! document with its anchors and tables' shapes.

use super::fonts::FontId;

pub const W: f32 = 595.0;
pub const H: f32 = 842.0;
pub const LEFT: f32 = 54.0;
pub const RIGHT: f32 = W - 54.0;
pub const TOP: f32 = 60.0;
pub const BOTTOM: f32 = H - 54.0;

/// Body text size (prose, list items).
pub const BODY: f32 = 10.0;
/// The largest table size; tables are set between this and [`TABLE_FLOOR`].
pub const TABLE_MAX: f32 = 8.5;
/// No table text is set smaller than this: a wider table wraps its cells.
pub const TABLE_FLOOR: f32 = 7.0;
/// Code blocks (the manifest): monospace is set smaller by the x-height
/// ratio (about 7.1 pt), matching 9 pt prose.
pub const CODE: f32 = 9.0;
pub(super) const PAD: f32 = 3.0;
pub(super) const VPAD: f32 = 2.0;

/// What a piece of text is, for the tests and the outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Body,
    Heading(u8),
    /// A list item's text (its marker is `Marker`).
    Item,
    Marker,
    Code,
    /// A table cell: the table's index in the document, the row (0 is the
    /// header, repeated on a continuation page) and the column.
    Cell {
        table: usize,
        row: usize,
        col: usize,
    },
    Contents,
    Running,
    Footer,
    /// A label inside a figure.
    Figure,
}

/// One piece of text in one face, at its baseline, `y` measured down from
/// the top of the page.
#[derive(Clone, Debug)]
pub struct Text {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub size: f32,
    pub font: FontId,
    pub text: String,
    pub role: Role,
    pub grey: bool,
}

#[derive(Clone, Debug)]
pub enum Op {
    Text(Text),
    Rule {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
        grey: bool,
    },
    Shade {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        code: bool,
    },
    /// A filled rectangle of a figure.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        rgb: [u8; 3],
    },
    /// A stroked polyline of a figure.
    Path {
        points: Vec<(f32, f32)>,
        width: f32,
        rgb: [u8; 3],
    },
}

impl Op {
    pub(super) fn shifted(&self, dy: f32) -> Op {
        match self {
            Op::Text(t) => Op::Text(Text {
                y: t.y + dy,
                ..t.clone()
            }),
            Op::Rule {
                x1,
                y1,
                x2,
                y2,
                width,
                grey,
            } => Op::Rule {
                x1: *x1,
                y1: y1 + dy,
                x2: *x2,
                y2: y2 + dy,
                width: *width,
                grey: *grey,
            },
            Op::Shade { x, y, w, h, code } => Op::Shade {
                x: *x,
                y: y + dy,
                w: *w,
                h: *h,
                code: *code,
            },
            Op::Rect { x, y, w, h, rgb } => Op::Rect {
                x: *x,
                y: y + dy,
                w: *w,
                h: *h,
                rgb: *rgb,
            },
            Op::Path { points, width, rgb } => Op::Path {
                points: points.iter().map(|(x, y)| (*x, y + dy)).collect(),
                width: *width,
                rgb: *rgb,
            },
        }
    }
}

/// The anchor level of a figure (beneath the heading before it in the
/// outline; not in the table of contents).
pub const FIGURE: u8 = 9;

/// A heading's place, for the outline and the table of contents.
#[derive(Clone, Debug)]
pub struct Anchor {
    pub level: u8,
    pub title: String,
    /// 0-based page index.
    pub page: usize,
    pub y: f32,
}

/// A laid-out table's shape.
#[derive(Clone, Debug)]
pub struct TableInfo {
    /// Body rows (the header not counted).
    pub body_rows: usize,
    pub numeric: Vec<bool>,
    pub size: f32,
}

/// The laid-out document.
pub struct Laid {
    pub pages: Vec<Vec<Op>>,
    pub anchors: Vec<Anchor>,
    pub tables: Vec<TableInfo>,
}

impl Laid {
    /// The text pieces of page `i`.
    pub fn texts(&self, i: usize) -> impl Iterator<Item = &Text> {
        self.pages[i].iter().filter_map(|op| match op {
            Op::Text(t) => Some(t),
            _ => None,
        })
    }
}
