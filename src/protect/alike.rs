//! Ranks a search cannot tell apart, and the partitions it need not try.
//!
//! Where swapping two ranks in every rank key leaves the sums unchanged
//! (the four ten-valued ranks of a wager that reads point values only),
//! a two-group partition and the one with those ranks swapped give the
//! same totals: what counts of such a class is how many of its ranks are
//! in the group. [`Classes::masks`] lists one group for each choice of
//! those counts, in an order that moves one rank at a time, and
//! [`Classes::state`] finds the listed group that stands for any group.
//! A partition and its complement give the same totals too, so the class
//! of the ace is held to at most half of its ranks in the group.

use super::decide::each_key;

/// The thirteen ranks split into classes of ranks alike in the sums.
pub(super) struct Classes {
    /// Each class's ranks, ascending; the ace's class last.
    classes: Vec<Vec<usize>>,
    /// Per class, the counts a listed group may hold: 0 to the class's
    /// size, and to half of it for the ace's.
    radix: Vec<usize>,
    /// Per class, its ranks as bits (rank `r` is bit `r`).
    bits: Vec<u16>,
}

impl Classes {
    /// The classes of `sums` (per rank key of `k` cards, first card most
    /// significant, `n` values a key): ranks alike wherever swapping them
    /// in every key changes no sum.
    pub(super) fn of(sums: &[i128], k: u8, n: usize) -> Classes {
        // Alike ranks have alike sums over the keys with the rank at each
        // place: a cheap screen before the full comparison. The keys with
        // rank `r` at a place of weight `w` (13 to the places after it)
        // are runs of `w` keys, one run in every 13.
        let mut marginal = vec![0i128; 13 * k as usize * n];
        for place in 0..k as usize {
            let run = 13usize.pow((k as usize - 1 - place) as u32) * n;
            for (i, chunk) in sums.chunks_exact(run).enumerate() {
                let at = ((i % 13) * k as usize + place) * n;
                let m = &mut marginal[at..at + n];
                for values in chunk.chunks_exact(n) {
                    m.iter_mut().zip(values).for_each(|(m, &v)| *m += v);
                }
            }
        }
        let width = k as usize * n;
        let screen = |a: usize, b: usize| {
            marginal[a * width..(a + 1) * width] == marginal[b * width..(b + 1) * width]
        };
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for r in 0..13 {
            match classes
                .iter_mut()
                .find(|c| screen(c[0], r) && swap_alike(sums, k, n, c[0], r))
            {
                Some(c) => c.push(r),
                None => classes.push(vec![r]),
            }
        }
        // The ace's class (the first found) last: it is the one held to
        // half its ranks.
        classes.rotate_left(1);
        let last = classes.len() - 1;
        let radix = classes
            .iter()
            .enumerate()
            .map(|(j, c)| {
                if j == last {
                    c.len() / 2 + 1
                } else {
                    c.len() + 1
                }
            })
            .collect();
        let bits = classes
            .iter()
            .map(|c| c.iter().fold(0u16, |m, &r| m | 1 << r))
            .collect();
        Classes {
            classes,
            radix,
            bits,
        }
    }

    /// Every listed group, as (its state: the index of its counts in
    /// mixed radix, the class first; its ranks), each differing from the
    /// one before by one rank: the reflected mixed-radix Gray code of the
    /// counts, each class's lowest ranks taken. The empty group first.
    pub(super) fn masks(&self) -> Vec<(usize, u16)> {
        let radix = &self.radix;
        let m = radix.len();
        let mut t = vec![0usize; m];
        let mut up = vec![true; m];
        let mut mask = 0u16;
        let mut out = vec![(0usize, 0u16)];
        loop {
            // The lowest class that can move on in its direction; those
            // below it that cannot turn round.
            let mut j = 0;
            while j < m && !(if up[j] { t[j] + 1 < radix[j] } else { t[j] > 0 }) {
                up[j] = !up[j];
                j += 1;
            }
            if j == m {
                break;
            }
            if up[j] {
                mask |= 1 << self.classes[j][t[j]];
                t[j] += 1;
            } else {
                t[j] -= 1;
                mask &= !(1 << self.classes[j][t[j]]);
            }
            out.push((self.index(&t), mask));
        }
        out
    }

