//! Text as the checks compare it. Scanned documents and hand-typed quotations
//! differ in ways that say nothing about the words: typographic quotes and
//! dashes, ligatures, full-width letters, runs of whitespace and line
//! breaks, markup left by the conversion (`**bold**`, `<b>`, `#` headings,
//! list bullets, `\$`). [`fold`] and [`clean_line`] remove those; what is
//! left must match, and anything further is a tolerance stated in the
//! result (see `find`).

/// A character as compared: typographic quotes and dashes become `'`, `"`
/// and `-`, spaces of every width a space, ligatures and full-width forms
/// their letters, an ellipsis three full stops; zero-width characters and
/// the soft hyphen vanish.
pub(crate) fn fold(c: char, out: &mut String) {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{00B4}' => {
            out.push('\'')
        }
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{00AB}'
        | '\u{00BB}' => out.push('"'),
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => {
            out.push('-')
        }
        '\u{2026}' => out.push_str("..."),
        '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => {
            out.push(' ')
        }
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{FEFF}' | '\u{00AD}' => {}
        '\u{FB00}' => out.push_str("ff"),
        '\u{FB01}' => out.push_str("fi"),
        '\u{FB02}' => out.push_str("fl"),
        '\u{FB03}' => out.push_str("ffi"),
        '\u{FB04}' => out.push_str("ffl"),
        '\u{FB05}' | '\u{FB06}' => out.push_str("st"),
        '\u{FF01}'..='\u{FF5E}' => {
            out.push(char::from_u32(c as u32 - 0xFEE0).unwrap_or(c));
        }
        _ => out.push(c),
    }
}

/// `s` folded character by character (see [`fold`]).
pub(crate) fn folded(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        fold(c, &mut out);
    }
    out
}

/// `s` folded with every run of whitespace one space, trimmed.
pub(crate) fn squeezed(s: &str) -> String {
    folded(s).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A character's lower case, one for one (a character whose lower case is
/// several stays as it is), so that a text and its lower case line up.
pub(crate) fn lower(c: char) -> char {
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

/// A document line without the markup a conversion leaves: heading marks,
/// one list bullet, `**`/`__` emphasis, HTML tags such as `<b>` and `<u>`,
/// backslash escapes; folded, with its ends trimmed. Tabs are kept (they
/// tell table cells apart).
pub(crate) fn clean_line(line: &str) -> String {
    let mut s = line.trim_end_matches('\r').trim();
    let hashes = s.chars().take_while(|&c| c == '#').count();
    if hashes > 0 && s[hashes..].starts_with(' ') {
        s = s[hashes..].trim_start();
    }
    for bullet in ["- ", "* ", "• ", "+ ", "-\t", "•\t"] {
        if let Some(rest) = s.strip_prefix(bullet) {
            s = rest.trim_start();
            break;
        }
    }
    let mut out = String::with_capacity(s.len());
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if (c == '*' || c == '_') && chars.get(i + 1) == Some(&c) {
            i += 2;
            continue;
        }
        if c == '\\' && chars.get(i + 1).is_some_and(|n| n.is_ascii_punctuation()) {
            fold(chars[i + 1], &mut out);
            i += 2;
            continue;
        }
        if c == '<'
            && let Some(len) = tag_len(&chars[i..])
        {
            i += len;
            continue;
        }
        fold(c, &mut out);
        i += 1;
    }
    out.trim_matches(|c: char| c == ' ').to_string()
}

/// The length of an HTML tag such as `<b>`, `</u>` or `<br/>` at the start
/// of `s`.
fn tag_len(s: &[char]) -> Option<usize> {
    let mut i = 1;
    if s.get(i) == Some(&'/') {
        i += 1;
    }
    let name = s[i..]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    if !(1..=10).contains(&name) {
        return None;
    }
    i += name;
    if s.get(i) == Some(&'/') {
        i += 1;
    }
    (s.get(i) == Some(&'>')).then_some(i + 1)
}

/// The searchable text of a document: its kept lines cleaned and joined
/// with single spaces, each character with the line it comes from. A word
/// broken by a hyphen at a line end is joined (`certi-` + `fy`) and the
/// hyphen remembered, so a quotation matches with or without it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Searchable {
    pub chars: Vec<char>,
    /// `chars` in lower case, one for one.
    pub lower: Vec<char>,
    /// The 1-based document line of each character.
    pub lines: Vec<usize>,
    /// `soft[i]`: a line-end hyphen stood just before character `i`.
    pub soft: Vec<bool>,
}

impl Searchable {
    /// Appends a document line (already cleaned).
    pub(crate) fn push_line(&mut self, line: usize, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let joins_word = self.chars.len() >= 2
            && self.chars[self.chars.len() - 1] == '-'
            && self.chars[self.chars.len() - 2].is_alphabetic()
            && text.chars().next().is_some_and(char::is_lowercase);
        let mut soft_next = false;
        if joins_word {
            self.pop();
            soft_next = true;
        } else if !self.chars.is_empty() {
            self.push(' ', line, false);
        }
        for c in text.chars() {
            if c.is_whitespace() {
                if self.chars.last() != Some(&' ') {
                    self.push(' ', line, false);
                }
            } else {
                self.push(c, line, soft_next);
                soft_next = false;
            }
        }
    }

    fn push(&mut self, c: char, line: usize, soft: bool) {
        self.chars.push(c);
        self.lower.push(lower(c));
        self.lines.push(line);
        self.soft.push(soft);
    }

    fn pop(&mut self) {
        self.chars.pop();
        self.lower.pop();
        self.lines.pop();
        self.soft.pop();
    }

    /// The characters of document lines `first..=last`.
    pub(crate) fn range_of_lines(&self, first: usize, last: usize) -> std::ops::Range<usize> {
        let a = self.lines.partition_point(|&l| l < first);
        let b = self.lines.partition_point(|&l| l <= last);
        a..b.max(a)
    }

    /// The text of characters `range`, as a string.
    pub(crate) fn text(&self, range: std::ops::Range<usize>) -> String {
        self.chars[range].iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_typography_are_removed() {
        assert_eq!(
            clean_line("### **Rules of Play**"),
            "Rules of Play".to_string()
        );
        assert_eq!(
            clean_line("<b>Event</b>\t<b>Paytable 1</b>"),
            "Event\tPaytable 1"
        );
        assert_eq!(
            clean_line("  - The Player draws 0–5."),
            "The Player draws 0-5."
        );
        assert_eq!(clean_line("A minimum of \\$1"), "A minimum of $1");
        assert_eq!(
            squeezed("“NO  COMMISSION”\n with"),
            "\"NO COMMISSION\" with"
        );
        assert_eq!(squeezed("ﬁve…"), "five...");
    }

    #[test]
    fn a_hyphen_at_a_line_end_joins_the_word() {
        let mut s = Searchable::default();
        s.push_line(1, "the player-");
        s.push_line(2, "dealer shall");
        assert_eq!(s.text(0..s.chars.len()), "the playerdealer shall");
        assert!(s.soft[10]);
        assert_eq!(s.lines[11], 2);
        let mut t = Searchable::default();
        t.push_line(1, "a 3-");
        t.push_line(2, "Card 9");
        assert_eq!(t.text(0..t.chars.len()), "a 3- Card 9");
    }
}
