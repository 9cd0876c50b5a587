//! `certify new` and `certify diff`: the commands of a designer writing a
//! side bet and of an engineer submitting a change. The work is in
//! `crate::scaffold` and `crate::diff`; here, only exit codes and output.

use super::output::{Output, exit, failure};
use std::path::Path;

/// `certify new ID [--dir DIR]`: exit 2 on a bad id or an existing file.
pub(super) fn new(id: &str, dir: &Path) -> Output {
    match crate::scaffold::create(id, dir) {
        Ok(created) => Output {
            stdout: crate::scaffold::next_steps(id, &created),
            stderr: String::new(),
            code: exit::OK,
        },
        Err(d) => Output::usage(d),
    }
}

/// `certify diff OLD NEW [--json] [--decks N]`: exit 0 when nothing that
/// affects the mathematics changed, 1 when something did (or an input is
/// refused), 2 on a usage error.
pub(super) fn diff(old: &str, new: &str, json: bool, decks: Option<u32>) -> Output {
    let d = match crate::pipeline::compare::diff(old, new, decks) {
        Ok(d) => d,
        Err(f) => return failure(new, f),
    };
    Output {
        stdout: if json {
            crate::diff::json(&d)
        } else {
            crate::diff::markdown(&d)
        },
        stderr: String::new(),
        code: if d.mathematics_changed() {
            exit::FAILED
        } else {
            exit::OK
        },
    }
}
