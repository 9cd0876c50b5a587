//! Shared games: `game: { include: FILE }` takes a spec's game from a game
//! file, so a tableau such as punto banco's lives in one place.
//!
//! The included file is read as a file of its own (`FileKind::Game`): its
//! located tree is checked against the game's shape and read by serde from
//! its own text, so every diagnostic about the game names the included file,
//! line and column. A game file may itself hold `{ include: FILE }` (the
//! same rule wherever a game stands); a file met twice on the way is a cycle.

use super::SourceFile;
use super::limits::MAX_BYTES;
use super::node::Node;
use super::raw::RawGame;
use super::schema;
use super::yaml;
use crate::diag::Diagnostic;
use crate::diag::input::{FileKind, InputError};
use serde_saphyr::{Location, Spanned};
use std::path::{Component, Path, PathBuf};

/// The keys that make a mapping a game (one is enough to read it as one and
/// report what else is wrong in the game's own words).
const GAME_KEYS: [&str; 3] = ["hands", "deal", "drawing"];

/// Where a game names the file that holds it: the path as written and the
/// location of the text, in the file that names it.
pub(super) struct Target {
    path: String,
    at: Location,
    width: usize,
}

/// The `include:` of a game mapping, if it has one.
fn target(src: &SourceFile, game: &Spanned<Node>) -> Option<Target> {
    let Node::Map(entries) = &game.value else {
        return None;
    };
    let (_, value) = entries
        .iter()
        .find(|(k, _)| matches!(&k.value, Node::Str(s) if s == "include"))?;
    let path = match &value.value {
        Node::Str(s) => s.clone(),
        _ => src.token_at(&value.referenced).to_string(),
    };
    Some(Target {
        width: src.token_at(&value.referenced).chars().count().max(1),
        path,
        at: value.referenced,
    })
}

/// The spec tree's `game:` value, if it names a file.
pub(super) fn of_spec(src: &SourceFile, spec: &Spanned<Node>) -> Option<Target> {
    let Node::Map(entries) = &spec.value else {
        return None;
    };
    let (_, game) = entries
        .iter()
        .find(|(k, _)| matches!(&k.value, Node::Str(s) if s == "game"))?;
    target(src, game)
}

/// `path` as written in `from`, relative to `from`'s folder, without `./`
/// and with each `dir/..` taken out as written (`drafts/rules/../../rules/x`
/// is `rules/x`): the manifest names the file the way `certify verify`
/// reads it, relative to the folder it runs in and without climbing.
fn beside(from: &str, path: &str) -> String {
    let joined = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
    let mut clean: Vec<Component> = Vec::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(clean.last(), Some(Component::Normal(_))) => {
                clean.pop();
            }
            c => clean.push(c),
        }
    }
    let clean: PathBuf = clean.iter().collect();
    clean.to_string_lossy().replace('\\', "/")
}

/// The same file however it is named, where the system can tell.
fn identity(name: &str) -> PathBuf {
    std::fs::canonicalize(name).unwrap_or_else(|_| PathBuf::from(name))
}

/// Follows the include `first`, named in `spec`, to the game: the game and
/// every file read on the way, in order (the game was read from the last).
pub(super) fn follow(
    spec: &SourceFile,
    first: Target,
) -> Result<(RawGame, Vec<SourceFile>), Vec<Diagnostic>> {
    let mut files: Vec<SourceFile> = Vec::new();
    let mut seen = vec![identity(&spec.name)];
    let mut names = vec![spec.name.clone()];
    let mut next = first;
    loop {
        let from = files.last().unwrap_or(spec);
        let name = beside(&from.name, &next.path);
        let at = from.at(&next.at, next.width);
        let text = super::source::read_bounded(&name, MAX_BYTES as u64).map_err(|e| {
            vec![Diagnostic::new(
                at.clone(),
                InputError::IncludeMissing {
                    file: name.clone(),
                    reason: e.to_string(),
                },
            )]
        })?;
        let id = identity(&name);
        if seen.contains(&id) {
            names.push(name.clone());
            return Err(vec![Diagnostic::new(
                at,
                InputError::IncludeCycle {
                    file: name,
                    chain: names.join(" → "),
                },
            )]);
        }
        seen.push(id);
        names.push(name.clone());
        let file = SourceFile::new(name.clone(), text);
        let tree = yaml::tree(&file, FileKind::Game)?;
        if let Some(t) = target(&file, &tree) {
            let problems = schema::check(&file, &tree, &schema::INCLUDE);
            if !problems.is_empty() {
                return Err(problems);
            }
            files.push(file);
            next = t;
            continue;
        }
        let is_game = matches!(&tree.value, Node::Map(entries)
            if entries.iter().any(|(k, _)| matches!(&k.value, Node::Str(s) if GAME_KEYS.contains(&s.as_str()))));
        if !is_game {
            return Err(vec![
                Diagnostic::new(at, InputError::IncludeNotAGame { file: name })
                    .help("a game file holds one game at its top level: `hands`, `deal`, `naturals` and `drawing` (as `rules/games/punto_banco.yaml` does)"),
            ]);
        }
        let problems = schema::check(&file, &tree, &schema::GAME);
        if !problems.is_empty() {
            return Err(problems);
        }
        let game = yaml::deserialize::<RawGame>(&file, FileKind::Game)?;
        files.push(file);
        return Ok((game, files));
    }
}
