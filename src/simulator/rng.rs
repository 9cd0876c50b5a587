//! The simulator's random numbers: ChaCha8, a generator whose output for a
//! given 32-byte seed is fixed by its specification, on every machine and
//! in every version. The stream is `rand_chacha` 0.9's `ChaCha8Rng` (a
//! 64-bit block counter from zero, stream zero), word for word: the test
//! below holds it to that crate, which stays the reference.
//!
//! Every block of a run (see `super::blocks`) has its own generator, seeded
//! with the SHA-256 of the run's seed, the pass and the block number: a
//! block deals the same cards whichever thread or shard runs it, so a run's
//! tallies do not depend on the thread count and shards merge exactly.
//! Bounded integers are drawn by Lemire's multiply-and-reject method on
//! 32-bit outputs, written here so that no library's sampling algorithm
//! (which may change between versions) decides which card comes next.
//!
//! Why not the crate's generator itself: a run draws about a billion words
//! of it, and the crate computes four ChaCha blocks at a time in 256-bit
//! instructions. Here sixteen blocks are computed side by side, one to a
//! lane of a 512-bit instruction (each word of the state one register, so
//! the rounds need no shuffles), where the processor has AVX-512.

use sha2::{Digest, Sha256};

/// Blocks computed at a time: one per lane of a 512-bit register.
pub(crate) const LANES: usize = 16;

/// Sixteen ChaCha blocks, word-major: `[w][l]` is word `w` of lane `l`'s.
pub(crate) type Words = [[u32; LANES]; 16];

/// Each lane's key, word-major: `[w][l]` is word `w` of lane `l`'s key.
pub(crate) type Keys = [[u32; LANES]; 8];

/// ChaCha's constant words ("expand 32-byte k").
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

pub(crate) struct Rng {
    /// The key in every lane: the sixteen blocks computed at a time are
    /// consecutive blocks of the one stream.
    keys: Keys,
    /// The next block to compute.
    counter: u64,
    /// Sixteen blocks, block `b` in lane `b`.
    words: Words,
    /// The next word in stream order (`b * 16 + w`); 256 when all are used.
    at: usize,
}

/// The 32-byte seed of block `block` of pass `pass` of a run seeded
/// `seed`, as the eight key words of its ChaCha8 stream.
pub(crate) fn key(seed: u64, pass: &str, block: u64) -> [u32; 8] {
    let mut h = Sha256::new();
    h.update(b"certify simulate 1\0");
    h.update(pass.as_bytes());
    h.update([0]);
    h.update(seed.to_le_bytes());
    h.update(block.to_le_bytes());
    let digest: [u8; 32] = h.finalize().into();
    key_of(digest)
}

fn key_of(seed: [u8; 32]) -> [u32; 8] {
    std::array::from_fn(|i| {
        u32::from_le_bytes(seed[4 * i..4 * i + 4].try_into().expect("four bytes"))
    })
}

impl Rng {
    /// The generator of block `block` of pass `pass` of a run seeded `seed`.
    pub(crate) fn for_block(seed: u64, pass: &str, block: u64) -> Rng {
        Rng::keyed(key(seed, pass, block))
    }

    fn keyed(key: [u32; 8]) -> Rng {
        Rng {
            keys: key.map(|k| [k; LANES]),
            counter: 0,
            words: [[0; LANES]; 16],
            at: LANES * 16,
        }
    }

    /// The next 32-bit word of the stream.
    #[inline(always)]
    pub(crate) fn next_u32(&mut self) -> u32 {
        if self.at == LANES * 16 {
            let counters = std::array::from_fn(|b| self.counter + b as u64);
            blocks(&self.keys, &counters, &mut self.words);
            self.counter += LANES as u64;
            self.at = 0;
        }
        let i = self.at;
        self.at += 1;
        self.words[i % 16][i / 16]
    }

    /// A uniform integer in `0..n` (`n` at least 1), without bias.
    #[inline(always)]
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = self.next_u32() as u64 * n as u64;
        if (m as u32) < n {
            m = below_rejected(m, n, || self.next_u32());
        }
        (m >> 32) as u32
    }
}

