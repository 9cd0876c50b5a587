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
    sec.table(identification(inp, c));
    verdict(sec, inp, c);
    super::headline::part(sec, inp, c);
    super::sides::framing(sec, spec);
    wagers(sec, inp, c);
    super::headline::questions(sec, inp, c);
    super::game_readings::page_one(sec, spec, c);
    // What real shoes and seen cards add: after the table of every house
    // edge, which the verdict introduces.
    super::findings::page_one(sec, inp, c);
    if let Some(s) = super::protection::sentence(inp, c) {
        sec.para(s);
    }
    // No claims: the verdict has said so; no heading says it again.
    if !c.claims.is_empty() {
        sec.heading(3, "House edges printed in the document");
        sec.table(super::claims::table(spec, &c.claims));
        super::decks::claims_page_one(sec, inp);
    }
    sec.heading(3, "Warnings");
    if c.warnings.is_empty() {
        sec.para("None.");
    }
    for w in &c.warnings {
        // Each message names its kind; a player advantage and a wager not
        // evaluated stand out.
        if w.kind == "player_advantage" || w.kind == super::PAY_TABLE_REQUIRED {
            sec.item(Text::spans(&w.message).bold());
        } else {
            sec.item(Text::spans(&w.message));
        }
    }
    let _ = a;
}

/// The form's identification block: the report, the game, who submits it,
/// the rule document (title, version, file hash), the shoe, the date.
fn identification(inp: &Inputs, c: &Computed) -> Table {
    let spec = inp.spec;
    let plan = &spec.report;
    let undeclared = |_field: &str| "not declared".to_string();
    let mut t = Table::names(vec!["item", "value"]);
    t.row(vec![
        "Report number".to_string(),
        plan.number
            .clone()
            .unwrap_or_else(|| undeclared("report.number")),
    ]);
    if let Some(r) = plan.revisions.last() {
        t.row(vec![
            "Revision".to_string(),
            format!(
                "{} of {} (history in section {})",
                r.revision,
                super::release::date_text(r.date),
                super::numbering::form(inp, c)
            ),
        ]);
    }
    t.row(vec!["Game".to_string(), spec.title.clone()]);
    let sub = &spec.submission;
    for (label, value, field) in [
        ("Submitter", &sub.submitter, "submission.submitter"),
        ("Owner", &sub.owner, "submission.owner"),
        ("Jurisdiction", &sub.jurisdiction, "submission.jurisdiction"),
    ] {
        t.row(vec![
            label.to_string(),
            value.clone().unwrap_or_else(|| undeclared(field)),
        ]);
    }
    if let Some(id) = &sub.game_id {
        t.row(vec!["Game identifier".to_string(), id.clone()]);
    }
    t.row(vec!["Rule document".to_string(), document_cell(inp, c)]);
    t.row(vec![
        "Parts analysed".to_string(),
        spec.section
            .clone()
            .unwrap_or_else(|| "the whole document".into()),
    ]);
    t.row(vec![
        "Shoe".to_string(),
        super::decks::shoe_cell(spec, &c.analysis),
    ]);
    t.row(vec![
        "Date of analysis".to_string(),
        match plan.date {
            Some(d) => super::release::date_text(d),
            None => format!(
                "not declared (`report.date` in the rule file); the PDF's file date is the release date of certify {}, {}",
                env!("CARGO_PKG_VERSION"),
                super::release::date_text(super::release::RELEASE_DATE)
            ),
        },
    ]);
    t.row(vec![
        "Rule file".to_string(),
        format!(
            "{}, version {} (SHA-256 {})",
            inp.spec_path,
            spec.version,
            sha256_hex(inp.spec_bytes)
        ),
    ]);
    t.row(vec![
        "Tool".to_string(),
        format!("certify {}", env!("CARGO_PKG_VERSION")),
    ]);
    t
}

