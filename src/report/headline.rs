//! Page one's headline figures: the figures the rule file names first,
//! with a typical player's beside them where the player decides.

use super::inputs::Inputs;
use super::model::{Kind, Section, Table};
use crate::assess::Computed;
use crate::engine::Analysis;
use crate::model::{Headline, Spec};
use crate::numbers::percent;

/// The "Headline figures" table, when the rule file names them.
pub(crate) fn part(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    let a = &c.analysis;
    if spec.report.headline.is_empty() {
        return;
    }
    sec.heading(3, "Headline figures");
    let mut t = Table::names(vec![
        "figure",
        inp.terms.edge(),
        "per total wagered",
        "played as",
    ])
    .kind(1, Kind::Percent)
    .kind(2, Kind::Percent);
    let strategy = spec
        .decides()
        .map(|d| super::words::plain(&d.strategies[d.default].id));
    for h in &spec.report.headline {
        match h {
            Headline::Table { wager, pay_table } => {
                let Some(tab) = table_of(a, wager, pay_table) else {
                    continue;
                };
                t.row(vec![
                    super::words::wager_table(spec, wager, pay_table),
                    percent(&tab.house_edge(), 4),
                    "-".into(),
                    "-".into(),
                ]);
            }
            Headline::Combined(id) => {
                let Some(cs) = a.combined.iter().find(|x| &x.id == id) else {
                    continue;
                };
                let per = super::words::wager(spec, &cs.per);
                t.row(vec![
                    super::words::combined_per(spec, &cs.name, &cs.per),
                    percent(&cs.house_edge(), 4),
                    percent(&cs.per_total_wagered(), 4),
                    strategy
                        .clone()
                        .map_or_else(|| "-".into(), |s| format!("the {s} strategy")),
                ]);
                typical(&mut t, spec, a, &cs.name, &per);
            }
        }
    }
    sec.table(t);
}

/// The typical player's row: the written strategy the rule file names,
/// with its figures from the strategies the decision analysis compared.
fn typical(t: &mut Table, spec: &Spec, a: &Analysis, name: &str, per: &str) {
    let (Some((id, why)), Some(d)) = (&spec.report.typical, &a.decision) else {
        return;
    };
    let Some(s) = d.strategies.iter().find(|s| &s.id == id) else {
        return;
    };
    t.row(vec![
        format!("{name} (per {per}), a typical player"),
        percent(&s.figures.house_edge(), 4),
        percent(&s.figures.per_total_wagered(), 4),
        format!("{}: {}", super::words::plain(id), why.trim()),
    ]);
}

fn table_of<'a>(
    a: &'a Analysis,
    wager: &str,
    table: &str,
) -> Option<&'a crate::engine::stats::TableStats> {
    a.wagers
        .iter()
        .find(|w| w.id == wager)?
        .tables
        .iter()
        .find(|t| t.id == table)
}
