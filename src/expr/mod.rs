//! The condition language: its syntax tree and its nom parser.
//! Names are not resolved here; `check` gives them meaning and types.
//!
//! Layer: machinery, run by the check stage (the layout is in `src/lib.rs`).

pub mod ast;
pub mod parse;

pub use ast::{BinOp, Expr, ExprKind, Span};
pub use parse::{ParseError, parse_expr};
