//! Property tests of the reference evaluator (`certify::eval`) against the
//! oracle in `tests/oracle`, written from the documents' words and sharing
//! no code with `model` (issue 17, item 4): on random legal card sequences,
//! the drawing rules (who draws, which cards each hand holds), every basic
//! condition of every shipped wager (each event's truth on the round), and
//! the precedence that picks the settling event when several hold.

mod oracle;

use certify::cards::Card as SpecCard;
use certify::check::check_file;
use certify::eval::play::{Deal, Decision, deal_sequence, play};
use certify::eval::settle::{select, settle};
use certify::model::{Pay as SpecPay, Spec};
use oracle::{Card, Hands, Pay};
use proptest::prelude::*;

use oracle::TABLEAU;
const LUCKY_DRAW: &str = "rules/lucky_draw_baccarat.yaml";

fn load(path: &str) -> Spec {
    check_file(path)
        .map(|(_, s)| s)
        .unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// Loaded once: proptest calls the properties for every generated case.
fn tableau_specs() -> &'static [Spec] {
    static SPECS: std::sync::OnceLock<Vec<Spec>> = std::sync::OnceLock::new();
    SPECS.get_or_init(|| TABLEAU.iter().map(|p| load(p)).collect())
}

fn lucky_draw() -> &'static Spec {
    static SPEC: std::sync::OnceLock<Spec> = std::sync::OnceLock::new();
    SPEC.get_or_init(|| load(LUCKY_DRAW))
}

fn to_spec(c: Card) -> SpecCard {
    SpecCard::new(c.0, c.1)
}

fn pay_of(p: SpecPay) -> Pay {
    match p {
        SpecPay::Win(r) => Pay::Win(r.num, r.den),
        SpecPay::Push => Pay::Push,
        SpecPay::Lose => Pay::Lose,
    }
}

/// Six cards from a multi-deck shoe (8 decks: no card more than 6 times).
/// Two thirds of the cases draw from a narrow palette (three ranks, two
/// suits or one) so that pairs, suited hands, equal totals and repeated
/// cards are common; `rare_events_are_generated` checks that they are.
fn six_cards() -> impl Strategy<Value = [Card; 6]> {
    let any = proptest::array::uniform6((1u8..=13, 0u8..4));
    let narrow = |suits: usize| {
        (
            proptest::array::uniform3(1u8..=13),
            proptest::array::uniform2(0u8..4),
            proptest::array::uniform6((0usize..3, 0usize..suits)),
        )
            .prop_map(|(ranks, suits, picks)| picks.map(|(r, s)| (ranks[r], suits[s])))
    };
    prop_oneof![any, narrow(2), narrow(1)]
}

/// The generator reaches every event of every wager, both holding
/// and not holding, in as many cases as the properties run (a property
/// over cases that never make an event true would not test it).
#[test]
fn rare_events_are_generated() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = six_cards();
    let mut seen: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    for _ in 0..CASES {
        let seq = strategy.new_tree(&mut runner).expect("a case").current();
        let tableau = oracle::deal_tableau(&seq);
        let rounds = [
            (tableau_specs(), tableau),
            (
                std::slice::from_ref(lucky_draw()),
                oracle::deal_lucky_draw(&seq, false),
            ),
            (
                std::slice::from_ref(lucky_draw()),
                oracle::deal_lucky_draw(&seq, true),
            ),
        ];
        for (specs, h) in rounds {
            for spec in specs {
                for w in &spec.wagers {
                    for (id, cond) in oracle::wager(&spec.id, &w.id).events {
                        let e = seen
                            .entry(format!("{}/{}/{id}", spec.id, w.id))
                            .or_default();
                        if cond(&h) {
                            e.0 += 1;
                        } else {
                            e.1 += 1;
                        }
                    }
                }
            }
        }
    }
    let missing: Vec<&String> = seen
        .iter()
        .filter(|(_, (yes, no))| *yes == 0 || *no == 0)
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty(),
        "never true (or never false): {missing:?}"
    );
}

/// Cases per property.
const CASES: u32 = 5000;

/// The evaluator's round as the oracle's `Hands`, by each hand's cards.
fn hands_of(r: &certify::model::round::Round) -> Hands {
    let mut cards = [[oracle::NO_CARD; 3]; 2];
    for (hand, slots) in cards.iter_mut().enumerate() {
        for (i, c) in r.hand(hand as u8).iter().enumerate() {
            slots[i] = (c.rank, c.suit);
        }
    }
    Hands::new(cards, [r.counts[0] as usize, r.counts[1] as usize])
}

