//! The normalized form of a checked spec: every name resolved, every
//! definition expanded, pays as exact fractions. Snapshots of this text
//! guard the meaning of the shipped specs, whatever their YAML layout.

use super::cond::{CmpOp, Cond, need};
use super::{FirstRule, Game, Spec};
use crate::cards::{RANK_NAMES, SUIT_NAMES};
use std::fmt::Write;

pub fn normalize(spec: &Spec) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "spec {} v{}: {}", spec.id, spec.version, spec.title);
    let _ = writeln!(
        s,
        "source: {} / {}",
        spec.document,
        spec.section.as_deref().unwrap_or("-")
    );
    let _ = writeln!(
        s,
        "shoe: {} decks (allowed {}..={})",
        spec.shoe.decks, spec.shoe.min_decks, spec.shoe.max_decks
    );
    game(&mut s, &spec.game);
    for w in &spec.wagers {
        let _ = writeln!(s, "wager {} [{:?}]: {}", w.id, w.precedence, w.name);
        if let Some(p) = &w.placed {
            let _ = writeln!(s, "  placed when: {}", show(&p.when, &spec.game.hands));
        }
        for e in &w.events {
            let _ = writeln!(s, "  event {}: {}", e.id, show(&e.when, &spec.game.hands));
            let _ = writeln!(s, "    reads: {}", reads(&e.needs, &spec.game.hands));
        }
        for t in &w.pay_tables {
            let pays: Vec<String> = w
                .events
                .iter()
                .zip(&t.pays)
                .map(|(e, p)| {
                    format!(
                        "{}={}",
                        e.id,
                        match p {
                            super::Pay::Win(r) => r.to_string(),
                            super::Pay::Push => "push".into(),
                            super::Pay::Lose => "lose".into(),
                        }
                    )
                })
                .collect();
            let _ = writeln!(s, "  pay table {}: {}", t.id, pays.join(" "));
        }
    }
    for w in &spec.counted {
        let _ = writeln!(s, "counted {} [{:?}]: {}", w.id, w.precedence, w.name);
        for e in &w.events {
            let _ = writeln!(s, "  event {}: {}", e.id, show(&e.when, &spec.game.hands));
        }
    }
    if let Some(t) = &spec.table {
        let _ = writeln!(
            s,
            "table: {} seats, rotation {}, coverage {}",
            t.seats,
            t.rotation,
            t.coverage.id()
        );
        for w in &t.wagers {
            let _ = writeln!(
                s,
                "  {} {:?}{} limits {}..{}",
                w.id,
                w.kind,
                if w.back_line { " back-line" } else { "" },
                w.min,
                w.max
            );
        }
    }
    for c in &spec.combined {
        let ids: Vec<&str> = c
            .wagers
            .iter()
            .map(|&w| spec.wagers[w].id.as_str())
            .collect();
        let _ = writeln!(
            s,
            "combined {}: {} per {}",
            c.id,
            ids.join(" + "),
            spec.wagers[c.per].id
        );
    }
    if let Some(d) = spec.decides()
        && !d.objective.is_empty()
    {
        let ids: Vec<&str> = d
            .objective
            .iter()
            .map(|&w| spec.wagers[w].id.as_str())
            .collect();
        let _ = writeln!(s, "optimal strategy maximises: {}", ids.join(" + "));
    }
    for c in &spec.claims {
        match &c.combined {
            Some(id) => {
                let _ = writeln!(s, "claim: house edge of combined {id} is {}", c.house_edge);
            }
            None => {
                let _ = writeln!(
                    s,
                    "claim: house edge of {} under {} is {}",
                    c.wagers.join(" + "),
                    c.pay_table,
                    c.house_edge
                );
            }
        }
    }
    for p in &spec.pay_searches {
        let ranges: Vec<String> = spec.wagers[p.wager]
            .events
            .iter()
            .zip(&p.ranges)
            .map(|(e, r)| match r {
                super::PayRange::Search(a, b) => format!("{}={a}..{b}", e.id),
                super::PayRange::Fixed(pay) => format!("{}={}", e.id, pay.describe()),
            })
            .collect();
        let _ = writeln!(
            s,
            "pay search {} for {}{}: {}",
            spec.wagers[p.wager].id,
            p.house_edge,
            if p.non_increasing {
                " (non-increasing)"
            } else {
                ""
            },
            ranges.join(" ")
        );
    }
    for i in &spec.interpretations {
        let _ = writeln!(
            s,
            "interpretation {}: chosen {}{}; alternative {}{}",
            i.id,
            i.chosen.wager,
            i.chosen
                .pay_table
                .as_ref()
                .map(|t| format!("/{t}"))
                .unwrap_or_default(),
            i.alternative.wager,
            i.alternative
                .pay_table
                .as_ref()
                .map(|t| format!("/{t}"))
                .unwrap_or_default(),
        );
    }
    for g in &spec.game_interpretations {
        // What the other reading changes in the game, and in which figures.
        let (a, b) = (&spec.game, &g.spec.game);
        let mut changed = Vec::new();
        if a.naturals != b.naturals {
            changed.push(format!("naturals {}", totals(b.naturals)));
        }
        if format!("{:?}{:?}", a.first, a.second) != format!("{:?}{:?}", b.first, b.second) {
            changed.push("drawing rules".to_string());
        }
        let _ = writeln!(
            s,
            "game interpretation {}: alternative {}; changes {}",
            g.id,
            changed.join(", "),
            g.changes.join(", ")
        );
    }
    s
}

