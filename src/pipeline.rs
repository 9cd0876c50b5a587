//! The one certification pipeline every command runs:
//! check -> fixtures -> verify -> compute -> render.
//!
//! `certify SPEC` and `certify verify REPORT` both call [`certify`], so a
//! report and its verification are made the same way from the same options.
//! The options that change a report are all in [`Options`], and all of them
//! are recorded in the report's manifest (see [`Options::from_manifest`]).
//!
//! Layer: the driver: runs the stages in order (the layout is in `src/lib.rs`).

use crate::check::check_path;
use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use crate::engine::shoe::Composition;
use crate::fixtures::{CaseResult, default_dir, run_dir};
use crate::model::Spec;
use crate::report::Computed;
use crate::report::document::{Inputs, Report, sha256_hex};
use crate::spec::SourceFile;
use crate::verify::Verification;
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use crate::options::{Options, SAMPLES};

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

/// A spec checked and its fixtures run and passed: the inputs of a run,
/// before anything is computed. `certify verify` compares these with a
/// report's manifest before it recomputes.
pub struct Prepared {
    /// The spec path as given (without a leading `./`).
    pub path: String,
    pub source: SourceFile,
    pub spec: Spec,
    pub decks: u32,
    pub options: Options,
    /// The fixture folder actually read.
    pub fixtures_dir: PathBuf,
    pub fixtures: Vec<CaseResult>,
    /// Each fixture file run, by name within its folder, with the SHA-256 of its bytes.
    pub fixture_files: BTreeMap<String, String>,
    /// Each file the spec included (its shared game), by path, with the
    /// SHA-256 of its bytes.
    pub include_files: BTreeMap<String, String>,
    /// The strategy stage's enumeration of the player's decisions on the
    /// run's full shoe, when the spec lets the player decide optimally:
    /// the compute stage's decision analysis reads it instead of
    /// enumerating the same decisions again.
    pub decisions: Option<crate::engine::decide::Decisions>,
    /// The trace stage's findings: the document read or not, every
    /// quotation of the spec and its fixtures with where the document
    /// prints it, and the traceability matrix.
    pub trace: crate::trace::Trace,
}

/// A spec taken through the whole pipeline up to the figures.
pub struct Certified {
    /// The checked spec and its fixtures.
    pub prepared: Prepared,
    pub verification: Verification,
    pub computed: Computed,
    /// The simulation stage's findings, when the options ask for them.
    pub study: Option<crate::study::Study>,
}

/// Checks the spec, runs its fixtures, checks the engine against the
/// reference evaluator and computes every wager. `progress` is told what
/// is running (the CLI shows it on a terminal).
///
/// The fixtures run while the engine is checked and the figures computed:
/// none of the three reads another's results, and a failure is reported
/// in the pipeline's order all the same (a refused fixture file or a
/// failing case first, then a disagreement), the other results dropped.
pub fn certify(
    path: &str,
    options: &Options,
    progress: &dyn Fn(&str, &mut dyn FnMut()),
) -> Result<Certified, Failure> {
    certify_as(path, options, progress, Extent::Report)
}

/// [`certify`] for the player's leaflet: the same checks (the spec, its
/// fixtures, the engine against the reference evaluator) and the same
/// full-shoe figures, without what only the report shows: no game
/// protection analyses, no simulation (the options should ask for none).
/// It takes about the time of `certify SPEC --no-reports`.
pub fn certify_figures(
    path: &str,
    options: &Options,
    progress: &dyn Fn(&str, &mut dyn FnMut()),
) -> Result<Certified, Failure> {
    certify_as(path, options, progress, Extent::Figures)
}

/// What the compute stage computes: everything the report shows, or the
/// full-shoe figures alone (the leaflet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extent {
    Report,
    Figures,
}

fn certify_as(
    path: &str,
    options: &Options,
    progress: &dyn Fn(&str, &mut dyn FnMut()),
    extent: Extent,
) -> Result<Certified, Failure> {
    let mut checked = check_stage(path, options)?;
    let mut known = checked.decisions.take();
    let mut done = None;
    progress(&running(&checked.spec, checked.decks), &mut || {
        let known = known.take();
        let checked = &checked;
        done = Some(rayon::join(
            || checked.fixtures(),
            || {
                verify_and_compute(
                    &checked.spec,
                    checked.decks,
                    checked.options.samples,
                    known,
                    extent,
                )
            },
        ))
    });
    let (fixtures, (verification, computed)) = done.expect("ran");
    let prepared = checked.prepared(fixtures?);
    prepared.finish_with(verification, computed, progress)
}

