//! A rule document indexed: its places (numbered items, headings, tables)
//! with their lines, and its searchable text.
//!
//! The documents are plain text converted from print, so their structure is
//! read from the layout, by rules stated here and in the manual:
//! * a **numbered item** is a line starting `N.` (bold or not); a number is
//!   an item the first time it appears;
//! * a **table** is two or more consecutive lines holding tabs; it is named
//!   by its title row (a first row with one cell), else its caption (the
//!   line just before it, when that is a heading or ends with `:`) when
//!   short, else its header row;
//! * a **heading** is a `#` line, or a short line standing alone between
//!   blank lines (at most 12 words, not a sentence, holding letters);
//! * **page furniture** (a short line standing alone that repeats, such as
//!   a running title) is left out of places and of the searchable text;
//! * lines before the first place are the **opening lines**.
//!
//! A place runs to the line before the next place. It holds words to
//! account for unless it is a heading directly followed by another place
//! (or by one line introducing what follows, ending with `:`).

use super::text::{Searchable, clean_line, squeezed};

/// What kind of place of the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PlaceKind {
    /// The lines before the first heading, item or table.
    Opening,
    Heading,
    Item,
    Table,
}

/// A place of the document a reference can name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub kind: PlaceKind,
    /// The name shown: `item 3`, a heading as printed, a table's title,
    /// caption or header row.
    pub name: String,
    /// An item's own title (its short first line), if it has one.
    pub title: Option<String>,
    /// The item's number.
    pub number: Option<u32>,
    /// First and last line (1-based, inclusive).
    pub line: usize,
    pub end: usize,
    /// Whether it holds words a spec must account for.
    pub content: bool,
    /// The names a reference may use, folded to lower case.
    pub(crate) aliases: Vec<String>,
}

impl PlaceKind {
    /// `opening`, `heading`, `item`, `table`.
    pub fn as_str(self) -> &'static str {
        match self {
            PlaceKind::Opening => "opening",
            PlaceKind::Heading => "heading",
            PlaceKind::Item => "item",
            PlaceKind::Table => "table",
        }
    }
}

impl Place {
    /// `item 3 (No Third Cards Drawn)`, `Rules of Play`, `table Event | …`:
    /// the place as a list of places names it.
    pub fn label(&self) -> String {
        match (self.kind, &self.title) {
            (PlaceKind::Item, Some(t)) => format!("{} ({t})", self.name),
            (PlaceKind::Table, _) => format!("table “{}”", self.name),
            _ => self.name.clone(),
        }
    }
}

/// A rule document read and indexed.
#[derive(Clone, Debug)]
pub struct Document {
    /// Its file name, as specs name it.
    pub name: String,
    /// SHA-256 of its bytes.
    pub sha256: String,
    pub places: Vec<Place>,
    pub(crate) text: Searchable,
}

/// One line as the index reads it.
struct Line {
    clean: String,
    /// The raw line holds a tab (a table row).
    tab: bool,
    /// Blank, or page furniture (read as blank).
    blank: bool,
    /// The raw line starts with a list bullet.
    bullet: bool,
    /// A `#` heading line.
    hashed: bool,
}

