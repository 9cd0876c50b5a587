//! Deck counts in the report: which counts the document names (and, when it
//! names none, which default the spec uses and why), the full return tables
//! at every count the document names, the house edge at every allowed count
//! with each count marked, and the counts at which each printed claim is
//! confirmed. Everything here renders analyses the pipeline computed; the
//! claim checks are comparisons of those analyses with the printed figures.

use super::inputs::Inputs;
use super::model::{Kind, Section, Table};
use super::terms::Terms;
use crate::assess::DocumentStanding;
use crate::cards::deck_count;
use crate::engine::Analysis;
use crate::engine::deck_function::DeckFunctions;
use crate::model::Spec;
use crate::numbers::{fraction, percent, share, sqrt_decimal};
use num_traits::Signed;

/// Its mark in a table header.
fn mark(st: DocumentStanding) -> &'static str {
    match st {
        DocumentStanding::Named => " (permitted)",
        DocumentStanding::Default => " (default)",
        DocumentStanding::Outside => " (hypothetical)",
        DocumentStanding::Unrecorded => "",
    }
}

pub(crate) use crate::assess::DocumentStanding as Standing;

/// What the document says of `decks`.
pub(crate) fn standing(spec: &Spec, decks: u32) -> Standing {
    Standing::of(spec, decks)
}

/// "8 decks", with what the document says of that count when a reader
/// could take it for the document's game: every heading at a count names it.
pub(crate) fn label(spec: &Spec, decks: u32) -> String {
    let d = deck_count(decks);
    match standing(spec, decks) {
        Standing::Named | Standing::Unrecorded => d,
        Standing::Default => format!("{d} (the default: the document names no deck count)"),
        Standing::Outside => format!("{d} (hypothetical: a count the document does not permit)"),
    }
}

/// [`label`] where the Shoe row above has said why the count is the
/// default: page one says it once.
pub(crate) fn page_one_label(spec: &Spec, decks: u32) -> String {
    match standing(spec, decks) {
        Standing::Default => deck_count(decks),
        _ => label(spec, decks),
    }
}

/// "3-5, 7": ascending counts, consecutive runs joined.
fn runs(counts: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < counts.len() {
        let mut j = k;
        while j + 1 < counts.len() && counts[j + 1] == counts[j] + 1 {
            j += 1;
        }
        out.push(match j - k {
            0 => counts[k].to_string(),
            1 => format!("{}, {}", counts[k], counts[j]),
            _ => format!("{}-{}", counts[k], counts[j]),
        });
        k = j + 1;
    }
    out.join(", ")
}

/// "6 or 8 decks", "3-8 decks", "8 decks".
fn named_counts(counts: &[u32]) -> String {
    match counts {
        [one] => deck_count(*one),
        [a, b] if b - a > 1 => format!("{a} or {b} decks"),
        _ => format!("{} decks", runs(counts)),
    }
}

/// The page-one "Shoe" cell: the count used, what the document names, the
/// spec's range, and the six-card total.
pub(crate) fn shoe_cell(
    spec: &Spec,
    a: &Analysis,
    document: &crate::assess::DocumentStatus,
) -> String {
    let used = deck_count(a.decks);
    // The counts computed beyond the document's, in the one word the
    // report uses for them everywhere.
    let others: Vec<u32> = (spec.shoe.min_decks..=spec.shoe.max_decks)
        .filter(|d| standing(spec, *d) == Standing::Outside)
        .collect();
    let range = if others.is_empty() {
        format!(
            "every count from {} to {} is computed",
            spec.shoe.min_decks, spec.shoe.max_decks
        )
    } else {
        format!(
            "also computed, as hypothetical counts: {}",
            named_counts(&others)
        )
    };
    let total = crate::numbers::group_digits(&a.total.to_string());
    let doc = match &spec.document_decks {
        None => format!("{range}; the rule file does not record the counts its document permits"),
        // Each thing once: the default and why, then where the document
        // is silent, then the range.
        Some(d) if d.counts.is_empty() => format!(
            "the default: {}; the document names no deck count ({}); {range}",
            // The reason is a sentence; the cell goes on after it.
            d.default_because
                .as_deref()
                .unwrap_or_default()
                .trim_end_matches('.'),
            d.source.trim_end_matches('.')
        ),
        Some(d) => format!(
            "the document permits {} ({}); {range}{}",
            named_counts(&d.counts),
            d.source,
            if d.counts.contains(&a.decks) {
                String::new()
            } else {
                format!("; {used} is HYPOTHETICAL (not a count the document permits)")
            }
        ),
    };
    // Of a document not read, the cell says only what the rule file
    // records, none of the document's words or what it permits.
    let doc = if document.sha256().is_some() {
        doc
    } else {
        let rec = match &spec.document_decks {
            None => "the rule file records no deck count of the document".to_string(),
            Some(d) if d.counts.is_empty() => {
                "the rule file records that its document names no deck count".to_string()
            }
            Some(d) => format!(
                "the rule file records {} as its document's",
                named_counts(&d.counts)
            ),
        };
        format!("{rec}, {}; {range}", super::words::UNCHECKED)
    };
    format!("{used}; {doc}; {total} possible rounds")
}

