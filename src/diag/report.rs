//! Writing reports and verifying them: what can go wrong after the
//! mathematics is done.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportError {
    /// The PDF library refuses the document (an internal fault, not an input error).
    Pdf { reason: String },
    /// A font file shipped in `src/report/pdf/fonts/` does not hold the
    /// face it is embedded as (a file replaced by another face or version).
    Font {
        file: String,
        family: String,
        style: String,
    },
    /// `certify rules/punto_banco.yaml` when `reports/` is on a full disk.
    Write { dir: String, reason: String },
    /// `certify verify reports/x.json` where x.json is not JSON.
    NotJson { reason: String },
    /// `certify verify notes.md` (a Markdown file with no manifest section).
    NoManifest,
    /// A report whose manifest lacks `spec_sha256`.
    ManifestKey { key: String },
    /// A report whose manifest says `decks: eight`.
    ManifestValue { key: String, value: String },
    /// `certify verify reports/x.md` after the spec it names was edited.
    SpecChanged {
        spec: String,
        reported: String,
        now: String,
    },
    /// `certify verify reports/punto_banco.md` after a line was added to
    /// `fixtures/punto_banco_tableau.yaml`.
    FixtureChanged {
        file: String,
        reported: String,
        now: String,
    },
    /// `certify verify reports/punto_banco.md` after
    /// `fixtures/punto_banco_tableau.yaml` was deleted.
    FixtureMissing { file: String, dir: String },
    /// `certify verify REPORT` after the game file the spec includes
    /// (`game: { include: games/punto_banco.yaml }`) was edited.
    IncludeChanged {
        file: String,
        reported: String,
        now: String,
    },
    /// `certify verify REPORT` after the included game file was deleted.
    IncludeMissing { file: String },
    /// `certify verify reports/punto_banco.md` after a new fixture file for
    /// `punto_banco` was added to `fixtures/`.
    FixtureAdded { file: String, dir: String },
    /// A report whose manifest line `cargo_lock_sha256` differs from this
    /// build's Cargo.lock (a tool built with other dependencies).
    BuildDiffers { reported: String, now: String },
    /// A report whose manifest says `tool_version: 0.0.9`.
    ToolVersionDiffers { reported: String, now: String },
    /// The spec named by the report no longer checks (its diagnostics follow).
    SpecDoesNotCheck { spec: String },
    /// A report that differs from a fresh computation.
    Differs {
        file: String,
        line: usize,
        was: String,
        now: String,
    },
    /// `reports/x.md` and `reports/x.json` come from different runs.
    MixedSet { file: String, sibling: String },
    /// `certify verify reports/x.json` after `reports/x.pdf` was deleted.
    SetMemberMissing { file: String, member: String },
    /// `certify verify reports/x.json` after `reports/x.md` was edited: its
    /// manifest is this run's, its text is not.
    SetMemberEdited { file: String, member: String },
    /// `.x.pdf.tmp-…` beside `reports/x.json`: a write of the set was
    /// interrupted (the set may be the earlier one, or half of it).
    SetLeftover { file: String, leftover: String },
    /// A manifest whose `spec_file` is `/etc/shadow` or whose `previous` is
    /// `../../etc/passwd`: verify does not read it (`why`, in words).
    ManifestPath {
        key: String,
        path: String,
        why: String,
    },
    /// A report of more JSON values than `crate::limits::MAX_REPORT_VALUES`
    /// (counted before it is parsed).
    TooManyValues { values: usize, max: usize },
    /// `certify diff a.json b.json` where a.json is JSON but has no `results`.
    ReportKey { key: String },
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::Pdf { reason } => write!(f, "cannot produce the PDF: {reason}"),
            ReportError::Font {
                file,
                family,
                style,
            } => write!(
                f,
                "cannot produce the PDF: the bundled font file {file} does not hold {family} {style}"
            ),
            ReportError::Write { dir, reason } => {
                write!(
                    f,
                    "cannot write reports to {dir}: {reason}; earlier reports are unchanged"
                )
            }
            ReportError::NotJson { reason } => write!(f, "not a certify JSON report: {reason}"),
            ReportError::NoManifest => {
                write!(f, "not a certify report: no reproducibility manifest")
            }
            ReportError::ReportKey { key } => write!(
                f,
                "not a certify JSON report: no `{key}` where certify writes one"
            ),
            ReportError::ManifestKey { key } => write!(f, "the manifest has no `{key}`"),
            ReportError::ManifestValue { key, value } => {
                write!(f, "the manifest's `{key}` is not valid: `{value}`")
            }
            ReportError::SpecChanged {
                spec,
                reported,
                now,
            } => write!(
                f,
                "the spec {spec} differs from the one reported: sha256 {reported} in the report, {now} now"
            ),
            ReportError::FixtureChanged {
                file,
                reported,
                now,
            } => write!(
                f,
                "the fixture file {file} differs from the one reported: sha256 {reported} in the report, {now} now"
            ),
            ReportError::FixtureMissing { file, dir } => write!(
                f,
                "the fixture file {file} that the report lists is not in {dir}"
            ),
            ReportError::IncludeChanged {
                file,
                reported,
                now,
            } => write!(
                f,
                "the included file {file} differs from the one reported: sha256 {reported} in the report, {now} now"
            ),
            ReportError::IncludeMissing { file } => write!(
                f,
                "the included file {file} that the report lists cannot be read"
            ),
            ReportError::FixtureAdded { file, dir } => write!(
                f,
                "the fixture file {file} in {dir} has cases for this spec but the report does not list it"
            ),
            ReportError::BuildDiffers { reported, now } => write!(
                f,
                "the report was made by a different build of certify: Cargo.lock sha256 {reported} in the report, {now} in this build (its dependencies differ)"
            ),
            ReportError::ToolVersionDiffers { reported, now } => write!(
                f,
                "the report was made by certify {reported}; this is certify {now}"
            ),
            ReportError::SpecDoesNotCheck { spec } => {
                write!(f, "the spec {spec} that the report names does not check")
            }
            ReportError::Differs {
                file,
                line,
                was,
                now,
            } => write!(
                f,
                "{file} differs from a fresh computation at line {line}:\n  report: {was}\n  fresh:  {now}"
            ),
            ReportError::SetMemberMissing { file, member } => write!(
                f,
                "{file}: its report set is not whole: {member} is missing (rerun certify to write the set whole)"
            ),
            ReportError::SetMemberEdited { file, member } => write!(
                f,
                "{member} was edited after it was written: it is not what the run that wrote {file} writes (rerun certify to write the set again)"
            ),
            ReportError::SetLeftover { file, leftover } => write!(
                f,
                "{file}: a write of its report set was interrupted ({leftover} is left beside it); rerun certify to write the set whole"
            ),
            ReportError::ManifestPath { key, path, why } => write!(
                f,
                "the manifest's `{key}` names {}, which verify does not read: {why}",
                super::cut(path)
            ),
            ReportError::TooManyValues { values, max } => write!(
                f,
                "report too large: at least {} JSON values, at most {} (the limits are in the manual's limits chapter)",
                super::group_digits(&values.to_string()),
                super::group_digits(&max.to_string())
            ),
            ReportError::MixedSet { file, sibling } => write!(
                f,
                "{file} and {sibling} come from different runs: the report set is mixed (rerun certify to rewrite it whole)"
            ),
        }
    }
}
