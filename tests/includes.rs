//! Shared games: `game: { include: FILE }`. The included game is the game
//! written out; every diagnostic about it names the included file, line and
//! column; a missing file, a cycle and a file that is not a game are each
//! refused in their own words; the report's manifest hashes the included
//! file and `certify verify` notices when it changes.

mod support;

use certify::check::{check_file, check_path};
use certify::cli::exit;
use certify::diag::input::InputError;
use certify::diag::{Diagnostic, ErrorKind};
use std::path::{Path, PathBuf};

const GAME: &str = "rules/games/punto_banco.yaml";

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-include-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games")).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn input(d: &Diagnostic) -> &InputError {
    match &d.kind {
        ErrorKind::Input(e) => e,
        other => panic!("not an input error: {other:?}"),
    }
}

/// A minimal spec whose game is `game`, as written in YAML.
fn spec_with(game: &str) -> String {
    format!(
        "id: shared\ntitle: Shared\nversion: \"1\"\nsource: {{ document: none.txt }}\n\
         shoe: {{ decks: 8, allowed_decks: [1, 8] }}\n{game}\nwagers:\n  - id: bet\n    name: Bet\n\
         \x20   events: [{{ id: win, name: Win, when: banker.wins }}]\n\
         \x20   pay_tables: [{{ id: t, pays: {{ win: 1 }} }}]\n"
    )
}

/// The shared game's text, indented under `game:` in a spec.
fn written_out() -> String {
    let text = std::fs::read_to_string(GAME).unwrap();
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("  {l}\n"))
        .collect();
    format!("game:\n{body}")
}

