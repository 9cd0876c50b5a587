//! The words of a condition, read lexically (hands, definitions,
//! attributes, functions, keywords, numbers, operators), so that a
//! condition being typed, which does not parse, is read as far as it goes:
//! what semantic tokens colour (`tokens`) and the index records (`index`).

/// What a word of a condition is, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lex {
    /// A bare name: a hand, a definition, a global, a rank or a suit.
    Name,
    /// A name after `.`.
    Attribute,
    /// A name before `(`.
    Function,
    Keyword,
    Number,
    Operator,
}

/// A word: its bytes in the condition's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    pub start: usize,
    pub end: usize,
    pub lex: Lex,
}

const KEYWORDS: [&str; 6] = ["and", "or", "not", "in", "true", "false"];

/// The words of a condition, in order.
pub fn words(text: &str) -> Vec<Word> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let lex = if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let before = text[..start].trim_end();
            let after = text[i..].trim_start();
            if before.ends_with('.') {
                Lex::Attribute
            } else if after.starts_with('(') {
                Lex::Function
            } else if KEYWORDS.contains(&&text[start..i]) {
                Lex::Keyword
            } else {
                Lex::Name
            }
        } else if c.is_ascii_digit() {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            Lex::Number
        } else if b"=!<>+-%".contains(&c) {
            while i < b.len() && b"=!<>+-%".contains(&b[i]) {
                i += 1;
            }
            Lex::Operator
        } else {
            // Brackets, commas, dots, spaces and anything else: no token.
            i += text[i..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        out.push(Word { start, end: i, lex });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_condition_s_words_are_read_as_written() {
        let text = "player.first.rank == banker.third.rank and kinds(cards, 2) >= 2 or not tie";
        let got: Vec<(&str, Lex)> = words(text)
            .into_iter()
            .map(|w| (&text[w.start..w.end], w.lex))
            .collect();
        use Lex::*;
        assert_eq!(
            got,
            [
                ("player", Name),
                ("first", Attribute),
                ("rank", Attribute),
                ("==", Operator),
                ("banker", Name),
                ("third", Attribute),
                ("rank", Attribute),
                ("and", Keyword),
                ("kinds", Function),
                ("cards", Name),
                ("2", Number),
                (">=", Operator),
                ("2", Number),
                ("or", Keyword),
                ("not", Keyword),
                ("tie", Name),
            ]
        );
    }
}
