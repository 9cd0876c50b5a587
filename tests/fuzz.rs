//! Fuzz-style robustness: arbitrary bytes, and random mutations of every
//! shipped spec, fixture file and table round file (deletions, duplications,
//! swaps of lines and characters, odd numbers, deep nesting), must give
//! either success or located errors: never a panic, never an abort.
//!
//! A short run by default (CI). A long run:
//! `CERTIFY_FUZZ_CASES=20000 cargo test --release --test fuzz -- --nocapture`
//! (cases per test; each test prints how many inputs it tried).

use certify::check::check_source;
use certify::spec::SourceFile;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::path::PathBuf;

fn cases(default: u32) -> u32 {
    std::env::var("CERTIFY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn yaml_files(dir: &str) -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    out.sort();
    out
}

/// One edit of a text, chosen by proptest.
#[derive(Clone, Debug)]
enum Edit {
    DeleteChars {
        at: usize,
        len: usize,
    },
    DuplicateLine {
        at: usize,
    },
    SwapLines {
        a: usize,
        b: usize,
    },
    SwapChars {
        a: usize,
        b: usize,
    },
    Insert {
        at: usize,
        text: String,
    },
    /// Replace the number nearest `at` by an odd spelling of a number.
    OddNumber {
        at: usize,
        token: &'static str,
    },
    /// Wrap the value of the line nearest `at` in deep nesting.
    Nest {
        at: usize,
        depth: usize,
        not: bool,
    },
    Truncate {
        at: usize,
    },
}

const ODD_NUMBERS: &[&str] = &[
    "0x10",
    "0o7",
    "0b1",
    "1_000",
    "+3",
    "-1",
    "-0",
    ".inf",
    "-.inf",
    ".nan",
    "1e400",
    "8.5",
    "\"eight\"",
    "~",
    "true",
    "[11]",
    "{}",
    "99999999999999999999999",
    "0",
    "1/0",
];

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..200).prop_map(|(at, len)| Edit::DeleteChars { at, len }),
        any::<usize>().prop_map(|at| Edit::DuplicateLine { at }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines { a, b }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapChars { a, b }),
        (any::<usize>(), "(\\PC|[\\n:{}\\[\\]&*!|>'\"#-]){0,12}")
            .prop_map(|(at, text)| Edit::Insert { at, text }),
        (any::<usize>(), proptest::sample::select(ODD_NUMBERS))
            .prop_map(|(at, token)| Edit::OddNumber { at, token }),
        (any::<usize>(), 1usize..5000, any::<bool>()).prop_map(|(at, depth, not)| Edit::Nest {
            at,
            depth,
            not
        }),
        any::<usize>().prop_map(|at| Edit::Truncate { at }),
    ]
}

fn apply(text: &str, e: &Edit) -> String {
    let chars: Vec<char> = text.chars().collect();
    let lines: Vec<&str> = text.lines().collect();
    let n = chars.len().max(1);
    let nl = lines.len().max(1);
    let join = |ls: Vec<String>| ls.join("\n") + "\n";
    match e {
        Edit::DeleteChars { at, len } => {
            let at = at % n;
            let end = (at + len).min(chars.len());
            chars[..at.min(chars.len())]
                .iter()
                .chain(&chars[end..])
                .collect()
        }
        Edit::DuplicateLine { at } => {
            let mut ls: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            if !ls.is_empty() {
                let k = at % nl;
                ls.insert(k, ls[k].clone());
            }
            join(ls)
        }
        Edit::SwapLines { a, b } => {
            let mut ls: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            if !ls.is_empty() {
                ls.swap(a % nl, b % nl);
            }
            join(ls)
        }
        Edit::SwapChars { a, b } => {
            let mut cs = chars.clone();
            if !cs.is_empty() {
                cs.swap(a % n, b % n);
            }
            cs.into_iter().collect()
        }
        Edit::Insert { at, text } => {
            let at = at % (chars.len() + 1);
            chars[..at]
                .iter()
                .copied()
                .chain(text.chars())
                .chain(chars[at..].iter().copied())
                .collect()
        }
        Edit::OddNumber { at, token } => {
            let start = at % n;
            let found = (start..chars.len())
                .chain(0..start)
                .find(|&i| chars[i].is_ascii_digit());
            match found {
                Some(i) => {
                    let mut end = i;
                    while end < chars.len() && (chars[end].is_ascii_digit() || chars[end] == '.') {
                        end += 1;
                    }
                    chars[..i]
                        .iter()
                        .copied()
                        .chain(token.chars())
                        .chain(chars[end..].iter().copied())
                        .collect()
                }
                None => text.to_string(),
            }
        }
        Edit::Nest { at, depth, not } => {
            let mut ls: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            if ls.is_empty() {
                return text.to_string();
            }
            let k = at % nl;
            if let Some((key, value)) = ls[k].split_once(": ") {
                let value = value.trim().trim_matches('"');
                let nested = if *not {
                    format!("{}{value}", "not ".repeat(*depth))
                } else {
                    format!("{}{value}{}", "(".repeat(*depth), ")".repeat(*depth))
                };
                ls[k] = format!("{key}: \"{nested}\"");
            }
            join(ls)
        }
        Edit::Truncate { at } => chars[..(at % n).min(chars.len())].iter().collect(),
    }
}

