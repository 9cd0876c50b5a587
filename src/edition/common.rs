//! What the editions share: the context an edition is written from, a
//! requirement row, an edition's empty figures, which pay tables an edition
//! shows. Kept apart from `mod.rs`, which dispatches to the editions, so
//! that no edition imports the module that imports it.

use super::sources::{Confirmed, Source};
use crate::diag::Diagnostic;
use crate::diag::spec::SpecError;
use crate::model::Spec;
use crate::options::Options;
use crate::report::data::edition as data;
use crate::report::model::Section;

/// What an edition is written from.
pub struct Context<'a> {
    pub spec: &'a Spec,
    pub analysis: &'a crate::engine::Analysis,
    pub options: &'a Options,
    /// What the report finds (the edition words it, decides nothing).
    pub assessment: &'a crate::assess::Assessment,
    /// The number of the first section the edition inserts.
    pub first: usize,
    /// Against the approved version (`--previous`), when given.
    pub variation: Option<&'a crate::diff::Diff>,
}

/// A requirement row.
pub(super) fn requirement(what: &str, section: String, source: &Source) -> data::Requirement {
    data::Requirement {
        requirement: what.into(),
        section,
        source: source.cell(),
        confirmed: source.confirmed == Confirmed::Official,
    }
}

/// An edition's figures before the requirements are added.
pub(super) fn figures(name: &'static str, authority: &'static str) -> data::Edition {
    data::Edition {
        name,
        authority,
        requirements: Vec::new(),
        payout_limits: None,
        player_dealer: Vec::new(),
        fees: Vec::new(),
        odds: Vec::new(),
    }
}

/// The pay tables an edition shows: the adopted ones (not under assumed
/// pays, not the other reading of a question put to the submitter).
pub(super) fn adopted(spec: &Spec, wager: &str, table: &str) -> bool {
    !crate::report::words::assumed(spec, wager, table)
        && !crate::report::words::asked(spec, wager, table)
}

/// What one edition writes: the authority, its sections after the first,
/// its figures and its requirements.
pub(super) type Written = (
    &'static str,
    Vec<Section>,
    data::Edition,
    Vec<data::Requirement>,
);

/// A diagnostic at the submission's declared limit, or unlocated.
pub(super) fn spec_error(at: Option<&crate::diag::Position>, kind: SpecError) -> Diagnostic {
    match at {
        Some(p) => Diagnostic::new(p.clone(), kind),
        None => Diagnostic::plain(kind),
    }
}
