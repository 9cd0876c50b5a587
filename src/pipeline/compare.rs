//! Comparing a spec with another version (`certify diff OLD NEW`, and
//! `--previous` for an edition's revision history and game variation):
//! the pipeline reads each side, checks and computes a spec, and the diff
//! machinery (`crate::diff`) compares them. Fixtures are not run (a
//! proposed change is diffed before its fixtures are updated).

use super::compute::{Failure, analyse, decks_for};
use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use crate::diff::side::{self, Side};
use crate::diff::{Diff, compare};

/// What kind of file each argument is: a spec or a JSON report.
fn is_report(path: &str, text: &str) -> bool {
    match std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
    {
        Some("json") => true,
        Some("yaml" | "yml") => false,
        _ => text.trim_start().starts_with('{'),
    }
}

/// Compares `old` with `new`: two specs, computed at `decks` (default: each
/// spec's own), or two JSON reports.
pub fn diff(old: &str, new: &str, decks: Option<u32>) -> Result<Diff, Failure> {
    let one = |e: Box<Diagnostic>| Failure::Input(vec![*e]);
    let (old_text, new_text) = (side::read(old).map_err(one)?, side::read(new).map_err(one)?);
    let (sides_old, sides_new) = match (is_report(old, &old_text), is_report(new, &new_text)) {
        (true, true) => (
            side::from_report(old, &old_text).map_err(one)?,
            side::from_report(new, &new_text).map_err(one)?,
        ),
        (false, false) => {
            let a = spec_side(old, decks)?;
            // The same bytes compute the same figures: compute them once.
            let b = if old_text == new_text {
                Side {
                    path: new.into(),
                    ..a.clone()
                }
            } else {
                spec_side(new, decks)?
            };
            (a, b)
        }
        _ => {
            return Err(Failure::Usage(Box::new(Diagnostic::plain(
                UsageError::DiffMixed {
                    old: old.into(),
                    new: new.into(),
                },
            ))));
        }
    };
    Ok(compare(sides_old, sides_new))
}

/// Compares the approved version `previous` (a rule spec) with a spec
/// already computed (`path`, `spec`, `computed`): the game variation the
/// Nevada edition summarises. A JSON report as `previous` is refused: the
/// two sides would not be alike (a report has no rules to compare).
pub fn against(
    previous: &str,
    path: &str,
    spec: &crate::model::Spec,
    computed: &crate::report::Computed,
) -> Result<Diff, Failure> {
    let one = |e: Box<Diagnostic>| Failure::Input(vec![*e]);
    let text = side::read(previous).map_err(one)?;
    if is_report(previous, &text) {
        return Err(Failure::Usage(Box::new(Diagnostic::plain(
            UsageError::DiffMixed {
                old: previous.into(),
                new: path.into(),
            },
        ))));
    }
    let old = spec_side(previous, Some(computed.analysis.decks))
        .or_else(|_| spec_side(previous, None))?;
    Ok(compare(old, side::from_spec(path, spec, computed)))
}

/// The approved version `--previous` names, checked before anything is
/// computed: a readable rule spec (not a report) that checks, of the same
/// game (its id). Each refusal names the flag.
pub fn approved(previous: &str, spec: &crate::model::Spec) -> Result<(), Failure> {
    let usage = |e: UsageError| Failure::Usage(Box::new(Diagnostic::plain(e)));
    let path = previous.to_string();
    let text = side::read(previous).map_err(|d| {
        usage(UsageError::PreviousUnreadable {
            path: path.clone(),
            reason: d.message(),
        })
    })?;
    if is_report(previous, &text) {
        return Err(usage(UsageError::PreviousNotASpec { path }));
    }
    let (_, old) = crate::check::check_file(previous).map_err(|ds| {
        let flag = Diagnostic::plain(UsageError::PreviousDoesNotCheck { path: path.clone() });
        Failure::Input(std::iter::once(flag).chain(ds).collect())
    })?;
    if old.id != spec.id {
        return Err(usage(UsageError::PreviousOtherGame {
            path,
            id: old.id,
            expected: spec.id.clone(),
        }));
    }
    Ok(())
}

fn spec_side(path: &str, decks: Option<u32>) -> Result<Side, Failure> {
    let (_, spec) = crate::check::check_file(path).map_err(Failure::Input)?;
    let decks = decks_for(&spec, decks).map_err(Failure::Usage)?;
    // A diff compares the analysis alone: game protection and the
    // alternative games the report adds are not computed for it.
    let computed = crate::assess::Computed::of(analyse(&spec, decks));
    Ok(side::from_spec(path, &spec, &computed))
}
