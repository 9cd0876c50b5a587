//! The size limits of every YAML file certify reads (spec, game, fixture,
//! round): checked by `yaml` before a file is parsed, and by
//! `SourceFile::read`, which reads no further than one byte past the
//! largest. `crate::limits` lists them with the rest.

/// The largest file certify reads: 1 MiB. The largest spec of the library is
/// under 50 KB, so this leaves room while keeping a run's memory small.
pub const MAX_BYTES: usize = 1024 * 1024;
/// The most YAML values (mappings, sequences, scalars) a file may hold, or
/// its aliases replay: a 50 KB spec holds a few thousand.
pub const MAX_VALUES: usize = 100_000;
/// The deepest nesting of mappings and sequences.
pub const MAX_DEPTH: usize = 64;
/// The most aliases (`*name`) a file may use.
pub const MAX_ALIASES: usize = 10_000;
/// The longest text value (a title, a name, a description, a quotation):
/// 4,000 characters. The longest in the shipped specs is under 700; a
/// title ends up in the PDF's metadata, which PDF/A bounds (32,767 bytes).
/// Conditions are not prose: `schema::Ty::Condition` is bounded by
/// [`MAX_BYTES`] and the expression parser's nesting limits.
pub const MAX_TEXT_CHARS: usize = 4_000;
/// The longest identifier (a spec's, a wager's, a leaflet's...): 64
/// characters. Report files are named after them, and a file name holds
/// at most 255 bytes.
pub const MAX_ID_CHARS: usize = 64;
