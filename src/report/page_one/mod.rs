//! The report's first page: what an examiner reads in thirty seconds.
//! Identification; the verdict, one sentence per kind of finding and one
//! recommendation; every adopted wager and pay table in one table; the
//! questions to the submitter; the printed figures; every warning. Every
//! statement words the assessment (`crate::assess`): this page decides
//! nothing, counts nothing and finds no largest figure of its own.

mod verdict;

use super::inputs::{Inputs, report_number, sha256_hex};
use super::model::{Document, Kind, Section, Table, Text};
use super::words;
use super::words::and_list;
use crate::assess::{Computed, DocumentStatus, Standing, Subject, Why};
use crate::numbers::{percent, share, sqrt_decimal};

pub(crate) fn render(doc: &mut Document, inp: &Inputs, c: &Computed) {
    let spec = inp.spec;
    let a = inp.assessment;
    let sec = doc.section("summary", "1. Summary");
    sec.table(identification(inp, c));
    verdict::verdict(sec, inp, c);
    super::headline::part(sec, inp, c);
    super::sides::framing(sec, spec, inp.terms);
    wagers(sec, inp, c);
    questions(sec, inp);
    super::game_readings::page_one(sec, inp, c);
    if a.document.sha256().is_some() && !a.claims.is_empty() {
        sec.heading(
            3,
            format!("{} printed in the document", inp.terms.edges_cap()),
        );
        sec.table(super::claims::table(spec, &a.claims, inp.terms));
        super::decks::claims_page_one(sec, inp);
    }
    sec.heading(3, "Warnings");
    if a.warnings.is_empty() {
        sec.para("None.");
    }
    for w in &a.warnings {
        let text = Text::spans(&super::warnings::message(
            spec,
            a,
            w,
            inp.terms,
            super::numbering::simulation(c),
        ));
        sec.item(if w.serious() { text.bold() } else { text });
    }
}

