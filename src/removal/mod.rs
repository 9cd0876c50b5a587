//! Effects of removal: how the exact house edge of each wager moves when one
//! card leaves a full shoe, and the simple card counts they suggest.
//!
//! The method is Griffin's (P. A. Griffin, *The Theory of Blackjack*): the
//! effect of removal of a card is the change in the player's expectation
//! when that one card is taken from a full shoe, and a count's *betting
//! correlation* is the correlation between its point values (tags) and
//! those effects over the cards of a deck. Here every effect is exact: the
//! engine's shoe states (`crate::engine::shoe_state`) price each wager on
//! the shoe less one card, one walk of the drawing tree shared by every
//! shoe.
//!
//! * Sign: an effect is the change in **house edge** (a fraction of the
//!   stake, per wager placed); positive means the removal helps the house.
//! * The player's strategy is the one resolved for the full shoe
//!   (`crate::strategy::for_decks`) and is held fixed after the removal: an
//!   effect measures the shoe, not a re-optimised decision.
//! * A wager that never reads a suit (no `need::SUIT` in its events or its
//!   `placed` condition) has one effect per rank: the engine is run on the
//!   shoe less one card of suit 0 of that rank, which any suit gives alike.
//! * A wager that reads suits has an effect per card (rank and suit). When
//!   none of its conditions names a particular suit, relabelling the suits
//!   maps the shoe less one card of rank r of one suit onto the shoe less
//!   the same rank of any other suit, so the four effects are equal and
//!   computed once; otherwise all 52 are computed. Its per-rank effect is
//!   the mean over the four suits: the effect of a card of that rank whose
//!   suit is not known.
//!
//! Counts are derived in `count`. What is computed (`Removal`,
//! `TableRemoval`) is held in `effects`, and written as JSON in `json`.
//!
//! Layer: pipeline stage, computed beside the exact figures (the layout is
//! in `src/lib.rs`).

mod count;
mod effects;
mod json;

pub use count::{Count, derive_count};
pub use effects::{Removal, TableRemoval};

use crate::engine::enumerate::count_group;
use crate::engine::plan::groups;
use crate::engine::shoe::Composition;
use crate::engine::shoe_state::ShoeStates;
use crate::engine::stats::wager_stats;
use crate::model::cond::need;
use crate::model::{FirstRule, Spec, Wager};
use num_bigint::BigInt;
use num_rational::BigRational;
use rayon::prelude::*;

/// Whether any condition of the wager reads a suit.
pub(crate) fn reads_suits(w: &Wager) -> bool {
    let placed = w.placed.iter().map(|p| &p.needs);
    w.events
        .iter()
        .map(|e| &e.needs)
        .chain(placed)
        .any(|n| n.iter().any(|s| s & need::SUIT != 0))
}

/// The spec with only the listed wagers (in spec order). Everything that
/// refers to wagers by index is dropped or re-indexed: combined wagers,
/// pay searches, table rules, and the decision's objective.
pub(crate) fn restrict(spec: &Spec, keep: &[usize]) -> Spec {
    let mut out = spec.clone();
    out.wagers = keep.iter().map(|&w| spec.wagers[w].clone()).collect();
    out.combined.clear();
    out.pay_searches.clear();
    out.claims.clear();
    out.table = None;
    if let FirstRule::Decides(d) = &mut out.game.first {
        d.objective = d
            .objective
            .iter()
            .filter_map(|o| keep.iter().position(|k| k == o))
            .collect();
    }
    out
}

/// House edge of every pay table of every wager of `spec` on a shoe, per
/// wager in spec order: the engine's enumeration and statistics, without
/// the decision analysis `engine::analyse_shoe` adds (the strategy is
/// already resolved and these figures do not need it).
fn table_edges(spec: &Spec, shoe: &Composition) -> Vec<Vec<BigRational>> {
    assert!(
        spec.strategies_resolved(),
        "resolve the player's strategy first (crate::strategy::for_decks)"
    );
    let n = shoe.total();
    let total: u128 = (0..6).map(|i| n.saturating_sub(i)).product();
    let mut out = vec![Vec::new(); spec.wagers.len()];
    for group in groups(spec) {
        let counts = count_group(spec, &group, shoe);
        assert_eq!(counts.total, total, "enumeration lost sequences");
        for c in counts.wagers {
            let stats = wager_stats(&spec.wagers[c.wager], &c, total, String::new());
            out[c.wager] = stats.tables.iter().map(|t| t.house_edge()).collect();
        }
    }
    out
}

/// The full shoe less one card of `rank` (1..=13) and `suit`.
fn less_one(decks: u32, rank: usize, suit: usize) -> Composition {
    let mut c = Composition::standard(decks);
    c.counts[rank - 1][suit] -= 1;
    c
}

