//! What the report ran and at which deck counts, and the limitations that
//! follow: each limitation is a fact about what was or was not done, so
//! the Limitations section can name exactly the counts and analyses the
//! body shows, and nothing it does not.

use super::evidence::{Computed, DocumentStatus, Evidence};
use crate::model::Spec;
use schemars::JsonSchema;
use serde::Serialize;

/// What the rule document says of a deck count: it names it
/// (named_by_document); it names none and this is the spec's default
/// (default_document_names_none); the spec allows it for analysis but it
/// is not the document's game (outside_document); the spec does not
/// record which counts the document names (not_recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub enum DocumentStanding {
    #[serde(rename = "named_by_document")]
    Named,
    #[serde(rename = "default_document_names_none")]
    Default,
    #[serde(rename = "outside_document")]
    Outside,
    #[serde(rename = "not_recorded")]
    Unrecorded,
}

impl DocumentStanding {
    pub fn of(spec: &Spec, decks: u32) -> DocumentStanding {
        match &spec.document_decks {
            None => DocumentStanding::Unrecorded,
            Some(doc) if doc.counts.contains(&decks) => DocumentStanding::Named,
            Some(doc) if doc.counts.is_empty() && decks == spec.shoe.decks => {
                DocumentStanding::Default
            }
            Some(_) => DocumentStanding::Outside,
        }
    }
}

/// What the report computed, and where.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Scope {
    /// The run's deck count: every section's figures but section 4's by
    /// deck count.
    pub decks: u32,
    /// Every deck count computed exactly, in order (the run's alone when
    /// the others were not computed).
    pub computed_decks: Vec<u32>,
    /// The counts the document permits (empty: it names none, or the spec
    /// does not record them).
    pub permitted_decks: Vec<u32>,
    /// Computed counts the document does not permit.
    pub hypothetical_decks: Vec<u32>,
    /// The counts each house edge's range is taken over: the permitted
    /// ones computed, else every one computed.
    pub range_decks: Vec<u32>,
    /// Handwritten cases run and their checks (all passed: a run with a
    /// failing case writes no report).
    pub cases: usize,
    pub checks: usize,
    /// The simulation study ran (section "Simulation and card counting").
    pub simulated: bool,
    /// Game protection was computed (section "Game protection").
    pub protection: bool,
}

/// A limitation of the analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Limitation {
    /// A manufacturer's analysis of the rules as written, not a
    /// test-laboratory certificate nor a test of equipment or procedures.
    ManufacturerAnalysis,
    /// Exact figures are for a full shoe at the start of each round, at
    /// these deck counts; real shoes dealt to a cut card only in the
    /// simulation, if it ran.
    FullShoes {
        decks: Vec<u32>,
        run: u32,
        simulated: bool,
    },
    /// Figures at these counts are hypothetical: the document does not
    /// permit them.
    Hypothetical { decks: Vec<u32> },
    /// A wager priced only by assumed pays.
    NotEvaluated { wager: String },
    /// Readings resting on assumptions, with no alternative computed.
    Assumptions { ids: Vec<String> },
    /// Questions to the submitter still open.
    OpenQuestions { numbers: Vec<u32> },
    /// Card counting studied at `decks` (and the countable tables'
    /// counters again at `other_decks`, on fewer shoes), with counts
    /// derived from the effects of removal; a continuous shuffler's effect
    /// from the exact full-shoe figures.
    Counting {
        decks: u32,
        other_decks: Vec<u32>,
        seed: u64,
    },
    /// No simulation: real shoes and card counting not studied.
    NoSimulation,
    /// Game protection computed for these scenarios at the run's count only.
    Protection { decks: u32, scenarios: usize },
    /// Game protection not computed (a strategy that reads suits).
    NoProtection,
    /// No revision history declared.
    NoRevisionHistory,
    /// The rule document was not read: no quotation or reading was
    /// checked against it.
    DocumentNotRead,
}

/// The report's scope.
pub(crate) fn scope(ev: &Evidence, c: &Computed) -> Scope {
    let spec = ev.spec;
    let computed_decks: Vec<u32> = match ev.by_decks {
        Some(by) => by.iter().map(|(d, _)| *d).collect(),
        None => vec![ev.decks],
    };
    let permitted: Vec<u32> = spec
        .document_decks
        .as_ref()
        .map(|d| d.counts.clone())
        .unwrap_or_default();
    let hypothetical: Vec<u32> = computed_decks
        .iter()
        .copied()
        .filter(|&d| DocumentStanding::of(spec, d) == DocumentStanding::Outside)
        .collect();
    let in_range: Vec<u32> = computed_decks
        .iter()
        .copied()
        .filter(|d| permitted.is_empty() || permitted.contains(d))
        .collect();
    Scope {
        decks: ev.decks,
        range_decks: if in_range.len() >= 2 {
            in_range
        } else {
            Vec::new()
        },
        computed_decks,
        permitted_decks: permitted,
        hypothetical_decks: hypothetical,
        cases: ev
            .fixtures
            .iter()
            .map(|r| (&r.file, &r.case))
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        checks: ev.fixtures.len(),
        simulated: ev.study.is_some(),
        protection: c.protection.is_some(),
    }
}

/// The limitations, in the order the section states them.
pub(crate) fn limitations(
    ev: &Evidence,
    c: &Computed,
    scope: &Scope,
    questions: &[super::Question],
) -> Vec<Limitation> {
    let spec = ev.spec;
    let mut out = vec![Limitation::ManufacturerAnalysis];
    if matches!(ev.document, DocumentStatus::Missing { .. }) {
        out.push(Limitation::DocumentNotRead);
    }
    out.push(Limitation::FullShoes {
        decks: scope.computed_decks.clone(),
        run: scope.decks,
        simulated: scope.simulated,
    });
    if !scope.hypothetical_decks.is_empty() && !scope.permitted_decks.is_empty() {
        out.push(Limitation::Hypothetical {
            decks: scope.hypothetical_decks.clone(),
        });
    }
    for w in &spec.wagers {
        if w.pay_tables.iter().all(|t| t.assumed.is_some()) {
            out.push(Limitation::NotEvaluated {
                wager: w.id.clone(),
            });
        }
    }
    // Pays assumed for a wager are its own limitation above.
    let assumed: Vec<String> = spec
        .assumptions
        .iter()
        .filter(|a| {
            !spec
                .wagers
                .iter()
                .flat_map(|w| &w.pay_tables)
                .any(|t| t.assumed.as_deref() == Some(a.id.as_str()))
        })
        .map(|a| a.id.clone())
        .collect();
    if !assumed.is_empty() {
        out.push(Limitation::Assumptions { ids: assumed });
    }
    if !questions.is_empty() {
        out.push(Limitation::OpenQuestions {
            numbers: questions.iter().map(|q| q.number).collect(),
        });
    }
    match ev.study {
        Some(st) => {
            let mut other: Vec<u32> = st.other_decks.iter().map(|o| o.decks).collect();
            other.sort_unstable();
            other.dedup();
            out.push(Limitation::Counting {
                decks: st.decks,
                other_decks: other,
                seed: st.settings.seed,
            });
        }
        None => out.push(Limitation::NoSimulation),
    }
    match &c.protection {
        Some(set) => out.push(Limitation::Protection {
            decks: set.protection.decks,
            scenarios: set.protection.outcomes.len(),
        }),
        None => out.push(Limitation::NoProtection),
    }
    if spec.report.revisions.is_empty() {
        out.push(Limitation::NoRevisionHistory);
    }
    out
}
