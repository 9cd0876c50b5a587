//! A report set as `certify verify` reads it: the report and its siblings
//! (`<stem>.md`, `.json`, `.pdf`) in the report's folder, read under the
//! folder's shared lock, and what an interrupted write left beside them;
//! and the first difference of two texts, shown within bounds.

use crate::report::document::lock_set;
use std::path::{Path, PathBuf};

/// The extensions of a set's members, in the order they are checked.
pub(super) const MEMBERS: [&str; 3] = ["md", "json", "pdf"];

/// The set as read: each member's path and bytes (None: not there, or
/// not a regular file), and the staging files of an interrupted write.
pub(super) struct SetOnDisk {
    pub members: Vec<(PathBuf, Option<Vec<u8>>)>,
    pub leftovers: Vec<PathBuf>,
}

/// Reads the set of `report` under the folder's shared lock, so that no
/// writer's renames are seen half done. The caller has checked that the
/// report is a file of the set: a lock is never taken for a rejected
/// input, and its file goes when the last holder is done. Members past
/// `max` read as one byte too many: they then differ from the fresh set.
pub(super) fn read(report: &Path, max: u64) -> SetOnDisk {
    let dir = report.parent().unwrap_or(Path::new(""));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    // A folder verify cannot write to is read without the lock.
    let lock = lock_set(dir, false).ok();
    let members = MEMBERS
        .iter()
        .map(|e| report.with_extension(e))
        .map(|p| {
            let bytes = crate::spec::source::read_bytes_bounded(&p, max).ok();
            (p, bytes)
        })
        .collect();
    let leftovers = leftovers(dir, report);
    drop(lock);
    SetOnDisk { members, leftovers }
}

/// The staging files a write of this set leaves only when it was
/// interrupted (`.<stem>.<ext>.tmp-…` and `.old-…`, see
/// `report::document::write_files`).
fn leftovers(dir: &Path, report: &Path) -> Vec<PathBuf> {
    let Some(stem) = report.file_stem().and_then(|s| s.to_str()) else {
        return Vec::new();
    };
    let prefixes: Vec<String> = MEMBERS.iter().map(|e| format!(".{stem}.{e}.")).collect();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            prefixes.iter().any(|p| {
                n.strip_prefix(p.as_str())
                    .is_some_and(|rest| rest.starts_with("tmp-") || rest.starts_with("old-"))
            })
        })
        .map(|n| dir.join(n))
        .collect();
    out.sort();
    out
}

/// The most characters of a differing line a message shows.
const SHOWN: usize = 160;

/// The first line where two texts differ (1-based), with both lines as a
/// message shows them: a long line is cut to a window around the first
/// differing character, its length stated (a report edited to hold a
/// 63 MB line is never echoed whole).
pub(super) fn first_difference(a: &str, b: &str) -> Option<(usize, String, String)> {
    let (mut la, mut lb) = (a.lines(), b.lines());
    let mut n = 0;
    loop {
        n += 1;
        match (la.next(), lb.next()) {
            (None, None) => return None,
            (x, y) if x == y => continue,
            (x, y) => {
                let (x, y) = (x.unwrap_or("(end of file)"), y.unwrap_or("(end of file)"));
                let at = x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count();
                return Some((n, excerpt(x, at), excerpt(y, at)));
            }
        }
    }
}

/// `line` whole up to [`SHOWN`] characters, else a window of that many
/// from a little before character `at`, with `…` where cut and the line's
/// length.
fn excerpt(line: &str, at: usize) -> String {
    let len = line.chars().count();
    if len <= SHOWN {
        return line.to_string();
    }
    let start = at.saturating_sub(SHOWN / 4).min(len - SHOWN);
    let shown: String = line.chars().skip(start).take(SHOWN).collect();
    format!(
        "{}{shown}{} (a line of {} characters)",
        if start > 0 { "…" } else { "" },
        if start + SHOWN < len { "…" } else { "" },
        crate::diag::group_digits(&len.to_string())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_differing_line_is_shown_around_its_difference() {
        let was = format!("{}X{}", "a".repeat(10_000), "b".repeat(50_000));
        let now = format!("{}Y{}", "a".repeat(10_000), "b".repeat(50_000));
        let text = |l: &str| format!("same\n{l}\nsame\n");
        let (line, w, n) = first_difference(&text(&was), &text(&now)).unwrap();
        assert_eq!(line, 2);
        assert!(w.contains('X') && n.contains('Y'), "{w}");
        assert!(w.chars().count() < 250, "{w}");
        assert!(w.ends_with("(a line of 60,001 characters)"), "{w}");
        assert_eq!(first_difference("a\nb\n", "a\nb\n"), None);
        assert_eq!(
            first_difference("a\n", "a\nb\n"),
            Some((2, "(end of file)".into(), "b".into()))
        );
    }
}
