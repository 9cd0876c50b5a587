//! The Washington card-room edition: payout limits for odds-based wagers
//! (WAC 230-15-490, both versions), their inputs and formulas, the check
//! of the limits the card room declares, and the text to disclose to
//! players.

use super::common::{Context, Written, adopted, figures, requirement, spec_error};
use super::payout::{self, Limits, ODDS_CAP};
use super::sources::{WA_ODDS_BASED, WA_PAYOUT_2007, WA_PAYOUT_2021, WA_POSTING};
use crate::diag::Diagnostic;
use crate::diag::spec::SpecError;
use crate::model::{Ratio, Spec};
use crate::options::Options;
use crate::report::data::edition as data;
use crate::report::exposure::dollars;
use crate::report::model::{Kind, Section, Table};
use crate::report::words;

pub(super) const AUTHORITY: &str = "Washington State Gambling Commission";

/// The limits of a checked run (its bets were checked before computing).
fn limits(spec: &Spec, options: &Options) -> Result<Limits, Vec<String>> {
    payout::limits(spec, &options.min_bets, &options.max_bets, &|w, t| {
        adopted(spec, w, t)
    })
}

/// Every odds-based wager has its bets, and the declared limits are at
/// least what either text of the rule requires.
pub(super) fn check(spec: &Spec, options: &Options) -> Result<(), Vec<Diagnostic>> {
    let l = match limits(spec, options) {
        Ok(l) => l,
        Err(wagers) => {
            let mut d = Diagnostic::plain(SpecError::NoBetLimits { wagers });
            d.help = Some("declare them in the spec (`table: limits`, or `submission: min_bets` and `max_bets`) or give `--min-bet WAGER=DOLLARS` and `--max-bet WAGER=DOLLARS`".into());
            return Err(vec![d]);
        }
    };
    let Some(declared) = &spec.submission.payout_limits else {
        return Ok(());
    };
    let mut out = Vec::new();
    let table_needs = l.aggregate_2021.map_or(l.table, |a| a.max(l.table));
    for (which, given, at, needs) in [
        (
            "per-player",
            declared.per_player,
            declared.per_player_at.as_ref(),
            l.per_player,
        ),
        (
            "table",
            declared.table,
            declared.table_at.as_ref(),
            table_needs,
        ),
    ] {
        if let Some(given) = given
            && given < needs
        {
            let mut d = spec_error(
                at,
                SpecError::PayoutLimitShort {
                    which,
                    declared: dollars(given),
                    required: dollars(needs),
                },
            );
            d.help = Some(format!(
                "WAC 230-15-490 (text effective 2008-01-01; and 2021-06-14 for the table's aggregate limit): `certify {} --edition washington` shows the formula and its inputs in the report's payout-limit section",
                spec.id
            ));
            out.push(d);
        }
    }
    if out.is_empty() { Ok(()) } else { Err(out) }
}

/// The payout limits in a player's words: what the table pays one player
/// and all players on one deal (declared, else the rule's minimums), and
/// which of the bets `shown` (ids: the leaflet's) they cover; none when
/// they cover none of them.
pub(super) fn leaflet_lines(spec: &Spec, options: &Options, shown: &[&str]) -> Vec<String> {
    let Ok(mut l) = limits(spec, options) else {
        return Vec::new();
    };
    l.wagers.retain(|w| shown.contains(&w.wager.as_str()));
    if l.wagers.is_empty() {
        return Vec::new();
    }
    let declared = spec.submission.payout_limits.as_ref();
    let player = declared.and_then(|d| d.per_player).unwrap_or(l.per_player);
    let table = declared.and_then(|d| d.table).unwrap_or(l.table);
    let names: Vec<String> = l
        .wagers
        .iter()
        .map(|w| words::wager(spec, &w.wager))
        .collect();
    vec![
        format!(
            "On {}, the most this table pays one player on one deal is {}.",
            crate::diag::list(&names.iter().map(String::as_str).collect::<Vec<_>>()),
            dollars(player)
        ),
        format!("The most it pays all players together on one deal is {}.", dollars(table)),
        "How the limits are computed: the larger of the maximum bet times the highest pay up to 50 to 1 and the minimum bet times the highest pay; the table limit is twice the player limit (Washington rule WAC 230-15-490).".into(),
    ]
}

