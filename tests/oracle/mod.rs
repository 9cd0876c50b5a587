//! An oracle for the shipped rule specs, written from the rule documents'
//! words in `/work/shared/rule-documents/` (cited per condition), sharing no
//! code with certify's `model`, `eval` or `engine`: its own card values,
//! drawing tableau, hand predicates, event conditions and event precedence.
//! `tests/brute_force.rs` enumerates shoes with it; `tests/oracle_properties.rs`
//! compares it with the reference evaluator on random deals.
//!
//! Only data comes from the specs: the pays of each pay table (see
//! `brute_force.rs`); which events hold, which one settles, and every count
//! are decided here.

#![allow(dead_code)]

/// A card: (rank 1..=13, ace to king; suit 0..=3).
pub type Card = (u8, u8);

/// The shipped specs dealt by the punto banco tableau.
pub const TABLEAU: [&str; 5] = [
    "rules/punto_banco.yaml",
    "rules/21st_century_baccarat.yaml",
    "rules/golden_bacc.yaml",
    "rules/lucky_8.yaml",
    "rules/lucky_monkey.yaml",
];

pub const PLAYER: usize = 0;
/// The Banker hand (the Dealer's hand in Lucky Draw).
pub const BANKER: usize = 1;

/// "tens and picture cards count as zero" (Lucky Draw item 3), aces one,
/// two to nine their face value ("card values are those used in the
/// standard Punto Banco game").
pub fn value(rank: u8) -> u8 {
    if rank >= 10 { 0 } else { rank }
}

/// Lucky Draw item 5: "the cards have their conventional ranking value
/// (i.e. 10's and picture cards have their normal ranking and Ace is high)".
pub fn ranking(rank: u8) -> u8 {
    if rank == 1 { 14 } else { rank }
}

/// Lucky Monkey: "a King, Queen, or Jack" (tens are not face cards).
pub fn face(c: Card) -> bool {
    matches!(c.0, 11..=13)
}

/// The two hands of a finished round: two or three cards each. Built by
/// `new`, which also works out once the figures every condition reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hands {
    pub cards: [[Card; 3]; 2],
    pub n: [usize; 2],
    totals: [u8; 2],
    /// Lucky Match: most cards of one rank; ranks with two or more cards;
    /// ranks with three or more.
    kinds: [u8; 3],
}

impl Hands {
    /// The hands holding the first `n[h]` cards of `cards[h]`; a slot
    /// beyond is cleared to `NO_CARD`.
    pub fn new(mut cards: [[Card; 3]; 2], n: [usize; 2]) -> Hands {
        let mut totals = [0; 2];
        // Copies of each rank among all cards of both hands (Lucky Match:
        // "A pair must be formed by two cards of the same rank, a Jack and a
        // King can't form a pair").
        let mut ranks = [0u8; 14];
        for h in 0..2 {
            for (i, c) in cards[h].iter_mut().enumerate() {
                if i >= n[h] {
                    *c = NO_CARD;
                    continue;
                }
                // Baccarat points: the last digit of the summed values.
                totals[h] = (totals[h] + value(c.0)) % 10;
                ranks[c.0 as usize] += 1;
            }
        }
        let kinds = [
            ranks.iter().copied().max().unwrap_or(0),
            ranks.iter().filter(|&&k| k >= 2).count() as u8,
            ranks.iter().filter(|&&k| k >= 3).count() as u8,
        ];
        Hands {
            cards,
            n,
            totals,
            kinds,
        }
    }

    pub fn hand(&self, h: usize) -> &[Card] {
        &self.cards[h][..self.n[h]]
    }

    pub fn total(&self, h: usize) -> u8 {
        self.totals[h]
    }

    pub fn two_card_total(&self, h: usize) -> u8 {
        (value(self.cards[h][0].0) + value(self.cards[h][1].0)) % 10
    }

    pub fn count(&self, h: usize) -> usize {
        self.n[h]
    }

    /// 21st Century, "Natural 9 / Natural 8": "A two card hand that has a
    /// value of nine [eight] ... when the first two cards dealt to a hand is
    /// valued at nine [eight]".
    pub fn natural(&self, h: usize) -> bool {
        self.n[h] == 2 && self.two_card_total(h) >= 8
    }

    /// "The hand that is closest to nine wins" (21st Century).
    pub fn wins(&self, h: usize) -> bool {
        self.total(h) > self.total(1 - h)
    }

    pub fn tie(&self) -> bool {
        self.total(PLAYER) == self.total(BANKER)
    }

