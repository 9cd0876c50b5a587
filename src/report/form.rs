//! The parts of a laboratory's report form beyond the figures: the
//! comparison with independently published figures, the limitations of the
//! analysis, the revision history with a sign-off block, and the glossary
//! of the few terms the report cannot do without.

use super::inputs::Inputs;
use super::model::{Section, Table};
use super::words;
use crate::assess::{Computed, Limitation};
use crate::cards::deck_count;

/// Section 5's comparison with the figures independent analysts publish,
/// each with its source (declared in the rule file's `published:`), as the
/// assessment compared them.
pub(crate) fn published(sec: &mut Section, inp: &Inputs) {
    let spec = inp.spec;
    sec.heading(3, "Comparison with published figures");
    if spec.published.is_empty() {
        sec.para(
            "The rule file cites no figure published by an independent analyst for these wagers.",
        );
        return;
    }
    let Some(checks) = &inp.assessment.published else {
        sec.para(format!(
            "The published figures the rule file cites are for its default shoe of {}; this report is at {}: not compared.",
            deck_count(spec.shoe.decks),
            deck_count(inp.decks)
        ));
        return;
    };
    let mut t = Table::names(vec![
        format!("{} of", inp.terms.edge()),
        "published".into(),
        "source".into(),
        "computed".into(),
        "result".into(),
    ])
    .kind(1, super::model::Kind::Percent);
    for (k, p) in checks.iter().zip(&spec.published) {
        t.row(vec![
            super::claims::subject(spec, k),
            k.printed.clone(),
            p.source.clone(),
            k.computed.clone(),
            super::claims::result(k),
        ]);
    }
    sec.table(t);
    let matched = checks.iter().filter(|k| k.matches).count();
    sec.note(format!(
        "{matched} of {} published figures match the computed ones within the rounding they are printed to. The published figures are for {}.",
        checks.len(),
        deck_count(spec.shoe.decks)
    ));
}

/// "3, 6 and 8 decks", "8 decks".
fn decks_text(decks: &[u32]) -> String {
    let n: Vec<String> = decks.iter().map(u32::to_string).collect();
    match n.as_slice() {
        [] => "no deck count".into(),
        [_] => deck_count(decks[0]),
        _ => format!("{} decks", super::words::and_list(&n)),
    }
}

/// What the analysis does not cover, each limit stated once: the
/// assessment's limitations, in words.
pub(crate) fn limitations(inp: &Inputs, c: &Computed, n: usize) -> Section {
    let spec = inp.spec;
    let mut sec = Section::new("limitations", format!("{n}. Limitations"));
    for l in &inp.assessment.limitations {
        sec.item(match l {
            Limitation::ManufacturerAnalysis => "This is a manufacturer's mathematical analysis, not a test-laboratory certificate. It covers the mathematics of the rules as the rule file states them; not the equipment, the dealing procedures or any software of a live game.".to_string(),
            Limitation::DocumentNotRead => format!(
                "The rule document ({}) was not available when this report was made: {}, and no reading of it or figure it prints was checked against it.",
                spec.document,
                words::unverified_quotations(inp.assessment.quotations.unverified())
            ),
            Limitation::FullShoes { decks, run, simulated } => {
                let at = if decks.len() > 1 {
                    format!(
                        "computed exactly at {} (section 4) and, everywhere else in this report, at {}",
                        decks_text(decks),
                        deck_count(*run)
                    )
                } else {
                    format!("computed exactly at {}", deck_count(*run))
                };
                format!(
                    "Every exact figure is for a full shoe at the start of each round (no cut card), {at}. Real shoes dealt to a cut card are {}.",
                    if *simulated {
                        format!(
                            "the subject of the simulation (section {})",
                            super::numbering::simulation(c)
                        )
                    } else {
                        "not studied: this report has no simulation".to_string()
                    }
                )
            }
            Limitation::Hypothetical { decks } => format!(
                "Figures at {} are hypothetical: {}",
                decks_text(decks),
                if inp.assessment.quotations.document_read {
                    "the document does not permit those counts.".to_string()
                } else {
                    format!(
                        "the rule file records that its document does not permit those counts ({}).",
                        words::UNCHECKED
                    )
                }
            ),
            Limitation::NotEvaluated { wager } => format!(
                "{}: {}. {}; every figure computed for it uses assumed pays and is marked so.",
                words::wager(spec, wager),
                words::NOT_EVALUATED,
                super::rules::capital(words::no_pays(inp.assessment))
            ),
            Limitation::Assumptions { ids } => format!(
                "{} of the document rest{} on assumptions with no alternative computed (section 3): {}; another reading would change the figures each touches.",
                if ids.len() == 1 {
                    "1 reading".to_string()
                } else {
                    format!("{} readings", ids.len())
                },
                if ids.len() == 1 { "s" } else { "" },
                super::words::and_list(
                    &ids.iter()
                        .map(|id| super::rules::capital(&words::plain(id)))
                        .collect::<Vec<_>>()
                )
            ),
            Limitation::OpenQuestions { numbers } => format!(
                "{} to the submitter ({}, page one) remain{} open; the figures are for the readings adopted.",
                if numbers.len() == 1 {
                    "1 question".to_string()
                } else {
                    format!("{} questions", numbers.len())
                },
                super::words::question_list(numbers),
                if numbers.len() == 1 { "s" } else { "" }
            ),
            Limitation::Counting { decks, other_decks, seed } => format!(
                "Card counting is studied at {}{}, with counts derived here from the effects of removal and simulated shoes (seed {seed}); another count, another deck count or another dealing procedure may do better. A continuous shuffler's effect is stated from the exact full-shoe figures, not simulated.",
                deck_count(*decks),
                if other_decks.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", and each countable pay table's counter again at {} on fewer shoes (wider intervals)",
                        decks_text(other_decks)
                    )
                }
            ),
            Limitation::NoSimulation => "No simulation: card counting and real shoes dealt to a cut card are not studied in this report.".into(),
            Limitation::Protection { decks, scenarios } => format!(
                "Game protection (section {}) covers the {scenarios} scenarios listed there, at {} only; a player who sees or tells apart cards in another way may gain more.",
                super::numbering::PROTECTION,
                deck_count(*decks)
            ),
            Limitation::NoProtection => "Game protection (what seen cards are worth) is not computed for this game: its strategy reads suits.".into(),
            Limitation::NoRevisionHistory => "No revision history is declared; the report cannot say what changed since an earlier edition.".into(),
        });
    }
    sec
}

