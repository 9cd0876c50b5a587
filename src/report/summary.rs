//! The quick view printed by `certify SPEC`: one row per wager and pay table.

use crate::assess::{Assessment, Computed};
use crate::model::Spec;
use crate::numbers::{decimal, group_digits, one_in, percent, share, sqrt_decimal};
use crate::report::text::new_table;
use std::fmt::Write;

pub fn render(spec: &Spec, c: &Computed, assessment: &Assessment) -> String {
    let a = &c.analysis;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} — spec {} v{} ({})",
        spec.title, spec.id, spec.version, spec.document
    );
    let _ = writeln!(
        s,
        "{} decks, {} ordered six-card sequences, exact enumeration\n",
        a.decks,
        group_digits(&a.total.to_string())
    );
    let mut t = new_table(vec![
        "wager",
        "pay table",
        "house edge",
        "hit frequency",
        "push frequency",
        "std dev",
        "variance",
        "top award",
        "top award odds",
    ]);
    for w in &a.wagers {
        for p in &w.tables {
            // Invented pays: the figure is the assumption's, not the game's.
            let edge = match spec.assumed_pays(&w.id, &p.id) {
                Some(a) => format!("{} ASSUMED pays ({})", percent(&p.house_edge(), 4), a.id),
                None => percent(&p.house_edge(), 4),
            };
            let mut row = vec![
                w.id.clone(),
                p.id.clone(),
                edge,
                share(p.wins, p.total, 4),
                share(p.pushes, p.total, 4),
                sqrt_decimal(&p.variance, 4),
                decimal(&p.variance, 4),
            ];
            row.extend(top_award_cells(p));
            t.add_row(row);
        }
    }
    let _ = writeln!(s, "{t}");
    for cs in &a.combined {
        let _ = writeln!(s, "\n{}", combined_line(cs));
    }
    if let Some(d) = &a.decision {
        let per = super::decision::per_bet(d, &a.combined);
        let _ = writeln!(
            s,
            "\n{}'s strategy (D draw, S stand; * some compositions decide otherwise, see the report), by {} total and {}:\n{}",
            d.hand,
            d.hand,
            d.sees
                .iter()
                .filter(|x| !x.starts_with(&format!("{}.", d.hand)))
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
            super::text::plain_table(&super::decision::chart(d))
        );
        let _ = writeln!(
            s,
            "\n{}",
            super::text::plain_table(&super::decision::strategies(d, &per))
        );
    }
    for r in &assessment.searches {
        let _ = writeln!(
            s,
            "\npay search: {} whole-number pay tables for `{}` give the printed {} ({}); simplest: {}",
            r.matches,
            r.wager,
            r.printed,
            r.ranges.join(", "),
            r.tables
                .first()
                .map_or_else(|| "none".into(), super::search::describe)
        );
    }
    if !assessment.claims.is_empty() {
        let t = super::text::plain_table(&super::claims::table(
            spec,
            &assessment.claims,
            super::terms::Terms::HOUSE,
        ));
        let _ = writeln!(s, "\n{t}");
    }
    if !assessment.warnings.is_empty() {
        let _ = writeln!(s, "\nWARNINGS");
        for w in &assessment.warnings {
            let message = super::warnings::message(
                spec,
                assessment,
                w,
                super::terms::Terms::HOUSE,
                super::numbering::simulation(c),
            );
            let way = super::warnings::way_on(spec, w)
                .map(|way| format!("; {way}"))
                .unwrap_or_default();
            let _ = writeln!(s, "  ! {message}{way}");
        }
    }
    s
}

/// The top award ("200 to 1 (event)") and its odds ("1 in 129,130"), or
/// dashes when nothing wins: the summary and the report's first page agree.
pub(crate) fn top_award_cells(p: &crate::engine::stats::TableStats) -> [String; 2] {
    match p.top_award() {
        Some(e) => [
            format!("{} ({})", e.pay.describe(), e.events.join(", ")),
            one_in(e.combinations, p.total),
        ],
        None => ["-".into(), "-".into()],
    }
}

/// A combined wager's figures in one line, for the terminal and page one.
pub(crate) fn combined_line(cs: &crate::engine::stats::CombinedStats) -> String {
    format!(
        "{} (`{}`): house edge {} per {} bet, {} per total wagered",
        cs.name,
        cs.id,
        percent(&cs.house_edge(), 4),
        cs.per,
        percent(&cs.per_total_wagered(), 4)
    )
}
