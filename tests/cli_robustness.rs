//! The command line under misuse: usage errors exit 2, denied warnings exit
//! 3, every option that changes a report is recorded and reproduced by
//! `certify verify`, and a report set is written all or nothing.

use certify::cli::{exit, run};
use std::path::{Path, PathBuf};

fn certify(args: &[&str]) -> certify::cli::Output {
    run(std::iter::once("certify")
        .chain(args.iter().copied())
        .map(String::from))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The rendered error, with the per-process temp folder made stable.
fn stable(text: &str, dir: &Path) -> String {
    text.replace(&dir.display().to_string(), "TMP")
}

#[test]
fn usage_errors_exit_2_with_the_tools_words() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "decks_out_of_range",
            &["rules/punto_banco.yaml", "--decks", "9"],
        ),
        (
            "decision_maybe",
            &[
                "settle",
                "rules/lucky_draw_baccarat.yaml",
                "--player",
                "2s,3s",
                "--dealer",
                "Ks,4h",
                "--decision",
                "maybe",
            ],
        ),
        (
            "settle_decks_out_of_range",
            &[
                "settle",
                "rules/punto_banco.yaml",
                "--player",
                "2s,3s",
                "--banker",
                "Ks,4h",
                "--decks",
                "0",
            ],
        ),
        (
            "no_such_hand",
            &[
                "settle",
                "rules/punto_banco.yaml",
                "--dealer",
                "2s,3s",
                "--banker",
                "Ks,4h",
            ],
        ),
        ("no_spec", &[]),
    ];
    for (name, args) in cases {
        let o = certify(args);
        assert_eq!(o.code, exit::USAGE, "{name}: {}", o.stderr);
        assert!(o.stdout.is_empty(), "{name}");
        insta::assert_snapshot!(format!("usage_{name}"), o.stderr);
    }
}

