//! `certify simulate SPEC`: the simulation cross-check and the counting
//! analysis on the terminal (or as JSON), a run's shards, and their merge.
//! The work is in `crate::study`; the tables in
//! `crate::report::simulation`.

use super::output::{Output, exit};
use crate::diag::Diagnostic;
use crate::diag::simulate::SimulateError;
use crate::simulator::shard_file::{Inputs, sealed};
use crate::simulator::{DEFAULT_SEED, Settings, Shard, default_penetration};
use crate::study::{BOUND_SHOES, BOUND_SUIT_SHOES, ROUNDS, Request, Shoes, Study};
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

#[derive(Args, Debug)]
pub(super) struct SimulateArgs {
    /// The rule spec (YAML), e.g. rules/21st_century_baccarat.yaml
    spec: String,
    /// Rounds of each pass (every round from a full shoe; shoes dealt to
    /// the cut card), e.g. --rounds 100000000
    #[arg(long, value_name = "N", default_value_t = ROUNDS)]
    rounds: u64,
    /// Seed of the shuffles; the same seed deals the same cards on any
    /// machine and thread count, e.g. --seed 42
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Share of the shoe dealt before the cut card (default 0.9615: two
    /// cards in 52 behind the cut, 16 in eight decks), e.g. --penetration 0.9
    #[arg(long, value_name = "P")]
    penetration: Option<f64>,
    /// Deck count (default: the spec's; within its allowed range), e.g. --decks 6
    #[arg(long, value_name = "N")]
    decks: Option<u32>,
    /// Deal only shard K of N of the run (its blocks of rounds); merge the
    /// shards' JSON with --merge, e.g. --shard 3/8 --json > s3.json
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Add up the JSON outputs of every shard of one run (with the same
    /// --rounds, --seed and --penetration) instead of simulating, e.g.
    /// --merge s1.json s2.json
    #[arg(long, value_name = "FILE", num_args = 1..)]
    merge: Vec<PathBuf>,
    /// Shoes on which the counter is measured beside a player who knows
    /// every unseen card (the perfect-information bound), for wagers that
    /// read no suit (0: none), e.g. --bound-shoes 5000
    #[arg(long, value_name = "N", default_value_t = BOUND_SHOES)]
    bound_shoes: u64,
    /// The same for wagers that read suits, whose exact edges cost some ten
    /// times more (0: none), e.g. --bound-suit-shoes 1000
    #[arg(long, value_name = "N", default_value_t = BOUND_SUIT_SHOES)]
    bound_suit_shoes: u64,
    /// Print the results and the run's tallies as JSON
    #[arg(long)]
    json: bool,
}

pub(super) fn simulate(a: &SimulateArgs) -> Output {
    let checked = match crate::check::check_path(&a.spec) {
        Ok(c) => c,
        Err(ds) => return Output::refused(&ds),
    };
    let (spec_sha256, include_sha256) = checked.input_hashes();
    let inputs = Inputs::now(&a.spec, spec_sha256, include_sha256);
    let spec = checked.spec;
    let decks = match crate::pipeline::decks_for(&spec, a.decks) {
        Ok(d) => d,
        Err(d) => return Output::usage(d),
    };
    let usage = |e: SimulateError| Output::usage(Diagnostic::plain(e));
    let shard = match a.shard.as_deref().map(Shard::parse).transpose() {
        Ok(s) => s.unwrap_or(Shard::WHOLE),
        Err(e) => return usage(e),
    };
    let request = Request {
        settings: Settings {
            rounds: a.rounds,
            seed: a.seed,
            penetration: a.penetration.unwrap_or_else(default_penetration),
            shard,
        },
        shoes: Shoes {
            rank_level: a.bound_shoes,
            suit_reading: a.bound_suit_shoes,
        },
    };
    if let Err(e) = request.settings.check() {
        return usage(e);
    }
    for (flag, shoes) in [
        ("bound-shoes", a.bound_shoes),
        ("bound-suit-shoes", a.bound_suit_shoes),
    ] {
        if shoes == 1 {
            return usage(SimulateError::BoundShoes { flag: flag.into() });
        }
        if shoes > crate::limits::MAX_BOUND_SHOES {
            return Output::usage(Diagnostic::plain(
                crate::diag::usage::UsageError::TooLarge {
                    flag: flag.into(),
                    given: shoes.to_string(),
                    max: crate::limits::MAX_BOUND_SHOES.to_string(),
                },
            ));
        }
    }
    let spec = crate::strategy::for_decks(&spec, decks).into_owned();
    let started = std::time::Instant::now();
    let (study, run) = if a.merge.is_empty() {
        with_progress(&request.settings, |done| {
            crate::study::study(&spec, decks, &request, done)
        })
    } else {
        let files: Vec<String> = a.merge.iter().map(|f| f.display().to_string()).collect();
        // A shard file that cannot be merged is bad input to the merge: exit 2.
        match crate::study::merged(&spec, decks, &request, inputs.clone(), &files) {
            Ok(r) => r,
            Err(d) => return Output::usage(d),
        }
    };
    let stdout = if a.json {
        let mut doc = sealed(&inputs, &run);
        doc["study"] = serde_json::json!(study);
        serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
    } else {
        text(&study, &a.spec)
    };
    let failed: Vec<String> = study
        .cross_check
        .iter()
        .filter(|c| !c.agrees)
        .map(|c| format!("{} / {}", c.wager, c.pay_table))
        .collect();
    let cost = cost(&study, started.elapsed(), a.merge.is_empty());
    Output {
        stdout,
        stderr: if failed.is_empty() {
            cost
        } else {
            cost + &format!(
                "the simulation's 99.9% interval does not contain the exact house edge of {} (see `agrees`): with {} rounds, expect this about once in a thousand pay tables by chance; a repeated failure with other seeds means the simulator and the engine disagree\n",
                failed.join(", "),
                study.full_rounds
            )
        },
        code: if failed.is_empty() {
            exit::OK
        } else {
            exit::FAILED
        },
    }
}

/// What the run cost, for stderr: the whole command's rate in rounds per
/// second (both passes, the exact figures, the effects of removal and the
/// report included) and the same-shoe comparison's own cost in shoes per
/// second. Measured, so never part of the results.
fn cost(study: &Study, elapsed: std::time::Duration, dealt: bool) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let same = study.same_shoes_cost.as_secs_f64();
    let shoes = study.shoes.rank_level.max(study.shoes.suit_reading);
    let mut s = if dealt {
        let dealt = study.full_rounds + study.dealt_rounds;
        format!(
            "took {secs:.1} s for the whole command: {} rounds dealt in both passes, {:.1} million a second ({:.1} million rounds of each pass a second)",
            crate::diag::group_digits(&dealt.to_string()),
            dealt as f64 / secs / 1e6,
            study.settings.shard_rounds() as f64 / secs / 1e6
        )
    } else {
        format!("took {secs:.1} s")
    };
    if shoes > 0 && same > 0.0 {
        s += &format!(
            "; the counter and the perfect-information bound on {} sampled shoes: {same:.1} s ({:.0} shoes per second)",
            crate::diag::group_digits(&shoes.to_string()),
            shoes as f64 / same
        );
    }
    s + "\n"
}

fn text(study: &Study, path: &str) -> String {
    let mut s = format!(
        "{path}: {} at {}, shard {}/{}\n\n",
        study.spec,
        crate::cards::deck_count(study.decks),
        study.settings.shard.index,
        study.settings.shard.count
    );
    s.push_str(&crate::report::simulation::markdown(study));
    s
}

/// Runs `work`, drawing a progress bar with a time estimate on the
/// terminal meanwhile (only when stderr is a terminal: never in files or
/// CI logs).
fn with_progress<T: Send>(settings: &Settings, work: impl FnOnce(&AtomicU64) -> T + Send) -> T {
    use std::io::{IsTerminal, Write};
    let done = AtomicU64::new(0);
    if !std::io::stderr().is_terminal() {
        return work(&done);
    }
    let total = 2 * settings.rounds / settings.shard.count;
    let finished = AtomicBool::new(false);
    let mut start = None;
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let r = work(&done);
            finished.store(true, Ordering::Relaxed);
            r
        });
        while !finished.load(Ordering::Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(200));
            let d = done.load(Ordering::Relaxed).min(total);
            let line = if d == 0 {
                "effects of removal (exact engine)...".to_string()
            } else if d >= total {
                "counter and perfect information on the sampled shoes (exact engine)...".to_string()
            } else {
                let f = d as f64 / total as f64;
                let secs = start
                    .get_or_insert_with(std::time::Instant::now)
                    .elapsed()
                    .as_secs_f64()
                    .max(0.2);
                let bar = "#".repeat((30.0 * f) as usize);
                format!(
                    "simulating [{bar:<30}] {:>3.0}%  {:.1} M rounds/s  about {:.0} s left",
                    100.0 * f,
                    d as f64 / secs / 1e6,
                    secs * (1.0 - f) / f
                )
            };
            eprint!("\r{line:<80}");
            let _ = std::io::stderr().flush();
        }
        eprint!("\r{:80}\r", "");
        worker.join().expect("the simulation does not panic")
    })
}
