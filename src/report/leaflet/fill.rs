//! The leaflet's [`Document`], filled from its figures in one function,
//! [`document`], in the order a player reads: the game, each bet (what it
//! is, how it wins, its pay table, what it returns), bets made together,
//! payout limits (when there are any), and where the full analysis is.
//! A bet's one pay table is a list of its lines with its figures in a
//! sentence under it; several stand side by side in a table, their figures
//! in rows under each one's column.
//! The words are for players: pays "N to 1", the house edge and the
//! return over the long run in percent, the top award's odds as "about 1
//! in N rounds"; no identifier of the rule file, and, in a game banked by
//! a rotating player-dealer, the advantage of the player-dealer position
//! instead of a house edge. The Markdown and PDF renderers render it as
//! they render a report; a new section is a new block here, never a change
//! to them.

use super::data::{LeafletData, PayTable};
use crate::report::model::{Document, Meta, Table, Text};

/// What the leaflet is, under its title.
pub const LABEL: &str =
    "How to play each bet, what it pays, and what it returns over the long run.";

/// The whole leaflet.
pub fn document(d: &LeafletData, date: Option<String>) -> Document {
    let player_dealer = d.banked_by == "player_dealer";
    let mut doc = Document {
        meta: Meta {
            title: d.title.clone(),
            author: "certify".into(),
            keywords: vec!["baccarat".into(), "player information".into()],
            date,
            description: LABEL.into(),
            reference: String::new(),
        },
        label: Text::plain(LABEL).bold(),
        ..Document::default()
    };
    let game = doc.section("game", "The game");
    game.para(Text::plain(d.how_to_play.join(" ")));
    confirm(game, &d.to_confirm);
    game.para(Text::plain(if player_dealer {
        "The advantage of the player-dealer position is the share of the amounts bet that the position keeps over the long run; the return to player is the share paid back. Both are exact, for a full shoe."
    } else {
        "The house edge is the share of the amounts bet that the house keeps over the long run; the return to player is the share paid back. Both are exact, for a full shoe."
    }));
    for w in &d.wagers {
        let sec = doc.section("bet", Text::plain(heading(&w.name, &d.title)));
        if !w.priced {
            sec.para(lead(
                "Not priced.",
                " The rules printed for this bet give no pays, so this leaflet shows no pay table and no figures for it.",
            ));
            continue;
        }
        // What it is and how it wins, in one paragraph.
        let mut how: Vec<&str> = w.description.iter().map(String::as_str).collect();
        if w.lines_overlap {
            how.push(match w.precedence {
                "best_pay" => "When a round makes several lines of the pay table, only the best-paying one is paid; when it makes none, the bet loses.",
                _ => "When a round makes several lines of the pay table, only the first one listed is paid; when it makes none, the bet loses.",
            });
        }
        if w.placed_sometimes {
            how.push(
                "This bet is made only on some rounds, as described; its figures are per bet made.",
            );
        }
        if !how.is_empty() {
            sec.para(Text::plain(how.join(" ")));
        }
        // One pay table: its lines as a list, each "...: N to 1", and its
        // figures in a sentence under them. Several: side by side in a
        // table, each one's figures in rows under its column.
        if let [t] = w.pay_tables.as_slice() {
            for line in &t.lines {
                let mut item = Text::plain(format!("{}: ", line.name));
                item.append(Text::plain(&line.pays).bold());
                if let Some(x) = &line.to_be_confirmed {
                    item.append(Text::plain(format!(
                        " (to be confirmed: otherwise {})",
                        x.otherwise
                    )));
                }
                sec.item(item);
            }
            sec.para(figures(t, player_dealer));
        } else {
            sec.table(pay_table(&w.pay_tables, player_dealer));
        }
        confirm(sec, &w.to_confirm);
    }
    if !d.combined.is_empty() {
        let sec = doc.section("together", "Bets made together");
        for c in &d.combined {
            let edge = if player_dealer {
                "advantage of the player-dealer position"
            } else {
                "house edge"
            };
            let other = c.other_reading.as_ref().map_or(String::new(), |o| {
                format!(
                    " (to be confirmed: under the other reading of the rules, {edge} {} and return {})",
                    o.house_edge_shown, o.return_to_player_shown
                )
            });
            sec.para(Text::plain(format!(
                "{}: {edge} {} of the {}, returns {} of it over the long run{other}.",
                c.name, c.house_edge_shown, c.per, c.return_to_player_shown
            )));
        }
    }
    // Payout limits: the per-player and table limits of an edition, one
    // line each, when the leaflet's data has them (`--edition washington`).
    if !d.payout_limits.is_empty() {
        let sec = doc.section("payout_limits", "Payout limits");
        for line in &d.payout_limits {
            sec.item(Text::plain(line));
        }
    }
    let sec = doc.section("more", "The full analysis");
    sec.para(Text::plain(format!(
        "Every figure here is computed exactly, for a shoe of {}. The full mathematical analysis of this game, with every figure, every point still to be confirmed and how each figure was checked, is the report {}. Results hash of this leaflet (SHA-256): {}.",
        crate::cards::deck_count(d.decks.0),
        d.full_report,
        d.manifest.results_sha256.0
    )));
    doc
}

