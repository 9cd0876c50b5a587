//! The Washington card-room edition: aggregate payout limits on odds-based
//! prizes under WAC 230-15-490 as in force (`super::payout`), each limit
//! checked against the rule, its effect on the player's return priced
//! exactly from the engine's counts, and the text for the table sign.

use super::common::{Context, Written, adopted, figures, requirement, spec_error};
use super::payout::{self, PrizeLimit};
use super::sources::{Source, WA_ODDS_BASED, WA_PAYOUT_2007, WA_PAYOUT_2021, WA_POSTING};
use crate::diag::Diagnostic;
use crate::diag::spec::SpecError;
use crate::engine::Analysis;
use crate::model::{Ratio, Spec};
use crate::numbers::values::Exact;
use crate::options::Options;
use crate::report::data::edition as data;
use crate::report::exposure::dollars;
use crate::report::model::{Kind, Section, Table};
use crate::report::words;
use num_rational::BigRational;
use num_traits::One;

pub(super) const AUTHORITY: &str = "Washington State Gambling Commission";

/// The texts this edition applies: each must be in force on the report's
/// date (tested), the superseded one only named as history.
const APPLIED: [&Source; 3] = [&WA_PAYOUT_2021, &WA_ODDS_BASED, &WA_POSTING];

/// The date the texts are judged on: the report's date of analysis, else
/// the day they were read.
pub(super) fn judged_on(spec: &Spec) -> String {
    spec.report
        .date
        .map(crate::report::release::date_text)
        .unwrap_or_else(|| super::sources::READ_ON.to_string())
}

/// The limits of a run (its bets given on the command line over the
/// spec's).
fn limits(spec: &Spec, options: &Options) -> Result<Vec<PrizeLimit>, Vec<String>> {
    payout::limits(spec, &options.min_bets, &options.max_bets, &|w, t| {
        adopted(spec, w, t)
    })
}

/// Every prize that may be limited has its maximum bet; each declared
/// limit is on a prize that may be limited and at least the rule's least.
pub(super) fn check(spec: &Spec, options: &Options) -> Result<(), Vec<Diagnostic>> {
    let rows = match limits(spec, options) {
        Ok(l) => l,
        Err(wagers) => {
            let mut d = Diagnostic::plain(SpecError::NoBetLimits { wagers });
            d.help = Some("declare it in the spec (`table: limits`, or `submission: max_bets`) or give `--max-bet WAGER=DOLLARS`".into());
            return Err(vec![d]);
        }
    };
    let Some(declared) = &spec.submission.payout_limits else {
        return Ok(());
    };
    let mut out = Vec::new();
    for d in &declared.limits {
        let (limit, name) = (&d.dollars, words::wager(spec, &d.wager));
        let row = rows.iter().find(|r| r.wager == d.wager);
        let kind = match row {
            Some(r) if !r.may_be_limited() => SpecError::PayoutLimitNotAllowed {
                wager: name,
                odds: r.highest_odds.to_one(),
            },
            // A wager that pays no more than 1 to 1 is no odds-based prize.
            None => SpecError::PayoutLimitNotAllowed {
                wager: name,
                odds: "1 to 1".into(),
            },
            Some(r) => match r.least() {
                Some(least) if *limit < least => SpecError::PayoutLimitShort {
                    wager: name,
                    declared: dollars(*limit),
                    required: dollars(least),
                },
                _ => continue,
            },
        };
        let mut e = spec_error(Some(&d.at), kind);
        e.help = Some(format!(
            "WAC 230-15-490 (3) as amended by WSR 21-11-057: `certify {} --edition washington` shows each prize's least limit and what it does to the return",
            spec.id
        ));
        out.push(e);
    }
    if out.is_empty() { Ok(()) } else { Err(out) }
}

/// The adopted pay tables of `wager` with their index in the analysis.
fn tables<'a>(
    spec: &'a Spec,
    analysis: &'a Analysis,
    wager: &'a str,
) -> impl Iterator<Item = &'a crate::engine::TableStats> + 'a {
    analysis
        .wagers
        .iter()
        .filter(move |w| w.id == wager)
        .flat_map(|w| w.tables.iter())
        .filter(move |t| adopted(spec, wager, &t.id))
}

fn percent(r: &BigRational) -> String {
    crate::numbers::percent(r, 2)
}

/// What the limit does to one pay table at the maximum bet, in a
/// sentence: "at the $300 maximum bet the house edge is 10.93% (return
/// 89.07%) instead of 8.89%".
fn at_maximum(p: &PrizeLimit, t: &crate::engine::TableStats) -> Option<String> {
    let (max, limit) = (p.max_bet?, p.applied()?);
    let free = payout::capped_edge(t, max, None);
    let capped = payout::capped_edge(t, max, Some(limit));
    (capped != free).then(|| {
        format!(
            "at the {} maximum bet the house edge is {} (return to player {}) instead of {}",
            dollars(max),
            percent(&capped),
            percent(&(BigRational::one() - &capped)),
            percent(&free)
        )
    })
}

