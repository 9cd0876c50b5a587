//! Wagers written without pay tables: their events counted, never priced
//! (no pay, no house edge, no return). Section 4 sets them after the priced
//! wagers; the JSON document holds them in `results.counted`.
//!
//! Under `listed_order` each round counts once, under the first listed
//! event that holds, so the rows add up to every round; otherwise each
//! event counts every round it holds on, whatever else holds, and the rows
//! may overlap.

use super::model::{Kind, Section, Table};
use crate::engine::{Analysis, WagerStats};
use crate::model::{Precedence, Spec, Wager};
use crate::numbers::{decimal, group_digits, one_in};
use num_bigint::BigInt;
use num_rational::BigRational;

/// One counted event.
pub(crate) struct Row {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) combinations: u128,
}

/// A counted wager's rows.
pub(crate) struct Counts {
    /// Each round under one event (listed order): the rows add up.
    pub(crate) exclusive: bool,
    pub(crate) rows: Vec<Row>,
    /// Rounds on which no event holds.
    pub(crate) none: u128,
    /// Rounds on which the wager is placed.
    pub(crate) total: u128,
}

pub(crate) fn counts(w: &Wager, s: &WagerStats, all: u128) -> Counts {
    let exclusive = w.precedence == Precedence::ListedOrder;
    let mut combinations: Vec<u128> = if exclusive {
        vec![0; w.events.len()]
    } else {
        s.holds.iter().map(|(_, n)| *n).collect()
    };
    let mut none = 0;
    for &(set, n) in &s.joint {
        if set == 0 {
            none += n;
        } else if exclusive {
            combinations[set.trailing_zeros() as usize] += n;
        }
    }
    Counts {
        exclusive,
        rows: w
            .events
            .iter()
            .zip(combinations)
            .map(|(e, c)| Row {
                id: e.id.clone(),
                name: e.name.clone(),
                combinations: c,
            })
            .collect(),
        none,
        total: all - s.not_placed,
    }
}

/// The counted wagers' tables, in spec order.
pub(crate) fn section_part(sec: &mut Section, spec: &Spec, a: &Analysis) {
    for (w, s) in spec.counted.iter().zip(&a.counted) {
        let c = counts(w, s, a.total);
        sec.heading(3, format!("{} — counted, no pay table", w.name));
        sec.para(if c.exclusive {
            "Each round is counted once, under the first listed event that holds (`listed_order`). The wager has no pay table: no pay, no house edge."
        } else {
            "Each event is counted on every round it holds, whatever else holds: the rows may overlap. The wager has no pay table: no pay, no house edge."
        });
        let mut t = Table::names(vec!["event", "combinations", "probability", "odds"])
            .kind(1, Kind::Count)
            .kind(2, Kind::Decimal)
            .kind(3, Kind::Odds);
        let p = |n: u128| {
            decimal(
                &BigRational::new(BigInt::from(n), BigInt::from(c.total.max(1))),
                10,
            )
        };
        let rows = c.rows.iter().map(|r| (r.name.clone(), r.combinations));
        let none = std::iter::once(("(no event)".to_string(), c.none));
        for (name, n) in rows.chain(none) {
            t.row(vec![
                name,
                group_digits(&n.to_string()),
                p(n),
                one_in(n, c.total),
            ]);
        }
        if c.exclusive {
            t.row(vec![
                "**total**".into(),
                group_digits(&c.total.to_string()),
                p(c.total),
                String::new(),
            ]);
        }
        sec.table(t);
    }
}
