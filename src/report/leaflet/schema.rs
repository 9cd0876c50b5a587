//! The JSON Schema of the player's leaflet (`<id>-leaflet.json`),
//! generated from [`super::data::LeafletData`] as the report's is from its
//! types ([`crate::report::data::schema`]). Committed as
//! `rules/certify-leaflet.schema.json`; `tests/report_schema.rs` fails when
//! the committed file differs from what the types generate, and rewrites it
//! with `CERTIFY_UPDATE_SCHEMA=1`.

/// Where the leaflet schema is committed.
pub const LEAFLET_PATH: &str = "rules/certify-leaflet.schema.json";

/// The JSON Schema of a leaflet's JSON document.
pub fn leaflet() -> String {
    crate::report::data::schema::generate::<super::data::LeafletData>("certify player leaflet")
}
