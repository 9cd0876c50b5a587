//! `certify new` and `certify diff`: a new side bet that checks and
//! computes as written, and changes described with their figures.

use certify::cli::run;
use std::path::{Path, PathBuf};

fn certify(args: &[&str]) -> certify::cli::Output {
    run(std::iter::once("certify")
        .chain(args.iter().copied())
        .map(String::from))
}

/// A fresh folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("certify-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_new_spec_checks_and_computes_as_written_and_is_never_overwritten() {
    let dir = scratch("new");
    let rules = dir.join("rules");
    let out = certify(&["new", "my_bet", "--dir", s(&dir)]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("next steps"), "{}", out.stdout);
    let spec = rules.join("my_bet.yaml");
    let fixtures = dir.join("fixtures").join("my_bet.yaml");
    assert!(
        out.stdout
            .contains(&format!("certify check {}", spec.display()))
    );
    // Everything written is inside --dir (issue 31, item 6), and the
    // command names each file.
    for f in [&spec, &fixtures] {
        assert!(f.is_file(), "{}", f.display());
        assert!(
            out.stdout.contains(&format!("created {}", f.display())),
            "{}",
            out.stdout
        );
    }
    let mut written = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                written.push(p);
            }
        }
    }
    written.sort();
    let mut expected = vec![fixtures.clone(), spec.clone()];
    expected.sort();
    // The schema line names the checkout's schema: no copy is written.
    assert_eq!(written, expected);
    let checked = certify(&["check", s(&spec)]);
    assert_eq!(checked.code, 0, "{}{}", checked.stdout, checked.stderr);
    // A win and a loss, both passing.
    assert!(checked.stdout.contains("2 cases"), "{}", checked.stdout);
    assert!(checked.stdout.contains("0 failed"), "{}", checked.stdout);
    let computed = certify(&[s(&spec), "--no-reports"]);
    assert_eq!(computed.code, 0, "{}", computed.stderr);
    // A pair in the first two cards from 8 decks: the second card matches
    // the first's rank with probability 31/415; paying 11 to 1 the edge is
    // 1 - 12 * 31/415 = 43/415 = 10.36144...%.
    assert!(computed.stdout.contains("10.3614%"), "{}", computed.stdout);
    assert!(computed.stdout.contains("7.4699%"), "{}", computed.stdout);

    // A second `new` refuses, whichever file exists, and writes nothing.
    let before = std::fs::read(&spec).unwrap();
    let again = certify(&["new", "my_bet", "--dir", s(&dir)]);
    assert_eq!(again.code, 2);
    assert!(
        again.stderr.contains("never overwrites"),
        "{}",
        again.stderr
    );
    assert_eq!(std::fs::read(&spec).unwrap(), before);
    std::fs::remove_file(&spec).unwrap();
    let only_fixtures = certify(&["new", "my_bet", "--dir", s(&dir)]);
    assert_eq!(only_fixtures.code, 2);
    assert!(
        only_fixtures
            .stderr
            .contains(&fixtures.display().to_string())
    );
    assert!(
        !spec.exists(),
        "the spec was written beside an old fixture file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_spec_needs_a_spec_id() {
    for bad in ["My_bet", "my-bet", "8ball", "../x"] {
        let out = certify(&["new", bad, "--dir", "/nonexistent"]);
        assert_eq!(out.code, 2, "{bad}");
        assert!(out.stderr.contains("is not a spec id"), "{}", out.stderr);
    }
}

