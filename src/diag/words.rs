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
