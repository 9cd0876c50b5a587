//! Pay-table design (`certify design`): every table of pays on a grid whose
//! exact house edge, and hit frequency where asked, lies in the ranges
//! asked; how many there are, and the ones nearest the middle of the edge
//! range (then the smallest standard deviation).
//!
//! One enumeration serves every table: the engine's joint counts (the
//! rounds on which each set of events holds together) settle any table
//! under the wager's precedence, exactly as the engine settles a table
//! written in the spec: the highest pay of the events that hold (equal pays
//! to the one listed first, which changes no figure), or the first listed.
//! The search is in `search`, the request and the figures of a table in
//! `table`; this file holds the entry points.
//!
//! Layer: stage: design, run by `certify design` and the language server
//! after the engine (the layout is in `src/lib.rs`).

mod search;
mod table;

pub(crate) use table::Rounds;
pub use table::{Candidate, Design, Grid, MAX_SETTLED, Refusal, Request};

use crate::engine::WagerStats;
use crate::model::Precedence;

/// The tables of `request` for the wager whose statistics are `w` (placed
/// on `w`'s rounds out of `all`), settled under `precedence`.
pub fn design(
    w: &WagerStats,
    precedence: Precedence,
    all: u128,
    request: &Request,
) -> Result<Design, Refusal> {
    design_within(w, precedence, all, request, MAX_SETTLED)
}

/// [`design`], refused as too large past `max_settled` tables settled.
pub fn design_within(
    w: &WagerStats,
    precedence: Precedence,
    all: u128,
    request: &Request,
    max_settled: u64,
) -> Result<Design, Refusal> {
    let rounds = Rounds::of(w, precedence, all)?;
    search::run(&rounds, request, max_settled)
}

/// The wager a design is for, analysed: its statistics (its events' joint
/// counts), how it is settled, and the rounds of the shoe.
pub struct Subject {
    pub id: String,
    pub name: String,
    /// Its events' ids, in listed order.
    pub events: Vec<String>,
    pub precedence: Precedence,
    pub stats: WagerStats,
    /// Every round of the shoe (six-card sequences).
    pub all: u128,
}

/// `wager` of `spec` (priced, or counted only) analysed at `decks` by the
/// strategy stage and the engine; None when the spec has no such wager.
pub fn subject(spec: &crate::model::Spec, decks: u32, wager: &str) -> Option<Subject> {
    let w = spec
        .wagers
        .iter()
        .chain(&spec.counted)
        .find(|w| w.id == wager)?;
    let mut alone = spec.clone();
    let at = if matches!(spec.game.first, crate::model::FirstRule::Decides(_)) {
        // The player's optimal strategy maximises the wagers it names:
        // keep them all, the counted one after them.
        alone.wagers.append(&mut alone.counted);
        alone.wagers.iter().position(|x| x.id == wager)?
    } else {
        // Nothing else to enumerate.
        alone.wagers = vec![w.clone()];
        alone.counted.clear();
        alone.combined.clear();
        alone.pay_searches.clear();
        alone.table = None;
        0
    };
    alone.claims.clear();
    alone.published.clear();
    alone.interpretations.clear();
    alone.game_interpretations.clear();
    let analysis = crate::pipeline::analyse(&alone, decks);
    let stats = analysis.wagers.into_iter().nth(at)?;
    Some(Subject {
        id: w.id.clone(),
        name: w.name.clone(),
        events: w.events.iter().map(|e| e.id.clone()).collect(),
        precedence: w.precedence,
        stats,
        all: analysis.total,
    })
}
