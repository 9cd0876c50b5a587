//! Ways fixture files and their cases are refused (`crate::fixtures`).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixtureError {
    /// `certify tests/specs/dragon_bonus.yaml` with no `tests/fixtures/*.yaml`
    /// naming `spec: dragon_bonus`.
    NoFixtures { spec: String, create: String },
    /// `--fixtures some_file.yaml`: the fixture folder cannot be listed.
    FolderUnreadable { dir: String, reason: String },
    /// `expect: { lucky_mokey: lose }`: the spec has no such wager.
    UnknownWager { wager: String, spec: String },
    /// `expect: { lucky_monkey.PT9: lose }`: the wager has no such pay table.
    UnknownPayTable { wager: String, table: String },
    /// `expect: { lucky_monkey: both_faces }`: the wager has no such event.
    UnknownEvent {
        wager: String,
        event: String,
        known: Vec<String>,
    },
    /// `expect: { lucky_monkey: both_face pays lots }`: not a pay.
    UnreadablePay { pay: String },
    /// `decks: 0`: a deck count is a positive whole number.
    BadDecks { found: i64 },
    /// `totals: [8]` or `totals: [8, 10]`.
    BadTotals,
    /// `dealer: 4s,Kd` in a player/banker game, or a misspelt key such as `expects:`.
    UnknownKey { key: String, hands: Vec<String> },
    /// A case with cards but no `expect`, `totals` or `error`.
    ExpectsNothing,
    /// `reading: natural`: the spec has no interpretation of its game's
    /// rules by that id.
    UnknownReading { reading: String, known: Vec<String> },
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FixtureError::NoFixtures { spec, create } => write!(
                f,
                "no fixture file names spec `{spec}`: create {create} with hand-worked cases from the rule document (certify computes nothing until fixtures confirm the spec settles rounds as the document says)"
            ),
            FixtureError::FolderUnreadable { dir, reason } => {
                write!(f, "cannot read fixture folder {dir}: {reason}")
            }
            FixtureError::UnknownWager { wager, spec } => {
                write!(f, "unknown wager `{wager}` in spec `{spec}`")
            }
            FixtureError::UnknownPayTable { wager, table } => {
                write!(f, "wager `{wager}` has no pay table `{table}`")
            }
            FixtureError::UnknownEvent {
                wager,
                event,
                known,
            } => write!(
                f,
                "wager `{wager}` has no event `{event}`: expected lose, push, not placed or one of {}",
                super::words::list(known)
            ),
            FixtureError::UnreadablePay { pay } => write!(
                f,
                "cannot read the pay `{pay}`: expected e.g. `15 to 1`, `push` or `lose`"
            ),
            FixtureError::BadDecks { found } => {
                write!(f, "decks must be a positive whole number, found {found}")
            }
            FixtureError::BadTotals => {
                f.write_str("totals are two numbers 0-9 in hand order, e.g. `[8, 6]`")
            }
            FixtureError::UnknownKey { key, hands } => write!(
                f,
                "unknown case key `{key}`: expected a hand ({}), decision, strategy, reading, decks, totals, error or expect",
                super::words::list(hands)
            ),
            FixtureError::ExpectsNothing => {
                f.write_str("a case expects nothing: add expect.<wager>, totals or error")
            }
            FixtureError::UnknownReading { reading, known } if known.is_empty() => write!(
                f,
                "unknown reading `{reading}`: the spec has no interpretation whose alternative changes the game"
            ),
            FixtureError::UnknownReading { reading, known } => write!(
                f,
                "unknown reading `{reading}`: expected one of {}",
                super::words::list(known)
            ),
        }
    }
}