fn mutated(texts: Vec<(PathBuf, String)>) -> impl Strategy<Value = (PathBuf, String)> {
    (
        proptest::sample::select(texts),
        proptest::collection::vec(edit(), 1..4),
    )
        .prop_map(|((path, text), edits)| {
            let text = edits.iter().fold(text, |t, e| apply(&t, e));
            (path, text)
        })
}

/// A refusal is located: a file, and a line within the text (or the whole
/// file, line 0, for errors about the file as a whole).
fn assert_located(ds: &[certify::diag::Diagnostic], text: &str) -> Result<(), TestCaseError> {
    prop_assert!(!ds.is_empty());
    for d in ds {
        prop_assert!(!d.file.is_empty(), "{d:?}");
        prop_assert!(d.line <= text.lines().count() + 1, "{d:?}");
        prop_assert!(!d.message().is_empty(), "{d:?}");
    }
    Ok(())
}

/// A CLI refusal: exit 1 with rendered errors, or exit 0.
fn assert_cli(o: &certify::cli::Output) -> Result<(), TestCaseError> {
    prop_assert!(o.code == 0 || o.code == 1, "exit {}: {}", o.code, o.stderr);
    if o.code == 1 {
        prop_assert!(!o.stderr.is_empty());
    }
    Ok(())
}

fn runner(default: u32) -> TestRunner {
    TestRunner::new(Config {
        cases: cases(default),
        failure_persistence: None,
        ..Config::default()
    })
}

fn report(what: &str, n: u32) {
    eprintln!("fuzz: {what}: {n} inputs, no panic");
}

#[test]
fn mutated_specs_check_or_give_located_errors() {
    let mut specs = yaml_files("rules");
    specs.extend(yaml_files("tests/specs"));
    specs.extend(yaml_files("fixtures/errors"));
    let n = cases(150);
    runner(150)
        .run(&mutated(specs), |(path, text)| {
            let name = path.display().to_string();
            match check_source(&SourceFile::new(name, text.clone())) {
                Ok(spec) => {
                    // A spec that checks must also settle a round without panicking.
                    let deal = certify::eval::Deal {
                        hands: [
                            certify::cards::parse_cards("4s,Kd,4h").unwrap(),
                            certify::cards::parse_cards("2c,Ks,4d").unwrap(),
                        ],
                        ..Default::default()
                    };
                    // As every caller does: the strategy stage first.
                    let spec = certify::strategy::for_decks(&spec, spec.shoe.decks);
                    if let Ok(p) = certify::eval::play(&spec, &deal, spec.shoe.decks) {
                        let _ = certify::eval::settle(&spec, &p.round);
                    }
                }
                Err(ds) => assert_located(&ds, &text)?,
            }
            Ok(())
        })
        .unwrap();
    report("specs", n);
}

