//! A spec past the size limits of `crate::limits` is refused at the first
//! item past the limit, before anything of it is compiled.

use super::Checker;
use crate::diag::spec::SpecError;
use crate::limits::{MAX_EVENTS, MAX_LINES, MAX_PAY_TABLES, MAX_WAGERS};
use crate::spec::raw::RawSpec;

impl Checker<'_> {
    /// Whether the spec's wagers, pay tables and events are within limits.
    pub(super) fn within_limits(&mut self, raw: &RawSpec) -> bool {
        let too_many =
            |what: &'static str, max: usize, found: usize| SpecError::TooMany { what, max, found };
        if let Some(w) = raw.wagers.get(MAX_WAGERS) {
            self.string_error(&w.id, too_many("wagers", MAX_WAGERS, raw.wagers.len()));
            return false;
        }
        let mut lines = 0usize;
        for w in &raw.wagers {
            if let Some(t) = w.pay_tables.get(MAX_PAY_TABLES) {
                let kind = too_many(
                    "pay tables in one wager",
                    MAX_PAY_TABLES,
                    w.pay_tables.len(),
                );
                self.string_error(&t.id, kind);
                return false;
            }
            if let Some(e) = w.events.get(MAX_EVENTS) {
                let kind = too_many("events in one wager", MAX_EVENTS, w.events.len());
                self.string_error(&e.id, kind);
                return false;
            }
            lines += w.pay_tables.len() * w.events.len();
            if lines > MAX_LINES {
                let kind = too_many(
                    "settlement lines (events times pay tables, over all wagers)",
                    MAX_LINES,
                    lines,
                );
                self.string_error(&w.id, kind);
                return false;
            }
        }
        true
    }
}
