//! Document symbols (the outline an editor shows: the sections of a file,
//! wagers with their events and pay tables, definitions, interpretations,
//! assumptions, strategies, hands, fixture cases) and workspace symbols
//! (every id declared by the specs and game files under `rules/`), from the
//! index (`index`).

use super::index::{Index, Kind};
use super::params::{parse, to_value};
use super::server::{Reply, Server};
use super::text;
use lsp_types::{DocumentSymbol, Location, Range, SymbolInformation, SymbolKind};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The most symbols a workspace search answers with.
const MAX_FOUND: usize = 1000;

fn kind_of(k: Kind) -> SymbolKind {
    match k {
        Kind::Wager => SymbolKind::CLASS,
        Kind::Event => SymbolKind::EVENT,
        Kind::PayTable => SymbolKind::ENUM,
        Kind::Definition => SymbolKind::CONSTANT,
        Kind::Interpretation | Kind::Assumption => SymbolKind::KEY,
        Kind::Combined => SymbolKind::STRUCT,
        Kind::Strategy => SymbolKind::FUNCTION,
        Kind::Hand => SymbolKind::VARIABLE,
        Kind::Leaflet => SymbolKind::FILE,
        Kind::Case => SymbolKind::METHOD,
    }
}

/// The first line of a detail, shortened.
fn short(s: &str) -> Option<String> {
    let l = s.lines().next().unwrap_or_default().trim();
    match l.chars().count() {
        0 => None,
        n if n > 80 => Some(format!("{}…", l.chars().take(80).collect::<String>())),
        _ => Some(l.to_string()),
    }
}

/// A range of whole lines.
fn lines(text: &str, first: usize, last: usize) -> Range {
    let end = text::line(text, last).chars().count();
    Range::new(
        text::position(text, first, 0),
        text::position(text, last, end),
    )
}

/// The symbols of the index's file `f`, nested by the lines they span.
#[allow(deprecated)] // `DocumentSymbol::deprecated`: a field of the protocol.
fn tree(ix: &Index, f: usize, client: &super::client::Client) -> Vec<DocumentSymbol> {
    let t = ix.text(f);
    // Each symbol with its span of lines, outer before inner.
    let mut flat: Vec<(usize, usize, DocumentSymbol)> = Vec::new();
    for (name, file, at, last) in &ix.sections {
        if *file == f {
            flat.push((
                at.line,
                *last,
                DocumentSymbol {
                    name: name.clone(),
                    detail: None,
                    kind: client.symbol_kind(SymbolKind::NAMESPACE),
                    tags: None,
                    deprecated: None,
                    range: lines(t, at.line, *last),
                    selection_range: text::range(t, at.line, at.col, at.width),
                    children: Some(Vec::new()),
                },
            ));
        }
    }
    for d in ix.decls.iter().filter(|d| d.file == f && !d.aliased) {
        let first = d.start.min(d.at.line);
        flat.push((
            first,
            d.last,
            DocumentSymbol {
                name: d.name.clone(),
                detail: short(&d.detail),
                kind: client.symbol_kind(kind_of(d.kind)),
                tags: None,
                deprecated: None,
                range: lines(t, first, d.last),
                selection_range: text::range(t, d.at.line, d.at.col, d.at.width),
                children: Some(Vec::new()),
            },
        ));
    }
    flat.sort_by_key(|(a, b, _)| (*a, std::cmp::Reverse(*b)));
    // A stack of the symbols open at a line: each closes into its parent.
    let mut stack: Vec<(usize, DocumentSymbol)> = Vec::new();
    let mut top: Vec<DocumentSymbol> = Vec::new();
    let close = |stack: &mut Vec<(usize, DocumentSymbol)>, top: &mut Vec<DocumentSymbol>| {
        let (_, s) = stack.pop().expect("open");
        match stack.last_mut() {
            Some((_, parent)) => parent.children.get_or_insert_default().push(s),
            None => top.push(s),
        }
    };
    for (_, last, s) in flat {
        // The symbol on top of the stack holds this one when it ends no
        // sooner (it began no later: the order is by first line).
        while stack.last().is_some_and(|(end, _)| *end < last) {
            close(&mut stack, &mut top);
        }
        stack.push((last, s));
    }
    while !stack.is_empty() {
        close(&mut stack, &mut top);
    }
    fn tidy(s: &mut DocumentSymbol) {
        if let Some(c) = &mut s.children {
            c.iter_mut().for_each(tidy);
            if c.is_empty() {
                s.children = None;
            }
        }
    }
    top.iter_mut().for_each(tidy);
    top
}

