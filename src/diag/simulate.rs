//! The simulator refuses its settings or shards.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimulateError {
    /// `certify simulate SPEC --rounds 0`.
    NoRounds,
    /// `certify simulate SPEC --rounds 10000000000000` (past the limit:
    /// split such a run into shards).
    TooManyRounds { given: u64, max: u64 },
    /// `certify simulate SPEC --penetration 1.2` (a share of the shoe).
    Penetration { given: String },
    /// `certify simulate SPEC --bound-shoes 1` (an interval needs two).
    BoundShoes { flag: String },
    /// `certify simulate SPEC --shard 5/4`.
    Shard { given: String },
    /// `certify simulate SPEC --rounds 200000 --shard 1/2`: shards take
    /// whole blocks of 2^20 rounds, and this run has one block.
    ShardEmpty {
        shard: String,
        rounds: u64,
        blocks: u64,
        /// The fewest rounds a run of this many shards needs (one whole
        /// block a shard).
        least: u64,
    },
    /// A shard file that is not the JSON of `certify simulate --json`:
    /// not JSON, or a value of the wrong kind (`"rounds": "ten"`).
    NotAShard { reason: String },
    /// A field of a shard file that is not what the merge needs: an array
    /// of the wrong length, a count above its total, another spec's hash.
    ShardField { field: String, problem: String },
    /// A shard file whose tallies were edited (or damaged) after certify
    /// wrote them: their SHA-256 is not the one recorded beside them.
    ShardDigest,
    /// Shard files of two runs: `field` differs from the first file's.
    OtherRun { field: String, first_file: String },
    /// The same shard of a run given twice.
    ShardTwice {
        index: u64,
        count: u64,
        first_file: String,
    },
    /// A merge given no shard file (through the library: the command
    /// line asks for at least one).
    NoShards,
    /// A merge that lacks shards of the run (a partial merge is refused).
    ShardsMissing { missing: String, count: u64 },
    /// More shard files than a merge takes.
    TooManyShards { given: usize, max: usize },
}

impl fmt::Display for SimulateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimulateError::NoRounds => write!(f, "--rounds: simulate at least one round"),
            SimulateError::TooManyRounds { given, max } => write!(
                f,
                "--rounds {}: at most {} rounds a pass; deal a larger run as shards (--shard K/N) and merge them",
                grouped(given),
                grouped(max),
            ),
            SimulateError::Penetration { given } => write!(
                f,
                "--penetration {given}: give the share of the shoe dealt before the cut card, between 0.4 and 1 (e.g. 0.96)"
            ),
            SimulateError::BoundShoes { flag } => write!(
                f,
                "--{flag} 1: sample at least 2 shoes (the intervals are taken over shoes), or 0 for none"
            ),
            SimulateError::Shard { given } => write!(
                f,
                "--shard {given}: give K/N with 1 <= K <= N (e.g. --shard 2/8)"
            ),
            SimulateError::ShardEmpty {
                shard,
                rounds,
                blocks,
                least,
            } => write!(
                f,
                "--shard {shard}: this shard would deal no rounds. A run of {} rounds is {} block{} of up to 2^20 rounds, and each shard deals whole blocks, so it splits into at most {} shard{}: give fewer shards, or at least {} rounds",
                grouped(rounds),
                grouped(blocks),
                if *blocks == 1 { "" } else { "s" },
                grouped(blocks),
                if *blocks == 1 { "" } else { "s" },
                grouped(least),
            ),
            SimulateError::NotAShard { reason } => write!(
                f,
                "not a shard file of `certify simulate --shard K/N --json`: {reason}"
            ),
            SimulateError::ShardField { field, problem } => write!(f, "`{field}` {problem}"),
            SimulateError::ShardDigest => f.write_str(
                "the tallies do not match their `tallies_sha256`: the file was changed after certify wrote it, or damaged on the way (deal this shard again)",
            ),
            SimulateError::OtherRun { field, first_file } => write!(
                f,
                "not a shard of the same run as {first_file}: `{field}` differs"
            ),
            SimulateError::ShardTwice {
                index,
                count,
                first_file,
            } => write!(
                f,
                "shard {index} of {count} is given twice: {first_file} is shard {index} too"
            ),
            SimulateError::NoShards => f.write_str("--merge: no shard file given"),
            SimulateError::ShardsMissing { missing, count } => write!(
                f,
                "shards missing: {missing} of {count}. A merge adds every shard of a run (a partial merge is refused, as its figures would not be the run's)"
            ),
            SimulateError::TooManyShards { given, max } => write!(
                f,
                "--merge: {} shard files given, at most {} are merged at once",
                grouped(given),
                grouped(max),
            ),
        }
    }
}

/// `1,048,576`, as the reports write counts.
fn grouped(n: impl ToString) -> String {
    super::words::group_digits(&n.to_string())
}
