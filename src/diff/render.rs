//! A diff as Markdown (for a change submission) or JSON (for CI). Every
//! decimal comes from the report's number helpers, from exact fractions.

use super::compared::{Change, Diff, Row};
use super::side::{Figures, Side};
use crate::numbers::{decimal, fraction, one_in, percent};
use crate::report::text::new_table;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use serde_json::{Value, json};
use std::fmt::Write;

/// Places shown for percentages, as in the summary table.
const PLACES: u32 = 4;

fn side_line(s: &Side) -> String {
    format!(
        "`{}` (spec `{}` v{}, {} decks)",
        s.path, s.id, s.version, s.decks
    )
}

/// The verdict in one sentence.
fn verdict(d: &Diff) -> String {
    let math = d.changes.iter().filter(|c| c.mathematics).count();
    let other = d.changes.len() - math;
    let figures = d.rows.iter().filter(|r| r.old != r.new).count();
    let n = |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    if d.mathematics_changed() {
        let parts: Vec<String> = [
            (
                math,
                "change to the mathematics",
                "changes to the mathematics",
            ),
            (
                figures,
                "pay table with other figures",
                "pay tables with other figures",
            ),
            (other, "other change", "other changes"),
        ]
        .into_iter()
        .filter(|(k, _, _)| *k > 0)
        .map(|(k, one, many)| n(k, one, many))
        .collect();
        format!("the mathematics changed: {}", parts.join(", "))
    } else if other == 0 {
        "no change".into()
    } else {
        format!(
            "no change to the mathematics; {}",
            n(other, "other change", "other changes")
        )
    }
}

/// `+1.2345 pp`: a difference of two fractions in percentage points.
fn points(old: &BigRational, new: &BigRational) -> String {
    let d = (new - old) * BigRational::from_integer(BigInt::from(100));
    if d.is_zero() {
        return "same".into();
    }
    let sign = if d.is_positive() { "+" } else { "" };
    format!("{sign}{} pp", decimal(&d, PLACES))
}

fn top(f: &Figures) -> String {
    match &f.top {
        Some((pays, events, count)) => format!("{pays} ({events}), {}", one_in(*count, f.total)),
        None => "-".into(),
    }
}

pub fn markdown(d: &Diff) -> String {
    let mut s = format!(
        "# Change to `{}`: v{} → v{}\n\n- old: {}\n- new: {}\n\n**Verdict:** {}.\n",
        d.new.id,
        d.old.version,
        d.new.version,
        side_line(&d.old),
        side_line(&d.new),
        verdict(d)
    );
    for (math, title) in [
        (true, "Changes to the mathematics"),
        (false, "Other changes (documentation)"),
    ] {
        let list: Vec<&Change> = d.changes.iter().filter(|c| c.mathematics == math).collect();
        if list.is_empty() {
            continue;
        }
        let _ = writeln!(s, "\n## {title}\n");
        for c in list {
            let _ = writeln!(s, "- {}", c.text);
        }
    }
    if !(d.old.has_rules && d.new.has_rules) {
        let _ = writeln!(
            s,
            "\nReports record no drawing rules or conditions: they are compared by their wagers, pays and figures."
        );
    }
    let decks = if d.old.decks == d.new.decks {
        format!("{} decks", d.old.decks)
    } else {
        format!(
            "{} decks (old) and {} decks (new)",
            d.old.decks, d.new.decks
        )
    };
    let _ = writeln!(
        s,
        "\n## Figures at {decks}\n\nExact; differences in percentage points (pp).\n"
    );
    let mut t = new_table(vec![
        "wager",
        "pay table",
        "house edge (old)",
        "house edge (new)",
        "house edge change",
        "hit frequency (old)",
        "hit frequency (new)",
        "hit frequency change",
        "top award (old)",
        "top award (new)",
    ]);
    let pct = |f: Option<&Figures>, get: fn(&Figures) -> &BigRational| {
        f.map_or_else(|| "-".into(), |f| percent(get(f), PLACES))
    };
    for r in &d.rows {
        let (o, n) = (r.old.as_ref(), r.new.as_ref());
        let change = |get: fn(&Figures) -> &BigRational| match (o, n) {
            (Some(o), Some(n)) => points(get(o), get(n)),
            (None, _) => "added".into(),
            (_, None) => "removed".into(),
        };
        t.add_row(vec![
            r.wager.clone(),
            r.table.clone(),
            pct(o, |f| &f.house_edge),
            pct(n, |f| &f.house_edge),
            change(|f| &f.house_edge),
            pct(o, |f| &f.hit),
            pct(n, |f| &f.hit),
            change(|f| &f.hit),
            o.map_or_else(|| "-".into(), top),
            n.map_or_else(|| "-".into(), top),
        ]);
    }
    let _ = writeln!(s, "{t}");
    if d.old.has_rules {
        let _ = writeln!(
            s,
            "\nFixtures are not run by `certify diff`: run `certify check` on the new spec."
        );
    }
    s
}

fn figures_json(f: &Figures) -> Value {
    let exact = |r: &BigRational| json!({ "fraction": fraction(r), "percent": percent(r, PLACES) });
    json!({
        "house_edge": exact(&f.house_edge),
        "hit_frequency": exact(&f.hit),
        "top_award": f.top.as_ref().map(|(pays, events, count)| json!({
            "pays": pays,
            "events": events,
            "combinations": count.to_string(),
            "odds": one_in(*count, f.total),
        })),
    })
}

fn change_json(r: &Row, get: fn(&Figures) -> &BigRational) -> Value {
    match (&r.old, &r.new) {
        (Some(o), Some(n)) => {
            let d = get(n) - get(o);
            json!({ "fraction": fraction(&d), "percentage_points": points(get(o), get(n)) })
        }
        _ => Value::Null,
    }
}

pub fn json(d: &Diff) -> String {
    let side =
        |s: &Side| json!({ "file": s.path, "spec": s.id, "version": s.version, "decks": s.decks });
    let rows: Vec<Value> = d
        .rows
        .iter()
        .map(|r| {
            json!({
                "wager": r.wager,
                "pay_table": r.table,
                "old": r.old.as_ref().map(figures_json),
                "new": r.new.as_ref().map(figures_json),
                "figures_changed": r.old != r.new,
                "house_edge_change": change_json(r, |f| &f.house_edge),
                "hit_frequency_change": change_json(r, |f| &f.hit),
            })
        })
        .collect();
    let doc = json!({
        "old": side(&d.old),
        "new": side(&d.new),
        "mathematics_changed": d.mathematics_changed(),
        "verdict": verdict(d),
        "changes": d.changes,
        "figures": rows,
    });
    serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
}
