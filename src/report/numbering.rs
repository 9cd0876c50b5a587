//! The numbers of the report's optional sections, which page one and the
//! sections themselves refer to: five fixed sections, then game protection
//! (when computed), simulation (with `--simulate` or a spec that declares
//! it), and the manifest.

use super::Computed;

/// The number of the results section, where every pay table computed is
/// given, other readings and assumed pays included.
pub(crate) const RESULTS: usize = 4;

/// The number of the section whose "Interpretations" part gives each
/// reading of the document computed both ways ("Verification").
pub(crate) const READINGS: usize = 5;

/// The number of the first optional section ("Game protection").
pub(crate) const PROTECTION: usize = 6;

/// The number of the "Simulation and card counting" section: after game
/// protection when the report has it.
pub(crate) fn simulation(c: &Computed) -> usize {
    PROTECTION + usize::from(c.protection.is_some())
}

/// The number of the "Limitations" section: after the simulation section
/// when the report has one. The report form's section (revisions and
/// sign-off) and the glossary follow it.
pub(crate) fn limitations(inp: &super::inputs::Inputs, c: &Computed) -> usize {
    edition(inp, c) + inp.edition_sections
}

/// The number of the first section an edition inserts (before
/// "Limitations").
pub(crate) fn edition(inp: &super::inputs::Inputs, c: &Computed) -> usize {
    simulation(c) + usize::from(inp.study.is_some())
}

/// The number of the "Revision history and sign-off" section.
pub(crate) fn form(inp: &super::inputs::Inputs, c: &Computed) -> usize {
    limitations(inp, c) + 1
}
