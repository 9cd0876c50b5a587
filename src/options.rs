//! The options that change what a run computes or reports: data shared by
//! the pipeline that uses them and the report that records them in its
//! manifest (so neither imports the other for it).
//!
//! Layer: data: run options (the layout is in `src/lib.rs`).

use crate::diag::Diagnostic;
use crate::diag::report::ReportError;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Default number of full-shoe rounds sampled when checking the engine
/// against the reference evaluator (every sequence of the small shoes is
/// always checked as well).
pub const SAMPLES: usize = 200;

/// Everything that changes what a run computes or reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Deck count; `None` is the spec's own.
    pub decks: Option<u32>,
    /// Fixture folder; `None` is `fixtures/` beside the spec's folder.
    pub fixtures: Option<PathBuf>,
    /// Full-shoe rounds sampled by the engine check.
    pub samples: usize,
    /// Real shoes simulated for the report's "Simulation and card
    /// counting" section (`--simulate`); None: no such section.
    pub simulate: Option<SimulateOptions>,
    /// The report edition (`--edition`); None: the spec's `edition:`, else
    /// the laboratory edition.
    pub edition: Option<crate::model::Edition>,
    /// The approved version the report is compared with (`--previous`): a
    /// spec or a JSON report, for the Nevada edition's game variation.
    pub previous: Option<String>,
    /// Bet limits given on the command line (`--min-bet`, `--max-bet`):
    /// (wager id, dollars), each over the spec's own for that wager.
    pub min_bets: Vec<(String, crate::model::Ratio)>,
    pub max_bets: Vec<(String, crate::model::Ratio)>,
}

impl Options {
    /// The edition the run writes: the command line's, else the spec's,
    /// else the laboratory edition.
    pub fn edition_for(&self, spec: &crate::model::Spec) -> crate::model::Edition {
        self.edition.or(spec.submission.edition).unwrap_or_default()
    }
}

/// `wager=amount, ...`: bet limits as a manifest records them.
pub fn bets_text(bets: &[(String, crate::model::Ratio)]) -> Option<String> {
    (!bets.is_empty()).then(|| {
        bets.iter()
            .map(|(w, m)| format!("{w}={}", m.trimmed_decimal()))
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// Reads `wager=amount[,wager=amount]` (a flag's value or a manifest's).
pub fn parse_bets(text: &str) -> Option<Vec<(String, crate::model::Ratio)>> {
    text.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (w, a) = p.split_once('=')?;
            let m = crate::spec::table::parse_money(a.trim())?;
            Some((w.trim().to_string(), m))
        })
        .collect()
}

/// What `--simulate` deals; every field is recorded in the manifest.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulateOptions {
    /// Rounds of each pass.
    pub rounds: u64,
    pub seed: u64,
    /// Share of the shoe dealt before the cut card.
    pub penetration: f64,
    /// Shoes sampled for the counter and the perfect-information bound,
    /// for wagers that read no suit.
    pub bound_shoes: u64,
    /// The same for wagers that read suits.
    pub bound_suit_shoes: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            decks: None,
            fixtures: None,
            samples: SAMPLES,
            simulate: None,
            edition: None,
            previous: None,
            min_bets: Vec::new(),
            max_bets: Vec::new(),
        }
    }
}

/// A size of a run past `crate::limits`: the flag that sets it, the
/// manifest key that records it, the value and the most allowed.
#[derive(Debug, PartialEq, Eq)]
pub struct PastLimit {
    pub flag: &'static str,
    pub key: &'static str,
    pub given: String,
    pub max: String,
}

impl Options {
    /// The first size past its limit, if any: what the command line and a
    /// report's manifest are both held to (a manifest can ask for no more
    /// work than a command line could).
    pub fn past_limit(&self) -> Option<PastLimit> {
        use crate::limits::{MAX_BOUND_SHOES, MAX_SIMULATE_ROUNDS, MAX_VERIFY_SAMPLES};
        let sim = self.simulate.as_ref();
        // (flag, manifest key, value, most allowed); absent values pass.
        let sizes = [
            (
                "verify",
                "verify_samples",
                Some(self.samples as u64),
                MAX_VERIFY_SAMPLES as u64,
            ),
            (
                "simulate",
                "simulate_rounds",
                sim.map(|s| s.rounds),
                MAX_SIMULATE_ROUNDS,
            ),
            (
                "bound-shoes",
                "simulate_bound_shoes",
                sim.map(|s| s.bound_shoes),
                MAX_BOUND_SHOES,
            ),
            (
                "bound-suit-shoes",
                "simulate_bound_suit_shoes",
                sim.map(|s| s.bound_suit_shoes),
                MAX_BOUND_SHOES,
            ),
        ];
        sizes.into_iter().find_map(|(flag, key, given, max)| {
            given.filter(|&g| g > max).map(|g| PastLimit {
                flag,
                key,
                given: g.to_string(),
                max: max.to_string(),
            })
        })
    }

    /// The options a report was made with, read back from its manifest.
    pub fn from_manifest(m: &BTreeMap<String, String>) -> Result<Options, Box<Diagnostic>> {
        let bad = |key: &str| {
            Box::new(Diagnostic::plain(ReportError::ManifestValue {
                key: key.into(),
                value: m.get(key).cloned().unwrap_or_default(),
            }))
        };
        // A recorded value, read as `T`; absent is None.
        fn read<T: std::str::FromStr>(
            m: &BTreeMap<String, String>,
            key: &str,
        ) -> Result<Option<T>, ()> {
            m.get(key).map(|v| v.parse().map_err(|_| ())).transpose()
        }
        let number = |key: &str| read::<u64>(m, key).map_err(|()| bad(key));
        let decks = match number("decks")? {
            None => None,
            Some(d) => Some(u32::try_from(d).map_err(|_| bad("decks"))?),
        };
        let samples = number("verify_samples")?.map_or(SAMPLES, |s| s as usize);
        let fixtures = m.get("fixtures_dir").map(PathBuf::from);
        let simulate = match number("simulate_rounds")? {
            None => None,
            Some(rounds) => Some(SimulateOptions {
                rounds,
                seed: number("simulate_seed")?.unwrap_or_default(),
                penetration: read(m, "simulate_penetration")
                    .map_err(|()| bad("simulate_penetration"))?
                    .unwrap_or_default(),
                bound_shoes: number("simulate_bound_shoes")?.unwrap_or_default(),
                bound_suit_shoes: number("simulate_bound_suit_shoes")?.unwrap_or_default(),
            }),
        };
        let edition = match m.get("edition") {
            None => None,
            Some(e) => Some(crate::model::Edition::parse(e).ok_or_else(|| bad("edition"))?),
        };
        let bets = |key: &str| match m.get(key) {
            None => Ok(Vec::new()),
            Some(t) => parse_bets(t).ok_or_else(|| bad(key)),
        };
        let options = Options {
            decks,
            fixtures,
            samples,
            simulate,
            edition,
            previous: m.get("previous").cloned(),
            min_bets: bets("min_bets")?,
            max_bets: bets("max_bets")?,
        };
        if let Some(p) = options.past_limit() {
            return Err(bad(p.key));
        }
        if let Some(sim) = &options.simulate
            && !crate::limits::PENETRATION.contains(&sim.penetration)
        {
            return Err(bad("simulate_penetration"));
        }
        Ok(options)
    }
}
