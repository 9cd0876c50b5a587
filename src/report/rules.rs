//! Section 2, the rules: the deal, naturals, the drawing rules and their
//! chart, every wager with its events and pays, and a player-banked
//! game's table rules, as the spec states them.

use super::model::{Decide, Figure, Kind, Section, Table};
use crate::model::{FirstRule, Precedence, Spec};

fn totals(mask: u16) -> String {
    let t: Vec<String> = (0..10u16)
        .filter(|t| mask & (1 << t) != 0)
        .map(|t| t.to_string())
        .collect();
    if t.is_empty() {
        "no total".into()
    } else {
        t.join(", ")
    }
}

/// The deal and the count in words: the first paragraph of section 2 (and
/// of the player's leaflet).
pub(crate) fn deal(spec: &Spec) -> String {
    let g = &spec.game;
    let (a, b) = (&g.hands[0], &g.hands[1]);
    let deal: Vec<&str> = g
        .deal
        .iter()
        .map(|h| g.hands[*h as usize].as_str())
        .collect();
    format!(
        "Two hands, {a} and {b}, are dealt two cards each in the order {}. Aces count one, two to nine their face value, tens and picture cards zero; a hand's total is the last digit of its points.",
        deal.join(", ")
    )
}

/// The naturals in words (section 2 and the player's leaflet).
pub(crate) fn naturals(spec: &Spec) -> String {
    let g = &spec.game;
    if g.naturals != 0 {
        format!(
            "A two-card total of {} on either hand is a natural: neither hand draws.",
            totals(g.naturals)
        )
    } else {
        "There are no naturals: an eight or nine does not end the round.".to_string()
    }
}

/// Section 2.
/// `document_read`: whether the rule document was found (else what it
/// prints is the rule file's record of it).
pub(crate) fn section(spec: &Spec, document_read: bool) -> Section {
    let mut sec = Section::new("rules", "2. The rules");
    let g = &spec.game;
    let (a, b) = (&g.hands[0], &g.hands[1]);
    sec.para(deal(spec));
    sec.item(naturals(spec));
    match &g.first {
        FirstRule::Totals(m) => {
            sec.item(format!(
                "The {a} draws one card on a total of {} and stands otherwise.",
                totals(*m)
            ));
        }
        FirstRule::Decides(d) => {
            let st = &d.strategies[d.default];
            let rule = match st.rule {
                crate::model::StrategyRule::When(_) => {
                    "a written rule of thumb (its condition is in Appendix B)".to_string()
                }
                _ => format!(
                    "the decision that maximises the expected return of {}, computed exactly for each shoe (section 4)",
                    d.objective
                        .iter()
                        .map(|&w| spec.wagers[w].name.as_str())
                        .collect::<Vec<_>>()
                        .join(" plus ")
                ),
            };
            sec.item(format!(
"The {a} chooses to draw one card or stand. This analysis plays the {} strategy: {rule}.", super::words::plain(&st.id)));
        }
    }
    sec.item(format!(
        "When the {a} stands, the {b} draws on a total of {}.",
        totals(g.second.when_other_stands)
    ));
    sec.item(format!(
        "When the {a} draws, the {b} draws (D) or stands (S) by its total (rows) and the {a}'s third card (columns):"
    ));
    // Rows in their natural order, both axes named in words: the PDF draws
    // the chart as a grid with the row and column heads written out; the
    // Markdown keeps the table, whose corner names the rows.
    let row_head = format!("{b} total");
    let col_head = format!("{a}'s third card");
    let mut header = vec![format!("{row_head} (rows), {col_head} (columns)")];
    header.extend((0..10).map(|v| v.to_string()));
    let mut t = Table::names(header).kind(0, Kind::Count);
    let (mut rows, mut cells) = (Vec::new(), Vec::new());
    for total in (0..10u8).filter(|t| !g.is_natural(*t)) {
        let draws: Vec<bool> = (0..10).map(|v| g.second_draws(total, Some(v))).collect();
        let mut row = vec![total.to_string()];
        row.extend(draws.iter().map(|d| if *d { "D" } else { "S" }.to_string()));
        t.row(row);
        rows.push(total.to_string());
        cells.push(
            draws
                .iter()
                .map(|&d| {
                    if d {
                        Decide::Draw { mixed: false }
                    } else {
                        Decide::Stand { mixed: false }
                    }
                })
                .collect(),
        );
    }
    let chart = Figure::Decision {
        row_head,
        col_head,
        rows,
        cols: (0..10).map(|v| v.to_string()).collect(),
        cells,
    };
    sec.figure(chart, Some(t));
    for w in &spec.wagers {
        sec.heading(3, format!("Wager: {}", w.name));
        if let Some(d) = &w.description {
            sec.para(d.trim());
        }
        if w.placed.is_some() {
            sec.para("Placed only on some rounds, as described above (the condition is in Appendix B); its figures are per wager placed.");
        }
        if super::words::wager_assumed(spec, &w.id) {
            sec.verdict(format!(
                "**{}.** {} for this wager; the pays below are an assumption, and every figure computed with them is marked \"{}\".",
                capital(super::words::NOT_EVALUATED),
                capital(super::words::no_pays_read(document_read)),
                super::words::WITH_ASSUMED_PAYS
            ));
        }
        sec.para(match w.precedence {
                Precedence::HighestPay =>
                    "When several events hold, only the one paying most in the pay table in use settles the wager; between equal pays, the event listed first. When no event holds, the wager loses.",
                Precedence::ListedOrder =>
                    "When several events hold, the first listed below settles the wager. When no event holds, the wager loses.",
            });
        // The event in words; its condition as the rule file writes it is
        // in Appendix B.
        let mut header = vec!["event".to_string()];
        header.extend(w.pay_tables.iter().map(|t| t.name.clone()));
        let mut t = Table::names(header);
        for (k, e) in w.events.iter().enumerate() {
            let mut row = vec![e.name.clone()];
            row.extend(w.pay_tables.iter().map(|p| p.pays[k].describe()));
            t.row(row);
        }
        sec.table(t);
    }
    if let Some(t) = &spec.table {
        table_rules(&mut sec, spec, t);
    }
    sec
}

