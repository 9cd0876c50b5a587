//! The exact edge of any shoe state (a composition of the cards left), fast.
//!
//! What a round does depends on which cards fill which slots, never on how
//! many of them the shoe holds: only the weights of the rounds do. So the
//! drawing tree is walked once per spec, by class of card (a point value, or
//! a rank where some condition or the drawing strategy reads ranks or suits),
//! every wager settled at every leaf under every pay table, and the leaves
//! summed under their *signature*: the multiset of classes they use. The
//! number of ordered six-card sequences a leaf stands for in a shoe is
//!
//! ```text
//!   prod over classes c of (n_c)(n_c - 1)...(n_c - m_c + 1)  x  (N - k)...(N - 5)
//! ```
//!
//! for `m_c` cards of class `c` among its `k` used slots, whatever their
//! order: it depends on the signature alone. A composition's return is then
//! one weighted sum over the signatures, in exact integers (`i128`, or big
//! integers where a shoe is so large that `i128` could overflow).
//!
//! Suits: a leaf whose events its classes leave undecided (a "suited"
//! hand, a card of the dealer's suit) is refined slot by slot into partial
//! suit assignments until every event is decided (`suited` is decided false
//! as soon as two known cards differ). The leaf's most common outcome is
//! summed under its signature by class, and each partial assignment whose
//! outcome differs adds the difference under a signature holding those
//! cards by class and suit (a rank or a point value, and a suit: the
//! classes stay those the conditions need); the weights of the partial
//! assignments sum to the leaf's, so the total is exact for any
//! composition, suits uneven included, and only the rare outcomes (three
//! suited cards) cost anything per composition.
//!
//! Each leaf stores, per pay table, the stake returned (net result plus
//! one, scaled to an integer: zero on a loss, so that losing leaves store
//! nothing), and per wager placed conditionally the rounds it is not
//! placed. A drawing strategy that reads suits cannot be walked by rank:
//! such wagers are computed by the full enumeration (`enumerate`) on the
//! composition instead, with the same result, slowly.
//!
//! `tests/shoe_state.rs` compares every shipped wager with an independent
//! brute force on random depleted shoes.

mod direct;
mod exact;
pub mod first_cards;
mod lanes;
pub mod observed;
mod part;
mod seen_suits;
mod walk;
mod walked;
mod weights;

use super::plan::{Level, groups, strategy_needs};
use super::shoe::Composition;
use crate::model::Spec;
use crate::model::cond::need;
use crate::model::round::SLOTS;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use weights::falling;

/// The exact house edge of every wager of a spec under every pay table, for
/// any composition of the shoe. Built once per spec (its strategy resolved:
/// `crate::strategy`), then [`ShoeStates::edges`] per composition.
pub struct ShoeStates {
    /// Per wager of the spec: its pay tables' count, or None when the wager
    /// is not among those asked for.
    tables: Vec<Option<usize>>,
    parts: Vec<std::sync::Arc<Part>>,
    /// Wagers the fast path cannot walk (the drawing strategy reads
    /// suits): computed by the full enumeration on each composition.
    slow: Option<(Spec, Vec<usize>)>,
}

/// Wagers walked together: one class level, and whether any of their
/// conditions depends on the drawing.
struct Part {
    level: Level,
    /// Per column: the wager (spec index) and pay table it counts, or None
    /// for the wager's not-placed rounds.
    cols: Vec<(usize, Option<usize>)>,
    /// Per pay table column: the scale of its returns (the least common
    /// denominator of its pays).
    scales: Vec<i64>,
    /// The columns stored: one per event a pay table's order settles on,
    /// and per not-placed column ([`walk::Columns::Events`]).
    outputs: usize,
    /// Per column of `cols`: its sum from the stored columns' sums, as
    /// (stored column, factor) terms.
    mix: Vec<Vec<(u32, i64)>>,
    /// The signatures, by row of stored values (see [`Row`]), each row's
    /// sorted by weight factors.
    sigs: Vec<Sig>,
    /// The distinct rows of stored values, in the order of `sigs`.
    rows: Vec<Row>,
    /// Stored column and count, each row's in `rows[i].entries`.
    entries: Vec<(u32, i64)>,
    /// The largest sum of absolute values over a column (overflow check).
    bound: u128,
    /// The largest magnitude of a stored column's value on one round
    /// ([`walk::Settling::most_per_round`]): a column's sum is at most
    /// this times the shoe's sequences of cards.
    most: u128,
}

