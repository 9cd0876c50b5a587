//! Figures drawn as vector graphics: small line charts of the house edge
//! by deck count, the decision chart as a coloured grid and a combined
//! wager's outcome distribution as horizontal bars. Each figure comes out
//! as rows (a height and the operations inside it, `y` from the row's
//! top), placed by the layout like table rows; every label is at least
//! [`LABEL`] points.

use super::fonts::FontId;
use super::page::{Op, Role};
use super::setter::{Line, Setter, Styled};
use crate::report::model::{Decide, DeckChart, Figure};

/// Axis labels, tick labels and grid letters.
pub const LABEL: f32 = 7.0;
/// Chart titles.
const TITLE: f32 = 8.0;

const INK: [u8; 3] = [0, 0, 0];
const GRID: [u8; 3] = [205, 205, 205];
const LINE: [u8; 3] = [31, 84, 153];
const NAMED: [u8; 3] = [192, 57, 43];
const DRAW: [u8; 3] = [120, 180, 230];
const STAND: [u8; 3] = [245, 190, 120];
const NEVER: [u8; 3] = [235, 235, 235];
const BAR: [u8; 3] = [90, 140, 200];
const LOSS: [u8; 3] = [200, 110, 100];

/// One row of a figure: its height and what is drawn in it.
pub struct Row {
    pub h: f32,
    pub ops: Vec<Op>,
}

fn chars(s: &str, font: FontId) -> Vec<Styled> {
    s.chars().map(|c| (c, font)).collect()
}

/// A label's characters: `` `code` `` spans in monospace, the rest serif.
fn label_chars(s: &str, bold: bool) -> Vec<Styled> {
    let (prose, code) = if bold {
        (FontId::SerifBold, FontId::MonoBold)
    } else {
        (FontId::Serif, FontId::Mono)
    };
    let mut out = Vec::new();
    let mut in_code = false;
    for c in s.chars() {
        if c == '`' {
            in_code = !in_code;
        } else {
            out.push((c, if in_code { code } else { prose }));
        }
    }
    out
}

fn rect(x: f32, y: f32, w: f32, h: f32, rgb: [u8; 3]) -> Op {
    Op::Rect { x, y, w, h, rgb }
}

fn line(points: Vec<(f32, f32)>, width: f32, rgb: [u8; 3]) -> Op {
    Op::Path { points, width, rgb }
}

struct Pen<'a, 'f> {
    set: &'a Setter<'f>,
    ops: Vec<Op>,
}

impl Pen<'_, '_> {
    fn width(&self, s: &[Styled], size: f32) -> f32 {
        self.set.wrap(s, size, f32::MAX)[0].width
    }

    /// One line of text: `align` 0 left, 0.5 centred, 1 right of `x`.
    fn text(&mut self, s: &[Styled], x: f32, baseline: f32, size: f32, align: f32) {
        let l: Line = self.set.wrap(s, size, f32::MAX).remove(0);
        let x = x - l.width * align;
        self.set
            .emit(&l, x, baseline, size, &Role::Figure, &mut self.ops);
    }

    /// Wrapped text from `x` within `width`; returns the height used.
    fn para(&mut self, s: &[Styled], x: f32, top: f32, size: f32, width: f32) -> f32 {
        let lead = size * 1.25;
        let lines = self.set.wrap(s, size, width);
        for (i, l) in lines.iter().enumerate() {
            let base = top + i as f32 * lead + size * 0.85;
            self.set
                .emit(l, x, base, size, &Role::Figure, &mut self.ops);
        }
        lines.len() as f32 * lead
    }
}

/// The rows of `figure`, its caption first.
pub fn rows(set: &Setter, figure: &Figure) -> Vec<Row> {
    let mut out = Vec::new();
    let mut pen = Pen {
        set,
        ops: Vec::new(),
    };
    let h = pen.para(
        &label_chars(&figure.caption(), true),
        set.style.left,
        0.0,
        9.0,
        set.style.right - set.style.left,
    );
    out.push(Row {
        h: h + 3.0,
        ops: pen.ops,
    });
    match figure {
        Figure::ByDecks { charts, .. } => by_decks(set, charts, &mut out),
        Figure::Decision {
            row_head,
            col_head,
            rows,
            cols,
            cells,
        } => decision(set, row_head, col_head, rows, cols, cells, &mut out),
        Figure::Distribution { bars, .. } => distribution(set, bars, &mut out),
    }
    out
}

/// A step of 1, 2 or 5 times a power of ten giving about `n` intervals.
fn nice_step(range: f64, n: f64) -> f64 {
    let raw = (range / n).max(1e-9);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * p)
}

