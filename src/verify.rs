//! Checks the exact engine against the reference evaluator.
//!
//! 1. Exhaustively on a small shoe: every ordered six-card sequence is dealt,
//!    played and settled by the evaluator, and the tallies must equal the
//!    engine's counts for the same shoe, event by event.
//! 2. On sampled sequences from the full shoe: the engine settles each one
//!    through its own paths, and the event must be the evaluator's.

use crate::cards::{Card, parse_cards};
use crate::engine::analyse_shoe;
use crate::engine::decide::resolve;
use crate::engine::enumerate::settle_sequence;
use crate::engine::plan::groups;
use crate::engine::shoe::Composition;
use crate::eval::play::deal_sequence;
use crate::eval::settle::select;
use crate::eval::{play, settle};
use crate::model::Spec;
use rayon::prelude::*;

/// Small shoes of twelve cards, played exhaustively. The first has
/// naturals, draws, faces, a ten, two suits and a duplicated card; the
/// second has every suit equally, so the engine relabels suits there.
pub const SMALL_SHOES: [&str; 2] = [
    "As,As,3h,5s,6h,7s,8h,9s,Th,Js,Qh,Ks",
    "3s,3h,3d,3c,9s,9h,9d,9c,Ks,Kh,Kd,Kc",
];

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Verification {
    pub small_shoe_sequences: u128,
    pub small_shoe_mismatches: Vec<String>,
    pub sampled: usize,
    pub sampled_mismatches: Vec<String>,
}

impl Verification {
    pub fn passed(&self) -> bool {
        self.small_shoe_mismatches.is_empty() && self.sampled_mismatches.is_empty()
    }
}

/// Both checks; a player's optimal strategy is resolved for each shoe and
/// the same chart given to the engine and the evaluator.
pub fn verify(spec: &Spec, decks: u32, samples: usize) -> Verification {
    let mut v = Verification::default();
    for shoe in SMALL_SHOES {
        let cards = parse_cards(shoe).expect("valid shoe");
        let resolved = resolve(spec, &composition(&cards));
        exhaustive(&resolved, &cards, &mut v);
    }
    sampled(
        &resolve(spec, &Composition::standard(decks)),
        decks,
        samples,
        &mut v,
    );
    v
}

fn composition(cards: &[Card]) -> Composition {
    let mut c = Composition {
        counts: [[0; 4]; 13],
    };
    for card in cards {
        c.counts[(card.rank - 1) as usize][card.suit as usize] += 1;
    }
    c
}

/// Tallies per wager, table and event (then: no event, not placed) by playing every
/// ordered sequence of six distinct cards of `shoe`.
fn exhaustive(spec: &Spec, shoe: &[Card], v: &mut Verification) {
    let empty: Vec<Vec<Vec<u128>>> = spec
        .wagers
        .iter()
        .map(|w| vec![vec![0u128; w.events.len() + 2]; w.pay_tables.len()])
        .collect();
    let copies = shoe
        .iter()
        .map(|c| shoe.iter().filter(|d| *d == c).count())
        .max()
        .unwrap_or(1) as u32;
    // Split on the first card across threads; tallies are integer sums.
    let (tallies, seqs) = (0..shoe.len())
        .into_par_iter()
        .map(|first| {
            let mut tallies = empty.clone();
            let mut seqs = 0u128;
            let mut stack = [first, 0, 0, 0, 0, 0];
            enumerate_sequences(shoe.len(), &mut stack, 1, 1 << first, &mut |ix| {
                let seq: [Card; 6] = std::array::from_fn(|i| shoe[ix[i]]);
                let deal = deal_sequence(spec, &seq);
                let round = play(spec, &deal, copies)
                    .expect("a dealt sequence is a legal round")
                    .round;
                for (wi, w) in spec.wagers.iter().enumerate() {
                    let placed = w.is_placed(&round);
                    let holds: Vec<bool> = w.events.iter().map(|e| e.when.holds(&round)).collect();
                    for (ti, t) in w.pay_tables.iter().enumerate() {
                        let event = select(w.precedence, &holds, &t.pays);
                        let k = tally_index(placed, event, w.events.len());
                        tallies[wi][ti][k] += 1;
                    }
                }
                seqs += 1;
            });
            (tallies, seqs)
        })
        .reduce(
            || (empty.clone(), 0),
            |(mut a, sa), (b, sb)| {
                for (x, y) in a
                    .iter_mut()
                    .flatten()
                    .flatten()
                    .zip(b.iter().flatten().flatten())
                {
                    *x += y;
                }
                (a, sa + sb)
            },
        );
    v.small_shoe_sequences += seqs;
    let a = analyse_shoe(spec, &composition(shoe), 0);
    if a.total != seqs {
        v.small_shoe_mismatches
            .push(format!("engine total {} != {} sequences", a.total, seqs));
    }
    for (wi, w) in a.wagers.iter().enumerate() {
        for (ti, t) in w.tables.iter().enumerate() {
            let mut engine: Vec<u128> = t.events.iter().map(|e| e.combinations).collect();
            engine.push(t.no_event);
            engine.push(t.not_placed);
            if engine != tallies[wi][ti] {
                v.small_shoe_mismatches.push(format!(
                    "shoe {}: {} / {}: engine {:?}, evaluator {:?}",
                    shoe.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(","),
                    w.id,
                    t.id,
                    engine,
                    tallies[wi][ti]
                ));
            }
        }
    }
}

