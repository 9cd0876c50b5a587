//! `certify table [SPEC] --round ROUND`: settle whole table rounds.

use super::args::TableArgs;
use super::output::{Output, exit};
use crate::diag::ErrorKind;

/// `certify table [SPEC] --round ROUND [--json]`: exit 1 with located
/// diagnostics on a bad spec or round (nothing settled), or when a
/// hand-worked expectation of the round file fails.
pub(super) fn table_cmd(a: &TableArgs) -> Output {
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
