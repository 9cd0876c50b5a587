//! Plain-text tables shared by the terminal output and the Markdown
//! report: one look everywhere, never dependent on the terminal.

use crate::fixtures::CaseResult;
use comfy_table::{Table, presets::ASCII_MARKDOWN};

/// A Markdown-style table whose layout never depends on the terminal:
/// comfy-table is built without its `tty` feature, so it cannot ask one.
pub fn new_table<T: Into<comfy_table::Row>>(header: T) -> Table {
    let mut t = Table::new();
    t.load_style(ASCII_MARKDOWN).set_header(header);
    t
}

pub fn fixture_table(results: &[CaseResult]) -> String {
    let mut t = new_table(vec!["case", "checks", "expected", "got", "result"]);
    for r in results {
        t.add_row(vec![
            r.case.clone(),
            r.target.clone(),
            r.expected.clone(),
            r.got.clone(),
            if r.pass { "pass" } else { "FAIL" }.to_string(),
        ]);
    }
    t.to_string()
}

/// A report table as a plain-text table (cells as the Markdown writes
/// them): the terminal shows the same table the report does.
pub fn plain_table(t: &crate::report::model::Table) -> Table {
    let mut out = new_table(
        t.columns
            .iter()
            .map(|c| c.title.markdown_cell())
            .collect::<Vec<_>>(),
    );
    for row in &t.rows {
        out.add_row(
            row.iter()
                .map(crate::report::model::Text::markdown_cell)
                .collect::<Vec<_>>(),
        );
    }
    out
}
