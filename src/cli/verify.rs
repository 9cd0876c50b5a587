//! `certify verify REPORT`: recompute a report from the spec it names and
//! compare it byte for byte.

use super::output::{Output, exit, failure};
use super::{confined, report_set};
use crate::diag::Diagnostic;
use crate::diag::input::{FileKind, InputError};
use crate::diag::report::ReportError;
use crate::diag::usage::UsageError;
use crate::fixtures::default_dir;
use crate::pipeline::{Failure, Options};
use std::path::PathBuf;

/// `certify verify REPORT`: the spec and fixtures must be unchanged, a fresh
/// computation with the options recorded in the manifest must reproduce the
/// report byte for byte, and its siblings (.md, .json, .pdf) must be of the
/// same run.
pub(super) fn verify_report(report: &std::path::Path, fixtures: Option<PathBuf>) -> Output {
    use crate::report::document::{read_manifest, sha256_hex};
    let name = report.display().to_string();
    let ext = report.extension().and_then(|e| e.to_str()).unwrap_or("");
    let stem_of = report.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    // A leaflet's Markdown and PDF carry no manifest a reader would want
    // to see (they are for players): its JSON is verified, and they with it.
    if (ext == "md" || ext == "pdf") && stem_of.ends_with(crate::report::leaflet::SUFFIX) {
        return Output::usage(Diagnostic::plain(UsageError::VerifyLeafletText {
            path: name,
            json: report.with_extension("json").display().to_string(),
        }));
    }
    if ext == "pdf" {
        return Output::usage(Diagnostic::plain(UsageError::VerifyPdf { path: name }));
    }
    if ext != "md" && ext != "json" {
        return Output::usage(Diagnostic::plain(UsageError::NotAReport { path: name }));
    }
    let dir = report.parent().unwrap_or(std::path::Path::new(""));
    let at = |e: ReportError| Output::refused(&[Diagnostic::whole_file(&name, e)]);
    // The report must be a file before its folder is locked.
    let max = crate::limits::MAX_REPORT_BYTES;
    match std::fs::metadata(report) {
        Err(e) => {
            return at_file(
                &name,
                InputError::CannotRead {
                    reason: e.to_string(),
                },
            );
        }
        Ok(m) if !m.is_file() => {
            return at_file(
                &name,
                InputError::CannotRead {
                    reason: "not a regular file (a folder, a device or a pipe)".into(),
                },
            );
        }
        Ok(_) => {}
    }
    let set = report_set::read(report, max);
    let member = |e: &str| {
        set.members
            .iter()
            .find(|(p, _)| p.extension().is_some_and(|x| x == e))
    };
    let text = match member(ext).and_then(|(_, b)| b.as_ref()) {
        Some(b) if b.len() as u64 > max => {
            return at_file(
                &name,
                InputError::LimitExceeded {
                    file: FileKind::Report,
                    limit: crate::diag::input::Limit::Bytes,
                    max: max as usize,
                },
            );
        }
        Some(b) => match std::str::from_utf8(b) {
            Ok(t) => t,
            Err(_) => {
                return at_file(
                    &name,
                    InputError::CannotRead {
                        reason: "the file is not UTF-8 text".into(),
                    },
                );
            }
        },
        None => {
            return at_file(
                &name,
                InputError::CannotRead {
                    reason: "it changed while it was read".into(),
                },
            );
        }
    };
    // Counted before it is parsed: a tree of millions of values is refused.
    if ext == "json" {
        let values = crate::spec::source::json_values(text);
        if values > crate::limits::MAX_REPORT_VALUES {
            return at(ReportError::TooManyValues {
                values,
                max: crate::limits::MAX_REPORT_VALUES,
            });
        }
    }
    let manifest = match read_manifest(text, ext == "json") {
        Ok(m) => m,
        Err(e) => return at(e),
    };
    // An input changed since the report: the error says which; the help
    // says the two ways on (a first-time user edits the spec, then verifies).
    let rewrite = rewrite_help(manifest.get("command"), dir);
    let changed = |e: ReportError| {
        let d = Diagnostic::whole_file(&name, e);
        Output::refused(&[match &rewrite {
            Some(h) => d.help(h.clone()),
            None => d,
        }])
    };
    // Every path the manifest names, before any is opened.
    let refused = |key: &str, path: &str, r: confined::Refusal| {
        at(ReportError::ManifestPath {
            key: key.into(),
            path: path.into(),
            why: r.words().into(),
        })
    };
    for key in ["spec_file", "previous"] {
        if let Some(p) = manifest.get(key)
            && let Err(r) = confined::file(p)
        {
            return refused(key, p, r);
        }
    }
    // A player's leaflet (its JSON says so) is recomputed as a leaflet.
    let leaflet = ext == "json" && is_leaflet(text);
    let mut options = match Options::from_manifest(&manifest) {
        Ok(o) => o,
        Err(d) => return Output::refused(&[Diagnostic { file: name, ..*d }]),
    };
    // `--fixtures` says where to read the fixture files now; the report keeps
    // the folder it recorded (the files must hash the same either way).
    let recorded_fixtures = options.fixtures.clone();
    let told = fixtures.is_some();
    if told {
        options.fixtures = fixtures;
    }
    // The inputs the manifest records, each named when it differs, before
    // anything is recomputed: the tool, its build, the spec, each fixture file.
    let tool_now = env!("CARGO_PKG_VERSION");
    if manifest["tool_version"] != tool_now {
        return at(ReportError::ToolVersionDiffers {
            reported: manifest["tool_version"].clone(),
            now: tool_now.into(),
        });
    }
    let lock_now = crate::report::document::cargo_lock_sha256();
    if manifest["cargo_lock_sha256"] != lock_now {
        return at(ReportError::BuildDiffers {
            reported: manifest["cargo_lock_sha256"].clone(),
            now: lock_now.into(),
        });
    }
    let spec_path = manifest["spec_file"].clone();
    let yaml_max = crate::spec::limits::MAX_BYTES as u64;
    let read_input = |p: &str| crate::spec::source::read_bytes_bounded(p, yaml_max);
    let now = read_input(&spec_path).map(|b| sha256_hex(&b));
    if let Ok(now) = &now
        && *now != manifest["spec_sha256"]
    {
        return changed(ReportError::SpecChanged {
            spec: spec_path,
            reported: manifest["spec_sha256"].clone(),
            now: now.clone(),
        });
    }
    let prefix = format!("{} ", crate::report::document::FIXTURE_KEY);
    let reported: std::collections::BTreeMap<&str, &String> = manifest
        .iter()
        .filter_map(|(k, v)| k.strip_prefix(&prefix).map(|file| (file, v)))
        .collect();
    if reported.is_empty() {
        return at(ReportError::ManifestKey {
            key: crate::report::document::FIXTURE_KEY.into(),
        });
    }
    let fixtures_dir = options
        .fixtures
        .clone()
        .unwrap_or_else(|| default_dir(&spec_path));
    let dir_name = fixtures_dir.display().to_string();
    // The folder a run was given with `--fixtures` (absolute, or above the
    // root) is recorded as given and read again: only a single file name
    // of the manifest is read in it, hashed, never shown. It must be a
    // folder.
    if !told
        && let Err(r) = confined::folder(&fixtures_dir)
        && r == confined::Refusal::NotAFolder
    {
        return refused("fixtures_dir", &dir_name, r);
    }
    for (file, sha) in &reported {
        if let Err(r) = confined::fixture(&fixtures_dir, file) {
            return refused(prefix.trim_end(), file, r);
        }
        match crate::spec::source::read_bytes_bounded(fixtures_dir.join(file), yaml_max) {
            Err(_) => {
                return changed(ReportError::FixtureMissing {
                    file: file.to_string(),
                    dir: dir_name,
                });
            }
            Ok(bytes) if sha256_hex(&bytes) != **sha => {
                return changed(ReportError::FixtureChanged {
                    file: file.to_string(),
                    reported: sha.to_string(),
                    now: sha256_hex(&bytes),
                });
            }
            Ok(_) => {}
        }
    }
    // Each file the spec included (its shared game), by the path recorded.
    let prefix = format!("{} ", crate::report::document::INCLUDE_KEY);
    for (file, sha) in manifest
        .iter()
        .filter_map(|(k, v)| k.strip_prefix(&prefix).map(|file| (file, v)))
    {
        if let Err(r) = confined::file(file) {
            return refused(prefix.trim_end(), file, r);
        }
        match read_input(file) {
            Err(_) => {
                return changed(ReportError::IncludeMissing {
                    file: file.to_string(),
                });
            }
            Ok(bytes) if sha256_hex(&bytes) != *sha => {
                return changed(ReportError::IncludeChanged {
                    file: file.to_string(),
                    reported: sha.to_string(),
                    now: sha256_hex(&bytes),
                });
            }
            Ok(_) => {}
        }
    }
    let prepared = match crate::pipeline::prepare(&spec_path, &options) {
        Ok(p) => p,
        Err(Failure::Input(ds)) => {
            let mut all = vec![Diagnostic::whole_file(
                &name,
                ReportError::SpecDoesNotCheck {
                    spec: spec_path.clone(),
                },
            )];
            all.extend(ds);
            return Output::refused(&all);
        }
        // What the command line would refuse (a bet, the approved version),
        // the manifest asks for: refused as the manifest's.
        Err(Failure::Usage(d)) => {
            let mut out = Output::refused(&[Diagnostic::whole_file(
                &name,
                ReportError::ManifestValue {
                    key: "command".into(),
                    value: manifest.get("command").cloned().unwrap_or_default(),
                },
            )]);
            out.stderr.push_str(&super::output::diagnostics(&[*d]));
            return out;
        }
        Err(f) => return failure(&spec_path, f),
    };
    if let Some(file) = prepared
        .fixture_files
        .keys()
        .find(|f| !reported.contains_key(f.as_str()))
    {
        return changed(ReportError::FixtureAdded {
            file: file.clone(),
            dir: dir_name,
        });
    }
    let finished = if leaflet {
        prepared.finish_figures(&|_, work| work())
    } else {
        prepared.finish(&|_, work| work())
    };
    let mut run = match finished {
        Ok(r) => r,
        Err(f) => return failure(&spec_path, f),
    };
    run.prepared.options.fixtures = recorded_fixtures;
    let fresh = if leaflet {
        // The declared leaflet the manifest names (`leaflet:`), if any.
        let spec = &run.prepared.spec;
        let plan = match manifest.get("leaflet") {
            None => None,
            Some(id) => match spec.leaflet(id) {
                Some(p) => Some(p),
                None => {
                    return at(ReportError::ManifestValue {
                        key: "leaflet".into(),
                        value: id.clone(),
                    });
                }
            },
        };
        run.leaflet(plan).map(|l| Fresh {
            markdown: l.markdown,
            json: l.json,
            pdf: l.pdf,
        })
    } else {
        run.render().map(|r| Fresh {
            markdown: r.markdown,
            json: r.json,
            pdf: r.pdf,
        })
    };
    let fresh = match fresh {
        Ok(r) => r,
        Err(d) => return Output::refused(&[*d]),
    };
    let fresh_text = if ext == "json" {
        &fresh.json
    } else {
        &fresh.markdown
    };
    if let Some((line, was, now)) = report_set::first_difference(text, fresh_text) {
        let mut out = at(ReportError::Differs {
            file: name.clone(),
            line,
            was,
            now,
        });
        let fresh_manifest = read_manifest(fresh_text, ext == "json").unwrap_or_default();
        if fresh_manifest.get("results_sha256") != manifest.get("results_sha256") {
            out.stderr.push_str(&format!(
                "  results sha256: {} in the report, {} fresh\n",
                crate::diag::cut(&manifest["results_sha256"]),
                fresh_manifest
                    .get("results_sha256")
                    .cloned()
                    .unwrap_or_default()
            ));
        }
        return out;
    }
    // The report is right; the set must be whole, each member this run's.
    if let Some(left) = set.leftovers.first() {
        return at(ReportError::SetLeftover {
            file: name.clone(),
            leftover: left.display().to_string(),
        });
    }
    for (path, bytes) in &set.members {
        let member = path.display().to_string();
        let (fresh_bytes, text_member): (&[u8], bool) =
            match path.extension().and_then(|e| e.to_str()) {
                Some("md") => (fresh.markdown.as_bytes(), true),
                Some("json") => (fresh.json.as_bytes(), true),
                _ => (&fresh.pdf, false),
            };
        let Some(bytes) = bytes else {
            return at(ReportError::SetMemberMissing {
                file: name.clone(),
                member,
            });
        };
        if bytes.as_slice() == fresh_bytes {
            continue;
        }
        // Its manifest this run's: edited since; else another run's.
        let ours = text_member
            && std::str::from_utf8(bytes).is_ok_and(|t| {
                read_manifest(t, path.extension().is_some_and(|e| e == "json"))
                    .is_ok_and(|m| m == manifest)
            });
        return at(if ours {
            ReportError::SetMemberEdited {
                file: name.clone(),
                member,
            }
        } else {
            ReportError::MixedSet {
                file: name.clone(),
                sibling: member,
            }
        });
    }
    Output {
        stdout: format!(
            "{name}: verified; a fresh computation of {spec_path} reproduces it exactly (results sha256 {}), and its report set is whole\n",
            manifest["results_sha256"]
        ),
        stderr: String::new(),
        code: exit::OK,
    }
}

