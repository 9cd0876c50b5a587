//! Game protection (`certify protect`, issue 30) against three oracles:
//!
//! * a brute force written here: every ordered six-card sequence of small
//!   shoes, dealt and settled by the reference evaluator (`certify::eval`,
//!   which shares no code with the engine), grouped by what the player
//!   sees of the first cards in dealing order, the best wager chosen per
//!   observation in exact fractions; every shipped spec, every scenario
//!   form, the best partition by trying all of them;
//! * Eliot Jacobson's published edge-sorting figures for punto banco at
//!   eight decks;
//! * a seeded simulation of a player following a decision table.

mod support;

use certify::cards::Card;
use certify::check::check_file;
use certify::engine::shoe::Composition;
use certify::engine::shoe_state::observed::Observed;
use certify::eval::play::round_of_sequence;
use certify::eval::settle::Settler;
use certify::model::Spec;
use certify::protect::{Choice, Outcome, Scenario, Values, run};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use rayon::prelude::*;
use std::collections::BTreeMap;
use support::{Mix, certify, each_ordered};

fn resolved(path: &str) -> Spec {
    let spec = check_file(path).expect("a valid spec").1;
    let decks = spec.shoe.decks;
    certify::strategy::for_decks(&spec, decks).into_owned()
}

/// The choices the player picks among: the stage's default for the spec
/// (its first few, to keep the brute force small), as (name, (wager, table)).
fn choices(spec: &Spec, most: usize) -> Vec<Choice> {
    certify::protection::default_choices(spec)
        .into_iter()
        .take(most)
        .map(|name| {
            let parts = match spec.wagers.iter().position(|w| w.id == name) {
                Some(w) => vec![(w, 0)],
                None => spec
                    .combined
                    .iter()
                    .find(|c| c.id == name)
                    .expect("a wager or combined wager")
                    .wagers
                    .iter()
                    .map(|&w| (w, 0))
                    .collect(),
            };
            Choice { name, parts }
        })
        .collect()
}

/// Per rank tuple and suit tuple of the first four cards dealt (ranks
/// 1..=13, suits 0..=3), per choice: the net won over every ordered
/// six-card sequence of `shoe` dealing them, and the number of those
/// sequences.
type Table = BTreeMap<First, (Vec<BigRational>, u64)>;

/// The ranks and suits of the first four cards dealt.
type First = ([u8; 4], [u8; 4]);

fn brute_force(spec: &Spec, choices: &[Choice], shoe: &[Card]) -> Table {
    let settler = Settler::new(spec);
    // Nets summed in integers, in units of 1/scale.
    let scale = support::pay_scale(
        choices
            .iter()
            .flat_map(|c| &c.parts)
            .map(|&(w, t)| &spec.wagers[w].pay_tables[t]),
    );
    let mut sums: BTreeMap<First, (Vec<i128>, u64)> = BTreeMap::new();
    let n = shoe.len();
    // Every ordered choice of six distinct physical cards.
    each_ordered(n, 6, &mut |idx| {
        let seq: [Card; 6] = std::array::from_fn(|i| shoe[idx[i]]);
        let round = round_of_sequence(spec, &seq);
        let results = settler.settle(spec, &round);
        let key = (
            [seq[0].rank, seq[1].rank, seq[2].rank, seq[3].rank],
            [seq[0].suit, seq[1].suit, seq[2].suit, seq[3].suit],
        );
        let entry = sums
            .entry(key)
            .or_insert_with(|| (vec![0; choices.len()], 0));
        entry.1 += 1;
        for (c, choice) in choices.iter().enumerate() {
            for &(w, t) in &choice.parts {
                let r = &results[w];
                if r.placed {
                    entry.0[c] += support::scaled(r.outcomes[t].net(), scale);
                }
            }
        }
    });
    let scale = BigInt::from(scale);
    sums.into_iter()
        .map(|(k, (nets, count))| {
            let nets = nets
                .into_iter()
                .map(|x| BigRational::new(BigInt::from(x), scale.clone()))
                .collect();
            (k, (nets, count))
        })
        .collect()
}

/// `table` with only the choices `which`, in that order.
fn project(table: &Table, which: &[usize]) -> Table {
    table
        .iter()
        .map(|(k, (nets, n))| (*k, (which.iter().map(|&i| nets[i].clone()).collect(), *n)))
        .collect()
}

