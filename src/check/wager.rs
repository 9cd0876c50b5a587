//! Checking a wager: its id, precedence and placement condition, its events
//! (each a condition) and its pay tables (every event priced once in every
//! table, each pay as written).

use super::compile::Env;
use super::pay::parse_pay;
use super::{Checker, width_of};
use crate::diag::closest;
use crate::diag::spec::SpecError;
use crate::model::{Pay, PayTable, Precedence, Wager};
use crate::spec::raw::{self, RawPay, S};

impl Checker<'_> {
    pub(super) fn wager(&mut self, w: &raw::RawWager, env: &Env) -> Option<Wager> {
        self.identifier(&w.id, "wager");
        let precedence = match w.precedence.as_ref().map(|p| p.value.as_str()) {
            None | Some("highest_pay") => Precedence::HighestPay,
            Some("listed_order") => Precedence::ListedOrder,
            Some(other) => {
                let other = other.to_string();
                let p = w.precedence.as_ref()?;
                let kind = SpecError::UnknownPrecedence {
                    precedence: other.clone(),
                };
                let d = self.string_error(p, kind);
                d.expected = Some("`highest_pay` or `listed_order`".into());
                d.found = Some(format!("`{other}`"));
                Precedence::HighestPay
            }
        };
        let mut events = Vec::new();
        let mut ok = true;
        let placed = match &w.placed {
            Some(text) => match self.condition(text, env) {
                Some(c) => Some(crate::model::Placed {
                    source: text.value.clone(),
                    needs: c.needs(),
                    when: c,
                }),
                None => {
                    ok = false;
                    None
                }
            },
            None => None,
        };
        for e in &w.events {
            self.identifier(&e.id, "event");
            if w.events.iter().filter(|x| x.id.value == e.id.value).count() > 1
                && w.events.iter().position(|x| x.id.value == e.id.value)
                    != w.events.iter().position(|x| std::ptr::eq(x, e))
            {
                let kind = SpecError::DuplicateEventId {
                    event: e.id.value.clone(),
                    wager: w.id.value.clone(),
                };
                self.string_error(&e.id, kind);
            }
            match self.condition(&e.when, env) {
                Some(c) => events.push(crate::model::Event {
                    id: e.id.value.clone(),
                    name: e.name.clone(),
                    source: e.when.value.clone(),
                    needs: c.needs(),
                    when: c,
                }),
                None => ok = false,
            }
        }
        if w.events.is_empty() {
            let wager = w.id.value.clone();
            self.string_error(&w.id, SpecError::NoEvents { wager });
        }
        if w.pay_tables.is_empty() {
            let wager = w.id.value.clone();
            self.string_error(&w.id, SpecError::NoPayTables { wager });
        }
        let event_ids: Vec<&str> = w.events.iter().map(|e| e.id.value.as_str()).collect();
        let mut priced = vec![0usize; event_ids.len()];
        let mut tables = Vec::new();
        for t in &w.pay_tables {
            self.identifier(&t.id, "pay table");
            if w.pay_tables
                .iter()
                .filter(|x| x.id.value == t.id.value)
                .count()
                > 1
                && !std::ptr::eq(w.pay_tables.iter().find(|x| x.id.value == t.id.value)?, t)
            {
                let table = t.id.value.clone();
                self.string_error(&t.id, SpecError::DuplicatePayTableId { table });
            }
            let mut pays: Vec<Option<Pay>> = vec![None; event_ids.len()];
            for (event, pay) in &t.pays.0 {
                let Some(k) = event_ids.iter().position(|e| *e == event.value) else {
                    let kind = SpecError::UnknownEvent {
                        table: t.id.value.clone(),
                        event: event.value.clone(),
                        wager: w.id.value.clone(),
                    };
                    let d = self.string_error(event, kind);
                    d.expected = Some(format!("one of {}", crate::diag::list(&event_ids)));
                    d.found = Some(format!("`{}`", event.value));
                    d.offer(&event_ids);
                    if let Some(s) = closest(&event.value, &event_ids) {
                        d.suggest(s);
                    }
                    continue;
                };
                if pays[k].is_some() {
                    let kind = SpecError::EventPricedTwice {
                        event: event.value.clone(),
                    };
                    self.string_error(event, kind);
                }
                pays[k] = self.pay(pay);
                priced[k] += 1;
            }
            tables.push((t, pays));
        }
        for (k, e) in w.events.iter().enumerate() {
            if priced[k] == 0 {
                let event = e.id.value.clone();
                let d = self.string_error(&e.id, SpecError::EventUnpriced { event });
                d.help = Some("add it to every pay table (`lose` if it does not pay there) or remove the event".into());
            } else {
                for (t, pays) in &tables {
                    if pays[k].is_none() && t.pays.0.iter().all(|(ev, _)| ev.value != e.id.value) {
                        let id = t.id.clone();
                        let kind = SpecError::TableMissesEvent {
                            table: id.value.clone(),
                            event: e.id.value.clone(),
                        };
                        let d = self.string_error(&id, kind);
                        d.help = Some(
                            "price every event in every table; write `lose` where it does not pay"
                                .into(),
                        );
                    }
                }
            }
        }
        let pay_tables: Vec<PayTable> = tables
            .into_iter()
            .map(|(t, pays)| PayTable {
                id: t.id.value.clone(),
                name: t.name.clone().unwrap_or_else(|| t.id.value.clone()),
                pays: pays.into_iter().map(|p| p.unwrap_or(Pay::Lose)).collect(),
                assumed: t.assumed.as_ref().map(|a| a.value.clone()),
            })
            .collect();
        ok.then(|| Wager {
            id: w.id.value.clone(),
            name: w.name.clone(),
            description: w.description.clone(),
            placed,
            precedence,
            events,
            pay_tables,
        })
    }

    pub(super) fn pay(&mut self, p: &S<RawPay>) -> Option<Pay> {
        let text = match &p.value {
            RawPay::Int(n) => n.to_string(),
            // Re-read the literal from the file so 0.95 stays exactly 19/20.
            RawPay::Float(_) => self
                .src
                .token_at(&p.referenced)
                .trim_matches(['"', '\''])
                .to_string(),
            RawPay::Text(t) => t.trim().to_string(),
        };
        let parsed = parse_pay(&text);
        if parsed.is_none() {
            let kind = SpecError::InvalidPay { pay: text.clone() };
            let d = self.error(p, width_of(&text), kind);
            d.expected = Some(
                "a pay \"N to 1\": `8`, `0.95`, `\"3 to 2\"`, `\"3/2\"`, `push` or `lose`".into(),
            );
            d.found = Some(format!("`{text}`"));
            if text.starts_with('-') {
                d.help = Some("a losing event is written `lose`".into());
                d.fix("lose");
            }
        }
        parsed
    }
}