/// Where a settlement is tallied, as the engine counts it: the settling
/// event, then "no event holds" (`events`), then "not placed" (`events + 1`).
fn tally_index(placed: bool, event: Option<usize>, events: usize) -> usize {
    match event {
        _ if !placed => events + 1,
        Some(k) => k,
        None => events,
    }
}

fn enumerate_sequences(
    n: usize,
    idx: &mut [usize; 6],
    depth: usize,
    used: u64,
    f: &mut dyn FnMut(&[usize; 6]),
) {
    if depth == 6 {
        f(idx);
        return;
    }
    for i in 0..n {
        if used & (1 << i) == 0 {
            idx[depth] = i;
            enumerate_sequences(n, idx, depth + 1, used | (1 << i), f);
        }
    }
}

/// A small deterministic generator (xorshift64*): the same samples on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Draws six distinct physical cards from a full shoe.
fn sample_sequence(rng: &mut Rng, decks: u32) -> [Card; 6] {
    let n = 52 * decks as u64;
    let mut picked: Vec<u64> = Vec::with_capacity(6);
    while picked.len() < 6 {
        let x = rng.below(n);
        if !picked.contains(&x) {
            picked.push(x);
        }
    }
    std::array::from_fn(|i| {
        let card = picked[i] % 52;
        Card::new((card / 4) as u8 + 1, (card % 4) as u8)
    })
}

fn sampled(spec: &Spec, decks: u32, samples: usize, v: &mut Verification) {
    let shoe = Composition::standard(decks);
    let groups = groups(spec);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..samples {
        let seq = sample_sequence(&mut rng, decks);
        let round = play(spec, &deal_sequence(spec, &seq), decks)
            .expect("legal")
            .round;
        let expected = settle(spec, &round);
        let slots = [seq[0], seq[2], seq[4], seq[1], seq[3], seq[5]];
        for g in &groups {
            for (w, hits) in settle_sequence(spec, g, &shoe, slots) {
                let wager = &spec.wagers[w];
                for (t, hit) in hits.iter().enumerate() {
                    let want = tally_index(
                        expected[w].placed,
                        expected[w].outcomes[t].event,
                        wager.events.len(),
                    );
                    if *hit != want {
                        let cards: Vec<String> = seq.iter().map(|c| c.to_string()).collect();
                        v.sampled_mismatches.push(format!(
                            "{} / {} on {}: engine event {hit}, evaluator event {want}",
                            wager.id,
                            wager.pay_tables[t].id,
                            cards.join(" ")
                        ));
                    }
                }
            }
        }
        v.sampled += 1;
    }
}
