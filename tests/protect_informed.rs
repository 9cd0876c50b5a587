//! Game protection's informed-play scenarios (issue 30): `hole` (the
//! deciding player sees the face-down card) and `seen:N` (N other cards
//! seen face up before deciding), against a brute force written here:
//! every ordered sequence of the seen cards and the round's six cards of
//! small shoes, each round settled by the reference evaluator
//! (`certify::eval`, which shares no code with the engine) once standing
//! and once drawing; the player's best decision per information set taken
//! from those sums, in exact fractions.

mod support;

use certify::cards::Card;
use certify::check::check_file;
use certify::engine::shoe::Composition;
use certify::eval::play::round_of_sequence;
use certify::eval::settle::Settler;
use certify::model::{FirstRule, Spec};
use certify::protect::informed::{Cell, Shared, hole, per_total_wagered, seen};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use std::collections::BTreeMap;
use support::{Mix, certify, each_ordered};

const LUCKY_DRAW: &str = "rules/lucky_draw_baccarat.yaml";

/// The spec with the player's strategy forced to the one named.
fn forced(spec: &Spec, id: &str) -> Spec {
    let mut out = spec.clone();
    if let FirstRule::Decides(d) = &mut out.game.first {
        d.default = d
            .strategies
            .iter()
            .position(|s| s.id == id)
            .expect("the shipped spec's written strategies");
    }
    out
}

/// Per information set (the key the closure makes of a sequence): the
/// objective's summed net standing and drawing, its sequences, and those
/// on which drawing places a bet standing does not (the Draw bet).
type Sums = BTreeMap<Vec<u8>, [BigRational; 4]>;

/// Makes the information set of (seen cards, the round's cards in dealing
/// order).
type Key<'a> = &'a dyn Fn(&[Card], &[Card; 6]) -> Vec<u8>;

/// Every ordered six-card round of `shoe` (by the places of its cards in
/// `shoe`, base `shoe.len()`), settled both ways: the objective's net
/// standing and drawing, in units of 1/`scale`, and how many more of its
/// wagers drawing places (the Draw bet). A round is settled once here, not
/// once per sequence of seen cards before it.
struct Rounds {
    scale: i128,
    base: usize,
    settled: Vec<[i128; 3]>,
}

impl Rounds {
    fn of(spec: &Spec, shoe: &[Card]) -> Rounds {
        let ways = [forced(spec, "never_draw"), forced(spec, "always_draw")];
        let settlers = [Settler::new(&ways[0]), Settler::new(&ways[1])];
        let objective: Vec<usize> = spec.decides().expect("decides").objective.clone();
        let scale = support::pay_scale(objective.iter().map(|&w| &spec.wagers[w].pay_tables[0]));
        let base = shoe.len();
        let mut settled = vec![[0i128; 3]; base.pow(6)];
        each_ordered(base, 6, &mut |idx| {
            let round_cards: [Card; 6] = std::array::from_fn(|i| shoe[idx[i]]);
            let entry = &mut settled[Rounds::index(base, idx)];
            let mut placed = [0i128; 2];
            for (way, (spec, settler)) in ways.iter().zip(&settlers).enumerate() {
                let round = round_of_sequence(spec, &round_cards);
                let results = settler.settle(spec, &round);
                for &w in &objective {
                    let r = &results[w];
                    if r.placed {
                        placed[way] += 1;
                        entry[way] += support::scaled(r.outcomes[0].net(), scale);
                    }
                }
            }
            entry[2] = placed[1] - placed[0];
        });
        Rounds {
            scale,
            base,
            settled,
        }
    }

    fn index(base: usize, idx: &[usize]) -> usize {
        idx.iter().rev().fold(0, |i, &x| i * base + x)
    }
}

