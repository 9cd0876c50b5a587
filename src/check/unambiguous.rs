//! The author's answer to whether the document leaves a question open,
//! against the questions the spec declares open.

use super::Checker;
use crate::diag::spec::SpecError;
use crate::spec::raw;

impl Checker<'_> {
    /// `unambiguous: true` says the document's words leave no question
    /// open; an assumption or an interpretation is such a question: the
    /// spec cannot declare both (the report would say both).
    pub(super) fn unambiguous(&mut self, raw: &raw::RawSpec) {
        let Some(at) = raw.source.unambiguous.as_ref().filter(|u| u.value) else {
            return;
        };
        let open: Vec<String> = raw
            .assumptions
            .iter()
            .map(|a| format!("assumption `{}`", a.id.value))
            .chain(
                raw.interpretations
                    .iter()
                    .map(|i| format!("interpretation `{}`", i.id.value)),
            )
            .collect();
        if open.is_empty() {
            return;
        }
        self.error(at, 4, SpecError::UnambiguousButOpen { open })
            .help = Some("write `unambiguous: false` (the assumptions and interpretations are the questions it leaves open), or remove them if the document leaves none".into());
    }
}
