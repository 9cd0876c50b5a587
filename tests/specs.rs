//! Every shipped spec checks, passes its fixtures, and keeps its meaning:
//! the normalized form (names resolved, definitions expanded, pays exact)
//! is snapshotted.

use certify::check::check_file;
use certify::cli::run;
use certify::model::normal::normalize;

fn shipped() -> Vec<String> {
    certify::spec::spec_files("rules")
}

#[test]
fn the_library_holds_a_spec_per_rule_document() {
    let ids: Vec<String> = shipped();
    for want in [
        "rules/punto_banco.yaml",
        "rules/lucky_monkey.yaml",
        "rules/21st_century_baccarat.yaml",
        "rules/lucky_8.yaml",
        "rules/golden_bacc.yaml",
        "rules/lucky_draw_baccarat.yaml",
    ] {
        assert!(ids.iter().any(|p| p == want), "missing {want}");
    }
}

#[test]
fn every_shipped_spec_passes_its_fixtures() {
    for path in shipped() {
        let out = run(["certify", "check", &path].map(String::from));
        assert_eq!(out.code, 0, "{path}:\n{}\n{}", out.stdout, out.stderr);
        assert!(out.stdout.contains(" 0 failed"), "{path}: {}", out.stdout);
    }
}

#[test]
fn normalized_specs() {
    for path in shipped() {
        let (_, spec) = check_file(&path).unwrap_or_else(|e| panic!("{path}: {e:?}"));
        insta::assert_snapshot!(format!("normalized_{}", spec.id), normalize(&spec));
    }
}

#[test]
fn a_failing_fixture_fails_the_check_and_stops_the_main_job() {
    let dir = std::env::temp_dir().join(format!("certify-fixture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Lucky Match's document example pays 15 to 1; claim 30 to 1 instead.
    std::fs::write(
        dir.join("wrong.yaml"),
        "spec: punto_banco\ncases:\n  - name: wrong on purpose\n    source: test\n    player: 6s,Kd\n    banker: 7c,Ks\n    expect: { player: win }\n",
    )
    .unwrap();
    let fixtures = dir.to_string_lossy().into_owned();
    let out = run([
        "certify",
        "check",
        "rules/punto_banco.yaml",
        "--fixtures",
        &fixtures,
    ]
    .map(String::from));
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(out.stdout.contains("FAIL"));
    let out = run([
        "certify",
        "rules/punto_banco.yaml",
        "--no-reports",
        "--fixtures",
        &fixtures,
    ]
    .map(String::from));
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("fixtures failed"), "{}", out.stderr);
    std::fs::remove_dir_all(&dir).ok();
}
