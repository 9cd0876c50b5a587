//! Checking the house edges a document prints (and independent analysts
//! publish) against the computed ones, at the printed precision. The
//! report words the comparison (`crate::report::claims`).

use crate::engine::Analysis;
use crate::model::{Claim, Spec};
use crate::numbers::percent;
use num_bigint::BigInt;
use num_rational::BigRational;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimCheck {
    pub wagers: Vec<String>,
    pub pay_table: String,
    pub source: String,
    pub printed: String,
    /// The computed house edge rounded to the printed number of decimals.
    pub computed_at_precision: String,
    /// The computed house edge to four decimals of a percent.
    pub computed: String,
    pub matches: bool,
    /// Computed minus printed, in percentage points to four decimals.
    pub difference: String,
    /// The computed house edge, exact.
    pub value: BigRational,
}

pub fn check(spec: &Spec, a: &Analysis) -> Vec<ClaimCheck> {
    check_list(&spec.claims, a)
}

/// Each figure of `list` (printed claims, or published figures) against
/// the analysis, at its printed precision.
pub fn check_list(list: &[Claim], a: &Analysis) -> Vec<ClaimCheck> {
    list.iter()
        .map(|c| {
            if let Some(id) = &c.combined {
                let cs = a
                    .combined
                    .iter()
                    .find(|x| &x.id == id)
                    .expect("checked claim");
                return compare(
                    c,
                    vec![id.clone()],
                    format!("per {} bet", cs.per),
                    cs.house_edge(),
                );
            }
            // Equal stakes on each wager: the edge is the mean of their edges.
            let mut sum = BigRational::from_integer(BigInt::from(0));
            for w in &c.wagers {
                let ws = a.wagers.iter().find(|x| &x.id == w).expect("checked claim");
                let t = ws
                    .tables
                    .iter()
                    .find(|t| t.id == c.pay_table)
                    .expect("checked claim");
                sum += t.house_edge();
            }
            let edge = sum / BigRational::from_integer(BigInt::from(c.wagers.len()));
            compare(c, c.wagers.clone(), c.pay_table.clone(), edge)
        })
        .collect()
}

/// A printed percentage (checked by the checker): its value as a fraction
/// (6.1% -> 61/1000) and its number of decimals.
pub fn printed(text: &str) -> (BigRational, u32) {
    let number = text.trim().trim_end_matches('%').trim();
    let places = number.split_once('.').map_or(0, |(_, f)| f.len()) as u32;
    let (sign, digits) = match number.strip_prefix('-') {
        Some(d) => (-1, d),
        None => (1, number),
    };
    let r = crate::model::Ratio::parse(digits).expect("checked printed figure");
    let value = BigRational::new(BigInt::from(sign * r.num), BigInt::from(r.den * 100));
    (value, places)
}

fn compare(c: &Claim, wagers: Vec<String>, pay_table: String, edge: BigRational) -> ClaimCheck {
    let printed = c.house_edge.trim_end_matches('%').trim();
    let (_, places) = self::printed(&c.house_edge);
    let at_precision = percent(&edge, places);
    let (value, _) = self::printed(&c.house_edge);
    let difference = percent(&(edge.clone() - value), 4)
        .trim_end_matches('%')
        .to_string();
    ClaimCheck {
        difference,
        wagers,
        pay_table,
        source: c.source.clone(),
        printed: c.house_edge.clone(),
        matches: at_precision.trim_end_matches('%') == printed,
        computed_at_precision: at_precision,
        computed: percent(&edge, 4),
        value: edge,
    }
}
