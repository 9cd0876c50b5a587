//! Where verification's time goes: `cargo run --release --example verify_parts -- rules/x.yaml`.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("a spec path");
    let (_, spec) = certify::check::check_file(&path).expect("valid spec");
    for shoe in certify::verify::SMALL_SHOES {
        let cards = certify::cards::parse_cards(shoe).expect("shoe");
        let comp = certify::verify::composition(&cards);
        let t = Instant::now();
        let resolved = certify::strategy::resolve(&spec, &comp);
        let r = t.elapsed();
        let t = Instant::now();
        let tallies = certify::verify::small_shoe_tallies(&spec, &cards);
        let e = t.elapsed();
        let t = Instant::now();
        let a = certify::engine::analyse_shoe(&resolved, &comp, 0);
        let g = t.elapsed();
        eprintln!("{shoe}: resolve {r:?} evaluator {e:?} engine {g:?}");
        std::hint::black_box((tallies, a));
    }
}