impl Document {
    /// Indexes the text of document `name`.
    pub fn read(name: &str, bytes: &[u8]) -> Document {
        let text = String::from_utf8_lossy(bytes);
        let mut lines: Vec<Line> = text
            .split('\n')
            .map(|raw| {
                let t = raw.trim_start();
                let clean = clean_line(raw);
                Line {
                    blank: clean.trim().is_empty(),
                    tab: raw.contains('\t'),
                    bullet: ["- ", "* ", "• ", "+ ", "-\t", "•\t"]
                        .iter()
                        .any(|b| t.starts_with(b)),
                    hashed: t.starts_with('#'),
                    clean,
                }
            })
            .collect();
        drop_furniture(&mut lines);
        let items = items(&lines);
        let tables = tables(&lines);
        let mut headings: Vec<usize> = (0..lines.len())
            .filter(|&i| is_heading(&lines, i) && !items.iter().any(|(l, _)| *l == i))
            .collect();
        let mut places: Vec<Place> = Vec::new();
        for &(i, n) in &items {
            let title = item_title(&lines[i].clean);
            let mut aliases = vec![format!("item {n}")];
            aliases.extend(title.iter().map(|t| alias(t)));
            places.push(Place {
                kind: PlaceKind::Item,
                name: format!("item {n}"),
                title,
                number: Some(n),
                line: i,
                end: i,
                content: true,
                aliases,
            });
        }
        for (first, last) in tables {
            places.push(table(&lines, first, last, &mut headings));
        }
        for &i in &headings {
            let name = heading_text(&lines[i].clean);
            places.push(Place {
                kind: PlaceKind::Heading,
                aliases: vec![alias(&name)],
                name,
                title: None,
                number: None,
                line: i,
                end: i,
                content: false,
            });
        }
        places.sort_by_key(|p| p.line);
        if let Some(first) = places.first().map(|p| p.line)
            && (0..first).any(|i| !lines[i].blank)
        {
            places.insert(
                0,
                Place {
                    kind: PlaceKind::Opening,
                    name: "opening lines".into(),
                    title: None,
                    number: None,
                    line: 0,
                    end: 0,
                    content: true,
                    aliases: vec!["opening lines".into(), "opening".into()],
                },
            );
        }
        // A table ends at its last row; any other place runs to the next
        // place that is not a table (the words after a table are the
        // place's around it), trailing blank lines and tables left out.
        let count = lines.len();
        let rows: Vec<(usize, usize)> = places
            .iter()
            .filter(|p| p.kind == PlaceKind::Table)
            .map(|p| (p.line, p.end))
            .collect();
        let in_table = |i: usize| rows.iter().any(|&(a, b)| a <= i && i <= b);
        for k in 0..places.len() {
            if places[k].kind == PlaceKind::Table {
                continue;
            }
            let next = places[k + 1..]
                .iter()
                .find(|p| p.kind != PlaceKind::Table)
                .map_or(count, |p| p.line);
            let p = &mut places[k];
            let mut end = next.saturating_sub(1).max(p.line);
            while end > p.line && (lines[end].blank || in_table(end)) {
                end -= 1;
            }
            p.end = end;
            if p.kind == PlaceKind::Heading {
                let body: Vec<&Line> = (p.line + 1..=p.end)
                    .filter(|&i| !lines[i].blank && !in_table(i))
                    .map(|i| &lines[i])
                    .collect();
                p.content = match body.as_slice() {
                    [] => false,
                    [only] => !only.clean.ends_with(':'),
                    _ => true,
                };
            }
        }
        let mut text = Searchable::default();
        for (i, l) in lines.iter().enumerate() {
            if !l.blank {
                text.push_line(i + 1, &l.clean);
            }
        }
        for p in &mut places {
            p.line += 1;
            p.end += 1;
        }
        Document {
            name: name.to_string(),
            sha256: crate::spec::source::sha256_hex(bytes),
            places,
            text,
        }
    }

    /// The numbers of the document's items, in its order.
    pub fn item_numbers(&self) -> Vec<u32> {
        self.places.iter().filter_map(|p| p.number).collect()
    }

    /// The place holding document line `line`: the innermost (a table
    /// within a heading's or item's lines).
    pub fn place_at(&self, line: usize) -> Option<usize> {
        let k = self.places.partition_point(|p| p.line <= line);
        (0..k).rev().find(|&i| line <= self.places[i].end)
    }
}

/// A name as references are compared with it: folded, lower case, single
/// spaces, without a trailing `:` or `.`.
pub(crate) fn alias(s: &str) -> String {
    squeezed(s)
        .chars()
        .map(super::text::lower)
        .collect::<String>()
        .trim_end_matches([':', '.'])
        .trim()
        .to_string()
}

/// Marks as blank every copy of a short line that stands alone and repeats
/// (a running title or page header), so that it neither names a place nor
/// breaks a sentence that runs across a page.
fn drop_furniture(lines: &mut [Line]) {
    let alone = |lines: &[Line], i: usize| {
        !lines[i].blank
            && !lines[i].tab
            && (i == 0 || lines[i - 1].blank)
            && (i + 1 == lines.len() || lines[i + 1].blank)
            && lines[i].clean.split_whitespace().count() <= 8
    };
    let mut seen: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for i in 0..lines.len() {
        if alone(lines, i) {
            seen.entry(lines[i].clean.clone()).or_default().push(i);
        }
    }
    for at in seen.values().filter(|v| v.len() >= 2) {
        for &i in at {
            lines[i].blank = true;
        }
    }
}

/// `(line, number)` of each numbered item, first appearance only.
fn items(lines: &[Line]) -> Vec<(usize, u32)> {
    let mut out: Vec<(usize, u32)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if l.blank || l.bullet {
            continue;
        }
        let digits: String = l.clean.chars().take_while(char::is_ascii_digit).collect();
        let rest = &l.clean[digits.len()..];
        if (1..=3).contains(&digits.len())
            && (rest.starts_with(". ") || rest.starts_with(".\t"))
            && let Ok(n) = digits.parse::<u32>()
            && !out.iter().any(|(_, m)| *m == n)
        {
            out.push((i, n));
        }
    }
    out
}

/// An item's title: its first line after the number, when that line is
/// short (a title, not the item's first sentence).
fn item_title(clean: &str) -> Option<String> {
    let rest = clean.split_once(". ")?.1.trim();
    let t = rest.trim_end_matches(':').trim();
    (t.split_whitespace().count() <= 12 && !t.ends_with('.') && !t.is_empty())
        .then(|| t.to_string())
}

/// `(first, last)` lines of each run of two or more consecutive lines
/// holding tabs.
fn tables(lines: &[Line]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].tab && !lines[i].blank {
            let first = i;
            while i + 1 < lines.len() && lines[i + 1].tab && !lines[i + 1].blank {
                i += 1;
            }
            if i > first {
                out.push((first, i));
            }
        }
        i += 1;
    }
    out
}

