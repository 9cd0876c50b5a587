//! Checking a spec's `table:` section: every wager it names exists, every
//! wager has one place in the settlement order, one kind (line wager or side
//! bet) and limits; seats, rotation and the coverage rule are sound.
//! Errors are located like the rest of the checker's.

use super::Checker;
use crate::diag::spec::SpecError;
use crate::model::table::{Coverage, Fee, FeeBasis, FeePayer, TableRules, TableWager, WagerKind};
use crate::spec::raw::{RawWager, S};
use crate::spec::table::{RawAmount, RawFee, RawTable, parse_money};

pub(super) const MONEY: &str = "a positive amount of dollars in whole cents, e.g. `5` or `2.50`";

impl Checker<'_> {
    /// The checked table rules, or None with every error recorded.
    pub(super) fn table(&mut self, t: &RawTable, wagers: &[RawWager]) -> Option<TableRules> {
        let ids: Vec<&str> = wagers.iter().map(|w| w.id.value.as_str()).collect();
        let seats = self.whole(&t.seats, 2, 16, |seats, min, max| SpecError::InvalidSeats {
            seats,
            min,
            max,
        });
        let rotation = self.whole(&t.rotation, 1, 100, |rotation, min, max| {
            SpecError::InvalidRotation { rotation, min, max }
        });
        let coverage = Coverage::parse(&t.coverage.value);
        if coverage.is_none() {
            let kind = SpecError::UnknownCoverage {
                coverage: t.coverage.value.clone(),
            };
            let d = self.string_error(&t.coverage, kind);
            d.expected = Some("`running_limit` or `cutoff`".into());
            d.found = Some(format!("`{}`", t.coverage.value));
        }
        let order = self.wager_list(&t.settlement_order.value, &ids, "settlement order");
        let line = self.wager_list(&t.line_wagers.value, &ids, "line wagers");
        let empty = Vec::new();
        let side_list = t.side_bets.as_ref().map_or(&empty, |s| &s.value);
        let side = self.wager_list(side_list, &ids, "side bets");
        let back_list = t.back_line.as_ref().map_or(&empty, |s| &s.value);
        let back = self.wager_list(back_list, &ids, "back-line wagers");
        if line.is_empty() && !t.line_wagers.value.is_empty() {
            return None;
        }
        if t.line_wagers.value.is_empty() {
            self.error(&t.line_wagers, 1, SpecError::NoLineWager);
        }
        for (k, id) in ids.iter().enumerate() {
            if !order.contains(&k) && order.len() == t.settlement_order.value.len() {
                let wager = id.to_string();
                let kind = SpecError::NotInSettlementOrder { wager };
                let d = self.error(&t.settlement_order, 1, kind);
                d.help = Some("list every wager of the spec once".into());
            }
        }
        let mut limits = vec![None; ids.len()];
        for (key, range) in &t.limits.0 {
            let Some(k) = self.wager_index(key, &ids) else {
                continue;
            };
            if limits[k].is_some() {
                let wager = key.value.clone();
                self.string_error(key, SpecError::TwoLimits { wager });
            }
            limits[k] = self.limit(range);
        }
        let mut out = Vec::new();
        for (pos, &k) in order.iter().enumerate() {
            let at = &t.settlement_order.value[pos];
            let kind = match (line.contains(&k), side.contains(&k)) {
                (true, false) => Some(WagerKind::Line),
                (false, true) => Some(WagerKind::Side),
                (both, _) => {
                    let wager = ids[k].to_string();
                    let kind = if both {
                        SpecError::LineAndSide { wager }
                    } else {
                        SpecError::NeitherLineNorSide { wager }
                    };
                    self.string_error(at, kind);
                    None
                }
            };
            if limits[k].is_none() && !t.limits.0.iter().any(|(w, _)| w.value == ids[k]) {
                let wager = ids[k].to_string();
                self.string_error(at, SpecError::NoLimits { wager }).help =
                    Some(format!("add `{}: [min, max]` under `limits`", ids[k]));
            }
            if let (Some(kind), Some((min, max))) = (kind, limits[k]) {
                out.push(TableWager {
                    wager: k,
                    id: ids[k].to_string(),
                    kind,
                    back_line: back.contains(&k),
                    min,
                    max,
                });
            }
        }
        let fees: Vec<Option<Fee>> = t.fees.iter().map(|f| self.fee(f, &ids)).collect();
        let complete = out.len() == ids.len() && order.len() == ids.len();
        (complete && !line.is_empty()).then_some(())?;
        Some(TableRules {
            seats: seats?,
            wagers: out,
            rotation: rotation?,
            coverage: coverage?,
            fees: fees.into_iter().collect::<Option<Vec<Fee>>>()?,
        })
    }

    /// One collection fee: a fixed amount per wager or per hand. A share
    /// of wagers or winnings is refused with the reason.
    fn fee(&mut self, f: &RawFee, ids: &[&str]) -> Option<Fee> {
        const WHY: &str = "a card room's fee must be fixed before the hand and may not be calculated as a fraction or percentage of wagers made or winnings earned (California Penal Code section 337j, as read for the California edition)";
        let text = f.amount.as_ref().map(|a| RawAmount::text(a, self.src));
        if let Some(p) = &f.percent {
            let d = self.error(
                p,
                RawAmount::text(p, self.src).len().max(1),
                SpecError::PercentageFee,
            );
            d.help = Some(format!(
                "{WHY}: write `amount:` in dollars per wager or per hand"
            ));
            return None;
        }
        let paid_by = match f.paid_by.value.as_str() {
            "player" => Some(FeePayer::Player),
            "player_dealer" => Some(FeePayer::PlayerDealer),
            other => {
                let kind = SpecError::UnknownFeeValue {
                    field: "paid_by",
                    value: other.into(),
                };
                self.string_error(&f.paid_by, kind).expected =
                    Some("`player` or `player_dealer`".into());
                None
            }
        };
        let per = match f.per.value.as_str() {
            "wager" => Some(FeeBasis::Wager),
            "hand" => Some(FeeBasis::Hand),
            other => {
                let kind = SpecError::UnknownFeeValue {
                    field: "per",
                    value: other.into(),
                };
                self.string_error(&f.per, kind).expected = Some("`wager` or `hand`".into());
                None
            }
        };
        let wagers: Vec<String> = self
            .wager_list(&f.wagers, ids, "fee's wagers")
            .into_iter()
            .map(|k| ids[k].to_string())
            .collect();
        let amount = match (&f.amount, text) {
            (Some(a), Some(text)) => {
                // No fee at all is a fee of 0 ("no additional collection fees").
                let m = parse_money(&text)
                    .or_else(|| crate::model::Ratio::parse(text.trim()).filter(|r| r.num == 0));
                if m.is_none() {
                    let percent = text.trim_end().ends_with('%');
                    let kind = if percent {
                        SpecError::PercentageFee
                    } else {
                        SpecError::InvalidAmount {
                            amount: text.clone(),
                        }
                    };
                    let d = self.error(a, text.chars().count().max(1), kind);
                    if percent {
                        d.help = Some(format!("{WHY}: write the amount in dollars"));
                    } else {
                        d.expected = Some(MONEY.into());
                        d.found = Some(format!("`{text}`"));
                    }
                }
                m
            }
            _ => {
                let d = self.error(
                    &f.paid_by,
                    f.paid_by.value.len().max(1),
                    SpecError::InvalidAmount {
                        amount: String::new(),
                    },
                );
                d.expected = Some(format!("`amount:` under the fee: {MONEY}"));
                None
            }
        };
        Some(Fee {
            paid_by: paid_by?,
            per: per?,
            wagers,
            amount: amount?,
            source: f.source.clone(),
        })
    }

    fn whole(
        &mut self,
        v: &S<i64>,
        min: i64,
        max: i64,
        kind: impl FnOnce(i64, i64, i64) -> SpecError,
    ) -> Option<u32> {
        if (min..=max).contains(&v.value) {
            return Some(v.value as u32);
        }
        let found = v.value.to_string();
        let d = self.error(v, found.len(), kind(v.value, min, max));
        d.expected = Some(format!("a whole number from {min} to {max}"));
        d.found = Some(found);
        None
    }

    /// Wager indices of a list, each known and listed once.
    fn wager_list(&mut self, list: &[S<String>], ids: &[&str], what: &'static str) -> Vec<usize> {
        let mut out = Vec::new();
        for id in list {
            let Some(k) = self.wager_index(id, ids) else {
                continue;
            };
            if out.contains(&k) {
                let kind = SpecError::ListedTwiceIn {
                    wager: id.value.clone(),
                    list: what,
                };
                self.string_error(id, kind);
            } else {
                out.push(k);
            }
        }
        out
    }

    fn limit(
        &mut self,
        range: &S<Vec<S<RawAmount>>>,
    ) -> Option<(crate::model::Ratio, crate::model::Ratio)> {
        let [min, max] = range.value.as_slice() else {
            let d = self.error(range, 1, SpecError::LimitNotPair);
            d.expected = Some("two amounts, e.g. `[1, 300]`".into());
            d.found = Some(format!("{} entries", range.value.len()));
            return None;
        };
        let mut money = |a: &S<RawAmount>| {
            let text = RawAmount::text(a, self.src);
            let m = parse_money(&text);
            if m.is_none() {
                let kind = SpecError::InvalidAmount {
                    amount: text.clone(),
                };
                let d = self.error(a, text.chars().count().max(1), kind);
                d.expected = Some(MONEY.into());
                d.found = Some(format!("`{text}`"));
            }
            m
        };
        let (lo, hi) = (money(min)?, money(max)?);
        if lo > hi {
            self.error(range, 1, SpecError::LimitInverted);
            return None;
        }
        Some((lo, hi))
    }
}
