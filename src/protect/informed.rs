//! Scenarios that change how the player plays rather than what they bet:
//! a face-down card seen (`hole`: a flashed card, a careless dealer) and
//! other cards seen face up before deciding (`seen:N`: the other players'
//! hands at a full table). Bets close before the deal, so the player's
//! only use of the knowledge is the drawing decision; the gain is the
//! difference between the optimal strategy with the knowledge and the
//! spec's strategy without it.
//!
//! Both are exact. `hole` adds the hidden slots to what the deciding hand
//! sees and enumerates the decisions again (`engine::decide`). `seen:N`
//! enumerates every combination of the N seen cards' point values,
//! weighted by the ordered sequences that deal it, and for each the
//! optimal strategy of the shoe that remains; every such shoe holds the
//! same number of cards, so every combination's figures share one
//! denominator and the sum is exact in integers.

use crate::cards::Card;
use crate::diag::protect::ProtectError;
use crate::engine::decide::{
    BATCH, Decisions, Figures, Settled, chart_of, decisions_settled, decisions_settled_many,
    figures, optimal,
};
use crate::engine::shoe::Composition;
use crate::model::{Chart, Decides, FirstRule, Spec};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// The most cards `seen:N` accepts: six other players' two cards.
pub const MOST_SEEN: u8 = 12;

/// What the knowledge is worth to the deciding player.
#[derive(Clone, Debug)]
pub struct StrategyGain {
    /// The wagers whose summed return the strategy maximises, by name.
    pub objective: Vec<String>,
    /// The cards the deciding hand sees normally, then the hidden ones now
    /// seen (`hole`), as the spec names them (`dealer.first`).
    pub sees: Vec<String>,
    pub hidden: Vec<String>,
    /// The spec's strategy, without the knowledge.
    pub normal: Figures,
    /// The optimal strategy with it.
    pub informed: Figures,
    /// `seen:N`: the combinations of seen point values enumerated.
    pub combinations: u64,
    /// `seen:N`: the spec's strategy played on every depleted shoe and
    /// summed with the same weights (equal to `normal`: a check that the
    /// enumeration covers every way the seen cards fall).
    pub ignoring: Option<Figures>,
    /// `hole`: the informed strategy by the deciding hand's two-card total
    /// (rows) and the other hand's two-card total (columns).
    pub chart: Option<TotalsChart>,
    /// `hole`: the informed strategy itself, per combination of the seen
    /// cards' point values (what a simulated player follows).
    pub played: Option<Chart>,
    /// `hole`: where drawing and standing are worth exactly the same to
    /// the informed player (who then stands, as `informed` counts him).
    pub ties: Option<Ties>,
}

/// Decisions the informed player is indifferent to: the same per round,
/// not per total wagered (drawing adds a bet).
#[derive(Clone, Debug)]
pub struct Ties {
    /// The share of rounds dealt on which drawing and standing tie (a
    /// drawing decision is made, and either way wins the same).
    pub share: BigRational,
    /// The informed player who draws on them instead.
    pub drawing: Figures,
}

impl StrategyGain {
    /// What the knowledge adds to the player's expected win per round (per
    /// unit of the bet always placed).
    pub fn gain(&self) -> BigRational {
        &self.informed.expected - &self.normal.expected
    }
}

/// The player's expected win per unit wagered in total (the bet always
/// placed and those the strategy adds).
pub fn per_total_wagered(f: &Figures) -> BigRational {
    -f.per_total_wagered()
}

/// A strategy summarised by totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalsChart {
    /// `cells[own][other]`.
    pub cells: [[Cell; 10]; 10],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Stand,
    Draw,
    /// Stand or draw by the cards making the totals.
    Depends,
    /// No dealt combination has these totals (naturals end the round).
    Never,
}

impl TotalsChart {
    /// One line per own total: the cells' letters, separated by spaces.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|r| r.iter().map(|c| c.letter()).collect::<Vec<_>>().join(" "))
            .collect()
    }
}

impl Cell {
    pub fn letter(self) -> &'static str {
        match self {
            Cell::Stand => "S",
            Cell::Draw => "D",
            Cell::Depends => "S/D",
            Cell::Never => "-",
        }
    }
}

fn deciding(spec: &Spec) -> Result<&Decides, ProtectError> {
    match spec.decides() {
        Some(d) if !d.objective.is_empty() => Ok(d),
        _ => Err(ProtectError::NoDecision {
            title: spec.title.clone(),
        }),
    }
}

/// The spec's strategy (its default) on these decisions.
fn normal_chart(d: &Decides, dec: &Decisions) -> Chart {
    chart_of(&d.strategies[d.default].rule, dec).unwrap_or_else(|| optimal(dec))
}

fn names(spec: &Spec, slots: &[u8]) -> Vec<String> {
    slots.iter().map(|&s| spec.game.slot_name(s)).collect()
}