/// The form's identification block: the report, the game, who submits it
/// and who banks it, the rule document (title, version, file hash), the
/// shoe, the date.
fn identification(inp: &Inputs, c: &Computed) -> Table {
    let spec = inp.spec;
    let plan = &spec.report;
    let undeclared = || "not declared".to_string();
    let mut t = Table::names(vec!["item", "value"]);
    t.row(vec![
        "Report number".to_string(),
        report_number(spec, inp.edition).unwrap_or_else(undeclared),
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
    for (label, value) in [("Submitter", &sub.submitter), ("Owner", &sub.owner)] {
        t.row(vec![
            label.to_string(),
            value.clone().unwrap_or_else(undeclared),
        ]);
    }
    t.row(vec![
        "Jurisdiction".to_string(),
        match &inp.authority {
            Some(au) => au.jurisdiction.clone(),
            None => sub.jurisdiction.clone().unwrap_or_else(undeclared),
        },
    ]);
    t.row(vec![
        "Banked by".to_string(),
        match &inp.authority {
            Some(au) => au.banked_by.clone(),
            None => super::sides::banked_by(spec),
        },
    ]);
    if let Some(id) = &sub.game_id {
        t.row(vec!["Game identifier".to_string(), id.clone()]);
    }
    t.row(vec!["Rule document".to_string(), document_cell(inp)]);
    t.row(vec![
        "Parts analysed".to_string(),
        spec.section
            .clone()
            .unwrap_or_else(|| "the whole document".into()),
    ]);
    t.row(vec![
        "Shoe".to_string(),
        super::decks::shoe_cell(spec, &c.analysis, &inp.assessment.document),
    ]);
    t.row(vec![
        "Date of analysis".to_string(),
        match plan.date {
            Some(d) => super::release::date_text(d),
            None => format!(
                "not declared; the PDF's file date is the release date of the tool that computed it ({})",
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
        "Computed with".to_string(),
        format!("certify {}", env!("CARGO_PKG_VERSION")),
    ]);
    t
}

/// The rule document by title, version and the SHA-256 of the file read.
fn document_cell(inp: &Inputs) -> String {
    let spec = inp.spec;
    let id = &spec.document_id;
    let title = id.title.clone().unwrap_or_else(|| spec.document.clone());
    let version = id
        .version
        .clone()
        .unwrap_or_else(|| "no version declared".into());
    let file = match &inp.assessment.document {
        DocumentStatus::Missing { .. } => format!(
            "file {} NOT AVAILABLE: the document was not read; {} and nothing here is checked against its words",
            spec.document,
            words::unverified_quotations(inp.assessment.quotations.unverified())
        ),
        DocumentStatus::Read { sha256, declared } => {
            let state = match declared {
                Some(d) if d != sha256 => {
                    " — NOT the file whose SHA-256 the rule file declares (see the warnings)"
                }
                Some(_) => " (as declared)",
                None => "",
            };
            format!("file {}, SHA-256 {sha256}{state}", spec.document)
        }
    };
    format!("{title}; version: {version}; {file}")
}

/// Every adopted wager and pay table in one table, with its house edge
/// over the deck counts the document permits; a player advantage in bold.
/// The other readings follow with the questions; a wager priced only by
/// assumed pays shows no figure.
fn wagers(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let (spec, a) = (inp.spec, inp.assessment);
    let an = &c.analysis;
    sec.heading(
        3,
        format!(
            "Every wager and pay table at {}",
            super::decks::page_one_label(spec, an.decks)
        ),
    );
    let range_label = match a.scope.range_decks.as_slice() {
        [lo, .., hi] => Some(format!(
            "range over {lo}–{hi} decks{}",
            if a.scope.permitted_decks.is_empty() {
                " (default and hypothetical)"
            } else {
                " (permitted)"
            }
        )),
        _ => None,
    };
    let edge_head = inp.terms.edge();
    let mut head: Vec<&str> = vec!["wager", "pay table", edge_head];
    if let Some(h) = &range_label {
        head.push(h);
    }
    head.extend([
        "hit frequency",
        "std dev",
        "top award",
        "top award odds",
        "max payout per unit",
    ]);
    let shift = usize::from(range_label.is_some());
    let mut t = Table::names(head)
        .kind(2, Kind::Percent)
        .kind(3 + shift, Kind::Percent)
        .kind(4 + shift, Kind::Decimal)
        .kind(6 + shift, Kind::Odds)
        .kind(7 + shift, Kind::Amount);
    let mut moving: Vec<String> = Vec::new();
    for (f, (w, p)) in a.tables.iter().zip(
        an.wagers
            .iter()
            .flat_map(|w| w.tables.iter().map(move |p| (w, p))),
    ) {
        let name = words::wager(spec, &w.id);
        match &f.standing {
            Standing::OtherReading { .. } => continue,
            Standing::AssumedPays { .. } => {
                let mut row = vec![
                    name,
                    words::WITH_ASSUMED_PAYS.to_string(),
                    format!("**{}**", words::NOT_EVALUATED),
                ];
                row.extend(std::iter::repeat_n("-".to_string(), 6 + shift));
                t.row(row);
                continue;
            }
            Standing::Adopted => {}
        }
        let edge_text = f.house_edge.percent(4);
        let mut row = vec![
            name,
            p.name.clone(),
            if f.player_advantage {
                format!("**{edge_text}**")
            } else {
                edge_text
            },
        ];
        if range_label.is_some() {
            row.push(match &f.range {
                Some(r) => {
                    let text = format!(
                        "{} ({}) to {} ({})",
                        r.lowest.house_edge.percent(2),
                        crate::cards::deck_count(r.lowest.decks),
                        r.highest.house_edge.percent(2),
                        crate::cards::deck_count(r.highest.decks)
                    );
                    if r.moves {
                        moving.push(words::wager_table(spec, &w.id, &p.id));
                        let spread = r.highest.house_edge.value() - r.lowest.house_edge.value();
                        format!(
                            "**{text}: moves {} points**",
                            percent(&spread, 2).trim_end_matches('%')
                        )
                    } else {
                        text
                    }
                }
                None => "-".into(),
            });
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
    sec.table(t);
    if let Some(label) = &range_label {
        let over = label.trim_start_matches("range over ");
        sec.note(if moving.is_empty() {
            format!(
                "Range: the lowest and highest {edge_head} over {over}; none moves by more than {} point.",
                crate::assess::MOVES_POINTS
            )
        } else {
            format!(
                "Range: the lowest and highest {edge_head} over {over}. The {edge_head} of {} moves by more than {} point across these counts: the figure in the {edge_head} column holds only at the count analysed; section {} gives every count.",
                and_list(&moving),
                crate::assess::MOVES_POINTS,
                super::numbering::RESULTS
            )
        });
    }
    for cs in &an.combined {
        sec.para(format!(
            "Combined wager {}: {edge_head} {} per {}, {} per total wagered.",
            cs.name,
            percent(&cs.house_edge(), 4),
            words::wager(spec, &cs.per),
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
                .map(|id| words::event_short(spec, wager, id))
                .collect();
            [
                format!("{} ({})", e.pay.describe(), names.join(", ")),
                crate::numbers::one_in(e.combinations, p.total),
            ]
        }
        None => ["-".into(), "-".into()],
    }
}

/// "Questions to the submitter": every question of the assessment, in its
/// numbering, each with the figures its answer moves.
fn questions(sec: &mut Section, inp: &Inputs) {
    let (spec, a) = (inp.spec, inp.assessment);
    if a.questions.is_empty() {
        return;
    }
    let edge = inp.terms.edge_cap();
    sec.heading(3, "Questions to the submitter");
    sec.para("The document's words leave these points open, or print a figure this analysis does not reproduce. The analysis adopts the reading the document supports best; the other reading is not a result of this report, and its figures are given only to show what the answer changes. Please answer each.");
    for q in &a.questions {
        let moved = |sec: &mut Section| {
            for m in &q.moves {
                sec.sub_item(format!(
                    "{}: {} adopted, {} otherwise.",
                    words::figure(spec, &m.figure),
                    m.adopted.percent(4),
                    m.other.percent(4)
                ));
            }
        };
        match &q.subject {
            Subject::Reading { id } => {
                let Some(i) = spec.interpretations.iter().find(|i| &i.id == id) else {
                    continue;
                };
                sec.item(format!("Q{}. {}", q.number, i.question.trim()));
                let edge_of = |m: Option<&crate::assess::Moved>, adopted: bool| {
                    m.map(|m| {
                        format!(
                            " {edge} {}.",
                            if adopted { &m.adopted } else { &m.other }.percent(4)
                        )
                    })
                    .unwrap_or_default()
                };
                sec.sub_item(format!(
                    "Adopted: {}{}",
                    words::sentence(&i.chosen.reading),
                    edge_of(q.moves.first(), true)
                ));
                sec.sub_item(format!(
                    "If instead: {}{}",
                    words::sentence(&i.alternative.reading),
                    edge_of(q.moves.first(), false)
                ));
            }
            Subject::GameReading { id } => {
                let Some(gi) = spec.game_interpretations.iter().find(|g| &g.id == id) else {
                    continue;
                };
                sec.item(format!("Q{}. {}", q.number, gi.question.trim()));
                sec.sub_item(format!("Adopted: {}", words::sentence(&gi.chosen)));
                sec.sub_item(format!("If instead: {}", words::sentence(&gi.alternative)));
                moved(sec);
            }
            Subject::PrintedFigure { claim } => {
                let Some(cl) = a.claims.get(*claim) else {
                    continue;
                };
                sec.item(format!(
                    "Q{}. The document prints a {} of {} for {} ({}); this analysis computes {}. What method gives the printed figure?",
                    q.number,
                    inp.terms.edge(),
                    cl.printed,
                    super::claims::subject(spec, cl),
                    cl.source,
                    cl.computed
                ));
            }
        }
        if q.why == Why::OtherReadingAdvantage {
            sec.sub_item(
                "Asked because the other reading gives the player an advantage: a figure the submitter must rule out.",
            );
        }
    }
}
