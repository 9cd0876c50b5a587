//! The Markdown rendering of a report: the [`Document`] written out, block
//! by block. Every block ends with a blank line; a list's items follow one
//! another; tables are pipe tables laid out by comfy-table (which never
//! asks a terminal its width), so the text reads well as plain text too.

use super::model::{Block, Document, Section, Table};
use super::text::plain_table;

/// The report's Markdown text.
pub fn render(doc: &Document) -> String {
    let mut s = format!("# {}\n\n", doc.meta.title);
    if !doc.label.is_empty() {
        s.push_str(&doc.label.markdown());
        s.push_str("\n\n");
    }
    for section in doc.sections.iter().chain(&doc.appendices) {
        write_section(&mut s, section);
    }
    while s.ends_with("\n\n") {
        s.pop();
    }
    s
}

fn write_section(s: &mut String, section: &Section) {
    if !section.heading.is_empty() {
        s.push_str(&format!("## {}\n\n", section.heading.markdown()));
    }
    for block in &section.blocks {
        write_block(s, block);
    }
}

/// Blocks on their own (a section's body, without its heading).
pub fn blocks(blocks: &[Block]) -> String {
    let mut s = String::new();
    for block in blocks {
        write_block(&mut s, block);
    }
    s
}

fn write_block(s: &mut String, block: &Block) {
    match block {
        Block::Heading { level, text } => {
            s.push_str(&"#".repeat(usize::from(*level)));
            s.push(' ');
            s.push_str(&text.markdown());
            s.push_str("\n\n");
        }
        Block::Paragraph { text } | Block::Verdict { text } | Block::Note { text } => {
            s.push_str(&text.markdown());
            s.push_str("\n\n");
        }
        Block::List { items } => {
            if items.is_empty() {
                return;
            }
            for item in items {
                s.push_str(&format!("- {}\n", item.text.markdown()));
                for sub in &item.items {
                    s.push_str(&format!("  - {}\n", sub.markdown()));
                }
            }
            s.push('\n');
        }
        Block::Table { table } => write_table(s, table),
        Block::Code { lines } => {
            s.push_str("```text\n");
            for line in lines {
                s.push_str(line);
                s.push('\n');
            }
            s.push_str("```\n\n");
        }
        // The Markdown shows the data as the table the figure draws.
        Block::Figure { table, .. } => {
            if let Some(t) = table {
                write_table(s, t);
            }
        }
    }
}

fn write_table(s: &mut String, table: &Table) {
    s.push_str(&plain_table(table).to_string());
    s.push_str("\n\n");
}
