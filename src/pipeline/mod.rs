//! The one certification pipeline every command runs:
//! check -> fixtures -> verify -> compute -> render.
//!
//! `certify SPEC` and `certify verify REPORT` both call [`certify`], so a
//! report and its verification are made the same way from the same options.
//! The options that change a report are all in [`Options`], and all of them
//! are recorded in the report's manifest (see [`Options::from_manifest`]).
//!
//! Layer: the driver: runs the stages in order (the layout is in `src/lib.rs`).

pub mod compare;
mod compute;

use compute::{Extent, compute_with};
pub use compute::{
    Failure, analyse, analyse_counts, compute, decks_for, edge_functions, fit_counts,
};

use crate::assess::{Assessment, Computed, DocumentStatus, Evidence};
use crate::check::check_path;
use crate::diag::Diagnostic;
use crate::engine::shoe::Composition;
use crate::fixtures::{CaseResult, default_dir, run_dir_texts};
use crate::model::Spec;
use crate::report::document::{Inputs, Report, sha256_hex};
use crate::spec::SourceFile;
use crate::verify::Verification;
use std::collections::BTreeMap;
use std::path::PathBuf;

pub use crate::options::{Options, SAMPLES};

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
    /// The strategy stage's enumerations of the player's decisions on the
    /// run's full shoe, for the spec's game and each reading of it, where
    /// the player decides optimally: the compute stage's decision analyses
    /// read them instead of enumerating the same decisions again.
    pub decisions: crate::strategy::Enumerated,
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
    /// The rule document as found beside the spec.
    pub document: DocumentStatus,
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

