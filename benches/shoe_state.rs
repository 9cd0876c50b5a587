//! Shoe-state benchmark: `cargo bench --bench shoe_state`.
//!
//! The exact edge of a depleted shoe (issue 37, item 1): the median time per
//! composition of `engine::shoe_state::ShoeStates::edges` over random
//! depleted 8-deck shoes (0 to 350 of the 416 cards dealt), one thread
//! (the bound runs compositions in parallel, one per core), for every
//! wager of 21st Century Baccarat (all rank-level) and for the wagers of
//! Lucky 8 that read suits; the one-off build per spec; and, on a few of
//! the same shoes, the full enumeration per composition that it replaces
//! (`removal::edges_of`). Prints a Markdown table for the README. Not a
//! test: nothing here can fail on time.

#[path = "../tests/support/mod.rs"]
mod support;

use certify::check::check_file;
use certify::engine::shoe::Composition;
use certify::engine::shoe_state::ShoeStates;
use certify::model::cond::need;
use std::time::{Duration, Instant};
use support::Mix;

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// An 8-deck shoe less a random number (0..=350) of random cards.
fn depleted(mix: &mut Mix) -> Composition {
    let mut c = Composition::standard(8);
    let mut left: Vec<usize> = (0..52).flat_map(|k| std::iter::repeat_n(k, 8)).collect();
    let dealt = (mix.next() % 351) as usize;
    for _ in 0..dealt {
        let at = (mix.next() % left.len() as u64) as usize;
        let k = left.swap_remove(at);
        c.counts[k / 4][k % 4] -= 1;
    }
    c
}

/// One 8-deck shoe dealt down five random cards at a time, a composition
/// per round: `rounds` consecutive compositions, as the bound prices them.
fn consecutive(mix: &mut Mix, rounds: usize) -> Vec<Composition> {
    let mut c = Composition::standard(8);
    let mut left: Vec<usize> = (0..52).flat_map(|k| std::iter::repeat_n(k, 8)).collect();
    let mut out = Vec::new();
    for _ in 0..rounds {
        for _ in 0..5 {
            let at = (mix.next() % left.len() as u64) as usize;
            let k = left.swap_remove(at);
            c.counts[k / 4][k % 4] -= 1;
        }
        out.push(c.clone());
    }
    out
}

fn main() {
    let compositions: usize = std::env::var("BENCH_COMPOSITIONS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let full_runs: usize = std::env::var("BENCH_FULL")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let mut mix = Mix(37);
    let shoes: Vec<Composition> = (0..compositions).map(|_| depleted(&mut mix)).collect();
    println!(
        "{compositions} random depleted 8-deck shoes; one thread per composition (build: {} threads)",
        rayon::current_num_threads()
    );
    println!(
        "| spec | wagers | pay tables | signatures | values | build | median per composition | consecutive, 16 together (f64) | full enumeration per composition |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let dealt = consecutive(&mut mix, 64);
    for (path, suits_only) in [
        ("rules/21st_century_baccarat.yaml", false),
        ("rules/lucky_8.yaml", true),
    ] {
        let spec = check_file(path).expect("valid spec").1;
        let spec = certify::strategy::for_decks(&spec, 8).into_owned();
        let wagers: Vec<usize> = (0..spec.wagers.len())
            .filter(|&w| {
                let reads = spec.wagers[w]
                    .events
                    .iter()
                    .any(|e| e.needs.iter().any(|n| n & need::SUIT != 0));
                !suits_only || reads
            })
            .collect();
        let t = Instant::now();
        let states = ShoeStates::for_wagers(&spec, &wagers);
        let build = t.elapsed();
        let times: Vec<Duration> = shoes
            .iter()
            .map(|c| {
                let t = Instant::now();
                std::hint::black_box(states.edges(c));
                t.elapsed()
            })
            .collect();
        // The bound's way: a shoe's consecutive rounds, sixteen priced in
        // one pass (`edges_f64_many`), per composition.
        let batches: Vec<Duration> = dealt
            .chunks(ShoeStates::PRICED_TOGETHER)
            .map(|chunk| {
                let t = Instant::now();
                std::hint::black_box(states.edges_f64_many(chunk));
                t.elapsed() / chunk.len() as u32
            })
            .collect();
        let mut wanted = Vec::new();
        for (w, wager) in spec.wagers.iter().enumerate() {
            wanted.extend(std::iter::repeat_n(
                wagers.contains(&w),
                wager.pay_tables.len(),
            ));
        }
        let full: Vec<Duration> = shoes
            .iter()
            .take(full_runs)
            .map(|c| {
                let t = Instant::now();
                std::hint::black_box(certify::removal::edges_of(&spec, c, &wanted));
                t.elapsed()
            })
            .collect();
        let tables: usize = wagers
            .iter()
            .map(|&w| spec.wagers[w].pay_tables.len())
            .sum();
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} (median of {}) |",
            spec.id,
            wagers.len(),
            tables,
            states.signatures(),
            states.entries(),
            ms(build),
            ms(median(times)),
            ms(median(batches)),
            if full.is_empty() {
                "-".into()
            } else {
                ms(median(full.clone()))
            },
            full.len(),
        );
    }
}
