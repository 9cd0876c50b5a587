//! The player's decision, exactly: for every combination of the cards he
//! sees, the expected return of standing and of drawing, by enumeration of
//! every ordered six-card sequence (point values, weighted by the number of
//! sequences of actual cards each stands for).
//!
//! From these: the optimal strategy (composition-dependent: one decision
//! per combination of seen point values), the best total-dependent strategy
//! (one decision per first-hand total and the other seen cards), and the
//! figures of any strategy the spec writes. The objective is the summed
//! return of the wagers listed under `optimal:`, each one unit when placed.
//!
//! Point values suffice: the checker admits only objective wagers and
//! strategies that read point values, and a shoe's value composition after
//! removing seen cards depends only on their values.

mod settled;

pub use settled::{BATCH, Settled, decisions_settled, decisions_settled_many};

use super::atoms::Atoms;
use super::classes::classes;
use super::keys::Keying;
use super::plan::Level;
use super::shoe::Composition;
use crate::cards::Card;
use crate::model::round::{Round, SLOTS};
use crate::model::{Chart, Decides, Spec, StrategyRule};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Zero;
use rayon::prelude::*;

/// What one decision yields over the sequences of one information set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Yield {
    /// Sum over sequences of the objective's net result, times `scale`.
    pub net: i128,
    /// Sum over sequences of the units staked (wagers placed).
    pub staked: u128,
    /// Sequences on which the hand actually draws (no natural).
    pub drew: u128,
}

impl Yield {
    fn add(&mut self, o: Yield) {
        self.net += o.net;
        self.staked += o.staked;
        self.drew += o.drew;
    }
}

/// One combination of seen point values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoSet {
    pub weight: u128,
    pub stand: Yield,
    pub draw: Yield,
}

impl InfoSet {
    pub fn get(&self, draw: bool) -> Yield {
        if draw { self.draw } else { self.stand }
    }
}

/// Every information set of a shoe, indexed like `Chart::draw`.
#[derive(Clone, Debug)]
pub struct Decisions {
    pub sees: Vec<u8>,
    /// Nets are multiplied by this to make them whole.
    pub scale: i128,
    pub total: u128,
    pub sets: Vec<InfoSet>,
}

/// A strategy's figures for the objective wagers.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Expected net result per round, in units of one bet.
    pub expected: BigRational,
    /// Expected units staked per round.
    pub staked: BigRational,
    /// Probability that the hand draws.
    pub draws: BigRational,
}

impl Figures {
    /// House edge per round (per unit of the always-placed bet).
    pub fn house_edge(&self) -> BigRational {
        -self.expected.clone()
    }

    /// House edge per unit wagered in total (the element of risk); zero if
    /// the strategy never places a wager.
    pub fn per_total_wagered(&self) -> BigRational {
        if self.staked.is_zero() {
            return BigRational::zero();
        }
        -(&self.expected / &self.staked)
    }
}

/// A rank of point value `value`, standing for its class (as the engine's
/// value classes do: the ten for 0).
fn rep(value: u8) -> u8 {
    if value == 0 { 10 } else { value }
}

/// Cards of each point value in the shoe: the engine's value classes.
fn by_value(shoe: &Composition) -> [u128; 10] {
    let mut out = [0u128; 10];
    for c in classes(Level::Value, shoe) {
        out[Card::new(c.rep, 0).value() as usize] = c.size;
    }
    out
}

/// An objective wager, ready to settle without allocating.
///
/// The same settlement as `eval::settle::settle_wager` under the first pay
/// table, with the precedence order and nets computed once (the walk
/// settles about a million rounds); tests check the two agree.
struct Settler<'a> {
    wager: &'a crate::model::Wager,
    events: Vec<&'a crate::model::Cond>,
    /// Event indices in precedence order under the first pay table.
    order: Vec<usize>,
    /// Net per event, times the scale.
    nets: Vec<i128>,
}

/// Expected returns of both decisions in every information set.
///
/// Sequences are enumerated by point value: the seen cards first, then the
/// rest of the initial deal; each decision then enumerates only the third
/// cards actually dealt, and an unused slot is any of the cards left.
///
/// # Panics
/// If the first hand does not decide (callers check `Spec::decides`).
pub fn decisions(spec: &Spec, shoe: &Composition) -> Decisions {
    walk(spec, shoe, true)
}

