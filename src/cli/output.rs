//! What a command prints and how it exits: [`Output`], the exit codes, and
//! the renderings every command shares (diagnostics, a stopped pipeline,
//! the progress line).

use crate::diag::{Diagnostic, render_all};
use crate::pipeline::Failure;
use crate::report::text::fixture_table;

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
    pub(super) fn fail(stderr: String) -> Output {
        Output {
            stdout: String::new(),
            stderr,
            code: exit::FAILED,
        }
    }

    /// Refused input: every diagnostic rendered with its own file's source.
    pub(super) fn refused(ds: &[Diagnostic]) -> Output {
        Output::fail(diagnostics(ds))
    }

    /// A usage error (exit 2).
    pub(super) fn usage(d: impl Into<Box<Diagnostic>>) -> Output {
        let d: Box<Diagnostic> = d.into();
        Output {
            stdout: String::new(),
            stderr: diagnostics(std::slice::from_ref(&*d)),
            code: exit::USAGE,
        }
    }
}

/// Diagnostics rendered in order, each with an excerpt of its own file; a
/// count closes them when they point into files.
pub(super) fn diagnostics(ds: &[Diagnostic]) -> String {
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

/// A pipeline that stopped: what to print and the exit code.
pub(super) fn failure(path: &str, f: Failure) -> Output {
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

/// Runs `work`, showing `what` on the terminal meanwhile (only when stderr
/// is a terminal: never in CI logs or redirected output).
pub(super) fn with_progress(what: &str, work: &mut dyn FnMut()) {
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
