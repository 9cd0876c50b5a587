//! Command-line usage errors: the command itself is wrong, whatever the
//! files say. They exit with code 2.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageError {
    /// `certify` with no spec and no subcommand.
    NoSpec,
    /// `certify rules/lucky_monkey.yaml --decks 9` (the spec allows 1 to 8).
    DecksOutOfRange {
        decks: u32,
        spec: String,
        min: u32,
        max: u32,
    },
    /// A flag's value is refused, in the words of the refusal:
    /// `certify settle rules/lucky_draw_baccarat.yaml --decision maybe`,
    /// `--player 9x,Kd`, `--dealer Ks,2c` on a game without a dealer hand.
    /// The refusal is held as its wording, so this layer of the error
    /// vocabulary names no other.
    Flag { flag: String, error: String },
    /// A size past `crate::limits`: `--verify 100000000`, `--simulate
    /// 10000000000000`, `--bound-shoes 1000000`.
    TooLarge {
        flag: String,
        given: String,
        max: String,
    },
    /// `certify rules/punto_banco.yaml --out README.md` (a file, not a folder).
    OutNotAFolder { path: String },
    /// `certify rules/punto_banco.yaml --out /proc/reports` (cannot be created or written).
    OutNotWritable { path: String, reason: String },
    /// `certify table --round r.yaml` where r.yaml has no `spec:`.
    TableNoSpec { round: String },
    /// `certify verify rules/punto_banco.yaml` (a spec, not a report).
    NotAReport { path: String },
    /// `certify verify reports/punto_banco.pdf`.
    VerifyPdf { path: String },
    /// `certify verify reports/lucky_8-leaflet.md` (a leaflet is verified
    /// through its JSON).
    VerifyLeafletText { path: String, json: String },
    /// `certify new My-Bet` (ids are lowercase letters, digits and `_`).
    NewBadId { id: String },
    /// `certify new punto_banco` where rules/punto_banco.yaml exists.
    NewExists { path: String },
    /// `certify new my_bet --dir /proc/x` (the folder cannot be created or written).
    NewCannotWrite { path: String, reason: String },
    /// `certify diff rules/punto_banco.yaml reports/punto_banco.json`.
    DiffMixed { old: String, new: String },
    /// `--previous missing.yaml`, `--previous /dev/zero`: not a file that
    /// can be read (`reason`: the refusal's words).
    PreviousUnreadable { path: String, reason: String },
    /// `--previous reports/lucky_8.json`: a report, not a rule spec.
    PreviousNotASpec { path: String },
    /// `--previous old/lucky_8.yaml` where that spec does not check (its
    /// own diagnostics follow this one).
    PreviousDoesNotCheck { path: String },
    /// `certify rules/punto_banco.yaml --previous rules/lucky_8.yaml`:
    /// the approved version of another game.
    PreviousOtherGame {
        path: String,
        id: String,
        expected: String,
    },
}

impl UsageError {
    /// `--flag`'s value refused for `error` (any kind's wording).
    pub fn flag(flag: &str, error: impl fmt::Display) -> UsageError {
        UsageError::Flag {
            flag: flag.into(),
            error: error.to_string(),
        }
    }
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsageError::NoSpec => write!(
                f,
                "no spec given: usage is `certify SPEC`, `certify check SPEC`, `certify settle SPEC --player .. --banker ..` (see certify --help)"
            ),
            UsageError::DecksOutOfRange {
                decks,
                spec,
                min,
                max,
            } => write!(
                f,
                "--decks {decks}: spec `{spec}` allows {min} to {max} decks"
            ),
            UsageError::Flag { flag, error } => write!(f, "--{flag}: {error}"),
            UsageError::TooLarge { flag, given, max } => write!(
                f,
                "--{flag} {given}: at most {max} (the limits are in the manual's limits chapter)"
            ),
            UsageError::OutNotAFolder { path } => {
                write!(
                    f,
                    "--out {path}: not a folder (it names a file); reports go into a folder"
                )
            }
            UsageError::OutNotWritable { path, reason } => {
                write!(f, "--out {path}: cannot write reports there ({reason})")
            }
            UsageError::TableNoSpec { round } => write!(
                f,
                "{round}: name the spec on the command line or with `spec:` in the round file"
            ),
            UsageError::NotAReport { path } => write!(
                f,
                "{path}: not a certify report; verify takes a report written by `certify SPEC` (reports/<id>.md or .json)"
            ),
            UsageError::VerifyPdf { path } => write!(
                f,
                "{path}: verify the .md or .json report beside it; the PDF is checked with them"
            ),
            UsageError::VerifyLeafletText { path, json } => write!(
                f,
                "{path}: a player's leaflet is verified through its JSON: certify verify {json} (its Markdown and PDF are checked with it)"
            ),
            UsageError::NewBadId { id } => write!(
                f,
                "`{}` is not a spec id: use at most 64 lowercase letters, digits and `_`, starting with a letter (e.g. my_side_bet)",
                super::cut(id)
            ),
            UsageError::NewExists { path } => write!(
                f,
                "{path} exists; `certify new` never overwrites a file: choose another id or --dir"
            ),
            UsageError::NewCannotWrite { path, reason } => {
                write!(f, "cannot write {path}: {reason}")
            }
            UsageError::PreviousUnreadable { path, reason } => write!(
                f,
                "--previous {}: {reason}; give the approved version's rule spec (.yaml)",
                super::cut(path)
            ),
            UsageError::PreviousNotASpec { path } => write!(
                f,
                "--previous {}: a JSON report; give the approved version's rule spec (.yaml), whose rules the game variation compares",
                super::cut(path)
            ),
            UsageError::PreviousDoesNotCheck { path } => write!(
                f,
                "--previous {}: the approved version's spec does not check (its errors follow)",
                super::cut(path)
            ),
            UsageError::PreviousOtherGame { path, id, expected } => write!(
                f,
                "--previous {}: spec `{id}` is another game; the approved version of this one has id `{expected}`",
                super::cut(path)
            ),
            UsageError::DiffMixed { old, new } => write!(
                f,
                "{old} and {new}: diff compares two specs (.yaml) or two JSON reports (.json), not one of each"
            ),
        }
    }
}
