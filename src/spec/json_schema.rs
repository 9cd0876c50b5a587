//! The JSON Schemas of a spec and of a game file, generated from the raw
//! types (`raw.rs`, `table.rs`), whose doc comments become the descriptions
//! an editor shows. Committed under `rules/` beside the specs, which name
//! them on their first line (`# yaml-language-server: $schema=...`);
//! `tests/json_schema.rs` fails when a committed file differs from what the
//! types generate, and rewrites it with `CERTIFY_UPDATE_SCHEMA=1`.
//!
//! Draft 7: the draft editors' YAML support reads most widely.

use super::raw::{RawGameEntry, RawSpec};
use schemars::generate::SchemaSettings;

/// Where the spec schema is committed.
pub const SPEC_PATH: &str = "rules/certify-spec.schema.json";
/// Where the game file schema is committed.
pub const GAME_PATH: &str = "rules/certify-game.schema.json";

pub(crate) fn render<T: schemars::JsonSchema>(title: &str) -> String {
    let mut schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    serde_json::to_string_pretty(&schema).expect("a schema is JSON") + "\n"
}

/// The JSON Schema of a rule spec.
pub fn spec() -> String {
    render::<RawSpec>("certify rule spec")
}

/// The JSON Schema of a game file (`game: { include: FILE }`): a game, or
/// another include.
pub fn game() -> String {
    render::<RawGameEntry>("certify game file")
}
