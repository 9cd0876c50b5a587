//! The exact engine agrees with the reference evaluator: exhaustively on a
//! small shoe (every ordered six-card sequence), and on sampled rounds from
//! the full shoe, for every shipped spec and the YAML-only Dragon Bonus.

use certify::check::check_file;
use certify::verify::verify;

fn check(path: &str) {
    let (_, spec) = check_file(path).unwrap_or_else(|e| panic!("{path}: {e:?}"));
    let v = verify(&spec, spec.shoe.decks, 200);
    assert_eq!(v.small_shoe_sequences, 2 * 12 * 11 * 10 * 9 * 8 * 7);
    assert!(v.passed(), "{path}: {:#?}", v);
}

#[test]
fn punto_banco() {
    check("rules/punto_banco.yaml");
}

#[test]
fn lucky_monkey() {
    check("rules/lucky_monkey.yaml");
}

#[test]
fn twenty_first_century_baccarat() {
    check("rules/21st_century_baccarat.yaml");
}

#[test]
fn lucky_8() {
    check("rules/lucky_8.yaml");
}

#[test]
fn golden_bacc() {
    check("rules/golden_bacc.yaml");
}

#[test]
fn lucky_draw_baccarat() {
    check("rules/lucky_draw_baccarat.yaml");
}

#[test]
fn dragon_bonus() {
    check("tests/specs/dragon_bonus.yaml");
}
