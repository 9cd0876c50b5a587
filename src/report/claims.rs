//! A printed or published figure's comparison in the report's words.

use crate::assess::claims::ClaimCheck;
use crate::model::Spec;
use crate::report::model::{Kind, Table};

/// What a checked figure is of, in the rule file's names: a combined
/// wager per its base wager, or wagers (staked equally) under a pay table.
pub(crate) fn subject(spec: &Spec, c: &ClaimCheck) -> String {
    if let [one] = c.wagers.as_slice()
        && let Some(cs) = spec.combined.iter().find(|x| &x.id == one)
    {
        let per = spec.wagers.get(cs.per).map_or("", |w| w.id.as_str());
        return super::words::combined_per(spec, &cs.name, per);
    }
    let names: Vec<String> = c
        .wagers
        .iter()
        .map(|w| super::words::wager_table(spec, w, &c.pay_table))
        .collect();
    if names.len() > 1 {
        format!("{}, staked equally", names.join(" + "))
    } else {
        names.concat()
    }
}

/// The result of a comparison in a laboratory's words: a figure that
/// differs is a question of method, put to the submitter.
pub(crate) fn result(c: &ClaimCheck) -> String {
    if c.matches {
        "matches within rounding".into()
    } else {
        format!(
            "differs by {} points: please state your method",
            c.difference.trim_start_matches('-')
        )
    }
}

/// Printed figures against computed figures, as a table.
pub fn table(spec: &Spec, claims: &[ClaimCheck], terms: super::terms::Terms) -> Table {
    let mut t = Table::names(vec![
        format!("{} of", terms.edge()),
        "printed".into(),
        "computed".into(),
        "result".into(),
    ])
    .kind(1, Kind::Percent);
    for cl in claims {
        t.row(vec![
            subject(spec, cl),
            cl.printed.clone(),
            cl.computed.clone(),
            result(cl),
        ]);
    }
    t
}
