//! `manifest`: what reproduces the report, and `report_set`: the siblings
//! written with a report file.

use super::values::{Count, DeckCount, Sha256};
use crate::report::Computed;
use crate::report::inputs::{Inputs, cargo_lock_sha256, command, fixtures_dir, sha256_hex};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// What reproduces the report; `certify verify` reads it. The Markdown
/// report shows the same as `key: value` lines.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
// The simulation options come all together or not at all.
#[schemars(extend("dependencies" = {
    "simulate_rounds": ["simulate_rounds", "simulate_seed", "simulate_penetration", "simulate_bound_shoes", "simulate_bound_suit_shoes"],
    "simulate_seed": ["simulate_rounds", "simulate_seed", "simulate_penetration", "simulate_bound_shoes", "simulate_bound_suit_shoes"],
    "simulate_penetration": ["simulate_rounds", "simulate_seed", "simulate_penetration", "simulate_bound_shoes", "simulate_bound_suit_shoes"],
    "simulate_bound_shoes": ["simulate_rounds", "simulate_seed", "simulate_penetration", "simulate_bound_shoes", "simulate_bound_suit_shoes"],
    "simulate_bound_suit_shoes": ["simulate_rounds", "simulate_seed", "simulate_penetration", "simulate_bound_shoes", "simulate_bound_suit_shoes"],
}))]
pub struct Manifest {
    /// The spec path as the reproducing command names it.
    pub spec_file: String,
    /// SHA-256 of the spec file's own bytes.
    pub spec_sha256: Sha256,
    /// The spec's id.
    pub spec_id: String,
    /// The spec's version.
    pub spec_version: String,
    /// The tool.
    #[schemars(extend("const" = "certify"))]
    pub tool: &'static str,
    /// The certify version.
    pub tool_version: &'static str,
    /// SHA-256 of the Cargo.lock the tool was built from (its exact
    /// dependency set).
    pub cargo_lock_sha256: Sha256,
    /// The archival standard the PDF sibling is written to and validated
    /// against.
    #[schemars(pattern("^PDF/A-"))]
    pub pdf_conformance: &'static str,
    /// The run's deck count.
    pub decks: DeckCount,
    /// The fixture folder the run read, with `/` separators.
    pub fixtures_dir: String,
    /// Rounds sampled from the full shoe for the engine-against-evaluator
    /// check.
    pub verify_samples: usize,
    /// The six-card convention in the game's slot names.
    pub convention: String,
    /// Six-card sequences of the shoe.
    pub total_combinations: Count,
    /// The command that reproduces the report: every option away from its
    /// default.
    #[schemars(pattern("^certify "))]
    pub command: String,
    /// With --simulate: rounds of each pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub simulate_rounds: Option<u64>,
    /// With --simulate: the generator's seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulate_seed: Option<u64>,
    /// With --simulate: the share of the shoe dealt before the cut card.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(r"^[0-9]+(\.[0-9]+)?$"))]
    pub simulate_penetration: Option<String>,
    /// With --simulate: shoes on which the counter and the
    /// perfect-information player are measured, for wagers that read no
    /// suit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulate_bound_shoes: Option<u64>,
    /// With --simulate: the same for wagers that read suits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulate_bound_suit_shoes: Option<u64>,
    /// The edition (`--edition` or the spec's `edition:`) when not the
    /// laboratory edition: `washington`, `california`, `nevada`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// With --previous: the approved version compared with (a spec or a
    /// JSON report), as given, and the SHA-256 of its bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_sha256: Option<Sha256>,
    /// With --min-bet / --max-bet: `wager=dollars,...`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_bets: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_bets: Option<String>,
    /// Each fixture file run, by name within the fixture folder, with the
    /// SHA-256 of its bytes.
    pub fixture_sha256: BTreeMap<String, Sha256>,
    /// Each file the spec included (its shared game), by path, with the
    /// SHA-256 of its bytes ({} when none). The spec's own hash is of its
    /// own bytes (what `certify verify` compares with the file).
    pub include_sha256: BTreeMap<String, Sha256>,
    /// SHA-256 of `results` as compact JSON with sorted keys. Absent only
    /// from `certify SPEC --json --no-reports`, which does not compute every
    /// deck count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub results_sha256: Option<Sha256>,
}

fn hashes(files: &BTreeMap<String, String>) -> BTreeMap<String, Sha256> {
    files
        .iter()
        .map(|(name, sha)| (name.clone(), Sha256(sha.clone())))
        .collect()
}

impl Manifest {
    pub fn of(inp: &Inputs, c: &Computed, results_sha256: Option<Sha256>) -> Self {
        let sim = inp.options.simulate.as_ref();
        Manifest {
            spec_file: inp.spec_path.to_string(),
            spec_sha256: Sha256(sha256_hex(inp.spec_bytes)),
            spec_id: inp.spec.id.clone(),
            spec_version: inp.spec.version.clone(),
            tool: "certify",
            tool_version: env!("CARGO_PKG_VERSION"),
            cargo_lock_sha256: Sha256(cargo_lock_sha256().to_string()),
            pdf_conformance: crate::report::pdf::CONFORMANCE,
            decks: DeckCount(inp.decks),
            fixtures_dir: fixtures_dir(inp),
            verify_samples: inp.options.samples,
            convention: crate::report::method::convention(inp.spec),
            total_combinations: Count::of(c.analysis.total),
            command: command(inp),
            simulate_rounds: sim.map(|s| s.rounds),
            simulate_seed: sim.map(|s| s.seed),
            simulate_penetration: sim.map(|s| s.penetration.to_string()),
            simulate_bound_shoes: sim.map(|s| s.bound_shoes),
            simulate_bound_suit_shoes: sim.map(|s| s.bound_suit_shoes),
            edition: Some(inp.options.edition_for(inp.spec))
                .filter(|e| *e != crate::model::Edition::Lab)
                .map(|e| e.name().to_string()),
            previous: inp.options.previous.clone(),
            previous_sha256: inp
                .options
                .previous
                .as_ref()
                .map(|p| Sha256(sha256_hex(&std::fs::read(p).unwrap_or_default()))),
            min_bets: crate::options::bets_text(&inp.options.min_bets),
            max_bets: crate::options::bets_text(&inp.options.max_bets),
            fixture_sha256: hashes(inp.fixture_files),
            include_sha256: hashes(inp.include_files),
            results_sha256,
        }
    }
}

/// Reports only (not `--json`): the siblings written with this file; a set
/// is whole when these match.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ReportSet {
    /// SHA-256 of the Markdown report written beside it.
    pub markdown_sha256: Sha256,
    /// SHA-256 of the PDF report written beside it.
    pub pdf_sha256: Sha256,
}

impl ReportSet {
    pub fn of(markdown: &str, pdf: &[u8]) -> Self {
        ReportSet {
            markdown_sha256: Sha256(sha256_hex(markdown.as_bytes())),
            pdf_sha256: Sha256(sha256_hex(pdf)),
        }
    }
}
