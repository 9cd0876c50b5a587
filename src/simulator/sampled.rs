//! Shoes sampled for the same-shoe comparison of a card counter with a
//! player who knows every unseen card: dealt like the dealt pass (same
//! burn and cut, their own generator streams, pass "bound"), each round
//! recorded with what a player could know before it (the unseen cards,
//! every pay table's count) and what it paid (settled by the reference
//! evaluator). The stage (`crate::study`) prices each round's unseen
//! cards with the exact engine.

use super::count::{Counter, Tags};
use super::deal::Dealer;
use super::memo::{Memo, groups};
use super::rng::Rng;
use super::shoe;
use super::tally::{BANDS, Layout};
use super::{Settings, cut_cards};
use crate::model::Spec;
use rayon::prelude::*;

/// One round of a sampled shoe, as it stood before the cards came out.
#[derive(Clone, Debug)]
pub struct SampledRound {
    /// The cards not yet seen, `[rank - 1][suit]`.
    pub unseen: [[u32; 4]; 13],
    /// The band of the shoe the round begins in (0..3, shallowest first;
    /// penetration k is bands 0..=k).
    pub band: usize,
    /// Per pay table: the count's bucket (0: any count; b: the count is at
    /// least b - 40), as in the dealt pass's tallies.
    pub buckets: Vec<u8>,
    /// Per pay table: the round's net in the table's unit.
    pub nets: Vec<i64>,
}

/// Sampled shoes, with each pay table's unit (stakes per unit).
#[derive(Clone, Debug)]
pub struct SampledShoes {
    pub shoes: Vec<Vec<SampledRound>>,
    pub scale: Vec<i64>,
}

/// Deals `shoes` shoes (generator stream `stream`, "bound" for the
/// study's own, one block per shoe) to the run's deepest cut card.
/// `counts` are the pay tables' counts (flat over the spec's pay tables).
pub fn sample_shoes(
    spec: &Spec,
    decks: u32,
    settings: &Settings,
    counts: &[Tags],
    shoes: u64,
    stream: &str,
) -> SampledShoes {
    let cuts = cut_cards(52 * decks as usize, settings.penetration);
    let dealer = Dealer::new(&spec.game);
    let groups = groups(spec);
    let layout = Layout::new(spec);
    let shoes = (0..shoes)
        .into_par_iter()
        .map_init(
            || (Memo::new(&groups, &layout), Counter::new(counts, decks)),
            |(memo, counter), s| {
                let mut rng = Rng::for_block(settings.seed, stream, s);
                let mut cards = shoe::fresh(decks);
                shoe::shuffle(&mut cards, &mut rng);
                let mut unseen = [[decks; 4]; 13];
                let see = |unseen: &mut [[u32; 4]; 13], id: shoe::Id| {
                    unseen[(id / 4) as usize][(id % 4) as usize] -= 1
                };
                see(&mut unseen, cards[0]);
                counter.start(cards[0]);
                let mut pos = shoe::burned(cards[0]);
                let mut rounds = Vec::new();
                while pos < cuts[BANDS - 1] {
                    let band = cuts.iter().position(|&c| pos < c).unwrap_or(BANDS - 1);
                    let buckets = counter.table_buckets(cards.len() - pos).to_vec();
                    let (round, used) = dealer.deal(&cards[pos..]);
                    let nets = memo
                        .settle(&round)
                        .iter()
                        .enumerate()
                        .map(|(t, &c)| layout.nets[t][c as usize])
                        .collect();
                    rounds.push(SampledRound {
                        unseen,
                        band,
                        buckets,
                        nets,
                    });
                    let dealt = &cards[pos..pos + used];
                    dealt.iter().for_each(|&c| see(&mut unseen, c));
                    counter.see(dealt);
                    pos += used;
                }
                rounds
            },
        )
        .collect();
    SampledShoes {
        shoes,
        scale: layout.scale.clone(),
    }
}
