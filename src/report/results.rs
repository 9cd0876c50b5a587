//! Section 4's return tables: each pay table event by event, with its
//! figures.

use super::model::{Kind, Table};
use crate::engine::stats::{TableStats, big};
use crate::model::Spec;
use crate::numbers::{decimal, fraction, group_digits, one_in, percent, share, sqrt_decimal};
use num_bigint::BigInt;
use num_rational::BigRational;

pub(crate) fn return_table(t: &TableStats) -> Table {
    let mut tab = Table::names(vec![
        "event",
        "pays",
        "combinations",
        "probability",
        "odds",
        "return",
    ])
    .kind(2, Kind::Count)
    .kind(3, Kind::Decimal)
    .kind(4, Kind::Odds)
    .kind(5, Kind::Decimal);
    let total = BigRational::from_integer(BigInt::from(t.total));
    let ret = |c: u128, net: BigRational| {
        let p = BigRational::from_integer(BigInt::from(c)) / &total;
        (decimal(&p, 10), one_in(c, t.total), decimal(&(p * net), 10))
    };
    for e in &t.events {
        let (p, odds, r) = ret(e.combinations, big(e.pay.net()));
        // The event's name as the document words it (its identifier is in
        // Appendix B).
        let event = if e.name.is_empty() {
            e.id.replace('_', " ")
        } else {
            e.name.clone()
        };
        tab.row(vec![
            event,
            e.pay.describe(),
            group_digits(&e.combinations.to_string()),
            p,
            odds,
            r,
        ]);
    }
    let (p, odds, r) = ret(t.no_event, big(crate::model::Ratio::MINUS_ONE));
    tab.row(vec![
        "(no event: loses)".into(),
        "lose".into(),
        group_digits(&t.no_event.to_string()),
        p,
        odds,
        r,
    ]);
    // The total row adds up the rows above (it is not the engine's total
    // restated), so a reader sees the rows account for every sequence.
    let rows = t.events.iter().map(|e| (e.combinations, big(e.pay.net())));
    let rows = rows.chain(std::iter::once((
        t.no_event,
        big(crate::model::Ratio::MINUS_ONE),
    )));
    let (mut count, mut expected) = (0u128, BigRational::from_integer(BigInt::from(0)));
    for (c, net) in rows {
        count += c;
        expected += BigRational::from_integer(BigInt::from(c)) / &total * net;
    }
    tab.row(vec![
        "**total**".into(),
        String::new(),
        group_digits(&count.to_string()),
        decimal(
            &(BigRational::from_integer(BigInt::from(count)) / &total),
            10,
        ),
        String::new(),
        decimal(&expected, 10),
    ]);
    tab
}

/// A pay table's figures, as a figure/value table under its return table.
pub(crate) fn figures(
    spec: &Spec,
    wager: &str,
    t: &TableStats,
    terms: super::terms::Terms,
) -> Table {
    let mut k = Table::names(["figure", "value"]);
    let edge = t.house_edge();
    k.row([
        match spec.assumed_pays(wager, &t.id) {
            Some(a) => format!(
                "{} {} (assumption: {}; {})",
                terms.edge_cap(),
                super::words::WITH_ASSUMED_PAYS,
                super::words::plain(&a.id),
                super::words::NOT_EVALUATED
            ),
            None => terms.edge_cap().to_string(),
        },
        format!("{} (exact: {})", percent(&edge, 4), fraction(&edge)),
    ]);
    k.row([
        "Hit frequency (any win)".to_string(),
        share(t.wins, t.total, 4),
    ]);
    k.row(["Push frequency".to_string(), share(t.pushes, t.total, 4)]);
    k.row([
        "Standard deviation per unit".to_string(),
        sqrt_decimal(&t.variance, 4),
    ]);
    k.row(["Variance per unit".to_string(), decimal(&t.variance, 4)]);
    if let Some(top) = t.top_award() {
        k.row([
            "Top award".to_string(),
            format!(
                "{} ({}), {}",
                top.pay.describe(),
                top.events
                    .iter()
                    .map(|e| super::words::event_short(spec, wager, e))
                    .collect::<Vec<_>>()
                    .join(", "),
                one_in(top.combinations, t.total)
            ),
        ]);
    }
    k
}
