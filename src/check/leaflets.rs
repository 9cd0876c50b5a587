//! Checking the `leaflets:` section: each leaflet an identifier of its own,
//! listing at least one wager, each a wager of the spec, once.

use super::Checker;
use crate::diag::spec::SpecError;
use crate::limits::MAX_LEAFLETS;
use crate::model::LeafletPlan;
use crate::spec::raw::{RawLeaflet, RawWager};

impl Checker<'_> {
    pub(super) fn leaflets(
        &mut self,
        raw: &[RawLeaflet],
        spec_wagers: &[RawWager],
    ) -> Vec<LeafletPlan> {
        // Each leaflet is a set of files `certify leaflet` writes: bounded.
        if let Some(l) = raw.get(MAX_LEAFLETS) {
            let kind = SpecError::TooMany {
                what: "leaflets",
                max: MAX_LEAFLETS,
                found: raw.len(),
            };
            self.string_error(&l.id, kind);
            return Vec::new();
        }
        let ids: Vec<&str> = spec_wagers.iter().map(|w| w.id.value.as_str()).collect();
        let mut out: Vec<LeafletPlan> = Vec::new();
        for (k, l) in raw.iter().enumerate() {
            self.identifier(&l.id, "leaflet");
            if raw[..k].iter().any(|x| x.id.value == l.id.value) {
                let id = l.id.value.clone();
                self.string_error(&l.id, SpecError::DuplicateLeafletId { id });
            }
            if l.wagers.value.is_empty() {
                let id = l.id.value.clone();
                let d = self.error(&l.wagers, 2, SpecError::LeafletEmpty { id });
                d.expected = Some(format!("one or more of {}", crate::diag::list(&ids)));
                d.found = Some("`[]`".into());
                continue;
            }
            let mut wagers: Vec<String> = Vec::new();
            for w in &l.wagers.value {
                if self.wager_index(w, &ids).is_none() {
                    continue;
                }
                if wagers.contains(&w.value) {
                    let kind = SpecError::ListedTwiceIn {
                        wager: w.value.clone(),
                        list: "leaflet",
                    };
                    self.string_error(w, kind);
                    continue;
                }
                wagers.push(w.value.clone());
            }
            out.push(LeafletPlan {
                id: l.id.value.clone(),
                title: l.title.clone(),
                wagers,
            });
        }
        out
    }
}
