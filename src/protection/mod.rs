//! The protection stage: what a player who sees, or can tell apart, the
//! first cards of a round gains, per scenario and wager, exactly and in
//! money (`certify protect`, and the report's "Game protection"
//! section). The spec's strategy is resolved for the full shoe; the joint
//! table of first cards and returns comes from the engine
//! (`engine::shoe_state::observed`), the decisions from `protect`; what
//! each is worth at the table (`money`) and what stops it (`counter`) are
//! typed here, for the report to put into words.
//!
//! Layer: stage, run by the pipeline and `certify protect`.

mod counter;
mod money;

pub use counter::Countermeasure;
pub use money::{Exposure, Pace, REFERENCE_STAKE, Stake, StakeSource};

use crate::diag::protect::ProtectError;
use crate::engine::shoe::Composition;
use crate::engine::shoe_state::observed::{NotObservable, Observed};
use crate::model::{Ratio, Spec};
use crate::protect::{
    Choice, Outcome, Scenario, Seen, Values, informed, informed_outcome, run_keeping,
};
use rayon::prelude::*;

/// What the stage is asked.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The wagers (or combined wagers) the player chooses among; None:
    /// [`default_choices`].
    pub wagers: Option<Vec<String>>,
    /// None: with no wagers named either, [`full_set`] (every wager, as
    /// the report runs it); else [`standard_scenarios`].
    pub scenarios: Option<Vec<Scenario>>,
    /// Maximum bets given on the command line (`--max-bet`), each over
    /// the spec's for that wager.
    pub max_bets: Vec<(String, Ratio)>,
    /// Write every decision table (else only those of at most
    /// [`SHOWN_DECISIONS`] observations: the others are left to
    /// `certify protect --decisions`).
    pub all_decisions: bool,
}

/// Decision tables longer than this are written only when asked for.
pub const SHOWN_DECISIONS: usize = 16;

/// Every scenario's outcome at one deck count, and what each is worth.
#[derive(Clone, Debug)]
pub struct Protection {
    pub decks: u32,
    pub outcomes: Vec<Outcome>,
    /// Per outcome, in the same order: the money at stake and what stops it.
    pub exposures: Vec<Exposure>,
    /// Rounds dealt an hour.
    pub pace: Pace,
}

impl Protection {
    /// The outcomes' indices, the most money per hour first (then the
    /// larger edge, then as run).
    pub fn ranked(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.outcomes.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&self.exposures[a], &self.exposures[b]);
            y.per_hour
                .cmp(&x.per_hour)
                .then(y.edge.cmp(&x.edge))
                .then(a.cmp(&b))
        });
        order
    }

    /// The largest exposure over every wager: the scenario worth the
    /// most money an hour to the player, if any is worth anything.
    pub fn largest(&self) -> Option<(&Outcome, &Exposure)> {
        self.ranked()
            .into_iter()
            .map(|i| (&self.outcomes[i], &self.exposures[i]))
            .find(|(_, e)| num_traits::Signed::is_positive(&e.per_hour))
    }

    /// Keeps the outcomes (with their exposures) `keep` accepts.
    fn retain(&mut self, keep: impl Fn(&Outcome) -> bool) {
        let kept: Vec<bool> = self.outcomes.iter().map(&keep).collect();
        let mut it = kept.iter();
        self.outcomes
            .retain(|_| *it.next().expect("one flag an outcome"));
        let mut it = kept.iter();
        self.exposures
            .retain(|_| *it.next().expect("one flag an exposure"));
    }
}

/// The standard set: one card and four cards, their ranks seen or only a
/// two-group partition told apart (the best one). Four cards are all a
/// player can see before anyone draws; one is the classic edge sort.
/// Where a player decides: also the face-down card seen (`hole`, when one
/// is hidden from them) and one and two other players' hands seen
/// (`seen:2`, `seen:4`, under a second; `seen:12`, six players' hands,
/// walks 293,930 combinations, minutes, and is left to the command).
pub fn standard_scenarios(spec: &Spec) -> Vec<Scenario> {
    let mut set = first_cards(None);
    set.extend(informed_scenarios(spec));
    set
}

/// The four first-card scenarios, on `wager` alone or the run's wagers.
pub(crate) fn first_cards(wager: Option<&str>) -> Vec<Scenario> {
    ["ranks:1", "groups:1:best", "ranks:4", "groups:4:best"]
        .iter()
        .map(|s| {
            let text = match wager {
                Some(w) => format!("{s}@{w}"),
                None => s.to_string(),
            };
            Scenario::parse(&text).expect("a standard scenario")
        })
        .collect()
}