/// The rule document by title, version and the SHA-256 of the file read.
fn document_cell(inp: &Inputs, c: &Computed) -> String {
    let spec = inp.spec;
    let id = &spec.document_id;
    let has = |kind: &str| c.warnings.iter().any(|w| w.kind == kind);
    let title = id.title.clone().unwrap_or_else(|| spec.document.clone());
    let version = id
        .version
        .clone()
        .unwrap_or_else(|| "no version declared".into());
    let file = if has(super::DOCUMENT_NOT_FOUND) {
        format!(
            "file {} NOT FOUND beside the rule file: nothing in this report was checked against it",
            spec.document
        )
    } else {
        let sha = super::inputs::document_sha256(inp).unwrap_or_default();
        let state = if has(super::DOCUMENT_CHANGED) {
            " — NOT the file whose SHA-256 the rule file declares (see the warnings)"
        } else if id.sha256.is_some() {
            " (as declared)"
        } else {
            ""
        };
        format!("file {}, SHA-256 {sha}{state}", spec.document)
    };
    format!("{title}; version: {version}; {file}")
}

/// One paragraph of facts, the most serious first.
fn verdict(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    let a = &c.analysis;
    let tables: usize = a.wagers.iter().map(|w| w.tables.len()).sum();
    // Advantages of a reading put to the submitter are not results.
    let advantages = a
        .wagers
        .iter()
        .flat_map(|w| w.tables.iter().map(move |t| (w, t)))
        .filter(|(w, t)| {
            t.house_edge().is_negative()
                && !super::words::asked(spec, &w.id, &t.id)
                && !super::words::assumed(spec, &w.id, &t.id)
        })
        .count();
    let unconfirmed = c.claims.iter().filter(|k| !k.matches).count();
    let not_evaluated: Vec<&str> = spec
        .wagers
        .iter()
        .filter(|w| super::words::wager_assumed(spec, &w.id))
        .map(|w| w.name.as_str())
        .collect();
    let evaluated = if not_evaluated.is_empty() {
        "pay table"
    } else {
        "pay table evaluated"
    };
    let advantage = match advantages {
        0 => format!("No {evaluated} gives the player an advantage"),
        1 => "1 pay table gives the player an advantage (a negative house edge)".to_string(),
        n => format!("{n} pay tables give the player an advantage (a negative house edge)"),
    };
    let missing = match not_evaluated.len() {
        0 => String::new(),
        n => format!(
            "; {n} wager{} {} {} ({})",
            if n == 1 { "" } else { "s" },
            if n == 1 { "is" } else { "are" },
            super::words::NOT_EVALUATED.to_uppercase(),
            not_evaluated.join("; ")
        ),
    };
    let claims = match (c.claims.len(), unconfirmed) {
        (0, _) => "the document prints no house edge to compare".to_string(),
        (n, 0) => format!(
            "the {} printed in the document {}",
            if n == 1 {
                "house edge".to_string()
            } else {
                format!("{n} house edges")
            },
            if n == 1 { "matches" } else { "all match" }
        ),
        (1, _) => "the house edge printed in the document differs from the computed one (a question of method for the submitter)".to_string(),
        (n, k) => format!(
            "{k} of the {n} house edges printed in the document differ from the computed ones (a question of method for the submitter)"
        ),
    };
    let headline = format!("{advantage}{missing}; {claims}.");
    let passed = inp.fixtures.iter().filter(|r| r.pass).count();
    let v = inp.verification;
    sec.verdict(format!(
"**Verdict. {headline}** {} wager{} under {tables} pay table{} computed exactly at {}{}. Worked examples: {passed} of {} checks passed. An independent settlement of single rounds {} on all {} rounds of the small test shoes and on {} rounds sampled from the full shoe. Warnings: {}.", a.wagers.len(), if a.wagers.len() == 1 { "" } else { "s" }, if tables == 1 { "" } else { "s" }, crate::cards::deck_count(a.decks), super::headline::range_clause(inp), inp.fixtures.len(), if v.passed() { "agrees" } else { "DISAGREES" }, group_digits(&v.small_shoe_sequences.to_string()), group_digits(&v.sampled.to_string()), c.warnings.len()));
}

