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
