//! Simulator benchmark: `cargo bench --bench simulate`.
//!
//! Two figures the README records (issue 14): simulated rounds per second
//! with every wager settled each round (both passes of a run, full shoe
//! and dealt to the cut card, without the counter's bookkeeping; both
//! cores), for 21st Century and Golden Bacc; and the wall time of
//! `certify simulate SPEC` (effects of removal, simulation with every
//! pay table's count, perfect-information bound) for every shipped spec at
//! its default settings. A benchmark, not a test: nothing fails on time.

use certify::simulator::{Settings, Shard, default_penetration, simulate};
use std::process::Command;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

const BIN: &str = env!("CARGO_BIN_EXE_certify");

fn rounds_per_second(path: &str, rounds: u64) -> f64 {
    let checked = certify::check::check_path(path).unwrap_or_else(|_| panic!("{path} checks"));
    let decks = checked.spec.shoe.decks;
    let spec = certify::strategy::for_decks(&checked.spec, decks).into_owned();
    let settings = Settings {
        rounds,
        seed: 1,
        penetration: default_penetration(),
        shard: Shard::WHOLE,
    };
    let t = Instant::now();
    let run = simulate(&spec, decks, &settings, None, &AtomicU64::new(0));
    let secs = t.elapsed().as_secs_f64();
    (run.full.rounds + run.dealt.rounds.iter().sum::<u64>()) as f64 / secs
}

fn main() {
    println!("| spec | simulated rounds per second (both passes, 2 x 50,000,000 rounds) |");
    println!("|---|---|");
    for path in ["rules/21st_century_baccarat.yaml", "rules/golden_bacc.yaml"] {
        let r = rounds_per_second(path, 50_000_000);
        println!("| {path} | {:.1} million |", r / 1e6);
    }
    println!();
    println!("| spec | `certify simulate SPEC` (defaults), wall |");
    println!("|---|---|");
    let mut total = 0.0;
    for path in certify::spec::spec_files("rules") {
        let t = Instant::now();
        let out = Command::new(BIN)
            .args(["simulate", &path])
            .output()
            .expect("certify runs");
        let secs = t.elapsed().as_secs_f64();
        assert!(
            out.status.success(),
            "{path}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        total += secs;
        println!("| {path} | {secs:.1} s |");
    }
    println!("| every shipped spec | {total:.1} s |");
    // The whole command's dealing rate without the same-shoe comparison
    // (issue 37): everything else it computes and prints included.
    let t = Instant::now();
    let out = Command::new(BIN)
        .args([
            "simulate",
            "rules/21st_century_baccarat.yaml",
            "--rounds",
            "100000000",
            "--bound-shoes",
            "0",
        ])
        .output()
        .expect("certify runs");
    let secs = t.elapsed().as_secs_f64();
    assert!(out.status.success());
    println!();
    println!(
        "`certify simulate rules/21st_century_baccarat.yaml --rounds 100000000 --bound-shoes 0`: {secs:.1} s, {:.1} million rounds of each pass a second, {:.1} million rounds dealt a second (both passes)",
        1e8 / secs / 1e6,
        2e8 / secs / 1e6
    );
}
