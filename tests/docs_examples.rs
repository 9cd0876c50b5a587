//! Every command example of the README and the manual runs here, and what
//! it prints must be what the page shows (issue 31, item 3).
//!
//! A ` ```console ` block holds commands (`$ certify check ...`), each
//! followed by what it prints, standard output and error as a terminal
//! shows them. In the expected text a line `...` stands for any number of
//! lines, `[..]` for any text within a line, and a last line `[exit N]`
//! for a non-zero exit code (no such line: the command must exit 0).
//! Commands run with `sh` in a scratch folder per Markdown file, in page
//! order, with `certify` (this build) on the PATH and the repository's
//! `rules/`, `fixtures/` and `tests/` linked in; `reports/` holds links to
//! the shipped reports, so a run replaces the link, never the file.
//!
//! A block after `<!-- file: PATH -->` is written to PATH in that folder
//! before the commands after it run (the tutorial's spec); a ` ```diff `
//! block after `<!-- edit: PATH -->` changes PATH: its `-` lines must be
//! there, in order, and are replaced by its `+` lines.
//!
//! `INSTA_UPDATE=always cargo test --release --test docs_examples`
//! rewrites every expected output that differs from what the command
//! prints now, keeping the `...` and `[..]` that still match; then read
//! `git diff` before committing. Without it (and in CI, `INSTA_UPDATE=no`)
//! a changed output fails.
#![cfg(unix)]

mod docs_support;

use docs_support::{Block, blessing, blocks, manual_files, replace_bodies};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command of a console block and what the page says it prints.
struct Example {
    command: String,
    expected: Vec<String>,
}

fn examples(b: &Block) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    for line in &b.body {
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Example {
                command: cmd.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(e) = out.last_mut() {
            e.expected.push(line.clone());
        } else {
            panic!("line {}: a console block starts with `$ `", b.line);
        }
    }
    out
}

/// `from` copied into `to`, folders included.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let target = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_tree(&p, &target);
        } else {
            std::fs::copy(&p, &target).unwrap();
        }
    }
}

