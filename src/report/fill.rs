//! Fills the report's [`Document`] from what the pipeline computed: the
//! numbered sections in order, each written by the module that knows it.
//! Nothing here formats for one output; the renderers do that.

use super::inputs::{Inputs, LABEL, reading_edge};
use super::manifest::{MANIFEST_TITLE, manifest_lines};
use super::model::{Document, Meta, Section, Text};
use crate::assess::Computed;
use crate::numbers::{group_digits, percent};
use serde_json::Value;

/// The whole report. `manifest` is the JSON manifest the Markdown's
/// manifest block restates line by line.
pub(crate) fn document(
    inp: &Inputs,
    c: &Computed,
    decks: &[(u32, &crate::engine::Analysis)],
    manifest: &Value,
) -> Document {
    let spec = inp.spec;
    let mut doc = Document {
        meta: meta(inp),
        label: Text::plain(format!("{LABEL}.")).bold(),
        ..Document::default()
    };
    super::page_one::render(&mut doc, inp, c);
    doc.sections.push(super::rules::section(
        spec,
        inp.assessment.quotations.document_read,
    ));
    doc.sections.push(method(inp, c));
    doc.sections.push(results(inp, c, decks));
    doc.sections.push(verification(inp, c));
    let next = super::numbering::PROTECTION;
    if let Some(sec) = super::protection::section(inp, c, next) {
        doc.sections.push(sec);
    }
    if let Some(study) = inp.study {
        let sec = doc.section(
            "simulation",
            format!(
                "{}. Simulation and card counting",
                super::numbering::simulation(c)
            ),
        );
        super::simulation::section_part(sec, study, Some(inp));
    }
    let n = super::numbering::limitations(inp, c);
    doc.sections.push(super::form::limitations(inp, c, n));
    doc.sections.push(super::form::revisions(inp, n + 1));
    doc.sections.push(super::form::glossary(
        n + 2,
        inp.terms,
        inp.assessment.quotations.document_read,
    ));
    doc.appendices.push(super::appendix::appendix(
        inp.fixtures,
        inp.assessment.quotations.document_read,
    ));
    let mut rules = super::rules::appendix(spec);
    super::trace::appendix_part(&mut rules, inp);
    doc.appendices.push(rules);
    // The manifest: what reproduces the report, command and hashes, kept
    // out of the body.
    let mut sec = super::model::Section::new("manifest", format!("Appendix C. {MANIFEST_TITLE}"));
    sec.para(format!(
        "Reproduce with `{}` and check with `certify verify` on this file.",
        manifest["command"].as_str().unwrap_or_default()
    ));
    sec.code(manifest_lines(manifest).lines().map(String::from).collect());
    doc.appendices.push(sec);
    doc
}

/// Title, author (the submitter, else "certify") and keywords (the spec id
/// and every wager id).
fn meta(inp: &Inputs) -> Meta {
    let spec = inp.spec;
    let mut keywords = vec!["baccarat".to_string(), inp.terms.edge().to_string()];
    for k in std::iter::once(&spec.id).chain(spec.wagers.iter().map(|w| &w.id)) {
        if !k.is_empty() && !keywords.contains(k) {
            keywords.push(k.clone());
        }
    }
    Meta {
        title: format!("{} — mathematical analysis", spec.title),
        author: spec
            .submission
            .submitter
            .clone()
            .unwrap_or_else(|| "certify".into()),
        keywords,
        date: spec.report.date.map(super::release::date_text),
        description: format!("{LABEL}: exact {} of baccarat wagers", inp.terms.edges()),
        reference: super::inputs::reference(inp),
    }
}

/// Section 3: the shoe, the deal and decisions, the convention, how each
/// wager is enumerated, then the spec's assumptions and readings.
fn method(inp: &Inputs, c: &Computed) -> Section {
    let spec = inp.spec;
    let mut sec = Section::new("method", "3. Assumptions and methodology");
    sec.item(format!(
        "{} decks of 52 cards ({} cards), a full shoe, no cut card: every round is dealt from a complete shoe.",
        inp.decks,
        52 * inp.decks
    ));
    super::method::items(&mut sec, spec, c.analysis.total);
    // The exact figures use no sampling; the simulation section, where the
    // report has one, is a separate study set beside them.
    sec.item(match inp.study {
        Some(_) => format!(
            "Every possible round is counted exactly, in whole numbers; {} and variances are exact fractions, rendered as decimals at the end. No exact figure comes from simulation or floating point; section {} (real shoes and card counting) is a separate, simulated study, set beside these exact figures.",
            inp.terms.edges(),
            super::numbering::simulation(c)
        ),
        None => format!("Every possible round is counted exactly, in whole numbers; {} and variances are exact fractions, rendered as decimals at the end. No simulation, no floating point.", inp.terms.edges()),
    });
    sec.item("Each wager's rounds are told apart as finely as its events read the cards:");
    for w in &c.analysis.wagers {
        sec.sub_item(format!(
            "{}: {}",
            super::words::wager(spec, &w.id),
            w.granularity
        ));
    }
    super::readings::section_part(&mut sec, inp);
    sec
}

