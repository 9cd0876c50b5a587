//! Reading a text the spec or a fixture writes: which parts are quotations
//! (the document's words, in quotation marks), which document a part
//! cites, and which numbered items it names. Everything outside quotation
//! marks is the author's own words: a reference or a paraphrase.
//!
//! Quotation marks: `"…"`, `“…”`, `‘…’`, and `'…'` where the opening mark
//! starts a word and the closing one ends it (`Player's` holds an
//! apostrophe, not a quotation).

use std::ops::Range;

/// A quotation inside a text: the byte range of its words (inside the
/// marks) and the mark that opened it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quoted {
    pub words: Range<usize>,
    pub mark: char,
}

/// The quotations of `text`, or the byte offset and mark of one left open.
pub fn quotations(text: &str) -> Result<Vec<Quoted>, (usize, char)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut open: Option<(usize, char)> = None;
    for (k, &(i, c)) in chars.iter().enumerate() {
        let prev = k.checked_sub(1).map(|p| chars[p].1);
        let next = chars.get(k + 1).map(|n| n.1);
        let starts_word = prev.is_none_or(|p| p.is_whitespace() || "([{:;,—-/".contains(p))
            && next.is_some_and(|n| !n.is_whitespace());
        let ends_word = next.is_none_or(|n| !n.is_alphanumeric());
        let closes = match (open, c) {
            (Some((_, '"')), '"') => true,
            (Some((_, '“')), '”') => true,
            (Some((_, '‘')), '’') => ends_word,
            (Some((_, '\'')), '\'') => ends_word && prev.is_some_and(|p| !p.is_whitespace()),
            _ => false,
        };
        if closes {
            let (start, mark) = open.take().expect("open");
            out.push(Quoted {
                words: start + mark.len_utf8()..i,
                mark,
            });
            continue;
        }
        if open.is_some() {
            continue;
        }
        match c {
            '"' | '“' => open = Some((i, c)),
            '‘' | '\'' if starts_word => open = Some((i, c)),
            '”' => return Err((i, c)),
            _ => {}
        }
    }
    match open {
        Some(o) => Err(o),
        None => Ok(out),
    }
}

/// The parts of a citation, split at `;` outside quotation marks: each may
/// cite its own document and name its own places.
pub fn segments(text: &str, quoted: &[Quoted]) -> Vec<Range<usize>> {
    let inside = |i: usize| quoted.iter().any(|q| q.words.contains(&i));
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c == ';' && !inside(i) {
            out.push(start..i);
            start = i + 1;
        }
    }
    out.push(start..text.len());
    out
}

/// A document named at the start of a segment (`golden_bacc.txt, item 2:`):
/// its file name and where the rest starts.
pub fn document_named(segment: &str) -> Option<(String, usize)> {
    let lead = segment.len() - segment.trim_start().len();
    let s = segment.trim_start();
    let end = s.find(|c: char| c.is_whitespace() || c == ',' || c == ':')?;
    let name = &s[..end];
    let is_file = [".txt", ".md", ".text"]
        .iter()
        .any(|x| name.len() > x.len() && name.to_ascii_lowercase().ends_with(x))
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || "._-".contains(c));
    is_file.then(|| (name.to_string(), lead + end))
}

/// Items a text names: `item 4`, `items 1-5`,
/// `items 11 to 12`, each with the byte range of the mention (a caller
/// leaves out those inside its quotations).
pub fn item_mentions(text: &str) -> Vec<(Range<usize>, Vec<u32>)> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = lower[from..].find("item") {
        let at = from + found;
        from = at + 4;
        let word_start = at == 0 || !lower[..at].ends_with(|c: char| c.is_alphanumeric());
        if !word_start {
            continue;
        }
        let mut rest = &lower[at + 4..];
        rest = rest.strip_prefix('s').unwrap_or(rest);
        let Some((a, len_a)) = number_after_space(rest) else {
            continue;
        };
        let mut end = at + 4 + (lower[at + 4..].len() - rest.len()) + len_a;
        let mut numbers = vec![a];
        if let Some((b, len)) = range_end(&lower[end..])
            && b >= a
            && b - a < 1000
        {
            numbers = (a..=b).collect();
            end += len;
        }
        out.push((at..end, numbers));
    }
    out
}

/// A number after at least one space: its value and the length read.
fn number_after_space(s: &str) -> Option<(u32, usize)> {
    let spaces = s.len() - s.trim_start_matches(' ').len();
    if spaces == 0 {
        return None;
    }
    let digits: String = s[spaces..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let n = digits.parse().ok().filter(|_| digits.len() <= 4)?;
    let after = s[spaces + digits.len()..].chars().next();
    after
        .is_none_or(|c| !c.is_alphanumeric())
        .then_some((n, spaces + digits.len()))
}

/// `-5`, ` to 12`, `–12`: the end of a range of items and its length.
fn range_end(s: &str) -> Option<(u32, usize)> {
    for sep in ["-", "–", " to ", " - ", " – "] {
        if let Some(rest) = s.strip_prefix(sep) {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse::<u32>()
                && digits.len() <= 4
            {
                return Some((n, sep.len() + digits.len()));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(text: &str) -> Vec<&str> {
        quotations(text)
            .expect("closed")
            .into_iter()
            .map(|q| &text[q.words])
            .collect()
    }

    #[test]
    fn quotation_marks_and_apostrophes() {
        assert_eq!(
            quoted("Item 5: 'the Dealer's first card'; the Player's \"two cards\""),
            vec!["the Dealer's first card", "two cards"]
        );
        assert_eq!(
            quoted("“NO COMMISSION” and ‘lucky 9’"),
            vec!["NO COMMISSION", "lucky 9"]
        );
        assert_eq!(
            quoted("the players' wagers, the Dealer’s card"),
            Vec::<&str>::new()
        );
        assert_eq!(quoted("\"a 'b' c\""), vec!["a 'b' c"]);
        assert_eq!(quotations("item 2: \"the Player's third"), Err((8, '"')));
        assert_eq!(quotations("item 2: 'the card"), Err((8, '\'')));
    }

    #[test]
    fn segments_documents_and_items() {
        let t = "lucky_monkey_side_bet.txt, Baccarat Draw Rules: 'a; b'; item 4 and items 1-3";
        let q = quotations(t).unwrap();
        let segs = segments(t, &q);
        assert_eq!(segs.len(), 2);
        assert_eq!(
            document_named(&t[segs[0].clone()]),
            Some(("lucky_monkey_side_bet.txt".to_string(), 25))
        );
        assert_eq!(document_named(&t[segs[1].clone()]), None);
        let items: Vec<Vec<u32>> = item_mentions(t).into_iter().map(|(_, n)| n).collect();
        assert_eq!(items, vec![vec![4], vec![1, 2, 3]]);
        let m = item_mentions("Items 11 to 12 name no natural; items");
        assert_eq!(m, vec![(0..14, vec![11, 12])]);
        assert!(item_mentions("each item has a reading").is_empty());
    }
}
