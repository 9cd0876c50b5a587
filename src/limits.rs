//! Every limit certify holds its inputs to, in one place: the manual's
//! limits chapter lists these, and each has a test at and past it.
//!
//! They keep any input within about 1 GB of memory and a bounded time
//! (measured with the largest accepted inputs: see `docs/limits.md`), far
//! above what a rule document needs: the largest shipped spec has 53 pay
//! tables and about 200 events in all.
//!
//! Layer: data: the input limits (the layout is in `src/lib.rs`).

/// Files.
pub use crate::spec::limits::{
    MAX_ALIASES as YAML_ALIASES, MAX_BYTES as YAML_BYTES, MAX_DEPTH as YAML_DEPTH, MAX_ID_CHARS,
    MAX_TEXT_CHARS, MAX_VALUES as YAML_VALUES,
};

/// Conditions: nesting of parentheses, and depth of the parsed expression.
pub use crate::diag::expr::{MAX_DEPTH as CONDITION_DEPTH, MAX_NESTING as CONDITION_NESTING};

/// The largest report `certify verify` or `certify diff` reads: 64 MiB (the
/// largest shipped report is under 1 MB; a spec at the limits below writes
/// a few MB).
pub const MAX_REPORT_BYTES: u64 = 64 << 20;

/// The most JSON values a report `certify verify` or `certify diff` reads
/// may hold: 2,000,000 (counted before it is parsed; the largest shipped
/// report holds 55,000, a spec at the limits below a few hundred
/// thousand).
pub const MAX_REPORT_VALUES: usize = 2_000_000;

/// The largest shard file `certify simulate --merge` reads: 256 MiB. A
/// shard of a spec at the limits below (20,000 settlement lines) is about
/// 73 MB of JSON. Also the most of any file a diagnostic quotes from.
pub const MAX_SHARD_BYTES: u64 = 256 << 20;
/// The most shard files one merge reads (10^11 rounds in shards of 10^7).
pub const MAX_SHARDS: usize = 10_000;

/// Wagers in one spec.
pub const MAX_WAGERS: usize = 100;
/// Player's leaflets declared by one spec (`leaflets:`): each is three
/// files `certify leaflet` writes.
pub const MAX_LEAFLETS: usize = 100;
/// Pay tables of one wager.
pub const MAX_PAY_TABLES: usize = 50;
/// Events of one wager.
pub const MAX_EVENTS: usize = 5_000;
/// Settlement lines of a spec: over every pay table, the events it
/// prices. The simulator keeps 243 counters a line per thread.
pub const MAX_LINES: usize = 20_000;

/// Rounds in one table round file (`certify table --round FILE`): a
/// minimal round is about 20 YAML values, so the file limit of 100,000
/// values allows some 4,700 rounds; this names the limit in rounds.
pub const MAX_TABLE_ROUNDS: usize = 4_000;

/// Rounds of a simulation pass (`--rounds`, `--simulate`): about 14 hours
/// at 20 million rounds a second; split a larger run into shards.
pub const MAX_SIMULATE_ROUNDS: u64 = 1_000_000_000_000;
/// Shoes sampled for the perfect-information bound (`--bound-shoes`).
pub const MAX_BOUND_SHOES: u64 = 100_000;
/// The share of the shoe dealt before the cut card (`--penetration`).
pub const PENETRATION: std::ops::RangeInclusive<f64> = 0.4..=1.0;
/// Rounds sampled when the engine is checked against the evaluator
/// (`--verify N`).
pub const MAX_VERIFY_SAMPLES: usize = 10_000_000;