    fn index(&self, t: &[usize]) -> usize {
        t.iter()
            .zip(&self.radix)
            .rev()
            .fold(0, |i, (&x, &r)| i * r + x)
    }

    /// The state of the listed group standing for `group` (or for its
    /// complement, which gives the same totals).
    pub(super) fn state(&self, group: u16) -> usize {
        let m = self.classes.len();
        // The ace's class holds at most half its ranks in a listed group:
        // else the complement stands for it.
        let ace = (group & self.bits[m - 1]).count_ones() as usize;
        let group = if ace >= self.radix[m - 1] {
            !group
        } else {
            group
        };
        self.bits
            .iter()
            .zip(&self.radix)
            .rev()
            .fold(0, |i, (&b, &r)| i * r + (group & b).count_ones() as usize)
    }

    /// How many states [`Classes::state`] can give.
    pub(super) fn states(&self) -> usize {
        self.radix.iter().product()
    }
}

/// Whether swapping ranks `a` and `b` in every key of `k` cards changes
/// no sum (`n` a key): each key's sums against those of the key with the
/// two ranks swapped.
fn swap_alike(sums: &[i128], k: u8, n: usize, a: usize, b: usize) -> bool {
    let swapped = each_key(k, 13, |r| match r {
        r if r == a => b,
        r if r == b => a,
        r => r,
    });
    swapped.iter().enumerate().all(|(key, &other)| {
        other == key || sums[key * n..(key + 1) * n] == sums[other * n..(other + 1) * n]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums that read ranks through a class map only: the classes found
    /// are the map's, every listed group differs from the one before by
    /// one rank, and every group's state is that of a listed group with
    /// the same counts (or the complement's).
    #[test]
    fn classes_and_their_listed_groups() {
        let class = [0usize, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9];
        for k in [1u8, 2, 4] {
            let keys = 13usize.pow(k as u32);
            let sums: Vec<i128> = (0..keys)
                .map(|key| {
                    (0..k as u32).fold(0i128, |s, p| {
                        s * 31 + class[key / 13usize.pow(p) % 13] as i128 * (p as i128 + 2)
                    })
                })
                .collect();
            let c = Classes::of(&sums, k, 1);
            assert_eq!(c.classes.len(), 10, "k {k}");
            assert!(c.classes.contains(&vec![9, 10, 11, 12]));
            let masks = c.masks();
            assert_eq!(masks.len(), c.states());
            // 2^8 choices of the ranks 2..9, 5 counts of tens, the ace out.
            assert_eq!(masks.len(), 256 * 5);
            for w in masks.windows(2) {
                assert_eq!((w[0].1 ^ w[1].1).count_ones(), 1);
            }
            let listed: std::collections::HashMap<usize, u16> = masks.iter().copied().collect();
            assert_eq!(listed.len(), masks.len(), "states distinct");
            for g in 1u16..1 << 13 {
                let l = listed[&c.state(g)];
                let count = |m: u16| ((m >> 9) & 0xf).count_ones();
                let same = (g & 0x1ff) == (l & 0x1ff) && count(g) == count(l);
                let other = !g & 0x1fff;
                let complement = (other & 0x1ff) == (l & 0x1ff) && count(other) == count(l);
                assert!(same || complement, "group {g:#b} listed as {l:#b}");
            }
        }
        // Nothing alike: every rank its own class.
        let sums: Vec<i128> = (0..13 * 13).map(|x| x as i128).collect();
        let c = Classes::of(&sums, 2, 1);
        assert_eq!(c.classes.len(), 13);
        assert_eq!(c.masks().len(), 4096, "every group with the ace out");
    }
}
