//! Checking a player's decision: what he sees, the strategies written in
//! the spec, and the wagers the optimal strategy maximises.

use super::Checker;
use super::compile::{CardRef, Env, Value};
use crate::diag::spec::SpecError;
use crate::model::cond::need;
use crate::model::{Decides, FirstRule, Game, Strategy, StrategyRule, Wager};
use crate::spec::raw::{self, S};

use crate::model::OPTIMAL;

/// Slots of the initial deal (the first two cards of each hand).
const INITIAL: u8 = 0b011_011;

impl Checker<'_> {
    /// Compiles `sees` and the written strategies. The optimal strategy and
    /// the default are settled by `objective`, once the wagers are known.
    pub(super) fn strategies(&mut self, g: &raw::RawGame, mut game: Game, env: &Env) -> Game {
        let Some(decides) = decides_of(g, &game) else {
            return game;
        };
        let sees = match &decides.sees {
            Some(list) => self.sees(list, env),
            // Without `sees`, the owner sees his own two cards.
            None => vec![0, 1],
        };
        let seen_mask = sees.iter().fold(0u8, |m, s| m | 1 << s);
        let mut strategies = Vec::new();
        for (id, text) in &decides.strategies.0 {
            self.identifier(id, "strategy");
            if id.value == OPTIMAL {
                self.string_error(id, SpecError::OptimalReserved).help =
                    Some("list the wagers it maximises under `optimal:`".into());
                continue;
            }
            let Some(c) = self.condition(text, env) else {
                continue;
            };
            // Who wins is known only when the round ends.
            if let Some(side) = c.side() {
                let kind = SpecError::StrategyUnseen {
                    strategy: id.value.clone(),
                    card: side.name().to_string(),
                };
                let d = self.string_error(text, kind);
                d.expected = Some("a condition on the cards listed under `sees`".into());
                d.help = Some(format!(
                    "the {} is known only when the round ends, after the owner decides",
                    side.name()
                ));
                continue;
            }
            // Decided on the two-card hands: third cards are not dealt yet.
            let needs = c.needs();
            let unseen = (0..6u8).find(|&s| {
                INITIAL & (1 << s) != 0 && needs[s as usize] != 0 && seen_mask & (1 << s) == 0
            });
            let finer = (0..6).any(|s| needs[s] & (need::RANK | need::SUIT) != 0);
            if let Some(s) = unseen {
                let kind = SpecError::StrategyUnseen {
                    strategy: id.value.clone(),
                    card: game.slot_name(s).to_string(),
                };
                self.string_error(text, kind).expected =
                    Some("a condition on the cards listed under `sees`".into());
            } else if finer {
                let strategy = id.value.clone();
                self.string_error(text, SpecError::StrategyReadsRank { strategy })
                    .expected = Some(
                    "a condition on point values and totals (strategies are compared by point value)"
                        .into(),
                );
            } else {
                strategies.push(Strategy {
                    id: id.value.clone(),
                    source: text.value.clone(),
                    rule: StrategyRule::When(c),
                });
            }
        }
        game.first = FirstRule::Decides(Decides {
            strategies,
            default: 0,
            sees,
            objective: Vec::new(),
        });
        game
    }

    fn sees(&mut self, list: &S<Vec<S<String>>>, env: &Env) -> Vec<u8> {
        let mut out = Vec::new();
        for item in &list.value {
            match self.value(item, env) {
                Some(Value::Card(CardRef::Slot(s))) if INITIAL & (1 << s) != 0 => {
                    if out.contains(&s) {
                        let card = item.value.clone();
                        self.string_error(item, SpecError::SeenTwice { card });
                    }
                    out.push(s);
                }
                Some(Value::Card(CardRef::Slot(_))) => {
                    self.string_error(item, SpecError::SeesThirdCard).expected =
                        Some("one of the first two cards of a hand".into());
                }
                // Which hand wins is known only when the round ends.
                Some(Value::Card(CardRef::Side(..))) => {
                    let d = self.string_error(item, SpecError::SeesNotACard);
                    d.expected = Some("a card, e.g. `player.first` or `dealer.second`".into());
                    d.found = Some(
                        "a card of the winning or losing hand, known only when the round ends"
                            .into(),
                    );
                }
                Some(other) => {
                    let d = self.string_error(item, SpecError::SeesNotACard);
                    d.expected = Some("a card, e.g. `player.first` or `dealer.second`".into());
                    d.found = Some(other.ty().describe().to_string());
                }
                None => {}
            }
        }
        if list.value.is_empty() {
            self.error(list, 1, SpecError::SeesEmpty).expected =
                Some("the cards the owner sees when deciding".into());
        }
        out
    }

    /// Adds the optimal strategy (if declared) and resolves the default.
    pub(super) fn objective(
        &mut self,
        g: &raw::RawGame,
        game: &mut Game,
        wagers: &[Wager],
        raw_wagers: &[raw::RawWager],
    ) {
        let Some(raw) = decides_of(g, game) else {
            return;
        };
        let FirstRule::Decides(d) = &mut game.first else {
            return;
        };
        if let Some(list) = &raw.optimal {
            if raw.sees.is_none() {
                self.error(list, 1, SpecError::OptimalWithoutSees).help =
                    Some("list the cards the owner sees when deciding".into());
            }
            let ids: Vec<&str> = wagers.iter().map(|w| w.id.as_str()).collect();
            for item in &list.value {
                let Some(k) = wagers.iter().position(|w| w.id == item.value) else {
                    // A declared wager with errors of its own is reported there.
                    if !raw_wagers.iter().any(|w| w.id.value == item.value) {
                        self.wager_index(item, &ids);
                    }
                    continue;
                };
                let w = &wagers[k];
                let fine = w
                    .events
                    .iter()
                    .map(|e| e.needs)
                    .chain(w.placed.iter().map(|p| p.needs))
                    .any(|n| n.iter().any(|x| x & (need::RANK | need::SUIT) != 0));
                if fine {
                    let wager = item.value.clone();
                    self.string_error(item, SpecError::ObjectiveReadsRank { wager })
                        .expected = Some(
                        "wagers settled on point values (the optimal strategy is computed by point value)"
                            .into(),
                    );
                } else if !d.objective.contains(&k) {
                    d.objective.push(k);
                }
            }
            if list.value.is_empty() {
                self.error(list, 1, SpecError::OptimalEmpty);
            }
            d.strategies.push(Strategy {
                id: OPTIMAL.into(),
                source: format!(
                    "maximise the expected return of {}",
                    list.value
                        .iter()
                        .map(|w| w.value.as_str())
                        .collect::<Vec<_>>()
                        .join(" + ")
                ),
                rule: StrategyRule::Optimal(Default::default()),
            });
        }
        match d.strategies.iter().position(|s| s.id == raw.default.value) {
            Some(k) => d.default = k,
            None => {
                let ids: Vec<&str> = d.strategies.iter().map(|s| s.id.as_str()).collect();
                let name = raw.default.value.clone();
                self.string_error(&raw.default, SpecError::UnknownDefaultStrategy { name })
                    .expected = Some(format!("one of {}", crate::diag::list(&ids)));
            }
        }
    }
}

fn decides_of<'r>(g: &'r raw::RawGame, game: &Game) -> Option<&'r raw::RawDecision> {
    g.drawing
        .0
        .iter()
        .find(|(n, _)| n.value == game.hands[0])
        .and_then(|(_, r)| r.value.decides.as_ref())
}