/// Effects of removal of every pay table of `spec` from a full shoe of
/// `decks` decks (at least one). The spec's strategy must already be
/// resolved for that shoe (`crate::strategy::for_decks(spec, decks)`);
/// otherwise this panics.
///
/// Cost: one walk of the drawing tree per set of wagers (those that never
/// read a suit or read suits interchangeably together, those that name a
/// suit apart), then one weighted sum for the full shoe and each of the 13
/// (or, for wagers that name a suit, 52) shoes less one card, in parallel
/// (rayon), the result the same at any thread count.
pub fn effects_of_removal(spec: &Spec, decks: u32) -> Removal {
    assert!(decks >= 1, "a full shoe holds at least one deck");
    let n = spec.wagers.len();
    let by_suit: Vec<usize> = (0..n).filter(|&w| spec.wagers[w].names_suit()).collect();
    let interchangeable: Vec<usize> = (0..n).filter(|w| !by_suit.contains(w)).collect();
    let full = Composition::standard(decks);

    // Per wager: full-shoe edges, and per removed card the edges, indexed
    // [card][table]; rank-level runs fill all four suits of a rank.
    let mut edge: Vec<Vec<BigRational>> = vec![Vec::new(); n];
    let mut removed: Vec<Vec<[Vec<BigRational>; 4]>> = vec![Vec::new(); n];
    for (wagers, suits) in [(&interchangeable, 1), (&by_suit, 4)] {
        if wagers.is_empty() {
            continue;
        }
        let part = restrict(spec, wagers);
        let cards: Vec<(usize, usize)> = (1..=13)
            .flat_map(|r| (0..suits).map(move |s| (r, s)))
            .collect();
        // One walk of the drawing tree, then one weighted sum per shoe:
        // the shoes differ by one card, and the shoe states price each
        // exactly (the same fractions the enumeration gives, tested in
        // tests/shoe_state.rs and tests/removal.rs) in milliseconds where
        // an enumeration of a shoe with uneven suits takes a second.
        let states = ShoeStates::new(&part);
        let runs: Vec<Vec<Vec<BigRational>>> = cards
            .par_iter()
            .map(|&(r, s)| states.edges(&less_one(decks, r, s)))
            .collect();
        let whole = states.edges(&full);
        for (i, &w) in wagers.iter().enumerate() {
            edge[w] = whole[i].clone();
            removed[w] = (0..13)
                .map(|r| std::array::from_fn(|s| runs[r * suits + s.min(suits - 1)][i].clone()))
                .collect();
        }
    }

    let mut tables = Vec::new();
    for (w, wager) in spec.wagers.iter().enumerate() {
        let suited = reads_suits(wager);
        for (t, table) in wager.pay_tables.iter().enumerate() {
            let base = &edge[w][t];
            let by_card: Vec<[BigRational; 4]> = removed[w]
                .iter()
                .map(|suits| std::array::from_fn(|s| &suits[s][t] - base))
                .collect();
            let four = BigRational::from_integer(BigInt::from(4));
            let by_rank = std::array::from_fn(|r| {
                if suited {
                    by_card[r].iter().sum::<BigRational>() / &four
                } else {
                    by_card[r][0].clone()
                }
            });
            tables.push(TableRemoval {
                wager: wager.id.clone(),
                pay_table: table.id.clone(),
                reads_suits: suited,
                edge: base.clone(),
                by_rank,
                by_card: suited.then_some(by_card),
            });
        }
    }
    Removal { decks, tables }
}

/// The exact house edge of each wanted pay table on a shoe of any
/// composition (at least six cards). `tables` has one flag per pay table,
/// flat over every wager's pay tables in spec order; the result is `Some`
/// exactly where the flag is set. Only wagers with a wanted table are
/// computed. The strategy must be resolved (`crate::strategy`); it is
/// played as resolved, not re-optimised for this shoe.
pub fn edges_of(
    spec: &Spec,
    composition: &Composition,
    tables: &[bool],
) -> Vec<Option<BigRational>> {
    let mut start = Vec::with_capacity(spec.wagers.len());
    let mut flat = 0;
    for w in &spec.wagers {
        start.push(flat);
        flat += w.pay_tables.len();
    }
    assert_eq!(tables.len(), flat, "one flag per pay table");
    assert!(
        composition.total() >= 6,
        "a round needs six cards in the shoe"
    );
    let wanted: Vec<usize> = (0..spec.wagers.len())
        .filter(|&w| (0..spec.wagers[w].pay_tables.len()).any(|t| tables[start[w] + t]))
        .collect();
    let mut out = vec![None; flat];
    if wanted.is_empty() {
        return out;
    }
    let edges = table_edges(&restrict(spec, &wanted), composition);
    for (i, &w) in wanted.iter().enumerate() {
        for (t, e) in edges[i].iter().enumerate() {
            if tables[start[w] + t] {
                out[start[w] + t] = Some(e.clone());
            }
        }
    }
    out
}
