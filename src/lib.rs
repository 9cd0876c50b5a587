//! certify: verify casino game rules and certify their mathematics.
//!
//! Stages, each a module: `spec` loads a YAML rule spec with source positions,
//! `expr` parses conditions, `check` type-checks and compiles them, `eval` plays
//! and settles concrete rounds, `fixtures` runs handwritten cases.

pub mod cards;
pub mod expr;
pub mod diag;
pub mod spec;
pub mod model;
pub mod check;
pub mod eval;
pub mod fixtures;
pub mod cli;
