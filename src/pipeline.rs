//! The one certification pipeline every command runs:
//! check -> fixtures -> verify -> compute -> render.
//!
//! `certify SPEC` and `certify verify REPORT` both call [`certify`], so a
//! report and its verification are made the same way from the same options.
//! The options that change a report are all in [`Options`], and all of them
//! are recorded in the report's manifest (see [`Options::from_manifest`]).

use crate::check::check_file;
use crate::diag::Diagnostic;
use crate::diag::report::ReportError;
use crate::diag::usage::UsageError;
use crate::fixtures::{CaseResult, default_dir, run_dir};
use crate::model::Spec;
use crate::report::Computed;
use crate::report::document::{Inputs, Report, build, sha256_hex};
use crate::spec::SourceFile;
use crate::verify::Verification;
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

/// Why a run stopped before it had figures to report.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong (exit 2).
    Usage(Box<Diagnostic>),
    /// The spec or a fixture file is refused (exit 1), with its diagnostics.
    Input(Vec<Diagnostic>),
    /// Fixtures ran and some failed (exit 1): the failing checks.
    Fixtures(Vec<CaseResult>),
    /// The engine disagrees with the reference evaluator (exit 1).
    Disagreement(Box<Verification>),
}

/// A spec taken through the whole pipeline up to the figures.
pub struct Certified {
    /// The spec path as given (without a leading `./`).
    pub path: String,
    pub source: SourceFile,
    pub spec: Spec,
    pub decks: u32,
    pub options: Options,
    /// The fixture folder actually read.
    pub fixtures_dir: PathBuf,
    pub fixtures: Vec<CaseResult>,
    /// SHA-256 over every fixture file run (names and contents, sorted by name).
    pub fixtures_sha256: String,
    pub verification: Verification,
    pub computed: Computed,
}

/// Checks the spec, runs its fixtures, checks the engine against the
/// reference evaluator and computes every wager. `progress` is told what
/// is running (the CLI shows it on a terminal).
pub fn certify(
    path: &str,
    options: &Options,
    progress: &dyn Fn(&str, &mut dyn FnMut()),
) -> Result<Certified, Failure> {
    let path = path.strip_prefix("./").unwrap_or(path).to_string();
    let (source, spec) = check_file(&path).map_err(Failure::Input)?;
    let decks = decks_for(&spec, options.decks).map_err(Failure::Usage)?;
    let fixtures_dir = options
        .fixtures
        .clone()
        .unwrap_or_else(|| default_dir(&path));
    let fixtures = run_dir(&spec, &fixtures_dir).map_err(Failure::Input)?;
    if fixtures.iter().any(|r| !r.pass) {
        return Err(Failure::Fixtures(
            fixtures.into_iter().filter(|r| !r.pass).collect(),
        ));
    }
    let fixtures_sha256 = fixtures_sha256(&fixtures);
    // Reports name fixture files within their folder, so a report does not
    // depend on where the folder was when it ran.
    let mut fixtures = fixtures;
    for r in &mut fixtures {
        if let Ok(rel) = std::path::Path::new(&r.file).strip_prefix(&fixtures_dir) {
            r.file = rel.to_string_lossy().replace('\\', "/");
        }
    }
    let mut verification = None;
    progress("checking the engine against the evaluator", &mut || {
        verification = Some(crate::verify::verify(&spec, decks, options.samples))
    });
    let verification = verification.expect("ran");
    if !verification.passed() {
        return Err(Failure::Disagreement(Box::new(verification)));
    }
    let mut computed = None;
    progress(
        &format!(
            "computing {} at {}",
            spec.id,
            crate::cards::deck_count(decks)
        ),
        &mut || computed = Some(crate::report::compute(&spec, decks)),
    );
    Ok(Certified {
        path,
        source,
        spec,
        decks,
        options: options.clone(),
        fixtures_dir,
        fixtures,
        fixtures_sha256,
        verification,
        computed: computed.expect("ran"),
    })
}

impl Certified {
    /// The reports (Markdown, JSON, PDF) of this run.
    pub fn render(&self) -> Result<Report, Box<Diagnostic>> {
        // The report shows every allowed deck count; the run's own count is
        // already computed.
        let spec = &self.spec;
        let others: Vec<(u32, crate::engine::Analysis)> = (spec.shoe.min_decks
            ..=spec.shoe.max_decks)
            .filter(|&d| d != self.decks)
            .map(|d| (d, crate::engine::analyse(spec, d)))
            .collect();
        let mut by_decks: Vec<(u32, &crate::engine::Analysis)> =
            others.iter().map(|(d, a)| (*d, a)).collect();
        by_decks.push((self.decks, &self.computed.analysis));
        by_decks.sort_by_key(|(d, _)| *d);
        let inputs = Inputs {
            by_decks: &by_decks,
            spec_path: &self.path,
            spec_bytes: self.source.text.as_bytes(),
            spec: &self.spec,
            decks: self.decks,
            fixtures: &self.fixtures,
            fixtures_sha256: &self.fixtures_sha256,
            options: &self.options,
            verification: &self.verification,
        };
        build(&inputs, &self.computed).map_err(|e| Box::new(Diagnostic::plain(e)))
    }

    /// `<spec id>`, or `<spec id>-<N>decks` away from the spec's deck count.
    pub fn report_name(&self) -> String {
        if self.decks == self.spec.shoe.decks {
            self.spec.id.clone()
        } else {
            format!("{}-{}decks", self.spec.id, self.decks)
        }
    }
}

/// The deck count to use: the spec's, or an override within its allowed range.
pub fn decks_for(spec: &Spec, wanted: Option<u32>) -> Result<u32, Box<Diagnostic>> {
    let decks = wanted.unwrap_or(spec.shoe.decks);
    if decks < spec.shoe.min_decks || decks > spec.shoe.max_decks {
        return Err(Box::new(Diagnostic::plain(UsageError::DecksOutOfRange {
            decks,
            spec: spec.id.clone(),
            min: spec.shoe.min_decks,
            max: spec.shoe.max_decks,
        })));
    }
    Ok(decks)
}

/// One hash over the fixture files a run used: each file's name and the
/// SHA-256 of its bytes, in name order. A file that cannot be re-read
/// (it was just read) hashes as empty, which can only make verify fail.
fn fixtures_sha256(results: &[CaseResult]) -> String {
    let files: std::collections::BTreeSet<&str> = results.iter().map(|r| r.file.as_str()).collect();
    let mut listing = String::new();
    for f in files {
        let bytes = std::fs::read(f).unwrap_or_default();
        let name = std::path::Path::new(f)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        listing.push_str(&format!("{}  {name}\n", sha256_hex(&bytes)));
    }
    sha256_hex(listing.as_bytes())
}
