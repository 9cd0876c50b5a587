//! Text plumbing between the editor and certify: file URIs and paths, LSP
//! positions (UTF-16 code units) and certify's (characters), and what the
//! line under the cursor is about (its key, the keys above it, the word).

use lsp_types::{Position, Range, Uri};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The path of a `file:` URI (percent-decoded); None for other schemes.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let rest = s.strip_prefix("file://")?;
    // `file:///a/b` and `file://localhost/a/b` alike.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 3 <= bytes.len()
            && let Ok(b) = u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The `file:` URI of a path (made absolute against the current folder).
pub fn uri_of(path: &Path) -> Uri {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut s = String::from("file://");
    for b in abs.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&s).expect("a file URI of escaped characters is valid")
}

/// The same file however it is named (`..`, symbolic links), where the
/// system can tell.
pub fn same_file(a: &Path, b: &Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Line `line` (0-based) of `text`, without its line break.
pub fn line(text: &str, line: usize) -> &str {
    text.split('\n')
        .nth(line)
        .map_or("", |l| l.strip_suffix('\r').unwrap_or(l))
}

/// The character column of a UTF-16 column on a line.
pub fn char_col(line: &str, utf16: u32) -> usize {
    let mut units = 0;
    for (i, c) in line.chars().enumerate() {
        if units >= utf16 as usize {
            return i;
        }
        units += c.len_utf16();
    }
    line.chars().count()
}

/// The UTF-16 column of a character column on a line.
pub fn utf16_col(line: &str, chars: usize) -> u32 {
    line.chars().take(chars).map(char::len_utf16).sum::<usize>() as u32
}

/// The LSP position of a 0-based line and character column.
pub fn position(text: &str, line_no: usize, col: usize) -> Position {
    Position::new(line_no as u32, utf16_col(line(text, line_no), col))
}

/// The LSP range of `width` characters from a 0-based line and column.
pub fn range(text: &str, line_no: usize, col: usize, width: usize) -> Range {
    Range::new(
        position(text, line_no, col),
        position(text, line_no, col + width),
    )
}

/// The byte offset of an LSP position in `text`: a line past the end is
/// the end of the text, a character past its line's end that end, and a
/// position between the two halves of a UTF-16 pair the character's start.
pub fn offset(text: &str, pos: Position) -> usize {
    let mut start = 0;
    for _ in 0..pos.line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line = &text[start..end];
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut units = 0;
    for (i, c) in line.char_indices() {
        units += c.len_utf16();
        if units > pos.character as usize {
            return start + i;
        }
    }
    start + line.len()
}

/// Applies one change an editor sent: its range replaced by its text, or
/// the whole text when it has no range.
pub fn apply(text: &mut String, range: Option<Range>, new: &str) {
    match range {
        None => new.clone_into(text),
        Some(r) => {
            let (a, b) = (offset(text, r.start), offset(text, r.end));
            text.replace_range(a.min(b)..a.max(b), new);
        }
    }
}

/// What the line under the cursor is: the key it writes (or the key of
/// the entry it continues), the keys above it, and where the cursor is.
#[derive(Debug, Default)]
pub struct Context {
    /// Keys from the top of the file down to the line's own, e.g.
    /// `["wagers", "events", "when"]`.
    pub path: Vec<String>,
    /// The cursor is in a key (before its `:`), not in a value.
    pub in_key: bool,
    /// The text of the line's value up to the cursor (for a key, the key's
    /// text up to the cursor).
    pub before: String,
    /// The line's text from the cursor on.
    pub after: String,
    /// The cursor is on the line's own key (the last of `path`).
    pub on_key: bool,
    /// The cursor is inside `{ }` or `[ ]` on the line.
    pub in_flow: bool,
    /// The column where the line's key starts, or would.
    pub key_col: usize,
}

impl Context {
    /// The innermost key.
    pub fn key(&self) -> &str {
        self.path.last().map_or("", String::as_str)
    }

    /// The key above the innermost.
    pub fn parent(&self) -> &str {
        self.path
            .len()
            .checked_sub(2)
            .map_or("", |i| self.path[i].as_str())
    }

    /// The identifier being written, up to the cursor.
    pub fn word_before(&self) -> &str {
        let start = self
            .before
            .rfind(|c: char| !is_word(c))
            .map_or(0, |i| i + 1);
        &self.before[start..]
    }

    /// The whole identifier under the cursor.
    pub fn word(&self) -> String {
        let tail: String = self.after.chars().take_while(|&c| is_word(c)).collect();
        format!("{}{}", self.word_before(), tail)
    }
}

pub fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A line's indentation, its key (the text before `: ` or a final `:`,
/// after any `- ` markers) and the character column where its value starts.
fn key_of(line: &str) -> (usize, Option<(usize, String)>, usize) {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let mut at = indent;
    while line[at..].starts_with("- ") {
        at += 2;
        at += line[at..].len() - line[at..].trim_start_matches(' ').len();
    }
    let rest = &line[at..];
    if rest.starts_with('#') || rest.starts_with(['{', '[', '"', '\'']) {
        return (indent, None, at);
    }
    let colon = rest
        .char_indices()
        .find(|&(i, c)| c == ':' && rest[i + 1..].chars().next().is_none_or(|n| n == ' '));
    match colon {
        Some((i, _))
            if i > 0
                && rest[..i]
                    .chars()
                    .all(|c| is_word(c) || c == '.' || c == '-') =>
        {
            let key = rest[..i].trim().to_string();
            let value = at + i + 1;
            let value = value + line[value..].len() - line[value..].trim_start_matches(' ').len();
            (at, Some((at, key)), value)
        }
        _ => (indent, None, at),
    }
}

/// The context of the cursor at a 0-based line and character column.
pub fn context(text: &str, line_no: usize, col: usize) -> Context {
    let lines: Vec<&str> = text.split('\n').collect();
    let here = lines
        .get(line_no)
        .map_or("", |l| l.strip_suffix('\r').unwrap_or(l));
    let byte = here.char_indices().nth(col).map_or(here.len(), |(b, _)| b);
    let (indent, own, value_at) = key_of(here);
    let key_col = own.as_ref().map_or(value_at, |(at, _)| *at);
    let mut on_key = false;
    let mut path = Vec::new();
    let (mut limit, mut in_key, mut start) = (indent, false, value_at.min(byte));
    if let Some((at, key)) = &own {
        in_key = byte <= at + key.len();
        on_key = in_key;
        if in_key {
            start = *at;
        }
        limit = *at;
        path.push(key.clone());
    }
    // Keys above: each line with a key to the left of the last found. A
    // line with no key of its own under a key with no value on its line is
    // a key being typed; under one with a value, it continues that value.
    let mut first = true;
    for l in lines[..line_no.min(lines.len())].iter().rev() {
        let l = l.strip_suffix('\r').unwrap_or(l);
        if l.trim().is_empty() || l.trim_start().starts_with('#') {
            continue;
        }
        let (ind, key, value) = key_of(l);
        let col = key.as_ref().map_or(ind, |(c, _)| *c);
        if col < limit {
            if first && own.is_none() && key.is_some() {
                in_key = l[value.min(l.len())..].trim().is_empty();
            }
            first = false;
            if let Some((c, k)) = key {
                path.push(k);
                limit = c;
            } else {
                limit = ind;
            }
            if limit == 0 {
                break;
            }
        }
    }
    path.reverse();
    if value_at < byte
        && let Some(flow) = flow(&here[value_at..byte])
    {
        // Inside `{ ... }` or `[ ... ]` on the line: the keys of the flow
        // mappings the cursor is in extend the path, as block keys do.
        path.extend(flow.path);
        return Context {
            path,
            in_key: flow.in_key,
            before: here[value_at + flow.token..byte].to_string(),
            after: here[byte..].to_string(),
            on_key: false,
            in_flow: true,
            key_col,
        };
    }
    Context {
        path,
        in_key,
        before: here[start.min(byte)..byte].to_string(),
        after: here[byte..].to_string(),
        on_key,
        in_flow: false,
        key_col,
    }
}

/// Where the cursor is among the flow collections of a line's value.
struct Flow {
    /// The keys of the mappings it is in the value of.
    path: Vec<String>,
    in_key: bool,
    /// The byte where the key or value under the cursor starts.
    token: usize,
}

/// The flow collections open at the end of `value` (a line's value up to
/// the cursor); None when none is.
fn flow(value: &str) -> Option<Flow> {
    // Each open collection: a mapping's key once its `:` is read (None
    // for a sequence, or a key not yet ended), and where its entry starts.
    struct Open {
        map: bool,
        key: Option<String>,
        entry: usize,
    }
    let mut open: Vec<Open> = Vec::new();
    let bytes = value.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            q @ (b'"' | b'\'') => {
                let end = value[i + 1..]
                    .find(q as char)
                    .map_or(bytes.len(), |e| i + 1 + e + 1);
                i = end;
                continue;
            }
            b'{' | b'[' => open.push(Open {
                map: bytes[i] == b'{',
                key: None,
                entry: i + 1,
            }),
            b'}' | b']' => {
                open.pop();
            }
            b',' => {
                if let Some(o) = open.last_mut() {
                    o.key = None;
                    o.entry = i + 1;
                }
            }
            b':' if bytes.get(i + 1).is_none_or(|b| b" ,}]".contains(b)) => {
                if let Some(o) = open.last_mut().filter(|o| o.map && o.key.is_none()) {
                    o.key = Some(value[o.entry..i].trim().to_string());
                    o.entry = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let inner = open.last()?;
    let in_key = inner.map && inner.key.is_none();
    let token =
        inner.entry + (value[inner.entry..].len() - value[inner.entry..].trim_start().len());
    Some(Flow {
        path: open.iter().filter_map(|o| o.key.clone()).collect(),
        in_key,
        token,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_round_trip_through_uris() {
        let p = Path::new("/tmp/a b/ré.yaml");
        let uri = uri_of(p);
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/r%C3%A9.yaml");
        assert_eq!(path_of(&uri).unwrap(), p);
    }

    #[test]
    fn ranged_changes_apply_in_utf16_units_and_out_of_range_is_clamped() {
        let mut t = String::from("a😀b\nsecond\r\nthird");
        apply(
            &mut t,
            Some(Range::new(Position::new(0, 3), Position::new(0, 4))),
            "B",
        );
        assert_eq!(t, "a😀B\nsecond\r\nthird");
        // Inside the pair: the character's start.
        apply(
            &mut t,
            Some(Range::new(Position::new(0, 2), Position::new(0, 3))),
            "x",
        );
        assert_eq!(t, "axB\nsecond\r\nthird");
        // Past the line's end: before its `\r\n`.
        apply(
            &mut t,
            Some(Range::new(Position::new(1, 99), Position::new(1, 99))),
            "!",
        );
        assert_eq!(t, "axB\nsecond!\r\nthird");
        // Past the text, and backwards.
        apply(
            &mut t,
            Some(Range::new(Position::new(9, 0), Position::new(2, 2))),
            "",
        );
        assert_eq!(t, "axB\nsecond!\r\nth");
        apply(&mut t, None, "new");
        assert_eq!(t, "new");
    }

    #[test]
    fn columns_convert_between_characters_and_utf16() {
        let l = "a😀b";
        assert_eq!(utf16_col(l, 2), 3);
        assert_eq!(char_col(l, 3), 2);
    }

    #[test]
    fn the_context_names_the_keys_above_the_cursor() {
        let text = "wagers:\n  - id: w\n    events:\n      - id: e\n        when: banker.wi\n    pay_tables:\n      - id: t\n        pays: { e: 1, f\n";
        let c = context(text, 4, 23);
        assert_eq!(c.path, ["wagers", "events", "when"]);
        assert!(!c.in_key);
        assert_eq!(c.word_before(), "wi");
        let c = context(text, 7, 25);
        assert_eq!(c.path, ["wagers", "pay_tables", "pays"]);
        assert!(c.in_key, "{c:?}");
        assert_eq!(c.word_before(), "f");
        let c = context(text, 7, 20);
        assert_eq!(c.path, ["wagers", "pay_tables", "pays", "e"]);
        assert!(!c.in_key);
    }

    #[test]
    fn flow_mappings_extend_the_path_as_block_mappings_do() {
        let text = "report:\n  headline:\n    - { wager: player, pay_table: tie }\n";
        let line = "    - { wager: player, pay_table: tie }";
        let at = |s: &str| line.find(s).unwrap();
        let c = context(text, 2, at("player") + 2);
        assert_eq!(c.path, ["report", "headline", "wager"]);
        assert!(!c.in_key);
        assert_eq!(c.word_before(), "pl");
        let c = context(text, 2, at("pay_table") + 3);
        assert_eq!(c.path, ["report", "headline"]);
        assert!(c.in_key);
        assert_eq!(c.word_before(), "pay");
        let c = context(text, 2, at("tie") + 1);
        assert_eq!(c.path, ["report", "headline", "pay_table"]);
        // Nested, and a sequence inside a mapping.
        let text = "x: { a: { b: [c, d] } }\n";
        let c = context(text, 0, text.find('d').unwrap());
        assert_eq!(c.path, ["x", "a", "b"]);
        assert!(!c.in_key);
    }
}
