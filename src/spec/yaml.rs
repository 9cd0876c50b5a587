//! Reading YAML text, in the tool's own words: the size limits (held in
//! `limits`), a located tree of every value (`Node`, for the schema pass in
//! `schema.rs`), and the mapping of the YAML library's errors onto
//! `InputError`. The number syntax is in `number`.
//!
//! Every YAML file certify reads (spec, fixture, round) goes through
//! [`read`]: the limits are checked, then the located tree is checked
//! against the file kind's schema (every missing field, unknown field, wrong
//! kind of value and refused number in one run), and only then is the text
//! deserialized into the raw structs.

use super::SourceFile;
use super::limits::{MAX_ALIASES, MAX_BYTES, MAX_DEPTH, MAX_VALUES};
use super::node::Node;
use super::schema::{self, Struct};
use crate::diag::Diagnostic;
use crate::diag::input::{FileKind, InputError, Limit};
use serde_saphyr::{Location, Spanned};

/// The reader's settings: certify's limits, duplicate keys refused, and
/// non-finite floats passed through so that the schema pass refuses them in
/// its own words.
fn options() -> serde_saphyr::Options {
    let budget = serde_saphyr::budget! {
        max_reader_input_bytes: Some(MAX_BYTES + 1),
        max_nodes: MAX_VALUES,
        max_events: 4 * MAX_VALUES,
        max_depth: MAX_DEPTH,
        max_aliases: MAX_ALIASES,
        // The value and replay limits bound an alias bomb's work already;
        // a ratio test would refuse it in words no limit here can explain.
        enforce_alias_anchor_ratio: false,
    };
    let aliases = serde_saphyr::alias_limits! {
        max_total_replayed_events: MAX_VALUES,
        max_replay_stack_depth: MAX_DEPTH,
    };
    serde_saphyr::options! {
        budget: budget,
        alias_limits: aliases,
        duplicate_keys: serde_saphyr::options::DuplicateKeyPolicy::Error,
        non_finite_float_policy: serde_saphyr::options::NonFiniteFloatPolicy::PassThrough,
        with_snippet: false,
    }
}

/// Reads a file of `kind` into `T`: the size limit, the located tree, the
/// schema pass (every problem it finds, in file order), then serde.
pub fn read<T: serde::de::DeserializeOwned + Send>(
    src: &SourceFile,
    kind: FileKind,
    shape: &'static Struct,
) -> Result<T, Vec<Diagnostic>> {
    // The located tree (for the schema pass) and serde's reading are two
    // independent reads of the text: side by side, they take the time of
    // one. Serde's is used only once the schema pass has found nothing.
    within_limits(src, kind)?;
    let (tree, typed) = rayon::join(|| tree(src, kind), || deserialize(src, kind));
    let problems = schema::check(src, &tree?, shape);
    if !problems.is_empty() {
        return Err(problems);
    }
    typed
}

/// The located tree of a file of `kind`, within certify's limits.
pub fn tree(src: &SourceFile, kind: FileKind) -> Result<Spanned<Node>, Vec<Diagnostic>> {
    within_limits(src, kind)?;
    let tree = serde_saphyr::from_str_with_options::<Option<Spanned<Node>>>(&src.text, options())
        .map_err(|e| vec![library_error(src, kind, &e)])?;
    tree.ok_or_else(|| {
        vec![Diagnostic::new(
            src.position(1, 1, 1),
            InputError::Empty { file: kind },
        )]
    })
}

/// Refuses a file over certify's size limit before anything parses it.
pub fn within_limits(src: &SourceFile, kind: FileKind) -> Result<(), Vec<Diagnostic>> {
    if src.text.len() > MAX_BYTES {
        return Err(vec![
            Diagnostic::new(
                src.position(1, 1, 1),
                InputError::LimitExceeded {
                    file: kind,
                    limit: Limit::Bytes,
                    max: MAX_BYTES,
                },
            )
            .help(limits_help(kind)),
        ]);
    }
    Ok(())
}

/// Serde's reading of a file whose tree passed the schema pass.
pub fn deserialize<T: serde::de::DeserializeOwned>(
    src: &SourceFile,
    kind: FileKind,
) -> Result<T, Vec<Diagnostic>> {
    serde_saphyr::from_str_with_options::<T>(&src.text, options())
        .map_err(|e| vec![library_error(src, kind, &e)])
}