/// [`decisions`]; `keyed`: settle each key once (see [`Outcomes`]), or
/// every round (the strategy stage's tests compare the two).
pub(crate) fn walk(spec: &Spec, shoe: &Composition, keyed: bool) -> Decisions {
    let d = spec.decides().expect("a deciding hand");
    let scale = spec_scale(spec, d);
    let settlers = settlers(spec, d, scale);
    let outcomes = Outcomes::of(&settlers, keyed);
    let counts = by_value(shoe);
    let mut order: Vec<usize> = d.sees.iter().map(|&s| s as usize).collect();
    order.extend(
        [0usize, 1, 3, 4]
            .into_iter()
            .filter(|s| !d.sees.contains(&(*s as u8))),
    );
    let size = 10usize.pow(d.sees.len() as u32);
    let first: Vec<u8> = (0..10).filter(|&v| counts[v as usize] > 0).collect();
    let parts: Vec<Vec<(usize, InfoSet)>> = first
        .par_iter()
        .map(|&v0| {
            let mut walk = Walk {
                spec,
                d,
                scale,
                settlers: &settlers,
                order: &order,
                counts,
                left: shoe.total() - 1,
                values: [0; SLOTS],
                found: vec![InfoSet::default(); size],
                touched: Vec::new(),
                outcomes: &outcomes,
                memo: vec![None; outcomes.keying.as_ref().map_or(0, Keying::size)],
                atom_values: vec![0; outcomes.atoms.list.len()],
            };
            // Each thread takes one value of the first seen card.
            walk.values[order[0]] = v0;
            walk.counts[v0 as usize] -= 1;
            walk.go(1, counts[v0 as usize]);
            walk.touched
                .iter()
                .map(|&i| (i, walk.found[i].clone()))
                .collect()
        })
        .collect();
    let mut sets = vec![InfoSet::default(); size];
    for (i, set) in parts.into_iter().flatten() {
        sets[i] = set;
    }
    checked(spec, d, shoe, sets)
}

/// The information sets of a walk as [`Decisions`], once the checksum
/// holds, as in the engine: every ordered six-card sequence counted once.
fn checked(spec: &Spec, d: &Decides, shoe: &Composition, sets: Vec<InfoSet>) -> Decisions {
    let n = shoe.total();
    let total: u128 = (0..6).map(|i| n.saturating_sub(i)).product();
    assert_eq!(
        sets.iter().map(|s| s.weight).sum::<u128>(),
        total,
        "the decision enumeration lost or double-counted sequences"
    );
    Decisions {
        sees: d.sees.clone(),
        scale: spec_scale(spec, d),
        total,
        sets,
    }
}

