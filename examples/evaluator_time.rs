//! Timing aid for the reference evaluator on the small shoes:
//! `cargo run --release --example evaluator_time -- rules/x.yaml`.
fn main() {
    let path = std::env::args().nth(1).expect("a spec path");
    let (_, spec) = certify::check::check_file(&path).expect("valid spec");
    for _ in 0..10 {
        for shoe in certify::verify::SMALL_SHOES {
            let cards = certify::cards::parse_cards(shoe).expect("shoe");
            std::hint::black_box(certify::verify::small_shoe_tallies(&spec, &cards));
        }
    }
}
