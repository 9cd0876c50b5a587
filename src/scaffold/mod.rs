//! `certify new ID`: a minimal spec for a new side bet and its fixture file,
//! from the one template beside this file, with the id substituted. Both
//! check and compute as written (tests/authoring.rs), so a designer starts
//! from something that works and changes one thing at a time.
//!
//! `--dir D` names a project folder, and everything `new` writes is inside
//! it: the spec in `D/rules/`, its fixtures in `D/fixtures/` (where certify
//! looks for a spec's fixtures: `fixtures/` beside the spec's folder), the
//! schema copy (outside a checkout) beside the spec; the next steps send
//! the reports to `D/reports/` and the rule document to
//! `D/rules/documents/`. The default, `drafts`, is never among the shipped
//! specs, whose tests read every file in `rules/` and `fixtures/`, and git
//! ignores it, so a draft leaves a clone's status clean. Its first line names the spec's JSON Schema, as every
//! shipped spec's does; its date of analysis is the day it was written.
//!
//! Layer: front end: a command beside the pipeline (the layout is in
//! `src/lib.rs`).

use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use std::io::Write;
use std::path::{Path, PathBuf};

const SPEC: &str = include_str!("spec.yaml");
const FIXTURES: &str = include_str!("fixtures.yaml");

/// The project folder `certify new` writes a draft into unless `--dir`
/// says otherwise.
pub const DRAFTS: &str = "drafts";

/// The spec's JSON Schema as the shipped specs name it, from the folder
/// certify runs in.
const SHIPPED_SCHEMA: &str = "rules/certify-spec.schema.json";

/// The files written.
#[derive(Debug)]
pub struct Created {
    pub spec: PathBuf,
    pub fixtures: PathBuf,
    /// The schema written beside the spec, when there was none to name.
    pub schema: Option<PathBuf>,
}

/// Writes `DIR/rules/ID.yaml` and its fixture file `DIR/fixtures/ID.yaml`,
/// where certify looks for it: everything inside `DIR`. Refuses a bad id,
/// and refuses to overwrite: when either file exists, neither is written.
pub fn create(id: &str, dir: &Path) -> Result<Created, Box<Diagnostic>> {
    let usage = |e: UsageError| Box::new(Diagnostic::plain(e));
    if !is_id(id) {
        return Err(usage(UsageError::NewBadId { id: id.into() }));
    }
    let (spec, fixtures) = paths(id, dir);
    for p in [&spec, &fixtures] {
        if p.exists() {
            return Err(usage(UsageError::NewExists {
                path: p.display().to_string(),
            }));
        }
    }
    let title = title(id);
    let folder = spec.parent().unwrap_or(Path::new("")).to_path_buf();
    let (schema_ref, schema_file) = schema_for(&folder);
    let date = today();
    let fill = |t: &str| {
        t.replace("{{id}}", id)
            .replace("{{title}}", &title)
            .replace("{{schema}}", &schema_ref)
            .replace("{{date}}", &date)
    };
    write_new(&spec, &fill(SPEC)).map_err(&usage)?;
    if let Err(e) = write_new(&fixtures, &fill(FIXTURES)) {
        // All or nothing: the spec alone would be refused for want of fixtures.
        let _ = std::fs::remove_file(&spec);
        return Err(usage(e));
    }
    // The schema is a help to the editor only: a draft works without it.
    let schema = schema_file
        .filter(|f| !f.exists() && std::fs::write(f, crate::spec::json_schema::spec()).is_ok());
    Ok(Created {
        spec,
        fixtures,
        schema,
    })
}

