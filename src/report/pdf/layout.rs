//! Layout: the report's blocks to positioned text, rules and shading on A4
//! pages. Lines break only at spaces and after `_`, `.`, `/`, `-` (an
//! unbreakable token longer than the line is cut by characters, as a last
//! resort); numeric table columns are right-aligned; tables wrap their
//! cells rather than shrink below 7 pt, keep their header with at least
//! three rows and repeat it on a continuation page; a heading never ends a
//! page and short blocks stay whole.

use super::flow::{Block, Run, Runs, plain};
use super::fonts::{FontId, Fonts};

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
const PAD: f32 = 3.0;
const VPAD: f32 = 2.0;

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
    fn shifted(&self, dy: f32) -> Op {
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

/// One block's slice of the flow: placed whole on one page.
#[derive(Clone, Default)]
struct Unit {
    h: f32,
    ops: Vec<Op>,
    /// Never separated from the unit before it by a page break.
    glue: bool,
    /// Space before, dropped at the top of a page.
    gap: f32,
    /// A table row: its table, and whether it is the header.
    table: Option<usize>,
    header: bool,
    anchor: Option<(u8, String)>,
    page_break: bool,
}

/// A character with the face it is set in.
pub type Styled = (char, FontId);

/// A laid-out line: its characters (spaces included) and width in points.
pub struct Line {
    chars: Vec<Styled>,
    pub width: f32,
}

fn font_of(run: &Run, bold: bool) -> FontId {
    match (run.style.code(), run.style.bold() || bold) {
        (true, true) => FontId::MonoBold,
        (true, false) => FontId::Mono,
        (false, true) => FontId::SerifBold,
        (false, false) => FontId::Serif,
    }
}

fn styled(runs: &[Run], bold: bool) -> Vec<Styled> {
    runs.iter()
        .flat_map(|r| r.text.chars().map(move |c| (c, font_of(r, bold))))
        .collect()
}

fn breaks_after(w: &[Styled], i: usize) -> bool {
    let c = w[i].0;
    if i + 1 >= w.len() || !matches!(c, '_' | '.' | '/' | '-') {
        return false;
    }
    // Never inside a decimal number.
    !(c == '.' && i > 0 && w[i - 1].0.is_ascii_digit() && w[i + 1].0.is_ascii_digit())
}

/// The pieces of a word between its break opportunities.
fn pieces(w: &[Styled]) -> Vec<&[Styled]> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..w.len() {
        if breaks_after(w, i) {
            out.push(&w[start..=i]);
            start = i + 1;
        }
    }
    if start < w.len() {
        out.push(&w[start..]);
    }
    out
}

fn words(chars: &[Styled]) -> Vec<&[Styled]> {
    chars
        .split(|(c, _)| *c == ' ')
        .filter(|w| !w.is_empty())
        .collect()
}

pub struct Setter<'f> {
    pub fonts: &'f Fonts,
}

