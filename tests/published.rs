//! The engine against exact figures published by independent analysts
//! (../shared/reference/published-figures.md) and against the house edges the
//! rule documents print. Every figure here was derived outside this project.

use certify::check::check_file;
use certify::engine::stats::TableStats;
use certify::engine::{Analysis, total_sequences};
use certify::model::Spec;
use certify::numbers::percent;
use certify::pipeline::analyse;

fn spec(path: &str) -> Spec {
    check_file(path)
        .unwrap_or_else(|e| panic!("{path}: {e:?}"))
        .1
}

fn table<'a>(a: &'a Analysis, wager: &str, table: &str) -> &'a TableStats {
    let w = a
        .wagers
        .iter()
        .find(|w| w.id == wager)
        .unwrap_or_else(|| panic!("no wager {wager}"));
    w.tables
        .iter()
        .find(|t| t.id == table)
        .unwrap_or_else(|| panic!("no table {table}"))
}

fn count(t: &TableStats, event: &str) -> u128 {
    t.events
        .iter()
        .find(|e| e.id == event)
        .unwrap_or_else(|| panic!("no event {event}"))
        .combinations
}

fn edge(t: &TableStats) -> String {
    percent(&t.house_edge(), 4)
}

#[test]
fn totals_follow_the_six_card_convention() {
    // published-figures.md: 8 decks 4,998,398,275,503,360; 6 decks 878,869,206,895,680.
    assert_eq!(total_sequences(8), 4_998_398_275_503_360);
    assert_eq!(total_sequences(6), 878_869_206_895_680);
    assert_eq!(total_sequences(1), 14_658_134_400);
}

/// Wizard of Odds, "Baccarat odds for 1 to 12 decks" and the 8-deck table.
#[test]
fn base_game_at_1_6_and_8_decks() {
    let s = spec("rules/punto_banco.yaml");
    let cases: [(u32, u128, u128, u128); 3] = [
        (
            8,
            2_292_252_566_437_888,
            2_230_518_282_592_256,
            475_627_426_473_216,
        ),
        (
            6,
            403_095_751_234_560,
            392_220_492_728_832,
            83_552_962_932_288,
        ),
        (1, 6_737_232_640, 6_548_674_432, 1_372_227_328),
    ];
    for (decks, banker, player, tie) in cases {
        let a = analyse(&s, decks);
        assert_eq!(a.total, total_sequences(decks));
        let b = table(&a, "banker", "commission");
        assert_eq!(
            (count(b, "win"), count(b, "tie")),
            (banker, tie),
            "{decks} decks"
        );
        let p = table(&a, "player", "even_money");
        assert_eq!(count(p, "win"), player, "{decks} decks");
    }
    let a = analyse(&s, 8);
    assert_eq!(edge(table(&a, "banker", "commission")), "1.0579%");
    assert_eq!(edge(table(&a, "player", "even_money")), "1.2351%");
    assert_eq!(edge(table(&a, "tie", "eight_to_one")), "14.3596%");
    let a = analyse(&s, 6);
    assert_eq!(edge(table(&a, "banker", "commission")), "1.0558%");
    assert_eq!(edge(table(&a, "player", "even_money")), "1.2374%");
    assert_eq!(edge(table(&a, "tie", "eight_to_one")), "14.4382%");
}

/// Wizard of Odds, EZ Baccarat (Eliot Jacobson agrees): 1.0183%.
#[test]
fn no_commission_banker_pushes_a_winning_three_card_7() {
    let a = analyse(&spec("rules/punto_banco.yaml"), 8);
    let t = table(&a, "banker_no_commission", "standard");
    assert_eq!(count(t, "win"), 2_179_619_555_108_864);
    assert_eq!(count(t, "win_three_card_7"), 112_633_011_329_024);
    assert_eq!(edge(t), "1.0183%");
}

/// Wizard of Odds, 5 Treasures (Fortune 7 / Golden 8): Dragon 7 and Panda 8.
#[test]
fn three_card_7_and_8_wins() {
    let a = analyse(&spec("rules/21st_century_baccarat.yaml"), 8);
    let t = table(&a, "lucky_7", "forty_to_one");
    assert_eq!(t.wins, 112_633_011_329_024);
    assert_eq!(edge(t), "7.6113%");
    let a = analyse(&spec("rules/golden_bacc.yaml"), 8);
    let t = table(&a, "gb_fortune_8", "standard");
    assert_eq!(t.wins, 172_660_763_262_976);
    assert_eq!(edge(t), "10.1876%");
}

