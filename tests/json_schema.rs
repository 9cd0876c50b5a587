//! The JSON Schemas of a spec and of a game file (`rules/certify-*.schema.json`):
//! generated from the raw types, committed, read by editors. Every shipped
//! spec and game validates against them, structurally wrong specs do not,
//! and the schema pass's hand tables (`spec::schema`) agree with them field
//! by field.
//!
//! Regenerate the committed files after changing a raw type or its doc
//! comments: `CERTIFY_UPDATE_SCHEMA=1 cargo test --release --test json_schema`.

use certify::spec::json_schema;
use certify::spec::schema::{self, Struct, Ty};
use serde_json::Value;
use std::collections::BTreeSet;

const SPEC_LINE: &str = "# yaml-language-server: $schema=./certify-spec.schema.json\n";

fn yaml_files(dir: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".yaml"))
        .collect();
    out.sort();
    out
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("a schema is JSON")
}

/// A YAML file as the JSON an editor's schema validation sees.
fn as_json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn validator(schema_text: &str) -> jsonschema::Validator {
    jsonschema::validator_for(&json(schema_text)).expect("a valid JSON Schema")
}

fn problems(v: &jsonschema::Validator, path: &str) -> Vec<String> {
    let instance = as_json(path);
    v.iter_errors(&instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn the_committed_schemas_are_the_generated_ones() {
    let update = std::env::var("CERTIFY_UPDATE_SCHEMA").is_ok_and(|v| v == "1");
    for (path, text) in [
        (json_schema::SPEC_PATH, json_schema::spec()),
        (json_schema::GAME_PATH, json_schema::game()),
    ] {
        if update {
            std::fs::write(path, &text).unwrap_or_else(|e| panic!("{path}: {e}"));
            continue;
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == text,
            "{path} differs from what the raw spec types generate; regenerate it with \
             `CERTIFY_UPDATE_SCHEMA=1 cargo test --release --test json_schema` and commit it"
        );
    }
}

#[test]
fn every_shipped_spec_is_valid_against_the_schema() {
    let v = validator(&json_schema::spec());
    let specs: Vec<String> = yaml_files("rules")
        .into_iter()
        .chain(yaml_files("rules/library"))
        .chain(yaml_files("tests/specs"))
        .collect();
    assert!(specs.len() >= 7, "{specs:?}");
    for path in &specs {
        let found = problems(&v, path);
        assert!(found.is_empty(), "{path}: {found:#?}");
    }
    let games = validator(&json_schema::game());
    let shared = yaml_files("rules/games");
    assert!(!shared.is_empty());
    for path in &shared {
        let found = problems(&games, path);
        assert!(found.is_empty(), "{path}: {found:#?}");
    }
}

#[test]
fn every_shipped_spec_names_its_schema_on_its_first_line() {
    // Each folder names the schemas in rules/ by its own relative path.
    let game_line = "# yaml-language-server: $schema=../certify-game.schema.json\n";
    for (dir, line) in [
        ("rules", SPEC_LINE.to_string()),
        ("rules/library", SPEC_LINE.replace("./", "../")),
        ("tests/specs", SPEC_LINE.replace("./", "../../rules/")),
        ("rules/games", game_line.to_string()),
    ] {
        for path in yaml_files(dir) {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                text.starts_with(&line),
                "{path} does not begin with {line:?}"
            );
        }
    }
}

/// Specs refused for their shape (a missing key, a value of the wrong
/// kind, an unknown key) are refused by the schema too, at that place.
#[test]
fn the_schema_refuses_structurally_wrong_specs() {
    let v = validator(&json_schema::spec());
    for (path, at) in [
        ("fixtures/errors/err_unknown_field.yaml", ""),
        ("fixtures/errors/err_missing_field.yaml", "/wagers/0"),
        ("fixtures/errors/err_wrong_type.yaml", "/shoe/decks"),
        ("fixtures/errors/err_unknown_game_key.yaml", "/game"),
    ] {
        let found = problems(&v, path);
        assert!(!found.is_empty(), "{path} passed the schema");
        assert!(
            found.iter().any(|p| p.starts_with(&format!("{at}: "))),
            "{path}: no problem at `{at}`: {found:#?}"
        );
        // And certify refuses it for the same reason, before any rule is checked.
        let ds = certify::check::check_file(path).expect_err("refused");
        assert!(
            ds.iter()
                .all(|d| matches!(d.kind, certify::diag::ErrorKind::Input(_))),
            "{path}: {ds:?}"
        );
    }
}

/// The schema pass's tables (`spec::schema::SPEC`) and the generated schema
/// agree on every mapping: the same keys, the same required keys, other keys
/// refused, and each value of the same kind.
#[test]
fn the_schema_pass_tables_agree_with_the_generated_schema() {
    let root = json(&json_schema::spec());
    let mut out = Vec::new();
    walk(&Ty::Struct(&schema::SPEC), &root, &root, "spec", &mut out);
    assert!(out.is_empty(), "{out:#?}");
    let game_root = json(&json_schema::game());
    walk(
        &Ty::Includable(&schema::GAME),
        &game_root,
        &game_root,
        "game file",
        &mut out,
    );
    assert!(out.is_empty(), "{out:#?}");
}

/// A schema with `$ref` followed, and an optional value's `null` taken away.
fn resolve<'a>(s: &'a Value, root: &'a Value) -> &'a Value {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.rsplit('/').next().unwrap();
        return resolve(&root["definitions"][name], root);
    }
    // Draft 7 ignores keys beside a `$ref`: a described reference is an `allOf` of one.
    if let Some([one]) = s.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
        return resolve(one, root);
    }
    if let Some(any) = s.get("anyOf").and_then(Value::as_array) {
        let not_null: Vec<&Value> = any.iter().filter(|x| x["type"] != "null").collect();
        if not_null.len() == 1 && any.len() == 2 {
            return resolve(not_null[0], root);
        }
    }
    s
}