    /// Points between the two totals.
    pub fn margin(&self) -> u8 {
        self.total(PLAYER).abs_diff(self.total(BANKER))
    }

    pub fn third(&self, h: usize) -> Option<Card> {
        (self.n[h] == 3).then_some(self.cards[h][2])
    }

    /// "an N-card T": the hand holds N cards totalling T.
    pub fn is(&self, h: usize, n: usize, t: u8) -> bool {
        self.n[h] == n && self.total(h) == t
    }

    pub fn all(&self) -> impl Iterator<Item = Card> + '_ {
        self.hand(PLAYER).iter().chain(self.hand(BANKER)).copied()
    }
}

/// 21st Century: "The player's hand must stand when the hand is valued at 6
/// through 9, and must hit when the hand is valued at 5 or less."
pub fn player_hits(total: u8) -> bool {
    total <= 5
}

/// The Banker's rule, from the 21st Century prose ("If the player's hand
/// stands, then the banker hand hits on a total of 5 or less"; 3 "unless
/// the player's third card was an 8"; 4 "unless ... a 0, 1, 8, or 9"; 5 "if
/// ... 4, 5, 6, or 7"; 6 "if ... a 6 or 7") and the Lucky Monkey prose for
/// the rest ("Banker draws with 0–2, regardless of the Player's third card";
/// "The Banker stands with a total of 7").
pub fn banker_hits(total: u8, player_third: Option<u8>) -> bool {
    let Some(v) = player_third else {
        return total <= 5;
    };
    match total {
        0..=2 => true,
        3 => v != 8,
        4 => ![0, 1, 8, 9].contains(&v),
        5 => [4, 5, 6, 7].contains(&v),
        6 => [6, 7].contains(&v),
        _ => false,
    }
}

/// No card: the third slot of a hand that stands, so that two rounds with
/// the same hands compare equal whatever the unused cards were.
pub const NO_CARD: Card = (0, 0);

/// A punto banco round from six cards in shoe order: "one card to the right
/// [Player] and one card to the left [Banker], one by one in rotation", so
/// P B P B; then the Player's third card (slot 4) and the Banker's (slot 5).
/// "If the first two cards dealt to the player [banker] hand equal a
/// natural, the banker [player] hand shall not be allowed to draw".
pub fn deal_tableau(seq: &[Card; 6]) -> Hands {
    let cards = [[seq[0], seq[2], seq[4]], [seq[1], seq[3], seq[5]]];
    let two = |h: usize| (value(cards[h][0].0) + value(cards[h][1].0)) % 10;
    let (p, b) = (two(PLAYER), two(BANKER));
    let mut n = [2, 2];
    if p < 8 && b < 8 {
        let mut third = None;
        if player_hits(p) {
            n[PLAYER] = 3;
            third = Some(value(seq[4].0));
        }
        if banker_hits(b, third) {
            n[BANKER] = 3;
        }
    }
    Hands::new(cards, n)
}

/// A Lucky Draw round. Item 7: "two cards, face up, to each player ... and
/// two cards to themselves" (P P D D); item 10: the player may take "one
/// further card only" (slot 4); item 11: the Dealer "must draw a third card"
/// on "four points or lower" (slot 5), whatever the player did. No
/// naturals: the document has none.
pub fn deal_lucky_draw(seq: &[Card; 6], player_draws: bool) -> Hands {
    let cards = [[seq[0], seq[1], seq[4]], [seq[2], seq[3], seq[5]]];
    let dealer = (value(seq[2].0) + value(seq[3].0)) % 10;
    let n = [
        if player_draws { 3 } else { 2 },
        if dealer <= 4 { 3 } else { 2 },
    ];
    Hands::new(cards, n)
}

/// Lucky Draw: the point values the player sees when deciding (item 7: his
/// two face-up cards and the dealer's face-up second card).
pub fn lucky_draw_seen(h: &Hands) -> (u8, u8, u8) {
    (
        value(h.cards[PLAYER][0].0),
        value(h.cards[PLAYER][1].0),
        value(h.cards[BANKER][1].0),
    )
}

/// How one event is chosen when several hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    /// The best pay settles; equal pays go to the event listed first.
    HighestPay,
    /// The first listed event that holds settles.
    Listed,
}

/// A pay per unit staked, exactly: win `num/den` to 1, push, or lose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pay {
    Win(i128, i128),
    Push,
    Lose,
}

