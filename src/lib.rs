//! certify: verify casino game rules and certify their mathematics.
//!
//! Stages, each a module: `spec` loads a YAML rule spec with source positions,
//! `expr` parses conditions, `check` type-checks and compiles them, `strategy`
//! resolves the player's optimal strategy for a shoe, `eval` plays and settles
//! concrete rounds, `fixtures` runs handwritten cases, `verify` checks the
//! exact `engine` against `eval`, `report` renders; `pipeline` drives them.

pub mod cards;
pub mod check;
pub mod cli;
pub mod diag;
pub mod diff;
pub mod engine;
pub mod eval;
pub mod expr;
pub mod fixtures;
pub mod limits;
pub mod model;
pub mod options;
pub mod pipeline;
pub mod removal;
pub mod report;
pub mod scaffold;
pub mod simulate;
pub mod simulation;
pub mod spec;
pub mod strategy;
pub mod table;
pub mod verify;
