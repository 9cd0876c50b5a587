//! The "Game protection" section: per scenario what a player who sees, or
//! tells apart, the first cards of a round gains, the decision tables, and
//! the countermeasure where the player gains an edge; and page one's
//! sentence. The figures come from the protection stage
//! (`crate::protection`), computed by the pipeline.

use super::Computed;
use super::inputs::Inputs;
use super::model::{Kind, Section, Table};
use super::numbering::PROTECTION;
use super::numbers::percent;
use crate::protect::Outcome;
use num_traits::Signed;

/// The practical countermeasure against a scenario that gives an edge.
fn countermeasure(o: &Outcome) -> &'static str {
    match o.partition {
        Some(_) => {
            "edge sorting: cards with symmetric backs (back designs checked on delivery), an automatic shuffler that rotates cards or a turn in every shuffle, and no request to turn cards honoured"
        }
        None => {
            "a seen card: bets close before the first card leaves the shoe, cards stay covered until then (no flashing, a shoe that hides the top card), and no card is dealt face up before bets close"
        }
    }
}

/// The largest edge a scenario gives the player who may sit out, if any.
fn largest(c: &Computed) -> Option<&Outcome> {
    let set = c.protection.as_ref()?;
    set.protection
        .outcomes
        .iter()
        .filter(|o| o.player_edge_sitting_out.is_positive())
        .max_by(|a, b| a.player_edge_sitting_out.cmp(&b.player_edge_sitting_out))
}

/// Page one's sentence.
pub(crate) fn sentence(c: &Computed) -> Option<String> {
    let set = c.protection.as_ref()?;
    if set.protection.outcomes.is_empty() {
        return None;
    }
    Some(match largest(c) {
        None => format!(
            "Game protection: no scenario of section {PROTECTION} (first cards seen or told apart) gives the player an edge."
        ),
        Some(o) => format!(
            "Game protection: a player who knows {} before betting gains an edge; the largest of section {PROTECTION}, {} per round dealt (`{}`, {}).",
            crate::protect::sees(o),
            percent(&o.player_edge_sitting_out, 4),
            o.scenario.text,
            if set.base_game {
                "betting the best of the base game's wagers or sitting out"
            } else {
                "betting the side bet only when it is favourable"
            }
        ),
    })
}

/// The section, numbered `number`; None when not computed.
pub(crate) fn section(inp: &Inputs, c: &Computed, number: usize) -> Option<Section> {
    let set = c.protection.as_ref()?;
    let p = &set.protection;
    let mut sec = Section::new("protection", format!("{number}. Game protection"));
    sec.para(format!(
        "What a player gains who sees the first cards of a round, or can tell two groups of ranks apart by their backs (edge sorting), before bets close, at {} decks. The first cards are those the rules deal first, in order; the player bets one unit on the wager that is best for what they see ({}). Two players: one who must bet every round, and one who may sit out when no wager has a positive edge. Edges are the player's expected win per unit (positive: the player's advantage), exact fractions from the enumeration.",
        p.decks,
        if set.base_game {
            "among the base game's wagers"
        } else {
            "each side bet alone: bet it or not"
        }
    ));
    let mut t = Table::names([
        "scenario",
        "player sees",
        "wagers",
        "must bet: per round",
        "may sit out: per round",
        "per round bet",
        "rounds bet",
    ])
    .kinds_from(3, Kind::Percent);
    for o in &p.outcomes {
        t.row([
            format!("`{}`", o.scenario.text),
            crate::protect::sees(o),
            o.choices
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", "),
            percent(&o.player_edge, 4),
            percent(&o.player_edge_sitting_out, 4),
            percent(&o.edge_per_bet_sitting_out, 4),
            percent(&o.share_bet, 2),
        ]);
    }
    sec.table(t);
    let best: Vec<&Outcome> = p.outcomes.iter().filter(|o| o.searched > 0).collect();
    if !best.is_empty() {
        sec.para(format!(
            "`groups:K:best` tries every two-group partition of the thirteen ranks ({}) and keeps the one best for the player who may sit out.",
            best[0].searched
        ));
    }
    if set.base_game {
        for o in &p.outcomes {
            if o.decisions.len() > crate::report::data::protection::SHOWN_DECISIONS {
                continue;
            }
            sec.heading(3, format!("Decision table: `{}`", o.scenario.text));
            let mut d = Table::names([
                "player sees",
                "probability",
                "best wager",
                "its edge",
                "may sit out",
            ])
            .kind(1, Kind::Percent)
            .kind(3, Kind::Percent);
            for x in &o.decisions {
                d.row([
                    x.observation.clone(),
                    percent(&x.probability, 4),
                    format!("`{}`", o.choices[x.choice]),
                    percent(&x.edge, 4),
                    if x.bet { "bet" } else { "sit out" }.to_string(),
                ]);
            }
            sec.table(d);
        }
    }
    sec.heading(3, "Countermeasures");
    let gaining: Vec<&Outcome> = p
        .outcomes
        .iter()
        .filter(|o| o.player_edge_sitting_out.is_positive())
        .collect();
    if gaining.is_empty() {
        sec.para("No scenario gives the player an edge.");
    }
    let mut kinds: Vec<&str> = gaining.iter().map(|o| countermeasure(o)).collect();
    kinds.dedup();
    kinds.sort_unstable();
    kinds.dedup();
    for k in kinds {
        let names: Vec<String> = gaining
            .iter()
            .filter(|o| countermeasure(o) == k)
            .map(|o| format!("`{}`", o.scenario.text))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        sec.item(format!("Against {}: {k}.", names.join(", ")));
    }
    if !set.not_run.is_empty() {
        sec.note(format!(
            "Not in this section (their conditions read ranks or suits, a slower walk): {}; `certify protect {} --wagers WAGER` computes them.",
            set.not_run
                .iter()
                .map(|w| format!("`{w}`"))
                .collect::<Vec<_>>()
                .join(", "),
            inp.spec_path
        ));
    }
    if !set.favourable.is_empty() {
        sec.note(format!(
            "Left out: {}, whose house edge is negative: the player has the edge without seeing any card (see the warnings).",
            set.favourable
                .iter()
                .map(|w| format!("`{w}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    sec.para(format!(
        "Every decision table, and any other scenario: `certify protect {} --json` (see the manual's chapter \"Game protection\").",
        inp.spec_path
    ));
    Some(sec)
}
