//! The counter at other deck counts (issue 35, "fewer or more decks"): the
//! deck counts chosen, a count derived at each count's own shoe (not taken
//! from the run's), measured as the study measures it, and the same bytes
//! whatever the thread count.

use certify::check::check_file;
use certify::model::Spec;
use certify::removal::{derive_count, effects_of_removal};
use certify::simulator::{Settings, Shard, cut_cards, default_penetration};
use certify::strategy::for_decks;
use certify::study::other_decks::deck_counts;
use certify::study::{Request, Shoes, other_decks, study};
use std::sync::atomic::AtomicU64;

fn load(path: &str) -> Spec {
    check_file(path)
        .map(|(_, s)| s)
        .unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// The rule: the smallest and largest allowed counts and one between
/// (the document's count nearest the middle of the range, the larger on a
/// tie, else the middle rounded up), never the run's own.
#[test]
fn the_deck_counts_measured_follow_the_rule() {
    let cases: [(&str, u32, &[u32]); 7] = [
        // Allowed 3-8, the document names 3-8: 5 and 6 tie at the middle.
        ("rules/21st_century_baccarat.yaml", 8, &[3, 6]),
        // Run at 6: 5 is nearest the middle; 8 is the largest.
        ("rules/21st_century_baccarat.yaml", 6, &[3, 5, 8]),
        ("rules/21st_century_baccarat.yaml", 3, &[6, 8]),
        // Allowed 1-8, the document names 6 and 8.
        ("rules/golden_bacc.yaml", 8, &[1, 6]),
        // The document names only 8 (or none): the middle, 4.5 up to 5.
        ("rules/lucky_draw_baccarat.yaml", 8, &[1, 5]),
        ("rules/lucky_monkey.yaml", 8, &[1, 5]),
        ("rules/lucky_monkey.yaml", 5, &[1, 8]),
    ];
    for (path, decks, want) in cases {
        assert_eq!(deck_counts(&load(path), decks), want, "{path} at {decks}");
    }
}

fn request(rounds: u64, shoes: u64) -> Request {
    Request {
        settings: Settings {
            rounds,
            seed: 17,
            penetration: default_penetration(),
            shard: Shard::WHOLE,
        },
        shoes: Shoes {
            rank_level: shoes,
            suit_reading: shoes,
        },
    }
}

/// 21st Century at 8 decks: every pay table the study calls countable (here
/// two side bets, marked so: a small run decides nothing) is measured at 3
/// and 6 decks, with the count derived from that shoe's own
/// effects of removal (computed here on the whole spec, apart from the
/// stage's restricted one), the threshold chosen there measured on the
/// sampled shoes, at the study's cut card as a share of the shoe.
#[test]
fn each_countable_table_is_measured_with_its_own_deck_count() {
    let spec = load("rules/21st_century_baccarat.yaml");
    let req = request(1_000_000, 60);
    let resolved = for_decks(&spec, 8).into_owned();
    let (mut st, _) = study(&resolved, 8, &req, &AtomicU64::new(0));
    for t in &mut st.tables {
        t.countable = ["lucky_7", "lucky_match"].contains(&t.wager.as_str());
    }
    let countable: Vec<(&str, &str)> = st
        .tables
        .iter()
        .filter(|t| t.countable)
        .map(|t| (t.wager.as_str(), t.pay_table.as_str()))
        .collect();
    assert_eq!(countable.len(), 2);
    let other = other_decks(&spec, 8, &req, &st);
    assert_eq!(other.iter().map(|o| o.decks).collect::<Vec<_>>(), [3, 6]);
    for o in &other {
        let d = o.decks;
        let measured: Vec<(&str, &str)> = o
            .tables
            .iter()
            .map(|t| (t.wager.as_str(), t.pay_table.as_str()))
            .collect();
        assert_eq!(measured, countable, "at {d} decks");
        assert_eq!(o.cards, 52 * d as usize);
        assert_eq!(
            o.cut_card,
            cut_cards(o.cards, default_penetration())[2],
            "the study's cut card as a share of the shoe"
        );
        // A quarter of the study's shoes: rounds in proportion to the
        // decks (the last shoes finished).
        let quarter = (1_000_000 * d as u64).div_ceil(4 * 8);
        assert!(
            (quarter..quarter + 200).contains(&o.dealt_rounds),
            "{}",
            o.dealt_rounds
        );
        // 60 shoes of 8 decks, as shoes of d decks holding an eighth of
        // their rounds.
        assert_eq!(o.shoes.rank_level, (60 * 8u64).div_ceil(8 * d as u64));
        let at_d = effects_of_removal(&for_decks(&spec, d), d);
        let at_8 = effects_of_removal(&resolved, 8);
        for t in &o.tables {
            let find = |r: &certify::removal::Removal, decks: u32| {
                let table = r
                    .tables
                    .iter()
                    .find(|x| x.wager == t.wager && x.pay_table == t.pay_table)
                    .expect("table");
                derive_count(table, decks)
            };
            let (own, run) = (find(&at_d, d), find(&at_8, 8));
            assert_eq!(t.count.tags, own.tags, "{} at {d} decks", t.wager);
            assert_eq!(t.count.correlation, own.correlation, "{} at {d}", t.wager);
            // Not the run's count: the effects differ with the shoe.
            assert_ne!(t.count.correlation, run.correlation, "{} at {d}", t.wager);
            let m = t.measured.as_ref().expect("shoes were sampled");
            assert_eq!(m.threshold, t.selected.threshold);
            assert_eq!(m.sample.shoes, o.shoes.rank_level);
            assert!((m.penetration - st.procedure.penetrations[2]).abs() < 1e-12);
            // The study's test of a win, at this count.
            assert_eq!(
                t.countable,
                !m.never_bets && m.expected.value - m.expected.half_width > 0.0
            );
        }
    }
}

/// One thread or two: the same measurements, to the byte.
#[test]
fn other_deck_counts_do_not_depend_on_the_thread_count() {
    let spec = load("rules/lucky_monkey.yaml");
    let req = request(400_000, 24);
    let resolved = for_decks(&spec, 8).into_owned();
    let json = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool")
            .install(|| {
                let (mut st, _) = study(&resolved, 8, &req, &AtomicU64::new(0));
                // Every table measured, whatever this small run found.
                st.tables.iter_mut().for_each(|t| t.countable = true);
                serde_json::to_string(&other_decks(&spec, 8, &req, &st)).expect("json")
            })
    };
    let one = json(1);
    assert!(
        one.contains("\"decks\":1") && one.contains("\"decks\":5"),
        "{one}"
    );
    assert_eq!(one, json(2));
}
