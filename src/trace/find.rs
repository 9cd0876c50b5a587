//! Finding a quotation in a document's searchable text, and the nearest
//! passage when it is not there.
//!
//! A quotation is split at `...` into fragments that must appear in order.
//! Each fragment is compared after folding (see `text`); then, in turn:
//! 1. **exact**: the same characters (the first letter's case may differ,
//!    as a quotation may start a sentence);
//! 2. **letter case**: the same characters but for letter case;
//! 3. **OCR slips**: the same words in number and order, at most one
//!    character different per word (two in words of eight letters or
//!    more), at most [`OCR_PERCENT`] % of the fragment's characters in all;
//!    a word of up to three letters or digits may differ only where the
//!    document shows a digit misread (`Ğ`, `O` or `l` for `6`, `0`, `1`),
//!    and no digit may become another digit, be added or be dropped.
//!
//! Whatever matched is stated (the kind, and the similarity for OCR slips).

use super::text::{Searchable, lower, squeezed};
use std::ops::Range;

/// The most characters of a fragment, in percent, OCR slips may change.
pub const OCR_PERCENT: usize = 10;
/// The most characters OCR slips may change in one word, and in a word
/// of at least [`OCR_LONG_WORD`] letters or digits.
pub const OCR_PER_WORD: usize = 1;
pub const OCR_PER_LONG_WORD: usize = 2;
pub const OCR_LONG_WORD: usize = 8;
/// A word of at most this many letters or digits may differ only by a
/// misread digit.
pub const OCR_SHORT_WORD: usize = 3;

/// How a quotation matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Matched {
    /// Character for character (after folding typography and whitespace).
    Exact,
    /// The same words, some letters in another case.
    LetterCase,
    /// Within the OCR tolerance; `percent`: how alike, 100 less the share
    /// of characters that differ.
    Ocr { percent: u32 },
}

impl Matched {
    /// The worse of two matches.
    fn worst(self, other: Matched) -> Matched {
        match (self, other) {
            (Matched::Ocr { percent: a }, Matched::Ocr { percent: b }) => {
                Matched::Ocr { percent: a.min(b) }
            }
            _ => self.max(other),
        }
    }
}

/// Where a quotation was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub matched: Matched,
    /// The characters of each fragment in the searchable text.
    pub spans: Vec<Range<usize>>,
}

/// Why a quotation was not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    /// A fragment is nowhere (`nearest`: the most alike passage).
    NotFound {
        fragment: String,
        nearest: Option<Nearest>,
    },
    /// A fragment is found only before the one it follows.
    OutOfOrder { fragment: String, after: String },
}

/// The passage of a document most like a fragment not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nearest {
    pub line: usize,
    pub text: String,
    pub percent: u32,
}

/// A quotation's fragments: split at `...` (or `…`), folded, trimmed;
/// empty ones (a quotation starting with `...`) dropped.
pub fn fragments(quote: &str) -> Vec<Vec<char>> {
    squeezed(quote)
        .split("...")
        .map(|f| f.trim().chars().collect::<Vec<char>>())
        .filter(|f| !f.is_empty())
        .collect()
}

/// Finds `quote` in `text`, its fragments in order; within `prefer` first
/// (the places its reference names), then anywhere.
pub fn find(text: &Searchable, quote: &str, prefer: &[Range<usize>]) -> Result<Found, Missing> {
    let frags = fragments(quote);
    for r in prefer {
        if let Ok(f) = find_in(text, &frags, r.clone()) {
            return Ok(f);
        }
    }
    find_in(text, &frags, 0..text.chars.len()).map_err(|k| missing(text, &frags, k))
}

