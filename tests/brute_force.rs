//! An independent brute force for every shipped wager (issue 17, item 3).
//!
//! Plain nested loops deal every ordered six-card sequence of a shoe (with
//! each card's multiplicity), play it with the oracle in `tests/oracle`
//! (drawing rules, conditions and precedence written from the documents'
//! words, no `model`, `eval` or `engine` code), and count, per wager and pay
//! table, the rounds each event settles, the rounds no event holds, the
//! rounds the wager is not placed, and the rounds each event holds. From
//! those counts it computes the house edge, variance, wins, pushes and
//! losses in exact fractions, and the engine's `analyse_shoe` must agree on
//! every one of them. Only the pays are read from the specs.
//!
//! Shoes: one and two full decks by rank for the wagers that never read a
//! suit (13^6 rank sequences, each weighted by the number of card sequences
//! it stands for), eight decks for the base game; two small card-exact
//! shoes for every spec, the suit-reading ones (Lucky 8, Lucky Monkey,
//! Lucky Draw's Block Bonus) included. Lucky Draw's optimal decision is
//! the oracle's own too, compared with the engine's chart. The Tie's
//! variance is also checked against its closed form.

mod oracle;

use certify::check::check_file;
use certify::engine::shoe::Composition;
use certify::engine::{Analysis, analyse_shoe};
use certify::model::{Pay as SpecPay, Spec};
use certify::strategy::resolve;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use oracle::{Card, Hands, Pay, Rule};
use rayon::prelude::*;
use std::collections::BTreeMap;

