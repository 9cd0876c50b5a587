//! Where a value sits in a JSON text, by its path: so that a refusal of a
//! JSON file certify reads (a shard file, a report) points at the line and
//! column of the offending value, as refusals of YAML files do.
//!
//! serde_json keeps no positions in its values. The texts located here
//! have already been parsed, so a small scanner that skips values by their
//! brackets is enough; it never recurses, so no nesting can exhaust the
//! stack.

use std::fmt;

/// One step of a path into a JSON document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// A path into a JSON document, written as `tallies.full.codes[3]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Field(pub Vec<Step>);

impl Field {
    /// The path of dot-separated keys: `Field::of("tallies.full")`.
    pub fn of(keys: &str) -> Field {
        Field(keys.split('.').map(|k| Step::Key(k.into())).collect())
    }

    pub fn key(&self, key: &str) -> Field {
        let mut f = self.clone();
        f.0.push(Step::Key(key.into()));
        f
    }

    pub fn index(&self, i: usize) -> Field {
        let mut f = self.clone();
        f.0.push(Step::Index(i));
        f
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, step) in self.0.iter().enumerate() {
            match step {
                Step::Key(k) if n == 0 => write!(f, "{k}")?,
                Step::Key(k) => write!(f, ".{k}")?,
                Step::Index(i) => write!(f, "[{i}]")?,
            }
        }
        Ok(())
    }
}

/// The 1-based line and column (in characters) where the value at `field`
/// starts, and its width in characters on that line; None when the text
/// holds no such value.
pub fn locate(text: &str, field: &Field) -> Option<(usize, usize, usize)> {
    let b = text.as_bytes();
    let mut at = skip_ws(b, 0);
    for step in &field.0 {
        at = match step {
            Step::Key(k) => member(b, at, k)?,
            Step::Index(i) => element(b, at, *i)?,
        };
    }
    let end = value_end(b, at)?;
    let (line, column) = line_column(text, at);
    let width = text[at..end].lines().next().unwrap_or("").chars().count();
    Some((line, column, width.max(1)))
}

/// The line and column of a byte offset.
pub fn line_column(text: &str, byte: usize) -> (usize, usize) {
    let byte = byte.min(text.len());
    let byte = (0..=byte)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let line_start = text[..byte].rfind('\n').map_or(0, |i| i + 1);
    (
        text[..byte].matches('\n').count() + 1,
        text[line_start..byte].chars().count() + 1,
    )
}

fn skip_ws(b: &[u8], mut at: usize) -> usize {
    while at < b.len() && b[at].is_ascii_whitespace() {
        at += 1;
    }
    at
}

/// The offset just past the value that starts at `at`.
fn value_end(b: &[u8], at: usize) -> Option<usize> {
    match *b.get(at)? {
        b'"' => string_end(b, at),
        b'{' | b'[' => {
            // Brackets counted, strings skipped whole: no recursion.
            let mut depth = 0usize;
            let mut i = at;
            while i < b.len() {
                match b[i] {
                    b'"' => {
                        i = string_end(b, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let mut i = at;
            while i < b.len() && !matches!(b[i], b',' | b'}' | b']') && !b[i].is_ascii_whitespace()
            {
                i += 1;
            }
            Some(i)
        }
    }
}

fn string_end(b: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The start of the value of member `key` of the object at `at`.
fn member(b: &[u8], at: usize, key: &str) -> Option<usize> {
    if b.get(at) != Some(&b'{') {
        return None;
    }
    let mut i = skip_ws(b, at + 1);
    while b.get(i) == Some(&b'"') {
        let end = string_end(b, i)?;
        // Keys certify writes need no escapes; an escaped key never matches.
        let name = &b[i + 1..end - 1];
        i = skip_ws(b, end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        let value = skip_ws(b, i + 1);
        if name == key.as_bytes() {
            return Some(value);
        }
        i = skip_ws(b, value_end(b, value)?);
        if b.get(i) != Some(&b',') {
            return None;
        }
        i = skip_ws(b, i + 1);
    }
    None
}

/// The start of element `n` of the array at `at`.
fn element(b: &[u8], at: usize, n: usize) -> Option<usize> {
    if b.get(at) != Some(&b'[') {
        return None;
    }
    let mut i = skip_ws(b, at + 1);
    if b.get(i) == Some(&b']') {
        return None;
    }
    for _ in 0..n {
        i = skip_ws(b, value_end(b, i)?);
        if b.get(i) != Some(&b',') {
            return None;
        }
        i = skip_ws(b, i + 1);
    }
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_found_by_key_and_index() {
        let text = "{\n  \"a\": {\"b\": [1, \"x]\", [2, 3]]},\n  \"c\": 4\n}";
        let at = |f: Field| locate(text, &f);
        assert_eq!(at(Field::of("c")), Some((3, 8, 1)));
        assert_eq!(at(Field::of("a.b").index(1)), Some((2, 18, 4)));
        assert_eq!(at(Field::of("a.b").index(2).index(1)), Some((2, 28, 1)));
        assert_eq!(at(Field::of("a.b").index(3)), None);
        assert_eq!(at(Field::of("a.z")), None);
        assert_eq!(at(Field::of("c").index(0)), None);
        assert_eq!(Field::of("a.b").index(2).key("d").to_string(), "a.b[2].d");
    }

    #[test]
    fn unclosed_text_is_not_located() {
        assert_eq!(locate("{\"a\": [1, 2", &Field::of("a")), None);
        assert_eq!(locate("{\"a\": \"x", &Field::of("a")), None);
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
    }
}
