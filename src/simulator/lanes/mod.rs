//! Machinery: the simulator's passes with sixteen blocks side by side,
//! one to a lane of the processor's 512-bit registers (AVX-512).
//!
//! A run is cut into blocks, each dealt from its own generator and shoe
//! and tallied into integers that add up in any order (`super`). So a
//! thread may deal sixteen blocks at once, a round of each per step: each
//! lane draws from its own block's stream (`streams`), shuffles and deals
//! its own shoe, and deals exactly the cards its block deals alone, so
//! every tally is the same as the passes' one block at a time
//! (`super::passes`), which stay the build for other processors and for
//! rules the lanes do not deal (an owner who chooses whether to draw),
//! and for runs with too few blocks a thread to fill the lanes (`batch`).
//! Groups keyed by totals or renamed ranks are keyed in the lanes
//! (`keys`); settling a new key, the groups keyed otherwise and the pay
//! tables a dealt round does not lose stay one lane at a time, through
//! the thread's memo.

mod block;
#[cfg(target_arch = "x86_64")]
mod deal;
#[cfg(target_arch = "x86_64")]
mod dealt;
#[cfg(target_arch = "x86_64")]
mod full;
#[cfg(target_arch = "x86_64")]
mod keys;
#[cfg(target_arch = "x86_64")]
mod shoes;
#[cfg(target_arch = "x86_64")]
mod streams;
#[cfg(target_arch = "x86_64")]
mod swap;
#[cfg(target_arch = "x86_64")]
mod vector;

#[cfg(target_arch = "x86_64")]
pub(crate) use deal::Rules;

#[cfg(not(target_arch = "x86_64"))]
pub(crate) use block::Rules;

pub(crate) use block::{Batch, Block, Counting};

use super::passes::Pass;
use super::rng::LANES;
use super::tally::{DealtTally, FullTally};

