//! The library of published side bets (`rules/library/`, its fixtures in
//! `fixtures/library/`): every spec checks, its handwritten cases pass, and
//! every house edge a publisher printed (the spec's `published:` rows) is what
//! certify computes at the printed precision, unless the row says the
//! publisher's figure is wrong and gives the exact house edge, which must then
//! be certify's to the digits it gives. Beside them, the figures publishers
//! print at other deck counts and the winning combinations they count, which a
//! `published:` row cannot hold, are checked here, each with its source.
//! Nothing is simulated: the check, the fixtures and the exact enumeration.

use certify::engine::Analysis;
use certify::model::Spec;
use certify::numbers::percent;
use certify::options::Options;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

const LIBRARY: &str = "rules/library";
const FIXTURES: &str = "fixtures/library";
/// The words a row uses for a publisher's figure that certify does not
/// confirm, followed by the exact figure and `%`.
const EXACT: &str = "the exact house edge is ";

fn specs() -> Vec<String> {
    let found = certify::spec::spec_files(LIBRARY);
    assert!(found.len() >= 25, "the library holds {} specs", found.len());
    found
}

/// One library bet: its spec checked and its handwritten cases run, as
/// `certify check SPEC --fixtures fixtures/library` does, and every figure
/// computed at the spec's deck count.
struct Bet {
    path: String,
    spec: Spec,
    cases: usize,
    analysis: Analysis,
}

/// Every bet of the library, checked, run and analysed once for all the
/// tests below; a refused spec or a failed case panics with what failed.
fn library() -> &'static [Bet] {
    static BETS: OnceLock<Vec<Bet>> = OnceLock::new();
    BETS.get_or_init(|| {
        let options = Options {
            fixtures: Some(FIXTURES.into()),
            ..Options::default()
        };
        specs()
            .into_iter()
            .map(|path| {
                let p = certify::pipeline::prepare(&path, &options)
                    .unwrap_or_else(|e| panic!("{path}: {e:?}"));
                let cases: BTreeSet<&str> = p.fixtures.iter().map(|r| r.case.as_str()).collect();
                let cases = cases.len();
                let analysis = certify::pipeline::analyse(&p.spec, p.spec.shoe.decks);
                Bet {
                    path,
                    spec: p.spec,
                    cases,
                    analysis,
                }
            })
            .collect()
    })
}

fn bet(id: &str) -> &'static Bet {
    library()
        .iter()
        .find(|b| b.spec.id == id)
        .unwrap_or_else(|| panic!("no library spec {id}"))
}

fn table<'a>(
    a: &'a Analysis,
    wager: &str,
    pay_table: &str,
) -> &'a certify::engine::stats::TableStats {
    a.wagers
        .iter()
        .find(|w| w.id == wager)
        .and_then(|w| w.tables.iter().find(|t| t.id == pay_table))
        .unwrap_or_else(|| panic!("no pay table {wager}/{pay_table}"))
}

/// The figure after [`EXACT`] in a row's source, e.g. `8.45847%`.
fn stated_exact(source: &str) -> Option<&str> {
    let at = source.find(EXACT)? + EXACT.len();
    let rest = &source[at..];
    Some(&rest[..=rest.find('%')?])
}

fn places(printed: &str) -> u32 {
    let number = printed.trim_end_matches('%');
    number.split_once('.').map_or(0, |(_, f)| f.len() as u32)
}

/// The spec's document is its restated rule text in `documents/`, the bytes
/// its `sha256` names, saying that it is not the owner's document; every
/// assumption quotes it.
fn check_document(path: &str, spec: &Spec) -> Vec<String> {
    let mut wrong = Vec::new();
    let doc = Path::new(LIBRARY).join("documents").join(&spec.document);
    let Ok(bytes) = std::fs::read(&doc) else {
        return vec![format!("{path}: no document {}", doc.display())];
    };
    let sha = certify::report::document::sha256_hex(&bytes);
    if spec.document_id.sha256.as_deref() != Some(sha.as_str()) {
        wrong.push(format!("{path}: sha256 of {} is {sha}", doc.display()));
    }
    let text = String::from_utf8_lossy(&bytes)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if !text.contains("This is not the game owner's rule document.") {
        wrong.push(format!(
            "{path}: {} does not say it is a restatement",
            doc.display()
        ));
    }
    for a in &spec.assumptions {
        for part in a.quote.split(" / ") {
            let part = part.split_whitespace().collect::<Vec<_>>().join(" ");
            if !text.contains(&part) {
                wrong.push(format!("{path}: assumption `{}` quotes {part:?}", a.id));
            }
        }
    }
    wrong
}

