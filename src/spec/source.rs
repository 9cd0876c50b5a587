//! A loaded text file and the mapping from YAML locations to positions.

use crate::diag::input::InputError;
use crate::diag::{Diagnostic, Position};
use serde_saphyr::Location;

/// The SHA-256 of bytes in lowercase hex, as every manifest records a file.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A file's text, read no further than one byte past `max` bytes (the
/// caller refuses a longer text in its own words): `/dev/zero`, a pipe or a
/// 10 GB file is never read whole. Only regular files are read.
pub fn read_bounded(path: impl AsRef<std::path::Path>, max: u64) -> std::io::Result<String> {
    String::from_utf8(read_bytes_bounded(path, max)?).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "the file is not UTF-8 text",
        )
    })
}

/// A file's text within `max` bytes, or the diagnostic that refuses it:
/// unreadable, or larger than `max` (a `kind` file too large).
pub fn read_limited(
    path: &str,
    kind: crate::diag::input::FileKind,
    max: u64,
) -> Result<String, Box<Diagnostic>> {
    let refuse = |e: InputError| Box::new(Diagnostic::whole_file(path, e));
    let text = read_bounded(path, max).map_err(|e| {
        refuse(InputError::CannotRead {
            reason: e.to_string(),
        })
    })?;
    if text.len() as u64 > max {
        return Err(refuse(InputError::LimitExceeded {
            file: kind,
            limit: crate::diag::input::Limit::Bytes,
            max: max as usize,
        }));
    }
    Ok(text)
}

