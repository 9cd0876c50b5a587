//! Exact statistics from combination counts: house edge, hit and push
//! frequency, variance. All in big rationals; decimals are rendered last.

use super::enumerate::WagerCounts;
use crate::model::{Pay, Ratio, Wager};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

#[derive(Clone, Debug)]
pub struct Analysis {
    pub spec: String,
    pub decks: u32,
    pub total: u128,
    pub wagers: Vec<WagerStats>,
    pub combined: Vec<CombinedStats>,
    /// The player's decision, where the first hand's owner decides.
    pub decision: Option<super::decide::DecisionStats>,
}

/// Wagers staked together: the joint return table.
#[derive(Clone, Debug)]
pub struct CombinedStats {
    pub id: String,
    pub name: String,
    pub wagers: Vec<String>,
    /// The always-placed wager the house edge is quoted per.
    pub per: String,
    /// Per (net result, units staked): rounds, ordered by net.
    pub outcomes: Vec<(Ratio, u32, u128)>,
    pub total: u128,
    /// Expected net result per round (in units of one bet).
    pub expected: BigRational,
    pub variance: BigRational,
    /// Expected units staked per round.
    pub staked: BigRational,
}

impl CombinedStats {
    pub fn from_counts(
        c: &crate::model::Combined,
        spec: &crate::model::Spec,
        outcomes: &std::collections::BTreeMap<(Ratio, u32), u128>,
        total: u128,
    ) -> CombinedStats {
        let t = BigRational::from_integer(BigInt::from(total));
        let (mut sum, mut sum_sq, mut staked) = (
            BigRational::zero(),
            BigRational::zero(),
            BigRational::zero(),
        );
        for ((net, units), n) in outcomes {
            let n = BigRational::from_integer(BigInt::from(*n));
            let x = big(*net);
            sum += &x * &n;
            sum_sq += &x * &x * &n;
            staked += BigRational::from_integer(BigInt::from(*units)) * &n;
        }
        let expected = &sum / &t;
        CombinedStats {
            id: c.id.clone(),
            name: c.name.clone(),
            wagers: c
                .wagers
                .iter()
                .map(|&w| spec.wagers[w].id.clone())
                .collect(),
            per: spec.wagers[c.per].id.clone(),
            outcomes: outcomes.iter().map(|((r, u), n)| (*r, *u, *n)).collect(),
            total,
            variance: &sum_sq / &t - &expected * &expected,
            staked: staked / &t,
            expected,
        }
    }

    /// House edge per unit of the `per` wager (placed on every round).
    pub fn house_edge(&self) -> BigRational {
        -self.expected.clone()
    }

    /// House edge per unit wagered in total (the element of risk).
    pub fn per_total_wagered(&self) -> BigRational {
        -(&self.expected / &self.staked)
    }
}

#[derive(Clone, Debug)]
pub struct WagerStats {
    pub id: String,
    pub name: String,
    /// The card granularity the engine enumerated for this wager.
    pub granularity: String,
    /// Per event: the rounds on which its condition holds, whatever outranks it.
    pub holds: Vec<(String, u128)>,
    pub tables: Vec<TableStats>,
}

#[derive(Clone, Debug)]
pub struct EventRow {
    pub id: String,
    pub name: String,
    pub pay: Pay,
    pub combinations: u128,
}

#[derive(Clone, Debug)]
pub struct TableStats {
    pub id: String,
    pub name: String,
    pub events: Vec<EventRow>,
    /// Rounds on which no event holds (the stake is lost).
    pub no_event: u128,
    /// Rounds on which the wager is placed: every figure is per wager placed.
    pub total: u128,
    /// Rounds on which the wager is not placed (0 for most wagers).
    pub not_placed: u128,
    /// Expected net result per unit staked (negative: the house's edge).
    pub expected: BigRational,
    pub variance: BigRational,
    pub wins: u128,
    pub pushes: u128,
    pub losses: u128,
}

