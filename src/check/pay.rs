//! A pay as written in a pay table, a fixture or a test: `push`, `lose`,
//! `8`, `0.95`, `3/2` or `3 to 2`.

use crate::model::{Pay, Ratio};

/// Reads a pay as written: `push`, `lose`, `8`, `0.95`, `3/2` or `3 to 2`.
/// A pay of zero is a push.
pub fn parse_pay(text: &str) -> Option<Pay> {
    let odds = match text.trim() {
        "push" => return Some(Pay::Push),
        "lose" => return Some(Pay::Lose),
        t => match t.split_once(" to ") {
            Some((a, b)) => {
                let (a, b) = (Ratio::parse(a)?, Ratio::parse(b)?);
                if b.num == 0 {
                    return None;
                }
                Ratio::new(a.num * b.den, a.den * b.num)
            }
            None => Ratio::parse(t)?,
        },
    };
    Some(if odds.num == 0 {
        Pay::Push
    } else {
        Pay::Win(odds)
    })
}
