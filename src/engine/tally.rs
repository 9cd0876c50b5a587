//! The counts a walk ends in: per wager, per pay table, the rounds each
//! event settles, from the weights summed under each atom tuple (every
//! event evaluated once per tuple).

use super::classes::Map;
use super::compiled::Compiled;
use super::lanes::Lanes;
use super::plan::Group;
use crate::model::{Ratio, Spec};

/// Counts for one wager.
#[derive(Clone)]
pub struct WagerCounts {
    pub wager: usize,
    /// Per pay table, per event: the rounds it settles; the last entry
    /// counts the rounds on which no event holds.
    pub settles: Vec<Vec<u128>>,
    /// Per event: the rounds on which it holds, whatever outranks it.
    pub holds: Vec<u128>,
    /// Per set of events that hold together (bit `k` for event `k`; the
    /// empty set: no event holds), the rounds on which exactly they hold,
    /// for wagers of at most [`JOINT_EVENTS`] events (else empty). Any
    /// pay table's and any precedence's settlement follows from it.
    pub joint: std::collections::BTreeMap<u64, u128>,
    /// Rounds on which the wager is not placed (not counted above).
    pub not_placed: u128,
}

/// The most events a wager may have for its joint counts to be kept.
pub const JOINT_EVENTS: usize = 64;

/// The joint outcome of wagers staked together: rounds per (net result,
/// units staked), each wager under its first pay table.
#[derive(Clone)]
pub struct CombinedCounts {
    pub combined: usize,
    pub outcomes: std::collections::BTreeMap<(Ratio, u32), u128>,
}

pub struct GroupCounts {
    pub wagers: Vec<WagerCounts>,
    pub combined: Vec<CombinedCounts>,
    pub total: u128,
}

/// Evaluates every event once per atom tuple and tallies the weights, per
/// lane.
pub(super) fn settle_sums<const K: usize>(
    spec: &Spec,
    group: &Group,
    compiled: &Compiled,
    sums: &Map<Lanes<K>>,
) -> Vec<(Vec<WagerCounts>, Vec<CombinedCounts>)> {
    let wagers: Vec<WagerCounts> = group
        .wagers
        .iter()
        .map(|&w| {
            let wager = &spec.wagers[w];
            WagerCounts {
                wager: w,
                settles: vec![vec![0; wager.events.len() + 1]; wager.pay_tables.len()],
                holds: vec![0; wager.events.len()],
                joint: Default::default(),
                not_placed: 0,
            }
        })
        .collect();
    // Combined wagers share one plan, so all of them are in this group.
    let combined: Vec<CombinedCounts> = spec
        .combined
        .iter()
        .enumerate()
        .filter(|(_, c)| group.wagers.contains(&c.wagers[0]))
        .map(|(k, _)| CombinedCounts {
            combined: k,
            outcomes: Default::default(),
        })
        .collect();
    let mut out: Vec<(Vec<WagerCounts>, Vec<CombinedCounts>)> =
        (0..K).map(|_| (wagers.clone(), combined.clone())).collect();
    // Per wager of the group: its net under its first table on this tuple
    // (None: not placed).
    let mut first_net: Vec<Option<Ratio>> = vec![None; group.wagers.len()];
    let orders: Vec<Vec<Vec<usize>>> = group
        .wagers
        .iter()
        .map(|&w| {
            let wager = &spec.wagers[w];
            wager
                .pay_tables
                .iter()
                .map(|t| wager.precedence.order(&t.pays))
                .collect()
        })
        .collect();
    for (key, &weight) in sums {
        for (g, events) in compiled.events.iter().enumerate() {
            let mut holds: Vec<bool> = events
                .iter()
                .map(|e| {
                    e.eval(key)
                        .expect("suits were chosen for every undecided event")
                        != 0
                })
                .collect();
            let wager = &spec.wagers[group.wagers[g]];
            if wager.placed.is_some() && !holds.pop().expect("the placed condition") {
                for (lane, w) in out.iter_mut().zip(weight) {
                    lane.0[g].not_placed += w;
                }
                first_net[g] = None;
                continue;
            }
            for (k, h) in holds.iter().enumerate() {
                if *h {
                    for (lane, w) in out.iter_mut().zip(weight) {
                        lane.0[g].holds[k] += w;
                    }
                }
            }
            if holds.len() <= JOINT_EVENTS {
                let set = holds
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (k, h)| m | (u64::from(*h) << k));
                for (lane, w) in out.iter_mut().zip(weight).filter(|(_, w)| *w > 0) {
                    *lane.0[g].joint.entry(set).or_insert(0) += w;
                }
            }
            for (t, order) in orders[g].iter().enumerate() {
                let hit = order
                    .iter()
                    .copied()
                    .find(|&e| holds[e])
                    .unwrap_or(holds.len());
                for (lane, w) in out.iter_mut().zip(weight) {
                    lane.0[g].settles[t][hit] += w;
                }
                if t == 0 {
                    first_net[g] = Some(
                        wager.pay_tables[0]
                            .pays
                            .get(hit)
                            .map_or(Ratio::MINUS_ONE, |p| p.net()),
                    );
                }
            }
        }
        for (c, cc) in combined.iter().enumerate() {
            let (mut net, mut staked) = (Ratio::ZERO, 0u32);
            for w in &spec.combined[cc.combined].wagers {
                let g = group
                    .wagers
                    .iter()
                    .position(|x| x == w)
                    .expect("same group");
                if let Some(n) = first_net[g] {
                    net = net + n;
                    staked += 1;
                }
            }
            // A lane without such rounds lists no outcome for them.
            for (lane, w) in out.iter_mut().zip(weight).filter(|(_, w)| *w > 0) {
                *lane.1[c].outcomes.entry((net, staked)).or_insert(0) += w;
            }
        }
    }
    out
}