impl Pay {
    /// Net result as a fraction (numerator, positive denominator).
    pub fn net(self) -> (i128, i128) {
        match self {
            Pay::Win(n, d) => (n, d),
            Pay::Push => (0, 1),
            Pay::Lose => (-1, 1),
        }
    }
}

/// The settling event: under `Listed` the first that holds; under
/// `HighestPay` the holding event with the greatest net, the first listed
/// among equals. `None`: nothing holds, the stake is lost.
pub fn choose(prec: Prec, holds: &[bool], pays: &[Pay]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (k, _) in holds.iter().enumerate().filter(|(_, h)| **h) {
        match prec {
            Prec::Listed => return Some(k),
            Prec::HighestPay => {
                let better = best.is_none_or(|b| {
                    let ((n1, d1), (n2, d2)) = (pays[k].net(), pays[b].net());
                    n1 * d2 > n2 * d1
                });
                if better {
                    best = Some(k);
                }
            }
        }
    }
    best
}

pub type Cond = fn(&Hands) -> bool;

/// One wager as the documents describe it.
pub struct Rule {
    pub prec: Prec,
    /// Rounds on which the wager is staked (None: every round).
    pub placed: Option<Cond>,
    /// Events in the order the spec lists them.
    pub events: Vec<(&'static str, Cond)>,
}

fn rule(prec: Prec, events: Vec<(&'static str, Cond)>) -> Rule {
    Rule {
        prec,
        placed: None,
        events,
    }
}

fn ev(id: &'static str, f: Cond) -> (&'static str, Cond) {
    (id, f)
}

use Prec::{HighestPay as H, Listed as L};

// ---- Golden Bacc building blocks (golden_bacc.txt) ----

/// "a hand ... wins over a hand ...": either hand may be the winner.
fn either(f: impl Fn(usize, usize) -> bool) -> bool {
    f(PLAYER, BANKER) || f(BANKER, PLAYER)
}

/// "a total of nine (9) and is comprised of three (3) cards wins over a hand
/// with a total of <T> and is comprised of three (3) cards".
fn three_9_over_three(h: &Hands, t: u8) -> bool {
    either(|x, y| h.is(x, 3, 9) && h.is(y, 3, t))
}

/// "a total of nine (9) and is comprised of two (2) cards wins over a hand
/// with a total of <T>" (a two-card 9 is a natural: nobody draws).
fn natural_9_over(h: &Hands, t: u8) -> bool {
    either(|x, y| h.is(x, 2, 9) && h.total(y) == t)
}

/// "Natural 9 over natural 8": with a natural nobody draws.
fn natural_9_over_natural_8(h: &Hands) -> bool {
    either(|x, y| h.is(x, 2, 9) && h.is(y, 2, 8))
}

/// "a hand has a total of <A> it wins over a hand of a total of <B>".
fn any_over(h: &Hands, a: u8, b: u8) -> bool {
    either(|x, y| h.total(x) == a && h.total(y) == b)
}

/// Super 7 / Golden Dragon 7: "the Banker hand has a total of seven (7)
/// comprised of three (3) cards over any lower Player hand total".
fn banker_3_7_win(h: &Hands) -> bool {
    h.wins(BANKER) && h.is(BANKER, 3, 7)
}

/// Fortune 8 / Green Dragon 8: "the Player hand has a total of eight (8)
/// comprised of three (3) cards wins over any lower Banker hand total".
fn player_3_8_win(h: &Hands) -> bool {
    h.wins(PLAYER) && h.is(PLAYER, 3, 8)
}

/// Golden Dragon 6: "the Banker hand has a total of six (6) and is comprised
/// of <N> cards wins over any lower Player hand total".
fn banker_n_6_win(h: &Hands, n: usize) -> bool {
    h.wins(BANKER) && h.is(BANKER, n, 6)
}

/// Red Dragon 7 / 6: "both the Player and the Banker hands have totals of
/// <T> and are comprised of <N> cards".
fn both(h: &Hands, n: usize, t: u8) -> bool {
    h.is(PLAYER, n, t) && h.is(BANKER, n, t)
}

/// Blue Dragon 9: "If only one (1) of the hands has a total of nine (9) and
/// is comprised of three (3) cards".
fn only_one_3_9(h: &Hands) -> bool {
    h.is(PLAYER, 3, 9) != h.is(BANKER, 3, 9)
}

/// Infinite Fortune "Tie of <T>": both hands total T.
fn tie_of(h: &Hands, t: u8) -> bool {
    h.tie() && h.total(PLAYER) == t
}

/// Phoenix Bonus "Win by <M> points" for the hand bet on; a natural win is
/// the separate row "Natural win" (the spec's chosen reading: margin rows
/// are for non-natural wins; `any` drops that restriction).
fn win_by<const X: usize, const M: u8, const ANY: bool>(h: &Hands) -> bool {
    h.wins(X) && h.margin() == M && (ANY || !h.natural(X))
}

/// Phoenix Bonus "Natural win".
fn natural_win<const X: usize>(h: &Hands) -> bool {
    h.wins(X) && h.natural(X)
}

/// Phoenix Bonus "Natural tie" (pays 0: a push).
fn natural_tie<const X: usize>(h: &Hands) -> bool {
    h.tie() && h.natural(X)
}

fn phoenix<const X: usize, const ANY: bool>() -> Rule {
    rule(
        H,
        vec![
            ev("win_by_9", win_by::<X, 9, ANY>),
            ev("win_by_8", win_by::<X, 8, ANY>),
            ev("win_by_7", win_by::<X, 7, ANY>),
            ev("win_by_6", win_by::<X, 6, ANY>),
            ev("win_by_5", win_by::<X, 5, ANY>),
            ev("win_by_4", win_by::<X, 4, ANY>),
            ev("natural_win", natural_win::<X>),
            ev("natural_tie", natural_tie::<X>),
        ],
    )
}

// ---- Lucky 8 (lucky_8_bonus_bet.txt) ----

/// "3 suited cards": three cards, all of one suit.
fn suited3(h: &Hands, x: usize) -> bool {
    h.n[x] == 3 && h.hand(x).iter().all(|c| c.1 == h.cards[x][0].1)
}

/// "Double Suited 8 (both hands = 8; consists of 3 suited cards each)";
/// `SIX`: the alternative reading, all six cards one suit.
fn double_suited_8<const SIX: bool>(h: &Hands) -> bool {
    h.total(PLAYER) == 8
        && h.total(BANKER) == 8
        && suited3(h, PLAYER)
        && suited3(h, BANKER)
        && (!SIX || h.all().all(|c| c.1 == h.cards[0][0].1))
}

/// "Suited 8 (hand value = 8; 3 suited cards)"; `WIN`: the alternative
/// reading where the hand bet on must also win.
fn suited_8<const X: usize, const WIN: bool>(h: &Hands) -> bool {
    h.total(X) == 8 && suited3(h, X) && (!WIN || h.wins(X))
}

/// "Double 8 (both hands = 8)".
fn double_8(h: &Hands) -> bool {
    h.total(PLAYER) == 8 && h.total(BANKER) == 8
}

/// "Unlucky 8 (hand value = 8; opposing hand = 9)".
fn unlucky_8<const X: usize>(h: &Hands) -> bool {
    h.total(X) == 8 && h.total(1 - X) == 9
}

/// "Lucky 8 (hand value = 8)": "the corresponding hand that was bet must
/// equal a point value of 8".
fn lucky_8<const X: usize>(h: &Hands) -> bool {
    h.total(X) == 8
}

/// "Winning wagers are paid odds according to a posted pay table": the
/// best line the round makes is paid.
fn lucky_8_rule<const X: usize, const SIX: bool, const WIN: bool>() -> Rule {
    rule(
        H,
        vec![
            ev("double_suited_8", double_suited_8::<SIX>),
            ev("suited_8", suited_8::<X, WIN>),
            ev("double_8", double_8),
            ev("unlucky_8", unlucky_8::<X>),
            ev("lucky_8", lucky_8::<X>),
        ],
    )
}

// ---- 21st Century Baccarat (21st_century_baccarat_10.txt) ----

/// Monster and Buster: "the banker's hand versus the player's hand is 0 or 1
/// vs. 8 or 9, or 8 or 9 vs. 0 or 1 and the total number of cards dealt is
/// either 4 or 6 cards"; one pay-table row per pair of scores.
fn monster<const LO: u8, const HI: u8, const CARDS: usize>(h: &Hands) -> bool {
    let (p, b) = (h.total(PLAYER), h.total(BANKER));
    ((p == LO && b == HI) || (p == HI && b == LO)) && h.n[0] + h.n[1] == CARDS
}

fn ranks_with_at_least(h: &Hands, n: u8) -> u8 {
    match n {
        2 => h.kinds[1],
        3 => h.kinds[2],
        _ => unreachable!(),
    }
}

fn most_of_a_kind(h: &Hands) -> u8 {
    h.kinds[0]
}

// ---- Lucky Draw Block Bonus (lucky_draw_baccarat.txt, items 5-6) ----

/// "one card that is higher and in the same suit as the Dealer's exposed
/// card".
fn blocks(c: Card, d: Card) -> bool {
    ranking(c.0) > ranking(d.0) && c.1 == d.1
}

/// The Block Bonus outcome against dealer card `D` (0: first, 1: second),
/// the document's rows in order; `None` is a loss.
pub fn block(p1: Card, p2: Card, d: Card, row: &str) -> bool {
    let (b1, b2) = (blocks(p1, d), blocks(p2, d));
    let pair = p1.0 == p2.0;
    match row {
        // "two cards of the same rank (a pair) and BOTH are higher and of
        // the same suit as the Dealer's exposed card"
        "ultimate_block" => pair && b1 && b2,
        // "a pair, both are higher ... but ONE of them is also of the same
        // suit" (both of that suit is the Ultimate Block, listed above)
        "pair_block" => pair && ranking(p1.0) > ranking(d.0) && (b1 || b2),
        // "two cards of the same suit and one / both are higher and the
        // same suit as the Dealer's exposed card"
        "flush_block" => p1.1 == d.1 && p2.1 == d.1 && (b1 || b2),
        // "one card that is higher and in the same suit"
        "normal_block" => b1 || b2,
        // "If one of the player cards matches the Dealer's card in both rank
        // and suit, and the other card either does not match the Dealer's
        // suit or matches in suit but is equals or lower in rank"
        "push" => (p1 == d && !b2) || (p2 == d && !b1),
        _ => panic!("no Block Bonus row {row}"),
    }
}

fn block_ev<const D: usize, const ROW: u8>(h: &Hands) -> bool {
    const ROWS: [&str; 5] = [
        "ultimate_block",
        "pair_block",
        "flush_block",
        "normal_block",
        "push",
    ];
    block(
        h.cards[PLAYER][0],
        h.cards[PLAYER][1],
        h.cards[BANKER][D],
        ROWS[ROW as usize],
    )
}

fn block_rule<const D: usize>() -> Rule {
    // "The Block Bonus wager wins ... if one of the following are achieved",
    // best type first: a hand that is an Ultimate Block is paid as one.
    rule(
        L,
        vec![
            ev("ultimate_block", block_ev::<D, 0>),
            ev("pair_block", block_ev::<D, 1>),
            ev("flush_block", block_ev::<D, 2>),
            ev("normal_block", block_ev::<D, 3>),
            ev("push", block_ev::<D, 4>),
        ],
    )
}

/// Every shipped wager, by spec id and wager id. Panics on a wager it does
/// not know, so a new wager cannot slip past the brute force.
pub fn wager(spec: &str, id: &str) -> Rule {
    match (spec, id) {
        // punto_banco.yaml: the standard casino wagers (no document prints
        // them; "The hand that is closest to nine wins").
        ("punto_banco", "banker" | "player") => {
            let win: Cond = if id == "banker" {
                |h| h.wins(BANKER)
            } else {
                |h| h.wins(PLAYER)
            };
            rule(H, vec![ev("win", win), ev("tie", |h| h.tie())])
        }
        // The no-commission Banker, as 21st Century's Banker line below.
        ("punto_banco", "banker_no_commission") | ("twenty_first_century_baccarat", "banker") => {
            rule(
                L,
                vec![
                    ev("win_three_card_7", |h| h.wins(BANKER) && h.is(BANKER, 3, 7)),
                    ev("win", |h| h.wins(BANKER)),
                    ev("tie", |h| h.tie()),
                ],
            )
        }
        ("punto_banco", "tie") => rule(H, vec![ev("tie", |h| h.tie())]),

        // 21st Century: "pays 1 to 1" "when the player's hand is closer to
        // nine than the banker's hand"; a tie is the spec's interpretation.
        ("twenty_first_century_baccarat", "player") => rule(
            H,
            vec![ev("win", |h| h.wins(PLAYER)), ev("tie", |h| h.tie())],
        ),
        ("twenty_first_century_baccarat", "monster_buster") => rule(
            H,
            vec![
                ev("zero_nine_6", monster::<0, 9, 6>),
                ev("zero_nine_4", monster::<0, 9, 4>),
                ev("one_nine_6", monster::<1, 9, 6>),
                ev("one_nine_4", monster::<1, 9, 4>),
                ev("zero_eight_6", monster::<0, 8, 6>),
                ev("zero_eight_4", monster::<0, 8, 4>),
                ev("one_eight_6", monster::<1, 8, 6>),
                ev("one_eight_4", monster::<1, 8, 4>),
            ],
        ),
        // "when the banker's hand beats the player's hand and the banker's
        // hand totals 7 with 3 cards".
        ("twenty_first_century_baccarat", "lucky_7") => rule(
            H,
            vec![ev("banker_three_card_7", |h| {
                h.wins(BANKER) && h.is(BANKER, 3, 7)
            })],
        ),
        // Lucky Match pay table rows; "a 4-of-a-kind and a pair will be paid
        // as a 4-of-a-kind": the best row is paid.
        ("twenty_first_century_baccarat", "lucky_match") => rule(
            H,
            vec![
                ev("five_six_kind", |h| most_of_a_kind(h) >= 5),
                // two ranks with three cards each
                ev("double_triplets", |h| ranks_with_at_least(h, 3) >= 2),
                ev("four_kind", |h| most_of_a_kind(h) == 4),
                // three of one rank and (at least) two of another
                ev("full_house", |h| {
                    ranks_with_at_least(h, 3) >= 1 && ranks_with_at_least(h, 2) >= 2
                }),
                ev("three_kind", |h| most_of_a_kind(h) >= 3),
                ev("two_pairs", |h| ranks_with_at_least(h, 2) >= 2),
            ],
        ),

        // Lucky Monkey items 1-4 and the paytable rows; the best row pays.
        ("lucky_monkey", "lucky_monkey") => rule(
            H,
            vec![
                // 1: "If one of the third cards, but not both, is a King,
                // Queen, or Jack"
                ev("one_of_two_face", |h| {
                    match (h.third(PLAYER), h.third(BANKER)) {
                        (Some(x), Some(y)) => face(x) != face(y),
                        _ => false,
                    }
                }),
                // 2: "Player Draws a Third Card Only" and it is J/Q/K
                ev("player_only_face", |h| {
                    h.third(BANKER).is_none() && h.third(PLAYER).is_some_and(face)
                }),
                // 3: "Banker Draws a Third Card Only" and it is J/Q/K
                ev("banker_only_face", |h| {
                    h.third(PLAYER).is_none() && h.third(BANKER).is_some_and(face)
                }),
                // 4: "both cards are any combination of Kings, Queens, or Jacks"
                ev("both_face", |h| {
                    h.third(PLAYER).is_some_and(face) && h.third(BANKER).is_some_and(face)
                }),
                // paytable: "Both Get J/Q/K, Same Rank"
                ev("both_face_same_rank", |h| {
                    match (h.third(PLAYER), h.third(BANKER)) {
                        (Some(x), Some(y)) => face(x) && face(y) && x.0 == y.0,
                        _ => false,
                    }
                }),
                // paytable: "Both Get J/Q/K, Same Rank and Suit"
                ev("both_face_same_rank_suit", |h| {
                    match (h.third(PLAYER), h.third(BANKER)) {
                        (Some(x), Some(y)) => face(x) && face(y) && x == y,
                        _ => false,
                    }
                }),
            ],
        ),

        ("lucky_8", "lucky_8_player") => lucky_8_rule::<PLAYER, false, false>(),
        ("lucky_8", "lucky_8_banker") => lucky_8_rule::<BANKER, false, false>(),
        ("lucky_8", "lucky_8_player_one_suit") => lucky_8_rule::<PLAYER, true, false>(),
        ("lucky_8", "lucky_8_banker_one_suit") => lucky_8_rule::<BANKER, true, false>(),
        ("lucky_8", "lucky_8_player_suited_wins") => lucky_8_rule::<PLAYER, false, true>(),
        ("lucky_8", "lucky_8_banker_suited_wins") => lucky_8_rule::<BANKER, false, true>(),

        // Golden Bacc: "Players wager on one (1) or more outcomes", each
        // "All other outcomes lose".
        ("golden_bacc", "gb_three_card_9_over_7") => rule(
            H,
            vec![ev("three_card_9_over_three_card_7", |h| {
                three_9_over_three(h, 7)
            })],
        ),
        ("golden_bacc", "gb_natural_9_over_7") => {
            rule(H, vec![ev("natural_9_over_7", |h| natural_9_over(h, 7))])
        }
        ("golden_bacc", "gb_8_over_6") => rule(H, vec![ev("any_8_over_6", |h| any_over(h, 8, 6))]),
        ("golden_bacc", "gb_three_card_9_over_1") => rule(
            H,
            vec![ev("three_card_9_over_three_card_1", |h| {
                three_9_over_three(h, 1)
            })],
        ),
        // The garbled heading read as a 1 of any card count.
        ("golden_bacc", "gb_three_card_9_over_1_any") => rule(
            H,
            vec![ev("three_card_9_over_any_1", |h| {
                either(|x, y| h.is(x, 3, 9) && h.total(y) == 1)
            })],
        ),
        ("golden_bacc", "gb_super_7" | "if_super_7") => {
            rule(H, vec![ev("super_7", banker_3_7_win)])
        }
        ("golden_bacc", "gb_fortune_8" | "if_fortune_8") => {
            rule(H, vec![ev("fortune_8", player_3_8_win)])
        }
        // The printed table as one wager: the best row pays ("Others -1").
        ("golden_bacc", "golden_bacc") => rule(
            H,
            vec![
                ev("three_card_9_over_three_card_7", |h| {
                    three_9_over_three(h, 7)
                }),
                ev("natural_9_over_7", |h| natural_9_over(h, 7)),
                ev("any_8_over_6", |h| any_over(h, 8, 6)),
                ev("super_7", banker_3_7_win),
                ev("fortune_8", player_3_8_win),
                ev("three_card_9_over_three_card_1", |h| {
                    three_9_over_three(h, 1)
                }),
            ],
        ),
        // Treasure of the 5 Dragons.
        ("golden_bacc", "golden_dragon_7") => {
            rule(H, vec![ev("banker_three_card_7_win", banker_3_7_win)])
        }
        ("golden_bacc", "golden_dragon_6") => rule(
            H,
            vec![
                ev("banker_three_card_6_win", |h| banker_n_6_win(h, 3)),
                ev("banker_two_card_6_win", |h| banker_n_6_win(h, 2)),
            ],
        ),
        ("golden_bacc", "green_dragon_8") => {
            rule(H, vec![ev("player_three_card_8_win", player_3_8_win)])
        }
        // The printed row "3 Cards Banker Win with 8 Points".
        ("golden_bacc", "green_dragon_8_banker") => rule(
            H,
            vec![ev("banker_three_card_8_win", |h| {
                h.wins(BANKER) && h.is(BANKER, 3, 8)
            })],
        ),
        ("golden_bacc", "blue_dragon_9") => rule(
            H,
            vec![
                ev("both_three_card_9", |h| both(h, 3, 9)),
                ev("one_three_card_9", only_one_3_9),
            ],
        ),
        // The printed row "Player or Banker ... 3 Cards with 9" as either hand.
        ("golden_bacc", "blue_dragon_9_either") => rule(
            H,
            vec![
                ev("both_three_card_9", |h| both(h, 3, 9)),
                ev("either_three_card_9", |h| {
                    h.is(PLAYER, 3, 9) || h.is(BANKER, 3, 9)
                }),
            ],
        ),
        ("golden_bacc", "red_dragon_7") => rule(
            H,
            vec![
                ev("both_three_card_7", |h| both(h, 3, 7)),
                ev("both_two_card_7", |h| both(h, 2, 7)),
            ],
        ),
        ("golden_bacc", "red_dragon_6") => rule(
            H,
            vec![
                ev("both_three_card_6", |h| both(h, 3, 6)),
                ev("both_two_card_6", |h| both(h, 2, 6)),
            ],
        ),
        // Any Dragon: "If any of the Dragon's win", rows of Suites A and B.
        ("golden_bacc", "any_dragon") => rule(
            H,
            vec![
                ev("golden_dragon_7", banker_3_7_win),
                ev("green_dragon_8", player_3_8_win),
                ev("three_card_9_over_three_card_1", |h| {
                    three_9_over_three(h, 1)
                }),
                ev("golden_dragon_6_three_card", |h| banker_n_6_win(h, 3)),
                ev("golden_dragon_6_two_card", |h| banker_n_6_win(h, 2)),
                ev("blue_dragon_9_both", |h| both(h, 3, 9)),
                ev("blue_dragon_9_one", only_one_3_9),
                ev("red_dragon_7_three_card", |h| both(h, 3, 7)),
                ev("red_dragon_7_two_card", |h| both(h, 2, 7)),
                ev("red_dragon_6_three_card", |h| both(h, 3, 6)),
                ev("red_dragon_6_two_card", |h| both(h, 2, 6)),
            ],
        ),
        // The Infinite Fortune.
        ("golden_bacc", "if_three_card_9_over_8") => rule(
            H,
            vec![ev("three_card_9_over_three_card_8", |h| {
                three_9_over_three(h, 8)
            })],
        ),
        // "Natural 9 over natural 8": with a natural nobody draws.
        ("golden_bacc", "if_natural_9_over_natural_8") => rule(
            H,
            vec![ev("natural_9_over_natural_8", natural_9_over_natural_8)],
        ),
        ("golden_bacc", "if_8_over_7") => rule(H, vec![ev("any_8_over_7", |h| any_over(h, 8, 7))]),
        ("golden_bacc", "if_tie_7") => rule(H, vec![ev("tie_of_7", |h| tie_of(h, 7))]),
        ("golden_bacc", "if_tie_6") => rule(H, vec![ev("tie_of_6", |h| tie_of(h, 6))]),
        ("golden_bacc", "if_tie_7_or_6") => rule(
            H,
            vec![ev("tie_of_7_or_6", |h| tie_of(h, 7) || tie_of(h, 6))],
        ),
        ("golden_bacc", "infinite_fortune") => rule(
            H,
            vec![
                ev("three_card_9_over_three_card_8", |h| {
                    three_9_over_three(h, 8)
                }),
                ev("natural_9_over_natural_8", natural_9_over_natural_8),
                ev("any_8_over_7", |h| any_over(h, 8, 7)),
                ev("tie_of_7", |h| tie_of(h, 7)),
                ev("tie_of_6", |h| tie_of(h, 6)),
                ev("tie_of_7_or_6", |h| tie_of(h, 7) || tie_of(h, 6)),
                ev("super_7", banker_3_7_win),
                ev("fortune_8", player_3_8_win),
            ],
        ),
        // Bad Beat: "wins when either the Player or Banker hand wins with a
        // score of exactly one (1) point over the other hand"; the last row
        // is "(excluding above cases)": the first listed row settles.
        ("golden_bacc", "bad_beat") => rule(
            L,
            vec![
                ev("three_card_9_over_three_card_8", |h| {
                    three_9_over_three(h, 8)
                }),
                ev("natural_9_over_natural_8", natural_9_over_natural_8),
                ev("any_8_over_7", |h| any_over(h, 8, 7)),
                ev("any_7_over_6", |h| any_over(h, 7, 6)),
                ev("win_by_1", |h| h.margin() == 1),
            ],
        ),
        // "settled using the chosen side's first two (2) cards": a pair is
        // two cards of one rank.
        ("golden_bacc", "player_pair") => rule(
            H,
            vec![ev("pair", |h| h.cards[PLAYER][0].0 == h.cards[PLAYER][1].0)],
        ),
        ("golden_bacc", "banker_pair") => rule(
            H,
            vec![ev("pair", |h| h.cards[BANKER][0].0 == h.cards[BANKER][1].0)],
        ),
        ("golden_bacc", "phoenix_bonus_player") => phoenix::<PLAYER, false>(),
        ("golden_bacc", "phoenix_bonus_banker") => phoenix::<BANKER, false>(),
        ("golden_bacc", "phoenix_bonus_player_any_margin") => phoenix::<PLAYER, true>(),
        ("golden_bacc", "phoenix_bonus_banker_any_margin") => phoenix::<BANKER, true>(),

        // Lucky Draw. Block Bonus against the exposed (second) card, and the
        // item 5 reading against the first.
        ("lucky_draw_baccarat", "block_bonus") => block_rule::<1>(),
        ("lucky_draw_baccarat", "block_bonus_first_card") => block_rule::<0>(),
        // Item 12: "The Player wins if their hand has a score that is higher
        // than the Dealer ... Tied hands are declared a stand-off."
        ("lucky_draw_baccarat", "enter") => rule(
            H,
            vec![ev("win", |h| h.wins(PLAYER)), ev("stand_off", |h| h.tie())],
        ),
        // Item 10: the Draw bet is placed by a player who draws; "Usual Odds
        // Paid": by the three-card score of a winning hand.
        ("lucky_draw_baccarat", "draw") => Rule {
            prec: L,
            placed: Some(|h| h.n[PLAYER] == 3),
            events: vec![
                ev("lucky_9", |h| h.wins(PLAYER) && h.total(PLAYER) == 9),
                ev("lucky_8", |h| h.wins(PLAYER) && h.total(PLAYER) == 8),
                ev("lucky_7", |h| h.wins(PLAYER) && h.total(PLAYER) == 7),
                ev("win", |h| h.wins(PLAYER)),
                ev("stand_off", |h| h.tie()),
            ],
        },
        _ => panic!("the oracle has no wager {spec}/{id}: write it from the document"),
    }
}
