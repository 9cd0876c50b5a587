//! The engine's time per wager group at the spec's deck count and on the
//! small shoes: `RAYON_NUM_THREADS=1 cargo run --release --example groups_time -- rules/x.yaml`.
use std::time::Instant;
fn main() {
    for path in std::env::args().skip(1) {
        let (_, spec) = certify::check::check_file(&path).expect("valid spec");
        let mut shoes = vec![(
            "full".to_string(),
            certify::engine::shoe::Composition::standard(spec.shoe.decks),
        )];
        for s in certify::verify::SMALL_SHOES {
            let cards = certify::cards::parse_cards(s).expect("shoe");
            shoes.push((s[..8].to_string(), certify::verify::composition(&cards)));
        }
        for (name, shoe) in shoes {
            let resolved = certify::strategy::resolve(&spec, &shoe);
            for g in certify::engine::plan::groups(&resolved) {
                let t = Instant::now();
                std::hint::black_box(certify::engine::enumerate::count_group(
                    &resolved, &g, &shoe,
                ));
                eprintln!(
                    "{path} {name} {:?} {} wagers: {:.1} ms",
                    g.plan.levels,
                    g.wagers.len(),
                    t.elapsed().as_secs_f64() * 1e3
                );
            }
        }
    }
}
