//! The fonts the PDF is set in, chosen from the fonts bundled by
//! `typst-assets` by family and style name (never by position), with the
//! metrics used both to measure and to place every glyph: what is measured
//! is exactly what is drawn.

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

/// The family and style names each face is looked up by.
const WANTED: [(FontId, &str, &str); 4] = [
    (FontId::Serif, "Libertinus Serif", "Regular"),
    (FontId::SerifBold, "Libertinus Serif", "Bold"),
    (FontId::Mono, "DejaVu Sans Mono", "Book"),
    (FontId::MonoBold, "DejaVu Sans Mono", "Bold"),
];

/// A font for drawing and its metrics for measuring.
pub struct Face {
    pub font: Font,
    pub metrics: ttf_parser::Face<'static>,
    upem: f32,
}

impl Face {
    /// The glyph of `c` and its advance in ems, if the face has it.
    pub fn glyph(&self, c: char) -> Option<(u16, f32)> {
        let g = self.metrics.glyph_index(c)?;
        let adv = self.metrics.glyph_hor_advance(g).unwrap_or(0) as f32;
        Some((g.0, adv / self.upem))
    }
}

pub struct Fonts {
    faces: Vec<(FontId, Face)>,
}

fn name_of(face: &ttf_parser::Face, ids: &[u16]) -> Option<String> {
    ids.iter().find_map(|id| {
        face.names()
            .into_iter()
            .filter(|n| n.name_id == *id)
            .find_map(|n| n.to_string())
    })
}

impl Fonts {
    /// Loads the four faces by name; a missing one is a typed error.
    pub fn load() -> Result<Fonts, ReportError> {
        let mut faces = Vec::new();
        for (id, family, style) in WANTED {
            let data = typst_assets::fonts()
                .find(|data| {
                    ttf_parser::Face::parse(data, 0).is_ok_and(|f| {
                        // Typographic names (16, 17) first, then the legacy ones (1, 2).
                        name_of(&f, &[16, 1]).as_deref() == Some(family)
                            && name_of(&f, &[17, 2]).as_deref() == Some(style)
                    })
                })
                .ok_or_else(|| ReportError::Font {
                    family: family.into(),
                    style: style.into(),
                })?;
            let bad = || ReportError::Font {
                family: family.into(),
                style: format!("{style} (unreadable)"),
            };
            let metrics = ttf_parser::Face::parse(data, 0).map_err(|_| bad())?;
            let font = Font::new(data.into(), 0).ok_or_else(bad)?;
            let upem = metrics.units_per_em() as f32;
            faces.push((
                id,
                Face {
                    font,
                    metrics,
                    upem,
                },
            ));
        }
        Ok(Fonts { faces })
    }

    pub fn face(&self, id: FontId) -> &Face {
        &self
            .faces
            .iter()
            .find(|(f, _)| *f == id)
            .expect("every face loaded")
            .1
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

    /// Width in points of `text` set in `want` at `size` (with fallback).
    pub fn width(&self, want: FontId, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| {
                self.face(self.resolve(want, c))
                    .glyph(c)
                    .map_or(0.5, |(_, a)| a)
            })
            .sum::<f32>()
            * size
    }
}
