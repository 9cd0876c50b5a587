//! The condition language's first-two-card total, card values and ranks by
//! position, and `%` (issue 36, item 4), counted by brute force.
//!
//! `tests/specs/first_two_cards.yaml` states each event in the language;
//! here each is written again in plain Rust from the README's words (the
//! two-card total is the last digit of the first two cards' values; `%` is
//! the remainder from 0 to n - 1, so -1 % 10 is 9; a comparison with a card
//! not dealt is false), over the oracle's own deal (`tests/oracle`, no
//! `model`, `eval` or `engine` code). Every ordered six-card sequence of
//! the shoe is dealt with its weight, and the rounds on which each event
//! holds must equal the engine's count: on one deck by rank (the engine's
//! rank-level enumeration) and on two small card-exact shoes. The reference
//! evaluator is checked against the engine on the same spec in
//! `tests/verify.rs`.

mod oracle;

use certify::cards::parse_cards;
use certify::check::check_file;
use certify::engine::analyse_shoe;
use certify::engine::shoe::Composition;
use certify::strategy::resolve;
use oracle::{BANKER, Card, Hands, PLAYER, value};

const SPEC: &str = "tests/specs/first_two_cards.yaml";

type Event = fn(&Hands) -> bool;

/// Point value of a hand's card by position, if dealt.
fn card_value(h: &Hands, hand: usize, i: usize) -> Option<i64> {
    (i < h.n[hand]).then(|| value(h.cards[hand][i].0) as i64)
}

fn two(h: &Hands, hand: usize) -> i64 {
    (value(h.cards[hand][0].0) as i64 + value(h.cards[hand][1].0) as i64) % 10
}

fn total(h: &Hands, hand: usize) -> i64 {
    h.total(hand) as i64
}

/// Each wager's events in the spec's order, from their names' words.
fn events() -> Vec<(&'static str, Vec<(&'static str, Event)>)> {
    vec![
        (
            "tie_of_eights_and_nines",
            vec![
                ("two_card", |h| {
                    h.tie()
                        && (8..=9).contains(&two(h, PLAYER))
                        && (8..=9).contains(&two(h, BANKER))
                }),
                ("final", |h| h.tie() && (8..=9).contains(&total(h, PLAYER))),
            ],
        ),
        (
            "drawing_changes_the_total",
            vec![
                ("player_improves", |h| {
                    h.n[PLAYER] == 3 && total(h, PLAYER) > two(h, PLAYER)
                }),
                ("banker_odd_to_even", |h| {
                    h.n[BANKER] == 3 && two(h, BANKER) % 2 == 1 && total(h, BANKER) % 2 == 0
                }),
                // One more, counting 0 after 9: 0 against 9 counts.
                ("totals_wrap", |h| {
                    (total(h, PLAYER) + 10 - total(h, BANKER)) % 10 == 1
                }),
            ],
        ),
        (
            "card_positions",
            vec![
                ("first_cards_make_nine", |h| {
                    (value(h.cards[PLAYER][0].0) + value(h.cards[BANKER][0].0)) % 10 == 9
                }),
                ("second_ranks_match_odd_first", |h| {
                    h.cards[PLAYER][1].0 == h.cards[BANKER][1].0
                        && value(h.cards[PLAYER][0].0).is_multiple_of(3)
                }),
                ("third_cards_seven_apart", |h| {
                    match (card_value(h, PLAYER, 2), card_value(h, BANKER, 2)) {
                        (Some(p), Some(b)) => (p - b + 10) % 10 == 7,
                        _ => false,
                    }
                }),
                // Ace high: 14, which leaves 2; 5 and 9 and king (13) leave 1.
                ("high_remainder", |h| {
                    let r = h.cards[BANKER][0].0;
                    let high = if r == 1 { 14 } else { r };
                    high % 4 == 1 && two(h, BANKER) == 5
                }),
            ],
        ),
    ]
}

