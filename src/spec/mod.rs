//! Loading a rule spec: YAML text to the raw, located structure.

pub mod ordered_map;
pub mod raw;
pub mod schema;
pub mod source;
pub mod table;
pub mod yaml;

pub use raw::RawSpec;
pub use source::SourceFile;

use crate::diag::Diagnostic;
use crate::diag::input::FileKind;

/// Parses the YAML of a spec. Every missing field, unknown field, value of
/// the wrong kind and refused number is reported, each where it is; a file
/// that is not YAML, or over a limit, is one diagnostic.
pub fn load(source: &SourceFile) -> Result<RawSpec, Vec<Diagnostic>> {
    yaml::read(source, FileKind::Spec, &schema::SPEC)
}

/// The spec files (`*.yaml`) in a folder, sorted by name.
pub fn spec_files(dir: &str) -> Vec<String> {
    let mut paths: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path().to_string_lossy().into_owned())
                .filter(|p| p.ends_with(".yaml"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}