/// The pay table: one column of pays per pay table, headed by its name
/// when the bet has several; under the lines, in bold, the house edge (or
/// the player-dealer position's advantage), the return to player and the
/// odds of the top award of each.
fn pay_table(tables: &[PayTable], player_dealer: bool) -> Table {
    let mut head = vec!["result".to_string()];
    if let [_] = tables {
        head.push("pays".into());
    } else {
        head.extend(tables.iter().map(|t| t.name.clone()));
    }
    let mut table = Table::new(
        head.into_iter()
            .map(|h| (Text::plain(h), crate::report::model::Kind::Name)),
    );
    let Some(first) = tables.first() else {
        return table;
    };
    for (k, line) in first.lines.iter().enumerate() {
        let mut row = vec![Text::plain(&line.name)];
        row.extend(tables.iter().map(|t| {
            let l = &t.lines[k];
            Text::plain(match &l.to_be_confirmed {
                Some(x) => format!("{} (to be confirmed: otherwise {})", l.pays, x.otherwise),
                None => l.pays.clone(),
            })
        }));
        table.row(row);
    }
    let edge = if player_dealer {
        "Advantage of the player-dealer position"
    } else {
        "House edge"
    };
    let several = tables.len() > 1;
    if !several {
        return table;
    }
    let cells = |f: &dyn Fn(&PayTable) -> String| tables.iter().map(f).collect::<Vec<_>>();
    let rows = [
        (edge, cells(&|t| edge_cell(t, player_dealer))),
        (
            "Return to player",
            cells(&|t| t.return_to_player_shown.clone()),
        ),
        // "rounds" goes in the label, so the pay columns stay narrow and
        // the names of the hands legible.
        (
            "Odds of the top award, in rounds",
            cells(&|t| {
                t.top_award
                    .as_ref()
                    .map_or_else(|| "no award".into(), |top| format!("about {}", top.odds.0))
            }),
        ),
    ];
    let mut rows: Vec<(&str, Vec<String>)> = rows.into();
    if tables.iter().any(|t| t.range.is_some()) {
        rows.push((
            "Over the deck counts allowed",
            cells(&|t| {
                t.range.as_ref().map_or_else(
                    || "within a point".into(),
                    |r| {
                        format!(
                            "{} ({}) to {} ({})",
                            r.lowest_shown,
                            crate::cards::deck_count(r.lowest_decks.0),
                            r.highest_shown,
                            crate::cards::deck_count(r.highest_decks.0)
                        )
                    },
                )
            }),
        ));
    }
    if tables.iter().any(|t| t.other_reading.is_some()) {
        rows.push((
            "If settled otherwise (to be confirmed)",
            cells(&|t| {
                t.other_reading
                    .as_ref()
                    .map_or_else(|| "-".into(), |o| o.house_edge_shown.clone())
            }),
        ));
    }
    for (label, values) in rows {
        let mut row = vec![Text::plain(label).bold()];
        row.extend(values.into_iter().map(|v| Text::plain(v).bold()));
        table.row(row);
    }
    table
}

/// The figures of a bet's one pay table, in a sentence: the house edge
/// (or the player-dealer position's advantage) and the return to player in
/// bold, and the odds of the top award.
fn figures(t: &PayTable, player_dealer: bool) -> Text {
    let mut text = Text::plain(if player_dealer {
        "Player-dealer advantage "
    } else {
        "House edge "
    });
    text.append(Text::plain(edge_cell(t, player_dealer)).bold());
    text.append(Text::plain("; return to player "));
    text.append(Text::plain(&t.return_to_player_shown).bold());
    text.append(Text::plain(match &t.top_award {
        Some(top) => format!("; top award about {} rounds.", top.odds.0),
        None => "; no line pays.".into(),
    }));
    if let Some(r) = &t.range {
        text.append(Text::plain(format!(
            " With {} decks it is {}, with {} decks {}.",
            r.lowest_decks.0, r.lowest_shown, r.highest_decks.0, r.highest_shown
        )));
    }
    if let Some(o) = &t.other_reading {
        let marked = t.lines.iter().any(|l| l.to_be_confirmed.is_some());
        text.append(Text::plain(format!(
            " To be confirmed: {}, it is {} (return {}).",
            if marked {
                "if the lines marked are settled otherwise"
            } else {
                "under the other reading of this bet's rules"
            },
            o.house_edge_shown,
            o.return_to_player_shown
        )));
    }
    text
}

/// A bet's heading: its name, without the leaflet's title and a dash
/// before it ("Golden Bacc - Super 7" is "Super 7" on the Golden Bacc
/// leaflet).
fn heading(name: &str, title: &str) -> String {
    name.strip_prefix(title)
        .and_then(|rest| rest.strip_prefix(" - "))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(name)
        .to_string()
}

/// The house edge as shown; a negative one says who has the advantage.
fn edge_cell(t: &PayTable, player_dealer: bool) -> String {
    match t.house_edge_shown.strip_prefix('-') {
        None => t.house_edge_shown.clone(),
        Some(e) if player_dealer => format!("none: the bettor has an advantage of {e}"),
        Some(e) => format!("none: the player has an advantage of {e}"),
    }
}

/// The rules still to be confirmed, under a lead in bold.
fn confirm(sec: &mut crate::report::model::Section, list: &[super::data::ToConfirm]) {
    if list.is_empty() {
        return;
    }
    sec.para(lead(
        "To be confirmed by the game's owner.",
        " The figures take these rules as stated; the rules as printed leave them open:",
    ));
    for x in list {
        sec.item(Text::plain(&x.text));
    }
    sec.new_list();
}

/// `bold` in bold, then `rest`.
fn lead(bold: &str, rest: &str) -> Text {
    let mut t = Text::plain(bold).bold();
    t.append(Text::plain(rest));
    t
}
