//! Ways a round's cards or choices are refused (`crate::eval::play`).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// Punto banco `--player 4s --banker 2c,Ks`: a hand without its two initial cards.
    NoInitialCards { hand: String, got: usize },
    /// Punto banco `--player 4s,Kd --banker 2c,Ks`: the player draws on 4; no third card.
    NoThirdCard { hand: String, total: u8 },
    /// Punto banco `--player 9s,Kd,4h --banker 2c,Ks`: the player stands on 9.
    TooManyCards {
        hand: String,
        total: u8,
        draws: bool,
        /// The cards past the hand's, as written (`4h`).
        extra: Vec<String>,
    },
    /// `--player Ks,Ks,4h --decks 1`: more copies of a card than the shoe holds.
    TooManyCopies {
        /// The card as written (`Ks`).
        card: String,
        count: u32,
        decks: u32,
    },
    /// Punto banco `--decision draw`: the first hand draws by a fixed rule.
    DecisionNotAllowed { hand: String, spec: String },
    /// Lucky Draw `--strategy bold`: the spec has no such strategy.
    UnknownStrategy { id: String, known: Vec<String> },
    /// `--decision maybe`: a decision is `draw` or `stand`.
    UnknownDecision { found: String },
    /// A caller played a round before the strategy stage (`crate::strategy`)
    /// resolved the optimal strategy for its shoe: no chart to play.
    StrategyUnresolved { id: String },
    /// Punto banco `--dealer 2c,3c`: the spec has no hand by that name.
    NoSuchHand {
        hand: String,
        spec: String,
        hands: Vec<String>,
    },
}

impl DealError {
    /// Whether the wording contains `text` (a fixture's `error:` matches this way).
    pub fn contains(&self, text: &str) -> bool {
        self.to_string().contains(text)
    }
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::NoInitialCards { hand, got } => write!(
                f,
                "too few cards: the {hand} hand needs two initial cards, got {got}"
            ),
            DealError::NoThirdCard { hand, total } => write!(
                f,
                "too few cards: the {hand} hand draws on {total} but no third card was given"
            ),
            DealError::TooManyCards {
                hand,
                total,
                draws,
                extra,
            } => {
                write!(
                    f,
                    "too many cards: the {hand} hand {} on {total}, but {} more card{} given ({})",
                    if *draws { "draws one card" } else { "stands" },
                    extra.len(),
                    if extra.len() == 1 { " was" } else { "s were" },
                    extra.join(", ")
                )
            }
            DealError::TooManyCopies { card, count, decks } => write!(
                f,
                "card {card} appears {count} times, but a {decks}-deck shoe holds only {decks}"
            ),
            DealError::DecisionNotAllowed { hand, spec } => write!(
                f,
                "{hand} follows a fixed drawing rule in `{spec}`; it takes no decision"
            ),
            DealError::UnknownStrategy { id, known } => write!(
                f,
                "unknown strategy `{id}`: expected one of {}",
                super::words::list(known)
            ),
            DealError::UnknownDecision { found } => {
                write!(f, "a decision is `draw` or `stand`, found `{found}`")
            }
            DealError::StrategyUnresolved { id } => write!(
                f,
                "strategy `{id}` has no chart for this shoe yet: resolve the spec's strategies before play"
            ),
            DealError::NoSuchHand { hand, spec, hands } => write!(
                f,
                "spec `{spec}` has no {hand} hand (its hands: {})",
                super::words::list(hands)
            ),
        }
    }
}
