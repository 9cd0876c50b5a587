//! Every id a spec declares and every place one is written, across the
//! spec, the game files it includes and its fixture files: what document
//! symbols, references and rename read. Built from the located YAML trees
//! (well-formed YAML is enough), the sites listed in [`sites`] per kind
//! of file.
//!
//! A place may name several declarations: an aliased list of pay tables
//! (`pay_tables: *player_tables`) declares each table once, at the anchor,
//! for every wager that reuses it, and its `pays:` keys name the events of
//! each such wager. Renaming one of them renames all it is tied to.

use super::tree::{
    Place, Tree, entries, entry_last_line, get, items, last_line, text, whole, within,
};
use crate::diag::input::FileKind;
use crate::spec::SourceFile;
use crate::spec::node::Node;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// What an id names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Wager,
    /// An event of a wager (`owner`).
    Event,
    /// A pay table of a wager (`owner`).
    PayTable,
    Definition,
    /// A reading of the rule document with its alternative.
    Interpretation,
    Assumption,
    Combined,
    Strategy,
    Hand,
    Leaflet,
    /// A fixture case, by its name (not an id: nothing refers to it).
    Case,
}

impl Kind {
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Wager => "wager",
            Kind::Event => "event",
            Kind::PayTable => "pay table",
            Kind::Definition => "definition",
            Kind::Interpretation => "interpretation",
            Kind::Assumption => "assumption",
            Kind::Combined => "combined wager",
            Kind::Strategy => "strategy",
            Kind::Hand => "hand",
            Kind::Leaflet => "leaflet",
            Kind::Case => "fixture case",
        }
    }

    /// An id written in other places, which rename changes everywhere.
    pub fn renamable(self) -> bool {
        self != Kind::Case
    }
}

/// A declaration: an id and where it is written.
#[derive(Clone, Debug)]
pub struct Decl {
    pub kind: Kind,
    pub name: String,
    /// The wager of an event or pay table.
    pub owner: Option<String>,
    /// What the entry says of itself: a name, a condition, a question.
    pub detail: String,
    pub file: usize,
    pub at: Place,
    /// The first and last lines of its entry.
    pub start: usize,
    pub last: usize,
    /// Declared through a YAML alias: written at the anchor, for another
    /// entry.
    pub aliased: bool,
}

/// A place where an id is written, and the declarations it names.
#[derive(Clone, Debug)]
pub struct Site {
    pub file: usize,
    pub at: Place,
    pub decls: BTreeSet<usize>,
    /// The place declares them (rather than refers to them).
    pub declares: bool,
}

#[derive(Debug, Default)]
pub struct Index {
    /// Each file read, with its text.
    pub files: Vec<(PathBuf, String)>,
    /// Which of them are game files a spec includes.
    pub games: Vec<usize>,
    pub decls: Vec<Decl>,
    pub sites: Vec<Site>,
    /// Sections of the files (`wagers:`, `cases:`): name, file, place of
    /// the key, last line.
    pub sections: Vec<(String, usize, Place, usize)>,
    /// The words of every condition: file, place, text, what it is.
    pub words: Vec<(usize, Place, String, super::lex::Lex)>,
}

/// A reference waiting for every declaration to be known.
struct Want {
    kinds: &'static [Kind],
    /// The first kind that has the name wins (a definition before a hand,
    /// as conditions read names); else every kind that has it.
    first: bool,
    owner: Option<String>,
    name: String,
    file: usize,
    at: Place,
}

/// How the files of an index are found: the text of an open document,
/// else the file's.
pub type Open<'a> = &'a dyn Fn(&Path) -> Option<String>;

fn read(path: &Path, open: Open) -> Option<String> {
    open(path).or_else(|| {
        crate::spec::source::read_bounded(path, crate::spec::limits::MAX_BYTES as u64).ok()
    })
}

/// An index being built: `sites` walks each kind of file.
pub struct Builder<'a> {
    pub(super) index: Index,
    pub(super) srcs: Vec<SourceFile>,
    wants: Vec<Want>,
    open: Open<'a>,
}

impl Index {
    /// The index of the spec at `spec`: the spec, the game files it
    /// includes and, with `fixtures`, the fixture files that name it.
    pub fn of_spec(spec: &Path, open: Open, fixtures: bool) -> Option<Index> {
        let mut b = Builder {
            index: Index::default(),
            srcs: Vec::new(),
            wants: Vec::new(),
            open,
        };
        let text = read(spec, open)?;
        let (f, top) = b.file(spec, text)?;
        b.spec(f, &top);
        if fixtures && let Some(id) = text_of(&top, "id") {
            let dir = crate::fixtures::default_dir(&spec.display().to_string());
            for path in crate::spec::spec_files(&dir.display().to_string()) {
                let path = PathBuf::from(path);
                if let Some(t) = read(&path, open)
                    && names_spec(&t, &id)
                    && let Some((f, top)) = b.file(&path, t)
                {
                    b.fixture(f, &top);
                }
            }
        }
        Some(b.finish())
    }

