//! Parts already walked in this process, kept for the next asker.
//!
//! A run asks for the same walk more than once: the effects of removal
//! and the bound's sampled shoes price the same wagers of the same game
//! (Lucky Draw's suit-reading wagers: 8 s a walk on two cores). A part's
//! walk reads only the game (its dealing, drawing rules and resolved
//! strategy), the part's wagers (their indices, events, pays, precedence,
//! placement), the class level and whether it stops before the draws; the
//! shoe's composition never enters it. So a part is keyed by the full text
//! of exactly those (the shoe included, to be safe), compared whole: a
//! part is reused only for the same inputs, and then it is the same part.
//! At most [`KEPT_VALUES`] stored values are kept (the oldest parts go
//! first), so a long-lived process (the language server) stays small.

use super::super::plan::Level;
use super::Part;
use crate::model::Spec;
use std::sync::{Arc, Mutex};

/// Stored values (a signature's column values) kept over all parts: about
/// 64 MB.
const KEPT_VALUES: usize = 4_000_000;

static WALKED: Mutex<Vec<(String, Arc<Part>)>> = Mutex::new(Vec::new());

/// The part of `wagers` (spec indices) at `level`: walked now, or the one
/// walked before with the same inputs.
pub(super) fn part(spec: &Spec, level: Level, before_draws: bool, wagers: &[usize]) -> Arc<Part> {
    let chosen: Vec<(usize, &crate::model::Wager)> =
        wagers.iter().map(|&w| (w, &spec.wagers[w])).collect();
    let key = format!(
        "{level:?} {before_draws} {:?} {:?} {chosen:?}",
        spec.game, spec.shoe
    );
    let kept = |walked: &[(String, Arc<Part>)]| {
        walked
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| Arc::clone(p))
    };
    if let Some(p) = kept(&WALKED.lock().unwrap_or_else(|e| e.into_inner())) {
        return p;
    }
    let part = Arc::new(Part::build(spec, level, before_draws, wagers));
    let mut walked = WALKED.lock().unwrap_or_else(|e| e.into_inner());
    walked.push((key, Arc::clone(&part)));
    while walked.iter().map(|(_, p)| p.entries.len()).sum::<usize>() > KEPT_VALUES
        && walked.len() > 1
    {
        walked.remove(0);
    }
    part
}