/// Lemire's method past a product `m` whose low word is below `n`: the
/// few low products that would favour small results are drawn again.
/// Shared with the lanes' generator, which draws again one lane at a time.
#[cold]
pub(crate) fn below_rejected(mut m: u64, n: u32, mut next: impl FnMut() -> u32) -> u64 {
    let floor = n.wrapping_neg() % n;
    while (m as u32) < floor {
        m = next() as u64 * n as u64;
    }
    m
}

/// Computes block `counters[l]` of the stream keyed `keys[..][l]` into
/// lane `l` of `out`, for each of the sixteen lanes, in 512-bit
/// instructions where the processor has AVX-512; the same words whichever
/// runs.
pub(crate) fn blocks(keys: &Keys, counters: &[u64; LANES], out: &mut Words) {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::avx512() {
        // SAFETY: the processor has AVX-512F, checked just above.
        return unsafe { blocks_avx512(keys, counters, out) };
    }
    blocks_any(keys, counters, out)
}

/// [`blocks`] in AVX-512 instructions: each word of the sixteen states is
/// one register. (Written with the instructions themselves: left to the
/// compiler, [`blocks_any`] came out as gathers and scatters, slower than
/// the crate's 256-bit code.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
pub(crate) fn blocks_avx512(keys: &Keys, counters: &[u64; LANES], out: &mut Words) {
    use std::arch::x86_64::*;
    let load = |a: &[u32; LANES]| unsafe { _mm512_loadu_si512(a.as_ptr().cast()) };
    let mut start = [_mm512_setzero_si512(); 16];
    for (w, &s) in SIGMA.iter().enumerate() {
        start[w] = _mm512_set1_epi32(s as i32);
    }
    for (w, k) in keys.iter().enumerate() {
        start[4 + w] = load(k);
    }
    // SAFETY (the loads): each half is eight counters, what one load reads.
    let (c0, c1) = unsafe {
        (
            _mm512_loadu_si512(counters.as_ptr().cast()),
            _mm512_loadu_si512(counters[8..].as_ptr().cast()),
        )
    };
    let narrow = |a: __m512i, b: __m512i| {
        _mm512_inserti64x4::<1>(
            _mm512_castsi256_si512(_mm512_cvtepi64_epi32(a)),
            _mm512_cvtepi64_epi32(b),
        )
    };
    start[12] = narrow(c0, c1);
    start[13] = narrow(_mm512_srli_epi64::<32>(c0), _mm512_srli_epi64::<32>(c1));
    let mut x = start;
    macro_rules! quarter {
        ($a:literal, $b:literal, $c:literal, $d:literal) => {
            x[$a] = _mm512_add_epi32(x[$a], x[$b]);
            x[$d] = _mm512_rol_epi32::<16>(_mm512_xor_si512(x[$d], x[$a]));
            x[$c] = _mm512_add_epi32(x[$c], x[$d]);
            x[$b] = _mm512_rol_epi32::<12>(_mm512_xor_si512(x[$b], x[$c]));
            x[$a] = _mm512_add_epi32(x[$a], x[$b]);
            x[$d] = _mm512_rol_epi32::<8>(_mm512_xor_si512(x[$d], x[$a]));
            x[$c] = _mm512_add_epi32(x[$c], x[$d]);
            x[$b] = _mm512_rol_epi32::<7>(_mm512_xor_si512(x[$b], x[$c]));
        };
    }
    for _ in 0..4 {
        quarter!(0, 4, 8, 12);
        quarter!(1, 5, 9, 13);
        quarter!(2, 6, 10, 14);
        quarter!(3, 7, 11, 15);
        quarter!(0, 5, 10, 15);
        quarter!(1, 6, 11, 12);
        quarter!(2, 7, 8, 13);
        quarter!(3, 4, 9, 14);
    }
    for ((o, x), s) in out.iter_mut().zip(x).zip(start) {
        // SAFETY: `o` is sixteen words, what one store writes.
        unsafe { _mm512_storeu_si512(o.as_mut_ptr().cast(), _mm512_add_epi32(x, s)) };
    }
}