/// Where a player decides: `hole` (when a card of the initial deal is
/// hidden from them), `seen:2` and `seen:4`.
pub(crate) fn informed_scenarios(spec: &Spec) -> Vec<Scenario> {
    let mut set = Vec::new();
    if let Some(d) = spec.decides().filter(|d| !d.objective.is_empty()) {
        if [0u8, 1, 3, 4].iter().any(|s| !d.sees.contains(s)) {
            set.push("hole");
        }
        set.extend(["seen:2", "seen:4"]);
    }
    set.iter()
        .map(|s| Scenario::parse(s).expect("a standard scenario"))
        .collect()
}

/// The base game's wagers as the spec declares them (`report.protect`),
/// else its combined wagers (Lucky Draw's Enter with its Draw bet), else
/// every wager (a side bet alone: the player chooses whether to bet it).
pub fn default_choices(spec: &Spec) -> Vec<String> {
    if !spec.report.protect.is_empty() {
        return spec.report.protect.clone();
    }
    if !spec.combined.is_empty() {
        return spec.combined.iter().map(|c| c.id.clone()).collect();
    }
    spec.wagers.iter().map(|w| w.id.clone()).collect()
}

/// A choice by name: a wager (its first pay table), `wager/table`, or a
/// combined wager (its wagers' first pay tables).
fn choice(spec: &Spec, name: &str) -> Result<Choice, ProtectError> {
    let (id, table) = match name.split_once('/') {
        Some((w, t)) => (w, Some(t)),
        None => (name, None),
    };
    if let Some(w) = spec.wagers.iter().position(|w| w.id == id) {
        let t = match table {
            None => 0,
            Some(t) => spec.wagers[w]
                .pay_tables
                .iter()
                .position(|x| x.id == t)
                .ok_or_else(|| ProtectError::Table {
                    wager: id.into(),
                    table: t.into(),
                })?,
        };
        return Ok(Choice {
            name: name.into(),
            parts: vec![(w, t)],
        });
    }
    if let (Some(c), None) = (spec.combined.iter().find(|c| c.id == id), table) {
        return Ok(Choice {
            name: name.into(),
            parts: c.wagers.iter().map(|&w| (w, 0)).collect(),
        });
    }
    let known: Vec<String> = spec
        .wagers
        .iter()
        .map(|w| format!("`{}`", w.id))
        .chain(spec.combined.iter().map(|c| format!("`{}`", c.id)))
        .collect();
    Err(ProtectError::Wager {
        id: id.into(),
        known: known.join(", "),
    })
}

/// Runs every scenario of `request` on `spec` (its strategy resolved for
/// the full shoe of `decks` decks) at `decks` decks.
pub fn protect(spec: &Spec, decks: u32, request: &Request) -> Result<Protection, ProtectError> {
    let default = request
        .wagers
        .clone()
        .unwrap_or_else(|| default_choices(spec));
    let mut scenarios = match (&request.scenarios, &request.wagers) {
        (Some(s), _) => s.clone(),
        (None, None) => full_set(spec),
        (None, Some(_)) => standard_scenarios(spec),
    };
    for s in &mut scenarios {
        s.resolve(&spec.game.hands)?;
    }
    let shoe = Composition::standard(decks);
    // Each scenario's choices, checked before anything is computed.
    let mut sets: Vec<Vec<Choice>> = Vec::new();
    for s in &scenarios {
        if is_informed(s) {
            if spec.decides().is_none_or(|d| d.objective.is_empty()) {
                return Err(ProtectError::NoDecision {
                    title: spec.title.clone(),
                });
            }
            sets.push(Vec::new());
            continue;
        }
        let names = s.wagers.as_ref().unwrap_or(&default);
        let set = names
            .iter()
            .map(|n| choice(spec, n))
            .collect::<Result<Vec<_>, _>>()?;
        sets.push(set);
    }
    let mut wagers: Vec<usize> = sets
        .iter()
        .flatten()
        .flat_map(|c| c.parts.iter().map(|&(w, _)| w))
        .collect();
    wagers.sort_unstable();
    wagers.dedup();
    let observed = if wagers.is_empty() {
        None
    } else {
        Some(Observed::new(spec, &wagers, &shoe).map_err(|e| match e {
            NotObservable::StrategyReadsSuits => ProtectError::StrategyReadsSuits,
            NotObservable::TooFewCards => unreachable!("a standard shoe holds 52 cards a deck"),
        })?)
    };
    let pace = Pace::of(spec);
    let ran = run_scenarios(
        spec,
        request,
        &shoe,
        &scenarios,
        &sets,
        observed.as_ref(),
        &pace,
    );
    let (outcomes, exposures): (Vec<Outcome>, Vec<Exposure>) = ran
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    Ok(Protection {
        decks,
        outcomes,
        exposures,
        pace,
    })
}

