//! A card counter's count through a shoe: per pay table, tags per rank
//! and the count bucket each round begins in. The dealt pass and the
//! sampled shoes of the same-shoe comparison keep it alike.

use super::shoe::Id;

/// Count buckets: a count below `-BUCKET_EDGE` is tallied with it, one
/// above `BUCKET_EDGE` likewise.
pub const BUCKET_EDGE: i64 = 40;
pub(crate) const BUCKETS: usize = 2 * BUCKET_EDGE as usize + 1;

/// Each pay table's count: a tag per rank (ace first), and whether the
/// count is balanced (then its running count is divided by the decks left
/// into a true count before it is compared with a threshold). An
/// unbalanced count is compared as it runs, from an initial running count
/// of minus half its drift over the whole shoe (so it passes zero half way
/// through, as KO-style counts are started).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tags {
    pub tags: [i32; 13],
    pub balanced: bool,
}

impl Tags {
    /// The running count at the start of a shoe.
    pub fn initial(&self, decks: u32) -> i64 {
        if self.balanced {
            return 0;
        }
        let drift: i64 = self.tags.iter().map(|&t| 4 * t as i64).sum::<i64>() * decks as i64;
        -drift / 2
    }
}

/// Every pay table's count through a dealt shoe, kept as the counter sees
/// the cards.
pub(crate) struct Counter {
    /// Per rank (ace first), every table's tag: `[rank * tables + t]`.
    by_rank: Vec<i64>,
    initial: Vec<i64>,
    balanced: Vec<bool>,
    running: Vec<i64>,
    /// The last round's bucket per table.
    bucket: Vec<u8>,
}

impl Counter {
    pub(crate) fn new(counts: &[Tags], decks: u32) -> Counter {
        let tables = counts.len();
        let mut by_rank = vec![0i64; 13 * tables];
        for (t, tags) in counts.iter().enumerate() {
            for (r, &tag) in tags.tags.iter().enumerate() {
                by_rank[r * tables + t] = tag as i64;
            }
        }
        Counter {
            by_rank,
            initial: counts.iter().map(|c| c.initial(decks)).collect(),
            balanced: counts.iter().map(|c| c.balanced).collect(),
            running: vec![0; tables],
            bucket: vec![0; tables],
        }
    }

    /// A new shoe, whose first card is shown.
    pub(crate) fn start(&mut self, shown: Id) {
        self.running.copy_from_slice(&self.initial);
        self.see(&[shown]);
    }

    /// Counts the cards a counter sees.
    pub(crate) fn see(&mut self, cards: &[Id]) {
        let tables = self.running.len();
        for &c in cards {
            let rank = (c / 4) as usize;
            let tags = &self.by_rank[rank * tables..(rank + 1) * tables];
            for (r, &t) in self.running.iter_mut().zip(tags) {
                *r += t;
            }
        }
    }

    /// Each table's count bucket before a round, with `left` cards in the
    /// shoe: a balanced count divided by the decks left (rounded down),
    /// an unbalanced one as it runs.
    pub(crate) fn buckets(&mut self, left: usize) -> &[u8] {
        let left = left as i64;
        // Floor division by a multiplication: the quotient is then
        // corrected to the exact integer one, so the buckets are those of
        // `div_euclid` (and a run's tallies do not depend on rounding).
        let per = 52.0 / left as f64;
        for ((b, &r), &balanced) in self
            .bucket
            .iter_mut()
            .zip(&self.running)
            .zip(&self.balanced)
        {
            let v = if balanced {
                let n = r * 52;
                // Floored without `floor` (a library call here): the
                // truncation, one less where it rounded a negative up.
                let x = r as f64 * per;
                let t = x as i64;
                let mut q = t - ((t as f64) > x) as i64;
                // Rounding of `x` can leave q one off near an integer.
                if q * left > n {
                    q -= 1;
                } else if (q + 1) * left <= n {
                    q += 1;
                }
                q
            } else {
                r
            };
            *b = (v.clamp(-BUCKET_EDGE, BUCKET_EDGE) + BUCKET_EDGE) as u8;
        }
        &self.bucket
    }
}
