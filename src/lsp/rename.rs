//! References, rename and the ids' hover and declaration: every place an
//! id is written, from the index of the spec it belongs to (the spec, its
//! game files and its fixture files). A rename changes the places of every
//! declaration tied to the one renamed, and refuses a name that is not an
//! identifier or already names another of the same kind.

use super::index::{Index, Site};
use super::params::{parse, to_value};
use super::server::{Reply, Server};
use super::text;
use super::wire::code;
use lsp_types::{Location, PrepareRenameResponse, Range, TextEdit, Uri, WorkspaceEdit};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The code of a request that was understood but cannot be carried out
/// (the protocol's `RequestFailed`).
const REQUEST_FAILED: i32 = -32803;

fn range(ix: &Index, s: &Site) -> Range {
    text::range(ix.text(s.file), s.at.line, s.at.col, s.at.width)
}

fn location(ix: &Index, s: &Site) -> Location {
    Location::new(text::uri_of(ix.path(s.file)), range(ix, s))
}

/// Where the id at a place is declared.
pub fn declaration(ix: &Index, path: &Path, line: usize, col: usize) -> Option<Location> {
    let site = ix.site_at(path, line, col)?;
    let d = &ix.decls[*site.decls.first()?];
    Some(Location::new(
        text::uri_of(ix.path(d.file)),
        text::range(ix.text(d.file), d.at.line, d.at.col, d.at.width),
    ))
}

/// What the id at a place names, in Markdown.
pub fn hover(ix: &Index, path: &Path, line: usize, col: usize) -> Option<String> {
    let site = ix.site_at(path, line, col)?;
    let d = &ix.decls[*site.decls.first()?];
    let of = d
        .owner
        .as_ref()
        .map(|w| format!(" of wager `{w}`"))
        .unwrap_or_default();
    let detail = d.detail.lines().next().unwrap_or_default();
    let mut out = format!("**{}** `{}`{of}", d.kind.noun(), d.name);
    if !detail.is_empty() {
        out.push_str(&format!(": {detail}"));
    }
    let also: Vec<String> = site
        .decls
        .iter()
        .skip(1)
        .filter_map(|&i| ix.decls[i].owner.clone())
        .collect();
    if !also.is_empty() {
        out.push_str(&format!(
            "\n\nWritten once for wagers {}, through a YAML alias.",
            also.join(", ")
        ));
    }
    Some(out)
}

/// A declaration's identity across indexes: its file and place.
type Key = (PathBuf, super::tree::Place);

fn key(ix: &Index, d: usize) -> Key {
    let d = &ix.decls[d];
    (ix.path(d.file).to_path_buf(), d.at)
}

/// The declarations named at a place, and (with `tied`) those tied to
/// them, across every index: an index that does not hold the place (the
/// spec of another file including the same game) holds the declarations
/// by their file and place.
fn named(indexes: &[Index], path: &Path, line: usize, col: usize, tied: bool) -> BTreeSet<Key> {
    let mut keys: BTreeSet<Key> = indexes
        .iter()
        .filter_map(|ix| Some((ix, ix.site_at(path, line, col)?)))
        .flat_map(|(ix, s)| s.decls.iter().map(|&d| key(ix, d)).collect::<Vec<_>>())
        .collect();
    loop {
        let before = keys.len();
        for ix in indexes {
            let decls: BTreeSet<usize> = (0..ix.decls.len())
                .filter(|&d| keys.contains(&key(ix, d)))
                .collect();
            let decls = if tied { ix.tied(&decls) } else { decls };
            keys.extend(decls.into_iter().map(|d| key(ix, d)));
        }
        if keys.len() == before || !tied {
            return keys;
        }
    }
}

/// Every place naming one of `keys`: the index and site.
fn places<'a>(indexes: &'a [Index], keys: &BTreeSet<Key>) -> Vec<(&'a Index, &'a Site)> {
    let mut out: Vec<(&Index, &Site)> = Vec::new();
    for ix in indexes {
        let decls: BTreeSet<usize> = (0..ix.decls.len())
            .filter(|&d| keys.contains(&key(ix, d)))
            .collect();
        for s in ix.sites_of(&decls) {
            let same =
                |(jx, t): &(&Index, &Site)| t.at == s.at && jx.path(t.file) == ix.path(s.file);
            if !out.iter().any(same) {
                out.push((ix, s));
            }
        }
    }
    out
}

impl Server {
    /// The document and character place of a request's position.
    fn place_of(&self, uri: &Uri, pos: lsp_types::Position) -> Option<(PathBuf, usize, usize)> {
        let (path, doc) = self.doc(uri)?;
        let line = pos.line as usize;
        let col = text::char_col(text::line(&doc.text, line), pos.character);
        Some((path, line, col))
    }