/// A scenario that changes how the player plays, not what they bet
/// (`hole`, `seen:N`): it bets no choice set.
fn is_informed(s: &Scenario) -> bool {
    matches!(s.seen, Seen::Hole | Seen::Face)
}

/// Runs `scenarios` (each betting its set of `sets`; an informed one none)
/// on the joint table `observed`: the informed scenarios, and each
/// distinct choice set's values with the scenarios that bet it, side by
/// side. Each result in its scenario's place.
fn run_scenarios(
    spec: &Spec,
    request: &Request,
    shoe: &Composition,
    scenarios: &[Scenario],
    sets: &[Vec<Choice>],
    observed: Option<&Observed>,
    pace: &Pace,
) -> Vec<Result<(Outcome, Exposure), ProtectError>> {
    // The distinct choice sets, each with the scenarios that bet it.
    let mut distinct: Vec<(&Vec<Choice>, Vec<usize>)> = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        if set.is_empty() {
            continue;
        }
        match distinct.iter_mut().find(|(d, _)| *d == set) {
            Some((_, at)) => at.push(i),
            None => distinct.push((set, vec![i])),
        }
    }
    let shared = informed::Shared::new(spec, shoe);
    let money = |outcome: Outcome| {
        let exposure = Exposure::of(spec, &request.max_bets, pace, &outcome);
        (outcome, exposure)
    };
    let informed_run = |s: &Scenario| -> Result<(Outcome, Exposure), ProtectError> {
        let gain = match s.seen {
            Seen::Hole => informed::hole(&shared)?,
            _ => informed::seen(&shared, s.cards)?,
        };
        Ok(money(informed_outcome(s, gain)))
    };
    // A set's scenarios, run on its values.
    let set_run = |v: &Values, set: &[Choice], s: &Scenario| -> (Outcome, Exposure) {
        // Wagers of different stakes: each observation's money is its
        // own wager's, so every decision is kept.
        let stakes: Vec<Stake> = set
            .iter()
            .map(|c| Stake::of(spec, &request.max_bets, &c.name))
            .collect();
        let mixed = stakes.iter().any(|x| x.dollars != stakes[0].dollars);
        let keep = if request.all_decisions || mixed {
            usize::MAX
        } else {
            SHOWN_DECISIONS
        };
        money(run_keeping(v, s, keep))
    };
    // Side by side: the informed scenarios, and each choice set's values
    // (formed once, kept only while its scenarios run: for Lucky 8's side
    // bets they are megabytes each) with its scenarios. Each result goes
    // to its scenario's place, so the order does not depend on the
    // thread count; collected whole first, a failure reported is the
    // first in order.
    let (informed_ran, set_ran) = rayon::join(
        || {
            scenarios
                .par_iter()
                .enumerate()
                .filter(|(_, s)| is_informed(s))
                .map(|(i, s)| (i, informed_run(s)))
                .collect::<Vec<_>>()
        },
        || {
            distinct
                .par_iter()
                .flat_map(|(set, at)| {
                    let v = Values::new(observed.expect("observed"), set);
                    at.par_iter()
                        .map(|&i| (i, Ok(set_run(&v, set, &scenarios[i]))))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        },
    );
    let mut ran: Vec<Option<Result<(Outcome, Exposure), ProtectError>>> =
        (0..scenarios.len()).map(|_| None).collect();
    for (i, r) in informed_ran.into_iter().chain(set_ran) {
        ran[i] = Some(r);
    }
    ran.into_iter()
        .map(|r| r.expect("every scenario ran"))
        .collect()
}

// The sets of scenarios a report and `certify protect` run (kept in this
// file: they call the stage above and the stage re-exports them).
// What the report covers: the base game's wagers together and every side
// bet alone, under every first-card scenario, and the drawing decision
// where a player makes one.

/// The report's set, and `certify protect` without `--wagers` or
/// `--scenario`: the base game's wagers together (where the spec has a
/// base game) under the four first-card scenarios; each side bet alone
/// under the same four, and bet after the first hand's two cards are
/// seen where the layout leaves it open; the drawing decision where a
/// player makes one.
pub fn full_set(spec: &Spec) -> Vec<Scenario> {
    let mut set = Vec::new();
    if has_base_game(spec) {
        set.extend(first_cards(None));
    }
    for bet in side_bets(spec) {
        set.extend(first_cards(Some(&bet)));
        let wager = bet.split('/').next().unwrap_or_default();
        if spec.report.after_cards_seen.iter().any(|w| w == wager) {
            let text = format!("hand:{}@{bet}", spec.game.hands[0]);
            set.push(Scenario::parse(&text).expect("a scenario"));
        }
    }
    set.extend(informed_scenarios(spec));
    set
}

/// Whether the spec declares a base game (`report.protect`, or combined
/// wagers): its wagers are chosen among together.
fn has_base_game(spec: &Spec) -> bool {
    !spec.combined.is_empty() || !spec.report.protect.is_empty()
}

/// The base game's wagers, by spec index: those `report.protect` names
/// (a combined entry standing for its wagers), else the combined wagers'.
fn base_wagers(spec: &Spec) -> Vec<usize> {
    let names: Vec<&String> = if spec.report.protect.is_empty() {
        spec.combined.iter().map(|c| &c.id).collect()
    } else {
        spec.report.protect.iter().collect()
    };
    let mut out = Vec::new();
    for name in names {
        if let Some(c) = spec.combined.iter().find(|c| &c.id == name) {
            out.extend(c.wagers.iter().copied());
        } else if let Some(w) = spec.wagers.iter().position(|w| &w.id == name) {
            out.push(w);
        }
    }
    out
}

/// Every side bet a casino may offer, as a choice's name (`wager`, or
/// `wager/pay_table` past its first pay table): every wager outside the
/// base game, under each pay table but the other readings of
/// interpretations (a reading not adopted is no bet a player can make).
pub fn side_bets(spec: &Spec) -> Vec<String> {
    let base = base_wagers(spec);
    let mut out = Vec::new();
    for (w, wager) in spec.wagers.iter().enumerate() {
        if base.contains(&w) {
            continue;
        }
        for (t, table) in wager.pay_tables.iter().enumerate() {
            if other_reading(spec, &wager.id, &table.id) {
                continue;
            }
            out.push(if t == 0 {
                wager.id.clone()
            } else {
                format!("{}/{}", wager.id, table.id)
            });
        }
    }
    out
}

/// Whether a wager's pay table is the other reading of an interpretation
/// (the wager itself, or that table of it).
fn other_reading(spec: &Spec, wager: &str, table: &str) -> bool {
    spec.interpretations.iter().any(|i| {
        let other = &i.alternative;
        other.wager == wager
            && match &other.pay_table {
                Some(t) => t == table,
                None => i.chosen.wager != wager,
            }
    })
}

/// The report's "Game protection" section: the full set, every wager.
#[derive(Clone, Debug)]
pub struct ReportSet {
    pub protection: Protection,
    /// Side bets left out because the player has the edge without seeing
    /// anything (a negative house edge: the report's warnings say so).
    pub favourable: Vec<String>,
    /// Whether the spec has a base game whose wagers are chosen among
    /// together (else only side bets, each alone).
    pub base_game: bool,
}

pub fn report_set(
    spec: &Spec,
    decks: u32,
    max_bets: &[(String, Ratio)],
) -> Result<ReportSet, ProtectError> {
    let request = Request {
        max_bets: max_bets.to_vec(),
        ..Request::default()
    };
    let mut protection = protect(spec, decks, &request)?;
    // A side bet bet alone every round: its edge is minus its house edge,
    // seen cards or not. Positive: the bet favours the player outright.
    let mut favourable: Vec<String> = Vec::new();
    for o in &protection.outcomes {
        let alone = o.scenario.wagers.is_some() && o.choices.len() == 1;
        if alone
            && num_traits::Signed::is_positive(&o.player_edge)
            && !favourable.contains(&o.choices[0])
        {
            favourable.push(o.choices[0].clone());
        }
    }
    protection.retain(|o| !favourable.contains(&o.choices[0]) || o.scenario.wagers.is_none());
    Ok(ReportSet {
        protection,
        favourable,
        base_game: has_base_game(spec),
    })
}