/// Counts grouped by standing: "8 (document); 6, 7 (outside)".
fn marked_counts(spec: &Spec, counts: &[u32]) -> String {
    if counts.is_empty() {
        return "none".into();
    }
    let mut parts = Vec::new();
    for st in [
        Standing::Named,
        Standing::Default,
        Standing::Unrecorded,
        Standing::Outside,
    ] {
        let these: Vec<u32> = counts
            .iter()
            .copied()
            .filter(|&d| standing(spec, d) == st)
            .collect();
        if !these.is_empty() {
            parts.push(format!("{}{}", runs(&these), mark(st)));
        }
    }
    parts.join("; ")
}

/// Page one: at which allowed counts each printed claim is confirmed. The
/// verdict stays at the run's count; this says how far a claim carries.
pub(crate) fn claims_page_one(sec: &mut Section, inp: &Inputs) {
    if inp.by_decks.is_none() {
        return;
    }
    let spec = inp.spec;
    if spec.claims.is_empty() {
        return;
    }
    let by = &inp.assessment.claims_by_decks;
    sec.para(format!(
"Each printed figure checked at every deck count computed. The verdict is at {}; the table of every count is in section 4.", label(spec, inp.decks)));
    let mut t = Table::names(vec![
        format!("printed {} of", inp.terms.edge()),
        "printed".into(),
        "matches at (decks)".into(),
        "differs at (decks)".into(),
    ])
    .kind(2, Kind::Percent);
    for (k, first) in by
        .first()
        .map(|(_, c)| c.as_slice())
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        let at = |m: bool| -> Vec<u32> {
            by.iter()
                .filter(|(_, c)| c[k].matches == m)
                .map(|(d, _)| *d)
                .collect()
        };
        let (yes, no) = (at(true), at(false));
        t.row(vec![
            super::claims::subject(spec, first),
            first.printed.clone(),
            marked_counts(spec, &yes),
            marked_counts(spec, &no),
        ]);
    }
    sec.table(t);
}

/// The legend under every table whose columns are deck counts.
fn legend(spec: &Spec, terms: Terms, document_read: bool) -> String {
    // Without the document, its deck counts are the rule file's record.
    let (names, permits, unchecked) = if document_read {
        ("the document names", "the document permits", String::new())
    } else {
        (
            "the rule file records that the document names",
            "the rule file records as permitted by the document",
            format!("; {}", super::words::UNCHECKED),
        )
    };
    match &spec.document_decks {
        None => "The rule file does not record which deck counts its document permits.".into(),
        Some(d) if d.counts.is_empty() => format!(
            "(default): the count analysed; {names} no deck count ({}{unchecked}). (hypothetical): every other count, computed for analysis only. Negative {} (a player advantage) are in bold.",
            d.source,
            terms.edges()
        ),
        Some(d) => format!(
            "(permitted): a count {permits} ({}{unchecked}). (hypothetical): computed for analysis only, not the document's game. Negative {} (a player advantage) are in bold.",
            d.source,
            terms.edges()
        ),
    }
}

