//! `certify new ID`: a minimal spec for a new side bet and its fixture file,
//! from the one template beside this file, with the id substituted. Both
//! check and compute as written (tests/new.rs), so a designer starts from
//! something that works and changes one thing at a time.
//!
//! Layer: front end: a command beside the pipeline (the layout is in
//! `src/lib.rs`).

use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use std::io::Write;
use std::path::{Path, PathBuf};

const SPEC: &str = include_str!("spec.yaml");
const FIXTURES: &str = include_str!("fixtures.yaml");

/// The two files written.
#[derive(Debug)]
pub struct Created {
    pub spec: PathBuf,
    pub fixtures: PathBuf,
}

/// Writes `DIR/ID.yaml` and its fixture file in the fixture folder certify
/// reads for it (`fixtures/` beside `DIR`). Refuses a bad id, and refuses
/// to overwrite: when either file exists, neither is written.
pub fn create(id: &str, dir: &Path) -> Result<Created, Box<Diagnostic>> {
    let usage = |e: UsageError| Box::new(Diagnostic::plain(e));
    if !is_id(id) {
        return Err(usage(UsageError::NewBadId { id: id.into() }));
    }
    // `./x.yaml` and `x.yaml` find their fixtures in different places
    // (`fixtures::default_dir`); name the spec as a user would type it.
    let spec = if dir == Path::new(".") {
        PathBuf::from(format!("{id}.yaml"))
    } else {
        dir.join(format!("{id}.yaml"))
    };
    let fixtures = crate::fixtures::default_dir(&spec.to_string_lossy()).join(format!("{id}.yaml"));
    for p in [&spec, &fixtures] {
        if p.exists() {
            return Err(usage(UsageError::NewExists {
                path: p.display().to_string(),
            }));
        }
    }
    let title = title(id);
    let fill = |t: &str| t.replace("{{id}}", id).replace("{{title}}", &title);
    write_new(&spec, &fill(SPEC)).map_err(&usage)?;
    if let Err(e) = write_new(&fixtures, &fill(FIXTURES)) {
        // All or nothing: the spec alone would be refused for want of fixtures.
        let _ = std::fs::remove_file(&spec);
        return Err(usage(e));
    }
    Ok(Created { spec, fixtures })
}

/// What to do next, printed after the files are written.
pub fn next_steps(id: &str, c: &Created) -> String {
    let (spec, fixtures) = (c.spec.display(), c.fixtures.display());
    format!(
        "created {spec}: spec `{id}`, the standard punto banco tableau, one wager `{id}` with one event and one pay table
created {fixtures}: two hand-worked cases, one that wins and one that loses

next steps:
  1. edit {spec}: the source document, the event's condition (`when:`), the pays
  2. add cases to {fixtures}, each worked by hand from the rule document's words
  3. certify check {spec}    # type-check the spec and run its fixtures
  4. certify {spec}          # compute every figure exactly and write the reports
"
    )
}

/// Spec ids: lowercase letters, digits and `_`, starting with a letter (as
/// the checker requires of every id).
fn is_id(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
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
            spec: "rules/x.yaml".into(),
            fixtures: "fixtures/x.yaml".into(),
        };
        for t in [SPEC, FIXTURES] {
            let filled = t.replace("{{id}}", "x").replace("{{title}}", "X");
            assert!(!filled.contains("{{"), "{filled}");
        }
        assert!(next_steps("x", &c).contains("certify check rules/x.yaml"));
    }
}