/// A percentage tick label with as many decimals as the step needs.
fn tick_label(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    };
    let s = format!("{:.*}%", decimals, v);
    if s.starts_with('-') && s.trim_start_matches(['-', '0', '.', '%']).is_empty() {
        s[1..].to_string()
    } else {
        s
    }
}

fn by_decks(set: &Setter, charts: &[DeckChart], out: &mut Vec<Row>) {
    const PER_ROW: usize = 3;
    const PLOT_H: f32 = 72.0;
    let cell_w = (set.style.right - set.style.left) / PER_ROW as f32;
    for group in charts.chunks(PER_ROW) {
        let mut pen = Pen {
            set,
            ops: Vec::new(),
        };
        // Titles of one row share a height, so the plots line up.
        let title_h = group
            .iter()
            .map(|c| {
                set.wrap(&label_chars(&c.title, false), TITLE, cell_w - 10.0)
                    .len()
            })
            .max()
            .unwrap_or(1) as f32
            * TITLE
            * 1.25;
        for (k, chart) in group.iter().enumerate() {
            let x0 = set.style.left + k as f32 * cell_w;
            pen.para(
                &label_chars(&chart.title, false),
                x0 + 4.0,
                2.0,
                TITLE,
                cell_w - 10.0,
            );
            small_chart(&mut pen, chart, x0, 4.0 + title_h, cell_w, PLOT_H);
        }
        out.push(Row {
            h: 4.0 + title_h + PLOT_H + LABEL * 2.6 + 6.0,
            ops: pen.ops,
        });
    }
}

/// One chart: y from zero (always shown) to the largest edge, x by deck
/// count; the document's count a larger red dot.
fn small_chart(pen: &mut Pen, chart: &DeckChart, x0: f32, top: f32, w: f32, h: f32) {
    let values = chart.points.iter().map(|p| p.1);
    let lo = values.clone().fold(0.0f64, f64::min);
    let hi = values.fold(0.0f64, f64::max);
    let step = nice_step(hi - lo, 3.0);
    let lo = (lo / step).floor() * step;
    let hi = ((hi / step).ceil() * step).max(lo + step);
    let px0 = x0 + 34.0;
    let px1 = x0 + w - 10.0;
    let y_of = |v: f64| top + h - ((v - lo) / (hi - lo)) as f32 * h;
    let mut v = lo;
    while v <= hi + step * 0.01 {
        let y = y_of(v);
        let zero = v.abs() < step * 0.01;
        pen.ops.push(line(
            vec![(px0, y), (px1, y)],
            if zero { 0.8 } else { 0.3 },
            if zero { INK } else { GRID },
        ));
        let label = tick_label(if zero { 0.0 } else { v }, step);
        pen.text(
            &chars(&label, FontId::Serif),
            px0 - 3.0,
            y + LABEL * 0.33,
            LABEL,
            1.0,
        );
        v += step;
    }
    let n = chart.points.len();
    let x_of = |i: usize| {
        if n <= 1 {
            (px0 + px1) / 2.0
        } else {
            px0 + 6.0 + (px1 - px0 - 12.0) * i as f32 / (n - 1) as f32
        }
    };
    let pts: Vec<(f32, f32)> = chart
        .points
        .iter()
        .enumerate()
        .map(|(i, p)| (x_of(i), y_of(p.1)))
        .collect();
    pen.ops.push(line(pts.clone(), 1.0, LINE));
    for (i, ((x, y), p)) in pts.iter().zip(&chart.points).enumerate() {
        let (r, rgb) = if p.2 { (2.4, NAMED) } else { (1.4, LINE) };
        pen.ops.push(rect(x - r, y - r, 2.0 * r, 2.0 * r, rgb));
        pen.text(
            &chars(&p.0.to_string(), FontId::Serif),
            x_of(i),
            top + h + LABEL * 1.2,
            LABEL,
            0.5,
        );
    }
    pen.text(
        &chars("decks", FontId::Serif),
        (px0 + px1) / 2.0,
        top + h + LABEL * 2.4,
        LABEL,
        0.5,
    );
}