fn types(s: &Value) -> BTreeSet<String> {
    match &s["type"] {
        Value::String(t) => [t.clone()].into(),
        Value::Array(ts) => ts
            .iter()
            .filter_map(Value::as_str)
            .filter(|t| *t != "null")
            .map(str::to_string)
            .collect(),
        _ => BTreeSet::new(),
    }
}

fn walk(ty: &Ty, s: &Value, root: &Value, at: &str, out: &mut Vec<String>) {
    let s = resolve(s, root);
    let want = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
    let mut kind = |expected: &[&str]| {
        if types(s) != want(expected) {
            out.push(format!(
                "{at}: {expected:?} in schema.rs, {} generated",
                s["type"]
            ));
        }
    };
    match ty {
        Ty::Text | Ty::Condition => kind(&["string"]),
        Ty::Bool => kind(&["boolean"]),
        Ty::Int => kind(&["integer"]),
        Ty::Pay | Ty::Amount => {
            let any: BTreeSet<String> = s["anyOf"]
                .as_array()
                .map(|a| a.iter().flat_map(types).collect())
                .unwrap_or_default();
            if any != want(&["integer", "number", "string"]) {
                out.push(format!(
                    "{at}: a number or text in schema.rs, {s} generated"
                ));
            }
        }
        Ty::List(item) => {
            kind(&["array"]);
            walk(item, &s["items"], root, &format!("{at}[]"), out);
        }
        Ty::Map(_, value) => {
            kind(&["object"]);
            walk(
                value,
                &s["additionalProperties"],
                root,
                &format!("{at}.*"),
                out,
            );
        }
        Ty::Struct(st) => fields(st, s, root, at, out),
        Ty::Includable(st) => {
            let any = s["anyOf"].as_array().cloned().unwrap_or_default();
            let (include, written): (Vec<&Value>, Vec<&Value>) = any
                .iter()
                .partition(|x| resolve(x, root)["properties"].get("include").is_some());
            if include.len() != 1 || written.len() != 1 {
                out.push(format!(
                    "{at}: the mapping or an include in schema.rs, {s} generated"
                ));
                return;
            }
            fields(
                &schema::INCLUDE,
                include[0],
                root,
                &format!("{at} (include)"),
                out,
            );
            fields(st, written[0], root, at, out);
        }
    }
}

fn fields(st: &Struct, s: &Value, root: &Value, at: &str, out: &mut Vec<String>) {
    let s = resolve(s, root);
    let props: BTreeSet<String> = s["properties"]
        .as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    let names: BTreeSet<String> = st.fields.iter().map(|f| f.name.to_string()).collect();
    if props != names {
        out.push(format!(
            "{at}: keys {names:?} in schema.rs, {props:?} generated"
        ));
    }
    let required: BTreeSet<String> = s["required"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let req: BTreeSet<String> = st
        .fields
        .iter()
        .filter(|f| f.required)
        .map(|f| f.name.to_string())
        .collect();
    if required != req {
        out.push(format!(
            "{at}: required {req:?} in schema.rs, {required:?} generated"
        ));
    }
    if st.others.is_none() && s["additionalProperties"] != false {
        out.push(format!(
            "{at}: other keys refused in schema.rs, allowed by the schema"
        ));
    }
    for f in st.fields {
        if let Some(p) = s["properties"].get(f.name) {
            walk(&f.ty, p, root, &format!("{at}.{}", f.name), out);
        }
    }
}
