//! What the assessment judges: the figures the compute stage produced at
//! the run's deck count ([`Computed`]), and everything else a run made or
//! read ([`Evidence`]): the spec, its fixtures and their results, the
//! engine checked against the reference evaluator, the figures at every
//! deck count, the simulation study, the rule document as found. The
//! pipeline builds both; the assessment and every renderer read them and
//! compute nothing of their own.

use crate::assess::claims::ClaimCheck;
use crate::engine::Analysis;
use crate::fixtures::CaseResult;
use crate::model::Spec;
use crate::verify::Verification;
use std::collections::BTreeMap;

/// A spec computed at one deck count.
pub struct Computed {
    pub analysis: Analysis,
    /// The protection stage's report set (`crate::protection`); None when
    /// not computed.
    pub protection: Option<crate::protection::ReportSet>,
    /// Each interpretation of the game's rules, computed under its
    /// alternative game (`crate::model::GameInterpretation`); empty when
    /// the run computes the full-shoe figures only.
    pub alternatives: Vec<AlternativeGame>,
}

impl Computed {
    /// The figures alone, before the stages that add to them.
    pub fn of(analysis: Analysis) -> Computed {
        Computed {
            analysis,
            protection: None,
            alternatives: Vec::new(),
        }
    }
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
    pub verification: Verification,
}

/// The rule document as the run found it, in the `documents/` folder
/// beside the spec.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DocumentStatus {
    /// Read; `declared`: the SHA-256 the spec declares, if any.
    Read {
        sha256: String,
        declared: Option<String>,
    },
    /// Not there (or not readable): nothing was checked against it.
    Missing { looked_for: String },
}

impl DocumentStatus {
    /// The document of `spec` as the trace stage read it (one reading of
    /// the file serves the quotations and this status, so the two cannot
    /// disagree on whether it was read).
    pub fn of(read: &crate::trace::DocumentFact, spec: &Spec) -> DocumentStatus {
        match &read.sha256 {
            Some(sha256) => DocumentStatus::Read {
                sha256: sha256.clone(),
                declared: spec.document_id.sha256.clone(),
            },
            None => DocumentStatus::Missing {
                looked_for: spec
                    .documents
                    .join(&spec.document)
                    .to_string_lossy()
                    .replace('\\', "/"),
            },
        }
    }

    /// Whether the document was read and is the one the spec declares (or
    /// the spec declares none).
    pub fn read_as_declared(&self) -> bool {
        match self {
            DocumentStatus::Read { sha256, declared } => {
                declared.as_ref().is_none_or(|d| d == sha256)
            }
            DocumentStatus::Missing { .. } => false,
        }
    }

    /// The SHA-256 of the file read, if it was.
    pub fn sha256(&self) -> Option<&str> {
        match self {
            DocumentStatus::Read { sha256, .. } => Some(sha256),
            DocumentStatus::Missing { .. } => None,
        }
    }
}

/// Everything a run made or read besides the figures at its deck count:
/// what the assessment judges and the renderers show.
pub struct Evidence<'a> {
    /// The spec path as the reproducing command names it.
    pub spec_path: &'a str,
    pub spec_bytes: &'a [u8],
    pub spec: &'a Spec,
    pub decks: u32,
    pub fixtures: &'a [CaseResult],
    /// Each fixture file run, by name, with the SHA-256 of its bytes.
    pub fixture_files: &'a BTreeMap<String, String>,
    /// Each file the spec included (its shared game), by path as the spec's
    /// folder joined with the include names it, with the SHA-256 of its bytes.
    pub include_files: &'a BTreeMap<String, String>,
    /// The options the run was made with; all recorded in the manifest.
    pub options: &'a crate::options::Options,
    pub verification: &'a Verification,
    /// The analysis at every allowed deck count, in order (the run's own
    /// count included). `None` (`--json --no-reports`, the leaflet): not
    /// computed.
    pub by_decks: Option<&'a [(u32, &'a Analysis)]>,
    /// Each pay table's house edge as a function of the deck count, where
    /// the rules do not change with it (None otherwise, or not computed).
    pub edges: Option<&'a crate::engine::deck_function::DeckFunctions>,
    /// For each interpretation whose readings give the same figures, a
    /// round the reference evaluator settles differently under each.
    pub differing: &'a [(String, crate::eval::differ::DifferingRound)],
    /// The simulation stage's findings, when the run simulated.
    pub study: Option<&'a crate::study::Study>,
    /// The rule document as found beside the spec.
    pub document: &'a DocumentStatus,
    /// The trace stage's findings: every quotation of the spec and its
    /// fixtures with where the document prints it, and the traceability
    /// matrix.
    pub trace: &'a crate::trace::Trace,
}
