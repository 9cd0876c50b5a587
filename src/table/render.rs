//! Printing settled table rounds: a table per round, or JSON.

use super::Settled;
use super::round::describe_position;
use super::settle::{Kind, money, signed_money};
use crate::model::Spec;
use crate::model::table::TableRules;
use crate::report::text::new_table;
use std::fmt::Write;

fn cards(s: &Settled, h: u8) -> String {
    let cards: Vec<String> = s
        .round
        .played
        .round
        .hand(h)
        .iter()
        .map(|c| c.to_string())
        .collect();
    cards.join(" ")
}

/// `full_house (15 to 1)`, or `lose` when no event holds.
fn event(r: &super::Row) -> String {
    match &r.event {
        Some(e) => format!("{e} ({})", r.pay.describe()),
        None => r.pay.describe(),
    }
}

/// The rounds as text: hands, one row per wager in settlement order, the
/// player-dealer's net and who holds the position next.
/// Rows (1-based, with their settlement under the other reading) where the
/// other coverage reading settles differently.
fn differences(st: &Settled, other: &Settled) -> Vec<(usize, String)> {
    st.rows
        .iter()
        .zip(&other.rows)
        .enumerate()
        .filter(|(_, (a, b))| a.settlement != b.settlement)
        .map(|(k, (_, b))| (k + 1, b.settlement.describe()))
        .collect()
}

pub fn text(
    spec: &Spec,
    rules: &TableRules,
    decks: u32,
    settled: &[Settled],
    other: &[Settled],
) -> String {
    let mut s = format!(
        "{} — table rounds ({}, {} seats, coverage {})\n",
        spec.title,
        crate::cards::deck_count(decks),
        rules.seats,
        rules.coverage.id()
    );
    for (i, st) in settled.iter().enumerate() {
        let r = &st.round;
        let _ = write!(s, "\nround {}", i + 1);
        if !r.name.is_empty() {
            let _ = write!(s, ": {}", r.name);
        }
        let _ = writeln!(s);
        for h in 0..2u8 {
            let _ = writeln!(
                s,
                "{:<7} {:<10} total {}",
                spec.game.hands[h as usize],
                cards(st, h),
                st.round.played.round.total(h)
            );
        }
        let _ = writeln!(
            s,
            "player-dealer: seat {}, stake {}, hand {} of {}",
            r.seat,
            money(r.stake),
            r.hand,
            rules.rotation
        );
        let mut t = new_table(vec![
            "#",
            "bettor",
            "wager",
            "stake",
            "result (pays)",
            "settlement",
            "bettor net",
            "player-dealer net",
        ]);
        for (k, row) in st.rows.iter().enumerate() {
            let bettor = match &row.bet.backer {
                Some(_) => format!("{} (back line)", row.bet.bettor()),
                None => format!("seat {}", row.bet.seat),
            };
            t.add_row(vec![
                (k + 1).to_string(),
                bettor,
                spec.wagers[row.bet.wager].id.clone(),
                money(row.bet.stake),
                event(row),
                row.settlement.describe(),
                signed_money(row.settlement.player_net()),
                signed_money(row.net_after),
            ]);
        }
        if st.rows.is_empty() {
            let _ = writeln!(s, "no wagers");
        } else {
            let _ = writeln!(s, "{t}");
        }
        let (paid, collected, returned) = totals(st);
        let _ = writeln!(
            s,
            "player-dealer: collected {}, paid {}, net {} (stake {}); returned uncovered {}",
            money(collected),
            money(paid),
            signed_money(st.net),
            money(r.stake),
            money(returned)
        );
        let diff = differences(st, &other[i]);
        if diff.is_empty() {
            let _ = writeln!(
                s,
                "other coverage reading ({}): the same settlement",
                rules.coverage.other().id()
            );
        } else {
            let rows: Vec<String> = diff.iter().map(|(k, d)| format!("#{k} {d}")).collect();
            let _ = writeln!(
                s,
                "other coverage reading ({}): {}; player-dealer net {}",
                rules.coverage.other().id(),
                rows.join("; "),
                signed_money(other[i].net)
            );
        }
        let _ = writeln!(s, "next hand: {}", next_text(st.next, rules));
        for c in &st.checks {
            let _ = writeln!(
                s,
                "expect {}: {} — {}",
                c.target,
                c.expected,
                if c.pass {
                    "pass".to_string()
                } else {
                    format!("FAIL (got {})", c.got)
                }
            );
        }
    }
    s
}

