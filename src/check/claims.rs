//! Checking the claims (house edges the document prints, for a wager and
//! pay table or a combined entry) and the interpretations (a reading chosen
//! where the document allows two), each naming wagers and tables that exist.

use super::Checker;
use crate::diag::spec::SpecError;
use crate::model::{Claim, Interpretation, Reading};
use crate::spec::raw::{self, S};

impl Checker<'_> {
    pub(super) fn claim(
        &mut self,
        c: &raw::RawClaim,
        wagers: &[raw::RawWager],
        combined: &[raw::RawCombined],
    ) -> Option<Claim> {
        let mut ok = true;
        match (&c.wagers, &c.pay_table, &c.combined) {
            (Some(list), Some(table), None) => {
                for w in &list.value {
                    ok &= self.reading_target(w, Some(table), wagers);
                }
            }
            (None, None, Some(id)) => {
                if !combined.iter().any(|x| x.id.value == id.value) {
                    let ids: Vec<&str> = combined.iter().map(|x| x.id.value.as_str()).collect();
                    let kind = SpecError::UnknownCombined {
                        id: id.value.clone(),
                    };
                    let d = self.string_error(id, kind);
                    d.expected = Some(format!("one of {}", crate::diag::list(&ids)));
                    d.offer(&ids);
                    ok = false;
                }
            }
            _ => {
                self.string_error(&c.house_edge, SpecError::ClaimTarget)
                    .help = Some(
                    "write `wagers: [...]` with `pay_table: ...`, or `combined: <id>` alone".into(),
                );
                return None;
            }
        }
        ok &= self.printed_edge(&c.house_edge);
        let printed = c.house_edge.value.trim();
        ok.then(|| Claim {
            wagers: c
                .wagers
                .iter()
                .flat_map(|l| l.value.iter().map(|w| w.value.clone()))
                .collect(),
            pay_table: c
                .pay_table
                .as_ref()
                .map(|t| t.value.clone())
                .unwrap_or_default(),
            combined: c.combined.as_ref().map(|x| x.value.clone()),
            house_edge: printed.to_string(),
            source: c.source.clone(),
        })
    }

    /// Checks that a wager (and pay table, if given) exists.
    fn reading_target(
        &mut self,
        wager: &S<String>,
        table: Option<&S<String>>,
        wagers: &[raw::RawWager],
    ) -> bool {
        let ids: Vec<&str> = wagers.iter().map(|w| w.id.value.as_str()).collect();
        let Some(w) = wagers.iter().find(|w| w.id.value == wager.value) else {
            let name = wager.value.clone();
            let d = self.string_error(wager, SpecError::UnknownWager { name });
            d.expected = Some(format!("one of {}", crate::diag::list(&ids)));
            d.found = Some(format!("`{}`", wager.value));
            d.offer(&ids);
            return false;
        };
        if let Some(t) = table
            && !w.pay_tables.iter().any(|p| p.id.value == t.value)
        {
            let tables: Vec<&str> = w.pay_tables.iter().map(|p| p.id.value.as_str()).collect();
            let kind = SpecError::UnknownPayTable {
                wager: w.id.value.clone(),
                table: t.value.clone(),
            };
            let d = self.string_error(t, kind);
            d.expected = Some(format!("one of {}", tables.join(", ")));
            d.found = Some(format!("`{}`", t.value));
            d.offer(&tables);
            return false;
        }
        true
    }

    /// A reading of a wager's rules, checked. A reading of the game's
    /// rules (its alternative changes the `game`) is checked here for what
    /// it names, and built by `alternative` once the spec is known good.
    pub(super) fn interpretation(
        &mut self,
        i: &raw::RawInterpretation,
        wagers: &[raw::RawWager],
        combined: &[raw::RawCombined],
    ) -> Option<Interpretation> {
        self.identifier(&i.id, "interpretation");
        if i.chosen.game.is_some() {
            self.string_error(&i.id, SpecError::ChosenGameChange).help = Some(
                "the chosen reading is the spec's own game: put `game:` under `alternative:`"
                    .into(),
            );
            return None;
        }
        if i.alternative.game.is_some() {
            self.game_reading(i, wagers, combined);
            return None;
        }
        let (Some(cw), Some(aw)) = (&i.chosen.wager, &i.alternative.wager) else {
            let which = if i.chosen.wager.is_none() {
                "chosen"
            } else {
                "alternative"
            };
            self.string_error(&i.id, SpecError::ReadingNamesNoWager { which })
                .help = Some("name the `wager` that implements each reading, or, for a reading of the game's rules, give the alternative a `game:` and the figures it `changes`".into());
            return None;
        };
        if let Some(c) = &i.alternative.changes {
            let d = self.error(c, 1, SpecError::GameReadingChangesNothing);
            d.help = Some(
                "`changes` goes with an alternative `game:`; a wager's reading names its `wager`"
                    .into(),
            );
            return None;
        }
        let a = self.reading_target(cw, i.chosen.pay_table.as_ref(), wagers);
        let b = self.reading_target(aw, i.alternative.pay_table.as_ref(), wagers);
        let reading = |r: &raw::RawReading, w: &S<String>| Reading {
            reading: r.reading.clone(),
            wager: w.value.clone(),
            pay_table: r.pay_table.as_ref().map(|p| p.value.clone()),
        };
        (a && b).then(|| Interpretation {
            id: i.id.value.clone(),
            question: i.question.clone(),
            chosen: reading(&i.chosen, cw),
            alternative: reading(&i.alternative, aw),
            ask_submitter: i.ask_submitter.unwrap_or(false),
        })
    }

    /// What a reading of the game's rules names: no wager or pay table,
    /// and the wagers and combined entries whose figures it changes.
    fn game_reading(
        &mut self,
        i: &raw::RawInterpretation,
        wagers: &[raw::RawWager],
        combined: &[raw::RawCombined],
    ) {
        for (which, r) in [("chosen", &i.chosen), ("alternative", &i.alternative)] {
            if let Some(w) = r.wager.as_ref().or(r.pay_table.as_ref()) {
                self.string_error(w, SpecError::GameReadingNamesWager { which })
                    .help = Some(
                    "list the figures the reading changes in the alternative's `changes:`".into(),
                );
            }
        }
        let Some(changes) = i
            .alternative
            .changes
            .as_ref()
            .filter(|c| !c.value.is_empty())
        else {
            self.string_error(&i.id, SpecError::GameReadingChangesNothing)
                .help = Some("e.g. `changes: [main_game]`: the wagers and combined entries the report computes under both readings".into());
            return;
        };
        let known: Vec<&str> = wagers
            .iter()
            .map(|w| w.id.value.as_str())
            .chain(combined.iter().map(|c| c.id.value.as_str()))
            .collect();
        for (k, c) in changes.value.iter().enumerate() {
            if changes.value[..k].iter().any(|x| x.value == c.value) {
                let kind = SpecError::ListedTwiceIn {
                    wager: c.value.clone(),
                    list: "alternative's `changes`",
                };
                self.string_error(c, kind);
            } else if !known.contains(&c.value.as_str()) {
                let name = c.value.clone();
                let d = self.string_error(c, SpecError::UnknownChanged { name });
                d.expected = Some(format!("one of {}", crate::diag::list(&known)));
                d.found = Some(format!("`{}`", c.value));
            }
        }
    }
}