/// The spec's and the fixture file's paths inside the project folder
/// `dir`, named as a user would type them (`rules/x.yaml`, not
/// `./rules/x.yaml`, for `--dir .`). The fixture file is where certify
/// looks for the spec's fixtures, so no `--fixtures` is needed.
fn paths(id: &str, dir: &Path) -> (PathBuf, PathBuf) {
    let inside = |folder: &str| {
        let rel = Path::new(folder).join(format!("{id}.yaml"));
        if dir == Path::new(".") || dir.as_os_str().is_empty() {
            rel
        } else {
            dir.join(rel)
        }
    };
    (inside("rules"), inside("fixtures"))
}

/// How the draft's first line names the schema: the shipped schema by a
/// path relative to the draft's folder when certify runs in a checkout;
/// else a copy written beside the draft (the second value).
fn schema_for(folder: &Path) -> (String, Option<PathBuf>) {
    let beside = || {
        let file = folder.join("certify-spec.schema.json");
        ("./certify-spec.schema.json".to_string(), Some(file))
    };
    let (Ok(schema), Ok(here)) = (
        std::fs::canonicalize(SHIPPED_SCHEMA),
        std::env::current_dir(),
    ) else {
        return beside();
    };
    // The folder may not exist yet: made absolute by hand, `..` resolved.
    let mut from = PathBuf::new();
    for c in here.join(folder).components() {
        match c {
            std::path::Component::ParentDir => {
                from.pop();
            }
            std::path::Component::CurDir => {}
            c => from.push(c),
        }
    }
    match relative(&from, &schema) {
        Some(r) => (r, None),
        None => beside(),
    }
}

/// `to` as a `/`-separated path relative to the folder `from` (both
/// absolute), or None when they share no root (another drive).
fn relative(from: &Path, to: &Path) -> Option<String> {
    let (a, b): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return None;
    }
    let ups = std::iter::repeat_n("..".to_string(), a.len() - common);
    let downs = b[common..]
        .iter()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    Some(ups.chain(downs).collect::<Vec<_>>().join("/"))
}

/// Today's date (UTC), `YYYY-MM-DD`: the draft's date of analysis until
/// its author changes it. The clock is read here only; reports read the
/// date the spec declares.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 to (year, month, day) of the Gregorian calendar
/// (H. Hinnant's `civil_from_days`).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// What to do next, printed after the files are written.
pub fn next_steps(id: &str, c: &Created) -> String {
    let (spec, fixtures) = (c.spec.display(), c.fixtures.display());
    let folder = c.spec.parent().unwrap_or(Path::new(""));
    let documents = folder.join("documents");
    // Reports beside the draft, not among the shipped ones.
    let reports = folder
        .parent()
        .unwrap_or(Path::new(""))
        .join("reports")
        .display()
        .to_string();
    let reports = if reports.is_empty() {
        "reports".into()
    } else {
        reports
    };
    let schema = c
        .schema
        .as_ref()
        .map(|s| format!("created {}: the spec's JSON Schema, which the spec's first line names for your editor\n", s.display()))
        .unwrap_or_default();
    format!(
        "created {spec}: spec `{id}`, the standard punto banco tableau, one wager `{id}` with one event and one pay table
created {fixtures}: two hand-worked cases, one that wins and one that loses
{schema}{inside}
next steps:
  1. put the rule document in {docs}/ and edit {spec}: the source document, whether its words leave a question open (`unambiguous`), the event's condition (`when:`), the pays
  2. add cases to {fixtures}, each worked by hand from the rule document's words
  3. certify check {spec}    # type-check the spec and run its fixtures
  4. certify {spec} --out {reports}    # compute every figure exactly and write the reports there
",
        docs = documents.display(),
        inside = match folder.parent() {
            Some(d) if !d.as_os_str().is_empty() => format!(
                "everything written is inside {}/, and the reports go there too\n",
                d.display()
            ),
            _ => "the spec is in rules/, its fixtures in fixtures/ and the reports go to reports/\n".into(),
        }
    )
}

/// Spec ids: lowercase letters, digits and `_`, starting with a letter (as
/// the checker requires of every id).
fn is_id(s: &str) -> bool {
    s.len() <= crate::limits::MAX_ID_CHARS && crate::spec::is_identifier(s)
}

