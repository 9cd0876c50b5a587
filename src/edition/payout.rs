//! Washington's aggregate payout limits for odds-based prizes, as WAC
//! 230-15-490 stands since WSR 21-11-057 (filed 2021-05-14, effective
//! 2021-06-14): the text in force on every report date this version of
//! certify writes ([`super::sources::in_force`] decides it from the
//! register). In substance:
//!
//! * a house-banked card room may impose aggregate payout limits on
//!   odds-based prizes if the commission approves; an aggregate payout
//!   limit is the most the licensee pays one or more players on the
//!   winning wagers of a single deal;
//! * a limit must not combine different types of odds-based prizes: here,
//!   one limit per wager, never one limit across wagers;
//! * it must not be less than the maximum wager times the highest odds
//!   offered up to 50 to 1 (the rule's example: $300 × 50 = $15,000);
//! * it must not be imposed on a prize whose highest odds are under 50 to 1;
//! * it is displayed on the table layout or a sign on the table.
//!
//! The text it replaced (WSR 07-09-033, effective 2008-01-01: a per-player
//! limit and a table limit of at least twice it) is superseded: the
//! edition names it in a history note and applies nothing from it.
//!
//! Pricing. Under a limit `L`, a wager bet at `b` that wins `k` to 1 is paid
//! `min(k·b, L)`: per unit bet, `min(k, L/b)`. The figures are for one
//! winning player on the deal; when several players win on one deal the
//! limit is shared and each is paid less still, so the figures are the
//! most a player can expect under the limit. Every figure is an exact
//! fraction from the engine's counts of each event.

use crate::engine::TableStats;
use crate::model::{Pay, Ratio, Spec};
use num_rational::BigRational;

/// The rule's cap on the odds in the least limit, and the odds under
/// which no limit may be imposed.
pub const ODDS_CAP: i128 = 50;

/// One odds-based prize (a wager) and its aggregate payout limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizeLimit {
    pub wager: String,
    /// The table's minimum bet on it, where declared (the pricing table
    /// starts there).
    pub min_bet: Option<Ratio>,
    pub max_bet: Option<Ratio>,
    /// The highest pay of its adopted pay tables ("to 1").
    pub highest_odds: Ratio,
    /// The limit the card room declares for this prize, if any.
    pub declared: Option<Ratio>,
}

impl PrizeLimit {
    /// Whether the rule allows a limit on this prize at all.
    pub fn may_be_limited(&self) -> bool {
        self.highest_odds >= Ratio::int(ODDS_CAP)
    }

    /// The least limit the rule allows: the maximum bet times the highest
    /// odds up to 50 to 1 (so times 50, the odds being at least 50); None
    /// where no limit may be imposed or the maximum bet is not known.
    pub fn least(&self) -> Option<Ratio> {
        self.max_bet
            .filter(|_| self.may_be_limited())
            .map(|m| m * Ratio::int(ODDS_CAP))
    }

    /// The limit priced: the declared one, else the rule's least (the
    /// lowest a card room may set, so the most it can cost a player).
    pub fn applied(&self) -> Option<Ratio> {
        self.declared.or(self.least())
    }

    /// The bet above which the limit lowers a win of the highest odds:
    /// `limit / highest odds`.
    pub fn bites_above(&self) -> Option<Ratio> {
        self.applied().map(|l| l / self.highest_odds)
    }
}

/// A wager's bet: the command line's over the spec's.
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

/// Every odds-based prize with its limit, or the names of the prizes that
/// may be limited (50 to 1 or more) whose maximum bet is declared nowhere.
pub fn limits(
    spec: &Spec,
    min_given: &[(String, Ratio)],
    max_given: &[(String, Ratio)],
    adopted: &dyn Fn(&str, &str) -> bool,
) -> Result<Vec<PrizeLimit>, Vec<String>> {
    let cap = Ratio::int(ODDS_CAP);
    let declared = |id: &str| {
        spec.submission
            .payout_limits
            .as_ref()
            .and_then(|p| p.limits.iter().find(|l| l.wager == id))
            .map(|l| l.dollars)
    };
    let mut rows = Vec::new();
    let mut missing = Vec::new();
    for w in &spec.wagers {
        let Some(odds) = highest_odds(w, &|t| adopted(&w.id, t)) else {
            continue;
        };
        let max_bet = bet(&spec.submission.max_bets, max_given, &w.id);
        if odds >= cap && max_bet.is_none() {
            missing.push(w.name.clone());
            continue;
        }
        rows.push(PrizeLimit {
            wager: w.id.clone(),
            min_bet: bet(&spec.submission.min_bets, min_given, &w.id),
            max_bet,
            highest_odds: odds,
            declared: declared(&w.id),
        });
    }
    if missing.is_empty() {
        Ok(rows)
    } else {
        Err(missing)
    }
}

