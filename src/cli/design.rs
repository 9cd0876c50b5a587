//! `certify design SPEC --wager W --edge LO%..HI%`: every pay table on a
//! grid of pays whose exact house edge (and hit frequency) is in range,
//! how many there are and the best of them. The search is in
//! `crate::design`; this file reads the flags and prints.

use super::check::load_at_decks;
use super::output::Output;
use crate::design::{Candidate, Design, Grid, Refusal, Request, Subject};
use crate::diag::Diagnostic;
use crate::diag::design::DesignError;
use crate::diag::usage::UsageError;
use crate::model::Ratio;
use crate::numbers::{percent, sqrt_decimal};
use crate::report::data::values::{Exact, Root};
use crate::report::text::new_table;
use clap::Args;
use num_bigint::BigInt;
use num_rational::BigRational;
use std::fmt::Write;

/// The kept tables when `--top` is not given.
const TOP: usize = 20;
/// The highest pay searched when `--max-pay` is not given.
const MAX_PAY: i64 = 1000;

#[derive(Args, Debug)]
pub(crate) struct DesignArgs {
    /// The rule spec (YAML), e.g. rules/21st_century_baccarat.yaml
    spec: String,
    /// The wager whose pays are designed (a priced wager, or one counted
    /// only), e.g. --wager lucky_match
    #[arg(long, value_name = "ID")]
    wager: String,
    /// The house edge wanted, both ends included, e.g. --edge 4%..6%
    // A player advantage is a negative edge: `--edge -2%..1%` is a value.
    #[arg(long, value_name = "LO%..HI%", allow_hyphen_values = true)]
    edge: String,
    /// The hit frequency wanted (the share of rounds the table pays), both
    /// ends included, e.g. --hit 20%..30%
    #[arg(long, value_name = "LO%..HI%")]
    hit: Option<String>,
    /// The highest pay ("to 1") of any event not given by --pays (default
    /// 1000); every event pays at least 1, e.g. --max-pay 300
    #[arg(long, value_name = "N")]
    max_pay: Option<u32>,
    /// One event's pays: a range or a fixed pay, "to 1" (0 is a push),
    /// whole or half units; repeat for more events, e.g. --pays two_pairs=2..8 --pays four_kind=30
    #[arg(long, value_name = "EVENT=LO..HI")]
    pays: Vec<String>,
    /// Search this event's pays in halves too (7, 7.5, 8, ...); repeat for
    /// more events, e.g. --halves three_kind
    #[arg(long, value_name = "EVENT")]
    halves: Vec<String>,
    /// Any order of pays: a rarer event may pay less than a commoner one
    /// (by default a rarer event, holding on fewer rounds, pays at least
    /// as much)
    #[arg(long)]
    any_order: bool,
    /// How many of the best tables to list (default 20), e.g. --top 5
    #[arg(long, value_name = "N")]
    top: Option<usize>,
    /// Deck count (default: the spec's; within its allowed range), e.g. --decks 6
    #[arg(long, value_name = "N")]
    decks: Option<u32>,
    /// Print the result as JSON (exact fractions and decimals)
    #[arg(long)]
    json: bool,
}

fn usage(flag: &str, e: DesignError) -> Output {
    Output::usage(Box::new(Diagnostic::plain(UsageError::flag(flag, e))))
}

/// A percentage such as `4%`, `5.5%` or `-1%`, exactly, as a fraction.
fn percentage(text: &str) -> Option<BigRational> {
    let t = text.trim().strip_suffix('%')?.trim();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t),
    };
    let r = Ratio::parse(digits)?;
    let v = BigRational::new(BigInt::from(r.num), BigInt::from(r.den * 100));
    Some(if negative { -v } else { v })
}

/// `LO%..HI%`, both ends included.
fn range(flag: &str, text: &str) -> Result<(BigRational, BigRational), Output> {
    let refused = || {
        usage(
            flag,
            DesignError::Range {
                text: text.to_string(),
            },
        )
    };
    let (a, b) = text.split_once("..").ok_or_else(refused)?;
    let (a, b) = (
        percentage(a).ok_or_else(refused)?,
        percentage(b).ok_or_else(refused)?,
    );
    if a > b {
        return Err(usage(
            flag,
            DesignError::Backwards {
                text: text.to_string(),
            },
        ));
    }
    Ok((a, b))
}

/// A pay in halves: whole or half units, at least 0.
fn halves(text: &str) -> Option<i64> {
    let r = Ratio::parse(text.trim())?;
    let h = r.num * 2;
    (h % r.den == 0)
        .then(|| i64::try_from(h / r.den).ok())
        .flatten()
}