/// The fragments found in order within `within`, or the first one not
/// found there (by its number).
fn find_in(text: &Searchable, frags: &[Vec<char>], within: Range<usize>) -> Result<Found, usize> {
    let mut spans = Vec::new();
    let mut matched = Matched::Exact;
    let mut from = within.start;
    for (k, f) in frags.iter().enumerate() {
        let (span, m) = find_fragment(text, f, from..within.end).ok_or(k)?;
        from = span.end;
        matched = matched.worst(m);
        spans.push(span);
    }
    Ok(Found { matched, spans })
}

/// Why fragment `k` was not found in the whole text: it is before the one
/// it follows, or nowhere (with the nearest passage, a search of its own
/// made only for the quotation's final answer, not for each place tried).
fn missing(text: &Searchable, frags: &[Vec<char>], k: usize) -> Missing {
    let f = &frags[k];
    let fragment: String = f.iter().collect();
    let anywhere = (k > 0)
        .then(|| find_fragment(text, f, 0..text.chars.len()))
        .flatten();
    match anywhere {
        Some(_) => Missing::OutOfOrder {
            fragment,
            after: frags[k - 1].iter().collect(),
        },
        None => Missing::NotFound {
            nearest: nearest(text, f),
            fragment,
        },
    }
}

/// The first place in `range` a fragment matches, and how.
fn find_fragment(
    text: &Searchable,
    f: &[char],
    range: Range<usize>,
) -> Option<(Range<usize>, Matched)> {
    let range = range.start..range.end.min(text.chars.len());
    for (case, matched) in [(false, Matched::Exact), (true, Matched::LetterCase)] {
        let q: Vec<char> = if case {
            f.iter().map(|&c| lower(c)).collect()
        } else {
            f.to_vec()
        };
        // A start whose character is not the fragment's first in either
        // case cannot match (`match_at`'s first comparison), unless the
        // fragment starts with a hyphen a line-end hyphen may stand for.
        let first = q.first().copied().filter(|&c| c != '-').map(lower);
        for start in range.clone() {
            if first.is_some_and(|c| text.lower[start] != c) {
                continue;
            }
            if let Some(end) = match_at(text, &q, start, case, range.end) {
                return Some((start..end, matched));
            }
        }
    }
    ocr(text, f, range)
}

/// Where `q` ends when it matches at `start` (before `limit`): character
/// for character (the first letter in either case), a line-end hyphen of
/// the document matching a hyphen of the quotation or nothing.
fn match_at(
    text: &Searchable,
    q: &[char],
    start: usize,
    lower_case: bool,
    limit: usize,
) -> Option<usize> {
    let chars = if lower_case { &text.lower } else { &text.chars };
    let (mut i, mut j) = (0, start);
    while i < q.len() {
        if j < limit && text.soft[j] && q[i] == '-' {
            i += 1;
            continue;
        }
        if j >= limit {
            return None;
        }
        let same = chars[j] == q[i] || (i == 0 && lower(chars[j]) == lower(q[i]));
        if !same {
            return None;
        }
        i += 1;
        j += 1;
    }
    Some(j)
}