/// [`blocks`] for any processor: each word of the sixteen states is one
/// array of lanes.
fn blocks_any(keys: &Keys, counters: &[u64; LANES], out: &mut Words) {
    let mut start = [[0u32; LANES]; 16];
    for (w, &s) in SIGMA.iter().enumerate() {
        start[w] = [s; LANES];
    }
    start[4..12].copy_from_slice(keys);
    start[12] = counters.map(|c| c as u32);
    start[13] = counters.map(|c| (c >> 32) as u32);
    // Words 14 and 15 (the stream) are zero.
    let mut x = start;
    for _ in 0..4 {
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 1, 5, 9, 13);
        quarter(&mut x, 2, 6, 10, 14);
        quarter(&mut x, 3, 7, 11, 15);
        quarter(&mut x, 0, 5, 10, 15);
        quarter(&mut x, 1, 6, 11, 12);
        quarter(&mut x, 2, 7, 8, 13);
        quarter(&mut x, 3, 4, 9, 14);
    }
    for ((o, x), s) in out.iter_mut().zip(&x).zip(&start) {
        for ((o, &x), &s) in o.iter_mut().zip(x).zip(s) {
            *o = x.wrapping_add(s);
        }
    }
}

/// ChaCha's quarter round on words `a`, `b`, `c`, `d`, in every lane.
#[inline(always)]
fn quarter(x: &mut Words, a: usize, b: usize, c: usize, d: usize) {
    let (mut va, mut vb, mut vc, mut vd) = (x[a], x[b], x[c], x[d]);
    let step = |p: &mut [u32; LANES], q: &[u32; LANES], r: &mut [u32; LANES], by: u32| {
        for ((p, &q), r) in p.iter_mut().zip(q).zip(r.iter_mut()) {
            *p = p.wrapping_add(q);
            *r = (*r ^ *p).rotate_left(by);
        }
    };
    step(&mut va, &vb, &mut vd, 16);
    step(&mut vc, &vd, &mut vb, 12);
    step(&mut va, &vb, &mut vd, 8);
    step(&mut vc, &vd, &mut vb, 7);
    (x[a], x[b], x[c], x[d]) = (va, vb, vc, vd);
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

    /// Word-major blocks are the next 256 words of `reference`.
    fn assert_blocks(words: &[[u32; LANES]; 16], reference: &mut rand_chacha::ChaCha8Rng) {
        use rand_core::RngCore;
        for i in 0..LANES * 16 {
            assert_eq!(words[i % 16][i / 16], reference.next_u32(), "word {i}");
        }
    }

    /// The stream is `rand_chacha` 0.9's `ChaCha8Rng` from the same seed,
    /// word for word, past several refills and in both builds.
    #[test]
    fn the_stream_is_rand_chachas() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::{RngCore, SeedableRng};
        for seed in [[0u8; 32], std::array::from_fn(|i| (i * 37 + 11) as u8)] {
            let mut reference = ChaCha8Rng::from_seed(seed);
            let mut ours = Rng::keyed(key_of(seed));
            for i in 0..5_000 {
                assert_eq!(ours.next_u32(), reference.next_u32(), "word {i}");
            }
            // The baseline build, from a later block.
            let mut words = [[0; LANES]; 16];
            blocks_any(
                &ours.keys,
                &std::array::from_fn(|b| 3 + b as u64),
                &mut words,
            );
            let mut reference = ChaCha8Rng::from_seed(seed);
            reference.set_word_pos(3 * 16);
            assert_blocks(&words, &mut reference);
        }
        // A counter that passes 2^32 carries into the next word.
        let mut words = [[0; LANES]; 16];
        let counters = std::array::from_fn(|b| (1 << 32) - 2 + b as u64);
        blocks(&[[7; LANES]; 8], &counters, &mut words);
        let mut seed = [0u8; 32];
        for (i, b) in seed.iter_mut().enumerate() {
            *b = [7u8, 0, 0, 0][i % 4];
        }
        let mut reference = ChaCha8Rng::from_seed(seed);
        reference.set_word_pos(((1u128 << 32) - 2) * 16);
        assert_blocks(&words, &mut reference);
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
