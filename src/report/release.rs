//! The certify release a report was written by: its version and its date.
//!
//! The PDF's creation and modification dates (which PDF/A requires) are
//! this release's date, never the clock: the same spec and tool version
//! give the same bytes; the submission date belongs in the submission
//! letter. Raise the date with the version in `Cargo.toml`.

/// The version of this build (`Cargo.toml`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The date of this release: year, month, day (UTC).
pub const RELEASE_DATE: (u16, u8, u8) = (2026, 11, 23);

/// `(2026, 11, 25)` -> `2026-11-25`: how a report writes a date.
pub(crate) fn date_text((y, m, d): (u16, u8, u8)) -> String {
    format!("{y:04}-{m:02}-{d:02}")
}
