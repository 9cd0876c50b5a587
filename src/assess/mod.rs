//! The assessment: what a report finds, decided once, after the figures
//! are computed and before any words. One typed value ([`Assessment`])
//! holds every finding a report, an edition, a leaflet, the JSON, `certify
//! diff` or the language server states: each pay table's standing and
//! verdict with its scope, the player-advantage findings, what a counter
//! and a player who sees cards win with the money at stake, the one
//! numbered list of questions to the submitter with the figures each
//! moves, the assumptions each figure rests on, the printed and published
//! figures compared, the limitations that follow from what was and was not
//! run, the warnings by kind, and the one recommendation. Renderers word
//! and lay it out; none decides a verdict, counts questions or computes a
//! largest figure.
//!
//! Layer: stage, between computing and rendering (the layout is in
//! `src/lib.rs`).

pub mod claims;
mod evidence;
mod exposure;
mod limits;
pub(crate) mod other_decks;
mod questions;
mod quotations;
mod real_shoes;
mod scope;
pub mod search;
mod tables;
mod verdict;
mod warning;

pub use claims::ClaimCheck;
pub use evidence::{AlternativeGame, Computed, DocumentStatus, Evidence};
pub use exposure::{Countermeasure, Exposure, Gain};
pub use limits::Limits;
pub use other_decks::Mitigation;
pub(crate) use questions::pairs as game_pairs;
pub use questions::{Figure, Moved, Question, ReadingFinding, Subject, Why};
pub use quotations::{QuotationCheck, Quotations, Verified};
pub use real_shoes::{CompositionOnly, Countable, Money, RealShoes};
pub use scope::{DocumentStanding, Limitation, Scope};
pub use search::SearchResult;
pub use tables::{AtDecks, DeckRange, MOVES_POINTS, Standing, TableFinding};
pub use verdict::{Blocker, Condition, Recommendation, Verdict};
pub use warning::Warning;

use crate::model::Spec;
use schemars::JsonSchema;
use serde::Serialize;

/// Everything a report finds.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Assessment {
    /// Every wager and pay table computed, in the spec's order.
    pub tables: Vec<TableFinding>,
    /// The readings of the document computed both ways.
    pub readings: Vec<ReadingFinding>,
    /// The questions to the submitter, Q1 first.
    pub questions: Vec<Question>,
    /// The simulation study's findings; null when it did not run.
    pub real_shoes: Option<RealShoes>,
    /// Game protection's findings; null when not computed.
    pub exposure: Option<Exposure>,
    /// The rule document as found beside the spec.
    pub document: DocumentStatus,
    /// The document read or not, and each quotation of its words verified
    /// or not: what lets a renderer say what the document says.
    pub quotations: Quotations,
    pub scope: Scope,
    pub limitations: Vec<Limitation>,
    /// Everything a reviewer must see, the most serious first.
    pub warnings: Vec<Warning>,
    pub verdict: Verdict,
    /// The house edges the document prints, checked at the run's count
    /// (in the JSON as `results.claims`).
    #[serde(skip)]
    #[schemars(skip)]
    pub claims: Vec<ClaimCheck>,
    /// The published figures the spec cites, checked; None when the run's
    /// deck count is not theirs (not compared).
    #[serde(skip)]
    #[schemars(skip)]
    pub published: Option<Vec<ClaimCheck>>,
    /// The pay searches (in the JSON as `results.pay_searches`).
    #[serde(skip)]
    #[schemars(skip)]
    pub searches: Vec<SearchResult>,
    /// The printed house edges checked at every deck count computed, in
    /// deck order (in the JSON as `results.claims_by_decks`).
    #[serde(skip)]
    #[schemars(skip)]
    pub claims_by_decks: Vec<(u32, Vec<ClaimCheck>)>,
}

