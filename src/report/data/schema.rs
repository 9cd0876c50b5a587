//! The JSON Schema of the report document, generated from [`super::Document`]
//! (draft 7, as the spec schema: `spec::json_schema`). Committed as
//! `rules/certify-report.schema.json`; `tests/report_schema.rs` fails when
//! the committed file differs from what the types generate, and rewrites it
//! with `CERTIFY_UPDATE_SCHEMA=1`.
//!
//! The schema describes the document as serialised (the types derive
//! `Serialize` only): a field always written is required, an `Option`
//! written as `null` when empty is required and may be null, and one left
//! out when empty (`skip_serializing_if`) is optional and, when present,
//! never null.

use schemars::generate::{Contract, SchemaSettings};
use serde_json::{Map, Value};

/// Where the report schema is committed.
pub const REPORT_PATH: &str = "rules/certify-report.schema.json";

/// The JSON Schema of a report's JSON document.
pub fn report() -> String {
    generate::<super::ReportData>("certify report")
}

/// The JSON Schema of a document of type `T` as serialised, under `title`
/// (the report's, and the player's leaflet's).
pub fn generate<T: schemars::JsonSchema>(title: &str) -> String {
    let mut settings = SchemaSettings::draft07();
    settings.contract = Contract::Serialize;
    let mut schema = settings.into_generator().into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    let mut value = schema.to_value();
    absent_not_null(&mut value);
    // Back to a `Schema`, which writes its keywords in their usual order.
    let schema = schemars::Schema::try_from(value).expect("an object");
    serde_json::to_string_pretty(&schema).expect("a schema is JSON") + "\n"
}

/// Every property an object may leave out (not `required`) takes away the
/// `null` schemars allows for an `Option`: such a key is absent, not null.
fn absent_not_null(schema: &mut Value) {
    match schema {
        Value::Object(m) => {
            let required: Vec<Value> = m
                .get("required")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            if let Some(Value::Object(props)) = m.get_mut("properties") {
                for (name, p) in props.iter_mut() {
                    if let Value::Object(p) = p
                        && !required.contains(&Value::String(name.clone()))
                    {
                        not_null(p);
                    }
                }
            }
            m.values_mut().for_each(absent_not_null);
        }
        Value::Array(items) => items.iter_mut().for_each(absent_not_null),
        _ => {}
    }
}

/// `"type": [T, "null"]` as `"type": T`; `anyOf: [S, {"type": "null"}]` as
/// S (a reference as an `allOf` of one, beside its description).
fn not_null(p: &mut Map<String, Value>) {
    let null = Value::from("null");
    if let Some(Value::Array(types)) = p.get_mut("type") {
        types.retain(|t| *t != null);
        if let [one] = types.as_slice() {
            let one = one.clone();
            p.insert("type".into(), one);
        }
    }
    let Some(Value::Array(any)) = p.get("anyOf") else {
        return;
    };
    let other: Vec<Value> = any.iter().filter(|s| s["type"] != null).cloned().collect();
    if other.len() == 1 && any.len() == 2 {
        p.remove("anyOf");
        match &other[0] {
            Value::Object(s) if s.contains_key("$ref") => {
                p.insert("allOf".into(), Value::Array(other));
            }
            Value::Object(s) => p.extend(s.clone()),
            _ => {}
        }
    }
}