/// Every wager and pay table in one table, with its house edge over the
/// deck counts the document permits; a player advantage in bold. Readings
/// put to the submitter as questions are left out (they follow, with their
/// figures), and a wager priced only by assumed pays shows no figure.
fn wagers(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    let a = &c.analysis;
    let range = super::headline::Range::of(inp);
    sec.heading(
        3,
        format!(
            "Every wager and pay table at {}",
            super::decks::page_one_label(spec, a.decks)
        ),
    );
    let mut head = vec!["wager", "pay table", "house edge"];
    let range_head = range.as_ref().map(|r| format!("range over {}", r.label));
    if let Some(h) = &range_head {
        head.push(h);
    }
    head.extend([
        "hit frequency",
        "std dev",
        "top award",
        "top award odds",
        "max payout per unit",
    ]);
    let shift = usize::from(range.is_some());
    let mut t = Table::names(head)
        .kind(2, Kind::Percent)
        .kind(3 + shift, Kind::Percent)
        .kind(4 + shift, Kind::Decimal)
        .kind(6 + shift, Kind::Odds)
        .kind(7 + shift, Kind::Amount);
    let mut moving: Vec<String> = Vec::new();
    for (wi, w) in a.wagers.iter().enumerate() {
        for (ti, p) in w.tables.iter().enumerate() {
            if super::words::asked(spec, &w.id, &p.id) {
                continue;
            }
            let name = super::words::wager(spec, &w.id);
            if super::words::assumed(spec, &w.id, &p.id) {
                let mut row = vec![
                    name,
                    super::words::WITH_ASSUMED_PAYS.to_string(),
                    format!("**{}**", super::words::NOT_EVALUATED),
                ];
                row.extend(std::iter::repeat_n("-".to_string(), 6 + shift));
                t.row(row);
                continue;
            }
            let edge = p.house_edge();
            let edge_text = percent(&edge, 4);
            let mut row = vec![
                name.clone(),
                p.name.clone(),
                if edge.is_negative() {
                    format!("**{edge_text}**")
                } else {
                    edge_text
                },
            ];
            if let Some(r) = &range {
                let (cell, moves) = r.cell(wi, ti);
                if moves {
                    moving.push(super::words::wager_table(spec, &w.id, &p.id));
                }
                row.push(cell);
            }
            row.push(share(p.wins, p.total, 4));
            row.push(sqrt_decimal(&p.variance, 4));
            row.extend(top_award_cells(spec, &w.id, p));
            // The largest amount paid per unit staked: the top award's pay.
            row.push(
                p.top_award()
                    .map_or_else(|| "-".into(), |e| e.pay.net().trimmed_decimal()),
            );
            t.row(row);
        }
    }
    sec.table(t);
    if let Some(r) = &range {
        r.note(sec, &moving);
    }
    for cs in &a.combined {
        sec.para(format!(
            "Combined wager {}: house edge {} per {}, {} per total wagered.",
            cs.name,
            percent(&cs.house_edge(), 4),
            super::words::wager(spec, &cs.per),
            percent(&cs.per_total_wagered(), 4)
        ));
    }
}

/// The top award by event name, and its odds.
fn top_award_cells(
    spec: &crate::model::Spec,
    wager: &str,
    p: &crate::engine::stats::TableStats,
) -> [String; 2] {
    match p.top_award() {
        Some(e) => {
            let names: Vec<String> = e
                .events
                .iter()
                .map(|id| super::words::event_short(spec, wager, id))
                .collect();
            [
                format!("{} ({})", e.pay.describe(), names.join(", ")),
                super::numbers::one_in(e.combinations, p.total),
            ]
        }
        None => ["-".into(), "-".into()],
    }
}
