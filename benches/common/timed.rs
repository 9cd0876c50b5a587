//! Timing the built binary, shared by the whole-command benchmarks
//! (`command.rs`, `cost.rs`; included by path).

use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_certify");

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

/// Median wall time of `certify ARGS` over `runs` runs; each must succeed.
pub fn time<S: AsRef<std::ffi::OsStr>>(args: &[S], runs: usize) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                let out = Command::new(BIN).args(args).output().expect("certify runs");
                let elapsed = t.elapsed();
                assert!(
                    out.status.success(),
                    "certify {}: {}",
                    args.iter()
                        .map(|a| a.as_ref().to_string_lossy().into_owned())
                        .collect::<Vec<_>>()
                        .join(" "),
                    String::from_utf8_lossy(&out.stderr)
                );
                elapsed
            })
            .collect(),
    )
}
