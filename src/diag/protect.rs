//! `certify protect` refuses the scenarios and wagers it is given
//! (`--scenario`, `--wagers`). Held as wording by `UsageError::Flag`
//! (exit 2).

use super::cut;
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
    /// `--wagers player,player` or `@player,player`: a wager named twice
    /// in one list.
    Twice { id: String },
    /// `--wagers` or `@` naming more than `max` wagers.
    TooManyWagers { given: usize, max: usize },
    /// `--scenario ranks:1 --scenario ranks:1`: a scenario given twice.
    ScenarioTwice { text: String },
    /// More than `max` `--scenario` flags.
    TooManyScenarios { given: usize, max: usize },
    /// `hand:NAME` naming no hand of the game.
    Hand { text: String, hands: String },
}

impl fmt::Display for ProtectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtectError::Form { text } => write!(
                f,
                "`{}` is not a scenario: give ranks:K, groups:K:RANKS or groups:K:best (K = 1 to 4) or hand:NAME (a hand's first two cards), optionally @wager,wager, e.g. groups:1:6789; or, where a player decides, hole or seen:N",
                cut(text)
            ),
            ProtectError::Cards { text } => {
                write!(
                    f,
                    "`{}`: K is the number of first cards seen, 1 to 4",
                    cut(text)
                )
            }
            ProtectError::Rank { text, found } => write!(
                f,
                "`{}`: `{found}` is not a rank; write the group's ranks as on cards, e.g. 6789 or TJQK",
                cut(text)
            ),
            ProtectError::Group { text } => write!(
                f,
                "`{}`: the group must hold some ranks and leave some out",
                cut(text)
            ),
            ProtectError::Wager { id, known } => {
                write!(
                    f,
                    "no wager or combined wager `{}` (the spec has {known})",
                    cut(id)
                )
            }
            ProtectError::Table { wager, table } => {
                write!(
                    f,
                    "wager `{}` has no pay table `{}`",
                    cut(wager),
                    cut(table)
                )
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
                "`{}`: N is the number of other cards seen face up, 1 to {most}",
                cut(text)
            ),
            ProtectError::Hand { text, hands } => {
                write!(
                    f,
                    "`{}`: no such hand; the game's hands are {hands}",
                    cut(text)
                )
            }
            ProtectError::TooFewCards { seen } => write!(
                f,
                "seen:{seen}: the shoe must hold the {seen} cards seen and the six of the round"
            ),
            ProtectError::Twice { id } => {
                write!(f, "`{}` is named twice: name each wager once", cut(id))
            }
            ProtectError::TooManyWagers { given, max } => write!(
                f,
                "{given} wagers named, at most {max} (the limits are in the manual's limits chapter)"
            ),
            ProtectError::ScenarioTwice { text } => {
                write!(f, "`{}` is given twice: give each scenario once", cut(text))
            }
            ProtectError::TooManyScenarios { given, max } => write!(
                f,
                "{given} scenarios given, at most {max} in one run (the limits are in the manual's limits chapter)"
            ),
        }
    }
}