const DRAGON_PLAYER: [(&str, u128); 8] = [
    ("win_by_9", 18_409_431_764_992),
    ("win_by_8", 34_097_645_543_424),
    ("win_by_7", 89_590_261_473_280),
    ("win_by_6", 141_238_897_317_888),
    ("win_by_5", 166_169_165_987_840),
    ("win_by_4", 186_780_352_174_080),
    ("natural_win", 812_685_054_124_032),
    ("natural_tie", 89_325_908_267_520),
];
const DRAGON_BANKER: [(&str, u128); 8] = [
    ("win_by_9", 15_390_342_909_952),
    ("win_by_8", 28_305_092_784_128),
    ("win_by_7", 79_517_099_278_336),
    ("win_by_6", 119_200_072_366_080),
    ("win_by_5", 157_275_882_332_160),
    ("win_by_4", 201_147_167_287_296),
    ("natural_win", 812_685_054_124_032),
    ("natural_tie", 89_325_908_267_520),
];

fn check_dragon(a: &Analysis, player: &str, banker: &str, table_id: &str) {
    for (wager, figures, loss, edge_8) in [
        (player, DRAGON_PLAYER, 3_460_101_558_850_304u128, "2.6517%"),
        (banker, DRAGON_BANKER, 3_495_551_656_153_856, "9.3731%"),
    ] {
        let t = table(a, wager, table_id);
        for (event, c) in figures {
            assert_eq!(count(t, event), c, "{wager} {event}");
        }
        assert_eq!(t.no_event, loss, "{wager} loss");
        assert_eq!(edge(t), edge_8, "{wager}");
    }
}

/// Wizard of Odds, baccarat side bets appendix: the Dragon Bonus, whose pay
/// table the Golden Bacc document prints as the Phoenix Bonus.
#[test]
fn phoenix_bonus_is_the_published_dragon_bonus() {
    let s = spec("rules/golden_bacc.yaml");
    check_dragon(
        &analyse(&s, 8),
        "phoenix_bonus_player",
        "phoenix_bonus_banker",
        "standard",
    );
    for (decks, p, b) in [(6, "2.67%", "9.39%"), (4, "2.70%", "9.42%")] {
        let a = analyse(&s, decks);
        assert_eq!(
            percent(
                &table(&a, "phoenix_bonus_player", "standard").house_edge(),
                2
            ),
            p
        );
        assert_eq!(
            percent(
                &table(&a, "phoenix_bonus_banker", "standard").house_edge(),
                2
            ),
            b
        );
    }
}

/// The spec language is truly declarative: the Dragon Bonus, which is in no
/// rule document, is written only as YAML under tests/ and reproduces the
/// published counts with no Rust written for it.
#[test]
fn a_wager_written_only_in_yaml_reproduces_published_counts() {
    let s = spec("tests/specs/dragon_bonus.yaml");
    check_dragon(
        &analyse(&s, 8),
        "dragon_bonus_player",
        "dragon_bonus_banker",
        "wizard",
    );
}

/// Wizard of Odds, Lucky Match (the same pay table as 21st Century's).
#[test]
fn lucky_match_combined_hand_pays() {
    let a = analyse(&spec("rules/21st_century_baccarat.yaml"), 8);
    let t = table(&a, "lucky_match", "standard");
    let want: [(&str, u128); 6] = [
        ("five_six_kind", 356_942_987_520),
        ("double_triplets", 616_417_689_600),
        ("four_kind", 12_273_961_559_040),
        ("full_house", 40_022_630_768_640),
        ("three_kind", 207_858_985_697_280),
        ("two_pairs", 385_294_498_430_976),
    ];
    for (event, c) in want {
        assert_eq!(count(t, event), c, "{event}");
    }
    assert_eq!(t.no_event, 4_351_974_838_370_304);
    assert_eq!(percent(&t.house_edge(), 2), "8.89%");
}

/// The Lucky 8 document prints house edges for all three pay tables and the
/// combined equal wagers; Eliot Jacobson computed L8-1 as 6.1493% / 9.7224%.
#[test]
fn lucky_8_claims_and_jacobsons_figures() {
    let s = spec("rules/lucky_8.yaml");
    let a = analyse(&s, 8);
    let claims = certify::assess::claims::check(&s, &a);
    assert_eq!(claims.len(), 9);
    for claim in &claims {
        assert!(claim.matches, "{claim:?}");
    }
    assert_eq!(edge(table(&a, "lucky_8_player", "l8_1")), "6.1493%");
    assert_eq!(edge(table(&a, "lucky_8_banker", "l8_1")), "9.7224%");
}

