//! Diagnostics: errors that point into a spec or fixture file by line and column.
//!
//! A diagnostic is plain data: what went wrong (an [`ErrorKind`], one wording
//! per kind) and where. `render` draws the source excerpt with a caret, the
//! way `just` and `rustc` do, so that tests can assert on either form.
//!
//! Layer: bottom layer: every error and its wording; it uses no other module of
//! the crate (the layout is in `src/lib.rs`).

pub mod bets;
pub mod cards;
pub mod deal;
pub mod design;
pub mod expr;
pub mod fixture;
pub mod input;
pub mod json_at;
pub mod kind;
pub mod protect;
pub mod report;
pub mod round;
pub mod shoe;
pub mod simulate;
pub mod spec;
pub mod trace;
pub mod usage;
pub(crate) mod words;

pub use kind::ErrorKind;
pub use words::{
    MAX_LISTED, MAX_TOKEN, bounded, closest, cut, group_digits, list, signed, signed_small,
    small_places,
};

use std::fmt::Write;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What went wrong; its wording is the diagnostic's headline.
    pub kind: ErrorKind,
    pub file: String,
    /// 1-based line and column (in characters) of the first offending character.
    pub line: usize,
    pub column: usize,
    /// How many characters the caret underlines.
    pub width: usize,
    pub expected: Option<String>,
    pub found: Option<String>,
    pub help: Option<String>,
    /// Replacements the diagnostic proposes, best first: what an editor
    /// offers as quick fixes (the command line shows the help alone).
    pub fixes: Vec<Fix>,
}

/// A proposed replacement: `text` in place of the characters from a
/// 1-based line and column up to (not including) another, in the
/// diagnostic's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub text: String,
}

impl Fix {
    /// `text` in place of the `width` characters at `at`.
    pub fn at(at: &Position, text: impl Into<String>) -> Fix {
        Fix {
            line: at.line,
            column: at.column,
            end_line: at.line,
            end_column: at.column + at.width,
            text: text.into(),
        }
    }
}

impl Diagnostic {
    pub fn new(at: Position, kind: impl Into<ErrorKind>) -> Diagnostic {
        Diagnostic {
            kind: kind.into(),
            file: at.file,
            line: at.line,
            column: at.column,
            width: at.width.max(1),
            expected: None,
            found: None,
            help: None,
            fixes: Vec::new(),
        }
    }

    /// Proposes `text` in place of what the diagnostic underlines.
    pub fn fix(&mut self, text: impl Into<String>) -> &mut Self {
        let at = self.place();
        self.fix_at(&at, text)
    }

    /// Proposes `text` in place of the text at `at` (in the same file).
    pub fn fix_at(&mut self, at: &Position, text: impl Into<String>) -> &mut Self {
        self.propose(Fix::at(at, text))
    }

    /// Proposes a replacement (in the same file), once.
    pub fn propose(&mut self, fix: Fix) -> &mut Self {
        if !self.fixes.contains(&fix) {
            self.fixes.push(fix);
        }
        self
    }

    /// "did you mean `s`?": the help, and `s` as the first fix.
    pub fn suggest(&mut self, s: &str) -> &mut Self {
        self.help = Some(format!("did you mean `{s}`?"));
        let fix = Fix::at(&self.place(), s);
        self.fixes.retain(|f| *f != fix);
        self.fixes.insert(0, fix);
        self
    }

    /// Each of the names a message lists as expected (as many as
    /// [`list`] shows), as a fix, after any suggestion.
    pub fn offer<S: AsRef<str>>(&mut self, names: &[S]) -> &mut Self {
        for n in names.iter().take(MAX_LISTED) {
            self.fix(n.as_ref());
        }
        self
    }

    /// Where the diagnostic points.
    pub fn place(&self) -> Position {
        Position {
            file: self.file.clone(),
            line: self.line,
            column: self.column,
            width: self.width,
        }
    }

