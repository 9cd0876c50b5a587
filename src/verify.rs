//! Checks the exact engine against the reference evaluator.
//!
//! 1. Exhaustively on small shoes: every ordered six-card sequence is dealt,
//!    played and settled by the evaluator, and the tallies must equal the
//!    engine's counts for the same shoe, event by event.
//! 2. On sampled sequences from the full shoe: the engine settles each one
//!    through its own paths, and the event must be the evaluator's.
//!
//! Both sides normally read the same spec. [`verify_engine`] lets the engine
//! read another one, so tests can plant a discrepancy (a drawing decision
//! changed on one side) and show this check names it.
//!
//! Layer: pipeline stage: verify (the layout is in `src/lib.rs`).

use crate::cards::{Card, parse_cards};
use crate::engine::analyse_wagers;
use crate::engine::enumerate::SequenceSettler;
use crate::engine::plan::groups;
use crate::engine::shoe::Composition;
use crate::engine::stats::Analysis;
use crate::eval::Settler;
use crate::eval::play::round_of_sequence;
use crate::eval::rounds::SmallShoe;
use crate::model::Spec;
use crate::strategy::resolve;
use rayon::prelude::*;
use std::fmt;

/// The wagers and combined entries (ids, in spec order) whose figures
/// differ between two analyses of one spec's wagers: a pay table's counts
/// of an event, of "no event" or of "not placed", or a combined entry's
/// outcomes.
pub fn changed_figures(adopted: &Analysis, other: &Analysis) -> Vec<String> {
    let same_table = |x: &crate::engine::stats::TableStats,
                      y: &crate::engine::stats::TableStats| {
        x.no_event == y.no_event
            && x.not_placed == y.not_placed
            && x.events.len() == y.events.len()
            && x.events
                .iter()
                .zip(&y.events)
                .all(|(a, b)| a.combinations == b.combinations)
    };
    let wagers = adopted.wagers.iter().zip(&other.wagers).filter(|(x, y)| {
        x.tables.len() != y.tables.len()
            || x.tables
                .iter()
                .zip(&y.tables)
                .any(|(a, b)| !same_table(a, b))
    });
    let combined = adopted
        .combined
        .iter()
        .zip(&other.combined)
        .filter(|(x, y)| x.outcomes != y.outcomes || x.total != y.total);
    wagers
        .map(|(x, _)| x.id.clone())
        .chain(combined.map(|(x, _)| x.id.clone()))
        .collect()
}

/// Each game interpretation's `changes` against what its alternative game
/// is computed to change at the run's deck count (`alternatives`: its id
/// and analysis): a list that leaves out a changed figure would hide it
/// from the report, and one that names an unchanged figure would show it
/// as a difference. One refusal per interpretation whose list is wrong,
/// at the list.
pub fn changes(
    spec: &Spec,
    adopted: &Analysis,
    alternatives: &[(&str, &Analysis)],
) -> Vec<crate::diag::Diagnostic> {
    use crate::diag::Diagnostic;
    use crate::diag::spec::SpecError;
    let mut out = Vec::new();
    for gi in &spec.game_interpretations {
        let Some((_, other)) = alternatives.iter().find(|(id, _)| *id == gi.id) else {
            continue;
        };
        let changed = changed_figures(adopted, other);
        let unchanged: Vec<String> = gi
            .changes
            .iter()
            .filter(|c| !changed.contains(c))
            .cloned()
            .collect();
        let unlisted: Vec<String> = changed
            .iter()
            .filter(|c| !gi.changes.contains(c))
            .cloned()
            .collect();
        if unchanged.is_empty() && unlisted.is_empty() {
            continue;
        }
        let mut listed: Vec<String> = gi.changes.clone();
        listed.retain(|c| changed.contains(c));
        listed.extend(unlisted.iter().cloned());
        let found = format!("[{}]", gi.changes.join(", "));
        let kind = SpecError::ChangesDiffer {
            id: gi.id.clone(),
            unchanged,
            unlisted,
        };
        let d = match &gi.changes_at {
            Some(at) => Diagnostic::new(at.clone(), kind),
            None => Diagnostic::plain(kind),
        };
        out.push(d.expected(
            format!(
                "`[{}]` (computed at {})",
                listed.join(", "),
                crate::cards::deck_count(adopted.decks)
            ),
            format!("`{found}`"),
        ));
    }
    out
}

/// Small shoes of twelve cards, played exhaustively. Together they hold
/// every point value 0-9 (so every third-card value reaches the banker's
/// chart), all four suits, a card in three copies and pairs of equal cards
/// (suited pairs, same-rank-and-suit events), faces and tens. The second has
/// every suit equally, so the engine relabels suits there.
pub const SMALL_SHOES: [&str; 3] = [
    "As,2h,3d,4c,5s,6h,7d,8c,9s,Th,Jd,Qc",
    "3s,3h,3d,3c,9s,9h,9d,9c,Ks,Kh,Kd,Kc",
    "Ks,Ks,Ks,Qh,Qh,Jd,4c,4c,4c,6s,7h,2d",
];