/// The dealt pass of a batch of blocks.
pub(crate) fn dealt(pass: &mut Pass, batch: Batch, counting: Counting) -> DealtTally {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rules exist only where the processor has AVX-512F (`rules`).
        unsafe { dealt::dealt(pass, batch, counting) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    match *batch.rules {}
}

/// The full-shoe pass of a batch of blocks.
pub(crate) fn full_shoe(pass: &mut Pass, batch: Batch) -> FullTally {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rules exist only where the processor has AVX-512F (`rules`).
        unsafe { full::full_shoe(pass, batch) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    match *batch.rules {}
}

/// Whether lanes deal here: a processor with AVX-512 and rules the lanes'
/// deal reads.
pub(crate) fn rules(dealer: &super::deal::Dealer) -> Option<Rules> {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::avx512() {
        return dealer.fixed().map(|f| Rules::new(&f));
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = dealer;
    None
}

/// Fewest blocks worth dealing side by side. A step of the lanes costs
/// about as much however many lanes deal in it, about five blocks' worth
/// of the same rounds dealt one block at a time (21st Century, measured
/// 2026-11-30: a batch of k blocks took about 336 + 26 k ms of processor
/// time, a block alone 89 ms).
const FEWEST: u64 = 6;

/// How many blocks a thread takes at a time out of `blocks` shared by
/// `threads`, when they are dealt side by side: at most sixteen, batches
/// spread evenly over threads; None when the batches would be too small
/// to gain (blocks are then dealt one at a time).
pub(crate) fn batch(blocks: u64, threads: u64) -> Option<u64> {
    let lanes = LANES as u64;
    let batches = blocks.div_ceil(lanes).div_ceil(threads).max(1) * threads;
    let batch = blocks.div_ceil(batches).clamp(1, lanes);
    (batch >= FEWEST).then_some(batch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulator::count::Tags;
    use crate::simulator::deal::Dealer;
    use crate::simulator::memo::{Memo, groups};
    use crate::simulator::passes;
    use crate::simulator::rng::{Rng, key};
    use crate::simulator::tally::Layout;

    /// Runs `run` on the pass (with a memo of its own) and fixed rules of
    /// three shipped specs: groups keyed in the lanes (21st Century's
    /// totals and Lucky Match's renamed ranks), by suit patterns (Lucky 8)
    /// and by cards (Golden Bacc), the last with counts past one chunk.
    fn each_spec(mut run: impl FnMut(&str, &mut Pass, &Rules, &Layout)) {
        for name in ["21st_century_baccarat", "lucky_8", "golden_bacc"] {
            let spec = crate::check::check_path(&format!("rules/{name}.yaml"))
                .expect("a shipped spec")
                .spec;
            let groups = groups(&spec);
            let dealer = Dealer::new(&spec.game);
            let layout = Layout::new(&spec);
            let rules = rules(&dealer).expect("fixed drawing rules");
            let mut memo = Memo::new(&groups, &layout);
            let mut pass = Pass {
                dealer: &dealer,
                layout: &layout,
                decks: spec.shoe.decks,
                memo: &mut memo,
            };
            run(name, &mut pass, &rules, &layout);
        }
    }

    /// `count` blocks of stream `stream` (seed `seed`), of `rounds` rounds
    /// and one more for every third: blocks of a run differ by one.
    fn blocks(count: u64, rounds: u64, seed: u64, stream: &str) -> Vec<Block> {
        (0..count)
            .map(|b| Block {
                rounds: rounds + u64::from(b % 3 == 0),
                key: key(seed, stream, b),
            })
            .collect()
    }

    /// Batches fill the lanes evenly over the threads, and runs of too few
    /// blocks a thread are dealt one block at a time.
    #[test]
    fn batches_share_blocks_evenly() {
        assert_eq!(batch(96, 2), Some(16));
        assert_eq!(batch(40, 2), Some(10));
        assert_eq!(batch(16, 2), Some(8));
        assert_eq!(batch(100, 1), Some(15));
        assert_eq!(batch(10, 2), None);
        assert_eq!(batch(1, 2), None);
    }

    /// Blocks dealt side by side tally what each dealt alone tallies, with
    /// blocks of unequal rounds and fewer blocks than lanes.
    #[test]
    fn lanes_deal_what_blocks_deal_alone() {
        if !crate::cpu::avx512() {
            return;
        }
        each_spec(|name, pass, rules, layout| {
            for count in [16, 5] {
                let blocks = blocks(count, 3_000, 4, "full");
                let batch = Batch {
                    rules,
                    blocks: &blocks,
                };
                let side = full_shoe(pass, batch);
                let mut alone = FullTally::new(layout);
                for (b, block) in blocks.iter().enumerate() {
                    let mut rng = Rng::for_block(4, "full", b as u64);
                    alone.add(&passes::full_shoe(pass, block.rounds, &mut rng));
                }
                assert_eq!(side, alone, "{name}, {count} blocks");
            }
        });
    }

    /// The dealt pass likewise, with a count per pay table (some
    /// unbalanced).
    #[test]
    fn lanes_deal_shoes_as_blocks_deal_them_alone() {
        if !crate::cpu::avx512() {
            return;
        }
        let mut xs = crate::testing::Xorshift(0x2545_f491_4f6c_dd1d);
        each_spec(|name, pass, rules, layout| {
            let counts: Vec<Tags> = (0..layout.tables())
                .map(|t| Tags {
                    tags: std::array::from_fn(|_| xs.below(5) as i32 - 2),
                    balanced: t % 3 != 0,
                })
                .collect();
            let cuts = crate::simulator::cut_cards(52 * pass.decks as usize, 0.9);
            let counting = Counting {
                cuts,
                counts: &counts,
            };
            for count in [16, 5] {
                let blocks = blocks(count, 2_000, 6, "dealt");
                let batch = Batch {
                    rules,
                    blocks: &blocks,
                };
                let side = dealt(pass, batch, counting);
                let mut alone = DealtTally::new(layout, crate::simulator::count::BUCKETS);
                for (b, block) in blocks.iter().enumerate() {
                    let mut rng = Rng::for_block(6, "dealt", b as u64);
                    alone.add(&passes::dealt(
                        pass,
                        cuts,
                        Some(&counts),
                        block.rounds,
                        &mut rng,
                    ));
                }
                assert!(side.shoes > count * 20);
                assert_eq!(side, alone, "{name}, {count} blocks");
            }
        });
    }
}
