//! The JSON Schema of the report document (`rules/certify-report.schema.json`):
//! generated from the typed document (`certify::report::data`), whose doc
//! comments are its descriptions. These tests fail when the committed file
//! differs from what the types generate (rewrite it with
//! `CERTIFY_UPDATE_SCHEMA=1 cargo test --release --test report_schema`),
//! check that every committed report and fresh ones (with and without a
//! simulation, and `--json` without reports) validate, that the schema is
//! strict (every object refuses other keys) and carries the crate's
//! `schema_version`, and that broken copies are refused for the reason each
//! was broken. The same for the player's leaflet and its schema
//! (`rules/certify-leaflet.schema.json`, from `certify::report::leaflet::data`).

use certify::report::data::schema;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

const SCHEMA: &str = schema::REPORT_PATH;

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The schema the types generate (the committed file is checked equal to it).
fn schema() -> Value {
    serde_json::from_str(&schema::report()).expect("a schema is JSON")
}

fn validator() -> jsonschema::Validator {
    let schema = schema();
    if let Err(e) = jsonschema::meta::validate(&schema) {
        panic!(
            "{SCHEMA} is not a valid JSON Schema: {e} at {}",
            e.instance_path()
        );
    }
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{SCHEMA}: {e}"))
}

/// Every problem as (JSON pointer, keyword, message).
fn problems(v: &jsonschema::Validator, doc: &Value) -> Vec<(String, String, String)> {
    v.iter_errors(doc)
        .map(|e| {
            (
                e.instance_path().to_string(),
                e.kind().keyword().to_string(),
                e.to_string(),
            )
        })
        .collect()
}

fn assert_valid(v: &jsonschema::Validator, doc: &Value, what: &str) {
    let found: Vec<String> = problems(v, doc)
        .into_iter()
        .map(|(at, keyword, message)| format!("{at} ({keyword}): {message}"))
        .collect();
    assert!(
        found.is_empty(),
        "{what} does not match {SCHEMA}:\n{}",
        found.join("\n")
    );
}

fn committed_reports() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir("reports")
        .expect("reports/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        // The players' leaflets are not reports (tests/leaflet.rs).
        .filter(|p| !p.to_string_lossy().ends_with("-leaflet.json"))
        .collect();
    paths.sort();
    paths
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-schema-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The built binary (as a user runs it): its stdout.
fn certify(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(args)
        .output()
        .expect("runs certify");
    assert!(
        out.status.success(),
        "certify {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn every_committed_report_is_valid() {
    let v = validator();
    let reports = committed_reports();
    assert!(reports.len() >= 6, "{reports:?}");
    for path in &reports {
        assert_valid(&v, &read_json(path), &path.display().to_string());
    }
}

#[test]
fn the_committed_schema_is_the_generated_one() {
    let text = schema::report();
    if std::env::var("CERTIFY_UPDATE_SCHEMA").is_ok_and(|v| v == "1") {
        std::fs::write(SCHEMA, &text).unwrap_or_else(|e| panic!("{SCHEMA}: {e}"));
        return;
    }
    let committed = std::fs::read_to_string(SCHEMA).unwrap_or_default();
    assert!(
        committed == text,
        "{SCHEMA} differs from what the report's types (src/report/data/) generate; \
         regenerate it with `CERTIFY_UPDATE_SCHEMA=1 cargo test --release --test report_schema` \
         and commit it (and raise SCHEMA_VERSION if a key was removed, renamed or changed meaning)"
    );
}

/// A schema with `$ref` followed (a described reference is an `allOf` of one).
fn resolve<'a>(s: &'a Value, root: &'a Value) -> &'a Value {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.rsplit('/').next().unwrap();
        return resolve(&root["definitions"][name], root);
    }
    if let Some([one]) = s.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
        return resolve(one, root);
    }
    s
}

#[test]
fn the_schema_version_and_label_are_the_crates() {
    let s = schema();
    assert_eq!(
        s["properties"]["schema_version"]["const"],
        json!(certify::report::document::SCHEMA_VERSION)
    );
    assert_eq!(
        s["properties"]["label"]["const"],
        json!(certify::report::document::LABEL)
    );
    // The keys a report always has are required, and nothing else is allowed.
    assert_eq!(s["additionalProperties"], json!(false));
    let manifest = resolve(&s["properties"]["manifest"], &s);
    assert_eq!(manifest["additionalProperties"], json!(false));
    for key in ["spec_sha256", "decks", "command", "fixture_sha256"] {
        assert!(
            manifest["required"]
                .as_array()
                .unwrap()
                .contains(&json!(key)),
            "manifest.{key} not required"
        );
    }
}

