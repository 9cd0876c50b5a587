//! The PDF rendering of a report, made by certify itself: fonts embedded
//! from the `typst-assets` crate (no system font, no external program),
//! laid out from the report's Markdown into A4 pages with real tables, a
//! running header (spec id and results hash) and page numbers. Nothing
//! time-dependent is written, so the bytes are reproducible.

use crate::diag::report::ReportError;
use krilla::Document;
use krilla::color::{luma, rgb};
use krilla::geom::{PathBuilder, Point};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};

const W: f32 = 595.0;
const H: f32 = 842.0;
const LEFT: f32 = 50.0;
const RIGHT: f32 = W - 50.0;
const TOP: f32 = 62.0;
const BOTTOM: f32 = H - 50.0;

/// A font for drawing and its metrics for measuring.
struct Face {
    font: Font,
    metrics: ttf_parser::Face<'static>,
}

impl Face {
    fn load(index: usize) -> Face {
        let data: &'static [u8] = typst_assets::fonts().nth(index).expect("bundled font");
        Face {
            font: Font::new(data.into(), 0).expect("valid bundled font"),
            metrics: ttf_parser::Face::parse(data, 0).expect("valid bundled font"),
        }
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        let upem = self.metrics.units_per_em() as f32;
        let units: f32 = text
            .chars()
            .map(|c| {
                self.metrics
                    .glyph_index(c)
                    .and_then(|g| self.metrics.glyph_hor_advance(g))
                    .unwrap_or((upem / 2.0) as u16) as f32
            })
            .sum();
        units * size / upem
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Serif,
    SerifBold,
    Mono,
    MonoBold,
}

struct Fonts {
    serif: Face,
    serif_bold: Face,
    mono: Face,
    mono_bold: Face,
}

impl Fonts {
    fn load() -> Fonts {
        // Indices into typst-assets' font list: Libertinus Serif Regular and
        // Bold, DejaVu Sans Mono Bold and Regular.
        Fonts {
            serif: Face::load(0),
            serif_bold: Face::load(1),
            mono_bold: Face::load(13),
            mono: Face::load(16),
        }
    }

    fn face(&self, s: Style) -> &Face {
        match s {
            Style::Serif => &self.serif,
            Style::SerifBold => &self.serif_bold,
            Style::Mono => &self.mono,
            Style::MonoBold => &self.mono_bold,
        }
    }
}

enum Op {
    Text {
        x: f32,
        y: f32,
        size: f32,
        style: Style,
        text: String,
        grey: bool,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
    },
    Shade {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
}

/// Blocks of the report's Markdown.
enum Block {
    Heading(usize, String),
    Para(String),
    Bullet(usize, String),
    Table(Vec<Vec<String>>),
    Code(Vec<String>),
}

fn plain(s: &str) -> String {
    s.replace("**", "").replace('`', "")
}

fn parse(md: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = md.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            let mut code = Vec::new();
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                code.push(l.to_string());
            }
            out.push(Block::Code(code));
        } else if let Some(h) = line.strip_prefix("### ") {
            out.push(Block::Heading(3, plain(h)));
        } else if let Some(h) = line.strip_prefix("## ") {
            out.push(Block::Heading(2, plain(h)));
        } else if let Some(h) = line.strip_prefix("# ") {
            out.push(Block::Heading(1, plain(h)));
        } else if line.starts_with('|') {
            let mut rows = vec![cells(line)];
            while let Some(l) = lines.peek().filter(|l| l.starts_with('|')) {
                if !l.starts_with("|-") {
                    rows.push(cells(l));
                }
                lines.next();
            }
            out.push(Block::Table(rows));
        } else if let Some(b) = line.strip_prefix("  - ") {
            out.push(Block::Bullet(1, plain(b)));
        } else if let Some(b) = line.strip_prefix("- ") {
            out.push(Block::Bullet(0, plain(b)));
        } else if !line.trim().is_empty() {
            out.push(Block::Para(plain(line)));
        }
    }
    out
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| plain(c.trim())).collect()
}

