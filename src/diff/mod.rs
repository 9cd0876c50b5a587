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
//! Layer: machinery: two sides compared and rendered. The pipeline reads
//! and computes the sides (`crate::pipeline::compare`: `certify diff`,
//! and `--previous` for an edition's revision history and game variation).

mod compared;
mod render;
pub(crate) mod side;

use compared::Row;
use side::{Item, Side};

pub use compared::{Change, Diff};
pub use render::{json, markdown};

/// The changes from `old` to `new` and every figure before and after.
pub(crate) fn compare(old: Side, new: Side) -> Diff {
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
