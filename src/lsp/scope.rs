//! What the names at the cursor can mean: the document's outline, the
//! spec it belongs to (itself, or the one a fixture file names) and the
//! game's hands; and which kind of text the cursor is in.

use super::outline::{DocKind, Outline, Place};
use super::text::Context;
use std::path::{Path, PathBuf};

/// The outlines a request reads.
pub struct Scope<'a> {
    pub path: &'a Path,
    /// The cursor's line (0-based).
    pub line: usize,
    pub doc: &'a Outline,
    /// The spec the names refer to, with its file: the document itself
    /// when it is a spec, the spec a fixture file names.
    pub spec: Option<(PathBuf, Outline)>,
    /// The game file a spec includes, with its outline.
    pub game: Option<(PathBuf, Outline)>,
}

/// The keys whose value is a condition (or a card, for `sees`).
const CONDITION_KEYS: [&str; 3] = ["when", "placed", "sees"];
/// The mappings whose values are conditions, keyed by a name.
const CONDITION_MAPS: [&str; 2] = ["definitions", "strategies"];
/// The keys whose value names wagers.
pub const WAGER_KEYS: [&str; 5] = ["wager", "wagers", "per", "optimal", "rules"];

/// What the cursor is in.
#[derive(Debug, PartialEq, Eq)]
pub enum Slot {
    /// A condition's text.
    Condition,
    /// A key of a pay table's `pays`: an event of the wager.
    PaysKey,
    /// A value naming wagers.
    WagerRef,
    /// A value naming a pay table.
    TableRef,
    /// A key of a fixture case's `expect`: `wager` or `wager.pay_table`.
    ExpectKey,
    /// A value of a fixture case's `expect`: an event of the wager named
    /// by the key (`ExpectValue("lucky_8_player")`).
    ExpectValue(String),
    /// The file a game includes.
    Include,
    /// The spec a fixture file names.
    FixtureSpec,
    Other,
}

pub fn slot(ctx: &Context, kind: DocKind) -> Slot {
    let (key, parent) = (ctx.key(), ctx.parent());
    match kind {
        DocKind::Fixture => {
            if ctx.in_key && (key == "expect" || parent == "expect") {
                Slot::ExpectKey
            } else if parent == "expect" {
                Slot::ExpectValue(key.split('.').next().unwrap_or_default().to_string())
            } else if key == "spec" && ctx.path.len() == 1 {
                Slot::FixtureSpec
            } else {
                Slot::Other
            }
        }
        DocKind::Spec | DocKind::Game => {
            if ctx.in_key && (key == "pays" || parent == "pays") {
                Slot::PaysKey
            } else if ctx.in_key {
                Slot::Other
            } else if CONDITION_KEYS.contains(&key) || CONDITION_MAPS.contains(&parent) {
                Slot::Condition
            } else if WAGER_KEYS.contains(&key) {
                Slot::WagerRef
            } else if key == "pay_table" {
                Slot::TableRef
            } else if key == "include" {
                Slot::Include
            } else {
                Slot::Other
            }
        }
        DocKind::Other => Slot::Other,
    }
}

impl Scope<'_> {
    /// The outline names resolve in: the spec's.
    pub fn spec_outline(&self) -> &Outline {
        self.spec.as_ref().map_or(self.doc, |(_, o)| o)
    }

    /// The file the spec outline is of.
    pub fn spec_path(&self) -> &Path {
        self.spec.as_ref().map_or(self.path, |(p, _)| p)
    }

    /// The game's hands, with the file and place each is declared at.
    pub fn hands(&self) -> Vec<(String, PathBuf, Place)> {
        let own = self.spec_outline();
        if !own.hands.is_empty() {
            let p = self.spec_path().to_path_buf();
            return own
                .hands
                .iter()
                .map(|(h, at)| (h.clone(), p.clone(), *at))
                .collect();
        }
        match &self.game {
            Some((p, g)) => g
                .hands
                .iter()
                .map(|(h, at)| (h.clone(), p.clone(), *at))
                .collect(),
            None => Vec::new(),
        }
    }

    pub fn hand_names(&self) -> Vec<String> {
        let hands: Vec<String> = self.hands().into_iter().map(|(h, ..)| h).collect();
        if hands.is_empty() {
            // A game not yet written or read: the usual two.
            vec!["player".into(), "banker".into()]
        } else {
            hands
        }
    }
}

/// In a condition, the names before the `.` the cursor follows
/// (`banker.third.` gives `["banker", "third"]`); empty when the word at the
/// cursor does not follow a `.`.
pub fn chain_before(before_word: &str) -> Vec<String> {
    let Some(head) = before_word.strip_suffix('.') else {
        return Vec::new();
    };
    let start = head
        .rfind(|c: char| !(super::text::is_word(c) || c == '.'))
        .map_or(0, |i| i + 1);
    head[start..].split('.').map(str::to_string).collect()
}

/// What the attributes after a chain belong to.
#[derive(Debug, PartialEq, Eq)]
pub enum Owner {
    Hand,
    Card,
    Nothing,
}

pub fn owner(chain: &[String], scope: &Scope) -> Owner {
    let hands = scope.hand_names();
    match chain {
        [h] if hands.contains(h) => Owner::Hand,
        [h, c] if hands.contains(h) && matches!(c.as_str(), "first" | "second" | "third") => {
            Owner::Card
        }
        [d] if scope.spec_outline().is_card_alias(d) => Owner::Card,
        _ => Owner::Nothing,
    }
}