struct Layout<'f> {
    fonts: &'f Fonts,
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl Layout<'_> {
    fn page(&mut self) -> &mut Vec<Op> {
        self.pages.last_mut().expect("a page")
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = TOP;
    }

    fn room(&mut self, h: f32) {
        if self.y + h > BOTTOM {
            self.new_page();
        }
    }

    fn text(&mut self, x: f32, size: f32, style: Style, text: &str) {
        let y = self.y + size;
        self.page().push(Op::Text {
            x,
            y,
            size,
            style,
            text: text.to_string(),
            grey: false,
        });
    }

    /// Word-wraps `text` to `width` points.
    fn wrap(&self, text: &str, size: f32, style: Style, width: f32) -> Vec<String> {
        let face = self.fonts.face(style);
        let mut lines = Vec::new();
        let mut cur = String::new();
        for word in text.split_whitespace() {
            let candidate = if cur.is_empty() {
                word.to_string()
            } else {
                format!("{cur} {word}")
            };
            if face.width(&candidate, size) <= width || cur.is_empty() {
                cur = candidate;
            } else {
                lines.push(std::mem::take(&mut cur));
                cur = word.to_string();
            }
            // A single word longer than the line is cut by characters.
            while face.width(&cur, size) > width && cur.chars().count() > 1 {
                let mut cut = cur.chars().count() - 1;
                while cut > 1
                    && face.width(&cur.chars().take(cut).collect::<String>(), size) > width
                {
                    cut -= 1;
                }
                let head: String = cur.chars().take(cut).collect();
                lines.push(head);
                cur = cur.chars().skip(cut).collect();
            }
        }
        if !cur.is_empty() || lines.is_empty() {
            lines.push(cur);
        }
        lines
    }

    fn paragraph(&mut self, text: &str, x: f32, size: f32, style: Style) {
        let lead = size * 1.3;
        for line in self.wrap(text, size, style, RIGHT - x) {
            self.room(lead);
            self.text(x, size, style, &line);
            self.y += lead;
        }
    }

    fn heading(&mut self, level: usize, text: &str) {
        let size = match level {
            1 => 17.0,
            2 => 13.5,
            _ => 11.0,
        };
        self.room(size * 3.5);
        self.y += size * 0.6;
        self.paragraph(text, LEFT, size, Style::SerifBold);
        self.y += size * 0.2;
    }

    fn table(&mut self, rows: &[Vec<String>]) {
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        if cols == 0 {
            return;
        }
        let face = self.fonts.face(Style::Mono);
        let adv = face.width("0", 1.0);
        let mut widths: Vec<usize> = (0..cols)
            .map(|c| {
                rows.iter()
                    .map(|r| r.get(c).map_or(0, |t| t.chars().count()))
                    .max()
                    .unwrap_or(0)
                    .max(1)
                    + 2
            })
            .collect();
        let avail = RIGHT - LEFT;
        let total: usize = widths.iter().sum();
        let mut size = (avail / (total as f32 * adv)).min(8.0);
        if size < 5.5 {
            size = 5.5;
            let capacity = (avail / (adv * size)) as usize;
            while widths.iter().sum::<usize>() > capacity {
                let widest = (0..cols).max_by_key(|&c| widths[c]).expect("columns");
                if widths[widest] <= 10 {
                    break;
                }
                widths[widest] -= 1;
            }
        }
        let xs: Vec<f32> = std::iter::once(LEFT)
            .chain(widths.iter().scan(LEFT, |x, w| {
                *x += *w as f32 * adv * size;
                Some(*x)
            }))
            .collect();
        let right = *xs.last().expect("edges");
        let lead = size * 1.25;
        let wrap_cell = |me: &Self, text: &str, c: usize, style: Style| {
            me.wrap(text, size, style, (widths[c] - 2) as f32 * adv * size + 0.5)
        };
        let header: Vec<Vec<String>> = (0..cols)
            .map(|c| {
                wrap_cell(
                    self,
                    rows[0].get(c).map_or("", |s| s.as_str()),
                    c,
                    Style::MonoBold,
                )
            })
            .collect();
        let draw_row = |me: &mut Self, cells: &[Vec<String>], style: Style, shade: bool| {
            let n = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
            let h = n as f32 * lead + 3.0;
            let y0 = me.y;
            if shade {
                me.page().push(Op::Shade {
                    x: LEFT,
                    y: y0,
                    w: right - LEFT,
                    h,
                });
            }
            for (c, lines) in cells.iter().enumerate() {
                for (i, line) in lines.iter().enumerate() {
                    let y = y0 + 1.5 + i as f32 * lead + size;
                    let x = xs[c] + adv * size;
                    me.page().push(Op::Text {
                        x,
                        y,
                        size,
                        style,
                        text: line.clone(),
                        grey: false,
                    });
                }
            }
            for x in &xs {
                me.page().push(Op::Line {
                    x1: *x,
                    y1: y0,
                    x2: *x,
                    y2: y0 + h,
                    width: 0.4,
                });
            }
            me.page().push(Op::Line {
                x1: LEFT,
                y1: y0 + h,
                x2: right,
                y2: y0 + h,
                width: 0.4,
            });
            me.y += h;
        };
        let header_h = header.iter().map(Vec::len).max().unwrap_or(1) as f32 * lead + 3.0;
        self.room(header_h * 2.0);
        let top = |me: &mut Self| {
            let y = me.y;
            me.page().push(Op::Line {
                x1: LEFT,
                y1: y,
                x2: right,
                y2: y,
                width: 0.8,
            });
        };
        top(self);
        draw_row(self, &header, Style::MonoBold, true);
        for row in &rows[1..] {
            let cells: Vec<Vec<String>> = (0..cols)
                .map(|c| wrap_cell(self, row.get(c).map_or("", |s| s.as_str()), c, Style::Mono))
                .collect();
            let n = cells.iter().map(Vec::len).max().unwrap_or(1) as f32;
            if self.y + n * lead + 3.0 > BOTTOM {
                self.new_page();
                top(self);
                draw_row(self, &header, Style::MonoBold, true);
            }
            draw_row(self, &cells, Style::Mono, false);
        }
        self.y += 8.0;
    }
}

