//! Game protection: what a player gains from seeing, or telling apart,
//! the first cards of a round before bets close (edge sorting, a flashed
//! card, cards dealt face up), exactly.
//!
//! The engine gives the joint table of the ranks of the first four cards
//! and every wager's returns (`engine::shoe_state::observed`). A
//! scenario groups its observations by what the player knows (the first
//! K ranks, or for each whether it is in a group of ranks); in each group
//! the player bets the wager whose conditional expectation is highest, or
//! with the right to sit out, nothing when none is positive. Sums of exact
//! integers over one common denominator: every figure is an exact
//! fraction.
//!
//! Layer: machinery, run by the protection stage (`crate::protection`).

mod decide;
pub mod informed;
pub mod scenario;
mod search;

use crate::engine::shoe_state::observed::{OBSERVATIONS, Observed};
pub use informed::StrategyGain;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
pub use scenario::{Scenario, Seen};

/// One thing the player may bet: one unit on a wager under one pay table,
/// or on a combined wager (its wagers' pay tables, summed per unit of the
/// wager it is quoted per).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The wager's id (with `/table` when not its first pay table), or the
    /// combined wager's.
    pub name: String,
    /// (wager, pay table) whose net results add up.
    pub parts: Vec<(usize, usize)>,
}

/// Per observation, per choice: the net win summed over the sequences
/// dealing it, in units of `1 / scale`.
pub struct Values {
    pub names: Vec<String>,
    v: Vec<i128>,
    counts: Vec<u128>,
    scale: i128,
    total: u128,
}

impl Values {
    pub fn new(observed: &Observed, choices: &[Choice]) -> Values {
        let col = |w: usize, t: Option<usize>| observed.cols.iter().position(|&c| c == (w, t));
        let scale = choices
            .iter()
            .flat_map(|c| &c.parts)
            .map(|&(w, t)| observed.scales[col(w, Some(t)).expect("a column per choice")] as i128)
            .fold(1i128, |a, s| a.lcm(&s));
        let ncols = observed.cols.len();
        let n = choices.len();
        let mut v = vec![0i128; OBSERVATIONS * n];
        for o in 0..OBSERVATIONS {
            let count = observed.counts[o] as i128;
            let row = &observed.sums[o * ncols..(o + 1) * ncols];
            for (i, choice) in choices.iter().enumerate() {
                v[o * n + i] = choice
                    .parts
                    .iter()
                    .map(|&(w, t)| {
                        let c = col(w, Some(t)).expect("a column per choice");
                        let back = row[c] * (scale / observed.scales[c] as i128);
                        let not_placed = col(w, None).map_or(0, |c| row[c]);
                        back - scale * (count - not_placed)
                    })
                    .sum();
            }
        }
        Values {
            names: choices.iter().map(|c| c.name.clone()).collect(),
            v,
            counts: observed.counts.clone(),
            scale,
            total: observed.total,
        }
    }

    fn fraction(&self, num: i128, sequences: u128) -> BigRational {
        if sequences == 0 {
            return BigRational::from_integer(BigInt::from(0));
        }
        BigRational::new(
            BigInt::from(num),
            BigInt::from(self.scale) * BigInt::from(sequences),
        )
    }
}

/// One scenario's result.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub scenario: Scenario,
    /// The choices, as `Decision::choice` indexes them.
    pub choices: Vec<String>,
    /// For a group scenario: the group as given (bit `r` for rank `r + 1`); for
    /// `groups:K:best`, the smaller group of the best partition.
    pub partition: Option<u16>,
    /// For `groups:K:best`: the next best partitions.
    pub runners_up: Vec<Ranked>,
    /// Partitions searched (`groups:K:best`).
    pub searched: usize,
    /// The player who must bet every round: expected win per round dealt.
    pub player_edge: BigRational,
    /// The player who may sit out: expected win per round dealt.
    pub player_edge_sitting_out: BigRational,
    /// ... per round bet (zero when no observation is worth a bet).
    pub edge_per_bet_sitting_out: BigRational,
    /// ... and the share of rounds bet.
    pub share_bet: BigRational,
    /// Per observation that happens: the best choice, its exact edge and
    /// probability.
    pub decisions: Vec<Decision>,
    /// `hole`, `seen:N`: the drawing strategy's figures with and without
    /// the knowledge (the edges above are then the informed player's, who
    /// must bet: bets close before the deal).
    pub strategy: Option<StrategyGain>,
}

