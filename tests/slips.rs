//! The slips a designer made writing twenty side bets from the manual alone
//! (issue 50, item 6): each is refused where it is, with a way on.

use certify::check::check_source;
use certify::diag::Diagnostic;
use certify::spec::SourceFile;
use std::path::Path;

/// Punto banco with one wager whose event is `when` (as written, inside a
/// block mapping), or whose whole event line is `event` (a flow mapping).
fn spec_with(event: &str) -> String {
    let base = std::fs::read_to_string("rules/punto_banco.yaml").expect("shipped");
    let game_end = base.find("\nwagers:").expect("wagers");
    let mut s = base[..game_end].to_string();
    s.push_str("\nwagers:\n  - id: bet\n    name: A bet\n    events:\n");
    s.push_str(event);
    s.push_str("\n    pay_tables:\n      - id: table\n        pays: { win: 1 }\n");
    s
}

fn refused(text: &str) -> Vec<Diagnostic> {
    match check_source(&SourceFile::new("rules/slip.yaml", text)) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(ds) => ds,
    }
}

/// The first diagnostic of an event `when: <condition>`, and the column
/// (1-based) of `at` within the condition's line.
fn slip(condition: &str, at: &str) -> (Diagnostic, usize) {
    let line = format!("        when: {condition}");
    let text = spec_with(&format!("      - id: win\n        name: Win\n{line}"));
    let ds = refused(&text);
    let d = ds[0].clone();
    let row = text.lines().position(|l| l == line).expect("the line") + 1;
    assert_eq!(d.line, row, "{d:?}");
    let column = line.find(at).expect("in the line") + 1;
    (d, column)
}

fn help(d: &Diagnostic) -> &str {
    d.help
        .as_deref()
        .unwrap_or_else(|| panic!("no help: {d:?}"))
}

#[test]
fn a_rank_compared_with_a_number_is_named_or_its_value_compared() {
    let (d, col) = slip("banker.third.rank == 8", "8");
    assert_eq!(d.column, col);
    assert_eq!(
        help(&d),
        "ranks are named, not numbered: name the rank: `banker.third.rank == eight`, or compare the point value: `banker.third.value == 8`"
    );
    // A picture has a name but no point value of its own.
    let (d, _) = slip("player.first.rank == 12", "12");
    assert!(help(&d).contains("`player.first.rank == queen`"), "{d:?}");
    assert!(!help(&d).contains(".value"), "{d:?}");
}

#[test]
fn a_count_of_a_hand_s_cards_is_its_count() {
    let (d, col) = slip("banker.cards.count == 3", "banker.cards");
    assert_eq!(d.column, col);
    assert_eq!(
        help(&d),
        "`count` is a function of a list of cards: `count(banker.cards)`, or the hand's own `banker.count`"
    );
    let (d, col) = slip("banker.cards == 3", "3");
    assert_eq!(d.column, col);
    assert_eq!(
        help(&d),
        "a hand's number of cards is `banker.count`; `count(banker.cards)` counts any list"
    );
    let (d, _) = slip("3 == cards", "3");
    assert_eq!(help(&d), "count a list's cards with `count(cards)`");
}

#[test]
fn operators_of_other_languages_are_words_here() {
    for (condition, at, way) in [
        (
            "player.natural && banker.drew",
            "&&",
            "write `and` for `&&`",
        ),
        ("player.natural & banker.drew", "&", "write `and` for `&`"),
        ("player.natural || banker.drew", "||", "write `or` for `||`"),
        (
            "banker.drew and !player.natural",
            "!",
            "write `not` for `!`",
        ),
    ] {
        let (d, col) = slip(condition, at);
        assert_eq!(d.column, col, "{condition}");
        assert_eq!(help(&d), format!("conditions are joined with words: {way}"));
    }
    // At the start of a value, YAML reads `!player.natural` as a tag and
    // leaves no condition: the tag is pointed at, with the same way on.
    let (d, col) = slip("!player.natural", "!player.natural");
    assert_eq!((d.column, d.width), (col, "!player.natural".len()));
    assert_eq!(
        help(&d),
        "YAML reads a value starting with `!` as a tag: write `not` for `!` (`not player.natural`)"
    );
    for (condition, at, word) in [
        ("player.natural AND banker.drew", "AND", "AND"),
        ("player.natural Or banker.drew", "Or", "Or"),
        ("NOT player.natural", "player", "NOT"),
    ] {
        let (d, col) = slip(condition, at);
        assert_eq!(d.column, col, "{condition}");
        let lower = word.to_lowercase();
        assert_eq!(
            help(&d),
            format!("keywords are lower-case: write `{lower}` for `{word}`")
        );
    }
}