fn objective(spec: &Spec, d: &Decides) -> Vec<String> {
    d.objective
        .iter()
        .map(|&w| spec.wagers[w].id.clone())
        .collect()
}

/// A spec and a shoe, with what `hole` and `seen:N` on them both read,
/// each formed once when first asked for (scenarios run side by side):
/// the table of the deciding hand's rounds settled, and the spec's
/// decisions on the shoe read from it. The table settles the objective,
/// whatever the deciding hand sees, so `hole`'s decisions (the hand told
/// more) read it too: built once, it prices a shoe in a fifth of the
/// general walk's time (`tests/protect_informed.rs` holds the two walks
/// equal, for `hole`'s spec as well).
pub struct Shared<'a> {
    spec: &'a Spec,
    shoe: &'a Composition,
    base: std::sync::OnceLock<Decisions>,
    table: std::sync::OnceLock<Settled>,
}

impl<'a> Shared<'a> {
    pub fn new(spec: &'a Spec, shoe: &'a Composition) -> Shared<'a> {
        Shared {
            spec,
            shoe,
            base: std::sync::OnceLock::new(),
            table: std::sync::OnceLock::new(),
        }
    }

    fn base(&self) -> &Decisions {
        self.base
            .get_or_init(|| decisions_settled(self.spec, self.shoe, self.table()))
    }

    fn table(&self) -> &Settled {
        self.table.get_or_init(|| Settled::of(self.spec))
    }
}

/// `hole`: the deciding player also sees every card of the initial deal
/// that the spec keeps from them.
pub fn hole(shared: &Shared) -> Result<StrategyGain, ProtectError> {
    let (spec, shoe) = (shared.spec, shared.shoe);
    let d = deciding(spec)?;
    let hidden: Vec<u8> = [0u8, 1, 3, 4]
        .into_iter()
        .filter(|s| !d.sees.contains(s))
        .collect();
    if hidden.is_empty() {
        return Err(ProtectError::NothingHidden {
            title: spec.title.clone(),
        });
    }
    let base = shared.base();
    let normal = figures(base, &normal_chart(d, base));
    let mut told = spec.clone();
    if let FirstRule::Decides(x) = &mut told.game.first {
        x.sees.extend(&hidden);
    }
    let all = decisions_settled(&told, shoe, shared.table());
    let best = optimal(&all);
    let tied = |set: &crate::engine::decide::InfoSet| {
        set.weight > 0 && set.draw.net == set.stand.net && set.draw != set.stand
    };
    let ties = all.sets.iter().any(tied).then(|| {
        let mut drawing = best.clone();
        let mut weight = 0u128;
        for (i, set) in all.sets.iter().enumerate() {
            if tied(set) {
                drawing.draw[i] = true;
                weight += set.weight;
            }
        }
        Ties {
            share: BigRational::new(BigInt::from(weight), BigInt::from(all.total)),
            drawing: figures(&all, &drawing),
        }
    });
    Ok(StrategyGain {
        objective: objective(spec, d),
        sees: names(spec, &d.sees),
        hidden: names(spec, &hidden),
        normal,
        informed: figures(&all, &best),
        combinations: 0,
        ignoring: None,
        chart: Some(by_totals(&all, &best)),
        played: Some(best),
        ties,
    })
}

/// The chart of `best` by two-card totals; every initial card is seen.
fn by_totals(d: &Decisions, best: &Chart) -> TotalsChart {
    let mut cells = [[Cell::Never; 10]; 10];
    for (i, set) in d.sets.iter().enumerate() {
        if set.weight == 0 || set.draw == set.stand {
            // Unreached, or a natural: the decision changes nothing.
            continue;
        }
        let mut totals = [0u8; 2];
        for (slot, v) in Chart::values_of(&d.sees, i) {
            if slot % 3 < 2 {
                totals[(slot / 3) as usize] += v;
            }
        }
        let cell = &mut cells[(totals[0] % 10) as usize][(totals[1] % 10) as usize];
        let this = if best.draw[i] {
            Cell::Draw
        } else {
            Cell::Stand
        };
        *cell = match *cell {
            Cell::Never => this,
            c if c == this => c,
            _ => Cell::Depends,
        };
    }
    TotalsChart { cells }
}

/// A point value's cards in the shoe, taken one at a time (the decision
/// walk reads point values only, so which rank goes does not matter).
fn without_value(shoe: &Composition, value: u8, mut n: u32) -> Option<Composition> {
    let mut out = shoe.clone();
    for r in 0..13u8 {
        if Card::new(r + 1, 0).value() != value {
            continue;
        }
        for s in 0..4 {
            let take = n.min(out.counts[r as usize][s]);
            out.counts[r as usize][s] -= take;
            n -= take;
        }
    }
    (n == 0).then_some(out)
}

