//! What a code action provider sees (`actions::PROVIDERS`, among them
//! `design`'s): apart from the providers so that each may read it without
//! the list of providers reading it back.

use super::outline::Outline;
use super::server::Doc;
use lsp_types::{Range, Uri};

/// What a provider sees: the document (its text, outline, the
/// diagnostics last published on it) and the range the editor asks about.
pub struct Asked<'a> {
    pub uri: &'a Uri,
    pub outline: &'a Outline,
    pub doc: &'a Doc,
    pub range: Range,
}