/// Every event's truth and every pay table's settling event, evaluator
/// against oracle, on one round.
fn same_settlement(
    spec: &Spec,
    round: &certify::model::round::Round,
    h: &Hands,
) -> Result<(), TestCaseError> {
    for (w, res) in spec.wagers.iter().zip(settle(spec, round)) {
        let rule = oracle::wager(&spec.id, &w.id);
        let placed = rule.placed.is_none_or(|p| p(h));
        prop_assert_eq!(res.placed, placed, "{}/{}: placed", spec.id, w.id);
        let holds: Vec<bool> = rule.events.iter().map(|e| (e.1)(h)).collect();
        for (k, (id, _)) in rule.events.iter().enumerate() {
            prop_assert_eq!(
                res.holds[k],
                holds[k],
                "{}/{}: event {} on {:?}",
                spec.id,
                w.id,
                id,
                h
            );
        }
        for (t, o) in w.pay_tables.iter().zip(&res.outcomes) {
            let pays: Vec<Pay> = t.pays.iter().map(|&p| pay_of(p)).collect();
            let want = oracle::choose(rule.prec, &holds, &pays).filter(|_| placed);
            prop_assert_eq!(
                o.event,
                want,
                "{}/{}/{}: settling event",
                spec.id,
                w.id,
                t.id
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// Drawing rules: the evaluator's sequence dealer and `play` give each
    /// hand exactly the cards the documents' tableau deals.
    #[test]
    fn tableau_deals_what_the_documents_say(seq in six_cards()) {
        let want = oracle::deal_tableau(&seq);
        let cards = seq.map(to_spec);
        for spec in tableau_specs() {
            let deal = deal_sequence(spec, &cards);
            let played = play(spec, &deal, 8).map_err(|e| TestCaseError::fail(format!("{}: {e}", spec.id)))?;
            prop_assert_eq!(hands_of(&played.round), want, "{}", spec.id);
        }
    }

    /// Basic conditions and precedence: every event of every tableau wager
    /// holds exactly when the oracle's condition does, and every pay table
    /// settles on the oracle's choice.
    #[test]
    fn tableau_conditions_and_precedence_match_the_oracle(seq in six_cards()) {
        let h = oracle::deal_tableau(&seq);
        let cards = seq.map(to_spec);
        for spec in tableau_specs() {
            let played = play(spec, &deal_sequence(spec, &cards), 8).expect("legal");
            same_settlement(spec, &played.round, &h)?;
        }
    }

    /// Lucky Draw with the player's decision given: the dealer draws on 4
    /// or less whatever the player did (item 11), and the Block Bonus,
    /// Enter and Draw bets settle as the oracle says.
    #[test]
    fn lucky_draw_deals_and_settles_as_the_document_says(seq in six_cards(), draws in any::<bool>()) {
        let spec = lucky_draw();
        let h = oracle::deal_lucky_draw(&seq, draws);
        let deal = Deal {
            hands: [0, 1].map(|x| h.hand(x).iter().map(|&c| to_spec(c)).collect()),
            decision: Some(if draws { Decision::Draw } else { Decision::Stand }),
            strategy: None,
        };
        let played = play(spec, &deal, 8).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(hands_of(&played.round), h);
        same_settlement(spec, &played.round, &h)?;
    }

    /// Precedence alone: for every wager with more than one event, under
    /// every pay table, whatever subset of events holds, the evaluator's
    /// `select` with the spec's precedence picks the oracle's event.
    #[test]
    fn precedence_picks_the_documents_event(mask in any::<u16>()) {
        for spec in tableau_specs().iter().chain([lucky_draw()]) {
            for w in spec.wagers.iter().filter(|w| w.events.len() > 1) {
                let rule = oracle::wager(&spec.id, &w.id);
                let holds: Vec<bool> = (0..w.events.len()).map(|k| mask & (1 << k) != 0).collect();
                for t in &w.pay_tables {
                    let pays: Vec<Pay> = t.pays.iter().map(|&p| pay_of(p)).collect();
                    prop_assert_eq!(
                        select(w.precedence, &holds, &t.pays),
                        oracle::choose(rule.prec, &holds, &pays),
                        "{}/{}/{}: events holding {:?}", spec.id, w.id, t.id, holds
                    );
                }
            }
        }
    }
}
