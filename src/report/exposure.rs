//! Maximum exposure: the most one round can cost whoever holds the other
//! side of a wager. Per unit staked it is the largest pay among the events
//! that happen (nonzero combinations): an event outranked on every round it
//! holds never pays, so its printed pay is no exposure. Per combined wager
//! it is the largest net result among the joint outcomes that happen. Where
//! the spec declares table limits, the same at the largest stakes allowed.

use super::model::{Kind, Section, Table};
use crate::engine::Analysis;
use crate::engine::stats::TableStats;
use crate::model::{Pay, Ratio, Spec};

/// The largest net pay per unit staked among events that happen; zero
/// when no event that happens pays (the stake is at most returned).
pub(crate) fn per_unit(t: &TableStats) -> Ratio {
    t.events
        .iter()
        .filter(|e| e.combinations > 0)
        .filter_map(|e| match e.pay {
            Pay::Win(r) => Some(r),
            _ => None,
        })
        .max()
        .unwrap_or(Ratio::ZERO)
}

/// A combined wager's largest net result that happens, with the units
/// staked on that outcome (several outcomes at that net: the fewest units).
pub(crate) fn combined(c: &crate::engine::stats::CombinedStats) -> Option<(Ratio, u32)> {
    c.outcomes
        .iter()
        .filter(|(_, _, n)| *n > 0)
        .map(|(net, units, _)| (*net, *units))
        .max_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)))
}

/// One wager at its table maximum, under its first pay table (the one
/// table rounds settle by default).
pub(crate) struct AtLimit<'a> {
    pub(crate) wager: &'a str,
    pub(crate) max_stake: Ratio,
    pub(crate) per_unit: Ratio,
    pub(crate) liability: Ratio,
}

/// Every wager of the spec's table at its maximum stake (empty without a
/// `table:` section), in settlement order.
pub(crate) fn at_limits<'a>(spec: &'a Spec, a: &Analysis) -> Vec<AtLimit<'a>> {
    let Some(table) = &spec.table else {
        return Vec::new();
    };
    table
        .wagers
        .iter()
        .filter_map(|tw| {
            let t = a.wagers.get(tw.wager)?.tables.first()?;
            let per_unit = per_unit(t);
            Some(AtLimit {
                wager: &tw.id,
                max_stake: tw.max,
                per_unit,
                liability: tw.max * per_unit,
            })
        })
        .collect()
}

/// `$75,000`, `$1,900.50`: dollars as the limits are written.
pub(crate) fn dollars(r: Ratio) -> String {
    r.dollars()
}

/// The results' subsection: combined wagers, then the table limits.
/// (Each pay table's figure per unit staked is on page one.)
pub(crate) fn section_part(sec: &mut Section, spec: &Spec, a: &Analysis) {
    sec.heading(3, "Maximum exposure");
    sec.para("The most one round can cost the side that pays, per unit staked: the largest pay among the events that happen (nonzero combinations; an event that never settles the wager pays nothing). Page one gives it for every pay table.");
    let mut t = Table::names(vec!["wager", "largest pay per unit staked"]).kind(1, Kind::Amount);
    for w in &a.wagers {
        for p in &w.tables {
            t.row(vec![
                super::words::row_name(spec, &w.id, &p.id),
                per_unit(p).trimmed_decimal(),
            ]);
        }
    }
    sec.table(t);
    for c in &a.combined {
        if let Some((net, units)) = combined(c) {
            sec.item(format!(
"Combined wager {}: at most {} units won in one round, on {} unit{} staked ({} per unit staked).", c.name, net.trimmed_decimal(), units, if units == 1 { "" } else { "s" }, (net / Ratio::int(units.max(1) as i128)).trimmed_decimal()));
        }
    }
    limits(sec, spec, a);
}

/// At the spec's table limits: each wager at its maximum, a seated bettor
/// with every wager at its maximum, and the table's seats.
fn limits(sec: &mut Section, spec: &Spec, a: &Analysis) {
    let Some(table) = &spec.table else {
        return;
    };
    let rows = at_limits(spec, a);
    sec.para("At the table limits the rule file declares (section 2 says which the document states and which are assumed), each wager under its first pay table:");
    let mut t = Table::names(vec![
        "wager",
        "maximum stake",
        "largest pay per unit",
        "largest win on one maximum bet",
    ])
    .kinds_from(1, Kind::Amount);
    for r in &rows {
        t.row(vec![
            super::words::wager(spec, r.wager),
            dollars(r.max_stake),
            r.per_unit.trimmed_decimal(),
            dollars(r.liability),
        ]);
    }
    let seat = rows.iter().fold(Ratio::ZERO, |sum, r| sum + r.liability);
    let bettors = table.seats.saturating_sub(1);
    let back: Vec<String> = table
        .wagers
        .iter()
        .filter(|w| w.back_line)
        .map(|w| super::words::wager(spec, &w.id))
        .collect();
    sec.table(t);
    sec.item(format!(
"One seated bettor with every wager at its maximum can win at most {} in one round: an upper bound, the sum of the rows above (events that exclude one another cannot all pay in one round, so the true maximum may be lower).", dollars(seat)));
    sec.item(format!(
"The table's {bettors} seated bettors (the player-dealer holds one of the {} seats): at most {} in one round{}.", table.seats, dollars(seat * Ratio::int(bettors as i128)), if back.is_empty() {
            String::new()
        } else {
            format!(
                ", plus each back-line bet on {} (their number is not limited), each at most its row above",
                back.join(", ")
            )
        }));
    sec.item(format!(
"The player-dealer who holds the other side pays no more than his own stake in any round (under either coverage reading his net stays within his stake); what his stake does not cover is returned to the bettors ({} coverage, section 2).", table.coverage.id()));
}
