//! Page one's framing of the figures: the game's headline figures (with a
//! typical player's beside them where the player decides), each house
//! edge's range over the deck counts the document permits, and the
//! readings put to the submitter as questions rather than set beside the
//! adopted results.

use super::Computed;
use super::inputs::Inputs;
use super::model::{Kind, Section, Table};
use super::numbers::percent;
use super::words::sentence;
use crate::cards::deck_count;
use crate::engine::Analysis;
use crate::model::{Headline, Spec};
use num_rational::BigRational;

/// A house edge that moves by more than this (percentage points) across
/// the permitted deck counts is flagged on page one.
const MOVES: i64 = 1;

/// The "Headline figures" table, when the rule file names them.
pub(crate) fn part(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    let a = &c.analysis;
    if spec.report.headline.is_empty() {
        return;
    }
    sec.heading(3, "Headline figures");
    let mut t = Table::names(vec![
        "figure",
        "house edge",
        "per total wagered",
        "played as",
    ])
    .kind(1, Kind::Percent)
    .kind(2, Kind::Percent);
    let strategy = spec
        .decides()
        .map(|d| super::words::plain(&d.strategies[d.default].id));
    for h in &spec.report.headline {
        match h {
            Headline::Table { wager, pay_table } => {
                let Some(tab) = table_of(a, wager, pay_table) else {
                    continue;
                };
                t.row(vec![
                    super::words::wager_table(spec, wager, pay_table),
                    percent(&tab.house_edge(), 4),
                    "-".into(),
                    "-".into(),
                ]);
            }
            Headline::Combined(id) => {
                let Some(cs) = a.combined.iter().find(|x| &x.id == id) else {
                    continue;
                };
                let per = super::words::wager(spec, &cs.per);
                t.row(vec![
                    super::words::combined_per(spec, &cs.name, &cs.per),
                    percent(&cs.house_edge(), 4),
                    percent(&cs.per_total_wagered(), 4),
                    strategy
                        .clone()
                        .map_or_else(|| "-".into(), |s| format!("the {s} strategy")),
                ]);
                typical(&mut t, spec, a, &cs.name, &per);
            }
        }
    }
    sec.table(t);
}

/// The typical player's row: the written strategy the rule file names,
/// with its figures from the strategies the decision analysis compared.
fn typical(t: &mut Table, spec: &Spec, a: &Analysis, name: &str, per: &str) {
    let (Some((id, why)), Some(d)) = (&spec.report.typical, &a.decision) else {
        return;
    };
    let Some(s) = d.strategies.iter().find(|s| &s.id == id) else {
        return;
    };
    t.row(vec![
        format!("{name} (per {per}), a typical player"),
        percent(&s.figures.house_edge(), 4),
        percent(&s.figures.per_total_wagered(), 4),
        format!("{}: {}", super::words::plain(id), why.trim()),
    ]);
}

fn table_of<'a>(
    a: &'a Analysis,
    wager: &str,
    table: &str,
) -> Option<&'a crate::engine::stats::TableStats> {
    a.wagers
        .iter()
        .find(|w| w.id == wager)?
        .tables
        .iter()
        .find(|t| t.id == table)
}

/// "Questions to the submitter": each weakly supported reading, the
/// adopted one's figure beside the other's.
pub(crate) fn questions(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    let asked: Vec<_> = spec
        .interpretations
        .iter()
        .filter(|i| i.ask_submitter)
        .collect();
    let asked_game = spec.game_interpretations.iter().any(|g| g.ask_submitter);
    if asked.is_empty() && !asked_game {
        return;
    }
    sec.heading(3, "Questions to the submitter");
    sec.para("The document's words leave these points open. The analysis adopts the reading the document supports best; the other reading is not a result of this report, and its figure is given only to show what the answer changes. Please confirm each.");
    let edge = |r: &crate::model::Reading| {
        super::inputs::reading_edge(c, &r.wager, r.pay_table.as_deref())
            .map(|e| percent(&e, 4))
            .unwrap_or_default()
    };
    for (k, i) in asked.iter().enumerate() {
        sec.item(format!("Q{}. {}", k + 1, i.question.trim()));
        sec.sub_item(format!(
            "Adopted: {} House edge {}.",
            sentence(&i.chosen.reading),
            edge(&i.chosen)
        ));
        sec.sub_item(format!(
            "If instead: {} House edge {}.",
            sentence(&i.alternative.reading),
            edge(&i.alternative)
        ));
    }
    super::game_readings::questions(sec, spec, c, asked.len() + 1);
}

/// Each pay table's house edge over the counts the document permits (all
/// computed counts when it names none).
pub(crate) struct Range<'a> {
    pub label: String,
    counts: Vec<(u32, &'a Analysis)>,
}

impl<'a> Range<'a> {
    pub(crate) fn of(inp: &Inputs<'a>) -> Option<Range<'a>> {
        let by = inp.by_decks?;
        let named = inp
            .spec
            .document_decks
            .as_ref()
            .map(|d| d.counts.clone())
            .unwrap_or_default();
        let counts: Vec<(u32, &Analysis)> = by
            .iter()
            .filter(|(d, _)| named.is_empty() || named.contains(d))
            .map(|(d, a)| (*d, *a))
            .collect();
        if counts.len() < 2 {
            return None;
        }
        let (lo, hi) = (counts[0].0, counts[counts.len() - 1].0);
        let label = format!(
            "{lo}–{hi} decks{}",
            if named.is_empty() {
                " (default and hypothetical)"
            } else {
                " (permitted)"
            }
        );
        Some(Range { label, counts })
    }

    /// "8.8870% to 19.5700%" and whether it moves by more than a point.
    pub(crate) fn cell(&self, wi: usize, ti: usize) -> (String, bool) {
        let edges: Vec<(u32, BigRational)> = self
            .counts
            .iter()
            .map(|(d, a)| (*d, a.wagers[wi].tables[ti].house_edge()))
            .collect();
        let lo = edges
            .iter()
            .min_by(|x, y| x.1.cmp(&y.1))
            .expect("two counts");
        let hi = edges
            .iter()
            .max_by(|x, y| x.1.cmp(&y.1))
            .expect("two counts");
        let spread = &hi.1 - &lo.1;
        let moves = spread > BigRational::new(MOVES.into(), 100.into());
        let text = format!(
            "{} ({}) to {} ({})",
            percent(&lo.1, 2),
            deck_count(lo.0),
            percent(&hi.1, 2),
            deck_count(hi.0)
        );
        if moves {
            (
                format!(
                    "**{text}: moves {} points**",
                    percent(&spread, 2).trim_end_matches('%')
                ),
                true,
            )
        } else {
            (text, false)
        }
    }

    /// Under the table: which house edges move by more than a point.
    pub(crate) fn note(&self, sec: &mut Section, moving: &[String]) {
        if moving.is_empty() {
            sec.note(format!(
                "Range: the lowest and highest house edge over {}; none moves by more than {MOVES} point.",
                self.label
            ));
        } else {
            sec.note(format!(
                "Range: the lowest and highest house edge over {}. The house edge of {} moves by more than {MOVES} point across these counts: the figure in the house edge column holds only at the count analysed; section 4 gives every count.",
                self.label,
                moving.join("; ")
            ));
        }
    }
}

/// ", and over 3–8 decks (the counts the document permits) in the range
/// column", for the verdict.
pub(crate) fn range_clause(inp: &Inputs) -> String {
    match Range::of(inp) {
        Some(r) => format!(", and over {} (the range column below)", r.label),
        None => String::new(),
    }
}