/// Every multiset of `n` point values (counts per value), in order.
fn multisets(n: u8, left: &[u128; 10]) -> Vec<[u8; 10]> {
    fn go(v: usize, n: u8, left: &[u128; 10], cur: &mut [u8; 10], out: &mut Vec<[u8; 10]>) {
        if v == 9 {
            if n as u128 <= left[9] {
                cur[9] = n;
                out.push(*cur);
            }
            return;
        }
        for k in 0..=n.min(left[v].min(255) as u8) {
            cur[v] = k;
            go(v + 1, n - k, left, cur, out);
        }
        cur[v] = 0;
    }
    let mut out = Vec::new();
    go(0, n, left, &mut [0; 10], &mut out);
    out
}

fn falling(n: u128, k: u32) -> BigInt {
    (0..k as u128).fold(BigInt::one(), |a, i| a * BigInt::from(n - i))
}

/// The shoe left once the seen cards of combination `m` (a count per
/// point value; `values` the shoe's cards per value) are dealt, and the
/// ordered sequences that deal them.
fn depleted(shoe: &Composition, values: &[u128; 10], m: &[u8]) -> (Composition, BigInt) {
    let mut left = shoe.clone();
    let mut ways = BigInt::one();
    let mut perms = BigInt::from(1u8);
    let mut taken = 0u32;
    for (v, &k) in m.iter().enumerate() {
        if k == 0 {
            continue;
        }
        left = without_value(&left, v as u8, k as u32).expect("counted");
        ways *= falling(values[v], k as u32);
        // n! / prod k!: the orders in which the values come.
        for i in 0..k as u32 {
            taken += 1;
            perms *= BigInt::from(taken);
            perms /= BigInt::from(i + 1);
        }
    }
    (left, ways * perms)
}

/// `seen:N`: before deciding, the player sees `n` other cards dealt from
/// the shoe (their point values; bets are already down).
pub fn seen(shared: &Shared, n: u8) -> Result<StrategyGain, ProtectError> {
    let (spec, shoe) = (shared.spec, shared.shoe);
    let d = deciding(spec)?;
    let base = shared.base();
    let normal_chart = normal_chart(d, base);
    let normal = figures(base, &normal_chart);
    let mut values = [0u128; 10];
    for (r, suits) in shoe.counts.iter().enumerate() {
        values[Card::new(r as u8 + 1, 0).value() as usize] +=
            suits.iter().map(|&c| c as u128).sum::<u128>();
    }
    if shoe.total() < n as u128 + 6 {
        return Err(ProtectError::TooFewCards { seen: n });
    }
    let combos = multisets(n, &values);
    let table = shared.table();
    // Per combination: (ordered sequences dealing it, informed sums,
    // the spec's strategy's sums), sums as (net, staked, drew). The
    // depleted shoes are settled a batch at a time (one pass over the
    // table for all of them).
    let parts: Vec<(BigInt, [i128; 3], [i128; 3])> = combos
        .par_chunks(BATCH)
        .flat_map_iter(|chunk| {
            let (lefts, ways): (Vec<Composition>, Vec<BigInt>) =
                chunk.iter().map(|m| depleted(shoe, &values, m)).unzip();
            let sums = |dec: &Decisions, chart: &Chart| {
                let mut s = [0i128; 3];
                for (set, &draw) in dec.sets.iter().zip(&chart.draw) {
                    let y = set.get(draw);
                    s[0] += y.net;
                    s[1] += y.staked as i128;
                    s[2] += y.drew as i128;
                }
                s
            };
            decisions_settled_many(spec, &lefts, table)
                .into_iter()
                .zip(ways)
                .map(|(dec, w)| (w, sums(&dec, &optimal(&dec)), sums(&dec, &normal_chart)))
                .collect::<Vec<_>>()
        })
        .collect();
    let after = shoe.total() - n as u128;
    let rounds: BigInt = falling(after, 6);
    let sequences = falling(shoe.total(), n as u32) * &rounds;
    let add = |which: usize| -> Figures {
        let mut s = [BigInt::zero(), BigInt::zero(), BigInt::zero()];
        for (w, informed, ignoring) in &parts {
            let x = if which == 0 { informed } else { ignoring };
            for i in 0..3 {
                s[i] += w * BigInt::from(x[i]);
            }
        }
        let [net, staked, drew] = s;
        Figures {
            expected: BigRational::new(net, &sequences * BigInt::from(base.scale)),
            staked: BigRational::new(staked, sequences.clone()),
            draws: BigRational::new(drew, sequences.clone()),
        }
    };
    Ok(StrategyGain {
        objective: objective(spec, d),
        sees: names(spec, &d.sees),
        hidden: Vec::new(),
        normal,
        informed: add(0),
        combinations: combos.len() as u64,
        ignoring: Some(add(1)),
        chart: None,
        played: None,
        ties: None,
    })
}