/// A table's place: named by its title row, else a short caption, else its
/// header row. A heading just before it is its caption, not a place of its
/// own (it is taken out of `headings`).
fn table(lines: &[Line], first: usize, last: usize, headings: &mut Vec<usize>) -> Place {
    let cells = |i: usize| -> Vec<String> {
        lines[i]
            .clean
            .split('\t')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    };
    let head = cells(first);
    let title = (head.len() == 1).then(|| head[0].clone());
    let header = if title.is_some() && first < last {
        cells(first + 1)
    } else {
        head.clone()
    };
    let before = (0..first).rev().find(|&i| !lines[i].blank);
    let mut start = first;
    let caption = before.and_then(|b| {
        let text = lines[b].clean.trim();
        let heading = headings.contains(&b);
        let lead_in = text.ends_with(':')
            && text.chars().count() <= 120
            && (b == 0 || lines[b - 1].blank)
            && !lines[b].tab;
        if heading || lead_in {
            if heading {
                headings.retain(|&h| h != b);
            }
            if heading || title.is_none() {
                start = b;
            }
            Some(heading_text(text))
        } else {
            None
        }
    });
    let header_text = header.join(" | ");
    let name = match (&title, &caption) {
        (Some(t), _) => t.clone(),
        (None, Some(c)) if c.chars().count() <= 60 => c.clone(),
        _ => header_text.clone(),
    };
    let mut aliases: Vec<String> = Vec::new();
    for a in [
        Some(&name),
        title.as_ref(),
        caption.as_ref(),
        Some(&header_text),
    ]
    .into_iter()
    .flatten()
    {
        let a = alias(a);
        if !aliases.contains(&a) {
            aliases.push(a);
        }
    }
    Place {
        kind: PlaceKind::Table,
        name,
        title: None,
        number: None,
        line: start,
        end: last,
        content: true,
        aliases,
    }
}

/// A heading as shown: cleaned, without a trailing `:`.
fn heading_text(clean: &str) -> String {
    squeezed(clean).trim_end_matches(':').trim().to_string()
}

/// Whether line `i` is a heading: a `#` line, or a short line standing
/// alone between blank lines that reads as a title, not a sentence.
fn is_heading(lines: &[Line], i: usize) -> bool {
    let l = &lines[i];
    if l.blank || l.tab {
        return false;
    }
    if l.hashed {
        return true;
    }
    let alone = (i == 0 || lines[i - 1].blank) && (i + 1 == lines.len() || lines[i + 1].blank);
    let t = l.clean.trim();
    let words = t.split_whitespace().count();
    let letters = t.chars().filter(|c| c.is_alphabetic()).count();
    alone
        && !l.bullet
        && words <= 12
        && t.chars().count() <= 90
        && letters >= 2
        && !t.starts_with(char::is_lowercase)
        && !t.ends_with(['.', ',', ';'])
        && !t.contains(". ")
        && !(t.starts_with('[') || t.starts_with('('))
        && (!t.ends_with(':') || words <= 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "Title of the Game\n\nSome opening words.\n\n### **Rules of Play**\n\nThe bet is played.\n\n**1. First Rule:**\n\n- The bettor wins.\n\n2. Second rule in a sentence. It goes on.\n\nPaytables\n\n<b>Event</b>\t<b>Pays</b>\nWin\t1 to 1\n\nEmpty Heading\n\nNext Heading\n\nWords.\n";

    #[test]
    fn places_are_found_by_layout() {
        let d = Document::read("d.txt", DOC.as_bytes());
        let got: Vec<(PlaceKind, &str, usize, bool)> = d
            .places
            .iter()
            .map(|p| (p.kind, p.name.as_str(), p.line, p.content))
            .collect();
        assert_eq!(
            got,
            vec![
                (PlaceKind::Heading, "Title of the Game", 1, true),
                (PlaceKind::Heading, "Rules of Play", 5, true),
                (PlaceKind::Item, "item 1", 9, true),
                (PlaceKind::Item, "item 2", 13, true),
                (PlaceKind::Table, "Paytables", 15, true),
                (PlaceKind::Heading, "Empty Heading", 20, false),
                (PlaceKind::Heading, "Next Heading", 22, true),
            ]
        );
        assert_eq!(d.places[2].title.as_deref(), Some("First Rule"));
        assert_eq!(d.places[3].title, None);
        assert_eq!(d.place_at(11), Some(2));
        assert_eq!(d.item_numbers(), vec![1, 2]);
        assert!(d.places[4].aliases.contains(&"event | pays".to_string()));
    }

    #[test]
    fn a_repeated_running_title_is_furniture() {
        let doc = "Game 1.0\n\nType of Game\n\nThe game is played by seven players and one player-dealer who deals the\n\nGame 1.0\n\ncards.\n";
        let d = Document::read("d.txt", doc.as_bytes());
        let names: Vec<&str> = d.places.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, vec!["Type of Game"]);
        let all = d.text.text(0..d.text.chars.len());
        assert_eq!(
            all,
            "Type of Game The game is played by seven players and one player-dealer who deals the cards."
        );
    }
}
