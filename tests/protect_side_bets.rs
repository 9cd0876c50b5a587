//! Game protection of side bets at eight decks (issue 46), against figures
//! derived here without the engine:
//!
//! * a full enumeration written in this file: every sequence of ranks a
//!   round deals from the eight-deck shoe, weighted by the ways its cards
//!   (and the six-card sequence's undealt places) are dealt,
//!   settled by the reference evaluator (`certify::eval`, which shares no
//!   code with the engine), summed by the ranks of the first four cards;
//!   the player who may sit out bets where that sum is positive. A lab
//!   examiner's independent enumeration quoted in the issue gives the same
//!   figures to four places (Lucky Match 55.8382%, Monster and Buster
//!   51.4935%, Lucky 7 50.4464%, Lucky Monkey's paytable 1 28.5021%);
//! * two decision-table entries counted by hand;
//! * the money: the exact edge times the maximum bet and the rounds an
//!   hour, and the command's JSON beside the report's.

mod support;

use certify::cards::Card;
use certify::check::check_file;
use certify::eval::play::round_of_sequence;
use certify::eval::settle::Settler;
use certify::model::Spec;
use certify::protect::{Outcome, Scenario};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use rayon::prelude::*;
use support::certify;

const CENTURY: &str = "rules/21st_century_baccarat.yaml";
const MONKEY: &str = "rules/lucky_monkey.yaml";

fn resolved(path: &str) -> Spec {
    let spec = check_file(path).expect("a valid spec").1;
    let decks = spec.shoe.decks;
    certify::strategy::for_decks(&spec, decks).into_owned()
}

/// One scenario on the spec at eight decks, through the stage.
fn scenario(spec: &Spec, text: &str) -> Outcome {
    let request = certify::protection::Request {
        scenarios: Some(vec![Scenario::parse(text).expect("a scenario")]),
        ..Default::default()
    };
    certify::protection::protect(spec, 8, &request)
        .expect("computed")
        .outcomes
        .remove(0)
}

fn pct(r: &BigRational) -> String {
    format!("{:.4}", r.to_f64().expect("a number") * 100.0)
}

/// A place's ranks where the round deals it, else one "any card" (None).
fn ranks_if(dealt: bool) -> Vec<Option<u8>> {
    if dealt {
        (0..13).map(Some).collect()
    } else {
        vec![None]
    }
}

/// The player who may sit out, knowing the ranks of the first four cards,
/// per round dealt, for each wager `(index, pay table)` of `spec`: every
/// ordered sequence of ranks the round deals from an eight-deck shoe (32
/// cards a rank), weighted by the ordered ways to deal its cards and the
/// ways to fill the six-card sequence's places the round leaves undealt
/// (a third card not drawn: any of the cards left), settled by the
/// reference evaluator; the sums by the first four ranks kept where
/// positive. Suits are all one: only wagers that read none are asked.
///
/// A place is enumerated only where the evaluator deals it (the
/// player's third card is the fifth of the sequence, the banker's the
/// sixth, whichever draws): the same sum as every six-rank sequence, with
/// a fourteenth of the settlements for a round that draws one card.
fn sitting_out_by_enumeration(spec: &Spec, wagers: &[(usize, usize)]) -> Vec<BigRational> {
    const SHOE: i128 = 416;
    let settler = Settler::new(spec);
    let n = wagers.len();
    let seq = |ranks: [u8; 6]| -> [Card; 6] { ranks.map(|r| Card::new(r + 1, 0)) };
    // Per first four ranks (13^4), per wager: the net summed, in units.
    let firsts: Vec<Vec<i128>> = (0..13u8 * 13)
        .into_par_iter()
        .map(|ab| {
            let (a, b) = (ab / 13, ab % 13);
            let mut sums = vec![0i128; 169 * n];
            for c in 0..13u8 {
                for d in 0..13u8 {
                    let mut left = [32i128; 13];
                    let mut ways = 1i128;
                    for r in [a, b, c, d] {
                        ways *= left[r as usize];
                        left[r as usize] -= 1;
                    }
                    let row = &mut sums[(c as usize * 13 + d as usize) * n..][..n];
                    // The fifth place where the player draws, else any card.
                    let player_draws = round_of_sequence(spec, &seq([a, b, c, d, 0, 0])).dealt(2);
                    for e in ranks_if(player_draws) {
                        let (mut left, mut ways, mut used) = (left, ways, 4);
                        if let Some(e) = e {
                            ways *= left[e as usize];
                            left[e as usize] -= 1;
                            used += 1;
                        }
                        let e = e.unwrap_or(0);
                        let banker_draws =
                            round_of_sequence(spec, &seq([a, b, c, d, e, 0])).dealt(5);
                        for f in ranks_if(banker_draws) {
                            let (mut ways, mut used) = (ways, used);
                            if let Some(f) = f {
                                ways *= left[f as usize];
                                used += 1;
                            }
                            // The places left undealt: any of the cards left.
                            for k in used..6 {
                                ways *= SHOE - k;
                            }
                            let round =
                                round_of_sequence(spec, &seq([a, b, c, d, e, f.unwrap_or(0)]));
                            let results = settler.settle(spec, &round);
                            for (i, &(w, t)) in wagers.iter().enumerate() {
                                let net = results[w].outcomes[t].net();
                                assert_eq!(net.den, 1, "whole pays");
                                row[i] += ways * net.num;
                            }
                        }
                    }
                }
            }
            sums
        })
        .collect();
    let total: i128 = (0..6).map(|i| SHOE - i).product();
    (0..n)
        .map(|i| {
            let kept: i128 = firsts
                .iter()
                .flat_map(|s| s.chunks(n).map(move |row| row[i]))
                .filter(|&x| x > 0)
                .sum();
            BigRational::new(BigInt::from(kept), BigInt::from(total))
        })
        .collect()
}