    pub fn expected(mut self, expected: impl Into<String>, found: impl Into<String>) -> Self {
        self.expected = Some(expected.into());
        self.found = Some(found.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// A diagnostic about a whole file or folder, with no line to point at.
    pub fn whole_file(file: impl Into<String>, kind: impl Into<ErrorKind>) -> Diagnostic {
        Diagnostic::new(
            Position {
                file: file.into(),
                line: 0,
                column: 0,
                width: 0,
            },
            kind,
        )
    }

    /// The headline: the kind's one wording, its long tokens cut (see
    /// [`bounded`]).
    pub fn message(&self) -> String {
        bounded(&self.kind.to_string())
    }

    /// A diagnostic about the command itself: no file to point into.
    pub fn plain(kind: impl Into<ErrorKind>) -> Diagnostic {
        Diagnostic::whole_file("", kind)
    }

    /// `file:line:column` (or just `file` when no line applies).
    pub fn location(&self) -> String {
        if self.line == 0 {
            self.file.clone()
        } else {
            format!("{}:{}:{}", self.file, self.line, self.column)
        }
    }

    /// The full rendering with the source line and a caret under the offending text.
    /// A line longer than [`WINDOW`] characters is cut to a window around the
    /// caret, with `…` on each cut side, so a 100 KB line is never echoed whole.
    pub fn render(&self, source: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "error: {}", self.message());
        if !self.file.is_empty() {
            let _ = writeln!(out, "  --> {}", self.location());
        }
        let gutter = self.line.to_string().len();
        let line = self.line.checked_sub(1).and_then(|l| source.lines().nth(l));
        if let Some(text) = line {
            let chars: Vec<char> = text.trim_end().chars().collect();
            let at = self.column.saturating_sub(1).min(chars.len());
            let (start, end) = window(chars.len(), at);
            let shown: String = chars[start..end].iter().collect();
            let (open, close) = (
                if start > 0 { "…" } else { "" },
                if end < chars.len() { "…" } else { "" },
            );
            let pad = " ".repeat(gutter);
            let _ = writeln!(out, "{pad} |");
            let _ = writeln!(out, "{} | {open}{shown}{close}", self.line);
            // The ellipsis is one character wide, like the characters it stands for.
            let lead: String = open
                .chars()
                .map(|_| ' ')
                .chain(
                    chars[start..at]
                        .iter()
                        .map(|&c| if c == '\t' { '\t' } else { ' ' }),
                )
                .collect();
            let room = (end.max(at + 1) - at).max(1);
            let caret = "^".repeat(self.width.min(room));
            let label = match (&self.expected, &self.found) {
                (Some(e), Some(f)) => format!(" expected {}, found {}", bounded(e), bounded(f)),
                _ => String::new(),
            };
            let _ = writeln!(out, "{pad} | {lead}{caret}{label}");
        }
        if let Some(help) = &self.help {
            let _ = writeln!(out, "  = help: {}", bounded(help));
        }
        out
    }
}

/// The most characters of a source line `render` shows.
pub const WINDOW: usize = 80;

/// The `[start, end)` characters of a line of `len` shown around column
/// index `at`: the whole line when it fits, else [`WINDOW`] characters with
/// the caret a third of the way in, so both what led to it and what follows
/// are seen.
fn window(len: usize, at: usize) -> (usize, usize) {
    if len <= WINDOW {
        return (0, len);
    }
    let start = at.saturating_sub(WINDOW / 3).min(len - WINDOW);
    (start, start + WINDOW)
}

impl serde::Serialize for Diagnostic {
    fn serialize<Ser: serde::Serializer>(&self, ser: Ser) -> Result<Ser::Ok, Ser::Error> {
        use serde::ser::SerializeStruct;
        let mut st = ser.serialize_struct("Diagnostic", 8)?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("line", &self.line)?;
        st.serialize_field("column", &self.column)?;
        st.serialize_field("width", &self.width)?;
        st.serialize_field("message", &self.message())?;
        let shown = |t: &Option<String>| t.as_deref().map(bounded);
        st.serialize_field("expected", &shown(&self.expected))?;
        st.serialize_field("found", &shown(&self.found))?;
        st.serialize_field("help", &shown(&self.help))?;
        st.end()
    }
}

/// A place in a file: where a diagnostic points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub width: usize,
}

/// All the diagnostics of one file, rendered in order.
pub fn render_all(diagnostics: &[Diagnostic], source: &str) -> String {
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&d.render(source));
        out.push('\n');
    }
    let n = diagnostics.len();
    let _ = writeln!(
        out,
        "{n} error{} in {}",
        if n == 1 { "" } else { "s" },
        diagnostics
            .first()
            .map(|d| d.file.as_str())
            .unwrap_or("input")
    );
    out
}
