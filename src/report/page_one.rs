//! The report's first page: what an examiner reads in thirty seconds.
//! Identification, a verdict in one paragraph, every wager and pay table in
//! one table, then the printed claims and every warning. A reader who reads
//! only this page knows whether the game is sound.

use super::Computed;
use super::inputs::{Inputs, sha256_hex};
use super::model::{Document, Kind, Section, Table, Text};
use super::numbers::{group_digits, percent, share, sqrt_decimal};
use num_traits::Signed;

pub(crate) fn render(doc: &mut Document, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    let a = &c.analysis;
    let sec = doc.section("summary", "1. Summary");
    let mut t = Table::names(vec!["item", "value"]);
    t.row(vec!["Game".to_string(), spec.title.clone()]);
    t.row(vec![
        "Spec".to_string(),
        format!(
            "`{}` version {} (`{}`)",
            spec.id, spec.version, inp.spec_path
        ),
    ]);
    t.row(vec![
        "Spec SHA-256".to_string(),
        format!("`{}`", sha256_hex(inp.spec_bytes)),
    ]);
    let missing = c
        .warnings
        .iter()
        .any(|w| w.kind == super::DOCUMENT_NOT_FOUND);
    t.row(vec![
        "Source document".to_string(),
        format!(
            "{} — {}{}",
            spec.document,
            spec.section.as_deref().unwrap_or("whole document"),
            if missing {
                " (NOT FOUND beside the spec: nothing in this report was checked against it)"
            } else {
                ""
            }
        ),
    ]);
    let sub = &spec.submission;
    for (label, value) in [
        ("Submitter", &sub.submitter),
        ("Jurisdiction", &sub.jurisdiction),
        ("Game identifier", &sub.game_id),
    ] {
        if let Some(v) = value {
            t.row(vec![label.to_string(), v.clone()]);
        }
    }
    t.row(vec!["Shoe".to_string(), super::decks::shoe_cell(spec, a)]);
    t.row(vec![
        "Date of analysis".to_string(),
        match spec.report.date {
            Some(d) => super::release::date_text(d),
            None => format!(
                "not declared (`report.date` in the spec); the PDF's file date is the release date of certify {}, {}",
                env!("CARGO_PKG_VERSION"),
                super::release::date_text(super::release::RELEASE_DATE)
            ),
        },
    ]);
    t.row(vec![
        "Tool".to_string(),
        format!("certify {}", env!("CARGO_PKG_VERSION")),
    ]);
    sec.table(t);
    verdict(sec, inp, c);
    super::sides::framing(sec, spec);
    wagers(sec, spec, c);
    // No claims: the verdict has said so; no heading says it again.
    if !c.claims.is_empty() {
        sec.heading(3, "Claims printed in the document");
        sec.table(super::claims::table(&c.claims));
        super::decks::claims_page_one(sec, inp);
    }
    sec.heading(3, "Warnings");
    if c.warnings.is_empty() {
        sec.para("None.");
    }
    for w in &c.warnings {
        // Each message names its kind; a player advantage stands out.
        if w.kind == "player_advantage" {
            sec.item(Text::spans(&w.message).bold());
        } else {
            sec.item(Text::spans(&w.message));
        }
    }
}

