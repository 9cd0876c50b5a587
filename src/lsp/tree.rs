//! Reading the located YAML tree (`spec::yaml::tree`): a mapping's keys,
//! a list's items, a scalar's text, and where each is written, for the
//! outline and the index of ids. It needs only well-formed YAML, so both
//! keep working while the checker refuses a spec.

use crate::spec::SourceFile;
use crate::spec::node::Node;
use serde_saphyr::{Location, Spanned};

pub type Tree = Spanned<Node>;

/// A place in a document: 0-based line and character column, and width.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    pub line: usize,
    pub col: usize,
    pub width: usize,
}

pub fn place(src: &SourceFile, loc: &Location, width: usize) -> Place {
    let p = src.at(loc, width);
    Place {
        line: p.line - 1,
        col: p.column - 1,
        width,
    }
}

pub fn entries(n: &Tree) -> &[(Tree, Tree)] {
    match &n.value {
        Node::Map(e) => e,
        _ => &[],
    }
}

pub fn items(n: Option<&Tree>) -> &[Tree] {
    match n.map(|n| &n.value) {
        Some(Node::Seq(s)) => s,
        _ => &[],
    }
}

pub fn get<'a>(n: &'a Tree, key: &str) -> Option<&'a Tree> {
    entries(n)
        .iter()
        .find(|(k, _)| matches!(&k.value, Node::Str(s) if s == key))
        .map(|(_, v)| v)
}

pub fn text(n: Option<&Tree>) -> Option<&str> {
    match n.map(|n| &n.value) {
        Some(Node::Str(s)) => Some(s),
        _ => None,
    }
}

/// Where `width` characters from byte `offset` of a scalar's text are
/// written: inside its quotes, or on the lines a folded text spans. The
/// text as written (at the anchor, for a value an alias repeats).
pub fn within(src: &SourceFile, n: &Tree, value: &str, offset: usize, width: usize) -> Place {
    let p = src.within_scalar(&n.defined, value, offset, width);
    Place {
        line: p.line - 1,
        col: p.column - 1,
        width,
    }
}

/// The whole of a scalar's text, where it is written.
pub fn whole(src: &SourceFile, n: &Tree) -> Option<(String, Place)> {
    let s = text(Some(n))?;
    Some((s.to_string(), within(src, n, s, 0, s.chars().count())))
}

/// The last line of the entry that starts at `line` with its first key at
/// `col`: the lines below it indented past `col` (or, for a key whose list
/// items stand at its own column, `- ` items there), blank lines and
/// comments between them.
pub fn last_line(text: &str, line: usize, col: usize) -> usize {
    let mut last = line;
    for (i, l) in text.split('\n').enumerate().skip(line + 1) {
        let trimmed = l.trim_start_matches(' ');
        if trimmed.trim().is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = l.len() - trimmed.len();
        if indent > col || (indent == col && trimmed.starts_with("- ") && last_is_key(text, line)) {
            last = i;
        } else {
            break;
        }
    }
    last
}

/// Whether a line is a key with nothing after its `:` (its value below).
fn last_is_key(text: &str, line: usize) -> bool {
    let l = super::text::line(text, line);
    let l = l.split(" #").next().unwrap_or(l).trim_end();
    l.ends_with(':')
}

/// The last line of a list item's mapping that starts at `line`, `col`
/// (its first key, or the `- ` before it): the lines below indented at
/// least as far as its keys, blank lines and comments between them.
pub fn entry_last_line(text: &str, line: usize, col: usize) -> usize {
    let first = super::text::line(text, line);
    let rest = first.get(col..).unwrap_or_default();
    // Past any `- ` (a list item, or a list in a list) to the first key.
    let keys = col + (rest.len() - rest.trim_start_matches(['-', ' ']).len());
    let mut last = line;
    for (i, l) in text.split('\n').enumerate().skip(line + 1) {
        let trimmed = l.trim_start_matches(' ');
        if trimmed.trim().is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if l.len() - trimmed.len() >= keys {
            last = i;
        } else {
            break;
        }
    }
    last
}
