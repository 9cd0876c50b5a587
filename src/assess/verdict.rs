//! The one recommendation a report makes, and why: not ready while a
//! wager is unpriced, a pay table gives the player an advantage, or the
//! rule document was not read as declared; otherwise ready once the
//! submitter answers the open questions; with the countermeasures the
//! findings call for as its conditions.

use super::evidence::DocumentStatus;
use super::exposure::{Countermeasure, Exposure};
use super::questions::Question;
use super::real_shoes::RealShoes;
use super::tables::{Standing, TableFinding};
use schemars::JsonSchema;
use serde::Serialize;

/// The overall recommendation and its conditions.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Verdict {
    pub recommendation: Recommendation,
    /// What the game needs in play, from the findings.
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Recommendation {
    /// Ready to submit.
    Ready,
    /// Ready once the submitter answers these questions.
    AfterAnswers { questions: Vec<u32> },
    /// Not ready, for these reasons.
    NotReady { reasons: Vec<Blocker> },
}

/// Why a report is not ready.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Blocker {
    /// The document prints no pays for this wager.
    PayTableRequired { wager: String },
    /// An adopted pay table gives the player an advantage.
    PlayerAdvantage { wager: String, pay_table: String },
    /// The rule document is not beside the spec.
    DocumentNotRead,
    /// The rule document is not the one the spec declares.
    DocumentChanged,
}

/// A condition on the game in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Condition {
    /// The countermeasures against seen or told-apart cards (game
    /// protection), as the exposures found need them.
    Protection {
        countermeasures: Vec<Countermeasure>,
    },
    /// A continuous shuffler, a shallower cut card or the other measures of
    /// section 7 for these countable pay tables (wager ids).
    Counting { wagers: Vec<String> },
}

pub(crate) fn verdict(
    tables: &[TableFinding],
    questions: &[Question],
    document: &DocumentStatus,
    exposure: Option<&Exposure>,
    real_shoes: Option<&RealShoes>,
) -> Verdict {
    let mut reasons = Vec::new();
    match document {
        DocumentStatus::Missing { .. } => reasons.push(Blocker::DocumentNotRead),
        d if !d.read_as_declared() => reasons.push(Blocker::DocumentChanged),
        _ => {}
    }
    let mut unpriced: Vec<&str> = Vec::new();
    for t in tables {
        match &t.standing {
            Standing::AssumedPays { .. } => {
                let all_assumed = tables
                    .iter()
                    .filter(|x| x.wager == t.wager)
                    .all(|x| matches!(x.standing, Standing::AssumedPays { .. }));
                if all_assumed && !unpriced.contains(&t.wager.as_str()) {
                    unpriced.push(&t.wager);
                }
            }
            Standing::Adopted if t.player_advantage => reasons.push(Blocker::PlayerAdvantage {
                wager: t.wager.clone(),
                pay_table: t.pay_table.clone(),
            }),
            _ => {}
        }
    }
    reasons.extend(unpriced.into_iter().map(|w| Blocker::PayTableRequired {
        wager: w.to_string(),
    }));
    let recommendation = if !reasons.is_empty() {
        Recommendation::NotReady { reasons }
    } else if !questions.is_empty() {
        Recommendation::AfterAnswers {
            questions: questions.iter().map(|q| q.number).collect(),
        }
    } else {
        Recommendation::Ready
    };
    let mut conditions = Vec::new();
    if let Some(e) = exposure {
        let mut kinds: Vec<Countermeasure> = e
            .per_wager
            .iter()
            .chain(&e.deciding)
            .map(|g| g.countermeasure)
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        if !kinds.is_empty() {
            conditions.push(Condition::Protection {
                countermeasures: kinds,
            });
        }
    }
    if let Some(r) = real_shoes
        && !r.countable.is_empty()
    {
        let mut wagers: Vec<String> = r.countable.iter().map(|c| c.wager.clone()).collect();
        wagers.dedup();
        conditions.push(Condition::Counting { wagers });
    }
    Verdict {
        recommendation,
        conditions,
    }
}
