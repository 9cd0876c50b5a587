//! `certify verify REPORT`: recompute a report from the spec it names and
//! compare it byte for byte.

use super::output::{Output, exit, failure};
use crate::diag::Diagnostic;
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
    use crate::report::document::{first_difference, lock_set, read_manifest, sha256_hex};
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
    let (dir, stem) = (
        report.parent().unwrap_or(std::path::Path::new("")),
        report.file_stem().and_then(|s| s.to_str()).unwrap_or(""),
    );
    // Read the whole set under a shared lock: never half of a writer's renames.
    let lock = lock_set(dir, stem, false).ok();
    let text = match crate::spec::source::read_limited(
        &name,
        crate::diag::input::FileKind::Report,
        crate::limits::MAX_REPORT_BYTES,
    ) {
        Ok(t) => t,
        Err(d) => return Output::refused(&[*d]),
    };
    // Siblings past the limit read as at most one byte too many: they then
    // differ from the fresh report, and verify says so.
    let siblings: Vec<(std::path::PathBuf, Option<Vec<u8>>)> = ["md", "json", "pdf"]
        .iter()
        .map(|e| report.with_extension(e))
        .map(|p| {
            let bytes =
                crate::spec::source::read_bytes_bounded(&p, crate::limits::MAX_REPORT_BYTES).ok();
            (p, bytes)
        })
        .collect();
    drop(lock);
    let at = |e: ReportError| Output::refused(&[Diagnostic::whole_file(&name, e)]);
    let manifest = match read_manifest(&text, ext == "json") {
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
    // A player's leaflet (its JSON says so) is recomputed as a leaflet.
    let leaflet = ext == "json"
        && serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|v| {
            v.get("kind").and_then(|k| k.as_str()) == Some(crate::report::leaflet::data::KIND)
        });
    let mut options = match Options::from_manifest(&manifest) {
        Ok(o) => o,
        Err(d) => return Output::refused(&[Diagnostic { file: name, ..*d }]),
    };
    // `--fixtures` says where to read the fixture files now; the report keeps
    // the folder it recorded (the files must hash the same either way).
    let recorded_fixtures = options.fixtures.clone();
    if fixtures.is_some() {
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
    for (file, sha) in &reported {
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
    if let Some((line, was, now)) = first_difference(&text, fresh_text) {
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
                manifest["results_sha256"],
                fresh_manifest
                    .get("results_sha256")
                    .cloned()
                    .unwrap_or_default()
            ));
        }
        return out;
    }
    // The report is right; each sibling present must be this run's too.
    for (path, bytes) in &siblings {
        let fresh_bytes: &[u8] = match path.extension().and_then(|e| e.to_str()) {
            Some("md") => fresh.markdown.as_bytes(),
            Some("json") => fresh.json.as_bytes(),
            _ => &fresh.pdf,
        };
        if let Some(bytes) = bytes
            && bytes.as_slice() != fresh_bytes
        {
            return at(ReportError::MixedSet {
                file: name.clone(),
                sibling: path.display().to_string(),
            });
        }
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
