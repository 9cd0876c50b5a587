//! How the spec reads its document: the interpretations of ambiguous rules
//! with both readings' house edges, the assumptions, the item-by-item
//! readings, and the interpretations whose readings give the same figures.

use super::values::Percent;
use crate::model::{Reading as SpecReading, Spec};
use crate::report::Computed;
use crate::report::inputs::{Inputs, reading_edge};
use schemars::JsonSchema;
use serde::Serialize;

/// An ambiguous rule with the chosen and the alternative reading.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Interpretation {
    /// The interpretation's id.
    pub id: String,
    /// What the document leaves ambiguous.
    pub question: String,
    pub chosen: Reading,
    pub alternative: Reading,
}

/// One reading of an ambiguous rule.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Reading {
    /// The reading in words.
    pub reading: String,
    /// The wager that models it.
    pub wager: String,
    /// Its pay table; null: the wager's first.
    pub pay_table: Option<String>,
    /// That pay table's house edge at the run's deck count.
    pub house_edge: Option<Percent>,
}

/// `interpretations`.
pub fn interpretations(spec: &Spec, c: &Computed) -> Vec<Interpretation> {
    let reading = |r: &SpecReading| Reading {
        reading: r.reading.clone(),
        wager: r.wager.clone(),
        pay_table: r.pay_table.clone(),
        house_edge: reading_edge(c, &r.wager, r.pay_table.as_deref()).map(|e| Percent::of(&e)),
    };
    spec.interpretations
        .iter()
        .map(|i| Interpretation {
            id: i.id.clone(),
            question: i.question.clone(),
            chosen: reading(&i.chosen),
            alternative: reading(&i.alternative),
        })
        .collect()
}

/// A reading of the game's own rules that admits another, the other
/// reading's game computed exactly.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GameInterpretation {
    /// The interpretation's id.
    pub id: String,
    /// What the document leaves ambiguous.
    pub question: String,
    /// The adopted reading (the rule file's game), in words.
    pub chosen: String,
    /// The other reading, in words.
    pub alternative: String,
    /// Whether the other reading is a question to the submitter.
    pub ask_submitter: bool,
    /// The figures the reading changes, at the run's deck count.
    pub figures: Vec<ChangedFigure>,
    /// The printed house edges of what the reading changes, under both.
    pub claims: Vec<ClaimUnderBoth>,
    /// Whether the engine and the reference evaluator agree under the
    /// other reading's game.
    pub verified: bool,
}

/// A figure under both readings.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ChangedFigure {
    /// The figure, as the report names it.
    pub figure: String,
    pub adopted: Percent,
    pub other: Percent,
}

/// A printed house edge against both readings.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ClaimUnderBoth {
    /// What the printed figure is of.
    pub figure: String,
    /// As printed.
    pub printed: String,
    pub adopted: Percent,
    /// Whether the adopted reading's figure matches within rounding.
    pub adopted_matches: bool,
    pub other: Percent,
    /// Whether the other reading's figure matches within rounding.
    pub other_matches: bool,
}

/// `game_interpretations`.
pub fn game_interpretations(
    spec: &Spec,
    c: &Computed,
    a: &crate::assess::Assessment,
) -> Vec<GameInterpretation> {
    use crate::report::game_readings::claims_under_both;
    let moves = |id: &str| {
        a.readings
            .iter()
            .find(|r| r.game && r.id == id)
            .map(|r| r.moves.as_slice())
            .unwrap_or_default()
    };
    crate::assess::game_pairs(spec, c)
        .into_iter()
        .map(|(gi, alt)| GameInterpretation {
            id: gi.id.clone(),
            question: gi.question.clone(),
            chosen: gi.chosen.clone(),
            alternative: gi.alternative.clone(),
            ask_submitter: gi.ask_submitter,
            figures: moves(&gi.id)
                .iter()
                .map(|m| ChangedFigure {
                    figure: crate::report::words::figure(spec, &m.figure),
                    adopted: Percent(m.adopted.percent(4)),
                    other: Percent(m.other.percent(4)),
                })
                .collect(),
            claims: claims_under_both(gi, &a.claims, alt)
                .map(|(x, y)| ClaimUnderBoth {
                    figure: crate::report::claims::subject(spec, x),
                    printed: x.printed.clone(),
                    adopted: Percent(x.computed.clone()),
                    adopted_matches: x.matches,
                    other: Percent(y.computed.clone()),
                    other_matches: y.matches,
                })
                .collect(),
            verified: alt.verification.passed(),
        })
        .collect()
}

/// How the spec reads its document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Readings {
    /// Readings the document leaves open with no computed alternative.
    pub assumptions: Vec<Assumption>,
    /// The traceability matrix: each numbered item, heading and table of
    /// the document with the rule file's readings of it, the cases that
    /// cite it and the figures it affects (the readings table).
    pub matrix: super::trace::Matrix,
    /// Interpretations whose readings give the same house edge at every
    /// deck count computed.
    pub same_figures: Vec<SameFigures>,
}

/// A reading the document leaves open.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Assumption {
    /// The assumption's id.
    pub id: String,
    /// The document.
    pub document: String,
    /// The section or item the words are in.
    pub at: String,
    /// The document's words.
    pub quote: String,
    /// The choice made.
    pub choice: String,
    /// Why.
    pub why: String,
}

/// An interpretation whose readings give the same figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SameFigures {
    /// The interpretation's id.
    pub interpretation: String,
    /// The house edge both readings give at the run's deck count.
    pub house_edge: Percent,
    /// A round the reference evaluator settles differently under each
    /// reading; null when no round of two cards per hand does.
    pub round: Option<Round>,
}

/// A round two readings settle differently.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Round {
    /// The cards by hand and position.
    pub cards: String,
    /// How each reading settles it.
    pub settled: Vec<Settled>,
}

/// How one reading settles a round.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Settled {
    /// The reading.
    pub reading: String,
    /// Wager / pay table.
    pub wager: String,
    /// How it settles the round.
    pub settles_as: String,
}

/// `readings`.
pub fn readings(inp: &Inputs) -> Readings {
    let spec = inp.spec;
    Readings {
        assumptions: spec
            .assumptions
            .iter()
            .map(|a| Assumption {
                id: a.id.clone(),
                document: a.document.clone(),
                at: a.at.clone(),
                quote: a.quote.clone(),
                choice: a.choice.clone(),
                why: a.why.clone(),
            })
            .collect(),
        matrix: super::trace::matrix(inp),
        same_figures: crate::report::readings::same_figures(inp)
            .into_iter()
            .map(|sf| SameFigures {
                interpretation: sf.id,
                house_edge: Percent(sf.edge),
                round: sf.round.map(|r| Round {
                    cards: r.cards,
                    settled: r
                        .settled
                        .into_iter()
                        .map(|(reading, wager, settles_as)| Settled {
                            reading,
                            wager,
                            settles_as,
                        })
                        .collect(),
                }),
            })
            .collect(),
    }
}
