//! Property checks of the drawing rules and settlement, against an oracle
//! written here from the documents' prose (the 21st Century Baccarat 10.0
//! and Lucky Monkey drawing rules), independent of the specs' charts.

use certify::cards::Card;
use certify::check::check_file;
use certify::eval::play::deal_sequence;
use certify::eval::{Deal, play, settle};
use certify::model::{FirstRule, Pay, Spec};
use proptest::prelude::*;

/// Specs whose first hand follows the punto banco rule.
const TABLEAU_SPECS: [&str; 5] = [
    "rules/punto_banco.yaml",
    "rules/lucky_monkey.yaml",
    "rules/21st_century_baccarat.yaml",
    "rules/lucky_8.yaml",
    "rules/golden_bacc.yaml",
];

fn load(path: &str) -> Spec {
    check_file(path)
        .map(|(_, s)| s)
        .unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// Loaded once: proptest calls this for every generated case.
fn specs() -> &'static [Spec] {
    static SPECS: std::sync::OnceLock<Vec<Spec>> = std::sync::OnceLock::new();
    SPECS.get_or_init(|| TABLEAU_SPECS.iter().map(|p| load(p)).collect())
}

/// "The player's hand must stand when the hand is valued at 6 through 9,
/// and must hit when the hand is valued at 5 or less."
fn player_draws(total: u8) -> bool {
    total <= 5
}

/// The Banker's rule in the documents' words: with the Player standing, hits
/// on 5 or less; with the Player drawing: 0-2 always; 3 unless the third card
/// is an 8; 4 unless it is 0, 1, 8 or 9; 5 if it is 4-7; 6 if it is 6 or 7;
/// 7 stands.
fn banker_draws(total: u8, player_third: Option<u8>) -> bool {
    match player_third {
        None => total <= 5,
        Some(v) => match total {
            0..=2 => true,
            3 => v != 8,
            4 => !matches!(v, 0 | 1 | 8 | 9),
            5 => (4..=7).contains(&v),
            6 => v == 6 || v == 7,
            _ => false,
        },
    }
}

fn points(cards: &[Card]) -> u8 {
    cards.iter().map(|c| c.value()).sum::<u8>() % 10
}

/// Deals a round from six cards in shoe order by the oracle's rules.
fn oracle_deal(seq: &[Card; 6]) -> Deal {
    let mut player = vec![seq[0], seq[2]];
    let mut banker = vec![seq[1], seq[3]];
    let natural = points(&player) >= 8 || points(&banker) >= 8;
    let mut next = 4;
    let mut third = None;
    if !natural && player_draws(points(&player)) {
        player.push(seq[next]);
        third = Some(seq[next].value());
        next += 1;
    }
    if !natural && banker_draws(points(&banker), third) {
        banker.push(seq[next]);
    }
    Deal {
        hands: [player, banker],
        ..Deal::default()
    }
}

fn card() -> impl Strategy<Value = Card> {
    (1u8..=13, 0u8..4).prop_map(|(r, s)| Card::new(r, s))
}

fn six_cards() -> impl Strategy<Value = [Card; 6]> {
    proptest::array::uniform6(card())
}

