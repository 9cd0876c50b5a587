//! Diagnostics as the editor shows them, from the same calls the command
//! line makes: a spec is checked by `check::check_source` (what
//! `certify check` runs on the file's text) and its fixtures by
//! `fixtures::run_dir`; a fixture file by `spec::yaml::read` and
//! `fixtures::run_file`, as `run_dir` reads each file. Only the rendering
//! differs: a certify [`Diagnostic`] becomes an LSP one with the same
//! headline, place, expected/found and help.

use super::outline::{DocKind, Outline, Place};
use super::text;
use crate::diag::Diagnostic;
use crate::diag::input::FileKind;
use crate::fixtures::{CaseResult, FixtureFile};
use crate::model::Spec;
use crate::spec::SourceFile;
use lsp_types::{DiagnosticSeverity, NumberOrString, TextEdit};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A diagnostic as published, with the fixes it proposes.
#[derive(Clone, Debug)]
pub struct Published {
    pub diagnostic: lsp_types::Diagnostic,
    /// Each fix: its title and edit, best first.
    pub fixes: Vec<(String, TextEdit)>,
}

impl From<lsp_types::Diagnostic> for Published {
    fn from(diagnostic: lsp_types::Diagnostic) -> Published {
        Published {
            diagnostic,
            fixes: Vec::new(),
        }
    }
}

/// Diagnostics per file.
pub type PerFile = BTreeMap<PathBuf, Vec<Published>>;

/// The kind of a diagnostic as a code: its stage and variant, e.g.
/// `Spec.UnknownWager` (the command line names no codes; this one is read
/// from the same kind whose wording is the message).
fn code(d: &Diagnostic) -> String {
    let debug = format!("{:?}", d.kind);
    let mut words = debug
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty());
    match (words.next(), words.next()) {
        (Some(stage), Some(variant)) => format!("{stage}.{variant}"),
        (Some(stage), None) => stage.to_string(),
        _ => String::new(),
    }
}

/// The message the command line prints, without the excerpt: the headline,
/// then what was expected and found, then the help.
pub fn message(d: &Diagnostic) -> String {
    let mut m = d.message();
    if let (Some(e), Some(f)) = (&d.expected, &d.found) {
        m.push_str(&format!("\nexpected {e}, found {f}"));
    }
    if let Some(h) = &d.help {
        m.push_str(&format!("\nhelp: {h}"));
    }
    m
}

/// A certify diagnostic in the editor's terms, with its fixes; `text` is
/// its file's.
pub fn to_lsp(d: &Diagnostic, text: &str) -> Published {
    let range = if d.line == 0 {
        text::range(text, 0, 0, 0)
    } else {
        text::range(text, d.line - 1, d.column - 1, d.width)
    };
    let fixes = d.fixes.iter().filter_map(|f| fix(f, text)).collect();
    Published {
        diagnostic: lsp_types::Diagnostic {
            range,
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String(code(d))),
            source: Some("certify".into()),
            message: message(d),
            ..Default::default()
        },
        fixes,
    }
}

/// A fix as an edit of `text`, titled with what it replaces; None when it
/// points past its lines (a text that changed since).
fn fix(f: &crate::diag::Fix, text: &str) -> Option<(String, TextEdit)> {
    let (line, end_line) = (f.line.checked_sub(1)?, f.end_line.checked_sub(1)?);
    let (col, end_col) = (f.column.checked_sub(1)?, f.end_column.checked_sub(1)?);
    let fits = |l: usize, c: usize| c <= text::line(text, l).chars().count();
    if (end_line, end_col) < (line, col) || !fits(line, col) || !fits(end_line, end_col) {
        return None;
    }
    let range = lsp_types::Range::new(
        text::position(text, line, col),
        text::position(text, end_line, end_col),
    );
    let (a, b) = (
        text::offset(text, range.start),
        text::offset(text, range.end),
    );
    let old = &text[a..b];
    let shown = |s: &str| {
        let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
        if s.chars().count() > 60 {
            format!("{}…", s.chars().take(60).collect::<String>())
        } else {
            s
        }
    };
    let title = if old.is_empty() {
        format!("Insert `{}`", shown(&f.text))
    } else {
        format!("Replace `{}` with `{}`", shown(old), shown(&f.text))
    };
    Some((title, TextEdit::new(range, f.text.clone())))
}

