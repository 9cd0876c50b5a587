//! Playing a round: checks that the cards given are exactly what the
//! drawing rules deal, and builds the `Round` conditions read.

use crate::cards::Card;
pub use crate::diag::deal::DealError;
use crate::model::round::Round;
use crate::model::{FirstRule, Game, Spec, StrategyRule};

/// The player's choice in a game where the first hand decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Draw,
    Stand,
}

impl Decision {
    /// `draw` or `stand`.
    pub fn parse(text: &str) -> Result<Decision, DealError> {
        match text.trim() {
            "draw" => Ok(Decision::Draw),
            "stand" => Ok(Decision::Stand),
            other => Err(DealError::UnknownDecision {
                found: other.to_string(),
            }),
        }
    }
}

/// Cards as dealt, per hand in hand order, plus an optional decision.
#[derive(Clone, Debug, Default)]
pub struct Deal {
    pub hands: [Vec<Card>; 2],
    pub decision: Option<Decision>,
    /// Strategy to decide by when no decision is given (default: the spec's).
    pub strategy: Option<String>,
}

/// What happened, for display: why each hand drew or stood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub round: Round,
    pub notes: Vec<String>,
}

pub fn play(spec: &Spec, deal: &Deal, decks: u32) -> Result<Played, DealError> {
    let game = &spec.game;
    check_shoe(deal, decks)?;
    for (h, cards) in deal.hands.iter().enumerate() {
        if cards.len() < 2 {
            return Err(DealError::NoInitialCards {
                hand: game.hands[h].clone(),
                got: cards.len(),
            });
        }
    }
    let mut notes = Vec::new();
    let two = |h: usize| (deal.hands[h][0].value() + deal.hands[h][1].value()) % 10;
    let (t0, t1) = (two(0), two(1));
    let natural = game.is_natural(t0) || game.is_natural(t1);
    let mut round = Round {
        cards: [Card::new(1, 0); 6],
        counts: [2, 2],
    };
    for h in 0..2 {
        for (i, c) in deal.hands[h].iter().take(3).enumerate() {
            round.cards[h * 3 + i] = *c;
        }
    }
    let first_draws = if natural {
        notes.push(format!(
            "natural: {} {}, {} {}; no card is drawn",
            game.hands[0], t0, game.hands[1], t1
        ));
        false
    } else {
        first_decision(spec, game, &round, deal, t0, &mut notes)?
    };
    expect_count(game, deal, 0, first_draws, t0)?;
    round.counts[0] = if first_draws { 3 } else { 2 };
    let second_draws = !natural && {
        let third = first_draws.then(|| deal.hands[0][2].value());
        let draws = game.second_draws(t1, third);
        notes.push(format!(
            "{} {} on {}{}",
            game.hands[1],
            if draws { "draws" } else { "stands" },
            t1,
            match third {
                Some(v) => format!(" against a third card worth {v}"),
                None => format!(" ({} stood)", game.hands[0]),
            }
        ));
        draws
    };
    expect_count(game, deal, 1, second_draws, t1)?;
    round.counts[1] = if second_draws { 3 } else { 2 };
    Ok(Played { round, notes })
}

fn first_decision(
    spec: &Spec,
    game: &Game,
    round: &Round,
    deal: &Deal,
    total: u8,
    notes: &mut Vec<String>,
) -> Result<bool, DealError> {
    let name = &game.hands[0];
    match &game.first {
        FirstRule::Totals(_) => {
            let draws = game.first_draws(round);
            if deal.decision.is_some() {
                return Err(DealError::DecisionNotAllowed {
                    hand: name.clone(),
                    spec: spec.id.clone(),
                });
            }
            notes.push(format!(
                "{name} {} on {total}",
                if draws { "draws" } else { "stands" }
            ));
            Ok(draws)
        }
        FirstRule::Decides(d) => {
            let strategies = &d.strategies;
            if let Some(d) = deal.decision {
                notes.push(format!(
                    "{name} chose to {}",
                    if d == Decision::Draw { "draw" } else { "stand" }
                ));
                return Ok(d == Decision::Draw);
            }
            let chosen = match &deal.strategy {
                Some(id) => strategies.iter().find(|s| &s.id == id).ok_or_else(|| {
                    DealError::UnknownStrategy {
                        id: id.clone(),
                        known: strategies.iter().map(|s| s.id.clone()).collect(),
                    }
                })?,
                None => &strategies[d.default],
            };
            // The strategy sees only the two-card hands (no third cards yet).
            // An optimal strategy is resolved into a chart for the shoe
            // before play (`crate::strategy`); the evaluator computes none.
            if matches!(chosen.rule, StrategyRule::Optimal(_)) {
                return Err(DealError::StrategyUnresolved {
                    id: chosen.id.clone(),
                });
            }
            let draws = chosen.draws(round);
            notes.push(format!(
                "{name} {} by strategy `{}` ({})",
                if draws { "draws" } else { "stands" },
                chosen.id,
                chosen.source
            ));
            Ok(draws)
        }
    }
}

