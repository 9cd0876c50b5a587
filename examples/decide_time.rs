//! Timing aid: `cargo run --release --example decide_time -- rules/x.yaml`.
fn main() {
    let path = std::env::args().nth(1).expect("a spec path");
    let (_, spec) = certify::check::check_file(&path).expect("valid spec");
    let shoe = certify::engine::shoe::Composition::standard(8);
    let t = std::time::Instant::now();
    let d = certify::engine::decide::decisions(&spec, &shoe);
    eprintln!("decisions: {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let a = certify::pipeline::analyse(&spec, 8);
    eprintln!("analyse: {:?} ({} sets)", t.elapsed(), d.sets.len());
    std::hint::black_box(a);
}
