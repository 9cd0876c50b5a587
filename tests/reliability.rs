//! Reliability III (issue 49): what a hostile probe of the newer commands
//! found accepted silently, half-written report sets, reads outside the
//! report, and Rust debug text reaching users. Each case exits non-zero
//! with a located message (or leaves the earlier set as it was).

mod support;

use std::path::{Path, PathBuf};
use support::certify;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-rel3-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Rust's `Debug` text in something a user reads: `Some(`, `None`, a
/// struct dump (`Name { field: `) or an enum variant's name written in
/// CamelCase (`TooLongString`, `HighestPay`).
fn debug_text(text: &str) -> Option<String> {
    for marker in ["Some(", "None)", "Ok(", "Err(", "([(", ": [\""] {
        if text.contains(marker) {
            return Some(marker.to_string());
        }
    }
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        let b = word.as_bytes();
        let camel = b.len() > 3
            && b[0].is_ascii_uppercase()
            && b[1..].iter().any(u8::is_ascii_lowercase)
            && b[1..].iter().any(u8::is_ascii_uppercase)
            && !b.iter().any(u8::is_ascii_digit);
        if camel {
            return Some(word.to_string());
        }
    }
    None
}

/// A refusal: exit 2, the message naming `words`, no debug text.
fn refused(args: &[&str], words: &[&str]) -> String {
    let out = certify(args);
    assert_eq!(
        out.code,
        2,
        "{:?}\n{}\n{}",
        args.first(),
        out.stdout,
        out.stderr
    );
    for w in words {
        assert!(out.stderr.contains(w), "no {w:?} in\n{}", out.stderr);
    }
    assert_eq!(debug_text(&out.stderr), None, "{}", out.stderr);
    out.stderr
}

#[test]
fn bets_of_the_command_line_are_checked_against_the_spec() {
    let spec = "rules/lucky_draw_baccarat.yaml";
    refused(
        &[
            spec,
            "--min-bet",
            "enter=100",
            "--max-bet",
            "enter=10",
            "--no-reports",
        ],
        &["--min-bet", "minimum bet", "maximum bet", "enter"],
    );
    refused(
        &[
            "rules/punto_banco.yaml",
            "--min-bet",
            "nosuch=5",
            "--no-reports",
        ],
        &["--min-bet", "no wager `nosuch`", "`banker`"],
    );
    refused(
        &["rules/punto_banco.yaml", "--min-bet", "=5", "--no-reports"],
        &["--min-bet", "a wager's id"],
    );
    refused(
        &[
            "rules/punto_banco.yaml",
            "--max-bet",
            "tie=5",
            "--max-bet",
            "tie=6",
            "--no-reports",
        ],
        &["--max-bet", "given twice"],
    );
    let long = format!("{}=5", "w".repeat(5_000));
    let text = refused(
        &["rules/punto_banco.yaml", "--min-bet", &long, "--no-reports"],
        &["(5,000 characters)"],
    );
    assert!(text.len() < 1_000, "{}", text.len());
}

#[test]
fn the_approved_version_is_a_spec_of_the_same_game() {
    refused(
        &[
            "rules/punto_banco.yaml",
            "--previous",
            "rules/lucky_8.yaml",
            "--no-reports",
        ],
        &[
            "--previous rules/lucky_8.yaml",
            "another game",
            "`punto_banco`",
        ],
    );
    refused(
        &[
            "rules/lucky_8.yaml",
            "--previous",
            "reports/lucky_8.json",
            "--no-reports",
        ],
        &["--previous", "a JSON report"],
    );
    refused(
        &[
            "rules/lucky_8.yaml",
            "--previous",
            "no/such.yaml",
            "--no-reports",
        ],
        &["--previous no/such.yaml"],
    );
}

