//! The input layer refuses bad files in its own words, located, without
//! panicking: size limits, malformed YAML, duplicate keys, values of the
//! wrong kind, numbers not written as plain decimals, missing fields (all of
//! them, each at its mapping), in specs, fixture files and round files.

use certify::check::check_source;
use certify::diag::input::{FileKind, InputError, Limit};
use certify::diag::{Diagnostic, ErrorKind, render_all};
use certify::spec::SourceFile;

const SPEC: &str = include_str!("../rules/lucky_monkey.yaml");

/// `SPEC` with its first `from` replaced by `to`.
fn edited(from: &str, to: &str) -> String {
    assert!(SPEC.contains(from), "{from:?} not in the spec");
    SPEC.replacen(from, to, 1)
}

fn refused(text: &str) -> Vec<Diagnostic> {
    match check_source(&SourceFile::new("bad.yaml", text)) {
        Ok(_) => panic!("accepted"),
        Err(ds) => ds,
    }
}

fn input(d: &Diagnostic) -> &InputError {
    match &d.kind {
        ErrorKind::Input(e) => e,
        other => panic!("not an input error: {other:?}"),
    }
}

fn rendered(ds: &[Diagnostic], text: &str) -> String {
    render_all(ds, text)
}

#[test]
fn a_five_megabyte_spec_names_the_size_limit() {
    let text = format!("{SPEC}\n{}", "# padding\n".repeat(500_000));
    let ds = refused(&text);
    assert_eq!(ds.len(), 1);
    assert_eq!(
        input(&ds[0]),
        &InputError::LimitExceeded {
            file: FileKind::Spec,
            limit: Limit::Bytes,
            max: 1024 * 1024
        }
    );
    assert_eq!((ds[0].line, ds[0].column), (1, 1));
    insta::assert_snapshot!(rendered(&ds, &text));
}

#[test]
fn an_alias_bomb_names_the_value_limit() {
    let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (prev, name) in "abcdefgh".chars().zip("bcdefghi".chars()) {
        let refs = vec![format!("*{prev}"); 10].join(", ");
        text.push_str(&format!("{name}: &{name} [{refs}]\n"));
    }
    let ds = refused(&text);
    assert_eq!(ds.len(), 1);
    assert!(matches!(
        input(&ds[0]),
        InputError::LimitExceeded {
            limit: Limit::Values,
            max: 100_000,
            ..
        }
    ));
    assert!(ds[0].line >= 1);
    insta::assert_snapshot!(rendered(&ds, &text));
}

#[test]
fn a_duplicate_key_points_at_the_second() {
    let text = edited("  decks: 8\n", "  decks: 8\n  decks: 6\n");
    let ds = refused(&text);
    assert_eq!(
        input(&ds[0]),
        &InputError::DuplicateKey {
            key: "decks".into()
        }
    );
    assert_eq!((ds[0].line, ds[0].column), (13, 3));
    insta::assert_snapshot!(rendered(&ds, &text));
}

