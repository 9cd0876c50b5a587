//! The reference evaluator: plays one round from concrete cards by the
//! spec's drawing rules and settles every wager under every pay table.
//! Written to be read: the engine is checked against it. It is fast only
//! in ways that keep it plain: conditions compiled once per spec into one
//! program (`program`) that settles 64 rounds at a time without branches,
//! no allocation per round, and a small shoe's rounds dealt with
//! multiplicities (`rounds`).
//!
//! Layer: machinery, run by fixtures, verify and the simulator (the layout
//! is in `src/lib.rs`).

pub mod differ;
pub mod play;
mod program;
pub mod rounds;
pub mod settle;

pub use play::{Deal, Decision, play};
pub use settle::{Outcome, Settled, Settler, WagerResult, settle};
