//! The cost model's measurements: `cargo bench --bench cost`.
//!
//! How each section of a run grows with what a spec or a command asks
//! for: rounds simulated, decks, sampled shoes for the bound (rank-level
//! and suit-reading wagers), and game protection by rank or by rank and
//! suit. Each series times the built binary at a few sizes (median of
//! `BENCH_RUNS`, default 3, both cores) and fits a line through its first
//! and last points: the fixed cost and the cost per unit. A benchmark, not
//! a test: nothing fails on time. The printed table is pasted into
//! docs/performance.md ("The cost model").

use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_certify");

fn median(mut xs: Vec<Duration>) -> f64 {
    xs.sort();
    xs[xs.len() / 2].as_secs_f64()
}

/// Median wall time of `certify ARGS` in seconds; it must succeed.
fn time(args: &[String], runs: usize) -> f64 {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                let out = Command::new(BIN).args(args).output().expect("certify runs");
                let elapsed = t.elapsed();
                assert!(
                    out.status.success(),
                    "certify {}: {}",
                    args.join(" "),
                    String::from_utf8_lossy(&out.stderr)
                );
                elapsed
            })
            .collect(),
    )
}

/// One series: a section, what grows, the sizes, and the command at a size.
struct Series {
    section: &'static str,
    grows: &'static str,
    unit: &'static str,
    /// The unit's size in the series' own count (a million rounds: 1e6).
    per: f64,
    sizes: Vec<u64>,
    /// Whether the cost is a line in the size (else the points alone are
    /// printed: the text says what they show).
    linear: bool,
    args: fn(u64) -> Vec<String>,
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let series = [
        Series {
            section: "simulation, both passes (21st Century, 5 wagers, 8 pay tables)",
            grows: "rounds a pass",
            unit: "million rounds",
            per: 1e6,
            linear: true,
            sizes: vec![2_500_000, 10_000_000, 40_000_000],
            args: |n| {
                words(&format!(
                    "simulate rules/21st_century_baccarat.yaml --rounds {n} --bound-shoes 0"
                ))
            },
        },
        Series {
            section: "simulation, 10 million rounds a pass (punto banco)",
            grows: "decks",
            unit: "deck",
            per: 1.0,
            linear: false,
            sizes: vec![1, 4, 8],
            args: |d| {
                words(&format!(
                    "simulate rules/punto_banco.yaml --decks {d} --bound-shoes 0"
                ))
            },
        },
        Series {
            section: "the bound, rank-level wagers (21st Century; 1 million rounds a pass)",
            grows: "sampled shoes",
            unit: "shoe",
            per: 1.0,
            linear: true,
            sizes: vec![0, 250, 1000],
            args: |s| {
                words(&format!(
                    "simulate rules/21st_century_baccarat.yaml --rounds 1000000 --bound-shoes {s}"
                ))
            },
        },
        Series {
            section: "the bound, suit-reading wagers (Lucky 8, 18 pay tables; 1 million rounds a pass)",
            grows: "sampled shoes",
            unit: "shoe",
            per: 1.0,
            linear: true,
            sizes: vec![0, 25, 100],
            args: |s| {
                words(&format!(
                    "simulate rules/lucky_8.yaml --rounds 1000000 --bound-shoes 0 --bound-suit-shoes {s}"
                ))
            },
        },
        Series {
            section: "figures, checks and game protection (punto banco, `--no-reports`)",
            grows: "decks",
            unit: "deck",
            per: 1.0,
            linear: false,
            sizes: vec![1, 4, 8],
            args: |d| words(&format!("rules/punto_banco.yaml --no-reports --decks {d}")),
        },
        Series {
            section: "game protection of one side bet (Lucky 8 player, by rank and suit)",
            grows: "cards seen (ranks:K)",
            unit: "card",
            per: 1.0,
            linear: false,
            sizes: vec![1, 4],
            args: |k| {
                words(&format!(
                    "protect rules/lucky_8.yaml --scenario ranks:{k}@lucky_8_player"
                ))
            },
        },
        Series {
            section: "game protection of one side bet (21st Century Lucky Match, by rank)",
            grows: "cards seen (ranks:K)",
            unit: "card",
            per: 1.0,
            linear: false,
            sizes: vec![1, 4],
            args: |k| {
                words(&format!(
                    "protect rules/21st_century_baccarat.yaml --scenario ranks:{k}@lucky_match"
                ))
            },
        },
    ];
    println!("<!-- cost-model -->");
    println!("| section | grows with | measured (size: seconds) | fixed | per unit |");
    println!("|---|---|---|---|---|");
    for s in &series {
        let points: Vec<(u64, f64)> = s
            .sizes
            .iter()
            .map(|&n| (n, time(&(s.args)(n), runs)))
            .collect();
        let measured: Vec<String> = points.iter().map(|(n, t)| format!("{n}: {t:.2}")).collect();
        let (fixed, per) = if s.linear {
            let (x0, t0) = points[0];
            let (x1, t1) = points[points.len() - 1];
            let slope = (t1 - t0) / ((x1 - x0) as f64 / s.per);
            let fixed = t0 - slope * (x0 as f64 / s.per);
            (
                format!("{fixed:.2} s"),
                format!("{slope:.4} s a {}", s.unit),
            )
        } else {
            ("-".to_string(), "not a line (see the text)".to_string())
        };
        println!(
            "| {} | {} | {} | {fixed} | {per} |",
            s.section,
            s.grows,
            measured.join(", "),
        );
    }
    println!("<!-- /cost-model -->");
}