/// Every ordered sequence of `seen + 6` distinct cards of `shoe`, settled
/// both ways (`rounds`: the last six); `key` makes the information set of
/// (seen cards, round's cards in dealing order).
fn brute_force(rounds: &Rounds, shoe: &[Card], seen: usize, key: Key) -> (Sums, u64) {
    let mut sums: BTreeMap<Vec<u8>, [i128; 4]> = BTreeMap::new();
    let mut sequences = 0u64;
    each_ordered(shoe.len(), seen + 6, &mut |idx| {
        let cards: Vec<Card> = idx.iter().map(|&i| shoe[i]).collect();
        let round_cards: [Card; 6] = std::array::from_fn(|i| cards[seen + i]);
        sequences += 1;
        let [stand, draw, placed] = rounds.settled[Rounds::index(rounds.base, &idx[seen..])];
        let entry = sums.entry(key(&cards[..seen], &round_cards)).or_default();
        entry[0] += stand;
        entry[1] += draw;
        entry[2] += 1;
        entry[3] += placed;
    });
    let exact = |x: i128, scale: i128| BigRational::new(BigInt::from(x), BigInt::from(scale));
    let sums = sums
        .into_iter()
        .map(|(k, [stand, draw, n, placed])| {
            let row = [
                exact(stand, rounds.scale),
                exact(draw, rounds.scale),
                exact(n, 1),
                exact(placed, 1),
            ];
            (k, row)
        })
        .collect();
    (sums, sequences)
}

/// The best player's expected win per round: per set the better decision.
fn best(sums: &Sums, sequences: u64) -> BigRational {
    let total: BigRational = sums
        .values()
        .map(|[stand, draw, ..]| stand.clone().max(draw.clone()))
        .sum();
    total / BigRational::from_integer(BigInt::from(sequences))
}

fn small_shoe(mix: &mut Mix, size: usize) -> (Vec<Card>, Composition) {
    let mut cards = Vec::new();
    let mut c = Composition {
        counts: [[0; 4]; 13],
    };
    for _ in 0..size {
        let (rank, suit) = (1 + mix.below(13) as u8, mix.below(4) as u8);
        cards.push(Card::new(rank, suit));
        c.counts[rank as usize - 1][suit as usize] += 1;
    }
    (cards, c)
}

/// Where drawing and standing win exactly the same but drawing places
/// the Draw bet: the share of sequences, and the player who draws on them
/// (drawing where it wins more) per total wagered.
fn ties(sums: &Sums, sequences: u64) -> (BigRational, BigRational) {
    let (mut tied, mut net, mut staked) = (
        BigRational::zero(),
        BigRational::zero(),
        BigRational::zero(),
    );
    for [stand, draw, n, placed] in sums.values() {
        let tie = stand == draw && !placed.is_zero();
        if tie {
            tied += n;
        }
        let drawing = draw > stand || tie;
        net += if drawing { draw } else { stand };
        staked += n;
        if drawing {
            staked += placed;
        }
    }
    (
        tied / BigRational::from_integer(BigInt::from(sequences)),
        net / staked,
    )
}

/// What the player normally sees: own two cards and the dealer's second.
fn normal_key(_: &[Card], r: &[Card; 6]) -> Vec<u8> {
    vec![r[0].value(), r[1].value(), r[3].value()]
}

#[test]
fn hole_and_seen_equal_the_brute_force_on_small_shoes() {
    let spec = check_file(LUCKY_DRAW).expect("the shipped spec").1;
    let mut mix = Mix(0x4c44);
    for shoe_no in 0..3 {
        let (cards, composition) = small_shoe(&mut mix, 10);
        let what = format!("shoe {shoe_no} {cards:?}");
        let rounds = Rounds::of(&spec, &cards);
        // `hole`: the dealer's first card (dealt third) seen as well.
        let (sums, n) = brute_force(&rounds, &cards, 0, &|_, r| {
            vec![r[0].value(), r[1].value(), r[3].value(), r[2].value()]
        });
        let got = hole(&Shared::new(&spec, &composition)).expect("computed");
        assert_eq!(got.informed.expected, best(&sums, n), "hole, {what}");
        // Ties: the player who draws on them wins the same per round,
        // and per total wagered what the brute force's does.
        let (share, per_total) = ties(&sums, n);
        match &got.ties {
            Some(t) => {
                assert_eq!(t.share, share, "hole ties, {what}");
                assert_eq!(t.drawing.expected, got.informed.expected, "{what}");
                assert_eq!(per_total_wagered(&t.drawing), per_total, "{what}");
            }
            None => assert!(share.is_zero(), "hole ties, {what}"),
        }
        let (normal, n) = brute_force(&rounds, &cards, 0, &normal_key);
        assert_eq!(got.normal.expected, best(&normal, n), "hole, {what}");
        // `seen:N`: the N cards before the round, by value in any order.
        for k in [1usize, 2] {
            let (sums, n) = brute_force(&rounds, &cards, k, &|s, r| {
                let mut v: Vec<u8> = s.iter().map(|c| c.value()).collect();
                v.sort_unstable();
                v.extend(normal_key(s, r));
                v
            });
            let got = seen(&Shared::new(&spec, &composition), k as u8).expect("computed");
            assert_eq!(got.informed.expected, best(&sums, n), "seen:{k}, {what}");
            // Ignoring the seen cards is playing the full shoe's strategy.
            assert_eq!(got.ignoring.as_ref(), Some(&got.normal), "seen:{k}, {what}");
        }
    }
}

