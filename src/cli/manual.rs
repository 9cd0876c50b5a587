//! The command line described for shells and `man`: completion scripts and
//! the manual page, both generated from the same clap definition as `--help`.

use super::args::Cli;
use super::output::{Output, exit};
use clap::CommandFactory;

/// `certify completions SHELL`: the completion script on stdout.
pub(super) fn completions(shell: clap_complete::Shell) -> Output {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "certify", &mut buf);
    Output {
        stdout: String::from_utf8_lossy(&buf).into_owned(),
        stderr: String::new(),
        code: exit::OK,
    }
}

/// `certify man`: the manual page in roff on stdout.
pub(super) fn man() -> Output {
    let mut buf = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = clap_mangen::Man::new(Cli::command()).render(&mut buf);
    Output {
        stdout: String::from_utf8_lossy(&buf).into_owned(),
        stderr: String::new(),
        code: exit::OK,
    }
}
