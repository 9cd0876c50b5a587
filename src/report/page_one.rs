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
    // What real shoes and seen cards add: after the table of every house
    // edge, which the verdict introduces.
    real_shoes(sec, inp, c);
    if let Some(s) = super::protection::sentence(c) {
        sec.para(s);
    }
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
}

/// The simulation's findings in one paragraph (with `--simulate` or a spec
/// that declares it): the cross-check, the countable wagers, and those only
/// perfect information wins.
fn real_shoes(sec: &mut Section, inp: &Inputs, c: &Computed) {
    if let Some(st) = inp.study {
        let agree = st.cross_check.iter().filter(|x| x.agrees).count();
        // Every wager named once: countable (a counter wins), else positive
        // only for a player who knew every unseen card. Figures beside the
        // names while the lists are short; a long list names only.
        let mut countable: Vec<(String, f64)> = Vec::new();
        let mut knowing: Vec<(String, f64)> = Vec::new();
        for t in &st.tables {
            let counter = t.same_shoes.as_ref().map_or_else(
                || t.selected.last().map_or(0.0, |b| b.win_per_shoe.value),
                |s| s.counter.last().map_or(0.0, |p| p.expected.value),
            );
            let seen = |l: &[(String, f64)]| l.iter().any(|(w, _)| *w == t.wager);
            if t.countable && !seen(&countable) {
                countable.push((t.wager.clone(), counter));
            }
        }
        for t in &st.tables {
            let bound = t
                .same_shoes
                .as_ref()
                .map_or(0.0, |s| s.bound.expected.value);
            let listed = countable.iter().chain(&knowing).any(|(w, _)| *w == t.wager);
            if t.bound_wins && !listed {
                knowing.push((t.wager.clone(), bound));
            }
        }
        let short = countable.len() + knowing.len() <= 6;
        let names = |l: &[(String, f64)], first: bool| {
            l.iter()
                .enumerate()
                .map(|(i, (w, x))| {
                    let x = crate::diag::signed_small(*x);
                    match (short, first && i == 0) {
                        (false, _) => format!("`{w}`"),
                        (true, true) => format!("`{w}` ({x} units per shoe)"),
                        (true, false) => format!("`{w}` ({x})"),
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let measured = st.tables.iter().any(|t| t.same_shoes.is_some());
        let counting = if countable.is_empty() {
            "no profitable count found for any wager".to_string()
        } else {
            format!("COUNTABLE: {}", names(&countable, true))
        };
        let knowing = if !measured {
            String::new()
        } else if knowing.is_empty() {
            " No other wager is won even with every unseen card known.".to_string()
        } else {
            format!(
                " Won only with every unseen card known (perfect information): {}.",
                names(&knowing, countable.is_empty())
            )
        };
        sec.verdict(format!(
"**Real shoes (section {}).** {} rounds simulated from a full shoe contain the exact house edge of {agree} of {} pay tables (99.9% intervals). Card counting to a cut card: {counting}.{knowing}", super::numbering::simulation(c), group_digits(&st.full_rounds.to_string()), st.cross_check.len()));
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
