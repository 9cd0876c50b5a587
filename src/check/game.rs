//! Checking the game: its two hands, the deal, the naturals and each hand's
//! drawing rule (a list of totals, or the second hand's chart). The first
//! hand's decisions are checked in `decide`.

use super::Checker;
use super::compile;
use crate::diag::spec::SpecError;
use crate::model::{FirstRule, Game, SecondRule};
use crate::spec::raw::{self, S};

impl Checker<'_> {
    fn totals_mask(&mut self, list: &S<Vec<i64>>, what: &'static str) -> Option<u16> {
        let mut mask = 0u16;
        for &t in &list.value {
            if !(0..=9).contains(&t) {
                let kind = SpecError::TotalOutOfRange {
                    list: what,
                    total: t,
                };
                let diag = self.error(list, 1, kind);
                diag.expected = Some("totals from 0 to 9".into());
                diag.found = Some(t.to_string());
                return None;
            }
            if mask & (1 << t) != 0 {
                let found = t.to_string();
                let kind = SpecError::TotalTwice {
                    list: what,
                    total: t,
                };
                let diag = self.error(list, 1, kind);
                diag.expected = Some("each total once".into());
                diag.found = Some(found);
                // The list read as a set: no other error follows from it.
                continue;
            }
            mask |= 1 << t;
        }
        Some(mask)
    }

    /// The naturals: a run of the highest totals, ending at 9 (or none),
    /// that leaves some total to draw.
    fn naturals(&mut self, list: &S<Vec<i64>>) -> u16 {
        let Some(mask) = self.totals_mask(list, "naturals") else {
            return 0;
        };
        // The totals k to 9, k the lowest natural, 0 left to draw.
        let lowest = mask.trailing_zeros();
        let highest = mask == 0 || (lowest >= 1 && mask == (1 << 10) - (1 << lowest));
        if !highest {
            let mut totals: Vec<i64> = list.value.clone();
            totals.sort_unstable();
            let shown: Vec<String> = totals.iter().map(i64::to_string).collect();
            let naturals = format!("[{}]", shown.join(", "));
            let diag = self.error(
                list,
                1,
                SpecError::NaturalsNotHighest {
                    naturals: naturals.clone(),
                },
            );
            diag.expected =
                Some("`[]`, `[9]`, `[8, 9]`, `[7, 8, 9]`, ... (at most `[1, ..., 9]`)".into());
            diag.found = Some(format!("`{naturals}`"));
            return 0;
        }
        mask
    }

    pub(super) fn game(&mut self, g: &raw::RawGame) -> Option<Game> {
        let names: Vec<String> = g.hands.value.iter().map(|h| h.value.clone()).collect();
        if names.len() != 2 || names[0] == names[1] {
            let diag = self.error(&g.hands, 1, SpecError::NotTwoHands);
            diag.expected = Some("two different hand names, e.g. `[player, banker]`".into());
            let shown: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
            diag.found = Some(if shown.is_empty() {
                "no hands".into()
            } else {
                crate::diag::list(&shown)
            });
            return None;
        }
        for h in &g.hands.value {
            self.identifier(h, "hand");
            let reserved = compile::GLOBALS.contains(&h.value.as_str())
                || crate::cards::RANK_NAMES.contains(&h.value.as_str())
                || crate::cards::SUIT_NAMES.contains(&h.value.as_str());
            if reserved {
                let name = h.value.clone();
                self.string_error(h, SpecError::ReservedName { name });
            }
        }
        let hands = [names[0].clone(), names[1].clone()];
        let mut deal = [0u8; 4];
        let mut per_hand = [0; 2];
        if g.deal.value.len() != 4 {
            let cards = g.deal.value.len();
            let diag = self.error(&g.deal, 1, SpecError::DealNotFourCards { cards });
            diag.expected = Some("four hand names".into());
            diag.found = Some(format!("{} entries", g.deal.value.len()));
        }
        for (i, h) in g.deal.value.iter().enumerate().take(4) {
            match hands.iter().position(|x| *x == h.value) {
                Some(k) => {
                    deal[i] = k as u8;
                    per_hand[k] += 1;
                }
                None => {
                    let hand = h.value.clone();
                    self.string_error(h, SpecError::UnknownDealHand { hand })
                        .expected = Some(format!("one of {}", crate::diag::list(&hands)));
                }
            }
        }
        if per_hand != [2, 2] && g.deal.value.len() == 4 {
            self.error(&g.deal, 1, SpecError::UnevenDeal);
        }
        let naturals = self.naturals(&g.naturals);
        let mut rules: [Option<&S<raw::RawDrawRule>>; 2] = [None, None];
        for (name, rule) in &g.drawing.0 {
            match hands.iter().position(|x| *x == name.value) {
                Some(k) if rules[k].is_none() => rules[k] = Some(rule),
                Some(_) => {
                    let hand = name.value.clone();
                    self.string_error(name, SpecError::TwoDrawingRules { hand });
                }
                None => {
                    let hand = name.value.clone();
                    self.string_error(name, SpecError::DrawingRuleForUnknownHand { hand })
                        .expected = Some(format!("one of {}", crate::diag::list(&hands)));
                }
            }
        }
        let [Some(r0), Some(r1)] = rules else {
            let hand = hands[rules.iter().position(Option::is_none)?].clone();
            self.error(&g.hands, 1, SpecError::NoDrawingRule { hand });
            return None;
        };
        let first = self.first_rule(r0)?;
        let second = self.second_rule(r1, naturals)?;
        Some(Game {
            hands,
            deal,
            naturals,
            first,
            second,
        })
    }

    fn first_rule(&mut self, r: &S<raw::RawDrawRule>) -> Option<FirstRule> {
        let v = &r.value;
        if v.when_other_stands.is_some() || v.when_other_draws.is_some() {
            self.error(r, 1, SpecError::FirstHandFollows);
            return None;
        }
        match (&v.draws_on, &v.decides) {
            (Some(t), None) => self.totals_mask(t, "draws_on").map(FirstRule::Totals),
            // Strategies are compiled once definitions are known.
            (None, Some(_)) => Some(FirstRule::Decides(crate::model::Decides {
                strategies: Vec::new(),
                default: 0,
                sees: Vec::new(),
                objective: Vec::new(),
            })),
            _ => {
                self.error(r, 1, SpecError::FirstRuleAmbiguous);
                None
            }
        }
    }

    fn second_rule(&mut self, r: &S<raw::RawDrawRule>, naturals: u16) -> Option<SecondRule> {
        let v = &r.value;
        if v.decides.is_some() {
            self.error(r, 1, SpecError::SecondHandDecides);
            return None;
        }
        if let Some(t) = &v.draws_on {
            if v.when_other_stands.is_some() || v.when_other_draws.is_some() {
                self.error(r, 1, SpecError::DrawsOnAndChart);
                return None;
            }
            // Draws on these totals whatever the first hand's third card was.
            let m = self.totals_mask(t, "draws_on")?;
            let row = |total: usize| if m & (1 << total) != 0 { 0x3ff } else { 0 };
            return Some(SecondRule {
                when_other_stands: m,
                when_other_draws: std::array::from_fn(row),
            });
        }
        let (Some(stands), Some(chart)) = (&v.when_other_stands, &v.when_other_draws) else {
            self.error(r, 1, SpecError::SecondRuleIncomplete);
            return None;
        };
        let stands = self.totals_mask(stands, "when_other_stands")?;
        let mut draws = [0u16; 10];
        let mut seen = 0u16;
        for (key, row) in &chart.0 {
            let total = match key.value.trim().parse::<u8>() {
                Ok(t) if t <= 9 => t,
                _ => {
                    let row = key.value.clone();
                    let d = self.string_error(key, SpecError::ChartRowNotATotal { row });
                    d.expected = Some("a total from 0 to 9".into());
                    d.found = Some(format!("`{}`", key.value));
                    continue;
                }
            };
            if seen & (1 << total) != 0 {
                self.string_error(key, SpecError::ChartRowTwice { total });
            }
            seen |= 1 << total;
            let cells: Vec<char> = row.value.chars().filter(|c| !c.is_whitespace()).collect();
            let bad = cells.iter().find(|c| !matches!(c, 'H' | 'S'));
            if cells.len() != 10 || bad.is_some() {
                let found = format!("`{}`", row.value);
                let d = self.string_error(row, SpecError::ChartRowCells { total });
                d.expected = Some("ten letters H or S".into());
                d.found = Some(found);
                continue;
            }
            for (v, c) in cells.iter().enumerate() {
                if *c == 'H' {
                    draws[total as usize] |= 1 << v;
                }
            }
        }
        // Every total that can face a drawing first hand needs a row.
        for total in 0..10u16 {
            if naturals & (1 << total) == 0 && seen & (1 << total) == 0 {
                let kind = SpecError::ChartRowMissing { total };
                let d = match chart.0.first() {
                    Some((key, _)) => self.string_error(key, kind),
                    None => self.error(r, 1, kind),
                };
                d.help = Some("naturals need no row; every other total does".into());
            }
        }
        Some(SecondRule {
            when_other_stands: stands,
            when_other_draws: draws,
        })
    }
}
