//! Where a run's time goes: `cargo run --release --example stages -- rules/x.yaml`.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("a spec path");
    let t = Instant::now();
    let opts = certify::pipeline::Options::default();
    let Ok(p) = certify::pipeline::prepare(&path, &opts) else {
        panic!("prepare")
    };
    eprintln!("prepare {:?}", t.elapsed());
    let spec = p.spec.clone();
    let t = Instant::now();
    let v = certify::verify::verify(&spec, p.decks, 0);
    eprintln!(
        "verify no samples {:?} ({} seq)",
        t.elapsed(),
        v.small_shoe_sequences
    );
    let t = Instant::now();
    let _ = certify::verify::verify(&spec, p.decks, certify::pipeline::SAMPLES);
    eprintln!("verify {:?}", t.elapsed());
    let t = Instant::now();
    let _ = certify::pipeline::compute(&spec, p.decks);
    eprintln!("compute {:?}", t.elapsed());
    let t = Instant::now();
    let _ = certify::strategy::for_decks(&spec, p.decks);
    eprintln!("  strategy {:?}", t.elapsed());
}