/// The first two stages: check the spec, run its fixtures.
pub fn prepare(path: &str, options: &Options) -> Result<Prepared, Failure> {
    let checked = check_stage(path, options)?;
    let fixtures = checked.fixtures()?;
    Ok(checked.prepared(fixtures))
}

/// The fixtures run, all passed.
struct FixtureRun {
    dir: PathBuf,
    results: Vec<CaseResult>,
    files: BTreeMap<String, String>,
}

/// A spec checked and its strategy resolved for the run's shoe: what the
/// fixtures, the verification and the compute stage each start from.
struct Checked {
    path: String,
    source: SourceFile,
    spec: Spec,
    decks: u32,
    options: Options,
    include_files: BTreeMap<String, String>,
    /// See [`Prepared::decisions`].
    decisions: Option<crate::engine::decide::Decisions>,
}

/// Checks the spec and resolves its strategy for the run's shoe.
fn check_stage(path: &str, options: &Options) -> Result<Checked, Failure> {
    let path = path.strip_prefix("./").unwrap_or(path).to_string();
    let checked = check_path(&path).map_err(Failure::Input)?;
    let (_, include_files) = checked.input_hashes();
    let (source, spec) = (checked.source, checked.spec);
    let decks = decks_for(&spec, options.decks).map_err(Failure::Usage)?;
    // An edition that cannot be written is refused before anything runs.
    crate::edition::check(options.edition_for(&spec), &spec, options).map_err(Failure::Input)?;
    // The strategy stage for the run's shoe, before anything plays a round
    // there (fixtures, verification, compute all find the chart resolved).
    let decisions = if spec.strategies_resolved() {
        None
    } else {
        crate::strategy::resolve_keeping(&spec, &Composition::standard(decks)).1
    };
    Ok(Checked {
        path,
        source,
        spec,
        decks,
        options: options.clone(),
        include_files,
        decisions,
    })
}

impl Checked {
    /// Runs the fixtures; refused unless they all pass.
    fn fixtures(&self) -> Result<FixtureRun, Failure> {
        let fixtures_dir = self
            .options
            .fixtures
            .clone()
            .unwrap_or_else(|| default_dir(&self.path));
        let fixtures = run_dir(&self.spec, &fixtures_dir).map_err(Failure::Input)?;
        if fixtures.iter().any(|r| !r.pass) {
            return Err(Failure::Fixtures(
                fixtures.into_iter().filter(|r| !r.pass).collect(),
            ));
        }
        let fixture_files = fixture_files(&fixtures);
        // Reports name fixture files within their folder, so a report does
        // not depend on where the folder was when it ran.
        let mut fixtures = fixtures;
        for r in &mut fixtures {
            if let Ok(rel) = std::path::Path::new(&r.file).strip_prefix(&fixtures_dir) {
                r.file = rel.to_string_lossy().replace('\\', "/");
            }
        }
        Ok(FixtureRun {
            dir: fixtures_dir,
            results: fixtures,
            files: fixture_files,
        })
    }

    /// The inputs of a run: this spec and its fixtures' results.
    fn prepared(self, fixtures: FixtureRun) -> Prepared {
        let trace =
            crate::trace::trace(&self.source, &self.spec, &fixtures.dir, &fixtures.results);
        Prepared {
            trace,
            path: self.path,
            source: self.source,
            spec: self.spec,
            decks: self.decks,
            options: self.options,
            fixtures_dir: fixtures.dir,
            fixtures: fixtures.results,
            fixture_files: fixtures.files,
            include_files: self.include_files,
            decisions: self.decisions,
        }
    }
}

/// What the last stages are doing, for the progress line.
fn running(spec: &Spec, decks: u32) -> String {
    format!(
        "checking the engine against the evaluator, computing {} at {}",
        spec.id,
        crate::cards::deck_count(decks)
    )
}