#[test]
fn out_naming_a_file_or_an_unwritable_folder_is_refused_before_computing() {
    let dir = temp_dir("out");
    let file = dir.join("a-file.md");
    std::fs::write(&file, "earlier").unwrap();
    let start = std::time::Instant::now();
    let o = certify(&["rules/golden_bacc.yaml", "--out", file.to_str().unwrap()]);
    assert_eq!(o.code, exit::USAGE, "{}", o.stderr);
    insta::assert_snapshot!("out_is_a_file", stable(&o.stderr, &dir));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "earlier");
    // Refused before the engine ran: Golden Bacc takes seconds to compute.
    assert!(start.elapsed().as_millis() < 1500, "{:?}", start.elapsed());

    // /proc takes no new folders, even for root.
    let o = certify(&["rules/punto_banco.yaml", "--out", "/proc/certify-reports"]);
    assert_eq!(o.code, exit::USAGE, "{}", o.stderr);
    assert!(
        o.stderr
            .starts_with("error: --out /proc/certify-reports: cannot write reports there"),
        "{}",
        o.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn deny_warnings_exits_3_only_when_there_are_warnings() {
    // Golden Bacc has player advantages at some pay tables (warnings).
    let o = certify(&["rules/golden_bacc.yaml", "--no-reports", "--deny-warnings"]);
    assert_eq!(o.code, exit::WARNINGS, "{}", o.stderr);
    assert!(o.stdout.contains("WARNINGS"), "the summary still prints");
    assert!(o.stderr.contains("--deny-warnings"), "{}", o.stderr);
    // Punto Banco has none: the flag changes nothing.
    let o = certify(&["rules/punto_banco.yaml", "--no-reports", "--deny-warnings"]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
}

#[test]
fn the_verify_line_groups_digits_and_counts_the_samples() {
    let o = certify(&["rules/punto_banco.yaml", "--no-reports", "--verify", "7"]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    let line = o.stdout.lines().find(|l| l.starts_with("verify:")).unwrap();
    assert!(line.contains(" 7 sampled rounds"), "{line}");
    // Three small shoes of 12 cards: 3 x 12!/6! ordered six-card sequences.
    assert!(line.contains("1,995,840 sequences"), "{line}");
    // `--verify` alone samples 1,000 rounds, as its help says.
    let o = certify(&["rules/punto_banco.yaml", "--no-reports", "--verify"]);
    assert!(o.stdout.contains(" 1,000 sampled rounds"), "{}", o.stdout);
    let help = certify(&["--help"]).stdout;
    assert!(help.contains("200 without the flag, 1000 with `--verify` alone"));
}

#[test]
fn verify_reproduces_reports_made_with_verify_and_fixtures_options() {
    let dir = temp_dir("options");
    let fixtures = dir.join("my-fixtures");
    std::fs::create_dir_all(&fixtures).unwrap();
    std::fs::copy(
        "fixtures/punto_banco.yaml",
        fixtures.join("punto_banco.yaml"),
    )
    .unwrap();
    let out = dir.join("out");
    let o = certify(&[
        "rules/punto_banco.yaml",
        "--no-simulate",
        "--verify",
        "7",
        "--fixtures",
        fixtures.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    let md = out.join("punto_banco.md");
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(text.contains("verify_samples: 7"));
    assert!(text.contains("--verify 7"));
    for file in ["punto_banco.md", "punto_banco.json"] {
        let o = certify(&["verify", out.join(file).to_str().unwrap()]);
        assert_eq!(o.code, exit::OK, "{file}: {}", o.stderr);
    }
    // The fixtures moved: verify reads them where it is told.
    let moved = dir.join("moved");
    std::fs::rename(&fixtures, &moved).unwrap();
    let o = certify(&[
        "verify",
        md.to_str().unwrap(),
        "--fixtures",
        moved.to_str().unwrap(),
    ]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    // A fixture file changed since the report: verify names it.
    let mut f = std::fs::read_to_string(moved.join("punto_banco.yaml")).unwrap();
    f.push_str("\n# edited\n");
    std::fs::write(moved.join("punto_banco.yaml"), f).unwrap();
    let o = certify(&[
        "verify",
        md.to_str().unwrap(),
        "--fixtures",
        moved.to_str().unwrap(),
    ]);
    assert_eq!(o.code, exit::FAILED);
    assert!(
        o.stderr
            .contains("the fixture file punto_banco.yaml differs from the one reported"),
        "{}",
        o.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn verify_notices_a_mixed_report_set() {
    let dir = temp_dir("mixed");
    let (a, b) = (dir.join("a"), dir.join("b"));
    for (out, samples) in [(&a, "3"), (&b, "4")] {
        let o = certify(&[
            "rules/punto_banco.yaml",
            "--no-simulate",
            "--verify",
            samples,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.code, exit::OK, "{}", o.stderr);
    }
    // The Markdown of one run beside the JSON and PDF of the other.
    std::fs::copy(b.join("punto_banco.md"), a.join("punto_banco.md")).unwrap();
    let o = certify(&["verify", a.join("punto_banco.md").to_str().unwrap()]);
    assert_eq!(o.code, exit::FAILED);
    insta::assert_snapshot!("mixed_set", stable(&o.stderr, &dir));
    std::fs::remove_dir_all(&dir).ok();
}

/// Two writers race to write different report sets under one name; after
/// every race the set on disk is wholly one writer's: the JSON's recorded
/// hashes of its Markdown and PDF siblings match the files beside it.
#[test]
fn concurrent_writers_never_leave_a_mixed_set() {
    use certify::pipeline::{Options, certify as pipeline};
    use certify::report::document::{sha256_hex, write};
    let reports: Vec<_> = [3usize, 4]
        .iter()
        .map(|&samples| {
            let options = Options {
                samples,
                ..Options::default()
            };
            let run = pipeline("rules/punto_banco.yaml", &options, &|_, work| work())
                .unwrap_or_else(|_| panic!("punto banco certifies"));
            run.render().expect("renders")
        })
        .collect();
    assert_ne!(reports[0].json, reports[1].json);
    let dir = temp_dir("race");
    for _ in 0..30 {
        std::thread::scope(|s| {
            for r in &reports {
                let dir = &dir;
                s.spawn(move || write(r, dir, "race").expect("written"));
            }
        });
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("race.json")).unwrap()).unwrap();
        let md = std::fs::read(dir.join("race.md")).unwrap();
        let pdf = std::fs::read(dir.join("race.pdf")).unwrap();
        assert_eq!(json["report_set"]["markdown_sha256"], sha256_hex(&md));
        assert_eq!(json["report_set"]["pdf_sha256"], sha256_hex(&pdf));
    }
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with(".race.lock"))
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `certify rules/*.yaml`: every spec runs, one line each, and the exit code
/// is the most serious of theirs; a refused spec does not stop the others.
#[test]
fn several_specs_run_one_after_another() {
    let o = certify(&[
        "rules/lucky_monkey.yaml",
        "rules/punto_banco.yaml",
        "--no-reports",
        "--verify",
        "5",
    ]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    assert!(
        o.stdout.contains("== rules/lucky_monkey.yaml"),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("== rules/punto_banco.yaml"));
    let row = |l: &&str, result: &str| l.starts_with("| rules/") && l.contains(result);
    let computed = o.stdout.lines().filter(|l| row(l, "| computed ")).count();
    assert_eq!(computed, 2, "{}", o.stdout);

    let o = certify(&[
        "fixtures/errors/err_unknown_name.yaml",
        "rules/lucky_monkey.yaml",
        "--no-reports",
        "--verify",
        "5",
    ]);
    assert_eq!(o.code, exit::FAILED);
    assert!(o.stderr.contains("err_unknown_name.yaml"), "{}", o.stderr);
    let lines: Vec<&str> = o.stdout.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("| fixtures/errors/") && l.contains("| FAILED ")),
        "{}",
        o.stdout
    );
    assert!(lines.iter().any(|l| row(l, "| computed ")), "{}", o.stdout);

    // --json: one array, a document per spec that computed.
    let o = certify(&[
        "rules/lucky_monkey.yaml",
        "rules/punto_banco.yaml",
        "--no-reports",
        "--json",
        "--verify",
        "5",
    ]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("one JSON array");
    assert_eq!(v.as_array().map(Vec::len), Some(2));
}
