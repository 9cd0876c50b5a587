//! Events rewritten over "atoms": the distinct leaf facts a group's events
//! read (a hand's total, a card's rank, whether a hand is suited...).
//!
//! The engine sums the weight of every enumerated round under the tuple of
//! its atom values, then evaluates each event once per distinct tuple: a
//! million rounds collapse to a few hundred or thousand tuples.

use crate::model::cond::{ABSENT, CmpOp, Cond, Side, Sign, SlotMask, compare};
use crate::model::round::{Round, SLOTS};

/// An atom whose value depends on suits not yet chosen.
pub const UNKNOWN: i64 = i64::MIN + 1;

pub struct Atoms {
    pub list: Vec<Cond>,
    /// Per atom: the slots whose suits it reads (0: reads no suit).
    pub suit_slots: Vec<SlotMask>,
}

/// A condition over atom values.
#[derive(Clone, Debug)]
pub enum AExpr {
    Atom(usize),
    Const(i64),
    Not(Box<AExpr>),
    And(Vec<AExpr>),
    Or(Vec<AExpr>),
    Cmp(CmpOp, Box<AExpr>, Box<AExpr>),
    In(Box<AExpr>, Vec<i64>),
    /// Flat, as `Cond::Sum` is.
    Sum(Box<AExpr>, Vec<(Sign, AExpr)>),
    /// `x % n`, as `Cond::Mod`.
    Mod(Box<AExpr>, i64),
    /// As `Cond::Side`, with the atoms of the two hands' final totals that
    /// say which hand wins.
    Side {
        side: Side,
        truth: bool,
        totals: [usize; 2],
        of: Box<[AExpr; 2]>,
    },
}

impl Atoms {
    pub fn new() -> Atoms {
        Atoms {
            list: Vec::new(),
            suit_slots: Vec::new(),
        }
    }

    fn intern(&mut self, c: &Cond) -> usize {
        if let Some(i) = self.list.iter().position(|a| a == c) {
            return i;
        }
        let suits = match c {
            Cond::Suit(s) => 1 << s,
            Cond::Suited(m) => *m,
            _ => 0,
        };
        self.list.push(c.clone());
        self.suit_slots.push(suits);
        self.list.len() - 1
    }

    /// Rewrites a condition over atoms, adding the atoms it reads.
    pub fn compile(&mut self, c: &Cond) -> AExpr {
        let b = |x: &Cond, me: &mut Atoms| Box::new(me.compile(x));
        match c {
            Cond::Const(v) => AExpr::Const(*v),
            Cond::Not(x) => AExpr::Not(b(x, self)),
            Cond::And(xs) => AExpr::And(xs.iter().map(|x| self.compile(x)).collect()),
            Cond::Or(xs) => AExpr::Or(xs.iter().map(|x| self.compile(x)).collect()),
            Cond::Cmp(op, x, y) => AExpr::Cmp(*op, b(x, self), b(y, self)),
            Cond::In(x, set) => AExpr::In(b(x, self), set.clone()),
            Cond::Sum(first, rest) => AExpr::Sum(
                b(first, self),
                rest.iter().map(|(s, x)| (*s, self.compile(x))).collect(),
            ),
            Cond::Mod(x, n) => AExpr::Mod(b(x, self), *n),
            Cond::Side { side, truth, of } => AExpr::Side {
                side: *side,
                truth: *truth,
                totals: [self.intern(&Cond::Total(0)), self.intern(&Cond::Total(1))],
                of: Box::new([self.compile(&of[0]), self.compile(&of[1])]),
            },
            leaf => AExpr::Atom(self.intern(leaf)),
        }
    }

    /// True if no atom depends on the drawing: every atom reads only the
    /// four initial cards, so rounds need not be played out.
    pub fn before_draws(&self) -> bool {
        let initial: SlotMask = 0b011_011;
        self.list.iter().all(|a| match a {
            Cond::Rank(s) | Cond::Suit(s) | Cond::Value(s) | Cond::Face(s) | Cond::High(s) => {
                initial & (1 << s) != 0
            }
            Cond::Natural(..) | Cond::TwoCardTotal(_) => true,
            Cond::Suited(m) | Cond::MaxKind(m) | Cond::Kinds(m, _) => m & !initial == 0,
            _ => false,
        })
    }

    /// The slots whose card (value, rank or suit) some atom reads.
    pub fn slots_read(&self) -> SlotMask {
        let mut read = 0;
        for a in &self.list {
            let needs = a.needs();
            for (s, n) in needs.iter().enumerate() {
                if *n != 0 {
                    read |= 1 << s;
                }
            }
        }
        read
    }

    /// Values of all atoms on a round; suit atoms reading a dealt slot
    /// outside `suits_known` are UNKNOWN.
    pub fn values(&self, r: &Round, suits_known: SlotMask, out: &mut [i64]) {
        let dealt = r.dealt_slots();
        // Kinds of the last mask asked for: several kind atoms share one.
        let mut counted: Option<SlotMask> = None;
        let mut kinds = [0u8; SLOTS + 1];
        for (i, a) in self.list.iter().enumerate() {
            let pending = self.suit_slots[i] & dealt & !suits_known;
            out[i] = match a {
                _ if pending != 0 => UNKNOWN,
                Cond::MaxKind(m) | Cond::Kinds(m, _) => {
                    if counted != Some(*m) {
                        kind_histogram(r, *m & dealt, &mut kinds);
                        counted = Some(*m);
                    }
                    match a {
                        // Every rank has at least no card.
                        Cond::Kinds(_, 0) => 13,
                        Cond::Kinds(_, n) => kinds.get(*n as usize).copied().unwrap_or(0) as i64,
                        _ => (1..=SLOTS).rev().find(|&k| kinds[k] > 0).unwrap_or(0) as i64,
                    }
                }
                _ => a.eval(r),
            };
        }
    }
}

