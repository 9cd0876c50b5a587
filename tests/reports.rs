//! Certification reports: the committed ones match a fresh run byte for
//! byte, `certify verify` catches a changed digit, and a failed run leaves
//! earlier reports as they were.

use certify::cli::run;
use std::path::{Path, PathBuf};

fn certify(args: &[&str]) -> certify::cli::Output {
    run(std::iter::once("certify")
        .chain(args.iter().copied())
        .map(String::from))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shipped() -> Vec<String> {
    certify::spec::spec_files("rules")
}

#[test]
fn committed_reports_match_a_fresh_run() {
    let dir = temp_dir("fresh");
    let out = dir.to_string_lossy().into_owned();
    for spec in shipped() {
        // The command each committed report records (with --simulate, for one).
        let id = certify::check::check_file(&spec).expect("checks").1.id;
        let json = std::fs::read_to_string(format!("reports/{id}.json")).unwrap_or_default();
        let doc: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
        let command = doc["manifest"]["command"].as_str().unwrap_or_default();
        let mut args: Vec<&str> = command.split_whitespace().skip(1).collect();
        assert_eq!(
            args.first(),
            Some(&spec.as_str()),
            "reports/{id}.json: {command}"
        );
        args.extend(["--out", &out]);
        let o = certify(&args);
        assert_eq!(o.code, 0, "{spec}: {}", o.stderr);
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // The writers' lock files (`.<id>.lock`) are not reports.
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    assert_eq!(names.len(), 3 * shipped().len(), "{names:?}");
    for name in names {
        let fresh = std::fs::read(dir.join(&name)).unwrap();
        let committed = std::fs::read(Path::new("reports").join(&name)).unwrap_or_else(|_| {
            panic!("reports/{name} is missing: regenerate the reports (README)")
        });
        assert!(
            fresh == committed,
            "reports/{name} differs from a fresh run: regenerate the reports (README)"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pdf_reports_are_pdfs_dated_by_the_declared_date_not_the_clock() {
    let pdf = std::fs::read("reports/punto_banco.pdf").expect("committed PDF");
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(pdf.len() > 10_000);
    // Nothing time-dependent: PDF/A's dates are the date of analysis the
    // spec declares (issue 36), not the release's nor the clock's.
    let text = String::from_utf8_lossy(&pdf);
    let (_, spec) = certify::check::check_file("rules/punto_banco.yaml").unwrap();
    let (y, m, d) = spec.report.date.expect("the shipped specs declare a date");
    let date = format!("(D:{y:04}{m:02}{d:02}000000Z)");
    assert!(text.contains(&format!("/CreationDate{date}")));
    assert!(text.contains(&format!("/ModDate{date}")));
}

#[test]
fn untouched_reports_verify() {
    for file in ["reports/punto_banco.md", "reports/punto_banco.json"] {
        let o = certify(&["verify", file]);
        assert_eq!(o.code, 0, "{file}: {}", o.stderr);
        assert!(o.stdout.contains("verified"));
    }
}

#[test]
fn verify_catches_a_single_changed_digit() {
    let dir = temp_dir("tampered");
    // Wizard of Odds: the Banker wins 2,292,252,566,437,888 of the 8-deck rounds.
    let md = std::fs::read_to_string("reports/punto_banco.md").unwrap();
    assert!(md.contains("2,292,252,566,437,888"));
    let tampered = dir.join("punto_banco.md");
    std::fs::write(
        &tampered,
        md.replacen("2,292,252,566,437,888", "2,292,252,566,437,889", 1),
    )
    .unwrap();
    let o = certify(&["verify", &tampered.to_string_lossy()]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("differs from a fresh computation"),
        "{}",
        o.stderr
    );
    assert!(o.stderr.contains("2,292,252,566,437,889"), "{}", o.stderr);

    let json = std::fs::read_to_string("reports/punto_banco.json").unwrap();
    let tampered = dir.join("punto_banco.json");
    std::fs::write(
        &tampered,
        json.replacen("2292252566437888", "2292252566437887", 1),
    )
    .unwrap();
    let o = certify(&["verify", &tampered.to_string_lossy()]);
    assert_eq!(o.code, 1, "{}", o.stdout);

    // A report of another spec's hash is refused before anything is computed.
    let other = json.replacen("\"spec_sha256\": \"", "\"spec_sha256\": \"0", 1);
    std::fs::write(&tampered, other).unwrap();
    let o = certify(&["verify", &tampered.to_string_lossy()]);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("differs from the one reported"),
        "{}",
        o.stderr
    );
    // And says what to do: the report's own command, into its folder.
    let help = format!(
        "= help: verify it with the files it was made from, or write it again from the files as they are now: certify rules/punto_banco.yaml --out {}\n",
        dir.display()
    );
    assert!(o.stderr.contains(&help), "{}", o.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_failed_run_leaves_earlier_reports_intact() {
    let dir = temp_dir("atomic");
    let out = dir.to_string_lossy().into_owned();
    assert_eq!(certify(&["rules/punto_banco.yaml", "--out", &out]).code, 0);
    let before = std::fs::read(dir.join("punto_banco.md")).unwrap();
    // A fixture that fails: the run must stop before writing anything.
    let fixtures = temp_dir("atomic-fixtures");
    std::fs::write(
        fixtures.join("wrong.yaml"),
        "spec: punto_banco\ncases:\n  - name: wrong on purpose\n    source: test\n    player: 6s,Kd\n    banker: 7c,Ks\n    expect: { player: win }\n",
    )
    .unwrap();
    let o = certify(&[
        "rules/punto_banco.yaml",
        "--out",
        &out,
        "--fixtures",
        &fixtures.to_string_lossy(),
    ]);
    assert_eq!(o.code, 1);
    assert_eq!(std::fs::read(dir.join("punto_banco.md")).unwrap(), before);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        // The writers' lock file stays; no temporary file may.
        .filter(|n| !n.to_string_lossy().ends_with(".lock"))
        .collect();
    assert_eq!(leftovers.len(), 3, "{leftovers:?}");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&fixtures).ok();
}

/// The JSON report's structure: every key, with values replaced by their type.
fn shape(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), shape(v))).collect()),
        Value::Array(a) => Value::Array(a.first().map(shape).into_iter().collect()),
        Value::String(_) => Value::String("string".into()),
        Value::Number(_) => Value::String("number".into()),
        Value::Bool(_) => Value::String("bool".into()),
        Value::Null => Value::Null,
    }
}

/// The committed reports are byte-compared above; this guards the JSON's
/// shape (keys and value types), which readers of `schema_version` 1 rely on.
#[test]
fn report_json_shape() {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("reports/lucky_8.json").unwrap()).unwrap();
    insta::assert_snapshot!(
        "report_json_shape",
        serde_json::to_string_pretty(&shape(&json)).unwrap()
    );
}