#[test]
fn banker_chart_matches_the_documents_rules() {
    for spec in specs() {
        for total in 0..=7u8 {
            assert_eq!(
                spec.game.second_draws(total, None),
                banker_draws(total, None),
                "{}: stood, total {total}",
                spec.id
            );
            for v in 0..=9u8 {
                assert_eq!(
                    spec.game.second_draws(total, Some(v)),
                    banker_draws(total, Some(v)),
                    "{}: banker {total}, player third {v}",
                    spec.id
                );
            }
        }
        match &spec.game.first {
            FirstRule::Totals(mask) => {
                for t in 0..=9u8 {
                    assert_eq!(
                        mask & (1 << t) != 0,
                        player_draws(t),
                        "{}: player {t}",
                        spec.id
                    );
                }
            }
            FirstRule::Decides { .. } => panic!("{} should follow the tableau", spec.id),
        }
        assert!(spec.game.is_natural(8) && spec.game.is_natural(9) && !spec.game.is_natural(7));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn evaluator_plays_the_documents_rules(seq in six_cards()) {
        for spec in specs() {
            let deal = oracle_deal(&seq);
            let played = play(spec, &deal, 8).map_err(|e| TestCaseError::fail(format!("{}: {e}", spec.id)))?;
            let r = played.round;
            let natural = points(&deal.hands[0][..2]) >= 8 || points(&deal.hands[1][..2]) >= 8;
            if natural {
                prop_assert_eq!(r.counts, [2, 2], "no card is drawn after a natural");
            }
            prop_assert_eq!(r.counts[0] == 3, !natural && player_draws(points(&deal.hands[0][..2])));
            let used = (r.counts[0] + r.counts[1]) as usize;
            prop_assert!((4..=6).contains(&used));
            prop_assert!(r.total(0) <= 9 && r.total(1) <= 9);
        }
    }

    #[test]
    fn a_card_too_many_or_too_few_is_refused(seq in six_cards(), extra in card()) {
        for spec in specs() {
            let deal = oracle_deal(&seq);
            for h in 0..2 {
                let mut wrong = deal.clone();
                if wrong.hands[h].len() == 3 {
                    wrong.hands[h].pop();
                    let e = play(spec, &wrong, 8).expect_err("a hand that draws needs its third card");
                    prop_assert!(e.contains("too few cards"), "{}", e);
                } else {
                    wrong.hands[h].push(extra);
                    let e = play(spec, &wrong, 8).expect_err("a hand that stands takes no third card");
                    prop_assert!(e.contains("too many cards") || e.contains("too few cards"), "{}", e);
                }
            }
        }
    }

    /// The sequence dealer (six-card convention: slot 4 is the first hand's
    /// third card, slot 5 the second hand's) reads only the slots of cards
    /// the rules draw, which the oracle decides: changing the unused slots
    /// changes neither the round dealt nor any settlement.
    #[test]
    fn settlement_depends_only_on_the_cards_used(seq in six_cards(), a in card(), b in card()) {
        for spec in specs() {
            let oracle = oracle_deal(&seq);
            let (first_drew, second_drew) = (oracle.hands[0].len() == 3, oracle.hands[1].len() == 3);
            let mut other = seq;
            if !first_drew { other[4] = a; }
            if !second_drew { other[5] = b; }
            let (d1, d2) = (deal_sequence(spec, &seq), deal_sequence(spec, &other));
            prop_assert_eq!(d1.hands[0].len(), oracle.hands[0].len());
            prop_assert_eq!(d1.hands[1].len(), oracle.hands[1].len());
            prop_assert_eq!(&d1.hands, &d2.hands);
            let r1 = play(spec, &d1, 8).expect("legal").round;
            let r2 = play(spec, &d2, 8).expect("legal").round;
            prop_assert_eq!(&r1, &r2);
            let (s1, s2) = (settle(spec, &r1), settle(spec, &r2));
            for (x, y) in s1.iter().zip(&s2) {
                prop_assert_eq!(&x.outcomes, &y.outcomes);
            }
        }
    }

    #[test]
    fn every_wager_settles_to_one_outcome_per_pay_table(seq in six_cards()) {
        for spec in specs() {
            let r = play(spec, &oracle_deal(&seq), 8).expect("legal").round;
            for (w, res) in spec.wagers.iter().zip(settle(spec, &r)) {
                prop_assert_eq!(res.outcomes.len(), w.pay_tables.len());
                for (t, o) in w.pay_tables.iter().zip(&res.outcomes) {
                    prop_assert_eq!(&o.pay_table, &t.id);
                    match o.event {
                        Some(k) => {
                            prop_assert!(res.holds[k], "the settling event holds");
                            prop_assert_eq!(o.pay, t.pays[k]);
                        }
                        None => {
                            prop_assert!(res.holds.iter().all(|h| !h));
                            prop_assert_eq!(o.pay, Pay::Lose);
                        }
                    }
                }
            }
        }
    }
}
