//! The one rule every id of a spec follows.

/// Whether `s` is an identifier as every id of a spec must be: lower-case
/// letters, digits and `_`, starting with a letter (the checker, a
/// family's variables, `certify new` and the language server's rename all
/// hold to this one rule).
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}
