//! Whole table rounds (`certify table`): the hand-worked fixtures of
//! `fixtures/tables/`, refused rounds and specs with located errors, and
//! properties of the player-dealer's coverage: money is conserved, his net
//! stays within his stake, and a covered wager settles exactly as the
//! reference evaluator says.

use certify::cards::Card;
use certify::check::check_file;
use certify::cli::run;
use certify::diag::{Diagnostic, render_all};
use certify::eval::play::deal_sequence;
use certify::eval::{play, settle};
use certify::model::table::{Coverage, TableRules};
use certify::model::{Pay, Ratio, Spec};
use certify::spec::SourceFile;
use certify::table::check::check;
use certify::table::round::{Bet, TableRound, load};
use certify::table::settle::{Kind, cover};
use certify::table::settle_round;
use proptest::prelude::*;

const SPEC: &str = "rules/21st_century_baccarat.yaml";

fn certify(args: &[&str]) -> certify::cli::Output {
    run(std::iter::once("certify")
        .chain(args.iter().copied())
        .map(String::from))
}

fn spec() -> &'static Spec {
    static SPEC_: std::sync::OnceLock<Spec> = std::sync::OnceLock::new();
    SPEC_.get_or_init(|| check_file(SPEC).map(|(_, s)| s).expect("the spec checks"))
}

fn rules() -> &'static TableRules {
    spec().table.as_ref().expect("the spec declares a table")
}

fn files(dir: &str) -> Vec<String> {
    certify::spec::spec_files(dir)
}

// ------------------------------------------------------------------ fixtures

#[test]
fn the_spec_declares_its_table_rules() {
    let r = rules();
    assert_eq!(
        (r.seats, r.rotation, r.coverage),
        (8, 2, Coverage::RunningLimit)
    );
    let order: Vec<&str> = r.wagers.iter().map(|w| w.id.as_str()).collect();
    assert_eq!(
        order,
        [
            "player",
            "banker",
            "monster_buster",
            "lucky_7",
            "lucky_match"
        ]
    );
    let back: Vec<&str> = r
        .wagers
        .iter()
        .filter(|w| w.back_line)
        .map(|w| w.id.as_str())
        .collect();
    assert_eq!(back, ["player", "banker"]);
    let lucky_7 = &r.wagers[3];
    assert_eq!((lucky_7.min, lucky_7.max), (Ratio::int(1), Ratio::int(300)));
}

#[test]
fn hand_worked_rounds_settle_as_worked() {
    let fixtures = files("fixtures/tables");
    assert!(fixtures.len() >= 4, "{fixtures:?}");
    for f in fixtures {
        let out = certify(&["table", "--round", &f]);
        assert_eq!(out.code, 0, "{f}:\n{}\n{}", out.stdout, out.stderr);
        let checks = out.stdout.matches("— pass").count();
        assert!(
            checks >= 3,
            "{f}: hand-worked expectations missing\n{}",
            out.stdout
        );
        assert!(!out.stdout.contains("FAIL"), "{f}:\n{}", out.stdout);
    }
}