/// Every object of the schema refuses keys it does not name.
#[test]
fn every_object_of_the_schema_is_closed() {
    fn walk(s: &Value, at: &str, out: &mut Vec<String>) {
        match s {
            Value::Object(m) => {
                if m.contains_key("properties")
                    && m.get("additionalProperties") != Some(&json!(false))
                {
                    out.push(at.to_string());
                }
                for (k, v) in m {
                    walk(v, &format!("{at}/{k}"), out);
                }
            }
            Value::Array(items) => {
                for (k, v) in items.iter().enumerate() {
                    walk(v, &format!("{at}/{k}"), out);
                }
            }
            _ => {}
        }
    }
    let s = schema();
    let mut open = Vec::new();
    // The conditions of `allOf` name properties of the closed root: skip them.
    for (k, v) in s.as_object().unwrap() {
        if k != "allOf" {
            walk(v, &format!("/{k}"), &mut open);
        }
    }
    assert!(open.is_empty(), "objects that allow other keys: {open:#?}");
}

/// A committed report broken one way is refused at that place for that
/// reason, and for nothing else.
#[test]
fn broken_copies_are_refused_for_the_reason_intended() {
    let v = validator();
    let report = read_json(Path::new("reports/punto_banco.json"));
    assert!(problems(&v, &report).is_empty());
    let broken = |change: &dyn Fn(&mut Value)| {
        let mut doc = report.clone();
        change(&mut doc);
        problems(&v, &doc)
            .into_iter()
            .map(|(at, keyword, _)| (at, keyword))
            .collect::<Vec<_>>()
    };
    let at = |pointer: &str, keyword: &str| vec![(pointer.to_string(), keyword.to_string())];

    // A required manifest key removed.
    let found = broken(&|d| {
        d["manifest"].as_object_mut().unwrap().remove("spec_sha256");
    });
    assert_eq!(found, at("/manifest", "required"));
    // A house edge as a number where the exact "p/q" string belongs, and
    // as a decimal string.
    let edge = "/results/wagers/0/pay_tables/0/house_edge/fraction";
    let found = broken(&|d| *d.pointer_mut(edge).unwrap() = json!(0.010579057842));
    assert_eq!(found, at(edge, "type"));
    let found = broken(&|d| *d.pointer_mut(edge).unwrap() = json!("0.010579057842"));
    assert_eq!(found, at(edge, "pattern"));
    // A count as a JSON number.
    let count = "/results/wagers/0/pay_tables/0/events/0/combinations";
    let found = broken(&|d| *d.pointer_mut(count).unwrap() = json!(2292252566437888u64));
    assert_eq!(found, at(count, "type"));
    // An unknown top-level key, and a manifest key renamed.
    let found = broken(&|d| d["extra"] = json!(1));
    assert_eq!(found, at("", "additionalProperties"));
    let found = broken(&|d| {
        let m = d["manifest"].as_object_mut().unwrap();
        let decks = m.remove("decks").unwrap();
        m.insert("deck_count".into(), decks);
    });
    let mut expected = at("/manifest", "additionalProperties");
    expected.extend(at("/manifest", "required"));
    let mut found = found;
    found.sort();
    assert_eq!(found, expected);
    // Another schema version.
    let found = broken(&|d| d["schema_version"] = json!("1"));
    assert_eq!(found, at("/schema_version", "const"));
    // One simulation option without the others.
    let mut found = broken(&|d| {
        d["manifest"]
            .as_object_mut()
            .unwrap()
            .remove("simulate_seed");
    });
    // Each of the other four requires it.
    assert_eq!(found.len(), 4);
    found.dedup();
    assert_eq!(found, at("/manifest", "required"));
    // The simulation options recorded without a simulation section.
    let found = broken(&|d| d["simulation"] = Value::Null);
    assert_eq!(found, at("/manifest", "not"));
}

