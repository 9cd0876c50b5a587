//! The machine-readable result of `certify SPEC --json` (documented in the
//! README). Counts are decimal strings: they exceed what JSON numbers hold
//! exactly. Fractions are exact "p/q"; decimals are rendered from them.

use super::Computed;
use crate::engine::stats::{TableStats, decimal, fraction, one_in, sqrt_decimal};
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

fn table(t: &TableStats) -> Value {
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
    json!({
        "id": t.id,
        "name": t.name,
        "events": events,
        "no_event_combinations": t.no_event.to_string(),
        "house_edge": exact(&t.house_edge()),
        "hit_frequency": ratio(t.wins, t.total),
        "push_frequency": ratio(t.pushes, t.total),
        "variance": exact(&t.variance),
        "standard_deviation": sqrt_decimal(&t.variance, PLACES),
        "top_award": top,
    })
}

pub fn document(spec: &Spec, c: &Computed) -> Value {
    let a = &c.analysis;
    let wagers: Vec<Value> = a
        .wagers
        .iter()
        .map(|w| {
            json!({
                "id": w.id,
                "name": w.name,
                "granularity": w.granularity,
                "pay_tables": w.tables.iter().map(table).collect::<Vec<_>>(),
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
        "claims": c.claims,
        "warnings": c.warnings,
    })
}
