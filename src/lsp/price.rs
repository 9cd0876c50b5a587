//! The house edge and hit frequency of every pay table as inlay hints: the
//! engine's exact figures (`pipeline::analyse`, the strategy stage then the
//! exact enumeration, as `certify SPEC` computes them) at the spec's
//! default deck count, rounded only for display.

use super::outline::Outline;
use super::text;
use crate::model::Spec;
use crate::numbers::percent;
use lsp_types::{InlayHint, InlayHintLabel, InlayHintTooltip};
use std::collections::BTreeMap;

/// Decimals of a hint's percentages.
const PLACES: u32 = 4;

/// One hint per line that shows pay tables: at the end of a table's `id:`
/// line, or of the line of the alias that reuses tables (then one part per
/// table).
pub fn hints(spec: &Spec, outline: &Outline, text: &str) -> Vec<InlayHint> {
    let decks = spec.shoe.decks;
    let analysis = crate::pipeline::analyse(spec, decks);
    // Per line: the wager, its tables' labels.
    let mut lines: BTreeMap<usize, (String, Vec<String>)> = BTreeMap::new();
    for w in &analysis.wagers {
        let Some(ow) = outline.wager(&w.id) else {
            continue;
        };
        let aliased = ow.tables.first().is_some_and(|t| t.shown.line != t.at.line);
        for t in &w.tables {
            let Some(ot) = ow.tables.iter().find(|x| x.id == t.id) else {
                continue;
            };
            let figures = format!(
                "edge {} · hit {}",
                percent(&t.house_edge(), PLACES),
                percent(&t.hit_frequency(), PLACES)
            );
            let label = if aliased {
                format!("{} {figures}", t.id)
            } else {
                figures
            };
            lines
                .entry(ot.shown.line)
                .or_insert_with(|| (w.id.clone(), Vec::new()))
                .1
                .push(label);
        }
    }
    lines
        .into_iter()
        .map(|(line, (wager, labels))| {
            let end = text::line(text, line).chars().count();
            InlayHint {
                position: text::position(text, line, end),
                label: InlayHintLabel::String(format!("{} ({decks} decks)", labels.join("; "))),
                // Neither a type nor a parameter name.
                kind: None,
                text_edits: None,
                tooltip: Some(InlayHintTooltip::String(format!(
                    "{wager}: exact house edge and hit frequency at the spec's default {decks} decks (certify's engine)"
                ))),
                padding_left: Some(true),
                padding_right: None,
                data: None,
            }
        })
        .collect()
}