/// A partition and the edges it gives (`groups:K:best`).
#[derive(Clone, Debug)]
pub struct Ranked {
    /// The smaller group's ranks.
    pub partition: u16,
    pub player_edge: BigRational,
    pub player_edge_sitting_out: BigRational,
}

#[derive(Clone, Debug)]
pub struct Decision {
    /// What the player sees: ranks (`7 K`) or groups (`in out`).
    pub observation: String,
    /// The best choice (an index into `Outcome::choices`).
    pub choice: usize,
    /// Its expected win per unit bet, given the observation.
    pub edge: BigRational,
    pub probability: BigRational,
    /// Whether the player who may sit out bets (the edge is positive).
    pub bet: bool,
}

/// The result of `scenario` with the player choosing among `values`'
/// choices.
pub fn run(values: &Values, scenario: &Scenario) -> Outcome {
    let k = scenario.cards;
    let (partition, runners_up, searched) = match scenario.seen {
        Seen::Ranks | Seen::Hole | Seen::Face => (None, Vec::new(), 0),
        Seen::Group(g) => (Some(g), Vec::new(), 0),
        Seen::Best => {
            let ranked = search::search(values, k);
            let searched = ranked.len();
            let mut top = ranked.into_iter().take(6);
            let best = top.next().expect("partitions");
            (Some(best.partition), top.collect(), searched)
        }
    };
    let grouped = match partition {
        None => decide::by_ranks(values, k),
        Some(g) => decide::by_group(&decide::by_ranks(values, k), k, g),
    };
    decide::outcome(values, scenario, grouped, partition, runners_up, searched)
}

/// Slots as a reader says them: `dealer.first` -> "dealer's first card".
fn words(slots: &[String]) -> String {
    let one = |s: &String| match s.split_once('.') {
        Some((hand, pos)) => format!("the {hand}'s {pos} card"),
        None => s.clone(),
    };
    slots.iter().map(one).collect::<Vec<_>>().join(" and ")
}

/// The smaller of a group and its complement (the one a partition is
/// named by).
fn smaller(g: u16) -> u16 {
    let other = scenario::ALL_RANKS & !g;
    if other.count_ones() < g.count_ones() || (other.count_ones() == g.count_ones() && other < g) {
        other
    } else {
        g
    }
}

/// The outcome of an informed-play scenario (`hole`, `seen:N`): the
/// informed player bets every round (bets close before the deal).
pub fn informed_outcome(scenario: &Scenario, gain: StrategyGain) -> Outcome {
    let edge = gain.informed.expected.clone();
    Outcome {
        scenario: scenario.clone(),
        choices: vec![gain.objective.join(" + ")],
        partition: None,
        runners_up: Vec::new(),
        searched: gain.combinations as usize,
        player_edge: edge.clone(),
        player_edge_sitting_out: edge.clone(),
        edge_per_bet_sitting_out: edge,
        share_bet: BigRational::from_integer(BigInt::from(1)),
        decisions: Vec::new(),
        strategy: Some(gain),
    }
}

/// What the scenario lets the player see, in words (the command's table
/// and the report say it alike).
pub fn sees(o: &Outcome) -> String {
    let k = o.scenario.cards;
    match (&o.scenario.seen, &o.strategy) {
        (Seen::Hole, Some(g)) => {
            return format!("{} (dealt face down) before deciding", words(&g.hidden));
        }
        (Seen::Face, _) if k == 1 => {
            return "one other card dealt face up before deciding".into();
        }
        (Seen::Face, _) => return format!("{k} other cards dealt face up before deciding"),
        _ => {}
    }
    let cards = if k == 1 {
        "the first card".to_string()
    } else {
        format!("the first {k} cards")
    };
    match o.partition {
        None if k == 1 => format!("the rank of {cards}"),
        None => format!("the ranks of {cards}"),
        Some(g) => format!(
            "whether {cards} {} in {{{}}}",
            if k == 1 { "is" } else { "are each" },
            scenario::ranks_text(g)
        ),
    }
}
