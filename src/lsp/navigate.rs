//! Hover (the reference's text for a name in a condition, an event's name
//! and condition) and go to definition (an event, wager, pay table,
//! definition or hand to where it is declared; an included game or a
//! fixture's spec to its file).

use super::outline::{Outline, Place};
use super::reference::{self, Kind};
use super::scope::{Owner, Scope, Slot, chain_before, owner, slot};
use super::text::{self, Context};
use crate::cards::{RANK_NAMES, SUIT_NAMES};
use lsp_types::Location;
use std::path::{Path, PathBuf};

/// An operator written with symbols, around the cursor.
fn symbol_at(ctx: &Context) -> Option<String> {
    let is_op = |c: char| "=!<>+-%".contains(c);
    let left: String = ctx
        .before
        .chars()
        .rev()
        .take_while(|&c| is_op(c))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let right: String = ctx.after.chars().take_while(|&c| is_op(c)).collect();
    let op = format!("{left}{right}");
    (!op.is_empty() && !right.is_empty()).then_some(op)
}

/// The hover text at the cursor, in Markdown.
pub fn hover(ctx: &Context, scope: &Scope) -> Option<String> {
    let value = match slot(ctx, scope.doc.kind) {
        Slot::Condition => condition_hover(ctx, scope)?,
        Slot::PaysKey => {
            let w = scope.doc.wager_at(scope.line)?;
            event_text(w.events.iter().find(|e| e.id == ctx.word())?)
        }
        Slot::ExpectValue(wager) => {
            let w = scope.spec_outline().wager(&wager)?;
            event_text(w.events.iter().find(|e| e.id == ctx.word())?)
        }
        _ => return None,
    };
    Some(value)
}

fn event_text(e: &super::outline::Event) -> String {
    format!("**event** `{}`: {}\n\nwhen: `{}`", e.id, e.name, e.when)
}

fn condition_hover(ctx: &Context, scope: &Scope) -> Option<String> {
    if let Some(op) = symbol_at(ctx) {
        let name = match op.as_str() {
            "<=" | ">" | ">=" => "<",
            "-" => "+",
            o => o,
        };
        return reference::lookup(name, &[Kind::Operator])
            .next()
            .map(reference::hover_text);
    }
    let word = ctx.word();
    if word.is_empty() {
        return None;
    }
    let typed = ctx.word_before();
    let chain = chain_before(&ctx.before[..ctx.before.len() - typed.len()]);
    if !chain.is_empty() {
        let kind = match owner(&chain, scope) {
            Owner::Hand => Kind::HandAttribute,
            Owner::Card => Kind::CardAttribute,
            Owner::Nothing => return None,
        };
        return reference::lookup(&word, &[kind])
            .next()
            .map(reference::hover_text);
    }
    let rest = &ctx.after[word.len() - typed.len()..];
    let kinds: &[Kind] = if rest.trim_start().starts_with('(') {
        &[Kind::Function]
    } else {
        &[Kind::Global, Kind::Operator]
    };
    if let Some(e) = reference::lookup(&word, kinds).next() {
        return Some(reference::hover_text(e));
    }
    if let Some((_, _, t)) = scope
        .spec_outline()
        .definitions
        .iter()
        .find(|(n, ..)| *n == word)
    {
        return Some(format!("**definition** `{word}`: `{t}`"));
    }
    if scope.hand_names().contains(&word) {
        return Some(format!(
            "**hand** `{word}`: with `.total`, `.count`, `.cards`, `.first` …"
        ));
    }
    if RANK_NAMES.contains(&word.as_str()) {
        return Some(format!("**rank** `{word}`: compare with `C.rank`"));
    }
    if SUIT_NAMES.contains(&word.as_str()) {
        return Some(format!("**suit** `{word}`: compare with `C.suit`"));
    }
    None
}

fn location(path: &Path, place: Place) -> Location {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    Location::new(
        text::uri_of(path),
        text::range(&text, place.line, place.col, place.width),
    )
}