/// A word of the searchable text: its characters' range.
fn words(text: &Searchable, range: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for i in range.clone() {
        match (text.chars[i] == ' ', start) {
            (true, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..range.end);
    }
    out
}

/// The fragment matched within the OCR tolerance, word by word.
fn ocr(text: &Searchable, f: &[char], range: Range<usize>) -> Option<(Range<usize>, Matched)> {
    let q: Vec<Vec<char>> = f
        .split(|&c| c == ' ')
        .filter(|w| !w.is_empty())
        .map(|w| w.iter().map(|&c| lower(c)).collect())
        .collect();
    if q.is_empty() {
        return None;
    }
    let budget = f.len() * OCR_PERCENT / 100;
    let doc = words(text, range);
    for w in 0..doc.len().saturating_sub(q.len() - 1) {
        let mut edits = 0;
        let mut ok = true;
        for (k, qw) in q.iter().enumerate() {
            let mut d: &[char] = &text.lower[doc[w + k].clone()];
            let alnum = |c: &char| c.is_alphanumeric();
            if k == 0 && qw.first().is_some_and(alnum) {
                while d.first().is_some_and(|c| !alnum(c)) {
                    d = &d[1..];
                }
            }
            if k + 1 == q.len() && qw.last().is_some_and(alnum) {
                while d.last().is_some_and(|c| !alnum(c)) {
                    d = &d[..d.len() - 1];
                }
            }
            match word_edits(qw, d) {
                Some(e) if edits + e <= budget => edits += e,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            let percent = 100 - (edits * 100).div_ceil(f.len().max(1)) as u32;
            let span = doc[w].start..doc[w + q.len() - 1].end;
            return Some((span, Matched::Ocr { percent }));
        }
    }
    None
}

/// Characters OCR reads for a digit.
fn misread_digit(c: char) -> bool {
    !c.is_ascii_alphanumeric() || "oilszbg|".contains(c)
}

/// The edits between a quotation's word and the document's, within the
/// per-word rules (see the module), or None.
fn word_edits(q: &[char], d: &[char]) -> Option<usize> {
    if q == d {
        return Some(0);
    }
    let core = q.iter().filter(|c| c.is_alphanumeric()).count();
    if core <= OCR_SHORT_WORD {
        // Only a misread digit, in place.
        if q.len() != d.len() {
            return None;
        }
        let mut e = 0;
        for (a, b) in q.iter().zip(d) {
            if a != b {
                let misread = (a.is_ascii_digit() && misread_digit(*b))
                    || (b.is_ascii_digit() && misread_digit(*a));
                if !misread {
                    return None;
                }
                e += 1;
            }
        }
        return Some(e);
    }
    let most = if core >= OCR_LONG_WORD {
        OCR_PER_LONG_WORD
    } else {
        OCR_PER_WORD
    };
    let e = edit_distance(q, d)?;
    (e <= most).then_some(e)
}

/// Levenshtein distance under the digit rules: a digit may not become
/// another digit, be inserted or be deleted. None: no such alignment.
fn edit_distance(a: &[char], b: &[char]) -> Option<usize> {
    const NO: usize = usize::MAX / 4;
    let mut prev: Vec<usize> = Vec::with_capacity(b.len() + 1);
    prev.push(0);
    for (j, c) in b.iter().enumerate() {
        prev.push(if c.is_ascii_digit() { NO } else { prev[j] + 1 });
    }
    for ca in a {
        let del = if ca.is_ascii_digit() { NO } else { 1 };
        let mut cur = vec![prev[0].saturating_add(del).min(NO)];
        for (j, cb) in b.iter().enumerate() {
            let sub = if ca == cb {
                0
            } else if ca.is_ascii_digit() && cb.is_ascii_digit() {
                NO
            } else {
                1
            };
            let ins = if cb.is_ascii_digit() { NO } else { 1 };
            let v = (prev[j] + sub).min(prev[j + 1] + del).min(cur[j] + ins);
            cur.push(v.min(NO));
        }
        prev = cur;
    }
    let d = prev[b.len()];
    (d < NO).then_some(d)
}

/// The passage most like fragment `f`: windows of the document's words
/// are ranked by how many of the fragment's words they hold, and the best
/// few compared character by character.
fn nearest(text: &Searchable, f: &[char]) -> Option<Nearest> {
    let key = |r: &Range<usize>| -> String {
        text.lower[r.clone()]
            .iter()
            .filter(|c| c.is_alphanumeric())
            .collect()
    };
    let q: Vec<char> = f.iter().map(|&c| lower(c)).collect();
    let qwords: Vec<String> = q
        .split(|&c| c == ' ')
        .map(|w| w.iter().filter(|c| c.is_alphanumeric()).collect::<String>())
        .filter(|w| !w.is_empty())
        .collect();
    let doc = words(text, 0..text.chars.len());
    if doc.is_empty() || qwords.is_empty() {
        return None;
    }
    let k = qwords.len().min(doc.len());
    let keys: Vec<String> = doc.iter().map(key).collect();
    let mut scored: Vec<(usize, usize)> = (0..=doc.len() - k)
        .map(|w| {
            let mut want = qwords.clone();
            let mut hits = 0;
            for key in &keys[w..w + k] {
                if let Some(p) = want.iter().position(|x| x == key) {
                    want.swap_remove(p);
                    hits += 1;
                }
            }
            (hits, w)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut best: Option<(usize, Range<usize>)> = None;
    for &(_, w) in scored.iter().take(8) {
        for len in k.saturating_sub(1).max(1)..=(k + 1).min(doc.len() - w) {
            let span = doc[w].start..doc[w + len - 1].end;
            let d = crate::diag::words::edit_distance(&q, &text.lower[span.clone()]);
            let size = q.len().max(span.len()).max(1);
            let score = size - d.min(size);
            let better = match &best {
                None => true,
                Some((s, b)) => score * b.len().max(q.len()) > *s * size,
            };
            if better {
                best = Some((score, span));
            }
        }
    }
    let (score, span) = best?;
    let size = q.len().max(span.len()).max(1);
    Some(Nearest {
        line: text.lines[span.start],
        text: text.text(span),
        percent: (score * 100 / size) as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Searchable {
        let mut t = Searchable::default();
        for (i, l) in s.lines().enumerate() {
            t.push_line(i + 1, &super::super::text::clean_line(l));
        }
        t
    }

    const DOC: &str = "If the Player’s third card is a King, Queen, or Jack, the bettor wins.\nOtherwise, the House collects the side bet.\nOutcome\tPays\nNatural win\tĞ\nthe player-\ndealer shall pay 25 to 1.";

    fn kind(q: &str) -> Result<Matched, Missing> {
        find(&text(DOC), q, &[]).map(|f| f.matched)
    }

    #[test]
    fn exact_across_lines_and_typography() {
        assert_eq!(
            kind("bettor wins. Otherwise, the House"),
            Ok(Matched::Exact)
        );
        assert_eq!(kind("If the Player's third card"), Ok(Matched::Exact));
        assert_eq!(
            kind("Otherwise, the house collects"),
            Ok(Matched::LetterCase)
        );
        assert_eq!(kind("otherwise, the House collects"), Ok(Matched::Exact));
        assert_eq!(kind("the player-dealer shall pay"), Ok(Matched::Exact));
        assert_eq!(kind("the playerdealer shall pay"), Ok(Matched::Exact));
    }

    #[test]
    fn fragments_in_order() {
        assert_eq!(
            kind("If the Player's ... the bettor wins"),
            Ok(Matched::Exact)
        );
        assert!(matches!(
            kind("the bettor wins ... If the Player's"),
            Err(Missing::OutOfOrder { .. })
        ));
    }

    #[test]
    fn ocr_slips_within_the_threshold() {
        assert_eq!(
            kind("If the Player's tbird card is a King, Queen, or Jack"),
            Ok(Matched::Ocr { percent: 98 })
        );
        // A garbled digit in the document reads as the digit.
        assert!(matches!(kind("Natural win 6"), Ok(Matched::Ocr { .. })));
        // A digit never becomes another digit.
        assert!(kind("shall pay 26 to 1").is_err());
        // A word added or left out is not a slip.
        assert!(kind("the House never collects the side bet").is_err());
        assert!(kind("If the Player's third card is not a King").is_err());
    }

    #[test]
    fn the_nearest_passage_of_a_quotation_not_found() {
        let Err(Missing::NotFound { nearest, .. }) = kind("the House collects four side bets")
        else {
            panic!()
        };
        let n = nearest.expect("a passage");
        assert_eq!(n.line, 2);
        assert!(n.text.contains("House collects the side bet"), "{n:?}");
        assert!(n.percent > 50 && n.percent < 100, "{n:?}");
    }
}
