//! An edition's own words for the report's. In a California card room the
//! house banks nothing: what the laboratory edition calls the house edge is
//! the advantage of the player-dealer position, and that is the only name
//! the California edition may use (the issue's "no house-edge wording
//! anywhere in that edition"). The figures are the same exact values.

use crate::report::model::{Block, Document, Figure};

/// Each phrase and its player-dealer wording, longest first so that a
/// plural is not half-replaced.
const PLAYER_DEALER: &[(&str, &str)] = &[
    ("House edges", "Player-dealer advantages"),
    ("house edges", "player-dealer advantages"),
    ("House edge", "Player-dealer advantage"),
    ("house edge", "player-dealer advantage"),
    ("House advantage", "Player-dealer advantage"),
    ("house advantage", "player-dealer advantage"),
    ("edge for the house", "advantage of the player-dealer"),
    ("the house keeps", "the player-dealer position keeps"),
    ("the house pays", "the player-dealer pays"),
    ("the house collects", "the player-dealer collects"),
];

/// Rewords the whole document; a chart whose caption names the house edge
/// is replaced by the table it stands for (or dropped beside its table).
pub(super) fn player_dealer(doc: &mut Document) {
    doc.texts_mut(&mut |s: &mut String| {
        if s.contains("ouse") {
            for (from, to) in PLAYER_DEALER {
                if s.contains(from) {
                    *s = s.replace(from, to);
                }
            }
        }
    });
    for sec in doc.sections.iter_mut().chain(doc.appendices.iter_mut()) {
        let blocks = std::mem::take(&mut sec.blocks);
        for b in blocks {
            match b {
                Block::Figure {
                    figure: Figure::ByDecks(_),
                    table,
                } => {
                    if let Some(table) = table {
                        sec.blocks.push(Block::Table { table });
                    }
                }
                other => sec.blocks.push(other),
            }
        }
    }
}

/// Whether a text still uses a house-edge word (what the California
/// edition must never show).
pub fn house_wording(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["house edge", "house advantage", "edge for the house"]
        .iter()
        .any(|w| lower.contains(w))
}