fn next_text(next: (Option<u32>, u32), rules: &TableRules) -> String {
    match next {
        (Some(seat), hand) => format!(
            "seat {seat} holds the position (hand {hand} of {})",
            rules.rotation
        ),
        (None, _) => "every seat declines the position".into(),
    }
}

/// Paid, collected, and stakes returned uncovered, over a round.
pub fn totals(
    st: &Settled,
) -> (
    crate::model::Ratio,
    crate::model::Ratio,
    crate::model::Ratio,
) {
    let z = crate::model::Ratio::ZERO;
    st.rows.iter().fold((z, z, z), |(p, c, r), row| {
        let s = row.settlement;
        match s.kind {
            Kind::Paid => (p + s.amount, c, r + s.returned),
            Kind::Collected => (p, c + s.amount, r + s.returned),
            Kind::Returned => (p, c, r + s.returned),
            Kind::Pushed => (p, c, r),
        }
    })
}

/// The rounds as a JSON document; amounts are exact decimal strings.
pub fn json(
    spec: &Spec,
    rules: &TableRules,
    decks: u32,
    settled: &[Settled],
    other: &[Settled],
) -> String {
    let rounds: Vec<serde_json::Value> = settled
        .iter()
        .zip(other)
        .map(|(st, alt)| {
            let hands: Vec<serde_json::Value> = (0..2u8)
                .map(|h| {
                    serde_json::json!({
                        "hand": spec.game.hands[h as usize],
                        "cards": st.round.played.round.hand(h).iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                        "total": st.round.played.round.total(h),
                    })
                })
                .collect();
            let wagers: Vec<serde_json::Value> = st
                .rows
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    serde_json::json!({
                        "order": k + 1,
                        "seat": r.bet.seat,
                        "back_line": r.bet.backer,
                        "bettor": r.bet.bettor(),
                        "wager": spec.wagers[r.bet.wager].id,
                        "pay_table": r.pay_table,
                        "stake": money(r.bet.stake),
                        "event": r.event,
                        "pays": r.pay.describe(),
                        "settlement": r.settlement.kind,
                        "amount": money(r.settlement.amount),
                        "returned": money(r.settlement.returned),
                        "bettor_net": signed_money(r.settlement.player_net()),
                        "player_dealer_net": signed_money(r.net_after),
                    })
                })
                .collect();
            let (paid, collected, returned) = totals(st);
            serde_json::json!({
                "name": st.round.name,
                "hands": hands,
                "player_dealer": {
                    "seat": st.round.seat,
                    "stake": money(st.round.stake),
                    "hand": st.round.hand,
                    "collected": money(collected),
                    "paid": money(paid),
                    "net": signed_money(st.net),
                },
                "returned_uncovered": money(returned),
                "wagers": wagers,
                "next": {
                    "seat": st.next.0,
                    "hand": st.next.1,
                    "text": describe_position(st.next),
                },
                "checks": st.checks,
                "other_reading": {
                    "coverage": rules.coverage.other().id(),
                    "player_dealer_net": signed_money(alt.net),
                    "differences": differences(st, alt)
                        .into_iter()
                        .map(|(k, d)| serde_json::json!({ "order": k, "settlement": d }))
                        .collect::<Vec<_>>(),
                },
            })
        })
        .collect();
    let doc = serde_json::json!({
        "spec": spec.id,
        "decks": decks,
        "seats": rules.seats,
        "rotation": rules.rotation,
        "coverage": rules.coverage.id(),
        "rounds": rounds,
    });
    serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
}
