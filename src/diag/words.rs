//! Wording shared by the stages' errors: the bottom of the diagnostics,
//! depending on nothing else in them.

/// The most names a message lists: a wager with 4,000 events is named by
/// its first few and a count, never by a 40 KB line.
pub const MAX_LISTED: usize = 12;

/// `a, b, c`, or `a, b, …, l and 3,988 more` past [`MAX_LISTED`] names.
pub fn list<S: AsRef<str>>(names: &[S]) -> String {
    let shown: Vec<&str> = names.iter().take(MAX_LISTED).map(AsRef::as_ref).collect();
    let more = names.len() - shown.len();
    if more == 0 {
        shown.join(", ")
    } else {
        format!("{} and {more} more", shown.join(", "))
    }
}

/// The most characters of a token (a flag's value, an id, a card) a
/// message repeats; a longer one is cut, its length stated.
pub const MAX_TOKEN: usize = 60;

/// `token` as a message repeats it: whole up to [`MAX_TOKEN`] characters,
/// else its first 40 and its length (`abc… (200,000 characters)`), so a
/// 200 KB value never fills a terminal.
pub fn cut(token: &str) -> String {
    let n = token.chars().count();
    if n <= MAX_TOKEN {
        return token.to_string();
    }
    let head: String = token.chars().take(40).collect();
    format!("{head}… ({} characters)", group_digits(&n.to_string()))
}

/// The most characters of a message; a longer one is cut, its length
/// stated (a safety net: tokens are cut first).
pub const MAX_MESSAGE: usize = 2_000;

/// A message as it is shown: each `` `token` `` longer than [`MAX_TOKEN`]
/// cut (see [`cut`]), then the whole within [`MAX_MESSAGE`] characters.
/// Every diagnostic's headline, expected and found pass through here, so
/// no input echoes itself whole whatever the kind that quotes it.
pub fn bounded(message: &str) -> String {
    let mut out = String::new();
    // Between backticks at odd positions: the quoted tokens.
    for (k, part) in message.split('`').enumerate() {
        if k > 0 {
            out.push('`');
        }
        if k % 2 == 1 {
            out.push_str(&cut(part));
        } else {
            out.push_str(part);
        }
    }
    let n = out.chars().count();
    if n <= MAX_MESSAGE {
        return out;
    }
    let head: String = out.chars().take(MAX_MESSAGE - 100).collect();
    format!(
        "{head}… (a message of {} characters, cut)",
        group_digits(&n.to_string())
    )
}

/// `1,048,576` for `1048576`: digits in groups of three, as the reports
/// write counts (the same grouping as the report's numbers).
pub fn group_digits(s: &str) -> String {
    let (sign, digits) = s.strip_prefix('-').map_or(("", s), |d| ("-", d));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}")
}

/// `x` with a sign and `places` decimals, `0.000` (no sign) when it rounds
/// to zero: a tiny loss must not read as `-0.000`, nor a tiny win as a win.
pub fn signed(x: f64, places: usize) -> String {
    let s = format!("{x:+.places$}");
    if s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_string()
    } else {
        s
    }
}

/// A small signed figure with two significant digits below 0.01
/// (`+0.00041`), three decimals above (`+0.487`): a tiny figure that is
/// not zero must not be printed as zero.
pub fn signed_small(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let places = small_places(x);
    format!("{x:+.places$}")
}

/// The decimals [`signed_small`] shows `x` with: three, or two significant
/// digits below 0.01 (at most twelve).
pub fn small_places(x: f64) -> usize {
    let x = x.abs();
    if x >= 0.01 || x == 0.0 || !x.is_finite() {
        3
    } else {
        ((-x.log10().floor()) as usize + 1).min(12)
    }
}

/// The closest known word within edit distance 2, for "did you mean".
pub fn closest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    let word: Vec<char> = word.chars().collect();
    known
        .iter()
        .map(|k| (edit_distance(&word, &k.chars().collect::<Vec<_>>()), *k))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, k)| k)
}

/// Plain Levenshtein distance between two texts as characters (the
/// "did you mean" suggestions and the trace stage's nearest passage).
pub(crate) fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_figures_keep_two_significant_digits() {
        assert_eq!(signed_small(0.00041), "+0.00041");
        assert_eq!(signed_small(-0.0099), "-0.0099");
        assert_eq!(signed_small(0.487), "+0.487");
        assert_eq!(signed_small(0.0), "0");
    }

    #[test]
    fn signed_figures_that_round_to_zero_have_no_sign() {
        assert_eq!(signed(-0.00004, 4), "0.0000");
        assert_eq!(signed(0.00004, 4), "0.0000");
        assert_eq!(signed(-0.00006, 4), "-0.0001");
        assert_eq!(signed(0.5, 2), "+0.50");
    }

    #[test]
    fn long_tokens_are_cut_with_their_length() {
        assert_eq!(cut("lucky_7"), "lucky_7");
        let long = "x".repeat(200_000);
        let shown = cut(&long);
        assert_eq!(shown, format!("{}… (200,000 characters)", "x".repeat(40)));
        assert_eq!(cut(&"é".repeat(60)), "é".repeat(60));
    }

    #[test]
    fn messages_cut_their_long_tokens_and_their_length() {
        let long = "y".repeat(500);
        assert_eq!(
            bounded(&format!("unknown wager `{long}` (the spec has `a`)")),
            format!(
                "unknown wager `{}… (500 characters)` (the spec has `a`)",
                "y".repeat(40)
            )
        );
        assert_eq!(bounded("plain `a` text"), "plain `a` text");
        let huge = "z ".repeat(5_000);
        let shown = bounded(&huge);
        assert!(shown.chars().count() < MAX_MESSAGE, "{}", shown.len());
        assert!(
            shown.ends_with("(a message of 10,000 characters, cut)"),
            "{shown}"
        );
    }

    #[test]
    fn digits_are_grouped_by_three() {
        for (n, text) in [
            ("0", "0"),
            ("999", "999"),
            ("1000", "1,000"),
            ("1048576", "1,048,576"),
            ("-1234", "-1,234"),
        ] {
            assert_eq!(group_digits(n), text);
        }
    }
}
