//! The report's account of how the spec reads its document: every
//! assumption with the words it rests on, one row per numbered item and
//! table of the document, and the interpretations whose two readings give
//! the same figures, each with a round that tells them apart.

use super::inputs::Inputs;
use super::model::{Section, Table};
use crate::eval::differ::DifferingRound;
use crate::model::{Interpretation, Reading, Spec};
use crate::numbers::percent;
use num_rational::BigRational;

/// The Markdown: assumptions, the readings table, and readings that give
/// the same figures.
pub(crate) fn section_part(sec: &mut Section, inp: &Inputs) {
    let spec = inp.spec;
    sec.heading(3, "Assumptions");
    if spec.assumptions.is_empty() {
        sec.para("The rule file declares no assumptions.");
    } else {
        let read = inp.assessment.quotations.document_read;
        sec.para(if read {
            "Readings the document leaves open and for which no alternative is computed: the document's words, where they are, the choice made and why."
        } else {
            "Readings the rule file records as left open by the document, with no alternative computed: the words it quotes (unverified: the document was not available), where they are, the choice made and why."
        });
        let mut t = Table::names(vec![
            "assumption",
            "where",
            if read {
                "the document says"
            } else {
                "quoted (unverified)"
            },
            "choice",
            "why",
        ]);
        for a in &spec.assumptions {
            t.row(vec![
                super::rules::capital(&super::words::plain(&a.id)),
                format!("{}, {}", a.document, a.at),
                format!("“{}”", a.quote),
                a.choice.clone(),
                a.why.clone(),
            ]);
        }
        sec.table(t);
    }
    sec.para(
        "How the rule file reads each numbered item, heading and table of the document, with the cases that test it and the figures it affects, is in Appendix B (the traceability matrix).",
    );
    let same = same_figures(inp);
    if !same.is_empty() {
        sec.heading(3, "Readings that give the same figures");
    }
    for sf in &same {
        let lead = format!(
            "{}: both readings give the same house edge at every deck count computed ({} at {}), so the figures cannot tell them apart. They are still different rules: ",
            super::rules::capital(&super::words::plain(&sf.id)),
            sf.edge,
            crate::cards::deck_count(inp.decks)
        );
        match &sf.round {
            Some(r) => {
                sec.para(format!(
                    "{lead}this round is settled differently under each ({}).",
                    r.cards
                ));
                sec.table(round_table(r));
            }
            None => sec.para(format!(
                "{lead}no round of two cards per hand settles differently (the readings read third cards)."
            )),
        }
    }
}

fn round_table(r: &Distinguishing) -> Table {
    let mut t = Table::names(vec!["reading", "wager / pay table", "settles as"]);
    for (label, who, how) in &r.settled {
        t.row(vec![label.clone(), who.clone(), how.clone()]);
    }
    t
}

pub(crate) struct SameFigures {
    pub(crate) id: String,
    /// The common house edge at the run's deck count.
    pub(crate) edge: String,
    pub(crate) round: Option<Distinguishing>,
}

/// A round two readings settle differently.
pub(crate) struct Distinguishing {
    /// The cards, by hand and position.
    pub(crate) cards: String,
    /// (reading, wager / pay table, how it settles) for each reading.
    pub(crate) settled: Vec<(String, String, String)>,
}

/// House edge of a reading's wager and pay table (its first if none named)
/// in one analysis.
fn edge(a: &crate::engine::Analysis, r: &Reading) -> Option<BigRational> {
    let w = a.wagers.iter().find(|w| w.id == r.wager)?;
    let t = match &r.pay_table {
        Some(id) => w.tables.iter().find(|t| &t.id == id)?,
        None => w.tables.first()?,
    };
    Some(t.house_edge())
}

/// Interpretations whose readings give equal house edges at every deck
/// count computed, with that edge at `decks`: equal figures are no
/// evidence for either reading.
pub(crate) fn same_figure_interpretations<'a>(
    spec: &'a Spec,
    by_decks: &[(u32, &crate::engine::Analysis)],
    decks: u32,
) -> Vec<(&'a Interpretation, BigRational)> {
    spec.interpretations
        .iter()
        .filter_map(|i| {
            let mut at_run = None;
            for (d, a) in by_decks {
                let (x, y) = (edge(a, &i.chosen)?, edge(a, &i.alternative)?);
                if x != y {
                    return None;
                }
                if *d == decks {
                    at_run = Some(x);
                }
            }
            Some((i, at_run?))
        })
        .collect()
}

/// The same-figure interpretations with the round the pipeline found for
/// each (the report searches nothing itself).
pub(crate) fn same_figures(inp: &Inputs) -> Vec<SameFigures> {
    let Some(decks) = inp.by_decks else {
        return Vec::new();
    };
    same_figure_interpretations(inp.spec, decks, inp.decks)
        .into_iter()
        .map(|(i, edge)| SameFigures {
            id: i.id.clone(),
            edge: percent(&edge, 4),
            round: inp
                .differing
                .iter()
                .find(|(id, _)| id == &i.id)
                .map(|(_, r)| distinguishing(inp.spec, i, r)),
        })
        .collect()
}

/// A differing round in the report's words.
fn distinguishing(spec: &Spec, i: &Interpretation, r: &DifferingRound) -> Distinguishing {
    let show = |who: &Reading, (event, pay): &(String, String)| {
        (
            who.reading.trim().to_string(),
            match &who.pay_table {
                Some(t) => super::words::wager_table(spec, &who.wager, t),
                None => super::words::wager(spec, &who.wager),
            },
            format!("{event}: {pay}"),
        )
    };
    let hands = &spec.game.hands;
    let c = &r.cards;
    Distinguishing {
        cards: format!(
            "{0} {2} (first), {3} (second); {1} {4} (first), {5} (second)",
            hands[0], hands[1], c[0], c[1], c[2], c[3]
        ),
        settled: vec![
            show(&i.chosen, &r.settled[0]),
            show(&i.alternative, &r.settled[1]),
        ],
    }
}

/// Beside a pay search: the spec's own pays for the searched wager, where
/// they are an assumption, with the figure they give, said to be the
/// assumption's and not the game's.
pub(crate) fn assumed_beside_search(
    sec: &mut Section,
    spec: &Spec,
    c: &super::Computed,
    wager: &str,
    terms: super::terms::Terms,
) {
    let Some(w) = c.analysis.wagers.iter().find(|w| w.id == wager) else {
        return;
    };
    for t in &w.tables {
        if let Some(a) = spec.assumed_pays(&w.id, &t.id) {
            sec.para(format!(
"The pay table of {} in section 2 is an assumption, not the document's ({}). Under those pays the {} would be {} at {}: a figure of the assumption, not a {} of the game; the wager is {}.", super::words::wager(spec, &w.id), a.choice.trim_end_matches('.'), terms.edge(), percent(&t.house_edge(), 4), crate::cards::deck_count(c.analysis.decks), terms.edge(), super::words::NOT_EVALUATED));
        }
    }
}