fn event_index(subject: &Subject, flag: &str, event: &str) -> Result<usize, Output> {
    subject
        .events
        .iter()
        .position(|e| e == event)
        .ok_or_else(|| {
            let known: Vec<String> = subject.events.iter().map(|e| format!("`{e}`")).collect();
            usage(
                flag,
                DesignError::UnknownEvent {
                    event: event.to_string(),
                    known: crate::diag::list(&known),
                },
            )
        })
}

/// Every event's grid: 1..max-pay, or its `--pays`; in halves where asked.
fn grids(a: &DesignArgs, subject: &Subject) -> Result<Vec<Grid>, Output> {
    let max = i64::from(a.max_pay.unwrap_or(MAX_PAY as u32).max(1));
    let mut grids = vec![
        Grid {
            lo: 2,
            hi: 2 * max,
            step: 2,
        };
        subject.events.len()
    ];
    for text in &a.halves {
        let k = event_index(subject, "halves", text.trim())?;
        grids[k].step = 1;
    }
    for text in &a.pays {
        let entry = || {
            usage(
                "pays",
                DesignError::PaysEntry {
                    text: text.to_string(),
                },
            )
        };
        let (event, values) = text.split_once('=').ok_or_else(entry)?;
        let k = event_index(subject, "pays", event.trim())?;
        let (lo, hi) = values.split_once("..").unwrap_or((values, values));
        let pay = |t: &str| {
            halves(t).filter(|h| *h >= 0).ok_or_else(|| {
                usage(
                    "pays",
                    DesignError::Pay {
                        text: t.trim().to_string(),
                    },
                )
            })
        };
        let (lo, hi) = (pay(lo)?, pay(hi)?);
        if lo > hi {
            return Err(usage(
                "pays",
                DesignError::Backwards {
                    text: values.to_string(),
                },
            ));
        }
        // A bound written in halves searches in halves.
        let step = if lo % 2 != 0 || hi % 2 != 0 {
            1
        } else {
            grids[k].step
        };
        grids[k] = Grid { lo, hi, step };
    }
    Ok(grids)
}

pub(super) fn design_cmd(a: &DesignArgs) -> Output {
    let (spec, decks) = match load_at_decks(&a.spec, a.decks) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let edge = match range("edge", &a.edge) {
        Ok(r) => r,
        Err(o) => return o,
    };
    let hit = match a.hit.as_deref().map(|h| range("hit", h)).transpose() {
        Ok(h) => h,
        Err(o) => return o,
    };
    let known = || {
        let ids: Vec<String> = spec
            .wagers
            .iter()
            .chain(&spec.counted)
            .map(|w| format!("`{}`", w.id))
            .collect();
        crate::diag::list(&ids)
    };
    if !spec
        .wagers
        .iter()
        .chain(&spec.counted)
        .any(|w| w.id == a.wager)
    {
        let e = DesignError::UnknownWager {
            wager: a.wager.clone(),
            known: known(),
        };
        return usage("wager", e);
    }
    if let Some(w) = spec
        .wagers
        .iter()
        .chain(&spec.counted)
        .find(|w| w.id == a.wager)
        && w.events.len() > crate::engine::JOINT_EVENTS
    {
        let e = DesignError::TooManyEvents {
            events: w.events.len(),
            max: crate::engine::JOINT_EVENTS,
        };
        return usage("wager", e);
    }
    let subject = crate::design::subject(&spec, decks, &a.wager).expect("the wager exists");
    let grids = match grids(a, &subject) {
        Ok(g) => g,
        Err(o) => return o,
    };
    let request = Request {
        edge,
        hit,
        grids,
        monotone: !a.any_order,
        top: a.top.unwrap_or(TOP),
    };
    let design =
        match crate::design::design(&subject.stats, subject.precedence, subject.all, &request) {
            Ok(d) => d,
            Err(Refusal::TooManyEvents(events)) => {
                let max = crate::engine::JOINT_EVENTS;
                return usage("wager", DesignError::TooManyEvents { events, max });
            }
            Err(Refusal::TooLarge) => return usage("max-pay", DesignError::TooLarge),
        };
    let stdout = if a.json {
        json(&spec.id, decks, &subject, &request, &design)
    } else {
        text(&spec.title, decks, &subject, &request, &design)
    };
    Output {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

/// The precedence as the spec writes it.
fn precedence(subject: &Subject) -> &'static str {
    match subject.precedence {
        crate::model::Precedence::HighestPay => "highest_pay",
        crate::model::Precedence::ListedOrder => "listed_order",
    }
}

/// A pay "to 1" as written: `8`, `7.5`.
fn pay(r: &Ratio) -> String {
    r.trimmed_decimal()
}

fn order_words(r: &Request) -> &'static str {
    if r.monotone {
        "a rarer event paying at least as much"
    } else {
        "in any order"
    }
}

