use std::io::Write;

fn main() {
    let out = certify::cli::run(std::env::args());
    let _ = std::io::stdout().write_all(out.stdout.as_bytes());
    let _ = std::io::stderr().write_all(out.stderr.as_bytes());
    std::process::exit(out.code);
}