#[test]
fn the_stake_running_out_is_shown_per_wager() {
    let out = certify(&[
        "table",
        SPEC,
        "--round",
        "fixtures/tables/stake_runs_out.yaml",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    for line in [
        "| 3  | seat 1 | player         | 80    | win (1 to 1)         | paid 50, returned 30 | +50        | -300              |",
        "| 4  | seat 3 | player         | 40    | win (1 to 1)         | returned 40          | 0          | -300              |",
        "player-dealer: collected 235, paid 525, net -290 (stake 300); returned uncovered 70",
        "next hand: seat 4 holds the position (hand 2 of 2)",
        // The other reading, by hand: the stake is exhausted by wager 3
        // (net -300), so under `cutoff` every later wager is returned,
        // losers included, and the player-dealer ends at -300.
        "other coverage reading (cutoff): #5 returned 200; #6 returned 25; #7 returned 5; #8 returned 5; #9 returned 10; #10 returned 5; player-dealer net -300",
    ] {
        assert!(out.stdout.contains(line), "missing {line}\n{}", out.stdout);
    }
}

#[test]
fn json_output_names_every_settlement() {
    let out = certify(&[
        "table",
        "--round",
        "fixtures/tables/side_bets_win.yaml",
        "--json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(doc["spec"], "twenty_first_century_baccarat");
    assert_eq!(doc["coverage"], "running_limit");
    let second = &doc["rounds"][1];
    assert_eq!(second["player_dealer"]["net"], "-2000");
    assert_eq!(second["next"]["seat"], 6);
    let seat8 = second["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["bettor"] == "8" && w["wager"] == "lucky_7")
        .expect("seat 8's Lucky 7");
    assert_eq!(seat8["settlement"], "paid");
    assert_eq!(seat8["amount"], "1450");
    assert_eq!(seat8["returned"], "263.75");
    assert_eq!(seat8["pays"], "40 to 1");
}

#[test]
fn a_failed_expectation_fails_the_run() {
    let text = std::fs::read_to_string("fixtures/tables/stake_runs_out.yaml").unwrap();
    let wrong = text.replace("player_dealer_net: -290", "player_dealer_net: -300");
    let path = std::env::temp_dir().join(format!("certify-table-{}.yaml", std::process::id()));
    let wrong = wrong.replace(
        "spec: ../../rules",
        &format!("spec: {}/rules", env!("CARGO_MANIFEST_DIR")),
    );
    std::fs::write(&path, wrong).unwrap();
    let out = certify(&["table", "--round", &path.to_string_lossy()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.code, 1);
    assert!(out.stdout.contains("FAIL (got -290)"), "{}", out.stdout);
    assert!(
        out.stderr.contains("1 expectation(s) failed"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_spec_without_table_rules_is_refused() {
    let out = certify(&[
        "table",
        "rules/punto_banco.yaml",
        "--round",
        "fixtures/tables/rotation.yaml",
    ]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("declares no `table:` section"),
        "{}",
        out.stderr
    );
}

// ------------------------------------------------------------------ refused rounds

fn round_errors(path: &str) -> Vec<Diagnostic> {
    let src = SourceFile::read(path).expect("readable");
    let raw = match load(&src) {
        Ok(r) => r,
        Err(ds) => return ds,
    };
    match check(spec(), &src, &raw) {
        Ok(_) => panic!("{path} was accepted, but it is an error fixture"),
        Err(ds) => ds,
    }
}

#[test]
fn bad_rounds_are_refused_with_located_errors() {
    // (file, message fragment, line, column)
    let cases = [
        (
            "err_side_bet_without_line",
            "side bet `lucky_7` without a line wager: seat 2 places no player or banker wager",
            9,
            12,
        ),
        (
            "err_back_line_side_bet",
            "back-line betting is not permitted on `lucky_match`",
            10,
            53,
        ),
        (
            "err_outside_limits",
            "seat 1: `lucky_match` wager of 500 is outside its limits",
            8,
            38,
        ),
        ("err_unknown_seat", "unknown seat 9", 8, 7),
        (
            "err_cards_drawing_rules",
            "the cards do not follow the drawing rules: too many cards: the player hand stands on 6",
            6,
            23,
        ),
        (
            "err_player_dealer_bets",
            "seat 8 holds the player-dealer position",
            8,
            7,
        ),
        ("err_unknown_wager", "unknown wager `lucky7`", 8, 25),
        (
            "err_rotation",
            "the position moves to seat 1 after the previous hand, not to seat 3",
            10,
            28,
        ),
    ];
    for (name, message, line, column) in cases {
        let path = format!("fixtures/tables/errors/{name}.yaml");
        let ds = round_errors(&path);
        assert_eq!(ds.len(), 1, "{path}: {ds:?}");
        assert!(
            ds[0].message().contains(message),
            "{path}: {}",
            ds[0].message()
        );
        assert_eq!((ds[0].line, ds[0].column), (line, column), "{path}");
        // The command refuses it too, and settles nothing.
        let out = certify(&["table", "--round", &path]);
        assert_eq!(out.code, 1, "{path}");
        assert!(out.stdout.is_empty(), "{path}: {}", out.stdout);
        assert!(
            out.stderr.contains(&format!("{path}:{line}:{column}")),
            "{}",
            out.stderr
        );
    }
    assert_eq!(files("fixtures/tables/errors").len(), cases.len());
}

#[test]
fn refused_rounds_render_with_source_and_caret() {
    insta::glob!("../fixtures/tables/errors", "err_*.yaml", |path| {
        let rel = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .expect("inside the crate")
            .to_string_lossy()
            .trim_start_matches('/')
            .to_string();
        let ds = round_errors(&rel);
        let source = std::fs::read_to_string(&rel).expect("readable");
        insta::assert_snapshot!(render_all(&ds, &source));
    });
}

#[test]
fn bad_table_sections_are_refused_with_located_errors() {
    let ds = check_file("fixtures/tables/spec_errors/err_order_unknown_wager.yaml").unwrap_err();
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].message(), "unknown wager `sidebet`");
    assert_eq!((ds[0].line, ds[0].column, ds[0].width), (39, 28, 7));
    assert_eq!(ds[0].expected.as_deref(), Some("one of line, side"));

    let ds = check_file("fixtures/tables/spec_errors/err_table_many.yaml").unwrap_err();
    let got: Vec<(String, usize, usize)> =
        ds.iter().map(|d| (d.message(), d.line, d.column)).collect();
    let got: Vec<(&str, usize, usize)> = got.iter().map(|(m, l, c)| (m.as_str(), *l, *c)).collect();
    assert_eq!(
        got,
        [
            ("unknown coverage rule", 42, 13),
            ("the minimum is above the maximum", 43, 35),
            (
                "wager `side` is neither a line wager nor a side bet",
                39,
                28
            ),
        ]
    );
}

// ------------------------------------------------------------------ properties

fn card() -> impl Strategy<Value = Card> {
    (1u8..=13, 0u8..4).prop_map(|(r, s)| Card::new(r, s))
}

/// A bet: seat offset from the player-dealer (1..=7), wager, whole dollars,
/// and a back-line bettor's number (0 = the seated player).
fn bet() -> impl Strategy<Value = (u32, usize, i128, u8)> {
    (1u32..8, 0usize..5, 1i128..=400, 0u8..3)
}

/// A legal table round from arbitrary seats, wagers, stake and six cards.
fn table_round(
    pd: u32,
    stake: i128,
    seq: &[Card; 6],
    raw: &[(u32, usize, i128, u8)],
) -> TableRound {
    let spec = spec();
    let rules = rules();
    let played = play(spec, &deal_sequence(spec, seq), 8).expect("dealt by the rules");
    let mut bets: Vec<Bet> = Vec::new();
    for &(offset, wager, dollars, backer) in raw {
        let seat = (pd + offset - 1) % rules.seats + 1;
        let t = rules.wager(wager).unwrap();
        let backer = (backer > 0).then(|| format!("b{backer}"));
        if backer.is_some() && !t.back_line {
            continue;
        }
        let stake = Ratio::int(dollars).min(t.max).max(t.min);
        if bets
            .iter()
            .any(|b| b.seat == seat && b.backer == backer && b.wager == wager)
        {
            continue;
        }
        bets.push(Bet {
            seat,
            backer,
            wager,
            stake,
        });
    }
    TableRound {
        name: String::new(),
        seat: pd,
        stake: Ratio::int(stake),
        hand: 1,
        played,
        bets,
        declines: Vec::new(),
        expect: Vec::new(),
    }
}

fn pay_strategy() -> impl Strategy<Value = Pay> {
    prop_oneof![
        Just(Pay::Lose),
        Just(Pay::Push),
        (1i128..300, 1i128..5).prop_map(|(n, d)| Pay::Win(Ratio::new(n, d))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every dollar on the table ends somewhere: the stakes plus the
    /// player-dealer's stake equal what goes back to the bettors plus what he
    /// keeps; the bettors' nets and his net add up to zero; and he never wins
    /// or loses more than his stake, at any point of the settlement.
    #[test]
    fn money_is_conserved_and_the_stake_bounds_the_player_dealer(
        pd in 1u32..=8,
        stake in 1i128..=3000,
        seq in proptest::array::uniform6(card()),
        raw in proptest::collection::vec(bet(), 0..25),
    ) {
        let round = table_round(pd, stake, &seq, &raw);
        let s = settle_round(spec(), rules(), &[0; 5], &round);
        prop_assert_eq!(s.rows.len(), round.bets.len());
        let staked = round.bets.iter().fold(Ratio::int(stake), |a, b| a + b.stake);
        let mut back = Ratio::int(stake) + s.net;
        let mut nets = s.net;
        for r in &s.rows {
            back = back + r.bet.stake + r.settlement.player_net();
            nets = nets + r.settlement.player_net();
            prop_assert!(r.net_after >= -Ratio::int(stake) && r.net_after <= Ratio::int(stake));
            prop_assert!(r.settlement.returned >= Ratio::ZERO && r.settlement.returned <= r.bet.stake);
        }
        prop_assert_eq!(staked, back);
        prop_assert_eq!(nets, Ratio::ZERO);
        prop_assert!(s.net.num.abs() <= stake * s.net.den);
    }

    /// A wager the stake covers settles exactly as the reference evaluator
    /// says (stake times the net per unit); a partly covered one on the
    /// covered part of its stake; an uncovered one not at all. And the order
    /// is the document's: wager type, then seats clockwise from the
    /// player-dealer's left.
    #[test]
    fn covered_wagers_settle_as_the_evaluator_says(
        pd in 1u32..=8,
        stake in 1i128..=3000,
        seq in proptest::array::uniform6(card()),
        raw in proptest::collection::vec(bet(), 0..25),
    ) {
        let spec = spec();
        let round = table_round(pd, stake, &seq, &raw);
        let s = settle_round(spec, rules(), &[0; 5], &round);
        let evaluated = settle(spec, &round.played.round);
        let mut last = (0usize, 0u32);
        for r in &s.rows {
            let pay = evaluated[r.bet.wager].outcomes[0].pay;
            prop_assert_eq!(r.pay, pay);
            let covered = r.bet.stake - r.settlement.returned;
            match r.settlement.kind {
                Kind::Returned => prop_assert_eq!(covered, Ratio::ZERO),
                Kind::Pushed => prop_assert_eq!(pay, Pay::Push),
                Kind::Paid | Kind::Collected => {
                    prop_assert_eq!(r.settlement.player_net(), covered * pay.net());
                }
            }
            if r.settlement.returned == Ratio::ZERO && r.settlement.kind != Kind::Returned {
                prop_assert_eq!(r.settlement.player_net(), r.bet.stake * pay.net());
            }
            let kind = rules().wagers.iter().position(|w| w.wager == r.bet.wager).unwrap();
            let clockwise = (r.bet.seat + 8 - pd) % 8;
            prop_assert!(clockwise >= 1);
            prop_assert!((kind, clockwise) >= last, "out of order: {:?} after {:?}", (kind, clockwise), last);
            last = (kind, clockwise);
        }
        // A stake large enough for every wager covers them all.
        let big = table_round(pd, 1_000_000, &seq, &raw);
        let all = settle_round(spec, rules(), &[0; 5], &big);
        for r in &all.rows {
            prop_assert_eq!(r.settlement.returned, Ratio::ZERO);
            prop_assert_eq!(r.settlement.player_net(), r.bet.stake * r.pay.net());
        }
    }

    /// Both coverage rules, on arbitrary pays (fractional ones too): the net
    /// stays within the stake, and once the stake is exhausted the cutoff
    /// rule returns every later wager.
    #[test]
    fn coverage_rules_keep_the_net_within_the_stake(
        stake in 1i128..=500,
        wagers in proptest::collection::vec((1i128..=300, pay_strategy()), 0..20),
    ) {
        let wagers: Vec<(Ratio, Pay)> = wagers.into_iter().map(|(a, p)| (Ratio::int(a), p)).collect();
        let s = Ratio::int(stake);
        for rule in [Coverage::RunningLimit, Coverage::Cutoff] {
            let out = cover(rule, s, &wagers);
            let mut net = Ratio::ZERO;
            let mut exhausted = false;
            for ((settled, after), (amount, pay)) in out.iter().zip(&wagers) {
                if rule == Coverage::Cutoff && exhausted {
                    prop_assert_eq!(settled.kind, Kind::Returned);
                }
                net = net - settled.player_net();
                prop_assert_eq!(net, *after);
                prop_assert!(net >= -s && net <= s);
                let covered = *amount - settled.returned;
                if settled.kind != Kind::Returned && settled.kind != Kind::Pushed {
                    prop_assert_eq!(settled.player_net(), covered * pay.net());
                }
                exhausted = net == s || net == -s;
            }
        }
    }

    /// Arbitrary edits of a round file are refused or settled, never a panic.
    #[test]
    fn any_edit_of_a_round_file_is_refused_or_settled(at in 0usize..3000, len in 0usize..30, insert in "[ -~\\n]{0,16}") {
        let text = include_str!("../fixtures/tables/back_line.yaml");
        let at = at.min(text.len());
        let end = (at + len).min(text.len());
        if !text.is_char_boundary(at) || !text.is_char_boundary(end) {
            return Ok(());
        }
        let edited = format!("{}{}{}", &text[..at], insert, &text[end..]);
        let src = SourceFile::new("edited.yaml", edited.clone());
        if let Ok(raw) = load(&src) {
            match check(spec(), &src, &raw) {
                Ok(file) => {
                    let _ = certify::table::settle_file(spec(), rules(), &file);
                }
                Err(ds) => {
                    prop_assert!(!ds.is_empty());
                    for d in &ds {
                        prop_assert!(d.line <= edited.lines().count() + 1, "{:?}", d);
                    }
                }
            }
        }
    }
}

#[test]
fn the_manual_round_file_settles_as_its_expectations_say() {
    let readme = std::fs::read_to_string("docs/spec-reference.md").unwrap();
    let start = readme
        .find("spec: ../../rules/21st_century_baccarat.yaml")
        .expect("the manual shows a round file");
    let end = start + readme[start..].find("```").unwrap();
    let text = readme[start..end].replace(
        "spec: ../../rules",
        &format!("spec: {}/rules", env!("CARGO_MANIFEST_DIR")),
    );
    let path = std::env::temp_dir().join(format!("certify-readme-{}.yaml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let out = certify(&["table", "--round", &path.to_string_lossy()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    assert_eq!(out.stdout.matches("— pass").count(), 4, "{}", out.stdout);
}