/// What the small shoes cover, in words, for the report.
pub const SMALL_SHOES_COVER: &str = "together every point value 0-9 (every third-card value the banker's chart reads), all four suits, faces and a ten, a card in three copies and pairs of identical cards";

/// One small shoe played exhaustively.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ShoeCheck {
    pub cards: String,
    pub sequences: u128,
    /// Pay tables (over all wagers) whose tallies were compared.
    pub tables_compared: usize,
}

/// Where the engine and the evaluator disagree.
#[derive(Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The number of sequences of a small shoe.
    Total {
        shoe: String,
        engine: u128,
        evaluator: u128,
    },
    /// One outcome's count on a small shoe.
    Count {
        shoe: String,
        wager: String,
        pay_table: String,
        outcome: String,
        engine: u128,
        evaluator: u128,
    },
    /// The outcome of one sampled round.
    Round {
        cards: String,
        wager: String,
        pay_table: String,
        engine: String,
        evaluator: String,
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Mismatch::Total {
                shoe,
                engine,
                evaluator,
            } => write!(
                f,
                "shoe {shoe}: engine counts {engine} sequences, evaluator dealt {evaluator}"
            ),
            Mismatch::Count {
                shoe,
                wager,
                pay_table,
                outcome,
                engine,
                evaluator,
            } => write!(
                f,
                "shoe {shoe}: {wager} / {pay_table}: `{outcome}` engine {engine}, evaluator {evaluator}"
            ),
            Mismatch::Round {
                cards,
                wager,
                pay_table,
                engine,
                evaluator,
            } => write!(
                f,
                "{wager} / {pay_table} on {cards}: engine settles `{engine}`, evaluator `{evaluator}`"
            ),
        }
    }
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Verification {
    pub small_shoes: Vec<ShoeCheck>,
    pub small_shoe_sequences: u128,
    pub sampled: usize,
    /// Wager-and-pay-table outcomes compared on sampled rounds.
    pub sampled_comparisons: usize,
    pub mismatches: Vec<Mismatch>,
}

impl Verification {
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Both checks; a player's optimal strategy is resolved for each shoe and
/// the same chart given to the engine and the evaluator.
pub fn verify(spec: &Spec, decks: u32, samples: usize) -> Verification {
    verify_engine(spec, spec, decks, samples)
}

/// Both checks, the evaluator reading `spec` and the engine `engine`: the
/// same spec in every run; tests hand the engine a spec changed in one
/// place to prove the check catches it.
pub fn verify_engine(spec: &Spec, engine: &Spec, decks: u32, samples: usize) -> Verification {
    // The shoes and the samples side by side (one shoe alone does not keep
    // both cores busy: its work is split on the first card, of which a
    // shoe has few kinds); results are taken in shoe order.
    let (shoes, mut v) = rayon::join(
        || {
            SMALL_SHOES
                .par_iter()
                .map(|shoe| {
                    let cards = parse_cards(shoe).expect("valid shoe");
                    let tallies = small_shoe_tallies(spec, &cards);
                    let shoe_composition = composition(&cards);
                    let analysis =
                        analyse_wagers(&resolve(engine, &shoe_composition), &shoe_composition, 0);
                    compare_counts(spec, shoe, &analysis, &tallies)
                })
                .collect::<Vec<_>>()
        },
        || {
            let mut v = Verification::default();
            sampled(
                &resolve(spec, &Composition::standard(decks)),
                &resolve(engine, &Composition::standard(decks)),
                decks,
                samples,
                &mut v,
            );
            v
        },
    );
    let mut mismatches = Vec::new();
    for (check, found) in shoes {
        v.small_shoe_sequences += check.sequences;
        v.small_shoes.push(check);
        mismatches.extend(found);
    }
    // Small-shoe mismatches first, as a reader meets the checks.
    mismatches.append(&mut v.mismatches);
    v.mismatches = mismatches;
    v
}

pub fn composition(cards: &[Card]) -> Composition {
    let mut c = Composition {
        counts: [[0; 4]; 13],
    };
    for card in cards {
        c.counts[(card.rank - 1) as usize][card.suit as usize] += 1;
    }
    c
}

/// The evaluator's tallies on one small shoe: per wager, pay table and
/// outcome (each event, then "no event", then "not placed"), and the
/// number of sequences dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tallies {
    pub counts: Vec<Vec<Vec<u128>>>,
    pub sequences: u128,
}

