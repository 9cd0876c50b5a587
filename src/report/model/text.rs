//! Styled text: runs of plain, bold and code. A report's writers build it
//! from their sentences (`**bold**` and `` `code` `` spans are read once,
//! when the text is made); the renderers only walk the runs. In the JSON
//! report a text is one string with those spans, as the Markdown shows it.

use schemars::JsonSchema;
use serde::{Serialize, Serializer};

/// How a run is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Bold,
    Code,
    /// Code inside bold text.
    BoldCode,
}

impl Style {
    pub fn bold(self) -> bool {
        matches!(self, Style::Bold | Style::BoldCode)
    }
    pub fn code(self) -> bool {
        matches!(self, Style::Code | Style::BoldCode)
    }
    fn of(bold: bool, code: bool) -> Style {
        match (bold, code) {
            (false, false) => Style::Plain,
            (true, false) => Style::Bold,
            (false, true) => Style::Code,
            (true, true) => Style::BoldCode,
        }
    }
}

/// A run of text in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub text: String,
    pub style: Style,
}

/// A piece of styled text: a cell, a paragraph, a heading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text(pub Vec<Run>);

impl Text {
    /// Each run's text, to be reworded in place.
    pub fn strings_mut(&mut self, f: &mut dyn FnMut(&mut String)) {
        for r in &mut self.0 {
            f(&mut r.text);
        }
    }

    /// Text in one style.
    pub fn styled(text: impl Into<String>, style: Style) -> Text {
        let text = text.into();
        if text.is_empty() {
            return Text::default();
        }
        Text(vec![Run { text, style }])
    }

    /// Text with no styling, taken as written (no spans read).
    pub fn plain(text: impl Into<String>) -> Text {
        Text::styled(text, Style::Plain)
    }

    /// Text set as code, taken as written.
    pub fn code(text: impl Into<String>) -> Text {
        Text::styled(text, Style::Code)
    }

    /// Reads `**bold**` and `` `code` `` spans out of a sentence (a
    /// backslash keeps the next punctuation character as written).
    pub fn spans(s: &str) -> Text {
        let mut out = Text::default();
        let (mut bold, mut code) = (false, false);
        let mut cur = String::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '`' => {
                    out.push(std::mem::take(&mut cur), Style::of(bold, code));
                    code = !code;
                }
                '*' if !code && chars.peek() == Some(&'*') => {
                    chars.next();
                    out.push(std::mem::take(&mut cur), Style::of(bold, code));
                    bold = !bold;
                }
                '\\' if !code && chars.peek().is_some_and(|n| n.is_ascii_punctuation()) => {
                    cur.push(chars.next().expect("peeked"));
                }
                _ => cur.push(c),
            }
        }
        out.push(cur, Style::of(bold, code));
        out
    }

    /// Appends a run (nothing if empty; joined to the last run of the same style).
    pub fn push(&mut self, text: impl Into<String>, style: Style) {
        let text = text.into();
        if text.is_empty() {
            return;
        }
        match self.0.last_mut() {
            Some(last) if last.style == style => last.text.push_str(&text),
            _ => self.0.push(Run { text, style }),
        }
    }

    /// The whole of `other` appended.
    pub fn append(&mut self, other: Text) {
        for r in other.0 {
            self.push(r.text, r.style);
        }
    }

    /// The same text, all bold.
    pub fn bold(mut self) -> Text {
        for r in &mut self.0 {
            r.style = Style::of(true, r.style.code());
        }
        self
    }

    /// The characters without their styling.
    pub fn plain_text(&self) -> String {
        self.0.iter().map(|r| r.text.as_str()).collect()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The text with its spans written as Markdown marks (`**`, backticks),
    /// plain characters that would read as marks escaped.
    pub fn markdown(&self) -> String {
        self.write_markdown(false)
    }

    /// As [`Text::markdown`], for a table cell: a plain `|` is escaped too.
    pub fn markdown_cell(&self) -> String {
        self.write_markdown(true)
    }

    fn write_markdown(&self, cell: bool) -> String {
        let mut s = String::new();
        let mut bold = false;
        for r in &self.0 {
            if r.style.bold() != bold {
                s.push_str("**");
                bold = r.style.bold();
            }
            if r.style.code() {
                s.push('`');
                s.push_str(&r.text);
                s.push('`');
            } else {
                // Escape only what would be read as a mark, so that
                // ordinary text is written as it is.
                let mut chars = r.text.chars().peekable();
                while let Some(c) = chars.next() {
                    let next = chars.peek().copied();
                    let mark = match c {
                        '`' => true,
                        '|' => cell,
                        '*' => next == Some('*'),
                        '\\' => next.is_some_and(|n| n.is_ascii_punctuation()),
                        _ => false,
                    };
                    if mark {
                        s.push('\\');
                    }
                    s.push(c);
                }
            }
        }
        if bold {
            s.push_str("**");
        }
        s
    }
}

impl From<&str> for Text {
    /// A sentence with its spans read ([`Text::spans`]).
    fn from(s: &str) -> Text {
        Text::spans(s)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::spans(&s)
    }
}

impl From<&String> for Text {
    fn from(s: &String) -> Text {
        Text::spans(s)
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.markdown())
    }
}

impl JsonSchema for Text {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Text".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "Text as the Markdown report shows it: `**bold**` and backtick code spans; a backslash escapes a literal mark."
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_read_and_written_back() {
        for s in [
            "plain",
            "**Verdict. all good** then `code` and more",
            "a `x` b **c `d` e**",
            "",
        ] {
            assert_eq!(Text::spans(s).markdown(), s, "{s}");
        }
        let t = Text::spans("**a `b`**");
        assert_eq!(t.0[1].style, Style::BoldCode);
        assert_eq!(Text::plain("2*3 `x`").markdown(), "2*3 \\`x\\`");
        for s in ["2**3", "a\\*b", "`x`", "C:\\dir"] {
            assert_eq!(Text::spans(&Text::plain(s).markdown()).plain_text(), s);
        }
    }
}
