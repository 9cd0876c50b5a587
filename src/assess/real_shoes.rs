//! What real shoes add, judged from the simulation study: which adopted
//! pay tables a counter beats to the usual cut card, with the money at
//! stake at the table's maximum bet; which only a player who knows the
//! composition of the remaining cards could beat; where the counting was
//! measured.

use super::limits::Limits;
use super::other_decks;
use super::tables::TableFinding;
use crate::numbers::values::Amount;
use crate::study::Study;
use schemars::JsonSchema;
use serde::Serialize;

/// The study's findings.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RealShoes {
    /// The deck count the study deals.
    pub decks: u32,
    /// Rounds dealt from a full shoe for the cross-check.
    pub full_rounds: u64,
    pub seed: u64,
    /// Pay tables whose exact house edge the full-shoe simulation's 99.9%
    /// interval contains, of `compared`.
    pub agree: usize,
    pub compared: usize,
    /// The usual cut card: the share of the shoe dealt (0 to 1).
    pub penetration: f64,
    /// Adopted pay tables a counter beats to the usual cut card.
    pub countable: Vec<Countable>,
    /// Adopted pay tables only a player who knows the composition of the
    /// remaining cards (not their order) beats: no practical count.
    pub composition_only: Vec<CompositionOnly>,
    /// The other deck counts the countable tables' counters were measured
    /// at (section 7), in order.
    pub other_decks: Vec<u32>,
    /// Shoes sampled to measure the counter and the composition bound, for
    /// wagers that read no suit and for those that do.
    pub shoes: u64,
    pub suit_shoes: u64,
}

/// A countable pay table.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Countable {
    pub wager: String,
    pub pay_table: String,
    /// The counter's expected win per shoe at the usual cut card, in units
    /// of the bet (simulated).
    pub units_per_shoe: f64,
    pub money: Money,
    /// The shallowest-but-one measured cut cards at which the same count's
    /// win is no longer told apart from zero: the deepest such cut card,
    /// as cards left behind it; null when the count still wins at every
    /// cut card measured.
    pub safe_cut_cards_left: Option<usize>,
    /// Whether fewer decks are a mitigation; null when no smaller count
    /// was measured.
    pub fewer_decks: Option<super::Mitigation>,
    /// Whether more decks are a mitigation; null when no larger count was
    /// measured.
    pub more_decks: Option<super::Mitigation>,
    /// Other deck counts at which the count shows no win and wins less
    /// per round than at the run's count.
    pub no_win_at: Vec<u32>,
    /// Of `no_win_at`, the counts the document permits (or does not
    /// restrict): those a recommendation may name.
    pub mitigating_decks: Vec<u32>,
}

/// Money at stake: units times the table's maximum bet for the wager, or
/// per $100 bet where no maximum is declared.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Money {
    /// The wager's maximum bet; null: none declared, `dollars` is per $100.
    pub max_bet: Option<Amount>,
    pub dollars: f64,
}

impl Money {
    pub fn of(units: f64, max_bet: Option<crate::model::Ratio>) -> Money {
        match max_bet {
            Some(m) => Money {
                dollars: units * m.num as f64 / m.den as f64,
                max_bet: Some(Amount::of(m)),
            },
            None => Money {
                dollars: units * 100.0,
                max_bet: None,
            },
        }
    }
}

/// A pay table only the composition-known player beats.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CompositionOnly {
    pub wager: String,
    pub pay_table: String,
    /// That player's expected win per shoe, in units (simulated).
    pub units_per_shoe: f64,
}

/// The study's findings for the adopted pay tables of `tables`.
pub(crate) fn real_shoes(
    spec: &crate::model::Spec,
    st: &Study,
    tables: &[TableFinding],
    limits: &Limits,
) -> RealShoes {
    let adopted = |w: &str, t: &str| {
        tables
            .iter()
            .any(|f| f.wager == w && f.pay_table == t && f.adopted())
    };
    let mut countable = Vec::new();
    let mut composition_only = Vec::new();
    for t in &st.tables {
        if !adopted(&t.wager, &t.pay_table) {
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
        if t.countable {
            let (run, others) = other_decks::wins(st, t);
            let side = |fewer: bool| {
                let ws: Vec<other_decks::Win> = others
                    .iter()
                    .copied()
                    .filter(|w| (w.decks < run.decks) == fewer)
                    .collect();
                (!ws.is_empty()).then(|| other_decks::mitigation(&run, &ws))
            };
            let p = &st.procedure;
            let safe = t.same_shoes.as_ref().and_then(|s| {
                (0..2).rev().find(|&k| {
                    s.counter[k].expected.value - s.counter[k].expected.half_width <= 0.0
                })
            });
            countable.push(Countable {
                wager: t.wager.clone(),
                pay_table: t.pay_table.clone(),
                units_per_shoe: counter,
                money: Money::of(counter, limits.max_bet(&t.wager)),
                safe_cut_cards_left: safe.map(|k| p.cards.saturating_sub(p.cut_cards[k])),
                fewer_decks: side(true),
                more_decks: side(false),
                no_win_at: other_decks::lost_at(st, t),
                mitigating_decks: other_decks::mitigating(spec, st, t),
            });
        } else if t.bound_wins {
            composition_only.push(CompositionOnly {
                wager: t.wager.clone(),
                pay_table: t.pay_table.clone(),
                units_per_shoe: bound,
            });
        }
    }
    let mut other_decks: Vec<u32> = st.other_decks.iter().map(|o| o.decks).collect();
    other_decks.sort_unstable();
    other_decks.dedup();
    RealShoes {
        decks: st.decks,
        full_rounds: st.full_rounds,
        seed: st.settings.seed,
        agree: st.cross_check.iter().filter(|x| x.agrees).count(),
        compared: st.cross_check.len(),
        penetration: st.procedure.penetrations[2],
        countable,
        composition_only,
        other_decks,
        shoes: st.shoes.rank_level,
        suit_shoes: st.shoes.suit_reading,
    }
}