fn header(spec: &Spec, first: &str, decks: &[(u32, &Analysis)]) -> Vec<String> {
    let mut h = vec![first.to_string()];
    h.extend(
        decks
            .iter()
            .map(|(d, _)| format!("{}{}", deck_count(*d), mark(standing(spec, *d)))),
    );
    h
}

/// A house edge, bold when negative.
fn edge_cell(e: &num_rational::BigRational) -> String {
    let text = percent(e, 4);
    if e.is_negative() {
        format!("**{text}**")
    } else {
        text
    }
}

/// The house edge by deck count as small charts: one per wager / pay
/// table and per combined wager (per bet), the PDF's picture of the table.
fn chart(spec: &Spec, decks: &[(u32, &Analysis)], terms: Terms) -> super::model::Figure {
    use super::model::figure::{DeckChart, Figure, to_f64};
    let hundred = num_rational::BigRational::from_integer(100.into());
    let point = |d: u32, e: num_rational::BigRational| {
        (
            d,
            to_f64(&(e * &hundred)),
            matches!(standing(spec, d), Standing::Named | Standing::Default),
        )
    };
    let mut charts = Vec::new();
    let caption = format!("{} by deck count", terms.edge());
    let Some((_, first)) = decks.first() else {
        return Figure::ByDecks { caption, charts };
    };
    for (wi, w) in first.wagers.iter().enumerate() {
        for (ti, tab) in w.tables.iter().enumerate() {
            charts.push(DeckChart {
                title: super::words::row_name(spec, &w.id, &tab.id),
                points: decks
                    .iter()
                    .map(|(d, a)| point(*d, a.wagers[wi].tables[ti].house_edge()))
                    .collect(),
            });
        }
    }
    for (ci, cs) in first.combined.iter().enumerate() {
        charts.push(DeckChart {
            title: format!("{} per {}", cs.name, super::words::wager(spec, &cs.per)),
            points: decks
                .iter()
                .map(|(d, a)| point(*d, a.combined[ci].house_edge()))
                .collect(),
        });
    }
    Figure::ByDecks { caption, charts }
}

/// Section 4's deck-count part: return tables at the document's other
/// counts, the house edge at every allowed count, and each claim at every
/// allowed count.
pub(crate) fn section_part(sec: &mut Section, inp: &Inputs, decks: &[(u32, &Analysis)]) {
    let spec = inp.spec;
    for (d, a) in decks {
        if *d != inp.decks && standing(spec, *d) == Standing::Named {
            return_tables(sec, spec, *d, a, inp.terms);
        }
    }
    sec.heading(3, format!("{} by deck count", inp.terms.edge_cap()));
    let mut head = header(spec, "wager", decks);
    if inp.edges.is_some() {
        head.push("infinite decks (limit)".into());
    }
    let mut t = Table::names(head).kinds_from(1, Kind::Percent);
    let Some((_, first)) = decks.first() else {
        return;
    };
    let mut functions = inp.edges.map(|f| f.tables.iter());
    for (wi, w) in first.wagers.iter().enumerate() {
        for (ti, tab) in w.tables.iter().enumerate() {
            let mut row = vec![super::words::row_name(spec, &w.id, &tab.id)];
            row.extend(
                decks
                    .iter()
                    .map(|(_, a)| edge_cell(&a.wagers[wi].tables[ti].house_edge())),
            );
            if let Some(f) = functions.as_mut().and_then(|f| f.next()) {
                row.push(edge_cell(&f.infinite));
            }
            t.row(row);
        }
    }
    let no_limit = |row: &mut Vec<String>| {
        if inp.edges.is_some() {
            row.push("-".into());
        }
    };
    for (ci, cs) in first.combined.iter().enumerate() {
        let mut row = vec![format!(
            "{} per {}",
            cs.name,
            super::words::wager(spec, &cs.per)
        )];
        row.extend(
            decks
                .iter()
                .map(|(_, a)| edge_cell(&a.combined[ci].house_edge())),
        );
        no_limit(&mut row);
        t.row(row);
        let mut row = vec![format!("{} per total wagered", cs.name)];
        row.extend(
            decks
                .iter()
                .map(|(_, a)| edge_cell(&a.combined[ci].per_total_wagered())),
        );
        no_limit(&mut row);
        t.row(row);
    }
    if let Some(d) = &first.decision {
        let mut row = vec![format!(
            "{}: hands whose best decision depends on more than the total",
            d.hand
        )];
        row.extend(decks.iter().map(|(_, a)| {
            a.decision
                .as_ref()
                .map_or("-".into(), |d| d.differences.len().to_string())
        }));
        no_limit(&mut row);
        t.row(row);
    }
    sec.table(t);
    sec.note(legend(
        spec,
        inp.terms,
        inp.assessment.quotations.document_read,
    ));
    sec.note(functions_note(spec, inp.edges, inp.terms));
    if decks.len() >= 2 {
        sec.figure(chart(spec, decks, inp.terms), None);
    }
    if spec.claims.is_empty() {
        return;
    }
    sec.heading(3, format!("Printed {} by deck count", inp.terms.edges()));
    let by = &inp.assessment.claims_by_decks;
    let mut t = Table::names(header(
        spec,
        &format!("printed {} of", inp.terms.edge()),
        decks,
    ));
    for (k, c) in by[0].1.iter().enumerate() {
        let mut row = vec![format!(
            "{} ({})",
            super::claims::subject(spec, c),
            c.printed
        )];
        row.extend(by.iter().map(|(_, cs)| {
            let c = &cs[k];
            if c.matches {
                format!("{} matches", c.computed)
            } else {
                format!("{} differs", c.computed)
            }
        }));
        t.row(row);
    }
    sec.table(t);
    sec.note(format!(
        "A printed figure matches at a count when the computed {}, rounded to the printed decimals, equals it. {}",
        inp.terms.edge(),
        legend(spec, inp.terms, inp.assessment.quotations.document_read)
    ));
}

