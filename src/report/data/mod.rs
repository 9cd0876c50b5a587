//! The JSON report document as typed values: [`fill`] builds a [`Document`]
//! from what a report is made from, serde serialises it, and its JSON
//! Schema (`rules/certify-report.schema.json`, [`schema::report`]) is
//! generated from the same types, whose doc comments are the schema's
//! descriptions.
//!
//! Counts are decimal strings (they exceed what JSON numbers hold
//! exactly); exact figures are "p/q" fractions with their 12-place
//! decimals ([`values::Exact`]).
//!
//! The document is written through `serde_json::Value`, whose maps keep
//! their keys sorted: a report's bytes, and `manifest.results_sha256` (the
//! SHA-256 of `results` as compact JSON), do not depend on the order of the
//! fields here.
//!
//! # `schema_version`
//!
//! [`SCHEMA_VERSION`] names the document's shape. It rises (by one) when a
//! key is removed or renamed, when a value changes kind or form (a number
//! becomes a string, a fraction a decimal), or when a key keeps its name
//! but changes meaning (another unit, another base, another deck count).
//! Adding a key, optional or always present, does not raise it: a reader
//! of the old shape still finds every key it knew, meaning what it meant.
//! The schema is strict (`additionalProperties: false`), so a document
//! with an added key validates against the schema of its own tool version,
//! and the regenerated `rules/certify-report.schema.json` is committed with
//! the change that adds the key. While the shape does not change, the
//! version stays "1".

pub mod checks;
pub mod counted;
pub mod decision;
pub mod decks;
pub mod edition;
pub mod exposure;
pub mod manifest;
pub mod protection;
pub mod readings;
pub mod results;
pub mod schema;
pub mod simulation;
pub mod trace;
pub mod values;
pub mod verification;

use super::Computed;
use super::inputs::{Inputs, LABEL, sha256_hex};
use schemars::JsonSchema;
use serde::Serialize;
use values::{Count, DeckCount, Sha256};

/// The version of the JSON document's shape (`schema_version`); see the
/// module documentation for when it rises.
pub const SCHEMA_VERSION: &str = "3";

/// The JSON document of a certify report (reports/<id>.json, written by
/// `certify SPEC`; `certify SPEC --json` prints the same without
/// `report_set`). Counts are decimal strings, exact figures "p/q" fractions
/// with 12-place decimals. Generated from the types of src/report/data/;
/// tests/report_schema.rs checks the committed schema is the generated one
/// and validates every committed report and fresh ones against it.
/// README: "The JSON document".
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[schemars(extend("allOf" = [
    {
        "description": "A report file always computes every deck count, so `results_sha256` and the by-deck results are there.",
        "if": { "required": ["report_set"] },
        "then": {
            "required": ["document"],
            "properties": {
                "manifest": { "required": ["results_sha256"] },
                "results": { "required": ["house_edge_by_decks"] }
            }
        }
    },
    {
        "description": "manifest.results_sha256 hashes the by-deck results: both or neither.",
        "if": { "properties": { "results": { "required": ["house_edge_by_decks"] } } },
        "then": { "properties": { "manifest": { "required": ["results_sha256"] } } },
        "else": { "properties": { "manifest": { "not": { "required": ["results_sha256"] } } } }
    },
    {
        "description": "The manifest records the simulation options exactly when the report has a simulation section.",
        "if": { "properties": { "simulation": { "type": "object" } } },
        "then": { "properties": { "manifest": { "required": ["simulate_rounds"] } } },
        "else": { "properties": { "manifest": { "not": { "required": ["simulate_rounds"] } } } }
    }
]))]
pub struct ReportData {
    /// The version of this shape (certify::report::data::SCHEMA_VERSION),
    /// raised when a key is removed, renamed or changes meaning.
    #[schemars(extend("const" = SCHEMA_VERSION))]
    pub schema_version: &'static str,
    /// The report's label: a manufacturer's analysis, not a test-laboratory
    /// certificate.
    #[schemars(extend("const" = LABEL))]
    pub label: &'static str,
    pub manifest: manifest::Manifest,
    pub results: Results,
    /// What the report finds: every verdict, question, limitation and
    /// warning the documents word (version 2 moved `results.warnings`
    /// here, typed).
    pub assessment: crate::assess::Assessment,
    /// Every fixture check run.
    pub fixtures: Vec<verification::Fixture>,
    /// The same checks grouped by case, as Appendix A shows them.
    pub fixture_cases: Vec<verification::FixtureCase>,
    /// Each reading of an ambiguous rule, with both readings' house edges.
    pub interpretations: Vec<readings::Interpretation>,
    /// Each reading of the game's own rules (naturals, drawing), with the
    /// figures it changes under both readings.
    pub game_interpretations: Vec<readings::GameInterpretation>,
    pub readings: readings::Readings,
    pub verification: verification::Verification,
    /// The "Game protection" section: what a player who sees, or tells
    /// apart, the first cards gains; null when the spec's strategy reads
    /// suits (not computed).
    pub protection: Option<protection::Protection>,
    /// With --simulate: the simulation and card counting study; else null.
    pub simulation: Option<simulation::Simulation>,
    /// What the edition adds (`--edition` or the spec's `edition:`);
    /// absent from the laboratory edition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<edition::Edition>,
    /// The report as its Markdown and PDF show it: every section, table
    /// (with its columns' kinds), figure, note and verdict, each cell as
    /// printed. A report file has it; `certify SPEC --json --no-reports`,
    /// which renders no report, leaves it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document: Option<crate::report::model::Document>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report_set: Option<manifest::ReportSet>,
}

