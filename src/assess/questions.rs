//! The readings of the document the report computes both ways, and the
//! one numbered list of questions to the submitter: every point the
//! document leaves open that the submitter must answer, each with the
//! figures its answer moves.
//!
//! A reading is put to the submitter when the rule file's author says so
//! (`ask_submitter`), or when its other reading gives the player an
//! advantage that the adopted reading does not: an examiner asks that
//! whatever the author thinks of the reading. A printed house edge that
//! differs from the computed one is a question of method.

use super::claims::ClaimCheck;
use super::evidence::{AlternativeGame, Computed};
use crate::engine::Analysis;
use crate::model::{GameInterpretation, Reading, Spec};
use crate::numbers::values::Exact;
use num_rational::BigRational;
use num_traits::Signed;
use schemars::JsonSchema;
use serde::Serialize;

/// A figure, as the report names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Figure {
    /// A wager's house edge under a pay table.
    Table { wager: String, pay_table: String },
    /// A combined wager's house edge per its base wager.
    Combined { id: String },
    /// A combined wager's house edge per total wagered.
    CombinedPerTotal { id: String },
}

/// A figure under the adopted reading and under the other.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Moved {
    pub figure: Figure,
    pub adopted: Exact,
    pub other: Exact,
}

/// A reading of the document computed both ways.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ReadingFinding {
    /// The interpretation's id.
    pub id: String,
    /// A reading of the game's own rules (naturals, drawing), not of a
    /// wager's pays.
    pub game: bool,
    /// The question it is put as, if it is.
    pub question: Option<u32>,
    /// The figures it moves (empty: both readings give the same figures).
    pub moves: Vec<Moved>,
    /// Its other reading gives the player an advantage the adopted one
    /// does not.
    pub other_gives_advantage: bool,
}

/// A question to the submitter.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Question {
    /// Q1, Q2, …: one numbering for the whole report.
    pub number: u32,
    pub subject: Subject,
    pub why: Why,
    /// The figures the answer moves: the adopted reading's against the
    /// other's; for a printed figure, the computed against the printed.
    pub moves: Vec<Moved>,
}

/// What a question is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Subject {
    /// An interpretation of a wager's rules or pays (its id).
    Reading { id: String },
    /// An interpretation of the game's own rules (its id).
    GameReading { id: String },
    /// A printed house edge (its place in the spec's `claims`).
    PrintedFigure { claim: usize },
}

/// Why it is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// The rule file's author puts it to the submitter.
    Author,
    /// The other reading gives the player an advantage.
    OtherReadingAdvantage,
    /// The document prints a figure the analysis does not reproduce.
    PrintedFigureDiffers,
}

/// House edge of a reading's wager and pay table (its first if none named).
pub(crate) fn edge(a: &Analysis, r: &Reading) -> Option<BigRational> {
    let w = a.wagers.iter().find(|w| w.id == r.wager)?;
    let t = match &r.pay_table {
        Some(id) => w.tables.iter().find(|t| &t.id == id)?,
        None => w.tables.first()?,
    };
    Some(t.house_edge())
}

fn table_id(a: &Analysis, r: &Reading) -> String {
    r.pay_table.clone().unwrap_or_else(|| {
        a.wagers
            .iter()
            .find(|w| w.id == r.wager)
            .and_then(|w| w.tables.first())
            .map_or_else(String::new, |t| t.id.clone())
    })
}

/// The figures a reading of the game's rules changes: each pay table of a
/// changed wager; a combined wager per its base wager and per total wagered.
pub(crate) fn game_moves(
    gi: &GameInterpretation,
    adopted: &Analysis,
    other: &Analysis,
) -> Vec<(Figure, BigRational, BigRational)> {
    let mut out = Vec::new();
    for id in &gi.changes {
        let pair = |a: &Analysis| a.wagers.iter().find(|w| &w.id == id).cloned();
        if let (Some(x), Some(y)) = (pair(adopted), pair(other)) {
            for (tx, ty) in x.tables.iter().zip(&y.tables) {
                out.push((
                    Figure::Table {
                        wager: id.clone(),
                        pay_table: tx.id.clone(),
                    },
                    tx.house_edge(),
                    ty.house_edge(),
                ));
            }
            continue;
        }
        let combined = |a: &Analysis| a.combined.iter().find(|c| &c.id == id).cloned();
        if let (Some(x), Some(y)) = (combined(adopted), combined(other)) {
            out.push((
                Figure::Combined { id: id.clone() },
                x.house_edge(),
                y.house_edge(),
            ));
            out.push((
                Figure::CombinedPerTotal { id: id.clone() },
                x.per_total_wagered(),
                y.per_total_wagered(),
            ));
        }
    }
    out
}

