//! Interpretations of the game's own rules (naturals, drawing): the
//! figures each one changes, under the adopted reading and the other, and
//! the printed house edges against both. The pipeline computes the other
//! reading's game (`Computed::alternatives`); this module only sets the
//! two side by side: on page one, in section 5 and in the JSON document.

use super::numbers::percent;
use super::words::sentence;
use super::{AlternativeGame, ClaimCheck, Computed};
use crate::engine::Analysis;
use crate::model::{GameInterpretation, Spec};
use crate::report::model::{Kind, Section, Table};
use num_rational::BigRational;

/// One figure a reading changes, under both readings.
pub(crate) struct Changed {
    /// The figure as the report names it.
    pub name: String,
    pub adopted: BigRational,
    pub other: BigRational,
}

/// The figures `gi` changes: each pay table of a changed wager; a combined
/// entry's house edge per its `per` bet and per total wagered.
pub(crate) fn changed<'a>(
    spec: &Spec,
    gi: &GameInterpretation,
    adopted: &'a Analysis,
    other: &'a Analysis,
) -> Vec<Changed> {
    let mut out = Vec::new();
    for id in &gi.changes {
        let pair = |a: &'a Analysis| a.wagers.iter().find(|w| &w.id == id);
        if let (Some(x), Some(y)) = (pair(adopted), pair(other)) {
            for (tx, ty) in x.tables.iter().zip(&y.tables) {
                out.push(Changed {
                    name: super::words::wager_table(spec, id, &tx.id),
                    adopted: tx.house_edge(),
                    other: ty.house_edge(),
                });
            }
            continue;
        }
        let combined = |a: &'a Analysis| a.combined.iter().find(|c| &c.id == id);
        if let (Some(x), Some(y)) = (combined(adopted), combined(other)) {
            out.push(Changed {
                name: super::words::combined_per(spec, &x.name, &x.per),
                adopted: x.house_edge(),
                other: y.house_edge(),
            });
            out.push(Changed {
                name: format!("{}, per total wagered", x.name),
                adopted: x.per_total_wagered(),
                other: y.per_total_wagered(),
            });
        }
    }
    out
}

/// Each game interpretation with its computed alternative, in spec order.
pub(crate) fn pairs<'a>(
    spec: &'a Spec,
    c: &'a Computed,
) -> Vec<(&'a GameInterpretation, &'a AlternativeGame)> {
    spec.game_interpretations
        .iter()
        .filter_map(|gi| Some((gi, c.alternatives.iter().find(|a| a.id == gi.id)?)))
        .collect()
}

/// The table of the figures a reading changes.
fn table(spec: &Spec, gi: &GameInterpretation, c: &Computed, alt: &AlternativeGame) -> Table {
    let mut t = Table::names(vec!["figure", "adopted reading", "other reading"])
        .kind(1, Kind::Percent)
        .kind(2, Kind::Percent);
    for f in changed(spec, gi, &c.analysis, &alt.analysis) {
        t.row(vec![f.name, percent(&f.adopted, 4), percent(&f.other, 4)]);
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
fn claims_under(
    spec: &Spec,
    gi: &GameInterpretation,
    adopted: &[ClaimCheck],
    alt: &AlternativeGame,
) -> Vec<String> {
    claims_under_both(gi, adopted, alt)
        .map(|(x, y)| {
            format!(
                "Printed {} for {}: the adopted reading gives {} ({}); the other reading gives {} ({}).",
                x.printed,
                super::claims::subject(spec, x),
                x.computed,
                agreement(x),
                y.computed,
                agreement(y),
            )
        })
        .collect()
}

/// Page one: each reading of the game's rules the document supports as
/// well as the adopted one, its figures beside the adopted reading's. A
/// reading put to the submitter goes with the questions instead.
pub(crate) fn page_one(sec: &mut Section, spec: &Spec, c: &Computed) {
    let shown: Vec<_> = pairs(spec, c)
        .into_iter()
        .filter(|(gi, _)| !gi.ask_submitter)
        .collect();
    if shown.is_empty() {
        return;
    }
    sec.heading(3, "Another reading of the game's rules");
    for (gi, alt) in shown {
        sec.para(format!(
            "**{}.** {} Adopted: {} Other reading: {} Both computed exactly (section 5); the verdict is for the adopted reading.",
            super::rules::capital(&super::words::plain(&gi.id)),
            sentence(&gi.question),
            sentence(&gi.chosen),
            sentence(&gi.alternative)
        ));
        sec.table(table(spec, gi, c, alt));
        for s in claims_under(spec, gi, &c.claims, alt) {
            sec.para(s);
        }
    }
}

/// The questions to the submitter about the game's rules (after those
/// about wagers, numbered on from `first`).
pub(crate) fn questions(sec: &mut Section, spec: &Spec, c: &Computed, first: usize) {
    for (k, (gi, alt)) in pairs(spec, c)
        .into_iter()
        .filter(|(gi, _)| gi.ask_submitter)
        .enumerate()
    {
        sec.item(format!("Q{}. {}", first + k, gi.question.trim()));
        sec.sub_item(format!("Adopted: {}", sentence(&gi.chosen)));
        sec.sub_item(format!("If instead: {}", sentence(&gi.alternative)));
        sec.table(table(spec, gi, c, alt));
    }
}

/// Section 5's entries: the question, both readings, the figures, the
/// printed edges under both, and the engine's check under the other game.
pub(crate) fn section_part(sec: &mut Section, spec: &Spec, c: &Computed) {
    for (gi, alt) in pairs(spec, c) {
        let asked = if gi.ask_submitter {
            " (a question to the submitter: page one)"
        } else {
            ""
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
        sec.table(table(spec, gi, c, alt));
        for s in claims_under(spec, gi, &c.claims, alt) {
            sec.para(s);
        }
        let v = &alt.verification;
        sec.para(format!(
            "Under the other reading the independent settlement of single rounds {} on all {} rounds of the small test shoes and on {} rounds sampled from the full shoe.",
            if v.passed() { "agrees" } else { "DISAGREES" },
            super::numbers::group_digits(&v.small_shoe_sequences.to_string()),
            super::numbers::group_digits(&v.sampled.to_string()),
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
