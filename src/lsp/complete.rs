//! Completion: in a condition, the names it may use (hands, their and
//! their cards' attributes, functions, globals, operators, ranks, suits,
//! the spec's definitions); elsewhere the ids a field refers to (a pay
//! table's events, wagers, pay tables, a fixture's expectations).

use super::keys;
use super::outline::DocKind;
use super::reference::{self, Kind};
use super::scope::{Owner, Scope, Slot, chain_before, owner, slot};
use super::text::{self, Context};
use crate::cards::{RANK_NAMES, SUIT_NAMES};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, MarkupContent,
    MarkupKind, Position, Range, TextEdit,
};

/// The items at `pos` (the cursor, whose line context is `ctx`).
pub fn complete(ctx: &Context, scope: &Scope, pos: Position) -> Vec<CompletionItem> {
    let spec = scope.spec_outline();
    let wager_at_cursor = || scope.doc.wager_at(pos.line as usize);
    let mut out = Items::new(ctx, pos);
    match slot(ctx, scope.doc.kind) {
        Slot::Condition => condition(ctx, scope, &mut out),
        Slot::PaysKey => {
            for e in wager_at_cursor().into_iter().flat_map(|w| &w.events) {
                out.push(&e.id, CompletionItemKind::ENUM_MEMBER, Some(&e.name), None);
            }
        }
        Slot::WagerRef => {
            for w in &spec.wagers {
                out.push(&w.id, CompletionItemKind::CLASS, Some("wager"), None);
            }
        }
        Slot::TableRef => {
            for t in spec.table_ids() {
                out.push(t, CompletionItemKind::ENUM, Some("pay table"), None);
            }
        }
        Slot::ExpectKey => {
            out.dotted = true;
            for w in &spec.wagers {
                out.push(&w.id, CompletionItemKind::CLASS, Some("wager"), None);
                for t in &w.tables {
                    let label = format!("{}.{}", w.id, t.id);
                    out.push(&label, CompletionItemKind::ENUM, Some("pay table"), None);
                }
            }
        }
        Slot::ExpectValue(wager) => {
            for e in spec.wager(&wager).into_iter().flat_map(|w| &w.events) {
                out.push(&e.id, CompletionItemKind::ENUM_MEMBER, Some(&e.name), None);
            }
            for word in ["lose", "push"] {
                out.push(word, CompletionItemKind::KEYWORD, Some("outcome"), None);
            }
        }
        Slot::Include | Slot::FixtureSpec | Slot::Other => {}
    }
    out.items
}

fn condition(ctx: &Context, scope: &Scope, out: &mut Items) {
    let word = ctx.word_before();
    let before_word = &ctx.before[..ctx.before.len() - word.len()];
    let chain = chain_before(before_word);
    if !chain.is_empty() {
        let kind = match owner(&chain, scope) {
            Owner::Hand => Kind::HandAttribute,
            Owner::Card => Kind::CardAttribute,
            Owner::Nothing => return,
        };
        for e in reference::REFERENCE.iter().filter(|e| e.kind == kind) {
            out.entry(e, CompletionItemKind::FIELD);
        }
        return;
    }
    for h in scope.hand_names() {
        out.push(&h, CompletionItemKind::VARIABLE, Some("hand"), None);
    }
    for (name, _, text) in &scope.spec_outline().definitions {
        out.push(
            name,
            CompletionItemKind::VARIABLE,
            Some("definition"),
            Some(format!("`{name}`: `{text}`")),
        );
    }
    for e in reference::REFERENCE {
        match e.kind {
            Kind::Global => out.entry(e, CompletionItemKind::CONSTANT),
            Kind::Function => out.entry(e, CompletionItemKind::FUNCTION),
            Kind::Operator if e.name.chars().all(char::is_alphabetic) => {
                out.entry(e, CompletionItemKind::OPERATOR)
            }
            _ => {}
        }
    }
    for r in RANK_NAMES {
        out.push(r, CompletionItemKind::CONSTANT, Some("rank"), None);
    }
    for s in SUIT_NAMES {
        out.push(s, CompletionItemKind::CONSTANT, Some("suit"), None);
    }
}