/// The engine checked against the evaluator, and the figures computed,
/// side by side (neither reads the other's results; together they keep
/// both cores busier than one after the other).
fn verify_and_compute(
    spec: &Spec,
    decks: u32,
    samples: usize,
    known: Option<crate::engine::decide::Decisions>,
    extent: Extent,
) -> (Verification, Computed) {
    rayon::join(
        || crate::verify::verify(spec, decks, samples),
        || compute_with(spec, decks, samples, known, extent),
    )
}

impl Prepared {
    /// The last stages: check the engine against the reference evaluator
    /// and compute every wager (side by side; the figures are kept only
    /// when the check passes).
    pub fn finish(self, progress: &dyn Fn(&str, &mut dyn FnMut())) -> Result<Certified, Failure> {
        self.finish_as(progress, Extent::Report)
    }

    /// [`Prepared::finish`] for the player's leaflet: the figures alone
    /// (see [`certify_figures`]).
    pub fn finish_figures(
        self,
        progress: &dyn Fn(&str, &mut dyn FnMut()),
    ) -> Result<Certified, Failure> {
        self.finish_as(progress, Extent::Figures)
    }

    fn finish_as(
        mut self,
        progress: &dyn Fn(&str, &mut dyn FnMut()),
        extent: Extent,
    ) -> Result<Certified, Failure> {
        let mut known = self.decisions.take();
        let mut done = None;
        progress(&running(&self.spec, self.decks), &mut || {
            done = Some(verify_and_compute(
                &self.spec,
                self.decks,
                self.options.samples,
                known.take(),
                extent,
            ))
        });
        let (verification, computed) = done.expect("ran");
        self.finish_with(verification, computed, progress)
    }

    /// The run, given the verification and the figures: refused when the
    /// engine and the evaluator disagree; with the simulation stage when
    /// the options ask for it.
    fn finish_with(
        self,
        verification: Verification,
        mut computed: Computed,
        progress: &dyn Fn(&str, &mut dyn FnMut()),
    ) -> Result<Certified, Failure> {
        if !verification.passed() {
            return Err(Failure::Disagreement(Box::new(verification)));
        }
        // The engine checked under each alternative game too.
        if let Some(k) = computed
            .alternatives
            .iter()
            .position(|a| !a.verification.passed())
        {
            let alt = computed.alternatives.swap_remove(k);
            return Err(Failure::Disagreement(Box::new(alt.verification)));
        }
        computed
            .warnings
            .extend(missing_document(&self.path, &self.spec));
        let spec = &self.spec;
        let decks = self.decks;
        let mut study = None;
        if let Some(sim) = &self.options.simulate {
            let request = simulation_request(sim)
                .map_err(|e| Failure::Usage(Box::new(Diagnostic::plain(e))))?;
            progress("simulating real shoes and card counting", &mut || {
                study = Some(simulation_stage(spec, decks, &request))
            });
        }
        Ok(Certified {
            prepared: self,
            verification,
            computed,
            study,
        })
    }
}

