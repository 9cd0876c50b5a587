//! Fills the report's [`Document`] from what the pipeline computed: the
//! numbered sections in order, each written by the module that knows it.
//! Nothing here formats for one output; the renderers do that.

use super::Computed;
use super::inputs::{Inputs, LABEL, reading_edge};
use super::manifest::{MANIFEST_TITLE, manifest_lines};
use super::model::{Document, Meta, Section, Text};
use super::numbers::{group_digits, percent};
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
    doc.sections.push(super::rules::section(spec));
    doc.sections.push(method(inp, c));
    doc.sections.push(results(inp, c, decks));
    doc.sections.push(verification(inp, c));
    let mut next = super::numbering::PROTECTION;
    if let Some(sec) = super::protection::section(inp, c, next) {
        doc.sections.push(sec);
        next += 1;
    }
    if let Some(study) = inp.study {
        let sec = doc.section(
            "simulation",
            format!("{next}. Simulation and card counting"),
        );
        super::simulation::section_part(sec, study);
        next += 1;
    }
    let sec = doc.section("manifest", format!("{next}. {MANIFEST_TITLE}"));
    sec.para(format!(
        "Reproduce with `{}` and check with `certify verify` on this file.",
        manifest["command"].as_str().unwrap_or_default()
    ));
    sec.code(manifest_lines(manifest).lines().map(String::from).collect());
    doc.appendices.push(super::appendix::appendix(inp.fixtures));
    doc
}

/// Title, author (the submitter, else "certify") and keywords (the spec id
/// and every wager id).
fn meta(inp: &Inputs) -> Meta {
    let spec = inp.spec;
    let mut keywords = vec!["baccarat".to_string(), "house edge".to_string()];
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
    sec.item(
        "Exact enumeration in integers; house edges and variances are exact fractions, rendered as decimals at the end. No simulation, no floating point.",
    );
    sec.item("Card granularity: each wager is enumerated as finely as its events read the cards:");
    for w in &c.analysis.wagers {
        sec.sub_item(format!("`{}`: {}", w.id, w.granularity));
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
    super::sides::framing(&mut sec, spec);
    for (w, sw) in c.analysis.wagers.iter().zip(&spec.wagers) {
        for t in &w.tables {
            sec.heading(3, format!("`{}` — {}", w.id, t.name));
            sec.table(super::results::return_table(t));
            super::precedence::notes(&mut sec, sw, w, t);
            sec.table(super::results::figures(spec, &w.id, t));
        }
    }
    for cs in &c.analysis.combined {
        super::decision::combined_part(&mut sec, cs);
    }
    if let Some(d) = &c.analysis.decision {
        super::decision::decision_part(&mut sec, d, &c.analysis.combined);
    }
    for r in &c.searches {
        super::search::section_part(&mut sec, r);
        super::readings::assumed_beside_search(&mut sec, spec, c, &r.wager);
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
    sec.heading(3, "Engine against the reference evaluator");
    let shoes: Vec<String> = v
        .small_shoes
        .iter()
        .map(|c| format!("`{}`", c.cards.replace(',', " ")))
        .collect();
    sec.para(format!(
        "Every ordered six-card sequence of {} small shoes of twelve cards ({}; {} sequences) was dealt, played and settled by the reference evaluator and tallied outcome by outcome against the engine's counts for the same shoes, for every wager and pay table. The small shoes hold {}. {} rounds sampled from the full shoe were settled through the engine's own paths and compared ({} wager and pay-table outcomes). Result: {}.",
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
    sec.heading(3, "Interpretations");
    if spec.interpretations.is_empty() {
        // Only the author can say the words leave no question open.
        sec.para(match spec.unambiguous {
            Some(true) => "None: the spec's author declares that the document's words leave no question open for these wagers (`source.unambiguous: true`).",
            Some(false) => "None computed: the spec's author declares that the document's words leave questions open (`source.unambiguous: false`); the readings chosen are the assumptions listed in this report, with no alternative computed.",
            None => "None recorded. Whether the document's words leave a question open was not answered by the spec's author (`source.unambiguous`).",
        });
    }
    for i in &spec.interpretations {
        sec.item(format!("**{}**: {}", i.id, i.question.trim()));
        for (label, r) in [("chosen", &i.chosen), ("alternative", &i.alternative)] {
            let table = r
                .pay_table
                .as_ref()
                .map(|t| format!(" / {t}"))
                .unwrap_or_default();
            let edge = reading_edge(c, &r.wager, r.pay_table.as_deref())
                .map(|e| percent(&e, 4))
                .unwrap_or_default();
            sec.sub_item(format!(
                "{label}: {} (`{}`{table}), house edge {edge}",
                r.reading.trim(),
                r.wager
            ));
        }
    }
    sec
}