/// The full return table of every wager and pay table at one more count the
/// document names.
fn return_tables(sec: &mut Section, spec: &Spec, decks: u32, a: &Analysis, terms: Terms) {
    sec.heading(
        3,
        format!(
            "Results at {}, a count the document permits",
            label(spec, decks)
        ),
    );
    for w in &a.wagers {
        for t in &w.tables {
            sec.heading(
                4,
                format!(
                    "{} at {}",
                    super::words::row_name(spec, &w.id, &t.id),
                    deck_count(decks)
                ),
            );
            sec.table(super::results::return_table(t));
            let edge = t.house_edge();
            sec.para(format!(
                "{} {} (exact: {}); hit frequency {}; standard deviation per unit {}.",
                terms.edge_cap(),
                edge_cell(&edge),
                fraction(&edge),
                share(t.wins, t.total, 4),
                sqrt_decimal(&t.variance, 4)
            ));
        }
    }
    for cs in &a.combined {
        sec.para(format!(
            "Combined wager {} at {}: {} {} per {}, {} per total wagered.",
            cs.name,
            deck_count(decks),
            terms.edge(),
            edge_cell(&cs.house_edge()),
            super::words::wager(spec, &cs.per),
            edge_cell(&cs.per_total_wagered())
        ));
    }
}

/// What the infinite-deck column is, or why there is none.
pub(crate) fn functions_note(spec: &Spec, edges: Option<&DeckFunctions>, terms: Terms) -> String {
    match edges {
        Some(f) => format!(
            "Infinite decks: every count above is a polynomial of degree at most 6 in the number of decks D (a sum of products of six factors a·D − k, the copies left of each card drawn), 0 at D = 0; so each {} is exactly −S(D)/P(D), S the expected net result times the rounds placed and P the rounds placed. Fitted at D = 0 and {}{}; the limit as D grows is the ratio of leading coefficients. The coefficients are in the JSON report.",
            terms.edge(),
            list(&f.fitted),
            if f.checked.is_empty() {
                String::new()
            } else {
                format!(", and found exactly equal to the enumeration at {}", list(&f.checked))
            }
        ),
        None if !spec.strategies_resolved() => "No infinite-deck column: the player's optimal strategy is resolved for each deck count, so the game itself may change with D and no single function of D describes it.".into(),
        None => String::new(),
    }
}

/// "1, 2, 3 decks".
fn list(counts: &[u32]) -> String {
    let n: Vec<String> = counts.iter().map(u32::to_string).collect();
    format!("{} decks", n.join(", "))
}
