//! The engine's multiply-rotate hash for its walks' maps (the keys are
//! small integers and tuples of them; the order a map is read in never
//! reaches a figure).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

pub(super) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// The engine's multiply-rotate hash, taking a slice of atom values
/// eight bytes at a time (a slice of integers is hashed as its bytes).
#[derive(Default)]
pub(super) struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn finish(&self) -> u64 {
        // The product's high bits depend on every bit of the key, its low
        // bits only on the key's low bits; the table picks a bucket by the
        // low bits. Keys alike in their low bytes (a signature's first
        // card codes) would crowd a few buckets and probe long chains.
        self.0.rotate_left(26)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.write_u64(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        for &b in words.remainder() {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}
