//! Where a full certification's time goes beyond the figures, stage by
//! stage, on both cores: `cargo run --release --example sim_stages --
//! rules/x.yaml` (the simulation at the spec's own rounds and shoes, the
//! counters at other deck counts, game protection, the reports' render).
use std::time::Instant;
fn main() {
    for path in std::env::args().skip(1) {
        let (_, spec) = certify::check::check_file(&path).expect("valid spec");
        let decks = spec.shoe.decks;
        let resolved = certify::strategy::for_decks(&spec, decks).into_owned();
        let rounds = spec.report.simulate.unwrap_or(certify::study::ROUNDS);
        let request = certify::study::Request {
            settings: certify::simulator::Settings {
                rounds,
                seed: certify::simulator::DEFAULT_SEED,
                penetration: certify::simulator::default_penetration(),
                shard: certify::simulator::Shard::WHOLE,
            },
            shoes: certify::study::Shoes {
                rank_level: certify::study::BOUND_SHOES,
                suit_reading: certify::study::BOUND_SUIT_SHOES,
            },
        };
        let done = std::sync::atomic::AtomicU64::new(0);
        let t = Instant::now();
        let (study, _) = certify::study::study(&resolved, decks, &request, &done);
        let sim = t.elapsed();
        let t = Instant::now();
        let others = certify::study::other_decks(&spec, decks, &request, &study);
        let other = t.elapsed();
        let t = Instant::now();
        let protection = certify::protection::report_set(&resolved, decks, &[]);
        let protect = t.elapsed();
        std::hint::black_box((others, protection.is_ok()));
        eprintln!(
            "{path}: study {:.2} s (of which the bound {:.2} s), other decks {:.2} s, protection {:.2} s",
            sim.as_secs_f64(),
            study.same_shoes_cost.as_secs_f64(),
            other.as_secs_f64(),
            protect.as_secs_f64(),
        );
    }
}
