//! The "Game protection" section: per scenario what a player who sees, or
//! tells apart, the first cards of a round gains, the decision tables, and
//! the countermeasure where the player gains an edge; and page one's
//! sentence. The figures come from the protection stage
//! (`crate::protection`), computed by the pipeline.

use super::inputs::Inputs;
use super::model::{Kind, Section, Table};
use crate::assess::{Computed, Countermeasure};
use crate::numbers::percent;
use crate::protect::Outcome;
use crate::protect::informed::per_total_wagered;

/// What stops a kind of exposure, in full (section 6's countermeasures).
pub(crate) fn countermeasure(m: Countermeasure) -> &'static str {
    match m {
        Countermeasure::DecisionCard => {
            "a card seen while the player decides: the face-down card stays flat and covered until every player has decided (the dealer neither lifts nor peeks at it), it is dealt so that no player or camera angle can read its face, and a dealer who exposes it voids the decision as the house rules say"
        }
        Countermeasure::EdgeSorting => {
            "edge sorting: cards with symmetric backs (back designs checked on delivery), an automatic shuffler that rotates cards or a turn in every shuffle, and no request to turn cards honoured"
        }
        Countermeasure::SeenCard => {
            "a seen card: bets close before the first card leaves the shoe, cards stay covered until then (no flashing, a shoe that hides the top card), and no card is dealt face up before bets close"
        }
    }
}

/// What stops a kind of exposure, in a few words (page one).
pub(crate) fn countermeasure_short(m: Countermeasure) -> &'static str {
    match m {
        Countermeasure::DecisionCard => {
            "keeping the face-down card covered until every player has decided"
        }
        Countermeasure::EdgeSorting => "cards with symmetric backs and a shuffler that turns cards",
        Countermeasure::SeenCard => {
            "closing bets before the first card leaves the shoe, cards covered until then"
        }
    }
}

/// The wagers a scenario's player chooses among, in words.
pub(crate) fn choice_words(
    spec: &crate::model::Spec,
    wagers: &[String],
    base_game: bool,
) -> String {
    let names: Vec<String> = wagers.iter().map(|w| label(spec, w)).collect();
    match names.as_slice() {
        [one] if !base_game => format!("betting {one} only when it favours them"),
        [one] => format!("betting {one} or sitting out"),
        _ => format!(
            "betting the best of {} or sitting out",
            super::words::and_list(&names)
        ),
    }
}

/// A choice (a wager, `wager/pay_table` or a combined wager) by its name,
/// in the words the rest of the report uses.
fn label(spec: &crate::model::Spec, id: &str) -> String {
    if let Some(c) = spec.combined.iter().find(|c| c.id == id) {
        return c.name.clone();
    }
    match id.split_once('/') {
        Some((w, t)) => super::words::wager_table(spec, w, t),
        None => super::words::wager(spec, id),
    }
}

