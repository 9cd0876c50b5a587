//! Washington's payout limits for odds-based wagers (WAC 230-15-490),
//! computed from the pay tables and the table's bets. Both versions of the
//! rule are computed, because a submission is judged by the text in force
//! on its date:
//!
//! * the text effective 2008-01-01 (WSR 07-09-033): a player's winnings may
//!   be limited to no less than the higher of (a) the maximum wager times
//!   the highest odds up to 50 to 1, and (b) the minimum required wager
//!   times the highest odds offered for any wager of the game; the table's
//!   aggregate limit is at least twice the player's; the procedure is
//!   disclosed to players in a brochure;
//! * the text effective 2021-06-14 (WSR 21-11-057): an aggregate payout
//!   limit of no less than the maximum wager times the highest odds up to
//!   50 to 1, and none on a wager whose highest odds are under 50 to 1.
//!
//! Reading. A side bet's "minimum required wager" is read as its own
//! minimum. Where a table requires a line wager beside the side bet, the
//! other reading (the side bet's minimum plus the smallest line wager) is
//! computed as well and shown beside it.
//!
//! Amounts are shown with `report::exposure::dollars`.
//!
//! Pure arithmetic on declared values: no figure of the engine is needed,
//! so the leaflet and the check of declared limits use the same function.

use crate::model::table::WagerKind;
use crate::model::{Pay, Ratio, Spec};

/// The rule's cap on the odds in (a) and in the 2021 aggregate limit.
pub const ODDS_CAP: i128 = 50;

/// One odds-based wager's inputs and minimums.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WagerLimit {
    pub wager: String,
    pub min_bet: Ratio,
    pub max_bet: Ratio,
    /// The highest pay of its adopted pay tables ("to 1").
    pub highest_odds: Ratio,
    /// (a): max bet times the highest odds up to 50 to 1.
    pub by_maximum: Ratio,
    /// (b): minimum required wager times the highest odds.
    pub by_minimum: Ratio,
    /// (b) under the other reading: with the smallest line wager added to
    /// the side bet's minimum; None when no line wager is required.
    pub by_minimum_with_line: Option<Ratio>,
    /// The 2021 text: the aggregate limit's minimum, or None where the
    /// highest odds are under 50 to 1 (no aggregate limit may apply).
    pub aggregate_2021: Option<Ratio>,
}

/// The game's payout limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    pub wagers: Vec<WagerLimit>,
    /// 2008 text: the least per-player limit (the largest of every wager's
    /// (a) and (b)).
    pub per_player: Ratio,
    /// The same under the other reading of (b).
    pub per_player_with_line: Option<Ratio>,
    /// 2008 text: the least table (aggregate) limit, twice the player's.
    pub table: Ratio,
    /// 2021 text: the least aggregate limit over the wagers it may cover.
    pub aggregate_2021: Option<Ratio>,
}

/// A wager's bets: the command line's over the spec's.
fn bet(spec_bets: &[(String, Ratio)], given: &[(String, Ratio)], wager: &str) -> Option<Ratio> {
    given
        .iter()
        .chain(spec_bets)
        .find(|(w, _)| w == wager)
        .map(|(_, m)| *m)
}

/// The highest "to 1" pay of a wager's adopted pay tables (assumed pays
/// and readings put to the submitter excluded); None if none pays over
/// 1 to 1, i.e. the wager is not odds-based (WAC 230-15-455: a win "over
/// and above the amount wagered if a fixed pattern or combination of cards
/// occurs").
pub fn highest_odds(w: &crate::model::Wager, adopted: &dyn Fn(&str) -> bool) -> Option<Ratio> {
    w.pay_tables
        .iter()
        .filter(|t| adopted(&t.id))
        .flat_map(|t| t.pays.iter())
        .filter_map(|p| match p {
            Pay::Win(r) => Some(*r),
            _ => None,
        })
        .max()
        .filter(|r| *r > Ratio::ONE)
}

/// The payout limits, or the names of the odds-based wagers whose minimum
/// or maximum bet is declared nowhere.
pub fn limits(
    spec: &Spec,
    min_given: &[(String, Ratio)],
    max_given: &[(String, Ratio)],
    adopted: &dyn Fn(&str, &str) -> bool,
) -> Result<Limits, Vec<String>> {
    let cap = Ratio::int(ODDS_CAP);
    let smallest_line = spec.table.as_ref().and_then(|t| {
        t.wagers
            .iter()
            .filter(|w| w.kind == WagerKind::Line)
            .map(|w| w.min)
            .min()
    });
    let side = |id: &str| {
        spec.table.as_ref().is_some_and(|t| {
            t.wagers
                .iter()
                .any(|w| w.id == id && w.kind == WagerKind::Side)
        })
    };
    let mut rows = Vec::new();
    let mut missing = Vec::new();
    for w in &spec.wagers {
        let Some(odds) = highest_odds(w, &|t| adopted(&w.id, t)) else {
            continue;
        };
        let min = bet(&spec.submission.min_bets, min_given, &w.id);
        let max = bet(&spec.submission.max_bets, max_given, &w.id);
        let (Some(min_bet), Some(max_bet)) = (min, max) else {
            missing.push(w.name.clone());
            continue;
        };
        let capped = if odds > cap { cap } else { odds };
        rows.push(WagerLimit {
            wager: w.id.clone(),
            min_bet,
            max_bet,
            highest_odds: odds,
            by_maximum: max_bet * capped,
            by_minimum: min_bet * odds,
            by_minimum_with_line: smallest_line
                .filter(|_| side(&w.id))
                .map(|line| (min_bet + line) * odds),
            aggregate_2021: (odds >= cap).then_some(max_bet * cap),
        });
    }
    if !missing.is_empty() {
        return Err(missing);
    }
    let most = |f: &dyn Fn(&WagerLimit) -> Option<Ratio>| rows.iter().filter_map(f).max();
    let per_player = most(&|r| Some(r.by_maximum.max(r.by_minimum))).unwrap_or(Ratio::ZERO);
    let with_line = rows
        .iter()
        .any(|r| r.by_minimum_with_line.is_some())
        .then(|| {
            most(&|r| {
                Some(
                    r.by_maximum
                        .max(r.by_minimum_with_line.unwrap_or(r.by_minimum)),
                )
            })
            .unwrap_or(Ratio::ZERO)
        });
    Ok(Limits {
        per_player,
        per_player_with_line: with_line,
        table: per_player * Ratio::int(2),
        aggregate_2021: most(&|r| r.aggregate_2021),
        wagers: rows,
    })
}
