//! Pictures of report data, as values: the PDF draws them from these,
//! the JSON carries them, and the Markdown shows the table of the same
//! data that each figure stands beside or for.

use schemars::JsonSchema;
use serde::Serialize;

/// One small chart of a house edge (in percent) by deck count.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DeckChart {
    /// The wager and pay table, e.g. "`enter` / even_money".
    pub title: String,
    /// (deck count, house edge in percent, a count the document names).
    pub points: Vec<(u32, f64, bool)>,
}

/// One cell of the decision grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Decide {
    /// No combination reaches this cell.
    Never,
    /// Draw or stand; `mixed` where the composition-dependent strategy
    /// decides some hands of the cell otherwise.
    Draw {
        mixed: bool,
    },
    Stand {
        mixed: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(rename_all = "snake_case", tag = "figure", content = "data")]
pub enum Figure {
    /// House edge by deck count: one small chart per wager / pay table,
    /// under a caption in the edition's words.
    ByDecks {
        caption: String,
        charts: Vec<DeckChart>,
    },
    /// A player's decision chart as a coloured draw/stand grid.
    Decision {
        /// "player total".
        row_head: String,
        /// The other seen cards the columns are by.
        col_head: String,
        rows: Vec<String>,
        cols: Vec<String>,
        cells: Vec<Vec<Decide>>,
    },
    /// The distribution of a combined wager's net outcomes.
    Distribution {
        title: String,
        /// (net result as printed, probability).
        bars: Vec<(String, f64)>,
    },
}

impl Figure {
    /// The caption the PDF shows above the figure and in its outline.
    pub fn caption(&self) -> String {
        match self {
            Figure::ByDecks { caption, .. } => format!("Figure: {caption}"),
            Figure::Decision { row_head, .. } => {
                format!("Figure: decision chart by {row_head} (D draw, S stand)")
            }
            Figure::Distribution { title, .. } => format!("Figure: {title}"),
        }
    }
}

/// A rational as a float for drawing (positions only; every printed
/// figure stays exact).
pub(crate) fn to_f64(r: &num_rational::BigRational) -> f64 {
    use num_traits::ToPrimitive;
    r.to_f64().unwrap_or(0.0)
}