/// 21st Century's three side bets, the first four ranks seen: the
/// engine's exact figures are the enumeration's, and the examiner's.
#[test]
fn the_side_bets_of_21st_century_with_four_cards_seen_equal_an_enumeration() {
    let spec = resolved(CENTURY);
    let bets = [
        ("lucky_match", "standard", "55.8382"),
        ("monster_buster", "merged_rows", "51.4935"),
        ("lucky_7", "forty_to_one", "50.4464"),
    ];
    let wagers: Vec<(usize, usize)> = bets
        .iter()
        .map(|(w, t, _)| support::wager_table(&spec, w, t))
        .collect();
    let want = sitting_out_by_enumeration(&spec, &wagers);
    for ((id, _, examiner), want) in bets.iter().zip(&want) {
        let got = scenario(&spec, &format!("ranks:4@{id}"));
        assert!(!got.suits, "{id} reads no suit");
        assert_eq!(&got.player_edge_sitting_out, want, "{id}");
        assert_eq!(pct(want), *examiner, "{id}: the examiner's figure");
    }
}

/// Lucky Monkey's paytable 1 pays every pair of J/Q/K third cards alike,
/// so its figure does not depend on suits: the engine (which sees the
/// suits, the wager reading them under other paytables) equals the
/// enumeration by rank.
#[test]
fn lucky_monkey_paytable_1_with_four_cards_seen_equals_an_enumeration() {
    let spec = resolved(MONKEY);
    let want = sitting_out_by_enumeration(
        &spec,
        &[support::wager_table(&spec, "lucky_monkey", "paytable_1")],
    );
    let got = scenario(&spec, "ranks:4@lucky_monkey");
    assert!(got.suits, "the wager reads suits");
    assert_eq!(got.player_edge_sitting_out, want[0]);
    assert_eq!(pct(&want[0]), "28.5021", "the examiner's figure");
}

/// Two decision-table entries counted by hand, eight decks (416 cards, 32
/// of each rank), the first four cards seen.
///
/// Lucky Match, four aces: both hands hold 2 and draw, so six cards are
/// dealt; with an ace among the two third cards (28 aces left of 412)
/// they make five or six of a kind (250 to 1), else four of a kind (30 to
/// 1, a pair beside it changing nothing).
///
/// Lucky 7, four ten-valued cards (the player's and banker's 0): the
/// player draws; the banker, on 0, draws whatever the player's third
/// card; the banker's three-card total is its third card's value. The bet
/// wins 40 to 1 when that is a 7 and the player's third card is worth 0
/// to 6 (a 7 ties): 124 ten-valued cards and 192 of 1 to 6 of 412, then
/// one of 32 sevens of 411.
#[test]
fn two_decision_table_entries_counted_by_hand() {
    let spec = resolved(CENTURY);
    let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
    let no_ace = r(384 * 383, 412 * 411);
    let one = BigRational::from_integer(BigInt::from(1));
    let lucky_match = r(250, 1) * (&one - &no_ace) + r(30, 1) * &no_ace;
    let lucky_7 = r(41, 1) * r(316, 412) * r(32, 411) - &one;
    let four = r(32 * 31 * 30 * 29, 416 * 415 * 414 * 413);
    for (id, seen, edge) in [
        ("lucky_match", "A A A A", lucky_match),
        ("lucky_7", "T T T T", lucky_7),
    ] {
        let request = certify::protection::Request {
            scenarios: Some(vec![
                Scenario::parse(&format!("ranks:4@{id}")).expect("a scenario"),
            ]),
            all_decisions: true,
            ..Default::default()
        };
        let o = certify::protection::protect(&spec, 8, &request)
            .expect("computed")
            .outcomes
            .remove(0);
        let d = o
            .decisions
            .iter()
            .find(|d| d.observation == seen)
            .expect("the observation");
        assert_eq!(d.edge, edge, "{id} {seen}");
        assert_eq!(d.probability, four, "{id} {seen}");
        assert!(d.bet, "{id} {seen}: worth betting");
    }
}

