//! From exact counts to what a reader checks: claims, warnings, the terminal
//! summary and the machine-readable JSON document.

mod appendix;
pub mod claims;
pub mod data;
pub(crate) mod decision;
mod decks;
pub mod document;
pub(crate) mod exposure;
mod fill;
mod findings;
mod form;
pub(crate) mod game_readings;
mod headline;
pub(crate) mod inputs;
pub mod leaflet;
pub(crate) mod manifest;
pub(crate) mod markdown;
mod method;
pub mod model;
pub(crate) mod numbering;
pub mod numbers;
mod other_decks;
mod page_one;
pub mod pdf;
mod precedence;
mod protection;
pub(crate) mod readings;
pub mod release;
mod results;
mod rules;
pub(crate) mod search;
mod sides;
pub(crate) mod simulation;
pub(crate) mod summary;
pub(crate) mod text;
pub(crate) mod trace;
pub(crate) mod words;

use crate::engine::Analysis;
use crate::model::Spec;
pub use claims::ClaimCheck;

/// Something a reviewer must see.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Warning {
    pub kind: &'static str,
    pub message: String,
}

/// The kind of the warning a run gives when the spec's source document is
/// not in the `documents/` folder beside it.
pub const DOCUMENT_NOT_FOUND: &str = "document_not_found";

/// The kind of the warning a run gives when the source document's bytes
/// are not those whose SHA-256 the spec declares (`source.sha256`).
pub const DOCUMENT_CHANGED: &str = "document_changed";

/// The kind of the warning for a wager priced only by assumed pays.
pub const PAY_TABLE_REQUIRED: &str = "pay_table_required";

/// A spec computed at one deck count, with its checks.
pub struct Computed {
    pub analysis: Analysis,
    pub claims: Vec<ClaimCheck>,
    /// Pay tables that give a printed edge the document prints no pays for.
    pub searches: Vec<search::SearchResult>,
    pub warnings: Vec<Warning>,
    /// The protection stage's report set (`crate::protection`); None when
    /// not computed.
    pub protection: Option<crate::protection::ReportSet>,
    /// Each interpretation of the game's rules, computed under its
    /// alternative game (`crate::model::GameInterpretation`); empty when
    /// the run computes the full-shoe figures only.
    pub alternatives: Vec<AlternativeGame>,
}

/// The spec computed under an interpretation's alternative game, at the
/// run's deck count, and the engine checked there against the reference
/// evaluator.
#[derive(Debug)]
pub struct AlternativeGame {
    /// The interpretation's id.
    pub id: String,
    pub analysis: Analysis,
    /// The printed claims against the alternative's figures.
    pub claims: Vec<ClaimCheck>,
    pub verification: crate::verify::Verification,
}

/// What the report derives from an analysis it is handed (it never runs
/// the engine): the printed claims checked, the pay searches, the warnings.
pub fn assess(spec: &Spec, analysis: Analysis) -> Computed {
    let claims = claims::check(spec, &analysis);
    let warnings = warnings(spec, &analysis, &claims);
    let searches = spec
        .pay_searches
        .iter()
        .map(|p| search::search(spec, &analysis, p))
        .collect();
    Computed {
        analysis,
        claims,
        searches,
        warnings,
        protection: None,
        alternatives: Vec::new(),
    }
}

fn warnings(spec: &Spec, a: &Analysis, claims: &[ClaimCheck]) -> Vec<Warning> {
    let mut out = Vec::new();
    for (w, wager) in a.wagers.iter().zip(&spec.wagers) {
        for (event, holds) in &w.holds {
            if *holds == 0 {
                out.push(Warning {
                    kind: "impossible_event",
                    message: format!(
                        "{}: the event {} can never happen",
                        words::wager(spec, &w.id),
                        words::event_short(spec, &w.id, event)
                    ),
                });
            }
        }
        for t in &w.tables {
            let edge = t.house_edge();
            if edge < num_rational::BigRational::from_integer(0.into()) {
                out.push(Warning {
                    kind: "player_advantage",
                    message: format!(
                        "PLAYER ADVANTAGE: {}: house edge {}{}",
                        words::row_name(spec, &w.id, &t.id),
                        numbers::percent(&edge, 4),
                        if words::asked(spec, &w.id, &t.id) {
                            " (the other reading of a question to the submitter, not a result of this report)"
                        } else {
                            ""
                        }
                    ),
                });
            }
            for (e, (_, holds)) in t.events.iter().zip(&w.holds) {
                // Under highest pay, an event tied in pay with one listed
                // before it is expected never to settle: it pays the same.
                let tied = wager.precedence == crate::model::Precedence::HighestPay
                    && t.events.iter().any(|o| o.id != e.id && o.pay == e.pay);
                if e.combinations == 0 && *holds > 0 && !tied {
                    out.push(Warning {
                        kind: "outranked_event",
                        message: format!(
                            "{}: the event {} happens but never settles the wager (an event listed or paying higher always holds with it)",
                            words::row_name(spec, &w.id, &t.id),
                            words::event_short(spec, &w.id, &e.id)
                        ),
                    });
                }
            }
        }
    }
    // A wager priced only by assumed pays is not evaluated: the first
    // thing a reader must see.
    let first: Vec<Warning> = spec
        .wagers
        .iter()
        .filter(|w| words::wager_assumed(spec, &w.id))
        .map(|w| Warning {
                kind: PAY_TABLE_REQUIRED,
                message: format!(
                    "{}: {} (the document prints no pays; figures under assumed pays are shown only in blocks marked \"{}\")",
                    w.name,
                    words::NOT_EVALUATED,
                    words::WITH_ASSUMED_PAYS
                ),
        })
        .collect();
    out.splice(0..0, first);
    for c in claims.iter().filter(|c| !c.matches) {
        out.push(Warning {
            kind: "claim_mismatch",
            message: format!(
                "{}: the document prints {}, computed {}; {}",
                claims::subject(spec, c),
                c.printed,
                c.computed,
                claims::result(c)
            ),
        });
    }
    out
}
