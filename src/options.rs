//! The options that change what a run computes or reports: data shared by
//! the pipeline that uses them and the report that records them in its
//! manifest (so neither imports the other for it).

use crate::diag::Diagnostic;
use crate::diag::report::ReportError;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Default number of full-shoe rounds sampled when checking the engine
/// against the reference evaluator (every sequence of the small shoes is
/// always checked as well).
pub const SAMPLES: usize = 200;

/// Everything that changes what a run computes or reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Deck count; `None` is the spec's own.
    pub decks: Option<u32>,
    /// Fixture folder; `None` is `fixtures/` beside the spec's folder.
    pub fixtures: Option<PathBuf>,
    /// Full-shoe rounds sampled by the engine check.
    pub samples: usize,
    /// Real shoes simulated for the report's "Simulation and card
    /// counting" section (`--simulate`); None: no such section.
    pub simulate: Option<SimulateOptions>,
}

/// What `--simulate` deals; every field is recorded in the manifest.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulateOptions {
    /// Rounds of each pass.
    pub rounds: u64,
    pub seed: u64,
    /// Share of the shoe dealt before the cut card.
    pub penetration: f64,
    /// Shoes sampled for the perfect-information bound.
    pub bound_shoes: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            decks: None,
            fixtures: None,
            samples: SAMPLES,
            simulate: None,
        }
    }
}

impl Options {
    /// The options a report was made with, read back from its manifest.
    pub fn from_manifest(m: &BTreeMap<String, String>) -> Result<Options, Box<Diagnostic>> {
        let number = |key: &str| -> Result<Option<u64>, Box<Diagnostic>> {
            match m.get(key) {
                None => Ok(None),
                Some(v) => v.parse::<u64>().map(Some).map_err(|_| {
                    Box::new(Diagnostic::plain(ReportError::ManifestValue {
                        key: key.into(),
                        value: v.clone(),
                    }))
                }),
            }
        };
        let decks = number("decks")?.map(|d| d as u32);
        let samples = number("verify_samples")?.map_or(SAMPLES, |s| s as usize);
        let fixtures = m.get("fixtures_dir").map(PathBuf::from);
        let simulate = match number("simulate_rounds")? {
            None => None,
            Some(rounds) => Some(SimulateOptions {
                rounds,
                seed: number("simulate_seed")?.unwrap_or_default(),
                penetration: match m.get("simulate_penetration") {
                    None => 0.0,
                    Some(v) => v.parse().map_err(|_| {
                        Box::new(Diagnostic::plain(ReportError::ManifestValue {
                            key: "simulate_penetration".into(),
                            value: v.clone(),
                        }))
                    })?,
                },
                bound_shoes: number("simulate_bound_shoes")?.unwrap_or_default(),
            }),
        };
        Ok(Options {
            decks,
            fixtures,
            samples,
            simulate,
        })
    }
}