impl Setter<'_> {
    fn cw(&self, (c, f): Styled, size: f32) -> f32 {
        self.fonts.char_width(f, c, size)
    }

    fn sw(&self, s: &[Styled], size: f32) -> f32 {
        s.iter().map(|c| self.cw(*c, size)).sum()
    }

    /// Breaks `chars` into lines no wider than `width` (see the module doc).
    pub fn wrap(&self, chars: &[Styled], size: f32, width: f32) -> Vec<Line> {
        // A tab is a space; a character no face draws is shown as one
        // that is drawn (PDF/A forbids the missing-glyph box).
        let chars: Vec<Styled> = chars
            .iter()
            .map(|&(c, f)| (if c == '\t' { ' ' } else { self.fonts.shown(c) }, f))
            .collect();
        let chars = &chars[..];
        let mut lines = Vec::new();
        let mut cur: Vec<Styled> = Vec::new();
        let mut cw = 0.0f32;
        let push = |lines: &mut Vec<Line>, cur: &mut Vec<Styled>, cw: &mut f32| {
            lines.push(Line {
                chars: std::mem::take(cur),
                width: *cw,
            });
            *cw = 0.0;
        };
        for word in words(chars) {
            let ww = self.sw(word, size);
            // A space between words takes their face when they share one,
            // else the prose face beside it (monospace spaces only between code).
            let mono = |f: FontId| matches!(f, FontId::Mono | FontId::MonoBold);
            let next = word[0].1;
            let space_font = match cur.last() {
                Some(&(_, prev)) if prev != next && !mono(prev) => prev,
                Some(&(_, prev)) if prev != next && mono(next) => prev,
                _ => next,
            };
            let space = (' ', space_font);
            let sp = if cur.is_empty() {
                0.0
            } else {
                self.cw(space, size)
            };
            if cw + sp + ww <= width + 0.01 {
                if !cur.is_empty() {
                    cur.push(space);
                }
                cur.extend_from_slice(word);
                cw += sp + ww;
                continue;
            }
            if ww <= width + 0.01 {
                push(&mut lines, &mut cur, &mut cw);
                cur.extend_from_slice(word);
                cw = ww;
                continue;
            }
            // A word longer than a line: break it after `_ . / -`.
            for (k, piece) in pieces(word).into_iter().enumerate() {
                let pw = self.sw(piece, size);
                let sp = if k == 0 && !cur.is_empty() {
                    self.cw(space, size)
                } else {
                    0.0
                };
                if cw + sp + pw <= width + 0.01 {
                    if sp > 0.0 {
                        cur.push(space);
                    }
                    cur.extend_from_slice(piece);
                    cw += sp + pw;
                    continue;
                }
                if !cur.is_empty() {
                    push(&mut lines, &mut cur, &mut cw);
                }
                if pw <= width + 0.01 {
                    cur.extend_from_slice(piece);
                    cw = pw;
                    continue;
                }
                // Last resort: an unbreakable token wider than the line.
                for &c in piece {
                    let w = self.cw(c, size);
                    if cw + w > width + 0.01 && !cur.is_empty() {
                        push(&mut lines, &mut cur, &mut cw);
                    }
                    cur.push(c);
                    cw += w;
                }
            }
        }
        if !cur.is_empty() || lines.is_empty() {
            push(&mut lines, &mut cur, &mut cw);
        }
        lines
    }

    /// The text pieces of `line` set from `x` on baseline `y`, one per face.
    pub(super) fn emit(
        &self,
        line: &Line,
        x: f32,
        y: f32,
        size: f32,
        role: &Role,
        out: &mut Vec<Op>,
    ) {
        let mut x = x;
        let mut i = 0;
        let chars = &line.chars;
        while i < chars.len() {
            let font = self.fonts.resolve(chars[i].1, chars[i].0);
            let mut j = i;
            let mut text = String::new();
            while j < chars.len() && self.fonts.resolve(chars[j].1, chars[j].0) == font {
                text.push(chars[j].0);
                j += 1;
            }
            let width = self.fonts.width(font, &text, size);
            out.push(Op::Text(Text {
                x,
                y,
                width,
                size: self.fonts.size_of(font, size),
                font,
                text,
                role: role.clone(),
                grey: false,
            }));
            x += width;
            i = j;
        }
    }
}

/// Tables laid out by an earlier pass, in document order: their rows'
/// units (before the flow's glue and gaps) and shape. A table's layout
/// depends only on its cells, so the passes that place the contents lay
/// each table out once.
type LaidTables = Vec<(Vec<Unit>, Option<TableInfo>)>;

struct Builder<'f, 'c> {
    set: Setter<'f>,
    laid: &'c mut LaidTables,
    /// Tables met so far (with or without columns): the index into `laid`.
    seen: usize,
    units: Vec<Unit>,
    headers: Vec<Unit>,
    tables: Vec<TableInfo>,
    glue_next: bool,
    gap_next: f32,
}

impl Builder<'_, '_> {
    fn push(&mut self, mut u: Unit) {
        if self.glue_next {
            u.glue = true;
            self.glue_next = false;
        }
        u.gap += std::mem::take(&mut self.gap_next);
        self.units.push(u);
    }

