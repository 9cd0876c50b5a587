//! What a report is made from ([`Inputs`]) and what follows from the
//! inputs alone: the label, the reproducing command, the fixture folder,
//! the tool's dependency hash.

use crate::assess::{Assessment, Computed, Evidence};
use num_rational::BigRational;

pub const LABEL: &str = "Manufacturer's mathematical analysis (not a test-laboratory certificate)";

/// Everything a report is made from: what the run made or read (the
/// [`Evidence`], which `inp.spec`, `inp.decks`, … reach through), the
/// assessment of it, and how the edition words and numbers it.
pub struct Inputs<'a> {
    pub evidence: &'a Evidence<'a>,
    /// What the report finds: every verdict, question and limitation the
    /// renderers word.
    pub assessment: &'a Assessment,
    /// The edition the report is written as.
    pub edition: crate::model::Edition,
    /// Numbered sections the edition inserts before "Limitations"
    /// (`crate::edition::sections`): the report numbers the ones after
    /// them accordingly.
    pub edition_sections: usize,
    /// The edition's words for the report's terms.
    pub terms: super::terms::Terms,
    /// The authority an edition is written for; None: the laboratory
    /// edition, which shows what the spec declares.
    pub authority: Option<Authority>,
}

/// Who an edition goes to, for page one.
#[derive(Clone, Debug)]
pub struct Authority {
    /// The jurisdiction and its authority, as page one names them.
    pub jurisdiction: String,
    /// Who banks the game under that authority.
    pub banked_by: String,
}

impl<'a> std::ops::Deref for Inputs<'a> {
    type Target = Evidence<'a>;

    fn deref(&self) -> &Evidence<'a> {
        self.evidence
    }
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
pub(crate) fn fixtures_dir(inp: &Evidence) -> String {
    let dir = inp
        .options
        .fixtures
        .clone()
        .unwrap_or_else(|| crate::fixtures::default_dir(inp.spec_path));
    dir.to_string_lossy().replace('\\', "/")
}

/// The command that reproduces the report: every option away from its default.
pub fn command(inp: &Evidence) -> String {
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
pub(crate) fn shoe_flags(inp: &Evidence) -> String {
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
pub(crate) fn edition_flags(inp: &Evidence) -> String {
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

/// The report's number as this edition carries it: the declared number,
/// with the edition's suffix (`-WA`, `-CA`, `-NV`) for an edition other
/// than the laboratory's, so that no two documents share a number.
pub(crate) fn report_number(
    spec: &crate::model::Spec,
    edition: crate::model::Edition,
) -> Option<String> {
    let base = spec.report.number.as_deref()?;
    let suffix = match edition {
        crate::model::Edition::Lab => "",
        crate::model::Edition::Washington => "-WA",
        crate::model::Edition::California => "-CA",
        crate::model::Edition::Nevada => "-NV",
    };
    Some(format!("{base}{suffix}"))
}

/// What the running head names after the game: "Report N, revision R",
/// else the rule file's version.
pub(crate) fn reference(inp: &Inputs) -> String {
    let spec = inp.spec;
    match report_number(spec, inp.edition) {
        Some(n) => match spec.report.revisions.last() {
            Some(r) => format!("Report {n}, revision {}", r.revision),
            None => format!("Report {n}"),
        },
        None => format!("rule file version {}", spec.version),
    }
}
