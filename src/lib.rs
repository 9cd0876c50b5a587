//! certify: verify casino game rules and certify their mathematics.
//!
//! # Layout
//!
//! Every command runs one pipeline (`pipeline`), stage by stage:
//!
//! ```text
//! parse (spec, expr) -> check (trace: quotations) -> strategy -> fixtures
//!     -> trace (matrix) -> verify -> compute (engine; protection, removal,
//!     study) -> assess -> render (report; edition, leaflet)
//! ```
//!
//! Figures are computed once; `assess` decides every finding, question,
//! limitation and the verdict from them, as one typed value; `report` and
//! `edition` only word and lay that value out (Markdown, PDF, JSON).
//!
//! Modules come in four kinds; each module's doc says which it is.
//!
//! * **Stages**, named for what they do or produce, each called by the
//!   pipeline: `spec` loads a YAML rule spec with source positions, `check`
//!   type-checks and compiles it into the model (and has `trace` find its
//!   quotations and references in the rule document), `strategy` resolves the
//!   player's optimal strategy for a shoe, `fixtures` runs handwritten
//!   cases (their quotations found by `trace` too), `trace` builds the
//!   traceability matrix (the document's places, what implements and tests
//!   them), `verify` checks the exact engine against the reference
//!   evaluator, `protection` computes what a player who sees cards gains,
//!   `removal` computes the effects of removal, `study` sets the
//!   simulator's shoes beside the exact figures, `assess` decides what the
//!   figures mean, `report` renders (and `edition` words a report for an
//!   authority).
//! * **Machinery**, named for the machine, which the stages run and which
//!   knows no stage: `expr` (the condition parser), `eval` (the reference
//!   evaluator: plays and settles concrete rounds), `engine` (the exact
//!   enumeration; `engine::shoe_state`, the exact edge of any remaining
//!   shoe from one walk per spec), `protect` (the decisions of a player
//!   who sees cards), `simulator` (the shoe simulator; it shares no code
//!   with the engine), `diff` (two specs or reports compared).
//! * **Data and vocabulary** at the bottom: `model` (the checked spec),
//!   `cards`, `options`, `limits`, `cpu` (what the processor offers the
//!   vector loops), `numbers` (every decimal a reader sees),
//!   `testing` (test builds only: a fixed sequence of numbers for the
//!   unit tests' random cases) and `diag` (every error and its wording:
//!   it depends on no other module of the crate).
//! * **Front ends**: `cli` (the command line, one file per command), `lsp`
//!   (`certify lsp`, the language server editors run), and
//!   the commands beside the pipeline (`certify shoe` runs
//!   `engine::shoe_state` directly): `table` (whole table rounds),
//!   `scaffold` (`certify new`).
//!
//! `tests/architecture.rs` holds the directions that matter (the evaluator
//! never uses the engine, the simulator shares nothing with it, the model
//! depends on no stage, the assessment depends on no renderer, ...), that
//! no two top-level modules import each other in a circle, and that no
//! folder's files do.

pub mod assess;
pub mod cards;
pub mod check;
pub mod cli;
pub(crate) mod cpu;
pub mod design;
pub mod diag;
pub mod diff;
pub mod edition;
pub mod engine;
pub mod eval;
pub mod expr;
pub mod fixtures;
pub mod limits;
pub mod lsp;
pub mod model;
pub mod numbers;
pub mod options;
pub mod pipeline;
pub mod protect;
pub mod protection;
pub mod removal;
pub mod report;
pub mod scaffold;
pub mod simulator;
pub mod spec;
pub mod strategy;
pub mod study;
pub mod table;
#[cfg(test)]
pub(crate) mod testing;
pub mod trace;
pub mod verify;