/// Renders the report's Markdown as PDF bytes.
pub fn render(markdown: &str, running_head: &str) -> Result<Vec<u8>, ReportError> {
    let fonts = Fonts::load();
    let mut layout = Layout {
        fonts: &fonts,
        pages: vec![Vec::new()],
        y: TOP,
    };
    for block in parse(markdown) {
        match block {
            Block::Heading(level, text) => layout.heading(level, &text),
            Block::Para(text) => {
                layout.paragraph(&text, LEFT, 10.0, Style::Serif);
                layout.y += 4.0;
            }
            Block::Bullet(level, text) => {
                let x = LEFT + 10.0 + level as f32 * 14.0;
                layout.room(13.0);
                layout.text(
                    x - 9.0,
                    10.0,
                    Style::Serif,
                    if level == 0 { "•" } else { "–" },
                );
                layout.paragraph(&text, x, 10.0, Style::Serif);
            }
            Block::Table(rows) => layout.table(&rows),
            Block::Code(lines) => {
                for line in lines {
                    layout.paragraph(&line, LEFT + 6.0, 7.5, Style::Mono);
                }
                layout.y += 6.0;
            }
        }
    }
    draw(&fonts, &layout.pages, running_head)
}

fn draw(fonts: &Fonts, pages: &[Vec<Op>], head: &str) -> Result<Vec<u8>, ReportError> {
    let mut doc = Document::new();
    let n = pages.len();
    let grey = Fill {
        paint: luma::Color::new(110).into(),
        ..Fill::default()
    };
    let black = Fill::default();
    for (i, ops) in pages.iter().enumerate() {
        let mut page = doc.start_page_with(PageSettings::from_wh(W, H).expect("A4"));
        let mut s = page.surface();
        let mut all: Vec<&Op> = ops.iter().collect();
        let footer = format!(
            "Manufacturer's mathematical analysis — page {} of {n}",
            i + 1
        );
        let running = [
            Op::Text {
                x: LEFT,
                y: 34.0,
                size: 6.5,
                style: Style::Mono,
                text: head.to_string(),
                grey: true,
            },
            Op::Line {
                x1: LEFT,
                y1: 40.0,
                x2: RIGHT,
                y2: 40.0,
                width: 0.5,
            },
            Op::Text {
                x: (W - fonts.serif.width(&footer, 8.5)) / 2.0,
                y: H - 28.0,
                size: 8.5,
                style: Style::Serif,
                text: footer.clone(),
                grey: true,
            },
        ];
        all.extend(running.iter());
        // Shading first, so lines and text sit on top of it.
        for op in &all {
            if let Op::Shade { x, y, w, h } = op {
                let mut pb = PathBuilder::new();
                pb.move_to(*x, *y);
                pb.line_to(x + w, *y);
                pb.line_to(x + w, y + h);
                pb.line_to(*x, y + h);
                pb.close();
                if let Some(path) = pb.finish() {
                    s.set_fill(Some(Fill {
                        paint: rgb::Color::new(232, 236, 242).into(),
                        ..Fill::default()
                    }));
                    s.set_stroke(None);
                    s.draw_path(&path);
                }
            }
        }
        for op in &all {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    style,
                    text,
                    grey: g,
                } => {
                    s.set_fill(Some(if *g { grey.clone() } else { black.clone() }));
                    s.set_stroke(None);
                    let face = fonts.face(*style);
                    s.draw_text(
                        Point::from_xy(*x, *y),
                        face.font.clone(),
                        *size,
                        text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Op::Line {
                    x1,
                    y1,
                    x2,
                    y2,
                    width,
                } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(*x1, *y1);
                    pb.line_to(*x2, *y2);
                    if let Some(path) = pb.finish() {
                        s.set_fill(None);
                        s.set_stroke(Some(Stroke {
                            width: *width,
                            ..Stroke::default()
                        }));
                        s.draw_path(&path);
                    }
                }
                Op::Shade { .. } => {}
            }
        }
        s.finish();
        page.finish();
    }
    doc.finish().map_err(|e| ReportError::Pdf {
        reason: format!("{e:?}"),
    })
}
