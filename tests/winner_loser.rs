//! `winner` and `loser` (issue 50, item 1) against the same bets written
//! with both hands (tests/specs/winner_loser.yaml holds each bet twice):
//! equal exact figures from the engine, the engine checked against the
//! reference evaluator, equal tallies in the simulator's shoes, and the
//! published count of natural wins.

use certify::check::check_file;
use certify::engine::{Analysis, WagerStats};
use certify::model::Spec;
use certify::simulator::{Settings, Shard, default_penetration, simulate};
use certify::verify::verify;
use std::sync::OnceLock;
use std::sync::atomic::AtomicU64;

const SPEC: &str = "tests/specs/winner_loser.yaml";

fn spec() -> Spec {
    check_file(SPEC)
        .unwrap_or_else(|e| panic!("{SPEC}: {e:?}"))
        .1
}

/// The spec's analysis at 8 decks, computed once for the tests that read
/// it.
fn eight_decks() -> &'static Analysis {
    static ANALYSIS: OnceLock<Analysis> = OnceLock::new();
    ANALYSIS.get_or_init(|| certify::pipeline::analyse(&spec(), 8))
}

/// The pairs of wagers: (`X_side`, `X_hands`) by index.
fn pairs(spec: &Spec) -> Vec<(usize, usize)> {
    let out: Vec<(usize, usize)> = spec
        .wagers
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            let bet = w.id.strip_suffix("_side")?;
            let j = spec
                .wagers
                .iter()
                .position(|x| x.id == format!("{bet}_hands"))?;
            Some((i, j))
        })
        .collect();
    assert_eq!(out.len() * 2, spec.wagers.len(), "every wager in a pair");
    out
}

fn same(a: &WagerStats, b: &WagerStats) {
    let holds = |w: &WagerStats| w.holds.iter().map(|(_, n)| *n).collect::<Vec<_>>();
    assert_eq!(holds(a), holds(b), "{} and {}", a.id, b.id);
    for (x, y) in a.tables.iter().zip(&b.tables) {
        assert_eq!(x.house_edge(), y.house_edge(), "{}", a.id);
        assert_eq!(x.variance, y.variance, "{}", a.id);
        assert_eq!(x.wins, y.wins, "{}", a.id);
    }
}

/// Each bet's figures are the same, written either way, at 8 decks and at
/// 1 (where the removal of each card weighs most).
#[test]
fn each_bet_has_the_same_figures_written_with_winner_and_loser_or_with_both_hands() {
    let spec = spec();
    let one = certify::pipeline::analyse(&spec, 1);
    for a in [eight_decks(), &one] {
        for (i, j) in pairs(&spec) {
            same(&a.wagers[i], &a.wagers[j]);
            assert!(a.wagers[i].holds[0].1 > 0, "{}: happens", a.wagers[i].id);
        }
    }
}

/// A natural win, either hand's: twice the Wizard of Odds' count of the
/// Player's natural wins, which equals the Banker's (Dragon Bonus, 8 decks:
/// "Natural win 812,685,054,124,032" on each side;
/// /work/shared/reference/published-figures.md).
#[test]
fn a_natural_winner_is_counted_as_published() {
    let a = eight_decks();
    let w = a
        .wagers
        .iter()
        .find(|w| w.id == "natural_win_side")
        .unwrap();
    assert_eq!(w.holds[0].1, 2 * 812_685_054_124_032);
}

/// Golden Bacc writes "3-Card 9 over 3-Card 7" with both hands; the same
/// bet with `winner` and `loser` holds on exactly its rounds.
#[test]
fn golden_bacc_s_nine_over_seven_is_the_winner_s_nine_over_the_loser_s_seven() {
    let golden = check_file("rules/golden_bacc.yaml").unwrap().1;
    let gb = certify::pipeline::analyse(&golden, 8);
    let theirs = gb
        .wagers
        .iter()
        .find(|w| w.id == "gb_three_card_9_over_7")
        .unwrap();
    let ours = eight_decks()
        .wagers
        .iter()
        .find(|w| w.id == "nine_over_seven_side")
        .unwrap();
    assert_eq!(ours.holds[0].1, theirs.holds[0].1);
}

/// The engine's reading of `winner` and `loser` against the reference
/// evaluator's (each written from the manual on its own): every ordered
/// sequence of three small shoes, and sampled rounds of the full shoe.
#[test]
fn the_engine_agrees_with_the_reference_evaluator() {
    let spec = spec();
    let v = verify(&spec, 8, 500);
    assert!(v.passed(), "{v:#?}");
    assert_eq!(v.sampled_comparisons, 500 * spec.wagers.len());
}

/// The simulator deals the same shoes to both ways of writing each bet:
/// every round settles alike, so the tallies are equal code for code.
#[test]
fn the_simulator_settles_both_ways_alike() {
    let spec = certify::strategy::for_decks(&spec(), 8).into_owned();
    let settings = Settings {
        rounds: 200_000,
        seed: 50,
        penetration: default_penetration(),
        shard: Shard::WHOLE,
    };
    let run = simulate(&spec, 8, &settings, None, &AtomicU64::new(0));
    for (i, j) in pairs(&spec) {
        assert_eq!(
            run.full.codes[i], run.full.codes[j],
            "{}",
            spec.wagers[i].id
        );
        assert_eq!(
            run.dealt.tables[i].codes, run.dealt.tables[j].codes,
            "{}",
            spec.wagers[i].id
        );
        assert!(run.full.codes[i][2] > 0, "{}: won", spec.wagers[i].id);
    }
}

/// On a tie there is no winner: `not winner.natural` holds on every tie,
/// `winner.total >= 0` on none (as a card not dealt).
#[test]
fn on_a_tie_every_condition_on_the_winner_is_false() {
    let text = std::fs::read_to_string(SPEC).unwrap().replace(
        "when: not winner.natural",
        "when: winner.total >= 0 or loser.total >= 0",
    );
    let spec = certify::check::check_source(&certify::spec::SourceFile::new(SPEC, text)).unwrap();
    let a = certify::pipeline::analyse(&spec, 8);
    let w = a
        .wagers
        .iter()
        .find(|w| w.id == "no_natural_win_side")
        .unwrap();
    // Published (8 decks): 475,627,426,473,216 ties.
    assert_eq!(w.holds[0].1, a.total - 475_627_426_473_216);
}