#[allow(clippy::too_many_arguments)]
fn decision(
    set: &Setter,
    row_head: &str,
    col_head: &str,
    rows: &[String],
    cols: &[String],
    cells: &[Vec<Decide>],
    out: &mut Vec<Row>,
) {
    let head_w = 60.0;
    let cw = ((set.style.right - set.style.left - head_w) / cols.len().max(1) as f32).min(26.0);
    let ch = 12.0;
    let size = 7.5;
    let mut pen = Pen {
        set,
        ops: Vec::new(),
    };
    let grid_x = set.style.left + head_w;
    pen.text(
        &label_chars(col_head, false),
        grid_x + cw * cols.len() as f32 / 2.0,
        size,
        size,
        0.5,
    );
    for (c, label) in cols.iter().enumerate() {
        pen.text(
            &chars(label, FontId::SerifBold),
            grid_x + cw * (c as f32 + 0.5),
            ch + size,
            size,
            0.5,
        );
    }
    pen.text(
        &chars(row_head, FontId::SerifBold),
        set.style.left,
        ch + size,
        size,
        0.0,
    );
    out.push(Row {
        h: 2.0 * ch + 2.0,
        ops: pen.ops,
    });
    for (r, label) in rows.iter().enumerate() {
        let mut pen = Pen {
            set,
            ops: Vec::new(),
        };
        pen.text(
            &chars(label, FontId::SerifBold),
            grid_x - 6.0,
            ch * 0.5 + size * 0.35,
            size,
            1.0,
        );
        for (c, cell) in cells.get(r).into_iter().flatten().enumerate() {
            let (rgb, letter) = match cell {
                Decide::Never => (NEVER, "-".to_string()),
                Decide::Draw { mixed } => (DRAW, format!("D{}", if *mixed { "*" } else { "" })),
                Decide::Stand { mixed } => (STAND, format!("S{}", if *mixed { "*" } else { "" })),
            };
            let x = grid_x + cw * c as f32;
            pen.ops.push(rect(x + 0.5, 0.5, cw - 1.0, ch - 1.0, rgb));
            pen.text(
                &chars(&letter, FontId::Serif),
                x + cw / 2.0,
                ch * 0.5 + size * 0.35,
                size,
                0.5,
            );
        }
        out.push(Row {
            h: ch,
            ops: pen.ops,
        });
    }
    let mut pen = Pen {
        set,
        ops: Vec::new(),
    };
    // The legend names only what the chart shows (a fixed drawing rule
    // has no unreached or mixed cells).
    let all = cells.iter().flatten();
    let never = all.clone().any(|c| matches!(c, Decide::Never));
    let mixed = all.clone().any(|c| {
        matches!(
            c,
            Decide::Draw { mixed: true } | Decide::Stand { mixed: true }
        )
    });
    let mut x = grid_x;
    for (rgb, text, shown) in [
        (DRAW, "D: draws", true),
        (STAND, "S: stands", true),
        (NEVER, "-: never reached", never),
    ] {
        if !shown {
            continue;
        }
        pen.ops.push(rect(x, 5.0, 9.0, 7.0, rgb));
        let t = chars(text, FontId::Serif);
        pen.text(&t, x + 12.0, 11.0, size, 0.0);
        x += 12.0 + pen.width(&t, size) + 14.0;
    }
    if mixed {
        let t = chars(
            "*: the optimal strategy decides some hands otherwise",
            FontId::Serif,
        );
        pen.text(&t, x, 11.0, size, 0.0);
    }
    out.push(Row {
        h: 16.0,
        ops: pen.ops,
    });
}

fn distribution(set: &Setter, bars: &[(String, f64)], out: &mut Vec<Row>) {
    let size = 7.5;
    let bh = 11.0;
    let label_w = 40.0;
    let x0 = set.style.left + label_w;
    let full = set.style.right - x0 - 60.0;
    let most = bars.iter().map(|b| b.1).fold(0.0f64, f64::max).max(1e-12);
    let mut pen = Pen {
        set,
        ops: Vec::new(),
    };
    pen.text(
        &chars("net result", FontId::SerifBold),
        x0 - 6.0,
        size,
        size,
        1.0,
    );
    pen.text(
        &chars("share of rounds", FontId::SerifBold),
        x0,
        size,
        size,
        0.0,
    );
    out.push(Row {
        h: 12.0,
        ops: pen.ops,
    });
    for (label, p) in bars {
        let mut pen = Pen {
            set,
            ops: Vec::new(),
        };
        let base = bh * 0.5 + size * 0.35;
        pen.text(&chars(label, FontId::Serif), x0 - 6.0, base, size, 1.0);
        let w = (p / most) as f32 * full;
        let rgb = if label.starts_with('-') { LOSS } else { BAR };
        pen.ops.push(rect(x0, 1.5, w.max(0.5), bh - 3.0, rgb));
        pen.text(
            &chars(&format!("{:.2}%", p * 100.0), FontId::Serif),
            x0 + w + 4.0,
            base,
            size,
            0.0,
        );
        out.push(Row {
            h: bh,
            ops: pen.ops,
        });
    }
    let mut pen = Pen {
        set,
        ops: Vec::new(),
    };
    pen.ops.push(line(
        vec![(x0, -bh * bars.len() as f32), (x0, 0.0)],
        0.8,
        INK,
    ));
    out.push(Row {
        h: 6.0,
        ops: pen.ops,
    });
}