/// `my_side_bet` -> `My Side Bet`.
fn title(id: &str) -> String {
    id.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Creates `path` (and its folder), failing if it exists: never overwrites,
/// even a file made since the check above.
fn write_new(path: &Path, text: &str) -> Result<(), UsageError> {
    let refused = |e: std::io::Error| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            UsageError::NewExists {
                path: path.display().to_string(),
            }
        } else {
            UsageError::NewCannotWrite {
                path: path.display().to_string(),
                reason: e.to_string(),
            }
        }
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(refused)?;
    }
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(refused)?;
    f.write_all(text.as_bytes()).map_err(refused)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_lowercase_identifiers() {
        for ok in ["my_bet", "b2", "lucky_8"] {
            assert!(is_id(ok), "{ok}");
        }
        for bad in [
            "", "My_bet", "8ball", "_x", "my-bet", "my bet", "bet/../x", "é",
        ] {
            assert!(!is_id(bad), "{bad}");
        }
    }

    #[test]
    fn titles_capitalise_each_word() {
        assert_eq!(title("my_side_bet"), "My Side Bet");
        assert_eq!(title("lucky_8"), "Lucky 8");
    }

    #[test]
    fn the_template_leaves_no_placeholder() {
        let c = Created {
            spec: "drafts/rules/x.yaml".into(),
            fixtures: "drafts/fixtures/x.yaml".into(),
            schema: None,
        };
        for t in [SPEC, FIXTURES] {
            let filled = t
                .replace("{{id}}", "x")
                .replace("{{title}}", "X")
                .replace("{{schema}}", "s.json")
                .replace("{{date}}", "2026-11-25");
            assert!(!filled.contains("{{"), "{filled}");
        }
        let steps = next_steps("x", &c);
        assert!(
            steps.contains("certify check drafts/rules/x.yaml"),
            "{steps}"
        );
        assert!(steps.contains("--out drafts/reports"), "{steps}");
        assert!(
            steps.contains("everything written is inside drafts/"),
            "{steps}"
        );
    }

    /// Everything `new` writes is inside `--dir` (issue 31, item 6), where
    /// certify finds it: the fixtures where `fixtures::default_dir` looks.
    #[test]
    fn both_files_are_inside_the_folder_where_certify_looks() {
        for (dir, spec, fixtures) in [
            ("drafts", "drafts/rules/x.yaml", "drafts/fixtures/x.yaml"),
            (".", "rules/x.yaml", "fixtures/x.yaml"),
            (
                "/tmp/a/b",
                "/tmp/a/b/rules/x.yaml",
                "/tmp/a/b/fixtures/x.yaml",
            ),
            ("../p", "../p/rules/x.yaml", "../p/fixtures/x.yaml"),
        ] {
            let (s, f) = paths("x", Path::new(dir));
            assert_eq!((s.to_str(), f.to_str()), (Some(spec), Some(fixtures)));
            assert_eq!(
                crate::fixtures::default_dir(spec).join("x.yaml"),
                f,
                "{dir}"
            );
        }
    }

    #[test]
    fn days_are_calendar_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(59), (1970, 3, 1));
        // 2024-02-29, a leap day; 2026-11-25.
        assert_eq!(civil(19_782), (2024, 2, 29));
        assert_eq!(civil(20_782), (2026, 11, 25));
    }

    #[test]
    fn schema_paths_are_relative_to_the_spec_folder() {
        let r = |a: &str, b: &str| relative(Path::new(a), Path::new(b));
        assert_eq!(
            r("/w/drafts/rules", "/w/rules/certify-spec.schema.json").as_deref(),
            Some("../../rules/certify-spec.schema.json")
        );
        assert_eq!(
            r("/w/rules", "/w/rules/certify-spec.schema.json").as_deref(),
            Some("certify-spec.schema.json")
        );
    }
}
