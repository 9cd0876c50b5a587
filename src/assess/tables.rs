//! Each wager and pay table the report computes, judged: whether it is an
//! adopted reading, the other reading of an interpretation, or priced by
//! assumed pays; whether it gives the player an advantage; how far its
//! house edge moves over the deck counts the document permits; which
//! assumptions its figure rests on.

use super::evidence::{Computed, Evidence};
use crate::engine::Analysis;
use crate::model::Spec;
use crate::numbers::values::Exact;
use num_rational::BigRational;
use num_traits::Signed;
use schemars::JsonSchema;
use serde::Serialize;

/// A house edge that moves by more than this many percentage points over
/// the permitted deck counts is a finding (page one flags it).
pub const MOVES_POINTS: i64 = 1;

/// One wager under one pay table.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TableFinding {
    pub wager: String,
    pub pay_table: String,
    pub standing: Standing,
    /// At the run's deck count.
    pub house_edge: Exact,
    /// The house edge is negative: the player has the advantage off the
    /// top of a full shoe.
    pub player_advantage: bool,
    /// The lowest and highest house edge over the deck counts of
    /// [`super::Scope::range_decks`]; null when fewer than two were
    /// computed.
    pub range: Option<DeckRange>,
    /// The assumptions (ids) whose readings this figure rests on.
    pub rests_on: Vec<String>,
}

/// What a pay table is to the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Standing {
    /// The reading the analysis adopts: a figure of the game.
    Adopted,
    /// The other reading of an interpretation: not a result of the report;
    /// `question` when it is put to the submitter.
    OtherReading {
        interpretation: String,
        question: Option<u32>,
    },
    /// Pays the document does not print, assumed to compute anything at
    /// all: not a figure of the game.
    AssumedPays { assumption: String },
}

impl TableFinding {
    /// A figure of the game (adopted, with printed pays).
    pub fn adopted(&self) -> bool {
        self.standing == Standing::Adopted
    }
}

/// A house edge's range over deck counts.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DeckRange {
    pub lowest: AtDecks,
    pub highest: AtDecks,
    /// The spread exceeds [`MOVES_POINTS`] percentage points: the figure at
    /// the run's count holds only there.
    pub moves: bool,
}

/// A house edge at a deck count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AtDecks {
    pub decks: u32,
    pub house_edge: Exact,
}

/// The other reading of which interpretation this pay table is, if any.
pub(crate) fn other_reading_of<'a>(
    spec: &'a Spec,
    wager: &str,
    table: &str,
) -> Option<&'a crate::model::Interpretation> {
    spec.interpretations.iter().find(|i| {
        i.alternative.wager == wager
            && i.alternative.pay_table.as_deref().is_none_or(|t| t == table)
            // A reading that only names another table of the chosen wager.
            && !(i.alternative.pay_table.is_none() && i.chosen.wager == wager)
            // Both readings the same table: nothing is the other reading.
            && !(i.chosen.wager == i.alternative.wager && i.chosen.pay_table == i.alternative.pay_table)
    })
}

/// Every pay table of the analysis, judged. `question` gives the number of
/// the question an interpretation is put as, if it is.
pub(crate) fn findings(
    ev: &Evidence,
    c: &Computed,
    question: &dyn Fn(&str) -> Option<u32>,
    range_decks: &[u32],
) -> Vec<TableFinding> {
    let spec = ev.spec;
    let a = &c.analysis;
    let mut out = Vec::new();
    for (wi, w) in a.wagers.iter().enumerate() {
        for (ti, t) in w.tables.iter().enumerate() {
            let standing = if let Some(assumed) = spec.assumed_pays(&w.id, &t.id) {
                Standing::AssumedPays {
                    assumption: assumed.id.clone(),
                }
            } else if let Some(i) = other_reading_of(spec, &w.id, &t.id) {
                Standing::OtherReading {
                    interpretation: i.id.clone(),
                    question: question(&i.id),
                }
            } else {
                Standing::Adopted
            };
            let edge = t.house_edge();
            out.push(TableFinding {
                wager: w.id.clone(),
                pay_table: t.id.clone(),
                standing,
                player_advantage: edge.is_negative(),
                house_edge: Exact::of(&edge),
                range: ev.by_decks.and_then(|by| range(by, range_decks, wi, ti)),
                rests_on: rests_on(spec, &w.id, &t.id),
            });
        }
    }
    out
}

/// The range of one pay table's house edge over `decks` (those of
/// `by_decks` it holds); None under two counts.
fn range(by_decks: &[(u32, &Analysis)], decks: &[u32], wi: usize, ti: usize) -> Option<DeckRange> {
    let edges: Vec<(u32, BigRational)> = by_decks
        .iter()
        .filter(|(d, _)| decks.contains(d))
        .map(|(d, a)| (*d, a.wagers[wi].tables[ti].house_edge()))
        .collect();
    if edges.len() < 2 {
        return None;
    }
    let lo = edges.iter().min_by(|x, y| x.1.cmp(&y.1))?;
    let hi = edges.iter().max_by(|x, y| x.1.cmp(&y.1))?;
    let spread = &hi.1 - &lo.1;
    Some(DeckRange {
        moves: spread > BigRational::new(MOVES_POINTS.into(), 100.into()),
        lowest: AtDecks {
            decks: lo.0,
            house_edge: Exact::of(&lo.1),
        },
        highest: AtDecks {
            decks: hi.0,
            house_edge: Exact::of(&hi.1),
        },
    })
}

/// The assumptions a wager's figure rests on: those the spec's readings of
/// the document list beside a rule that is the wager, this pay table of
/// it, or the game itself (which every wager plays). An assumption no
/// reading places is taken to touch every figure: nothing says it does not.
pub(crate) fn rests_on(spec: &Spec, wager: &str, table: &str) -> Vec<String> {
    let mut out = Vec::new();
    for a in &spec.assumptions {
        let rows: Vec<&crate::model::ItemReading> = spec
            .readings
            .iter()
            .filter(|r| r.assumptions.contains(&a.id))
            .collect();
        let touches = rows.is_empty()
            || rows.iter().any(|r| {
                r.rules.iter().any(|rule| {
                    rule == "game" || rule == wager || rule.split_once('/') == Some((wager, table))
                })
            });
        // Pays assumed for a table are that table's standing, not a reading
        // it rests on.
        if touches && spec.assumed_pays(wager, table).is_none_or(|x| x.id != a.id) {
            out.push(a.id.clone());
        }
    }
    out
}
