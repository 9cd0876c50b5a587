//! The fast exact edge of a shoe state (`engine::shoe_state`, issue 37,
//! item 2) against a brute force written here: every round a small shoe
//! can deal, played and settled by the reference evaluator (`certify::eval`,
//! which shares no code with the engine), each with the number of ordered
//! six-card sequences that deal it; from those counts the house edge of
//! every pay table in exact fractions. Equal for every shipped wager on
//! random depleted shoes: one to eight decks depleted, whole ranks or cards
//! exhausted, shoes of a few cards, suits uneven.
//!
//! The brute force's cost grows with the distinct cards of the shoe (about
//! their sixth power), not with its size: specs whose wagers and drawing
//! never read a suit are dealt by rank (a card per rank, its copies the
//! rank's count), the others card by card from shoes of few distinct cards.

mod support;

use certify::cards::Card;
use certify::check::check_file;
use certify::engine::shoe::Composition;
use certify::engine::shoe_state::ShoeStates;
use certify::eval::Settler;
use certify::eval::rounds::SmallShoe;
use certify::model::Spec;
use certify::model::cond::need;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use rayon::prelude::*;
use support::{Mix, certify};

/// Compositions per spec.
const SHOES: u64 = 200;

/// Whether a spec's wagers or its drawing strategy read a suit.
fn reads_suits(spec: &Spec) -> bool {
    let events = spec.wagers.iter().flat_map(|w| {
        w.events
            .iter()
            .map(|e| e.needs)
            .chain(w.placed.iter().map(|p| p.needs))
    });
    let strategy = spec.decides().map(|d| {
        let mut all = [0u8; 6];
        for s in &d.strategies {
            for (a, n) in all.iter_mut().zip(s.needs(&d.sees)) {
                *a |= n;
            }
        }
        all
    });
    events
        .chain(strategy)
        .any(|n| n.iter().any(|x| x & need::SUIT != 0))
}

/// A random depleted shoe with at most `kinds` distinct cards (by rank when
/// `by_rank`: then at most `kinds` ranks, their cards spread over the suits
/// at random). At least six cards.
fn shoe(mix: &mut Mix, by_rank: bool, kinds: u64) -> Composition {
    loop {
        let decks = [1, 1, 1, 2, 4, 8][mix.below(6) as usize];
        let mut c = Composition {
            counts: [[0; 4]; 13],
        };
        let want = 2 + mix.below(kinds - 1);
        if by_rank {
            let mut ranks: Vec<usize> = (0..13).collect();
            for _ in 0..want {
                let r = ranks.swap_remove(mix.below(ranks.len() as u64) as usize);
                // A full rank, or what is left of it after some were dealt.
                let n = 4 * decks - mix.below(4 * decks as u64 + 1) as u32 / 2;
                for _ in 0..n {
                    c.counts[r][mix.below(4) as usize] += 1;
                }
            }
        } else {
            let mut cards: Vec<usize> = (0..52).collect();
            // Few suits or few ranks sometimes, so that suited hands happen.
            let narrow = mix.below(3);
            cards.retain(|&k| match narrow {
                0 => k % 4 < 2,
                1 => k / 4 % 3 == 0,
                _ => true,
            });
            for _ in 0..want.min(cards.len() as u64) {
                let k = cards.swap_remove(mix.below(cards.len() as u64) as usize);
                c.counts[k / 4][k % 4] = 1 + mix.below(decks as u64) as u32;
            }
        }
        if c.total() >= 6 {
            return c;
        }
    }
}

/// Per wager, per pay table: the house edge by the reference evaluator
/// over every round the shoe deals (by rank: suit 0 for every card).
fn brute_force(
    spec: &Spec,
    settler: &Settler,
    c: &Composition,
    by_rank: bool,
) -> Vec<Vec<BigRational>> {
    let mut cards = Vec::new();
    for r in 0..13 {
        for s in 0..4 {
            let n = c.counts[r][s];
            let card = if by_rank {
                Card::new(r as u8 + 1, 0)
            } else {
                Card::new(r as u8 + 1, s as u8)
            };
            cards.extend(std::iter::repeat_n(card, n as usize));
        }
    }
    let small = SmallShoe::new(&cards);
    let mut tally = settler.tally();
    let mut batch = settler.batch();
    for first in 0..small.distinct() {
        small.rounds_from(spec, first, &mut |round, w| {
            settler.push(&mut batch, round, w, &mut tally)
        });
    }
    settler.flush(&mut batch, &mut tally);
    let mut out = Vec::new();
    let mut t = 0;
    for w in &spec.wagers {
        let mut tables = Vec::new();
        for table in &w.pay_tables {
            let counts = tally.table(t);
            let events = w.events.len();
            let mut net = BigRational::zero();
            for (k, pay) in table.pays.iter().enumerate() {
                let r = pay.net();
                net += BigRational::new(BigInt::from(r.num), BigInt::from(r.den))
                    * BigInt::from(counts[k]);
            }
            net -= BigRational::from_integer(BigInt::from(counts[events]));
            let placed: u64 = counts[..=events].iter().sum();
            tables.push(if placed == 0 {
                BigRational::zero()
            } else {
                -net / BigInt::from(placed)
            });
            t += 1;
        }
        out.push(tables);
    }
    out
}

