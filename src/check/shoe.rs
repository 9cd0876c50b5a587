//! Checking the shoe: the deck count, the counts allowed, and the counts
//! the document names (`document_decks`).

use super::{Checker, width_of};
use crate::diag::spec::SpecError;
use crate::model::Shoe;
use crate::spec::raw;

impl Checker<'_> {
    pub(super) fn shoe(&mut self, s: &raw::RawShoe) -> Option<Shoe> {
        let range = &s.allowed_decks;
        let (min, max) = match range.value.as_slice() {
            [a, b] if 1 <= *a && a <= b && *b <= 64 => (*a as u32, *b as u32),
            _ => {
                let shown: Vec<String> = range.value.iter().map(i64::to_string).collect();
                let found = format!("`[{}]`", shown.join(", "));
                let kind = SpecError::InvalidDeckRange {
                    range: range.value.clone(),
                };
                let d = self.error(range, 1, kind);
                d.expected = Some("`[min, max]` with 1 <= min <= max <= 64".into());
                d.found = Some(found);
                return None;
            }
        };
        let d = s.decks.value;
        if d < min as i64 || d > max as i64 {
            let found = d.to_string();
            let kind = if d < 1 {
                SpecError::DecksNotPositive { decks: d }
            } else {
                SpecError::DecksOutOfRange { decks: d, min, max }
            };
            let diag = self.error(&s.decks, width_of(&found), kind);
            diag.expected = Some(format!("a whole number from {min} to {max}"));
            diag.found = Some(found);
            return None;
        }
        Some(Shoe {
            decks: d as u32,
            min_decks: min,
            max_decks: max,
        })
    }

    /// The deck counts the document names: within the allowed range, each
    /// once, the default among them; or none, with the default explained.
    pub(super) fn document_decks(
        &mut self,
        s: &raw::RawShoe,
        shoe: &Shoe,
    ) -> Option<crate::model::DocumentDecks> {
        let doc = s.document_decks.as_ref()?;
        let (min, max) = (shoe.min_decks, shoe.max_decks);
        let mut counts = Vec::new();
        let mut ok = true;
        for c in &doc.value.counts.value {
            let found = c.value.to_string();
            if c.value < min as i64 || c.value > max as i64 {
                let kind = SpecError::DocumentDecksOutOfRange {
                    decks: c.value,
                    min,
                    max,
                };
                let d = self.error(c, width_of(&found), kind);
                d.expected = Some(format!(
                    "a whole number from {min} to {max} (`allowed_decks`)"
                ));
                d.found = Some(found);
                ok = false;
            } else if counts.contains(&(c.value as u32)) {
                let kind = SpecError::DocumentDecksTwice { decks: c.value };
                self.error(c, width_of(&found), kind);
                ok = false;
            } else {
                counts.push(c.value as u32);
            }
        }
        if !ok {
            return None;
        }
        counts.sort_unstable();
        if counts.is_empty() && doc.value.default_because.is_none() {
            let d = self.error(&doc.value.counts, 1, SpecError::DefaultUnexplained);
            d.expected = Some("`default_because:` with the reason for the default count".into());
            return None;
        }
        if !counts.is_empty() && !counts.contains(&shoe.decks) {
            let found = s.decks.value.to_string();
            let kind = SpecError::DefaultNotNamed {
                decks: shoe.decks,
                counts: counts.clone(),
            };
            let list: Vec<String> = counts.iter().map(u32::to_string).collect();
            let d = self.error(&s.decks, width_of(&found), kind);
            d.expected = Some(format!(
                "one of {} (`document_decks`)",
                crate::diag::list(&list)
            ));
            d.found = Some(found);
            return None;
        }
        Some(crate::model::DocumentDecks {
            counts,
            source: doc.value.source.clone(),
            default_because: doc.value.default_because.clone(),
        })
    }
}