    /// Lines of text as units: a block of up to four lines stays whole;
    /// a longer one keeps its first two and last two lines together.
    #[allow(clippy::too_many_arguments)]
    fn text_block(
        &mut self,
        chars: &[Styled],
        x: f32,
        size: f32,
        lead: f32,
        role: Role,
        marker: Option<(f32, &str)>,
        anchor: Option<(u8, String)>,
        shade: bool,
    ) {
        let lines = self.set.wrap(chars, size, RIGHT - x);
        let n = lines.len();
        for (i, line) in lines.iter().enumerate() {
            let mut ops = Vec::new();
            if shade {
                ops.push(Op::Shade {
                    x: LEFT,
                    y: 0.0,
                    w: RIGHT - LEFT,
                    h: lead,
                    code: true,
                });
            }
            let base = (lead - size) / 2.0 + size * 0.8;
            if i == 0
                && let Some((mx, m)) = marker
            {
                let m: Vec<Styled> = m.chars().map(|c| (c, FontId::Serif)).collect();
                let ml = self.set.wrap(&m, size, RIGHT);
                self.set
                    .emit(&ml[0], mx, base, size, &Role::Marker, &mut ops);
            }
            self.set.emit(line, x, base, size, &role, &mut ops);
            self.push(Unit {
                h: lead,
                ops,
                glue: i > 0 && (n <= 4 || i == 1 || i + 1 == n),
                anchor: if i == 0 { anchor.clone() } else { None },
                ..Unit::default()
            });
        }
    }

    fn heading(&mut self, level: u8, runs: &Runs, page_break: bool) {
        let size = match level {
            1 => 17.0,
            2 => 13.5,
            3 => 11.5,
            _ => 10.5,
        };
        self.gap_next = self.gap_next.max(size * 0.9);
        let first = self.units.len();
        self.text_block(
            &styled(runs, true),
            LEFT,
            size,
            size * 1.25,
            Role::Heading(level),
            None,
            Some((level, plain(runs))),
            false,
        );
        for u in &mut self.units[first + 1..] {
            u.glue = true;
        }
        self.units[first].page_break = page_break;
        self.glue_next = true;
        self.gap_next = size * 0.35;
    }

    fn table(&mut self, rows: &[Vec<Runs>], numeric: &[bool]) {
        let (k, t) = (self.seen, self.tables.len());
        self.seen += 1;
        if self.laid.len() == k {
            let laid = self.lay_table(rows, numeric, t);
            self.laid.push(laid);
        }
        let (units, info) = &self.laid[k];
        let Some(info) = info.clone() else { return };
        for unit in units.clone() {
            if unit.header {
                self.headers.push(Unit {
                    gap: 0.0,
                    ..unit.clone()
                });
            }
            self.push(unit);
        }
        self.tables.push(info);
        self.gap_next = 10.0;
    }

