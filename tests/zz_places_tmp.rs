#[test]
fn print_places() {
    for f in std::fs::read_dir("rules/documents").unwrap() {
        let p = f.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let d = certify::trace::Document::read(&name, &std::fs::read(&p).unwrap());
        println!("== {name}");
        for pl in &d.places {
            println!("{:?}\t{}-{}\t{}\t{}\t{:?}", pl.kind, pl.line, pl.end, pl.content, pl.name, pl.title);
        }
    }
}
