//! A pay search in the report's words (section 4): the tables found, and
//! why so many give the same figure. The search itself is the
//! assessment's (`crate::assess::search`).

use crate::assess::search::{FoundTable, SearchResult};
use crate::engine::Analysis;
use crate::report::model::{Kind, Section, Table};

/// A search's result in Markdown (section 4 of the report): the tables
/// found, and why so many give the same figure (the searched events'
/// counts stand in a fixed ratio) with what the submitter must supply.
pub fn section_part(
    sec: &mut Section,
    spec: &crate::model::Spec,
    a: &Analysis,
    r: &SearchResult,
    terms: super::terms::Terms,
) {
    let wager = super::words::wager(spec, &r.wager);
    sec.heading(
        3,
        format!("Pay tables that give the printed {} of {wager}", r.printed),
    );
    let ranges: Vec<String> = r
        .ranges
        .iter()
        .map(|x| match x.split_once(' ') {
            Some((id, range)) => {
                format!("{} {range}", super::words::event_short(spec, &r.wager, id))
            }
            None => x.clone(),
        })
        .collect();
    sec.para(format!(
"The document prints a {} of {} ({}) but no pays. The pay table in section 2 is an assumption. Every table of whole pays (to 1) in the ranges {}{}, was tried against the exact event counts above: {} give{} {} when rounded as printed.{}", terms.edge(), r.printed, r.source, ranges.join(", "), if r.non_increasing {
            ", not rising down the list"
        } else {
            ""
        }, r.matches, if r.matches == 1 { "s" } else { "" }, r.printed, if r.tables.is_empty() {
            String::new()
        } else {
            format!(" The {} with the smallest total of pays:", r.tables.len())
        }));
    if let Some(first) = r.tables.first() {
        let mut header: Vec<String> = first
            .pays
            .iter()
            .map(|(e, _)| super::words::event_short(spec, &r.wager, e))
            .collect();
        header.push(terms.edge().into());
        let last = header.len() - 1;
        let mut t = Table::names(header).kind(last, Kind::Percent);
        for f in &r.tables {
            let mut row: Vec<String> = f.pays.iter().map(|(_, p)| p.clone()).collect();
            row.push(f.house_edge.clone());
            t.row(row);
        }
        sec.table(t);
    }
    if let Some(why) = ratio(spec, a, r, terms) {
        sec.para(why);
    }
}

/// Why many pay tables give one figure: the house edge depends on the pays
/// only through the sum of each pay times its event's count, and the
/// searched events' counts, their greatest common divisor taken out, are
/// small numbers; any pays with the same weighted sum give the same edge.
fn ratio(
    spec: &crate::model::Spec,
    a: &Analysis,
    r: &SearchResult,
    terms: super::terms::Terms,
) -> Option<String> {
    if r.matches < 2 {
        return None;
    }
    let ps = spec
        .pay_searches
        .iter()
        .find(|p| spec.wagers[p.wager].id == r.wager)?;
    let w = a.wagers.iter().find(|w| w.id == r.wager)?;
    let t = w.tables.first()?;
    let searched: Vec<(String, u128)> = t
        .events
        .iter()
        .zip(&ps.ranges)
        .filter(|(_, range)| matches!(range, crate::model::PayRange::Search(..)))
        .map(|(e, _)| (e.id.clone(), e.combinations))
        .collect();
    let g = searched
        .iter()
        .fold(0u128, |g, (_, c)| num_integer::Integer::gcd(&g, c));
    if g == 0 || searched.len() < 2 {
        return None;
    }
    let names: Vec<String> = searched
        .iter()
        .map(|(id, _)| super::words::event_short(spec, &r.wager, id))
        .collect();
    let parts: Vec<String> = searched.iter().map(|(_, c)| (c / g).to_string()).collect();
    Some(format!(
        "Why {} tables give the same figure: the {} depends on the pays only through the sum of each pay times its event's count, and the counts of {} stand in the ratio {} (exactly, at {}). Pay tables with the same weighted sum give exactly the same {}, so the printed {} cannot tell them apart. The submitter must supply the pay table ({}).",
        r.matches,
        terms.edge(),
        names.join(", "),
        parts.join(" : "),
        crate::cards::deck_count(a.decks),
        terms.edge(),
        r.printed,
        names.join(", ")
    ))
}

/// `ultimate_block 18 to 1, ..., push push`.
pub fn describe(t: &FoundTable) -> String {
    t.pays
        .iter()
        .map(|(e, p)| format!("{e} {p}"))
        .collect::<Vec<_>>()
        .join(", ")
}
