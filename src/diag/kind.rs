//! The error vocabulary: every way certify refuses an input, one wording per
//! kind. A diagnostic carries a kind; its headline is the kind's `Display`.
//!
//! Kinds are grouped by the stage that finds them, one enum per stage in a
//! file of its own beside this one, so each stage's words live together.
//! Each variant's doc comment shows an input that triggers it.

use super::cards::CardError;
use super::deal::DealError;
use super::expr::ExprError;
use super::fixture::FixtureError;
use super::input::InputError;
use super::report::ReportError;
use super::round::RoundError;
use super::simulate::SimulateError;
use super::spec::SpecError;
use super::trace::TraceError;
use super::usage::UsageError;
use std::fmt;

/// Declares `ErrorKind` with one variant per stage, its `Display` (the
/// stage's own wording) and a `From` for each stage's enum.
macro_rules! kinds {
    ($($(#[$doc:meta])* $variant:ident($stage:ty),)*) => {
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum ErrorKind {
            $($(#[$doc])* $variant($stage),)*
        }

        impl fmt::Display for ErrorKind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(ErrorKind::$variant(e) => e.fmt(f),)*
                }
            }
        }

        $(impl From<$stage> for ErrorKind {
            fn from(e: $stage) -> Self {
                ErrorKind::$variant(e)
            }
        })*
    };
}

kinds! {
    /// Reading a file and its YAML: size limits, syntax, shape, numbers.
    Input(InputError),
    /// A condition: syntax, names, types, nesting.
    Expr(ExprError),
    /// The checker refuses a spec.
    Spec(SpecError),
    /// The table checker refuses a round file.
    Round(RoundError),
    /// Card text such as `9x`.
    Card(CardError),
    /// A round's cards or choices against the drawing rules.
    Deal(DealError),
    /// A fixture file or case.
    Fixture(FixtureError),
    /// The command line is wrong (exit 2).
    Usage(UsageError),
    /// Writing or verifying reports.
    Report(ReportError),
    /// The simulator's settings or shards.
    Simulate(SimulateError),
    /// A quotation or reference not found in the rule document.
    Trace(TraceError),
}
