//! The input layer's refusals: reading a file and its YAML into the raw,
//! located structure (spec, fixture or round file), before any rule is
//! checked. One wording per variant; the diagnostic that carries a kind adds
//! where, and the expected/found detail.

use std::fmt;

/// Which kind of YAML file the input layer was reading; errors name it so
/// that "invalid fixture YAML" and "invalid spec YAML" come from one code path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Spec,
    Fixture,
    Round,
    /// A game file, included by a spec (`game: { include: FILE }`).
    Game,
    /// A report certify wrote, read back by `certify verify` or `diff`.
    Report,
    /// A shard file of `certify simulate --shard K/N --json`, merged.
    Shard,
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::Spec => "spec",
            FileKind::Fixture => "fixture",
            FileKind::Round => "round",
            FileKind::Game => "game",
            FileKind::Report => "report",
            FileKind::Shard => "shard",
        })
    }
}

/// A size limit of the input layer (see `spec::yaml::LIMITS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The file's size in bytes.
    Bytes,
    /// YAML values (mappings, sequences and scalars), aliases expanded.
    Values,
    /// Nesting of mappings and sequences.
    Depth,
    /// Aliases (`*name`), or the values their expansion replays.
    Aliases,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Bytes => "bytes",
            Limit::Values => "YAML values (aliases expanded)",
            Limit::Depth => "levels of nesting",
            Limit::Aliases => "alias expansions",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// `certify check missing.yaml` where the file does not exist.
    CannotRead { reason: String },
    /// A spec of 5 MB (over `Limit::Bytes`), or an alias bomb such as
    /// `a: &a [x, x, x, x]` / `b: &b [*a, *a, *a, *a]` / ... (over `Limit::Values`).
    LimitExceeded {
        file: FileKind,
        limit: Limit,
        max: usize,
    },
    /// Text that is not YAML at all: `wagers: [a, b` (an unclosed bracket).
    Malformed { file: FileKind, reason: String },
    /// An empty file, or one holding only comments.
    Empty { file: FileKind },
    /// Two documents in one file: `id: a\n---\nid: b`.
    SeveralDocuments { file: FileKind },
    /// `decks: *eight` where no `&eight` anchor was defined before.
    UnknownAnchor,
    /// The same key twice in one mapping: `decks: 8` then `decks: 6`.
    DuplicateKey { key: String },
    /// A value of the wrong kind: `decks: "eight"`, `decks: 8.5`, a pay of
    /// `true`, `[11]` or `~`, `shoe: 8` where a mapping is expected.
    WrongType { field: String },
    /// A number not written as a plain decimal: a pay of `0x10`, `1_000`,
    /// `+8`, `08`, `1e3`, `.inf` or `.nan`.
    NumberSyntax { text: String },
    /// A whole number too large to hold: `decks: 99999999999999999999`.
    NumberTooLarge { text: String },
    /// A text value of more than `max` characters: a 200 KB leaflet title
    /// (titles and names end up in places as short as a PDF's metadata).
    TextTooLong { chars: usize, max: usize },
    /// A required field left out: a wager without `pay_tables:`.
    MissingField { field: String, within: String },
    /// A field the file kind does not know: `deks: 8` under `shoe:`.
    UnknownField { field: String, within: String },
    /// Anything else the YAML reader refuses after the checks above, such as
    /// a YAML tag it cannot apply (`decks: !!binary AAAA`).
    Unreadable { file: FileKind, reason: String },
    /// `game: { include: games/missing.yaml }` where no such file is beside
    /// the spec (or it cannot be read).
    IncludeMissing { file: String, reason: String },
    /// `a.yaml` includes `b.yaml`, whose game is `{ include: a.yaml }`.
    IncludeCycle { file: String, chain: String },
    /// `game: { include: lucky_8.yaml }`: a spec (or anything without
    /// `hands`, `deal` or `drawing`), not a game.
    IncludeNotAGame { file: String },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::CannotRead { reason } => write!(f, "cannot read file: {reason}"),
            InputError::LimitExceeded { file, limit, max } => {
                write!(f, "{file} file too large: more than {max} {limit}")
            }
            InputError::Malformed { file, reason } => {
                write!(f, "invalid {file} YAML: {reason}")
            }
            InputError::Empty { file } => write!(f, "the {file} file is empty"),
            InputError::SeveralDocuments { file } => {
                write!(f, "a {file} file holds one YAML document, found several")
            }
            InputError::UnknownAnchor => f.write_str("alias to an anchor not defined before it"),
            InputError::DuplicateKey { key } => write!(f, "duplicate key `{key}`"),
            InputError::WrongType { field } => write!(f, "wrong kind of value for `{field}`"),
            InputError::NumberSyntax { text } => {
                write!(f, "number `{text}` not written as a plain decimal")
            }
            InputError::NumberTooLarge { text } => write!(f, "number `{text}` is too large"),
            InputError::TextTooLong { chars, max } => write!(
                f,
                "text too long: {} characters, at most {} (the limits are in the manual's limits chapter)",
                super::group_digits(&chars.to_string()),
                super::group_digits(&max.to_string())
            ),
            InputError::MissingField { field, within } => {
                write!(f, "missing field `{field}` in {within}")
            }
            InputError::UnknownField { field, within } => {
                write!(f, "unknown field `{field}` in {within}")
            }
            InputError::Unreadable { file, reason } => {
                write!(f, "cannot read this {file} value: {reason}")
            }
            InputError::IncludeMissing { file, reason } => {
                write!(f, "cannot read the included file `{file}`: {reason}")
            }
            InputError::IncludeCycle { file, chain } => {
                write!(f, "include cycle: `{file}` includes itself ({chain})")
            }
            InputError::IncludeNotAGame { file } => {
                write!(f, "the included file `{file}` is not a game")
            }
        }
    }
}
