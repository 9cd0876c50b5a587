//! Two readings of a document told apart on one concrete round: where an
//! interpretation's readings give the same figures, the report still shows
//! a round they settle differently, found here by the reference evaluator
//! (so the example is the rules' own, not written by hand).

use super::settle::Settler;
use crate::cards::Card;
use crate::model::round::Round;
use crate::model::{Reading, Spec};

/// A two-card round (first and second card of each hand) and, for each of
/// the two readings, (the settling event's name or "no event holds", pay).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DifferingRound {
    pub cards: [Card; 4],
    pub settled: [(String, String); 2],
}

/// (event name or "no event holds", pay) of a reading on a round.
fn settles(spec: &Spec, settler: &Settler, r: &Reading, round: &Round) -> Option<(String, String)> {
    let wi = spec.wagers.iter().position(|w| w.id == r.wager)?;
    let w = &spec.wagers[wi];
    let k = match &r.pay_table {
        Some(id) => w.pay_tables.iter().position(|t| &t.id == id)?,
        None => 0,
    };
    let o = settler
        .settle(spec, round)
        .swap_remove(wi)
        .outcomes
        .into_iter()
        .nth(k)?;
    let event = o.event.map_or_else(
        || "no event holds".to_string(),
        |e| w.events[e].name.clone(),
    );
    Some((event, o.pay.describe()))
}

/// The first round, in card order, of two distinct cards per hand that the
/// two readings settle differently. Only readings that read no third card
/// are searched (a two-card round is then whole).
pub fn first_differing_round(spec: &Spec, a: &Reading, b: &Reading) -> Option<DifferingRound> {
    let reads_third = |r: &Reading| {
        spec.wager(&r.wager).is_none_or(|w| {
            let mut needs = w.events.iter().map(|e| e.needs).collect::<Vec<_>>();
            needs.extend(w.placed.iter().map(|p| p.needs));
            needs.iter().any(|n| n[2] != 0 || n[5] != 0)
        })
    };
    if reads_third(a) || reads_third(b) {
        return None;
    }
    let card = |k: usize| Card::new((k / 4) as u8 + 1, (k % 4) as u8);
    let settler = Settler::new(spec);
    for p1 in 0..52 {
        for p2 in 0..52 {
            for d1 in 0..52 {
                for d2 in 0..52 {
                    let ks = [p1, p2, d1, d2];
                    if (0..4).any(|x| ks[x + 1..].contains(&ks[x])) {
                        continue;
                    }
                    // Third-card slots are never read (checked above).
                    let round = Round {
                        cards: [card(p1), card(p2), card(p1), card(d1), card(d2), card(d1)],
                        counts: [2, 2],
                    };
                    let x = settles(spec, &settler, a, &round)?;
                    let y = settles(spec, &settler, b, &round)?;
                    if x != y {
                        return Some(DifferingRound {
                            cards: ks.map(card),
                            settled: [x, y],
                        });
                    }
                }
            }
        }
    }
    None
}