#[test]
fn a_pay_of_true_a_list_or_null_is_the_wrong_kind() {
    let mut all = String::new();
    for bad in ["true", "[11]", "~"] {
        let text = edited("player_only_face: 3", &format!("player_only_face: {bad}"));
        let ds = refused(&text);
        assert_eq!(ds.len(), 1, "{bad}");
        assert_eq!(
            input(&ds[0]),
            &InputError::WrongType {
                field: "player_only_face".into()
            }
        );
        assert_eq!((ds[0].line, ds[0].column), (80, 29), "{bad}");
        assert!(ds[0].expected.as_deref().unwrap().starts_with("a pay"));
        all.push_str(&rendered(&ds, &text));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn infinity_and_nan_are_not_numbers_a_spec_accepts() {
    let mut all = String::new();
    for bad in [".inf", "-.inf", ".nan", ".NaN"] {
        let text = edited("player_only_face: 3", &format!("player_only_face: {bad}"));
        let ds = refused(&text);
        assert_eq!(ds.len(), 1, "{bad}");
        assert_eq!(
            input(&ds[0]),
            &InputError::NumberSyntax { text: bad.into() }
        );
        assert_eq!((ds[0].line, ds[0].column, ds[0].width), (80, 29, bad.len()));
        all.push_str(&rendered(&ds, &text));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn decks_in_words_or_a_fraction_are_the_wrong_kind() {
    let mut all = String::new();
    for (bad, found) in [
        ("\"eight\"", "the text `eight`"),
        ("8.5", "the number `8.5`"),
    ] {
        let text = edited("  decks: 8\n", &format!("  decks: {bad}\n"));
        let ds = refused(&text);
        assert_eq!(ds.len(), 1, "{bad}");
        assert_eq!(
            input(&ds[0]),
            &InputError::WrongType {
                field: "decks".into()
            }
        );
        assert_eq!((ds[0].line, ds[0].column), (12, 10));
        assert_eq!(ds[0].found.as_deref(), Some(found));
        all.push_str(&rendered(&ds, &text));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn numbers_are_plain_decimals_only() {
    for bad in ["0x10", "0o17", "0b1", "1_000", "+8", "08", "1e3", ".5"] {
        let text = edited("player_only_face: 3", &format!("player_only_face: {bad}"));
        let ds = refused(&text);
        assert_eq!(
            input(&ds[0]),
            &InputError::NumberSyntax { text: bad.into() },
            "{bad}"
        );
        assert_eq!((ds[0].line, ds[0].column), (80, 29), "{bad}");
    }
    for bad in ["0x8", "+8", "08", "8e0"] {
        let text = edited("  decks: 8\n", &format!("  decks: {bad}\n"));
        let ds = refused(&text);
        assert_eq!(
            input(&ds[0]),
            &InputError::NumberSyntax { text: bad.into() },
            "{bad}"
        );
    }
    // Plain decimals, and the tool's own pay texts, still read.
    for good in ["16", "0.95", "\"3 to 2\"", "\"3/2\"", "push"] {
        let text = edited("player_only_face: 3", &format!("player_only_face: {good}"));
        assert!(
            check_source(&SourceFile::new("ok.yaml", text)).is_ok(),
            "{good}"
        );
    }
}

#[test]
fn a_hex_pay_is_refused_not_read_as_sixteen() {
    let text = edited("player_only_face: 3", "player_only_face: 0x10");
    let ds = refused(&text);
    assert_eq!(ds.len(), 1);
    insta::assert_snapshot!(rendered(&ds, &text));
}

#[test]
fn every_missing_field_is_reported_at_its_mapping() {
    let text = edited("title: Lucky Monkey Side Bet\n", "")
        .replacen("  allowed_decks: [1, 8]\n", "", 1)
        .replacen("        pays:\n", "        rows:\n", 1);
    let ds = refused(&text);
    let got: Vec<(String, usize, usize)> =
        ds.iter().map(|d| (d.message(), d.line, d.column)).collect();
    insta::assert_snapshot!(rendered(&ds, &text));
    assert!(got.contains(&("missing field `title` in the spec".into(), 2, 1)));
    assert!(got.contains(&("missing field `allowed_decks` in the shoe".into(), 11, 3)));
    assert!(
        got.iter()
            .any(|(m, _, _)| m == "missing field `pays` in a pay table")
    );
    assert!(
        got.iter()
            .any(|(m, _, _)| m == "unknown field `rows` in a pay table")
    );
}

#[test]
fn a_long_line_is_shown_as_a_window_around_the_caret() {
    let pad = "x".repeat(50_000);
    let text = edited(
        "title: Lucky Monkey Side Bet",
        &format!("title: {pad} a: b {pad}"),
    );
    let ds = refused(&text);
    let out = rendered(&ds, &text);
    assert!(out.len() < 1_000, "{} bytes", out.len());
    // The caret stands under the character the column names.
    let lines: Vec<&str> = out.lines().collect();
    let src = lines.iter().find(|l| l.contains('…')).expect("cut line");
    let caret = lines.iter().find(|l| l.contains('^')).expect("caret");
    let col = caret.chars().position(|c| c == '^').unwrap();
    let under = src.chars().nth(col).unwrap();
    let line = text.lines().nth(ds[0].line - 1).unwrap();
    assert_eq!(Some(under), line.chars().nth(ds[0].column - 1));
    insta::assert_snapshot!(out);
}

#[test]
fn the_cli_exits_1_with_the_error() {
    let dir = std::env::temp_dir().join(format!("certify-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.yaml");
    std::fs::write(
        &path,
        edited("player_only_face: 3", "player_only_face: 0x10"),
    )
    .unwrap();
    let run = |p: &str| certify::cli::run(["certify", "check", p].map(String::from));
    let out = run(path.to_str().unwrap());
    assert_eq!(out.code, 1);
    assert!(
        out.stderr
            .contains("number `0x10` not written as a plain decimal")
    );
    assert!(out.stderr.contains("bad.yaml:80:29"));
    let missing = dir.join("missing.yaml");
    let out = run(missing.to_str().unwrap());
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("cannot read file: "), "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cannot_read_is_a_typed_kind() {
    let d = SourceFile::read("no/such/file.yaml").unwrap_err();
    assert!(matches!(input(&d), InputError::CannotRead { .. }));
    assert_eq!(d.file, "no/such/file.yaml");
}

#[test]
fn round_files_are_read_by_the_same_rules() {
    let text = "rounds:\n  - player_dealer: { seat: 7, stake: 0x64 }\n    hand: 1.5\n    seats:\n      1: { player: +10 }\n  - hand: 1\n";
    let ds = certify::table::round::load(&SourceFile::new("r.yaml", text)).unwrap_err();
    let got: Vec<(String, usize, usize)> =
        ds.iter().map(|d| (d.message(), d.line, d.column)).collect();
    assert_eq!(
        got,
        vec![
            ("missing field `cards` in a round".into(), 2, 5),
            ("number `0x64` not written as a plain decimal".into(), 2, 38),
            ("wrong kind of value for `hand`".into(), 3, 11),
            ("number `+10` not written as a plain decimal".into(), 5, 20),
            ("missing field `player_dealer` in a round".into(), 6, 5),
            ("missing field `cards` in a round".into(), 6, 5),
        ]
    );
    let malformed =
        certify::table::round::load(&SourceFile::new("r.yaml", "rounds: [")).unwrap_err();
    assert!(matches!(
        input(&malformed[0]),
        InputError::Malformed {
            file: FileKind::Round,
            ..
        }
    ));
}

#[test]
fn fixture_files_are_read_by_the_same_rules() {
    let dir = std::env::temp_dir().join(format!("certify-fixtures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("a.yaml"),
        "spec: lucky_monkey\ncases:\n  - name: one\n    decks: 0x8\n    totals: [6, 5]\n  - source: x\n",
    )
    .unwrap();
    std::fs::write(dir.join("b.yaml"), "spec: [lucky_monkey\n").unwrap();
    let spec = check_source(&SourceFile::new("lm.yaml", SPEC)).unwrap();
    let ds = certify::fixtures::run_dir(&spec, &dir).unwrap_err();
    let got: Vec<String> = ds
        .iter()
        .map(|d| {
            format!(
                "{}:{}:{} {}",
                d.file.rsplit('/').next().unwrap(),
                d.line,
                d.column,
                d.message()
            )
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(got[0], "a.yaml:3:5 missing field `source` in a case");
    assert_eq!(
        got[1],
        "a.yaml:4:12 number `0x8` not written as a plain decimal"
    );
    assert_eq!(got[2], "a.yaml:6:5 missing field `name` in a case");
    assert!(got[3].starts_with("b.yaml:"), "{got:?}");
    assert!(got[3].contains("invalid fixture YAML"), "{got:?}");
}

/// A wrong card in a hand is located at the card, in the case it is in:
/// the hands' places are read only when a case fails (a third read of the
/// file), so a good case before it must not shift them.
#[test]
fn a_wrong_card_in_a_later_case_is_located_at_the_card() {
    let dir = std::env::temp_dir().join(format!("certify-hands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let case = |name: &str, player: &str| {
        format!(
            "  - name: {name}\n    source: x\n    player: {player}\n    banker: 7c,Qh\n    expect:\n      lucky_monkey: lose\n"
        )
    };
    let text = format!(
        "spec: lucky_monkey\ncases:\n{}{}",
        case("good", "9s,Kd"),
        case("bad", "9s,Zd")
    );
    std::fs::write(dir.join("a.yaml"), text).unwrap();
    let spec = check_source(&SourceFile::new("lm.yaml", SPEC)).unwrap();
    let ds = certify::fixtures::run_dir(&spec, &dir).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!((ds[0].line, ds[0].column), (11, 16), "{}", ds[0].message());
}
