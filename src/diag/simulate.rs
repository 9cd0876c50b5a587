//! The simulator refuses its settings or shards.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimulateError {
    /// `certify simulate SPEC --rounds 0`.
    NoRounds,
    /// `certify simulate SPEC --penetration 1.2` (a share of the shoe).
    Penetration { given: String },
    /// `certify simulate SPEC --bound-shoes 1` (an interval needs two).
    BoundShoes,
    /// `certify simulate SPEC --shard 5/4`.
    Shard { given: String },
    /// `certify simulate merge a.json b.json` where the two are not shards
    /// of one run (another spec, seed, round count or penetration).
    MergeMismatch { file: String, what: String },
    /// `certify simulate merge s1.json s1.json` (each shard once).
    MergeShards { expected: u64, found: String },
    /// A shard file that is not a simulation's JSON.
    NotAShard { file: String, reason: String },
}

impl fmt::Display for SimulateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimulateError::NoRounds => write!(f, "--rounds: simulate at least one round"),
            SimulateError::Penetration { given } => write!(
                f,
                "--penetration {given}: give the share of the shoe dealt before the cut card, between 0.4 and 1 (e.g. 0.96)"
            ),
            SimulateError::BoundShoes => write!(
                f,
                "--bound-shoes 1: sample at least 2 shoes (the bound's interval is taken over shoes), or 0 for no bound"
            ),
            SimulateError::Shard { given } => write!(
                f,
                "--shard {given}: give K/N with 1 <= K <= N (e.g. --shard 2/8)"
            ),
            SimulateError::MergeMismatch { file, what } => write!(
                f,
                "{file}: not a shard of the same run as the first file ({what} differs)"
            ),
            SimulateError::MergeShards { expected, found } => write!(
                f,
                "shards to merge: expected each of 1 to {expected} once, found {found}"
            ),
            SimulateError::NotAShard { file, reason } => write!(
                f,
                "{file}: not the JSON of `certify simulate --json` ({reason})"
            ),
        }
    }
}
