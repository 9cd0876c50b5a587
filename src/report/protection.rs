//! The "Game protection" section: per scenario and wager what a player who
//! sees, or tells apart, the first cards of a round gains, exactly and in
//! money at the wager's maximum bet, ranked by money; the decision tables;
//! and what stops each, tied to the bet it protects. Page one's sentence
//! names the largest. The figures, their money and their countermeasures
//! come from the protection stage (`crate::protection`): this file words
//! them.

use super::inputs::Inputs;
use super::model::{Kind, Section, Table};
use crate::assess::Computed;
use crate::model::Spec;
use crate::numbers::{money, percent};
use crate::protect::Outcome;
use crate::protect::informed::per_total_wagered;
use crate::protection::{Countermeasure, Exposure, Pace, Protection, Stake, StakeSource};
use num_traits::Signed;

/// What stops a scenario, in full (section 6's countermeasures).
pub(crate) fn countermeasure(c: Countermeasure) -> &'static str {
    match c {
        Countermeasure::CloseBeforeDeal => {
            "bets close before the first card leaves the shoe, and no card is seen before then: the first card burned face down or kept covered, a shoe that hides the top card, no card dealt face up before bets close"
        }
        Countermeasure::NoBetAfterCards => {
            "no bet taken once a card is seen: the bet closes with the others, before the deal"
        }
        Countermeasure::SymmetricBacks => {
            "cards with symmetric backs (back designs checked on delivery), an automatic shuffler that turns cards in every shuffle, and no request to turn cards honoured"
        }
        Countermeasure::CoveredHoleCard => {
            "the face-down card stays flat and covered until every player has decided (the dealer neither lifts nor peeks at it), is dealt so that no player or camera angle can read its face, and a dealer who exposes it voids the decision as the house rules say"
        }
        Countermeasure::CoveredOtherCards => {
            "other players' cards stay covered until every player has decided"
        }
    }
}