fn load(path: &str) -> Spec {
    check_file(path)
        .map(|(_, s)| s)
        .unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

use oracle::TABLEAU;
/// Of those, the ones whose wagers never read a suit.
const RANK_ONLY: [&str; 3] = [
    "rules/punto_banco.yaml",
    "rules/21st_century_baccarat.yaml",
    "rules/golden_bacc.yaml",
];
const LUCKY_DRAW: &str = "rules/lucky_draw_baccarat.yaml";

/// Card kinds and how many copies of each the shoe holds.
#[derive(Clone, Debug)]
struct Shoe {
    kinds: Vec<(Card, u32)>,
    /// The same shoe as the engine takes it.
    composition: Composition,
}

impl Shoe {
    /// `decks` full decks by rank only: one kind per rank, 4 x decks copies.
    /// The kinds carry suit 0, so only wagers that never read a suit may be
    /// counted on it.
    fn by_rank(decks: u32) -> Shoe {
        Shoe {
            kinds: (1..=13).map(|r| ((r, 0), 4 * decks)).collect(),
            composition: Composition::standard(decks),
        }
    }

    /// Every card exactly: (rank, suit, copies).
    fn cards(list: &[(u8, u8, u32)]) -> Shoe {
        let mut composition = Composition {
            counts: [[0; 4]; 13],
        };
        for &(r, s, n) in list {
            composition.counts[r as usize - 1][s as usize] += n;
        }
        Shoe {
            kinds: list.iter().map(|&(r, s, n)| ((r, s), n)).collect(),
            composition,
        }
    }

    fn size(&self) -> u128 {
        self.kinds.iter().map(|k| k.1 as u128).sum()
    }

    /// Deals every ordered sequence of six cards whose first two are the
    /// kinds `a` and `b`, with the number of card sequences it stands for
    /// (the product of the copies left at each deal), and calls `f` with
    /// the round `deal` makes of it. Unused cards count: a slot the round
    /// does not read is not looped over but multiplied in. With R cards
    /// left after the first four: slots 4 and 5 both unused, R (R - 1)
    /// sequences; slot 5 alone unused, R - 1 per card in slot 4; slot 4
    /// alone unused and slot 5 a card of which m copies are left, m (R - 1)
    /// (any of the R - 1 other cards in slot 4). `deal` must not read slot
    /// 4 when the first hand does not draw, nor slot 5 when the second hand
    /// does not.
    fn each(
        &self,
        a: usize,
        b: usize,
        deal: impl Fn(&[Card; 6]) -> Hands,
        mut f: impl FnMut(&Hands, u128),
    ) {
        let mut left: Vec<u32> = self.kinds.iter().map(|k| k.1).collect();
        let k = left.len();
        let mut seq = [oracle::NO_CARD; 6];
        let w0 = left[a] as u128;
        if w0 == 0 {
            return;
        }
        left[a] -= 1;
        seq[0] = self.kinds[a].0;
        let w1 = w0 * left[b] as u128;
        if w1 == 0 {
            return;
        }
        left[b] -= 1;
        seq[1] = self.kinds[b].0;
        let mut r = self.size() - 2;
        for c in 0..k {
            let w2 = w1 * left[c] as u128;
            if w2 == 0 {
                continue;
            }
            left[c] -= 1;
            seq[2] = self.kinds[c].0;
            for d in 0..k {
                let w3 = w2 * left[d] as u128;
                if w3 == 0 {
                    continue;
                }
                left[d] -= 1;
                seq[3] = self.kinds[d].0;
                r -= 2; // cards left after four
                seq[4] = oracle::NO_CARD;
                seq[5] = oracle::NO_CARD;
                let four = deal(&seq);
                if four.n[0] == 3 {
                    for e in 0..k {
                        let w4 = w3 * left[e] as u128;
                        if w4 == 0 {
                            continue;
                        }
                        left[e] -= 1;
                        seq[4] = self.kinds[e].0;
                        seq[5] = oracle::NO_CARD;
                        let five = deal(&seq);
                        if five.n[1] == 3 {
                            for (kind, &m) in self.kinds.iter().zip(&left) {
                                if m > 0 {
                                    seq[5] = kind.0;
                                    f(&deal(&seq), w4 * m as u128);
                                }
                            }
                        } else {
                            f(&five, w4 * (r - 1));
                        }
                        left[e] += 1;
                    }
                } else if four.n[1] == 3 {
                    for (kind, &m) in self.kinds.iter().zip(&left) {
                        if m > 0 {
                            seq[5] = kind.0;
                            f(&deal(&seq), w3 * m as u128 * (r - 1));
                        }
                    }
                } else {
                    f(&four, w3 * r * (r - 1));
                }
                r += 2;
                left[d] += 1;
            }
            left[c] += 1;
        }
    }

    /// Every (first, second) pair of kinds: the units of parallel work.
    fn starts(&self) -> Vec<(usize, usize)> {
        let k = self.kinds.len();
        (0..k).flat_map(|a| (0..k).map(move |b| (a, b))).collect()
    }
}

/// One spec's wagers as the oracle settles them, with the spec's pays.
struct Plan {
    spec: Spec,
    rules: Vec<Rule>,
    /// [wager][table][event]
    pays: Vec<Vec<Vec<Pay>>>,
}

fn pay_of(p: SpecPay) -> Pay {
    match p {
        SpecPay::Win(r) => Pay::Win(r.num, r.den),
        SpecPay::Push => Pay::Push,
        SpecPay::Lose => Pay::Lose,
    }
}

impl Plan {
    fn new(path: &str) -> Plan {
        let spec = load(path);
        let rules: Vec<Rule> = spec
            .wagers
            .iter()
            .map(|w| {
                let r = oracle::wager(&spec.id, &w.id);
                let mine: Vec<&str> = r.events.iter().map(|e| e.0).collect();
                let theirs: Vec<&str> = w.events.iter().map(|e| e.id.as_str()).collect();
                assert_eq!(mine, theirs, "{}/{}: events", spec.id, w.id);
                assert!(mine.len() <= 16, "Tally::add holds 16 events at most");
                r
            })
            .collect();
        let pays = spec
            .wagers
            .iter()
            .map(|w| {
                w.pay_tables
                    .iter()
                    .map(|t| t.pays.iter().map(|&p| pay_of(p)).collect())
                    .collect()
            })
            .collect();
        Plan { spec, rules, pays }
    }

    fn tally(&self) -> Tally {
        Tally {
            total: 0,
            holds: self.rules.iter().map(|r| vec![0; r.events.len()]).collect(),
            settles: self
                .rules
                .iter()
                .zip(&self.pays)
                .map(|(r, t)| vec![vec![0; r.events.len() + 1]; t.len()])
                .collect(),
            not_placed: vec![0; self.rules.len()],
        }
    }
}

/// The oracle's counts for one spec.
#[derive(Clone, Debug, PartialEq)]
struct Tally {
    total: u128,
    /// [wager][event]: rounds on which the event holds.
    holds: Vec<Vec<u128>>,
    /// [wager][table][event, then no event]: rounds each settles.
    settles: Vec<Vec<Vec<u128>>>,
    not_placed: Vec<u128>,
}

impl Tally {
    fn add(&mut self, plan: &Plan, h: &Hands, w: u128) {
        self.total += w;
        let mut holds = [false; 16];
        for (i, rule) in plan.rules.iter().enumerate() {
            if rule.placed.is_some_and(|p| !p(h)) {
                self.not_placed[i] += w;
                continue;
            }
            for (k, (_, cond)) in rule.events.iter().enumerate() {
                holds[k] = cond(h);
                if holds[k] {
                    self.holds[i][k] += w;
                }
            }
            let n = rule.events.len();
            for (t, pays) in plan.pays[i].iter().enumerate() {
                let k = oracle::choose(rule.prec, &holds[..n], pays).unwrap_or(n);
                self.settles[i][t][k] += w;
            }
        }
    }

    fn merge(mut self, o: Tally) -> Tally {
        self.total += o.total;
        for (a, b) in self
            .holds
            .iter_mut()
            .flatten()
            .zip(o.holds.iter().flatten())
        {
            *a += b;
        }
        for (a, b) in self
            .settles
            .iter_mut()
            .flatten()
            .flatten()
            .zip(o.settles.iter().flatten().flatten())
        {
            *a += b;
        }
        for (a, b) in self.not_placed.iter_mut().zip(&o.not_placed) {
            *a += b;
        }
        self
    }
}

fn frac(n: i128, d: i128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn int(n: u128) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// The oracle's figures for one pay table, per wager placed.
#[derive(Debug)]
struct Figures {
    expected: BigRational,
    variance: BigRational,
    wins: u128,
    pushes: u128,
    losses: u128,
}

/// Mean and variance of the net result, E[X^2] - E[X]^2, from the counts.
fn figures(counts: &[u128], pays: &[Pay], placed: u128) -> Figures {
    let (mut sum, mut sq) = (BigRational::zero(), BigRational::zero());
    let (mut wins, mut pushes, mut losses) = (0, 0, 0);
    let with_no_event = pays.iter().copied().chain(std::iter::once(Pay::Lose));
    for (&c, pay) in counts.iter().zip(with_no_event) {
        let (n, d) = pay.net();
        let x = frac(n, d);
        sum += &x * int(c);
        sq += &x * &x * int(c);
        match pay {
            Pay::Win(..) => wins += c,
            Pay::Push => pushes += c,
            Pay::Lose => losses += c,
        }
    }
    let t = int(placed);
    let expected = &sum / &t;
    Figures {
        variance: &sq / &t - &expected * &expected,
        expected,
        wins,
        pushes,
        losses,
    }
}

/// Every difference between the engine's analysis and the oracle's counts.
fn differences(plan: &Plan, a: &Analysis, t: &Tally) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |what: String, engine: String, oracle: String| {
        if engine != oracle {
            out.push(format!("{what}: engine {engine}, oracle {oracle}"));
        }
    };
    let id = &plan.spec.id;
    check(
        format!("{id}: total"),
        a.total.to_string(),
        t.total.to_string(),
    );
    for (i, w) in a.wagers.iter().enumerate() {
        let rule = &plan.rules[i];
        for (k, (e, n)) in w.holds.iter().enumerate() {
            check(
                format!("{id}/{}: rounds where {e} holds", w.id),
                n.to_string(),
                t.holds[i][k].to_string(),
            );
        }
        for (j, table) in w.tables.iter().enumerate() {
            let at = format!("{id}/{}/{}", w.id, table.id);
            let counts = &t.settles[i][j];
            for (k, row) in table.events.iter().enumerate() {
                check(
                    format!("{at}: rounds settled by {}", row.id),
                    row.combinations.to_string(),
                    counts[k].to_string(),
                );
            }
            let n = rule.events.len();
            check(
                format!("{at}: no event"),
                table.no_event.to_string(),
                counts[n].to_string(),
            );
            check(
                format!("{at}: not placed"),
                table.not_placed.to_string(),
                t.not_placed[i].to_string(),
            );
            let placed = t.total - t.not_placed[i];
            check(
                format!("{at}: placed"),
                table.total.to_string(),
                placed.to_string(),
            );
            let f = figures(counts, &plan.pays[i][j], placed);
            check(
                format!("{at}: house edge"),
                table.house_edge().to_string(),
                (-f.expected.clone()).to_string(),
            );
            check(
                format!("{at}: variance"),
                table.variance.to_string(),
                f.variance.to_string(),
            );
            check(
                format!("{at}: wins (hit frequency)"),
                table.wins.to_string(),
                f.wins.to_string(),
            );
            check(
                format!("{at}: pushes"),
                table.pushes.to_string(),
                f.pushes.to_string(),
            );
            check(
                format!("{at}: losses"),
                table.losses.to_string(),
                f.losses.to_string(),
            );
        }
    }
    out
}

/// Deals every sequence of the shoe by the tableau and counts each spec.
fn brute_tableau(plans: &[Plan], shoe: &Shoe) -> Vec<Tally> {
    shoe.starts()
        .into_par_iter()
        .map(|(a, b)| {
            let mut tallies: Vec<Tally> = plans.iter().map(Plan::tally).collect();
            shoe.each(a, b, oracle::deal_tableau, |h, w| {
                for (t, p) in tallies.iter_mut().zip(plans) {
                    t.add(p, h, w);
                }
            });
            tallies
        })
        .reduce(
            || plans.iter().map(Plan::tally).collect(),
            |x, y| x.into_iter().zip(y).map(|(a, b)| a.merge(b)).collect(),
        )
}

/// Brute force and engine on one shoe; panics listing every difference.
/// Returns both for further checks.
fn agree(paths: &[&str], shoe: &Shoe, decks: u32, label: &str) -> Vec<(Plan, Tally, Analysis)> {
    let plans: Vec<Plan> = paths.iter().map(|p| Plan::new(p)).collect();
    let tallies = brute_tableau(&plans, shoe);
    let n = shoe.size();
    let sequences: u128 = (0..6).map(|i| n - i).product();
    let mut diffs = Vec::new();
    let mut runs = Vec::new();
    for (plan, t) in plans.into_iter().zip(tallies) {
        assert_eq!(
            t.total, sequences,
            "{label}: the loops deal every sequence once"
        );
        let a = analyse_shoe(
            &resolve(&plan.spec, &shoe.composition),
            &shoe.composition,
            decks,
        );
        diffs.extend(differences(&plan, &a, &t));
        runs.push((plan, t, a));
    }
    assert!(
        diffs.is_empty(),
        "{label}: engine and brute force differ:\n{}",
        diffs.join("\n")
    );
    runs
}

/// The Tie bet at 8 to 1 loses otherwise (punto_banco.yaml: pays { tie: 8 },
/// no push): X = 8 with probability p, -1 otherwise, so E = 9p - 1 and
/// Var = E[X^2] - E^2 = 64p + (1 - p) - (9p - 1)^2 = 81 p (1 - p). The
/// engine's variance must be that, with p the brute force's tie frequency.
fn tie_closed_form(runs: &[(Plan, Tally, Analysis)], label: &str) {
    let (plan, t, a) = runs
        .iter()
        .find(|(p, ..)| p.spec.id == "punto_banco")
        .expect("punto banco");
    let w = plan.spec.wagers.iter().position(|w| w.id == "tie").unwrap();
    let p = int(t.holds[w][0]) / int(t.total);
    let one = BigRational::from_integer(1.into());
    let closed = BigRational::from_integer(81.into()) * &p * (&one - &p);
    let table = &a.wagers[w].tables[0];
    assert_eq!(table.variance, closed, "{label}: Tie variance 81 p (1 - p)");
    assert_eq!(
        table.expected,
        BigRational::from_integer(9.into()) * &p - &one,
        "{label}: Tie expectation 9p - 1"
    );
}

#[test]
fn rank_only_wagers_agree_on_one_deck() {
    let runs = agree(&RANK_ONLY, &Shoe::by_rank(1), 1, "1 deck");
    tie_closed_form(&runs, "1 deck");
}

#[test]
fn rank_only_wagers_agree_on_two_decks() {
    let runs = agree(&RANK_ONLY, &Shoe::by_rank(2), 2, "2 decks");
    tie_closed_form(&runs, "2 decks");
}

/// Eight decks, the base game only (the brute force costs the same at any
/// deck count; one more shoe for the closed form suffices).
#[test]
fn punto_banco_agrees_on_eight_decks() {
    let runs = agree(&["rules/punto_banco.yaml"], &Shoe::by_rank(8), 8, "8 decks");
    tie_closed_form(&runs, "8 decks");
}

/// Two suits, ranks A 3 4 5 8 9 K, a few cards in two or three copies
/// (three kings of spades: same rank and suit): 19 cards of 14 kinds.
/// Third cards worth 0, 1, 3, 4, 5, 8 and 9.
fn shoe_two_suits() -> Shoe {
    let mut list = Vec::new();
    for r in [1, 3, 4, 5, 8, 9, 13] {
        for s in 0..2 {
            let copies = match (r, s) {
                (13, 0) => 3,
                (1, 0) | (4, 1) | (5, 0) => 2,
                _ => 1,
            };
            list.push((r, s, copies));
        }
    }
    Shoe::cards(&list)
}

/// All four suits of 2, 6 and Q, and the 7 of spades and hearts, a few in
/// two or three copies: 18 cards of 14 kinds. Third cards worth 0, 2, 6
/// and 7 (with the shoe above: every value 0-9).
fn shoe_four_suits() -> Shoe {
    let mut list = Vec::new();
    for r in [2, 6, 12] {
        for s in 0..4 {
            let copies = match (r, s) {
                (6, 2) => 3,
                (12, 3) | (2, 0) => 2,
                _ => 1,
            };
            list.push((r, s, copies));
        }
    }
    list.extend([(7, 0, 1), (7, 1, 1)]);
    Shoe::cards(&list)
}

#[test]
fn every_tableau_wager_agrees_on_small_card_exact_shoes() {
    agree(&TABLEAU, &shoe_two_suits(), 1, "two-suit shoe");
    agree(&TABLEAU, &shoe_four_suits(), 1, "four-suit shoe");
}

// ---- Lucky Draw: the player's decision, by the oracle too ----

/// Multiplies every net below to make it whole (clears each pay's
/// denominator, asserted where used).
const SCALE: i128 = 2 * 2 * 3 * 5 * 7;

/// One wager's net on a round, times `SCALE`, under its first pay table;
/// None when it is not placed.
fn scaled_net(plan: &Plan, i: usize, h: &Hands) -> Option<i128> {
    let rule = &plan.rules[i];
    if rule.placed.is_some_and(|p| !p(h)) {
        return None;
    }
    let holds: Vec<bool> = rule.events.iter().map(|e| (e.1)(h)).collect();
    let pays = &plan.pays[i][0];
    let (n, d) = oracle::choose(rule.prec, &holds, pays)
        .map_or(Pay::Lose, |k| pays[k])
        .net();
    assert_eq!(SCALE % d, 0, "a pay's denominator divides SCALE");
    Some(n * (SCALE / d))
}

/// The position of a wager of the spec, by id.
fn wager_index(plan: &Plan, id: &str) -> usize {
    plan.spec.wagers.iter().position(|w| w.id == id).unwrap()
}

/// Lucky Draw's optimal decision for each seen triple of point values (his
/// two cards, the dealer's face-up card; item 7): draw when the Enter bet
/// plus the Draw bet it brings (item 10) returns strictly more, summed over
/// every sequence showing that triple, than standing with the Enter bet
/// alone (the spec's objective `optimal: [enter, draw]`).
fn lucky_draw_decisions(plan: &Plan, shoe: &Shoe) -> Vec<bool> {
    let (enter, draw) = (wager_index(plan, "enter"), wager_index(plan, "draw"));
    let sums = shoe
        .starts()
        .into_par_iter()
        .map(|(a, b)| {
            let mut s = vec![(0i128, 0i128); 1000];
            // Dealt as if the player draws; standing is the same round
            // without his third card (the dealer's rule ignores it).
            shoe.each(
                a,
                b,
                |seq| oracle::deal_lucky_draw(seq, true),
                |drew, w| {
                    let key = seen_key(drew);
                    let stand = Hands::new(drew.cards, [2, drew.n[oracle::BANKER]]);
                    let drew = *drew;
                    let net_stand = scaled_net(plan, enter, &stand).unwrap();
                    let net_draw = scaled_net(plan, enter, &drew).unwrap()
                        + scaled_net(plan, draw, &drew).expect("placed when drawing");
                    s[key].0 += w as i128 * net_stand;
                    s[key].1 += w as i128 * net_draw;
                },
            );
            s
        })
        .reduce(
            || vec![(0, 0); 1000],
            |mut x, y| {
                for (a, b) in x.iter_mut().zip(y) {
                    a.0 += b.0;
                    a.1 += b.1;
                }
                x
            },
        );
    sums.into_iter().map(|(stand, draw)| draw > stand).collect()
}

fn seen_key(h: &Hands) -> usize {
    let (x, y, z) = oracle::lucky_draw_seen(h);
    x as usize * 100 + y as usize * 10 + z as usize
}

/// Every Lucky Draw wager under the oracle's optimal decisions, and the
/// combined main game's return table (Enter plus Draw when placed: net
/// result and units staked per round).
fn lucky_draw_agrees(shoe: &Shoe, label: &str) {
    let plan = Plan::new(LUCKY_DRAW);
    let chart = lucky_draw_decisions(&plan, shoe);
    assert!(
        chart.iter().any(|&d| d),
        "{label}: the player draws somewhere"
    );
    let (enter, draw) = (wager_index(&plan, "enter"), wager_index(&plan, "draw"));
    type Main = BTreeMap<(i128, u32), u128>;
    let (tally, main) = shoe
        .starts()
        .into_par_iter()
        .map(|(a, b)| {
            let mut t = plan.tally();
            let mut main = Main::new();
            let deal = |seq: &[Card; 6]| {
                // The player decides on what he sees, before slot 4.
                let seen = oracle::deal_lucky_draw(seq, false);
                oracle::deal_lucky_draw(seq, chart[seen_key(&seen)])
            };
            shoe.each(a, b, deal, |h, w| {
                t.add(&plan, h, w);
                let e = scaled_net(&plan, enter, h).unwrap();
                let (d, units) = scaled_net(&plan, draw, h).map_or((0, 1), |d| (d, 2));
                *main.entry((e + d, units)).or_default() += w;
            });
            (t, main)
        })
        .reduce(
            || (plan.tally(), Main::new()),
            |(t1, mut m1), (t2, m2)| {
                for (k, v) in m2 {
                    *m1.entry(k).or_default() += v;
                }
                (t1.merge(t2), m1)
            },
        );
    let a = analyse_shoe(
        &resolve(&plan.spec, &shoe.composition),
        &shoe.composition,
        1,
    );
    let mut diffs = differences(&plan, &a, &tally);
    // The decision itself. The engine's chart reads slots 0, 1 and 4 (the
    // player's two cards, the dealer's second) and indexes a combination
    // by the sum of value(slot i) x 10^i.
    let optimal = &a.decision.as_ref().expect("Lucky Draw decides").optimal;
    assert_eq!(optimal.sees, [0, 1, 4], "seen slots");
    for (i, &engine_draws) in optimal.draw.iter().enumerate() {
        let (p1, p2, d2) = (i % 10, i / 10 % 10, i / 100);
        if engine_draws != chart[p1 * 100 + p2 * 10 + d2] {
            diffs.push(format!(
                "decision on {p1} {p2} against {d2}: engine draws {engine_draws}"
            ));
        }
    }
    let engine_main: Vec<String> = a.combined[0]
        .outcomes
        .iter()
        .map(|(net, units, n)| format!("{} x{units}: {n}", frac(net.num, net.den)))
        .collect();
    let oracle_main: Vec<String> = main
        .iter()
        .map(|((net, units), n)| format!("{} x{units}: {n}", frac(*net, SCALE)))
        .collect();
    if engine_main != oracle_main {
        diffs.push(format!(
            "main game returns: engine {engine_main:?}, oracle {oracle_main:?}"
        ));
    }
    // The main game's moments from the oracle's return table, in exact
    // fractions: E[X], Var[X] = E[X^2] - E[X]^2 and the units staked.
    let big = |n: i128| BigRational::from_integer(BigInt::from(n));
    let rounds: u128 = main.values().sum();
    let per_round = |f: &dyn Fn(i128, u32) -> BigRational| {
        main.iter()
            .map(|(&(net, units), &n)| f(net, units) * big(n as i128))
            .fold(BigRational::zero(), |a, b| a + b)
            / big(rounds as i128)
    };
    let mean = per_round(&|net, _| big(net) / big(SCALE));
    let square = per_round(&|net, _| big(net * net) / big(SCALE * SCALE));
    let staked = per_round(&|_, units| big(units as i128));
    let c = &a.combined[0];
    for (what, engine, oracle) in [
        ("expected", &c.expected, mean.clone()),
        ("variance", &c.variance, square - &mean * &mean),
        ("staked", &c.staked, staked),
    ] {
        if *engine != oracle {
            diffs.push(format!(
                "main game {what}: engine {engine}, oracle {oracle}"
            ));
        }
    }
    assert!(
        diffs.is_empty(),
        "{label}: engine and brute force differ:\n{}",
        diffs.join("\n")
    );
}

#[test]
fn lucky_draw_agrees_on_small_card_exact_shoes() {
    lucky_draw_agrees(&shoe_two_suits(), "two-suit shoe");
    lucky_draw_agrees(&shoe_four_suits(), "four-suit shoe");
}

/// The oracle's Block Bonus against the document's own table of examples
/// (item 6): player cards, dealer's exposed card, outcome.
/// The Block Bonus rows in the document's order, best first.
const BLOCK_ROWS: [&str; 5] = [
    "ultimate_block",
    "pair_block",
    "flush_block",
    "normal_block",
    "push",
];

#[test]
fn block_bonus_oracle_reproduces_the_documents_examples() {
    let c = |s: &str| -> Card {
        let rank = match &s[..1] {
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "5" => 5,
            x => panic!("{x}"),
        };
        let suit = match &s[1..] {
            "s" => 0,
            "h" => 1,
            "d" => 2,
            "c" => 3,
            x => panic!("{x}"),
        };
        (rank, suit)
    };
    let examples = [
        ("Js", "Qc", "5d", "loss"),
        ("Js", "Qs", "5d", "loss"),
        ("Js", "Qc", "Ks", "loss"),
        ("Js", "Qs", "Ks", "loss"),
        ("Js", "Js", "Ks", "loss"),
        ("Js", "Qs", "Qs", "push"),
        ("Js", "Qc", "Qc", "push"),
        ("Js", "Js", "Js", "push"),
        ("Js", "Qc", "5c", "normal_block"),
        ("Js", "Qs", "Js", "flush_block"),
        ("Js", "Ks", "Qs", "flush_block"),
        ("Js", "Jc", "5s", "pair_block"),
        ("Js", "Js", "5s", "ultimate_block"),
    ];
    let rows = BLOCK_ROWS;
    for (p1, p2, d, want) in examples {
        let got = rows
            .iter()
            .find(|r| oracle::block(c(p1), c(p2), c(d), r))
            .copied()
            .unwrap_or("loss");
        assert_eq!(got, want, "{p1} {p2} against {d}");
    }
}

// ---- Readings told apart on a round (the report's differing round) ----

/// Lucky Draw's `exposed_card` readings (the Block Bonus against the
/// dealer's second card, or his first) give the same figures, so the
/// report shows a two-card round they settle differently: the first in card
/// order (player's first, second, dealer's first, second; cards by rank
/// ace to king, then suit spades, hearts, diamonds, clubs), four distinct
/// cards. Found here by the oracle's Block Bonus: a reading settles by the
/// first of the document's rows that holds, under the event's name in its
/// wager (the two wagers name their events differently, so a round where
/// either wins or pushes already differs), and loses when none holds.
#[test]
fn the_oracle_finds_the_round_that_tells_the_exposed_card_readings_apart() {
    let spec = load(LUCKY_DRAW);
    let i = spec
        .interpretations
        .iter()
        .find(|i| i.id == "exposed_card")
        .expect("Lucky Draw asks which dealer card is exposed");
    let rows = BLOCK_ROWS;
    let settled = |wager: &str, p1: Card, p2: Card, d: Card| -> String {
        let w = spec.wager(wager).unwrap();
        rows.iter()
            .find(|r| oracle::block(p1, p2, d, r))
            .map_or("no event holds".to_string(), |r| {
                w.events.iter().find(|e| e.id == *r).unwrap().name.clone()
            })
    };
    let card = |k: u8| -> Card { (k / 4 + 1, k % 4) };
    let mut expected = None;
    'search: for a in 0..52 {
        for b in (0..52).filter(|&b| b != a) {
            for c in (0..52).filter(|&c| c != a && c != b) {
                for d in (0..52).filter(|&d| d != a && d != b && d != c) {
                    let (p1, p2, d1, d2) = (card(a), card(b), card(c), card(d));
                    let second = settled(&i.chosen.wager, p1, p2, d2);
                    let first = settled(&i.alternative.wager, p1, p2, d1);
                    if second != first {
                        expected = Some(([p1, p2, d1, d2], [second, first]));
                        break 'search;
                    }
                }
            }
        }
    }
    let (cards, names) = expected.expect("the readings differ somewhere");
    let found = certify::eval::differ::first_differing_round(&spec, &i.chosen, &i.alternative)
        .expect("a two-card round tells them apart");
    let got: Vec<Card> = found.cards.iter().map(|c| (c.rank, c.suit)).collect();
    assert_eq!(got, cards.to_vec());
    assert_eq!(
        [found.settled[0].0.clone(), found.settled[1].0.clone()],
        names
    );
}

