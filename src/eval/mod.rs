//! The reference evaluator: plays one round from concrete cards by the
//! spec's drawing rules and settles every wager under every pay table.
//! Written for clarity, not speed: the engine is checked against it.

pub mod differ;
pub mod play;
pub mod settle;

pub use play::{Deal, Decision, play};
pub use settle::{Outcome, WagerResult, settle};
