//! `certify SPEC [SPEC...]`: the main job. Check, run the fixtures, verify,
//! compute and write the reports of each spec, then one summary line each.

use super::args::RunArgs;
use super::check::fixture_summary;
use super::output::{Output, exit, failure, with_progress};
use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use crate::pipeline::{Certified, Options, SAMPLES};
use std::fmt::Write;
use std::path::PathBuf;

/// `certify SPEC SPEC...`: each spec's own run, then one line per spec.
/// The runs go side by side (rayon keeps their order): within one run some
/// stages use one core (checking, fixtures, writing), and a second run
/// fills the other. Each run's figures and reports are its own, whatever
/// runs beside it; the report folder is written under its lock. The exit code is the most serious of theirs: a usage
/// error (2), else a failure (1), else warnings under `--deny-warnings` (3).
/// With `--json`, a JSON array of the documents of the specs that computed.
pub(super) fn several(specs: &[String], args: &RunArgs) -> Output {
    use rayon::prelude::*;
    let runs: Vec<(&String, (Output, usize))> = specs
        .par_iter()
        .map(|s| (s, one_spec(s, args, true)))
        .collect();
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

pub(super) fn main_job(path: &str, args: &RunArgs) -> Output {
    one_spec(path, args, false).0
}

/// One spec's run and how many warnings it had (0 when it stopped early).
/// `named`: its progress lines name the spec (runs side by side).
pub(super) fn one_spec(path: &str, args: &RunArgs, named: bool) -> (Output, usize) {
    let progress = |what: &str, work: &mut dyn FnMut()| {
        if named {
            with_progress(&format!("{path}: {what}"), work)
        } else {
            with_progress(what, work)
        }
    };
    let options = Options {
        decks: args.decks,
        fixtures: args.fixtures.clone(),
        samples: args.verify.unwrap_or(SAMPLES),
        edition: args.edition,
        previous: args.previous.clone(),
        min_bets: args.min_bet.clone(),
        max_bets: args.max_bet.clone(),
        simulate: simulated_rounds(path, args).map(|rounds| crate::options::SimulateOptions {
            rounds,
            seed: crate::simulator::DEFAULT_SEED,
            penetration: crate::simulator::default_penetration(),
            bound_shoes: args.bound_shoes.unwrap_or(crate::study::BOUND_SHOES),
            bound_suit_shoes: args
                .bound_suit_shoes
                .unwrap_or(crate::study::BOUND_SUIT_SHOES),
        }),
    };
    // Intervals are taken over shoes: one shoe gives none.
    for (flag, shoes) in [
        ("bound-shoes", args.bound_shoes),
        ("bound-suit-shoes", args.bound_suit_shoes),
    ] {
        if shoes == Some(1) {
            let e = crate::diag::simulate::SimulateError::BoundShoes { flag: flag.into() };
            return (Output::usage(Diagnostic::plain(e)), 0);
        }
    }
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
    let run = match crate::pipeline::certify(path, &options, &progress) {
        Ok(r) => r,
        Err(f) => return (failure(path, f), 0),
    };
    let mut written = String::new();
    // The report's JSON document (without `report_set`), for `--json`,
    // and its assessment.
    let mut document = None;
    let mut assessment = None;
    if !args.no_reports {
        let mut report = None;
        progress("writing the reports", &mut || report = Some(run.render()));
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
        assessment = Some(report.data.assessment);
    }
    let assessment = assessment.unwrap_or_else(|| run.assessment());
    let stdout = if args.json {
        // Without reports, the other deck counts are not computed: the
        // document leaves out what needs them (README).
        let doc = document.unwrap_or_else(|| run.document());
        serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
    } else {
        let mut s = crate::report::summary::render(&run.prepared.spec, &run.computed, &assessment);
        s.push('\n');
        s.push_str(&fixture_summary(&run.prepared.fixtures));
        s.push_str(&verify_line(&run));
        s.push_str(&written);
        s
    };
    let warnings = assessment.warnings.len();
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

/// The rounds to simulate: `--simulate`'s, else those the spec's `report:`
/// section declares when the run writes reports (a run without reports has
/// no section to put them in), unless `--no-simulate`.
///
/// Why the spec declares them: the shipped reports hold a simulation, and
/// the README's first command must reproduce them byte for byte, so that a
/// first run leaves a clone as it was (issue 36). A spec the checker
/// refuses declares nothing here; the pipeline reports its errors.
fn simulated_rounds(path: &str, args: &RunArgs) -> Option<u64> {
    if args.simulate.is_some() || args.no_simulate || args.no_reports {
        return args.simulate;
    }
    crate::check::check_file(path)
        .ok()
        .and_then(|(_, spec)| spec.report.simulate)
}

/// The `verify:` line of the summary, counts with thousands separators.
pub(super) fn verify_line(run: &Certified) -> String {
    use crate::numbers::group_digits;
    let v = &run.verification;
    format!(
        "verify: engine and reference evaluator agree on all {} sequences of the small shoes and {} sampled round{}\n",
        group_digits(&v.small_shoe_sequences.to_string()),
        group_digits(&v.sampled.to_string()),
        if v.sampled == 1 { "" } else { "s" }
    )
}

/// The reports folder exists (or is created) and takes files.
pub(super) fn prepare_out(dir: &std::path::Path) -> Result<(), Box<Diagnostic>> {
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