#[test]
fn a_spec_diffed_with_itself_has_no_change() {
    let out = certify(&["diff", "rules/lucky_monkey.yaml", "rules/lucky_monkey.yaml"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("**Verdict:** no change."),
        "{}",
        out.stdout
    );
    // The figures are shown all the same, each the same on both sides.
    assert!(out.stdout.contains("| lucky_monkey | paytable_1 | 9.8776%"));
    assert!(!out.stdout.contains(" pp "), "{}", out.stdout);
}

/// A copy of `spec` with `from` replaced by `to`, in a folder of its own.
fn changed(name: &str, spec: &str, from: &str, to: &str) -> PathBuf {
    let text = std::fs::read_to_string(spec).unwrap();
    assert!(text.contains(from), "{from}");
    let path = scratch(name).join("spec.yaml");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    path
}

#[test]
fn one_pay_changed_is_named_with_both_edges() {
    let new = changed(
        "diff-pay",
        "rules/lucky_monkey.yaml",
        "banker_only_face: 8",
        "banker_only_face: 9",
    );
    let out = certify(&["diff", "rules/lucky_monkey.yaml", s(&new)]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("pay table `paytable_1`: pay of `banker_only_face`: 8 to 1 → 9 to 1"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("| 9.8776%  "), "{}", out.stdout);
    assert!(out.stdout.contains("| 7.1601%  "), "{}", out.stdout);
    // Paying one unit more on an event lowers the edge by exactly the
    // event's probability: its combinations in the committed report over
    // the shoe's sequences.
    let json = certify(&["diff", "rules/lucky_monkey.yaml", s(&new), "--json"]);
    assert_eq!(json.code, 1);
    let d: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(d["mathematics_changed"], true);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("reports/lucky_monkey.json").unwrap())
            .unwrap();
    let event = report["results"]["wagers"][0]["pay_tables"][0]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == "banker_only_face")
        .unwrap();
    let p = num_rational::BigRational::new(
        event["combinations"].as_str().unwrap().parse().unwrap(),
        report["results"]["total_combinations"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap(),
    );
    let row = &d["figures"][0];
    assert_eq!(
        (row["wager"].as_str(), row["pay_table"].as_str()),
        (Some("lucky_monkey"), Some("paytable_1"))
    );
    assert_eq!(
        row["house_edge_change"]["fraction"],
        format!("{}/{}", -p.numer(), p.denom())
    );
    assert_eq!(d["figures"][1]["figures_changed"], false);
    let _ = std::fs::remove_dir_all(new.parent().unwrap());
}

#[test]
fn a_wager_added_is_named() {
    let new = changed(
        "diff-wager",
        "rules/punto_banco.yaml",
        "wagers:\n",
        "wagers:\n  - id: player_pair\n    name: Player Pair\n    events:\n      - { id: pair, name: Pair, when: player.first.rank == player.second.rank }\n    pay_tables:\n      - { id: eleven, pays: { pair: 11 } }\n",
    );
    let out = certify(&["diff", "rules/punto_banco.yaml", s(&new)]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("wager `player_pair` (Player Pair) added, pay table `eleven`"),
        "{}",
        out.stdout
    );
    // Its row has no old figures; 43/415 as in the scaffold's test.
    let row = out
        .stdout
        .lines()
        .find(|l| l.starts_with("| player_pair "))
        .expect("a row for the new wager");
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert_eq!(
        &cells[1..6],
        ["player_pair", "eleven", "-", "10.3614%", "added"],
        "{row}"
    );
    let _ = std::fs::remove_dir_all(new.parent().unwrap());
}

#[test]
fn reports_diff_by_their_figures_and_a_spec_is_not_diffed_with_a_report() {
    let same = certify(&["diff", "reports/lucky_8.json", "reports/lucky_8.json"]);
    assert_eq!(same.code, 0, "{}", same.stderr);
    assert!(same.stdout.contains("no change"));
    let other = certify(&["diff", "reports/lucky_8.json", "reports/lucky_monkey.json"]);
    assert_eq!(other.code, 1, "{}", other.stderr);
    assert!(
        other
            .stdout
            .contains("wager `lucky_monkey` (Lucky Monkey) added")
    );
    let mixed = certify(&["diff", "rules/lucky_8.yaml", "reports/lucky_8.json"]);
    assert_eq!(mixed.code, 2);
    assert!(mixed.stderr.contains("not one of each"), "{}", mixed.stderr);
    let not_a_report = certify(&["diff", "Cargo.lock", "rules/lucky_8.yaml"]);
    assert_ne!(not_a_report.code, 0);
}

/// `certify new ID` with no `--dir` (issue 36, item 2): the draft goes to
/// `drafts/rules/` (git-ignored; the shipped specs' tests read `rules/` and
/// `fixtures/` only), its first line names the checkout's schema relative
/// to it, and the command says where each file went.
#[test]
fn a_draft_goes_to_drafts_with_the_schema_line() {
    let dir = scratch("drafts");
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::copy(
        "rules/certify-spec.schema.json",
        dir.join("rules/certify-spec.schema.json"),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(["new", "my_draft"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    for file in [
        "drafts/rules/my_draft.yaml",
        "drafts/fixtures/my_draft.yaml",
    ] {
        assert!(stdout.contains(&format!("created {file}")), "{stdout}");
        assert!(dir.join(file).is_file(), "{file}");
    }
    let spec = std::fs::read_to_string(dir.join("drafts/rules/my_draft.yaml")).unwrap();
    assert_eq!(
        spec.lines().next(),
        Some("# yaml-language-server: $schema=../../rules/certify-spec.schema.json")
    );
    assert!(!dir.join("rules/my_draft.yaml").exists());
    assert!(
        !dir.join("fixtures").exists(),
        "nothing among the shipped fixtures"
    );
    let ignored = std::fs::read_to_string(".gitignore").unwrap();
    assert!(
        ignored.lines().any(|l| l == "/drafts/"),
        "drafts/ is git-ignored"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `certify new ID --dir D` outside a checkout (issue 31, item 6): the
/// spec, its fixtures and the schema copy its first line names are all
/// inside D, nothing is written beside it, and the draft checks there.
#[test]
fn new_with_dir_writes_everything_inside_it() {
    let cwd = scratch("new-dir");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(["new", "side_bet", "--dir", "work/bet"])
        .current_dir(&cwd)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let mut files: Vec<String> = Vec::new();
    let mut stack = vec![cwd.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(&cwd).unwrap().to_string_lossy();
                files.push(rel.replace('\\', "/"));
            }
        }
    }
    files.sort();
    assert_eq!(
        files,
        [
            "work/bet/fixtures/side_bet.yaml",
            "work/bet/rules/certify-spec.schema.json",
            "work/bet/rules/side_bet.yaml",
        ]
    );
    for f in &files {
        assert!(stdout.contains(&format!("created {f}")), "{stdout}");
    }
    assert!(
        stdout.contains("everything written is inside work/bet/"),
        "{stdout}"
    );
    assert!(stdout.contains("--out work/bet/reports"), "{stdout}");
    let checked = std::process::Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(["check", "work/bet/rules/side_bet.yaml"])
        .current_dir(&cwd)
        .output()
        .unwrap();
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    let _ = std::fs::remove_dir_all(&cwd);
}