/// `{ when: kinds(cards, 2) >= 2 }`: YAML ends the value at the comma and
/// reads the rest as a field of its own.
#[test]
fn a_comma_inside_a_flow_mapping_is_quoted() {
    let line = "      - { id: win, name: Win, when: kinds(cards, 2) >= 2 }";
    let text = spec_with(line);
    let ds = refused(&text);
    let d = &ds[0];
    let row = text.lines().position(|l| l == line).unwrap() + 1;
    assert_eq!((d.line, d.column), (row, line.find("2) >=").unwrap() + 1));
    assert_eq!(d.kind.to_string(), "unknown field `2) >= 2` in an event");
    assert_eq!(
        help(d),
        "a comma inside `{ }` ends a value: quote the whole of it, `when: \"kinds(cards, 2) >= 2\"`"
    );
}

/// An included game is read from the folder of the file that names it.
#[test]
fn an_include_that_is_not_found_says_where_paths_are_read_from() {
    let text = std::fs::read_to_string("tests/specs/dragon_bonus.yaml")
        .unwrap()
        .replace(
            "../../rules/games/punto_banco.yaml",
            "rules/games/punto_banco.yaml",
        );
    let ds = match check_source(&SourceFile::new("tests/specs/dragon_bonus.yaml", text)) {
        Ok(_) => panic!("accepted"),
        Err(ds) => ds,
    };
    assert_eq!(
        ds[0].kind.to_string().split(':').next(),
        Some("cannot read the included file `tests/specs/rules/games/punto_banco.yaml`")
    );
    assert_eq!(
        help(&ds[0]),
        "a path is read from the folder of the file that names it (`tests/specs/`), not from where certify runs; an absolute path is read as written"
    );
}

/// An absolute path is read as written (the manual says so).
#[test]
fn an_absolute_include_is_read_as_written() {
    let games = std::fs::canonicalize("rules/games/punto_banco.yaml").unwrap();
    let text = std::fs::read_to_string("tests/specs/dragon_bonus.yaml")
        .unwrap()
        .replace(
            "../../rules/games/punto_banco.yaml",
            &games.to_string_lossy(),
        );
    check_source(&SourceFile::new("tests/specs/dragon_bonus.yaml", text)).expect("accepted");
}

/// Under the default precedence a special case paying less than the event
/// it is a case of never settles: the warning says how to settle it first.
#[test]
fn a_special_case_swallowed_by_highest_pay_is_warned_with_the_way_on() {
    // A Banker bet whose natural win (a special case of `win`) pays less
    // than `win`, under the default precedence (highest pay).
    // Appended to the wagers, before the spec's readings of the document.
    let wager = "  - id: banker_natural\n    name: Banker natural\n    events:\n      - id: natural_win\n        name: Natural win\n        when: banker.wins and banker.natural\n      - id: win\n        name: Win\n        when: banker.wins\n    pay_tables:\n      - id: t\n        name: T\n        pays: { natural_win: 1, win: 2 }\n\nreadings:";
    let text = std::fs::read_to_string("rules/punto_banco.yaml")
        .unwrap()
        .replacen("\nreadings:", &format!("\n{wager}"), 1)
        .replacen("  protect: [banker, player, tie]\n", "", 1);
    let dir = std::env::temp_dir().join(format!("certify-slips-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::create_dir_all(dir.join("fixtures")).unwrap();
    for f in ["punto_banco.yaml", "punto_banco_tableau.yaml"] {
        std::fs::copy(Path::new("fixtures").join(f), dir.join("fixtures").join(f)).unwrap();
    }
    let spec = dir.join("rules").join("punto_banco.yaml");
    std::fs::write(&spec, text).unwrap();
    let o = certify::cli::run(
        [
            "certify",
            &spec.to_string_lossy(),
            "--no-reports",
            "--no-simulate",
        ]
        .map(String::from),
    );
    std::fs::remove_dir_all(&dir).ok();
    let all = format!("{}{}", o.stdout, o.stderr);
    assert!(
        all.contains("happens but never settles the wager")
            && all.contains("; if it is a special case meant to settle first, write `precedence: listed_order` and list it first"),
        "{all}"
    );
}
