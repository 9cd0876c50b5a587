//! Effects of removal as JSON, in the report's conventions: every figure an
//! exact "p/q" fraction with its decimal at 12 places (as the report's
//! `Exact` values).

use super::count::Count;
use super::effects::{Removal, TableRemoval};
use crate::cards::{RANK_NAMES, SUIT_NAMES};
use num_rational::BigRational;
use serde_json::{Value, json};

/// `{"fraction": "p/q", "decimal": "0.…"}`.
fn exact(r: &BigRational) -> Value {
    json!({ "fraction": crate::numbers::fraction(r), "decimal": crate::numbers::decimal(r, 12) })
}

impl Removal {
    pub fn to_json(&self) -> Value {
        json!({
            "decks": self.decks,
            "tables": self.tables.iter().map(TableRemoval::to_json).collect::<Vec<_>>(),
        })
    }
}

impl TableRemoval {
    pub fn to_json(&self) -> Value {
        let by_rank: Vec<Value> = RANK_NAMES
            .iter()
            .zip(&self.by_rank)
            .map(|(rank, e)| json!({ "rank": rank, "effect": exact(e) }))
            .collect();
        let by_card = self.by_card.as_ref().map(|cards| {
            RANK_NAMES
                .iter()
                .zip(cards)
                .flat_map(|(rank, suits)| {
                    SUIT_NAMES.iter().zip(suits).map(
                        move |(suit, e)| json!({ "rank": rank, "suit": suit, "effect": exact(e) }),
                    )
                })
                .collect::<Vec<_>>()
        });
        json!({
            "wager": self.wager,
            "pay_table": self.pay_table,
            "reads_suits": self.reads_suits,
            "house_edge": exact(&self.edge),
            "by_rank": by_rank,
            "by_card": by_card,
        })
    }
}

impl Count {
    pub fn to_json(&self) -> Value {
        let tags: Vec<Value> = RANK_NAMES
            .iter()
            .zip(self.tags)
            .map(|(rank, tag)| json!({ "rank": rank, "tag": tag }))
            .collect();
        json!({
            "tags": tags,
            "level": self.level,
            "balanced": self.balanced,
            "correlation": format!("{:.6}", self.correlation),
        })
    }
}
