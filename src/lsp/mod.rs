//! `certify lsp`: the Language Server Protocol over standard input and
//! output, for rule specs, the game files they include and fixture files.
//!
//! Layer: front end, beside `cli` (the layout is in `src/lib.rs`). It runs
//! the stages the command line runs, through the same calls: diagnostics
//! come from the checker and the fixtures stage (`diagnose`), the hints'
//! figures from the pipeline's strategy stage and engine (`price`), the
//! code action runs `certify SPEC` itself (`run`), the one on a pay table
//! `certify design` (`design`).
//!
//! `server` holds the documents and the main loop; `worker` the checker
//! and pricer threads; `outline` reads what a document declares and where,
//! `text` what the cursor is in; `scope` resolves names for `complete`
//! and `navigate` (hover, definition); `reference` is the condition
//! language's documentation, one table for the hover and the manual.
//! The protocol is `lsp-server` and `lsp-types`, the synchronous crates
//! rust-analyzer is built on.

mod complete;
mod design;
mod diagnose;
mod navigate;
mod outline;
mod price;
pub mod reference;
mod run;
mod scope;
mod server;
mod text;
mod worker;

pub use server::serve;

/// `certify lsp`: serves the editor on standard input and output until it
/// says `exit`; the exit code.
pub fn serve_stdio() -> i32 {
    let (conn, io) = lsp_server::Connection::stdio();
    let code = match serve(conn) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("certify lsp: {e}");
            1
        }
    };
    // The reader ends at `exit` or at the end of the input.
    let _ = io.join();
    code
}