    /// Table `t`'s rows as units and its shape (None: no columns).
    fn lay_table(
        &self,
        rows: &[Vec<Runs>],
        numeric: &[bool],
        t: usize,
    ) -> (Vec<Unit>, Option<TableInfo>) {
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        if cols == 0 {
            return (Vec::new(), None);
        }
        let cells: Vec<Vec<Vec<Styled>>> = rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                (0..cols)
                    .map(|c| row.get(c).map_or(Vec::new(), |runs| styled(runs, r == 0)))
                    .collect()
            })
            .collect();
        let numeric: Vec<bool> = (0..cols)
            .map(|c| numeric.get(c).copied().unwrap_or(false))
            .collect();
        // Widths at size `s` (code is not set in proportion to the text
        // around it near the floor, so each size is measured): the whole
        // cell, its longest word, its longest piece.
        let set = &self.set;
        let measure = |f: &dyn Fn(&[Styled]) -> f32, body: bool| -> Vec<f32> {
            (0..cols)
                .map(|c| {
                    cells[usize::from(body)..]
                        .iter()
                        .map(|r| f(&r[c]))
                        .fold(0.0, f32::max)
                })
                .collect()
        };
        // A numeric column's header may wrap (at its words): its natural
        // width is its numbers'.
        let natural = |s: f32| -> Vec<f32> {
            let all = measure(&|x| set.sw(x, s), false);
            let body = measure(&|x| set.sw(x, s), true);
            (0..cols)
                .map(|c| {
                    if numeric[c] {
                        let head = words(&cells[0][c])
                            .iter()
                            .map(|w| set.sw(w, s))
                            .fold(0.0, f32::max);
                        body[c].max(head)
                    } else {
                        all[c]
                    }
                })
                .collect()
        };
        // A number is never wrapped ("1 in 241" stays on one line).
        let keep_numbers = |mins: Vec<f32>, s: f32| -> Vec<f32> {
            let body = measure(&|x| set.sw(x, s), true);
            mins.iter()
                .zip(&body)
                .zip(&numeric)
                .map(|((m, n), num)| if *num { m.max(*n) } else { *m })
                .collect()
        };
        let word = |s: f32| {
            keep_numbers(
                measure(
                    &|x| words(x).iter().map(|w| set.sw(w, s)).fold(0.0, f32::max),
                    false,
                ),
                s,
            )
        };
        let piece = |s: f32| {
            keep_numbers(
                measure(
                    &|x| {
                        words(x)
                            .iter()
                            .flat_map(|w| pieces(w))
                            .map(|p| set.sw(p, s))
                            .fold(0.0, f32::max)
                    },
                    false,
                ),
                s,
            )
        };
        let avail = RIGHT - LEFT;
        let total = |ws: &[f32]| ws.iter().map(|w| w + 2.0 * PAD).sum::<f32>();
        // Water-filling: every column gets its natural width up to a common
        // cap, and never less than its minimum; the cap is raised until the
        // table fills the width. Short columns stay on one line; the long
        // ones share what is left.
        let spread = |mins: &[f32], s: f32| -> Vec<f32> {
            let base: Vec<f32> = mins.iter().map(|w| w + 2.0 * PAD).collect();
            let want: Vec<f32> = natural(s).iter().map(|w| w + 2.0 * PAD).collect();
            let at = |cap: f32| -> Vec<f32> {
                base.iter()
                    .zip(&want)
                    .map(|(b, w)| w.min(cap).max(*b))
                    .collect()
            };
            let (mut lo, mut hi) = (0.0f32, avail);
            for _ in 0..40 {
                let mid = (lo + hi) / 2.0;
                if at(mid).iter().sum::<f32>() <= avail {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            at(lo)
        };
        // Lines the table takes with these column widths.
        let height = |widths: &[f32], s: f32| -> usize {
            cells
                .iter()
                .map(|row| {
                    (0..cols)
                        .map(|c| set.wrap(&row[c], s, widths[c] - 2.0 * PAD).len())
                        .max()
                        .unwrap_or(1)
                })
                .sum()
        };
        let (size, widths) = if let Some(s) = [TABLE_MAX, 8.0]
            .into_iter()
            .find(|&s| total(&natural(s)) <= avail)
        {
            (s, natural(s).iter().map(|w| w + 2.0 * PAD).collect())
        } else if let Some(s) = [TABLE_MAX, 8.0, 7.5, TABLE_FLOOR]
            .into_iter()
            .find(|&s| total(&word(s)) <= avail)
        {
            // Whole words, or breaks inside identifiers (after `_ . / -`)
            // when that makes the table shorter.
            let whole = spread(&word(s), s);
            let broken = spread(&piece(s), s);
            if height(&broken, s) < height(&whole, s) {
                (s, broken)
            } else {
                (s, whole)
            }
        } else if total(&piece(TABLE_FLOOR)) <= avail {
            (TABLE_FLOOR, spread(&piece(TABLE_FLOOR), TABLE_FLOOR))
        } else {
            // Even the pieces do not fit: share the width by piece length
            // (the longest tokens are cut, the size stays at the floor).
            let piece = piece(TABLE_FLOOR);
            let sum: f32 = piece.iter().sum::<f32>().max(1.0);
            (TABLE_FLOOR, piece.iter().map(|p| avail * p / sum).collect())
        };
        let xs: Vec<f32> = std::iter::once(LEFT)
            .chain(widths.iter().scan(LEFT, |x, w| {
                *x += w;
                Some(*x)
            }))
            .collect();
        let right = xs[cols];
        let lead = size * 1.3;
        let n = rows.len() - 1;
        let mut units = Vec::with_capacity(rows.len());
        for (r, row) in cells.iter().enumerate() {
            let lines: Vec<Vec<Line>> = (0..cols)
                .map(|c| self.set.wrap(&row[c], size, widths[c] - 2.0 * PAD))
                .collect();
            let h = lines.iter().map(Vec::len).max().unwrap_or(1) as f32 * lead + 2.0 * VPAD;
            let mut ops = Vec::new();
            if r == 0 {
                ops.push(Op::Shade {
                    x: LEFT,
                    y: 0.0,
                    w: right - LEFT,
                    h,
                    code: false,
                });
                ops.push(Op::Rule {
                    x1: LEFT,
                    y1: 0.0,
                    x2: right,
                    y2: 0.0,
                    width: 0.8,
                    grey: false,
                });
            }
            for (c, ls) in lines.iter().enumerate() {
                for (i, line) in ls.iter().enumerate() {
                    let y = VPAD + i as f32 * lead + (lead - size) / 2.0 + size * 0.8;
                    let x = if numeric[c] {
                        xs[c + 1] - PAD - line.width
                    } else {
                        xs[c] + PAD
                    };
                    self.set.emit(
                        line,
                        x,
                        y,
                        size,
                        &Role::Cell {
                            table: t,
                            row: r,
                            col: c,
                        },
                        &mut ops,
                    );
                }
            }
            let last = r == n;
            ops.push(Op::Rule {
                x1: LEFT,
                y1: h,
                x2: right,
                y2: h,
                width: if r == 0 || last { 0.6 } else { 0.25 },
                grey: !(r == 0 || last),
            });
            // The header, three rows after it and the last three rows stay
            // together; a table of up to eight rows stays whole.
            let unit = Unit {
                h,
                ops,
                glue: r > 0 && (n <= 8 || r <= 3 || r + 2 > n),
                table: Some(t),
                header: r == 0,
                gap: if r == 0 { 4.0 } else { 0.0 },
                ..Unit::default()
            };
            units.push(unit);
        }
        (
            units,
            Some(TableInfo {
                body_rows: n,
                numeric,
                size,
            }),
        )
    }
}

