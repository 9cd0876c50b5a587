//! Drawing laid-out pages with krilla: glyphs placed with the same
//! advances the layout measured, document metadata and the outline.

use super::fonts::Fonts;
use super::page::{FIGURE, H, LEFT, Laid, Op, W};
use crate::diag::report::ReportError;
use crate::report::model::Meta;
use crate::report::release;
use krilla::color::{luma, rgb};
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::destination::XyzDestination;
use krilla::geom::{PathBuilder, Point};
use krilla::metadata::DateTime;
use krilla::metadata::Metadata;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{GlyphId, KrillaGlyph};
use krilla::{Document, SerializeSettings};

pub fn draw(fonts: &Fonts, laid: &Laid, info: &Meta) -> Result<Vec<u8>, ReportError> {
    // PDF/A-2b: krilla validates while writing and refuses a document
    // that does not conform (fonts embedded, colours in sRGB/sGrey with an
    // output intent, XMP metadata with a document date).
    let configuration = ConfigurationBuilder::new()
        .with_archival_validator(Archival::A2_B)
        .finish()
        .map_err(|_| ReportError::Pdf {
            reason: "the PDF/A-2b configuration is refused (an internal fault)".into(),
        })?;
    let mut doc = Document::new_with(SerializeSettings {
        configuration,
        ..SerializeSettings::default()
    });
    let grey = Fill {
        paint: luma::Color::new(100).into(),
        ..Fill::default()
    };
    let black = Fill::default();
    for ops in &laid.pages {
        let mut page = doc.start_page_with(PageSettings::from_wh(W, H).expect("A4"));
        let mut s = page.surface();
        // Shading first, so rules and text sit on top of it.
        for op in ops {
            if let Op::Shade { x, y, w, h, code } = op {
                let mut pb = PathBuilder::new();
                pb.move_to(*x, *y);
                pb.line_to(x + w, *y);
                pb.line_to(x + w, y + h);
                pb.line_to(*x, y + h);
                pb.close();
                if let Some(path) = pb.finish() {
                    let paint = if *code {
                        rgb::Color::new(244, 244, 244)
                    } else {
                        rgb::Color::new(230, 235, 242)
                    };
                    s.set_fill(Some(Fill {
                        paint: paint.into(),
                        ..Fill::default()
                    }));
                    s.set_stroke(None);
                    s.draw_path(&path);
                }
            }
        }
        for op in ops {
            match op {
                Op::Text(t) => {
                    s.set_fill(Some(if t.grey { grey.clone() } else { black.clone() }));
                    s.set_stroke(None);
                    let face = fonts.face(t.font);
                    let mut glyphs = Vec::new();
                    for (i, c) in t.text.char_indices() {
                        let (g, adv) = face.glyph(c).unwrap_or((0, 0.5));
                        glyphs.push(KrillaGlyph::new(
                            GlyphId::new(g as u32),
                            adv,
                            0.0,
                            0.0,
                            0.0,
                            i..i + c.len_utf8(),
                            None,
                        ));
                    }
                    s.draw_glyphs(
                        Point::from_xy(t.x, t.y),
                        &glyphs,
                        face.font.clone(),
                        &t.text,
                        t.size,
                        false,
                    );
                }
                Op::Rule {
                    x1,
                    y1,
                    x2,
                    y2,
                    width,
                    grey: g,
                } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(*x1, *y1);
                    pb.line_to(*x2, *y2);
                    if let Some(path) = pb.finish() {
                        s.set_fill(None);
                        let paint = if *g {
                            luma::Color::new(170)
                        } else {
                            luma::Color::new(0)
                        };
                        s.set_stroke(Some(Stroke {
                            width: *width,
                            paint: paint.into(),
                            ..Stroke::default()
                        }));
                        s.draw_path(&path);
                    }
                }
                Op::Rect { x, y, w, h, rgb } => {
                    let mut pb = PathBuilder::new();
                    if let Some(r) = krilla::geom::Rect::from_xywh(*x, *y, *w, *h) {
                        pb.push_rect(r);
                    }
                    if let Some(path) = pb.finish() {
                        s.set_fill(Some(Fill {
                            paint: rgb::Color::new(rgb[0], rgb[1], rgb[2]).into(),
                            ..Fill::default()
                        }));
                        s.set_stroke(None);
                        s.draw_path(&path);
                    }
                }
                Op::Path { points, width, rgb } => {
                    let mut pb = PathBuilder::new();
                    for (k, (x, y)) in points.iter().enumerate() {
                        if k == 0 {
                            pb.move_to(*x, *y);
                        } else {
                            pb.line_to(*x, *y);
                        }
                    }
                    if let Some(path) = pb.finish() {
                        s.set_fill(None);
                        s.set_stroke(Some(Stroke {
                            width: *width,
                            paint: rgb::Color::new(rgb[0], rgb[1], rgb[2]).into(),
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
    // The outline: every `##` section, its `###` headings beneath it,
    // each figure beneath the heading before it.
    let mut outline = Outline::new();
    let mut section: Option<OutlineNode> = None;
    let mut sub: Option<OutlineNode> = None;
    let close_sub = |section: &mut Option<OutlineNode>,
                     sub: &mut Option<OutlineNode>,
                     outline: &mut Outline| {
        if let Some(done) = sub.take() {
            match section.as_mut() {
                Some(s) => s.push_child(done),
                None => outline.push_child(done),
            }
        }
    };
    for a in &laid.anchors {
        let node = OutlineNode::new(
            a.title.clone(),
            XyzDestination::new(a.page, Point::from_xy(LEFT, a.y)),
        );
        match a.level {
            2 => {
                close_sub(&mut section, &mut sub, &mut outline);
                if let Some(done) = section.replace(node) {
                    outline.push_child(done);
                }
            }
            3 => {
                close_sub(&mut section, &mut sub, &mut outline);
                sub = Some(node);
            }
            FIGURE => match (sub.as_mut(), section.as_mut()) {
                (Some(s), _) | (None, Some(s)) => s.push_child(node),
                (None, None) => outline.push_child(node),
            },
            _ => {}
        }
    }
    close_sub(&mut section, &mut sub, &mut outline);
    if let Some(done) = section {
        outline.push_child(done);
    }
    doc.set_outline(outline);
    doc.set_metadata(
        Metadata::new()
            .title(info.title.clone())
            .authors(vec![info.author.clone()])
            .description(info.description.clone())
            .keywords(info.keywords.clone())
            .creator(format!("certify {}", release::VERSION))
            .creation_date(pdf_date(info.date.as_deref()))
            .language("en".into()),
    );
    doc.finish().map_err(|e| ReportError::Pdf {
        reason: pdf_reason(&e),
    })
}

/// Why krilla refused the document, in words (its own `Display` says only
/// how many checks failed).
fn pdf_reason(e: &krilla::error::KrillaError) -> String {
    use krilla::configure::ValidationError;
    use krilla::error::KrillaError;
    match e {
        KrillaError::Validation(errors)
            if errors
                .iter()
                .any(|(v, _)| matches!(v, ValidationError::TooLongString)) =>
        {
            "a text (a title, a name or a heading) is longer than a PDF/A document may hold (32,767 bytes)".into()
        }
        other => format!("{other} (PDF/A-2b)"),
    }
}

/// The PDF's date: the declared date of analysis, else the release date of
/// certify (PDF/A requires one; page one says none was declared). Never the
/// clock, so the bytes are reproducible.
fn pdf_date(declared: Option<&str>) -> DateTime {
    let parse = |d: &str| -> Option<(u16, u8, u8)> {
        let mut p = d.split('-').map(str::parse::<u16>);
        let (y, m, day) = (p.next()?.ok()?, p.next()?.ok()?, p.next()?.ok()?);
        Some((y, u8::try_from(m).ok()?, u8::try_from(day).ok()?))
    };
    let (y, m, d) = declared.and_then(parse).unwrap_or(release::RELEASE_DATE);
    DateTime::new(y).month(m).day(d)
}