/// A file's text as the editor has it (`open`), else as on disk.
fn text_of(path: &Path, open: &dyn Fn(&Path) -> Option<String>) -> String {
    open(path).unwrap_or_else(|| {
        crate::spec::source::read_bounded(path, crate::spec::limits::MAX_BYTES as u64)
            .unwrap_or_default()
    })
}

/// Diagnostics grouped by the file they point into; one about no file in
/// particular (a folder, the command) goes to `own`.
pub fn group(ds: &[Diagnostic], own: &Path, open: &dyn Fn(&Path) -> Option<String>) -> PerFile {
    let mut out = PerFile::new();
    out.insert(own.to_path_buf(), Vec::new());
    for d in ds {
        let file = Path::new(&d.file);
        let target = if d.file.is_empty() || file.is_dir() {
            own.to_path_buf()
        } else {
            file.to_path_buf()
        };
        let body = text_of(&target, open);
        let mut lsp = to_lsp(d, &body);
        if target.as_path() == own && file != own && !d.file.is_empty() {
            lsp.diagnostic.message = format!("{}: {}", d.file, lsp.diagnostic.message);
            lsp.fixes.clear();
        }
        out.entry(target).or_default().push(lsp);
    }
    out
}

/// The errors a spec's check found in the game files it includes, shown
/// on its `include:` value too (`include` is where that is written): the
/// count, the first error, each with its place as related information.
pub fn on_include(files: &mut PerFile, spec: &Path, text: &str, include: Option<Place>) {
    let Some(at) = include else { return };
    let elsewhere: Vec<(PathBuf, lsp_types::Diagnostic)> = files
        .iter()
        .filter(|(f, _)| f.as_path() != spec && is_game_of(f, spec))
        .flat_map(|(f, ds)| ds.iter().map(|d| (f.clone(), d.diagnostic.clone())))
        .collect();
    let Some((first_file, first)) = elsewhere.first() else {
        return;
    };
    let n = elsewhere.len();
    let line = first.range.start.line + 1;
    let headline = first.message.lines().next().unwrap_or_default();
    let message = format!(
        "the included game file has {n} error{}: {}:{line}: {headline}",
        if n == 1 { "" } else { "s" },
        first_file.display(),
    );
    let related = elsewhere
        .iter()
        .map(|(f, d)| lsp_types::DiagnosticRelatedInformation {
            location: lsp_types::Location::new(text::uri_of(f), d.range),
            message: d.message.lines().next().unwrap_or_default().to_string(),
        })
        .collect();
    files
        .entry(spec.to_path_buf())
        .or_default()
        .push(Published::from(lsp_types::Diagnostic {
            range: text::range(text, at.line, at.col, at.width),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("Include.GameFileErrors".into())),
            source: Some("certify".into()),
            message,
            related_information: Some(related),
            ..Default::default()
        }));
}

/// A file a spec's check reports on that is not the spec's fixture file:
/// a game file it includes.
fn is_game_of(file: &Path, spec: &Path) -> bool {
    let fixtures = crate::fixtures::default_dir(&spec.display().to_string());
    !file.starts_with(&fixtures)
}

/// A spec's text checked as `certify check` checks it.
pub fn check_spec(path: &Path, text: &str) -> Result<Spec, Vec<Diagnostic>> {
    let source = SourceFile::new(path.display().to_string(), text);
    crate::check::check_source(&source)
}