/// Whether `moves` turn a house edge the adopted reading leaves positive
/// (or zero) into a player advantage.
fn gives_advantage(adopted: &[BigRational], other: &[BigRational]) -> bool {
    adopted
        .iter()
        .zip(other)
        .any(|(a, o)| o.is_negative() && !a.is_negative())
}

/// Each game interpretation with its computed alternative, in spec order.
pub(crate) fn pairs<'a>(
    spec: &'a Spec,
    c: &'a Computed,
) -> Vec<(&'a GameInterpretation, &'a AlternativeGame)> {
    spec.game_interpretations
        .iter()
        .filter_map(|gi| Some((gi, c.alternatives.iter().find(|a| a.id == gi.id)?)))
        .collect()
}

/// The readings computed both ways and the questions, numbered.
pub(crate) fn readings_and_questions(
    spec: &Spec,
    c: &Computed,
    claims: &[ClaimCheck],
) -> (Vec<ReadingFinding>, Vec<Question>) {
    let a = &c.analysis;
    let mut readings = Vec::new();
    for i in &spec.interpretations {
        let (Some(x), Some(y)) = (edge(a, &i.chosen), edge(a, &i.alternative)) else {
            continue;
        };
        let moves = if x == y {
            Vec::new()
        } else {
            vec![Moved {
                figure: Figure::Table {
                    wager: i.chosen.wager.clone(),
                    pay_table: table_id(a, &i.chosen),
                },
                adopted: Exact::of(&x),
                other: Exact::of(&y),
            }]
        };
        readings.push((
            ReadingFinding {
                id: i.id.clone(),
                game: false,
                question: None,
                other_gives_advantage: gives_advantage(&[x], &[y]),
                moves,
            },
            i.ask_submitter,
        ));
    }
    for (gi, alt) in pairs(spec, c) {
        let raw = game_moves(gi, a, &alt.analysis);
        let adopted: Vec<BigRational> = raw.iter().map(|m| m.1.clone()).collect();
        let other: Vec<BigRational> = raw.iter().map(|m| m.2.clone()).collect();
        let advantage = gives_advantage(&adopted, &other);
        let moves = raw
            .into_iter()
            .filter(|(_, x, y)| x != y)
            .map(|(figure, x, y)| Moved {
                figure,
                adopted: Exact::of(&x),
                other: Exact::of(&y),
            })
            .collect();
        readings.push((
            ReadingFinding {
                id: gi.id.clone(),
                game: true,
                question: None,
                other_gives_advantage: advantage,
                moves,
            },
            gi.ask_submitter,
        ));
    }
    let mut questions = Vec::new();
    // The author's questions first (wagers, then the game), then those the
    // assessment raises, then printed figures.
    let mut order: Vec<(usize, Why)> = Vec::new();
    for (k, (r, asked)) in readings.iter().enumerate() {
        if *asked && !r.game {
            order.push((k, Why::Author));
        }
    }
    for (k, (r, asked)) in readings.iter().enumerate() {
        if *asked && r.game {
            order.push((k, Why::Author));
        }
    }
    for (k, (r, asked)) in readings.iter().enumerate() {
        if !*asked && r.other_gives_advantage {
            order.push((k, Why::OtherReadingAdvantage));
        }
    }
    for (k, why) in order {
        let number = questions.len() as u32 + 1;
        let r = &mut readings[k].0;
        r.question = Some(number);
        questions.push(Question {
            number,
            subject: if r.game {
                Subject::GameReading { id: r.id.clone() }
            } else {
                Subject::Reading { id: r.id.clone() }
            },
            why,
            moves: r.moves.clone(),
        });
    }
    for (k, claim) in claims.iter().enumerate() {
        if claim.matches {
            continue;
        }
        let (printed, _) = super::claims::printed(&claim.printed);
        questions.push(Question {
            number: questions.len() as u32 + 1,
            subject: Subject::PrintedFigure { claim: k },
            why: Why::PrintedFigureDiffers,
            moves: vec![Moved {
                figure: claim_figure(spec, claim),
                adopted: Exact::of(&claim.value),
                other: Exact::of(&printed),
            }],
        });
    }
    (readings.into_iter().map(|(r, _)| r).collect(), questions)
}

/// The figure a claim is of (a claim of several wagers staked equally is
/// named by its first).
fn claim_figure(spec: &Spec, c: &ClaimCheck) -> Figure {
    match c.wagers.as_slice() {
        [one] if spec.combined.iter().any(|x| &x.id == one) => Figure::Combined { id: one.clone() },
        ws => Figure::Table {
            wager: ws.first().cloned().unwrap_or_default(),
            pay_table: c.pay_table.clone(),
        },
    }
}