/// "Not evaluated" -> "Not evaluated".
pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Appendix B: each rule as the rule file writes it, by identifier, for a
/// reader who needs to find it there: wagers, events and their conditions,
/// pay tables, strategies.
pub(crate) fn appendix(spec: &Spec) -> Section {
    let mut sec = Section::new(
        "rule_file",
        "Appendix B. The rules as the rule file writes them",
    );
    sec.para(format!(
        "Each rule of section 2 with its identifier and condition in the rule file `{}` (version {}), for a reader who checks the rule file against this report. Conditions are written in the rule file's condition language.",
        spec.id, spec.version
    ));
    if let FirstRule::Decides(d) = &spec.game.first {
        let mut t = Table::names(vec!["strategy", "identifier", "draws when"]);
        for s in &d.strategies {
            t.row(vec![
                super::words::plain(&s.id),
                format!("`{}`", s.id),
                format!("`{}`", s.source),
            ]);
        }
        sec.heading(3, "Strategies");
        sec.table(t);
    }
    for w in &spec.wagers {
        sec.heading(3, format!("{} (`{}`)", w.name, w.id));
        if let Some(p) = &w.placed {
            sec.para(format!("Placed only when `{}`.", p.source));
        }
        let tables: Vec<String> = w
            .pay_tables
            .iter()
            .map(|p| format!("{} (`{}`)", p.name, p.id))
            .collect();
        sec.para(format!("Pay tables: {}.", tables.join("; ")));
        let mut t = Table::names(vec!["event", "identifier", "holds when"]);
        for e in &w.events {
            t.row(vec![
                e.name.clone(),
                format!("`{}`", e.id),
                format!(
                    "`{}`",
                    e.source.split_whitespace().collect::<Vec<_>>().join(" ")
                ),
            ]);
        }
        sec.table(t);
    }
    sec
}

/// The table rules of a player-banked game (settled by `certify table`).
fn table_rules(sec: &mut Section, spec: &Spec, t: &crate::model::table::TableRules) {
    use crate::model::table::{Coverage, WagerKind};
    sec.heading(3, "Table rounds");
    sec.item(format!(
"{} seats, numbered clockwise. A player-dealer banks the table; the position moves clockwise after every {} hands.", t.seats, t.rotation));
    sec.item(format!(
"Settlement order: {}; within each wager, seats clockwise from the player-dealer's left, back-line bets after the seat they stand behind.", t.wagers
            .iter()
            .map(|w| super::words::wager(spec, &w.id))
            .collect::<Vec<_>>()
            .join(", ")));
    let reading = |c: Coverage| match c {
        Coverage::RunningLimit => {
            "a running limit: each wager is covered as far as the player-dealer's running net (collected less paid) stays within plus or minus his stake; the part not covered is returned"
        }
        Coverage::Cutoff => {
            "a cut-off: once his stake is exhausted either way, every later wager is returned"
        }
    };
    sec.item(format!(
"Coverage, reading chosen: {}. The other reading, {}, is settled alongside every table round and its differences shown.", reading(t.coverage), reading(t.coverage.other())));
    let mut k = Table::names(vec!["wager", "kind", "back line", "limits ($)"]);
    for w in &t.wagers {
        k.row(vec![
            super::words::wager(spec, &w.id),
            match w.kind {
                WagerKind::Line => "line".to_string(),
                WagerKind::Side => "side bet (needs a line wager)".to_string(),
            },
            if w.back_line { "allowed" } else { "no" }.to_string(),
            format!("{} to {}", w.min.trimmed_decimal(), w.max.trimmed_decimal()),
        ]);
    }
    sec.table(k);
    sec.note("Limits are as the rule file declares them; its comments record which the document states and which are assumed.");
}