impl Certified {
    /// The reports (Markdown, JSON, PDF) of this run.
    pub fn render(&self) -> Result<Report, Box<Diagnostic>> {
        // The report shows every allowed deck count; the run's own count is
        // already computed.
        let spec = &self.prepared.spec;
        let counts: Vec<u32> = (spec.shoe.min_decks..=spec.shoe.max_decks)
            .filter(|&d| d != self.prepared.decks)
            .collect();
        // Where the rules do not change with D, the counts the edge
        // functions still need are enumerated with the others.
        let fit = if spec.strategies_resolved() {
            let mut have = counts.clone();
            have.push(self.prepared.decks);
            fit_counts(&have)
        } else {
            Vec::new()
        };
        let mut others = analyse_counts(spec, &[counts.as_slice(), fit.as_slice()].concat());
        let fitted = others.split_off(counts.len());
        let mut by_decks: Vec<(u32, &crate::engine::Analysis)> =
            others.iter().map(|a| (a.decks, a)).collect();
        by_decks.push((self.prepared.decks, &self.computed.analysis));
        by_decks.sort_by_key(|(d, _)| *d);
        // Readings that give the same figures are told apart on a round the
        // reference evaluator settles differently: found here, rendered there.
        let differing: Vec<(String, crate::eval::differ::DifferingRound)> =
            crate::report::readings::same_figure_interpretations(
                spec,
                &by_decks,
                self.prepared.decks,
            )
            .into_iter()
            .filter_map(|(i, _)| {
                crate::eval::differ::first_differing_round(spec, &i.chosen, &i.alternative)
                    .map(|r| (i.id.clone(), r))
            })
            .collect();
        let edges = edge_functions(spec, &by_decks, &fitted);
        let mut inputs = self.inputs(Some(&by_decks), &differing);
        inputs.edges = edges.as_ref();
        let (mut data, mut model) = crate::report::document::parts(&inputs, &self.computed);
        // The edition's sections go in before rendering; the previous
        // version (`--previous`: the revision history in every edition,
        // the Nevada edition's game variation) is computed here, by the
        // pipeline, not by the edition.
        let edition = self.edition();
        let variation = match &self.prepared.options.previous {
            Some(prev) => Some(
                crate::diff::against(prev, &self.prepared.path, spec, &self.computed)
                    .map_err(|f| Box::new(first_diagnostic(f)))?,
            ),
            _ => None,
        };
        let ctx = crate::edition::Context {
            spec,
            analysis: &self.computed.analysis,
            options: &self.prepared.options,
            first: crate::report::numbering::edition(&inputs, &self.computed),
            variation: variation.as_ref(),
        };
        crate::edition::apply(edition, &ctx, &mut data, &mut model);
        crate::report::document::render(data, model).map_err(|e| Box::new(Diagnostic::plain(e)))
    }

    /// The edition this run writes (see [`Options::edition_for`]).
    pub fn edition(&self) -> crate::model::Edition {
        self.prepared.options.edition_for(&self.prepared.spec)
    }

    /// The JSON document of `--json --no-reports`: the report's JSON
    /// document without what needs every deck count computed (see
    /// [`crate::report::document::document`]).
    pub fn document(&self) -> serde_json::Value {
        crate::report::document::document(&self.inputs(None, &[]), &self.computed)
    }