/// Every spec checks, runs at least three handwritten cases that all pass,
/// names a document that is the restated rule text it hashes, and cites at
/// least one published figure; every fixture file names a library spec.
#[test]
fn every_bet_checks_and_its_handwritten_cases_pass() {
    let mut wrong = Vec::new();
    let mut ids = Vec::new();
    for b in library() {
        let path = &b.path;
        if b.cases < 3 {
            wrong.push(format!("{path}: {} handwritten cases", b.cases));
        }
        if b.spec.published.is_empty() {
            wrong.push(format!("{path}: no published figure"));
        }
        wrong.extend(check_document(path, &b.spec));
        let stem = Path::new(path).file_stem().unwrap().to_string_lossy();
        if stem != b.spec.id {
            wrong.push(format!("{path}: id `{}` is not the file name", b.spec.id));
        }
        ids.push(b.spec.id.as_str());
    }
    for entry in std::fs::read_dir(FIXTURES).unwrap() {
        let file = entry.unwrap().path();
        let text = std::fs::read_to_string(&file).unwrap();
        let named = text
            .lines()
            .find_map(|l| l.strip_prefix("spec: "))
            .unwrap_or_default()
            .trim();
        if !ids.contains(&named) {
            wrong.push(format!(
                "{}: names no library spec ({named:?})",
                file.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Every published house edge is confirmed at the precision printed, as the
/// report's comparison makes it; a row certify does not confirm must say so
/// and give the exact figure, which is certify's. A row that states an exact
/// figure and matches is refused too: the explanation would be stale.
#[test]
fn every_published_figure_is_confirmed_or_its_slip_is_shown_exactly() {
    let mut wrong = Vec::new();
    let (mut confirmed, mut slips) = (0, 0);
    for b in library() {
        let (path, a) = (&b.path, &b.analysis);
        let checks = certify::assess::claims::check_list(&b.spec.published, a);
        for (c, row) in checks.iter().zip(&b.spec.published) {
            let at = format!(
                "{path}: {} {} {}",
                row.wagers.join("+"),
                row.pay_table,
                row.house_edge
            );
            match (c.matches, stated_exact(&row.source)) {
                (true, None) => confirmed += 1,
                (true, Some(_)) => {
                    wrong.push(format!("{at}: confirmed, yet its source calls it wrong"))
                }
                (false, None) => wrong.push(format!(
                    "{at}: not confirmed (certify: {}); say why and give the exact figure",
                    c.computed
                )),
                (false, Some(exact)) => {
                    slips += 1;
                    let t = table(a, &row.wagers[0], &row.pay_table);
                    let ours = percent(&t.house_edge(), places(exact));
                    if ours != exact {
                        wrong.push(format!("{at}: states {exact}, certify computes {ours}"));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // The figures as the library holds them: a row added or changed is seen here.
    assert_eq!((confirmed, slips), (CONFIRMED, SLIPS));
}

const CONFIRMED: usize = 107;
const SLIPS: usize = 7;

/// (spec, wager, pay table, decks, printed, source): house edges published
/// at a deck count other than the spec's default.
#[rustfmt::skip]
const OTHER_DECKS: &[(&str, &str, &str, u32, &str, &str)] = &[
    ("dragon_bonus", "dragon_bonus_player", "standard", 6, "2.67%", "Wizard of Odds, Dragon Bonus House Edge, 6 decks"),
    ("dragon_bonus", "dragon_bonus_banker", "standard", 6, "9.39%", "Wizard of Odds, Dragon Bonus House Edge, 6 decks"),
    ("dragon_bonus", "dragon_bonus_player", "standard", 4, "2.70%", "Wizard of Odds, Dragon Bonus House Edge, 4 decks"),
    ("dragon_bonus", "dragon_bonus_banker", "standard", 4, "9.42%", "Wizard of Odds, Dragon Bonus House Edge, 4 decks"),
    ("perfect_pairs", "perfect_pairs_v1", "pays_25", 6, "17.0716%", "Wizard of Odds, Perfect Pairs (Version 1), Win Pays 25 to 1 - Six Decks: return -0.170716"),
    ("perfect_pairs", "perfect_pairs_v1", "pays_26", 6, "13.88%", "Wizard of Odds, Perfect Pairs (Version 1), six decks at 26 to 1: a house edge of 13.88%"),
    ("tie", "tie", "eight_to_one", 6, "14.4382%", "Wizard of Odds, Baccarat, 6 decks: Tie 8 to 1, house edge 14.4382%"),
    ("four_five_six", "six_cards", "standard", 6, "4.7395%", "Wizard of Odds, 4-5-6 Side Bet - 6 Decks, 6 cards: return -0.047395"),
];

/// (spec, wager, pay table, decks, printed, exact, source): the same, for
/// figures certify does not confirm, with the exact figure. The Wizard of
/// Odds works the 4-5-6 returns from probabilities rounded to six places
/// (2.5 x 0.378925 - 1 = -0.0526875, printed -0.052688).
#[rustfmt::skip]
const OTHER_DECKS_SLIPS: &[(&str, &str, &str, u32, &str, &str, &str)] = &[
    ("four_five_six", "four_cards", "standard", 6, "5.2688%", "5.26874%", "Wizard of Odds, 4-5-6 Side Bet - 6 Decks, 4 cards: return -0.052688"),
    ("four_five_six", "five_cards", "standard", 6, "8.9380%", "8.93806%", "Wizard of Odds, 4-5-6 Side Bet - 6 Decks, 5 cards: return -0.089380"),
];

#[test]
fn figures_published_at_other_deck_counts() {
    let mut wrong = Vec::new();
    let analysis = |id: &str, decks: u32| {
        let spec = &bet(id).spec;
        assert!(
            spec.document_decks
                .as_ref()
                .is_some_and(|d| d.counts.contains(&decks)),
            "{id}: the spec does not name {decks} decks among the publisher's"
        );
        certify::pipeline::analyse(spec, decks)
    };
    for &(id, wager, pay_table, decks, printed, source) in OTHER_DECKS {
        let a = analysis(id, decks);
        let ours = percent(&table(&a, wager, pay_table).house_edge(), places(printed));
        if ours != printed {
            wrong.push(format!(
                "{id} {wager} at {decks} decks: {source} prints {printed}, certify {ours}"
            ));
        }
    }
    for &(id, wager, pay_table, decks, printed, exact, source) in OTHER_DECKS_SLIPS {
        let a = analysis(id, decks);
        let edge = table(&a, wager, pay_table).house_edge();
        let ours = percent(&edge, places(exact));
        let at_printed = percent(&edge, places(printed));
        if ours != exact || at_printed == printed {
            wrong.push(format!(
                "{id} {wager} at {decks} decks: {source}: certify {ours} ({at_printed})"
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// (spec, wager, event, combinations): winning combinations of the 8-deck
/// shoe (4,998,398,275,503,360 ordered six-card sequences) as the Wizard of
/// Odds prints them, to the last combination. Its pages, by spec:
/// 3-Card Win; EZ Baccarat; Ox 6 and Kill the Ox/Tiger; Lucky 6; Golden
/// Frog; Bad Beat Baccarat; 3 Giving 8; Egalite Bets; Tie Max; Lucky 99;
/// Natural Hand Side Bets; Side Total Side Bets; Exact Winning Side and
/// Total in Baccarat (Super Baccarat).
#[rustfmt::skip]
const COUNTS: &[(&str, &str, &str, u128)] = &[
    ("three_card_win", "player_3_card_win", "player_three_card_win", 942_837_427_226_624),
    ("three_card_win", "banker_3_card_win", "banker_three_card_win", 763_885_033_768_960),
    ("ez_baccarat", "dragon_7", "banker_three_card_7_wins", 112_633_011_329_024),
    ("ez_baccarat", "panda_8", "player_three_card_8_wins", 172_660_763_262_976),
    ("dai_bacc", "ox_6", "player_three_card_6_wins", 109_309_407_541_248),
    ("dai_bacc", "kill_ox_tiger", "kill_the_ox", 84_102_272_663_808),
    ("dai_bacc", "kill_ox_tiger", "kill_the_tiger", 54_956_551_870_464),
    ("lucky_6", "lucky_6", "two_card_6_wins", 186_173_936_904_192),
    ("lucky_6", "lucky_6", "three_card_6_wins", 83_058_367_551_488),
    ("golden_frog", "any_8_beats_any_6", "eight_beats_six", 150_358_085_283_840),
    ("golden_frog", "two_card_9_beats_two_card_7", "nine_beats_seven", 90_066_027_282_432),
    ("golden_frog", "three_card_9_beats_three_card_1", "nine_beats_one", 28_511_182_835_712),
    ("bad_beat", "any_bad_beat", "three_card_9_over_8", 20_727_962_554_368),
    ("bad_beat", "any_bad_beat", "natural_9_over_8", 89_717_848_178_688),
    ("bad_beat", "any_bad_beat", "eight_over_seven", 156_966_594_535_424),
    ("bad_beat", "any_bad_beat", "seven_over_six", 195_793_881_763_840),
    ("bad_beat", "any_bad_beat", "other_margin_of_one", 369_982_973_018_112),
    ("three_giving_8", "three_giving_8", "three_gives_eight", 22_708_577_366_016),
    ("egalite", "egalite_9", "tie_on_9", 55_146_054_060_032),
    ("egalite", "egalite_8", "tie_on_8", 54_879_416_675_072),
    ("egalite", "egalite_7", "tie_on_7", 101_717_538_899_968),
    ("egalite", "egalite_6", "tie_on_6", 96_170_001_308_416),
    ("egalite", "egalite_5", "tie_on_5", 39_684_046_743_808),
    ("egalite", "egalite_4", "tie_on_4", 36_294_133_463_040),
    ("egalite", "egalite_3", "tie_on_3", 22_250_510_129_408),
    ("egalite", "egalite_2", "tie_on_2", 20_006_606_104_576),
    ("egalite", "egalite_1", "tie_on_1", 20_499_217_668_352),
    ("egalite", "egalite_0", "tie_on_0", 28_979_901_420_544),
    ("egalite", "egalite_group_1_to_3", "tie", 62_756_333_902_336),
    ("egalite", "egalite_group_4_to_5", "tie", 75_978_180_206_848),
    ("egalite", "egalite_group_6_to_7", "tie", 197_887_540_208_384),
    ("egalite", "egalite_group_8_to_9", "tie", 110_025_470_735_104),
    ("tie_max", "low_tie_max", "low_tie", 74_570_116_880_640),
    ("tie_max", "high_tie_max", "high_tie", 401_057_309_592_576),
    ("lucky_99", "lucky_99", "both_natural_9", 44_838_810_157_056),
    ("lucky_99", "lucky_99", "banker_natural_9", 429_522_620_252_160),
    ("lucky_99", "lucky_99", "player_natural_9", 429_522_620_252_160),
    ("natural_8_9", "player_natural_8", "natural_8", 472_508_456_071_680),
    ("natural_8_9", "banker_natural_8", "natural_8", 472_508_456_071_680),
    ("natural_8_9", "player_natural_9", "natural_9", 474_361_430_409_216),
    ("natural_8_9", "banker_natural_9", "natural_9", 474_361_430_409_216),
    ("side_totals", "player_total_9", "total_9", 668_220_074_600_448),
    ("side_totals", "player_total_8", "total_8", 665_982_456_134_400),
    ("side_totals", "player_total_7", "total_7", 668_117_541_187_584),
    ("side_totals", "player_total_6", "total_6", 665_920_136_276_736),
    ("side_totals", "player_total_5", "total_5", 372_435_601_541_376),
    ("side_totals", "player_total_4", "total_4", 371_426_030_979_072),
    ("side_totals", "player_total_3", "total_3", 372_517_215_488_256),
    ("side_totals", "player_total_2", "total_2", 371_465_655_324_672),
    ("side_totals", "player_total_1", "total_1", 372_517_055_559_936),
    ("side_totals", "player_total_0", "total_0", 469_796_508_410_880),
    ("side_totals", "banker_total_9", "total_9", 641_996_333_062_144),
    ("side_totals", "banker_total_8", "total_8", 639_959_843_756_800),
    ("side_totals", "banker_total_7", "total_7", 641_950_993_608_704),
    ("side_totals", "banker_total_6", "total_6", 605_184_530_090_752),
    ("side_totals", "banker_total_5", "total_5", 503_359_177_443_584),
    ("side_totals", "banker_total_4", "total_4", 466_997_733_545_984),
    ("side_totals", "banker_total_3", "total_3", 363_761_246_869_760),
    ("super_baccarat", "player_wins_on_9", "win_on_9", 613_074_020_540_416),
    ("super_baccarat", "player_wins_on_8", "win_on_8", 555_823_197_134_848),
    ("super_baccarat", "player_wins_on_7", "win_on_7", 408_043_979_470_848),
    ("super_baccarat", "player_wins_on_6", "win_on_6", 312_658_895_192_064),
    ("super_baccarat", "player_wins_on_5", "win_on_5", 122_838_277_197_824),
    ("super_baccarat", "player_wins_on_4", "win_on_4", 86_165_771_096_064),
    ("super_baccarat", "player_wins_on_3", "win_on_3", 62_946_423_310_336),
    ("super_baccarat", "player_wins_on_2", "win_on_2", 44_328_525_111_296),
    ("super_baccarat", "player_wins_on_1", "win_on_1", 24_639_193_538_560),
    ("super_baccarat", "banker_wins_on_9", "win_on_9", 586_850_279_002_112),
    ("super_baccarat", "banker_wins_on_8", "win_on_8", 529_914_458_673_152),
    ("super_baccarat", "banker_wins_on_7", "win_on_7", 384_279_324_919_808),
    ("super_baccarat", "banker_wins_on_5", "win_on_5", 216_715_928_915_968),
    ("super_baccarat", "banker_wins_on_4", "win_on_4", 163_359_790_133_248),
    ("super_baccarat", "banker_wins_on_3", "win_on_3", 72_927_778_568_192),
    ("super_baccarat", "banker_wins_on_2", "win_on_2", 44_681_581_871_104),
    ("super_baccarat", "banker_wins_on_1", "win_on_1", 24_291_119_898_624),
];

#[test]
fn winning_combinations_as_published() {
    let mut wrong = Vec::new();
    for &(id, wager, event, published) in COUNTS {
        let b = bet(id);
        assert_eq!(b.spec.shoe.decks, 8, "{id}");
        let a = &b.analysis;
        let w = a
            .wagers
            .iter()
            .find(|w| w.id == wager)
            .unwrap_or_else(|| panic!("{id}: no {wager}"));
        let ours = w.tables[0]
            .events
            .iter()
            .find(|e| e.id == event)
            .unwrap_or_else(|| panic!("{id} {wager}: no {event}"))
            .combinations;
        if ours != published {
            wrong.push(format!(
                "{id} {wager} {event}: published {published}, certify {ours}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The Lucky 6's two-card and three-card Banker wins on 6 together are the
/// Banker's wins on 6 of the Wizard of Odds' "Exact Winning Side and Total"
/// (269,232,304,455,680): the Super Baccarat spec leaves that bet to the
/// Lucky 6, so the two specs are checked against the one table here.
#[test]
fn the_lucky_6_is_the_banker_win_on_6() {
    let t = table(&bet("lucky_6").analysis, "lucky_6", "las_vegas");
    assert_eq!(t.wins, 269_232_304_455_680);
}

/// The library's README lists every bet, one table row each, and no other.
#[test]
fn the_readme_lists_every_bet() {
    let text = std::fs::read_to_string(format!("{LIBRARY}/README.md")).unwrap();
    let listed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split_once("` |").map(|(id, _)| id))
        .collect();
    let ids: Vec<String> = specs()
        .iter()
        .map(|p| {
            Path::new(p)
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ids, "README rows: {listed:?}");
}
