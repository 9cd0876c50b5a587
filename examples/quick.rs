fn main() {
    let path = std::env::args().nth(1).unwrap();
    let decks: u32 = std::env::args()
        .nth(2)
        .map(|d| d.parse().unwrap())
        .unwrap_or(8);
    let (_, spec) = certify::check::check_file(&path).unwrap();
    let t = std::time::Instant::now();
    let a = certify::engine::analyse(&spec, decks);
    eprintln!("{:?}", t.elapsed());
    for w in &a.wagers {
        for t in &w.tables {
            println!(
                "{} {} edge {} ",
                w.id,
                t.id,
                certify::engine::stats::percent(&t.house_edge(), 4)
            );
            for e in &t.events {
                println!("   {} {}", e.id, e.combinations);
            }
            println!("   none {}", t.no_event);
        }
    }
}