/// A checked spec's fixtures, from its fixture folder as `certify check`
/// runs them: refused files, and every failing check at its case.
pub fn fixtures_of(spec: &Spec, path: &Path, open: &dyn Fn(&Path) -> Option<String>) -> PerFile {
    let dir = crate::fixtures::default_dir(&path.display().to_string());
    match crate::fixtures::run_dir(spec, &dir) {
        Err(ds) => group(&ds, path, open),
        Ok(results) => failing(&results, open),
    }
}

/// Each failing check as a diagnostic on its case's name, in the words of
/// `certify check`'s table (case, check, expected, got).
fn failing(results: &[CaseResult], open: &dyn Fn(&Path) -> Option<String>) -> PerFile {
    let mut out = PerFile::new();
    for r in results.iter().filter(|r| !r.pass) {
        let path = PathBuf::from(&r.file);
        let body = text_of(&path, open);
        let source = SourceFile::new(r.file.clone(), body.clone());
        let range = read_fixtures(&source)
            .ok()
            .and_then(|f| {
                let case = f.cases.into_iter().find(|c| c.name.value == r.case)?;
                let p = source.at(&case.name.referenced, case.name.value.chars().count());
                Some(text::range(&body, p.line - 1, p.column - 1, p.width))
            })
            .unwrap_or_default();
        let d = lsp_types::Diagnostic {
            range,
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("Fixture.CaseFails".into())),
            source: Some("certify".into()),
            message: format!(
                "fixture case fails: {}: expected {}, got {}",
                r.target, r.expected, r.got
            ),
            ..Default::default()
        };
        out.entry(path).or_default().push(d.into());
    }
    out
}

fn read_fixtures(source: &SourceFile) -> Result<FixtureFile, Vec<Diagnostic>> {
    crate::spec::yaml::read(
        source,
        FileKind::Fixture,
        &crate::spec::schema::FIXTURE_FILE,
    )
}

/// A fixture file's text run against its spec (`spec`: the spec it names,
/// checked), as `run_dir` runs each file.
pub fn check_fixture(
    path: &Path,
    text: &str,
    spec: Result<&Spec, String>,
    open: &dyn Fn(&Path) -> Option<String>,
) -> PerFile {
    let source = SourceFile::new(path.display().to_string(), text);
    let file = match read_fixtures(&source) {
        Ok(f) => f,
        Err(ds) => return group(&ds, path, open),
    };
    let spec = match spec {
        Ok(s) => s,
        Err(why) => {
            let mut out = PerFile::new();
            let at = spec_line(text);
            out.insert(
                path.to_path_buf(),
                vec![
                    lsp_types::Diagnostic {
                        range: text::range(text, at, 0, 4),
                        severity: Some(DiagnosticSeverity::WARNING),
                        source: Some("certify".into()),
                        message: why,
                        ..Default::default()
                    }
                    .into(),
                ],
            );
            return out;
        }
    };
    let mut out = match crate::fixtures::run_file(spec, &source, &file) {
        Err(ds) => group(&ds, path, open),
        Ok(results) => failing(&results, open),
    };
    out.entry(path.to_path_buf()).or_default();
    out
}

fn spec_line(text: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with("spec:"))
        .unwrap_or(0)
}