/// The objective's wagers, ready to settle; nets times `scale`.
fn settlers<'a>(spec: &'a Spec, d: &Decides, scale: i128) -> Vec<Settler<'a>> {
    d.objective
        .iter()
        .map(|&w| {
            let w = &spec.wagers[w];
            let t = &w.pay_tables[0];
            Settler {
                wager: w,
                events: w.events.iter().map(|e| &e.when).collect(),
                order: w.precedence.order(&t.pays),
                nets: t
                    .pays
                    .iter()
                    .map(|p| {
                        let r = p.net();
                        r.num * (scale / r.den)
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Whether [`decisions`] settles the spec's objective once per key rather
/// than round by round (see [`Outcomes`]).
#[cfg(test)]
pub(crate) fn settles_by_key(spec: &Spec) -> bool {
    spec.decides().is_some_and(|d| {
        let scale = spec_scale(spec, d);
        Outcomes::of(&settlers(spec, d, scale), true)
            .keying
            .is_some()
    })
}

/// The least common multiple of the objective's pay denominators.
fn spec_scale(spec: &Spec, d: &Decides) -> i128 {
    let mut l: i128 = 1;
    for &w in &d.objective {
        for p in &spec.wagers[w].pay_tables[0].pays {
            l = l.lcm(&p.net().den);
        }
    }
    l
}

/// What the objective's settlement of a round depends on: the atoms its
/// events and placement conditions read, and, where those depend only on a
/// few things (totals, card counts, a few slots' ranks), a flat key of them
/// (see [`Keying`]). Rounds with one key settle alike, so each key is
/// settled once per walk: the walk reaches about a million rounds, the
/// keys number a few thousand.
struct Outcomes {
    atoms: Atoms,
    keying: Option<Keying>,
}

impl Outcomes {
    fn of(settlers: &[Settler], keyed: bool) -> Outcomes {
        let mut atoms = Atoms::new();
        for s in settlers {
            for e in &s.events {
                atoms.compile(e);
            }
            if let Some(p) = &s.wager.placed {
                atoms.compile(&p.when);
            }
        }
        // Suits are not dealt here (point values only): no key reads them,
        // so a spec whose objective did would be settled round by round.
        let keying = if !keyed || atoms.suit_slots.iter().any(|s| *s != 0) {
            None
        } else {
            Keying::of(&atoms)
        };
        Outcomes { atoms, keying }
    }
}

struct Walk<'a> {
    spec: &'a Spec,
    d: &'a Decides,
    scale: i128,
    settlers: &'a [Settler<'a>],
    /// Seen slots, then the rest of the initial deal.
    order: &'a [usize],
    counts: [u128; 10],
    /// Cards left in the shoe.
    left: u128,
    values: [u8; SLOTS],
    found: Vec<InfoSet>,
    touched: Vec<usize>,
    outcomes: &'a Outcomes,
    /// Per key: the net (times the scale) and units staked of one sequence.
    memo: Vec<Option<(i128, u128)>>,
    /// Scratch for keys made of atom values.
    atom_values: Vec<i64>,
}

impl Walk<'_> {
    /// Places each point value left in the shoe in `slot` in turn; `f`
    /// gets the value and how many cards of it there were.
    fn each_value(&mut self, slot: usize, mut f: impl FnMut(&mut Self, u8, u128)) {
        for v in 0..10u8 {
            let n = self.counts[v as usize];
            if n == 0 {
                continue;
            }
            self.values[slot] = v;
            self.counts[v as usize] -= 1;
            self.left -= 1;
            f(self, v, n);
            self.counts[v as usize] += 1;
            self.left += 1;
        }
    }

    fn go(&mut self, depth: usize, weight: u128) {
        if depth == self.order.len() {
            return self.initial(weight);
        }
        self.each_value(self.order[depth], |w, _, n| w.go(depth + 1, weight * n));
    }

    /// The four initial cards are placed: both decisions, third cards
    /// enumerated where dealt.
    fn initial(&mut self, weight: u128) {
        let index = Chart::index_of(&self.d.sees, |s| self.values[s as usize]);
        let game = &self.spec.game;
        let t = |h: usize| (self.values[h * 3] + self.values[h * 3 + 1]) % 10;
        let (t0, t1) = (t(0), t(1));
        let natural = game.is_natural(t0) || game.is_natural(t1);
        let stand = self.second(weight, false, !natural && game.second_draws(t1, None));
        let draw = if natural {
            stand
        } else {
            let mut sum = Yield::default();
            self.each_value(2, |w, v, n| {
                sum.add(w.second(weight * n, true, game.second_draws(t1, Some(v))));
            });
            // The hand draws whatever the third cards turn out to be.
            sum.drew = weight_all(weight, self.left);
            sum
        };
        let set = &mut self.found[index];
        if set.weight == 0 {
            self.touched.push(index);
        }
        // Every way to fill the two third-card slots, used or not.
        set.weight += weight_all(weight, self.left);
        set.stand.add(stand);
        set.draw.add(draw);
    }

    /// The second hand's third card (if dealt), then settlement; unused
    /// slots are any of the cards left.
    fn second(&mut self, weight: u128, first: bool, second: bool) -> Yield {
        let counts = [2 + first as u8, 2 + second as u8];
        if !second {
            let free = if first {
                self.left
            } else {
                self.left * self.left.saturating_sub(1)
            };
            return self.settle(weight * free, counts);
        }
        let mut sum = Yield::default();
        self.each_value(5, |w, _, n| {
            let free = if first { 1 } else { w.left };
            sum.add(w.settle(weight * n * free, counts));
        });
        sum
    }

    fn settle(&mut self, weight: u128, counts: [u8; 2]) -> Yield {
        let (net, staked) = self.settled(counts);
        Yield {
            net: net * weight as i128,
            staked: staked * weight,
            drew: 0,
        }
    }

    /// The objective's net (times the scale) and units staked of one
    /// sequence dealing the current values, by key where there is one.
    fn settled(&mut self, counts: [u8; 2]) -> (i128, u128) {
        let round = Round {
            cards: std::array::from_fn(|s| Card::new(rep(self.values[s]), 0)),
            counts,
        };
        let key = self.key(&round);
        match key.and_then(|k| self.memo[k]) {
            Some(known) => known,
            None => {
                let settled = self.settle_one(&round);
                if let Some(k) = key {
                    self.memo[k] = Some(settled);
                }
                settled
            }
        }
    }

    /// The round's key in the memo, if the objective's atoms allow one.
    fn key(&mut self, round: &Round) -> Option<usize> {
        match &self.outcomes.keying {
            Some(Keying::Cards(k)) => {
                let two = |h: usize| (self.values[h * 3] + self.values[h * 3 + 1]) % 10;
                Some(k.key(round, [two(0), two(1)]))
            }
            Some(Keying::Values(k)) => {
                let atoms = &self.outcomes.atoms;
                atoms.values(round, crate::model::cond::ALL_SLOTS, &mut self.atom_values);
                Some(k.key(&self.atom_values))
            }
            None => None,
        }
    }

    /// The objective's net (times the scale) and units staked on one
    /// sequence dealing `round`.
    fn settle_one(&self, round: &Round) -> (i128, u128) {
        let (mut net, mut staked) = (0i128, 0u128);
        for w in self.settlers {
            if !w.wager.is_placed(round) {
                continue;
            }
            staked += 1;
            net += w
                .order
                .iter()
                .find(|&&k| w.events[k].holds(round))
                .map_or(-self.scale, |&k| w.nets[k]);
        }
        (net, staked)
    }
}

/// Ways to fill both third-card slots from `left` cards, times `weight`.
fn weight_all(weight: u128, left: u128) -> u128 {
    weight * left * left.saturating_sub(1)
}

/// The optimal composition-dependent strategy: draw where drawing returns
/// strictly more (on a tie the player stands and risks no more money).
pub fn optimal(d: &Decisions) -> Chart {
    Chart {
        sees: d.sees.clone(),
        draw: d.sets.iter().map(|s| s.draw.net > s.stand.net).collect(),
    }
}

/// The key of a set under a total-dependent strategy: the first hand's
/// two-card total and the other hand's seen values.
fn total_key(sees: &[u8], index: usize) -> (u8, Vec<u8>) {
    let seen = Seen::of(sees, index);
    (seen.total(), seen.others)
}

/// The seen point values of a combination: the deciding (first) hand's
/// cards, then the other hand's.
pub struct Seen {
    pub own: Vec<u8>,
    pub others: Vec<u8>,
}

impl Seen {
    pub fn of(sees: &[u8], index: usize) -> Seen {
        let mut seen = Seen {
            own: Vec::new(),
            others: Vec::new(),
        };
        for (s, v) in Chart::values_of(sees, index) {
            // Slots 0..3 are the first hand's, the one that decides.
            if s < 3 {
                seen.own.push(v);
            } else {
                seen.others.push(v);
            }
        }
        seen
    }

    /// The deciding hand's two-card total.
    pub fn total(&self) -> u8 {
        self.own.iter().sum::<u8>() % 10
    }
}

/// The best strategy that sees only the first hand's total (and the other
/// hand's seen cards): per key, draw where drawing returns strictly more
/// summed over every combination with that key.
pub fn by_total(d: &Decisions) -> Chart {
    let mut gain: std::collections::BTreeMap<(u8, Vec<u8>), i128> = Default::default();
    for (i, s) in d.sets.iter().enumerate() {
        *gain.entry(total_key(&d.sees, i)).or_default() += s.draw.net - s.stand.net;
    }
    Chart {
        sees: d.sees.clone(),
        draw: (0..d.sets.len())
            .map(|i| gain[&total_key(&d.sees, i)] > 0)
            .collect(),
    }
}

/// A written strategy as a chart: its condition on each combination.
pub fn chart_of(rule: &StrategyRule, d: &Decisions) -> Option<Chart> {
    let cond = match rule {
        StrategyRule::When(c) => c,
        StrategyRule::Chart(c) => return Some((**c).clone()),
        StrategyRule::Optimal(_) => return Some(optimal(d)),
    };
    let draw = (0..d.sets.len())
        .map(|index| {
            let mut round = Round {
                cards: [Card::new(1, 0); SLOTS],
                counts: [2, 2],
            };
            for (s, v) in Chart::values_of(&d.sees, index) {
                round.cards[s as usize] = Card::new(rep(v), 0);
            }
            cond.holds(&round)
        })
        .collect();
    Some(Chart {
        sees: d.sees.clone(),
        draw,
    })
}

/// The objective's figures when playing `chart`.
pub fn figures(d: &Decisions, chart: &Chart) -> Figures {
    let mut sum = Yield::default();
    for (s, draw) in d.sets.iter().zip(&chart.draw) {
        sum.add(s.get(*draw));
    }
    let t = BigInt::from(d.total);
    Figures {
        expected: BigRational::new(BigInt::from(sum.net), t.clone() * BigInt::from(d.scale)),
        staked: BigRational::new(BigInt::from(sum.staked), t.clone()),
        draws: BigRational::new(BigInt::from(sum.drew), t),
    }
}

/// One strategy's figures, for the comparison table.
#[derive(Clone, Debug)]
pub struct StrategyFigures {
    pub id: String,
    pub description: String,
    pub figures: Figures,
}

/// The decision analysis of a shoe.
#[derive(Clone, Debug)]
pub struct DecisionStats {
    /// The deciding hand's name and the names of the seen cards.
    pub hand: String,
    pub sees: Vec<String>,
    /// The objective's wager ids.
    pub objective: Vec<String>,
    /// The strategy the figures of section 4 are computed under.
    pub default: String,
    pub decisions: Decisions,
    pub optimal: Chart,
    pub by_total: Chart,
    /// Combinations (index, weight > 0) where the two charts differ.
    pub differences: Vec<usize>,
    /// Optimal, best total-dependent, then the spec's written strategies.
    pub strategies: Vec<StrategyFigures>,
}

pub const BY_TOTAL: &str = "optimal_by_total";

/// The full decision analysis, or None if no optimal strategy is declared.
pub fn analyse(spec: &Spec, shoe: &Composition) -> Option<DecisionStats> {
    analyse_with(spec, shoe, None)
}

/// [`analyse`], reusing `known`, the [`decisions`] for this spec's game and
/// `shoe` when the strategy stage already enumerated them (they do not
/// depend on the strategies, only on the objective wagers and the shoe).
pub fn analyse_with(
    spec: &Spec,
    shoe: &Composition,
    known: Option<Decisions>,
) -> Option<DecisionStats> {
    let d = spec.decides()?;
    if d.objective.is_empty() {
        return None;
    }
    let decisions = known.unwrap_or_else(|| decisions(spec, shoe));
    let optimal = optimal(&decisions);
    let by_total = by_total(&decisions);
    let differences = (0..decisions.sets.len())
        .filter(|&i| decisions.sets[i].weight > 0 && optimal.draw[i] != by_total.draw[i])
        .collect();
    let mut strategies = vec![
        StrategyFigures {
            id: crate::model::OPTIMAL.into(),
            description: "optimal: each combination of seen cards decided exactly".into(),
            figures: figures(&decisions, &optimal),
        },
        StrategyFigures {
            id: BY_TOTAL.into(),
            description: "the best strategy by the player's total and the dealer's seen cards"
                .into(),
            figures: figures(&decisions, &by_total),
        },
    ];
    for s in &d.strategies {
        if s.id == crate::model::OPTIMAL {
            continue;
        }
        if let Some(chart) = chart_of(&s.rule, &decisions) {
            strategies.push(StrategyFigures {
                id: s.id.clone(),
                description: s.source.clone(),
                figures: figures(&decisions, &chart),
            });
        }
    }
    let g = &spec.game;
    Some(DecisionStats {
        hand: g.hands[0].clone(),
        sees: d.sees.iter().map(|&s| g.slot_name(s)).collect(),
        objective: d
            .objective
            .iter()
            .map(|&w| spec.wagers[w].id.clone())
            .collect(),
        default: d.strategies[d.default].id.clone(),
        decisions,
        optimal,
        by_total,
        differences,
        strategies,
    })
}