/// Lucky Draw at eight decks: the hole card turns the game (a player who
/// sees the dealer's face-down card plays at an advantage); other players'
/// cards barely move it. Three cells of the chart, worked by hand (one
/// deck's proportions): a 0 against a dealer's 9 stands (standing loses 1;
/// drawing loses 2 unless a 9 ties: -1.85); a 0 against a dealer's 0
/// draws (standing loses unless the dealer ends on 0); and a 9 against a
/// dealer's 5, who stands, draws: standing wins 1, drawing wins 4 on a
/// ten-valued card (a three-card 9 pays 3 on the Draw bet), 2, 2.5, 3 on
/// a 7, 8, 9, ties on a 6 and loses 2 otherwise: about +1.04.
#[test]
fn the_lucky_draw_hole_card_is_worth_more_than_the_house_edge() {
    let spec = check_file(LUCKY_DRAW).expect("the shipped spec").1;
    let shoe = Composition::standard(8);
    let shared = Shared::new(&spec, &shoe);
    let h = hole(&shared).expect("computed");
    assert!(h.informed.expected > BigRational::zero());
    assert!(h.normal.expected < BigRational::zero());
    assert_eq!(h.hidden, ["dealer.first"]);
    let chart = h.chart.expect("a chart");
    assert_eq!(chart.cells[0][9], Cell::Stand, "{chart:?}");
    assert_eq!(chart.cells[0][0], Cell::Draw, "{chart:?}");
    assert_eq!(chart.cells[9][5], Cell::Draw, "{chart:?}");
    let s = seen(&shared, 2).expect("computed");
    assert!(s.informed.expected > s.normal.expected);
    assert!(s.informed.expected < BigRational::zero());
    // Ties (issue 46): the same per Enter bet; per total wagered the
    // player who stands on them (as counted) beats the one who draws.
    let t = h.ties.as_ref().expect("ties in the hole-card decision");
    assert_eq!(t.drawing.expected, h.informed.expected);
    let (standing, drawing) = (
        per_total_wagered(&h.informed),
        per_total_wagered(&t.drawing),
    );
    assert!(drawing < standing);
    let four = |r: &BigRational| format!("{:.4}", r.to_f64().expect("a number") * 100.0);
    assert_eq!(four(&standing), "4.9838");
    assert_eq!(&four(&drawing)[..4], "4.98", "{}", four(&drawing));
}

