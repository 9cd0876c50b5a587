//! Data: a block as a lane deals it, shared by both passes in lanes.

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
