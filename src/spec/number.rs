//! The number syntax of every file certify reads, which the schema pass
//! (`schema`) holds every number to and money amounts (`table`) are read by.

/// The number syntax of every file certify reads: plain decimal integers and
/// decimals as rule documents print them, such as `8`, `-2`, `0.95`, `12.50`.
/// Refused, so that a value is never read as something other than what it
/// looks like: hex, octal and binary (`0x10`, `0o17`, `0b1`), leading zeros
/// (`08`, which YAML 1.1 reads as octal), underscores (`1_000`), a leading
/// `+`, exponents (`1e3`), bare points (`.5`, `5.`), `.inf` and `.nan`.
pub fn plain_decimal(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, frac) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && (whole == "0" || !whole.starts_with('0')) && frac.is_none_or(all_digits)
}

/// Whether `text` is a plain decimal integer (see [`plain_decimal`]).
pub fn plain_integer(text: &str) -> bool {
    plain_decimal(text) && !text.contains('.')
}