fn expect_count(
    game: &Game,
    deal: &Deal,
    h: usize,
    draws: bool,
    total: u8,
) -> Result<(), DealError> {
    let hand = game.hands[h].clone();
    let given = deal.hands[h].len();
    let wanted = if draws { 3 } else { 2 };
    if given < wanted {
        return Err(DealError::NoThirdCard { hand, total });
    }
    if given > wanted {
        return Err(DealError::TooManyCards {
            hand,
            total,
            draws,
            extra: deal.hands[h][wanted..]
                .iter()
                .map(Card::to_string)
                .collect(),
        });
    }
    Ok(())
}

/// A D-deck shoe holds each card D times.
fn check_shoe(deal: &Deal, decks: u32) -> Result<(), DealError> {
    let mut seen = [[0u32; 4]; 13];
    for c in deal.hands.iter().flatten() {
        let n = &mut seen[(c.rank - 1) as usize][c.suit as usize];
        *n += 1;
        if *n > decks {
            return Err(DealError::TooManyCopies {
                card: c.to_string(),
                count: *n,
                decks,
            });
        }
    }
    Ok(())
}

/// Deals a round from six cards in shoe order under the six-card
/// convention: the first four go to the hands in the game's initial deal
/// order (`game.deal`), the fifth is the first hand's third card if it
/// draws, the sixth the second hand's third card if it draws (whether or
/// not the fifth was used). A card not dealt stays in its slot unread.
pub fn round_of_sequence(spec: &Spec, seq: &[Card; 6]) -> Round {
    let game = &spec.game;
    let mut round = Round {
        cards: [seq[4], seq[4], seq[4], seq[5], seq[5], seq[5]],
        counts: [2, 2],
    };
    let mut next = [0usize, 0];
    for (card, &hand) in seq.iter().zip(&game.deal) {
        let h = hand as usize;
        round.cards[h * 3 + next[h]] = *card;
        next[h] += 1;
    }
    let (t0, t1) = (round.total(0), round.total(1));
    if game.is_natural(t0) || game.is_natural(t1) {
        return round;
    }
    let first = game.first_draws(&round);
    if first {
        round.counts[0] = 3;
    }
    if game.second_draws(t1, first.then(|| seq[4].value())) {
        round.counts[1] = 3;
    }
    round
}

/// The round [`round_of_sequence`] deals from the same sequence with its
/// sixth card replaced by `sixth`: the sixth card decides nothing (whether
/// the second hand draws is settled by the first five), it only fills the
/// second hand's third slot.
pub fn with_sixth(round: &Round, sixth: Card) -> Round {
    let mut round = *round;
    round.cards[5] = sixth;
    round
}

/// The cards [`round_of_sequence`] deals, per hand, as [`play`] takes them.
pub fn deal_sequence(spec: &Spec, seq: &[Card; 6]) -> Deal {
    let round = round_of_sequence(spec, seq);
    Deal {
        hands: [round.hand(0).to_vec(), round.hand(1).to_vec()],
        ..Deal::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `with_sixth` is `round_of_sequence` with the sixth card changed, for
    /// every shipped spec whose drawing is resolved, on pseudo-random
    /// sequences (the same on every machine), each with every sixth card.
    #[test]
    fn the_sixth_card_only_fills_its_slot() {
        let mut rng = crate::testing::Xorshift(0x9E37_79B9_7F4A_7C15);
        let mut card = || {
            let k = rng.below(52) as u8;
            Card::new(k / 4 + 1, k % 4)
        };
        let mut drew = 0;
        for path in crate::spec::spec_files("rules") {
            let spec = crate::check::check_path(&path).expect("shipped").spec;
            if !spec.strategies_resolved() {
                continue;
            }
            for _ in 0..500 {
                let mut seq: [Card; 6] = std::array::from_fn(|_| card());
                let round = round_of_sequence(&spec, &seq);
                drew += usize::from(round.counts[1] == 3);
                for k in 0..52u8 {
                    seq[5] = Card::new(k / 4 + 1, k % 4);
                    assert_eq!(with_sixth(&round, seq[5]), round_of_sequence(&spec, &seq));
                }
            }
        }
        // Enough rounds in which the second hand drew its third card.
        assert!(drew > 500, "{drew}");
    }
}
