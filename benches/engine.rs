//! Engine benchmark: `cargo bench --bench engine`.
//!
//! Times the exact computation of each shipped spec at 8 decks (median of
//! several runs, both cores), then the whole library in one go. Prints a
//! Markdown table for the README. Not a test: nothing here can fail on time.

use certify::check::check_file;
use certify::pipeline::analyse;
use std::time::{Duration, Instant};

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7);
    let paths = certify::spec::spec_files("rules");
    let specs: Vec<_> = paths
        .iter()
        .map(|p| check_file(p).expect("valid spec").1)
        .collect();
    println!("threads: {}", rayon::current_num_threads());
    println!("| spec | wagers | pay tables | median (8 decks) |");
    println!("|---|---|---|---|");
    for s in &specs {
        let times: Vec<Duration> = (0..runs)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(analyse(s, 8));
                t.elapsed()
            })
            .collect();
        let tables: usize = s.wagers.iter().map(|w| w.pay_tables.len()).sum();
        println!(
            "| {} | {} | {} | {:.1} ms |",
            s.id,
            s.wagers.len(),
            tables,
            median(times).as_secs_f64() * 1e3
        );
    }
    let times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            for s in &specs {
                std::hint::black_box(analyse(s, 8));
            }
            t.elapsed()
        })
        .collect();
    println!(
        "| whole library | | | {:.1} ms |",
        median(times).as_secs_f64() * 1e3
    );
    // The player's decision alone: every combination of seen cards, both
    // decisions, every sequence (not cached: called directly).
    let shoe = certify::engine::shoe::Composition::standard(8);
    for s in specs
        .iter()
        .filter(|s| s.decides().is_some_and(|d| !d.objective.is_empty()))
    {
        let times: Vec<Duration> = (0..runs)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(certify::engine::decide::decisions(s, &shoe));
                t.elapsed()
            })
            .collect();
        println!(
            "| {} decision analysis (optimal strategy) | | | {:.1} ms |",
            s.id,
            median(times).as_secs_f64() * 1e3
        );
    }
}
