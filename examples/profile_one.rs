//! Profiling aid: `cargo run --release --example profile_one -- rules/x.yaml`.
fn main() {
    let path = std::env::args().nth(1).expect("a spec path");
    let (_, spec) = certify::check::check_file(&path).expect("valid spec");
    for _ in 0..5 {
        std::hint::black_box(certify::engine::analyse(&spec, 8));
    }
}
