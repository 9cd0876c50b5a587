//! The simulator's random numbers: ChaCha8 (the `rand_chacha` crate), a
//! generator whose output for a given 32-byte seed is fixed by its
//! specification, on every machine and in every version.
//!
//! Every block of a run (see `super::blocks`) has its own generator, seeded
//! with the SHA-256 of the run's seed, the pass and the block number: a
//! block deals the same cards whichever thread or shard runs it, so a run's
//! tallies do not depend on the thread count and shards merge exactly.
//! Bounded integers are drawn by Lemire's multiply-and-reject method on
//! 32-bit outputs, written here so that no library's sampling algorithm
//! (which may change between versions) decides which card comes next.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};

pub(crate) struct Rng(ChaCha8Rng);

impl Rng {
    /// The generator of block `block` of pass `pass` of a run seeded `seed`.
    pub(crate) fn for_block(seed: u64, pass: &str, block: u64) -> Rng {
        let mut h = Sha256::new();
        h.update(b"certify simulate 1\0");
        h.update(pass.as_bytes());
        h.update([0]);
        h.update(seed.to_le_bytes());
        h.update(block.to_le_bytes());
        let digest: [u8; 32] = h.finalize().into();
        Rng(ChaCha8Rng::from_seed(digest))
    }

    /// A uniform integer in `0..n` (`n` at least 1), without bias.
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = self.0.next_u32() as u64 * n as u64;
        if (m as u32) < n {
            // Reject the few low products that would favour small results.
            let floor = n.wrapping_neg() % n;
            while (m as u32) < floor {
                m = self.0.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_reproducible_and_distinct() {
        let draw = |block| {
            let mut r = Rng::for_block(7, "full", block);
            (0..8).map(|_| r.below(416)).collect::<Vec<_>>()
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }

    #[test]
    fn below_covers_its_range_evenly() {
        let mut r = Rng::for_block(1, "test", 0);
        let mut seen = [0u32; 13];
        for _ in 0..130_000 {
            seen[r.below(13) as usize] += 1;
        }
        // Each face 10,000 times on average; 5 standard deviations is ±474.
        assert!(
            seen.iter().all(|&n| (9_526..=10_474).contains(&n)),
            "{seen:?}"
        );
    }
}