pub fn wager_stats(
    w: &Wager,
    counts: &WagerCounts,
    total: u128,
    granularity: String,
) -> WagerStats {
    let counts_not_placed = counts.not_placed;
    let tables = w
        .pay_tables
        .iter()
        .zip(&counts.settles)
        .map(|(t, counts)| {
            let events: Vec<EventRow> = w
                .events
                .iter()
                .zip(&t.pays)
                .zip(counts)
                .map(|((e, p), c)| EventRow {
                    id: e.id.clone(),
                    name: e.name.clone(),
                    pay: *p,
                    combinations: *c,
                })
                .collect();
            let mut s = table_stats(
                &t.id,
                &t.name,
                events,
                counts[w.events.len()],
                total - counts_not_placed,
            );
            s.not_placed = counts_not_placed;
            s
        })
        .collect();
    WagerStats {
        id: w.id.clone(),
        name: w.name.clone(),
        granularity,
        holds: w
            .events
            .iter()
            .map(|e| e.id.clone())
            .zip(counts.holds.iter().copied())
            .collect(),
        tables,
    }
}

pub fn big(r: Ratio) -> BigRational {
    BigRational::new(BigInt::from(r.num), BigInt::from(r.den))
}

fn table_stats(
    id: &str,
    name: &str,
    events: Vec<EventRow>,
    no_event: u128,
    total: u128,
) -> TableStats {
    let t = BigInt::from(total);
    let mut sum = BigRational::zero();
    let mut sum_sq = BigRational::zero();
    let (mut wins, mut pushes, mut losses) = (0u128, 0u128, no_event);
    let rows = events.iter().map(|e| (e.pay, e.combinations));
    for (pay, c) in rows.chain(std::iter::once((Pay::Lose, no_event))) {
        let x = big(pay.net());
        let c_big = BigRational::from_integer(BigInt::from(c));
        sum += &x * &c_big;
        sum_sq += &x * &x * &c_big;
        match pay {
            Pay::Win(_) => wins += c,
            Pay::Push => pushes += c,
            Pay::Lose => {}
        }
    }
    losses += events
        .iter()
        .filter(|e| e.pay == Pay::Lose)
        .map(|e| e.combinations)
        .sum::<u128>();
    let tt = BigRational::from_integer(t);
    // A wager never placed has no figures per wager placed: zeros.
    let (expected, variance) = if total == 0 {
        (BigRational::zero(), BigRational::zero())
    } else {
        let e = &sum / &tt;
        let v = &sum_sq / &tt - &e * &e;
        (e, v)
    };
    TableStats {
        id: id.to_string(),
        name: name.to_string(),
        events,
        no_event,
        total,
        not_placed: 0,
        expected,
        variance,
        wins,
        pushes,
        losses,
    }
}

impl TableStats {
    /// The same counts under other pays: `pay` maps each event's pay (the
    /// rounds on which no event holds still lose). What a payout limit
    /// does to a table, exactly, with every figure recomputed as the
    /// engine computes it.
    pub fn repriced(&self, pay: impl Fn(Pay) -> Pay) -> TableStats {
        let events = self
            .events
            .iter()
            .map(|e| EventRow {
                pay: pay(e.pay),
                ..e.clone()
            })
            .collect();
        let mut s = table_stats(&self.id, &self.name, events, self.no_event, self.total);
        s.not_placed = self.not_placed;
        s
    }

    /// House edge per unit staked: minus the expected net result.
    pub fn house_edge(&self) -> BigRational {
        -self.expected.clone()
    }

    /// Hit frequency: the share of rounds on which an event pays (a win;
    /// pushes and losses are not hits). Every command that shows a hit
    /// frequency shows this one.
    pub fn hit_frequency(&self) -> BigRational {
        BigRational::new(BigInt::from(self.wins), BigInt::from(self.total.max(1)))
    }

    /// The top award: the highest pay that happens, how often it is paid
    /// (all events at that pay together), and those events.
    pub fn top_award(&self) -> Option<TopAward> {
        let best = self
            .events
            .iter()
            .filter(|e| e.combinations > 0 && matches!(e.pay, Pay::Win(_)))
            .map(|e| e.pay.net())
            .max()?;
        let at_best: Vec<&EventRow> = self
            .events
            .iter()
            .filter(|e| e.combinations > 0 && e.pay.net() == best)
            .collect();
        Some(TopAward {
            pay: at_best[0].pay,
            combinations: at_best.iter().map(|e| e.combinations).sum(),
            events: at_best.iter().map(|e| e.id.clone()).collect(),
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopAward {
    pub pay: Pay,
    pub combinations: u128,
    pub events: Vec<String>,
}