fn totals(mask: u16) -> String {
    let t: Vec<String> = (0..10)
        .filter(|t| mask & (1 << t) != 0)
        .map(|t: u16| t.to_string())
        .collect();
    format!("[{}]", t.join(", "))
}

fn game(s: &mut String, g: &Game) {
    let deal: Vec<&str> = g
        .deal
        .iter()
        .map(|h| g.hands[*h as usize].as_str())
        .collect();
    let _ = writeln!(
        s,
        "hands: {}; deal: {}; naturals: {}",
        g.hands.join(", "),
        deal.join(" "),
        totals(g.naturals)
    );
    match &g.first {
        FirstRule::Totals(m) => {
            let _ = writeln!(s, "{} draws on {}", g.hands[0], totals(*m));
        }
        FirstRule::Decides(d) => {
            let seen: Vec<String> = d.sees.iter().map(|&s| g.slot_name(s)).collect();
            let _ = writeln!(s, "{} sees {}", g.hands[0], seen.join(", "));
            for (k, st) in d.strategies.iter().enumerate() {
                let mark = if k == d.default { " (default)" } else { "" };
                let rule = match &st.rule {
                    super::StrategyRule::When(c) => format!("draw when {}", show(c, &g.hands)),
                    _ => st.source.clone(),
                };
                let _ = writeln!(s, "{} strategy {}{}: {}", g.hands[0], st.id, mark, rule);
            }
        }
    }
    let _ = writeln!(
        s,
        "{} when {} stands draws on {}",
        g.hands[1],
        g.hands[0],
        totals(g.second.when_other_stands)
    );
    let _ = writeln!(
        s,
        "{} when {} draws (row: own total; columns: third-card value 0-9):",
        g.hands[1], g.hands[0]
    );
    for (total, row) in g.second.when_other_draws.iter().enumerate() {
        let cells: String = (0..10)
            .map(|v| if row & (1 << v) != 0 { 'H' } else { 'S' })
            .collect();
        let _ = writeln!(s, "  {total}: {cells}");
    }
}

fn reads(needs: &[u8; 6], hands: &[String; 2]) -> String {
    let parts: Vec<String> = needs
        .iter()
        .enumerate()
        .filter(|(_, n)| **n != 0)
        .map(|(slot, n)| {
            let mut what = Vec::new();
            if n & need::VALUE != 0 {
                what.push("value");
            }
            if n & need::RANK != 0 {
                what.push("rank");
            }
            if n & need::SUIT != 0 {
                what.push("suit");
            }
            format!("{} {}", super::slot_name(slot as u8, hands), what.join("+"))
        })
        .collect();
    if parts.is_empty() {
        "card counts only".into()
    } else {
        parts.join(", ")
    }
}

