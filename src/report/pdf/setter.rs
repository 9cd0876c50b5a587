//! Typesetting: runs to characters in their faces, measured with the
//! embedded fonts' advances, and broken into lines only at spaces and after
//! `_`, `.`, `/`, `-` (an unbreakable token longer than the line is cut by
//! characters, as a last resort).

use super::flow::Run;
use super::fonts::{FontId, Fonts};
use super::page::{Op, Role, Text};

/// A character with the face it is set in.
pub type Styled = (char, FontId);

/// A laid-out line: its characters (spaces included) and width in points.
pub struct Line {
    pub(super) chars: Vec<Styled>,
    pub width: f32,
}

pub(super) fn font_of(run: &Run, bold: bool) -> FontId {
    match (run.style.code(), run.style.bold() || bold) {
        (true, true) => FontId::MonoBold,
        (true, false) => FontId::Mono,
        (false, true) => FontId::SerifBold,
        (false, false) => FontId::Serif,
    }
}

pub(super) fn styled(runs: &[Run], bold: bool) -> Vec<Styled> {
    runs.iter()
        .flat_map(|r| r.text.chars().map(move |c| (c, font_of(r, bold))))
        .collect()
}

pub(super) fn breaks_after(w: &[Styled], i: usize) -> bool {
    let c = w[i].0;
    if i + 1 >= w.len() || !matches!(c, '_' | '.' | '/' | '-') {
        return false;
    }
    // Never inside a decimal number.
    !(c == '.' && i > 0 && w[i - 1].0.is_ascii_digit() && w[i + 1].0.is_ascii_digit())
}

/// The pieces of a word between its break opportunities.
pub(super) fn pieces(w: &[Styled]) -> Vec<&[Styled]> {
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

pub(super) fn words(chars: &[Styled]) -> Vec<&[Styled]> {
    chars
        .split(|(c, _)| *c == ' ')
        .filter(|w| !w.is_empty())
        .collect()
}

pub(super) struct Setter<'f> {
    pub fonts: &'f Fonts,
    /// The page's geometry and sizes.
    pub style: &'f super::style::Style,
}

impl Setter<'_> {
    pub(super) fn cw(&self, (c, f): Styled, size: f32) -> f32 {
        self.fonts.char_width(f, c, size)
    }

    pub(super) fn sw(&self, s: &[Styled], size: f32) -> f32 {
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