/// The payout limits in a player's words, for the leaflet of the wagers
/// `shown` (ids): each limited prize's limit, the bet above which it
/// lowers what the top award pays, and the house edge it gives at the
/// maximum bet; nothing when no shown prize may be limited.
pub(super) fn leaflet_lines(
    spec: &Spec,
    analysis: &Analysis,
    options: &Options,
    shown: &[&str],
) -> Vec<String> {
    let Ok(rows) = limits(spec, options) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for p in rows
        .iter()
        .filter(|p| p.may_be_limited() && shown.contains(&p.wager.as_str()))
    {
        let (Some(limit), Some(bites)) = (p.applied(), p.bites_above()) else {
            continue;
        };
        let mut line = format!(
            "{}{}: the most this table pays on one deal, to all players together, is {}{}. On a bet above {} this limit lowers what the top award pays",
            words::wager(spec, &p.wager),
            // The rule binds a house-banked room only (the figures beside
            // it are then the house's edge).
            if spec.table.is_some() {
                ", where the card room banks the game"
            } else {
                ""
            },
            dollars(limit),
            if p.declared.is_none() {
                " (the least the rule allows; the card room may set more)"
            } else {
                ""
            },
            dollars(bites),
        );
        let effects: Vec<String> = tables(spec, analysis, &p.wager)
            .filter_map(|t| at_maximum(p, t))
            .collect();
        if let Some(first) = effects.first() {
            line.push_str(&format!(": {first}"));
        }
        line.push('.');
        out.push(line);
    }
    if !out.is_empty() {
        out.push("These are Washington's aggregate payout limits (rule WAC 230-15-490): one limit per bet, only on bets paying 50 to 1 or more, never less than the maximum bet times 50.".into());
    }
    out
}

/// The pricing table of one limited prize: bet, then the house edge and
/// return of each adopted pay table at that bet under the limit.
fn pricing(spec: &Spec, analysis: &Analysis, p: &PrizeLimit) -> (Table, Vec<data::CappedTable>) {
    let limit = p.applied();
    let bets = payout::priced_bets(p);
    let ts: Vec<&crate::engine::TableStats> = tables(spec, analysis, &p.wager).collect();
    let mut cols = vec![("Bet".to_string(), Kind::Amount)];
    for t in &ts {
        let name = if ts.len() > 1 {
            format!("{}: ", t.name)
        } else {
            String::new()
        };
        cols.push((format!("{name}house edge"), Kind::Percent));
        cols.push((format!("{name}return to player"), Kind::Percent));
    }
    let mut table = Table::new(cols);
    for b in &bets {
        let mut row = vec![dollars(*b)];
        for t in &ts {
            let e = payout::capped_edge(t, *b, limit);
            row.push(percent(&e));
            row.push(percent(&(BigRational::one() - &e)));
        }
        table.row(row);
    }
    let json = ts
        .iter()
        .map(|t| data::CappedTable {
            pay_table: t.id.clone(),
            house_edge_without_limit: Exact::of(&payout::capped_edge(t, Ratio::ONE, None)),
            at_bets: bets
                .iter()
                .map(|b| data::AtBet {
                    bet: b.trimmed_decimal(),
                    house_edge: Exact::of(&payout::capped_edge(t, *b, limit)),
                })
                .collect(),
        })
        .collect();
    (table, json)
}