/// The bytes of a file, read no further than one byte past `max`; only
/// regular files are read.
pub fn read_bytes_bounded(path: impl AsRef<std::path::Path>, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    // Asked before opening: opening a pipe waits for a writer, and opening
    // a device may act on it.
    let not_a_file = || std::io::Error::other("not a regular file (a folder, a device or a pipe)");
    if !std::fs::metadata(path.as_ref())?.is_file() {
        return Err(not_a_file());
    }
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_a_file());
    }
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// An upper bound of the values a JSON text holds (each container,
/// member and element; strings' contents are not counted), found without
/// parsing it: a 64 MiB report of a million tiny values would take
/// gigabytes as a parsed tree, so a text over the limit is refused by
/// this count before it is parsed.
pub fn json_values(text: &str) -> usize {
    let (mut n, mut in_string, mut escaped) = (1usize, false, false);
    for b in text.bytes() {
        match (in_string, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_string = false,
            (true, false, _) => {}
            (false, _, b'"') => in_string = true,
            (false, _, b'[' | b'{' | b',' | b':') => n += 1,
            _ => {}
        }
    }
    n
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// Reads a file, no further than one byte past the YAML size limit
    /// (which the YAML layer then refuses in its words); one that cannot be
    /// read is an `InputError::CannotRead` with the system's reason, about
    /// the whole file.
    pub fn read(path: &str) -> Result<SourceFile, Box<Diagnostic>> {
        read_bounded(path, super::limits::MAX_BYTES as u64)
            .map(|text| SourceFile::new(path, text))
            .map_err(|e| {
                Box::new(Diagnostic::whole_file(
                    path,
                    InputError::CannotRead {
                        reason: e.to_string(),
                    },
                ))
            })
    }

    /// Position of a YAML location, underlining `width` characters.
    pub fn at(&self, loc: &Location, width: usize) -> Position {
        // YAML counts a lone carriage return as a line break; the rest of
        // certify (and the excerpt a diagnostic shows) counts `\n` alone.
        // In a text with carriage returns, the place is taken from the byte
        // offset so both count lines alike (found by the long fuzz run:
        // "\r\r\0" was refused at a line 3 the text does not have).
        let (line, column) = if self.text.contains('\r') {
            let byte = loc
                .span()
                .byte_offset()
                .map(|b| b as usize)
                .filter(|&b| b <= self.text.len() && self.text.is_char_boundary(b))
                .unwrap_or_else(|| self.yaml_byte_of(loc.line() as usize, loc.column() as usize));
            self.line_col_of(byte)
        } else {
            (loc.line() as usize, loc.column() as usize)
        };
        Position {
            file: self.name.clone(),
            line: line.max(1),
            column: column.max(1),
            width,
        }
    }

    /// The byte offset of a line and column counted as YAML counts them
    /// (`\r\n`, `\n` and a lone `\r` each end a line).
    fn yaml_byte_of(&self, line: usize, column: usize) -> usize {
        let mut chars = self.text.char_indices().peekable();
        let mut at_line = 1;
        while at_line < line {
            match chars.next() {
                None => return self.text.len(),
                Some((_, '\r')) => {
                    chars.next_if(|&(_, c)| c == '\n');
                    at_line += 1;
                }
                Some((_, '\n')) => at_line += 1,
                Some(_) => {}
            }
        }
        chars
            .nth(column.saturating_sub(1))
            .map_or(self.text.len(), |(b, _)| b)
    }

    pub fn position(&self, line: usize, column: usize, width: usize) -> Position {
        Position {
            file: self.name.clone(),
            line: line.max(1),
            column: column.max(1),
            width,
        }
    }

    /// Byte offset of a 1-based line and character column.
    fn byte_of(&self, line: usize, column: usize) -> Option<usize> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let rest = &self.text[start..];
        let skip: usize = rest
            .chars()
            .take(column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        Some(start + skip)
    }

    fn line_col_of(&self, byte: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= byte);
        let start = self.line_starts[line - 1];
        let column = self.text[start..byte].chars().count() + 1;
        (line, column)
    }

    /// The raw text of the scalar that starts at `loc`, up to the end of its line
    /// (for re-reading numbers exactly as written, such as a pay of `0.95`).
    /// An anchor (`&name`) or tag (`!!int`) written before it is skipped, and
    /// a key's text ends before its `: `.
    pub fn token_at(&self, loc: &Location) -> &str {
        let Some(start) = self.byte_of(loc.line() as usize, loc.column() as usize) else {
            return "";
        };
        let mut rest = self.text.get(start..).unwrap_or("");
        while rest.starts_with(['&', '!']) {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            rest = rest[end..].trim_start_matches([' ', '\t']);
        }
        let stop = |(i, c): &(usize, char)| {
            c.is_whitespace()
                || matches!(c, ',' | '}' | ']' | '#')
                || (*c == ':' && rest[i + 1..].starts_with(char::is_whitespace))
                || (*c == ':' && i + 1 == rest.len())
        };
        let end = rest
            .char_indices()
            .find(|ic| stop(ic))
            .map_or(rest.len(), |(i, _)| i);
        &rest[..end]
    }

    /// Maps a byte offset inside a scalar's value (such as a condition) to a
    /// position in the file. YAML may fold line breaks and indentation into
    /// single spaces, so the mapping walks the non-blank characters of the
    /// value and of the source together. Falls back to the scalar's start.
    pub fn within_scalar(
        &self,
        loc: &Location,
        value: &str,
        offset: usize,
        width: usize,
    ) -> Position {
        let fallback = self.at(loc, width);
        let Some(mut src) = self.byte_of(loc.line() as usize, loc.column() as usize) else {
            return fallback;
        };
        let text = self.text.as_bytes();
        match text.get(src) {
            Some(b'"') | Some(b'\'') => src += 1,
            Some(b'|') | Some(b'>') => match self.text[src..].find('\n') {
                Some(nl) => src += nl + 1,
                None => return fallback,
            },
            _ => {}
        }
        for (i, c) in value.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            while src < text.len() && (text[src] as char).is_ascii_whitespace() {
                src += 1;
            }
            if !self.text[src..].starts_with(c) {
                return fallback;
            }
            if i >= offset {
                break;
            }
            src += c.len_utf8();
        }
        if offset >= value.len() {
            // Pointing past the end: just after the last character read.
            let (line, column) = self.line_col_of(src.min(self.text.len()));
            return self.position(line, column, width);
        }
        let (line, column) = self.line_col_of(src);
        self.position(line, column, width)
    }
}
