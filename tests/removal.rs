//! Effects of removal and the counts derived from them (issue 14, items 3
//! and 4), checked against the engine run directly, an independent
//! enumeration with the oracle in `tests/oracle`, a published count, and
//! hand-built cases.

mod oracle;

use certify::check::{check_file, check_source};
use certify::engine::analyse_shoe;
use certify::engine::shoe::Composition;
use certify::model::{Pay, Spec};
use certify::removal::{Count, TableRemoval, derive_count, edges_of, effects_of_removal};
use certify::spec::SourceFile;
use certify::strategy::for_decks;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

fn load(path: &str, decks: u32) -> Spec {
    let spec = check_file(path)
        .map(|(_, s)| s)
        .unwrap_or_else(|e| panic!("{path}: {e:?}"));
    for_decks(&spec, decks).into_owned()
}

fn less_one(decks: u32, rank: usize, suit: usize) -> Composition {
    let mut c = Composition::standard(decks);
    c.counts[rank - 1][suit] -= 1;
    c
}

/// House edge of every pay table, flat in spec order, by the engine.
fn engine_edges(spec: &Spec, shoe: &Composition, decks: u32) -> Vec<BigRational> {
    analyse_shoe(spec, shoe, decks)
        .wagers
        .iter()
        .flat_map(|w| w.tables.iter().map(|t| t.house_edge()))
        .collect()
}

fn table<'a>(tables: &'a [TableRemoval], wager: &str) -> &'a TableRemoval {
    tables
        .iter()
        .find(|t| t.wager == wager)
        .unwrap_or_else(|| panic!("no wager {wager}"))
}