/// A fresh report with a (small) simulation: the shape with `simulation`.
#[test]
fn a_fresh_report_with_a_simulation_is_valid() {
    let dir = temp_dir("simulated");
    certify(&[
        "rules/lucky_monkey.yaml",
        "--simulate",
        "200000",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let doc = read_json(&dir.join("lucky_monkey.json"));
    assert!(doc["simulation"].is_object());
    assert_eq!(doc["manifest"]["simulate_rounds"], json!(200000));
    assert_valid(
        &validator(),
        &doc,
        "a fresh lucky_monkey report (--simulate)",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A fresh report without one, the document `--json` prints beside it (no
/// `report_set`), and `--json --no-reports` (no by-deck results).
#[test]
fn fresh_reports_without_a_simulation_are_valid() {
    let v = validator();
    let dir = temp_dir("plain");
    let printed = certify(&[
        "rules/punto_banco.yaml",
        "--json",
        "--no-simulate",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let doc = read_json(&dir.join("punto_banco.json"));
    assert!(doc["simulation"].is_null());
    assert!(doc["manifest"].get("simulate_rounds").is_none());
    assert_valid(&v, &doc, "a fresh punto_banco report");
    let printed: Value = serde_json::from_str(&printed).unwrap();
    assert!(printed.get("report_set").is_none());
    assert_valid(&v, &printed, "certify rules/punto_banco.yaml --json");
    std::fs::remove_dir_all(&dir).ok();

    let printed: Value = serde_json::from_str(&certify(&[
        "rules/punto_banco.yaml",
        "--json",
        "--no-reports",
    ]))
    .unwrap();
    assert!(printed["results"].get("house_edge_by_decks").is_none());
    assert!(printed["manifest"].get("results_sha256").is_none());
    assert_valid(
        &v,
        &printed,
        "certify rules/punto_banco.yaml --json --no-reports",
    );
}

const LEAFLET_SCHEMA: &str = certify::report::leaflet::schema::LEAFLET_PATH;

fn leaflet_schema() -> Value {
    serde_json::from_str(&certify::report::leaflet::schema::leaflet()).expect("a schema is JSON")
}

#[test]
fn the_committed_leaflet_schema_is_the_generated_one() {
    let text = certify::report::leaflet::schema::leaflet();
    if std::env::var("CERTIFY_UPDATE_SCHEMA").is_ok_and(|v| v == "1") {
        std::fs::write(LEAFLET_SCHEMA, &text).unwrap_or_else(|e| panic!("{LEAFLET_SCHEMA}: {e}"));
        return;
    }
    let committed = std::fs::read_to_string(LEAFLET_SCHEMA).unwrap_or_default();
    assert!(
        committed == text,
        "{LEAFLET_SCHEMA} differs from what the leaflet's types (src/report/leaflet/data.rs) \
         generate; regenerate it with `CERTIFY_UPDATE_SCHEMA=1 cargo test --release --test \
         report_schema` and commit it"
    );
}

/// Every committed leaflet (the editions' and the declared leaflets'
/// included) matches the leaflet schema, which is closed and knows a
/// leaflet by its `kind`; a report does not match it.
#[test]
fn every_committed_leaflet_is_valid() {
    let schema = leaflet_schema();
    jsonschema::meta::validate(&schema).expect("a valid JSON Schema");
    let v = jsonschema::validator_for(&schema).expect("a validator");
    let mut leaflets: Vec<PathBuf> = std::fs::read_dir("reports")
        .expect("reports/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-leaflet.json"))
        .collect();
    leaflets.sort();
    assert!(leaflets.len() >= 12, "{leaflets:?}");
    for path in &leaflets {
        assert_valid(&v, &read_json(path), &path.display().to_string());
    }
    assert_eq!(schema["additionalProperties"], json!(false));
    assert_eq!(
        schema["properties"]["kind"]["const"],
        json!(certify::report::leaflet::data::KIND)
    );
    let chosen = read_json(Path::new("reports/golden_bacc-dragons-leaflet.json"));
    assert_eq!(chosen["manifest"]["leaflet"], json!("dragons"));
    let report = read_json(Path::new("reports/punto_banco.json"));
    assert!(!problems(&v, &report).is_empty());
}
