//! Compiled conditions: names resolved to card slots and hands, types checked.
//! Evaluation allocates nothing and looks nothing up.

use super::round::{Round, SLOTS};
use crate::cards::Card;

/// Marks a comparison operand that reads a card not dealt; any comparison
/// with it is false (documented in the README: "a condition about a card not
/// dealt is false").
pub const ABSENT: i64 = i64::MIN;

/// A set of card slots, bit `slot`.
pub type SlotMask = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    Const(i64),
    // Attributes of the card in a slot.
    Rank(u8),
    Suit(u8),
    Value(u8),
    Face(u8),
    High(u8),
    // Attributes of a hand.
    Total(u8),
    /// The total of the hand's first two cards, drawn or not.
    TwoCardTotal(u8),
    Count(u8),
    /// Two-card total in the game's natural set (bit per total).
    Natural(u8, u16),
    Drew(u8),
    Wins(u8),
    Tie,
    Margin,
    // Functions of a set of slots (only the dealt ones count).
    CardCount(SlotMask),
    Suited(SlotMask),
    MaxKind(SlotMask),
    Kinds(SlotMask, u8),
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    Cmp(CmpOp, Box<Cond>, Box<Cond>),
    In(Box<Cond>, Vec<i64>),
    /// `first ± x ± y ...`, evaluated left to right: a flat chain, so that a
    /// long sum is a wide node rather than a deep tree (every walk over a
    /// condition recurses by depth).
    Sum(Box<Cond>, Vec<(Sign, Cond)>),
    /// `x % n`: the remainder from 0 to n - 1 (Euclidean, so a negative
    /// difference of totals wraps as a baccarat total does); `n` is a
    /// constant of at least 1, which the checker requires.
    Mod(Box<Cond>, i64),
    /// `winner.x` or `loser.x`: `of[h]` reads `x` of hand `h`, and the node
    /// reads it of the hand that wins (or loses) the round. On a tie there
    /// is neither: a condition (`truth`) is false and a number is
    /// [`ABSENT`], so that every comparison with it is false, as with a
    /// card not dealt.
    Side {
        side: Side,
        truth: bool,
        of: Box<[Cond; 2]>,
    },
}

/// The hand a `winner.` or `loser.` reading follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Winner,
    Loser,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Winner => "winner",
            Side::Loser => "loser",
        }
    }

    /// The hand (0 or 1) this side is on a round with these final totals;
    /// None on a tie.
    pub fn hand(self, totals: [u8; 2]) -> Option<usize> {
        let first_wins = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => return None,
        };
        Some(usize::from(first_wins == (self == Side::Loser)))
    }
}

/// The operator before a later operand of a `Cond::Sum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sign {
    Plus,
    Minus,
}

impl Sign {
    pub fn symbol(self) -> &'static str {
        match self {
            Sign::Plus => "+",
            Sign::Minus => "-",
        }
    }

    /// `a ± b`, or ABSENT if either side reads a card not dealt. Wrapping,
    /// as a release build always did, so huge constants cannot panic.
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            Sign::Plus => arith(a, b, i64::wrapping_add),
            Sign::Minus => arith(a, b, i64::wrapping_sub),
        }
    }
}

/// What a condition reads of each card slot: the engine enumerates only
/// as finely as this demands.
pub mod need {
    pub const VALUE: u8 = 1;
    pub const RANK: u8 = 2;
    pub const SUIT: u8 = 4;
}

pub type Needs = [u8; SLOTS];

pub fn hand_mask(hand: u8) -> SlotMask {
    0b111 << (hand * 3)
}

pub const ALL_SLOTS: SlotMask = 0b11_1111;

/// What `f` reads of the card in slot `s`, or [`ABSENT`] where the slot
/// is not dealt.
#[inline]
fn card_attribute(r: &Round, s: u8, f: fn(Card) -> u8) -> i64 {
    if r.dealt(s) {
        f(r.cards[s as usize]) as i64
    } else {
        ABSENT
    }
}

impl Cond {
    pub fn holds(&self, r: &Round) -> bool {
        self.eval(r) != 0
    }

