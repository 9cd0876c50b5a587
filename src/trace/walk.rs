//! Every text of a spec or fixture file checked against the rule document:
//! the YAML tree is walked, and each text is read by where it sits: a
//! reference (`readings[].item`, `assumptions[].source.at`) must name
//! places of the document; an assumption's `quote` is the document's words
//! whole; any other text is the author's, its quotation marks holding the
//! document's words and its `item N` naming items that exist.
//!
//! Every finding is a located diagnostic; every quotation, found or not
//! checked (its document missing), is recorded.

use super::cite::{document_named, item_mentions, quotations, segments};
use super::find::{Found, Missing, find};
use super::index::Document;
use super::library::Library;
use super::matrix::Cited;
use super::place::{Unresolved, resolve};
use super::quote::{Located, Quotation};
use crate::diag::Diagnostic;
use crate::diag::trace::{TraceError, shorten};
use crate::spec::SourceFile;
use crate::spec::node::Node;
use serde_saphyr::{Location, Spanned};
use std::sync::Arc;

/// Keys whose values are never prose: names, hashes, dates, expressions,
/// and the game's rules (a game change of an interpretation included).
const NOT_PROSE: &[&str] = &[
    "id",
    "document",
    "sha256",
    "include",
    "date",
    "when",
    "placed",
    "house_edge",
    "game",
    "definitions",
];

pub(crate) struct Walker<'a> {
    src: &'a SourceFile,
    lib: &'a Library,
    document: String,
    case: Option<String>,
    pub diags: Vec<Diagnostic>,
    pub quotations: Vec<Quotation>,
    pub cited: Vec<Cited>,
}

/// How a text is read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Reference,
    Quote,
    Text,
}

