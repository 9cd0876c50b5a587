//! From exact counts to what a reader checks: claims, warnings, the terminal
//! summary and the machine-readable JSON document.

mod appendix;
mod claims;
pub(crate) mod counted;
pub mod data;
pub(crate) mod decision;
mod decks;
pub mod document;
pub(crate) mod exposure;
mod fill;
mod findings;
mod form;
pub(crate) mod game_readings;
mod headline;
pub(crate) mod inputs;
pub mod leaflet;
pub(crate) mod manifest;
pub(crate) mod markdown;
mod method;
pub mod model;
pub(crate) mod numbering;

mod other_decks;
mod page_one;
pub mod pdf;
mod precedence;
mod protection;
pub(crate) mod readings;
pub mod release;
mod results;
mod rules;
pub(crate) mod search;
pub(crate) mod sides;
pub(crate) mod simulation;
pub(crate) mod summary;
pub mod terms;
pub(crate) mod text;
pub(crate) mod trace;
mod warnings;
pub(crate) mod words;

pub use crate::assess::{AlternativeGame, ClaimCheck, Computed};
