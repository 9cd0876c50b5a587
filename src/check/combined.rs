//! Checking wagers staked together (`combined`) and searches for the pays a
//! document omits (`pay_searches`).

use super::Checker;
use crate::diag::spec::SpecError;
use crate::model::{Combined, Pay, PayRange, PaySearch, Precedence, Wager};
use crate::spec::raw::{self, RawPay, S};

impl Checker<'_> {
    fn combined_wager(&mut self, id: &S<String>, wagers: &[Wager]) -> Option<usize> {
        let ids: Vec<&str> = wagers.iter().map(|w| w.id.as_str()).collect();
        self.wager_index(id, &ids)
    }

    pub(super) fn combined(&mut self, c: &raw::RawCombined, wagers: &[Wager]) -> Option<Combined> {
        self.identifier(&c.id, "combined");
        let mut list = Vec::new();
        for w in &c.wagers.value {
            if let Some(k) = self.combined_wager(w, wagers) {
                if list.contains(&k) {
                    let wager = w.value.clone();
                    self.string_error(w, SpecError::WagerListedTwice { wager });
                }
                list.push(k);
            }
        }
        let per = self.combined_wager(&c.per, wagers)?;
        if !list.contains(&per) {
            let per = c.per.value.clone();
            self.string_error(&c.per, SpecError::PerNotCombined { per });
            return None;
        }
        if wagers[per].placed.is_some() {
            let per = c.per.value.clone();
            self.string_error(&c.per, SpecError::PerNotAlwaysPlaced { per });
            return None;
        }
        (list.len() == c.wagers.value.len()).then(|| Combined {
            id: c.id.value.clone(),
            name: c.name.clone(),
            wagers: list,
            per,
        })
    }

    pub(super) fn pay_search(
        &mut self,
        p: &raw::RawPaySearch,
        wagers: &[Wager],
    ) -> Option<PaySearch> {
        let k = self.combined_wager(&p.wager, wagers)?;
        let w = &wagers[k];
        if w.precedence != Precedence::ListedOrder {
            self.string_error(&p.wager, SpecError::PaySearchPrecedence)
                .help = Some(
                "under highest_pay the settling event depends on the pays being searched".into(),
            );
            return None;
        }
        let valid = self.printed_edge(&p.house_edge);
        let mut ranges: Vec<Option<PayRange>> = vec![None; w.events.len()];
        for (event, pay) in &p.pays.0 {
            let Some(e) = w.events.iter().position(|e| e.id == event.value) else {
                let ids: Vec<&str> = w.events.iter().map(|e| e.id.as_str()).collect();
                let kind = SpecError::NoSuchEvent {
                    wager: w.id.clone(),
                    event: event.value.clone(),
                };
                let d = self.string_error(event, kind);
                d.expected = Some(format!("one of {}", ids.join(", ")));
                continue;
            };
            ranges[e] = self.pay_range(pay);
        }
        let mut out = Vec::new();
        for (e, r) in ranges.into_iter().enumerate() {
            match r {
                Some(r) => out.push(r),
                None => {
                    if p.pays.0.iter().all(|(ev, _)| ev.value != w.events[e].id) {
                        let event = w.events[e].id.clone();
                        self.string_error(&p.wager, SpecError::PaySearchUnpriced { event })
                            .help =
                            Some("give every event a range `\"1..100\"` or a fixed pay".into());
                    }
                    return None;
                }
            }
        }
        let searched = out
            .iter()
            .filter(|r| matches!(r, PayRange::Search(..)))
            .map(|r| match r {
                PayRange::Search(a, b) => (b - a + 1) as f64,
                PayRange::Fixed(_) => 1.0,
            })
            .product::<f64>();
        // A bound on the work: candidates are enumerated one by one.
        if searched > 1e9 {
            self.string_error(&p.wager, SpecError::PaySearchTooWide);
            return None;
        }
        valid.then(|| PaySearch {
            wager: k,
            house_edge: p.house_edge.value.trim().to_string(),
            source: p.source.clone(),
            ranges: out,
            non_increasing: p.non_increasing.unwrap_or(true),
        })
    }

    fn pay_range(&mut self, p: &S<RawPay>) -> Option<PayRange> {
        if let RawPay::Text(t) = &p.value
            && let Some((a, b)) = t.split_once("..")
        {
            let (a, b) = (a.trim().parse::<i64>(), b.trim().parse::<i64>());
            return match (a, b) {
                (Ok(a), Ok(b)) if 1 <= a && a <= b && b <= 100_000 => Some(PayRange::Search(a, b)),
                _ => {
                    let kind = SpecError::InvalidPayRange { range: t.clone() };
                    let d = self.error(p, t.chars().count().max(1), kind);
                    d.expected = Some("`\"a..b\"`, whole pays with 1 <= a <= b <= 100000".into());
                    d.found = Some(format!("`{t}`"));
                    None
                }
            };
        }
        self.pay(p).map(|pay: Pay| PayRange::Fixed(pay))
    }
}
