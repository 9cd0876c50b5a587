//! The numbers of the report's optional sections, which page one and the
//! sections themselves refer to: five fixed sections, then game protection
//! (when computed), simulation (with `--simulate` or a spec that declares
//! it), and the manifest.

use super::Computed;

/// The number of the first optional section ("Game protection").
pub(crate) const PROTECTION: usize = 6;

/// The number of the "Simulation and card counting" section: after game
/// protection when the report has it.
pub(crate) fn simulation(c: &Computed) -> usize {
    PROTECTION + usize::from(c.protection.is_some())
}
