//! How finely the engine must enumerate each card slot for a wager.
//!
//! A slot is enumerated by point value (10 classes) unless some event reads
//! its rank (13 classes). Suits are never enumerated up front: where an event
//! reads them, the engine refines only the rounds whose outcome depends on
//! them (see `enumerate`). Wagers with the same plan share one enumeration.

use crate::model::cond::{Needs, need};
use crate::model::round::SLOTS;
use crate::model::{FirstRule, Spec};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Value,
    Rank,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Plan {
    pub levels: [Level; SLOTS],
    /// Slots whose suit some event reads.
    pub suits: u8,
    /// Suits are interchangeable (no event names a particular suit), so suit
    /// patterns are enumerated up to relabelling.
    pub canonical_suits: bool,
}

impl Plan {
    /// Human wording for reports: "value", "rank", "rank and suit" per slot.
    pub fn granularity(&self) -> &'static str {
        let rank = self.levels.contains(&Level::Rank);
        match (rank, self.suits != 0) {
            (false, false) => "point value",
            (true, false) => "rank",
            (false, true) => "point value and suit",
            (true, true) => "rank and suit",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Group {
    pub plan: Plan,
    /// Indices into `spec.wagers`.
    pub wagers: Vec<usize>,
}

/// What the game's drawing decision reads of each slot (its default
/// strategy; nothing where the drawing rules are totals alone).
pub(super) fn strategy_needs(spec: &Spec) -> Needs {
    match &spec.game.first {
        FirstRule::Decides(d) => d.strategies[d.default].needs(&d.sees),
        FirstRule::Totals(_) => [0; SLOTS],
    }
}

/// The plan of one wager: what its events (and the drawing strategy) read.
pub fn plan_of(spec: &Spec, wager: usize) -> Plan {
    let w = &spec.wagers[wager];
    let mut needs = [0u8; SLOTS];
    let strategy_needs = strategy_needs(spec);
    let placed = w.placed.iter().map(|p| &p.needs);
    for n in w.events.iter().map(|e| &e.needs).chain(placed) {
        for s in 0..SLOTS {
            needs[s] |= n[s] | strategy_needs[s];
        }
    }
    let any_rank = needs.iter().any(|n| n & need::RANK != 0);
    let mut levels = [Level::Value; SLOTS];
    let mut suits = 0u8;
    for s in 0..SLOTS {
        if needs[s] & need::SUIT != 0 {
            suits |= 1 << s;
        }
        // With ranks enumerated anywhere, suited slots are enumerated by rank
        // too: value-and-suit classes would overlap rank classes partially,
        // and the counting needs classes that nest or are disjoint.
        if needs[s] & need::RANK != 0 || (any_rank && needs[s] & need::SUIT != 0) {
            levels[s] = Level::Rank;
        }
    }
    let canonical_suits = !w.names_suit();
    Plan {
        levels,
        suits,
        canonical_suits,
    }
}

impl Plan {
    /// A plan fine enough for both.
    fn union(self, o: Plan) -> Plan {
        Plan {
            levels: std::array::from_fn(|s| self.levels[s].max(o.levels[s])),
            suits: self.suits | o.suits,
            canonical_suits: self.canonical_suits && o.canonical_suits,
        }
    }
}

/// Wagers grouped by plan, in first-appearance order. Wagers staked
/// together (`combined`) share one plan, so their joint outcome is counted.
pub fn groups(spec: &Spec) -> Vec<Group> {
    let mut plans: Vec<Plan> = (0..spec.wagers.len()).map(|w| plan_of(spec, w)).collect();
    for c in &spec.combined {
        let joint = c.wagers.iter().map(|&w| plans[w]).reduce(Plan::union);
        if let Some(joint) = joint {
            for &w in &c.wagers {
                plans[w] = joint;
            }
        }
    }
    // A rank-level slot where suits are read needs its suited slots at rank
    // level too (see `plan_of`); a union can break that, so re-establish it.
    for p in &mut plans {
        if p.levels.contains(&Level::Rank) {
            for s in 0..SLOTS {
                if p.suits & (1 << s) != 0 {
                    p.levels[s] = Level::Rank;
                }
            }
        }
    }
    let mut out: Vec<Group> = Vec::new();
    for (w, plan) in plans.into_iter().enumerate() {
        match out.iter_mut().find(|g| g.plan == plan) {
            Some(g) => g.wagers.push(w),
            None => out.push(Group {
                plan,
                wagers: vec![w],
            }),
        }
    }
    out
}
