//! What `certify verify` reads besides the report: the files its manifest
//! names, confined before any is opened.
//!
//! The rule. A report's manifest names its inputs (the spec, the files it
//! includes, the fixture folder and its files, the approved version) by
//! paths relative to the folder the report was made in, which is the
//! folder `certify verify` runs in (its root). Verify reads the report's
//! set in the report's own folder, and only these: a path that is
//! absolute, or that climbs with `..`, is refused as written; one that
//! reaches outside the root through a link, or names anything but a
//! regular file (a folder where a file is expected, a device, a pipe), is
//! refused before it is opened. A fixture file is named within its folder:
//! a single file name. The folder `--fixtures DIR` names is the user's own
//! choice and is not confined; the names read in it are.
//!
//! A refusal names the manifest key and the path as the manifest writes
//! it, never anything read from the file.

use std::path::{Component, Path, PathBuf};

/// Why a path of the manifest is not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    Absolute,
    Climbs,
    Outside,
    NotAFile,
    NotAFolder,
    NotAName,
}

impl Refusal {
    /// The reason, in words, for `ReportError::ManifestPath`.
    pub(super) fn words(self) -> &'static str {
        match self {
            Refusal::Absolute => {
                "an absolute path: the manifest names its inputs relative to the folder verify runs in"
            }
            Refusal::Climbs => "a path that climbs out of the folder verify runs in with `..`",
            Refusal::Outside => "it leads outside the folder verify runs in (through a link)",
            Refusal::NotAFile => "not a regular file (a folder, a device or a pipe)",
            Refusal::NotAFolder => "not a folder",
            Refusal::NotAName => "not a file name: a fixture file is named within its folder",
        }
    }
}

/// `path` as written: relative and without `..`.
fn relative(path: &str) -> Result<&Path, Refusal> {
    let p = Path::new(path);
    if path.is_empty() {
        return Err(Refusal::NotAFile);
    }
    let mut parts = p.components();
    if p.has_root() || parts.any(|c| matches!(c, Component::Prefix(_) | Component::RootDir)) {
        return Err(Refusal::Absolute);
    }
    if p.components().any(|c| c == Component::ParentDir) {
        return Err(Refusal::Climbs);
    }
    Ok(p)
}

/// Where the manifest's paths are taken from: the folder verify runs in.
fn root() -> Option<PathBuf> {
    std::fs::canonicalize(".").ok()
}

/// `p` (existing) resolved within `root`, and a file (or a folder).
fn inside(p: &Path, root: &Path, folder: bool) -> Result<(), Refusal> {
    let Ok(real) = std::fs::canonicalize(p) else {
        // Not there: the caller's read says so, in its own words.
        return Ok(());
    };
    if !real.starts_with(root) {
        return Err(Refusal::Outside);
    }
    let Ok(m) = std::fs::metadata(&real) else {
        return Ok(());
    };
    match (folder, m.is_file(), m.is_dir()) {
        (false, true, _) | (true, _, true) => Ok(()),
        (false, false, _) => Err(Refusal::NotAFile),
        (true, _, false) => Err(Refusal::NotAFolder),
    }
}

/// A file the manifest names (the spec, an included file, the approved
/// version), checked as the module says.
pub(super) fn file(path: &str) -> Result<(), Refusal> {
    let p = relative(path)?;
    let root = root().ok_or(Refusal::Outside)?;
    inside(p, &root, false)
}

/// The fixture folder the manifest names (or the default beside the
/// spec): a folder under the root.
pub(super) fn folder(path: &Path) -> Result<(), Refusal> {
    let text = path.to_string_lossy();
    let p = relative(&text)?;
    let root = root().ok_or(Refusal::Outside)?;
    inside(p, &root, true)
}

/// A fixture file named in the manifest, within `dir` (the manifest's
/// folder, or the one `--fixtures` gives): one file name, a regular file
/// within that folder.
pub(super) fn fixture(dir: &Path, name: &str) -> Result<(), Refusal> {
    let p = Path::new(name);
    let mut parts = p.components();
    if !matches!(
        (parts.next(), parts.next()),
        (Some(Component::Normal(_)), None)
    ) {
        return Err(Refusal::NotAName);
    }
    let within = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    inside(&dir.join(p), &within, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_refused_as_written_before_anything_is_opened() {
        assert_eq!(file("/etc/shadow"), Err(Refusal::Absolute));
        assert_eq!(file("/proc/self/environ"), Err(Refusal::Absolute));
        assert_eq!(file("../../etc/passwd"), Err(Refusal::Climbs));
        assert_eq!(file("rules/../../etc/passwd"), Err(Refusal::Climbs));
        assert_eq!(file(""), Err(Refusal::NotAFile));
        assert_eq!(file("rules"), Err(Refusal::NotAFile));
        assert_eq!(file("rules/punto_banco.yaml"), Ok(()));
        assert_eq!(file("./rules/punto_banco.yaml"), Ok(()));
        // Missing: left to the read, which says it cannot be read.
        assert_eq!(file("rules/no_such.yaml"), Ok(()));
        assert_eq!(folder(Path::new("fixtures")), Ok(()));
        assert_eq!(folder(Path::new("README.md")), Err(Refusal::NotAFolder));
        assert_eq!(folder(Path::new("/tmp")), Err(Refusal::Absolute));
        let dir = Path::new("fixtures");
        assert_eq!(fixture(dir, "punto_banco.yaml"), Ok(()));
        assert_eq!(
            fixture(dir, "../rules/punto_banco.yaml"),
            Err(Refusal::NotAName)
        );
        assert_eq!(fixture(dir, "/etc/passwd"), Err(Refusal::NotAName));
        assert_eq!(fixture(dir, "errors"), Err(Refusal::NotAFile));
    }
}
