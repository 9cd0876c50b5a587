//! `certify shoe` refuses the cards it is given (`--remove`,
//! `--composition`). Held as wording by `UsageError::Flag` (exit 2).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShoeError {
    /// `--remove "7 X"`: not a card (a rank, or a rank and a suit); the
    /// card refusal's own wording.
    Card { text: String, error: String },
    /// `--composition "A=4"`: an entry is not `CARD:COUNT`.
    Entry { text: String },
    /// `--remove "7h 7h"` from one deck: more of a card (or of a rank)
    /// than the shoe holds.
    TooMany { card: String, held: u32, decks: u32 },
    /// `--composition "A:2,K:3"`: a round needs six cards.
    TooFew { left: u128 },
    /// Neither `--remove` nor `--composition`.
    NoShoe,
}

impl fmt::Display for ShoeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShoeError::Card { text, error } => write!(
                f,
                "`{text}` is not a card ({error}); give a rank (A 2-9 10 T J Q K) or a rank and a suit (7h)"
            ),
            ShoeError::Entry { text } => write!(
                f,
                "`{text}` is not CARD:COUNT: give counts per rank or per card, e.g. A:32,7h:8"
            ),
            ShoeError::TooMany { card, held, decks } => write!(
                f,
                "more of {card} removed than the shoe holds: {held} in {decks} deck{}",
                if *decks == 1 { "" } else { "s" }
            ),
            ShoeError::TooFew { left } => write!(
                f,
                "{left} card{} left: a round needs six (the six-card convention)",
                if *left == 1 { "" } else { "s" }
            ),
            ShoeError::NoShoe => write!(
                f,
                "say which shoe: --remove \"7 7 K 3\" (cards dealt from the full shoe) or --composition \"A:32,2:31,...\" (the cards left)"
            ),
        }
    }
}
