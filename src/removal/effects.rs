//! The effects of removal as computed: per pay table, the full-shoe house
//! edge and its exact change per rank (and per card, for a wager that reads
//! suits) removed. Computed in `mod.rs`, counted in `count`, written out in
//! `json`.

use num_rational::BigRational;

/// The effects of removal of every pay table of a spec at one deck count.
#[derive(Clone, Debug, PartialEq)]
pub struct Removal {
    pub decks: u32,
    /// Every wager's pay tables in spec order (as `engine::Analysis`).
    pub tables: Vec<TableRemoval>,
}

/// One pay table: its full-shoe house edge and the exact change in it when
/// one card is removed.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRemoval {
    pub wager: String,
    pub pay_table: String,
    /// The wager reads suits, so `by_card` is given.
    pub reads_suits: bool,
    /// House edge of the full shoe.
    pub edge: BigRational,
    /// Change in house edge per rank removed (ace..king); for a wager that
    /// reads suits, the mean of the four suits.
    pub by_rank: [BigRational; 13],
    /// Change in house edge per card removed, `[rank - 1][suit]`, where the
    /// wager reads suits.
    pub by_card: Option<Vec<[BigRational; 4]>>,
}
