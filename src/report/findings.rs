//! What real shoes add, as findings with recommendations (section 7's
//! end): each pay table the assessment finds countable, with the money at
//! stake at the table's maximum bet and each mitigation's effect where the
//! simulation measured it (a shallower cut card: the same counter at the
//! study's shallower penetrations; a continuous shuffler: every round from
//! a full shoe, whose exact edge the report already has; fewer or more
//! decks); and the pay tables only a player who knows the composition of
//! the remaining cards beats. The verdicts are the assessment's
//! (`crate::assess::RealShoes`); this module words them.

use super::model::Section;
use super::words;
use crate::assess::{Countable, Money};
use crate::study::Study;

fn dollars(x: f64) -> String {
    format!("${:.0}", x.max(0.0))
}

/// Money at stake per `unit` ("shoe"): "$66 per shoe at its $300 maximum
/// bet", or per $100 bet where no maximum is declared, saying so.
pub(crate) fn money(m: &Money, unit: &str) -> String {
    let s = money_bare(m, unit);
    if m.max_bet.is_none() {
        s + " (no table maximum declared)"
    } else {
        s
    }
}

/// [`money`] without the note that no maximum is declared, for a list
/// that says it once.
pub(crate) fn money_bare(m: &Money, unit: &str) -> String {
    match &m.max_bet {
        Some(max) => format!(
            "{} per {unit} at its ${} maximum bet",
            dollars(m.dollars),
            max.0
        ),
        None => format!("{} per {unit} per $100 bet", dollars(m.dollars)),
    }
}

/// Section 7's last part: each countable finding with the money at stake
/// and the mitigations, measured where the simulation measured them.
pub(crate) fn recommendations(sec: &mut Section, inp: &super::inputs::Inputs, st: &Study) {
    let spec = inp.spec;
    super::other_decks::part(sec, spec, st);
    sec.heading(3, "Findings and recommendations");
    let Some(r) = &inp.assessment.real_shoes else {
        return;
    };
    if r.countable.is_empty() && r.composition_only.is_empty() {
        sec.para("No wager is beaten by a count or by a player who knows the composition of the remaining cards: no recommendation beyond the usual game protection.");
        return;
    }
    let p = &st.procedure;
    let left = |k: usize| p.cards.saturating_sub(p.cut_cards[k]);
    for f in &r.countable {
        let Some(t) = st
            .tables
            .iter()
            .find(|t| t.wager == f.wager && t.pay_table == f.pay_table)
        else {
            continue;
        };
        let name = words::row_name(spec, &f.wager, &f.pay_table);
        let per_units = |units: f64| money(&Money::of(units, max_bet(inp, &f.wager)), "shoe");
        sec.item(format!(
            "**{name}: countable.** At the usual cut card ({} cards from the end, {:.1}% dealt) a counter wins {} units per shoe: {}.",
            left(2),
            p.penetrations[2] * 100.0,
            crate::diag::signed_small(f.units_per_shoe),
            money(&f.money, "shoe")
        ));
        if let Some(s) = &t.same_shoes {
            for (k, played) in s.counter.iter().enumerate().take(2) {
                sec.sub_item(format!(
                    "A shallower cut card, {} cards from the end ({:.1}% dealt): the same count wins {}, {} (measured on the same shoes).",
                    left(k),
                    played.penetration * 100.0,
                    super::other_decks::units(&played.expected),
                    per_units(played.expected.value)
                ));
            }
        }
        let exact = st
            .cross_check
            .iter()
            .find(|x| x.wager == t.wager && x.pay_table == t.pay_table)
            .map_or(0.0, |x| x.exact_edge);
        sec.sub_item(format!(
            "A continuous shuffling machine: every round is dealt from a full shoe, where the {} is {:.4}% (exact, section 4); no count wins.",
            inp.terms.edge(),
            exact * 100.0
        ));
        sec.sub_item(match &f.money.max_bet {
            Some(m) => format!(
                "A lower maximum bet: the money at stake falls in proportion, {} per shoe for each $100 of maximum bet (now ${}).",
                dollars(f.units_per_shoe * 100.0),
                m.0
            ),
            None => "A lower maximum bet: the money at stake falls in proportion to it.".to_string(),
        });
        for item in super::other_decks::finding_items(spec, st, t, f, &per_units) {
            sec.sub_item(item);
        }
        sec.sub_item(recommend(f, &left));
    }
    for f in &r.composition_only {
        sec.item(format!(
            "**{}: won only by a player who knows the composition of the remaining cards** ({} units per shoe for such a player, who knows which cards are left but not their order). No practical count finds these rounds; recommendation: the usual game protection (no card seen before bets close).",
            words::row_name(spec, &f.wager, &f.pay_table),
            crate::diag::signed_small(f.units_per_shoe)
        ));
    }
}

/// The wager's maximum bet, as the assessment takes it.
fn max_bet(inp: &super::inputs::Inputs, wager: &str) -> Option<crate::model::Ratio> {
    crate::assess::Limits::new(inp.spec, Some(inp.options)).max_bet(wager)
}

/// The recommendation the assessment's findings call for: a continuous
/// shuffler, or the deepest measured cut at which the counter no longer
/// wins significantly; and a deck count the document permits where the
/// count showed no win, if one was measured.
fn recommend(f: &Countable, left: &dyn Fn(usize) -> usize) -> String {
    let decks = match f.mitigating_decks.as_slice() {
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
    let lower = if f.money.max_bet.is_some() {
        "otherwise lower the maximum bet and watch for players who raise their bets late in the shoe"
    } else {
        "declare the table's maximum bet so the money at stake can be stated"
    };
    match f.safe_cut_cards_left {
        Some(cards) => format!(
            "Recommendation: deal from a continuous shuffling machine, or place the cut card at least {cards} cards from the end{decks}, where the count's win is no longer distinguishable from zero; {lower}."
        ),
        None if !decks.is_empty() => format!(
            "Recommendation: deal from a continuous shuffling machine{decks}, where the count's win is no longer distinguishable from zero (the shallowest cut card measured, {} cards from the end, still leaves the count a win); {lower}.",
            left(0)
        ),
        None => format!(
            "Recommendation: deal from a continuous shuffling machine (the shallowest cut card measured, {} cards from the end, still leaves the count a win); {lower}.",
            left(0)
        ),
    }
}
