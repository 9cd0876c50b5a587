//! The `results` of the JSON document (`certify SPEC --json`, documented in the
//! README). Counts are decimal strings: they exceed what JSON numbers hold
//! exactly. Fractions are exact "p/q"; decimals are rendered from them.

use super::Computed;
use super::numbers::{decimal, fraction, one_in, sqrt_decimal};
use crate::engine::decide::{DecisionStats, Figures};
use crate::engine::stats::{CombinedStats, TableStats};
use crate::model::Chart;
use crate::model::Spec;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::{Value, json};

/// Decimal places of every rendered decimal.
pub const PLACES: u32 = 12;

pub fn exact(r: &BigRational) -> Value {
    json!({ "fraction": fraction(r), "decimal": decimal(r, PLACES) })
}

fn ratio(count: u128, total: u128) -> Value {
    exact(&BigRational::new(BigInt::from(count), BigInt::from(total)))
}

pub(crate) fn table(t: &TableStats) -> Value {
    let events: Vec<Value> = t
        .events
        .iter()
        .map(|e| {
            let probability = BigRational::new(BigInt::from(e.combinations), BigInt::from(t.total));
            let ret = &probability * crate::engine::stats::big(e.pay.net());
            json!({
                "id": e.id,
                "pays": e.pay.describe(),
                "combinations": e.combinations.to_string(),
                "probability": exact(&probability),
                "odds": one_in(e.combinations, t.total),
                "return": exact(&ret),
            })
        })
        .collect();
    let top = t.top_award().map(|e| {
        json!({
            "events": e.events,
            "pays": e.pay.describe(),
            "combinations": e.combinations.to_string(),
            "odds": one_in(e.combinations, t.total),
        })
    });
    let mut v = json!({
        "id": t.id,
        "name": t.name,
        "events": events,
        "no_event_combinations": t.no_event.to_string(),
        "no_event_odds": one_in(t.no_event, t.total),
        "house_edge": exact(&t.house_edge()),
        "hit_frequency": ratio(t.wins, t.total),
        "push_frequency": ratio(t.pushes, t.total),
        "variance": exact(&t.variance),
        "standard_deviation": sqrt_decimal(&t.variance, PLACES),
        "top_award": top,
    });
    // Figures of a wager not always placed are per wager placed.
    if t.not_placed > 0 {
        v["not_placed_combinations"] = json!(t.not_placed.to_string());
    }
    v
}

fn combined(c: &CombinedStats) -> Value {
    let total = BigRational::from_integer(BigInt::from(c.total));
    let outcomes: Vec<Value> = c
        .outcomes
        .iter()
        .map(|(net, units, n)| {
            let p = BigRational::from_integer(BigInt::from(*n)) / &total;
            json!({
                "units_staked": units,
                "net": net.to_string(),
                "combinations": n.to_string(),
                "probability": exact(&p),
                "odds": one_in(*n, c.total),
            })
        })
        .collect();
    json!({
        "id": c.id,
        "name": c.name,
        "wagers": c.wagers,
        "per": c.per,
        "outcomes": outcomes,
        "house_edge_per_bet": exact(&c.house_edge()),
        "house_edge_per_total_wagered": exact(&c.per_total_wagered()),
        "average_units_staked": exact(&c.staked),
        "variance": exact(&c.variance),
        "standard_deviation": sqrt_decimal(&c.variance, PLACES),
    })
}

fn figures(f: &Figures) -> Value {
    json!({
        "house_edge_per_round": exact(&f.house_edge()),
        "house_edge_per_total_wagered": exact(&f.per_total_wagered()),
        "draw_frequency": exact(&f.draws),
    })
}

/// A chart as rows "total: decisions by the other seen cards".
fn chart_rows(d: &DecisionStats, chart: &Chart) -> Vec<Value> {
    (0..chart.draw.len())
        .filter(|&i| d.decisions.sets[i].weight > 0 && chart.draw[i])
        .map(|i| json!(combination(d, i)))
        .collect()
}

/// "1,5|7": the seen point values, the deciding hand's first.
fn combination(d: &DecisionStats, index: usize) -> String {
    let seen = crate::engine::decide::Seen::of(&d.decisions.sees, index);
    let list = |vs: &[u8]| vs.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    format!("{}|{}", list(&seen.own), list(&seen.others))
}

pub fn decision(d: &DecisionStats) -> Value {
    let scale = BigInt::from(d.decisions.scale);
    let combos: Vec<Value> = d
        .decisions
        .sets
        .iter()
        .enumerate()
        .filter(|(_, s)| s.weight > 0)
        .map(|(i, s)| {
            let ev = |net: i128| {
                exact(&BigRational::new(
                    BigInt::from(net),
                    BigInt::from(s.weight) * &scale,
                ))
            };
            json!({
                "seen": combination(d, i),
                "combinations": s.weight.to_string(),
                "expected_stand": ev(s.stand.net),
                "expected_draw": ev(s.draw.net),
                "optimal": if d.optimal.draw[i] { "draw" } else { "stand" },
            })
        })
        .collect();
    let strategies: Vec<Value> = d
        .strategies
        .iter()
        .map(|s| json!({ "id": s.id, "rule": s.description, "figures": figures(&s.figures) }))
        .collect();
    json!({
        "hand": d.hand,
        "sees": d.sees,
        "objective": d.objective,
        "default_strategy": d.default,
        "seen_values_format": "deciding hand's values | other seen values; 0 is a ten or face",
        "optimal_draws_on": chart_rows(d, &d.optimal),
        "optimal_by_total_draws_on": chart_rows(d, &d.by_total),
        "composition_dependent_differs": !d.differences.is_empty(),
        "differences": d.differences.iter().map(|&i| combination(d, i)).collect::<Vec<_>>(),
        "strategies": strategies,
        "combinations": combos,
    })
}

pub fn document(spec: &Spec, c: &Computed) -> Value {
    let a = &c.analysis;
    let wagers: Vec<Value> = a
        .wagers
        .iter()
        .zip(&spec.wagers)
        .map(|(w, sw)| {
            let mut tables: Vec<Value> = w.tables.iter().map(table).collect();
            for (t, v) in w.tables.iter().zip(&mut tables) {
                super::precedence::annotate_json(sw, w, t, v);
                // Pays the document does not print: the figures are the assumption's.
                if let Some(a) = spec.assumed_pays(&w.id, &t.id) {
                    v["assumed"] = json!(a.id);
                }
            }
            json!({
                "id": w.id,
                "name": w.name,
                "granularity": w.granularity,
                "pay_tables": tables,
            })
        })
        .collect();
    json!({
        "spec": spec.id,
        "spec_version": spec.version,
        "tool_version": env!("CARGO_PKG_VERSION"),
        "decks": a.decks,
        "total_combinations": a.total.to_string(),
        "wagers": wagers,
        "combined": a.combined.iter().map(combined).collect::<Vec<_>>(),
        "decision": a.decision.as_ref().map(decision),
        "pay_searches": c.searches,
        "claims": c.claims,
        "warnings": c.warnings,
        "max_exposure": super::exposure::json(spec, a),
        "other_side": super::sides::json(spec),
    })
}
