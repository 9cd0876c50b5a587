//! Loading a rule spec: YAML text to the raw, located structure.

pub mod ordered_map;
pub mod raw;
pub mod source;
pub mod table;

pub use raw::RawSpec;
pub use source::SourceFile;

use crate::diag::Diagnostic;

/// Parses the YAML of a spec; a malformed file gives one located diagnostic.
pub fn load(source: &SourceFile) -> Result<RawSpec, Box<Diagnostic>> {
    serde_saphyr::from_str::<RawSpec>(&source.text)
        .map_err(|e| Box::new(yaml_diagnostic(source, &e)))
}

/// Turns a YAML or shape error into a diagnostic at its location.
pub fn yaml_diagnostic(source: &SourceFile, e: &serde_saphyr::Error) -> Diagnostic {
    let at = match e.location() {
        Some(loc) => source.at(&loc, 1),
        None => source.position(1, 1, 1),
    };
    let text = e.to_string();
    // Keep the first line, without the library's own "error: line L column C:" prefix.
    let first = text.lines().next().unwrap_or("malformed YAML");
    let message = match first.strip_prefix("error: ") {
        Some(rest) if rest.starts_with("line ") => rest.split_once(": ").map_or(rest, |(_, m)| m),
        Some(rest) => rest,
        None => first,
    };
    Diagnostic::new(at, format!("invalid spec YAML: {message}"))
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