/// A claim the figures do not support is flagged, not silently accepted.
#[test]
fn a_wrong_claim_is_flagged() {
    let text = std::fs::read_to_string("rules/lucky_8.yaml")
        .unwrap()
        .replace("\"6.1%\"", "\"6.2%\"");
    let source = certify::spec::SourceFile::new("rules/lucky_8_wrong_claim.yaml", text);
    let s = certify::check::check_source(&source).expect("valid spec");
    let a = analyse(&s, 8);
    let claims = certify::assess::claims::check(&s, &a);
    assert!(claims.iter().any(|cl| !cl.matches && cl.printed == "6.2%"));
    let n = claims.iter().filter(|cl| !cl.matches).count();
    assert_eq!(n, 1, "only the altered claim differs");
}

/// Results are bit-identical whatever the number of threads.
#[test]
fn thread_count_does_not_change_results() {
    let s = spec("rules/lucky_monkey.yaml");
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let a = pool.install(|| analyse(&s, 8));
        format!("{a:?}")
    };
    assert_eq!(run(1), run(2));
}

/// `n / d` at `places` decimals, rounded half away from zero, by integer
/// arithmetic (independent of `certify::numbers`).
fn rounded(n: u128, d: u128, places: u32) -> String {
    let q = (2 * n * 10u128.pow(places) + d) / (2 * d);
    let s = format!("{q:0>width$}", width = places as usize + 1);
    let (int, frac) = s.split_at(s.len() - places as usize);
    format!("{int}.{frac}")
}

/// A fresh report (not the committed one) prints the Banker's published
/// 8-deck counts as the document's figures: each event's probability at
/// ten places and its odds, the hit and push frequencies at four, all
/// rounded here from Wizard of Odds' counts.
#[test]
fn a_fresh_report_prints_the_banker_shares_of_the_published_counts() {
    use certify::pipeline::{Options, certify};
    let (win, lose, tie) = (
        2_292_252_566_437_888u128,
        2_230_518_282_592_256u128,
        475_627_426_473_216u128,
    );
    let total = win + lose + tie;
    let options = Options {
        samples: 10,
        ..Options::default()
    };
    let c = certify("rules/punto_banco.yaml", &options, &|_, f| f()).unwrap_or_else(|_| panic!());
    let md = c.render().expect("renders").markdown;
    let heading = "### Banker (5% commission)\n";
    let start = md.find(heading).expect("the Banker's section") + heading.len();
    let section = &md[start..start + md[start..].find("\n### ").unwrap()];
    let row = |first: &str| -> Vec<String> {
        let line = section
            .lines()
            .find(|l| l.starts_with(&format!("| {first}")))
            .unwrap_or_else(|| panic!("no row {first}"));
        line.split('|').map(|c| c.trim().to_string()).collect()
    };
    // "1 in N", N = total / count rounded to a whole number.
    let odds = |n: u128| format!("1 in {}", (2 * total + n) / (2 * n));
    for (event, n) in [("Banker wins", win), ("Tie", tie), ("(no event", lose)] {
        let cells = row(event);
        assert_eq!(cells[4], rounded(n, total, 10), "{event}: probability");
        assert_eq!(cells[5], odds(n), "{event}: odds");
    }
    assert_eq!(
        row("Hit frequency")[2],
        format!("{}%", rounded(100 * win, total, 4))
    );
    assert_eq!(
        row("Push frequency")[2],
        format!("{}%", rounded(100 * tie, total, 4))
    );
}

/// Each wager is enumerated as finely as its conditions read, and no finer
/// (the report states it; a coarser plan would miscount, a finer one
/// mislabels). Expected from the documents' wording: the Dragon and Tie
/// bets read hand totals and card counts only; a Pair compares the ranks
/// of a hand's first two cards ("same rank", so a king and a queen are no
/// pair); Lucky 8 pays more when the three cards share a suit.
#[test]
fn each_wager_is_enumerated_at_the_granularity_its_conditions_read() {
    let cases = [
        ("rules/golden_bacc.yaml", "golden_dragon_7", "point value"),
        ("rules/golden_bacc.yaml", "if_tie_7", "point value"),
        ("rules/golden_bacc.yaml", "player_pair", "rank"),
        ("rules/golden_bacc.yaml", "banker_pair", "rank"),
        (
            "rules/lucky_8.yaml",
            "lucky_8_player",
            "point value and suit",
        ),
        ("rules/punto_banco.yaml", "banker", "point value"),
    ];
    for (path, wager, want) in cases {
        let a = analyse(&spec(path), 8);
        let w = a
            .wagers
            .iter()
            .find(|w| w.id == wager)
            .unwrap_or_else(|| panic!("{path}: no wager {wager}"));
        assert_eq!(w.granularity, want, "{path}: {wager}");
    }
}
