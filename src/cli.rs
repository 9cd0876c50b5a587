//! The command line: parsing arguments and rendering results as text.
//! `run` returns what to print and the exit code, so tests need no process.

use crate::cards::parse_cards;
use crate::check::check_file;
use crate::diag::{Diagnostic, render_all};
use crate::eval::{Deal, Decision, play, settle};
use crate::fixtures::{CaseResult, default_dir, run_dir};
use crate::model::Spec;
use clap::{Args, Parser, Subcommand};
use comfy_table::{Table, presets::ASCII_MARKDOWN};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "certify",
    version,
    about = "Verify casino game rules and certify their mathematics",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    run: RunArgs,
}

/// `certify SPEC`: check the spec, run its fixtures, then compute it exactly.
#[derive(Args, Debug)]
struct RunArgs {
    /// Rule spec (YAML), e.g. rules/lucky_monkey.yaml
    spec: Option<String>,
    /// Folder of fixture files (default: fixtures/ beside the spec's folder)
    #[arg(long)]
    fixtures: Option<PathBuf>,
    /// Deck count (default: the spec's; within its allowed range)
    #[arg(long)]
    decks: Option<u32>,
    /// Print the results as JSON instead of the summary table
    #[arg(long)]
    json: bool,
    /// Rounds sampled from the full shoe when checking the engine against the
    /// reference evaluator (every sequence of two small shoes is always checked)
    #[arg(long, value_name = "SAMPLES", num_args = 0..=1, default_missing_value = "1000")]
    verify: Option<usize>,
    /// Folder for the reports (default: reports)
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print the results only; write no report
    #[arg(long)]
    no_reports: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse and type-check a spec and run its fixtures
    Check {
        spec: String,
        #[arg(long)]
        fixtures: Option<PathBuf>,
        /// Print the results as JSON
        #[arg(long)]
        json: bool,
    },
    /// Play and settle one round from concrete cards
    Settle(SettleArgs),
    /// Settle whole table rounds: every seat's wagers against the player-dealer's stake
    Table(TableArgs),
    /// Recompute a report (.md or .json) from the spec it names; exit 1 on any difference
    Verify {
        report: PathBuf,
        #[arg(long)]
        fixtures: Option<PathBuf>,
    },
}