/// Where no id or condition is written: the keys the file's schema allows
/// in the mapping at the cursor (not those already written), with their
/// documentation; in a value, the values its key takes.
pub fn keys_and_values(
    ctx: &Context,
    kind: DocKind,
    text: &str,
    pos: Position,
) -> Vec<CompletionItem> {
    let mut out = Items::new(ctx, pos);
    if kind == DocKind::Other {
        return out.items;
    }
    if ctx.in_key {
        let parent = match ctx.path.split_last() {
            Some((_, parent)) if ctx.on_key => parent,
            _ => &ctx.path[..],
        };
        let typed = if ctx.on_key { ctx.key() } else { "" };
        if ctx.on_key {
            out.tail = ctx
                .after
                .chars()
                .take_while(|&c| text::is_word(c))
                .map(|c| c.len_utf16() as u32)
                .sum();
        }
        let written = keys::written(text, pos.line as usize, ctx.key_col, ctx.in_flow);
        for k in keys::keys(kind, parent) {
            if written.contains(&k.name) && k.name != typed {
                continue;
            }
            let detail = if k.required { "required" } else { "optional" };
            // A block key is written with its `:`; in `{ }` and on a key
            // already written, the name alone.
            let insert = if ctx.in_flow || ctx.on_key {
                k.name.clone()
            } else if k.nested {
                format!("{}:", k.name)
            } else {
                format!("{}: ", k.name)
            };
            out.push_as(
                &k.name,
                &insert,
                CompletionItemKind::PROPERTY,
                Some(detail),
                Some(format!("`{}`: {}", k.name, k.doc)),
            );
        }
    } else {
        for v in keys::values(kind, &ctx.path) {
            out.push(&v, CompletionItemKind::VALUE, Some("value"), None);
        }
    }
    out.items
}

/// Items being gathered, each replacing the word before the cursor.
struct Items {
    items: Vec<CompletionItem>,
    /// The text before the cursor that an item replaces.
    prefix: String,
    line_before: String,
    pos: Position,
    /// The word may hold `.` (`wager.pay_table`).
    dotted: bool,
    /// UTF-16 units after the cursor an item replaces too (the rest of a
    /// key written).
    tail: u32,
}

impl Items {
    fn new(ctx: &Context, pos: Position) -> Items {
        Items {
            items: Vec::new(),
            prefix: ctx.word_before().to_string(),
            line_before: ctx.before.clone(),
            pos,
            dotted: false,
            tail: 0,
        }
    }

    fn prefix(&self) -> String {
        if !self.dotted {
            return self.prefix.clone();
        }
        let b = &self.line_before;
        let start = b
            .rfind(|c: char| !(text::is_word(c) || c == '.'))
            .map_or(0, |i| i + 1);
        b[start..].to_string()
    }

    fn push(
        &mut self,
        label: &str,
        kind: CompletionItemKind,
        detail: Option<&str>,
        doc: Option<String>,
    ) {
        self.push_as(label, label, kind, detail, doc);
    }

    /// An item whose text differs from its label (a key with its `:`).
    fn push_as(
        &mut self,
        label: &str,
        insert: &str,
        kind: CompletionItemKind,
        detail: Option<&str>,
        doc: Option<String>,
    ) {
        let prefix = self.prefix();
        if !label.starts_with(&prefix) || self.items.iter().any(|i| i.label == label) {
            return;
        }
        let units: u32 = prefix.chars().map(|c| c.len_utf16() as u32).sum();
        let start = Position::new(self.pos.line, self.pos.character.saturating_sub(units));
        self.items.push(CompletionItem {
            label: label.to_string(),
            kind: Some(kind),
            detail: detail.map(str::to_string),
            documentation: doc.map(|value| {
                Documentation::MarkupContent(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value,
                })
            }),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                Range::new(
                    start,
                    Position::new(self.pos.line, self.pos.character + self.tail),
                ),
                insert.to_string(),
            ))),
            ..Default::default()
        });
    }

    fn entry(&mut self, e: &reference::Entry, kind: CompletionItemKind) {
        self.push(
            e.name,
            kind,
            Some(e.construct),
            Some(reference::hover_text(e)),
        );
    }
}