    /// The condition's value on the round. The leaves read most often
    /// (one card, a hand's count) are settled here, small enough to be
    /// inlined where atoms are evaluated leaf by leaf (the game-protection
    /// walks: a call into the whole match cost more than the reading);
    /// every other condition in [`Cond::eval_rest`].
    #[inline]
    pub fn eval(&self, r: &Round) -> i64 {
        let card = |s: &u8, f: fn(Card) -> u8| card_attribute(r, *s, f);
        match self {
            Cond::Const(v) => *v,
            Cond::Rank(s) => card(s, |c| c.rank),
            Cond::Suit(s) => card(s, |c| c.suit),
            Cond::Value(s) => card(s, Card::value),
            Cond::Face(s) => (r.dealt(*s) && r.cards[*s as usize].face()) as i64,
            Cond::Count(h) => r.counts[*h as usize] as i64,
            Cond::Drew(h) => (r.counts[*h as usize] == 3) as i64,
            _ => self.eval_rest(r),
        }
    }

    /// [`Cond::eval`] of the conditions it does not settle itself (those
    /// it does are never passed here).
    #[inline(never)]
    fn eval_rest(&self, r: &Round) -> i64 {
        let card = |s: &u8, f: fn(Card) -> u8| card_attribute(r, *s, f);
        match self {
            Cond::Const(_)
            | Cond::Rank(_)
            | Cond::Suit(_)
            | Cond::Value(_)
            | Cond::Face(_)
            | Cond::Count(_)
            | Cond::Drew(_) => unreachable!("settled by Cond::eval"),
            Cond::High(s) => card(s, Card::high),
            Cond::Total(h) => r.total(*h) as i64,
            Cond::TwoCardTotal(h) => {
                let h = *h as usize * 3;
                ((r.cards[h].value() + r.cards[h + 1].value()) % 10) as i64
            }
            Cond::Natural(h, set) => {
                (r.counts[*h as usize] == 2 && set & (1 << r.total(*h)) != 0) as i64
            }
            Cond::Wins(h) => (r.total(*h) > r.total(1 - *h)) as i64,
            Cond::Tie => (r.total(0) == r.total(1)) as i64,
            Cond::Margin => (r.total(0) as i64 - r.total(1) as i64).abs(),
            Cond::CardCount(m) => dealt(r, *m).count() as i64,
            Cond::Suited(m) => {
                let mut suits = dealt(r, *m).map(|c| c.suit);
                let first = suits.next();
                suits.all(|s| Some(s) == first) as i64
            }
            Cond::MaxKind(m) => rank_counts(r, *m).into_iter().max().unwrap_or(0) as i64,
            Cond::Kinds(m, n) => rank_counts(r, *m).iter().filter(|&&k| k >= *n).count() as i64,
            Cond::Not(x) => (x.eval(r) == 0) as i64,
            Cond::And(xs) => xs.iter().all(|x| x.eval(r) != 0) as i64,
            Cond::Or(xs) => xs.iter().any(|x| x.eval(r) != 0) as i64,
            Cond::Cmp(op, a, b) => compare(*op, a.eval(r), b.eval(r)),
            Cond::In(x, set) => {
                let v = x.eval(r);
                (v != ABSENT && set.contains(&v)) as i64
            }
            Cond::Sum(first, rest) => rest
                .iter()
                .fold(first.eval(r), |acc, (sign, x)| sign.apply(acc, x.eval(r))),
            Cond::Mod(x, n) => modulo(x.eval(r), *n),
            Cond::Side { side, truth, of } => match side.hand([r.total(0), r.total(1)]) {
                Some(h) => of[h].eval(r),
                None if *truth => 0,
                None => ABSENT,
            },
        }
    }

    /// Whether this leaf reads no card: a constant, a hand's count,
    /// whether it drew, how many cards of some slots were dealt.
    pub fn reads_no_card(&self) -> bool {
        matches!(
            self,
            Cond::Const(_) | Cond::Count(_) | Cond::Drew(_) | Cond::CardCount(_)
        )
    }

