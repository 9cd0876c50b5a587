//! The bound's pricing alone, on one thread, best of five:
//! `cargo run --release --example price_time -- rules/x.yaml` (A/B
//! comparisons of the shoe states' pass; the machine's noise hides a 20%
//! change in the whole-command figures).
use certify::engine::shoe::Composition;
use certify::engine::shoe_state::ShoeStates;
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a spec path");
    let (_, spec) = certify::check::check_file(&path).expect("valid spec");
    let spec = certify::strategy::for_decks(&spec, 8);
    let states = ShoeStates::new(&spec);
    // 64 consecutive rounds of five cards from one shoe (a fixed walk
    // through the cards, no randomness needed).
    let mut c = Composition::standard(8);
    let mut shoes = Vec::new();
    let mut k = 0usize;
    for _ in 0..64 {
        for _ in 0..5 {
            loop {
                k = (k + 17) % 52;
                if c.counts[k / 4][k % 4] > 0 {
                    c.counts[k / 4][k % 4] -= 1;
                    break;
                }
            }
        }
        shoes.push(c.clone());
    }
    // This thread's time on a processor (the machine's neighbours take
    // the processor, not this thread's count), and the wall time.
    let on_cpu = || -> f64 {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
        s.split_whitespace()
            .next()
            .and_then(|x| x.parse::<f64>().ok())
            .unwrap_or(0.0)
            / 1e9
    };
    let (mut cpu, mut wall) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..7 {
        let (t, c) = (Instant::now(), on_cpu());
        for chunk in shoes.chunks(ShoeStates::PRICED_TOGETHER) {
            std::hint::black_box(states.edges_f64_many(chunk));
        }
        cpu = cpu.min((on_cpu() - c) / shoes.len() as f64);
        wall = wall.min(t.elapsed().as_secs_f64() / shoes.len() as f64);
    }
    println!(
        "{path}: {} signatures, {} stored values; {:.4} ms a composition on the processor, {:.4} ms wall (best of 7, one thread)",
        states.signatures(),
        states.entries(),
        cpu * 1e3,
        wall * 1e3
    );
}
