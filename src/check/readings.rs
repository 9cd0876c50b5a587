//! Checking how the spec reads its document: the assumptions (each quoted
//! and located in the document) and the readings table (every item of the
//! document read once, by rules, assumptions or interpretations that exist).

use super::Checker;
use crate::diag::closest;
use crate::diag::spec::SpecError;
use crate::spec::raw::{self, S};

impl Checker<'_> {
    /// Each assumption must quote the document and say where: a choice the
    /// examiner cannot find in the document is not a reading of it. Pay
    /// tables resting on an assumption must name one that exists.
    pub(super) fn assumptions(&mut self, raw: &raw::RawSpec) -> Vec<crate::model::Assumption> {
        let mut out: Vec<crate::model::Assumption> = Vec::new();
        for a in &raw.assumptions {
            self.identifier(&a.id, "assumption");
            let id = a.id.value.clone();
            if out.iter().any(|x| x.id == id) {
                self.string_error(&a.id, SpecError::DuplicateAssumptionId { id: id.clone() });
            }
            let Some(src) = &a.source else {
                self.string_error(&a.id, SpecError::AssumptionWithoutSource { id })
                    .help = Some("add `source: { at: \"item 4\", quote: \"...\" }`".into());
                continue;
            };
            let text = |t: &Option<S<String>>| {
                t.as_ref()
                    .map(|x| x.value.trim().to_string())
                    .filter(|x| !x.is_empty())
            };
            let (at, quote) = (text(&src.value.at), text(&src.value.quote));
            if at.is_none() {
                self.error(src, 1, SpecError::AssumptionUnlocated { id: id.clone() })
                    .help = Some("add `at:` naming the section or item, e.g. `\"item 4\"`".into());
            }
            if quote.is_none() {
                self.error(src, 1, SpecError::AssumptionUnquoted { id: id.clone() })
                    .help = Some("add `quote:` with the document's words as printed".into());
            }
            if let (Some(at), Some(quote)) = (at, quote) {
                out.push(crate::model::Assumption {
                    id,
                    document: src
                        .value
                        .document
                        .clone()
                        .unwrap_or_else(|| raw.source.document.clone()),
                    at,
                    quote,
                    choice: a.choice.trim().to_string(),
                    why: a.why.trim().to_string(),
                });
            }
        }
        let ids: Vec<&str> = raw
            .assumptions
            .iter()
            .map(|a| a.id.value.as_str())
            .collect();
        for t in raw.wagers.iter().flat_map(|w| &w.pay_tables) {
            if let Some(name) = &t.assumed {
                self.known(name, &ids, |name| SpecError::UnknownAssumption { name });
            }
        }
        out
    }

    /// Reports `name` unless it is one of `known`, with the nearest name.
    fn known(&mut self, name: &S<String>, known: &[&str], kind: fn(String) -> SpecError) -> bool {
        if known.contains(&name.value.as_str()) {
            return true;
        }
        let d = self.string_error(name, kind(name.value.clone()));
        d.expected = Some(if known.is_empty() {
            "nothing: the spec declares none".into()
        } else {
            format!("one of {}", crate::diag::list(known))
        });
        d.found = Some(format!("`{}`", name.value));
        d.offer(known);
        if let Some(s) = closest(&name.value, known) {
            d.suggest(s);
        }
        false
    }

    /// The readings table: every reference names something in the spec,
    /// every item is read once and each row says how it is read.
    pub(super) fn readings(&mut self, raw: &raw::RawSpec) -> Vec<crate::model::ItemReading> {
        let mut parts: Vec<String> = vec!["game".into(), "shoe".into()];
        if raw.table.is_some() {
            parts.push("table".into());
        }
        if !raw.claims.is_empty() {
            parts.push("claims".into());
        }
        if !raw.pay_searches.is_empty() {
            parts.push("pay_searches".into());
        }
        for w in &raw.wagers {
            parts.push(w.id.value.clone());
            for t in &w.pay_tables {
                parts.push(format!("{}/{}", w.id.value, t.id.value));
            }
        }
        parts.extend(raw.combined.iter().map(|c| c.id.value.clone()));
        parts.extend(raw.definitions.0.iter().map(|(k, _)| k.value.clone()));
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let assumptions: Vec<&str> = raw
            .assumptions
            .iter()
            .map(|a| a.id.value.as_str())
            .collect();
        let interpretations: Vec<&str> = raw
            .interpretations
            .iter()
            .map(|i| i.id.value.as_str())
            .collect();
        let mut out: Vec<crate::model::ItemReading> = Vec::new();
        for r in &raw.readings {
            let item = r.item.value.trim().to_string();
            if out.iter().any(|x| x.item == item) {
                self.string_error(&r.item, SpecError::ReadingItemTwice { item: item.clone() });
            }
            let mut names = |list: &Option<S<Vec<S<String>>>>,
                             known: &[&str],
                             kind: fn(String) -> SpecError| {
                let mut v = Vec::new();
                for n in list.iter().flat_map(|l| &l.value) {
                    if self.known(n, known, kind) {
                        v.push(n.value.clone());
                    }
                }
                v
            };
            let rules = names(&r.rules, &parts, |name| SpecError::UnknownRuleRef { name });
            let assumed = names(&r.assumptions, &assumptions, |name| {
                SpecError::UnknownAssumption { name }
            });
            let interpreted = names(&r.interpretations, &interpretations, |name| {
                SpecError::UnknownInterpretation { name }
            });
            let listed =
                |l: &Option<S<Vec<S<String>>>>| l.as_ref().is_some_and(|l| !l.value.is_empty());
            let why = r
                .not_modelled
                .as_ref()
                .map(|w| w.trim().to_string())
                .filter(|w| !w.is_empty());
            if !listed(&r.rules)
                && !listed(&r.assumptions)
                && !listed(&r.interpretations)
                && why.is_none()
            {
                self.string_error(&r.item, SpecError::ReadingNamesNothing { item: item.clone() })
                    .help = Some("name the `rules`, `assumptions` or `interpretations` that read it, or say in `not_modelled` why nothing does".into());
            }
            out.push(crate::model::ItemReading {
                item,
                says: r.says.as_ref().map(|s| s.trim().to_string()),
                rules,
                assumptions: assumed,
                interpretations: interpreted,
                not_modelled: why,
                note: r.note.as_ref().map(|s| s.trim().to_string()),
            });
        }
        out
    }
}
