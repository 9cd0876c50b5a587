//! The code action's full certification: `certify SPEC` itself, run as a
//! process from the workspace's root, so the reports are the command
//! line's to the byte (the manifest records the spec's path as given).

use std::path::{Path, PathBuf};

/// The folder to run from: the workspace's root when it holds the spec,
/// else the folder above the spec's (`rules/x.yaml` runs from `.`).
pub(super) fn folder(spec: &Path, root: Option<&Path>) -> PathBuf {
    match root {
        Some(r) if spec.starts_with(r) => r.to_path_buf(),
        _ => spec
            .parent()
            .and_then(Path::parent)
            .unwrap_or(Path::new("/"))
            .to_path_buf(),
    }
}

/// Runs this certify as a process from [`folder`]: `before` (a command
/// name, or nothing), the spec's path as seen from there, then `after`,
/// without colour. Its standard output and the folder it ran in, or its
/// error output (and what it printed) when it failed.
pub(super) fn spawn(
    spec: &Path,
    root: Option<&Path>,
    before: &[&str],
    after: &[&str],
) -> Result<(String, PathBuf), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find certify: {e}"))?;
    let cwd = folder(spec, root);
    let rel = spec.strip_prefix(&cwd).unwrap_or(spec);
    let out = std::process::Command::new(exe)
        .args(before)
        .arg(rel)
        .args(after)
        .args(["--color", "never"])
        .current_dir(&cwd)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("cannot run certify: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{}{}", stderr.trim_end(), stdout.trim_end()));
    }
    Ok((stdout, cwd))
}

/// Runs `certify SPEC` and returns the reports it wrote, or its error
/// output.
pub fn certify(spec: &Path, root: Option<&Path>) -> Result<Vec<PathBuf>, String> {
    let (stdout, cwd) = spawn(spec, root, &[], &[])?;
    let written = stdout
        .lines()
        .find_map(|l| l.strip_prefix("reports: "))
        .map(|l| l.split(", ").map(|f| cwd.join(f)).collect())
        .unwrap_or_default();
    Ok(written)
}