/// The YAML library's error as certify's own, located.
pub fn library_error(src: &SourceFile, kind: FileKind, e: &serde_saphyr::Error) -> Diagnostic {
    use serde_saphyr::Error as E;
    use serde_saphyr::budget::BudgetBreach as B;
    let mut e = e;
    // Wrappers carry the real error inside.
    while let E::WithSnippet { error, .. } | E::AliasError { error, .. } = e {
        e = error;
    }
    let at = match e.location() {
        Some(loc) if loc.line() > 0 => src.at(&loc, 1),
        _ => src.position(1, 1, 1),
    };
    let limit = |limit: Limit, max: usize| InputError::LimitExceeded {
        file: kind,
        limit,
        max,
    };
    let kind_of = match e {
        E::Budget { breach, .. } => match breach {
            B::InputBytes { .. } | B::ScalarBytes { .. } => limit(Limit::Bytes, MAX_BYTES),
            B::Depth { .. } => limit(Limit::Depth, MAX_DEPTH),
            B::Aliases { .. } | B::AliasAnchorRatio { .. } => limit(Limit::Aliases, MAX_ALIASES),
            _ => limit(Limit::Values, MAX_VALUES),
        },
        E::AliasReplayLimitExceeded { .. } | E::AliasReplayCounterOverflow { .. } => {
            limit(Limit::Values, MAX_VALUES)
        }
        E::AliasExpansionLimitExceeded { .. } => limit(Limit::Aliases, MAX_ALIASES),
        E::AliasReplayStackDepthExceeded { .. } => limit(Limit::Depth, MAX_DEPTH),
        E::IOError { cause } if cause.kind() == std::io::ErrorKind::FileTooLarge => {
            limit(Limit::Bytes, MAX_BYTES)
        }
        E::MultipleDocuments { .. } => InputError::SeveralDocuments { file: kind },
        E::UnknownAnchor { .. } => InputError::UnknownAnchor,
        E::DuplicateMappingKey { key, .. } => InputError::DuplicateKey {
            key: key
                .clone()
                .unwrap_or_else(|| src.token_at(&loc_or_start(e)).into()),
        },
        E::ExternalMessage { msg, .. } => InputError::Malformed {
            file: kind,
            reason: syntax_reason(msg),
        },
        E::Eof { .. } => InputError::Malformed {
            file: kind,
            reason: "the file ends inside a value".into(),
        },
        E::InvalidUtf8Input => InputError::Malformed {
            file: kind,
            reason: "the file is not UTF-8 text".into(),
        },
        other => InputError::Unreadable {
            file: kind,
            reason: plain_message(other),
        },
    };
    let help = match &kind_of {
        InputError::LimitExceeded { .. } => Some(limits_help(kind)),
        InputError::DuplicateKey { .. } => Some("a mapping holds each key once".to_string()),
        _ => None,
    };
    let mut d = Diagnostic::new(at, kind_of);
    if let Some(h) = help {
        d = d.help(h);
    }
    if matches!(
        &d.kind,
        crate::diag::ErrorKind::Input(InputError::Malformed { .. })
    ) && let Some(fix) = quoted_value(src, d.line, d.column)
    {
        d.propose(fix);
    }
    d
}

/// A value holding `: ` where the reader stopped (`source: Wizard: p. 5`,
/// or the same in `{ }`): the value quoted. None when the stop is not at
/// such a `:` or the value is quoted already.
fn quoted_value(src: &SourceFile, line: usize, column: usize) -> Option<crate::diag::Fix> {
    let text = src
        .text
        .split('\n')
        .nth(line.checked_sub(1)?)?
        .trim_end_matches('\r');
    let chars: Vec<char> = text.chars().collect();
    let at = column.checked_sub(1)?;
    if chars.get(at) != Some(&':') {
        return None;
    }
    // The entry the value is in: from the line's start, or in `{ }` from
    // the `{` or `,` before it, to its end or the `,` or `}` after it.
    let flow = chars[..at].contains(&'{');
    let entry = if flow {
        chars[..at].iter().rposition(|&c| c == '{' || c == ',')? + 1
    } else {
        0
    };
    let key_end = (entry..at).find(|&i| chars[i] == ':' && chars.get(i + 1) == Some(&' '))?;
    let start = (key_end + 1..at).find(|&i| chars[i] != ' ')?;
    let end = if flow {
        (at..chars.len()).find(|&i| chars[i] == ',' || chars[i] == '}')?
    } else {
        (at..chars.len())
            .find(|&i| chars[i] == '#' && chars[i - 1] == ' ')
            .unwrap_or(chars.len())
    };
    let value: String = chars[start..end]
        .iter()
        .collect::<String>()
        .trim_end()
        .to_string();
    if value.starts_with(['"', '\'']) || value.is_empty() {
        return None;
    }
    let quoted = format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""));
    Some(crate::diag::Fix {
        line,
        column: start + 1,
        end_line: line,
        end_column: start + 1 + value.chars().count(),
        text: quoted,
    })
}

/// Every limit at once, so that whichever was hit, the writer learns how
/// big a file may be.
fn limits_help(kind: FileKind) -> String {
    format!(
        "a {kind} file may be at most {} KiB and hold at most {MAX_VALUES} YAML values \
         (each use of an alias counts its values again), nested at most {MAX_DEPTH} deep, \
         with at most {MAX_ALIASES} aliases",
        MAX_BYTES / 1024
    )
}

fn loc_or_start(e: &serde_saphyr::Error) -> Location {
    e.location().unwrap_or(Location::UNKNOWN)
}

/// The scanner's description of a syntax error, in plainer words where the
/// library's are obscure.
fn syntax_reason(msg: &str) -> String {
    let msg = msg.trim();
    if msg.contains("mapping values are not allowed") || msg.contains("illegal placement of ':'") {
        "a `key: value` where none may stand (check the indentation, or quote a text holding `: `)"
            .into()
    } else if msg.contains("did not find expected") {
        format!(
            "{} (an unclosed bracket or quote?)",
            msg.trim_end_matches('.')
        )
    } else {
        msg.trim_end_matches('.').to_string()
    }
}

/// The library's message without its own location prefix.
fn plain_message(e: &serde_saphyr::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("malformed YAML");
    match first.strip_prefix("error: ") {
        Some(rest) if rest.starts_with("line ") => {
            rest.split_once(": ").map_or(rest, |(_, m)| m).to_string()
        }
        Some(rest) => rest.to_string(),
        None => first.to_string(),
    }
}
