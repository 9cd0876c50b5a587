//! The error vocabulary: every way certify refuses an input, one wording per
//! kind. A diagnostic carries a kind; its headline is the kind's `Display`.
//!
//! Kinds are grouped by the stage that finds them, one enum per stage in a
//! file of its own beside this one, so each stage's words live together.
//! Each variant's doc comment shows an input that triggers it.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Transitional: free text not yet given a kind of its own. To be removed
    /// once every stage reports typed kinds.
    Legacy(String),
    /// A condition or definition refused by the parser or the type checker.
    Expr(super::expr::ExprError),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Legacy(s) => f.write_str(s),
            ErrorKind::Expr(e) => e.fmt(f),
        }
    }
}

impl From<String> for ErrorKind {
    fn from(s: String) -> Self {
        ErrorKind::Legacy(s)
    }
}

impl From<&str> for ErrorKind {
    fn from(s: &str) -> Self {
        ErrorKind::Legacy(s.to_string())
    }
}

impl From<super::expr::ExprError> for ErrorKind {
    fn from(e: super::expr::ExprError) -> Self {
        ErrorKind::Expr(e)
    }
}
