//! Loading a rule spec: YAML text to the raw, located structure.
//!
//! Layer: pipeline stage: parse (the layout is in `src/lib.rs`).

pub mod family;
mod ident;
pub(crate) use ident::is_identifier;
mod include;
pub mod json_schema;
pub(crate) mod limits;
mod located;
pub mod member;
pub(crate) mod node;
mod number;
pub mod ordered_map;
pub mod raw;
pub mod schema;
pub mod source;
pub mod table;
pub mod yaml;

pub use raw::{RawGame, RawSpec};
pub use source::SourceFile;

use crate::diag::Diagnostic;
use crate::diag::input::FileKind;

/// A spec as written, with its game from wherever it is written.
#[derive(Debug)]
pub struct Loaded {
    pub raw: RawSpec,
    /// The game: the spec's own, or the one its `game: { include: FILE }`
    /// leads to.
    pub game: RawGame,
    /// Every file included on the way to the game, in order; the game was
    /// read from the last. Empty when the spec writes its game out.
    pub includes: Vec<SourceFile>,
}

/// Parses the YAML of a spec, and of the game file it includes. Every
/// missing field, unknown field, value of the wrong kind and refused number
/// is reported, each where it is (in the included file when it is there); a
/// file that is not YAML, or over a limit, is one diagnostic.
pub fn load(source: &SourceFile) -> Result<Loaded, Vec<Diagnostic>> {
    /// The spec's own `game:`, read from its text so that its locations
    /// are the spec's.
    #[derive(serde::Deserialize)]
    struct GameOf {
        game: RawGame,
    }
    // Three independent reads of the text (the located tree for the schema
    // pass, the spec, its own game), side by side on the cores there are.
    // Each result is used in the order a reader meets the problems: the
    // tree's, the schema pass's, the spec's, then the game's; the own game
    // is read in vain when the game is included.
    yaml::within_limits(source, FileKind::Spec)?;
    let (tree, (raw, own_game)) = rayon::join(
        || yaml::tree(source, FileKind::Spec),
        || {
            rayon::join(
                || yaml::deserialize::<RawSpec>(source, FileKind::Spec),
                || yaml::deserialize::<GameOf>(source, FileKind::Spec),
            )
        },
    );
    let tree = tree?;
    let problems = schema::check(source, &tree, &schema::SPEC);
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut raw = raw?;
    let problems = family::expand(source, &tree, &mut raw);
    if !problems.is_empty() {
        return Err(problems);
    }
    let (game, includes) = match include::of_spec(source, &tree) {
        Some(target) => include::follow(source, target)?,
        None => (own_game?.game, Vec::new()),
    };
    Ok(Loaded {
        raw,
        game,
        includes,
    })
}

/// The spec files (`*.yaml`) in a folder, sorted by name.
pub fn spec_files(dir: &str) -> Vec<String> {
    let mut paths: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path().to_string_lossy().into_owned())
                .filter(|p| p.ends_with(".yaml"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}
