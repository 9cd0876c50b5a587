//! Precedence made visible: an event that shows 0 combinations under a pay
//! table although it happens, because an event tried before it (paying
//! more, or the same and listed earlier; or listed earlier under
//! `listed_order`) always holds with it and settles the wager. The report
//! says so beside the return table and gives the count the event has on
//! its own (the engine's per-event `holds`), so a reader does not take the
//! 0 for an impossible hand.

use crate::engine::stats::{TableStats, WagerStats};
use crate::model::{Pay, Wager};
use crate::numbers::{group_digits, one_in};

/// An event that never settles the wager under one pay table.
pub(crate) struct Outranked<'a> {
    pub(crate) event: &'a str,
    /// Rounds on which the event's condition holds, whatever outranks it.
    pub(crate) alone: u128,
    /// The events tried before it that do settle rounds, each with why it
    /// comes first ("pays more", "pays the same and is listed earlier", "is listed earlier").
    pub(crate) by: Vec<(&'a str, &'static str)>,
}

/// Events of `t` with 0 combinations that hold on some rounds, in listed order.
pub(crate) fn outranked<'a>(
    w: &Wager,
    stats: &'a WagerStats,
    t: &'a TableStats,
) -> Vec<Outranked<'a>> {
    let pays: Vec<Pay> = t.events.iter().map(|e| e.pay).collect();
    let order = w.precedence.order(&pays);
    let position = |k: usize| order.iter().position(|&x| x == k).expect("every event");
    t.events
        .iter()
        .enumerate()
        .zip(&stats.holds)
        .filter(|((_, e), (_, holds))| e.combinations == 0 && *holds > 0)
        .map(|((k, e), (_, holds))| Outranked {
            event: &e.id,
            alone: *holds,
            by: order[..position(k)]
                .iter()
                .map(|&j| &t.events[j])
                .filter(|o| o.combinations > 0)
                .map(|o| {
                    let why = if w.precedence == crate::model::Precedence::ListedOrder {
                        "is listed earlier"
                    } else if o.pay.net() > e.pay.net() {
                        "pays more"
                    } else {
                        "pays the same and is listed earlier"
                    };
                    (o.id.as_str(), why)
                })
                .collect(),
        })
        .collect()
}

/// Notes under a return table, one per outranked event (nothing when none).
pub(crate) fn notes(
    sec: &mut super::model::Section,
    w: &Wager,
    stats: &WagerStats,
    t: &TableStats,
) {
    let notes = outranked(w, stats, t);
    if notes.is_empty() {
        return;
    }
    for n in notes {
        let by: Vec<String> =
            n.by.iter()
                .map(|(id, why)| format!("{}, which {why}", words(w, id)))
                .collect();
        sec.item(format!(
"Note: {} shows 0 combinations because whenever it holds, an event tried before it under this pay table holds too and settles the wager; of these, {}. On its own it holds on {} combinations ({}).", words(w, n.event), by.join(" and "), group_digits(&n.alone.to_string()), one_in(n.alone, t.total)));
    }
}

/// An event's short name (its name before a colon).
fn words(w: &Wager, id: &str) -> String {
    w.events.iter().find(|e| e.id == id).map_or_else(
        || id.replace('_', " "),
        |e| {
            e.name
                .split(':')
                .next()
                .unwrap_or(&e.name)
                .trim()
                .to_string()
        },
    )
}
