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

#[cfg(test)]
mod tests {
    use super::*;

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