/// The house edge of one pay table bet at `bet` under `limit`, exact: each
/// win of `k` to 1 is paid `min(k, limit / bet)` per unit, the table
/// repriced by the engine's own statistics. Without a limit it is the
/// engine's house edge.
pub fn capped_edge(t: &TableStats, bet: Ratio, limit: Option<Ratio>) -> BigRational {
    let Some(most) = limit.map(|l| l / bet) else {
        return t.house_edge();
    };
    t.repriced(|pay| match pay {
        Pay::Win(k) if k > most => Pay::Win(most),
        other => other,
    })
    .house_edge()
}

/// The bets the pricing table shows for one prize: its minimum (or $1),
/// the bet where the limit starts to bite, and round steps up to the
/// maximum, at most eight rows, in increasing order.
pub fn priced_bets(p: &PrizeLimit) -> Vec<Ratio> {
    let Some(max) = p.max_bet else {
        return Vec::new();
    };
    let min = p.min_bet.unwrap_or(Ratio::ONE).min(max);
    let mut bets = vec![min, max];
    if let Some(b) = p.bites_above()
        && b > min
        && b < max
    {
        bets.push(b);
    }
    // Quarters of the maximum, in whole dollars (those above the minimum).
    for k in 1..4 {
        bets.push(Ratio::int(round_dollars(max * Ratio::new(k, 4))));
    }
    bets.retain(|b| *b >= min && *b <= max);
    bets.sort();
    bets.dedup();
    bets
}

/// A bet rounded to whole dollars (at least one).
fn round_dollars(r: Ratio) -> i128 {
    ((r.num + r.den / 2) / r.den).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EventRow;

    /// A table by hand: a 100-to-1 event on 1 round, a 10-to-1 event on
    /// 9 rounds, 90 losing rounds.
    fn table() -> TableStats {
        let ev = |id: &str, k: i128, n: u128| EventRow {
            id: id.into(),
            name: id.into(),
            pay: Pay::Win(Ratio::int(k)),
            combinations: n,
        };
        TableStats {
            id: "t".into(),
            name: "t".into(),
            events: vec![ev("top", 100, 1), ev("small", 10, 9)],
            no_event: 90,
            total: 100,
            not_placed: 0,
            // (100 + 90 - 90) / 100, counted by hand.
            expected: BigRational::from_integer(1.into()),
            variance: BigRational::from_integer(0.into()),
            wins: 10,
            pushes: 0,
            losses: 90,
        }
    }

    #[test]
    fn a_limit_pays_each_win_at_most_the_limit() {
        let t = table();
        // No limit: (100 + 90 - 90) / 100 = +1 per unit, an edge of -100%.
        assert_eq!(
            capped_edge(&t, Ratio::int(10), None),
            BigRational::new((-1).into(), 1.into())
        );
        // $10 bet, $500 limit: the 100-to-1 win pays 50; (50 + 90 - 90) / 100.
        assert_eq!(
            capped_edge(&t, Ratio::int(10), Some(Ratio::int(500))),
            BigRational::new((-1).into(), 2.into())
        );
        // At $5 the limit does not bite.
        assert_eq!(
            capped_edge(&t, Ratio::int(5), Some(Ratio::int(500))),
            BigRational::new((-1).into(), 1.into())
        );
    }

    #[test]
    fn the_pricing_table_runs_from_the_minimum_to_the_maximum_bet() {
        let p = PrizeLimit {
            wager: "w".into(),
            min_bet: Some(Ratio::int(5)),
            max_bet: Some(Ratio::int(300)),
            highest_odds: Ratio::int(250),
            declared: None,
        };
        let bets = priced_bets(&p);
        assert_eq!(bets.first(), Some(&Ratio::int(5)));
        assert_eq!(bets.last(), Some(&Ratio::int(300)));
        assert!(bets.contains(&Ratio::int(60)), "{bets:?}");
        assert!(bets.contains(&Ratio::int(150)), "{bets:?}");
        assert!(bets.windows(2).all(|w| w[0] < w[1]));
    }
}