/// Readings of wagers that read a third card are never told apart on a
/// two-card round (such a round is not whole): Monster & Buster's pays
/// with four or six cards, and the Player and Banker lines, which settle
/// on the final totals.
#[test]
fn readings_that_read_third_cards_get_no_two_card_round() {
    let spec = load("rules/21st_century_baccarat.yaml");
    assert_eq!(spec.interpretations.len(), 3);
    for i in &spec.interpretations {
        assert_eq!(
            certify::eval::differ::first_differing_round(&spec, &i.chosen, &i.alternative),
            None,
            "{}",
            i.id
        );
    }
}

/// Every round of an infinite shoe: six ranks drawn independently, each
/// 1/13 (suits never read), one unit of weight per rank sequence; a slot
/// the round does not use is multiplied in (13 ranks), not looped over.
fn brute_infinite(plan: &Plan) -> Tally {
    let deal = oracle::deal_tableau;
    (1..=13u8)
        .into_par_iter()
        .map(|a| {
            let mut t = plan.tally();
            let mut seq = [oracle::NO_CARD; 6];
            seq[0] = (a, 0);
            for b in 1..=13 {
                seq[1] = (b, 0);
                for c in 1..=13 {
                    seq[2] = (c, 0);
                    for d in 1..=13 {
                        seq[3] = (d, 0);
                        seq[4] = oracle::NO_CARD;
                        seq[5] = oracle::NO_CARD;
                        let four = deal(&seq);
                        if four.n[0] == 3 {
                            for e in 1..=13 {
                                seq[4] = (e, 0);
                                seq[5] = oracle::NO_CARD;
                                let five = deal(&seq);
                                if five.n[1] == 3 {
                                    for f in 1..=13 {
                                        seq[5] = (f, 0);
                                        t.add(plan, &deal(&seq), 1);
                                    }
                                } else {
                                    t.add(plan, &five, 13);
                                }
                            }
                        } else if four.n[1] == 3 {
                            for f in 1..=13 {
                                seq[5] = (f, 0);
                                t.add(plan, &deal(&seq), 13);
                            }
                        } else {
                            t.add(plan, &four, 169);
                        }
                    }
                }
            }
            t
        })
        .reduce(|| plan.tally(), |x, y| x.merge(y))
}