/// Signatures whose stored values are the same (the same column counts,
/// the same slots used): a composition's sums need their weights' total
/// only, so each value is multiplied once per row, not once per signature
/// (Lucky 8's 91,754 signatures hold 737 distinct rows). A part whose rows
/// are not few keeps one row a signature (see `Part::build`).
struct Row {
    /// Used slots minus four (0..=2).
    extra: u8,
    sigs: std::ops::Range<u32>,
    entries: std::ops::Range<u32>,
}

struct Sig {
    /// Weight factors, those other than one first (see `weights`).
    factors: [u16; SLOTS],
    /// How many of `factors` are not one.
    len: u8,
    /// How many leading factors it shares with the signature before it:
    /// a row's signatures are sorted by their factors, so a pass keeps the
    /// products of the shared prefix instead of multiplying them again.
    shared: u8,
}

impl ShoeStates {
    /// Every wager of the spec.
    pub fn new(spec: &Spec) -> ShoeStates {
        let all: Vec<usize> = (0..spec.wagers.len()).collect();
        ShoeStates::for_wagers(spec, &all)
    }

    /// The listed wagers (spec indices) only; [`ShoeStates::edges`] gives the
    /// others no figures.
    pub fn for_wagers(spec: &Spec, wagers: &[usize]) -> ShoeStates {
        assert!(
            spec.strategies_resolved(),
            "resolve the player's strategy for the shoe first (the strategy stage)"
        );
        let tables = (0..spec.wagers.len())
            .map(|w| wagers.contains(&w).then(|| spec.wagers[w].pay_tables.len()))
            .collect();
        let drawing_reads_suits = strategy_needs(spec).iter().any(|n| n & need::SUIT != 0);
        if drawing_reads_suits {
            return ShoeStates {
                tables,
                parts: Vec::new(),
                slow: Some((spec.clone(), wagers.to_vec())),
            };
        }
        // Suits are read as a class and a suit: a point value and a suit
        // where no condition reads ranks.
        let keyed = part::keyed_parts(spec, wagers, |plan| {
            if plan.levels.contains(&Level::Rank) {
                Level::Rank
            } else {
                Level::Value
            }
        });
        let parts = keyed
            .into_iter()
            .map(|((level, before_draws), ws)| walked::part(spec, level, before_draws, &ws))
            .collect();
        ShoeStates {
            tables,
            parts,
            slow: None,
        }
    }

    /// Compositions [`ShoeStates::edges_f64_many`] prices in one pass over
    /// the signatures: batches of this many (consecutive rounds of a shoe)
    /// cost least a composition.
    pub const PRICED_TOGETHER: usize = part::TOGETHER;

    /// Signatures summed over (the work per composition), for measuring.
    pub fn signatures(&self) -> usize {
        self.parts.iter().map(|p| p.sigs.len()).sum()
    }

    /// Column values stored over every distinct row of values (the other
    /// part of the work per composition), for measuring.
    pub fn entries(&self) -> usize {
        self.parts.iter().map(|p| p.entries.len()).sum()
    }

    /// Per wager of the spec, per pay table: the exact house edge (per unit
    /// staked, per wager placed; zero for a wager never placed) in the shoe
    /// `composition`, the strategy played as resolved. Empty for a wager
    /// not asked for. The shoe must hold at least six cards.
    pub fn edges(&self, composition: &Composition) -> Vec<Vec<BigRational>> {
        self.fractions(std::slice::from_ref(composition))
            .pop()
            .expect("one composition")
            .into_iter()
            .map(|w| w.into_iter().map(|(n, d)| BigRational::new(n, d)).collect())
            .collect()
    }