/// Deals every ordered sequence of six cards of `kinds` (card, copies),
/// weighted by the copies left at each draw, and adds each event's weight.
fn brute(kinds: &[(Card, u32)]) -> (u128, Vec<Vec<u128>>) {
    let wagers = events();
    let mut holds: Vec<Vec<u128>> = wagers.iter().map(|(_, e)| vec![0; e.len()]).collect();
    let mut total = 0u128;
    let mut left: Vec<u32> = kinds.iter().map(|k| k.1).collect();
    let mut seq = [oracle::NO_CARD; 6];
    fn go(
        at: usize,
        w: u128,
        kinds: &[(Card, u32)],
        left: &mut Vec<u32>,
        seq: &mut [Card; 6],
        f: &mut dyn FnMut(&[Card; 6], u128),
    ) {
        if at == 6 {
            return f(seq, w);
        }
        for k in 0..kinds.len() {
            if left[k] == 0 {
                continue;
            }
            let wk = w * left[k] as u128;
            left[k] -= 1;
            seq[at] = kinds[k].0;
            go(at + 1, wk, kinds, left, seq, f);
            left[k] += 1;
        }
    }
    go(0, 1, kinds, &mut left, &mut seq, &mut |seq, w| {
        let h = oracle::deal_tableau(seq);
        total += w;
        for (i, (_, evs)) in wagers.iter().enumerate() {
            for (k, (_, holds_on)) in evs.iter().enumerate() {
                if holds_on(&h) {
                    holds[i][k] += w;
                }
            }
        }
    });
    (total, holds)
}

/// The brute force and the engine agree on every event's count.
fn agree(kinds: &[(Card, u32)], decks: u32, label: &str) {
    let (_, spec) = check_file(SPEC).unwrap_or_else(|e| panic!("{SPEC}: {e:?}"));
    let mut composition = Composition {
        counts: [[0; 4]; 13],
    };
    for &((r, s), n) in kinds {
        composition.counts[r as usize - 1][s as usize] += n;
    }
    let a = analyse_shoe(&resolve(&spec, &composition), &composition, decks);
    let (total, holds) = brute(kinds);
    assert_eq!(a.total, total, "{label}: sequences");
    let wagers = events();
    assert_eq!(a.wagers.len(), wagers.len());
    for ((w, (id, evs)), counts) in a.wagers.iter().zip(&wagers).zip(&holds) {
        assert_eq!(&w.id, id, "{label}: wager order");
        for ((engine, (event, _)), brute) in w.holds.iter().zip(evs).zip(counts) {
            assert_eq!(&engine.0, event, "{label}: event order");
            assert_eq!(engine.1, *brute, "{label}: {id}/{event}");
            // An event that never or always holds would prove little.
            assert!(
                *brute > 0 && *brute < total,
                "{label}: {id}/{event} is a probe"
            );
        }
    }
}

/// One deck by rank: the spec reads no suit, so thirteen kinds of four
/// copies stand for the 52 cards.
#[test]
fn one_deck_by_rank() {
    let kinds: Vec<(Card, u32)> = (1..=13).map(|r| ((r, 0), 4)).collect();
    agree(&kinds, 1, "one deck");
}

/// Small shoes of single cards (every card its own kind): the engine's
/// card-exact enumeration. Chosen so that every event holds on some
/// sequence: pairs of second cards need two copies of a rank.
#[test]
fn small_card_exact_shoes() {
    for shoe in [
        "As,Ah,2h,3d,4c,5s,6h,7d,8c,9s,Th,Kc",
        "As,Ah,5d,5c,9s,9h,Kd,Kc,3s,7h,8d,4c",
    ] {
        let cards = parse_cards(shoe).expect("a shoe");
        let kinds: Vec<(Card, u32)> = cards.iter().map(|c| ((c.rank, c.suit), 1)).collect();
        agree(&kinds, 1, shoe);
    }
}