/// Assesses a run: `c` the figures at the run's deck count, `ev` the rest.
pub fn assess(ev: &Evidence, c: &Computed) -> Assessment {
    let spec = ev.spec;
    let a = &c.analysis;
    let claims = claims::check(spec, a);
    let claims_by_decks = ev
        .by_decks
        .unwrap_or_default()
        .iter()
        .map(|(d, x)| (*d, claims::check(spec, x)))
        .collect();
    let published = (ev.decks == spec.shoe.decks).then(|| claims::check_list(&spec.published, a));
    let searches = spec
        .pay_searches
        .iter()
        .map(|p| search::search(spec, a, p))
        .collect();
    let (readings, questions) = questions::readings_and_questions(spec, c, &claims);
    let scope = scope::scope(ev, c);
    let question_of = |id: &str| {
        readings
            .iter()
            .find(|r| r.id == id)
            .and_then(|r| r.question)
    };
    let tables = tables::findings(ev, c, &question_of, &scope.range_decks);
    let limits = Limits::new(spec, Some(ev.options));
    let real_shoes = ev
        .study
        .map(|st| real_shoes::real_shoes(spec, st, &tables, &limits));
    let exposure = c.protection.as_ref().map(exposure::exposure);
    let limitations = scope::limitations(ev, c, &scope, &questions);
    let warnings = warnings(
        spec,
        c,
        &tables,
        &readings,
        &questions,
        real_shoes.as_ref(),
        ev.document,
    );
    let verdict = verdict::verdict(
        &tables,
        &questions,
        ev.document,
        exposure.as_ref(),
        real_shoes.as_ref(),
    );
    Assessment {
        tables,
        readings,
        questions,
        real_shoes,
        exposure,
        document: ev.document.clone(),
        quotations: Quotations::of(ev.trace),
        scope,
        limitations,
        warnings,
        verdict,
        claims,
        published,
        searches,
        claims_by_decks,
    }
}

/// The warnings, the most serious first: what makes a report not ready
/// (a document not read as declared, a wager not evaluated, a player
/// advantage), then what the examiner must look at.
fn warnings(
    spec: &Spec,
    c: &Computed,
    tables: &[TableFinding],
    readings: &[ReadingFinding],
    questions: &[Question],
    real_shoes: Option<&RealShoes>,
    document: &DocumentStatus,
) -> Vec<Warning> {
    let mut out = Vec::new();
    match document {
        DocumentStatus::Missing { looked_for } => out.push(Warning::DocumentNotFound {
            document: spec.document.clone(),
            looked_for: looked_for.clone(),
        }),
        DocumentStatus::Read {
            sha256,
            declared: Some(d),
        } if d != sha256 => out.push(Warning::DocumentChanged {
            document: spec.document.clone(),
            found: sha256.clone(),
            declared: d.clone(),
        }),
        DocumentStatus::Read { .. } => {}
    }
    for w in &spec.wagers {
        if w.pay_tables.iter().all(|t| t.assumed.is_some()) {
            out.push(Warning::PayTableRequired {
                wager: w.id.clone(),
            });
        }
    }
    for t in tables.iter().filter(|t| t.adopted() && t.player_advantage) {
        out.push(Warning::PlayerAdvantage {
            wager: t.wager.clone(),
            pay_table: t.pay_table.clone(),
            house_edge: t.house_edge.clone(),
        });
    }
    for r in readings {
        let Some(q) = r.question else { continue };
        for m in &r.moves {
            if !m.other.is_negative() || m.adopted.is_negative() {
                continue;
            }
            let (wager, pay_table) = match &m.figure {
                Figure::Table { wager, pay_table } => (wager.clone(), Some(pay_table.clone())),
                Figure::Combined { id } => (id.clone(), None),
                Figure::CombinedPerTotal { .. } => continue,
            };
            out.push(Warning::OtherReadingAdvantage {
                reading: r.id.clone(),
                wager,
                pay_table,
                house_edge: m.other.clone(),
                question: q,
            });
        }
    }
    for (w, wager) in c.analysis.wagers.iter().zip(&spec.wagers) {
        for (event, holds) in &w.holds {
            if *holds == 0 {
                out.push(Warning::ImpossibleEvent {
                    wager: w.id.clone(),
                    event: event.clone(),
                });
            }
        }
        for t in &w.tables {
            for (e, (_, holds)) in t.events.iter().zip(&w.holds) {
                // Under highest pay, an event tied in pay with one listed
                // before it is expected never to settle: it pays the same.
                let tied = wager.precedence == crate::model::Precedence::HighestPay
                    && t.events.iter().any(|o| o.id != e.id && o.pay == e.pay);
                if e.combinations == 0 && *holds > 0 && !tied {
                    out.push(Warning::OutrankedEvent {
                        wager: w.id.clone(),
                        pay_table: t.id.clone(),
                        event: e.id.clone(),
                    });
                }
            }
        }
    }
    for q in questions {
        if let Subject::PrintedFigure { claim } = q.subject {
            out.push(Warning::ClaimDiffers {
                claim,
                question: q.number,
            });
        }
    }
    for t in real_shoes.iter().flat_map(|r| &r.countable) {
        out.push(Warning::Countable {
            wager: t.wager.clone(),
            pay_table: t.pay_table.clone(),
        });
    }
    out
}
