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

#[path = "common/timed.rs"]
mod timed;

/// One series: a section, what grows, the sizes, and the command (`{}`
/// stands for the size).
struct Series {
    section: &'static str,
    grows: &'static str,
    unit: &'static str,
    /// The unit's size in the series' own count (a million rounds: 1e6).
    per: f64,
    sizes: &'static [u64],
    /// Whether the cost is a line in the size (else the points alone are
    /// printed: the text says what they show).
    linear: bool,
    command: &'static str,
}

impl Series {
    fn args(&self, size: u64) -> Vec<String> {
        self.command
            .replace("{}", &size.to_string())
            .split_whitespace()
            .map(String::from)
            .collect()
    }
}

/// A series whose cost is not a line (see [`Series::linear`]).
const fn points(
    section: &'static str,
    grows: &'static str,
    sizes: &'static [u64],
    command: &'static str,
) -> Series {
    Series {
        section,
        grows,
        unit: "",
        per: 1.0,
        sizes,
        linear: false,
        command,
    }
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
            sizes: &[2_500_000, 10_000_000, 40_000_000],
            linear: true,
            command: "simulate rules/21st_century_baccarat.yaml --rounds {} --bound-shoes 0",
        },
        points(
            "simulation, 10 million rounds a pass (punto banco)",
            "decks",
            &[1, 4, 8],
            "simulate rules/punto_banco.yaml --decks {} --bound-shoes 0",
        ),
        Series {
            section: "the bound, rank-level wagers (21st Century; 1 million rounds a pass)",
            grows: "sampled shoes",
            unit: "shoe",
            per: 1.0,
            sizes: &[0, 250, 1000],
            linear: true,
            command: "simulate rules/21st_century_baccarat.yaml --rounds 1000000 --bound-shoes {}",
        },
        Series {
            section: "the bound, suit-reading wagers (Lucky 8, 18 pay tables; 1 million rounds a pass)",
            grows: "sampled shoes",
            unit: "shoe",
            per: 1.0,
            sizes: &[0, 25, 100],
            linear: true,
            command: "simulate rules/lucky_8.yaml --rounds 1000000 --bound-shoes 0 --bound-suit-shoes {}",
        },
        points(
            "figures, checks and game protection (punto banco, `--no-reports`)",
            "decks",
            &[1, 4, 8],
            "rules/punto_banco.yaml --no-reports --decks {}",
        ),
        points(
            "game protection of one side bet (Lucky 8 player, by rank and suit)",
            "cards seen (ranks:K)",
            &[1, 4],
            "protect rules/lucky_8.yaml --scenario ranks:{}@lucky_8_player",
        ),
        points(
            "game protection of one side bet (21st Century Lucky Match, by rank)",
            "cards seen (ranks:K)",
            &[1, 4],
            "protect rules/21st_century_baccarat.yaml --scenario ranks:{}@lucky_match",
        ),
    ];
    println!("<!-- cost-model -->");
    println!("| section | grows with | measured (size: seconds) | fixed | per unit |");
    println!("|---|---|---|---|---|");
    for s in &series {
        let points: Vec<(u64, f64)> = s
            .sizes
            .iter()
            .map(|&n| (n, timed::time(&s.args(n), runs).as_secs_f64()))
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