/// `table` summed over all but the first `k` cards (the others read 0).
fn marginal(table: &Table, k: usize) -> Table {
    let mut out = Table::new();
    for ((ranks, suits), (nets, count)) in table {
        let mut short = ([0u8; 4], [0u8; 4]);
        short.0[..k].copy_from_slice(&ranks[..k]);
        short.1[..k].copy_from_slice(&suits[..k]);
        let e = out
            .entry(short)
            .or_insert_with(|| (vec![BigRational::zero(); nets.len()], 0));
        for (a, b) in e.0.iter_mut().zip(nets) {
            *a += b;
        }
        e.1 += count;
    }
    out
}

/// The brute force's answer to a scenario: the two players' edges per
/// round dealt, the share bet, and per observation (labelled as the
/// decision table labels it) the best choice, its edge and probability.
struct Answer {
    must: BigRational,
    sit: BigRational,
    share: BigRational,
    decisions: BTreeMap<String, (usize, BigRational, BigRational)>,
}

fn rank_char(r: u8) -> char {
    "A23456789TJQK".chars().nth(r as usize - 1).expect("a rank")
}

/// Which of the cards share a suit: each card's suit numbered in order of
/// first appearance, from 1 (`1 1 2 1`).
fn suit_pattern(suits: &[u8]) -> String {
    let mut seen: Vec<u8> = Vec::new();
    suits
        .iter()
        .map(|s| {
            let at = match seen.iter().position(|x| x == s) {
                Some(at) => at,
                None => {
                    seen.push(*s);
                    seen.len() - 1
                }
            };
            (at + 1).to_string()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the player knows of the first `k` cards: their ranks (and which
/// share a suit where `suits`, for two cards or more), or for each
/// whether it is in `group`.
fn label_first(
    ranks: &[u8; 4],
    suits: &[u8; 4],
    k: usize,
    group: Option<u16>,
    with_suits: bool,
) -> String {
    let label: Vec<String> = ranks[..k]
        .iter()
        .map(|&r| match group {
            None => rank_char(r).to_string(),
            Some(g) if g & (1 << (r - 1)) != 0 => "in".to_string(),
            Some(_) => "out".to_string(),
        })
        .collect();
    let label = label.join(" ");
    if with_suits && group.is_none() && k > 1 {
        format!("{label} / suits {}", suit_pattern(&suits[..k]))
    } else {
        label
    }
}

fn answer(table: &Table, k: usize, group: Option<u16>) -> Answer {
    answer_by(table, |r, s| label_first(r, s, k, group, false))
}

/// The answer when the player knows what `label` makes of the first four
/// cards' ranks and suits.
fn answer_by(table: &Table, label: impl Fn(&[u8; 4], &[u8; 4]) -> String) -> Answer {
    let mut by: BTreeMap<String, (Vec<BigRational>, u64)> = BTreeMap::new();
    let mut total = 0u64;
    for ((ranks, suits), (nets, count)) in table {
        total += count;
        let e = by
            .entry(label(ranks, suits))
            .or_insert_with(|| (vec![BigRational::zero(); nets.len()], 0));
        for (a, b) in e.0.iter_mut().zip(nets) {
            *a += b;
        }
        e.1 += count;
    }
    let total_r = BigRational::from_integer(BigInt::from(total));
    let (mut must, mut sit, mut bet) = (BigRational::zero(), BigRational::zero(), 0u64);
    let mut decisions = BTreeMap::new();
    for (label, (nets, count)) in by {
        // The first listed of the best.
        let mut best = 0;
        for (i, x) in nets.iter().enumerate() {
            if *x > nets[best] {
                best = i;
            }
        }
        let v = nets[best].clone();
        must += &v;
        if v.is_positive() {
            sit += &v;
            bet += count;
        }
        let c = BigRational::from_integer(BigInt::from(count));
        decisions.insert(label, (best, &v / &c, &c / &total_r));
    }
    Answer {
        must: must / &total_r,
        sit: sit / &total_r,
        share: BigRational::from_integer(BigInt::from(bet)) / &total_r,
        decisions,
    }
}

fn assert_same(got: &Outcome, want: &Answer, what: &str) {
    assert_eq!(got.player_edge, want.must, "{what}: must bet");
    assert_eq!(got.player_edge_sitting_out, want.sit, "{what}: sitting out");
    assert_eq!(got.share_bet, want.share, "{what}: share bet");
    assert_eq!(got.decisions.len(), want.decisions.len(), "{what}");
    for d in &got.decisions {
        let (choice, edge, p) = &want.decisions[&d.observation];
        assert_eq!(
            (&d.choice, &d.edge, &d.probability),
            (choice, edge, p),
            "{what}: {}",
            d.observation
        );
        assert_eq!(d.bet, edge.is_positive(), "{what}: {}", d.observation);
    }
}

/// A small shoe: `size` cards, ranks from a few (so that ranks repeat and
/// ten-valued ranks meet), suits at random.
fn small_shoe(mix: &mut Mix, size: usize) -> (Vec<Card>, Composition) {
    let ranks: Vec<u8> = (0..5).map(|_| 1 + mix.below(13) as u8).collect();
    let mut cards = Vec::new();
    let mut c = Composition {
        counts: [[0; 4]; 13],
    };
    for i in 0..size {
        let rank = if i < 2 {
            [10, 12][i] // a ten and a queen: two ranks of one point value
        } else {
            ranks[mix.below(5) as usize]
        };
        let suit = mix.below(4) as u8;
        cards.push(Card::new(rank, suit));
        c.counts[rank as usize - 1][suit as usize] += 1;
    }
    (cards, c)
}

/// A shoe holding every suit of a rank equally often (the engine walks
/// wagers that read suits and no ranks by point value there, and shares
/// the sums out over the ranks by suit pattern): one card of each suit of
/// a ten, a queen (two ranks of one point value) and an eight (so that
/// Lucky 8's suited eights happen, and the patterns' differences count:
/// with a rank drawn at random they mostly did not).
fn symmetric_shoe() -> (Vec<Card>, Composition) {
    let mut cards = Vec::new();
    let mut c = Composition {
        counts: [[0; 4]; 13],
    };
    for rank in [10u8, 12, 8] {
        for suit in 0..4u8 {
            cards.push(Card::new(rank, suit));
            c.counts[rank as usize - 1][suit as usize] += 1;
        }
    }
    assert!(c.suit_symmetric());
    (cards, c)
}

/// One group of each class of `groups` that a shoe of `cards` cannot
/// tell apart: a player told whether each card is in the group learns the
/// same of every round when two groups hold the same ranks of the shoe
/// (ranks the shoe lacks are never dealt), so the best of all the groups
/// is the best of these. The first of each class, in the order given.
fn classes_of_groups(groups: Vec<u16>, cards: &[Card]) -> Vec<u16> {
    let present = cards.iter().fold(0u16, |m, c| m | 1 << (c.rank - 1));
    let mut seen = std::collections::BTreeSet::new();
    groups
        .into_iter()
        .filter(|g| seen.insert(g & present))
        .collect()
}

/// Every choice set the report runs, as (choices by index into the
/// union, suits read): the base game's first few together, then every
/// side bet alone.
fn sets(spec: &Spec) -> (Vec<Choice>, Vec<Vec<usize>>) {
    let base = choices(spec, 3);
    let mut all = base.clone();
    let mut sets = vec![(0..base.len()).collect::<Vec<_>>()];
    for bet in certify::protection::side_bets(spec) {
        let (id, table) = bet.split_once('/').unwrap_or((&bet, ""));
        let (w, t) = support::wager_table(spec, id, table);
        sets.push(vec![all.len()]);
        all.push(Choice {
            name: bet.clone(),
            parts: vec![(w, t)],
        });
    }
    (all, sets)
}

/// Every scenario form against the brute force, for the base game's
/// wagers together and every side bet alone (each pay table a casino may
/// offer), on small shoes of every shipped spec: the ranks of the first K
/// cards (and their suits, for a wager that reads them), a given group,
/// the best one- and two-card partitions (every one tried here, one of
/// each class of groups the shoe cannot tell apart), and a
/// bet placed after the first hand's two cards are seen.
#[test]
fn every_scenario_equals_the_brute_force_on_small_shoes() {
    let paths = certify::spec::spec_files("rules");
    assert!(paths.len() >= 6, "the shipped specs");
    paths.par_iter().enumerate().for_each(|(i, path)| {
        let spec = resolved(path);
        let (all, sets) = sets(&spec);
        let mut wagers: Vec<usize> = all
            .iter()
            .flat_map(|c| c.parts.iter().map(|p| p.0))
            .collect();
        wagers.sort_unstable();
        wagers.dedup();
        // The first hand's first two cards: their places in dealing order.
        let places: Vec<usize> = (0..4).filter(|&p| spec.game.deal[p] == 0).take(2).collect();
        let hand = format!("hand:{}", spec.game.hands[0]);
        let mut mix = Mix(0x30 + i as u64);
        for shoe_no in 0..3 {
            let (cards, composition) = if shoe_no < 2 {
                small_shoe(&mut mix, 10)
            } else {
                symmetric_shoe()
            };
            let observed = Observed::new(&spec, &wagers, &composition).expect("observable");
            if shoe_no == 2 && observed.suited.is_none() {
                // No seen card's suit tells about a wager: the symmetric
                // shoe walks nothing differently.
                continue;
            }
            let everything = brute_force(&spec, &all, &cards);
            for (set_no, set) in sets.iter().enumerate() {
                let choices: Vec<Choice> = set.iter().map(|&c| all[c].clone()).collect();
                let table = project(&everything, set);
                let values = Values::new(&observed, &choices);
                let names: Vec<&str> = choices.iter().map(|c| c.name.as_str()).collect();
                let what = |s: &str| format!("{path} {names:?}, shoe {shoe_no} {cards:?}, {s}");
                let parse = |s: &str| {
                    let mut x = Scenario::parse(s).expect("scenario");
                    x.resolve(&spec.game.hands).expect("a hand");
                    x
                };
                // Seen cards show their suits: the engine says whether the
                // wagers read them, and the brute force labels alike.
                let suits = run(&values, &parse("ranks:2")).suits;
                for k in 1..=4u8 {
                    let s = format!("ranks:{k}");
                    let got = run(&values, &parse(&s));
                    let k = k as usize;
                    let want = answer_by(&table, |r, u| label_first(r, u, k, None, suits));
                    assert_same(&got, &want, &what(&s));
                    let group = 1 + mix.below((1 << 13) - 2) as u16;
                    let s = format!(
                        "groups:{k}:{}",
                        certify::protect::scenario::ranks_text(group)
                    );
                    let got = run(&values, &parse(&s));
                    assert!(!got.suits, "a sorted card shows no suit");
                    assert_same(&got, &answer(&table, k, Some(group)), &what(&s));
                }
                let got = run(&values, &parse(&hand));
                let want = answer_by(&table, |r, u| {
                    let ranks = format!("{} {}", rank_char(r[places[0]]), rank_char(r[places[1]]));
                    match (suits, u[places[0]] == u[places[1]]) {
                        (false, _) => ranks,
                        (true, true) => format!("{ranks} / one suit"),
                        (true, false) => format!("{ranks} / two suits"),
                    }
                });
                assert_same(&got, &want, &what(&hand));
                // The best partition: every one tried here (two cards for
                // the base game, one for each side bet).
                let most = if set_no == 0 { 2u8 } else { 1 };
                for k in 1..=most {
                    let s = format!("groups:{k}:best");
                    let got = run(&values, &parse(&s));
                    let first = marginal(&table, k as usize);
                    let best = classes_of_groups((1u16..(1 << 13) - 1).collect(), &cards)
                        .into_iter()
                        .map(|g| answer(&first, k as usize, Some(g)).sit)
                        .max()
                        .expect("partitions");
                    assert_eq!(got.player_edge_sitting_out, best, "{}", what(&s));
                    let g = got.partition.expect("a partition");
                    assert_same(&got, &answer(&table, k as usize, Some(g)), &what(&s));
                    assert!(g.count_ones() <= 6, "named by the smaller group");
                    for r in &got.runners_up {
                        assert!(r.player_edge_sitting_out <= best, "{}", what(&s));
                    }
                }
            }
        }
    });
}

/// The best three- and four-card partitions (searched by moving one rank
/// at a time) against every group tried on its own (one of each class the
/// shoe cannot tell apart: `classes_of_groups`), the way a given group is
/// run (itself checked against the brute force above).
#[test]
fn the_best_partition_search_equals_trying_every_group() {
    for path in ["rules/punto_banco.yaml", "rules/lucky_monkey.yaml"] {
        let spec = resolved(path);
        let (all, sets) = sets(&spec);
        let set: Vec<Choice> = sets
            .last()
            .expect("a set")
            .iter()
            .map(|&c| all[c].clone())
            .collect();
        let mut wagers: Vec<usize> = set
            .iter()
            .flat_map(|c| c.parts.iter().map(|p| p.0))
            .collect();
        wagers.sort_unstable();
        wagers.dedup();
        let mut mix = Mix(0x5e);
        let (cards, composition) = small_shoe(&mut mix, 12);
        let observed = Observed::new(&spec, &wagers, &composition).expect("observable");
        let values = Values::new(&observed, &set);
        for k in [3u8, 4] {
            let best = run(
                &values,
                &Scenario::parse(&format!("groups:{k}:best")).expect("scenario"),
            );
            let every: Vec<(BigRational, BigRational)> =
                classes_of_groups((1u16..1 << 12).collect(), &cards)
                    .into_par_iter()
                    .map(|g| {
                        let s = format!("groups:{k}:{}", certify::protect::scenario::ranks_text(g));
                        let o = run(&values, &Scenario::parse(&s).expect("scenario"));
                        (o.player_edge_sitting_out, o.player_edge)
                    })
                    .collect();
            let top = every.iter().max().expect("groups");
            assert_eq!(
                (&best.player_edge_sitting_out, &best.player_edge),
                (&top.0, &top.1),
                "{path} groups:{k}:best"
            );
            assert_eq!(best.searched, 4095);
        }
    }
}

/// Which side bets read suits, as the rule documents word them: a seen
/// card's suit is part of what the player knows for these and no others.
#[test]
fn the_side_bets_that_read_suits_are_seen_with_their_suits() {
    for (path, bet, reads) in [
        ("rules/lucky_monkey.yaml", "lucky_monkey/paytable_3", true),
        ("rules/lucky_8.yaml", "lucky_8_player", true),
        ("rules/21st_century_baccarat.yaml", "lucky_match", false),
        ("rules/21st_century_baccarat.yaml", "lucky_7", false),
    ] {
        let spec = resolved(path);
        let request = certify::protection::Request {
            scenarios: Some(vec![
                Scenario::parse(&format!("ranks:4@{bet}")).expect("scenario"),
            ]),
            ..Default::default()
        };
        let o = certify::protection::protect(&spec, 8, &request)
            .expect("computed")
            .outcomes
            .remove(0);
        assert_eq!(o.suits, reads, "{path} {bet}");
        let sees = certify::protect::sees(&o);
        assert_eq!(sees.contains("suits"), reads, "{sees}");
    }
}

fn pct(r: &BigRational, places: usize) -> String {
    format!("{:.*}", places, r.to_f64().expect("a number") * 100.0)
}

/// Eliot Jacobson, "Edge Sorting in Baccarat" (apheat.net, 18 August
/// 2012) and "Edge Sorting in Baccarat, Update #1" (888casino.com blog),
/// eight decks, the player betting Banker, Player or Tie: one sorted card
/// (6789 high) gives 6.765%; four cards sorted 6789 give 20.928% (nothing
/// bet when no wager is profitable: Low-Low against Low-Low, 22.824% of
/// rounds), the player's HL against the banker's LL 36.332% on 20.502% of
/// rounds; the best four-card sort (Fred Roach's search) 30.291%.
#[test]
fn edge_sorting_matches_jacobsons_published_figures() {
    let spec = resolved("rules/punto_banco.yaml");
    let run_one = |s: &str| {
        let request = certify::protection::Request {
            scenarios: Some(vec![Scenario::parse(s).expect("scenario")]),
            ..Default::default()
        };
        certify::protection::protect(&spec, 8, &request)
            .expect("computed")
            .outcomes
            .remove(0)
    };
    let one = run_one("groups:1:6789");
    assert_eq!(one.choices, ["banker", "player", "tie"]);
    assert_eq!(pct(&one.player_edge, 3), "6.765");
    let four = run_one("groups:4:6789");
    assert_eq!(pct(&four.player_edge_sitting_out, 3), "20.928");
    let at = |o: &str| {
        four.decisions
            .iter()
            .find(|d| d.observation == o)
            .expect("an observation")
    };
    // Dealing order: player, banker, player, banker.
    let hl_ll = [at("in out out out"), at("out out in out")];
    assert!(hl_ll.iter().all(|d| four.choices[d.choice] == "player"));
    assert_eq!(pct(&hl_ll[0].edge, 3), "36.332");
    assert_eq!(
        pct(&(&hl_ll[0].probability + &hl_ll[1].probability), 3),
        "20.502"
    );
    let ll_ll = at("out out out out");
    assert!(!ll_ll.bet);
    assert_eq!(pct(&ll_ll.probability, 3), "22.824");
    let best = run_one("groups:4:best");
    assert_eq!(pct(&best.player_edge_sitting_out, 3), "30.291");
    assert_eq!(best.searched, 4095);
}

/// A player following the decision table of `groups:1:best` (and one of
/// `groups:4:6789`, sitting out), dealt rounds from full eight-deck shoes
/// by a seeded generator and settled by the reference evaluator, wins on
/// average within the 99.9% interval of the exact edge.
#[test]
fn a_simulated_player_following_the_decision_table_lands_on_the_exact_edge() {
    let spec = resolved("rules/punto_banco.yaml");
    let settler = Settler::new(&spec);
    for (s, sitting_out, seed) in [("groups:1:best", false, 7u64), ("groups:4:6789", true, 11)] {
        let request = certify::protection::Request {
            scenarios: Some(vec![Scenario::parse(s).expect("scenario")]),
            ..Default::default()
        };
        let o = certify::protection::protect(&spec, 8, &request)
            .expect("computed")
            .outcomes
            .remove(0);
        let group = o.partition.expect("a group");
        let k = o.scenario.cards as usize;
        let table: BTreeMap<&str, (usize, bool)> = o
            .decisions
            .iter()
            .map(|d| (d.observation.as_str(), (d.choice, d.bet)))
            .collect();
        let wager_of = |name: &str| {
            spec.wagers
                .iter()
                .position(|w| w.id == name)
                .expect("wager")
        };
        let mut mix = Mix(seed);
        let rounds = 400_000u64;
        let (mut sum, mut squares) = (0f64, 0f64);
        let shoe: Vec<Card> = (0..8)
            .flat_map(|_| (1..=13).flat_map(|r| (0..4).map(move |s| Card::new(r, s))))
            .collect();
        for _ in 0..rounds {
            // Six cards from a full shoe, in order (a partial shuffle).
            let mut deck = shoe.clone();
            let mut seq = [deck[0]; 6];
            for (i, slot) in seq.iter_mut().enumerate() {
                let j = i + mix.below((deck.len() - i) as u64) as usize;
                deck.swap(i, j);
                *slot = deck[i];
            }
            let label: Vec<&str> = seq[..k]
                .iter()
                .map(|c| {
                    if group & (1 << (c.rank - 1)) != 0 {
                        "in"
                    } else {
                        "out"
                    }
                })
                .collect();
            let (choice, bet) = table[label.join(" ").as_str()];
            if sitting_out && !bet {
                continue;
            }
            let round = round_of_sequence(&spec, &seq);
            let r = &settler.settle(&spec, &round)[wager_of(&o.choices[choice])];
            let net = r.outcomes[0].net();
            let x = net.num as f64 / net.den as f64;
            sum += x;
            squares += x * x;
        }
        let n = rounds as f64;
        let mean = sum / n;
        let sd = (squares / n - mean * mean).sqrt();
        let half = 3.29 * sd / n.sqrt();
        let exact = if sitting_out {
            &o.player_edge_sitting_out
        } else {
            &o.player_edge
        }
        .to_f64()
        .expect("a number");
        assert!(
            (mean - exact).abs() <= half,
            "{s}: simulated {mean} ± {half}, exact {exact}"
        );
    }
}

/// The "done when": the best four-card partition and its exact
/// edge as JSON, every field the issue names; refusals exit 2.
#[test]
fn the_protect_command_prints_the_best_partition_as_json_and_refuses_bad_scenarios() {
    let out = certify(&[
        "protect",
        "rules/punto_banco.yaml",
        "--scenario",
        "groups:4:best",
        "--json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let s = &doc["scenarios"][0];
    assert_eq!(s["scenario"], "groups:4:best");
    assert_eq!(s["partitions_searched"], 4095);
    for field in [
        "player_edge",
        "player_edge_sitting_out",
        "edge_per_bet_sitting_out",
        "share_bet",
    ] {
        let f = s[field]["fraction"].as_str().expect(field);
        assert!(f.contains('/'), "{field}: {f}");
    }
    let partition = s["partition"].as_str().expect("partition");
    assert!(!partition.is_empty() && partition.len() < 13);
    assert_eq!(s["decisions"].as_array().expect("decisions").len(), 16);
    assert_eq!(s["runners_up"].as_array().expect("runners-up").len(), 5);

    // A table of more than 16 observations is counted; `--decisions` lists
    // it whole, one row per observation, in the text as in the JSON.
    let ranks = |extra: &[&str]| {
        let mut args = vec!["protect", "rules/punto_banco.yaml", "--scenario", "ranks:4"];
        args.extend_from_slice(extra);
        let out = certify(&args);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    let counted: serde_json::Value = serde_json::from_str(&ranks(&["--json"])).expect("JSON");
    let listed: serde_json::Value =
        serde_json::from_str(&ranks(&["--json", "--decisions"])).expect("JSON");
    let (counted, listed) = (&counted["scenarios"][0], &listed["scenarios"][0]);
    // Every four-rank sequence happens in eight decks.
    assert_eq!(counted["observations"], 13 * 13 * 13 * 13);
    assert_eq!(counted["decisions"].as_array().map(Vec::len), Some(0));
    assert_eq!(listed["decisions"].as_array().map(Vec::len), Some(28_561));
    assert_eq!(counted["player_edge"], listed["player_edge"]);
    let text = ranks(&[]);
    assert!(
        text.contains("ranks:4: 28561 observations (the decision table: --decisions)"),
        "{text}"
    );
    let text = ranks(&["--decisions"]);
    assert!(text.contains("ranks:4: decision table"), "{text}");
    assert!(
        text.contains("| K K K K "),
        "the last of the four-rank rows"
    );

    for (args, says) in [
        (
            &["--scenario", "ranks:5"][..],
            "K is the number of first cards seen",
        ),
        (&["--scenario", "peek:1"][..], "is not a scenario"),
        (&["--scenario", "groups:1:6X9"][..], "`X` is not a rank"),
        (
            &["--scenario", "groups:2:A23456789TJQK"][..],
            "leave some out",
        ),
        (
            &["--wagers", "player,bankr"][..],
            "no wager or combined wager `bankr`",
        ),
        (
            &["--scenario", "ranks:1@nope"][..],
            "no wager or combined wager `nope`",
        ),
    ] {
        let mut all = vec!["protect", "rules/punto_banco.yaml"];
        all.extend_from_slice(args);
        let out = certify(&all);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
    }
}

/// The base game's wagers are the spec's to declare (`report.protect`):
/// an id that is neither a wager nor a combined entry is refused where it
/// is written, and the declared ones are the command's default choices.
#[test]
fn the_protected_wagers_are_declared_in_the_spec_and_checked() {
    use certify::check::check_source;
    use certify::spec::SourceFile;
    let text = std::fs::read_to_string("rules/punto_banco.yaml").expect("readable");
    assert!(text.contains("protect: [banker, player, tie]"));
    let spec = check_source(&SourceFile::new("ok.yaml", &text)).expect("checks");
    assert_eq!(
        certify::protection::default_choices(&spec),
        ["banker", "player", "tie"]
    );
    let bad = text.replace("protect: [banker, player, tie]", "protect: [banker, plyer]");
    let Err(ds) = check_source(&SourceFile::new("bad.yaml", &bad)) else {
        panic!("an unknown wager must be refused");
    };
    let shown = certify::diag::render_all(&ds, &bad);
    assert!(shown.contains("unknown wager `plyer`"), "{shown}");
    let line = bad
        .lines()
        .position(|l| l.contains("plyer"))
        .expect("the line")
        + 1;
    assert!(shown.contains(&format!(":{line}:")), "{shown}");
}
