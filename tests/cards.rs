//! Card text as people copy it: suit symbols are suits, anything else is
//! refused by name and located inside fixture and round files, never a panic.

use certify::cards::{CardError, parse_card, parse_cards, parse_cards_at};
use certify::cli::run;
use proptest::prelude::*;

fn certify(args: &[&str]) -> certify::cli::Output {
    run(std::iter::once("certify")
        .chain(args.iter().copied())
        .map(String::from))
}

#[test]
fn suit_symbols_are_suits() {
    for (letter, symbols) in [("s", "♠♤"), ("h", "♥♡"), ("d", "♦♢"), ("c", "♣♧")] {
        for symbol in symbols.chars() {
            assert_eq!(
                parse_card(&format!("9{symbol}")),
                parse_card(&format!("9{letter}"))
            );
            assert_eq!(
                parse_card(&format!("10{symbol}\u{FE0F}")),
                parse_card(&format!("T{letter}"))
            );
        }
    }
    assert_eq!(
        parse_cards("9♠, K♦").unwrap(),
        parse_cards("9s,Kd").unwrap()
    );
}

#[test]
fn every_malformed_form_has_its_kind() {
    let cases: [(&str, CardError); 7] = [
        (
            "9☃",
            CardError::UnknownSuit {
                card: "9☃".into(),
                suit: '☃',
            },
        ),
        (
            "9x",
            CardError::UnknownSuit {
                card: "9x".into(),
                suit: 'x',
            },
        ),
        (
            "1s",
            CardError::UnknownRank {
                card: "1s".into(),
                rank: "1".into(),
            },
        ),
        (
            "９♠",
            CardError::UnknownRank {
                card: "９♠".into(),
                rank: "９".into(),
            },
        ),
        ("K", CardError::MissingSuit { card: "K".into() }),
        ("♠", CardError::MissingRank { card: "♠".into() }),
        ("", CardError::Empty),
    ];
    for (text, want) in cases {
        assert_eq!(parse_card(text), Err(want), "{text}");
    }
    assert_eq!(parse_cards("4s,,Kd"), Err(CardError::Empty));
    assert_eq!(
        parse_card("9x").unwrap_err().to_string(),
        "`9x`: `x` is not a suit; suits are s h d c or ♠ ♥ ♦ ♣"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn any_unicode_card_text_parses_or_errs(text in "\\PC{0,12}", mixed in "[0-9AaTtJjQqKkshdc♠♥♦♣♤♡♢♧☃é, \u{FE0F}]{0,12}") {
        for t in [&text, &mixed] {
            match parse_cards_at(t) {
                Ok(cards) => prop_assert!(cards.len() <= t.split(',').count()),
                Err((at, e)) => {
                    prop_assert!(t.is_char_boundary(at.start) && t.is_char_boundary(at.end), "{t:?} {at:?}");
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }
}

#[test]
fn settle_takes_suit_symbols_and_names_a_bad_one() {
    let settle = |player: &str| {
        certify(&[
            "settle",
            "rules/lucky_monkey.yaml",
            "--player",
            player,
            "--banker",
            "2c,Ks",
        ])
    };
    let out = settle("9♠,Kd");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, settle("9s,Kd").stdout);
    let out = settle("9☃,Kd");
    // A bad flag value is a usage error.
    assert_eq!(out.code, certify::cli::exit::USAGE);
    assert!(
        out.stderr.contains("`☃` (U+2603) is not a suit"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn deck_counts_read_as_words() {
    let out = certify(&[
        "settle",
        "rules/punto_banco.yaml",
        "--player",
        "9s,Kd",
        "--banker",
        "2c,Ks",
        "--decks",
        "1",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("(1 deck)"), "{}", out.stdout);
}

/// A scratch folder of its own per test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-cards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_bad_card_in_a_fixture_file_is_located_at_the_card() {
    let dir = scratch("fixture");
    let file = dir.join("bad.yaml");
    std::fs::write(
        &file,
        "spec: lucky_monkey\ncases:\n  - name: a snowman\n    source: none\n    player: \"9♠, K☃\"\n    banker: 2c,Ks\n    expect:\n      lucky_monkey: lose\n",
    )
    .unwrap();
    let out = certify(&[
        "check",
        "rules/lucky_monkey.yaml",
        "--fixtures",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 1);
    let at = format!("{}:5:19", file.display());
    assert!(out.stderr.contains(&at), "{}", out.stderr);
    assert!(
        out.stderr.contains("`☃` (U+2603) is not a suit"),
        "{}",
        out.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_card_in_a_round_file_is_located_at_the_card() {
    let dir = scratch("round");
    let file = dir.join("round.yaml");
    let spec = std::fs::canonicalize("rules/21st_century_baccarat.yaml").unwrap();
    std::fs::write(
        &file,
        format!(
            "spec: {}\nrounds:\n  - player_dealer: {{ seat: 8, stake: 500 }}\n    hand: 1\n    cards: {{ player: \"6♠,K☃\", banker: \"7c,Ks\" }}\n    seats:\n      1: {{ player: 100 }}\n",
            spec.display()
        ),
    )
    .unwrap();
    let out = certify(&["table", "--round", file.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    let at = format!("{}:5:27", file.display());
    assert!(out.stderr.contains(&at), "{}", out.stderr);
    assert!(out.stderr.contains("is not a suit"), "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_spec_without_fixtures_is_told_which_file_to_create() {
    let dir = scratch("none");
    let out = certify(&[
        "check",
        "rules/lucky_monkey.yaml",
        "--fixtures",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 1);
    let create = dir.join("lucky_monkey.yaml");
    assert!(
        out.stderr
            .contains(&format!("create {} with", create.display())),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("spec: lucky_monkey"), "{}", out.stderr);
    assert!(out.stderr.contains("lucky_monkey: EVENT"), "{}", out.stderr);
    // A missing folder says the same.
    let missing = dir.join("absent");
    let out = certify(&[
        "check",
        "rules/lucky_monkey.yaml",
        "--fixtures",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("create "), "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's side bet written only in YAML runs as the README shows.
#[test]
fn dragon_bonus_runs_from_its_spec_alone() {
    let out = certify(&["tests/specs/dragon_bonus.yaml", "--no-reports"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("fixtures: 11 cases, 33 checks, 33 passed, 0 failed"),
        "{}",
        out.stdout
    );
}
