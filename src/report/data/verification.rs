//! How the results were checked: every fixture check (flat, and grouped by
//! case as Appendix A shows them) and the engine against the reference
//! evaluator.

use super::values::{Cards, Count};
use crate::fixtures::CaseResult;
use crate::verify::Verification as Verified;
use schemars::JsonSchema;
use serde::Serialize;

/// One fixture check.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Fixture {
    /// The fixture file, within the fixture folder.
    pub file: String,
    /// The case's name.
    pub case: String,
    /// The document's words the case comes from.
    pub source: String,
    /// What is checked: a wager under a pay table ("banker.commission"),
    /// "totals", or a refused round.
    pub target: String,
    /// The settlement the case expects.
    pub expected: String,
    /// The settlement certify computed.
    pub got: String,
    /// Whether they agree.
    pub pass: bool,
}

/// `fixtures`: every check run.
pub fn fixtures(results: &[CaseResult]) -> Vec<Fixture> {
    results
        .iter()
        .map(|r| Fixture {
            file: r.file.clone(),
            case: r.case.clone(),
            source: r.source.clone(),
            target: r.target.clone(),
            expected: r.expected.clone(),
            got: r.got.clone(),
            pass: r.pass,
        })
        .collect()
}

/// One fixture case with its checks, as Appendix A shows it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FixtureCase {
    /// The fixture file, within the fixture folder.
    pub file: String,
    /// The case's name.
    pub case: String,
    /// The document's words the case comes from.
    pub source: String,
    /// The cards dealt to each hand (hands given none are left out).
    pub cards: Vec<HandCards>,
    /// Every check of the case.
    pub checks: Vec<Check>,
    /// Whether every check passed.
    pub pass: bool,
}

/// One hand's cards.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct HandCards {
    /// The hand's name.
    pub hand: String,
    /// Its cards in the order received.
    pub cards: Cards,
}

/// One check of a case.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Check {
    /// What is checked: a wager under a pay table ("banker.commission"),
    /// "totals", or a refused round.
    pub target: String,
    /// The settlement the case expects.
    pub expected: String,
    /// The settlement certify computed.
    pub got: String,
    /// Whether they agree.
    pub pass: bool,
}

/// `fixture_cases`: the checks grouped by case.
pub fn fixture_cases(results: &[CaseResult]) -> Vec<FixtureCase> {
    crate::report::appendix::cases(results)
        .iter()
        .map(|c| FixtureCase {
            file: c.file.to_string(),
            case: c.name.to_string(),
            source: c.source.to_string(),
            cards: c
                .cards
                .iter()
                .map(|h| HandCards {
                    hand: h.hand.clone(),
                    cards: Cards(h.cards.clone()),
                })
                .collect(),
            checks: c
                .checks
                .iter()
                .map(|r| Check {
                    target: r.target.clone(),
                    expected: r.expected.clone(),
                    got: r.got.clone(),
                    pass: r.pass,
                })
                .collect(),
            pass: c.passed(),
        })
        .collect()
}

/// The engine against the reference evaluator.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Verification {
    /// Ordered six-card sequences of the small shoes dealt, played and
    /// settled by the reference evaluator.
    pub small_shoe_sequences: Count,
    /// Each small shoe.
    pub small_shoes: Vec<SmallShoe>,
    /// Rounds sampled from the full shoe and settled through the engine's
    /// own paths.
    pub sampled_rounds: usize,
    /// Wager and pay-table outcomes compared on them.
    pub sampled_comparisons: usize,
    /// Whether the engine and the reference evaluator agree everywhere.
    pub agree: bool,
}

/// One small shoe.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SmallShoe {
    /// The twelve cards of the small shoe.
    pub cards: Cards,
    /// Its sequences.
    pub sequences: Count,
    /// Wager and pay tables compared on it.
    pub pay_tables_compared: usize,
}

impl Verification {
    pub fn of(v: &Verified) -> Self {
        Verification {
            small_shoe_sequences: Count::of(v.small_shoe_sequences),
            small_shoes: v
                .small_shoes
                .iter()
                .map(|c| SmallShoe {
                    cards: Cards(c.cards.clone()),
                    sequences: Count::of(c.sequences),
                    pay_tables_compared: c.tables_compared,
                })
                .collect(),
            sampled_rounds: v.sampled,
            sampled_comparisons: v.sampled_comparisons,
            agree: v.passed(),
        }
    }
}
