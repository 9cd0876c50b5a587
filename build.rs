//! Puts the git commit into `certify --version` when built from a checkout
//! (`0.1.0 (abc1234)`); elsewhere, or without git, the version alone. Only
//! `--version` reads it: reports record `CARGO_PKG_VERSION`, so they stay
//! byte-reproducible across commits.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

fn main() {
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!("cargo:rerun-if-changed=build.rs");
    // `.git` is a folder in a clone and a file in a worktree; a source
    // tarball or crates.io package has neither.
    let commit = if std::path::Path::new(".git").exists() {
        git(&["rev-parse", "--short", "HEAD"])
    } else {
        None
    };
    if let Some(commit) = &commit {
        // Rebuild when HEAD moves: HEAD itself and the branch it names. Only
        // files that exist: cargo reruns on every build for a missing one.
        let mut watch = vec![];
        if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
            watch.push(format!("{dir}/HEAD"));
        }
        if let Some(common) = git(&["rev-parse", "--git-common-dir"]) {
            if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
                watch.push(format!("{common}/{branch}"));
            }
            watch.push(format!("{common}/packed-refs"));
        }
        for f in watch.iter().filter(|f| std::path::Path::new(f).exists()) {
            println!("cargo:rerun-if-changed={f}");
        }
        println!("cargo:rustc-env=CERTIFY_LONG_VERSION={version} ({commit})");
    } else {
        println!("cargo:rustc-env=CERTIFY_LONG_VERSION={version}");
    }
}
