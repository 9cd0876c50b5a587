//! Pictures of report data, handed to the PDF typed: the PDF draws them
//! from these values, never from the Markdown's text. The Markdown keeps
//! the same data as tables; each figure records where in the Markdown it
//! belongs (a byte offset at the start of a line).

/// One small chart of a house edge (in percent) by deck count.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckChart {
    /// The wager and pay table, e.g. "`enter` / even_money".
    pub title: String,
    /// (deck count, house edge in percent, a count the document names).
    pub points: Vec<(u32, f64, bool)>,
}

/// One cell of the decision grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    /// House edge by deck count: one small chart per wager / pay table.
    ByDecks(Vec<DeckChart>),
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
            Figure::ByDecks(_) => "Figure: house edge by deck count".into(),
            Figure::Decision { row_head, .. } => {
                format!("Figure: decision chart by {row_head} (D draw, S stand)")
            }
            Figure::Distribution { title, .. } => format!("Figure: {title}"),
        }
    }
}

/// A figure and its place in the Markdown.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// Byte offset of the Markdown line the figure goes before.
    pub at: usize,
    pub figure: Figure,
    /// The figure shows everything the next Markdown table does, so the
    /// PDF draws the figure in the table's place.
    pub replaces_table: bool,
}

/// The figures of one report, in Markdown order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figures(pub Vec<Placed>);

impl Figures {
    /// Places `figure` at the end of the Markdown written so far (which
    /// ends a line).
    pub(crate) fn add(&mut self, markdown: &str, figure: Figure, replaces_table: bool) {
        self.0.push(Placed {
            at: markdown.len(),
            figure,
            replaces_table,
        });
    }
}

/// A rational as a float for drawing (positions only; every printed
/// figure stays exact).
pub(crate) fn to_f64(r: &num_rational::BigRational) -> f64 {
    use num_traits::ToPrimitive;
    r.to_f64().unwrap_or(0.0)
}