fn mask_name(mask: u8, hands: &[String; 2]) -> String {
    match mask {
        0b111 => format!("{}.cards", hands[0]),
        0b111000 => format!("{}.cards", hands[1]),
        0b111111 => "cards".into(),
        m => format!("slots{m:06b}"),
    }
}

/// A condition in canonical infix form, fully parenthesized.
pub fn show(c: &Cond, hands: &[String; 2]) -> String {
    let h = |i: &u8| hands[*i as usize].clone();
    let slot = |s: &u8| super::slot_name(*s, hands);
    match c {
        Cond::Const(v) => v.to_string(),
        Cond::Rank(s) => format!("{}.rank", slot(s)),
        Cond::Suit(s) => format!("{}.suit", slot(s)),
        Cond::Value(s) => format!("{}.value", slot(s)),
        Cond::Face(s) => format!("{}.face", slot(s)),
        Cond::High(s) => format!("{}.high", slot(s)),
        Cond::Total(i) => format!("{}.total", h(i)),
        Cond::TwoCardTotal(i) => format!("{}.two_card_total", h(i)),
        Cond::Count(i) => format!("{}.count", h(i)),
        Cond::Natural(i, set) => format!("{}.natural{}", h(i), totals(*set)),
        Cond::Drew(i) => format!("{}.drew", h(i)),
        Cond::Wins(i) => format!("{}.wins", h(i)),
        Cond::Tie => "tie".into(),
        Cond::Margin => "margin".into(),
        Cond::CardCount(m) => format!("count({})", mask_name(*m, hands)),
        Cond::Suited(m) => format!("suited({})", mask_name(*m, hands)),
        Cond::MaxKind(m) => format!("max_kind({})", mask_name(*m, hands)),
        Cond::Kinds(m, n) => format!("kinds({}, {n})", mask_name(*m, hands)),
        Cond::Not(x) => format!("not {}", show(x, hands)),
        Cond::And(xs) => join(xs, " and ", hands),
        Cond::Or(xs) => join(xs, " or ", hands),
        Cond::Cmp(op, a, b) => {
            let sym = match op {
                CmpOp::Eq => "==",
                CmpOp::Ne => "!=",
                CmpOp::Lt => "<",
                CmpOp::Le => "<=",
                CmpOp::Gt => ">",
                CmpOp::Ge => ">=",
            };
            format!("({} {sym} {})", operand(a, b, hands), operand(b, a, hands))
        }
        Cond::In(x, set) => {
            let items: Vec<String> = set.iter().map(|v| constant(*v, x)).collect();
            format!("({} in [{}])", show(x, hands), items.join(", "))
        }
        Cond::Mod(x, n) => format!("({} % {n})", show(x, hands)),
        Cond::Sum(first, rest) => {
            // Printed as the left-nested pairs it once was: `((a + b) - c)`.
            let mut s = "(".repeat(rest.len());
            s += &show(first, hands);
            for (sign, x) in rest {
                let _ = write!(s, " {} {})", sign.symbol(), show(x, hands));
            }
            s
        }
        // `of[0]` reads the first hand: printed with that hand named for
        // the side it stands for.
        Cond::Side { side, of, .. } => {
            let name = side.name().to_string();
            show(&of[0], &[name.clone(), name])
        }
    }
}

fn join(xs: &[Cond], sep: &str, hands: &[String; 2]) -> String {
    let parts: Vec<String> = xs.iter().map(|x| show(x, hands)).collect();
    format!("({})", parts.join(sep))
}

/// A constant printed as the rank or suit it is compared with.
fn operand(x: &Cond, other: &Cond, hands: &[String; 2]) -> String {
    match x {
        Cond::Const(v) => constant(*v, other),
        _ => show(x, hands),
    }
}

fn constant(v: i64, other: &Cond) -> String {
    match other {
        Cond::Side { of, .. } => constant(v, &of[0]),
        Cond::Rank(_) if (1..=13).contains(&v) => RANK_NAMES[(v - 1) as usize].into(),
        Cond::Suit(_) if (0..=3).contains(&v) => SUIT_NAMES[v as usize].into(),
        _ => v.to_string(),
    }
}