pub(super) fn write(ctx: &Context) -> Written {
    let spec = ctx.spec;
    let l = limits(spec, ctx.options).expect("checked before computing");
    let n = ctx.first + 1;
    let mut sec = Section::new(
        "payout_limits",
        format!("{n}. Payout limits for odds-based wagers"),
    );
    sec.para("An odds-based wager is one that wins more than the amount wagered when a fixed pattern or combination of cards occurs (WAC 230-15-455): here, every wager whose pay table pays more than 1 to 1. A card room may limit what it pays on them, but not below the minimums the rule sets from the pay table and the table's bets. Both versions of the rule are computed: the one in force on the submission's date binds.");
    let with_line = l.wagers.iter().any(|w| w.by_minimum_with_line.is_some());
    let mut cols = vec![
        ("Wager", Kind::Name),
        ("Minimum bet", Kind::Amount),
        ("Maximum bet", Kind::Amount),
        ("Highest odds", Kind::Name),
        ("(a) maximum bet × odds up to 50 to 1", Kind::Amount),
        ("(b) minimum bet × odds", Kind::Amount),
    ];
    if with_line {
        cols.push(("(b) with the smallest line wager", Kind::Amount));
    }
    cols.push(("2021: aggregate minimum", Kind::Amount));
    let mut table = Table::new(cols);
    let cap = Ratio::int(ODDS_CAP);
    for w in &l.wagers {
        let capped = if w.highest_odds > cap {
            cap
        } else {
            w.highest_odds
        };
        let mut row = vec![
            words::wager(spec, &w.wager),
            dollars(w.min_bet),
            dollars(w.max_bet),
            w.highest_odds.to_one(),
            format!(
                "{} × {} = {}",
                dollars(w.max_bet),
                capped.trimmed_decimal(),
                dollars(w.by_maximum)
            ),
            format!(
                "{} × {} = {}",
                dollars(w.min_bet),
                w.highest_odds.trimmed_decimal(),
                dollars(w.by_minimum)
            ),
        ];
        if with_line {
            row.push(w.by_minimum_with_line.map_or("—".into(), dollars));
        }
        row.push(
            w.aggregate_2021
                .map_or("none allowed (odds under 50 to 1)".into(), dollars),
        );
        table.row(row);
    }
    sec.table(table);
    sec.heading(3, "Text effective 2008-01-01 (WSR 07-09-033)");
    sec.item(format!(
        "Per-player limit: at least the higher of (a) and (b) over the odds-based wagers: **{}**.",
        dollars(l.per_player)
    ));
    if let Some(x) = l.per_player_with_line {
        sec.item(format!(
            "Reading (b)'s \"minimum required wager\" as the side bet's minimum plus the smallest line wager a bettor must also place: **{}**. The first reading (the side bet's own minimum) is the one adopted; the other is shown so that either can be applied.",
            dollars(x)
        ));
    }
    sec.item(format!(
        "Table (aggregate) limit: at least twice the per-player limit: 2 × {} = **{}**.",
        dollars(l.per_player),
        dollars(l.table)
    ));
    sec.item("The procedure for computing the limits must be available to players in a brochure or other printed material (the text to print follows).");
    sec.heading(3, "Text effective 2021-06-14 (WSR 21-11-057)");
    match l.aggregate_2021 {
        Some(a) => sec.item(format!(
            "Aggregate payout limit (what the card room pays one or more players on the winning wagers of one deal): at least the maximum bet times the highest odds up to 50 to 1: **{}**; it may be imposed only on wagers whose highest odds are 50 to 1 or more, and must be displayed on the table layout or a sign on the table.",
            dollars(a)
        )),
        None => sec.item("No wager pays 50 to 1 or more: no aggregate payout limit may be imposed on this game's odds-based wagers."),
    }
    let small: Vec<String> = l
        .wagers
        .iter()
        .filter(|w| w.aggregate_2021.is_none())
        .map(|w| words::wager(spec, &w.wager))
        .collect();
    if !small.is_empty() && l.aggregate_2021.is_some() {
        sec.item(format!(
            "Not covered by an aggregate limit (highest odds under 50 to 1): {}.",
            small.join(", ")
        ));
    }
    sec.heading(3, "Limits the card room declares");
    let declared = spec.submission.payout_limits.as_ref();
    let per_player = declared.and_then(|d| d.per_player);
    let table_limit = declared.and_then(|d| d.table);
    match (per_player, table_limit) {
        (None, None) => sec.para("None declared: the card room may set none, or any limits at or above the minimums above."),
        _ => {
            for (what, v) in [("Per-player", per_player), ("Table", table_limit)] {
                if let Some(v) = v {
                    sec.item(format!("{what} limit declared: {}: at or above the rule's minimum.", dollars(v)));
                }
            }
        }
    }
    sec.heading(3, "Disclosure to players");
    sec.para(
        "Text for the brochure (2008 text) and the table sign (2021 text), from the figures above:",
    );
    let names: Vec<String> = l
        .wagers
        .iter()
        .map(|w| words::wager(spec, &w.wager))
        .collect();
    let shown_player = per_player.unwrap_or(l.per_player);
    let shown_table = table_limit.unwrap_or(l.table);
    sec.note(format!(
        "Payout limits. On {}, the most this table pays one player on one deal is {} and the most it pays all players together on one deal is {}. How the limits are computed: the largest of the maximum bet times the highest odds up to 50 to 1 and the minimum bet times the highest odds; the table limit is twice the player limit.{}",
        crate::diag::list(&names.iter().map(String::as_str).collect::<Vec<_>>()),
        dollars(shown_player),
        dollars(shown_table),
        if per_player.is_none() { " (The figures shown are the rule's minimums: the card room declares none.)" } else { "" }
    ));
    let mut f = figures("washington", AUTHORITY);
    f.payout_limits = Some(data::PayoutLimits {
        wagers: l
            .wagers
            .iter()
            .map(|w| data::PayoutWager {
                wager: w.wager.clone(),
                min_bet: w.min_bet.trimmed_decimal(),
                max_bet: w.max_bet.trimmed_decimal(),
                highest_odds: w.highest_odds.to_one(),
                by_maximum: w.by_maximum.trimmed_decimal(),
                by_minimum: w.by_minimum.trimmed_decimal(),
                by_minimum_with_line: w.by_minimum_with_line.map(Ratio::trimmed_decimal),
                aggregate_2021: w.aggregate_2021.map(Ratio::trimmed_decimal),
            })
            .collect(),
        per_player: l.per_player.trimmed_decimal(),
        per_player_with_line: l.per_player_with_line.map(Ratio::trimmed_decimal),
        table: l.table.trimmed_decimal(),
        aggregate_2021: l.aggregate_2021.map(Ratio::trimmed_decimal),
        declared_per_player: per_player.map(Ratio::trimmed_decimal),
        declared_table: table_limit.map(Ratio::trimmed_decimal),
    });
    let at = |k: usize| format!("section {k}");
    let reqs = vec![
        requirement(
            "Per-player and table payout limits no lower than the rule's minimums, computed from the pay tables and the table's bets",
            at(n),
            &WA_PAYOUT_2007,
        ),
        requirement(
            "The procedure for computing the limits disclosed to players in a brochure",
            format!("section {n}, Disclosure to players"),
            &WA_PAYOUT_2007,
        ),
        requirement(
            "An aggregate payout limit no lower than the maximum bet times the highest odds up to 50 to 1, only on wagers paying 50 to 1 or more, displayed at the table",
            at(n),
            &WA_PAYOUT_2021,
        ),
        requirement(
            "Odds-based wagers identified (a win over the amount wagered on a fixed pattern of cards)",
            at(n),
            &WA_ODDS_BASED,
        ),
        requirement(
            "Odds-based prizes and aggregate payout limits posted",
            format!("section {n}, Disclosure to players"),
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
