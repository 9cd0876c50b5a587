//! `certify diff OLD NEW`: what changed between two specs (or two JSON
//! reports), in words, and every wager's and pay table's figures before and
//! after. Specs are computed exactly by the pipeline's check and compute
//! stages; fixtures are not run (a proposed change is diffed before its
//! fixtures are updated; `certify check` runs them).
//!
//! A change is to the *mathematics* when it can change how a round settles
//! or what a figure is: the shoe, the game's rules, a wager, event, pay,
//! pay table, combined entry or pay search added, removed or changed, or
//! any figure that differs. Names, the version, the source, claims,
//! interpretations, assumptions and readings are documentation.
//!
//! Layer: front end, a command beside the pipeline that runs its check and
//! compute stages (the layout is in `src/lib.rs`).

mod compared;
mod render;
pub(crate) mod side;

use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use crate::pipeline::Failure;
use compared::Row;
use side::{Item, Side};

pub use compared::{Change, Diff};
pub use render::{json, markdown};

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
    let decks = crate::pipeline::decks_for(&spec, decks).map_err(Failure::Usage)?;
    let computed = crate::pipeline::compute(&spec, decks);
    Ok(side::from_spec(path, &spec, &computed))
}

fn compare(old: Side, new: Side) -> Diff {
    let mut changes = vec![];
    items(&mut changes, true, "", &old.math, &new.math);
    for w in &old.wagers {
        match new.wagers.iter().find(|n| n.id == w.id) {
            None => changes.push(Change {
                mathematics: true,
                text: format!("wager `{}` ({}) removed", w.id, w.name),
            }),
            Some(n) => {
                let at = format!("wager `{}`: ", w.id);
                if w.name != n.name {
                    changes.push(Change {
                        mathematics: false,
                        text: format!("{at}name: {} → {}", w.name, n.name),
                    });
                }
                items(&mut changes, true, &at, &w.math, &n.math);
                items(&mut changes, false, &at, &w.doc, &n.doc);
                for t in &w.tables {
                    match n.tables.iter().find(|x| x.id == t.id) {
                        None => changes.push(Change {
                            mathematics: true,
                            text: format!("{at}pay table `{}` removed", t.id),
                        }),
                        Some(x) => {
                            let at = format!("wager `{}`, pay table `{}`: ", w.id, t.id);
                            items(&mut changes, true, &at, &t.math, &x.math);
                            items(&mut changes, false, &at, &t.doc, &x.doc);
                        }
                    }
                }
                for x in n
                    .tables
                    .iter()
                    .filter(|x| !w.tables.iter().any(|t| t.id == x.id))
                {
                    let pays = x
                        .math
                        .iter()
                        .map(|i| i.text.as_str())
                        .collect::<Vec<_>>()
                        .join("; ");
                    changes.push(Change {
                        mathematics: true,
                        text: format!("{at}pay table `{}` added: {pays}", x.id),
                    });
                }
            }
        }
    }
    for n in new
        .wagers
        .iter()
        .filter(|n| !old.wagers.iter().any(|w| w.id == n.id))
    {
        let tables: Vec<&str> = n.tables.iter().map(|t| t.id.as_str()).collect();
        changes.push(Change {
            mathematics: true,
            text: format!(
                "wager `{}` ({}) added, pay table{} {}",
                n.id,
                n.name,
                if tables.len() == 1 { "" } else { "s" },
                tables
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
    items(&mut changes, false, "", &old.doc, &new.doc);
    let mut rows = vec![];
    for w in &old.wagers {
        let nw = new.wagers.iter().find(|n| n.id == w.id);
        for t in &w.tables {
            let nt = nw.and_then(|n| n.tables.iter().find(|x| x.id == t.id));
            rows.push(Row {
                wager: w.id.clone(),
                table: t.id.clone(),
                old: Some(t.figures.clone()),
                new: nt.map(|x| x.figures.clone()),
            });
        }
    }
    for n in &new.wagers {
        let ow = old.wagers.iter().find(|w| w.id == n.id);
        for t in &n.tables {
            if ow.is_none_or(|w| !w.tables.iter().any(|x| x.id == t.id)) {
                rows.push(Row {
                    wager: n.id.clone(),
                    table: t.id.clone(),
                    old: None,
                    new: Some(t.figures.clone()),
                });
            }
        }
    }
    Diff {
        old,
        new,
        changes,
        rows,
    }
}

/// Keyed items compared: each removed, changed or added, in the old
/// side's order, then the new side's additions.
fn items(out: &mut Vec<Change>, mathematics: bool, at: &str, old: &[Item], new: &[Item]) {
    let mut push = |text: String| out.push(Change { mathematics, text });
    for o in old {
        match new.iter().find(|n| n.key == o.key) {
            None => push(format!("{at}{} removed (was: {})", o.key, o.text)),
            Some(n) if n.fingerprint != o.fingerprint => {
                if n.text == o.text {
                    push(format!(
                        "{at}{}: `{}` means otherwise now (a definition it uses changed)",
                        o.key, o.text
                    ))
                } else {
                    push(format!("{at}{}: {} → {}", o.key, o.text, n.text))
                }
            }
            Some(_) => {}
        }
    }
    for n in new.iter().filter(|n| !old.iter().any(|o| o.key == n.key)) {
        push(format!("{at}{} added: {}", n.key, n.text));
    }
}
