//! The fonts the PDF is set in: four files shipped in `fonts/` beside this
//! module with their licences (SIL OFL 1.1 for Libertinus Serif, the
//! Bitstream Vera licence for DejaVu Sans Mono), compiled into the binary
//! and checked by family and style name when loaded, with the metrics used
//! both to measure and to place every glyph: what is measured is exactly
//! what is drawn.

use crate::diag::report::ReportError;
use krilla::text::Font;

/// One of the four faces the report uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FontId {
    /// Libertinus Serif Regular: prose and tables.
    Serif,
    /// Libertinus Serif Bold: headings, table headers, `**bold**`.
    SerifBold,
    /// DejaVu Sans Mono Book: code spans (spec ids, expressions) and code blocks.
    Mono,
    /// DejaVu Sans Mono Bold: code inside bold text or headings.
    MonoBold,
}

/// Each face: its file, its bytes, and the family and style names the
/// file must hold (a swapped or renamed file is refused, not drawn).
const WANTED: [(FontId, &str, &[u8], &str, &str); 4] = [
    (
        FontId::Serif,
        "LibertinusSerif-Regular.otf",
        include_bytes!("fonts/LibertinusSerif-Regular.otf"),
        "Libertinus Serif",
        "Regular",
    ),
    (
        FontId::SerifBold,
        "LibertinusSerif-Bold.otf",
        include_bytes!("fonts/LibertinusSerif-Bold.otf"),
        "Libertinus Serif",
        "Bold",
    ),
    (
        FontId::Mono,
        "DejaVuSansMono.ttf",
        include_bytes!("fonts/DejaVuSansMono.ttf"),
        "DejaVu Sans Mono",
        "Book",
    ),
    (
        FontId::MonoBold,
        "DejaVuSansMono-Bold.ttf",
        include_bytes!("fonts/DejaVuSansMono-Bold.ttf"),
        "DejaVu Sans Mono",
        "Bold",
    ),
];

/// A font for drawing and its metrics for measuring.
pub struct Face {
    pub font: Font,
    pub metrics: ttf_parser::Face<'static>,
    upem: f32,
    /// The glyphs of the first 256 characters, looked up once: nearly every
    /// character of a report is one of them, and a cmap lookup per
    /// character measured was a fifth of a whole run's time.
    latin: Vec<Option<(u16, f32)>>,
}

impl Face {
    fn new(font: Font, metrics: ttf_parser::Face<'static>) -> Face {
        let upem = metrics.units_per_em() as f32;
        let mut face = Face {
            font,
            metrics,
            upem,
            latin: Vec::new(),
        };
        face.latin = (0..256u32)
            .map(|c| char::from_u32(c).and_then(|c| face.lookup(c)))
            .collect();
        face
    }

    /// The glyph of `c` and its advance in ems, if the face has it.
    pub fn glyph(&self, c: char) -> Option<(u16, f32)> {
        match self.latin.get(c as usize) {
            Some(g) => *g,
            None => self.lookup(c),
        }
    }

    fn lookup(&self, c: char) -> Option<(u16, f32)> {
        let g = self.metrics.glyph_index(c)?;
        let adv = self.metrics.glyph_hor_advance(g).unwrap_or(0) as f32;
        Some((g.0, adv / self.upem))
    }
}

pub struct Fonts {
    faces: Vec<(FontId, Face)>,
    /// Per face asked for, the first 256 characters as drawn: the face
    /// that draws each (after fallback) and its advance in ems. Measuring
    /// is most of laying a report out, and nearly every character is here.
    drawn: Vec<Vec<(FontId, f32)>>,
    /// Libertinus's x-height over DejaVu Sans Mono's: code is set this much
    /// smaller than the text around it, so their lowercase letters match.
    mono_scale: f32,
}

/// No text is set smaller than this, code included.
pub const FLOOR: f32 = 7.0;

fn name_of(face: &ttf_parser::Face, ids: &[u16]) -> Option<String> {
    ids.iter().find_map(|id| {
        face.names()
            .into_iter()
            .filter(|n| n.name_id == *id)
            .find_map(|n| n.to_string())
    })
}

