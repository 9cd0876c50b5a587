//! Where game protection's time goes, per spec (both cores): the joint
//! table of first cards and returns (`Observed::new`, one walk for every
//! wager) against the whole stage (the scenarios decided from it).
//! `cargo run --release --example protect_time -- rules/*.yaml`
use certify::engine::shoe::Composition;
use certify::engine::shoe_state::observed::Observed;
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let spec = certify::check::check_file(&path).expect("a valid spec").1;
        let decks = spec.shoe.decks;
        let spec = certify::strategy::for_decks(&spec, decks).into_owned();
        let wagers: Vec<usize> = (0..spec.wagers.len()).collect();
        let t = Instant::now();
        let observed = Observed::new(&spec, &wagers, &Composition::standard(decks));
        let walk = t.elapsed();
        drop(observed);
        let t = Instant::now();
        let request = certify::protection::Request::default();
        let _ = certify::protection::protect(&spec, decks, &request);
        println!(
            "{path}: observed walk (every wager) {walk:.2?}, the whole stage {:.2?}",
            t.elapsed()
        );
    }
}
