//! What a report is made from ([`Inputs`]) and what follows from the
//! inputs alone: the label, the reproducing command, the fixture folder,
//! the tool's dependency hash.

use super::Computed;
use crate::fixtures::CaseResult;
use crate::model::Spec;
use crate::verify::Verification;
use num_rational::BigRational;

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
    /// `None` (`--json --no-reports`): not computed; only
    /// [`crate::report::document::document`] takes that.
    pub by_decks: Option<&'a [(u32, &'a crate::engine::Analysis)]>,
    /// Each pay table's house edge as a function of the deck count, where
    /// the rules do not change with it (None otherwise, or not computed).
    pub edges: Option<&'a crate::engine::deck_function::DeckFunctions>,
    /// For each interpretation whose readings give the same figures, a
    /// round the reference evaluator settles differently under each.
    pub differing: &'a [(String, crate::eval::differ::DifferingRound)],
    /// The simulation stage's findings, when the run simulated (`--simulate`).
    pub study: Option<&'a crate::study::Study>,
    /// Numbered sections the edition inserts before "Limitations"
    /// (`crate::edition::sections`): the report numbers the ones after
    /// them accordingly.
    pub edition_sections: usize,
    /// The trace stage's findings: the document read or not, the
    /// quotations, the traceability matrix.
    pub trace: &'a crate::trace::Trace,
}

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
    let mut c = format!("certify {}{}", inp.spec_path, shoe_flags(inp));
    if inp.options.samples != crate::options::SAMPLES {
        c.push_str(&format!(" --verify {}", inp.options.samples));
    }
    // The spec's declared simulation is the main command's default.
    let declared = inp.spec.report.simulate;
    match (&inp.options.simulate, declared) {
        (Some(sim), Some(d)) if sim.rounds == d => {}
        (Some(sim), _) => c.push_str(&format!(" --simulate {}", sim.rounds)),
        (None, Some(_)) => c.push_str(" --no-simulate"),
        (None, None) => {}
    }
    c.push_str(&edition_flags(inp));
    if let Some(sim) = &inp.options.simulate {
        if sim.bound_shoes != crate::study::BOUND_SHOES {
            c.push_str(&format!(" --bound-shoes {}", sim.bound_shoes));
        }
        if sim.bound_suit_shoes != crate::study::BOUND_SUIT_SHOES {
            c.push_str(&format!(" --bound-suit-shoes {}", sim.bound_suit_shoes));
        }
    }
    c
}

/// `--decks` and `--fixtures` of a reproducing command, where away from
/// their defaults (the report's and the leaflet's commands share them).
pub(crate) fn shoe_flags(inp: &Inputs) -> String {
    let mut c = String::new();
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
    c
}

/// The edition's flags of a reproducing command: `--edition` (unless the
/// spec declares it), `--previous`, `--min-bet`, `--max-bet`.
pub(crate) fn edition_flags(inp: &Inputs) -> String {
    let mut c = String::new();
    if let Some(e) = inp.options.edition
        && Some(e) != inp.spec.submission.edition
    {
        c.push_str(&format!(" --edition {}", e.name()));
    }
    if let Some(p) = &inp.options.previous {
        c.push_str(&format!(" --previous {p}"));
    }
    for (flag, bets) in [
        ("min-bet", &inp.options.min_bets),
        ("max-bet", &inp.options.max_bets),
    ] {
        for (w, m) in bets {
            c.push_str(&format!(" --{flag} {w}={}", m.trimmed_decimal()));
        }
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

/// SHA-256 of the rule document as found in the `documents/` folder beside
/// the rule file; None when it is not there.
pub(crate) fn document_sha256(inp: &Inputs) -> Option<String> {
    let dir = std::path::Path::new(inp.spec_path)
        .parent()
        .unwrap_or(std::path::Path::new(""));
    let bytes = std::fs::read(dir.join("documents").join(&inp.spec.document)).ok()?;
    Some(sha256_hex(&bytes))
}