/// A scratch folder with the repository's inputs copied in: copies, not
/// links, because `certify verify` and the report writers refuse a path
/// that leads elsewhere through a link (docs/limits.md), as a user's
/// checkout has none.
fn sandbox(name: &str) -> PathBuf {
    let root = docs_support::root();
    let dir = std::env::temp_dir().join(format!("certify-docs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    for d in ["rules", "fixtures", "reports"] {
        copy_tree(&root.join(d), &dir.join(d));
    }
    std::os::unix::fs::symlink(root.join("tests"), dir.join("tests")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_certify"), dir.join("bin/certify")).unwrap();
    dir
}

/// Runs `command` with `sh` in `dir`: its output (standard output and
/// error interleaved, as a terminal shows them) and exit code.
fn run(dir: &Path, command: &str) -> (Vec<String>, i32) {
    let log = dir.join(".output");
    let file = std::fs::File::create(&log).unwrap();
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let status = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    (lines, status.code().unwrap_or(-1))
}

/// A line of the page against a line printed: `[..]` matches any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(k) => rest = &rest[k + p.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// The page's lines against the lines printed: `...` matches any lines.
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => {
            !actual.is_empty() && line_matches(e, &actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// The expected lines rewritten from `actual`: each run of literal lines
/// between `...` is placed where it best fits (at the start, at the end,
/// else where its first line shares the longest prefix with a printed
/// line), and a line that still matches is kept as written.
fn bless(expected: &[String], actual: &[String]) -> Vec<String> {
    if lines_match(expected, actual) {
        return expected.to_vec();
    }
    let segments: Vec<&[String]> = expected.split(|l| l == "...").collect();
    let mut out = Vec::new();
    let mut pos = 0;
    for (s, seg) in segments.iter().enumerate() {
        if s > 0 {
            out.push("...".to_string());
        }
        if seg.is_empty() && segments.len() > 1 {
            continue;
        }
        let last = s + 1 == segments.len();
        let room = actual.len().saturating_sub(seg.len()).max(pos);
        let anchor = if s == 0 {
            pos
        } else if last {
            room
        } else {
            (pos..=room)
                .max_by_key(|&k| {
                    let a = actual.get(k).map_or("", String::as_str);
                    let common = seg[0]
                        .bytes()
                        .zip(a.bytes())
                        .take_while(|(x, y)| x == y)
                        .count();
                    (common, usize::MAX - k)
                })
                .unwrap_or(pos)
        };
        // Without `...` the whole output is taken, however long.
        let take = if segments.len() == 1 {
            actual.len().saturating_sub(anchor)
        } else {
            seg.len()
        };
        for k in 0..take {
            let Some(a) = actual.get(anchor + k) else {
                break;
            };
            match seg.get(k) {
                Some(e) if line_matches(e, a) => out.push(e.clone()),
                _ => out.push(a.clone()),
            }
        }
        pos = (anchor + take).min(actual.len());
    }
    out
}

/// Applies a ` ```diff ` block to the file at `path`.
fn edit(path: &Path, b: &Block) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("line {}: {}: {e}", b.line, path.display()));
    let old: Vec<&str> = b
        .body
        .iter()
        .filter_map(|l| l.strip_prefix('-').or(l.strip_prefix(' ')))
        .collect();
    let new: Vec<&str> = b
        .body
        .iter()
        .filter_map(|l| l.strip_prefix('+').or(l.strip_prefix(' ')))
        .collect();
    let (old, new) = (old.join("\n") + "\n", new.join("\n") + "\n");
    assert!(
        text.contains(&old),
        "line {}: {} does not contain the lines the edit removes:\n{old}",
        b.line,
        path.display()
    );
    std::fs::write(path, text.replacen(&old, &new, 1)).unwrap();
}

/// What one Markdown file's examples did: the failures in words, and the
/// file's text with the outputs rewritten (when any differ).
type Checked = (Vec<String>, Option<String>);

/// Runs every example of one Markdown file.
fn check_file(md: &Path) -> Checked {
    let text = std::fs::read_to_string(md).unwrap();
    let name = md.file_stem().unwrap().to_string_lossy().to_string();
    let dir = sandbox(&name);
    let mut failures = Vec::new();
    let mut rewritten = Vec::new();
    for b in blocks(&text) {
        if let Some(path) = b.directive_of("file") {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, b.text()).unwrap();
            continue;
        }
        if let Some(path) = b.directive_of("edit") {
            edit(&dir.join(path), &b);
            continue;
        }
        if b.lang != "console" {
            continue;
        }
        let mut body = Vec::new();
        for ex in examples(&b) {
            let (actual, code) = run(&dir, &ex.command);
            let mut expected = ex.expected.clone();
            let expected_code = match expected.last().and_then(|l| {
                l.strip_prefix("[exit ")
                    .and_then(|c| c.strip_suffix(']'))
                    .map(|c| c.parse::<i32>().expect("[exit N]"))
            }) {
                Some(c) => {
                    expected.pop();
                    c
                }
                None => 0,
            };
            let ok = code == expected_code && lines_match(&expected, &actual);
            if !ok {
                failures.push(format!(
                    "{}:{}: `{}`\n--- the page shows (exit {expected_code}):\n{}\n--- the command printed (exit {code}):\n{}\n",
                    md.display(),
                    b.line,
                    ex.command,
                    expected.join("\n"),
                    actual.join("\n")
                ));
            }
            body.push(format!("$ {}", ex.command));
            body.extend(bless(&expected, &actual));
            if code != 0 {
                body.push(format!("[exit {code}]"));
            }
        }
        rewritten.push((b, body));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let new = replace_bodies(&text, &rewritten);
    (failures, (new != text).then_some(new))
}

#[test]
fn every_console_example_prints_what_the_page_shows() {
    let files = manual_files();
    let results: Vec<(PathBuf, Checked)> = std::thread::scope(|s| {
        let handles: Vec<_> = files
            .iter()
            .map(|f| (f.clone(), s.spawn(move || check_file(f))))
            .collect();
        handles
            .into_iter()
            .map(|(f, h)| (f, h.join().expect("no panic")))
            .collect()
    });
    let mut failures = Vec::new();
    for (file, (fails, new)) in results {
        if fails.is_empty() {
            continue;
        }
        if blessing() {
            if let Some(new) = new {
                std::fs::write(&file, new).unwrap();
                eprintln!("rewrote the outputs in {}", file.display());
            }
        } else {
            failures.extend(fails);
        }
    }
    assert!(
        failures.is_empty(),
        "{} example(s) print something else than the manual shows \
         (INSTA_UPDATE=always cargo test --release --test docs_examples rewrites them):\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A `certify` command shown in a block the suite does not run is an
/// example that can drift: every one belongs in a `console` block.
#[test]
fn certify_commands_are_in_console_blocks() {
    let mut loose = Vec::new();
    for md in manual_files() {
        let text = std::fs::read_to_string(&md).unwrap();
        for b in blocks(&text) {
            let shell = matches!(b.lang.as_str(), "sh" | "bash" | "shell" | "");
            if b.lang != "console"
                && b.body.iter().any(|l| {
                    let l = l.trim_start();
                    l.starts_with("$ certify ") || (shell && l.starts_with("certify "))
                })
            {
                loose.push(format!("{}:{}", md.display(), b.line));
            }
        }
    }
    assert!(
        loose.is_empty(),
        "certify commands outside console blocks (not run by the suite): {loose:?}"
    );
}

#[test]
fn the_matcher_reads_the_page_as_documented() {
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &v(&["a", "...", "z"]),
        &v(&["a", "b", "c", "z"])
    ));
    assert!(lines_match(&v(&["a", "..."]), &v(&["a"])));
    assert!(!lines_match(&v(&["a", "z"]), &v(&["a", "b", "z"])));
    assert!(lines_match(&v(&["took [..] s"]), &v(&["took 1.5 s"])));
    assert!(!lines_match(&v(&["took [..] s"]), &v(&["took 1.5 ms!"])));
    // Blessing keeps the elisions and the wildcards that still match.
    assert_eq!(
        bless(
            &v(&["head 1", "...", "fixtures: 2", "...", "tail 0"]),
            &v(&["head 2", "x", "fixtures: 3", "y", "tail 9"])
        ),
        v(&["head 2", "...", "fixtures: 3", "...", "tail 9"])
    );
    assert_eq!(
        bless(&v(&["a [..]", "b"]), &v(&["a 1", "c", "d"])),
        v(&["a [..]", "c", "d"])
    );
    assert_eq!(bless(&[], &v(&["new", "output"])), v(&["new", "output"]));
}
