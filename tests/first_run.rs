//! A new user's first run changes nothing (issue 36, item 1): the README's
//! main command, run on a copy of the repository's tracked files, leaves
//! every one of them byte for byte as it was. The shipped reports are what
//! that command writes, because each shipped spec declares its report
//! (`report: { date, simulate }`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The README's main command: the first `cargo run --release -- ...` line
/// of its first code block, as the arguments after `--`.
fn readme_main_command() -> Vec<String> {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let line = readme
        .lines()
        .find_map(|l| l.trim().strip_prefix("cargo run --release -- "))
        .expect("the README names its main command as `cargo run --release -- ...`");
    let command = line.split('#').next().unwrap_or_default();
    command.split_whitespace().map(String::from).collect()
}

fn tracked_files() -> Vec<PathBuf> {
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .output()
        .expect("git lists the tracked files");
    assert!(out.status.success(), "git ls-files failed");
    out.stdout
        .split(|&b| b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
        // A file deleted in the working tree but not yet in the index.
        .filter(|p| p.is_file())
        .collect()
}

#[test]
fn the_readme_main_command_leaves_every_tracked_file_as_it_was() {
    let args = readme_main_command();
    assert!(
        args.first().is_some_and(|a| a.ends_with(".yaml")),
        "{args:?}"
    );
    let copy = std::env::temp_dir().join(format!("certify-first-run-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    let files = tracked_files();
    assert!(files.iter().any(|f| f.starts_with("reports")));
    for f in &files {
        let to = copy.join(f);
        std::fs::create_dir_all(to.parent().unwrap_or(Path::new(""))).unwrap();
        std::fs::copy(f, &to).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_certify"))
        .args(&args)
        .current_dir(&copy)
        .output()
        .expect("certify runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // It wrote its reports (over the shipped ones) ...
    assert!(stdout.contains("reports: reports/"), "{stdout}");
    // ... and every tracked file is as it was.
    let changed: Vec<String> = files
        .iter()
        .filter(|f| std::fs::read(copy.join(f)).ok() != std::fs::read(f).ok())
        .map(|f| f.display().to_string())
        .collect();
    std::fs::remove_dir_all(&copy).ok();
    assert!(
        changed.is_empty(),
        "the README's main command `certify {}` changed tracked files: {changed:?} \
         (regenerate the shipped reports with that command, README)",
        args.join(" ")
    );
}
