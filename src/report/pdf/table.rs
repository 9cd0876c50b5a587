//! Tables on the page: cells wrapped rather than shrunk below 7 pt,
//! figure columns right-aligned, the header kept with at least three rows
//! and repeated on a continuation page.

use super::flow::Runs;
use super::layout::{Builder, Unit};
use super::page::*;
use super::setter::{Line, Styled, pieces, styled, words};

impl Builder<'_, '_> {
    pub(super) fn table(&mut self, rows: &[Vec<Runs>], numeric: &[bool]) {
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
        self.gap_next = 10.0 * self.set.style.scale * self.set.style.space;
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
        let (left, scale) = (set.style.left, set.style.scale);
        let (table_max, table_floor) = (set.style.table_max, set.style.table_floor);
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
        // A numeric column's header may wrap at its words, onto two lines
        // at most ("max payout / per unit"): its width is its numbers' or
        // the header's on two lines, whichever is wider.
        let two_lines = |c: usize, s: f32| -> f32 {
            let ws: Vec<f32> = words(&cells[0][c]).iter().map(|w| set.sw(w, s)).collect();
            let space = set.sw(&[(' ', super::fonts::FontId::SerifBold)], s);
            let line = |part: &[f32]| {
                part.iter().sum::<f32>() + space * part.len().saturating_sub(1) as f32
            };
            (0..ws.len().max(1))
                .map(|k| line(&ws[..k]).max(line(&ws[k..])))
                .fold(f32::MAX, f32::min)
        };
        let natural = |s: f32| -> Vec<f32> {
            let all = measure(&|x| set.sw(x, s), false);
            let body = measure(&|x| set.sw(x, s), true);
            (0..cols)
                .map(|c| {
                    if numeric[c] {
                        body[c].max(two_lines(c, s))
                    } else {
                        all[c]
                    }
                })
                .collect()
        };
        // A number is never wrapped ("1 in 241" stays on one line), nor its
        // header past two lines.
        let keep_numbers = |mins: Vec<f32>, s: f32| -> Vec<f32> {
            let body = measure(&|x| set.sw(x, s), true);
            mins.iter()
                .zip(&body)
                .zip(&numeric)
                .enumerate()
                .map(|(c, ((m, n), num))| {
                    if *num {
                        m.max(*n).max(two_lines(c, s))
                    } else {
                        *m
                    }
                })
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
        let avail = self.set.style.right - self.set.style.left;
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
        // One column at its natural width (when the others' minimums
        // leave room), the rest spread over the others: the shortest of
        // these and `even`, with `short_tables` (the leaflet's style).
        let shortest = |even: Vec<f32>, mins: &[f32], s: f32| -> Vec<f32> {
            if !set.style.short_tables {
                return even;
            }
            let want = natural(s);
            let mut best = (height(&even, s), even);
            for c in 0..cols {
                let mut fixed = mins.to_vec();
                fixed[c] = want[c];
                if total(&fixed) > avail {
                    continue;
                }
                let mut widths = spread(&fixed, s);
                widths[c] = want[c] + 2.0 * PAD;
                let h = height(&widths, s);
                if h < best.0 {
                    best = (h, widths);
                }
            }
            best.1
        };
        // Sizes under the style's floor are never tried (the report's floor
        // is its smallest size; the leaflet's is above 8 pt scaled).
        let sizes = |list: &[f32]| -> Vec<f32> {
            list.iter().copied().filter(|&s| s >= table_floor).collect()
        };
        let (size, widths) = if let Some(s) = sizes(&[table_max, 8.0 * scale])
            .into_iter()
            .find(|&s| total(&natural(s)) <= avail)
        {
            (s, natural(s).iter().map(|w| w + 2.0 * PAD).collect())
        } else if let Some(s) = sizes(&[table_max, 8.0 * scale, 7.5 * scale, table_floor])
            .into_iter()
            .find(|&s| total(&word(s)) <= avail)
        {
            // Whole words, or breaks inside identifiers (after `_ . / -`)
            // when that makes the table shorter.
            let whole = shortest(spread(&word(s), s), &word(s), s);
            let broken = shortest(spread(&piece(s), s), &piece(s), s);
            if height(&broken, s) < height(&whole, s) {
                (s, broken)
            } else {
                (s, whole)
            }
        } else if total(&piece(table_floor)) <= avail {
            (table_floor, spread(&piece(table_floor), table_floor))
        } else {
            // Even the pieces do not fit: share the width by piece length
            // (the longest tokens are cut, the size stays at the floor).
            let piece = piece(table_floor);
            let sum: f32 = piece.iter().sum::<f32>().max(1.0);
            (table_floor, piece.iter().map(|p| avail * p / sum).collect())
        };
        let xs: Vec<f32> = std::iter::once(left)
            .chain(widths.iter().scan(left, |x, w| {
                *x += w;
                Some(*x)
            }))
            .collect();
        let right = xs[cols];
        let lead = size * self.set.style.table_lead;
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
                    x: left,
                    y: 0.0,
                    w: right - left,
                    h,
                    code: false,
                });
                ops.push(Op::Rule {
                    x1: left,
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
                x1: left,
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
