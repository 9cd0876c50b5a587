//! `certify protect` refuses the scenarios and wagers it is given
//! (`--scenario`, `--wagers`). Held as wording by `UsageError::Flag`
//! (exit 2).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtectError {
    /// `--scenario peek:1`: not one of the scenario forms.
    Form { text: String },
    /// `--scenario ranks:5`: the player sees at most the four cards dealt
    /// before anyone draws.
    Cards { text: String },
    /// `--scenario groups:1:6X9`: a character that is no rank.
    Rank { text: String, found: String },
    /// `--scenario groups:1:A23456789TJQK`: a group must leave some ranks out.
    Group { text: String },
    /// `--wagers player,bankr`: no wager or combined wager of that id.
    Wager { id: String, known: String },
    /// `--wagers player/no_such`: no pay table of that id.
    Table { wager: String, table: String },
    /// The drawing strategy reads suits: the walk by class cannot play it.
    StrategyReadsSuits,
    /// `hole` or `seen:N` on a game where no player decides anything.
    NoDecision { title: String },
    /// `hole` on a game whose deciding player already sees every card.
    NothingHidden { title: String },
    /// `seen:N` with N out of range (1 to `most`).
    Seen { text: String, most: u8 },
    /// `seen:N` leaving fewer than six cards for the round.
    TooFewCards { seen: u8 },
    /// `hand:NAME` naming no hand of the game.
    Hand { text: String, hands: String },
}

impl fmt::Display for ProtectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtectError::Form { text } => write!(
                f,
                "`{text}` is not a scenario: give ranks:K, groups:K:RANKS or groups:K:best (K = 1 to 4) or hand:NAME (a hand's first two cards), optionally @wager,wager, e.g. groups:1:6789; or, where a player decides, hole or seen:N"
            ),
            ProtectError::Cards { text } => {
                write!(f, "`{text}`: K is the number of first cards seen, 1 to 4")
            }
            ProtectError::Rank { text, found } => write!(
                f,
                "`{text}`: `{found}` is not a rank; write the group's ranks as on cards, e.g. 6789 or TJQK"
            ),
            ProtectError::Group { text } => write!(
                f,
                "`{text}`: the group must hold some ranks and leave some out"
            ),
            ProtectError::Wager { id, known } => {
                write!(
                    f,
                    "no wager or combined wager `{id}` (the spec has {known})"
                )
            }
            ProtectError::Table { wager, table } => {
                write!(f, "wager `{wager}` has no pay table `{table}`")
            }
            ProtectError::StrategyReadsSuits => write!(
                f,
                "the spec's drawing strategy reads suits: game protection needs a strategy that reads ranks or values"
            ),
            ProtectError::NoDecision { title } => write!(
                f,
                "{title}: no player decides anything (no `decides:` with an `optimal:` objective), so seeing a card cannot change how anyone plays; `hole` and `seen:N` are for games such as Lucky Draw"
            ),
            ProtectError::NothingHidden { title } => write!(
                f,
                "{title}: the deciding player already sees every card of the initial deal: there is no face-down card for `hole`"
            ),
            ProtectError::Seen { text, most } => write!(
                f,
                "`{text}`: N is the number of other cards seen face up, 1 to {most}"
            ),
            ProtectError::Hand { text, hands } => {
                write!(f, "`{text}`: no such hand; the game's hands are {hands}")
            }
            ProtectError::TooFewCards { seen } => write!(
                f,
                "seen:{seen}: the shoe must hold the {seen} cards seen and the six of the round"
            ),
        }
    }
}