/// The scenarios where the player sees a card while deciding to draw
/// (`hole`, `seen:N`): the strategy's figures with and without it, and the
/// chart played with the face-down card seen.
fn informed(sec: &mut Section, p: &crate::protection::Protection) {
    let list: Vec<(&Outcome, &crate::protect::StrategyGain)> = p
        .outcomes
        .iter()
        .filter_map(|o| o.strategy.as_ref().map(|g| (o, g)))
        .collect();
    if list.is_empty() {
        return;
    }
    sec.heading(3, "Seeing a card while deciding to draw");
    sec.para(
        "Bets are down before the deal, so what the player sees here changes only the decision to draw: the strategy the rest of this report assumes, without the knowledge, against the optimal strategy with it, exact (for other players' cards, every combination of their point values is enumerated, weighted by the ways it is dealt). Per round: the player's expected win per unit of the bet placed every round; per total wagered: per unit staked in all (the bet the decision to draw adds included). A dash in the table above: the player cannot sit out.",
    );
    let mut t = Table::names([
        "player sees",
        "without it: per round",
        "with it: per round",
        "without it: per total wagered",
        "with it: per total wagered",
        "gain per round",
    ])
    .kinds_from(1, Kind::Percent);
    for (o, g) in &list {
        t.row([
            crate::protect::sees(o),
            percent(&g.normal.expected, 4),
            percent(&g.informed.expected, 4),
            percent(&per_total_wagered(&g.normal), 4),
            percent(&per_total_wagered(&g.informed), 4),
            percent(&g.gain(), 4),
        ]);
    }
    sec.table(t);
    for (o, g) in list {
        let Some(chart) = &g.chart else { continue };
        sec.heading(
            3,
            format!(
                "Drawing with {} seen",
                crate::protect::sees(o).replace(" before deciding", "")
            ),
        );
        sec.para(
            "The optimal decision by the player's two-card total (rows) and the dealer's two-card total (columns), both dealer cards seen: D draw, S stand, S/D stand or draw depending on the cards that make the totals.",
        );
        let mut c = Table::names(
            std::iter::once("player".to_string()).chain((0..10).map(|t| format!("dealer {t}"))),
        );
        for (total, row) in chart.cells.iter().enumerate() {
            c.row(
                std::iter::once(total.to_string())
                    .chain(row.iter().map(|x| x.letter().to_string()))
                    .collect::<Vec<_>>(),
            );
        }
        sec.table(c);
    }
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
        "player sees",
        "wagers",
        "must bet: per round",
        "may sit out: per round",
        "per round bet",
        "rounds bet",
    ])
    .kinds_from(2, Kind::Percent);
    let dash = |o: &Outcome, x: String| if o.strategy.is_some() { "-".into() } else { x };
    for o in &p.outcomes {
        let wagers = match &o.strategy {
            Some(g) => g
                .objective
                .iter()
                .map(|w| label(inp.spec, w))
                .collect::<Vec<_>>()
                .join(" + "),
            None => o
                .choices
                .iter()
                .map(|c| label(inp.spec, c))
                .collect::<Vec<_>>()
                .join(", "),
        };
        t.row([
            crate::protect::sees(o),
            wagers,
            percent(&o.player_edge, 4),
            dash(o, percent(&o.player_edge_sitting_out, 4)),
            dash(o, percent(&o.edge_per_bet_sitting_out, 4)),
            dash(o, percent(&o.share_bet, 2)),
        ]);
    }
    sec.table(t);
    informed(&mut sec, p);
    let best: Vec<&Outcome> = p.outcomes.iter().filter(|o| o.searched > 0).collect();
    if !best.is_empty() {
        sec.para(format!(
            "Where a player tells two groups of ranks apart, every two-group partition of the thirteen ranks ({}) is tried, and the one best for the player who may sit out is shown.",
            best[0].searched
        ));
    }
    if set.base_game {
        for o in &p.outcomes {
            if o.decisions.is_empty()
                || o.decisions.len() > crate::report::data::protection::SHOWN_DECISIONS
            {
                continue;
            }
            sec.heading(3, format!("Decision table: {}", crate::protect::sees(o)));
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
                    label(inp.spec, &o.choices[x.choice]),
                    percent(&x.edge, 4),
                    if x.bet { "bet" } else { "sit out" }.to_string(),
                ]);
            }
            sec.table(d);
        }
    }
    sec.heading(3, "Countermeasures");
    let Some(e) = &inp.assessment.exposure else {
        return Some(sec);
    };
    if e.gaining.is_empty() {
        sec.para("No scenario gives the player an edge.");
    }
    let mut kinds: Vec<Countermeasure> = e.gaining.iter().map(|g| g.countermeasure).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for k in kinds {
        let names: Vec<String> = e
            .gaining
            .iter()
            .filter(|g| g.countermeasure == k)
            .map(|g| crate::protect::sees(&p.outcomes[g.outcome]))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        sec.item(format!(
            "Against a player who knows {}: {}.",
            names.join("; or "),
            countermeasure(k)
        ));
    }
    if !set.favourable.is_empty() {
        sec.note(format!(
            "Left out: {}, whose {} is negative: the player has the edge without seeing any card (see the warnings).",
            set.favourable
                .iter()
                .map(|w| label(inp.spec, w))
                .collect::<Vec<_>>()
                .join(", "),
            inp.terms.edge()
        ));
    }
    Some(sec)
}