/// Per k in 1..=6: how many ranks have at least k cards among `mask`'s
/// slots (`kinds[0]` unused). Built as the cards are counted, so neither
/// atom scans the thirteen rank counts: the largest k with a rank is the
/// most of a kind, `kinds[n]` the ranks with n or more.
fn kind_histogram(r: &Round, mask: SlotMask, kinds: &mut [u8; SLOTS + 1]) {
    let mut counts = [0u8; 13];
    kinds.fill(0);
    for s in 0..SLOTS {
        if mask & (1 << s) != 0 {
            let c = &mut counts[(r.cards[s].rank - 1) as usize];
            *c += 1;
            kinds[*c as usize] += 1;
        }
    }
}

impl Default for Atoms {
    fn default() -> Self {
        Atoms::new()
    }
}

/// The atoms an expression reads.
pub fn atoms_of(e: &AExpr, out: &mut Vec<usize>) {
    match e {
        AExpr::Atom(i) => out.push(*i),
        AExpr::Const(_) => {}
        AExpr::Not(x) | AExpr::In(x, _) | AExpr::Mod(x, _) => atoms_of(x, out),
        AExpr::And(xs) | AExpr::Or(xs) => xs.iter().for_each(|x| atoms_of(x, out)),
        AExpr::Cmp(_, x, y) => {
            atoms_of(x, out);
            atoms_of(y, out);
        }
        AExpr::Sum(first, rest) => {
            atoms_of(first, out);
            rest.iter().for_each(|(_, x)| atoms_of(x, out));
        }
        AExpr::Side { totals, of, .. } => {
            out.extend(totals);
            of.iter().for_each(|x| atoms_of(x, out));
        }
    }
}

impl AExpr {
    /// Kleene evaluation: `None` when the value depends on an UNKNOWN atom.
    pub fn eval(&self, v: &[i64]) -> Option<i64> {
        match self {
            AExpr::Atom(i) => (v[*i] != UNKNOWN).then_some(v[*i]),
            AExpr::Const(c) => Some(*c),
            AExpr::Not(x) => x.eval(v).map(|a| (a == 0) as i64),
            AExpr::And(xs) => {
                let mut unknown = false;
                for x in xs {
                    match x.eval(v) {
                        Some(0) => return Some(0),
                        None => unknown = true,
                        _ => {}
                    }
                }
                if unknown { None } else { Some(1) }
            }
            AExpr::Or(xs) => {
                let mut unknown = false;
                for x in xs {
                    match x.eval(v) {
                        Some(0) => {}
                        Some(_) => return Some(1),
                        None => unknown = true,
                    }
                }
                if unknown { None } else { Some(0) }
            }
            AExpr::Cmp(op, x, y) => Some(compare(*op, x.eval(v)?, y.eval(v)?)),
            AExpr::In(x, set) => {
                let a = x.eval(v)?;
                Some((a != ABSENT && set.contains(&a)) as i64)
            }
            AExpr::Sum(first, rest) => {
                let mut acc = first.eval(v)?;
                for (sign, x) in rest {
                    acc = sign.apply(acc, x.eval(v)?);
                }
                Some(acc)
            }
            AExpr::Mod(x, n) => Some(crate::model::cond::modulo(x.eval(v)?, *n)),
            // Totals read no suit, so they are always known.
            AExpr::Side {
                side,
                truth,
                totals,
                of,
            } => match side.hand(totals.map(|t| v[t] as u8)) {
                Some(h) => of[h].eval(v),
                None => Some(if *truth { 0 } else { ABSENT }),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;

    /// The kind atoms read from the shared histogram equal the conditions'
    /// own reading (`Cond::eval`, which counts ranks afresh), for every
    /// count asked, on rounds with up to six of a rank and cards not dealt.
    #[test]
    fn kind_atoms_agree_with_the_conditions() {
        let mut atoms = Atoms::new();
        let masks: [SlotMask; 3] = [0b11_1111, 0b000_111, 0b011_011];
        for m in masks {
            atoms.compile(&Cond::MaxKind(m));
            for n in 0..=7 {
                atoms.compile(&Cond::Kinds(m, n));
            }
        }
        let mut out = vec![0; atoms.list.len()];
        let mut rng = crate::testing::Xorshift(0x2545_F491_4F6C_DD1D);
        for i in 0..20_000 {
            let seed = rng.next_u64();
            // Few ranks, so that many rounds hold several of a kind.
            let spread = 1 + (i % 4) as u64;
            let round = Round {
                cards: std::array::from_fn(|s| {
                    Card::new(1 + ((seed >> (s * 8)) % spread) as u8 * 3, (s % 4) as u8)
                }),
                counts: [2 + (seed >> 60) as u8 % 2, 2 + (seed >> 62) as u8 % 2],
            };
            atoms.values(&round, 0b11_1111, &mut out);
            for (a, v) in atoms.list.iter().zip(&out) {
                assert_eq!(*v, a.eval(&round), "{a:?} on {round:?}");
            }
        }
    }
}