/// Lays out the blocks; with `toc`, a table of contents (the page number of
/// every `##`/`###` heading, in order) goes before the second section.
fn build(
    set: Setter,
    blocks: &[Block],
    toc: Option<&[usize]>,
    laid: &mut LaidTables,
) -> (Vec<Unit>, Vec<Unit>, Vec<TableInfo>) {
    let mut b = Builder {
        set,
        laid,
        seen: 0,
        units: Vec::new(),
        headers: Vec::new(),
        tables: Vec::new(),
        glue_next: false,
        gap_next: 0.0,
    };
    let mut sections = 0;
    let mut after_toc = false;
    let mut prev: Option<&Block> = None;
    for block in blocks {
        match block {
            Block::Heading(level, runs) => {
                if *level == 2 {
                    sections += 1;
                    if sections == 2
                        && let Some(pages) = toc
                    {
                        b.contents(blocks, pages);
                        after_toc = true;
                    }
                }
                b.heading(*level, runs, std::mem::take(&mut after_toc));
            }
            Block::Para(runs) => {
                b.gap_next = b.gap_next.max(5.0);
                b.text_block(
                    &styled(runs, false),
                    LEFT,
                    BODY,
                    BODY * 1.35,
                    Role::Body,
                    None,
                    None,
                    false,
                );
                if plain(runs).trim_end().ends_with(':') {
                    b.glue_next = true;
                }
            }
            Block::Item(level, marker, runs) => {
                b.gap_next = b.gap_next.max(2.5);
                let x = LEFT + 14.0 + *level as f32 * 14.0;
                let mx = if marker.ends_with('.') {
                    x - 13.0
                } else {
                    x - 9.0
                };
                b.text_block(
                    &styled(runs, false),
                    x,
                    BODY,
                    BODY * 1.3,
                    Role::Item,
                    Some((mx, marker)),
                    None,
                    false,
                );
            }
            Block::Table { rows, numeric } => {
                b.gap_next = b.gap_next.max(6.0);
                // A table stays on the page of the sentence introducing it.
                b.glue_next |= matches!(prev, Some(Block::Para(_)));
                b.table(rows, numeric);
            }
            Block::Figure(figure) => {
                b.gap_next = b.gap_next.max(8.0);
                // A figure in a table's place stays with the text before it.
                let glue = matches!(figure, crate::report::model::Figure::Decision { .. });
                let rows = super::chart::rows(&b.set, figure);
                for (k, row) in rows.into_iter().enumerate() {
                    b.push(Unit {
                        h: row.h,
                        ops: row.ops,
                        glue: k > 0 || glue,
                        anchor: (k == 0).then(|| (FIGURE, figure.caption().replace('`', ""))),
                        ..Unit::default()
                    });
                }
                b.gap_next = 10.0;
            }
            Block::Code(lines) => {
                b.gap_next = b.gap_next.max(6.0);
                b.glue_next |= matches!(prev, Some(Block::Para(_)));
                let first = b.units.len();
                for line in lines {
                    let chars: Vec<Styled> = line.chars().map(|c| (c, FontId::Mono)).collect();
                    b.text_block(
                        &chars,
                        LEFT + 6.0,
                        CODE,
                        CODE * 1.4,
                        Role::Code,
                        None,
                        None,
                        true,
                    );
                }
                // A code block of up to 30 lines stays whole; a longer one
                // keeps three lines at each end together.
                let n = b.units.len() - first;
                for (i, u) in b.units[first..].iter_mut().enumerate() {
                    if i > 0 && (n <= 30 || i < 3 || i + 3 >= n) {
                        u.glue = true;
                    }
                }
                b.gap_next = 8.0;
            }
        }
        prev = Some(block);
    }
    (b.units, b.headers, b.tables)
}