/// Where the name at the cursor is declared. `open` gives the text of a
/// document the editor has open (its places are the outline's).
pub fn definition(
    ctx: &Context,
    scope: &Scope,
    open_text: &dyn Fn(&Path) -> Option<String>,
) -> Option<Location> {
    let word = ctx.word();
    let spec = scope.spec_outline();
    let spec_path = scope.spec_path().to_path_buf();
    let at = |path: &Path, place: Place| -> Location {
        match open_text(path) {
            Some(t) => Location::new(
                text::uri_of(path),
                text::range(&t, place.line, place.col, place.width),
            ),
            None => location(path, place),
        }
    };
    match slot(ctx, scope.doc.kind) {
        Slot::Condition => {
            if let Some((_, p, _)) = spec.definitions.iter().find(|(n, ..)| *n == word) {
                return Some(at(&spec_path, *p));
            }
            let (_, file, p) = scope.hands().into_iter().find(|(h, ..)| *h == word)?;
            Some(at(&file, p))
        }
        Slot::PaysKey => {
            let w = scope.doc.wager_at(scope.line)?;
            let e = w.events.iter().find(|e| e.id == word)?;
            Some(at(scope.path, e.at))
        }
        Slot::WagerRef => Some(at(&spec_path, spec.wager(&word)?.at)),
        Slot::TableRef => {
            let t = spec
                .wagers
                .iter()
                .flat_map(|w| &w.tables)
                .find(|t| t.id == word)?;
            Some(at(&spec_path, t.at))
        }
        Slot::ExpectKey => {
            let (full, cursor_after_dot) = dotted_word(ctx);
            let (w, t) = full
                .split_once('.')
                .map_or((full.as_str(), None), |(a, b)| (a, Some(b)));
            let wager = spec.wager(w)?;
            let place = match t {
                Some(t) if cursor_after_dot => wager.tables.iter().find(|x| x.id == t)?.at,
                _ => wager.at,
            };
            Some(at(&spec_path, place))
        }
        Slot::ExpectValue(wager) => {
            let w = spec.wager(&wager)?;
            let e = w.events.iter().find(|e| e.id == word)?;
            Some(at(&spec_path, e.at))
        }
        Slot::Include => {
            let (file, _) = scope.doc.include.as_ref()?;
            let target = beside(scope.path, file);
            Some(Location::new(text::uri_of(&target), Default::default()))
        }
        Slot::FixtureSpec => {
            let (_, place) = spec.id.as_ref()?;
            Some(at(&spec_path, *place))
        }
        Slot::Other => None,
    }
}

/// The word under the cursor with any `.` in it (`wager.pay_table`), and
/// whether the cursor is past its `.`.
fn dotted_word(ctx: &Context) -> (String, bool) {
    let dotted = |c: char| text::is_word(c) || c == '.';
    let start = ctx.before.rfind(|c: char| !dotted(c)).map_or(0, |i| i + 1);
    let tail: String = ctx.after.chars().take_while(|&c| dotted(c)).collect();
    let head = &ctx.before[start..];
    (format!("{head}{tail}"), head.contains('.'))
}

/// `path` as written in `from`, relative to `from`'s folder (as
/// `spec::include` resolves it).
pub fn beside(from: &Path, path: &str) -> PathBuf {
    from.parent().unwrap_or(Path::new("")).join(path)
}

/// The outline of the game a spec or game file includes, if it reads.
pub fn included_game(
    from: &Path,
    outline: &Outline,
    open_text: &dyn Fn(&Path) -> Option<String>,
) -> Option<(PathBuf, Outline)> {
    let (file, _) = outline.include.as_ref()?;
    let path = beside(from, file);
    let text = open_text(&path).or_else(|| std::fs::read_to_string(&path).ok())?;
    let o = super::outline::outline(&crate::spec::SourceFile::new(
        path.display().to_string(),
        text,
    ))?;
    Some((path, o))
}
