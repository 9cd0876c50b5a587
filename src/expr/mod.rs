//! The condition language: its syntax tree and its nom parser.
//! Names are not resolved here; `check` gives them meaning and types.

pub mod ast;
pub mod parse;

pub use ast::{BinOp, Expr, ExprKind, Span};
pub use parse::{ParseError, parse_expr};