/// What stops a scenario, in a few words (page one).
pub(crate) fn countermeasure_short(c: Countermeasure) -> &'static str {
    match c {
        Countermeasure::CloseBeforeDeal => {
            "closing bets before the first card leaves the shoe, with the first card burned face down and no card seen before then"
        }
        Countermeasure::NoBetAfterCards => "taking no bet once a card is seen",
        Countermeasure::SymmetricBacks => {
            "cards with symmetric backs and an automatic shuffler that turns cards"
        }
        Countermeasure::CoveredHoleCard => {
            "keeping the face-down card covered until every player has decided"
        }
        Countermeasure::CoveredOtherCards => {
            "keeping other players' cards covered until every player has decided"
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

/// The wagers a scenario prices, in words: the drawing decision's, or
/// those chosen among.
fn wagers(spec: &Spec, o: &Outcome) -> String {
    match &o.strategy {
        Some(g) => g
            .objective
            .iter()
            .map(|w| label(spec, w))
            .collect::<Vec<_>>()
            .join(" + "),
        None => o
            .choices
            .iter()
            .map(|c| label(spec, c))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A stake as a cell: `$300`, or `$100 (none declared)`.
fn stake(s: &Stake) -> String {
    let dollars = super::exposure::dollars(s.dollars);
    match s.source {
        StakeSource::Reference => format!("{dollars} (none declared)"),
        StakeSource::CommandLine => format!("{dollars} (command line)"),
        StakeSource::Spec => dollars,
    }
}

/// A scenario's stakes, once where all are the same.
fn stakes(e: &Exposure) -> String {
    let mut all: Vec<String> = e.stakes.iter().map(stake).collect();
    all.dedup();
    all.join(", ")
}

/// "at its $300 maximum bet", "at a $100 bet (no maximum declared)".
pub(crate) fn at_stake(e: &Exposure) -> String {
    let s = &e.stakes[0];
    let dollars = super::exposure::dollars(s.dollars);
    let same = e.stakes.iter().all(|x| x.dollars == s.dollars);
    match (s.source, same) {
        (StakeSource::Reference, _) => format!("at a {dollars} bet (no maximum bet declared)"),
        (_, true) if e.stakes.len() > 1 => format!("at their {dollars} maximum bet"),
        (_, true) => format!("at its {dollars} maximum bet"),
        (_, false) => "at each wager's maximum bet".into(),
    }
}

/// The pace in words: "72 rounds an hour (none declared: ...)".
fn pace(p: &Pace) -> String {
    if p.declared {
        format!("{} rounds an hour (the spec's)", p.rounds_per_hour)
    } else {
        format!(
            "{} rounds an hour (none declared: the Wizard of Odds' figure for baccarat)",
            p.rounds_per_hour
        )
    }
}

/// The scenarios where the player sees a card while deciding to draw
/// (`hole`, `seen:N`): the strategy's figures with and without it, ties,
/// and the chart played with the face-down card seen.
fn informed(sec: &mut Section, p: &Protection) {
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
    for (o, g) in &list {
        let Some(ties) = &g.ties else { continue };
        sec.para(format!(
            "Ties: on {} of rounds dealt, a player who sees {} wins exactly the same by drawing as by standing. The figures above count him standing on them (the optimal strategy draws only where drawing wins more). Per round it makes no difference; per total wagered it does, since drawing adds the bet the decision to draw places: {} standing on ties, {} drawing on them (drawing on {} of rounds instead of {}).",
            percent(&ties.share, 4),
            crate::protect::sees(o),
            percent(&per_total_wagered(&g.informed), 4),
            percent(&per_total_wagered(&ties.drawing), 4),
            percent(&ties.drawing.draws, 2),
            percent(&g.informed.draws, 2),
        ));
    }
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

/// The section's opening: what is computed, for whom, and the money.
fn opening(sec: &mut Section, inp: &Inputs, set: &crate::protection::ReportSet) {
    let p = &set.protection;
    let late: Vec<String> = inp
        .spec
        .report
        .after_cards_seen
        .iter()
        .map(|w| label(inp.spec, w))
        .collect();
    let late = if late.is_empty() {
        String::new()
    } else {
        format!(
            " The layout leaves {} open after the {}'s first two cards are dealt: it is also priced for a player who bets it after seeing them.",
            late.join(", "),
            inp.spec.game.hands[0]
        )
    };
    sec.para(format!(
        "What a player gains who sees the first cards of a round, or can tell two groups of ranks apart by their backs (edge sorting), before bets close, at {} decks: {}each side bet alone (bet it or not).{late} The first cards are those the rules deal first, in order; the player bets one unit on the wager that is best for what they see. Two players: one who must bet every round, and one who may sit out when no wager has a positive edge. Edges are the player's expected win per unit (positive: the player's advantage), exact fractions from the enumeration. A player who sees a card sees its suit too: for a wager that reads suits, the cards seen are known by rank and suit.",
        p.decks,
        if set.base_game {
            "the base game's wagers together (the best of them for what the player sees), and "
        } else {
            ""
        }
    ));
    sec.para(format!(
        "Money: what the player who may sit out wins per round dealt, betting each wager's maximum (the table limits; a wager without one is priced at $100), and per hour at {}. Where bets are down before the deal, the player who plays every round, when he wins. Ranked by money per hour, largest first.",
        pace(&p.pace)
    ));
}

/// The section, numbered `number`; None when not computed.
pub(crate) fn section(inp: &Inputs, c: &Computed, number: usize) -> Option<Section> {
    let set = c.protection.as_ref()?;
    let p = &set.protection;
    let mut sec = Section::new("protection", format!("{number}. Game protection"));
    opening(&mut sec, inp, set);
    let mut t = Table::names([
        "wagers",
        "player sees",
        "must bet: per round",
        "may sit out: per round",
        "rounds bet",
        "stake",
        "per round dealt",
        "per hour",
    ])
    .kinds_from(2, Kind::Percent)
    .kind(5, Kind::Amount)
    .kind(6, Kind::Amount)
    .kind(7, Kind::Amount);
    let dash = |o: &Outcome, x: String| if o.strategy.is_some() { "-".into() } else { x };
    for i in p.ranked() {
        let (o, e) = (&p.outcomes[i], &p.exposures[i]);
        t.row([
            wagers(inp.spec, o),
            crate::protect::sees(o),
            percent(&o.player_edge, 4),
            dash(o, percent(&o.player_edge_sitting_out, 4)),
            dash(o, percent(&o.share_bet, 2)),
            stakes(e),
            money(&e.per_round),
            money(&e.per_hour),
        ]);
    }
    sec.table(t);
    informed(&mut sec, p);
    if let Some(best) = p
        .outcomes
        .iter()
        .find(|o| o.searched > 0 && o.strategy.is_none())
    {
        sec.para(format!(
            "For a best partition, every two-group partition of the thirteen ranks ({}) is tried, and the one best for the player who may sit out is kept, for each wager on its own.",
            best.searched
        ));
    }
    decision_tables(&mut sec, inp, p);
    countermeasures(&mut sec, inp, p);
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
    sec.para(
        "Every decision table, and any other scenario, in exact fractions: the manual's chapter \"Game protection\" shows how to compute them.",
    );
    Some(sec)
}

/// The base game's decision tables of up to sixteen observations.
fn decision_tables(sec: &mut Section, inp: &Inputs, p: &Protection) {
    for o in &p.outcomes {
        if o.scenario.wagers.is_some()
            || o.decisions.is_empty()
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

/// Per wager (or the base game's wagers together), what stops each
/// scenario that gives the player an edge, with what it is worth.
fn countermeasures(sec: &mut Section, inp: &Inputs, p: &Protection) {
    sec.heading(3, "Countermeasures");
    let order = p.ranked();
    let gaining: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| p.exposures[i].edge.is_positive())
        .collect();
    if gaining.is_empty() {
        sec.para("No scenario gives the player an edge.");
        return;
    }
    // Wagers in the order of their largest exposure; per wager, each
    // countermeasure with the scenarios it stops, most money first.
    let mut bets: Vec<String> = Vec::new();
    for &i in &gaining {
        let name = wagers(inp.spec, &p.outcomes[i]);
        if !bets.contains(&name) {
            bets.push(name);
        }
    }
    for bet in bets {
        let mine: Vec<usize> = gaining
            .iter()
            .copied()
            .filter(|&i| wagers(inp.spec, &p.outcomes[i]) == bet)
            .collect();
        let mut kinds: Vec<Countermeasure> = mine
            .iter()
            .flat_map(|&i| p.exposures[i].countermeasures.iter().copied())
            .collect();
        // In the order their largest scenario comes.
        let mut seen = Vec::new();
        kinds.retain(|k| {
            let new = !seen.contains(k);
            seen.push(*k);
            new
        });
        for k in kinds {
            let against: Vec<String> = mine
                .iter()
                .filter(|&&i| p.exposures[i].countermeasures.contains(&k))
                .map(|&i| {
                    format!(
                        "{} ({} an hour)",
                        crate::protect::sees(&p.outcomes[i]),
                        money(&p.exposures[i].per_hour)
                    )
                })
                .collect();
            sec.item(format!(
                "{bet}: {}. Against a player who knows {}.",
                capitalised(countermeasure(k)),
                against.join("; or ")
            ));
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
