//! The command line: parsing arguments and rendering results as text.
//! `run` returns what to print and the exit code, so tests need no process.
//!
//! This file dispatches; `args` holds the clap definition (the grammar and
//! help text), `output` what every command prints through, and each
//! command has a file of its own: `certify` (`certify SPEC`), `check`,
//! `leaflet`, `settle`, `table`, `verify`, `simulate`, `shoe`, `protect`, `authoring` (`new`, `diff`),
//! `manual` (`completions`, `man`); `color` paints warnings and errors.
//!
//! Layer: front end: the command line (the layout is in `src/lib.rs`).

mod args;
mod authoring;
mod certify;
mod check;
mod color;
mod confined;
mod leaflet;
mod manual;
mod output;
mod protect;
mod report_set;
mod settle;
mod shoe;
mod simulate;
mod table;
mod values;
mod verify;

pub use output::{Output, exit};

use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
pub use args::Cli;
use args::Command;
use clap::Parser;
use std::io::Write;

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
        }) => check::check(&spec, fixtures, json),
        Some(Command::Leaflet(a)) => leaflet::leaflet_cmd(&a),
        Some(Command::Settle(a)) => settle::settle_cmd(&a),
        Some(Command::Table(a)) => table::table_cmd(&a),
        Some(Command::Verify { report, fixtures }) => verify::verify_report(&report, fixtures),
        Some(Command::New { id, dir }) => authoring::new(&id, &dir),
        Some(Command::Diff {
            old,
            new,
            json,
            decks,
        }) => authoring::diff(&old, &new, json, decks),
        Some(Command::Completions { shell }) => manual::completions(shell),
        Some(Command::Man) => manual::man(),
        Some(Command::Lsp) => Output {
            code: crate::lsp::serve_stdio(),
            ..Output::default()
        },
        Some(Command::Simulate(a)) => simulate::simulate(&a),
        Some(Command::Shoe(a)) => shoe::shoe_cmd(&a),
        Some(Command::Protect(a)) => protect::protect_cmd(&a),
        None => match cli.run.specs.as_slice() {
            [] => Output::usage(Diagnostic::plain(UsageError::NoSpec)),
            [spec] => certify::main_job(spec, &cli.run),
            specs => certify::several(specs, &cli.run),
        },
    }
}

/// The program: run the command line, print what it says (coloured as
/// `--color` says), and return the exit code.
pub fn main(args: Vec<String>) -> i32 {
    let when =
        Cli::try_parse_from(color::color_last(args.clone())).map_or(color::When::Auto, |c| c.color);
    let out = run(args);
    let mut stdout = anstream::AutoStream::new(std::io::stdout(), when.choice());
    let _ = stdout.write_all(color::paint(&out.stdout).as_bytes());
    let _ = stdout.flush();
    let mut stderr = anstream::AutoStream::new(std::io::stderr(), when.choice());
    let _ = stderr.write_all(color::paint(&out.stderr).as_bytes());
    let _ = stderr.flush();
    out.code
}
