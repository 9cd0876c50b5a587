//! The by-decks table's enumeration, one walk for every count against one
//! walk per count (README, "Benchmarks"):
//! `cargo run --release --example decks_time -- rules/x.yaml`.
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let opts = certify::pipeline::Options::default();
        let Ok(p) = certify::pipeline::prepare(&path, &opts) else {
            panic!("{path}: not a usable spec")
        };
        let decks: Vec<u32> = (p.spec.shoe.min_decks..=p.spec.shoe.max_decks).collect();
        if !p.spec.strategies_resolved() {
            println!("{path}: strategy resolved per deck count, analysed count by count");
            continue;
        }
        let best = |f: &dyn Fn()| {
            (0..5)
                .map(|_| {
                    let t = Instant::now();
                    f();
                    t.elapsed()
                })
                .min()
                .expect("five runs")
        };
        let together = best(&|| {
            certify::engine::analyse_decks(&p.spec, &decks);
        });
        let apart = best(&|| {
            for &d in &decks {
                certify::engine::analyse(&p.spec, d);
            }
        });
        println!(
            "{path}: {} counts, one walk {together:.1?}, one walk per count {apart:.1?}",
            decks.len()
        );
    }
}
