//! `certify check SPEC`: type-check a spec and run its fixtures; and the
//! loading of a spec and running of fixtures the other commands share.

use super::output::Output;
use crate::check::check_file;
use crate::fixtures::{CaseResult, default_dir, run_dir};
use crate::model::Spec;
use crate::report::text::fixture_table;
use std::path::PathBuf;

pub(super) fn load(path: &str) -> Result<Spec, Output> {
    check_file(path)
        .map(|(_, s)| s)
        .map_err(|ds| Output::refused(&ds))
}

/// The spec at `path` and the deck count a command runs it at (`--decks`,
/// else the spec's), or what to print instead.
pub(super) fn load_at_decks(path: &str, decks: Option<u32>) -> Result<(Spec, u32), Output> {
    let spec = load(path)?;
    let decks = crate::pipeline::decks_for(&spec, decks).map_err(Output::usage)?;
    Ok((spec, decks))
}

/// Runs the fixtures of a spec; the table and whether all passed.
pub(super) fn run_fixtures(
    spec: &Spec,
    path: &str,
    dir: Option<PathBuf>,
) -> Result<(Vec<CaseResult>, bool), Output> {
    let dir = dir.unwrap_or_else(|| default_dir(path));
    let results = run_dir(spec, &dir).map_err(|ds| Output::refused(&ds))?;
    let ok = results.iter().all(|r| r.pass);
    Ok((results, ok))
}

pub(super) fn fixture_summary(results: &[CaseResult]) -> String {
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

pub(super) fn check(path: &str, dir: Option<PathBuf>, json: bool) -> Output {
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
