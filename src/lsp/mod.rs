//! `certify lsp`: the Language Server Protocol over standard input and
//! output, for rule specs, the game files they include and fixture files.
//!
//! Layer: front end, beside `cli` (the layout is in `src/lib.rs`). It runs
//! the stages the command line runs, through the same calls: diagnostics
//! come from the checker and the fixtures stage (`diagnose`), with the
//! fixes the checker proposes; the hints' figures from the pipeline's
//! strategy stage and engine (`price`); the code action runs `certify SPEC`
//! itself (`run`).
//!
//! `wire` reads and writes the framed messages (with limits, and an answer
//! to every malformed one that has an id); `server` holds the life cycle,
//! the documents and the main loop, `client` what the editor declared;
//! `worker` the checker and pricer threads. Requests: `requests`
//! (completion, hover, definition, semantic tokens, the command),
//! `actions` (quick fixes and the certification), `symbols` (document and
//! workspace symbols), `rename` (references and rename). What they read:
//! `outline` (what a document declares, for completion), `index` and
//! `sites` (every id declared and where each is written, across a spec,
//! its game files and fixture files), `tree` (the located YAML), `text`
//! (what the cursor is in), `scope` (names for `complete` and
//! `navigate`), `keys` (YAML keys from the spec's JSON Schema), `lex` and `tokens`
//! (a condition's words and their colours) and `reference` (the condition language's
//! documentation, one table for the hover and the manual). Only
//! `lsp-types` is used of the protocol's crates: the wire is certify's, so
//! that no header or body an editor sends can panic or exhaust it.

mod actions;
mod client;
mod complete;
mod diagnose;
mod index;
mod keys;
mod lex;
mod navigate;
mod outline;
mod params;
mod price;
pub mod reference;
mod rename;
mod requests;
mod run;
mod scope;
mod server;
mod sites;
mod symbols;
mod text;
mod tokens;
mod tree;
pub mod wire;
mod worker;

pub use server::serve;

/// `certify lsp`: serves the editor on standard input and output until it
/// says `exit`; the exit code (0 after `shutdown`, else 1, with the reason
/// on standard error).
pub fn serve_stdio() -> i32 {
    serve(std::io::stdin(), std::io::stdout(), |line| {
        eprintln!("{line}")
    })
}
