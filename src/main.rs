fn main() {
    std::process::exit(certify::cli::main(std::env::args().collect()));
}
