//! Whole-command benchmark: `cargo bench --bench command`.
//!
//! Times what a user waits for: `certify SPEC` with its three reports, and
//! `certify SPEC --no-reports`, for every shipped spec (the built binary,
//! median of several runs, both cores), then the whole library in one
//! command, with its reports and with `--no-reports`. Each figure is printed beside the one recorded in the
//! the manual's table (docs/performance.md, between the `command-benchmark` markers), with the
//! change, so a slowdown is seen. A benchmark, not a test: nothing fails
//! on time. Paste the printed table into docs/performance.md to record new figures.

use std::collections::BTreeMap;
use std::time::Duration;

#[path = "common/timed.rs"]
mod timed;
use timed::time;

/// The recorded figures (docs/performance.md): row name -> (with reports, without), in seconds.
fn recorded() -> BTreeMap<String, (Option<f64>, Option<f64>)> {
    let readme = std::fs::read_to_string("docs/performance.md").unwrap_or_default();
    let table = readme
        .split("<!-- command-benchmark -->")
        .nth(1)
        .and_then(|t| t.split("<!-- /command-benchmark -->").next())
        .unwrap_or("");
    let secs = |cell: &str| cell.trim().trim_end_matches(" s").parse::<f64>().ok();
    table
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim().trim_matches('|').split('|').collect();
            (cells.len() >= 3).then(|| {
                (
                    cells[0].trim().to_string(),
                    (secs(cells[1]), secs(cells[2])),
                )
            })
        })
        .collect()
}

/// "0.412 s (recorded 0.398 s, +3.5%)".
fn versus(now: Duration, before: Option<f64>) -> String {
    let s = now.as_secs_f64();
    match before {
        Some(b) if b > 0.0 => {
            let change = (s - b) / b * 100.0;
            let flag = if change > 20.0 { " SLOWER" } else { "" };
            format!("{s:.3} s (recorded {b:.3} s, {change:+.1}%{flag})")
        }
        _ => format!("{s:.3} s"),
    }
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let out = std::env::temp_dir().join(format!("certify-bench-{}", std::process::id()));
    let out_arg = out.to_string_lossy().into_owned();
    let specs = certify::spec::spec_files("rules");
    let before = recorded();
    println!("median of {runs} runs; figures to record:");
    println!("<!-- command-benchmark -->");
    println!("| spec | with reports | --no-reports |");
    println!("|---|---|---|");
    let mut comparisons = Vec::new();
    for path in &specs {
        let name = std::path::Path::new(path)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let with = time(&[path, "--out", &out_arg], runs);
        let without = time(&[path, "--no-reports"], runs);
        println!(
            "| {name} | {:.3} s | {:.3} s |",
            with.as_secs_f64(),
            without.as_secs_f64()
        );
        let (b1, b2) = before.get(&name).copied().unwrap_or((None, None));
        comparisons.push(format!(
            "{name}: with reports {}; --no-reports {}",
            versus(with, b1),
            versus(without, b2)
        ));
    }
    // The whole library in one command, as `certify rules/*.yaml` runs it
    // (the specs side by side): the figure of "the library in seconds".
    let all: Vec<&str> = specs.iter().map(String::as_str).collect();
    let library_with = time(&[&all[..], &["--out", &out_arg]].concat(), runs);
    let library = time(&[&all[..], &["--no-reports"]].concat(), runs);
    println!(
        "| whole library | {:.3} s | {:.3} s |",
        library_with.as_secs_f64(),
        library.as_secs_f64()
    );
    println!("<!-- /command-benchmark -->");
    let (b1, b2) = before.get("whole library").copied().unwrap_or((None, None));
    comparisons.push(format!(
        "whole library: with reports {}; --no-reports {}",
        versus(library_with, b1),
        versus(library, b2)
    ));
    println!();
    println!("against docs/performance.md:");
    for c in comparisons {
        println!("  {c}");
    }
    let _ = std::fs::remove_dir_all(&out);
}
