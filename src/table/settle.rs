//! Settling a table round against the player-dealer's stake.
//!
//! Each wager's result per unit staked comes from the reference evaluator
//! (`eval::settle`); this module only decides how much of it the
//! player-dealer's stake covers. Amounts are exact fractions of a dollar
//! (`Ratio`): nothing is rounded. With whole-cent stakes and the pays of the
//! shipped specs (whole "to 1" odds) every amount is a whole number of cents;
//! a pay such as 3 to 2 on an odd cent stays an exact fraction of a cent,
//! shown as such, rather than being rounded by a rule the document does not
//! state.

use crate::model::table::Coverage;
use crate::model::{Pay, Ratio};

/// What happened to one wager.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Won: the player-dealer paid `amount` (the stake goes back too).
    Paid,
    /// Lost: the player-dealer collected `amount`.
    Collected,
    /// The evaluator says push: the stake goes back, no coverage needed.
    Pushed,
    /// Not covered at all: the whole stake goes back.
    Returned,
}

/// The settlement of one wager: `amount` paid or collected, and the part
/// of the stake that was not covered and goes back to the bettor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub kind: Kind,
    pub amount: Ratio,
    pub returned: Ratio,
}

impl Settlement {
    /// The bettor's net result: what they end with less what they staked.
    pub fn player_net(&self) -> Ratio {
        match self.kind {
            Kind::Paid => self.amount,
            Kind::Collected => -self.amount,
            Kind::Pushed | Kind::Returned => Ratio::ZERO,
        }
    }

    /// "paid 100", "collected 5, returned 15", "pushed", "returned 50".
    pub fn describe(&self) -> String {
        let partial = if self.returned.num > 0 {
            format!(", returned {}", money(self.returned))
        } else {
            String::new()
        };
        match self.kind {
            Kind::Paid => format!("paid {}{partial}", money(self.amount)),
            Kind::Collected => format!("collected {}{partial}", money(self.amount)),
            Kind::Pushed => "pushed".into(),
            Kind::Returned => format!("returned {}", money(self.returned)),
        }
    }
}

/// Settles wagers, given in settlement order as (stake, the evaluator's pay),
/// against the player-dealer's `stake`. Returns each settlement with the
/// player-dealer's running net after it.
///
/// The reading of "may not win or lose more than the original amount
/// wagered": the running net `N` (collected less paid) stays within
/// `[-stake, stake]` after every wager. A losing wager is collected up to
/// `stake - N`, a winning one paid up to `stake + N`; a partly covered wager
/// has action on the covered part of its stake only (a win at `r` to 1 paid
/// `p` covers `p / r` of the stake), and the rest is returned: "Wagers are
/// collected or paid, to the extent that the player-dealer's wager covers."
/// Under `Coverage::Cutoff`, once `N` reaches either limit every later wager
/// is returned.
pub fn cover(
    coverage: Coverage,
    stake: Ratio,
    wagers: &[(Ratio, Pay)],
) -> Vec<(Settlement, Ratio)> {
    let mut net = Ratio::ZERO;
    let mut out = Vec::with_capacity(wagers.len());
    for &(amount, pay) in wagers {
        let exhausted = net == stake || net == -stake;
        let s = if coverage == Coverage::Cutoff && exhausted {
            returned(amount)
        } else {
            match pay {
                Pay::Push => Settlement {
                    kind: Kind::Pushed,
                    amount: Ratio::ZERO,
                    returned: Ratio::ZERO,
                },
                Pay::Lose => {
                    let c = amount.min(stake - net);
                    net = net + c;
                    partial(Kind::Collected, c, amount - c, amount)
                }
                Pay::Win(r) => {
                    let p = (amount * r).min(stake + net);
                    net = net - p;
                    let covered = p / r;
                    partial(Kind::Paid, p, amount - covered, amount)
                }
            }
        };
        out.push((s, net));
    }
    out
}

fn returned(amount: Ratio) -> Settlement {
    Settlement {
        kind: Kind::Returned,
        amount: Ratio::ZERO,
        returned: amount,
    }
}

/// Nothing covered is a return; otherwise the covered action and the rest.
fn partial(kind: Kind, covered: Ratio, rest: Ratio, amount: Ratio) -> Settlement {
    if covered.num <= 0 {
        return returned(amount);
    }
    Settlement {
        kind,
        amount: covered,
        returned: rest,
    }
}

/// An amount of dollars: `100`, `12.50`, `-5`, or an exact fraction such as
/// `1001/200` where it is not a whole number of cents.
pub fn money(r: Ratio) -> String {
    if r.is_integer() {
        r.num.to_string()
    } else if 100 % r.den == 0 {
        r.decimal(2)
    } else {
        r.to_string()
    }
}

/// `+100`, `-500`, `0`.
pub fn signed_money(r: Ratio) -> String {
    if r.num > 0 {
        format!("+{}", money(r))
    } else {
        money(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128) -> Ratio {
        Ratio::int(n)
    }

    #[test]
    fn a_winner_beyond_the_stake_is_paid_in_part() {
        // Stake 100: a 150 winner at 1 to 1 is paid 100; 50 has no action.
        let s = cover(Coverage::RunningLimit, d(100), &[(d(150), Pay::Win(d(1)))]);
        assert_eq!(s[0].0.describe(), "paid 100, returned 50");
        assert_eq!(s[0].1, d(-100));
    }

    #[test]
    fn collected_money_pays_later_winners_under_the_running_limit() {
        let w = [
            (d(100), Pay::Win(d(1))),
            (d(50), Pay::Lose),
            (d(40), Pay::Win(d(1))),
        ];
        let run = cover(Coverage::RunningLimit, d(100), &w);
        let texts: Vec<String> = run.iter().map(|(s, _)| s.describe()).collect();
        assert_eq!(texts, ["paid 100", "collected 50", "paid 40"]);
        assert_eq!(run[2].1, d(-90));
        let cut = cover(Coverage::Cutoff, d(100), &w);
        let texts: Vec<String> = cut.iter().map(|(s, _)| s.describe()).collect();
        assert_eq!(texts, ["paid 100", "returned 50", "returned 40"]);
    }

    #[test]
    fn the_player_dealer_wins_no_more_than_his_stake() {
        let w = [(d(80), Pay::Lose), (d(30), Pay::Lose), (d(5), Pay::Push)];
        let s = cover(Coverage::RunningLimit, d(100), &w);
        assert_eq!(s[1].0.describe(), "collected 20, returned 10");
        assert_eq!(s[2].0.describe(), "pushed");
        assert_eq!(s[2].1, d(100));
    }

    #[test]
    fn fractional_pays_stay_exact() {
        // 3 to 2 on 5 cents with 4 cents left: covers 8/3 cents of the stake.
        let s = cover(
            Coverage::RunningLimit,
            Ratio::new(4, 100),
            &[(Ratio::new(5, 100), Pay::Win(Ratio::new(3, 2)))],
        );
        assert_eq!(s[0].0.amount, Ratio::new(4, 100));
        assert_eq!(s[0].0.returned, Ratio::new(7, 300));
        assert_eq!(money(Ratio::new(25, 2)), "12.50");
    }
}
