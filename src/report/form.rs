//! The parts of a laboratory's report form beyond the figures: the
//! comparison with independently published figures, the limitations of the
//! analysis, the revision history with a sign-off block, and the glossary
//! of the few terms the report cannot do without.

use super::Computed;
use super::inputs::Inputs;
use super::model::{Section, Table};
use crate::cards::deck_count;

/// Section 5's comparison with the figures independent analysts publish,
/// each with its source (declared in the rule file's `published:`).
pub(crate) fn published(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    sec.heading(3, "Comparison with published figures");
    if spec.published.is_empty() {
        sec.para(
            "The rule file cites no figure published by an independent analyst for these wagers.",
        );
        return;
    }
    if inp.decks != spec.shoe.decks {
        sec.para(format!(
            "The published figures the rule file cites are for its default shoe of {}; this report is at {}: not compared.",
            deck_count(spec.shoe.decks),
            deck_count(inp.decks)
        ));
        return;
    }
    let checks = super::claims::check_list(&spec.published, &c.analysis);
    let mut t = Table::names(vec![
        "house edge of",
        "published",
        "source",
        "computed",
        "result",
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

/// What the analysis does not cover, each limit stated once.
pub(crate) fn limitations(inp: &Inputs, c: &Computed, n: usize) -> Section {
    let spec = inp.spec;
    let mut sec = Section::new("limitations", format!("{n}. Limitations"));
    sec.item("This is a manufacturer's mathematical analysis, not a test-laboratory certificate. It covers the mathematics of the rules as the rule file states them; not the equipment, the dealing procedures or any software of a live game.");
    sec.item(format!(
        "Every exact figure is for a full shoe of {} at the start of each round (no cut card). Real shoes dealt to a cut card are the subject of the simulation{}.",
        deck_count(inp.decks),
        if inp.study.is_some() {
            format!(" (section {})", super::numbering::simulation(c))
        } else {
            ", not run for this report".to_string()
        }
    ));
    if let Some(d) = &spec.document_decks {
        let hypothetical: Vec<String> = (spec.shoe.min_decks..=spec.shoe.max_decks)
            .filter(|k| super::decks::standing(spec, *k) == super::decks::Standing::Outside)
            .map(|k| k.to_string())
            .collect();
        if !hypothetical.is_empty() && !d.counts.is_empty() {
            sec.item(format!(
                "Figures at {} decks are hypothetical: the document does not permit those counts.",
                hypothetical.join(", ")
            ));
        }
    }
    for w in spec
        .wagers
        .iter()
        .filter(|w| super::words::wager_assumed(spec, &w.id))
    {
        sec.item(format!(
            "{}: {}. The document prints no pays; every figure computed for it uses assumed pays and is marked so.",
            w.name,
            super::words::NOT_EVALUATED
        ));
    }
    if !spec.assumptions.is_empty() {
        sec.item(format!(
            "{} reading{} of the document rest{} on assumptions with no alternative computed (section 3); another reading would change the figures it touches.",
            spec.assumptions.len(),
            if spec.assumptions.len() == 1 { "" } else { "s" },
            if spec.assumptions.len() == 1 { "s" } else { "" }
        ));
    }
    let asked = spec
        .interpretations
        .iter()
        .filter(|i| i.ask_submitter)
        .count();
    if asked > 0 {
        sec.item(format!(
            "{asked} question{} to the submitter (page one) remain open; the figures are for the readings adopted.",
            if asked == 1 { "" } else { "s" }
        ));
    }
    let differ = c.claims.iter().filter(|k| !k.matches).count();
    if differ > 0 {
        sec.item(format!(
            "{differ} house edge{} printed in the document differ{} from the computed figure; the submitter's method is not known.",
            if differ == 1 { "" } else { "s" },
            if differ == 1 { "s" } else { "" }
        ));
    }
    if inp.study.is_some() {
        sec.item("Card counting is studied at the analysed deck count only, with the counts derived here from the effects of removal; another count, another deck count or another dealing procedure may do better. A continuous shuffler's effect is stated from the exact full-shoe figures, not simulated.");
    }
    if c.protection.is_none() {
        sec.item("Game protection (what seen cards are worth) is not computed for this game.");
    }
    if spec.report.revisions.is_empty() {
        sec.item("No revision history is declared; the report cannot say what changed since an earlier edition.");
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
    let number = spec
        .report
        .number
        .as_deref()
        .unwrap_or("(no number declared)");
    sec.para(format!(
        "Report {number}, {}: prepared, reviewed and approved by:",
        spec.title
    ));
    let mut t = Table::names(vec!["role", "name", "signature", "date"]);
    for role in ["Prepared by", "Reviewed by", "Approved by"] {
        t.row(vec![role.to_string(), " ".into(), " ".into(), " ".into()]);
    }
    sec.table(t);
    sec
}

/// The few terms the report cannot do without.
pub(crate) fn glossary(n: usize) -> Section {
    let mut sec = Section::new("glossary", format!("{n}. Glossary"));
    for (term, meaning) in GLOSSARY {
        sec.item(format!("**{term}**: {meaning}"));
    }
    sec
}

const GLOSSARY: [(&str, &str); 12] = [
    (
        "House edge",
        "the bettor's expected loss per unit staked, as a percentage of the stake; negative when the bettor has the advantage.",
    ),
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
        "a deck count the document permits; a deck count computed only to show how the figures move, not the document's game.",
    ),
    (
        "With assumed pays",
        "figures computed with pays the document does not print; they are not figures of the game, and the wager is not evaluated until the pay table is supplied.",
    ),
    (
        "Cut card, penetration",
        "the card that ends dealing from a shoe; penetration is the share of the shoe dealt before it.",
    ),
    (
        "Effect of removal",
        "the change in house edge when one card of a rank is taken out of a full shoe.",
    ),
    (
        "True count",
        "a running total of card tags divided by the decks left; a counter bets when it reaches a threshold.",
    ),
    (
        "Perfect information",
        "a player who knows every unseen card and bets only the rounds that favour him: a bound no count can beat.",
    ),
];