impl<'a> Walker<'a> {
    pub(crate) fn new(src: &'a SourceFile, lib: &'a Library, document: &str) -> Walker<'a> {
        Walker {
            src,
            lib,
            document: document.to_string(),
            case: None,
            diags: Vec::new(),
            quotations: Vec::new(),
            cited: Vec::new(),
        }
    }

    /// A spec's tree, from its root.
    pub(crate) fn spec(&mut self, root: &Spanned<Node>) {
        self.node(root, &mut Vec::new());
    }

    /// A fixture file's tree: its cases' names and sources, against the
    /// document its `source:` names (else the spec's).
    pub(crate) fn fixture(&mut self, root: &Spanned<Node>) {
        let Node::Map(entries) = &root.value else {
            return;
        };
        for (k, v) in entries {
            if let (Node::Str(key), Node::Str(doc)) = (&k.value, &v.value)
                && key == "source"
                && let Some((name, _)) = document_named(doc)
            {
                self.document = name;
            }
        }
        for (k, v) in entries {
            let (Node::Str(key), Node::Seq(cases)) = (&k.value, &v.value) else {
                continue;
            };
            if key != "cases" {
                continue;
            }
            for case in cases {
                let Node::Map(fields) = &case.value else {
                    continue;
                };
                self.case = fields.iter().find_map(|(k, v)| match (&k.value, &v.value) {
                    (Node::Str(k), Node::Str(v)) if k == "name" => Some(v.clone()),
                    _ => None,
                });
                for (k, v) in fields {
                    if let (Node::Str(key), Node::Str(text)) = (&k.value, &v.value)
                        && (key == "name" || key == "source")
                    {
                        self.text(text, &v.referenced);
                    }
                }
            }
        }
        self.case = None;
    }

    fn node(&mut self, n: &Spanned<Node>, path: &mut Vec<String>) {
        match &n.value {
            Node::Map(entries) => {
                let own_document = entries
                    .iter()
                    .find_map(|(k, v)| match (&k.value, &v.value) {
                        (Node::Str(k), Node::Str(d)) if k == "document" && path.len() > 1 => {
                            Some(d.clone())
                        }
                        _ => None,
                    });
                let saved = own_document.map(|d| std::mem::replace(&mut self.document, d));
                for (k, v) in entries {
                    let Node::Str(key) = &k.value else { continue };
                    path.push(key.clone());
                    if !NOT_PROSE.contains(&key.as_str()) {
                        self.node(v, path);
                    }
                    path.pop();
                }
                if let Some(d) = saved {
                    self.document = d;
                }
            }
            Node::Seq(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(i.to_string());
                    self.node(item, path);
                    path.pop();
                }
            }
            Node::Str(s) => {
                let keys: Vec<&str> = path
                    .iter()
                    .filter(|p| !p.chars().all(|c| c.is_ascii_digit()))
                    .map(String::as_str)
                    .collect();
                let role = match keys.as_slice() {
                    ["readings", "item"] | ["assumptions", "source", "at"] => Role::Reference,
                    ["assumptions", "source", "quote"] => Role::Quote,
                    _ => Role::Text,
                };
                match role {
                    Role::Reference => self.reference(s, &n.referenced),
                    Role::Quote => self.whole_quote(s, &n.referenced),
                    Role::Text => self.text(s, &n.referenced),
                }
            }
            _ => {}
        }
    }

    fn document(&self, name: &str) -> Option<Arc<Document>> {
        self.lib.get(name)
    }

    /// A text in the author's words: its quotations found, its items known.
    fn text(&mut self, text: &str, at: &Location) {
        let quoted = match quotations(text) {
            Ok(q) => q,
            Err((offset, mark)) => {
                let pos = self.src.within_scalar(at, text, offset, 1);
                self.diags
                    .push(Diagnostic::new(pos, TraceError::UnclosedQuotation { mark }).help(
                        "close it, or write a paraphrase without quotation marks (an apostrophe inside a word is not a quotation mark)",
                    ));
                return;
            }
        };
        for seg in segments(text, &quoted) {
            let part = &text[seg.clone()];
            let (name, skip) = document_named(part).unwrap_or((self.document.clone(), 0));
            let doc = self.document(&name);
            let mut cited = Cited {
                case: self.case.clone(),
                document: name.clone(),
                places: Vec::new(),
            };
            let here: Vec<_> = quoted
                .iter()
                .filter(|q| seg.contains(&q.words.start))
                .collect();
            if let Some(doc) = &doc {
                let head_end = here
                    .first()
                    .map_or(seg.end, |q| q.words.start - q.mark.len_utf8());
                let head = &text[seg.start + skip..head_end.max(seg.start + skip)];
                cited.places.extend(leniently(doc, head));
                for (range, numbers) in item_mentions(part) {
                    if here
                        .iter()
                        .any(|q| q.words.contains(&(seg.start + range.start)))
                    {
                        continue;
                    }
                    for n in numbers {
                        match doc.places.iter().position(|p| p.number == Some(n)) {
                            Some(k) => cited.places.push(k),
                            None => {
                                let pos = self.src.within_scalar(
                                    at,
                                    text,
                                    seg.start + range.start,
                                    range.len(),
                                );
                                self.diags.push(Diagnostic::new(
                                    pos,
                                    TraceError::UnknownItem {
                                        item: n,
                                        document: name.clone(),
                                        items: doc.item_numbers(),
                                    },
                                ));
                            }
                        }
                    }
                }
            }
            let prefer: Vec<_> = doc
                .iter()
                .flat_map(|d| {
                    cited
                        .places
                        .iter()
                        .map(|&k| d.text.range_of_lines(d.places[k].line, d.places[k].end))
                        .collect::<Vec<_>>()
                })
                .collect();
            for q in here {
                let words = &text[q.words.clone()];
                let start = q.words.start - q.mark.len_utf8();
                let width = words.chars().count() + 2;
                let pos = self.src.within_scalar(at, text, start, width);
                if let Some(k) = self.quotation(words, &name, doc.as_deref(), &prefer, pos) {
                    cited.places.extend(k);
                }
            }
            cited.places.sort_unstable();
            cited.places.dedup();
            self.cited.push(cited);
        }
    }

    /// An assumption's `quote`: the document's words, whole.
    fn whole_quote(&mut self, text: &str, at: &Location) {
        let pos = self.src.at(at, text.chars().count());
        let name = self.document.clone();
        let doc = self.document(&name);
        let places = self.quotation(text, &name, doc.as_deref(), &[], pos);
        self.cited.push(Cited {
            case: None,
            document: name,
            places: places.unwrap_or_default(),
        });
    }

    /// Finds one quotation and records it; a refusal is a diagnostic at
    /// `pos`. The places it was found in.
    fn quotation(
        &mut self,
        words: &str,
        name: &str,
        doc: Option<&Document>,
        prefer: &[std::ops::Range<usize>],
        pos: crate::diag::Position,
    ) -> Option<Vec<usize>> {
        let mut record = Quotation {
            file: pos.file.clone(),
            line: pos.line,
            column: pos.column,
            words: words.to_string(),
            document: name.to_string(),
            found: None,
        };
        let doc = match doc {
            Some(d) => d,
            None => {
                self.quotations.push(record);
                return None;
            }
        };
        match find(&doc.text, words, prefer) {
            Ok(Found { matched, spans }) => {
                let mut places: Vec<usize> = spans
                    .iter()
                    .filter_map(|s| doc.place_at(doc.text.lines[s.start]))
                    .collect();
                places.dedup();
                record.found = Some(Located {
                    matched,
                    line: doc.text.lines[spans[0].start],
                });
                self.quotations.push(record);
                Some(places)
            }
            Err(missing) => {
                self.quotations.push(record);
                self.diags.push(refused(missing, words, name, pos));
                None
            }
        }
    }

    /// A reference: every place it names must be one of the document's.
    fn reference(&mut self, text: &str, at: &Location) {
        if text.contains(['"', '“', '\'', '‘']) {
            self.text(text, at);
        }
        let name = self.document.clone();
        let Some(doc) = self.document(&name) else {
            return;
        };
        let pos = self.src.at(at, text.chars().count());
        match resolve(&doc, text) {
            Ok(named) => self.cited.push(Cited {
                case: None,
                document: name,
                places: named.into_iter().map(|n| n.place).collect(),
            }),
            Err(e) => self.diags.push(unresolved(e, text, &doc, pos)),
        }
    }
}

