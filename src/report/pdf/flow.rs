//! The report as the layout reads it: the [`Document`]'s blocks flattened
//! into reading order (title, label, each section's heading and blocks).
//! Nothing is parsed: every block is a model block, restated for the page.

use crate::report::model::{self, Document, Figure, Text};

pub use crate::report::model::Run;

pub type Runs = Vec<Run>;

#[derive(Clone, Debug)]
pub enum Block {
    Heading(u8, Runs),
    Para(Runs),
    /// A list item: its nesting level and its marker ("•" or "–").
    Item(usize, String, Runs),
    /// A table: the header row first; per column, whether it holds figures
    /// (set right-aligned).
    Table {
        rows: Vec<Vec<Runs>>,
        numeric: Vec<bool>,
    },
    Code(Vec<String>),
    Figure(Figure),
}

/// The text of runs without their styling.
pub fn plain(runs: &[Run]) -> String {
    runs.iter().map(|r| r.text.as_str()).collect()
}

fn runs(t: &Text) -> Runs {
    t.0.clone()
}

/// The document's blocks in reading order.
pub fn flow(doc: &Document) -> Vec<Block> {
    let mut out = vec![Block::Heading(1, vec![plain_run(&doc.meta.title)])];
    if !doc.label.is_empty() {
        out.push(Block::Para(runs(&doc.label)));
    }
    for section in doc.sections.iter().chain(&doc.appendices) {
        // A section without a heading (a test's, a command's) runs on.
        if !section.heading.is_empty() {
            out.push(Block::Heading(2, runs(&section.heading)));
        }
        for block in &section.blocks {
            restate(&mut out, block);
        }
    }
    out
}

fn plain_run(text: &str) -> Run {
    Run {
        text: text.to_string(),
        style: model::Style::Plain,
    }
}

fn restate(out: &mut Vec<Block>, block: &model::Block) {
    use model::Block as M;
    match block {
        M::Heading { level, text } => out.push(Block::Heading(*level, runs(text))),
        M::Paragraph { text } | M::Verdict { text } | M::Note { text } => {
            out.push(Block::Para(runs(text)))
        }
        M::List { items } => {
            for item in items {
                out.push(Block::Item(0, "•".into(), runs(&item.text)));
                for sub in &item.items {
                    out.push(Block::Item(1, "–".into(), runs(sub)));
                }
            }
        }
        M::Table { table } => out.push(table_block(table)),
        M::Code { lines } => out.push(Block::Code(lines.clone())),
        // A figure standing for a table is drawn in the table's place.
        M::Figure { figure, .. } => out.push(Block::Figure(figure.clone())),
    }
}

/// A column is set as figures when its kind says it holds figures and
/// every cell of it reads as one (a figure column may hold a word such as
/// "none: …", and then is set as words, as a reader expects).
fn table_block(t: &model::Table) -> Block {
    let mut rows = vec![t.columns.iter().map(|c| runs(&c.title)).collect::<Vec<_>>()];
    rows.extend(t.rows.iter().map(|r| r.iter().map(runs).collect()));
    let numeric = t
        .columns
        .iter()
        .enumerate()
        .map(|(c, col)| {
            let body: Vec<String> = t
                .rows
                .iter()
                .filter_map(|r| r.get(c).map(Text::plain_text))
                .filter(|s| !s.trim().is_empty())
                .collect();
            col.kind.numeric() && !body.is_empty() && body.iter().all(|s| reads_as_figure(s))
        })
        .collect();
    Block::Table { rows, numeric }
}

/// Is this cell a number, a percentage, a count, a fraction or "1 in N"?
pub fn reads_as_figure(s: &str) -> bool {
    let s = s.trim();
    let s = s.strip_prefix("1 in ").unwrap_or(s);
    let s = s.strip_suffix('%').unwrap_or(s);
    let s = s
        .strip_prefix('-')
        .or_else(|| s.strip_prefix('−'))
        .or_else(|| s.strip_prefix('+'))
        .unwrap_or(s);
    !s.is_empty()
        && s.starts_with(|c: char| c.is_ascii_digit())
        && s.ends_with(|c: char| c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '/'))
        && s.matches('.').count() <= 1
        && s.matches('/').count() <= 1
}