#[test]
fn arbitrary_bytes_check_or_give_located_errors() {
    let n = cases(300);
    runner(300)
        .run(&proptest::collection::vec(any::<u8>(), 0..400), |bytes| {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if let Err(ds) = check_source(&SourceFile::new("bytes.yaml", text.clone())) {
                assert_located(&ds, &text)?;
            }
            Ok(())
        })
        .unwrap();
    report("arbitrary bytes", n);
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str]) -> certify::cli::Output {
    certify::cli::run(
        std::iter::once("certify")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

#[test]
fn mutated_fixture_files_run_or_give_located_errors() {
    // Mutations of the punto banco fixtures, run against the shipped spec.
    let fixtures: Vec<_> = yaml_files("fixtures")
        .into_iter()
        .filter(|(p, _)| p.file_name().is_some_and(|n| n == "punto_banco.yaml"))
        .collect();
    let dir = temp_dir("fixtures");
    let n = cases(40);
    runner(40)
        .run(&mutated(fixtures), |(_, text)| {
            std::fs::write(dir.join("punto_banco.yaml"), &text).unwrap();
            let o = run(&[
                "check",
                "rules/punto_banco.yaml",
                "--fixtures",
                dir.to_str().unwrap(),
            ]);
            assert_cli(&o)?;
            Ok(())
        })
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    report("fixture files", n);
}

#[test]
fn mutated_round_files_settle_or_give_located_errors() {
    let mut rounds = yaml_files("fixtures/tables");
    rounds.extend(yaml_files("fixtures/tables/errors"));
    let dir = temp_dir("rounds");
    let file = dir.join("round.yaml");
    let n = cases(80);
    runner(80)
        .run(&mutated(rounds), |(_, text)| {
            std::fs::write(&file, &text).unwrap();
            let o = run(&[
                "table",
                "rules/21st_century_baccarat.yaml",
                "--round",
                file.to_str().unwrap(),
            ]);
            assert_cli(&o)?;
            Ok(())
        })
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    report("round files", n);
}

/// Inputs the long fuzz runs found, kept as regression cases.
#[test]
fn inputs_found_by_the_long_runs_give_located_errors() {
    // A lone carriage return counted as a line break by YAML alone: the
    // refusal pointed at a line 3 of a one-line text.
    for bytes in [&[13u8, 13, 0][..], b"a: 1\r\rb: \0", b"\r\n\r\0"] {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let ds = check_source(&SourceFile::new("bytes.yaml", text.clone())).expect_err("refused");
        assert_located(&ds, &text).unwrap();
    }
}

#[test]
fn the_mutations_do_mutate() {
    // Guard for the fuzzer itself: each edit changes a sample text.
    let text = "a: 1\nb: \"x or y\"\nc: 3\n";
    for e in [
        Edit::DeleteChars { at: 0, len: 2 },
        Edit::DuplicateLine { at: 1 },
        Edit::SwapLines { a: 0, b: 2 },
        Edit::SwapChars { a: 0, b: 3 },
        Edit::Insert {
            at: 2,
            text: "&".into(),
        },
        Edit::OddNumber {
            at: 0,
            token: "0x10",
        },
        Edit::Nest {
            at: 1,
            depth: 3,
            not: false,
        },
        Edit::Truncate { at: 5 },
    ] {
        assert_ne!(apply(text, &e), text, "{e:?}");
    }
    assert_eq!(
        apply(
            text,
            &Edit::Nest {
                at: 1,
                depth: 2,
                not: true
            }
        ),
        "a: 1\nb: \"not not x or y\"\nc: 3\n"
    );
}

/// Shard files of one small run of punto banco, made once: shards 1/2 and
/// 2/2 and what the merge expects.
struct Shards {
    texts: [String; 2],
    expected: certify::simulator::shard_file::Expected,
    merged: certify::simulator::Simulated,
}

fn shards() -> &'static Shards {
    use certify::simulator::shard_file::{Expected, Inputs, Merger};
    static S: std::sync::OnceLock<Shards> = std::sync::OnceLock::new();
    S.get_or_init(|| {
        let shard = |k: &str| {
            let o = run(&[
                "simulate",
                "rules/punto_banco.yaml",
                "--rounds",
                "2097200",
                "--bound-shoes",
                "0",
                "--json",
                "--shard",
                k,
            ]);
            assert_eq!(o.code, 0, "{}", o.stderr);
            o.stdout
        };
        let texts = [shard("1/2"), shard("2/2")];
        let doc: serde_json::Value = serde_json::from_str(&texts[0]).unwrap();
        let inputs: Inputs = serde_json::from_value(doc["inputs"].clone()).unwrap();
        let counts = serde_json::from_value(doc["tallies"]["counts"].clone()).unwrap();
        let spec = certify::check::check_file("rules/punto_banco.yaml")
            .unwrap()
            .1;
        let expected = Expected::new(&spec, 8, inputs, counts);
        let mut m = Merger::new(&expected);
        m.add("s1.json", &texts[0]).unwrap();
        m.add("s2.json", &texts[1]).unwrap();
        let merged = m.finish().unwrap();
        Shards {
            texts,
            expected,
            merged,
        }
    })
}

#[test]
fn mutated_shard_files_are_refused_or_merge_to_the_same_run() {
    use certify::simulator::shard_file::Merger;
    let s = shards();
    let texts = vec![(PathBuf::from("s2.json"), s.texts[1].clone())];
    let n = cases(300);
    runner(300)
        .run(&mutated(texts), |(_, text)| {
            let mut m = Merger::new(&s.expected);
            m.add("s1.json", &s.texts[0]).unwrap();
            match m.add("s2.json", &text).and_then(|()| m.finish()) {
                // Accepted only when the tallies are the ones written
                // (an edit of white space, say).
                Ok(run) => prop_assert_eq!(&run, &s.merged),
                Err(d) => {
                    prop_assert_eq!(&d.file, "s2.json");
                    prop_assert!(d.line <= text.lines().count() + 1, "{d:?}");
                }
            }
            Ok(())
        })
        .unwrap();
    report("shard files", n);
}

/// The punto banco JSON and Markdown reports, made once, with a short
/// simulation on few sampled shoes (its settings are in the manifests
/// fuzzed; the verify of a mutated copy recomputes it).
fn reports() -> &'static (PathBuf, String, String) {
    static R: std::sync::OnceLock<(PathBuf, String, String)> = std::sync::OnceLock::new();
    R.get_or_init(|| {
        let dir = temp_dir("reports");
        let o = run(&[
            "rules/punto_banco.yaml",
            "--simulate",
            "100000",
            "--bound-shoes",
            "2",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(o.code, 0, "{}", o.stderr);
        let read = |e: &str| std::fs::read_to_string(dir.join(format!("punto_banco.{e}"))).unwrap();
        (dir.clone(), read("json"), read("md"))
    })
}

/// Reports mutated: their manifests are read back (every input), and one
/// input in 100 goes through the whole `certify verify`, which must refuse
/// it unless the text is unchanged.
#[test]
fn mutated_reports_are_refused_by_verify() {
    use certify::report::document::read_manifest;
    let (dir, json, md) = reports();
    let texts = vec![
        (PathBuf::from("punto_banco.json"), json.clone()),
        (PathBuf::from("punto_banco.md"), md.clone()),
    ];
    let work = temp_dir("verify");
    let count = std::sync::atomic::AtomicU32::new(0);
    let n = cases(200);
    runner(200)
        .run(&mutated(texts), |(path, text)| {
            let is_json = path.extension().is_some_and(|e| e == "json");
            if let Ok(m) = read_manifest(&text, is_json) {
                let _ = certify::options::Options::from_manifest(&m);
            }
            if count
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
                .is_multiple_of(100)
            {
                let f = work.join(&path);
                // Beside the untouched siblings, so only this file differs.
                for e in ["json", "md", "pdf"] {
                    let from = dir.join(format!("punto_banco.{e}"));
                    std::fs::copy(from, work.join(format!("punto_banco.{e}"))).unwrap();
                }
                std::fs::write(&f, &text).unwrap();
                let o = run(&["verify", f.to_str().unwrap()]);
                let same = text == *json || text == *md;
                prop_assert!(
                    o.code == u8::from(!same) as i32 || o.code == 2,
                    "{}",
                    o.stderr
                );
            }
            Ok(())
        })
        .unwrap();
    std::fs::remove_dir_all(&work).ok();
    report("reports", n);
}

/// `certify diff` of the report against a mutated copy: a diff or a
/// located refusal.
#[test]
fn mutated_reports_diff_or_are_refused() {
    let (dir, json, _) = reports();
    let original = dir.join("punto_banco.json");
    let work = temp_dir("diff");
    let f = work.join("other.json");
    let texts = vec![(PathBuf::from("other.json"), json.clone())];
    let n = cases(150);
    runner(150)
        .run(&mutated(texts), |(_, text)| {
            std::fs::write(&f, &text).unwrap();
            let o = run(&["diff", original.to_str().unwrap(), f.to_str().unwrap()]);
            prop_assert!(o.code <= 2, "exit {}: {}", o.code, o.stderr);
            if o.code == 2 {
                prop_assert!(!o.stderr.is_empty());
            }
            Ok(())
        })
        .unwrap();
    std::fs::remove_dir_all(&work).ok();
    report("diff inputs", n);
}

/// A flag's value built from pieces of valid ones (ranks, suits, counts,
/// wagers, separators) and stray characters: mostly refused, some run.
fn flag_value(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(pieces).prop_map(String::from),
        1 => "[ -~]{0,3}",
        1 => "[0-9]{1,12}",
    ];
    proptest::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

/// Exit 0, or a refusal (1 or 2) with words and no debug text.
fn assert_refusal(o: &certify::cli::Output) -> Result<(), TestCaseError> {
    prop_assert!(o.code <= 2, "exit {}: {}", o.code, o.stderr);
    if o.code != 0 {
        prop_assert!(!o.stderr.is_empty());
        prop_assert!(o.stderr.len() < 8_000, "{}", o.stderr.len());
        prop_assert!(!o.stderr.contains("Some("), "{}", o.stderr);
    }
    Ok(())
}

#[test]
fn shoe_flags_compute_or_are_refused() {
    let n = cases(200);
    let value = flag_value(&[
        "A", "2", "5", "9", "T", "K", "s", "h", "d", "c", ":", ",", "10", "32", "0", "-1",
    ]);
    runner(200)
        .run(&(any::<bool>(), value), |(remove, v)| {
            let flag = if remove { "--remove" } else { "--composition" };
            let o = run(&["shoe", "rules/punto_banco.yaml", flag, &v]);
            assert_refusal(&o)
        })
        .unwrap();
    report("shoe flags", n);
}

#[test]
fn protect_scenarios_compute_or_are_refused() {
    let n = cases(200);
    let value = flag_value(&[
        "ranks:", "groups:", "seen:", "hole", "best", "1", "2", ":", "@", ",", "player", "banker",
        "tie", "6789", "A", "256",
    ]);
    runner(200)
        .run(&value, |v| {
            // groups:3 and 4 of every partition are minutes of work: the
            // arguments are what is fuzzed, so those run at K = 1 or 2.
            let v = v.replace(":3", ":1").replace(":4", ":2");
            let o = run(&["protect", "rules/punto_banco.yaml", "--scenario", &v]);
            assert_refusal(&o)
        })
        .unwrap();
    report("protect scenarios", n);
}

#[test]
fn edition_flags_run_or_are_refused() {
    let n = cases(100);
    let pieces = &["tie", "player", "=", "5", "100", ".5", "-", "nosuch", "0"];
    let edition = proptest::sample::select(vec!["lab", "washington", "nevada", "texas", ""]);
    runner(100)
        .run(
            &(edition, flag_value(pieces), flag_value(pieces)),
            |(e, lo, hi)| {
                let o = run(&[
                    "rules/punto_banco.yaml",
                    "--no-reports",
                    "--edition",
                    e,
                    "--min-bet",
                    &lo,
                    "--max-bet",
                    &hi,
                ]);
                assert_refusal(&o)
            },
        )
        .unwrap();
    report("edition flags", n);
}
