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

/// Writes a report set (Markdown, JSON, PDF) all or nothing (see
/// [`write_files`]). `certify verify` checks that a set is whole (the JSON
/// records the SHA-256 of its Markdown and PDF siblings).
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
    let files: Vec<(String, &[u8])> = set
        .iter()
        .map(|(ext, bytes)| (format!("{id}.{ext}"), *bytes))
        .collect();
    write_files(dir, &files)
}

/// Writes the files `<dir>/<name>` (one or several sets) all or nothing.
///
/// Under the folder's exclusive lock ([`lock_set`]): every name that
/// exists must be a file (a folder in a member's place is refused before
/// anything is written); each file is written under a temporary name
/// unique to this run; the earlier files are moved aside, the new ones
/// renamed into place, and only then are the earlier ones removed. A
/// failure at any step puts the earlier files back and removes the
/// temporary ones: the folder holds the whole new set or the whole
/// earlier one, never a mix. Two runs writing into one folder never
/// interleave, and `certify verify` (a shared lock) never reads half a
/// write.
pub fn write_files(
    dir: &std::path::Path,
    files: &[(String, &[u8])],
) -> Result<Vec<std::path::PathBuf>, ReportError> {
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let fail = |reason: String| ReportError::Write {
        dir: dir.display().to_string(),
        reason,
    };
    std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
    for (name, _) in files {
        let path = dir.join(name);
        if let Ok(m) = std::fs::symlink_metadata(&path)
            && !m.is_file()
        {
            return Err(fail(format!(
                "{} is in the way: it is not a file (a folder, a link or a device)",
                path.display()
            )));
        }
    }
    let _lock = lock_set(dir, true).map_err(|e| fail(e.to_string()))?;
    let unique = format!(
        "{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    );
    // (temporary, backup, final) for each file.
    let plan: Vec<(PathBuf, PathBuf, PathBuf)> = files
        .iter()
        .map(|(name, _)| {
            (
                dir.join(format!(".{name}.tmp-{unique}")),
                dir.join(format!(".{name}.old-{unique}")),
                dir.join(name),
            )
        })
        .collect();
    let remove = |paths: &mut dyn Iterator<Item = &PathBuf>| {
        for p in paths {
            let _ = std::fs::remove_file(p);
        }
    };
    for (k, ((tmp, _, _), (_, bytes))) in plan.iter().zip(files).enumerate() {
        if let Err(e) = std::fs::write(tmp, bytes) {
            remove(&mut plan[..=k].iter().map(|p| &p.0));
            return Err(fail(e.to_string()));
        }
    }
    // The earlier files aside; `moved` lists those that were there.
    let mut moved: Vec<usize> = Vec::new();
    let restore = |moved: &[usize]| {
        for &k in moved {
            let _ = std::fs::rename(&plan[k].1, &plan[k].2);
        }
    };
    for (k, (_, old, path)) in plan.iter().enumerate() {
        match std::fs::rename(path, old) {
            Ok(()) => moved.push(k),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                restore(&moved);
                remove(&mut plan.iter().map(|p| &p.0));
                return Err(fail(e.to_string()));
            }
        }
    }
    for (k, (tmp, _, path)) in plan.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            remove(&mut plan[..k].iter().map(|p| &p.2));
            remove(&mut plan[k..].iter().map(|p| &p.0));
            restore(&moved);
            return Err(fail(e.to_string()));
        }
    }
    remove(&mut moved.iter().map(|&k| &plan[k].1));
    Ok(plan.into_iter().map(|(_, _, path)| path).collect())
}

/// The file of a folder's lock: one per folder, held while a set is
/// written or read, and removed by its last holder.
pub const LOCK_FILE: &str = ".certify.lock";

/// A folder's lock: exclusive for a writer, shared for `certify verify`.
/// Advisory: it binds certify processes, which is what matters. Dropped,
/// it removes its file when no other process holds it, so no lock file
/// stays behind.
pub struct SetLock {
    file: std::fs::File,
    path: std::path::PathBuf,
}

/// Takes the lock of the folder `dir` (its [`LOCK_FILE`]).
///
/// The file may be removed by the holder before: a lock taken on a
/// file no longer at its path locks nothing another process can find,
/// so it is taken again on the file now there.
pub fn lock_set(dir: &std::path::Path, exclusive: bool) -> std::io::Result<SetLock> {
    let path = dir.join(LOCK_FILE);
    loop {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)?;
        if exclusive {
            file.lock()?;
        } else {
            file.lock_shared()?;
        }
        if same_file(&file, &path) {
            return Ok(SetLock { file, path });
        }
    }
}

impl Drop for SetLock {
    fn drop(&mut self) {
        // Alone (an exclusive lock taken without waiting): no other holder
        // and no one waiting on this file can be misled by its removal;
        // one who opened it meanwhile finds it gone and takes a new one.
        // Where files cannot be told apart (not unix) it stays.
        if cfg!(unix) && self.file.try_lock().is_ok() && same_file(&self.file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether the open `file` is the one at `path` now.
fn same_file(file: &std::fs::File, path: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}