    /// The index of one document alone (a spec with the game it includes,
    /// a game file, a fixture file): its symbols and condition words.
    pub fn of_file(
        path: &Path,
        text: String,
        kind: super::outline::DocKind,
        open: Open,
    ) -> Option<Index> {
        use super::outline::DocKind;
        let mut b = Builder {
            index: Index::default(),
            srcs: Vec::new(),
            wants: Vec::new(),
            open,
        };
        let (f, top) = b.file(path, text)?;
        match kind {
            DocKind::Spec => b.spec(f, &top),
            DocKind::Game => {
                b.section(f, &top, "drawing");
                b.game(f, &top);
            }
            DocKind::Fixture => b.fixture(f, &top),
            DocKind::Other => {}
        }
        Some(b.finish())
    }

    pub fn path(&self, file: usize) -> &Path {
        &self.files[file].0
    }

    pub fn text(&self, file: usize) -> &str {
        &self.files[file].1
    }

    pub fn file_of(&self, path: &Path) -> Option<usize> {
        self.files
            .iter()
            .position(|(p, _)| super::text::same_file(p, path))
    }

    /// The site under a 0-based line and character column of a file.
    pub fn site_at(&self, path: &Path, line: usize, col: usize) -> Option<&Site> {
        let f = self.file_of(path)?;
        self.sites.iter().find(|s| {
            s.file == f && s.at.line == line && (s.at.col..=s.at.col + s.at.width).contains(&col)
        })
    }

    /// The declarations tied to `decls`: those written at a place one of
    /// them is written, and so on (what a rename must change together).
    pub fn tied(&self, decls: &BTreeSet<usize>) -> BTreeSet<usize> {
        let mut all = decls.clone();
        loop {
            let more: BTreeSet<usize> = self
                .sites
                .iter()
                .filter(|s| !s.decls.is_disjoint(&all))
                .flat_map(|s| s.decls.iter().copied())
                .collect();
            if more.is_subset(&all) {
                return all;
            }
            all.extend(more);
        }
    }

    /// Every place that names one of `decls`.
    pub fn sites_of(&self, decls: &BTreeSet<usize>) -> Vec<&Site> {
        self.sites
            .iter()
            .filter(|s| !s.decls.is_disjoint(decls))
            .collect()
    }

    /// The declaration of `kind` (of wager `owner`) named `name`.
    pub fn find(&self, kind: Kind, owner: Option<&str>, name: &str) -> Option<usize> {
        self.decls
            .iter()
            .position(|d| d.kind == kind && d.name == name && d.owner.as_deref() == owner)
    }
}

/// The value of a top-level key, as text.
fn text_of(top: &Tree, key: &str) -> Option<String> {
    text(get(top, key)).map(str::to_string)
}

/// Whether a fixture file's text names the spec `id` (`spec: id`).
pub fn names_spec(text: &str, id: &str) -> bool {
    text.lines().any(|l| {
        l.strip_prefix("spec:")
            .is_some_and(|v| v.trim().trim_matches(['"', '\'']) == id)
    })
}