fn certify_as(
    path: &str,
    options: &Options,
    progress: &dyn Fn(&str, &mut dyn FnMut()),
    extent: Extent,
) -> Result<Certified, Failure> {
    let mut checked = check_stage(path, options)?;
    let mut known = std::mem::take(&mut checked.decisions);
    let mut done = None;
    progress(&running(&checked.spec, checked.decks), &mut || {
        let known = std::mem::take(&mut known);
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
                    &checked.options.max_bets,
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
    /// Each file the cases were read from, named as they name it, and its
    /// texts as checked against the rule documents.
    texts: Vec<(String, crate::trace::Texts)>,
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
    decisions: crate::strategy::Enumerated,
    /// The spec's texts as the check walked them, for the trace.
    texts: crate::trace::Texts,
}

/// Checks the spec and resolves its strategy for the run's shoe.
fn check_stage(path: &str, options: &Options) -> Result<Checked, Failure> {
    let path = path.strip_prefix("./").unwrap_or(path).to_string();
    let checked = check_path(&path).map_err(Failure::Input)?;
    let (_, include_files) = checked.input_hashes();
    let (source, spec, texts) = (checked.source, checked.spec, checked.texts);
    let decks = decks_for(&spec, options.decks).map_err(Failure::Usage)?;
    // Bets and the approved version of the command line (or a report's
    // manifest), then an edition that cannot be written, are refused
    // before anything runs.
    crate::edition::bets::check(&spec, options).map_err(Failure::Usage)?;
    if let Some(previous) = &options.previous {
        compare::approved(previous, &spec)?;
    }
    crate::edition::check(options.edition_for(&spec), &spec, options).map_err(Failure::Input)?;
    // The strategy stage for the run's shoe, before anything plays a round
    // there (fixtures, verification, compute all find the chart resolved).
    let decisions = crate::strategy::resolve_all(&spec, &Composition::standard(decks));
    Ok(Checked {
        path,
        source,
        spec,
        decks,
        options: options.clone(),
        include_files,
        decisions,
        texts,
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
        let (fixtures, texts) = run_dir_texts(&self.spec, &fixtures_dir).map_err(Failure::Input)?;
        if fixtures.iter().any(|r| !r.pass) {
            return Err(Failure::Fixtures(
                fixtures.into_iter().filter(|r| !r.pass).collect(),
            ));
        }
        let fixture_files = fixture_files(&fixtures);
        // Reports name fixture files within their folder, so a report does
        // not depend on where the folder was when it ran.
        let within = |file: &str| match std::path::Path::new(file).strip_prefix(&fixtures_dir) {
            Ok(rel) => rel.to_string_lossy().replace('\\', "/"),
            Err(_) => file.to_string(),
        };
        let mut fixtures = fixtures;
        for r in &mut fixtures {
            r.file = within(&r.file);
        }
        // The trace reads the files the cases came from, in name order.
        let mut texts: Vec<(String, crate::trace::Texts)> = texts
            .into_iter()
            .map(|(file, t)| (within(&file), t))
            .filter(|(file, _)| fixtures.iter().any(|r| r.file == *file))
            .collect();
        texts.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(FixtureRun {
            dir: fixtures_dir,
            results: fixtures,
            files: fixture_files,
            texts,
        })
    }

    /// The inputs of a run: this spec and its fixtures' results.
    fn prepared(self, fixtures: FixtureRun) -> Prepared {
        let trace = crate::trace::trace(&self.spec, self.texts, fixtures.texts);
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
    known: crate::strategy::Enumerated,
    extent: Extent,
    max_bets: &[(String, crate::model::Ratio)],
) -> (Verification, Computed) {
    rayon::join(
        || crate::verify::verify(spec, decks, samples),
        || compute_with(spec, decks, samples, known, extent, max_bets),
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
        let mut known = std::mem::take(&mut self.decisions);
        let mut done = None;
        progress(&running(&self.spec, self.decks), &mut || {
            done = Some(verify_and_compute(
                &self.spec,
                self.decks,
                self.options.samples,
                std::mem::take(&mut known),
                extent,
                &self.options.max_bets,
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
        // Each reading's `changes` is what its game is computed to change.
        let alternatives: Vec<(&str, &crate::engine::Analysis)> = computed
            .alternatives
            .iter()
            .map(|a| (a.id.as_str(), &a.analysis))
            .collect();
        let wrong = crate::verify::changes(&self.spec, &computed.analysis, &alternatives);
        if !wrong.is_empty() {
            return Err(Failure::Input(wrong));
        }
        let document = DocumentStatus::of(&self.trace.document, &self.spec);
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
            document,
        })
    }
}

/// The figures at every deck count the spec allows besides the run's, and
/// those the house-edge functions still need: computed once, for the
/// reports and the leaflet.
struct ByDecks {
    others: Vec<crate::engine::Analysis>,
    fitted: Vec<crate::engine::Analysis>,
}

impl Certified {
    /// The figures at the other deck counts (see [`ByDecks`]).
    fn other_counts(&self) -> ByDecks {
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
        ByDecks { others, fitted }
    }

    /// Every count's analysis in order, the run's own included.
    fn by_decks<'a>(&'a self, b: &'a ByDecks) -> Vec<(u32, &'a crate::engine::Analysis)> {
        let mut by: Vec<(u32, &crate::engine::Analysis)> =
            b.others.iter().map(|a| (a.decks, a)).collect();
        by.push((self.prepared.decks, &self.computed.analysis));
        by.sort_by_key(|(d, _)| *d);
        by
    }

    /// The reports (Markdown, JSON, PDF) of this run: the figures at the
    /// other deck counts computed, the run assessed, the report filled, the
    /// edition's sections added, then rendered.
    pub fn render(&self) -> Result<Report, Box<Diagnostic>> {
        let spec = &self.prepared.spec;
        let b = self.other_counts();
        let by_decks = self.by_decks(&b);
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
        let edges = edge_functions(spec, &by_decks, &b.fitted);
        let mut evidence = self.evidence(Some(&by_decks), &differing);
        evidence.edges = edges.as_ref();
        let assessment = crate::assess::assess(&evidence, &self.computed);
        let edition = self.edition();
        let inputs = self.inputs(&evidence, &assessment);
        let (mut data, mut model) = crate::report::document::parts(&inputs, &self.computed);
        // The edition's sections go in before rendering; the previous
        // version (`--previous`: the revision history in every edition,
        // the Nevada edition's game variation) is computed here, by the
        // pipeline, not by the edition.
        let variation = match &self.prepared.options.previous {
            Some(prev) => Some(
                compare::against(prev, &self.prepared.path, spec, &self.computed)
                    .map_err(|f| Box::new(first_diagnostic(f)))?,
            ),
            _ => None,
        };
        let ctx = crate::edition::Context {
            spec,
            options: &self.prepared.options,
            assessment: &assessment,
            analysis: &self.computed.analysis,
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
        let evidence = self.evidence(None, &[]);
        let assessment = crate::assess::assess(&evidence, &self.computed);
        let inputs = self.inputs(&evidence, &assessment);
        crate::report::document::document(&inputs, &self.computed)
    }

    /// The assessment of the figures at the run's deck count alone (the
    /// summary a run prints; a report's own is its [`Report::assessment`]).
    pub fn assessment(&self) -> Assessment {
        crate::assess::assess(&self.evidence(None, &[]), &self.computed)
    }

    fn inputs<'a>(&self, evidence: &'a Evidence<'a>, assessment: &'a Assessment) -> Inputs<'a> {
        let edition = self.edition();
        Inputs {
            evidence,
            assessment,
            edition,
            edition_sections: crate::edition::sections(edition),
            terms: crate::edition::terms(edition),
            authority: crate::edition::authority(edition, &self.prepared.spec),
        }
    }

    fn evidence<'a>(
        &'a self,
        by_decks: Option<&'a [(u32, &'a crate::engine::Analysis)]>,
        differing: &'a [(String, crate::eval::differ::DifferingRound)],
    ) -> Evidence<'a> {
        Evidence {
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
            document: &self.document,
            trace: &self.prepared.trace,
        }
    }

    /// The player's leaflet of this run (its figures at the run's deck
    /// count, with each house edge's range over the counts the document
    /// permits), naming the report `<report_name>` as the full analysis;
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
        let limits = crate::edition::leaflet_lines(
            self.edition(),
            spec,
            &self.computed.analysis,
            &self.prepared.options,
            &shown,
        );
        let b = self.other_counts();
        let by_decks = self.by_decks(&b);
        let evidence = self.evidence(Some(&by_decks), &[]);
        let assessment = crate::assess::assess(&evidence, &self.computed);
        let inputs = self.inputs(&evidence, &assessment);
        crate::report::leaflet::build(&inputs, &self.computed, &self.report_name(), plan, limits)
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
