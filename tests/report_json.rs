//! One JSON document: `certify SPEC --json` prints the report's JSON document
//! (without `report_set`), and `certify verify` checks every input the
//! manifest records, naming the one that differs.

mod support;

use certify::cli::{exit, run};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn certify(args: &[&str]) -> certify::cli::Output {
    run(std::iter::once("certify")
        .chain(args.iter().copied())
        .map(String::from))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-json-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn without(mut v: Value, path: &[&str]) -> Value {
    let (last, parents) = path.split_last().unwrap();
    let mut at = &mut v;
    for p in parents {
        at = &mut at[*p];
    }
    assert!(
        at.as_object_mut().unwrap().remove(*last).is_some(),
        "no {path:?}"
    );
    v
}

#[test]
fn json_output_is_the_report_document_without_its_rendering_and_report_set() {
    let dir = temp_dir("subset");
    let o = certify(&[
        "rules/punto_banco.yaml",
        "--json",
        // Without reports the declared simulation is not run: compare like
        // with like.
        "--no-simulate",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    let printed: Value = serde_json::from_str(&o.stdout).unwrap();
    let report: Value =
        serde_json::from_slice(&std::fs::read(dir.join("punto_banco.json")).unwrap()).unwrap();
    assert_eq!(report["schema_version"], "3");
    assert_eq!(printed["schema_version"], "3");
    // `--json` prints the figures: not the rendered pages (`document`) nor
    // the hashes of the files beside the report (`report_set`).
    assert!(report["document"]["sections"].is_array());
    let figures = without(report.clone(), &["document"]);
    assert_eq!(printed, without(figures.clone(), &["report_set"]));

    // Without reports the other deck counts are not computed: the same
    // document less the by-deck tables, the functions of the deck count
    // fitted to them, and the results hash that covers them.
    let o = certify(&["rules/punto_banco.yaml", "--json", "--no-reports"]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    let printed: Value = serde_json::from_str(&o.stdout).unwrap();
    let expected = without(figures, &["report_set"]);
    let expected = without(expected, &["results", "house_edge_by_decks"]);
    let expected = without(expected, &["results", "claims_by_decks"]);
    let expected = without(expected, &["results", "results_at_document_decks"]);
    let expected = without(expected, &["results", "house_edge_functions"]);
    let expected = without(expected, &["manifest", "results_sha256"]);
    // The assessment judges what was computed: the same verdict, without
    // the deck ranges and the limitation that counts the other deck counts.
    assert_eq!(
        printed["assessment"]["verdict"],
        expected["assessment"]["verdict"]
    );
    assert_eq!(printed["assessment"]["scope"]["range_decks"], json!([]));
    let expected = without(expected, &["assessment"]);
    let printed = without(printed, &["assessment"]);
    assert_eq!(printed, expected);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_manifest_lists_each_fixture_file_with_its_hash() {
    let md = std::fs::read_to_string("reports/punto_banco.md").unwrap();
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string("reports/punto_banco.json").unwrap())
            .unwrap();
    for file in ["punto_banco.yaml", "punto_banco_tableau.yaml"] {
        let sha = certify::report::document::sha256_hex(
            &std::fs::read(Path::new("fixtures").join(file)).unwrap(),
        );
        assert!(
            md.contains(&format!("\nfixture_sha256 {file}: {sha}\n")),
            "{file}"
        );
        assert_eq!(json["manifest"]["fixture_sha256"][file], sha);
    }
    assert_eq!(
        json["manifest"]["cargo_lock_sha256"],
        certify::report::document::cargo_lock_sha256()
    );
}

/// A spec and its fixture files copied into a temp folder, and its report.
fn certified_copy(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::create_dir_all(dir.join("fixtures")).unwrap();
    std::fs::copy("rules/punto_banco.yaml", dir.join("rules/punto_banco.yaml")).unwrap();
    std::fs::create_dir_all(dir.join("rules/games")).unwrap();
    std::fs::copy(
        "rules/games/punto_banco.yaml",
        dir.join("rules/games/punto_banco.yaml"),
    )
    .unwrap();
    for f in ["punto_banco.yaml", "punto_banco_tableau.yaml"] {
        std::fs::copy(Path::new("fixtures").join(f), dir.join("fixtures").join(f)).unwrap();
    }
    let o = support::certify_in(&dir, &["rules/punto_banco.yaml", "--out", "reports"]);
    assert_eq!(o.code, exit::OK, "{}", o.stderr);
    dir
}

#[test]
fn verify_names_the_fixture_file_that_changed_went_or_came() {
    let dir = certified_copy("fixtures");
    let verify = || support::certify_in(&dir, &["verify", "reports/punto_banco.md"]);
    assert_eq!(verify().code, exit::OK, "{}", verify().stderr);

    let tableau = dir.join("fixtures/punto_banco_tableau.yaml");
    let original = std::fs::read_to_string(&tableau).unwrap();
    std::fs::write(&tableau, format!("{original}# edited\n")).unwrap();
    let o = verify();
    assert_eq!(o.code, exit::FAILED);
    assert!(
        o.stderr
            .contains("the fixture file punto_banco_tableau.yaml differs from the one reported"),
        "{}",
        o.stderr
    );

    std::fs::remove_file(&tableau).unwrap();
    let o = verify();
    assert_eq!(o.code, exit::FAILED);
    assert!(
        o.stderr
            .contains("the fixture file punto_banco_tableau.yaml that the report lists is not in"),
        "{}",
        o.stderr
    );

    std::fs::write(&tableau, &original).unwrap();
    std::fs::write(dir.join("fixtures/extra.yaml"), &original).unwrap();
    let o = verify();
    assert_eq!(o.code, exit::FAILED);
    assert!(
        o.stderr.contains("the fixture file extra.yaml in ",)
            && o.stderr.contains("the report does not list it"),
        "{}",
        o.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn verify_names_a_different_build_or_tool_version() {
    let dir = temp_dir("build");
    let md = std::fs::read_to_string("reports/punto_banco.md").unwrap();
    let lock = certify::report::document::cargo_lock_sha256();
    let line = format!("\ncargo_lock_sha256: {lock}\n");
    assert!(md.contains(&line), "the committed report is of this build");
    let report = dir.join("punto_banco.md");
    std::fs::write(
        &report,
        md.replacen(
            &line,
            &format!("\ncargo_lock_sha256: {}\n", "0".repeat(64)),
            1,
        ),
    )
    .unwrap();
    let o = certify(&["verify", report.to_str().unwrap()]);
    assert_eq!(o.code, exit::FAILED);
    assert!(
        o.stderr.contains(
            "the report was made by a different build of certify: Cargo.lock sha256 0000"
        ),
        "{}",
        o.stderr
    );

    let version = format!("\ntool_version: {}\n", env!("CARGO_PKG_VERSION"));
    assert!(md.contains(&version));
    std::fs::write(&report, md.replacen(&version, "\ntool_version: 0.0.9\n", 1)).unwrap();
    let o = certify(&["verify", report.to_str().unwrap()]);
    assert_eq!(o.code, exit::FAILED);
    assert!(
        o.stderr.contains(&format!(
            "the report was made by certify 0.0.9; this is certify {}",
            env!("CARGO_PKG_VERSION")
        )),
        "{}",
        o.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}
