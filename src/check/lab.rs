//! Checking what a laboratory's report form needs beyond the mathematics:
//! the rule document's identity (title, version, file hash), the
//! submission (owner, the table's maximum bets), the report's number,
//! revisions and headline figures, and the figures published by
//! independent analysts (checked as claims are).

use super::Checker;
use super::report_plan::calendar_date;
use super::table::MONEY;
use crate::diag::spec::SpecError;
use crate::model::{
    DeclaredLimit, DocumentId, Edition, FirstRule, Game, Headline, PayoutLimits, ReportPlan,
    Revision, Submission,
};
use crate::spec::raw::{self, S};
use crate::spec::table::{RawAmount, parse_money};

impl Checker<'_> {
    /// `source.title`, `.version` and `.sha256` (64 hex digits).
    pub(super) fn document_id(&mut self, s: &raw::RawSource) -> DocumentId {
        let sha256 = s.sha256.as_ref().and_then(|sha| {
            let text = sha.value.trim();
            let ok = text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit());
            if !ok {
                let kind = SpecError::InvalidSha256 {
                    sha: text.to_string(),
                };
                let d = self.string_error(sha, kind);
                d.expected =
                    Some("64 hexadecimal digits, e.g. the output of `sha256sum FILE`".into());
                d.found = Some(format!("`{text}`"));
            }
            ok.then(|| text.to_ascii_lowercase())
        });
        DocumentId {
            title: s.title.clone(),
            version: s.version.clone(),
            sha256,
        }
    }

    /// The submission, with each wager's minimum and maximum bet (from
    /// `min_bets`/`max_bets`, or from the `table:` section's limits; a wager
    /// named in both is refused), its edition and declared payout limits.
    pub(super) fn submission(
        &mut self,
        r: Option<&raw::RawSubmission>,
        spec_wagers: &[raw::RawWager],
        table: Option<&crate::model::table::TableRules>,
    ) -> Submission {
        let max = self.bets(
            r.and_then(|r| r.max_bets.as_ref()),
            spec_wagers,
            table,
            true,
        );
        let min = self.bets(
            r.and_then(|r| r.min_bets.as_ref()),
            spec_wagers,
            table,
            false,
        );
        let edition = r.and_then(|r| r.edition.as_ref()).and_then(|e| {
            let found = Edition::parse(&e.value);
            if found.is_none() {
                let kind = SpecError::UnknownEdition {
                    name: e.value.clone(),
                };
                let names: Vec<&str> = Edition::ALL.iter().map(|e| e.name()).collect();
                self.string_error(e, kind).expected =
                    Some(format!("one of {}", crate::diag::list(&names)));
            }
            found
        });
        // A minimum above the maximum, at the minimum (a wager in both maps;
        // the table's limits are checked as pairs where they are written).
        for (wager, amount) in r
            .and_then(|r| r.min_bets.as_ref())
            .map(|m| m.0.as_slice())
            .unwrap_or_default()
        {
            let bet = |bets: &[(String, crate::model::Ratio)]| {
                bets.iter()
                    .find(|(w, _)| *w == wager.value)
                    .map(|(_, m)| *m)
            };
            if let (Some(lo), Some(hi)) = (bet(&min), bet(&max))
                && lo > hi
            {
                let dollars = crate::model::Ratio::dollars;
                let kind = SpecError::BetsInverted {
                    wager: wager.value.clone(),
                    min: dollars(lo),
                    max: dollars(hi),
                };
                let width = RawAmount::text(amount, self.src).chars().count().max(1);
                let d = self.error(amount, width, kind);
                d.expected = Some(format!("at most the maximum bet, {}", dollars(hi)));
                d.found = Some(dollars(lo));
            }
        }
        let payout_limits = r
            .and_then(|r| r.payout_limits.as_ref())
            .map(|p| self.payout_limits(p, spec_wagers));
        Submission {
            submitter: r.and_then(|r| r.submitter.clone()),
            jurisdiction: r.and_then(|r| r.jurisdiction.clone()),
            game_id: r.and_then(|r| r.game_id.clone()),
            owner: r.and_then(|r| r.owner.clone()),
            max_bets: max,
            min_bets: min,
            edition,
            payout_limits,
        }
    }

    /// An amount of dollars, or None with the error recorded.
    fn money(&mut self, amount: &S<RawAmount>) -> Option<crate::model::Ratio> {
        let text = RawAmount::text(amount, self.src);
        let m = parse_money(&text);
        if m.is_none() {
            let kind = SpecError::InvalidAmount {
                amount: text.clone(),
            };
            let d = self.error(amount, text.chars().count().max(1), kind);
            d.expected = Some(MONEY.into());
            d.found = Some(format!("`{text}`"));
        }
        m
    }

    /// Each wager's bet (`max` or min) from the submission's map or the
    /// `table:` section's limits, in the spec's order of wagers.
    fn bets(
        &mut self,
        map: Option<&crate::spec::ordered_map::OrderedMap<S<String>, S<RawAmount>>>,
        spec_wagers: &[raw::RawWager],
        table: Option<&crate::model::table::TableRules>,
        max: bool,
    ) -> Vec<(String, crate::model::Ratio)> {
        let mut declared: Vec<(String, crate::model::Ratio)> = Vec::new();
        for (wager, amount) in map.map(|m| m.0.as_slice()).unwrap_or_default() {
            if !self.wager_named(wager, spec_wagers) {
                continue;
            }
            let in_table = table.is_some_and(|t| t.wagers.iter().any(|w| w.id == wager.value));
            if in_table || declared.iter().any(|(w, _)| *w == wager.value) {
                let kind = SpecError::TwoLimits {
                    wager: wager.value.clone(),
                };
                let key = if max { "max_bets" } else { "min_bets" };
                self.string_error(wager, kind).help = Some(format!(
                    "give a wager's bet limits once: in `table: limits` or in `{key}`"
                ));
                continue;
            }
            if let Some(m) = self.money(amount) {
                declared.push((wager.value.clone(), m));
            }
        }
        if let Some(t) = table {
            declared.extend(
                t.wagers
                    .iter()
                    .map(|w| (w.id.clone(), if max { w.max } else { w.min })),
            );
        }
        let mut out = Vec::new();
        for w in spec_wagers {
            if let Some(m) = declared.iter().find(|(id, _)| *id == w.id.value) {
                out.push(m.clone());
            }
        }
        out
    }

    /// The report's number, revisions, headline figures and typical strategy.
    pub(super) fn lab_plan(
        &mut self,
        plan: &mut ReportPlan,
        r: Option<&raw::RawReportPlan>,
        spec_wagers: &[raw::RawWager],
        combined: &[raw::RawCombined],
        game: &Game,
    ) {
        let Some(r) = r else { return };
        plan.number = r.number.clone();
        for rev in &r.revisions {
            match calendar_date(&rev.date.value) {
                Some(date) => plan.revisions.push(Revision {
                    revision: rev.revision.clone(),
                    date,
                    change: rev.change.clone(),
                }),
                None => {
                    let kind = SpecError::ReportDate {
                        date: rev.date.value.clone(),
                    };
                    let d = self.string_error(&rev.date, kind);
                    d.expected = Some("a date written YYYY-MM-DD, e.g. 2026-11-25".into());
                }
            }
        }
        for h in &r.headline {
            if let Some(x) = self.headline(h, spec_wagers, combined) {
                plan.headline.push(x);
            }
        }
        // Bounded before the ids are looked up: each entry is walked when
        // the report is computed (4,000 took 3.6 GB).
        let most = spec_wagers.len() + combined.len();
        if let Some(w) = r.protect.get(most.max(1)) {
            let kind = SpecError::TooMany {
                what: "entries in `report: protect` (each wager or combined entry once)",
                max: most.max(1),
                found: r.protect.len(),
            };
            self.string_error(w, kind);
        }
        for w in r.protect.iter().take(most.max(1)) {
            if plan.protect.contains(&w.value) {
                let kind = SpecError::ListedTwiceIn {
                    wager: w.value.clone(),
                    list: "report's `protect` list",
                };
                self.string_error(w, kind);
                continue;
            }
            // A combined entry may stand for its wagers staked together.
            if combined.iter().any(|c| c.id.value == w.value) || self.wager_named(w, spec_wagers) {
                plan.protect.push(w.value.clone());
            }
        }
        for w in &r.bets_after_cards_seen {
            if self.wager_named(w, spec_wagers) {
                plan.after_cards_seen.push(w.value.clone());
            }
        }
        if let Some(t) = &r.typical_strategy {
            let written = match &game.first {
                FirstRule::Decides(d) => d
                    .strategies
                    .iter()
                    .any(|s| s.id == t.strategy.value && s.id != crate::model::OPTIMAL),
                FirstRule::Totals(_) => false,
            };
            if written {
                plan.typical = Some((t.strategy.value.clone(), t.why.clone()));
            } else {
                let kind = SpecError::UnknownStrategy {
                    name: t.strategy.value.clone(),
                };
                self.string_error(&t.strategy, kind).help = Some(
                    "name one of the strategies written under `game.drawing.<hand>.decides.strategies`".into(),
                );
            }
        }
    }

    fn headline(
        &mut self,
        h: &raw::RawHeadline,
        spec_wagers: &[raw::RawWager],
        combined: &[raw::RawCombined],
    ) -> Option<Headline> {
        match (&h.wager, &h.pay_table, &h.combined) {
            (Some(w), table, None) => {
                if !self.wager_named(w, spec_wagers) {
                    return None;
                }
                let wager = spec_wagers.iter().find(|x| x.id.value == w.value)?;
                let pay_table = match table {
                    None => wager.pay_tables.first()?.id.value.clone(),
                    Some(t) if wager.pay_tables.iter().any(|p| p.id.value == t.value) => {
                        t.value.clone()
                    }
                    Some(t) => {
                        let kind = SpecError::UnknownPayTable {
                            wager: w.value.clone(),
                            table: t.value.clone(),
                        };
                        let ids: Vec<&str> = wager
                            .pay_tables
                            .iter()
                            .map(|p| p.id.value.as_str())
                            .collect();
                        let d = self.string_error(t, kind);
                        d.expected = Some(format!("one of {}", ids.join(", ")));
                        d.offer(&ids);
                        return None;
                    }
                };
                Some(Headline::Table {
                    wager: w.value.clone(),
                    pay_table,
                })
            }
            (None, None, Some(c)) => {
                if combined.iter().any(|x| x.id.value == c.value) {
                    return Some(Headline::Combined(c.value.clone()));
                }
                let ids: Vec<&str> = combined.iter().map(|x| x.id.value.as_str()).collect();
                let kind = SpecError::UnknownCombined {
                    id: c.value.clone(),
                };
                let d = self.string_error(c, kind);
                d.expected = Some(format!("one of {}", crate::diag::list(&ids)));
                d.offer(&ids);
                None
            }
            _ => {
                let at = h
                    .wager
                    .as_ref()
                    .or(h.pay_table.as_ref())
                    .or(h.combined.as_ref());
                match at {
                    Some(at) => {
                        self.string_error(at, SpecError::HeadlineTarget).help =
                            Some("write `wager:` (with `pay_table:`), or `combined:` alone".into());
                    }
                    None => self.refuse_empty_headline(),
                }
                None
            }
        }
    }

    /// An empty headline entry (`{}`) has no position of its own to point
    /// at: the error points at the spec's start.
    fn refuse_empty_headline(&mut self) {
        let at = S::new(
            String::new(),
            serde_saphyr::Location::UNKNOWN,
            serde_saphyr::Location::UNKNOWN,
        );
        self.string_error(&at, SpecError::HeadlineTarget);
    }

    /// Whether `wager` names a wager of the spec; if not, a located error.
    /// The declared aggregate payout limits, one per wager. The keys of
    /// the superseded 2008 text (`per_player`, `table`) are refused with
    /// the rule in force.
    fn payout_limits(
        &mut self,
        map: &crate::spec::ordered_map::OrderedMap<S<String>, S<RawAmount>>,
        spec_wagers: &[raw::RawWager],
    ) -> PayoutLimits {
        let mut limits = Vec::new();
        for (wager, amount) in &map.0 {
            if matches!(wager.value.as_str(), "per_player" | "table")
                && !spec_wagers.iter().any(|w| w.id.value == wager.value)
            {
                let kind = SpecError::SupersededPayoutLimit {
                    key: wager.value.clone(),
                };
                self.string_error(wager, kind).help = Some(
                    "declare one aggregate limit per odds-based prize, by wager id: `payout_limits: { lucky_match: 15000 }`".into(),
                );
                continue;
            }
            if !self.wager_named(wager, spec_wagers) {
                continue;
            }
            let width = RawAmount::text(amount, self.src).chars().count().max(1);
            let at = self.src.at(&amount.referenced, width);
            if let Some(dollars) = self.money(amount) {
                limits.push(DeclaredLimit {
                    wager: wager.value.clone(),
                    dollars,
                    at,
                });
            }
        }
        PayoutLimits { limits }
    }

    fn wager_named(&mut self, wager: &S<String>, spec_wagers: &[raw::RawWager]) -> bool {
        if spec_wagers.iter().any(|w| w.id.value == wager.value) {
            return true;
        }
        let ids: Vec<&str> = spec_wagers.iter().map(|w| w.id.value.as_str()).collect();
        let name = wager.value.clone();
        let d = self.string_error(wager, SpecError::UnknownWager { name });
        d.expected = Some(format!("one of {}", crate::diag::list(&ids)));
        d.found = Some(format!("`{}`", wager.value));
        d.offer(&ids);
        false
    }
}
