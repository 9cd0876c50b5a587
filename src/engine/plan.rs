//! How finely the engine must enumerate each card slot for a wager.
//!
//! A slot is enumerated by point value (10 classes) unless some event reads
//! its rank (13 classes). Suits are never enumerated up front: where an event
//! reads them, the engine refines only the rounds whose outcome depends on
//! them (see `enumerate`). Wagers with the same plan share one enumeration.

use crate::model::cond::need;
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

/// The plan of one wager: what its events (and the drawing strategy) read.
pub fn plan_of(spec: &Spec, wager: usize) -> Plan {
    let w = &spec.wagers[wager];
    let mut needs = [0u8; SLOTS];
    let strategy_needs = match &spec.game.first {
        FirstRule::Decides {
            strategies,
            default,
        } => strategies[*default].draw_when.needs(),
        FirstRule::Totals(_) => [0; SLOTS],
    };
    for e in &w.events {
        for s in 0..SLOTS {
            needs[s] |= e.needs[s] | strategy_needs[s];
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
    let canonical_suits = !w.events.iter().any(|e| e.when.names_suit());
    Plan {
        levels,
        suits,
        canonical_suits,
    }
}

/// Wagers grouped by plan, in first-appearance order.
pub fn groups(spec: &Spec) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for w in 0..spec.wagers.len() {
        let plan = plan_of(spec, w);
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
