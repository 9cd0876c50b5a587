//! Layout: the report's blocks to positioned text, rules and shading on A4
//! pages. Lines break only at spaces and after `_`, `.`, `/`, `-` (an
//! unbreakable token longer than the line is cut by characters, as a last
//! resort); numeric table columns are right-aligned; tables wrap their
//! cells rather than shrink below 7 pt, keep their header with at least
//! three rows and repeat it on a continuation page; a heading, or a
//! paragraph or list item ending in `:`, never ends a page away from what
//! follows it; short blocks stay whole.

use super::flow::{Block, Run, Runs, plain};
use super::fonts::{FontId, Fonts};
pub use super::page::*;
use super::setter::{Setter, Styled, styled};
use super::style::Style;

/// One block's slice of the flow: placed whole on one page.
#[derive(Clone, Default)]
pub(super) struct Unit {
    pub(super) h: f32,
    pub(super) ops: Vec<Op>,
    /// Never separated from the unit before it by a page break.
    pub(super) glue: bool,
    /// Space before, dropped at the top of a page.
    pub(super) gap: f32,
    /// A table row: its table, and whether it is the header.
    pub(super) table: Option<usize>,
    pub(super) header: bool,
    pub(super) anchor: Option<(u8, String)>,
    pub(super) page_break: bool,
}

/// Tables laid out by an earlier pass, in document order: their rows'
/// units (before the flow's glue and gaps) and shape. A table's layout
/// depends only on its cells, so the passes that place the contents lay
/// each table out once.
pub(super) type LaidTables = Vec<(Vec<Unit>, Option<TableInfo>)>;

pub(super) struct Builder<'f, 'c> {
    pub(super) set: Setter<'f>,
    pub(super) laid: &'c mut LaidTables,
    /// Tables met so far (with or without columns): the index into `laid`.
    pub(super) seen: usize,
    pub(super) units: Vec<Unit>,
    pub(super) headers: Vec<Unit>,
    pub(super) tables: Vec<TableInfo>,
    pub(super) glue_next: bool,
    pub(super) gap_next: f32,
    /// The units that open a section (a heading of level 1 or 2).
    pub(super) openers: Vec<usize>,
}

