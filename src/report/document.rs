//! The certification report: one computation rendered as Markdown and as
//! JSON, with a reproducibility manifest. Nothing time-dependent goes in:
//! the same spec and tool version give the same bytes on any machine.

use super::Computed;
use crate::diag::report::ReportError;
use crate::fixtures::CaseResult;
use crate::model::Spec;
use crate::verify::Verification;
use num_rational::BigRational;
use serde_json::Value;
use std::fmt::Write;

/// The title of the Markdown report's manifest section (section 6, or 7
/// after the simulation section).
pub(crate) const MANIFEST_TITLE: &str = "Reproducibility manifest";

pub const LABEL: &str = "Manufacturer's mathematical analysis (not a test-laboratory certificate)";

/// Everything a report is made from.
pub struct Inputs<'a> {
    /// The spec path as the reproducing command names it.
    pub spec_path: &'a str,
    pub spec_bytes: &'a [u8],
    pub spec: &'a Spec,
    pub decks: u32,
    pub fixtures: &'a [CaseResult],
    /// Each fixture file run, by name, with the SHA-256 of its bytes.
    pub fixture_files: &'a std::collections::BTreeMap<String, String>,
    /// Each file the spec included (its shared game), by path as the spec's
    /// folder joined with the include names it, with the SHA-256 of its bytes.
    pub include_files: &'a std::collections::BTreeMap<String, String>,
    /// The options the run was made with; all recorded in the manifest.
    pub options: &'a crate::options::Options,
    pub verification: &'a Verification,
    /// The analysis at every allowed deck count, in order (the run's own
    /// count included): the report renders these and computes nothing.
    /// `None` (`--json --no-reports`): not computed; only [`document`] takes that.
    pub by_decks: Option<&'a [(u32, &'a crate::engine::Analysis)]>,
    /// Each pay table's house edge as a function of the deck count, where
    /// the rules do not change with it (None otherwise, or not computed).
    pub edges: Option<&'a crate::engine::deck_function::DeckFunctions>,
    /// For each interpretation whose readings give the same figures, a
    /// round the reference evaluator settles differently under each.
    pub differing: &'a [(String, crate::eval::differ::DifferingRound)],
    /// The simulation stage's findings, when the run simulated (`--simulate`).
    pub study: Option<&'a crate::study::Study>,
}

pub struct Report {
    /// The figures, typed (without `document` and `report_set`).
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

/// SHA-256 of the Cargo.lock this binary was built from: its exact
/// dependency set. `include_bytes!` rather than a build script: rustc
/// tracks the file, so a changed lock rebuilds the tool, and no build-time
/// hashing code is needed; hashing 50 KB once costs microseconds.
pub fn cargo_lock_sha256() -> &'static str {
    static LOCK: &[u8] = include_bytes!("../../Cargo.lock");
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| sha256_hex(LOCK))
}

pub use crate::spec::source::sha256_hex;