/// `punto_banco.yaml` with `from` replaced by `to`, checked.
fn check_edited(name: &str, from: &str, to: &str) -> certify::cli::Output {
    let dir = temp_dir(name);
    let text = std::fs::read_to_string("rules/punto_banco.yaml").unwrap();
    assert!(text.contains(from), "{from}");
    let path = dir.join("punto_banco.yaml");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let fixtures = std::fs::canonicalize("fixtures").unwrap();
    certify(&[
        "check",
        path.to_str().unwrap(),
        "--fixtures",
        fixtures.to_str().unwrap(),
    ])
}

#[test]
fn spec_values_that_contradict_themselves_are_refused_where_written() {
    for (case, to, words) in [
        (
            "naturals_twice",
            "naturals: [8, 8, 9]",
            &["listed twice", "punto_banco.yaml:37:"][..],
        ),
        (
            "naturals_all",
            "naturals: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]",
            &["not the highest totals", "punto_banco.yaml:37:"][..],
        ),
        (
            "naturals_gap",
            "naturals: [5, 9]",
            &["not the highest totals"][..],
        ),
    ] {
        let out = check_edited(case, "naturals: [8, 9]", to);
        assert_eq!(out.code, 1, "{case}\n{}{}", out.stdout, out.stderr);
        for w in words {
            assert!(out.stderr.contains(w), "{case}: {w}\n{}", out.stderr);
        }
        assert_eq!(debug_text(&out.stderr), None, "{}", out.stderr);
    }
    let text = std::fs::read_to_string("rules/punto_banco.yaml").unwrap();
    let last = text.lines().last().unwrap().to_string();
    for (case, add, words) in [
        (
            "bets_inverted",
            "submission:\n  min_bets: { tie: 100 }\n  max_bets: { tie: 10 }\n",
            &["minimum bet $100 is above its maximum bet $10"][..],
        ),
        (
            "payout_superseded",
            "submission:\n  payout_limits: { per_player: 100000, table: 50000 }\n",
            &["`per_player` is a limit of WAC 230-15-490 as it read before 2021-06-14"][..],
        ),
        (
            "long_title",
            "leaflets:\n  - { id: one, title: LONG, wagers: [tie] }\n",
            &["text too long: 200,000 characters"][..],
        ),
    ] {
        let add = add.replace("LONG", &"t".repeat(200_000));
        let out = check_edited(case, &last, &format!("{last}\n{add}"));
        assert_eq!(out.code, 1, "{case}\n{}{}", out.stdout, out.stderr);
        for w in words {
            assert!(out.stderr.contains(w), "{case}: {w}\n{}", out.stderr);
        }
        assert!(out.stderr.contains("punto_banco.yaml:"), "{}", out.stderr);
        assert!(out.stderr.len() < 4_000, "{case}: {}", out.stderr.len());
        assert_eq!(debug_text(&out.stderr), None, "{}", out.stderr);
    }
    let id = "a".repeat(301);
    let out = check_edited("long_id", "id: punto_banco", &format!("id: {id}"));
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("at most 64 characters"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_readings_changes_are_what_the_alternative_game_computes() {
    let dir = temp_dir("changes");
    let text = std::fs::read_to_string("rules/lucky_draw_baccarat.yaml").unwrap();
    let right = "changes: [enter, draw, main_game]";
    assert!(text.contains(right));
    let path = dir.join("lucky_draw_baccarat.yaml");
    // `main_game` left out: its figures change under the alternative.
    std::fs::write(&path, text.replace(right, "changes: [enter, draw]")).unwrap();
    let fixtures = std::fs::canonicalize("fixtures").unwrap();
    let out = certify(&[
        path.to_str().unwrap(),
        "--fixtures",
        fixtures.to_str().unwrap(),
        "--no-reports",
    ]);
    // A spec's error: exit 1, as every error located in a spec file.
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("differ but are not listed") && out.stderr.contains("`main_game`"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("lucky_draw_baccarat.yaml:"),
        "{}",
        out.stderr
    );
    assert_eq!(debug_text(&out.stderr), None, "{}", out.stderr);
}

#[test]
fn shoe_and_protect_refuse_what_they_accepted() {
    refused(
        &["shoe", "rules/punto_banco.yaml", "--composition", "A:1000"],
        &["--composition"],
    );
    refused(
        &["shoe", "rules/punto_banco.yaml", "--remove", ""],
        &["--remove"],
    );
    refused(
        &["shoe", "rules/punto_banco.yaml", "--remove", "X"],
        &["--remove", "rank"],
    );
    refused(
        &[
            "protect",
            "rules/punto_banco.yaml",
            "--wagers",
            "player,banker,player",
        ],
        &["--wagers", "`player`"],
    );
    refused(
        &[
            "protect",
            "rules/punto_banco.yaml",
            "--scenario",
            "ranks:1@player,player",
        ],
        &["--scenario", "`player`"],
    );
    refused(
        &[
            "protect",
            "rules/punto_banco.yaml",
            "--scenario",
            "ranks:256",
        ],
        &["--scenario", "256"],
    );
    // 15,000 names: counted before the list is split (this took 6.7 GB).
    let many = format!("ranks:1@{}", vec!["player"; 15_000].join(","));
    let text = refused(
        &["protect", "rules/punto_banco.yaml", "--scenario", &many],
        &["--scenario"],
    );
    assert!(text.len() < 2_000, "{}", text.len());
}

/// A fresh report set of punto banco (without the simulation, which
/// nothing here is about) in a folder of its own: a copy of one set
/// written once, which no test touches.
fn report_set(name: &str) -> PathBuf {
    static WRITTEN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let source = WRITTEN.get_or_init(|| {
        let dir = temp_dir("written");
        let out = certify(&[
            "rules/punto_banco.yaml",
            "--no-simulate",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        dir
    });
    let dir = temp_dir(name);
    for e in ["md", "json", "pdf"] {
        let file = format!("punto_banco.{e}");
        std::fs::copy(source.join(&file), dir.join(&file)).unwrap();
    }
    assert_eq!(std::fs::read_dir(source).unwrap().count(), 3);
    dir
}

fn lock_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lock") || n.contains(".tmp-") || n.contains(".old-"))
        .collect()
}

#[test]
fn a_report_set_is_whole_or_untouched_and_verify_says_which() {
    let dir = report_set("set");
    let json = dir.join("punto_banco.json");
    let ok = certify(&["verify", json.to_str().unwrap()]);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    assert_eq!(lock_files(&dir), Vec::<String>::new());

    // The PDF's place taken by a folder: the write is refused whole, the
    // earlier Markdown and JSON stay as they were.
    let before: Vec<Vec<u8>> = ["md", "json"]
        .iter()
        .map(|e| std::fs::read(dir.join(format!("punto_banco.{e}"))).unwrap())
        .collect();
    std::fs::remove_file(dir.join("punto_banco.pdf")).unwrap();
    std::fs::create_dir(dir.join("punto_banco.pdf")).unwrap();
    let out = certify(&[
        "rules/punto_banco.yaml",
        "--no-simulate",
        "--verify",
        "300",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_ne!(out.code, 0, "{}", out.stdout);
    assert!(out.stderr.contains("punto_banco.pdf"), "{}", out.stderr);
    for (e, was) in ["md", "json"].iter().zip(&before) {
        let now = std::fs::read(dir.join(format!("punto_banco.{e}"))).unwrap();
        assert!(now == *was, "punto_banco.{e} changed");
    }
    assert_eq!(lock_files(&dir), Vec::<String>::new());

    // A member missing: not whole.
    std::fs::remove_dir(dir.join("punto_banco.pdf")).unwrap();
    let out = certify(&["verify", json.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("is missing"), "{}", out.stderr);

    // A member edited after the write: said so, not "another run".
    let dir = report_set("edited");
    let md = dir.join("punto_banco.md");
    let text = std::fs::read_to_string(&md).unwrap();
    std::fs::write(&md, text.replacen("Punto", "Ponto", 1)).unwrap();
    let out = certify(&["verify", dir.join("punto_banco.json").to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("was edited"), "{}", out.stderr);

    // A leftover of an interrupted write beside the set.
    let dir = report_set("leftover");
    std::fs::write(dir.join(".punto_banco.pdf.tmp-1-0"), b"half").unwrap();
    let out = certify(&["verify", dir.join("punto_banco.json").to_str().unwrap()]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("interrupted"), "{}", out.stderr);
}

#[test]
fn verify_reads_nothing_outside_the_report_and_leaves_no_lock() {
    let dir = report_set("confined");
    let json = dir.join("punto_banco.json");
    let text = std::fs::read_to_string(&json).unwrap();
    let key = "\"spec_file\": \"rules/punto_banco.yaml\"";
    assert!(text.contains(key), "{text}");
    for (case, to, words) in [
        (
            "shadow",
            "\"spec_file\": \"/etc/shadow\"",
            "an absolute path",
        ),
        (
            "environ",
            "\"spec_file\": \"/proc/self/environ\"",
            "an absolute path",
        ),
        ("climbs", "\"spec_file\": \"../../etc/passwd\"", "`..`"),
        (
            "previous",
            "\"spec_file\": \"rules/punto_banco.yaml\", \"previous\": \"../../etc/passwd\"",
            "`..`",
        ),
        ("folder", "\"spec_file\": \"rules\"", "not a regular file"),
    ] {
        let edited = dir.join(format!("{case}.json"));
        std::fs::write(&edited, text.replace(key, to)).unwrap();
        let out = certify(&["verify", edited.to_str().unwrap()]);
        assert_ne!(out.code, 0, "{case}");
        assert!(out.stderr.contains(words), "{case}: {}", out.stderr);
        assert!(!out.stderr.contains("root:"), "{case}: {}", out.stderr);
        assert!(!out.stderr.contains("sha256 of"), "{case}: {}", out.stderr);
        assert_eq!(debug_text(&out.stderr), None, "{}", out.stderr);
    }
    // A rejected input leaves no lock, nor does any run above.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "x").unwrap();
    assert_eq!(certify(&["verify", notes.to_str().unwrap()]).code, 2);
    let missing = dir.join("nothing.json");
    assert_ne!(certify(&["verify", missing.to_str().unwrap()]).code, 0);
    assert_eq!(lock_files(&dir), Vec::<String>::new());
}

#[test]
fn a_huge_differing_line_is_shown_cut() {
    let dir = report_set("huge");
    let md = dir.join("punto_banco.md");
    let text = std::fs::read_to_string(&md).unwrap();
    let line = "x".repeat(4 << 20);
    std::fs::write(&md, text.replacen("Punto", &line, 1)).unwrap();
    let out = certify(&["verify", md.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.len() < 4_000, "{}", out.stderr.len());
    assert!(out.stderr.contains("characters)"), "{}", out.stderr);
}

/// The diff of shipped specs and reports, in words: no debug text.
#[test]
fn diffs_speak_words_not_debug_text() {
    for (a, b) in [
        ("rules/lucky_draw_baccarat.yaml", "rules/punto_banco.yaml"),
        ("rules/punto_banco.yaml", "rules/lucky_draw_baccarat.yaml"),
        ("rules/lucky_8.yaml", "rules/21st_century_baccarat.yaml"),
        ("rules/golden_bacc.yaml", "rules/lucky_monkey.yaml"),
        ("reports/lucky_8.json", "reports/lucky_monkey.json"),
    ] {
        let out = certify(&["diff", a, b]);
        assert_eq!(out.code, 1, "{a} {b}: {}", out.stderr);
        assert_eq!(debug_text(&out.stdout), None, "{a} {b}");
        assert_eq!(debug_text(&out.stderr), None, "{a} {b}");
    }
}

#[test]
fn the_debug_scan_finds_debug_text() {
    for t in [
        "says: Some(\"x\")",
        "ItemReading { item: \"3\" }",
        "Validation([(TooLongString, 1)])",
        "precedence HighestPay",
    ] {
        assert!(debug_text(t).is_some(), "{t}");
    }
    assert_eq!(debug_text("the PDF/A-2b file, 8 to 1 (Punto Banco)"), None);
}
