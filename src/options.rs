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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Deck count; `None` is the spec's own.
    pub decks: Option<u32>,
    /// Fixture folder; `None` is `fixtures/` beside the spec's folder.
    pub fixtures: Option<PathBuf>,
    /// Full-shoe rounds sampled by the engine check.
    pub samples: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            decks: None,
            fixtures: None,
            samples: SAMPLES,
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
        Ok(Options {
            decks,
            fixtures,
            samples,
        })
    }
}