    /// Whether this leaf reads the cards only through the hands' totals
    /// (and which slots were dealt).
    pub fn reads_totals(&self) -> bool {
        matches!(
            self,
            Cond::Total(_)
                | Cond::TwoCardTotal(_)
                | Cond::Natural(..)
                | Cond::Wins(_)
                | Cond::Tie
                | Cond::Margin
        )
    }

    /// Whether every leaf of this condition reads no card
    /// ([`Cond::reads_no_card`]) or is one that `reads` accepts; a
    /// `winner.` or `loser.` reading reads the totals besides its own.
    pub fn reads_only(&self, reads: &dyn Fn(&Cond) -> bool) -> bool {
        match self {
            c if c.reads_no_card() => true,
            Cond::Not(_)
            | Cond::And(_)
            | Cond::Or(_)
            | Cond::Cmp(..)
            | Cond::In(..)
            | Cond::Sum(..)
            | Cond::Mod(..) => self.children().all(|x| x.reads_only(reads)),
            Cond::Side { .. } => {
                reads(&Cond::Total(0)) && self.children().all(|x| x.reads_only(reads))
            }
            leaf => reads(leaf),
        }
    }

    /// Which attributes of which slots this condition reads.
    pub fn needs(&self) -> Needs {
        let mut n = [0u8; SLOTS];
        self.collect_needs(&mut n);
        n
    }

    fn collect_needs(&self, n: &mut Needs) {
        let mut mark = |mask: SlotMask, what: u8| {
            for (s, slot) in n.iter_mut().enumerate() {
                if mask & (1 << s) != 0 {
                    *slot |= what;
                }
            }
        };
        match self {
            Cond::Const(_) | Cond::Count(_) | Cond::Drew(_) | Cond::CardCount(_) => {}
            Cond::Rank(s) | Cond::Face(s) | Cond::High(s) => mark(1 << s, need::RANK),
            Cond::Suit(s) => mark(1 << s, need::SUIT),
            Cond::Value(s) => mark(1 << s, need::VALUE),
            Cond::Total(h) => mark(hand_mask(*h), need::VALUE),
            Cond::Natural(h, _) | Cond::TwoCardTotal(h) => mark(0b11 << (h * 3), need::VALUE),
            Cond::Wins(_) | Cond::Tie | Cond::Margin => mark(ALL_SLOTS, need::VALUE),
            Cond::Suited(m) => mark(*m, need::SUIT),
            Cond::MaxKind(m) | Cond::Kinds(m, _) => mark(*m, need::RANK),
            Cond::Not(_)
            | Cond::And(_)
            | Cond::Or(_)
            | Cond::Cmp(..)
            | Cond::In(..)
            | Cond::Sum(..)
            | Cond::Mod(..) => self.children().for_each(|x| x.collect_needs(n)),
            // Which hand wins reads every card's value.
            Cond::Side { .. } => {
                mark(ALL_SLOTS, need::VALUE);
                self.children().for_each(|x| x.collect_needs(n));
            }
        }
    }

