//! The error vocabulary: every way certify refuses an input, one wording per
//! kind. A diagnostic carries a kind; its headline is the kind's `Display`.
//!
//! Kinds are grouped by the stage that finds them, one enum per stage in a
//! file of its own beside this one, so each stage's words live together.
//! Each variant's doc comment shows an input that triggers it.

use super::report::ReportError;
use super::usage::UsageError;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Transitional: free text not yet given a kind of its own. To be removed
    /// once every stage reports typed kinds.
    Legacy(String),
    /// The command line is wrong (exit 2).
    Usage(UsageError),
    /// Writing or verifying reports.
    Report(ReportError),
    /// The checker refuses a spec.
    Spec(super::spec::SpecError),
    /// The table checker refuses a round file.
    Round(super::round::RoundError),
    /// Card text (`9x`), a round's cards or choices, a fixture case.
    Card(super::cards::CardError),
    Deal(super::deal::DealError),
    Fixture(super::fixture::FixtureError),
    /// Reading a file and its YAML (see `input.rs`).
    Input(super::input::InputError),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Legacy(s) => f.write_str(s),
            ErrorKind::Usage(e) => e.fmt(f),
            ErrorKind::Report(e) => e.fmt(f),
            ErrorKind::Spec(e) => e.fmt(f),
            ErrorKind::Round(e) => e.fmt(f),
            ErrorKind::Card(e) => e.fmt(f),
            ErrorKind::Deal(e) => e.fmt(f),
            ErrorKind::Fixture(e) => e.fmt(f),
            ErrorKind::Input(e) => e.fmt(f),
        }
    }
}

impl From<UsageError> for ErrorKind {
    fn from(e: UsageError) -> Self {
        ErrorKind::Usage(e)
    }
}

impl From<ReportError> for ErrorKind {
    fn from(e: ReportError) -> Self {
        ErrorKind::Report(e)
    }
}

impl From<super::input::InputError> for ErrorKind {
    fn from(e: super::input::InputError) -> Self {
        ErrorKind::Input(e)
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

impl From<super::spec::SpecError> for ErrorKind {
    fn from(e: super::spec::SpecError) -> Self {
        ErrorKind::Spec(e)
    }
}

impl From<super::round::RoundError> for ErrorKind {
    fn from(e: super::round::RoundError) -> Self {
        ErrorKind::Round(e)
    }
}

impl From<super::cards::CardError> for ErrorKind {
    fn from(e: super::cards::CardError) -> Self {
        ErrorKind::Card(e)
    }
}

impl From<super::deal::DealError> for ErrorKind {
    fn from(e: super::deal::DealError) -> Self {
        ErrorKind::Deal(e)
    }
}

impl From<super::fixture::FixtureError> for ErrorKind {
    fn from(e: super::fixture::FixtureError) -> Self {
        ErrorKind::Fixture(e)
    }
}