#[test]
fn every_shipped_wager_equals_the_brute_force_on_depleted_shoes() {
    let paths = certify::spec::spec_files("rules");
    assert!(paths.len() >= 6, "the shipped specs");
    for (i, path) in paths.iter().enumerate() {
        let spec = check_file(path).expect("a valid spec").1;
        let decks = spec.shoe.decks;
        let spec = certify::strategy::for_decks(&spec, decks).into_owned();
        let by_rank = !reads_suits(&spec);
        let states = ShoeStates::new(&spec);
        let settler = Settler::new(&spec);
        // Distinct kinds: the brute force deals about kinds^6 rounds.
        let kinds = if by_rank { 9 } else { 8 };
        let mut mix = Mix(0x37 + i as u64);
        let shoes: Vec<Composition> = (0..SHOES).map(|_| shoe(&mut mix, by_rank, kinds)).collect();
        shoes.par_iter().for_each(|c| {
            let want = brute_force(&spec, &settler, c, by_rank);
            let got = states.edges(c);
            assert_eq!(got, want, "{path}: {:?}", c.counts);
        });
    }
}

/// The bound prices consecutive shoes together (`edges_f64_many`:
/// thirty-two per pass over the signatures, in the processor's 512-bit
/// lanes where it has them, the rest one by one in 128-bit integers, and
/// shoes too large for 64-bit weights by big integers): every figure is
/// the one each shoe gets alone, and the exact edge (which the test above
/// holds to the brute force) to the last few bits, its sign exactly.
#[test]
fn shoes_priced_together_equal_shoes_priced_alone() {
    use num_traits::{Signed, ToPrimitive, Zero};
    for (i, path) in certify::spec::spec_files("rules").iter().enumerate() {
        let spec = check_file(path).expect("a valid spec").1;
        let spec = certify::strategy::for_decks(&spec, spec.shoe.decks).into_owned();
        let by_rank = !reads_suits(&spec);
        let states = ShoeStates::new(&spec);
        let mut mix = Mix(0x52 + i as u64);
        // 43 shoes: one pass of thirty-two and ten alone, and one of 400
        // decks (n^6 past 2^63), priced alone in big integers.
        let mut shoes: Vec<Composition> = (0..43).map(|_| shoe(&mut mix, by_rank, 9)).collect();
        shoes[20] = Composition::standard(400);
        let together = states.edges_f64_many(&shoes);
        assert_eq!(together.len(), shoes.len());
        for (k, (c, got)) in shoes.iter().zip(&together).enumerate() {
            let alone = states.edges_f64(c);
            let bits = |x: &Vec<Vec<f64>>| -> Vec<Vec<u64>> {
                x.iter()
                    .map(|w| w.iter().map(|e| e.to_bits()).collect())
                    .collect()
            };
            assert_eq!(bits(got), bits(&alone), "{path}: {:?}", c.counts);
            if k % 7 != 0 {
                continue; // the exact edges are slow to reduce: every seventh
            }
            for (w, tables) in states.edges(c).iter().enumerate() {
                for (t, exact) in tables.iter().enumerate() {
                    let g = got[w][t];
                    assert_eq!(
                        (g > 0.0, g < 0.0),
                        (exact.is_positive(), exact.is_negative()),
                        "{path}: sign of wager {w} table {t}"
                    );
                    let e = exact.to_f64().expect("finite");
                    assert!(
                        (g - e).abs() <= 4.0 * f64::EPSILON * e.abs() || exact.is_zero(),
                        "{path}: wager {w} table {t}: {g} against {e}"
                    );
                }
            }
        }
    }
}

