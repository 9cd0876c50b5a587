//! What real shoes add, as findings with recommendations: which wagers a
//! counter beats at the usual cut card, the money at stake at the table's
//! maximum bet, and each mitigation's effect where the simulation measured
//! it (a shallower cut card: the same counter at the study's shallower
//! penetrations; a continuous shuffler: every round from a full shoe, whose
//! exact edge the report already has). Page one states the findings in one
//! paragraph; section 7 ends with the recommendations.

use super::Computed;
use super::inputs::Inputs;
use super::model::Section;
use crate::model::{Ratio, Spec};
use crate::study::{Study, TableStudy};

/// A finding: a pay table a counter (or only perfect information) beats.
struct Finding<'a> {
    table: &'a TableStudy,
    name: String,
    /// The counter's expected win per shoe at the deepest cut (units).
    counter: f64,
    bound: f64,
}

fn findings<'a>(spec: &Spec, st: &'a Study) -> (Vec<Finding<'a>>, Vec<Finding<'a>>) {
    let (mut countable, mut knowing) = (Vec::new(), Vec::new());
    for t in &st.tables {
        // A reading put to the submitter is not a result of the report.
        if super::words::asked(spec, &t.wager, &t.pay_table) {
            continue;
        }
        let counter = t.same_shoes.as_ref().map_or_else(
            || t.selected.last().map_or(0.0, |b| b.win_per_shoe.value),
            |s| s.counter.last().map_or(0.0, |p| p.expected.value),
        );
        let bound = t
            .same_shoes
            .as_ref()
            .map_or(0.0, |s| s.bound.expected.value);
        let f = Finding {
            table: t,
            name: super::words::row_name(spec, &t.wager, &t.pay_table),
            counter,
            bound,
        };
        if t.countable {
            countable.push(f);
        } else if t.bound_wins {
            knowing.push(f);
        }
    }
    (countable, knowing)
}

/// The table's maximum bet for a wager, in dollars.
fn max_bet(spec: &Spec, wager: &str) -> Option<f64> {
    spec.submission
        .max_bets
        .iter()
        .find(|(w, _)| w == wager)
        .map(|(_, m): &(String, Ratio)| m.num as f64 / m.den as f64)
}

fn dollars(x: f64) -> String {
    format!("${:.0}", x.max(0.0))
}

fn money(spec: &Spec, wager: &str, units: f64) -> String {
    match max_bet(spec, wager) {
        Some(m) => format!(
            "{} per shoe at its {} maximum bet",
            dollars(units * m),
            dollars(m)
        ),
        None => format!(
            "{} per shoe per $100 bet (no table maximum declared)",
            dollars(units * 100.0)
        ),
    }
}

/// Page one's paragraph on real shoes.
pub(crate) fn page_one(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let Some(st) = inp.study else { return };
    let spec = inp.spec;
    let agree = st.cross_check.iter().filter(|x| x.agrees).count();
    let (countable, knowing) = findings(spec, st);
    let deepest = st.procedure.penetrations[2] * 100.0;
    let counting = if countable.is_empty() {
        format!(
            "no count found wins at any wager to the usual cut card ({deepest:.1}% of the shoe dealt)"
        )
    } else {
        let list: Vec<String> = countable
            .iter()
            .map(|f| {
                format!(
                    "{} ({} units per shoe; {})",
                    f.name,
                    crate::diag::signed_small(f.counter),
                    money(spec, &f.table.wager, f.counter)
                )
            })
            .collect();
        format!(
            "COUNTABLE to the usual cut card ({deepest:.1}% of the shoe dealt): {}. Each has a recommendation in section {}",
            list.join("; "),
            super::numbering::simulation(c)
        )
    };
    let knowing = if knowing.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = knowing.iter().map(|f| f.name.as_str()).collect();
        format!(
            " Won only by a player who knew every unseen card (no practical count): {}.",
            names.join("; ")
        )
    };
    let named: Vec<(&TableStudy, &str)> = countable
        .iter()
        .map(|f| (f.table, f.name.as_str()))
        .collect();
    let decks =
        super::other_decks::page_one_note(spec, st, &named, super::numbering::simulation(c))
            .map_or(String::new(), |n| format!(" {n}."));
    sec.verdict(format!(
        "**Real shoes (section {}).** {} rounds simulated from a full shoe contain the exact house edge of {agree} of {} pay tables (99.9% intervals). Card counting at {}: {counting}.{decks}{knowing}",
        super::numbering::simulation(c),
        super::numbers::group_digits(&st.full_rounds.to_string()),
        st.cross_check.len(),
        crate::cards::deck_count(st.decks),
    ));
}

