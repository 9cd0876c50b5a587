//! `certify shoe` refuses the cards it is given (`--remove`,
//! `--composition`). Held as wording by `UsageError::Flag` (exit 2).

use super::cut;
use std::fmt;

/// How the messages list what a card is made of.
const RANKS: &str = "A 2-9 10 T J Q K";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShoeError {
    /// `--remove "7 X"`: not a card (a rank, or a rank and a suit);
    /// `fault` names the part at fault when one is recognisable: a suit
    /// after a rank (`9x`), a rank before a suit (`Xs`).
    Card { text: String, fault: Option<Fault> },
    /// `--composition "A=4"`: an entry is not `CARD:COUNT`.
    Entry { text: String },
    /// `--composition "A:x"`: the count is not a whole number.
    Count { text: String },
    /// `--remove "7h 7h"` from one deck: more of a card (or of a rank)
    /// than the shoe holds.
    TooMany { card: String, held: u32, decks: u32 },
    /// `--composition "A:1000"` at 8 decks: more of a card (or of a rank)
    /// left than the full shoe holds.
    MoreThanHeld {
        entry: String,
        card: String,
        held: u32,
        decks: u32,
    },
    /// `--composition "A:3,A:4"` or `"A:4,Ah:1"`: a rank or card given
    /// twice (a rank's entry covers its four cards).
    Twice { card: String },
    /// `--composition "A:3"` where a wager reads suits: which suits the
    /// three are of changes its figures, so a rank alone stands only for
    /// all of its cards or none.
    RankInSuitGame {
        entry: String,
        rank: String,
        full: u32,
        wager: String,
    },
    /// `--remove ""`: no card at all.
    NoCards,
    /// `--composition "A:2,K:3"`: a round needs six cards.
    TooFew { left: u128 },
    /// Neither `--remove` nor `--composition`.
    NoShoe,
}

/// The part of a card's text at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// What follows a rank is not a suit (`9x`: `x`).
    Suit(String),
    /// What stands before a suit is not a rank (`Xs`: `X`).
    Rank(String),
}

impl fmt::Display for ShoeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShoeError::Card { text, fault } => {
                write!(f, "`{}` is not a card", cut(text))?;
                match fault {
                    Some(Fault::Suit(s)) => {
                        write!(f, ": `{}` is not a suit (s h d c or ♠ ♥ ♦ ♣)", cut(s))?
                    }
                    Some(Fault::Rank(r)) => write!(f, ": `{}` is not a rank ({RANKS})", cut(r))?,
                    None => {}
                }
                write!(
                    f,
                    "; expected a rank ({RANKS}) or a rank and a suit (7h, 7♥)"
                )
            }
            ShoeError::Entry { text } => write!(
                f,
                "`{}` is not CARD:COUNT: give counts per rank or per card, e.g. A:32,7h:8",
                cut(text)
            ),
            ShoeError::Count { text } => write!(
                f,
                "`{}`: the count after `:` is not a whole number; give counts per rank or per card, e.g. A:32,7h:8",
                cut(text)
            ),
            ShoeError::TooMany { card, held, decks } => write!(
                f,
                "more of {card} removed than the shoe holds: {held} in {decks} deck{}",
                if *decks == 1 { "" } else { "s" }
            ),
            ShoeError::MoreThanHeld {
                entry,
                card,
                held,
                decks,
            } => write!(
                f,
                "`{}`: more of {card} left than the full shoe holds: {held} in {decks} deck{}",
                cut(entry),
                if *decks == 1 { "" } else { "s" }
            ),
            ShoeError::Twice { card } => write!(
                f,
                "{card} is given twice (a rank's count covers its four suits): give each rank or card once"
            ),
            ShoeError::RankInSuitGame {
                entry,
                rank,
                full,
                wager,
            } => write!(
                f,
                "`{}`: wager `{wager}` reads suits, so the suits of what is left matter; give {rank}'s count per card ({rank}s:2,{rank}h:1, ...): a rank alone stands only for all {full} of its cards or none",
                cut(entry)
            ),
            ShoeError::NoCards => write!(
                f,
                "no card given: name the cards dealt from the full shoe, e.g. --remove \"7 7 K 3h\""
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