fn grid_words(subject: &Subject, r: &Request) -> String {
    let ranges: Vec<String> = subject
        .events
        .iter()
        .zip(&r.grids)
        .map(|(e, g)| {
            let (lo, hi) = (
                pay(&Ratio::new(g.lo as i128, 2)),
                pay(&Ratio::new(g.hi as i128, 2)),
            );
            let halves = if g.step == 1 { " in halves" } else { "" };
            if g.lo == g.hi {
                format!("{e} {lo}")
            } else {
                format!("{e} {lo}..{hi}{halves}")
            }
        })
        .collect();
    ranges.join(", ")
}

fn text(title: &str, decks: u32, subject: &Subject, r: &Request, d: &Design) -> String {
    let mut s = format!(
        "{title}: {} ({}), {}, settled by {}\n",
        subject.name,
        subject.id,
        crate::cards::deck_count(decks),
        precedence(subject)
    );
    let hit = r
        .hit
        .as_ref()
        .map(|(a, b)| format!(" and a hit frequency from {} to {}", short(a), short(b)))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "Pays searched ({}): {}.",
        order_words(r),
        grid_words(subject, r)
    );
    let _ = writeln!(
        s,
        "{} pay table{} {} a house edge from {} to {}{hit}.",
        crate::diag::group_digits(&d.qualifying.to_string()),
        if d.qualifying == 1 { "" } else { "s" },
        if d.qualifying == 1 { "has" } else { "have" },
        short(&r.edge.0),
        short(&r.edge.1),
    );
    if d.candidates.is_empty() {
        return s;
    }
    let mid = (&r.edge.0 + &r.edge.1) / BigRational::from_integer(BigInt::from(2));
    let _ = writeln!(
        s,
        "The {} nearest {}, then by the smallest standard deviation:\n",
        d.candidates.len(),
        short(&mid)
    );
    let mut header: Vec<&str> = vec!["#"];
    header.extend(subject.events.iter().map(String::as_str));
    header.extend(["house edge", "hit frequency", "standard deviation"]);
    let mut t = new_table(header);
    for (k, c) in d.candidates.iter().enumerate() {
        let mut row = vec![(k + 1).to_string()];
        row.extend(c.pays.iter().map(pay));
        row.push(percent(&c.house_edge, 4));
        row.push(percent(&c.hit_frequency, 4));
        row.push(sqrt_decimal(&c.variance, 4));
        t.add_row(row);
    }
    let _ = writeln!(s, "{t}\n");
    let _ = writeln!(
        s,
        "Each figure is exact: the engine's counts of the rounds on which each set of events holds together, settled as the main command settles a pay table written into the spec. Write a table into the spec's `pay_tables` to certify it."
    );
    s
}

/// A percentage as short as it is exact: `4%`, `5.5%`.
fn short(r: &BigRational) -> String {
    let hundred = BigRational::from_integer(BigInt::from(100));
    let p = r * hundred;
    let exact = (0..=6).find(|&places| {
        let scaled = &p * BigRational::from_integer(BigInt::from(10).pow(places));
        scaled.is_integer()
    });
    match exact {
        Some(places) => format!("{}%", crate::numbers::decimal(&p, places)),
        None => percent(r, 4),
    }
}

fn json(spec: &str, decks: u32, subject: &Subject, r: &Request, d: &Design) -> String {
    let number = |x: &Ratio| -> serde_json::Value {
        if x.den == 1 {
            serde_json::json!(x.num as i64)
        } else {
            serde_json::json!(x.num as f64 / x.den as f64)
        }
    };
    let candidates: Vec<serde_json::Value> = d
        .candidates
        .iter()
        .map(|c: &Candidate| {
            let pays: serde_json::Map<String, serde_json::Value> = subject
                .events
                .iter()
                .zip(&c.pays)
                .map(|(e, p)| (e.clone(), number(p)))
                .collect();
            serde_json::json!({
                "pays": pays,
                "house_edge": Exact::of(&c.house_edge),
                "hit_frequency": Exact::of(&c.hit_frequency),
                "standard_deviation": Root::of(&c.variance),
            })
        })
        .collect();
    let grid: serde_json::Map<String, serde_json::Value> = subject
        .events
        .iter()
        .zip(&r.grids)
        .map(|(e, g)| {
            let half = |h: i64| number(&Ratio::new(h as i128, 2));
            (
                e.clone(),
                serde_json::json!({ "from": half(g.lo), "to": half(g.hi), "step": half(g.step) }),
            )
        })
        .collect();
    let doc = serde_json::json!({
        "spec": spec,
        "wager": subject.id,
        "decks": decks,
        "precedence": precedence(subject),
        "edge": { "from": Exact::of(&r.edge.0), "to": Exact::of(&r.edge.1) },
        "hit": r.hit.as_ref().map(|(a, b)| serde_json::json!({ "from": Exact::of(a), "to": Exact::of(b) })),
        "monotone": r.monotone,
        "grid": grid,
        "qualifying": d.qualifying.to_string(),
        "candidates": candidates,
    });
    serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
}