/// A game file's text read as a game (the size limits, the game's shape,
/// its values), as an include reads it; and, when the text is the saved
/// one, every diagnostic about it of a spec that includes it (`spec`), so
/// that its drawing rules are checked as well.
pub fn check_game(
    path: &Path,
    text: &str,
    outline: &Outline,
    open: &dyn Fn(&Path) -> Option<String>,
) -> PerFile {
    let source = SourceFile::new(path.display().to_string(), text);
    // The steps `spec::include` takes on each file it follows.
    let read = crate::spec::yaml::tree(&source, FileKind::Game).and_then(|tree| {
        let shape = if outline.include.is_some() {
            &crate::spec::schema::INCLUDE
        } else {
            &crate::spec::schema::GAME
        };
        let problems = crate::spec::schema::check(&source, &tree, shape);
        if !problems.is_empty() {
            return Err(problems);
        }
        if outline.include.is_none() {
            crate::spec::yaml::deserialize::<crate::spec::RawGame>(&source, FileKind::Game)?;
        }
        Ok(())
    });
    if let Err(ds) = read {
        return group(&ds, path, open);
    }
    let saved = crate::spec::source::read_bounded(path, crate::spec::limits::MAX_BYTES as u64)
        .is_ok_and(|disk| disk == text);
    let mut out = PerFile::new();
    out.insert(path.to_path_buf(), Vec::new());
    if saved
        && let Some(spec) = including_specs(path).into_iter().next()
        && let Err(ds) = crate::check::check_path(&spec.display().to_string())
    {
        let mine: Vec<Diagnostic> = ds
            .into_iter()
            .filter(|d| text::same_file(Path::new(&d.file), path))
            .collect();
        out = group(&mine, path, open);
    }
    out
}

/// The specs beside the game's folder (`rules/x.yaml` for
/// `rules/games/g.yaml`) or in it that include the game file.
pub fn including_specs(game: &Path) -> Vec<PathBuf> {
    let (Some(name), Some(dir)) = (game.file_name(), game.parent()) else {
        return Vec::new();
    };
    let name = name.to_string_lossy().into_owned();
    let mut out = Vec::new();
    for d in [dir.parent(), Some(dir)].into_iter().flatten() {
        for spec in crate::spec::spec_files(&d.display().to_string()) {
            let Ok(t) = std::fs::read_to_string(&spec) else {
                continue;
            };
            let includes = t
                .lines()
                .any(|l| l.contains("include:") && l.contains(name.as_str()));
            if includes && !text::same_file(Path::new(&spec), game) {
                out.push(PathBuf::from(spec));
            }
        }
    }
    out
}

/// The spec file whose `id` is `id`: in the folders beside a fixture
/// file's folder (`rules/` for `fixtures/`), as `fixtures::default_dir`
/// finds fixtures from a spec.
pub fn find_spec(fixture: &Path, id: &str) -> Option<PathBuf> {
    let above = fixture.parent()?.parent()?;
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(above)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    // The usual place first.
    dirs.sort_by_key(|d| d.file_name().is_none_or(|n| n != "rules"));
    for d in dirs {
        for spec in crate::spec::spec_files(&d.display().to_string()) {
            let declares = std::fs::read_to_string(&spec).is_ok_and(|t| {
                t.lines().any(|l| {
                    l.strip_prefix("id:")
                        .is_some_and(|v| v.trim().trim_matches(['"', '\'']) == id)
                })
            });
            if declares {
                return Some(PathBuf::from(spec));
            }
        }
    }
    None
}

/// The kind of a file from its place: under `fixtures/` a fixture file,
/// under `games/` a game file, under `rules/` a spec (so that a new file
/// there is told what it lacks).
pub fn kind_by_path(path: &Path) -> DocKind {
    let is_yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
    let parent = path.parent().and_then(Path::file_name);
    let under = |name: &str| {
        path.ancestors()
            .skip(1)
            .any(|a| a.file_name().is_some_and(|n| n == name))
    };
    if !is_yaml {
        DocKind::Other
    } else if parent.is_some_and(|n| n == "fixtures") {
        DocKind::Fixture
    } else if parent.is_some_and(|n| n == "games") {
        DocKind::Game
    } else if under("rules") {
        DocKind::Spec
    } else {
        DocKind::Other
    }
}

/// The kind of a document whose YAML does not parse, from its top-level
/// keys as written.
pub fn kind_by_lines(text: &str) -> DocKind {
    let has = |k: &str| text.lines().any(|l| l.starts_with(k));
    if has("cases:") {
        DocKind::Fixture
    } else if has("wagers:") || has("shoe:") {
        DocKind::Spec
    } else if has("hands:") || has("drawing:") || has("include:") {
        DocKind::Game
    } else {
        DocKind::Other
    }
}
