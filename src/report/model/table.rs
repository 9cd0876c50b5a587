//! A table of the report: columns that say what kind of figure they hold,
//! rows of styled cells. Every cell is already formatted (by
//! `report::numbers`, the one place that rounds), so the Markdown, the PDF
//! and the JSON show the same characters; the column's kind tells a
//! renderer how to set it (numbers right-aligned) and a program what it reads.

use super::Text;
use schemars::JsonSchema;
use serde::Serialize;

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Words: names, ids, rules, verdicts.
    Name,
    /// A whole number (digits grouped), e.g. combinations.
    Count,
    /// A decimal rendered from an exact value.
    Decimal,
    /// A percentage rendered from an exact value or an estimate.
    Percent,
    /// An exact fraction `p/q`.
    Fraction,
    /// Odds as "1 in N".
    Odds,
    /// An amount of money or of units.
    Amount,
}

impl Kind {
    /// Set right-aligned: a column of figures.
    pub fn numeric(self) -> bool {
        !matches!(self, Kind::Name)
    }
}

/// A column's heading and kind.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Column {
    pub title: Text,
    pub kind: Kind,
}

/// A table: its columns, then its rows (each as long as the columns).
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Text>>,
}

impl Table {
    /// A table with these columns.
    pub fn new<T: Into<Text>>(columns: impl IntoIterator<Item = (T, Kind)>) -> Table {
        Table {
            columns: columns
                .into_iter()
                .map(|(title, kind)| Column {
                    title: title.into(),
                    kind,
                })
                .collect(),
            rows: Vec::new(),
        }
    }

    /// A table whose columns all hold words.
    pub fn names<T: Into<Text>>(titles: impl IntoIterator<Item = T>) -> Table {
        Table::new(titles.into_iter().map(|t| (t, Kind::Name)))
    }

    /// The same table with column `index` of kind `kind`.
    pub fn kind(mut self, index: usize, kind: Kind) -> Table {
        self.columns[index].kind = kind;
        self
    }

    /// The same table with the columns from `from` on of kind `kind`.
    pub fn kinds_from(mut self, from: usize, kind: Kind) -> Table {
        for c in self.columns.iter_mut().skip(from) {
            c.kind = kind;
        }
        self
    }

    /// Appends a row; each cell's spans are read ([`Text::spans`]).
    /// A row shorter than the columns is filled with empty cells.
    pub fn row<T: Into<Text>>(&mut self, cells: impl IntoIterator<Item = T>) {
        let mut row: Vec<Text> = cells.into_iter().map(Into::into).collect();
        debug_assert!(
            row.len() <= self.columns.len(),
            "a row longer than its table's columns"
        );
        row.resize(self.columns.len(), Text::default());
        self.rows.push(row);
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}
