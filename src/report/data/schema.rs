//! The JSON Schema of the report document, generated from [`super::Document`]
//! (draft 7, as the spec schema: `spec::json_schema`). Committed as
//! `rules/certify-report.schema.json`; `tests/report_schema.rs` fails when
//! the committed file differs from what the types generate, and rewrites it
//! with `CERTIFY_UPDATE_SCHEMA=1`.

/// Where the report schema is committed.
pub const REPORT_PATH: &str = "rules/certify-report.schema.json";

/// The JSON Schema of a report's JSON document.
pub fn report() -> String {
    crate::spec::json_schema::render::<super::Document>("certify report")
}