fn int(n: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// (a) The full-shoe edges are the engine's, in the engine's order; and
/// (b) a rank-only wager's effect of a rank is what the engine gives on the
/// shoe less a card of that rank, whichever suit: checked with two suits.
#[test]
fn full_shoe_edges_and_rank_effects_are_the_engines() {
    let decks = 8;
    let spec = load("rules/21st_century_baccarat.yaml", decks);
    let removal = effects_of_removal(&spec, decks);
    let full = analyse_shoe(&spec, &Composition::standard(decks), decks);
    let ids: Vec<(String, String)> = full
        .wagers
        .iter()
        .flat_map(|w| w.tables.iter().map(|t| (w.id.clone(), t.id.clone())))
        .collect();
    let got: Vec<(String, String)> = removal
        .tables
        .iter()
        .map(|t| (t.wager.clone(), t.pay_table.clone()))
        .collect();
    assert_eq!(got, ids);
    let edges = engine_edges(&spec, &Composition::standard(decks), decks);
    for (t, e) in removal.tables.iter().zip(&edges) {
        assert_eq!(&t.edge, e, "{} {}", t.wager, t.pay_table);
        assert!(!t.reads_suits && t.by_card.is_none(), "{}", t.wager);
    }
    for (rank, suits) in [(9, [1, 3]), (5, [0, 2])] {
        let a = engine_edges(&spec, &less_one(decks, rank, suits[0]), decks);
        let b = engine_edges(&spec, &less_one(decks, rank, suits[1]), decks);
        assert_eq!(a, b, "rank {rank}: suits differ for rank-only wagers");
        for ((t, e), full) in removal.tables.iter().zip(&a).zip(&edges) {
            assert_eq!(t.by_rank[rank - 1], e - full, "{} rank {rank}", t.wager);
        }
    }
    // Not vacuous: the Lucky 7's effects are not all equal.
    let lucky_7 = table(&removal.tables, "lucky_7");
    assert!(lucky_7.by_rank.iter().any(|e| *e != lucky_7.by_rank[0]));
}

/// A suit-reading wager with interchangeable suits: the effects of two
/// suits of one rank, each from the engine directly, equal the card-exact
/// effects given, and the rank's effect is their mean.
#[test]
fn suit_reading_effects_are_the_engines_per_card() {
    let decks = 1;
    let spec = load("rules/lucky_8.yaml", decks);
    let removal = effects_of_removal(&spec, decks);
    let full = engine_edges(&spec, &Composition::standard(decks), decks);
    let rank = 8;
    let a = engine_edges(&spec, &less_one(decks, rank, 0), decks);
    let b = engine_edges(&spec, &less_one(decks, rank, 3), decks);
    let mut suited = 0;
    for (i, t) in removal.tables.iter().enumerate() {
        assert_eq!(t.edge, full[i]);
        let Some(cards) = &t.by_card else { continue };
        suited += 1;
        assert_eq!(cards[rank - 1][0], &a[i] - &full[i], "{}", t.wager);
        assert_eq!(cards[rank - 1][3], &b[i] - &full[i], "{}", t.wager);
        let mean = cards[rank - 1].iter().sum::<BigRational>() / int(4);
        assert_eq!(t.by_rank[rank - 1], mean);
    }
    assert!(suited > 0, "lucky_8 has suit-reading wagers");
}

/// Punto banco with one more wager that names a suit: the Player wins with
/// a spade as his first card.
const SPADE_WAGER: &str = "
  - id: spade_first
    name: Player wins with a spade first
    events:
      - id: spade
        name: Spade first, Player wins
        when: player.first.suit == spades and player.wins
    pay_tables:
      - id: four_to_one
        name: 4 to 1
        pays: { spade: 4 }
";

/// A wager that names a suit has 52 effects, each the engine's on the shoe
/// less that card: a spade and a heart of one rank differ.
#[test]
fn a_wager_naming_a_suit_has_an_effect_per_card() {
    let decks = 1;
    let path = "rules/punto_banco.yaml";
    // The wager joins the end of the spec's list of wagers: before the
    // first top-level key after `wagers:`.
    let mut text = std::fs::read_to_string(path).expect(path);
    let wagers = text.find("\nwagers:").expect("a wagers list") + 1;
    let end = text[wagers..]
        .match_indices('\n')
        .map(|(k, _)| wagers + k)
        .find(|&k| text[k + 1..].starts_with(|c: char| c.is_ascii_lowercase()))
        .expect("a key after the wagers");
    text.insert_str(end, SPADE_WAGER);
    assert!(text.contains("spade_first"), "the wager is in the spec");
    let spec = check_source(&SourceFile::new(path, text)).expect("spec checks");
    let removal = effects_of_removal(&spec, decks);
    let full = engine_edges(&spec, &Composition::standard(decks), decks);
    let t = table(&removal.tables, "spade_first");
    let i = removal.tables.len() - 1;
    assert_eq!(t.edge, full[i]);
    let cards = t.by_card.as_ref().expect("reads suits");
    for rank in [1, 9] {
        let spade = engine_edges(&spec, &less_one(decks, rank, 0), decks);
        let heart = engine_edges(&spec, &less_one(decks, rank, 1), decks);
        assert_eq!(cards[rank - 1][0], &spade[i] - &full[i], "rank {rank}");
        assert_eq!(cards[rank - 1][1], &heart[i] - &full[i], "rank {rank}");
        assert_ne!(cards[rank - 1][0], cards[rank - 1][1], "rank {rank}");
        // The rank-only wagers are unaffected by the suit.
        assert_eq!(spade[..i], heart[..i]);
    }
    assert!(removal.tables[..i].iter().all(|t| t.by_card.is_none()));
}

/// Ordered six-card sequences of a shoe given by copies per rank, each
/// weighted by the number of card sequences it stands for, dealt by the
/// oracle's tableau: (weight of ties, total weight).
fn oracle_ties(copies: [u64; 13]) -> (u128, u128) {
    fn deal(
        copies: &mut [u64; 13],
        seq: &mut [oracle::Card; 6],
        depth: usize,
        weight: u128,
        out: &mut (u128, u128),
    ) {
        if depth == 6 {
            out.1 += weight;
            if oracle::deal_tableau(seq).tie() {
                out.0 += weight;
            }
            return;
        }
        for r in 0..13 {
            if copies[r] == 0 {
                continue;
            }
            let w = weight * copies[r] as u128;
            copies[r] -= 1;
            seq[depth] = (r as u8 + 1, 0);
            deal(copies, seq, depth + 1, w, out);
            copies[r] += 1;
        }
    }
    let mut out = (0, 0);
    deal(&mut copies.clone(), &mut [(0, 0); 6], 0, 1, &mut out);
    out
}

/// (c) Punto banco's Tie, one deck, one nine removed: the edge change from
/// an independent enumeration with the oracle's tableau (only the pay read
/// from the spec).
#[test]
fn tie_effect_of_a_nine_agrees_with_the_oracle() {
    let decks = 1;
    let spec = load("rules/punto_banco.yaml", decks);
    let tie = spec.wager("tie").expect("tie wager");
    let Pay::Win(pay) = tie.pay_tables[0].pays[0] else {
        panic!("the Tie wins")
    };
    let pay = BigRational::new(BigInt::from(pay.num), BigInt::from(pay.den));
    let edge = |copies: [u64; 13]| {
        let (ties, total) = oracle_ties(copies);
        let p = BigRational::new(BigInt::from(ties), BigInt::from(total));
        // Win `pay` on a tie, lose one otherwise.
        -(&p * &pay - (int(1) - &p))
    };
    let full = edge([4; 13]);
    let mut less = [4; 13];
    less[8] -= 1;
    let expected = edge(less) - &full;

    let removal = effects_of_removal(&spec, decks);
    let t = table(&removal.tables, "tie");
    assert_eq!(t.edge, full);
    assert_eq!(t.by_rank[8], expected);
    assert!(!expected.is_zero());
}

/// (d) 21st Century's Lucky 7 is the Dragon 7 bet (banker wins with a
/// three-card 7, 40 to 1). Eliot Jacobson's published Dragon 7 count
/// (Wizard of Odds, "Card Counting the Dragon Side Bet in EZ Baccarat",
/// 2011; also the 888casino blog, "Card Counting the Dragon/Fortune 7
/// Baccarat Side Bet") counts 8s and 9s +2 and 4, 5, 6, 7 as -1. Ours must
/// agree in sign: 8 and 9 positive and the largest tags, 4 to 7 negative.
#[test]
fn lucky_7_count_agrees_in_sign_with_the_dragon_7_count() {
    let decks = 8;
    let spec = load("rules/21st_century_baccarat.yaml", decks);
    let removal = effects_of_removal(&spec, decks);
    let count = derive_count(table(&removal.tables, "lucky_7"), decks);
    let tag = |rank: usize| count.tags[rank - 1];
    let top = *count.tags.iter().max().expect("13 tags");
    assert!(tag(8) > 0 && tag(9) > 0, "{count:?}");
    assert_eq!((tag(8), tag(9)), (top, top), "{count:?}");
    for rank in 4..=7 {
        assert!(tag(rank) < 0, "rank {rank}: {count:?}");
    }
    assert!(count.correlation > 0.8, "{count:?}");
}

/// The same effects on one thread as on several.
#[test]
fn effects_do_not_depend_on_the_thread_count() {
    let decks = 2;
    let spec = load("rules/punto_banco.yaml", decks);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool")
        .install(|| effects_of_removal(&spec, decks));
    let many = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("pool")
        .install(|| effects_of_removal(&spec, decks));
    assert_eq!(one, many);
    assert_eq!(one.to_json().to_string(), many.to_json().to_string());
}

/// A table whose effects of removal are the given multiples of 10^-6.
fn constructed(effects: [i64; 13]) -> TableRemoval {
    TableRemoval {
        wager: "w".into(),
        pay_table: "t".into(),
        reads_suits: false,
        edge: BigRational::new(BigInt::from(5), BigInt::from(100)),
        by_rank: effects.map(|e| BigRational::new(BigInt::from(e), BigInt::from(1_000_000))),
        by_card: None,
    }
}

/// (e) Levels and balance on hand-built effects.
#[test]
fn levels_and_balance_of_constructed_counts() {
    // Removing an 8 or 9 helps the player twice as much as removing a 4 to
    // 7 hurts him. Level 1 rounds the halves away from zero (+1 +1, four
    // -1: unbalanced, not proportional); level 2 is exactly proportional
    // (+2 +2, four -1: correlation 1, balanced); level 3 gives +3 and -2.
    let c = derive_count(&constructed([0, 0, 0, 2, 2, 2, 2, -4, -4, 0, 0, 0, 0]), 8);
    assert_eq!(c.tags, [0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0]);
    assert_eq!((c.level, c.balanced), (2, true));
    assert!((c.correlation - 1.0).abs() < 1e-9, "{c:?}");

    // Proportional at every level: the tie goes to level 1.
    let c = derive_count(&constructed([-3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 1);
    assert_eq!(c.tags, [1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!((c.level, c.balanced), (1, true));

    // One rank only: a level-1 count that does not sum to zero.
    let c = derive_count(&constructed([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]), 1);
    assert_eq!(c.tags[12], -1);
    assert_eq!((c.level, c.balanced), (1, false));

    // No effect at all: no count.
    let c = derive_count(&constructed([0; 13]), 1);
    assert_eq!(
        c,
        Count {
            tags: [0; 13],
            level: 0,
            balanced: true,
            correlation: 0.0
        }
    );
}

/// `edges_of` on a shoe half dealt, unevenly: the wanted tables' edges are
/// the engine's on that shoe, the others `None`. Golden Bacc has combined
/// wagers, which the restricted spec must drop.
#[test]
fn edges_of_a_remaining_shoe_are_the_engines() {
    let decks = 8;
    let spec = load("rules/golden_bacc.yaml", decks);
    let shoe = uneven_half(decks);
    let all = engine_edges(&spec, &shoe, decks);
    let wanted: Vec<bool> = (0..all.len()).map(|i| i % 3 == 1).collect();
    let got = edges_of(&spec, &shoe, &wanted);
    assert_eq!(got.len(), all.len());
    for (i, e) in got.iter().enumerate() {
        assert_eq!(e.as_ref(), wanted[i].then_some(&all[i]), "table {i}");
    }
    assert!(got.iter().any(Option::is_some));
}

/// About half of an 8-deck shoe, unevenly by rank and suit.
fn uneven_half(decks: u32) -> Composition {
    let mut c = Composition::standard(decks);
    for (r, suits) in c.counts.iter_mut().enumerate() {
        for (s, n) in suits.iter_mut().enumerate() {
            *n -= ((r * 4 + s) * 7 % 9) as u32 * decks / 8;
        }
    }
    c
}

/// The JSON gives each figure as an exact fraction with its decimal.
#[test]
fn json_gives_exact_fractions() {
    let t = constructed([0, 0, 0, 2, 2, 2, 2, -4, -4, 0, 0, 0, 0]);
    let v = t.to_json();
    assert_eq!(v["house_edge"]["fraction"], "1/20");
    assert_eq!(v["by_rank"][7]["effect"]["fraction"], "-1/250000");
    assert_eq!(v["by_rank"][7]["rank"], "eight");
    assert!(v["by_card"].is_null());
}

/// Not a test of figures: the cost of each shipped spec, printed
/// (`cargo test --release --test removal -- --ignored --nocapture`).
#[test]
#[ignore]
fn timing() {
    for path in [
        "rules/punto_banco.yaml",
        "rules/21st_century_baccarat.yaml",
        "rules/golden_bacc.yaml",
        "rules/lucky_monkey.yaml",
        "rules/lucky_draw_baccarat.yaml",
        "rules/lucky_8.yaml",
    ] {
        let raw = check_file(path).map(|(_, s)| s).expect("spec");
        let decks = raw.shoe.decks;
        let spec = for_decks(&raw, decks).into_owned();
        let start = std::time::Instant::now();
        let removal = effects_of_removal(&spec, decks);
        let effects = start.elapsed();
        let shoe = uneven_half(8);
        let flags = vec![true; removal.tables.len()];
        let start = std::time::Instant::now();
        let reps = 3;
        for _ in 0..reps {
            edges_of(&spec, &shoe, &flags);
        }
        let per_call = start.elapsed() / reps;
        println!(
            "{path}: {decks} decks, {} tables: effects {effects:.2?}, edges_of (8 decks, {} cards left) {per_call:.3?}",
            removal.tables.len(),
            shoe.total()
        );
        let mut flat = 0;
        for w in &spec.wagers {
            let mut one = vec![false; flags.len()];
            one[flat..flat + w.pay_tables.len()].fill(true);
            flat += w.pay_tables.len();
            let start = std::time::Instant::now();
            edges_of(&spec, &shoe, &one);
            println!("  edges_of {} alone: {:.3?}", w.id, start.elapsed());
        }
        for t in &removal.tables {
            let c = derive_count(t, decks);
            println!(
                "  {} {}: tags {:?} level {} balanced {} correlation {:.3}",
                t.wager, t.pay_table, c.tags, c.level, c.balanced, c.correlation
            );
        }
    }
}

/// Cards that play alike count alike: in 21st Century every wager reads
/// ranks only through point values or multiplicities, so the ten, jack,
/// queen and king have one effect of removal and must get one tag, even
/// where balancing the count moved tags.
#[test]
fn ranks_with_one_effect_get_one_tag() {
    let decks = 8;
    let spec = load("rules/21st_century_baccarat.yaml", decks);
    let removal = effects_of_removal(&spec, decks);
    for t in &removal.tables {
        assert!(
            t.by_rank[9..].iter().all(|e| *e == t.by_rank[9]),
            "{}",
            t.wager
        );
        let c = derive_count(t, decks);
        assert!(
            c.tags[9..].iter().all(|&x| x == c.tags[9]),
            "{} {c:?}",
            t.wager
        );
    }
}