    pub(super) fn references(&mut self, params: Value) -> Reply {
        let p: lsp_types::ReferenceParams = parse(params)?;
        let tp = p.text_document_position;
        let Some((path, line, col)) = self.place_of(&tp.text_document.uri, tp.position) else {
            return Ok(Value::Null);
        };
        let indexes = self.indexes(&path, true);
        let keys = named(&indexes, &path, line, col, false);
        let mut out: Vec<Location> = places(&indexes, &keys)
            .into_iter()
            .filter(|(_, s)| p.context.include_declaration || !s.declares)
            .map(|(ix, s)| location(ix, s))
            .collect();
        out.sort_by(|a, b| {
            (a.uri.as_str(), a.range.start.line, a.range.start.character).cmp(&(
                b.uri.as_str(),
                b.range.start.line,
                b.range.start.character,
            ))
        });
        to_value(out)
    }

    /// The id under the cursor that a rename would change, with its range.
    fn renamable(&self, uri: &Uri, pos: lsp_types::Position) -> Result<(Range, String), String> {
        let (path, line, col) = self.place_of(uri, pos).ok_or("the document is not open")?;
        for ix in self.indexes(&path, false) {
            if let Some(site) = ix.site_at(&path, line, col) {
                let d = &ix.decls[*site.decls.first().ok_or("nothing here")?];
                if !d.kind.renamable() {
                    return Err(format!(
                        "a {} is not an id: nothing refers to it",
                        d.kind.noun()
                    ));
                }
                return Ok((range(&ix, site), d.name.clone()));
            }
        }
        Err("no id of the spec here (an event, wager, pay table, definition, interpretation, assumption, combined wager, strategy, hand or leaflet)".into())
    }

    pub(super) fn prepare_rename(&mut self, params: Value) -> Reply {
        let p: lsp_types::TextDocumentPositionParams = parse(params)?;
        match self.renamable(&p.text_document.uri, p.position) {
            Ok((range, placeholder)) => {
                to_value(PrepareRenameResponse::RangeWithPlaceholder { range, placeholder })
            }
            Err(why) => Err((REQUEST_FAILED, why)),
        }
    }

    pub(super) fn rename(&mut self, params: Value) -> Reply {
        let p: lsp_types::RenameParams = parse(params)?;
        let tp = p.text_document_position;
        let new = p.new_name.trim().to_string();
        if !crate::check::is_identifier(&new) {
            return Err((
                code::INVALID_PARAMS,
                format!(
                    "`{new}` is not an id: lower-case letters, digits and `_`, starting with a letter"
                ),
            ));
        }
        let (_, old) = self
            .renamable(&tp.text_document.uri, tp.position)
            .map_err(|why| (REQUEST_FAILED, why))?;
        let Some((path, line, col)) = self.place_of(&tp.text_document.uri, tp.position) else {
            return Ok(Value::Null);
        };
        let indexes = self.indexes(&path, true);
        let keys = named(&indexes, &path, line, col, true);
        for ix in &indexes {
            let tied: BTreeSet<usize> = (0..ix.decls.len())
                .filter(|&d| keys.contains(&key(ix, d)))
                .collect();
            if let Some(taken) = taken(ix, &tied, &new) {
                return Err((REQUEST_FAILED, taken));
            }
        }
        // The protocol's WorkspaceEdit keys its changes by Uri; no Uri is
        // changed while it is a key here.
        #[allow(clippy::mutable_key_type)]
        let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
        for (ix, s) in places(&indexes, &keys) {
            let r = range(ix, s);
            let t = ix.text(s.file);
            // Only a place that reads as the old name is changed.
            if t[text::offset(t, r.start)..text::offset(t, r.end)] != old {
                continue;
            }
            let edits = changes.entry(text::uri_of(ix.path(s.file))).or_default();
            let edit = TextEdit::new(r, new.clone());
            if !edits.contains(&edit) {
                edits.push(edit);
            }
        }
        to_value(WorkspaceEdit {
            changes: Some(changes),
            ..Default::default()
        })
    }
}

/// Why `new` cannot be the name of the declarations `tied`: another of
/// the same kind (and wager) has it.
fn taken(ix: &Index, tied: &BTreeSet<usize>, new: &str) -> Option<String> {
    tied.iter().find_map(|&i| {
        let d = &ix.decls[i];
        let other = ix.find(d.kind, d.owner.as_deref(), new)?;
        (!tied.contains(&other)).then(|| {
            let of = d
                .owner
                .as_ref()
                .map(|w| format!(" of wager `{w}`"))
                .unwrap_or_default();
            format!("`{new}` already names a {}{of}", d.kind.noun())
        })
    })
}