/// The infinite-deck house edge the report gives (the limit of the exact
/// function of D fitted to enumerations at finite deck counts, see
/// `engine::deck_function`) equals the house edge of an infinite shoe
/// counted directly by the oracle, for every rank-only wager and table.
#[test]
fn infinite_deck_edges_equal_the_oracles_infinite_shoe() {
    for path in RANK_ONLY {
        let plan = Plan::new(path);
        let tally = brute_infinite(&plan);
        assert_eq!(tally.total, 13u128.pow(6));
        let analyses: Vec<(u32, Analysis)> = (1..=8)
            .map(|d| (d, certify::pipeline::analyse(&plan.spec, d)))
            .collect();
        let refs: Vec<(u32, &Analysis)> = analyses.iter().map(|(d, a)| (*d, a)).collect();
        let functions =
            certify::pipeline::edge_functions(&plan.spec, &refs, &[]).expect("fixed rules");
        assert_eq!(functions.checked, [7, 8], "{path}: two counts checked");
        let mut k = 0;
        for (i, w) in plan.spec.wagers.iter().enumerate() {
            for (t, table) in w.pay_tables.iter().enumerate() {
                let placed = tally.total - tally.not_placed[i];
                let oracle = figures(&tally.settles[i][t], &plan.pays[i][t], placed);
                let f = &functions.tables[k];
                assert_eq!((&f.wager, &f.pay_table), (&w.id, &table.id));
                assert_eq!(
                    f.infinite, -oracle.expected,
                    "{path}: {} / {}",
                    w.id, table.id
                );
                k += 1;
            }
        }
        assert_eq!(k, functions.tables.len());
    }
}