/// The revision history and the sign-off block.
pub(crate) fn revisions(inp: &Inputs, n: usize) -> Section {
    let spec = inp.spec;
    let mut sec = Section::new("form", format!("{n}. Revision history and sign-off"));
    if spec.report.revisions.is_empty() {
        sec.para("No revision declared.");
    } else {
        let mut t = Table::names(vec!["revision", "date", "change"]);
        for r in &spec.report.revisions {
            t.row(vec![
                r.revision.clone(),
                super::release::date_text(r.date),
                r.change.clone(),
            ]);
        }
        sec.table(t);
    }
    sec.heading(3, "Sign-off");
    let number = super::inputs::report_number(spec, inp.edition)
        .unwrap_or_else(|| "(no number declared)".into());
    let submitter = spec
        .submission
        .submitter
        .as_deref()
        .unwrap_or("the submitter");
    sec.para(format!(
        "To be signed by {submitter} before submission: the mathematician who prepared or checked this analysis of report {number} ({}) signs that its figures were reviewed, and the person who approves the submission signs for the submitter. The tool that computed the figures signs nothing; each figure is reproduced by the command in Appendix C.",
        spec.title
    ));
    let mut t = Table::names(vec![
        "role (for the submitter)",
        "name",
        "signature",
        "date",
    ]);
    for role in [
        "Prepared or checked by (mathematician)",
        "Reviewed by",
        "Approved for submission by",
    ] {
        t.row(vec![role.to_string(), " ".into(), " ".into(), " ".into()]);
    }
    sec.table(t);
    sec
}

/// The few terms the report cannot do without.
pub(crate) fn glossary(n: usize, terms: super::terms::Terms, document_read: bool) -> Section {
    let mut sec = Section::new("glossary", format!("{n}. Glossary"));
    sec.item(format!(
        "**{}**: the bettor's expected loss per unit staked, as a percentage of the stake; negative when the bettor has the advantage.",
        terms.edge_cap()
    ));
    for (term, meaning) in GLOSSARY {
        // Without the document, what it permits or prints is the rule
        // file's record of it, not a fact this report checked.
        let (permits, prints) = if document_read {
            (
                "the document permits".to_string(),
                "the document does not print".to_string(),
            )
        } else {
            (
                format!(
                    "the rule file records as permitted by the document ({})",
                    words::UNCHECKED
                ),
                format!(
                    "the rule file records as not printed by the document ({})",
                    words::UNCHECKED
                ),
            )
        };
        let meaning = meaning
            .replace("{edge}", terms.edge())
            .replace("{permits}", &permits)
            .replace("{prints}", &prints);
        sec.item(format!("**{term}**: {meaning}"));
    }
    sec
}

const GLOSSARY: [(&str, &str); 11] = [
    (
        "Per total wagered",
        "for wagers staked together, the expected loss divided by the average total staked per round (also called the element of risk).",
    ),
    (
        "Hit frequency",
        "the share of rounds on which the wager wins anything.",
    ),
    (
        "Standard deviation",
        "the spread of one round's result per unit staked.",
    ),
    (
        "Possible rounds (combinations)",
        "every ordered way the cards of a round can come out of the shoe; each is equally likely, and every figure is a count of them.",
    ),
    (
        "Rule file",
        "the machine-readable statement of the game's rules from which every figure is computed; named, with its SHA-256, in Appendix C, and mapped to the rules in Appendix B.",
    ),
    (
        "Permitted, hypothetical",
        "a deck count {permits}; a deck count computed only to show how the figures move, not the document's game.",
    ),
    (
        "With assumed pays",
        "figures computed with pays {prints}; they are not figures of the game, and the wager is not evaluated until the pay table is supplied.",
    ),
    (
        "Cut card, penetration",
        "the card that ends dealing from a shoe; penetration is the share of the shoe dealt before it.",
    ),
    (
        "Effect of removal",
        "the change in {edge} when one card of a rank is taken out of a full shoe.",
    ),
    (
        "True count",
        "a running total of card tags divided by the decks left; a counter bets when it reaches a threshold.",
    ),
    (
        "Known composition",
        "a player who knows which cards remain in the shoe (its composition, not their order) and bets only the rounds whose exact edge then favours him: a bound no count can beat. Knowing the order as well would be worth far more.",
    ),
];
