//! CPU time per stage, one thread: `RAYON_NUM_THREADS=1 cargo run --release --example budget -- rules/*.yaml`.
use std::time::Instant;
fn main() {
    for path in std::env::args().skip(1) {
        let t = Instant::now();
        let (_, spec) = certify::check::check_file(&path).expect("valid spec");
        let check = t.elapsed();
        let t = Instant::now();
        let full = certify::strategy::for_decks(&spec, spec.shoe.decks).into_owned();
        let strat = t.elapsed();
        let (mut ev, mut en) = (0.0, 0.0);
        for shoe in certify::verify::SMALL_SHOES {
            let cards = certify::cards::parse_cards(shoe).expect("shoe");
            let comp = certify::verify::composition(&cards);
            let t = Instant::now();
            let tallies = certify::verify::small_shoe_tallies(&spec, &cards);
            ev += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let resolved = certify::strategy::resolve(&spec, &comp);
            let a = certify::engine::analyse_wagers(&resolved, &comp, 0);
            en += t.elapsed().as_secs_f64();
            std::hint::black_box((tallies, a));
        }
        let t = Instant::now();
        let c = certify::pipeline::compute(&full, spec.shoe.decks);
        let comp = t.elapsed();
        std::hint::black_box(c);
        eprintln!(
            "{path}: check {:.1} strategy {:.1} evaluator {:.1} engine-small {:.1} compute {:.1} ms",
            check.as_secs_f64() * 1e3,
            strat.as_secs_f64() * 1e3,
            ev * 1e3,
            en * 1e3,
            comp.as_secs_f64() * 1e3
        );
    }
}
