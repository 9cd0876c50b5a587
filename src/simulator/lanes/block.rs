//! Data: a block as a lane deals it, and what both passes in lanes are
//! handed.

#[cfg(target_arch = "x86_64")]
use super::deal::Rules;
use crate::simulator::count::Tags;
use crate::simulator::passes::Cuts;

/// One block as a lane deals it: its rounds and its generator's key.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Block {
    pub(crate) rounds: u64,
    pub(crate) key: [u32; 8],
}

/// The lanes that still deal at `step`: those whose blocks have rounds
/// left (blocks of a run differ by a round at most).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) fn active_for(blocks: &[Block], step: u64) -> u16 {
    blocks
        .iter()
        .enumerate()
        .fold(0, |m, (l, b)| m | (u16::from(b.rounds > step) << l))
}

/// Blocks a thread deals side by side (at most sixteen), one to a lane,
/// by drawing rules the lanes deal.
#[derive(Clone, Copy)]
pub(crate) struct Batch<'a> {
    pub(crate) rules: &'a Rules,
    pub(crate) blocks: &'a [Block],
}

/// What the dealt pass deals shoes to and counts.
#[derive(Clone, Copy)]
pub(crate) struct Counting<'a> {
    pub(crate) cuts: Cuts,
    pub(crate) counts: &'a [Tags],
}

/// No rules are dealt in lanes but on x86-64.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) enum Rules {}