impl Builder<'_, '_> {
    fn contents(&mut self, blocks: &[Block], pages: &[usize]) {
        self.heading(
            2,
            &vec![Run {
                text: "Contents".into(),
                style: crate::report::model::Style::Plain,
            }],
            true,
        );
        let entries = blocks.iter().filter_map(|b| match b {
            Block::Heading(l @ 2..=3, runs) => Some((*l, runs)),
            _ => None,
        });
        for (k, (level, runs)) in entries.enumerate() {
            let x = LEFT + if level == 3 { 14.0 } else { 0.0 };
            let size = 9.5;
            let lead = size * 1.35;
            let lines = self
                .set
                .wrap(&styled(runs, level == 2), size, RIGHT - 36.0 - x);
            let mut ops = Vec::new();
            for (i, line) in lines.iter().enumerate() {
                let base = i as f32 * lead + (lead - size) / 2.0 + size * 0.8;
                self.set
                    .emit(line, x, base, size, &Role::Contents, &mut ops);
            }
            let num: Vec<Styled> = pages
                .get(k)
                .map_or(String::new(), |p| (p + 1).to_string())
                .chars()
                .map(|c| (c, FontId::Serif))
                .collect();
            let nl = self.set.wrap(&num, size, 36.0);
            let base = (lead - size) / 2.0 + size * 0.8;
            self.set.emit(
                &nl[0],
                RIGHT - nl[0].width,
                base,
                size,
                &Role::Contents,
                &mut ops,
            );
            self.push(Unit {
                h: lines.len() as f32 * lead,
                ops,
                gap: if level == 2 { 3.0 } else { 0.0 },
                ..Unit::default()
            });
        }
    }
}

