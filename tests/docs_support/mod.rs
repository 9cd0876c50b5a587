//! The manual's Markdown read as the docs tests need it: fenced blocks with
//! their language, the directive comment before them (`<!-- file: PATH -->`,
//! `<!-- check: ... -->`), and their lines, so a test can run or check a
//! block and write a new body back in place. Shared by `tests/docs_*.rs`.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The Markdown files of the manual that the docs tests read: the README
/// and every chapter in `docs/`, less those other people own and test
/// (listed here with why).
pub fn manual_files() -> Vec<PathBuf> {
    // docs/editors.md: the language server's set-up (`certify lsp` talks
    // over stdin and would wait there); docs/cluster.md: its scripts are
    // tested by tests/cluster_examples.rs.
    const NOT_HERE: [&str; 2] = ["editors.md", "cluster.md"];
    let mut files = vec![PathBuf::from("README.md")];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir("docs")
        .expect("docs/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            !NOT_HERE.contains(&name.as_ref())
        })
        .collect();
    chapters.sort();
    files.extend(chapters);
    files
}

/// One fenced code block.
#[derive(Debug, Clone)]
pub struct Block {
    /// 1-based line of the opening fence.
    pub line: usize,
    /// The info string's first word: `console`, `yaml`, `sh`...
    pub lang: String,
    /// The directive in the HTML comment just before the block, e.g.
    /// `file: drafts/rules/my_bet.yaml`, without `<!--` and `-->`.
    pub directive: Option<String>,
    /// The body's lines, the fence's indentation removed.
    pub body: Vec<String>,
    /// 0-based index of the first body line, and one past the last.
    pub span: (usize, usize),
    /// The fence's indentation (blocks inside list items).
    pub indent: usize,
}

impl Block {
    pub fn text(&self) -> String {
        let mut s = self.body.join("\n");
        s.push('\n');
        s
    }

    /// `file:ARG` of `file: ARG`, when the directive is of that kind.
    pub fn directive_of(&self, kind: &str) -> Option<&str> {
        let d = self.directive.as_deref()?;
        let rest = d.strip_prefix(kind)?.trim_start();
        rest.strip_prefix(':').map(str::trim)
    }
}

/// Every fenced block of `text`, in order.
pub fn blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let indent = lines[i].len() - trimmed.len();
        if let Some(info) = trimmed.strip_prefix("```") {
            let lang = info.split([' ', ',', '{']).next().unwrap_or("").to_string();
            let directive = directive_before(&lines, i);
            let start = i + 1;
            let mut end = start;
            while end < lines.len() && lines[end].trim() != "```" {
                end += 1;
            }
            let body = lines[start..end]
                .iter()
                .map(|l| {
                    let cut = l.len() - l.trim_start().len();
                    l[cut.min(indent)..].to_string()
                })
                .collect();
            out.push(Block {
                line: i + 1,
                lang,
                directive,
                body,
                span: (start, end),
                indent,
            });
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The `<!-- ... -->` comment on the last non-blank line before line `i`.
fn directive_before(lines: &[&str], i: usize) -> Option<String> {
    let prev = lines[..i].iter().rev().find(|l| !l.trim().is_empty())?;
    let inner = prev.trim().strip_prefix("<!--")?.strip_suffix("-->")?;
    Some(inner.trim().to_string())
}

/// `text` with the bodies of the blocks given replaced (by `span`).
pub fn replace_bodies(text: &str, new: &[(Block, Vec<String>)]) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    let mut sorted: Vec<&(Block, Vec<String>)> = new.iter().collect();
    sorted.sort_by_key(|(b, _)| b.span.0);
    for (b, body) in sorted {
        out.extend(lines[i..b.span.0].iter().map(|l| l.to_string()));
        let pad = " ".repeat(b.indent);
        out.extend(body.iter().map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        }));
        i = b.span.1;
    }
    out.extend(lines[i..].iter().map(|l| l.to_string()));
    let mut s = out.join("\n");
    if text.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// The repository root (tests run there).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Whether the expected outputs are to be rewritten from what the commands
/// print now, as insta does: `INSTA_UPDATE=always`.
pub fn blessing() -> bool {
    std::env::var("INSTA_UPDATE").is_ok_and(|v| v == "always")
}