impl Builder<'_> {
    /// Reads a file into the index; its tree.
    fn file(&mut self, path: &Path, text: String) -> Option<(usize, Tree)> {
        let src = SourceFile::new(path.display().to_string(), text.clone());
        let tree = crate::spec::yaml::tree(&src, FileKind::Spec).ok()?;
        self.index.files.push((path.to_path_buf(), text));
        self.srcs.push(src);
        Some((self.srcs.len() - 1, tree))
    }

    /// The game file an `include:` names, read into the index.
    pub(super) fn include(&mut self, f: usize, g: &Tree) -> Option<(usize, Tree)> {
        let name = text(get(g, "include"))?;
        let path = super::navigate::beside(self.index.path(f), name);
        if self.index.file_of(&path).is_some() {
            return None;
        }
        let text = read(&path, self.open)?;
        let (f, tree) = self.file(&path, text)?;
        self.index.games.push(f);
        Some((f, tree))
    }

    pub(super) fn section(&mut self, f: usize, top: &Tree, key: &str) {
        let found = entries(top)
            .iter()
            .find(|(k, _)| matches!(&k.value, Node::Str(s) if s == key));
        if let Some((k, _)) = found {
            let at = super::tree::place(&self.srcs[f], &k.referenced, key.chars().count());
            let last = last_line(self.index.text(f), at.line, at.col);
            self.index.sections.push((key.to_string(), f, at, last));
        }
    }

    /// Declares the id in scalar `id`, for the entry `entry`; its name.
    pub(super) fn declare(
        &mut self,
        f: usize,
        kind: Kind,
        owner: Option<&str>,
        id: Option<&Tree>,
        detail: &str,
        entry: &Tree,
    ) -> Option<String> {
        let n = id?;
        let (name, at) = whole(&self.srcs[f], n)?;
        let start = super::tree::place(&self.srcs[f], &entry.defined, 1);
        let last = entry_last_line(self.index.text(f), start.line, start.col).max(at.line);
        self.index.decls.push(Decl {
            kind,
            name: name.clone(),
            owner: owner.map(str::to_string),
            detail: detail.trim().to_string(),
            file: f,
            at,
            start: start.line,
            last,
            aliased: n.defined != n.referenced,
        });
        Some(name)
    }

    /// Refers to `kinds` with the whole of scalar `n`.
    pub(super) fn refer(
        &mut self,
        f: usize,
        kinds: &'static [Kind],
        owner: Option<&str>,
        n: Option<&Tree>,
    ) {
        let Some(n) = n else { return };
        if let Some(s) = text(Some(n)) {
            let s = s.to_string();
            self.part(f, kinds, false, owner, n, &s, 0, s.len());
        }
    }

    /// Refers to each item of a list.
    pub(super) fn refer_all(&mut self, f: usize, kinds: &'static [Kind], list: Option<&Tree>) {
        for n in items(list) {
            self.refer(f, kinds, None, Some(n));
        }
    }

    /// Refers to the bytes `start..end` of scalar `n`, whose text is
    /// `value`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn part(
        &mut self,
        f: usize,
        kinds: &'static [Kind],
        first: bool,
        owner: Option<&str>,
        n: &Tree,
        value: &str,
        start: usize,
        end: usize,
    ) {
        let name = value[start..end].to_string();
        if name.is_empty() {
            return;
        }
        let at = within(&self.srcs[f], n, value, start, name.chars().count());
        self.wants.push(Want {
            kinds,
            first,
            owner: owner.map(str::to_string),
            name,
            file: f,
            at,
        });
    }

    /// The names a condition uses (definitions, hands).
    pub(super) fn condition(&mut self, f: usize, n: Option<&Tree>) {
        let Some(n) = n else { return };
        let Some(value) = text(Some(n)).map(str::to_string) else {
            return;
        };
        for w in super::lex::words(&value) {
            let word = &value[w.start..w.end];
            let at = within(&self.srcs[f], n, &value, w.start, word.chars().count());
            self.index.words.push((f, at, word.to_string(), w.lex));
            if w.lex == super::lex::Lex::Name {
                let kinds = &[Kind::Definition, Kind::Hand];
                self.part(f, kinds, true, None, n, &value, w.start, w.end);
            }
        }
    }

    /// Resolves every reference and gathers the places.
    fn finish(mut self) -> Index {
        let mut by_name: HashMap<(Kind, Option<&str>, &str), Vec<usize>> = HashMap::new();
        for (i, d) in self.index.decls.iter().enumerate() {
            by_name
                .entry((d.kind, d.owner.as_deref(), d.name.as_str()))
                .or_default()
                .push(i);
        }
        let mut sites: HashMap<(usize, Place), Site> = HashMap::new();
        for (i, d) in self.index.decls.iter().enumerate() {
            let s = sites.entry((d.file, d.at)).or_insert_with(|| Site {
                file: d.file,
                at: d.at,
                decls: BTreeSet::new(),
                declares: true,
            });
            s.decls.insert(i);
        }
        for w in &self.wants {
            let mut found = BTreeSet::new();
            for k in w.kinds {
                let owner = matches!(k, Kind::Event | Kind::PayTable)
                    .then_some(w.owner.as_deref())
                    .flatten();
                if let Some(ds) = by_name.get(&(*k, owner, w.name.as_str())) {
                    found.extend(ds.iter().copied());
                    if w.first {
                        break;
                    }
                }
            }
            if found.is_empty() {
                continue;
            }
            sites
                .entry((w.file, w.at))
                .or_insert_with(|| Site {
                    file: w.file,
                    at: w.at,
                    decls: BTreeSet::new(),
                    declares: false,
                })
                .decls
                .extend(found);
        }
        let mut sites: Vec<Site> = sites.into_values().collect();
        sites.sort_by_key(|s| (s.file, s.at));
        self.index.sites = sites;
        self.index
    }
}
