//! The code action on a pay table: `certify design` for its wager, run as
//! a process (as the certify code action runs `certify SPEC`), its answer
//! written to a Markdown file the editor opens.
//!
//! The server hooks it in three places: its command list (`requests`), its
//! code action providers (`actions`) and its command execution (`requests`).

use super::asked::Asked;
use lsp_types::{CodeAction, CodeActionKind, Command};
use std::path::{Path, PathBuf};

/// The command of the design code action: arguments the spec's URI and
/// the wager's id.
pub const COMMAND: &str = "certify.design";

/// The house edge range the action searches: the commonest target of a
/// side bet.
const EDGE: &str = "4%..6%";

/// The action, where the cursor is on a pay table of a wager (its id's
/// line, or a line of its `pay_tables`).
pub(super) fn actions(a: &Asked) -> Vec<CodeAction> {
    let line = a.range.start.line as usize;
    let Some(w) = a.outline.wager_at(line) else {
        return Vec::new();
    };
    let first = w.tables.iter().map(|t| t.shown.line).min();
    if first.is_none_or(|first| line < first.saturating_sub(1)) {
        return Vec::new();
    }
    let command = Command {
        title: format!(
            "certify: design pay tables for `{}` with a house edge of {EDGE}",
            w.id
        ),
        command: COMMAND.into(),
        arguments: Some(vec![
            serde_json::json!(a.uri.as_str()),
            serde_json::json!(w.id),
        ]),
    };
    vec![CodeAction {
        title: command.title.clone(),
        kind: Some(CodeActionKind::SOURCE),
        command: Some(command),
        ..Default::default()
    }]
}

/// The wager the command's arguments name.
pub fn wager_of(arguments: &[serde_json::Value]) -> Option<String> {
    arguments.get(1)?.as_str().map(str::to_string)
}

/// Runs `certify design SPEC --wager W --edge 4%..6%` and writes its
/// answer to a file of the system's temporary folder
/// (`certify-design/<spec>-<wager>.md`: nothing beside the spec changes);
/// the file written, or the error output.
pub fn run(spec: &Path, wager: &str, root: Option<&Path>) -> Result<Vec<PathBuf>, String> {
    let (stdout, _) =
        super::run::spawn(spec, root, &["design"], &["--wager", wager, "--edge", EDGE])?;
    let stem = spec
        .file_stem()
        .map_or("spec".into(), |s| s.to_string_lossy());
    let dir = std::env::temp_dir().join("certify-design");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot write {}: {e}", dir.display()))?;
    let file = dir.join(format!("{stem}-{wager}.md"));
    std::fs::write(&file, stdout.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    Ok(vec![file])
}