    /// The operands of a compound condition, in order (none for a leaf).
    pub fn children(&self) -> Box<dyn Iterator<Item = &Cond> + '_> {
        match self {
            Cond::Not(x) | Cond::In(x, _) | Cond::Mod(x, _) => Box::new(std::iter::once(&**x)),
            Cond::And(xs) | Cond::Or(xs) => Box::new(xs.iter()),
            Cond::Side { of, .. } => Box::new(of.iter()),
            Cond::Cmp(_, a, b) => Box::new([&**a, &**b].into_iter()),
            Cond::Sum(first, rest) => {
                Box::new(std::iter::once(&**first).chain(rest.iter().map(|(_, x)| x)))
            }
            _ => Box::new(std::iter::empty()),
        }
    }

    /// How many levels deep the tree is (a leaf is 1). Iterative, so it is
    /// safe on any tree: the checker uses it to refuse trees too deep for
    /// the recursive walks (see `crate::diag::expr::MAX_DEPTH`).
    pub fn depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(self, 1)];
        while let Some((c, d)) = stack.pop() {
            deepest = deepest.max(d);
            stack.extend(c.children().map(|x| (x, d + 1)));
        }
        deepest
    }

    /// True if the condition reads only hand-level facts (totals, card
    /// counts, naturals, who wins): no attribute of any particular card.
    /// A leaf not known to be one of those counts as reading a card.
    pub fn hand_level(&self) -> bool {
        self.reads_only(&Cond::reads_totals)
    }

    /// [`Cond::hand_level`], and suits only through whether cards share
    /// one (`suited`): what a key of the totals and of each suited set
    /// holds (Lucky 8's side bets), in the engine and in the simulator.
    pub fn hand_level_or_suited(&self) -> bool {
        self.reads_only(&|leaf| leaf.reads_totals() || matches!(leaf, Cond::Suited(_)))
    }

    /// True if the condition names a particular suit, so that suits are
    /// not interchangeable for it: it reads a suit other than by comparing
    /// it for (in)equality with another card's suit (a named suit, a list
    /// of suits; anything else the checker would refuse counts too, so
    /// that false always means a renaming of the four suits leaves the
    /// condition's value alone). `suited` reads no suit by name.
    pub fn names_suit(&self) -> bool {
        match self {
            Cond::Cmp(CmpOp::Eq | CmpOp::Ne, a, b) if a.is_suit() && b.is_suit() => false,
            c if c.is_suit() => true,
            _ => self.children().any(Cond::names_suit),
        }
    }

    /// A card's suit, of a slot or of the winning or losing hand's card.
    fn is_suit(&self) -> bool {
        match self {
            Cond::Suit(_) => true,
            Cond::Side { of, .. } => of[0].is_suit(),
            _ => false,
        }
    }

    /// The first side (`winner` or `loser`) the condition reads, if any.
    pub fn side(&self) -> Option<Side> {
        match self {
            Cond::Side { side, .. } => Some(*side),
            _ => self.children().find_map(Cond::side),
        }
    }
}

/// A comparison; false whenever a side reads a card not dealt.
pub fn compare(op: CmpOp, a: i64, b: i64) -> i64 {
    if a == ABSENT || b == ABSENT {
        return 0;
    }
    let v = match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    };
    v as i64
}

/// `a % n` from 0 to n - 1, or ABSENT if `a` reads a card not dealt.
pub fn modulo(a: i64, n: i64) -> i64 {
    if a == ABSENT { ABSENT } else { a.rem_euclid(n) }
}

fn arith(a: i64, b: i64, f: fn(i64, i64) -> i64) -> i64 {
    if a == ABSENT || b == ABSENT {
        ABSENT
    } else {
        f(a, b)
    }
}

fn dealt(r: &Round, mask: SlotMask) -> impl Iterator<Item = Card> + '_ {
    (0..SLOTS as u8)
        .filter(move |s| mask & (1 << s) != 0 && r.dealt(*s))
        .map(|s| r.cards[s as usize])
}

fn rank_counts(r: &Round, mask: SlotMask) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for c in dealt(r, mask) {
        counts[(c.rank - 1) as usize] += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Suits compared only with each other (or read through `suited`) are
    /// interchangeable; a suit compared with a named suit, ordered, looked
    /// up in a set or read alone is not.
    #[test]
    fn a_suit_is_named_unless_compared_with_another_cards_suit() {
        let suit = |s| Box::new(Cond::Suit(s));
        let hearts = Cond::Cmp(CmpOp::Eq, suit(0), Box::new(Cond::Const(1)));
        let interchangeable = [
            Cond::Cmp(CmpOp::Eq, suit(0), suit(4)),
            Cond::Not(Box::new(Cond::Cmp(CmpOp::Ne, suit(1), suit(3)))),
            Cond::Suited(0b11),
        ];
        let named = [
            hearts.clone(),
            Cond::Not(Box::new(hearts)),
            Cond::Cmp(CmpOp::Lt, suit(0), suit(4)),
            Cond::In(suit(0), vec![0, 1]),
            Cond::And(vec![Cond::Suited(0b11), Cond::Suit(2)]),
        ];
        for c in &interchangeable {
            assert!(!c.names_suit(), "{c:?}");
        }
        for c in &named {
            assert!(c.names_suit(), "{c:?}");
        }
    }
}
