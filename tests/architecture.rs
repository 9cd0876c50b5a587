//! The stages depend on each other in one direction only. In particular the
//! reference evaluator never depends on the engine it checks, nor on the
//! strategy stage that computes charts with it: it plays what the model
//! holds. Checked on the source text, so a new `use` breaks the build of
//! trust, not only a comment.

use std::path::Path;

/// Every `crate::<module>` a source file or folder names (comments skipped).
fn uses(path: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (file, text) in sources(path) {
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for (i, _) in code.match_indices("crate::") {
                let module: String = code[i + 7..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push((file.clone(), module));
            }
        }
    }
    out
}

fn assert_never(stage: &str, forbidden: &[&str]) {
    let bad: Vec<_> = uses(stage)
        .into_iter()
        .filter(|(_, m)| forbidden.contains(&m.as_str()))
        .collect();
    assert!(
        bad.is_empty(),
        "{stage} must not use {forbidden:?}: {bad:?}"
    );
}

#[test]
fn the_evaluator_depends_on_neither_the_engine_nor_the_strategy_stage() {
    assert_never(
        "src/eval",
        &["engine", "strategy", "verify", "report", "pipeline"],
    );
}

#[test]
fn the_engine_depends_on_the_model_not_on_checking_or_later_stages() {
    assert_never(
        "src/engine",
        &[
            "check", "strategy", "eval", "verify", "report", "pipeline", "cli",
        ],
    );
}

#[test]
fn the_model_depends_on_no_stage() {
    assert_never(
        "src/model",
        &[
            "check", "strategy", "eval", "engine", "verify", "report", "pipeline", "cli",
        ],
    );
}

/// The shoe simulator is an independent check of the exact figures: it
/// deals and settles with the model and the reference evaluator only.
#[test]
fn the_simulator_shares_no_code_with_the_engine() {
    assert_never(
        "src/simulate",
        &[
            "engine",
            "strategy",
            "removal",
            "verify",
            "report",
            "pipeline",
            "simulation",
            "cli",
        ],
    );
}

#[test]
fn the_report_renders_and_never_calls_the_command_line() {
    assert_never("src/report", &["cli", "table"]);
}

/// The check is not vacuous: it sees the uses that exist.
#[test]
fn the_scan_finds_known_uses() {
    assert!(uses("src/verify.rs").iter().any(|(_, m)| m == "engine"));
    assert!(uses("src/strategy.rs").iter().any(|(_, m)| m == "engine"));
}

/// The report renders what the pipeline hands it: no module of it runs the
/// engine, the strategy stage or the evaluator.
#[test]
fn the_report_never_runs_the_engine() {
    let calls: Vec<_> = uses("src/report")
        .into_iter()
        .filter(|(_, m)| m == "strategy" || m == "pipeline")
        .collect();
    assert!(calls.is_empty(), "{calls:?}");
    for (file, text) in sources("src/report") {
        for call in [
            "analyse(",
            "analyse_shoe(",
            "count_group(",
            "SequenceSettler::new(",
        ] {
            assert!(!text.contains(call), "{file} calls the engine's `{call}`");
        }
    }
}

fn sources(path: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut files = vec![Path::new(path).to_path_buf()];
    while let Some(p) = files.pop() {
        if p.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                files.push(e.unwrap().path());
            }
        } else if p.extension().is_some_and(|e| e == "rs") {
            // Rust sources only: src/report/pdf/fonts/ holds font files.
            out.push((
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            ));
        }
    }
    out
}
