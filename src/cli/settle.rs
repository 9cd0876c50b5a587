//! `certify settle SPEC --player .. --banker ..`: play and settle one round
//! from concrete cards.

use super::args::SettleArgs;
use super::check::load_at_decks;
use super::output::Output;
use crate::cards::parse_cards;
use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use crate::eval::{Deal, Decision, play, settle};
use crate::model::Spec;
use crate::report::text::new_table;
use std::fmt::Write;

pub(super) fn settle_cmd(a: &SettleArgs) -> Output {
    let (spec, decks) = match load_at_decks(&a.spec, a.decks) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let mut deal = Deal::default();
    for (flag, text) in [
        ("player", &a.player),
        ("banker", &a.banker),
        ("dealer", &a.dealer),
    ] {
        let Some(text) = text else { continue };
        let Some(h) = spec.game.hand_index(flag) else {
            let e = crate::eval::play::DealError::NoSuchHand {
                hand: flag.into(),
                spec: spec.id.clone(),
                hands: spec.game.hands.to_vec(),
            };
            return Output::usage(Diagnostic::plain(UsageError::flag(flag, e)));
        };
        match parse_cards(text) {
            Ok(c) => deal.hands[h as usize] = c,
            Err(e) => return Output::usage(Diagnostic::plain(UsageError::flag(flag, e))),
        }
    }
    deal.decision = match a.decision.as_deref().map(Decision::parse).transpose() {
        Ok(d) => d,
        Err(e) => return Output::usage(Diagnostic::plain(UsageError::flag("decision", e))),
    };
    deal.strategy = a.strategy.clone();
    let spec = crate::strategy::for_decks(&spec, decks);
    let played = match play(&spec, &deal, decks) {
        Ok(p) => p,
        Err(e) => return Output::fail(format!("{}: {e}\n", a.spec)),
    };
    let results = settle(&spec, &played.round);
    let stdout = if a.json {
        settle_json(&spec, decks, &played, &results)
    } else {
        settle_text(&spec, decks, &played, &results)
    };
    Output {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

pub(super) fn hand_text(played: &crate::eval::play::Played, h: u8) -> String {
    played
        .round
        .hand(h)
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn settle_text(
    spec: &Spec,
    decks: u32,
    played: &crate::eval::play::Played,
    results: &[crate::eval::WagerResult],
) -> String {
    let mut s = format!("{} ({})\n", spec.title, crate::cards::deck_count(decks));
    for h in 0..2u8 {
        let _ = writeln!(
            s,
            "{:<7} {:<10} total {}",
            spec.game.hands[h as usize],
            hand_text(played, h),
            played.round.total(h)
        );
    }
    for n in &played.notes {
        let _ = writeln!(s, "  {n}");
    }
    let mut t = new_table(vec!["wager", "pay table", "event", "pays", "net per unit"]);
    for (w, r) in spec.wagers.iter().zip(results) {
        for o in &r.outcomes {
            t.add_row(vec![
                w.id.clone(),
                o.pay_table.clone(),
                o.event
                    .map(|k| w.events[k].id.clone())
                    .unwrap_or_else(|| "-".into()),
                if r.placed {
                    o.pay.describe()
                } else {
                    "not placed".into()
                },
                signed(o.net()),
            ]);
        }
    }
    let _ = writeln!(s, "\n{t}");
    s
}

pub(super) fn settle_json(
    spec: &Spec,
    decks: u32,
    played: &crate::eval::play::Played,
    results: &[crate::eval::WagerResult],
) -> String {
    let hands: Vec<serde_json::Value> = (0..2u8)
        .map(|h| {
            serde_json::json!({
                "hand": spec.game.hands[h as usize],
                "cards": played.round.hand(h).iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "total": played.round.total(h),
            })
        })
        .collect();
    let wagers: Vec<serde_json::Value> = spec
        .wagers
        .iter()
        .zip(results)
        .map(|(w, r)| {
            let tables: Vec<serde_json::Value> = r
                .outcomes
                .iter()
                .map(|o| {
                    serde_json::json!({
                        "pay_table": o.pay_table,
                        "event": o.event.map(|k| w.events[k].id.clone()),
                        "pays": o.pay.describe(),
                        "net": o.net().to_string(),
                    })
                })
                .collect();
            serde_json::json!({ "wager": w.id, "placed": r.placed, "outcomes": tables })
        })
        .collect();
    let doc = serde_json::json!({
        "spec": spec.id,
        "decks": decks,
        "hands": hands,
        "notes": played.notes,
        "wagers": wagers,
    });
    serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
}

/// An exact net result with its sign: `+15`, `-1`, `+0.95`, `0`.
pub(super) fn signed(r: crate::model::Ratio) -> String {
    let text = r.trimmed_decimal();
    if r.num > 0 { format!("+{text}") } else { text }
}
