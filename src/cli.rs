//! The command line: parsing arguments and rendering results as text.
//! `run` returns what to print and the exit code, so tests need no process.
//!
//! Layer: front end: the command line (the layout is in `src/lib.rs`).

use crate::cards::parse_cards;
use crate::check::check_file;
use crate::diag::report::ReportError;
use crate::diag::usage::UsageError;
use crate::diag::{Diagnostic, ErrorKind, render_all};
use crate::eval::{Deal, Decision, play, settle};
use crate::fixtures::{CaseResult, default_dir, run_dir};
use crate::model::Spec;
use crate::pipeline::{Certified, Failure, Options, SAMPLES, decks_for};
use crate::report::text::{fixture_table, new_table};
use clap::{Args, Parser, Subcommand};
use std::fmt::Write;
use std::path::PathBuf;

mod authoring;
mod color;
mod manual;
mod simulate;

pub use color::main;

/// The examples `certify --help` ends with.
const EXAMPLES: &str = "\
Examples:
  certify rules/lucky_monkey.yaml                 check, run fixtures, compute, write reports/
  certify rules/*.yaml --no-reports               every shipped spec, one summary line each
  certify check rules/lucky_8.yaml                type-check and run the fixtures only
  certify settle rules/punto_banco.yaml --player 4s,Kd,4h --banker 2c,Ks,4d
  certify verify reports/lucky_monkey.json        recompute a report and compare
  certify new my_side_bet                         start a new side bet (spec and fixtures)
  certify diff rules/lucky_8.yaml new/lucky_8.yaml   what a change does to the figures";

#[derive(Parser, Debug)]
#[command(
    name = "certify",
    version = env!("CERTIFY_LONG_VERSION"),
    about = "Verify casino game rules and certify their mathematics",
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    run: RunArgs,
    /// When to colour warnings and errors: auto (on a terminal, unless the
    /// NO_COLOR variable is set), always or never, e.g. --color never
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = color::When::Auto, global = true)]
    color: color::When,
}

/// `certify SPEC`: check the spec, run its fixtures, then compute it exactly.
#[derive(Args, Debug)]
struct RunArgs {
    /// Rule spec(s) (YAML), e.g. rules/lucky_monkey.yaml, or rules/*.yaml to
    /// run every shipped spec one after another
    #[arg(value_name = "SPEC")]
    specs: Vec<String>,
    /// Folder of fixture files (default: fixtures/ beside the spec's
    /// folder), e.g. --fixtures tests/fixtures
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
    /// Deck count (default: the spec's; within its allowed range), e.g. --decks 6
    #[arg(long, value_name = "N")]
    decks: Option<u32>,
    /// Print the results as JSON instead of the summary table
    #[arg(long)]
    json: bool,
    /// Rounds sampled from the full shoe when checking the engine against the
    /// reference evaluator: 200 without the flag, 1000 with `--verify` alone
    /// (every sequence of the small shoes is always checked as well), e.g. --verify 5000
    #[arg(long, value_name = "SAMPLES", num_args = 0..=1, default_missing_value = "1000")]
    verify: Option<usize>,
    /// Exit with code 3 when the run has any warning (a player advantage, a
    /// claim the figures do not confirm, an impossible or outranked event)
    #[arg(long)]
    deny_warnings: bool,
    /// Folder for the reports (default: reports), e.g. --out /tmp/reports
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print the results only; write no report
    #[arg(long)]
    no_reports: bool,
    /// Add the "Simulation and card counting" section: real shoes dealt to
    /// a cut card against the exact figures, effects of removal and the
    /// counting analysis (see `certify simulate`), with this many rounds
    /// per pass (default 10000000), e.g. --simulate 50000000
    #[arg(long, value_name = "ROUNDS", num_args = 0..=1, default_missing_value = "10000000")]
    simulate: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse and type-check a spec and run its fixtures; exit 1 on any failure
    #[command(
        after_help = "Example:\n  certify check rules/lucky_monkey.yaml\n  certify check tests/specs/dragon_bonus.yaml --json"
    )]
    Check {
        /// The rule spec (YAML), e.g. rules/lucky_monkey.yaml
        spec: String,
        /// Folder of fixture files (default: fixtures/ beside the spec's
        /// folder), e.g. --fixtures tests/fixtures
        #[arg(long, value_name = "DIR")]
        fixtures: Option<PathBuf>,
        /// Print the results as JSON
        #[arg(long)]
        json: bool,
    },
    /// Play and settle one round from concrete cards
    #[command(
        after_help = "Example:\n  certify settle rules/punto_banco.yaml --player 4s,Kd,4h --banker 2c,Ks,4d"
    )]
    Settle(SettleArgs),
    /// Settle whole table rounds: every seat's wagers against the player-dealer's stake
    #[command(after_help = "Example:\n  certify table --round fixtures/tables/rotation.yaml")]
    Table(TableArgs),
    /// Recompute a report (.md or .json) from the spec it names; exit 1 on any difference
    #[command(
        after_help = "Example:\n  certify verify reports/lucky_monkey.json\n  certify verify reports/lucky_monkey.md --fixtures /tmp/fixtures"
    )]
    Verify {
        /// A report written by `certify SPEC`: reports/<id>.md or .json,
        /// e.g. reports/lucky_monkey.json
        report: PathBuf,
        /// Read the fixture files from this folder instead of the one the
        /// manifest records (they must hash the same), e.g. --fixtures /tmp/fixtures
        #[arg(long, value_name = "DIR")]
        fixtures: Option<PathBuf>,
    },
    /// Write a minimal spec for a new side bet and its fixture file, both of
    /// which check and compute as written; never overwrites a file
    #[command(
        after_help = "Example:\n  certify new my_side_bet                   writes rules/my_side_bet.yaml and fixtures/my_side_bet.yaml\n  certify new my_side_bet --dir tests/specs   writes tests/specs/my_side_bet.yaml and tests/fixtures/my_side_bet.yaml"
    )]
    New {
        /// The new spec's id: lowercase letters, digits and `_`, e.g. my_side_bet
        id: String,
        /// Folder for the spec (default: rules); its fixture file goes to the
        /// fixtures/ folder beside it, where certify looks, e.g. --dir tests/specs
        #[arg(long, value_name = "DIR", default_value = "rules")]
        dir: PathBuf,
    },
    /// What changed between two specs (or two JSON reports): the changes in
    /// words and every pay table's figures before and after. Exit 0 when
    /// nothing that affects the mathematics changed, 1 otherwise
    #[command(
        after_help = "Example:\n  certify diff rules/lucky_8.yaml /tmp/lucky_8.yaml > change.md\n  certify diff old/lucky_8.json reports/lucky_8.json --json"
    )]
    Diff {
        /// The spec (YAML) or report (JSON) before the change, e.g. rules/lucky_8.yaml
        old: String,
        /// The spec or report after the change, e.g. /tmp/lucky_8.yaml
        new: String,
        /// Print the diff as JSON (for CI) instead of Markdown
        #[arg(long)]
        json: bool,
        /// Compute both specs at this deck count (default: each spec's own), e.g. --decks 6
        #[arg(long, value_name = "N")]
        decks: Option<u32>,
    },
    /// Print a shell completion script, e.g. for bash:
    /// certify completions bash > ~/.local/share/bash-completion/completions/certify
    #[command(
        after_help = "Example:\n  certify completions bash > ~/.local/share/bash-completion/completions/certify\n  certify completions zsh > ~/.zfunc/_certify"
    )]
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh, e.g. bash
        shell: clap_complete::Shell,
    },
    /// Deal real shoes: the simulation cross-check of every pay table
    /// against the exact figures, the cut-card effect, effects of removal
    /// and the card-counting analysis
    #[command(
        after_help = "Example:\n  certify simulate rules/21st_century_baccarat.yaml\n  certify simulate rules/golden_bacc.yaml --rounds 100000000 --seed 7 --penetration 0.9\n  certify simulate rules/lucky_8.yaml --shard 2/4 --json > s2.json   (one of four shards)\n  certify simulate rules/lucky_8.yaml --merge s1.json s2.json s3.json s4.json"
    )]
    Simulate(simulate::SimulateArgs),
    /// Print the manual page (roff) on standard output
    #[command(after_help = "Example:\n  certify man > certify.1 && man ./certify.1")]
    Man,
}

#[derive(Args, Debug)]
struct SettleArgs {
    /// The rule spec (YAML), e.g. rules/punto_banco.yaml
    spec: String,
    /// Player's cards in deal order, e.g. 4s,Kd,4h
    #[arg(long, value_name = "CARDS")]
    player: Option<String>,
    /// Banker's cards in deal order, e.g. 2c,Ks,4d
    #[arg(long, value_name = "CARDS")]
    banker: Option<String>,
    /// Dealer's cards in deal order (games with a dealer hand), e.g. Kh,5s
    #[arg(long, value_name = "CARDS")]
    dealer: Option<String>,
    /// The player's choice where the rules let the player decide: draw or stand
    #[arg(long, value_name = "CHOICE")]
    decision: Option<String>,
    /// Decide by this strategy of the spec instead of its default, e.g. --strategy draw_0_to_5
    #[arg(long, value_name = "ID")]
    strategy: Option<String>,
    /// Deck count (default: the spec's), e.g. --decks 6
    #[arg(long, value_name = "N")]
    decks: Option<u32>,
    /// Print the result as JSON
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct TableArgs {
    /// Rule spec with a `table:` section (default: the round file's `spec:`),
    /// e.g. rules/21st_century_baccarat.yaml
    spec: Option<String>,
    /// Round file (YAML): seats, wagers, player-dealer, cards, e.g.
    /// fixtures/tables/rotation.yaml
    #[arg(long)]
    round: String,
    /// Print the result as JSON
    #[arg(long)]
    json: bool,
}

/// What a run prints and how it exits.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Exit codes, as the README documents them.
pub mod exit {
    /// Success.
    pub const OK: i32 = 0;
    /// A spec, fixture, round or report is refused, or a check failed.
    pub const FAILED: i32 = 1;
    /// The command line is wrong.
    pub const USAGE: i32 = 2;
    /// `--deny-warnings` and the run had warnings (its reports are written).
    pub const WARNINGS: i32 = 3;
}

impl Output {
    fn fail(stderr: String) -> Output {
        Output {
            stdout: String::new(),
            stderr,
            code: exit::FAILED,
        }
    }

    /// Refused input: every diagnostic rendered with its own file's source.
    fn refused(ds: &[Diagnostic]) -> Output {
        Output::fail(diagnostics(ds))
    }

    /// A usage error (exit 2).
    fn usage(d: impl Into<Box<Diagnostic>>) -> Output {
        let d: Box<Diagnostic> = d.into();
        Output {
            stdout: String::new(),
            stderr: diagnostics(std::slice::from_ref(&*d)),
            code: exit::USAGE,
        }
    }
}

pub fn run<I: IntoIterator<Item = String>>(args: I) -> Output {
    let cli = match Cli::try_parse_from(color::color_last(args)) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let text = e.render().to_string();
            return if code == 0 {
                Output {
                    stdout: text,
                    stderr: String::new(),
                    code,
                }
            } else {
                Output {
                    stdout: String::new(),
                    stderr: text,
                    code,
                }
            };
        }
    };
    match cli.command {
        Some(Command::Check {
            spec,
            fixtures,
            json,
        }) => check(&spec, fixtures, json),
        Some(Command::Settle(a)) => settle_cmd(&a),
        Some(Command::Table(a)) => table_cmd(&a),
        Some(Command::Verify { report, fixtures }) => verify_report(&report, fixtures),
        Some(Command::New { id, dir }) => authoring::new(&id, &dir),
        Some(Command::Diff {
            old,
            new,
            json,
            decks,
        }) => authoring::diff(&old, &new, json, decks),
        Some(Command::Completions { shell }) => manual::completions(shell),
        Some(Command::Man) => manual::man(),
        Some(Command::Simulate(a)) => simulate::simulate(&a),
        None => match cli.run.specs.as_slice() {
            [] => Output::usage(Diagnostic::plain(UsageError::NoSpec)),
            [spec] => main_job(spec, &cli.run),
            specs => several(specs, &cli.run),
        },
    }
}

/// Diagnostics rendered in order, each with an excerpt of its own file; a
/// count closes them when they point into files.
fn diagnostics(ds: &[Diagnostic]) -> String {
    let mut out = String::new();
    let mut start = 0;
    // Consecutive diagnostics of one file are rendered together.
    while start < ds.len() {
        let file = &ds[start].file;
        let end = start + ds[start..].iter().take_while(|d| &d.file == file).count();
        if file.is_empty() {
            for d in &ds[start..end] {
                out.push_str(&d.render(""));
            }
        } else {
            // Bounded: a diagnostic about a huge file never reads it whole.
            let source = crate::spec::source::read_bounded(file, crate::limits::MAX_SHARD_BYTES)
                .unwrap_or_default();
            out.push_str(&render_all(&ds[start..end], &source));
        }
        start = end;
    }
    out
}

fn load(path: &str) -> Result<Spec, Output> {
    check_file(path)
        .map(|(_, s)| s)
        .map_err(|ds| Output::refused(&ds))
}

/// Runs the fixtures of a spec; the table and whether all passed.
fn run_fixtures(
    spec: &Spec,
    path: &str,
    dir: Option<PathBuf>,
) -> Result<(Vec<CaseResult>, bool), Output> {
    let dir = dir.unwrap_or_else(|| default_dir(path));
    let results = run_dir(spec, &dir).map_err(|ds| Output::refused(&ds))?;
    let ok = results.iter().all(|r| r.pass);
    Ok((results, ok))
}

fn fixture_summary(results: &[CaseResult]) -> String {
    let failed = results.iter().filter(|r| !r.pass).count();
    let cases: std::collections::BTreeSet<(&str, &str)> = results
        .iter()
        .map(|r| (r.file.as_str(), r.case.as_str()))
        .collect();
    format!(
        "fixtures: {} cases, {} checks, {} passed, {} failed\n",
        cases.len(),
        results.len(),
        results.len() - failed,
        failed
    )
}

fn check(path: &str, dir: Option<PathBuf>, json: bool) -> Output {
    let spec = match load(path) {
        Ok(s) => s,
        Err(o) => return o,
    };
    let (results, ok) = match run_fixtures(&spec, path, dir) {
        Ok(r) => r,
        Err(o) => return o,
    };
    let stdout = if json {
        let doc = serde_json::json!({
            "spec": spec.id,
            "version": spec.version,
            "passed": ok,
            "results": results,
        });
        serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
    } else {
        let mut s = format!("{} ({} {}): spec checked\n\n", path, spec.id, spec.version);
        s.push_str(&fixture_table(&results));
        s.push_str("\n\n");
        s.push_str(&fixture_summary(&results));
        s
    };
    Output {
        stdout,
        stderr: if ok {
            String::new()
        } else {
            "fixtures failed\n".into()
        },
        code: if ok { 0 } else { 1 },
    }
}

/// `certify SPEC SPEC...`: each spec's own run, one after another, then one
/// line per spec. The exit code is the most serious of theirs: a usage
/// error (2), else a failure (1), else warnings under `--deny-warnings` (3).
/// With `--json`, a JSON array of the documents of the specs that computed.
fn several(specs: &[String], args: &RunArgs) -> Output {
    let runs: Vec<(&String, (Output, usize))> =
        specs.iter().map(|s| (s, one_spec(s, args))).collect();
    let mut stdout = String::new();
    let mut stderr = String::new();
    let mut lines = crate::report::text::new_table(vec!["spec", "result", "exit"]);
    for (spec, (o, warnings)) in &runs {
        if !args.json {
            let _ = writeln!(stdout, "== {spec}\n{}", o.stdout);
        }
        stderr.push_str(&o.stderr);
        let result = match o.code {
            // Warnings (a player advantage, an unconfirmed claim) are listed in
            // the spec's own summary above; only --deny-warnings fails them.
            exit::OK if *warnings > 0 => "computed, with warnings",
            exit::OK => "computed",
            exit::WARNINGS => "warnings (--deny-warnings)",
            exit::USAGE => "usage error",
            _ => "FAILED",
        };
        lines.add_row(vec![
            spec.to_string(),
            result.to_string(),
            o.code.to_string(),
        ]);
    }
    let codes: Vec<i32> = runs.iter().map(|(_, (o, _))| o.code).collect();
    let code = [exit::USAGE, exit::FAILED, exit::WARNINGS]
        .into_iter()
        .find(|c| codes.contains(c))
        .unwrap_or(exit::OK);
    if args.json {
        let docs: Vec<&str> = runs
            .iter()
            .filter(|(_, (o, _))| o.code == exit::OK || o.code == exit::WARNINGS)
            .map(|(_, (o, _))| o.stdout.trim_end())
            .collect();
        stdout = format!("[\n{}\n]\n", docs.join(",\n"));
    } else {
        let _ = writeln!(stdout, "{lines}");
    }
    Output {
        stdout,
        stderr,
        code,
    }
}

fn main_job(path: &str, args: &RunArgs) -> Output {
    one_spec(path, args).0
}

/// One spec's run and how many warnings it had (0 when it stopped early).
fn one_spec(path: &str, args: &RunArgs) -> (Output, usize) {
    let options = Options {
        decks: args.decks,
        fixtures: args.fixtures.clone(),
        samples: args.verify.unwrap_or(SAMPLES),
        simulate: args.simulate.map(|rounds| crate::options::SimulateOptions {
            rounds,
            seed: crate::simulator::DEFAULT_SEED,
            penetration: crate::simulator::default_penetration(),
            bound_shoes: crate::study::BOUND_SHOES,
        }),
    };
    if let Some(p) = options.past_limit() {
        return (
            Output::usage(Diagnostic::plain(UsageError::TooLarge {
                flag: p.flag.into(),
                given: p.given,
                max: p.max,
            })),
            0,
        );
    }
    // Refuse an unusable --out before spending any time computing.
    let out_dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports"));
    if !args.no_reports
        && let Err(d) = prepare_out(&out_dir)
    {
        return (Output::usage(d), 0);
    }
    let run =
        match crate::pipeline::certify(path, &options, &|what, work| with_progress(what, work)) {
            Ok(r) => r,
            Err(f) => return (failure(path, f), 0),
        };
    let mut written = String::new();
    // The report's JSON document (without `report_set`), for `--json`.
    let mut document = None;
    if !args.no_reports {
        let mut report = None;
        with_progress("writing the reports", &mut || report = Some(run.render()));
        let report = match report.expect("ran") {
            Ok(r) => r,
            Err(d) => return (Output::refused(&[*d]), 0),
        };
        match crate::report::document::write(&report, &out_dir, &run.report_name()) {
            Ok(files) => {
                let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
                written = format!("reports: {}\n", names.join(", "));
            }
            Err(e) => return (Output::refused(&[Diagnostic::plain(e)]), 0),
        }
        document = Some(report.document);
    }
    let stdout = if args.json {
        // Without reports, the other deck counts are not computed: the
        // document leaves out what needs them (README).
        let doc = document.unwrap_or_else(|| run.document());
        serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
    } else {
        let mut s = crate::report::summary::render(&run.prepared.spec, &run.computed);
        s.push('\n');
        s.push_str(&fixture_summary(&run.prepared.fixtures));
        s.push_str(&verify_line(&run));
        s.push_str(&written);
        s
    };
    let warnings = run.computed.warnings.len();
    if args.deny_warnings && warnings > 0 {
        let stderr = format!(
            "{path}: {warnings} warning{} and --deny-warnings: exit {}\n",
            if warnings == 1 { "" } else { "s" },
            exit::WARNINGS
        );
        let code = exit::WARNINGS;
        return (
            Output {
                stdout,
                stderr,
                code,
            },
            warnings,
        );
    }
    let out = Output {
        stdout,
        stderr: String::new(),
        code: exit::OK,
    };
    (out, warnings)
}

/// The `verify:` line of the summary, counts with thousands separators.
fn verify_line(run: &Certified) -> String {
    use crate::report::numbers::group_digits;
    let v = &run.verification;
    format!(
        "verify: engine and reference evaluator agree on all {} sequences of the small shoes and {} sampled round{}\n",
        group_digits(&v.small_shoe_sequences.to_string()),
        group_digits(&v.sampled.to_string()),
        if v.sampled == 1 { "" } else { "s" }
    )
}

/// The reports folder exists (or is created) and takes files.
fn prepare_out(dir: &std::path::Path) -> Result<(), Box<Diagnostic>> {
    let path = dir.display().to_string();
    if dir.exists() && !dir.is_dir() {
        return Err(Box::new(Diagnostic::plain(UsageError::OutNotAFolder {
            path,
        })));
    }
    let unwritable = |e: std::io::Error| {
        Box::new(Diagnostic::plain(UsageError::OutNotWritable {
            path: path.clone(),
            reason: e.to_string(),
        }))
    };
    std::fs::create_dir_all(dir).map_err(unwritable)?;
    let probe = dir.join(format!(".certify-probe-{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(unwritable)?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// A pipeline that stopped: what to print and the exit code.
fn failure(path: &str, f: Failure) -> Output {
    match f {
        Failure::Usage(d) => Output::usage(d),
        Failure::Input(ds) => Output::refused(&ds),
        Failure::Fixtures(failed) => Output::fail(format!(
            "{path}: fixtures failed; nothing computed, no report written\n\n{}\n",
            fixture_table(&failed)
        )),
        Failure::Disagreement(v) => {
            let all: Vec<String> = v.mismatches.iter().map(|m| m.to_string()).collect();
            Output::fail(format!(
                "{path}: the engine disagrees with the reference evaluator; no report written:\n  {}\n",
                all.join("\n  ")
            ))
        }
    }
}

/// `certify verify REPORT`: the spec and fixtures must be unchanged, a fresh
/// computation with the options recorded in the manifest must reproduce the
/// report byte for byte, and its siblings (.md, .json, .pdf) must be of the
/// same run.
fn verify_report(report: &std::path::Path, fixtures: Option<PathBuf>) -> Output {
    use crate::report::document::{first_difference, lock_set, read_manifest, sha256_hex};
    let name = report.display().to_string();
    let ext = report.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext == "pdf" {
        return Output::usage(Diagnostic::plain(UsageError::VerifyPdf { path: name }));
    }
    if ext != "md" && ext != "json" {
        return Output::usage(Diagnostic::plain(UsageError::NotAReport { path: name }));
    }
    let (dir, stem) = (
        report.parent().unwrap_or(std::path::Path::new("")),
        report.file_stem().and_then(|s| s.to_str()).unwrap_or(""),
    );
    // Read the whole set under a shared lock: never half of a writer's renames.
    let lock = lock_set(dir, stem, false).ok();
    let text = match crate::spec::source::read_limited(
        &name,
        crate::diag::input::FileKind::Report,
        crate::limits::MAX_REPORT_BYTES,
    ) {
        Ok(t) => t,
        Err(d) => return Output::refused(&[*d]),
    };
    // Siblings past the limit read as at most one byte too many: they then
    // differ from the fresh report, and verify says so.
    let siblings: Vec<(std::path::PathBuf, Option<Vec<u8>>)> = ["md", "json", "pdf"]
        .iter()
        .map(|e| report.with_extension(e))
        .map(|p| {
            let bytes =
                crate::spec::source::read_bytes_bounded(&p, crate::limits::MAX_REPORT_BYTES).ok();
            (p, bytes)
        })
        .collect();
    drop(lock);
    let at = |e: ReportError| Output::refused(&[Diagnostic::whole_file(&name, e)]);
    let manifest = match read_manifest(&text, ext == "json") {
        Ok(m) => m,
        Err(e) => return at(e),
    };
    let mut options = match Options::from_manifest(&manifest) {
        Ok(o) => o,
        Err(d) => return Output::refused(&[Diagnostic { file: name, ..*d }]),
    };
    // `--fixtures` says where to read the fixture files now; the report keeps
    // the folder it recorded (the files must hash the same either way).
    let recorded_fixtures = options.fixtures.clone();
    if fixtures.is_some() {
        options.fixtures = fixtures;
    }
    // The inputs the manifest records, each named when it differs, before
    // anything is recomputed: the tool, its build, the spec, each fixture file.
    let tool_now = env!("CARGO_PKG_VERSION");
    if manifest["tool_version"] != tool_now {
        return at(ReportError::ToolVersionDiffers {
            reported: manifest["tool_version"].clone(),
            now: tool_now.into(),
        });
    }
    let lock_now = crate::report::document::cargo_lock_sha256();
    if manifest["cargo_lock_sha256"] != lock_now {
        return at(ReportError::BuildDiffers {
            reported: manifest["cargo_lock_sha256"].clone(),
            now: lock_now.into(),
        });
    }
    let spec_path = manifest["spec_file"].clone();
    let yaml_max = crate::spec::yaml::MAX_BYTES as u64;
    let read_input = |p: &str| crate::spec::source::read_bytes_bounded(p, yaml_max);
    let now = read_input(&spec_path).map(|b| sha256_hex(&b));
    if let Ok(now) = &now
        && *now != manifest["spec_sha256"]
    {
        return at(ReportError::SpecChanged {
            spec: spec_path,
            reported: manifest["spec_sha256"].clone(),
            now: now.clone(),
        });
    }
    let prefix = format!("{} ", crate::report::document::FIXTURE_KEY);
    let reported: std::collections::BTreeMap<&str, &String> = manifest
        .iter()
        .filter_map(|(k, v)| k.strip_prefix(&prefix).map(|file| (file, v)))
        .collect();
    if reported.is_empty() {
        return at(ReportError::ManifestKey {
            key: crate::report::document::FIXTURE_KEY.into(),
        });
    }
    let fixtures_dir = options
        .fixtures
        .clone()
        .unwrap_or_else(|| default_dir(&spec_path));
    let dir_name = fixtures_dir.display().to_string();
    for (file, sha) in &reported {
        match crate::spec::source::read_bytes_bounded(fixtures_dir.join(file), yaml_max) {
            Err(_) => {
                return at(ReportError::FixtureMissing {
                    file: file.to_string(),
                    dir: dir_name,
                });
            }
            Ok(bytes) if sha256_hex(&bytes) != **sha => {
                return at(ReportError::FixtureChanged {
                    file: file.to_string(),
                    reported: sha.to_string(),
                    now: sha256_hex(&bytes),
                });
            }
            Ok(_) => {}
        }
    }
    // Each file the spec included (its shared game), by the path recorded.
    let prefix = format!("{} ", crate::report::document::INCLUDE_KEY);
    for (file, sha) in manifest
        .iter()
        .filter_map(|(k, v)| k.strip_prefix(&prefix).map(|file| (file, v)))
    {
        match read_input(file) {
            Err(_) => {
                return at(ReportError::IncludeMissing {
                    file: file.to_string(),
                });
            }
            Ok(bytes) if sha256_hex(&bytes) != *sha => {
                return at(ReportError::IncludeChanged {
                    file: file.to_string(),
                    reported: sha.to_string(),
                    now: sha256_hex(&bytes),
                });
            }
            Ok(_) => {}
        }
    }
    let prepared = match crate::pipeline::prepare(&spec_path, &options) {
        Ok(p) => p,
        Err(Failure::Input(ds)) => {
            let mut all = vec![Diagnostic::whole_file(
                &name,
                ReportError::SpecDoesNotCheck {
                    spec: spec_path.clone(),
                },
            )];
            all.extend(ds);
            return Output::refused(&all);
        }
        Err(f) => return failure(&spec_path, f),
    };
    if let Some(file) = prepared
        .fixture_files
        .keys()
        .find(|f| !reported.contains_key(f.as_str()))
    {
        return at(ReportError::FixtureAdded {
            file: file.clone(),
            dir: dir_name,
        });
    }
    let mut run = match prepared.finish(&|_, work| work()) {
        Ok(r) => r,
        Err(f) => return failure(&spec_path, f),
    };
    run.prepared.options.fixtures = recorded_fixtures;
    let fresh = match run.render() {
        Ok(r) => r,
        Err(d) => return Output::refused(&[*d]),
    };
    let fresh_text = if ext == "json" {
        &fresh.json
    } else {
        &fresh.markdown
    };
    if let Some((line, was, now)) = first_difference(&text, fresh_text) {
        let mut out = at(ReportError::Differs {
            file: name.clone(),
            line,
            was,
            now,
        });
        let fresh_manifest = read_manifest(fresh_text, ext == "json").unwrap_or_default();
        if fresh_manifest.get("results_sha256") != manifest.get("results_sha256") {
            out.stderr.push_str(&format!(
                "  results sha256: {} in the report, {} fresh\n",
                manifest["results_sha256"],
                fresh_manifest
                    .get("results_sha256")
                    .cloned()
                    .unwrap_or_default()
            ));
        }
        return out;
    }
    // The report is right; each sibling present must be this run's too.
    for (path, bytes) in &siblings {
        let fresh_bytes: &[u8] = match path.extension().and_then(|e| e.to_str()) {
            Some("md") => fresh.markdown.as_bytes(),
            Some("json") => fresh.json.as_bytes(),
            _ => &fresh.pdf,
        };
        if let Some(bytes) = bytes
            && bytes.as_slice() != fresh_bytes
        {
            return at(ReportError::MixedSet {
                file: name.clone(),
                sibling: path.display().to_string(),
            });
        }
    }
    Output {
        stdout: format!(
            "{name}: verified; a fresh computation of {spec_path} reproduces it exactly (results sha256 {}), and its report set is whole\n",
            manifest["results_sha256"]
        ),
        stderr: String::new(),
        code: exit::OK,
    }
}

/// `certify table [SPEC] --round ROUND [--json]`: exit 1 with located
/// diagnostics on a bad spec or round (nothing settled), or when a
/// hand-worked expectation of the round file fails.
fn table_cmd(a: &TableArgs) -> Output {
    use crate::table::render;
    let run = match crate::table::run(a.spec.as_deref(), &a.round) {
        Ok(r) => r,
        Err(ds) if ds.iter().all(|d| matches!(d.kind, ErrorKind::Usage(_))) => {
            return Output {
                code: exit::USAGE,
                ..Output::refused(&ds)
            };
        }
        Err(ds) => return Output::refused(&ds),
    };
    let (spec, rules) = (&run.spec, run.rules());
    let stdout = if a.json {
        render::json(spec, rules, run.decks, &run.settled, &run.other)
    } else {
        render::text(spec, rules, run.decks, &run.settled, &run.other)
    };
    let failed = run.failed();
    Output {
        stdout,
        stderr: if failed == 0 {
            String::new()
        } else {
            format!("{}: {failed} expectation(s) failed\n", a.round)
        },
        code: if failed == 0 { exit::OK } else { exit::FAILED },
    }
}

fn settle_cmd(a: &SettleArgs) -> Output {
    let spec = match load(&a.spec) {
        Ok(s) => s,
        Err(o) => return o,
    };
    let decks = match decks_for(&spec, a.decks) {
        Ok(d) => d,
        Err(d) => return Output::usage(d),
    };
    let mut deal = Deal::default();
    for (flag, text) in [
        ("player", &a.player),
        ("banker", &a.banker),
        ("dealer", &a.dealer),
    ] {
        let Some(text) = text else { continue };
        let Some(h) = spec.game.hand_index(flag) else {
            let e = crate::eval::play::DealError::NoSuchHand {
                hand: flag.into(),
                spec: spec.id.clone(),
                hands: spec.game.hands.to_vec(),
            };
            return Output::usage(Diagnostic::plain(UsageError::flag(flag, e)));
        };
        match parse_cards(text) {
            Ok(c) => deal.hands[h as usize] = c,
            Err(e) => return Output::usage(Diagnostic::plain(UsageError::flag(flag, e))),
        }
    }
    deal.decision = match a.decision.as_deref().map(Decision::parse).transpose() {
        Ok(d) => d,
        Err(e) => return Output::usage(Diagnostic::plain(UsageError::flag("decision", e))),
    };
    deal.strategy = a.strategy.clone();
    let spec = crate::strategy::for_decks(&spec, decks);
    let played = match play(&spec, &deal, decks) {
        Ok(p) => p,
        Err(e) => return Output::fail(format!("{}: {e}\n", a.spec)),
    };
    let results = settle(&spec, &played.round);
    let stdout = if a.json {
        settle_json(&spec, decks, &played, &results)
    } else {
        settle_text(&spec, decks, &played, &results)
    };
    Output {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

fn hand_text(played: &crate::eval::play::Played, h: u8) -> String {
    played
        .round
        .hand(h)
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn settle_text(
    spec: &Spec,
    decks: u32,
    played: &crate::eval::play::Played,
    results: &[crate::eval::WagerResult],
) -> String {
    let mut s = format!("{} ({})\n", spec.title, crate::cards::deck_count(decks));
    for h in 0..2u8 {
        let _ = writeln!(
            s,
            "{:<7} {:<10} total {}",
            spec.game.hands[h as usize],
            hand_text(played, h),
            played.round.total(h)
        );
    }
    for n in &played.notes {
        let _ = writeln!(s, "  {n}");
    }
    let mut t = new_table(vec!["wager", "pay table", "event", "pays", "net per unit"]);
    for (w, r) in spec.wagers.iter().zip(results) {
        for o in &r.outcomes {
            t.add_row(vec![
                w.id.clone(),
                o.pay_table.clone(),
                o.event
                    .map(|k| w.events[k].id.clone())
                    .unwrap_or_else(|| "-".into()),
                if r.placed {
                    o.pay.describe()
                } else {
                    "not placed".into()
                },
                signed(o.net()),
            ]);
        }
    }
    let _ = writeln!(s, "\n{t}");
    s
}

fn settle_json(
    spec: &Spec,
    decks: u32,
    played: &crate::eval::play::Played,
    results: &[crate::eval::WagerResult],
) -> String {
    let hands: Vec<serde_json::Value> = (0..2u8)
        .map(|h| {
            serde_json::json!({
                "hand": spec.game.hands[h as usize],
                "cards": played.round.hand(h).iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "total": played.round.total(h),
            })
        })
        .collect();
    let wagers: Vec<serde_json::Value> = spec
        .wagers
        .iter()
        .zip(results)
        .map(|(w, r)| {
            let tables: Vec<serde_json::Value> = r
                .outcomes
                .iter()
                .map(|o| {
                    serde_json::json!({
                        "pay_table": o.pay_table,
                        "event": o.event.map(|k| w.events[k].id.clone()),
                        "pays": o.pay.describe(),
                        "net": o.net().to_string(),
                    })
                })
                .collect();
            serde_json::json!({ "wager": w.id, "placed": r.placed, "outcomes": tables })
        })
        .collect();
    let doc = serde_json::json!({
        "spec": spec.id,
        "decks": decks,
        "hands": hands,
        "notes": played.notes,
        "wagers": wagers,
    });
    serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
}

/// An exact net result with its sign: `+15`, `-1`, `+0.95`, `0`.
fn signed(r: crate::model::Ratio) -> String {
    let text = r.trimmed_decimal();
    if r.num > 0 { format!("+{text}") } else { text }
}

/// Runs `work`, showing `what` on the terminal meanwhile (only when stderr
/// is a terminal: never in CI logs or redirected output).
fn with_progress(what: &str, work: &mut dyn FnMut()) {
    use std::io::IsTerminal;
    let tty = std::io::stderr().is_terminal();
    if tty {
        eprint!("{what}...\r");
    }
    work();
    if tty {
        eprint!("{}\r", " ".repeat(what.len() + 3));
    }
}