/// The places a text's opening words name, where they name any: a
/// preference for where its quotations are looked for first.
fn leniently(doc: &Document, head: &str) -> Vec<usize> {
    let head = head.trim().trim_end_matches([':', ',']).trim();
    if head.is_empty() {
        return Vec::new();
    }
    if let Ok(v) = resolve(doc, head) {
        return v.into_iter().map(|n| n.place).collect();
    }
    head.split([',', ';'])
        .filter_map(|p| resolve(doc, p.trim()).ok())
        .flatten()
        .map(|n| n.place)
        .collect()
}

/// The diagnostic of a quotation not found.
fn refused(
    missing: Missing,
    words: &str,
    document: &str,
    pos: crate::diag::Position,
) -> Diagnostic {
    match missing {
        Missing::NotFound { fragment, nearest } => {
            let d = Diagnostic::new(
                pos,
                TraceError::QuotationNotFound {
                    quote: if fragment.chars().count() < words.chars().count() {
                        fragment
                    } else {
                        words.to_string()
                    },
                    document: document.to_string(),
                },
            );
            match nearest {
                Some(n) => d.help(format!(
                    "the nearest passage, line {} of {document} ({}% alike): “{}”; quote the document's words as printed, or write a paraphrase without quotation marks",
                    n.line,
                    n.percent,
                    shorten(&n.text, 160)
                )),
                None => d.help("quote the document's words as printed, or write a paraphrase without quotation marks"),
            }
        }
        Missing::OutOfOrder { fragment, after } => Diagnostic::new(
            pos,
            TraceError::FragmentsOutOfOrder {
                fragment,
                after,
                document: document.to_string(),
            },
        )
        .help("put the parts in the document's order, or quote them separately"),
    }
}

/// The diagnostic of a reference that names no place, with the document's
/// places.
fn unresolved(e: Unresolved, text: &str, doc: &Document, pos: crate::diag::Position) -> Diagnostic {
    let labels: Vec<String> = doc.places.iter().map(|p| p.label()).collect();
    let expected = format!(
        "a numbered item, heading or table of {}: {}",
        doc.name,
        crate::diag::list(&labels)
    );
    match e {
        Unresolved::Unknown { part } => {
            let mut d = Diagnostic::new(
                pos,
                TraceError::UnknownPlace {
                    reference: part.clone(),
                    document: doc.name.clone(),
                },
            )
            .expected(expected, format!("`{text}`"));
            if let Some(near) = most_like(&part, doc) {
                d = d.help(format!("did you mean `{near}`?"));
            }
            d
        }
        Unresolved::Ambiguous { part, places } => Diagnostic::new(
            pos,
            TraceError::AmbiguousPlace {
                reference: part,
                document: doc.name.clone(),
                places: places.iter().map(|&k| doc.places[k].label()).collect(),
            },
        )
        .help("name one of them by its whole name"),
        Unresolved::NoItem { item } => Diagnostic::new(
            pos,
            TraceError::UnknownItem {
                item,
                document: doc.name.clone(),
                items: doc.item_numbers(),
            },
        )
        .expected(expected, format!("`{text}`")),
    }
}

/// The place whose name is most like `part`, when one is close.
fn most_like(part: &str, doc: &Document) -> Option<String> {
    let want: Vec<char> = super::index::alias(part).chars().collect();
    doc.places
        .iter()
        .map(|p| {
            let name: Vec<char> = super::index::alias(&p.name).chars().collect();
            (
                crate::diag::words::edit_distance(&want, &name),
                p.name.clone(),
                name.len(),
            )
        })
        .filter(|(d, _, len)| *d * 3 <= (*len).max(want.len()))
        .min_by_key(|(d, _, _)| *d)
        .map(|(_, n, _)| n)
}
