//! Whether fewer or more decks are a mitigation of a countable pay table,
//! judged on the counter's win per 100 rounds dealt at each other deck
//! count measured (`crate::study::other_decks`) against the run's: a
//! shoe of fewer decks holds fewer rounds, so its win per shoe alone would
//! flatter it. The report words the verdicts (`crate::report::other_decks`).

use super::scope::DocumentStanding;
use crate::model::Spec;
use crate::simulator::stats::{CounterResult, Estimate};
use crate::study::{Played, Study, TableStudy};
use schemars::JsonSchema;
use serde::Serialize;

/// A counter's win at one deck count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Win {
    pub decks: u32,
    /// Expected win per shoe, units, with its 99.9% interval.
    pub per_shoe: Estimate,
    /// The same per 100 rounds dealt (rounds begun before the cut card).
    pub per_100: Estimate,
    pub countable: bool,
}

/// How the win per round at another count compares with the run's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// More than the two intervals together allow for.
    Stronger,
    Weaker,
    /// Not told apart by the intervals.
    Alike,
}

impl Win {
    /// From a counter measured on sampled shoes, else from the dealt pass
    /// that chose its threshold (`dealt`: rounds per shoe there), with the
    /// study's verdict on it.
    fn of(
        (decks, countable): (u32, bool),
        measured: Option<&Played>,
        chosen: &CounterResult,
        dealt: f64,
    ) -> Win {
        let (per_shoe, rounds) = match measured {
            Some(p) => (
                p.expected,
                p.sample.rounds as f64 / p.sample.shoes.max(1) as f64,
            ),
            None => (chosen.win_per_shoe, dealt),
        };
        // Rounds per shoe hardly vary at a fixed cut card: the interval
        // scales with the win.
        let k = 100.0 / rounds.max(1.0);
        Win {
            decks,
            per_shoe,
            per_100: Estimate {
                value: per_shoe.value * k,
                half_width: per_shoe.half_width * k,
            },
            countable,
        }
    }

    pub fn against(&self, run: &Win) -> Change {
        let d = self.per_100.value - run.per_100.value;
        let hw = self.per_100.half_width.hypot(run.per_100.half_width);
        if d > hw {
            Change::Stronger
        } else if d < -hw {
            Change::Weaker
        } else {
            Change::Alike
        }
    }
}

/// The deck counts among `ws` whose win per round compares with the
/// run's as `change` says.
pub(crate) fn counts_where(run: &Win, ws: &[Win], change: Change) -> Vec<u32> {
    ws.iter()
        .filter(|w| w.against(run) == change)
        .map(|w| w.decks)
        .collect()
}

/// The run's own counter of a pay table, and its counters at the other
/// deck counts measured, ascending.
pub(crate) fn wins(st: &Study, t: &TableStudy) -> (Win, Vec<Win>) {
    let per = |rounds: u64, shoes: u64| rounds as f64 / shoes.max(1) as f64;
    let run = Win::of(
        (st.decks, t.countable),
        t.same_shoes.as_ref().and_then(|s| s.counter.last()),
        t.selected.last().expect("three penetrations"),
        per(st.dealt_rounds, st.dealt_shoes),
    );
    let others = st
        .other_decks
        .iter()
        .filter_map(|o| {
            let x = o
                .tables
                .iter()
                .find(|x| x.wager == t.wager && x.pay_table == t.pay_table)?;
            Some(Win::of(
                (o.decks, x.countable),
                x.measured.as_ref(),
                &x.selected,
                per(o.dealt_rounds, o.dealt_shoes),
            ))
        })
        .collect();
    (run, others)
}

/// The other deck counts at which a finding's count shows no win and wins
/// less per round than at the run's count.
pub(crate) fn lost_at(st: &Study, t: &TableStudy) -> Vec<u32> {
    let (run, others) = wins(st, t);
    others
        .iter()
        .filter(|w| !w.countable && w.against(&run) == Change::Weaker)
        .map(|w| w.decks)
        .collect()
}

/// [`lost_at`], of the counts the document permits (or does not
/// restrict): a recommendation may name them.
pub(crate) fn mitigating(spec: &Spec, st: &Study, t: &TableStudy) -> Vec<u32> {
    lost_at(st, t)
        .into_iter()
        .filter(|&d| DocumentStanding::of(spec, d) != DocumentStanding::Outside)
        .collect()
}

/// Whether fewer (or more) decks are a mitigation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mitigation {
    /// At these counts the count wins more per round dealt.
    /// (And not told apart at `alike`, less at `weaker`: the stronger
    /// count may be one the document does not permit.)
    No {
        stronger: Vec<u32>,
        alike: Vec<u32>,
        weaker: Vec<u32>,
    },
    /// At every count measured it wins less per round and shows no win.
    Yes { weaker: Vec<u32> },
    /// Less per round at every count, but a win still at these.
    Partial { weaker: Vec<u32>, still: Vec<u32> },
    /// Not told apart from the run's count at these (and less at those).
    NotShown { alike: Vec<u32>, weaker: Vec<u32> },
}

pub(crate) fn mitigation(run: &Win, ws: &[Win]) -> Mitigation {
    let of = |c| counts_where(run, ws, c);
    let (stronger, weaker, alike) = (of(Change::Stronger), of(Change::Weaker), of(Change::Alike));
    let still: Vec<u32> = ws.iter().filter(|w| w.countable).map(|w| w.decks).collect();
    if !stronger.is_empty() {
        Mitigation::No {
            stronger,
            alike,
            weaker,
        }
    } else if alike.is_empty() && still.is_empty() {
        Mitigation::Yes { weaker }
    } else if alike.is_empty() {
        Mitigation::Partial { weaker, still }
    } else {
        Mitigation::NotShown { alike, weaker }
    }
}