#[derive(Args, Debug)]
struct SettleArgs {
    spec: String,
    /// Player's cards in deal order, e.g. 4s,Kd,4h
    #[arg(long)]
    player: Option<String>,
    /// Banker's cards in deal order
    #[arg(long)]
    banker: Option<String>,
    /// Dealer's cards in deal order (games with a dealer hand)
    #[arg(long)]
    dealer: Option<String>,
    /// The player's choice where the rules let the player decide: draw or stand
    #[arg(long)]
    decision: Option<String>,
    /// Decide by this strategy of the spec instead of its default
    #[arg(long)]
    strategy: Option<String>,
    /// Deck count (default: the spec's)
    #[arg(long)]
    decks: Option<u32>,
    /// Print the result as JSON
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct TableArgs {
    /// Rule spec with a `table:` section (default: the round file's `spec:`)
    spec: Option<String>,
    /// Round file (YAML): seats, wagers, player-dealer, cards
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

impl Output {
    fn fail(stderr: String) -> Output {
        Output {
            stdout: String::new(),
            stderr,
            code: 1,
        }
    }
}

pub fn run<I: IntoIterator<Item = String>>(args: I) -> Output {
    let cli = match Cli::try_parse_from(args) {
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
        Some(Command::Check { spec, fixtures, json }) => check(&spec, fixtures, json),
        Some(Command::Settle(a)) => settle_cmd(&a),
        Some(Command::Table(a)) => crate::table::command(a.spec.as_deref(), &a.round, a.json),
        Some(Command::Verify { report, fixtures }) => verify_report(&report, fixtures),
        None => match cli.run.spec.clone() {
            Some(spec) => main_job(&spec, &cli.run),
            None => Output {
                stdout: String::new(),
                stderr: "usage: certify SPEC | certify check SPEC | certify settle SPEC --player .. --banker ..\n(see certify --help)\n".into(),
                code: 2,
            },
        },
    }
}

fn diagnostics(ds: &[Diagnostic]) -> String {
    let file = ds.first().map(|d| d.file.clone()).unwrap_or_default();
    let source = std::fs::read_to_string(&file).unwrap_or_default();
    render_all(ds, &source)
}

fn load(path: &str) -> Result<Spec, Output> {
    check_file(path)
        .map(|(_, s)| s)
        .map_err(|ds| Output::fail(diagnostics(&ds)))
}

/// Runs the fixtures of a spec; the table and whether all passed.
fn run_fixtures(
    spec: &Spec,
    path: &str,
    dir: Option<PathBuf>,
) -> Result<(Vec<CaseResult>, bool), Output> {
    let dir = dir.unwrap_or_else(|| default_dir(path));
    let results = run_dir(spec, &dir).map_err(|ds| Output::fail(diagnostics(&ds)))?;
    let ok = results.iter().all(|r| r.pass);
    Ok((results, ok))
}

/// A Markdown-style table whose layout never depends on the terminal.
pub fn new_table<T: Into<comfy_table::Row>>(header: T) -> Table {
    let mut t = Table::new();
    t.load_style(ASCII_MARKDOWN)
        .force_no_tty()
        .set_header(header);
    t
}

pub fn fixture_table(results: &[CaseResult]) -> String {
    let mut t = new_table(vec!["case", "checks", "expected", "got", "result"]);
    for r in results {
        t.add_row(vec![
            r.case.clone(),
            r.target.clone(),
            r.expected.clone(),
            r.got.clone(),
            if r.pass { "pass" } else { "FAIL" }.to_string(),
        ]);
    }
    t.to_string()
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

/// Default number of full-shoe rounds sampled when checking the engine.
const SAMPLES: usize = 200;

fn main_job(path: &str, args: &RunArgs) -> Output {
    let path = path.strip_prefix("./").unwrap_or(path);
    let (source, spec) = match check_file(path) {
        Ok(x) => x,
        Err(ds) => return Output::fail(diagnostics(&ds)),
    };
    let decks = match decks_for(&spec, args.decks) {
        Ok(d) => d,
        Err(o) => return o,
    };
    let (results, ok) = match run_fixtures(&spec, path, args.fixtures.clone()) {
        Ok(r) => r,
        Err(o) => return o,
    };
    if !ok {
        let failed: Vec<CaseResult> = results.into_iter().filter(|r| !r.pass).collect();
        return Output::fail(format!(
            "{path}: fixtures failed; nothing computed, no report written\n\n{}\n",
            fixture_table(&failed)
        ));
    }
    let samples = args.verify.unwrap_or(SAMPLES);
    let verification = with_progress("checking the engine against the evaluator", || {
        crate::verify::verify(&spec, decks, samples)
    });
    if !verification.passed() {
        let mut all = verification.small_shoe_mismatches.clone();
        all.extend(verification.sampled_mismatches.iter().cloned());
        return Output::fail(format!(
            "{path}: the engine disagrees with the reference evaluator; no report written:\n  {}\n",
            all.join("\n  ")
        ));
    }
    let computed = with_progress(&format!("computing {} at {decks} decks", spec.id), || {
        crate::report::compute(&spec, decks)
    });
    let mut written = String::new();
    if !args.no_reports {
        let inputs = crate::report::document::Inputs {
            spec_path: path,
            spec_bytes: source.text.as_bytes(),
            spec: &spec,
            decks,
            fixtures: &results,
            verification: &verification,
        };
        let built = with_progress("writing the reports", || {
            crate::report::document::build(&inputs, &computed)
        });
        let report = match built {
            Ok(r) => r,
            Err(e) => return Output::fail(format!("{path}: {e}; no report written\n")),
        };
        let dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports"));
        match crate::report::document::write(&report, &dir, &report_name(&spec, decks)) {
            Ok(files) => {
                let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
                written = format!("reports: {}\n", names.join(", "));
            }
            Err(e) => {
                return Output::fail(format!("cannot write reports to {}: {e}\n", dir.display()));
            }
        }
    }
    let stdout = if args.json {
        let doc = crate::report::json::document(&spec, &computed);
        serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
    } else {
        let mut s = crate::report::summary::render(&spec, &computed);
        s.push('\n');
        s.push_str(&fixture_summary(&results));
        s.push_str(&format!(
            "verify: engine and reference evaluator agree on all {} sequences of the small shoes and {} sampled rounds\n",
            verification.small_shoe_sequences, verification.sampled
        ));
        s.push_str(&written);
        s
    };
    Output {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

/// `<spec id>`, or `<spec id>-<N>decks` away from the spec's deck count.
fn report_name(spec: &Spec, decks: u32) -> String {
    if decks == spec.shoe.decks {
        spec.id.clone()
    } else {
        format!("{}-{decks}decks", spec.id)
    }
}

/// `certify verify REPORT`: the spec must be unchanged and a fresh
/// computation must reproduce the report byte for byte.
fn verify_report(report: &std::path::Path, fixtures: Option<PathBuf>) -> Output {
    use crate::report::document::{Inputs, build, first_difference, read_manifest, sha256_hex};
    let name = report.display().to_string();
    if report.extension().is_some_and(|e| e == "pdf") {
        return Output::fail(format!(
            "{name}: verify the .md or .json report beside it; the PDF is rendered from the Markdown\n"
        ));
    }
    let text = match std::fs::read_to_string(report) {
        Ok(t) => t,
        Err(e) => return Output::fail(format!("{name}: cannot read: {e}\n")),
    };
    let is_json = report.extension().is_some_and(|e| e == "json");
    let manifest = match read_manifest(&text, is_json) {
        Ok(m) => m,
        Err(e) => return Output::fail(format!("{name}: {e}\n")),
    };
    let spec_path = manifest["spec_file"].clone();
    let (source, spec) = match check_file(&spec_path) {
        Ok(x) => x,
        Err(ds) => {
            return Output::fail(format!(
                "{name}: the spec it names does not check:\n{}",
                diagnostics(&ds)
            ));
        }
    };
    let now = sha256_hex(source.text.as_bytes());
    if now != manifest["spec_sha256"] {
        return Output::fail(format!(
            "{name}: the spec {spec_path} differs from the one reported: sha256 {} in the report, {now} now\n",
            manifest["spec_sha256"]
        ));
    }
    let Ok(decks) = manifest["decks"].parse::<u32>() else {
        return Output::fail(format!(
            "{name}: manifest `decks` is not a number: {}\n",
            manifest["decks"]
        ));
    };
    let (results, _) = match run_fixtures(&spec, &spec_path, fixtures) {
        Ok(r) => r,
        Err(o) => return o,
    };
    let verification = crate::verify::verify(&spec, decks, SAMPLES);
    let computed = crate::report::compute(&spec, decks);
    let inputs = Inputs {
        spec_path: &spec_path,
        spec_bytes: source.text.as_bytes(),
        spec: &spec,
        decks,
        fixtures: &results,
        verification: &verification,
    };
    let fresh = match build(&inputs, &computed) {
        Ok(r) => r,
        Err(e) => return Output::fail(format!("{name}: {e}\n")),
    };
    let fresh_text = if is_json {
        &fresh.json
    } else {
        &fresh.markdown
    };
    let fresh_manifest = read_manifest(fresh_text, is_json).unwrap_or_default();
    if let Some((line, was, now)) = first_difference(&text, fresh_text) {
        let mut msg = format!(
            "{name}: differs from a fresh computation of {spec_path} at line {line}:\n  report: {was}\n  fresh:  {now}\n"
        );
        if fresh_manifest.get("results_sha256") != manifest.get("results_sha256") {
            msg.push_str(&format!(
                "  results sha256: {} in the report, {} fresh\n",
                manifest["results_sha256"],
                fresh_manifest
                    .get("results_sha256")
                    .cloned()
                    .unwrap_or_default()
            ));
        }
        return Output::fail(msg);
    }
    Output {
        stdout: format!(
            "{name}: verified; a fresh computation of {spec_path} reproduces it exactly (results sha256 {})\n",
            manifest["results_sha256"]
        ),
        stderr: String::new(),
        code: 0,
    }
}

/// The deck count to use: the spec's, or an override within its allowed range.
fn decks_for(spec: &Spec, wanted: Option<u32>) -> Result<u32, Output> {
    let decks = wanted.unwrap_or(spec.shoe.decks);
    if decks < spec.shoe.min_decks || decks > spec.shoe.max_decks {
        return Err(Output::fail(format!(
            "--decks {decks}: spec `{}` allows {} to {} decks\n",
            spec.id, spec.shoe.min_decks, spec.shoe.max_decks
        )));
    }
    Ok(decks)
}

fn settle_cmd(a: &SettleArgs) -> Output {
    let spec = match load(&a.spec) {
        Ok(s) => s,
        Err(o) => return o,
    };
    let decks = match decks_for(&spec, a.decks) {
        Ok(d) => d,
        Err(o) => return o,
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
            return Output::fail(format!("--{flag}: {e}\n"));
        };
        match parse_cards(text) {
            Ok(c) => deal.hands[h as usize] = c,
            Err(e) => return Output::fail(format!("--{flag}: {e}\n")),
        }
    }
    deal.decision = match a.decision.as_deref().map(Decision::parse).transpose() {
        Ok(d) => d,
        Err(e) => return Output::fail(format!("--decision: {e}\n")),
    };
    deal.strategy = a.strategy.clone();
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
fn with_progress<T>(what: &str, work: impl FnOnce() -> T) -> T {
    use std::io::IsTerminal;
    let tty = std::io::stderr().is_terminal();
    if tty {
        eprint!("{what}...\r");
    }
    let out = work();
    if tty {
        eprint!("{}\r", " ".repeat(what.len() + 3));
    }
    out
}
