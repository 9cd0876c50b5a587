//! What changed against a previous version of the rule file (`--previous`),
//! as `certify diff` compares two specs: the rules' changes in words, then
//! each pay table's house edge before and after. The Nevada edition's
//! game-variation section shows every pay table; every edition's revision
//! history lists the changes and the pay tables whose figures moved.

use crate::diff::Diff;
use crate::diff::side::Figures;
use crate::model::Spec;
use crate::numbers::percent;
use crate::report::model::{Kind, Section, Table};
use crate::report::words;

/// Writes the comparison into `sec`; with `changed_only`, only the pay
/// tables whose figures differ (or that are new or gone).
pub(super) fn write(sec: &mut Section, spec: &Spec, d: &Diff, changed_only: bool) {
    sec.para(format!(
        "Compared with the previous version {} (version {}): what changed in the rules, then {}.",
        d.old.path,
        d.old.version,
        if changed_only {
            "each pay table whose figures changed"
        } else {
            "every wager's figures before and after"
        }
    ));
    if d.changes.is_empty() {
        sec.item("No change in the rules' words.");
    }
    for c in &d.changes {
        let kind = if c.mathematics {
            "changes the mathematics"
        } else {
            "wording only"
        };
        sec.item(format!("{} ({kind})", c.text));
    }
    let mut t = Table::new([
        ("Wager", Kind::Name),
        ("Previous house edge", Kind::Percent),
        ("This version", Kind::Percent),
        ("Change (points)", Kind::Percent),
    ]);
    for r in &d.rows {
        if changed_only && r.old == r.new {
            continue;
        }
        let edge = |x: &Option<Figures>| {
            x.as_ref()
                .map_or("—".to_string(), |f| percent(&f.house_edge, 4))
        };
        let change = match (&r.old, &r.new) {
            (Some(a), Some(b)) => percent(&(b.house_edge.clone() - a.house_edge.clone()), 4),
            (None, Some(_)) => "new".into(),
            (Some(_), None) => "removed".into(),
            (None, None) => "—".into(),
        };
        t.row([
            words::wager_table(spec, &r.wager, &r.table),
            edge(&r.old),
            edge(&r.new),
            change,
        ]);
    }
    if t.rows.is_empty() {
        sec.para("No figure changed.");
    } else {
        sec.table(t);
    }
}