pub fn build(inp: &Inputs, computed: &Computed) -> Result<Report, ReportError> {
    let decks = inp.by_decks.expect("a report shows every deck count");
    let data = super::data::fill(inp, computed);
    let model = super::fill::document(inp, computed, decks, &data.to_value()["manifest"]);
    render(data, model)
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
    let manifest = &document["manifest"];
    let text = |key: &str| manifest[key].as_str().unwrap_or_default().to_string();
    let head = format!(
        "certify {} · {} v{} · results sha256 {}",
        text("tool_version"),
        text("spec_id"),
        text("spec_version"),
        text("results_sha256"),
    );
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

/// The manifest key of the fixture files' hashes: an object of file name to
/// SHA-256 in the JSON, one `fixture_sha256 <file>: <sha256>` line per file
/// in the Markdown.
pub const FIXTURE_KEY: &str = "fixture_sha256";

/// The manifest key of the included files' hashes (`game: { include: FILE }`):
/// an object of file path to SHA-256 in the JSON, one `include_sha256 <file>:
/// <sha256>` line per file in the Markdown.
pub const INCLUDE_KEY: &str = "include_sha256";

/// The manifest as `key: value` lines, as the Markdown shows it and
/// [`read_manifest`] reads it back.
pub(crate) fn manifest_lines(manifest: &Value) -> String {
    let mut s = String::new();
    let text = |v: &Value| {
        v.as_str()
            .map(str::to_string)
            .unwrap_or_else(|| v.to_string())
    };
    if let Value::Object(m) = manifest {
        for (k, v) in m {
            match v {
                Value::Object(entries) => {
                    for (name, v) in entries {
                        let _ = writeln!(s, "{k} {name}: {}", text(v));
                    }
                }
                _ => {
                    let _ = writeln!(s, "{k}: {}", text(v));
                }
            }
        }
    }
    s
}

/// The fixture folder the run read, as a path with `/` separators.
pub(crate) fn fixtures_dir(inp: &Inputs) -> String {
    let dir = inp
        .options
        .fixtures
        .clone()
        .unwrap_or_else(|| crate::fixtures::default_dir(inp.spec_path));
    dir.to_string_lossy().replace('\\', "/")
}

/// The command that reproduces the report: every option away from its default.
pub fn command(inp: &Inputs) -> String {
    let mut c = format!("certify {}", inp.spec_path);
    if inp.decks != inp.spec.shoe.decks {
        c.push_str(&format!(" --decks {}", inp.decks));
    }
    let default_fixtures = crate::fixtures::default_dir(inp.spec_path)
        .to_string_lossy()
        .replace('\\', "/");
    let dir = fixtures_dir(inp);
    if dir != default_fixtures {
        c.push_str(&format!(" --fixtures {dir}"));
    }
    if inp.options.samples != crate::options::SAMPLES {
        c.push_str(&format!(" --verify {}", inp.options.samples));
    }
    if let Some(sim) = &inp.options.simulate {
        c.push_str(&format!(" --simulate {}", sim.rounds));
    }
    c
}

/// House edge of a reading's wager and pay table (its first table if none named).
pub(crate) fn reading_edge(c: &Computed, wager: &str, table: Option<&str>) -> Option<BigRational> {
    let w = c.analysis.wagers.iter().find(|w| w.id == wager)?;
    let t = match table {
        Some(id) => w.tables.iter().find(|t| t.id == id)?,
        None => w.tables.first()?,
    };
    Some(t.house_edge())
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
    let files = [
        (format!("{id}.md"), report.markdown.as_bytes()),
        (format!("{id}.json"), report.json.as_bytes()),
        (format!("{id}.pdf"), report.pdf.as_slice()),
    ];
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

/// The manifest of a report file, Markdown or JSON, as key/value pairs;
/// each fixture file's hash under `fixture_sha256 <file>`, as the Markdown
/// writes it.
pub fn read_manifest(
    text: &str,
    is_json: bool,
) -> Result<std::collections::BTreeMap<String, String>, ReportError> {
    // A JSON manifest is read through its Markdown lines: one parser, one
    // set of keys for both.
    let lines = if is_json {
        let doc: Value = serde_json::from_str(text).map_err(|e| ReportError::NotJson {
            reason: e.to_string(),
        })?;
        let Some(m @ Value::Object(_)) = doc.get("manifest") else {
            return Err(ReportError::NoManifest);
        };
        manifest_lines(m)
    } else {
        // The last heading of that title (section 6, or 7 after a
        // simulation section).
        let block = text
            .rfind(&format!(". {MANIFEST_TITLE}\n"))
            .map(|start| &text[start..])
            .ok_or(ReportError::NoManifest)?;
        let open = block.find("```text\n").ok_or(ReportError::NoManifest)? + "```text\n".len();
        let close = block[open..].find("```").ok_or(ReportError::NoManifest)? + open;
        block[open..close].to_string()
    };
    let mut out = std::collections::BTreeMap::new();
    for line in lines.lines() {
        if let Some((k, v)) = line.split_once(": ") {
            out.insert(k.to_string(), v.to_string());
        }
    }
    for key in [
        "spec_file",
        "spec_sha256",
        "decks",
        "results_sha256",
        "tool_version",
        "cargo_lock_sha256",
    ] {
        if !out.contains_key(key) {
            return Err(ReportError::ManifestKey { key: key.into() });
        }
    }
    Ok(out)
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
