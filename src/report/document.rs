//! The certification report: one computation rendered as Markdown and as
//! JSON, with a reproducibility manifest. Nothing time-dependent goes in:
//! the same spec and tool version give the same bytes on any machine.

pub use super::inputs::{Inputs, LABEL, cargo_lock_sha256, command, sha256_hex};
pub use super::manifest::{FIXTURE_KEY, INCLUDE_KEY, read_manifest};
use crate::assess::Computed;
use crate::diag::report::ReportError;
use serde_json::Value;

pub struct Report {
    /// The figures and what the report finds (`data.assessment`), typed (without `document` and `report_set`).
    pub data: super::data::ReportData,
    /// The report as a value: what the Markdown and the PDF render.
    pub model: super::model::Document,
    pub markdown: String,
    pub json: String,
    pub pdf: Vec<u8>,
    /// The JSON document without `document` and `report_set` (the figures,
    /// not their rendering): what `certify SPEC --json` prints.
    pub document: Value,
}

/// The version of the JSON document's shape (`schema_version`); the rule
/// for raising it is in [`super::data`].
pub use super::data::SCHEMA_VERSION;

pub fn build(inp: &Inputs, computed: &Computed) -> Result<Report, ReportError> {
    let (data, model) = parts(inp, computed);
    render(data, model)
}

/// The report's data and its document, before they are rendered: what an
/// edition (`crate::edition`) adds to.
pub fn parts(
    inp: &Inputs,
    computed: &Computed,
) -> (super::data::ReportData, super::model::Document) {
    let decks = inp.by_decks.expect("a report shows every deck count");
    let data = super::data::fill(inp, computed);
    let model = super::fill::document(inp, computed, decks, &data.to_value()["manifest"]);
    (data, model)
}

/// The three files of a report from its data and its model: the Markdown
/// and the PDF render `model`; the JSON is `data` with `model` as its
/// `document` and the siblings' hashes as its `report_set`. A section added
/// to the model shows in all three; no renderer names a section.
pub fn render(
    mut data: super::data::ReportData,
    model: super::model::Document,
) -> Result<Report, ReportError> {
    let document = data.to_value();
    let figures = data.clone();
    let markdown = super::markdown::render(&model);
    // The running head names the game as the reader knows it (the title
    // before " — mathematical analysis") and the report, never the tool.
    let game = model.meta.title.split(" — ").next().unwrap_or_default();
    let head = format!("{game} · {}", model.meta.reference);
    let pdf = super::pdf::render(&model, &head)?;
    // The siblings written with this file: a set is whole when these match.
    data.report_set = Some(super::data::manifest::ReportSet::of(&markdown, &pdf));
    data.document = Some(model.clone());
    Ok(Report {
        data: figures,
        model,
        json: serde_json::to_string_pretty(&data.to_value()).expect("serializable") + "\n",
        markdown,
        pdf,
        document,
    })
}

/// The JSON report document without `report_set` (which hashes the rendered
/// siblings), built from the typed values of [`super::data`]. Without
/// `inp.by_decks` it also leaves out what needs every deck count (see
/// [`super::data::fill`]).
pub fn document(inp: &Inputs, computed: &Computed) -> Value {
    super::data::fill(inp, computed).to_value()
}

/// Writes a report set (Markdown, JSON, PDF) all or nothing.
///
/// Each file is first written under a temporary name unique to this run;
/// then, holding an exclusive lock on `<dir>/.<id>.lock`, the three are
/// renamed into place. Two runs writing into one folder thus never
/// interleave their renames: the set on disk is always wholly one run's.
/// A failure before the renames removes the temporary files and leaves the
/// earlier set as it was. `certify verify` checks that a set is whole (the
/// JSON records the SHA-256 of its Markdown and PDF siblings).
pub fn write(
    report: &Report,
    dir: &std::path::Path,
    id: &str,
) -> Result<Vec<std::path::PathBuf>, ReportError> {
    write_set(
        dir,
        id,
        &[
            ("md", report.markdown.as_bytes()),
            ("json", report.json.as_bytes()),
            ("pdf", report.pdf.as_slice()),
        ],
    )
}

/// Writes the files `<dir>/<id>.<extension>` all or nothing, as
/// [`write`] does a report set (the player's leaflet is written by it too).
pub fn write_set(
    dir: &std::path::Path,
    id: &str,
    set: &[(&str, &[u8])],
) -> Result<Vec<std::path::PathBuf>, ReportError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let fail = |e: std::io::Error| ReportError::Write {
        dir: dir.display().to_string(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(fail)?;
    let unique = format!(
        "{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    );
    let files = set
        .iter()
        .map(|(ext, bytes)| (format!("{id}.{ext}"), *bytes));
    let mut staged: Vec<(std::path::PathBuf, std::path::PathBuf)> = Vec::new();
    let unstage = |staged: &[(std::path::PathBuf, std::path::PathBuf)]| {
        for (tmp, _) in staged {
            let _ = std::fs::remove_file(tmp);
        }
    };
    for (name, bytes) in files {
        let tmp = dir.join(format!(".{name}.tmp-{unique}"));
        staged.push((tmp.clone(), dir.join(&name)));
        if let Err(e) = std::fs::write(&tmp, bytes) {
            unstage(&staged);
            return Err(fail(e));
        }
    }
    let lock = match lock_set(dir, id, true) {
        Ok(l) => l,
        Err(e) => {
            unstage(&staged);
            return Err(fail(e));
        }
    };
    let mut written = Vec::new();
    for (k, (tmp, path)) in staged.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            unstage(&staged[k..]);
            return Err(fail(e));
        }
        written.push(path.clone());
    }
    drop(lock);
    Ok(written)
}

/// The lock that orders writers (exclusive) and readers (shared) of one
/// report set. Advisory: it binds certify processes, which is what matters.
pub fn lock_set(
    dir: &std::path::Path,
    id: &str,
    exclusive: bool,
) -> std::io::Result<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(format!(".{id}.lock")))?;
    if exclusive {
        file.lock()?;
    } else {
        file.lock_shared()?;
    }
    Ok(file)
}

/// The first line where two texts differ (1-based), with both lines.
pub fn first_difference(a: &str, b: &str) -> Option<(usize, String, String)> {
    let (mut la, mut lb) = (a.lines(), b.lines());
    let mut n = 0;
    loop {
        n += 1;
        match (la.next(), lb.next()) {
            (None, None) => return None,
            (x, y) if x == y => continue,
            (x, y) => {
                return Some((
                    n,
                    x.unwrap_or("(end of file)").to_string(),
                    y.unwrap_or("(end of file)").to_string(),
                ));
            }
        }
    }
}