/// One paragraph of facts, the most serious first.
fn verdict(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let a = &c.analysis;
    let tables: usize = a.wagers.iter().map(|w| w.tables.len()).sum();
    let advantages = c
        .warnings
        .iter()
        .filter(|w| w.kind == "player_advantage")
        .count();
    let unconfirmed = c.claims.iter().filter(|k| !k.matches).count();
    let advantage = match advantages {
        0 => "No pay table gives the player an advantage".to_string(),
        1 => "1 pay table gives the player an advantage (a negative house edge)".to_string(),
        n => format!("{n} pay tables give the player an advantage (a negative house edge)"),
    };
    let claims = match (c.claims.len(), unconfirmed) {
        (0, _) => "no printed house edge is recorded to check".to_string(),
        (n, 0) => format!(
            "the {} printed in the document {} confirmed",
            if n == 1 {
                "house edge".to_string()
            } else {
                format!("{n} house edges")
            },
            if n == 1 { "is" } else { "are all" }
        ),
        (1, _) => "the house edge printed in the document is not confirmed".to_string(),
        (n, k) => format!(
            "{k} of the {n} house edges printed in the document {} not confirmed",
            if k == 1 { "is" } else { "are" }
        ),
    };
    let headline = format!("{advantage}; {claims}.");
    let passed = inp.fixtures.iter().filter(|r| r.pass).count();
    let v = inp.verification;
    sec.verdict(format!(
"**Verdict. {headline}** {} wager{} under {tables} pay table{} computed exactly at {}. Handwritten cases: {passed} of {} checks passed. Engine against the reference evaluator: {} on all {} sequences of the small shoes and {} rounds sampled from the full shoe. Warnings: {}.", a.wagers.len(), if a.wagers.len() == 1 { "" } else { "s" }, if tables == 1 { "" } else { "s" }, crate::cards::deck_count(a.decks), inp.fixtures.len(), if v.passed() { "agree" } else { "DISAGREE" }, group_digits(&v.small_shoe_sequences.to_string()), group_digits(&v.sampled.to_string()), c.warnings.len()));
    if let Some(st) = inp.study {
        let agree = st.cross_check.iter().filter(|x| x.agrees).count();
        let countable: Vec<String> = st
            .tables
            .iter()
            .filter(|t| t.countable)
            .map(|t| format!("`{} / {}`", t.wager, t.pay_table))
            .collect();
        sec.verdict(format!(
"**Real shoes (section 6).** The simulation of {} rounds from a full shoe contains the exact house edge of {agree} of {} pay tables in its 99.9% interval. Card counting, dealt to a cut card: {}.", group_digits(&st.full_rounds.to_string()), st.cross_check.len(), if countable.is_empty() {
                "no profitable count found for any pay table".to_string()
            } else {
                format!("COUNTABLE: {}", countable.join(", "))
            }));
    }
}

/// Every wager and pay table in one table; a player advantage in bold.
fn wagers(sec: &mut Section, spec: &crate::model::Spec, c: &Computed) {
    let a = &c.analysis;
    sec.heading(
        3,
        format!(
            "Every wager and pay table at {}",
            super::decks::page_one_label(spec, a.decks)
        ),
    );
    let mut t = Table::names(vec![
        "wager",
        "pay table",
        "house edge",
        "hit frequency",
        "std dev",
        "top award",
        "top award odds",
        "max payout per unit",
    ])
    .kind(2, Kind::Percent)
    .kind(3, Kind::Percent)
    .kind(4, Kind::Decimal)
    .kind(6, Kind::Odds)
    .kind(7, Kind::Amount);
    for w in &a.wagers {
        for p in &w.tables {
            // Invented pays give no figure of the game: say so, and point
            // to the pay search that tests the printed edge instead.
            if let Some(a) = spec.assumed_pays(&w.id, &p.id) {
                let mut row = vec![
                    format!("`{}`", w.id),
                    p.name.clone(),
                    format!(
                        "none: the document prints no pays (assumption `{}`; see the pay search)",
                        a.id
                    ),
                    share(p.wins, p.total, 4),
                ];
                row.extend(["-"; 4].map(String::from));
                t.row(row);
                continue;
            }
            let edge = p.house_edge();
            let edge_text = percent(&edge, 4);
            let mut row = vec![
                format!("`{}`", w.id),
                p.name.clone(),
                if edge.is_negative() {
                    format!("**{edge_text}**")
                } else {
                    edge_text
                },
                share(p.wins, p.total, 4),
                sqrt_decimal(&p.variance, 4),
            ];
            row.extend(super::summary::top_award_cells(p));
            // The largest amount paid per unit staked: the top award's pay.
            row.push(
                p.top_award()
                    .map_or_else(|| "-".into(), |e| e.pay.net().trimmed_decimal()),
            );
            t.row(row);
        }
    }
    sec.table(t);
    for cs in &a.combined {
        sec.para(format!(
            "Combined wager {}.",
            super::summary::combined_line(cs)
        ));
    }
}
