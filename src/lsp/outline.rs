//! What a document declares and where: the ids of wagers, events, pay
//! tables and definitions, the game's hands and include, a fixture file's
//! spec. Read from the located YAML tree (`spec::yaml::tree`), which needs
//! only well-formed YAML, so completion and navigation keep working while
//! the checker refuses the spec; the server keeps the last outline of a
//! document whose YAML does not parse mid-edit.

use super::tree::{Tree, entries, get, items, place, text};
use crate::diag::input::FileKind;
use crate::spec::SourceFile;
use crate::spec::node::Node;

/// What kind of file a document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DocKind {
    Spec,
    /// A game file, included by specs (`game: { include: FILE }`).
    Game,
    Fixture,
    /// Some other YAML (a table round file, ...): nothing to check.
    #[default]
    Other,
}

pub use super::tree::Place;

#[derive(Clone, Debug)]
pub struct Event {
    pub id: String,
    pub at: Place,
    pub name: String,
    pub when: String,
}

#[derive(Clone, Debug)]
pub struct Table {
    pub id: String,
    /// Where the id is written (for a table reached through a YAML alias,
    /// where the anchor's table is).
    pub at: Place,
    /// Where the table is used: its own line, or the alias's.
    pub shown: Place,
}

#[derive(Clone, Debug)]
pub struct Wager {
    pub id: String,
    pub at: Place,
    /// The line its entry starts on.
    pub start: usize,
    pub events: Vec<Event>,
    pub tables: Vec<Table>,
}

#[derive(Clone, Debug, Default)]
pub struct Outline {
    pub kind: DocKind,
    /// A spec's `id`, or the spec a fixture file names.
    pub id: Option<(String, Place)>,
    pub wagers: Vec<Wager>,
    /// Name, place, text.
    pub definitions: Vec<(String, Place, String)>,
    pub hands: Vec<(String, Place)>,
    /// The game file a spec or game includes, as written.
    pub include: Option<(String, Place)>,
}

/// The id (text and place) of a mapping's `key`.
fn id_at(src: &SourceFile, n: &Tree, key: &str) -> Option<(String, Place, Place)> {
    let v = get(n, key)?;
    let s = text(Some(v))?.to_string();
    let w = s.chars().count().max(1);
    Some((s, place(src, &v.defined, w), place(src, &v.referenced, w)))
}

/// The kind of a file from its top-level keys.
fn kind_of(tree: &Tree) -> DocKind {
    let has = |k: &str| get(tree, k).is_some();
    if has("cases") {
        DocKind::Fixture
    } else if has("wagers") || has("shoe") {
        DocKind::Spec
    } else if has("hands") || has("drawing") || has("deal") || has("include") {
        DocKind::Game
    } else {
        DocKind::Other
    }
}

/// The outline of a document, or None when its YAML does not parse.
pub fn outline(src: &SourceFile) -> Option<Outline> {
    let tree = crate::spec::yaml::tree(src, FileKind::Spec).ok()?;
    let kind = kind_of(&tree);
    let mut out = Outline {
        kind,
        ..Outline::default()
    };
    match kind {
        DocKind::Spec => {
            out.id = id_at(src, &tree, "id").map(|(s, p, _)| (s, p));
            if let Some(game) = get(&tree, "game") {
                game_outline(src, game, &mut out);
            }
            for w in items(get(&tree, "wagers")) {
                if let Some(w) = wager(src, w) {
                    out.wagers.push(w);
                }
            }
            if let Some(defs) = get(&tree, "definitions") {
                for (k, v) in entries(defs) {
                    if let (Node::Str(name), Some(t)) = (&k.value, text(Some(v))) {
                        let at = place(src, &k.referenced, name.chars().count().max(1));
                        out.definitions.push((name.clone(), at, t.to_string()));
                    }
                }
            }
        }
        DocKind::Game => game_outline(src, &tree, &mut out),
        DocKind::Fixture => out.id = id_at(src, &tree, "spec").map(|(s, p, _)| (s, p)),
        DocKind::Other => {}
    }
    Some(out)
}

fn game_outline(src: &SourceFile, game: &Tree, out: &mut Outline) {
    out.include = id_at(src, game, "include").map(|(s, p, _)| (s, p));
    for h in items(get(game, "hands")) {
        if let Some(s) = text(Some(h)) {
            let at = place(src, &h.referenced, s.chars().count().max(1));
            out.hands.push((s.to_string(), at));
        }
    }
}

fn wager(src: &SourceFile, w: &Tree) -> Option<Wager> {
    let (id, at, _) = id_at(src, w, "id")?;
    let events = items(get(w, "events"))
        .iter()
        .filter_map(|e| {
            let (id, at, _) = id_at(src, e, "id")?;
            Some(Event {
                id,
                at,
                name: text(get(e, "name")).unwrap_or_default().to_string(),
                when: text(get(e, "when")).unwrap_or_default().to_string(),
            })
        })
        .collect();
    let tables = items(get(w, "pay_tables"))
        .iter()
        .filter_map(|t| {
            let (id, at, shown) = id_at(src, t, "id")?;
            Some(Table { id, at, shown })
        })
        .collect();
    Some(Wager {
        id,
        at,
        start: place(src, &w.referenced, 1).line,
        events,
        tables,
    })
}

impl Outline {
    /// The wager whose entry holds `line`.
    pub fn wager_at(&self, line: usize) -> Option<&Wager> {
        self.wagers.iter().rev().find(|w| w.start <= line)
    }

    pub fn wager(&self, id: &str) -> Option<&Wager> {
        self.wagers.iter().find(|w| w.id == id)
    }

    /// Every pay table id, once, in order.
    pub fn table_ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        for t in self.wagers.iter().flat_map(|w| &w.tables) {
            if !ids.contains(&t.id.as_str()) {
                ids.push(&t.id);
            }
        }
        ids
    }

    /// A definition that names a card (`up: dealer.second`): its
    /// attributes are a card's.
    pub fn is_card_alias(&self, name: &str) -> bool {
        self.definitions.iter().any(|(n, _, t)| {
            n == name
                && t.trim()
                    .rsplit_once('.')
                    .is_some_and(|(_, a)| matches!(a, "first" | "second" | "third"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outline_of_a_shipped_spec_places_its_ids() {
        let text = std::fs::read_to_string("rules/lucky_8.yaml").unwrap();
        let src = SourceFile::new("rules/lucky_8.yaml", text.clone());
        let o = outline(&src).unwrap();
        assert_eq!(o.kind, DocKind::Spec);
        assert_eq!(o.include.as_ref().unwrap().0, "games/punto_banco.yaml");
        let w = o.wager("lucky_8_player").unwrap();
        let e = &w.events[0];
        assert_eq!(e.id, "double_suited_8");
        let line = text.lines().nth(e.at.line).unwrap();
        assert_eq!(&line[e.at.col..e.at.col + e.at.width], "double_suited_8");
        // A table reached through an alias is declared at the anchor and
        // shown where the alias is.
        let aliased = &o.wager("lucky_8_player_one_suit").unwrap().tables[0];
        assert_eq!(aliased.at, w.tables[0].at);
        assert!(
            text.lines()
                .nth(aliased.shown.line)
                .unwrap()
                .contains("*player_tables")
        );
    }
}
