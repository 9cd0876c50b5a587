//! `--min-bet` and `--max-bet` refused against the spec (the Washington
//! edition's payout limits and the leaflet read them; the manifest records
//! them). Held as wording by `UsageError::Flag` (exit 2).

use super::cut;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BetError {
    /// `--min-bet nosuch=5`: no wager of that id (`known`: the spec's,
    /// listed).
    UnknownWager { id: String, known: String },
    /// `--min-bet lucky_7=1 --min-bet lucky_7=2`: one value per wager.
    Twice { id: String },
    /// `--min-bet lucky_7=100 --max-bet lucky_7=10`, or a flag against the
    /// spec's own bet: `min` and `max` as written (`--min-bet lucky_7=100`,
    /// or `the spec's $10`).
    Inverted {
        wager: String,
        min: String,
        max: String,
    },
}

impl fmt::Display for BetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BetError::UnknownWager { id, known } => write!(
                f,
                "no wager `{}` in the spec (its wagers: {known})",
                cut(id)
            ),
            BetError::Twice { id } => {
                write!(f, "wager `{}` is given twice: one bet per wager", cut(id))
            }
            BetError::Inverted { wager, min, max } => write!(
                f,
                "wager `{wager}`'s minimum bet ({min}) is above its maximum bet ({max})"
            ),
        }
    }
}