impl Builder<'_, '_> {
    pub(super) fn push(&mut self, mut u: Unit) {
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
    pub(super) fn text_block(
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
        let st = self.set.style;
        let lines = self.set.wrap(chars, size, st.right - x);
        let n = lines.len();
        for (i, line) in lines.iter().enumerate() {
            let mut ops = Vec::new();
            if shade {
                ops.push(Op::Shade {
                    x: st.left,
                    y: 0.0,
                    w: st.right - st.left,
                    h: lead,
                    code: true,
                });
            }
            let base = (lead - size) / 2.0 + size * 0.8;
            if i == 0
                && let Some((mx, m)) = marker
            {
                let m: Vec<Styled> = m.chars().map(|c| (c, FontId::Serif)).collect();
                let ml = self.set.wrap(&m, size, st.right);
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
        } * self.set.style.scale;
        self.gap_next = self.gap_next.max(size * 0.9 * self.set.style.space);
        let first = self.units.len();
        if level <= 2 {
            self.openers.push(first);
        }
        self.text_block(
            &styled(runs, true),
            self.set.style.left,
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
        self.gap_next = size * 0.35 * self.set.style.space;
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
        openers: Vec::new(),
    };
    let st = b.set.style;
    let sc = st.scale;
    // Vertical space between blocks: scaled with the type, then by the style.
    let sp = sc * st.space;
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
                b.gap_next = b.gap_next.max(5.0 * sp);
                b.text_block(
                    &styled(runs, false),
                    st.left,
                    BODY * sc,
                    BODY * sc * 1.35,
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
                b.gap_next = b.gap_next.max(2.5 * sp);
                let x = st.left + 14.0 * sc + *level as f32 * 14.0 * sc;
                let mx = if marker.ends_with('.') {
                    x - 13.0 * sc
                } else {
                    x - 9.0 * sc
                };
                b.text_block(
                    &styled(runs, false),
                    x,
                    BODY * sc,
                    BODY * sc * 1.3,
                    Role::Item,
                    Some((mx, marker)),
                    None,
                    false,
                );
                // An item introducing what follows stays with it.
                if plain(runs).trim_end().ends_with(':') {
                    b.glue_next = true;
                }
            }
            Block::Table { rows, numeric } => {
                b.gap_next = b.gap_next.max(6.0 * sp);
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
                b.gap_next = b.gap_next.max(6.0 * sc);
                b.glue_next |= matches!(prev, Some(Block::Para(_)));
                let first = b.units.len();
                for line in lines {
                    let chars: Vec<Styled> = line.chars().map(|c| (c, FontId::Mono)).collect();
                    b.text_block(
                        &chars,
                        st.left + 6.0 * sc,
                        CODE * sc,
                        CODE * sc * 1.4,
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
    if st.keep_sections {
        // Everything of a section that fits on a page is glued to its
        // heading, so it moves whole to the next page; a taller one keeps
        // its own breaks.
        let mut bounds = b.openers.clone();
        bounds.push(b.units.len());
        for w in bounds.windows(2) {
            let section = &mut b.units[w[0]..w[1]];
            let h: f32 = section.iter().map(|u| u.h + u.gap).sum();
            if h <= st.bottom - st.top {
                for u in &mut section[1..] {
                    u.glue = true;
                }
            }
        }
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
            let st = self.set.style;
            let x = st.left + if level == 3 { 14.0 } else { 0.0 };
            let size = 9.5;
            let lead = size * 1.35;
            let lines = self
                .set
                .wrap(&styled(runs, level == 2), size, st.right - 36.0 - x);
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
                st.right - nl[0].width,
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
fn paginate(units: &[Unit], headers: &[Unit], st: &Style) -> (Vec<Vec<Op>>, Vec<Anchor>) {
    let (top, bottom) = (st.top, st.bottom);
    let mut pages: Vec<Vec<Op>> = vec![Vec::new()];
    let mut anchors = Vec::new();
    let mut y = top;
    let mut fresh = true;
    let mut i = 0;
    while i < units.len() {
        let mut j = i + 1;
        while j < units.len() && units[j].glue {
            j += 1;
        }
        let chain: f32 = units[i..j].iter().map(|u| u.h + u.gap).sum::<f32>();
        if !fresh && (units[i].page_break || y + chain > bottom) {
            pages.push(Vec::new());
            y = top;
            fresh = true;
        }
        for u in &units[i..j] {
            let mut gap = if fresh { 0.0 } else { u.gap };
            if !fresh && y + gap + u.h > bottom {
                pages.push(Vec::new());
                y = top;
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
    let avail = set.style.right - set.style.left;
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
        x: set.style.left,
        y: 38.0,
        width,
        size,
        font: FontId::Serif,
        text,
        role: Role::Running,
        grey: true,
    }
}

/// Lays the report's Markdown out on pages in `style`, with its running
/// header (if any), "page i of n" footers and, past ten pages, a table of
/// contents.
pub fn layout(fonts: &Fonts, blocks: &[Block], style: &Style) -> Laid {
    let mut laid = LaidTables::new();
    let mut pass = |toc: Option<&[usize]>| {
        let set = Setter { fonts, style };
        let (units, headers, tables) = build(set, blocks, toc, &mut laid);
        let (pages, anchors) = paginate(&units, &headers, style);
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
    let set = Setter { fonts, style };
    let head = style.head.as_deref().map(|h| running(&set, h));
    let n = pages.len();
    let footer_size = 8.0 * style.scale;
    for (i, page) in pages.iter_mut().enumerate() {
        if let Some(head) = &head {
            page.push(Op::Text(head.clone()));
            page.push(Op::Rule {
                x1: style.left,
                y1: 43.0,
                x2: style.right,
                y2: 43.0,
                width: 0.5,
                grey: true,
            });
        }
        let footer = format!("{} — page {} of {n}", style.footer, i + 1);
        let chars: Vec<Styled> = footer.chars().map(|c| (c, FontId::Serif)).collect();
        let width = set.sw(&chars, footer_size);
        page.push(Op::Text(Text {
            x: (W - width) / 2.0,
            y: H - 30.0,
            width,
            size: footer_size,
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