/// Places the units on pages (see the module doc for the rules).
fn paginate(units: &[Unit], headers: &[Unit]) -> (Vec<Vec<Op>>, Vec<Anchor>) {
    let mut pages: Vec<Vec<Op>> = vec![Vec::new()];
    let mut anchors = Vec::new();
    let mut y = TOP;
    let mut fresh = true;
    let mut i = 0;
    while i < units.len() {
        let mut j = i + 1;
        while j < units.len() && units[j].glue {
            j += 1;
        }
        let chain: f32 = units[i..j].iter().map(|u| u.h + u.gap).sum::<f32>();
        if !fresh && (units[i].page_break || y + chain > BOTTOM) {
            pages.push(Vec::new());
            y = TOP;
            fresh = true;
        }
        for u in &units[i..j] {
            let mut gap = if fresh { 0.0 } else { u.gap };
            if !fresh && y + gap + u.h > BOTTOM {
                pages.push(Vec::new());
                y = TOP;
                fresh = true;
                gap = 0.0;
            }
            let page = pages.last_mut().expect("a page");
            if fresh
                && !u.header
                && let Some(t) = u.table
            {
                page.extend(headers[t].ops.iter().map(|op| op.shifted(y)));
                y += headers[t].h;
            }
            y += gap;
            page.extend(u.ops.iter().map(|op| op.shifted(y)));
            if let Some((level, title)) = &u.anchor {
                anchors.push(Anchor {
                    level: *level,
                    title: title.clone(),
                    page: pages.len() - 1,
                    y,
                });
            }
            y += u.h;
            fresh = false;
        }
        i = j;
    }
    (pages, anchors)
}

/// The running header, shrunk (never below 7 pt) and then cut to fit
/// between the margins.
fn running(set: &Setter, head: &str) -> Text {
    let avail = RIGHT - LEFT;
    let mut size = 8.0;
    let chars = |s: &str| -> Vec<Styled> { s.chars().map(|c| (c, FontId::Serif)).collect() };
    let mut text = head.to_string();
    while set.sw(&chars(&text), size) > avail && size > 7.0 {
        size -= 0.5;
    }
    while set.sw(&chars(&text), size) > avail && text.chars().count() > 1 {
        let keep = text.chars().count() - 2;
        text = text.chars().take(keep).collect::<String>() + "…";
    }
    let width = set.sw(&chars(&text), size);
    Text {
        x: LEFT,
        y: 38.0,
        width,
        size,
        font: FontId::Serif,
        text,
        role: Role::Running,
        grey: true,
    }
}

/// Lays the report's Markdown out on pages, with a running header, "page i
/// of n" footers and, past ten pages, a table of contents.
pub fn layout(fonts: &Fonts, blocks: &[Block], head: &str) -> Laid {
    let mut laid = LaidTables::new();
    let mut pass = |toc: Option<&[usize]>| {
        let (units, headers, tables) = build(Setter { fonts }, blocks, toc, &mut laid);
        let (pages, anchors) = paginate(&units, &headers);
        (pages, anchors, tables)
    };
    let mut done = pass(None);
    if done.0.len() > 10 {
        let in_toc = |a: &Anchor| (2..=3).contains(&a.level) && a.title != "Contents";
        let n = done.1.iter().filter(|a| in_toc(a)).count();
        // The contents' height does not depend on its numbers: lay out
        // once with blanks, then with the pages that pass found.
        let first = pass(Some(&vec![0; n]));
        let pages: Vec<usize> = first
            .1
            .iter()
            .filter(|a| in_toc(a))
            .map(|a| a.page)
            .collect();
        done = pass(Some(&pages));
    }
    let (mut pages, anchors, tables) = done;
    let set = Setter { fonts };
    let head = running(&set, head);
    let n = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        page.push(Op::Text(head.clone()));
        page.push(Op::Rule {
            x1: LEFT,
            y1: 43.0,
            x2: RIGHT,
            y2: 43.0,
            width: 0.5,
            grey: true,
        });
        let footer = format!(
            "Manufacturer's mathematical analysis — page {} of {n}",
            i + 1
        );
        let chars: Vec<Styled> = footer.chars().map(|c| (c, FontId::Serif)).collect();
        let width = set.sw(&chars, 8.0);
        page.push(Op::Text(Text {
            x: (W - width) / 2.0,
            y: H - 30.0,
            width,
            size: 8.0,
            font: FontId::Serif,
            text: footer,
            role: Role::Footer,
            grey: true,
        }));
    }
    Laid {
        pages,
        anchors,
        tables,
    }
}