/// The same symbols, flat, each naming its container.
#[allow(deprecated)] // `SymbolInformation::deprecated`: a field of the protocol.
fn flat(
    symbols: Vec<DocumentSymbol>,
    uri: &lsp_types::Uri,
    container: Option<String>,
    out: &mut Vec<SymbolInformation>,
) {
    for s in symbols {
        let name = s.name.clone();
        out.push(SymbolInformation {
            name: s.name,
            kind: s.kind,
            tags: None,
            deprecated: None,
            location: Location::new(uri.clone(), s.selection_range),
            container_name: container.clone(),
        });
        flat(s.children.unwrap_or_default(), uri, Some(name), out);
    }
}

/// Whether `query`'s characters appear in `name` in order, ignoring case.
fn matches(name: &str, query: &str) -> bool {
    let mut chars = name.chars().map(|c| c.to_ascii_lowercase());
    query
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .all(|q| chars.any(|c| c == q))
}

impl Server {
    pub(super) fn document_symbols(&mut self, params: Value) -> Reply {
        let p: lsp_types::DocumentSymbolParams = parse(params)?;
        let Some((path, doc)) = self.doc(&p.text_document.uri) else {
            return Ok(Value::Null);
        };
        let open = self.open_text();
        let Some(ix) = Index::of_file(&path, doc.text.to_string(), doc.outline.kind, &open) else {
            return to_value(Vec::<DocumentSymbol>::new());
        };
        let symbols = tree(&ix, 0, &self.client);
        if self.client.hierarchical_symbols {
            return to_value(symbols);
        }
        let mut out = Vec::new();
        flat(symbols, &p.text_document.uri, None, &mut out);
        to_value(out)
    }

    pub(super) fn workspace_symbols(&mut self, params: Value) -> Reply {
        let p: lsp_types::WorkspaceSymbolParams = parse(params)?;
        let open = self.open_text();
        let mut found: Vec<SymbolInformation> = Vec::new();
        let mut seen: Vec<(PathBuf, super::tree::Place)> = Vec::new();
        for spec in self.rules_specs() {
            let Some(ix) = Index::of_spec(&spec, &open, false) else {
                continue;
            };
            for d in ix
                .decls
                .iter()
                .filter(|d| !d.aliased && matches(&d.name, &p.query))
            {
                let key = (ix.path(d.file).to_path_buf(), d.at);
                if seen.contains(&key) || found.len() >= MAX_FOUND {
                    continue;
                }
                let t = ix.text(d.file);
                #[allow(deprecated)] // `SymbolInformation::deprecated`.
                found.push(SymbolInformation {
                    name: d.name.clone(),
                    kind: self.client.symbol_kind(kind_of(d.kind)),
                    tags: None,
                    deprecated: None,
                    location: Location::new(
                        text::uri_of(&key.0),
                        text::range(t, d.at.line, d.at.col, d.at.width),
                    ),
                    container_name: Some(d.owner.clone().unwrap_or_else(|| spec_name(&spec))),
                });
                seen.push(key);
            }
        }
        to_value(found)
    }

    /// The specs under the workspace's `rules/` folder (or, with no
    /// workspace, beside the open documents).
    fn rules_specs(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        if let Some(root) = &self.client.root {
            dirs.push(root.join("rules"));
        }
        for p in self.docs.keys() {
            let found = p.ancestors().skip(1).find_map(|a| {
                if a.file_name().is_some_and(|n| n == "rules") {
                    Some(a.to_path_buf())
                } else {
                    Some(a.join("rules")).filter(|r| r.is_dir())
                }
            });
            dirs.extend(found);
        }
        dirs.sort();
        dirs.dedup();
        dirs.iter()
            .flat_map(|d| crate::spec::spec_files(&d.display().to_string()))
            .map(PathBuf::from)
            .collect()
    }
}

fn spec_name(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
