//! The small Markdown subset the report is written in: headings, paragraphs,
//! bullets (two levels), numbered items, pipe tables and fenced code, with
//! `**bold**` and `` `code` `` spans kept as styled runs.

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

pub fn parse(md: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = md.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.starts_with("```") {
            let mut code = Vec::new();
            for l in lines.by_ref() {
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
            while let Some(l) = lines.peek().filter(|l| l.trim_start().starts_with('|')) {
                if !is_rule(l) {
                    rows.push(cells(l));
                }
                lines.next();
            }
            out.push(Block::Table(rows));
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
            while let Some(l) = lines.peek() {
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
                lines.next();
            }
            out.push(Block::Para(inline(&text)));
        }
    }
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