/// Plays every round `shoe` can deal, each counted as often as ordered
/// six-card sequences of the shoe deal it (see [`SmallShoe`]).
pub fn small_shoe_tallies(spec: &Spec, shoe: &[Card]) -> Tallies {
    let spec = &resolve(spec, &composition(shoe));
    let settler = Settler::new(spec);
    let small = SmallShoe::new(shoe);
    // Split on the first card across threads; tallies are integer sums, so
    // the result is the same at any thread count.
    let (tally, sequences) = (0..small.distinct())
        .into_par_iter()
        .map(|first| {
            let mut tally = settler.tally();
            let mut sequences = 0u64;
            let mut batch = settler.batch();
            small.rounds_from(spec, first, &mut |round, weight| {
                settler.push(&mut batch, round, weight, &mut tally);
                sequences += weight;
            });
            settler.flush(&mut batch, &mut tally);
            (tally, sequences)
        })
        .reduce(
            || (settler.tally(), 0),
            |(mut a, sa), (b, sb)| {
                a.add(&b);
                (a, sa + sb)
            },
        );
    let mut t = 0;
    let counts = spec
        .wagers
        .iter()
        .map(|w| {
            w.pay_tables
                .iter()
                .map(|_| {
                    t += 1;
                    tally.table(t - 1).iter().map(|&n| n as u128).collect()
                })
                .collect()
        })
        .collect();
    Tallies {
        counts,
        sequences: sequences as u128,
    }
}

/// The engine's analysis of a small shoe against the evaluator's tallies,
/// outcome by outcome; `spec` names the wagers, tables and events.
pub fn compare_counts(
    spec: &Spec,
    shoe: &str,
    engine: &Analysis,
    tallies: &Tallies,
) -> (ShoeCheck, Vec<Mismatch>) {
    let mut out = Vec::new();
    if engine.total != tallies.sequences {
        out.push(Mismatch::Total {
            shoe: shoe.to_string(),
            engine: engine.total,
            evaluator: tallies.sequences,
        });
    }
    let mut tables_compared = 0;
    for ((w, wager), counts) in engine.wagers.iter().zip(&spec.wagers).zip(&tallies.counts) {
        for (t, evaluator) in w.tables.iter().zip(counts) {
            let mut engine: Vec<u128> = t.events.iter().map(|e| e.combinations).collect();
            engine.push(t.no_event);
            engine.push(t.not_placed);
            for (k, (e, v)) in engine.iter().zip(evaluator).enumerate() {
                if e != v {
                    out.push(Mismatch::Count {
                        shoe: shoe.to_string(),
                        wager: w.id.clone(),
                        pay_table: t.id.clone(),
                        outcome: outcome_name(wager, k),
                        engine: *e,
                        evaluator: *v,
                    });
                }
            }
            tables_compared += 1;
        }
    }
    let check = ShoeCheck {
        cards: shoe.to_string(),
        sequences: tallies.sequences,
        tables_compared,
    };
    (check, out)
}

/// The outcome at a tally index, as [`tally_index`] numbers them.
fn outcome_name(wager: &crate::model::Wager, k: usize) -> String {
    match k {
        k if k < wager.events.len() => wager.events[k].id.clone(),
        k if k == wager.events.len() => "no event".to_string(),
        _ => "not placed".to_string(),
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

/// Each sampled round settled by the evaluator (reading `spec`) and by the
/// engine's own paths (reading `engine`), wager by wager and table by table.
fn sampled(spec: &Spec, engine: &Spec, decks: u32, samples: usize, v: &mut Verification) {
    let shoe = Composition::standard(decks);
    let groups = groups(engine);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let settler = Settler::new(spec);
    let engine_settlers: Vec<SequenceSettler> = groups
        .iter()
        .map(|g| SequenceSettler::new(engine, g, &shoe))
        .collect();
    for _ in 0..samples {
        let seq = sample_sequence(&mut rng, decks);
        let round = round_of_sequence(spec, &seq);
        let expected = settler.settle(spec, &round);
        // The engine reads the same cards in the same hand positions.
        let slots = round.cards;
        for g in &engine_settlers {
            for (w, hits) in g.settle(slots) {
                let wager = &spec.wagers[w];
                for (t, hit) in hits.iter().enumerate() {
                    let want = tally_index(
                        expected[w].placed,
                        expected[w].outcomes[t].event,
                        wager.events.len(),
                    );
                    v.sampled_comparisons += 1;
                    if *hit != want {
                        let cards: Vec<String> = seq.iter().map(|c| c.to_string()).collect();
                        v.mismatches.push(Mismatch::Round {
                            cards: cards.join(" "),
                            wager: wager.id.clone(),
                            pay_table: wager.pay_tables[t].id.clone(),
                            engine: outcome_name(wager, *hit),
                            evaluator: outcome_name(wager, want),
                        });
                    }
                }
            }
        }
        v.sampled += 1;
    }
}