/// The money of a scenario is its exact edge for the player who may sit
/// out, times the wager's maximum bet (21st Century's table limits: $300
/// a side bet), times the rounds dealt an hour (none declared: 72).
#[test]
fn the_money_is_the_edge_at_the_maximum_bet_and_the_rounds_an_hour() {
    let spec = resolved(CENTURY);
    let request = certify::protection::Request {
        scenarios: Some(vec![
            Scenario::parse("ranks:4@lucky_match").expect("a scenario"),
        ]),
        ..Default::default()
    };
    let p = certify::protection::protect(&spec, 8, &request).expect("computed");
    let (o, e) = (&p.outcomes[0], &p.exposures[0]);
    assert_eq!(p.pace.rounds_per_hour, 72);
    assert!(!p.pace.declared);
    let stake = BigRational::from_integer(BigInt::from(300));
    assert_eq!(e.stakes[0].source, certify::protection::StakeSource::Spec);
    assert_eq!(e.per_round, &o.player_edge_sitting_out * &stake);
    assert_eq!(
        e.per_hour,
        &e.per_round * BigRational::from_integer(BigInt::from(72))
    );
    assert_eq!(
        e.countermeasures,
        [certify::protection::Countermeasure::CloseBeforeDeal]
    );
    // A maximum bet given on the command line replaces the spec's.
    let mut request = request.clone();
    request.max_bets = vec![(
        "lucky_match".into(),
        certify::model::Ratio { num: 100, den: 1 },
    )];
    let p = certify::protection::protect(&spec, 8, &request).expect("computed");
    let e = &p.exposures[0];
    assert_eq!(
        e.stakes[0].source,
        certify::protection::StakeSource::CommandLine
    );
    assert_eq!(
        e.per_round,
        &o.player_edge_sitting_out * BigRational::from_integer(BigInt::from(100))
    );
}

/// `certify protect SPEC --json` without `--scenario` runs the report's
/// set, every wager, and gives each scenario's money; the report's JSON
/// carries the same money and count of observations for the same
/// scenario.
#[test]
fn the_command_runs_every_wager_and_its_money_is_the_reports() {
    let out = certify(&["protect", MONKEY, "--json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(doc["rounds_per_hour"], 72);
    let scenarios = doc["scenarios"].as_array().expect("scenarios");
    for table in ["", "/paytable_2", "/paytable_3", "/paytable_4"] {
        for s in ["ranks:1", "groups:1:best", "ranks:4", "groups:4:best"] {
            let text = format!("{s}@lucky_monkey{table}");
            assert!(
                scenarios.iter().any(|x| x["scenario"] == text.as_str()),
                "{text}"
            );
        }
    }
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("reports/lucky_monkey.json").expect("the shipped report"),
    )
    .expect("JSON");
    let shipped = report["protection"]["scenarios"]
        .as_array()
        .expect("the report's scenarios");
    let first = |list: &[serde_json::Value], text: &str| {
        list.iter()
            .find(|x| x["scenario"] == text)
            .cloned()
            .unwrap_or_else(|| panic!("{text}"))
    };
    let text = "ranks:4@lucky_monkey";
    let (command, shipped) = (first(scenarios, text), first(shipped, text));
    assert_eq!(command["money"], shipped["money"]);
    // A decision table of thousands of rows is counted, not listed, unless
    // asked for (`--decisions`): every table listed made this JSON 6.5 GB.
    let observations = command["observations"].as_u64().expect("observations");
    assert!(
        observations > 28_561,
        "suits seen split the ranks: {observations}"
    );
    assert_eq!(command["decisions"].as_array().map(Vec::len), Some(0));
    assert_eq!(shipped["observations"], command["observations"]);
    assert_eq!(command["money"]["rank"], 1, "the largest, ranked first");
    assert_eq!(command["money"]["stakes"][0]["from"], "reference");
    for field in ["edge", "per_round_dealt", "per_hour"] {
        let f = command["money"][field]["fraction"].as_str().expect(field);
        assert!(f.contains('/'), "{field}: {f}");
    }
}