#[test]
fn an_included_game_is_the_game_written_out() {
    let dir = temp_dir("same");
    std::fs::copy(GAME, dir.join("games/punto_banco.yaml")).unwrap();
    let included = write(
        &dir,
        "included.yaml",
        &spec_with("game: { include: games/punto_banco.yaml }"),
    );
    let inline = write(&dir, "inline.yaml", &spec_with(&written_out()));
    let a = check_path(&included).expect("checks");
    let b = check_path(&inline).expect("checks");
    assert_eq!(format!("{:?}", a.spec.game), format!("{:?}", b.spec.game));
    assert_eq!(a.includes.len(), 1);
    assert!(
        a.includes[0].name.ends_with("games/punto_banco.yaml"),
        "{}",
        a.includes[0].name
    );
    assert!(b.includes.is_empty());
    // The shipped specs that take the shared game: the same chart as a spec
    // that writes the standard tableau out.
    let (_, written) = check_file("rules/punto_banco.yaml").unwrap();
    for spec in ["rules/golden_bacc.yaml", "rules/lucky_8.yaml"] {
        let c = check_path(spec).expect("checks");
        assert_eq!(c.includes.len(), 1, "{spec}");
        assert_eq!(c.includes[0].name, GAME);
        assert_eq!(
            format!("{:?}", c.spec.game),
            format!("{:?}", written.game),
            "{spec}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn errors_in_the_included_game_name_the_included_file() {
    let dir = temp_dir("located");
    let spec = write(
        &dir,
        "spec.yaml",
        &spec_with("game: { include: games/bad.yaml }"),
    );
    let good = std::fs::read_to_string(GAME).unwrap();
    // A chart row of nine cells: the checker's error, in the game file.
    let bad = good.replace(
        "\"6\": \"S S S S S S H H S S\"",
        "\"6\": \"S S S S S S H H S\"",
    );
    let game = write(&dir, "games/bad.yaml", &bad);
    let line = bad.lines().position(|l| l.contains("H H S\"")).unwrap() + 1;
    let ds = check_file(&spec).expect_err("refused");
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert_eq!(ds[0].file, game);
    assert_eq!((ds[0].line, ds[0].column), (line, 12), "{ds:?}");
    // A key the game does not know: the schema pass's error, in the game file.
    let bad = good.replace("naturals:", "naturalz:");
    write(&dir, "games/bad.yaml", &bad);
    let line = bad.lines().position(|l| l.starts_with("naturalz")).unwrap() + 1;
    let ds = check_file(&spec).expect_err("refused");
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert!(matches!(input(&ds[0]), InputError::UnknownField { field, .. } if field == "naturalz"));
    assert_eq!(
        (ds[0].file.as_str(), ds[0].line, ds[0].column),
        (game.as_str(), line, 1)
    );
    // A game file is a file of its own: an empty one is an empty game file.
    write(&dir, "games/bad.yaml", "# nothing\n");
    let ds = check_file(&spec).expect_err("refused");
    assert_eq!(
        input(&ds[0]),
        &InputError::Empty {
            file: certify::diag::input::FileKind::Game
        }
    );
    assert_eq!(ds[0].file, game);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_include_is_refused_at_the_include() {
    let dir = temp_dir("missing");
    let spec = write(
        &dir,
        "spec.yaml",
        &spec_with("game: { include: games/nowhere.yaml }"),
    );
    let ds = check_file(&spec).expect_err("refused");
    assert_eq!(ds.len(), 1);
    let file = dir
        .join("games/nowhere.yaml")
        .to_string_lossy()
        .into_owned();
    assert!(
        matches!(input(&ds[0]), InputError::IncludeMissing { file: f, .. } if *f == file),
        "{ds:?}"
    );
    // At the path, in the spec: line 6 (after the five lines of `spec_with`).
    assert_eq!(
        (ds[0].file.as_str(), ds[0].line, ds[0].column, ds[0].width),
        (spec.as_str(), 6, 18, 18)
    );
    assert!(
        ds[0]
            .message()
            .starts_with(&format!("cannot read the included file `{file}`: "))
    );
    // A folder or a device is not read (`/dev/zero` would never end).
    for path in ["games", "/dev/zero"] {
        let game = format!("game: {{ include: {path} }}");
        let spec = write(&dir, "spec.yaml", &spec_with(&game));
        let ds = check_file(&spec).expect_err("refused");
        assert!(
            matches!(input(&ds[0]), InputError::IncludeMissing { reason, .. } if reason.starts_with("not a regular file")),
            "{path}: {ds:?}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_include_cycle_is_refused_where_it_closes() {
    let dir = temp_dir("cycle");
    let spec = write(
        &dir,
        "spec.yaml",
        &spec_with("game: { include: games/a.yaml }"),
    );
    write(&dir, "games/a.yaml", "include: b.yaml\n");
    let b = write(&dir, "games/b.yaml", "# b\ninclude: a.yaml\n");
    let ds = check_file(&spec).expect_err("refused");
    assert_eq!(ds.len(), 1);
    let a = dir.join("games/a.yaml").to_string_lossy().into_owned();
    let InputError::IncludeCycle { file, chain } = input(&ds[0]) else {
        panic!("{ds:?}");
    };
    assert_eq!(file, &a);
    assert_eq!(chain, &format!("{spec} → {a} → {b} → {a}"));
    assert_eq!(
        (ds[0].file.as_str(), ds[0].line, ds[0].column),
        (b.as_str(), 2, 10)
    );
    // A spec that includes itself.
    let own = write(&dir, "own.yaml", &spec_with("game: { include: own.yaml }"));
    let ds = check_file(&own).expect_err("refused");
    assert!(
        matches!(input(&ds[0]), InputError::IncludeCycle { file, .. } if *file == own),
        "{ds:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_included_file_that_is_not_a_game_is_refused() {
    let dir = temp_dir("not-a-game");
    std::fs::copy("rules/lucky_8.yaml", dir.join("lucky_8.yaml")).unwrap();
    let spec = write(
        &dir,
        "spec.yaml",
        &spec_with("game: { include: lucky_8.yaml }"),
    );
    let ds = check_file(&spec).expect_err("refused");
    assert_eq!(ds.len(), 1);
    let file = dir.join("lucky_8.yaml").to_string_lossy().into_owned();
    assert_eq!(
        input(&ds[0]),
        &InputError::IncludeNotAGame { file: file.clone() }
    );
    assert_eq!(
        ds[0].message(),
        format!("the included file `{file}` is not a game")
    );
    assert_eq!((ds[0].file.as_str(), ds[0].line), (spec.as_str(), 6));
    // A list is not a game either; an include beside a game's keys is refused
    // as a key an include does not have.
    write(&dir, "games/list.yaml", "- hands\n");
    let spec = write(
        &dir,
        "spec.yaml",
        &spec_with("game: { include: games/list.yaml }"),
    );
    let ds = check_file(&spec).expect_err("refused");
    assert!(
        matches!(input(&ds[0]), InputError::IncludeNotAGame { .. }),
        "{ds:?}"
    );
    let spec = write(
        &dir,
        "spec.yaml",
        &spec_with("game: { include: games/list.yaml, naturals: [] }"),
    );
    let ds = check_file(&spec).expect_err("refused");
    assert!(
        matches!(input(&ds[0]), InputError::UnknownField { field, within } if field == "naturals" && within == "an include"),
        "{ds:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The manifest hashes the included game; `certify verify` passes while it
/// is unchanged and fails, naming it, once it changes.
#[test]
fn verify_notices_a_changed_included_game() {
    let dir = temp_dir("verify");
    std::fs::create_dir_all(dir.join("rules/games")).unwrap();
    std::fs::create_dir_all(dir.join("fixtures")).unwrap();
    // rules/punto_banco.yaml with its game taken from the shared file.
    let text = std::fs::read_to_string("rules/punto_banco.yaml").unwrap();
    let start = text.find("\ngame:\n").unwrap() + 1;
    let end = start + text[start..].find("\n\n").unwrap();
    let text = format!(
        "{}game: {{ include: games/punto_banco.yaml }}{}",
        &text[..start],
        &text[end..]
    );
    std::fs::write(dir.join("rules/punto_banco.yaml"), text).unwrap();
    std::fs::copy(GAME, dir.join("rules/games/punto_banco.yaml")).unwrap();
    for f in ["punto_banco.yaml", "punto_banco_tableau.yaml"] {
        std::fs::copy(format!("fixtures/{f}"), dir.join("fixtures").join(f)).unwrap();
    }
    // Run in the folder, with relative paths: `certify verify` reads what
    // the manifest names relative to the folder it runs in, and refuses
    // absolute paths (docs/limits.md).
    let certify = |args: &[&str]| support::certify_in(&dir, args);
    let out = dir.join("out");
    let o = certify(&["rules/punto_banco.yaml", "--out", "out"]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    let game = dir.join("rules/games/punto_banco.yaml");
    let game_name = "rules/games/punto_banco.yaml".to_string();
    let bytes = std::fs::read(&game).unwrap();
    let sha = certify::report::document::sha256_hex(&bytes);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("punto_banco.json")).unwrap())
            .unwrap();
    assert_eq!(
        json["manifest"]["include_sha256"][&game_name], sha,
        "{}",
        json["manifest"]
    );
    let md = std::fs::read_to_string(out.join("punto_banco.md")).unwrap();
    assert!(md.contains(&format!("\ninclude_sha256 {game_name}: {sha}\n")));
    for file in ["punto_banco.md", "punto_banco.json"] {
        let o = certify(&["verify", &format!("out/{file}")]);
        assert_eq!(o.code, exit::OK, "{file}: {}", o.stderr);
    }
    // The game file changes (a comment only: the figures stay the same).
    let mut text = String::from_utf8(bytes).unwrap();
    text.push_str("# edited\n");
    std::fs::write(&game, text).unwrap();
    // Named up front, before anything is recomputed, as fixture files are.
    for file in ["punto_banco.md", "punto_banco.json"] {
        let o = certify(&["verify", &format!("out/{file}")]);
        assert_eq!(o.code, exit::FAILED, "{file}: {}", o.stderr);
        assert!(
            o.stderr.contains(&format!(
                "the included file {game_name} differs from the one reported"
            )),
            "{file}: {}",
            o.stderr
        );
    }
    std::fs::remove_file(&game).unwrap();
    let o = certify(&["verify", "out/punto_banco.json"]);
    assert_eq!(o.code, exit::FAILED, "{}", o.stderr);
    assert!(
        o.stderr.contains(&format!(
            "the included file {game_name} that the report lists cannot be read"
        )),
        "{}",
        o.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}
