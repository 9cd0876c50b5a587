//! A group's events compiled over atoms (see `atoms`): what the walk
//! evaluates at its leaves and the tally settles.

use super::atoms::{AExpr, Atoms, atoms_of};
use super::plan::Group;
use crate::model::Spec;

/// The group's events over atoms.
pub(super) struct Compiled {
    pub(super) atoms: Atoms,
    /// Per wager of the group: its events, then its `placed` condition if
    /// it has one.
    pub(super) events: Vec<Vec<AExpr>>,
    /// Per event (flattened): the suit-reading atoms it depends on.
    pub(super) suit_atoms: Vec<Vec<usize>>,
}

pub(super) fn compile(spec: &Spec, group: &Group) -> Compiled {
    let mut atoms = Atoms::new();
    let events: Vec<Vec<AExpr>> = group
        .wagers
        .iter()
        .map(|&w| {
            // The placed condition last: settling pops it first.
            spec.wagers[w]
                .conditions()
                .map(|c| atoms.compile(c))
                .collect()
        })
        .collect();
    let suit_atoms = events
        .iter()
        .flatten()
        .map(|e| {
            let mut used = Vec::new();
            atoms_of(e, &mut used);
            used.retain(|a| atoms.suit_slots[*a] != 0);
            used.sort_unstable();
            used.dedup();
            used
        })
        .collect();
    Compiled {
        atoms,
        events,
        suit_atoms,
    }
}
