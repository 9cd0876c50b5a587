//! The report as a value. The pipeline's results are written into a
//! [`Document`] once: numbered sections of headings, paragraphs, lists,
//! typed tables, figures, notes and verdicts. The renderers only render it:
//! `report::markdown` writes it as Markdown, `report::pdf` lays it out on
//! pages, and the JSON report carries it under `document`. A section added
//! here shows in all three, and no renderer knows one section from another.

pub mod figure;
pub mod table;
pub mod text;

pub use figure::{Decide, DeckChart, Figure};
use schemars::JsonSchema;
use serde::Serialize;
pub use table::{Column, Kind, Table};
pub use text::{Run, Style, Text};

/// What the document says about itself (the PDF's metadata).
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Meta {
    /// The title, as the first heading shows it.
    pub title: String,
    /// Who submits the analysis ("certify" when the spec names nobody).
    pub author: String,
    /// The spec id and every wager id, after two words of the field.
    pub keywords: Vec<String>,
    /// The date of analysis the spec declares (`report.date`,
    /// `YYYY-MM-DD`), the PDF's dates; none declared: the PDF carries the
    /// release date of certify, which PDF/A requires, and page one says so.
    pub date: Option<String>,
    /// What the document is, in a sentence (the PDF's subject).
    pub description: String,
    /// What every page's running head names after the game: the report's
    /// number and revision, else the rule file's version.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reference: String,
}

/// A whole report.
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Document {
    pub meta: Meta,
    /// What the report is (shown in bold under the title).
    pub label: Text,
    pub sections: Vec<Section>,
    /// After the numbered sections, at the end: the appendices.
    pub appendices: Vec<Section>,
}

/// A numbered section ("4. Results at 8 decks") and what it holds.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Section {
    /// A stable name a program (or an edition) finds the section by:
    /// `summary`, `rules`, `method`, `results`, `verification`,
    /// `simulation`, `manifest`, `cases`.
    pub id: String,
    /// The heading as shown, with its number when it has one.
    pub heading: Text,
    pub blocks: Vec<Block>,
}

/// One piece of a section, in reading order.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(rename_all = "snake_case", tag = "block")]
pub enum Block {
    /// A heading inside the section: level 3 or 4 (the section's is 2).
    Heading {
        level: u8,
        text: Text,
    },
    Paragraph {
        text: Text,
    },
    /// A finding stated for a reader to act on (page one's verdict).
    Verdict {
        text: Text,
    },
    /// A remark about what stands before it: a table's legend, a caveat.
    Note {
        text: Text,
    },
    /// A bulleted list; each item may carry one level of sub-items.
    List {
        items: Vec<Item>,
    },
    Table {
        table: Table,
    },
    /// Lines set in monospace, as written (the manifest).
    Code {
        lines: Vec<String>,
    },
    /// A picture of data. With `table`, the figure stands for that table:
    /// the PDF draws the figure in its place, the Markdown shows the table.
    Figure {
        figure: Figure,
        #[serde(skip_serializing_if = "Option::is_none")]
        table: Option<Table>,
    },
}

/// A list item and the items under it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Item {
    pub text: Text,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Text>,
}

impl Document {
    /// Starts a numbered section; what follows is written into it.
    pub fn section(&mut self, id: &str, heading: impl Into<Text>) -> &mut Section {
        self.sections.push(Section::new(id, heading));
        self.sections.last_mut().expect("just pushed")
    }

    /// The section being written (the last one started).
    pub fn current(&mut self) -> &mut Section {
        self.sections
            .last_mut()
            .expect("a section is started before it is written")
    }

    /// The section named `id`, if the report has it.
    pub fn find(&self, id: &str) -> Option<&Section> {
        self.sections
            .iter()
            .chain(&self.appendices)
            .find(|s| s.id == id)
    }
}

impl Section {
    pub fn new(id: &str, heading: impl Into<Text>) -> Section {
        Section {
            id: id.into(),
            heading: heading.into(),
            blocks: Vec::new(),
        }
    }

    pub fn heading(&mut self, level: u8, text: impl Into<Text>) {
        debug_assert!(
            (3..=4).contains(&level),
            "a section's own heading is level 2"
        );
        self.blocks.push(Block::Heading {
            level,
            text: text.into(),
        });
    }

    pub fn para(&mut self, text: impl Into<Text>) {
        self.blocks.push(Block::Paragraph { text: text.into() });
    }

    pub fn verdict(&mut self, text: impl Into<Text>) {
        self.blocks.push(Block::Verdict { text: text.into() });
    }

    pub fn note(&mut self, text: impl Into<Text>) {
        self.blocks.push(Block::Note { text: text.into() });
    }

    /// A list item: added to the list just written, or starting one.
    pub fn item(&mut self, text: impl Into<Text>) {
        let item = Item {
            text: text.into(),
            items: Vec::new(),
        };
        match self.blocks.last_mut() {
            Some(Block::List { items }) => items.push(item),
            _ => self.blocks.push(Block::List { items: vec![item] }),
        }
    }

    /// An item under the last list item.
    pub fn sub_item(&mut self, text: impl Into<Text>) {
        match self.blocks.last_mut() {
            Some(Block::List { items }) if !items.is_empty() => {
                items.last_mut().expect("not empty").items.push(text.into())
            }
            _ => panic!("a sub-item follows an item"),
        }
    }

    /// Starts a new list even when one was just written.
    pub fn new_list(&mut self) {
        self.blocks.push(Block::List { items: Vec::new() });
    }

    pub fn table(&mut self, table: Table) {
        self.blocks.push(Block::Table { table });
    }

    pub fn code(&mut self, lines: Vec<String>) {
        self.blocks.push(Block::Code { lines });
    }

    /// A figure beside the text; with `table`, in that table's place.
    pub fn figure(&mut self, figure: Figure, table: Option<Table>) {
        self.blocks.push(Block::Figure { figure, table });
    }
}
