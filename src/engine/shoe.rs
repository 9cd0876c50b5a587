//! The cards in the shoe: how many of each rank and suit.

/// Copies of each card, indexed `[rank - 1][suit]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Composition {
    pub counts: [[u32; 4]; 13],
}

impl Composition {
    /// `decks` standard 52-card decks.
    pub fn standard(decks: u32) -> Composition {
        Composition {
            counts: [[decks; 4]; 13],
        }
    }

    pub fn total(&self) -> u128 {
        self.counts.iter().flatten().map(|&c| c as u128).sum()
    }

    /// Cards whose rank is in `ranks` (bit r-1) and suit in `suits` (bit s).
    pub fn cards_in(&self, ranks: u16, suits: u8) -> u128 {
        let mut n = 0u128;
        for r in 0..13 {
            if ranks & (1 << r) == 0 {
                continue;
            }
            for s in 0..4 {
                if suits & (1 << s) != 0 {
                    n += self.counts[r][s] as u128;
                }
            }
        }
        n
    }

    /// Every rank has the same number of cards in each suit.
    pub fn suit_symmetric(&self) -> bool {
        self.counts.iter().all(|r| r.iter().all(|&c| c == r[0]))
    }
}