    fn inputs<'a>(
        &'a self,
        by_decks: Option<&'a [(u32, &'a crate::engine::Analysis)]>,
        differing: &'a [(String, crate::eval::differ::DifferingRound)],
    ) -> Inputs<'a> {
        Inputs {
            by_decks,
            edges: None,
            differing,
            spec_path: &self.prepared.path,
            spec_bytes: self.prepared.source.text.as_bytes(),
            spec: &self.prepared.spec,
            decks: self.prepared.decks,
            fixtures: &self.prepared.fixtures,
            fixture_files: &self.prepared.fixture_files,
            include_files: &self.prepared.include_files,
            options: &self.prepared.options,
            verification: &self.verification,
            study: self.study.as_ref(),
            edition_sections: crate::edition::sections(self.edition()),
            trace: &self.prepared.trace,
        }
    }

    /// The player's leaflet of this run (its figures at the run's deck
    /// count only), naming the report `<report_name>` as the full analysis;
    /// `plan`: the declared leaflet (see [`crate::report::leaflet::plans`]).
    pub fn leaflet(
        &self,
        plan: Option<&crate::model::LeafletPlan>,
    ) -> Result<crate::report::leaflet::Leaflet, Box<Diagnostic>> {
        let spec = &self.prepared.spec;
        let shown: Vec<&str> = crate::report::leaflet::data::shown_wagers(spec, plan)
            .into_iter()
            .map(|k| spec.wagers[k].id.as_str())
            .collect();
        let limits =
            crate::edition::leaflet_lines(self.edition(), spec, &self.prepared.options, &shown);
        crate::report::leaflet::build(
            &self.inputs(None, &[]),
            &self.computed,
            &self.report_name(),
            plan,
            limits,
        )
        .map_err(|e| Box::new(Diagnostic::plain(e)))
    }

    /// `<spec id>`, or `<spec id>-<N>decks` away from the spec's deck
    /// count, then `-<edition>` for an edition other than the laboratory's
    /// (so the editions of one spec sit side by side in one folder).
    pub fn report_name(&self) -> String {
        let mut name = if self.prepared.decks == self.prepared.spec.shoe.decks {
            self.prepared.spec.id.clone()
        } else {
            format!("{}-{}decks", self.prepared.spec.id, self.prepared.decks)
        };
        let edition = self.edition();
        if edition != crate::model::Edition::Lab {
            name.push('-');
            name.push_str(edition.name());
        }
        name
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

/// The fixture files a run used, by file name, each with the SHA-256 of its
/// bytes. A file that cannot be re-read (it was just read) hashes as empty,
/// which can only make verify fail.
fn fixture_files(results: &[CaseResult]) -> BTreeMap<String, String> {
    let files: std::collections::BTreeSet<&str> = results.iter().map(|r| r.file.as_str()).collect();
    files
        .into_iter()
        .map(std::path::Path::new)
        .map(|f| {
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (
                name,
                sha256_hex(
                    &crate::spec::source::read_bytes_bounded(
                        f,
                        crate::spec::limits::MAX_BYTES as u64,
                    )
                    .unwrap_or_default(),
                ),
            )
        })
        .collect()
}

/// The compute stage: a spec's figures at `decks` decks and what the report
/// derives from them (claims, pay searches, warnings).
pub fn compute(spec: &Spec, decks: u32) -> Computed {
    compute_with(spec, decks, SAMPLES, None, Extent::Report)
}

/// [`compute`], given the decisions the strategy stage enumerated for this
/// spec's full shoe of `decks` decks (see [`Prepared::decisions`]).
fn compute_with(
    spec: &Spec,
    decks: u32,
    samples: usize,
    known: Option<crate::engine::decide::Decisions>,
    extent: Extent,
) -> Computed {
    let (resolved, analysis) = resolved_analysis(spec, decks, known);
    let mut computed = crate::report::assess(&resolved, analysis);
    // The report's "Game protection" section (a spec whose strategy reads
    // suits has none: the walk by class cannot play it).
    if extent == Extent::Report {
        computed.protection = crate::protection::report_set(&resolved, decks).ok();
        computed.alternatives = alternative_games(spec, decks, samples);
    }
    computed
}

/// Each interpretation of the game's rules: the spec under its alternative
/// game analysed at `decks` (its own optimal strategy resolved there) and
/// checked against the reference evaluator like the spec itself, so that
/// the figures the report shows for the other reading are as checked as
/// the adopted reading's.
fn alternative_games(
    spec: &Spec,
    decks: u32,
    samples: usize,
) -> Vec<crate::report::AlternativeGame> {
    spec.game_interpretations
        .par_iter()
        .map(|gi| {
            let (verification, (resolved, analysis)) = rayon::join(
                || crate::verify::verify(&gi.spec, decks, samples),
                || resolved_analysis(&gi.spec, decks, None),
            );
            crate::report::AlternativeGame {
                id: gi.id.clone(),
                claims: crate::report::claims::check(&resolved, &analysis),
                analysis,
                verification,
            }
        })
        .collect()
}

/// The spec resolved for a full shoe of `decks` decks (the strategy stage)
/// and its analysis there; the decisions the stage enumerated to resolve
/// an optimal strategy (now, or earlier: `known`) are the engine's
/// decision analysis's too.
fn resolved_analysis(
    spec: &Spec,
    decks: u32,
    known: Option<crate::engine::decide::Decisions>,
) -> (Cow<'_, Spec>, crate::engine::Analysis) {
    if spec.strategies_resolved() {
        return (Cow::Borrowed(spec), crate::engine::analyse(spec, decks));
    }
    let shoe = Composition::standard(decks);
    let (resolved, decisions) = crate::strategy::resolve_keeping(spec, &shoe);
    let analysis = crate::engine::analyse_resolved(&resolved, decks, decisions.or(known));
    (Cow::Owned(resolved), analysis)
}

/// The analyses at each of `decks`, in that order. Where the rules do not
/// change with D, one enumeration walk serves every count
/// ([`crate::engine::analyse_decks`]); an optimal strategy is resolved per
/// deck count, so such a spec is analysed count by count, side by side
/// (one analysis alone does not keep both cores busy), collected in order
/// whatever finishes first.
pub fn analyse_counts(spec: &Spec, decks: &[u32]) -> Vec<crate::engine::Analysis> {
    if spec.strategies_resolved() {
        crate::engine::analyse_decks(spec, decks)
    } else {
        decks.par_iter().map(|&d| analyse(spec, d)).collect()
    }
}

/// Each pay table's house edge as an exact function of the deck count,
/// fitted to the analyses at the counts `by_decks` holds and `fitted`
/// (analyses at the [`fit_counts`] of them, so that six fix the
/// functions); every count beyond six is checked against them (see
/// [`crate::engine::deck_function`]). None where an optimal strategy is
/// resolved per deck count: the game itself may change with D.
pub fn edge_functions(
    spec: &Spec,
    by_decks: &[(u32, &crate::engine::Analysis)],
    fitted: &[crate::engine::Analysis],
) -> Option<crate::engine::deck_function::DeckFunctions> {
    if !spec.strategies_resolved() {
        return None;
    }
    let mut points: Vec<&crate::engine::Analysis> = by_decks.iter().map(|(_, a)| *a).collect();
    points.extend(fitted);
    points.sort_by_key(|a| a.decks);
    Some(crate::engine::deck_function::edge_functions(&points))
}

/// The deck counts to enumerate besides `have` so that six fix the edge
/// functions: the smallest missing.
pub fn fit_counts(have: &[u32]) -> Vec<u32> {
    (1..)
        .filter(|d| !have.contains(d))
        .take(crate::engine::deck_function::DEGREE.saturating_sub(have.len()))
        .collect()
}

/// A warning when the spec's source document is not in the `documents/`
/// folder beside the spec (the report then makes no claim about its
/// words), or when its bytes are not those whose SHA-256 the spec declares.
fn missing_document(path: &str, spec: &Spec) -> Option<crate::report::Warning> {
    let dir = Path::new(path).parent().unwrap_or(Path::new(""));
    let at = dir.join("documents").join(&spec.document);
    let Ok(bytes) = std::fs::read(&at) else {
        return Some(crate::report::Warning {
            kind: crate::report::DOCUMENT_NOT_FOUND,
            message: format!(
                "source document `{}` not found (looked for {}): the handwritten cases' quotations and the spec's readings were not checked against it",
                spec.document,
                at.display()
            ),
        });
    };
    let declared = spec.document_id.sha256.as_deref()?;
    let found = crate::report::document::sha256_hex(&bytes);
    (found != declared).then(|| crate::report::Warning {
        kind: crate::report::DOCUMENT_CHANGED,
        message: format!(
            "source document `{}` is not the one analysed: its SHA-256 is {found}, the spec declares {declared}",
            spec.document
        ),
    })
}

/// What `--simulate` asks of the simulation stage, checked.
fn simulation_request(
    sim: &crate::options::SimulateOptions,
) -> Result<crate::study::Request, crate::diag::simulate::SimulateError> {
    let request = crate::study::Request {
        settings: crate::simulator::Settings {
            rounds: sim.rounds,
            seed: sim.seed,
            penetration: sim.penetration,
            shard: crate::simulator::Shard::WHOLE,
        },
        shoes: crate::study::Shoes {
            rank_level: sim.bound_shoes,
            suit_reading: sim.bound_suit_shoes,
        },
    };
    request.settings.check()?;
    Ok(request)
}

/// The simulation stage on the spec resolved for `decks` decks.
fn simulation_stage(
    spec: &Spec,
    decks: u32,
    request: &crate::study::Request,
) -> crate::study::Study {
    let resolved = crate::strategy::for_decks(spec, decks);
    let done = std::sync::atomic::AtomicU64::new(0);
    let mut study = crate::study::study(&resolved, decks, request, &done).0;
    // The report's "fewer or more decks" mitigation: the countable pay
    // tables' counters at other allowed deck counts.
    study.other_decks = crate::study::other_decks(spec, decks, request, &study);
    study
}

/// The strategy stage, then the engine: a spec's figures at `decks` decks.
pub fn analyse(spec: &Spec, decks: u32) -> crate::engine::Analysis {
    resolved_analysis(spec, decks, None).1
}

/// The first diagnostic of the comparison with `--previous` (which
/// refuses only as input or usage: it runs no fixtures and no verification).
fn first_diagnostic(f: Failure) -> Diagnostic {
    match f {
        Failure::Usage(d) => *d,
        Failure::Input(ds) => ds
            .into_iter()
            .next()
            .expect("a refused file carries its diagnostics"),
        other => unreachable!("certify diff refuses only input and usage: {other:?}"),
    }
}