impl Fonts {
    /// Loads the four faces, each checked by name; a file that does not
    /// hold the face expected is a typed error.
    pub fn load() -> Result<Fonts, ReportError> {
        let mut faces = Vec::new();
        for (id, file, data, family, style) in WANTED {
            let bad = || ReportError::Font {
                file: file.into(),
                family: family.into(),
                style: style.into(),
            };
            let metrics = ttf_parser::Face::parse(data, 0).map_err(|_| bad())?;
            // Typographic names (16, 17) first, then the legacy ones (1, 2).
            if name_of(&metrics, &[16, 1]).as_deref() != Some(family)
                || name_of(&metrics, &[17, 2]).as_deref() != Some(style)
            {
                return Err(bad());
            }
            let font = Font::new(data.into(), 0).ok_or_else(bad)?;
            debug_assert_eq!(id as usize, faces.len(), "WANTED is in FontId order");
            faces.push((id, Face::new(font, metrics)));
        }
        let x_height = |id: FontId| {
            let f = &faces.iter().find(|(f, _)| *f == id).expect("loaded").1;
            f.metrics.x_height().map_or(0.5, |x| x as f32 / f.upem)
        };
        let mono_scale = (x_height(FontId::Serif) / x_height(FontId::Mono)).min(1.0);
        let mut fonts = Fonts {
            faces,
            drawn: Vec::new(),
            mono_scale,
        };
        fonts.drawn = [
            FontId::Serif,
            FontId::SerifBold,
            FontId::Mono,
            FontId::MonoBold,
        ]
        .iter()
        .map(|&want| {
            (0..256u32)
                .map(|c| {
                    let c = char::from_u32(c).unwrap_or('?');
                    let f = fonts.resolve(want, c);
                    (f, fonts.face(f).glyph(c).map_or(0.5, |(_, a)| a))
                })
                .collect()
        })
        .collect();
        Ok(fonts)
    }

    /// The size `font` is set at beside text of `size`: code smaller by the
    /// x-height ratio, never below [`FLOOR`] (nor above `size`).
    pub fn size_of(&self, font: FontId, size: f32) -> f32 {
        match font {
            FontId::Mono | FontId::MonoBold => (size * self.mono_scale).max(FLOOR).min(size),
            _ => size,
        }
    }

    pub fn face(&self, id: FontId) -> &Face {
        // Loaded in `WANTED` order, which is `FontId` order.
        &self.faces[id as usize].1
    }

    /// The face that draws `c` in `want`: the face itself, else the
    /// monospace face of the same weight (DejaVu covers far more scripts).
    pub fn resolve(&self, want: FontId, c: char) -> FontId {
        if self.face(want).glyph(c).is_some() {
            return want;
        }
        match want {
            FontId::Serif => FontId::Mono,
            FontId::SerifBold => FontId::MonoBold,
            other => other,
        }
    }

    /// `c` if some face draws it, else the replacement character (or `?`).
    pub fn shown(&self, c: char) -> char {
        let has = |f: FontId, c: char| self.face(f).glyph(c).is_some();
        // Each face, or the monospace one it falls back to, draws it.
        let drawn = |c: char| {
            (has(FontId::Serif, c) || has(FontId::Mono, c))
                && (has(FontId::SerifBold, c) || has(FontId::MonoBold, c))
        };
        if drawn(c) {
            c
        } else if drawn('\u{FFFD}') {
            '\u{FFFD}'
        } else {
            '?'
        }
    }

    /// Width in points of `text` set in `want` at `size` (with fallback).
    pub fn width(&self, want: FontId, text: &str, size: f32) -> f32 {
        text.chars().map(|c| self.char_width(want, c, size)).sum()
    }

    /// Width in points of `c` set in `want` at `size` (with fallback).
    pub fn char_width(&self, want: FontId, c: char, size: f32) -> f32 {
        let (f, advance) = match self.drawn[want as usize].get(c as usize) {
            Some(&drawn) => drawn,
            None => {
                let f = self.resolve(want, c);
                (f, self.face(f).glyph(c).map_or(0.5, |(_, a)| a))
            }
        };
        advance * self.size_of(f, size)
    }
}