/// A diagnostic about the whole report file, refused.
fn at_file(name: &str, e: InputError) -> Output {
    Output::refused(&[Diagnostic::whole_file(name, e)])
}

/// Whether a JSON report is a player's leaflet (its `kind` says so); the
/// rest of the document is skipped, never held.
fn is_leaflet(text: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Kind {
        kind: Option<String>,
    }
    serde_json::from_str::<Kind>(text)
        .is_ok_and(|k| k.kind.as_deref() == Some(crate::report::leaflet::data::KIND))
}

/// The three files of a fresh computation, a report's or a leaflet's.
struct Fresh {
    markdown: String,
    json: String,
    pdf: Vec<u8>,
}

/// What to do when an input differs from the one a report records: the
/// report's own command, sent to the report's folder (`reports/` is the
/// command's default), rewrites it from the files as they are now.
fn rewrite_help(command: Option<&String>, dir: &std::path::Path) -> Option<String> {
    let command = command?;
    let out = if dir == std::path::Path::new("reports") {
        String::new()
    } else if dir.as_os_str().is_empty() {
        " --out .".to_string()
    } else {
        format!(" --out {}", dir.display())
    };
    Some(format!(
        "verify it with the files it was made from, or write it again from the files as they are now: {command}{out}"
    ))
}

#[cfg(test)]
mod tests {
    use super::rewrite_help;
    use std::path::Path;

    #[test]
    fn the_help_sends_the_report_back_to_its_folder() {
        let c = "certify rules/x.yaml --decks 6".to_string();
        let h = |dir: &str| rewrite_help(Some(&c), Path::new(dir)).unwrap();
        assert!(h("reports").ends_with(": certify rules/x.yaml --decks 6"));
        assert!(
            h("drafts/reports").ends_with(": certify rules/x.yaml --decks 6 --out drafts/reports")
        );
        assert!(h("").ends_with(" --out ."));
        assert_eq!(rewrite_help(None, Path::new("reports")), None);
    }
}