    /// [`ShoeStates::edges`] as the nearest floating-point numbers, without
    /// reducing the fractions (a third of the time when many compositions
    /// are priced). Each is the quotient of two exact integers, so its
    /// sign is exact and its value within a few units of the last place.
    pub fn edges_f64(&self, composition: &Composition) -> Vec<Vec<f64>> {
        self.edges_f64_many(std::slice::from_ref(composition))
            .pop()
            .expect("one composition")
    }

    /// [`ShoeStates::edges_f64`] of each composition, priced together: a
    /// pass over the signatures reads each stored value once for all of
    /// them, so a batch of consecutive shoes (the bound's rounds) costs a
    /// fraction of pricing them one by one. The figures are the same.
    pub fn edges_f64_many(&self, compositions: &[Composition]) -> Vec<Vec<Vec<f64>>> {
        for c in compositions {
            assert!(c.total() >= 6, "a round needs six cards in the shoe");
        }
        let empty: Vec<Vec<f64>> = self
            .tables
            .iter()
            .map(|t| vec![0.0; t.unwrap_or(0)])
            .collect();
        let mut outs = vec![empty; compositions.len()];
        for part in &self.parts {
            part.edges_f64(compositions, &mut outs);
        }
        if let Some((spec, wagers)) = &self.slow {
            for (c, out) in compositions.iter().zip(&mut outs) {
                let mut exact: Vec<Vec<(BigInt, BigInt)>> = out
                    .iter()
                    .map(|t| vec![(BigInt::zero(), BigInt::from(1)); t.len()])
                    .collect();
                slow_edges(spec, wagers, c, &mut exact);
                for &w in wagers {
                    out[w] = exact[w]
                        .iter()
                        .map(|(n, d)| exact::to_f64(n) / exact::to_f64(d))
                        .collect();
                }
            }
        }
        outs
    }

    /// Per composition, the house edges as unreduced fractions (numerator,
    /// denominator > 0).
    fn fractions(&self, compositions: &[Composition]) -> Vec<Vec<Vec<(BigInt, BigInt)>>> {
        let mut totals = Vec::with_capacity(compositions.len());
        for c in compositions {
            let n = c.total();
            assert!(n >= 6, "a round needs six cards in the shoe");
            totals.push(BigInt::from(falling(n, 6)));
        }
        let empty: Vec<Vec<(BigInt, BigInt)>> = self
            .tables
            .iter()
            .map(|t| vec![(BigInt::zero(), BigInt::from(1)); t.unwrap_or(0)])
            .collect();
        let mut outs = vec![empty; compositions.len()];
        for part in &self.parts {
            part.edges(compositions, &totals, &mut outs);
        }
        if let Some((spec, wagers)) = &self.slow {
            for (c, out) in compositions.iter().zip(&mut outs) {
                slow_edges(spec, wagers, c, out);
            }
        }
        outs
    }
}

/// The wagers of `wagers` by the full enumeration of the composition.
fn slow_edges(
    spec: &Spec,
    wagers: &[usize],
    composition: &Composition,
    out: &mut [Vec<(BigInt, BigInt)>],
) {
    let n = composition.total();
    let total: u128 = (0..6).map(|i| n - i).product();
    for group in groups(spec) {
        if !group.wagers.iter().any(|w| wagers.contains(w)) {
            continue;
        }
        let counts = super::enumerate::count_group(spec, &group, composition);
        assert_eq!(counts.total, total, "enumeration lost sequences");
        for c in counts.wagers.iter().filter(|c| wagers.contains(&c.wager)) {
            let stats = super::stats::wager_stats(&spec.wagers[c.wager], c, total, String::new());
            out[c.wager] = stats
                .tables
                .iter()
                .map(|t| {
                    let e = t.house_edge();
                    (e.numer().clone(), e.denom().clone())
                })
                .collect();
        }
    }
}
