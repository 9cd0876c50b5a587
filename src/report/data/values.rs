//! The report's scalar values ([`crate::numbers::values`], shared with the
//! assessment) and the deck count's standing (the assessment's).

pub use crate::assess::DocumentStanding;
pub use crate::numbers::values::*;