/// A walk is kept for the next asker with the same inputs (the effects of
/// removal and the bound ask for the same one): a spec that differs only
/// in one pay table is walked again, and gets its own figures.
#[test]
fn a_kept_walk_serves_only_the_same_inputs() {
    let spec = check_file("rules/lucky_8.yaml").expect("a valid spec").1;
    let spec = certify::strategy::for_decks(&spec, 8).into_owned();
    let full = Composition::standard(8);
    let before = ShoeStates::new(&spec).edges(&full);
    let again = ShoeStates::new(&spec).edges(&full);
    assert_eq!(before, again);
    // The first wager's first pay table given its second's pays, its id
    // kept: only the pays differ.
    let mut other = spec.clone();
    let w = &mut other.wagers[0];
    assert!(w.pay_tables.len() >= 2, "lucky 8 has three pay tables");
    let id = w.pay_tables[0].id.clone();
    w.pay_tables[0] = w.pay_tables[1].clone();
    w.pay_tables[0].id = id;
    let after = ShoeStates::new(&other).edges(&full);
    assert_ne!(after[0][0], before[0][0], "the replaced table's own figure");
    assert_eq!(after[0][0], before[0][1]);
    let all = vec![true; other.wagers.iter().map(|w| w.pay_tables.len()).sum()];
    let engine = certify::removal::edges_of(&other, &full, &all);
    assert_eq!(Some(after[0][0].clone()), engine[0]);
}

/// `certify shoe`: nothing removed gives the full shoe's figures (the
/// engine's, to the fraction) and no change; refusals exit 2 (usage).
#[test]
fn the_shoe_command_prints_exact_edges_and_refuses_impossible_shoes() {
    // An empty removal is refused (no silent accept); the full shoe is
    // named by its composition, 32 of each rank at 8 decks.
    let empty = certify(&["shoe", "rules/punto_banco.yaml", "--remove", ""]);
    assert_eq!(empty.code, 2, "{}", empty.stderr);
    let full = "A:32,2:32,3:32,4:32,5:32,6:32,7:32,8:32,9:32,T:32,J:32,Q:32,K:32";
    let out = certify(&[
        "shoe",
        "rules/punto_banco.yaml",
        "--composition",
        full,
        "--json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let spec = check_file("rules/punto_banco.yaml")
        .expect("a valid spec")
        .1;
    let exact = certify::engine::analyse(&spec, spec.shoe.decks);
    let tables = doc["tables"].as_array().expect("tables");
    let mut i = 0;
    for w in &exact.wagers {
        for t in &w.tables {
            let row = &tables[i];
            let e = t.house_edge();
            let edge = format!("{}/{}", e.numer(), e.denom());
            assert_eq!(row["house_edge"]["fraction"], edge.as_str(), "{row}");
            assert_eq!(row["full_shoe_house_edge"]["fraction"], edge.as_str());
            assert_eq!(row["change"]["fraction"], "0/1");
            i += 1;
        }
    }
    assert_eq!(i, tables.len());

    let out = certify(&["shoe", "rules/lucky_8.yaml", "--remove", "8h 8h, 5 K"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("412 cards left of 416"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("| lucky_8_player "), "{}", out.stdout);

    for (args, says) in [
        (
            &[
                "shoe",
                "rules/punto_banco.yaml",
                "--decks",
                "1",
                "--remove",
                "7h 7h",
            ][..],
            "--remove: more of 7h removed than the shoe holds: 1 in 1 deck",
        ),
        (
            &[
                "shoe",
                "rules/punto_banco.yaml",
                "--decks",
                "1",
                "--remove",
                "7 7 7 7 7",
            ][..],
            "--remove: more of rank 7 removed than the shoe holds: 4 in 1 deck",
        ),
        (
            &["shoe", "rules/punto_banco.yaml", "--remove", "7 Z9"][..],
            "--remove: `Z9` is not a card",
        ),
        (
            &[
                "shoe",
                "rules/punto_banco.yaml",
                "--composition",
                "A:3,9h:2",
            ][..],
            "--composition: 5 cards left: a round needs six",
        ),
        (
            &["shoe", "rules/punto_banco.yaml", "--composition", "A=3"][..],
            "--composition: `A=3` is not CARD:COUNT",
        ),
        (&["shoe", "rules/punto_banco.yaml"][..], "say which shoe"),
    ] {
        let out = certify(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}
