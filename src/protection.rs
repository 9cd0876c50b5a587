//! The protection stage: what a player who sees, or can tell apart, the
//! first cards of a round gains, per scenario (`certify protect`, and the
//! report's "Game protection" section). The spec's strategy is resolved
//! for the full shoe; the joint table of first cards and returns comes
//! from the engine (`engine::shoe_state::observed`), the decisions from
//! `protect`.
//!
//! Layer: stage, run by the pipeline and `certify protect`.

use crate::diag::protect::ProtectError;
use crate::engine::shoe::Composition;
use crate::engine::shoe_state::observed::{NotObservable, Observed};
use crate::model::Spec;
use crate::protect::{Choice, Outcome, Scenario, Seen, Values, informed, informed_outcome, run};

/// What the stage is asked.
#[derive(Clone, Debug)]
pub struct Request {
    /// The wagers (or combined wagers) the player chooses among; None:
    /// [`default_choices`].
    pub wagers: Option<Vec<String>>,
    /// None: [`standard_scenarios`].
    pub scenarios: Option<Vec<Scenario>>,
}

/// Every scenario's outcome at one deck count.
#[derive(Clone, Debug)]
pub struct Protection {
    pub decks: u32,
    pub outcomes: Vec<Outcome>,
}

/// The standard set: one card and four cards, their ranks seen or only a
/// two-group partition told apart (the best one). Four cards are all a
/// player can see before anyone draws; one is the classic edge sort.
/// Where a player decides: also the face-down card seen (`hole`, when one
/// is hidden from them) and one and two other players' hands seen
/// (`seen:2`, `seen:4`, under a second; `seen:12`, six players' hands,
/// walks 293,930 combinations, minutes, and is left to the command).
pub fn standard_scenarios(spec: &Spec) -> Vec<Scenario> {
    let mut set = vec!["ranks:1", "groups:1:best", "ranks:4", "groups:4:best"];
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
    let scenarios = request
        .scenarios
        .clone()
        .unwrap_or_else(|| standard_scenarios(spec));
    let shoe = Composition::standard(decks);
    let is_informed = |s: &Scenario| matches!(s.seen, Seen::Hole | Seen::Face);
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
    let mut values: Vec<(Vec<Choice>, Values)> = Vec::new();
    let mut outcomes = Vec::new();
    for (s, set) in scenarios.iter().zip(sets) {
        if is_informed(s) {
            let gain = match s.seen {
                Seen::Hole => informed::hole(spec, &shoe)?,
                _ => informed::seen(spec, &shoe, s.cards)?,
            };
            outcomes.push(informed_outcome(s, gain));
            continue;
        }
        let observed = observed.as_ref().expect("observed for the wagers chosen");
        let at = match values.iter().position(|(c, _)| *c == set) {
            Some(at) => at,
            None => {
                let v = Values::new(observed, &set);
                values.push((set, v));
                values.len() - 1
            }
        };
        outcomes.push(run(&values[at].1, s));
    }
    Ok(Protection { decks, outcomes })
}

/// The report's "Game protection" section: the standard set on the base
/// game's wagers; for a spec of side bets alone, each wager alone with its
/// first card seen (rank, or the best two-group partition). Wagers whose
/// conditions read ranks or suits are walked rank by rank in the same
/// walk, a few seconds for Lucky 8's six.
#[derive(Clone, Debug)]
pub struct ReportSet {
    pub protection: Protection,
    /// Side bets left out because the player has the edge without seeing
    /// anything (a negative house edge: the report's warnings say so).
    pub favourable: Vec<String>,
    /// Whether the player chooses among the base game's wagers (else each
    /// side bet alone).
    pub base_game: bool,
}

pub fn report_set(spec: &Spec, decks: u32) -> Result<ReportSet, ProtectError> {
    let base_game = !spec.combined.is_empty() || !spec.report.protect.is_empty();
    if base_game {
        let request = Request {
            wagers: None,
            scenarios: None,
        };
        return Ok(ReportSet {
            protection: protect(spec, decks, &request)?,
            favourable: Vec::new(),
            base_game,
        });
    }
    let mut scenarios = Vec::new();
    for wager in &spec.wagers {
        for s in ["ranks:1", "groups:1:best"] {
            scenarios.push(Scenario::parse(&format!("{s}@{}", wager.id))?);
        }
    }
    let request = Request {
        wagers: None,
        scenarios: Some(scenarios),
    };
    let mut protection = if request.scenarios.as_ref().is_some_and(|s| s.is_empty()) {
        Protection {
            decks,
            outcomes: Vec::new(),
        }
    } else {
        protect(spec, decks, &request)?
    };
    // One wager that must be bet: its edge is minus its house edge, seen
    // cards or not. Positive: the bet favours the player outright.
    let mut favourable = Vec::new();
    protection.outcomes.retain(|o| {
        let positive = num_traits::Signed::is_positive(&o.player_edge);
        if positive && !favourable.contains(&o.choices[0]) {
            favourable.push(o.choices[0].clone());
        }
        !positive
    });
    Ok(ReportSet {
        protection,
        favourable,
        base_game,
    })
}
