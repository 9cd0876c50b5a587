//! The small Markdown subset the report is written in: headings, paragraphs,
//! bullets (two levels), numbered items, pipe tables and fenced code, with
//! `**bold**` and `` `code` `` spans kept as styled runs; the report's
//! figures are placed among the blocks where the report put them.

use crate::report::figure::{Figure, Figures};

/// A run of text in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub text: String,
    pub bold: bool,
    pub code: bool,
}

pub type Runs = Vec<Run>;

#[derive(Clone, Debug)]
pub enum Block {
    Heading(u8, Runs),
    Para(Runs),
    /// A list item: its nesting level and its marker ("•", "–" or "3.").
    Item(usize, String, Runs),
    Table(Vec<Vec<Runs>>),
    Code(Vec<String>),
    /// A picture handed with the Markdown (never parsed out of it).
    Figure(Figure),
}

/// The text of runs without their styling.
pub fn plain(runs: &[Run]) -> String {
    runs.iter().map(|r| r.text.as_str()).collect()
}

/// Splits `s` into runs at `**` and backtick markers (a backslash escapes
/// the next character outside code).
pub fn inline(s: &str) -> Runs {
    let mut out: Runs = Vec::new();
    let (mut bold, mut code) = (false, false);
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    let flush = |cur: &mut String, out: &mut Runs, bold: bool, code: bool| {
        if !cur.is_empty() {
            out.push(Run {
                text: std::mem::take(cur),
                bold,
                code,
            });
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '`' => {
                flush(&mut cur, &mut out, bold, code);
                code = !code;
            }
            '*' if !code && chars.peek() == Some(&'*') => {
                chars.next();
                flush(&mut cur, &mut out, bold, code);
                bold = !bold;
            }
            '\\' if !code && chars.peek().is_some_and(|n| n.is_ascii_punctuation()) => {
                cur.push(chars.next().expect("peeked"));
            }
            _ => cur.push(c),
        }
    }
    flush(&mut cur, &mut out, bold, code);
    out
}

fn cells(line: &str) -> Vec<Runs> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    // Split at pipes not escaped and not inside code spans.
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut code = false;
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cur.push('\\');
                cur.push(chars.next().expect("peeked"));
            }
            '`' => {
                code = !code;
                cur.push(c);
            }
            '|' if !code => out.push(inline(std::mem::take(&mut cur).trim())),
            _ => cur.push(c),
        }
    }
    out.push(inline(cur.trim()));
    out
}

fn is_rule(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// The blocks of `md`, with each figure placed before the line it names
/// (a figure that replaces a table drops the next table).
pub fn parse(md: &str, figures: &Figures) -> Vec<Block> {
    let mut offset = 0;
    let all: Vec<(usize, &str)> = md
        .split_inclusive('\n')
        .map(|l| {
            let at = offset;
            offset += l.len();
            (at, l.trim_end_matches(['\n', '\r']))
        })
        .collect();
    let mut out = Vec::new();
    let mut placed = figures.0.iter().peekable();
    let mut drop_table = false;
    let mut i = 0;
    let peek = |i: usize| all.get(i).map(|(_, l)| *l);
    while let Some(&(at, line)) = all.get(i) {
        i += 1;
        while let Some(p) = placed.next_if(|p| p.at <= at) {
            out.push(Block::Figure(p.figure.clone()));
            drop_table |= p.replaces_table;
        }
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.starts_with("```") {
            let mut code = Vec::new();
            while let Some(l) = peek(i) {
                i += 1;
                if l.trim_start().starts_with("```") {
                    break;
                }
                code.push(l.to_string());
            }
            out.push(Block::Code(code));
        } else if let Some((level, h)) = heading(line) {
            out.push(Block::Heading(level, inline(h)));
        } else if trimmed.starts_with('|') {
            let mut rows = vec![cells(line)];
            while let Some(l) = peek(i).filter(|l| l.trim_start().starts_with('|')) {
                if !is_rule(l) {
                    rows.push(cells(l));
                }
                i += 1;
            }
            if !std::mem::take(&mut drop_table) {
                out.push(Block::Table(rows));
            }
        } else if let Some(b) = trimmed
            .strip_prefix("- ")
            .or_else(|| trimmed.strip_prefix("* "))
        {
            let level = indent / 2;
            let marker = if level == 0 { "•" } else { "–" };
            out.push(Block::Item(level, marker.into(), inline(b)));
        } else if let Some((n, rest)) = numbered(trimmed) {
            out.push(Block::Item(indent / 2, format!("{n}."), inline(rest)));
        } else if !trimmed.is_empty() {
            // Consecutive text lines form one paragraph.
            let mut text = trimmed.trim_start_matches("> ").to_string();
            while let Some(l) = peek(i) {
                let t = l.trim_start();
                if t.is_empty()
                    || t.starts_with('|')
                    || t.starts_with("```")
                    || t.starts_with("- ")
                    || t.starts_with("* ")
                    || heading(l).is_some()
                    || numbered(t).is_some()
                {
                    break;
                }
                text.push(' ');
                text.push_str(t.trim_start_matches("> "));
                i += 1;
            }
            out.push(Block::Para(inline(&text)));
        }
    }
    out.extend(placed.map(|p| Block::Figure(p.figure.clone())));
    out
}

fn heading(line: &str) -> Option<(u8, &str)> {
    let hashes = line.chars().take_while(|c| *c == '#').count();
    if (1..=6).contains(&hashes) {
        line[hashes..]
            .strip_prefix(' ')
            .map(|h| (hashes.min(4) as u8, h.trim()))
    } else {
        None
    }
}

fn numbered(t: &str) -> Option<(&str, &str)> {
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    t[digits..]
        .strip_prefix(". ")
        .map(|rest| (&t[..digits], rest))
}
