//! Interpretations of the game's own rules (naturals, drawing): the
//! figures each one moves, under the adopted reading and the other, and
//! the printed house edges against both. The pipeline computes the other
//! reading's game (`Computed::alternatives`) and the assessment the
//! figures it moves (`crate::assess::ReadingFinding`); this module sets
//! the two side by side, on page one and in section 5.

use super::inputs::Inputs;
use super::words::sentence;
use crate::assess::{AlternativeGame, ClaimCheck, Computed, ReadingFinding};
use crate::model::GameInterpretation;
use crate::report::model::{Kind, Section, Table};

/// The table of the figures a reading moves.
fn table(inp: &Inputs, r: &ReadingFinding) -> Table {
    let mut t = Table::names(vec!["figure", "adopted reading", "other reading"])
        .kind(1, Kind::Percent)
        .kind(2, Kind::Percent);
    for m in &r.moves {
        t.row(vec![
            super::words::figure(inp.spec, &m.figure),
            m.adopted.percent(4),
            m.other.percent(4),
        ]);
    }
    t
}

/// The printed house edges of what `gi` changes: (adopted, other).
pub(crate) fn claims_under_both<'a>(
    gi: &'a GameInterpretation,
    adopted: &'a [ClaimCheck],
    alt: &'a AlternativeGame,
) -> impl Iterator<Item = (&'a ClaimCheck, &'a ClaimCheck)> {
    adopted
        .iter()
        .zip(&alt.claims)
        .filter(|(x, _)| x.wagers.iter().any(|w| gi.changes.contains(w)))
}

/// The printed house edges under the other reading, one sentence each.
fn claims_under(inp: &Inputs, gi: &GameInterpretation, alt: &AlternativeGame) -> Vec<String> {
    claims_under_both(gi, &inp.assessment.claims, alt)
        .map(|(x, y)| {
            format!(
                "Printed {} for {}: the adopted reading gives {} ({}); the other reading gives {} ({}).",
                x.printed,
                super::claims::subject(inp.spec, x),
                x.computed,
                agreement(x),
                y.computed,
                agreement(y),
            )
        })
        .collect()
}

/// Each game reading with its interpretation and computed alternative, in
/// the spec's order.
fn shown<'a>(
    inp: &'a Inputs,
    c: &'a Computed,
) -> Vec<(
    &'a ReadingFinding,
    &'a GameInterpretation,
    &'a AlternativeGame,
)> {
    crate::assess::game_pairs(inp.spec, c)
        .into_iter()
        .filter_map(|(gi, alt)| {
            let r = inp
                .assessment
                .readings
                .iter()
                .find(|r| r.game && r.id == gi.id)?;
            Some((r, gi, alt))
        })
        .collect()
}

/// Page one: each reading of the game's rules computed both ways that is
/// not a question to the submitter (a question is with the questions),
/// its figures beside the adopted reading's.
pub(crate) fn page_one(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let list: Vec<_> = shown(inp, c)
        .into_iter()
        .filter(|(r, _, _)| r.question.is_none())
        .collect();
    if list.is_empty() {
        return;
    }
    sec.heading(3, "Another reading of the game's rules");
    for (r, gi, alt) in list {
        sec.para(format!(
            "**{}.** {} Adopted: {} Other reading: {} Both computed exactly (section 5); the verdict is for the adopted reading.",
            super::rules::capital(&super::words::plain(&gi.id)),
            sentence(&gi.question),
            sentence(&gi.chosen),
            sentence(&gi.alternative)
        ));
        sec.table(table(inp, r));
        for s in claims_under(inp, gi, alt) {
            sec.para(s);
        }
    }
}

/// Section 5's entries: the question, both readings, the figures, the
/// printed edges under both, and the engine's check under the other game.
pub(crate) fn section_part(sec: &mut Section, inp: &Inputs, c: &Computed) {
    for (r, gi, alt) in shown(inp, c) {
        let asked = match r.question {
            Some(q) => format!(" (question Q{q} to the submitter: page one)"),
            None => String::new(),
        };
        sec.item(format!(
            "**{}**{asked}: {}",
            super::rules::capital(&super::words::plain(&gi.id)),
            gi.question.trim()
        ));
        sec.sub_item(format!("chosen: {}", gi.chosen.trim()));
        sec.sub_item(format!(
            "alternative: {} The whole rule file is checked again under this game and every figure it changes computed exactly; an optimal strategy is the best play of that game.",
            sentence(&gi.alternative)
        ));
        sec.table(table(inp, r));
        for s in claims_under(inp, gi, alt) {
            sec.para(s);
        }
        let v = &alt.verification;
        sec.para(format!(
            "Under the other reading the independent settlement of single rounds {} on all {} rounds of the small test shoes and on {} rounds sampled from the full shoe.",
            if v.passed() { "agrees" } else { "DISAGREES" },
            crate::numbers::group_digits(&v.small_shoe_sequences.to_string()),
            crate::numbers::group_digits(&v.sampled.to_string()),
        ));
    }
}

/// How a computed figure stands to the printed one.
fn agreement(c: &ClaimCheck) -> String {
    if c.matches {
        "matches within rounding".into()
    } else {
        format!("differs by {} points", c.difference.trim_start_matches('-'))
    }
}