/// Section 4: every pay table's return table and figures, combined wagers,
/// the decision, pay searches, exposure and the deck counts.
fn results(inp: &Inputs, c: &Computed, decks: &[(u32, &crate::engine::Analysis)]) -> Section {
    let spec = inp.spec;
    let mut sec = Section::new(
        "results",
        format!("4. Results at {}", super::decks::label(spec, inp.decks)),
    );
    super::sides::framing(&mut sec, spec, inp.terms);
    for (w, sw) in c.analysis.wagers.iter().zip(&spec.wagers) {
        for t in &w.tables {
            let heading = if super::words::assumed(spec, &w.id, &t.id) {
                format!(
                    "{} — {} ({})",
                    sw.name,
                    super::words::WITH_ASSUMED_PAYS,
                    super::words::NOT_EVALUATED
                )
            } else {
                super::words::wager_table(spec, &w.id, &t.id)
            };
            sec.heading(3, heading);
            sec.table(super::results::return_table(t));
            super::precedence::notes(&mut sec, sw, w, t);
            sec.table(super::results::figures(spec, &w.id, t, inp.terms));
        }
    }
    super::counted::section_part(&mut sec, spec, &c.analysis);
    for cs in &c.analysis.combined {
        super::decision::combined_part(&mut sec, spec, cs, inp.terms);
    }
    if let Some(d) = &c.analysis.decision {
        super::decision::decision_part(&mut sec, spec, d, &c.analysis.combined, inp.terms);
    }
    for r in &inp.assessment.searches {
        super::search::section_part(&mut sec, spec, &c.analysis, r, inp.terms);
        super::readings::assumed_beside_search(&mut sec, spec, c, &r.wager, inp.terms);
    }
    super::exposure::section_part(&mut sec, spec, &c.analysis);
    super::decks::section_part(&mut sec, inp, decks);
    sec
}

/// Section 5: the handwritten cases, the engine against the reference
/// evaluator, and the interpretations.
fn verification(inp: &Inputs, c: &Computed) -> Section {
    let spec = inp.spec;
    let mut sec = Section::new("verification", "5. Verification");
    super::appendix::summary(&mut sec, inp.fixtures);
    let v = inp.verification;
    sec.heading(3, "Independent settlement of single rounds");
    let shoes: Vec<String> = v
        .small_shoes
        .iter()
        .map(|c| c.cards.replace(',', " "))
        .collect();
    sec.para(format!(
        "A second program, written apart from the exact count, deals, plays and settles single rounds by the rules. Every possible round of {} small test shoes of twelve cards ({}; {} rounds) was settled by it and tallied outcome by outcome against the exact count for the same shoes, for every wager and pay table. The small shoes hold {}. {} rounds sampled from the full shoe were settled both ways and compared ({} wager and pay-table outcomes). Result: {}.",
        v.small_shoes.len(),
        shoes.join(", "),
        group_digits(&v.small_shoe_sequences.to_string()),
        crate::verify::SMALL_SHOES_COVER,
        v.sampled,
        group_digits(&v.sampled_comparisons.to_string()),
        if v.passed() {
            "all agree"
        } else {
            "DISAGREEMENT"
        }
    ));
    super::method::checks_run(&mut sec, inp, c);
    super::form::published(&mut sec, inp);
    sec.heading(3, "Interpretations");
    if spec.interpretations.is_empty() && spec.game_interpretations.is_empty() {
        // Only the author can say the words leave no question open.
        sec.para(match spec.unambiguous {
            Some(true) => "None: the author of the rule file declares that the document's words leave no question open for these wagers.",
            Some(false) => "None computed: the author of the rule file declares that the document's words leave questions open; the readings chosen are the assumptions listed in this report, with no alternative computed.",
            None => "None recorded. Whether the document's words leave a question open was not answered by the author of the rule file.",
        });
    }
    for i in &spec.interpretations {
        let asked = match question_of(inp, &i.id) {
            Some(q) => format!(" (question Q{q} to the submitter: page one)"),
            None => String::new(),
        };
        sec.item(format!(
            "**{}**{asked}: {}",
            super::rules::capital(&super::words::plain(&i.id)),
            i.question.trim()
        ));
        for (label, r) in [("chosen", &i.chosen), ("alternative", &i.alternative)] {
            let name = match &r.pay_table {
                Some(t) => super::words::wager_table(spec, &r.wager, t),
                None => super::words::wager(spec, &r.wager),
            };
            let edge = reading_edge(c, &r.wager, r.pay_table.as_deref())
                .map(|e| percent(&e, 4))
                .unwrap_or_default();
            sec.sub_item(format!(
                "{label}: {} ({name}), {} {edge}",
                r.reading.trim(),
                inp.terms.edge()
            ));
        }
    }
    super::game_readings::section_part(&mut sec, inp, c);
    sec
}

/// The number of the question an interpretation is put as, if it is.
pub(crate) fn question_of(inp: &Inputs, id: &str) -> Option<u32> {
    inp.assessment
        .readings
        .iter()
        .find(|r| r.id == id)
        .and_then(|r| r.question)
}