/// The figures at the run's deck count, and across deck counts.
/// `house_edge_by_decks`, `claims_by_decks`, `house_edge_functions` and
/// `results_at_document_decks` need every deck count: a report always has
/// them; `certify SPEC --json --no-reports` leaves them out.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[schemars(extend("dependencies" = {
    "house_edge_by_decks": ["house_edge_by_decks", "claims_by_decks", "house_edge_functions", "results_at_document_decks"],
    "claims_by_decks": ["house_edge_by_decks", "claims_by_decks", "house_edge_functions", "results_at_document_decks"],
    "house_edge_functions": ["house_edge_by_decks", "claims_by_decks", "house_edge_functions", "results_at_document_decks"],
    "results_at_document_decks": ["house_edge_by_decks", "claims_by_decks", "house_edge_functions", "results_at_document_decks"],
}))]
pub struct Results {
    /// The spec's id.
    pub spec: String,
    /// The spec's version.
    pub spec_version: String,
    /// The certify version that computed it.
    pub tool_version: &'static str,
    /// The run's deck count.
    pub decks: DeckCount,
    /// Six-card sequences of the shoe (the six-card convention).
    pub total_combinations: Count,
    /// Every wager with its pay tables at the run's deck count, in the
    /// spec's order.
    pub wagers: Vec<results::Wager>,
    /// Combined wagers (empty when the spec has none).
    pub combined: Vec<results::Combined>,
    /// The wagers written without pay tables: their events counted, with no
    /// pay and no house edge (absent when the spec has none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counted: Vec<counted::Counted>,
    /// The player's decision analysis; null when no hand decides.
    pub decision: Option<decision::Decision>,
    /// Pay searches (empty when the spec has none).
    pub pay_searches: Vec<checks::PaySearch>,
    /// The house edges the document prints, checked at the run's deck count.
    pub claims: Vec<checks::Claim>,
    pub max_exposure: exposure::MaxExposure,
    /// Per wager, who holds the other side.
    pub other_side: Vec<exposure::OtherSide>,
    /// The spec's record of the deck counts the document names; null when
    /// the spec does not record them.
    pub document_decks: Option<decks::DocumentDecks>,
    /// Every deck count the spec allows, with its standing and the house
    /// edges at it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_edge_by_decks: Option<Vec<decks::AtDecks>>,
    /// Each printed claim checked at every deck count the spec allows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims_by_decks: Option<Vec<decks::ClaimByDecks>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_edge_functions: Option<decks::HouseEdgeFunctions>,
    /// The full pay tables at every count the document names other than
    /// the run's (which `wagers` holds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub results_at_document_decks: Option<Vec<decks::ResultsAtDecks>>,
}

/// The results at the run's deck count, before the by-deck parts.
fn results(inp: &Inputs, c: &Computed) -> Results {
    let (spec, a) = (inp.spec, &c.analysis);
    Results {
        spec: spec.id.clone(),
        spec_version: spec.version.clone(),
        tool_version: env!("CARGO_PKG_VERSION"),
        decks: DeckCount(a.decks),
        total_combinations: Count::of(a.total),
        wagers: results::wagers(spec, a),
        combined: a.combined.iter().map(results::Combined::of).collect(),
        counted: counted::counted(spec, a),
        decision: a.decision.as_ref().map(decision::Decision::of),
        pay_searches: inp
            .assessment
            .searches
            .iter()
            .map(checks::PaySearch::of)
            .collect(),
        claims: inp
            .assessment
            .claims
            .iter()
            .map(checks::Claim::of)
            .collect(),
        max_exposure: exposure::MaxExposure::of(spec, a),
        other_side: exposure::other_side(spec),
        document_decks: decks::document_decks(spec),
        house_edge_by_decks: None,
        claims_by_decks: None,
        house_edge_functions: None,
        results_at_document_decks: None,
    }
}

/// The report document without `report_set` (which hashes the rendered
/// siblings). Without `inp.by_decks` it also leaves out what needs every
/// deck count: `results.house_edge_by_decks`, `claims_by_decks`,
/// `house_edge_functions`, `results_at_document_decks` and
/// `manifest.results_sha256`.
pub fn fill(inp: &Inputs, computed: &Computed) -> ReportData {
    let spec = inp.spec;
    let mut results = results(inp, computed);
    let mut results_sha = None;
    if let Some(by) = inp.by_decks {
        results.house_edge_by_decks = Some(decks::by_decks(spec, by));
        results.claims_by_decks = Some(decks::claims_by_decks(
            spec,
            &inp.assessment.claims_by_decks,
        ));
        results.house_edge_functions = Some(decks::functions(spec, inp.edges));
        results.results_at_document_decks = Some(decks::at_document_decks(spec, inp.decks, by));
        // Through `Value`, whose maps keep keys sorted: compact output is canonical.
        let sorted = serde_json::to_value(&results).expect("serializable");
        results_sha = Some(Sha256(sha256_hex(
            serde_json::to_string(&sorted)
                .expect("serializable")
                .as_bytes(),
        )));
    }
    ReportData {
        schema_version: SCHEMA_VERSION,
        label: LABEL,
        manifest: manifest::Manifest::of(inp, computed, results_sha),
        results,
        assessment: inp.assessment.clone(),
        fixtures: verification::fixtures(inp.fixtures),
        fixture_cases: verification::fixture_cases(inp.fixtures),
        interpretations: readings::interpretations(spec, computed),
        game_interpretations: readings::game_interpretations(spec, computed, inp.assessment),
        readings: readings::readings(inp),
        verification: verification::Verification::of(inp.verification),
        protection: computed.protection.as_ref().map(protection::Protection::of),
        simulation: inp.study.map(simulation::Simulation::of),
        edition: None,
        document: None,
        report_set: None,
    }
}

impl ReportData {
    /// As a `serde_json::Value`: objects with their keys sorted.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("serializable")
    }
}