/// Section 7's last part: each countable finding with the money at stake
/// and the mitigations, measured where the simulation measured them.
pub(crate) fn recommendations(sec: &mut Section, spec: &Spec, st: &Study) {
    let (countable, knowing) = findings(spec, st);
    super::other_decks::part(sec, spec, st);
    sec.heading(3, "Findings and recommendations");
    if countable.is_empty() && knowing.is_empty() {
        sec.para("No wager is beaten by a count or by a player who knows every unseen card: no recommendation beyond the usual game protection.");
        return;
    }
    let p = &st.procedure;
    let left = |k: usize| p.cards.saturating_sub(p.cut_cards[k]);
    for f in &countable {
        let t = f.table;
        sec.item(format!(
            "**{}: countable.** At the usual cut card ({} cards from the end, {:.1}% dealt) a counter wins {} units per shoe: {}.",
            f.name,
            left(2),
            p.penetrations[2] * 100.0,
            crate::diag::signed_small(f.counter),
            money(spec, &t.wager, f.counter)
        ));
        if let Some(s) = &t.same_shoes {
            for (k, played) in s.counter.iter().enumerate().take(2) {
                sec.sub_item(format!(
                    "A shallower cut card, {} cards from the end ({:.1}% dealt): the same count wins {}, {} (measured on the same shoes).",
                    left(k),
                    played.penetration * 100.0,
                    super::other_decks::units(&played.expected),
                    money(spec, &t.wager, played.expected.value)
                ));
            }
        }
        let exact = st
            .cross_check
            .iter()
            .find(|x| x.wager == t.wager && x.pay_table == t.pay_table)
            .map_or(0.0, |x| x.exact_edge);
        sec.sub_item(format!(
            "A continuous shuffling machine: every round is dealt from a full shoe, where the house edge is {:.4}% (exact, section 4); no count wins.",
            exact * 100.0
        ));
        sec.sub_item(match max_bet(spec, &t.wager) {
            Some(m) => format!(
                "A lower maximum bet: the money at stake falls in proportion, {} per shoe for each $100 of maximum bet (now {}).",
                dollars(f.counter * 100.0),
                dollars(m)
            ),
            None => "A lower maximum bet: the money at stake falls in proportion to it.".to_string(),
        });
        let money = |units: f64| money(spec, &t.wager, units);
        for item in super::other_decks::finding_items(spec, st, t, &money) {
            sec.sub_item(item);
        }
        sec.sub_item(recommend(f, st, spec));
    }
    for f in &knowing {
        sec.item(format!(
            "**{}: won only with every unseen card known** ({} units per shoe for such a player). No practical count finds these rounds; recommendation: the usual game protection (no card seen before bets close).",
            f.name,
            crate::diag::signed_small(f.bound)
        ));
    }
}

/// The recommendation: a continuous shuffler, or the deepest measured cut
/// at which the counter no longer wins significantly; and a deck count the
/// document permits where the count showed no win, if one was measured.
fn recommend(f: &Finding, st: &Study, spec: &Spec) -> String {
    let p = &st.procedure;
    let left = |k: usize| p.cards.saturating_sub(p.cut_cards[k]);
    let safe = f.table.same_shoes.as_ref().and_then(|s| {
        (0..2)
            .rev()
            .find(|&k| s.counter[k].expected.value - s.counter[k].expected.half_width <= 0.0)
    });
    let decks = super::other_decks::mitigating(spec, st, f.table);
    let decks = match decks.as_slice() {
        [] => String::new(),
        [one] => format!(
            ", or a shoe of {} (measured)",
            crate::cards::deck_count(*one)
        ),
        more => format!(
            ", or a shoe of {} decks (measured)",
            more.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        ),
    };
    match safe {
        Some(k) => format!(
            "Recommendation: deal from a continuous shuffling machine, or place the cut card at least {} cards from the end{decks}, where the count's win is no longer distinguishable from zero; {}.",
            left(k),
            lower(spec, &f.table.wager)
        ),
        None if !decks.is_empty() => format!(
            "Recommendation: deal from a continuous shuffling machine{decks}, where the count's win is no longer distinguishable from zero (the shallowest cut card measured, {} cards from the end, still leaves the count a win); {}.",
            left(0),
            lower(spec, &f.table.wager)
        ),
        None => format!(
            "Recommendation: deal from a continuous shuffling machine (the shallowest cut card measured, {} cards from the end, still leaves the count a win); {}.",
            left(0),
            lower(spec, &f.table.wager)
        ),
    }
}

fn lower(spec: &Spec, wager: &str) -> String {
    match max_bet(spec, wager) {
        Some(_) => "otherwise lower the maximum bet and watch for players who raise their bets late in the shoe".into(),
        None => "declare the table's maximum bet so the money at stake can be stated".into(),
    }
}