#[test]
fn the_command_refuses_informed_scenarios_where_no_one_decides() {
    let out = certify(&["protect", "rules/punto_banco.yaml", "--scenario", "hole"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("no player decides"), "{}", out.stderr);
    let out = certify(&["protect", LUCKY_DRAW, "--scenario", "seen:13"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("1 to 12"), "{}", out.stderr);
    let out = certify(&["protect", LUCKY_DRAW, "--scenario", "hole@enter"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

/// A player who follows the hole-card chart, on rounds dealt from a full
/// eight-deck shoe by a seeded generator and settled by the reference
/// evaluator, wins on average within the 99.9% interval of the exact edge.
#[test]
fn a_simulated_player_with_the_hole_card_lands_on_the_exact_edge() {
    let spec = check_file(LUCKY_DRAW).expect("the shipped spec").1;
    let shoe = Composition::standard(8);
    let h = hole(&Shared::new(&spec, &shoe)).expect("computed");
    let chart = h.played.expect("the chart played");
    let ways = [forced(&spec, "never_draw"), forced(&spec, "always_draw")];
    let settlers = [Settler::new(&ways[0]), Settler::new(&ways[1])];
    let objective = spec.decides().expect("decides").objective.clone();
    let shoe: Vec<Card> = (0..8)
        .flat_map(|_| (1..=13).flat_map(|r| (0..4).map(move |s| Card::new(r, s))))
        .collect();
    let mut mix = Mix(0x401e);
    let rounds = 300_000u64;
    let (mut sum, mut squares) = (0f64, 0f64);
    let mut deck = shoe.clone();
    for _ in 0..rounds {
        let mut seq = [deck[0]; 6];
        for (i, slot) in seq.iter_mut().enumerate() {
            let j = i + mix.below((deck.len() - i) as u64) as usize;
            deck.swap(i, j);
            *slot = deck[i];
        }
        // The chart's slots are the round's: player 0, 1; dealer 3, 4.
        let slot_card = |s: u8| seq[[0, 1, 4, 2, 3, 5][s as usize]];
        let index = chart
            .sees
            .iter()
            .rev()
            .fold(0, |i, &s| i * 10 + slot_card(s).value() as usize);
        let way = chart.draw[index] as usize;
        let round = round_of_sequence(&ways[way], &seq);
        let results = settlers[way].settle(&ways[way], &round);
        let mut x = 0f64;
        for &w in &objective {
            if results[w].placed {
                let net = results[w].outcomes[0].net();
                x += net.num as f64 / net.den as f64;
            }
        }
        sum += x;
        squares += x * x;
    }
    let n = rounds as f64;
    let mean = sum / n;
    let half = 3.29 * (squares / n - mean * mean).sqrt() / n.sqrt();
    let exact = num_traits::ToPrimitive::to_f64(&h.informed.expected).expect("a number");
    assert!(
        (mean - exact).abs() <= half,
        "simulated {mean} ± {half}, exact {exact}"
    );
}

/// The tight loop gives the general walk's information sets exactly,
/// on the full shoe and on depleted ones down to a few cards of some
/// values and none of others, one shoe at a time and shoes side by side.
#[test]
fn the_settled_walk_equals_the_general_walk() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/lucky_draw_baccarat.yaml"
    );
    let (_, spec) = check_file(path).expect("the shipped spec checks");
    let table = certify::engine::decide::Settled::of(&spec);
    // Lucky Draw's objective reads totals and values, not which of a
    // hand's two cards came first: the walk settles one order of each
    // hand's cards and credits the other, which the comparisons below
    // therefore check.
    assert_eq!(table.orders_alike(), [true, true]);
    let mut shoes = vec![Composition::standard(8), Composition::standard(1)];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for decks in [1u32, 2, 8] {
        for _ in 0..4 {
            let mut c = Composition::standard(decks);
            for r in 0..13 {
                for s in 0..4 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    c.counts[r][s] = (x % (decks as u64 + 1)) as u32;
                }
            }
            // A value exhausted.
            c.counts[4] = [0; 4];
            shoes.push(c);
        }
    }
    // `hole`'s spec (the deciding hand also sees the other hand's two
    // cards) reads the same table: it settles the objective, whatever the
    // hand sees.
    let mut told = spec.clone();
    if let FirstRule::Decides(d) = &mut told.game.first {
        for slot in [0u8, 1, 3, 4] {
            if !d.sees.contains(&slot) {
                d.sees.push(slot);
            }
        }
    }
    for shoe in &shoes[..3] {
        let (slow, fast) = (
            certify::engine::decide::decisions(&told, shoe),
            certify::engine::decide::decisions_settled(&told, shoe, &table),
        );
        assert_eq!(slow.sets.len(), 10_000, "every initial card seen");
        assert!(
            slow.total == fast.total && slow.sets == fast.sets,
            "the walks differ for `hole` on {:?}",
            shoe.counts
        );
    }
    // Each shoe alone, and all of them in batches of shoes that differ
    // (the last one short).
    let together = certify::engine::decide::decisions_settled_many(&spec, &shoes, &table);
    assert_eq!(together.len(), shoes.len());
    assert_ne!(shoes.len() % certify::engine::decide::BATCH, 0);
    for (shoe, batched) in shoes.iter().zip(&together) {
        let (slow, fast) = (
            certify::engine::decide::decisions(&spec, shoe),
            certify::engine::decide::decisions_settled(&spec, shoe, &table),
        );
        assert_eq!(slow.total, fast.total);
        assert_eq!(slow.scale, fast.scale);
        assert!(
            slow.sets == fast.sets,
            "the walks differ on {:?}",
            shoe.counts
        );
        assert!(
            slow.sets == batched.sets && slow.total == batched.total,
            "the batch differs on {:?}",
            shoe.counts
        );
    }
}
