//! Two sides compared: the changes in words, and a row of figures before
//! and after for each wager's pay table. What `compare` (in `mod.rs`)
//! builds and `render` prints.

use super::side::{Figures, Side};

/// One change, in words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Change {
    /// Whether it can change a settlement or a figure.
    pub mathematics: bool,
    pub text: String,
}

/// One wager's pay table on either side (absent on a side without it).
#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub wager: String,
    pub table: String,
    pub old: Option<Figures>,
    pub new: Option<Figures>,
}

/// Two sides compared.
pub struct Diff {
    pub(crate) old: Side,
    pub(crate) new: Side,
    pub changes: Vec<Change>,
    pub(crate) rows: Vec<Row>,
}

impl Diff {
    /// Whether anything that affects the mathematics changed (exit 1).
    pub fn mathematics_changed(&self) -> bool {
        self.changes.iter().any(|c| c.mathematics) || self.rows.iter().any(|r| r.old != r.new)
    }
}