pub(super) fn write(ctx: &Context) -> Written {
    let spec = ctx.spec;
    let rows = limits(spec, ctx.options).expect("checked before computing");
    let date = judged_on(spec);
    debug_assert!(APPLIED.iter().all(|s| s.in_force_on(&date)));
    debug_assert!(!WA_PAYOUT_2007.in_force_on(&date));
    let n = ctx.first + 1;
    let mut sec = Section::new(
        "payout_limits",
        format!("{n}. Payout limits for odds-based prizes"),
    );
    sec.para(format!(
        "The rule applied is WAC 230-15-490, \"Aggregate payout limits for odds-based prizes\", as amended by WSR 21-11-057 (effective 2021-06-14), the text in force on {date}. A house-banked card room may, with the commission's approval, limit the total it pays one or more players on the winning wagers of a single deal. Such a limit may not combine different types of odds-based prizes, so each bet below has its own; it may not be less than the bet's maximum times its highest odds up to 50 to 1; it may not be imposed on a bet whose highest odds are under 50 to 1; and it is displayed on the table layout or a sign on the table. An odds-based prize is a win of more than the amount wagered on a fixed pattern or combination of cards (WAC 230-15-455): here, every bet whose pay table pays more than 1 to 1."
    ));
    if spec.table.is_some() {
        sec.para("The rule is for house-banked card rooms. This game's rules provide a player-dealer position; the limits below apply only where the card room banks the game, and a game banked by the player-dealer under the California rules is not subject to them.");
    }
    let mut table = Table::new(vec![
        ("Bet", Kind::Name),
        ("Maximum bet", Kind::Amount),
        ("Highest odds", Kind::Name),
        ("Least limit the rule allows", Kind::Amount),
        ("Limit priced", Kind::Amount),
        (
            "The limit lowers the top award above a bet of",
            Kind::Amount,
        ),
    ]);
    for p in &rows {
        table.row(vec![
            words::wager(spec, &p.wager),
            p.max_bet.map_or("—".into(), dollars),
            p.highest_odds.to_one(),
            p.least()
                .map_or("none may be imposed (under 50 to 1)".into(), |l| {
                    format!(
                        "{} × 50 = {}",
                        dollars(p.max_bet.unwrap_or(Ratio::ZERO)),
                        dollars(l)
                    )
                }),
            match (p.declared, p.least()) {
                (Some(d), _) => format!("{} (declared)", dollars(d)),
                (None, Some(l)) => format!("{} (the least)", dollars(l)),
                (None, None) => "—".into(),
            },
            p.bites_above().map_or("—".into(), dollars),
        ]);
    }
    sec.table(table);
    let mut prizes = Vec::new();
    for p in &rows {
        let mut priced = Vec::new();
        if p.may_be_limited() && p.applied().is_some() {
            sec.heading(
                3,
                format!(
                    "{} under a limit of {}",
                    words::wager(spec, &p.wager),
                    dollars(p.applied().unwrap_or(Ratio::ZERO))
                ),
            );
            let (t, json) = pricing(spec, ctx.analysis, p);
            let effects: Vec<String> = tables(spec, ctx.analysis, &p.wager)
                .filter_map(|t| at_maximum(p, t))
                .collect();
            sec.para(format!(
                "Each win of k to 1 on a bet b is paid min(k × b, limit), for one winning player on the deal (when several win on one deal the limit is shared and each is paid less still). Up to a bet of {} the limit changes nothing; above it the top award is cut{}. Exact, from the number of rounds on which each line of the pay table settles the bet:",
                dollars(p.bites_above().unwrap_or(Ratio::ZERO)),
                effects
                    .first()
                    .map_or(String::new(), |e| format!(": {e}"))
            ));
            sec.table(t);
            priced = json;
        }
        prizes.push(data::PayoutPrize {
            wager: p.wager.clone(),
            min_bet: p.min_bet.map(Ratio::trimmed_decimal),
            max_bet: p.max_bet.map(Ratio::trimmed_decimal),
            highest_odds: p.highest_odds.to_one(),
            may_be_limited: p.may_be_limited(),
            least_limit: p.least().map(Ratio::trimmed_decimal),
            declared_limit: p.declared.map(Ratio::trimmed_decimal),
            bites_above: p.bites_above().map(Ratio::trimmed_decimal),
            priced,
        });
    }
    sec.heading(3, "Text for the table sign");
    let limited: Vec<&PrizeLimit> = rows.iter().filter(|p| p.may_be_limited()).collect();
    if limited.is_empty() {
        sec.para("No bet pays 50 to 1 or more: no payout limit may be imposed, and nothing is to be displayed.");
    }
    for p in &limited {
        if let Some(l) = p.applied() {
            sec.note(format!(
                "{}: the most this table pays on one deal, to all players together, is {}.",
                words::wager(spec, &p.wager),
                dollars(l)
            ));
        }
    }
    if spec.submission.payout_limits.is_none() && !limited.is_empty() {
        sec.para("The card room declares no limit: the amounts shown are the least the rule allows, the most a limit can cost a player; a higher limit costs less.");
    }
    sec.heading(3, "History");
    sec.para(format!(
        "From 2008-01-01 until it was replaced on {}, WAC 230-15-490 read differently (WSR 07-09-033): a per-player limit and a table limit of at least twice it, with the procedure disclosed in a brochure. That text is history, not in force on {date}: nothing in this edition or its leaflet applies it.",
        WA_PAYOUT_2007.superseded.map_or("2021-06-14", |s| s.0)
    ));
    let mut f = figures("washington", AUTHORITY);
    f.payout_limits = Some(data::PayoutLimits {
        rule: format!("{}; {}", WA_PAYOUT_2021.cite, WA_PAYOUT_2021.version),
        judged_on: date.clone(),
        prizes,
    });
    let at = |k: usize| format!("section {k}");
    let reqs = vec![
        requirement(
            "An aggregate payout limit per type of odds-based prize, never combining prizes, no lower than the maximum bet times the highest odds up to 50 to 1, and none on a prize under 50 to 1",
            at(n),
            &WA_PAYOUT_2021,
        ),
        requirement(
            "Each aggregate payout limit displayed on the table layout or a sign on the table",
            format!("section {n}, Text for the table sign"),
            &WA_PAYOUT_2021,
        ),
        requirement(
            "Odds-based prizes identified (a win over the amount wagered on a fixed pattern of cards)",
            at(n),
            &WA_ODDS_BASED,
        ),
        requirement(
            "Aggregate payout limits and restrictions posted at the table",
            format!("section {n}, Text for the table sign"),
            &WA_POSTING,
        ),
        requirement(
            "All odds-based and fixed prizes posted: the pay tables, stated \"to 1\"",
            "sections 2 and 4".into(),
            &WA_POSTING,
        ),
    ];
    (AUTHORITY, vec![sec], f, reqs)
}
