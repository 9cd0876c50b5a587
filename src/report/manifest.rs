//! The manifest as the Markdown report shows it: `key: value` lines in
//! a code block under its own heading, and read back from either file.

use crate::diag::report::ReportError;
use serde_json::Value;
use std::fmt::Write;

/// The title of the Markdown report's manifest section (section 6, or 7
/// after the simulation section).
pub(crate) const MANIFEST_TITLE: &str = "Reproducibility manifest";

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
        // The manifest alone: the rest of the document is skipped, never
        // held (a report of 64 MiB reads in a few megabytes).
        #[derive(serde::Deserialize)]
        struct Only {
            manifest: Option<Value>,
        }
        let doc: Only = serde_json::from_str(text).map_err(|e| ReportError::NotJson {
            reason: e.to_string(),
        })?;
        let Some(m @ Value::Object(_)) = doc.manifest else {
            return Err(ReportError::NoManifest);
        };
        manifest_lines(&m)
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
