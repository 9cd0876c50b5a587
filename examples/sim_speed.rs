use std::sync::atomic::AtomicU64;
use std::time::Instant;
fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: u64 = args.next().unwrap().parse().unwrap();
    for path in args {
        let checked = certify::check::check_path(&path).unwrap_or_else(|_| panic!("spec"));
        let spec =
            certify::strategy::for_decks(&checked.spec, checked.spec.shoe.decks).into_owned();
        let decks = spec.shoe.decks;
        let settings = certify::simulate::Settings {
            rounds,
            seed: 1,
            penetration: certify::simulate::default_penetration(),
            shard: certify::simulate::Shard::WHOLE,
        };
        let done = AtomicU64::new(0);
        let t = Instant::now();
        let run = certify::simulate::simulate(&spec, decks, &settings, None, &done);
        let dt = t.elapsed().as_secs_f64();
        println!(
            "{path}: {:.1} M rounds/s (both passes), shoes {}",
            2.0 * rounds as f64 / dt / 1e6,
            run.dealt.shoes
        );
        let exact = certify::engine::analyse(&spec, decks);
        for c in certify::simulation::cross_check(&spec, &run, &exact) {
            println!(
                "  {}/{}: exact {:.5} sim {:.5} ±{:.5} {} cut {:+.5}±{:.5}",
                c.wager,
                c.pay_table,
                c.exact_edge,
                c.simulated_edge.value,
                c.simulated_edge.half_width,
                if c.agrees { "ok" } else { "OUT" },
                c.cut_card_effect.value,
                c.cut_card_effect.half_width
            );
        }
    }
}
