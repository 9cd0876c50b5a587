//! The observed walk's sums by the suit pattern of the first four cards,
//! for wagers that read suits (`observed`, `patterns`).
//!
//! A leaf whose outcome no suit changes is summed by rank observation
//! only (`base`): the ways to deal the four seen cards in a pattern do not
//! depend on the rest of the round, so its sum is later shared out over
//! the patterns by those ways. A partial suit assignment's difference
//! from its leaf's common outcome depends on the suits it fixes: the seen
//! cards' suits it leaves open are enumerated (each way weighed by the
//! cards of each rank and suit it takes), giving the pattern's share of
//! its weight. In a shoe holding every suit of a rank equally often, suits
//! are relabelled in order of first appearance first, so the four
//! assignments that differ only by the suit's name share one enumeration.

use super::super::hash::FxMap;
use super::super::plan::Level;
use super::first_cards::{
    self as patterns, OBSERVATIONS, PATTERNS, ranks, value_observation, walk_places,
};
use super::walk::{Leaf, classes_at};
use super::weights::class_counts;
use crate::engine::shoe::Composition;
use crate::model::round::SLOTS;
use rayon::prelude::*;

/// Sums by observation and suit pattern of the first four cards.
pub struct Suited {
    /// The columns kept (indices into `Observed::cols`).
    pub cols: Vec<usize>,
    /// Per kept column: its part and its column there.
    at: Vec<(usize, usize)>,
    /// The parts' sums, from which a column's are formed when read
    /// ([`Suited::patterns`]): stored whole, they were hundreds of
    /// megabytes for Lucky 8, written once and read once.
    parts: Vec<Finished>,
    /// Per observation and pattern (`o * PATTERNS + p`): the ordered ways
    /// to deal its first four cards (the sequences dealing it are this
    /// times (N - 4)(N - 5)).
    pub ways: Vec<u128>,
    /// Per observation: the ways over its patterns.
    all: Vec<u128>,
    /// (N - 4)(N - 5): the ways to deal the round's last two cards.
    rest: u128,
    /// Per (rank) observation: its value observation.
    value_of: Vec<u32>,
    /// [`Suited::all_sequences`], formed once.
    sequences: std::sync::OnceLock<std::sync::Arc<[u128]>>,
}

/// A part's sums as [`Suited`] reads them.
enum Finished {
    /// Walked by rank: the leaves no suit changes and the differences.
    Rank(Walked),
    /// Walked by point value: per value observation, per column and
    /// pattern, in the place of its differences, the sum per way of
    /// dealing the seen cards ([`per_way`]).
    Value(Walked),
}

impl Suited {
    /// Kept column `i`'s sums at observation `o`, by pattern, into `out`:
    /// as `Observed::sums`, one for each suit pattern of the seen cards.
    /// Written into the caller's buffer, as it is read for every column
    /// and observation of every choice set.
    pub fn patterns(&self, i: usize, o: usize, out: &mut [i128; PATTERNS]) {
        let (part, c) = self.at[i];
        let ways = &self.ways[o * PATTERNS..(o + 1) * PATTERNS];
        out.fill(0);
        match &self.parts[part] {
            Finished::Value(walked) => {
                if let Some((_, per)) = walked.column(self.value_of[o] as usize, c) {
                    for ((x, &per), &w) in out.iter_mut().zip(per).zip(ways) {
                        *x = per * w as i128;
                    }
                }
            }
            Finished::Rank(walked) => {
                if let Some((base, diff)) = walked.column(o, c) {
                    let per = self.per_way(o, base);
                    for ((x, &w), &d) in out.iter_mut().zip(ways).zip(diff) {
                        *x = per * w as i128 + d;
                    }
                }
            }
        }
    }

    /// A sum of observation `o` (over its patterns) per way of dealing its
    /// first four cards, for a column whose return no suit of a seen card
    /// changes: its share in pattern `p` is this times `ways[o * PATTERNS
    /// + p]` (one division an observation, not one a pattern).
    pub fn per_way(&self, o: usize, sum: i128) -> i128 {
        let all = self.all[o];
        if all == 0 {
            return 0;
        }
        debug_assert_eq!(sum % all as i128, 0, "an exact share");
        sum / all as i128
    }

    /// The ordered six-card sequences dealing each observation in each
    /// pattern (`o * PATTERNS + p`), formed on first use and shared: every
    /// choice of the table reads the same.
    pub fn all_sequences(&self) -> std::sync::Arc<[u128]> {
        self.sequences
            .get_or_init(|| self.ways.iter().map(|&w| w * self.rest).collect())
            .clone()
    }
}

/// One walk's sums for the suit patterns.
pub(super) struct Sink {
    /// The shoe's cards by the walk's class and suit.
    counts: [[u32; 4]; 13],
    /// Per class: the first class holding as many cards of each suit.
    row_of: [u8; 13],
    symmetric: bool,
    slots: [u8; 4],
    width: usize,
    index: patterns::Index,
    /// Per pattern: the ways of the seen cards' suits left open, by the
    /// seen ranks and the suits fixed (relabelled when symmetric).
    shares: FxMap<u64, [u64; PATTERNS]>,
    /// The last key asked for and its shares: the walk's consecutive
    /// leaves mostly ask for the same, and the map is large enough that
    /// a look-up misses the cache.
    last: (u64, [u64; PATTERNS]),
    walked: Walked,
}

/// What a walk's sinks give, merged over the walk's chunks: by the
/// classes of the first cards of the two hands (slots 0 and 3), which fix
/// a walk's task, a block of the observations they start. A chunk of the
/// walk fills its own blocks only, so the chunks' sums are not tables of
/// every observation each, added up at the end.
pub(super) struct Walked {
    /// Classes a card takes at the walk's level.
    k: usize,
    width: usize,
    /// Per `a * k + b` (the classes of slots 0 and 3), if a leaf met it.
    blocks: Vec<Option<Block>>,
    /// Per slot 0, 3, 1 and 4: its place in dealing order.
    places: [usize; 4],
    /// Per observation: its block and place there (`block << 16 | place`),
    /// or `u32::MAX` where its classes are not the walk's (found once: a
    /// finished table is read observation by observation for every
    /// choice).
    located: Vec<u32>,
}

/// One block of [`Walked`], by the classes of slots 1 and 4 (`c * k + d`).
struct Block {
    /// Per `c * k + d` and column: the leaves no suit changes.
    base: Vec<i128>,
    /// Per `c * k + d`, column and pattern: the partial assignments'
    /// differences (a column's patterns side by side: every reader reads
    /// one column's fifteen together); in a part walked by point value,
    /// once finished ([`per_way`]), its sums per way of dealing the seen
    /// cards instead.
    diff: Vec<i128>,
}

impl Walked {
    fn new(k: usize, width: usize, slots: [u8; 4]) -> Walked {
        let places = walk_places(slots);
        let located = (0..OBSERVATIONS)
            .map(|o| {
                let digits = ranks(o);
                let [a, b, c, d] = places.map(|i| digits[i]);
                if [a, b, c, d].iter().any(|&x| x >= k) {
                    u32::MAX
                } else {
                    ((a * k + b) << 16 | (c * k + d)) as u32
                }
            })
            .collect();
        Walked {
            k,
            width,
            blocks: (0..k * k).map(|_| None).collect(),
            places,
            located,
        }
    }

    /// The block of the first cards `a` and `b`, made on first use.
    fn block(&mut self, a: u8, b: u8) -> &mut Block {
        let (k, width) = (self.k, self.width);
        self.blocks[a as usize * k + b as usize].get_or_insert_with(|| Block {
            base: vec![0; k * k * width],
            diff: vec![0; k * k * PATTERNS * width],
        })
    }

    /// Observation `o`'s block and place in it, if a leaf met it.
    fn find(&self, o: usize) -> Option<(&Block, usize)> {
        let x = self.located[o];
        if x == u32::MAX {
            return None;
        }
        let block = self.blocks[(x >> 16) as usize].as_ref()?;
        Some((block, (x & 0xffff) as usize))
    }

    /// Column `c`'s sum of the leaves no suit changes at observation `o`
    /// and its differences by pattern, if a leaf met `o` (one look-up).
    fn column(&self, o: usize, c: usize) -> Option<(i128, &[i128])> {
        let (block, at) = self.find(o)?;
        let cell = (at * self.width + c) * PATTERNS;
        Some((
            block.base[at * self.width + c],
            &block.diff[cell..cell + PATTERNS],
        ))
    }
}

impl Sink {
    /// A sink for a walk at `level` of `shoe`.
    pub(super) fn new(level: Level, shoe: &Composition, slots: [u8; 4], width: usize) -> Sink {
        let counts = class_counts(level, shoe);
        Sink {
            counts,
            row_of: first_alike(&counts).map(|d| d as u8),
            symmetric: shoe.suit_symmetric(),
            slots,
            width,
            index: patterns::Index::new(),
            shares: FxMap::default(),
            last: (u64::MAX, [0; PATTERNS]),
            walked: Walked::new(classes_at(level) as usize, width, slots),
        }
    }

    pub(super) fn walked(self) -> Walked {
        self.walked
    }

    /// A leaf of weight `w` (non-zero) at observation `o` (at the walk's
    /// level).
    pub(super) fn add(&mut self, o: usize, leaf: &Leaf, w: i128, entries: &[(u32, i64)]) {
        let width = self.width;
        let (k, cls) = (self.walked.k, leaf.cls);
        let at = cls[1] as usize * k + cls[4] as usize;
        if leaf.known == 0 {
            let block = self.walked.block(cls[0], cls[3]);
            let row = &mut block.base[at * width..(at + 1) * width];
            for &(c, v) in entries {
                row[c as usize] += w * v as i128;
            }
            return;
        }
        let shares = self.shares(o, leaf);
        let all: u128 = shares.iter().map(|&x| x as u128).sum();
        if all == 0 {
            // No cards left to deal the partial assignment.
            return;
        }
        debug_assert!(
            (w as u128).is_multiple_of(all),
            "the open suits' ways divide the weight"
        );
        // The weight of the cards of unknown suit: the same in every way.
        let each = w / all as i128;
        let block = self.walked.block(cls[0], cls[3]);
        let rows = &mut block.diff[at * width * PATTERNS..(at + 1) * width * PATTERNS];
        for &(c, v) in entries {
            let cell = &mut rows[c as usize * PATTERNS..(c as usize + 1) * PATTERNS];
            for (x, &ways) in cell.iter_mut().zip(shares.iter()) {
                if ways != 0 {
                    *x += each * ways as i128 * v as i128;
                }
            }
        }
    }

    /// Per pattern of the seen cards: the ways of their suits left open,
    /// each the product over the cards of fixed suit (the open ones now
    /// fixed) of the cards of its rank and suit not yet taken, up to a
    /// factor common to every pattern (which [`Sink::add`] divides out).
    ///
    /// The ways depend on the classes only through each class's cards by
    /// suit and which cards share a class, so the look-up key names the
    /// seen cards' classes by first appearance with their counts
    /// (`row_of`), and a card of fixed suit whose class no seen card has is
    /// left out: its factor is the same in every pattern. Some hundreds of
    /// keys then stand for what were hundreds of thousands (a key per
    /// observation), and the map stays in the cache.
    fn shares(&mut self, o: usize, leaf: &Leaf) -> [u64; PATTERNS] {
        let ranks = ranks(o);
        let seen = |s: usize| self.slots.contains(&(s as u8));
        // The seen classes by first appearance, with their counts.
        let mut name = [u8::MAX; 13];
        let mut names = 0u8;
        let mut key = 0u64;
        for &r in &ranks {
            if name[r] == u8::MAX {
                name[r] = names;
                names += 1;
            }
            key = key << 6 | (name[r] as u64) << 4 | self.row_of[r] as u64;
        }
        // The cards of fixed suit that matter: every seen one, and the
        // others of a seen class. Suits relabelled in slot order where the
        // names do not matter.
        let mut label = [u8::MAX; 4];
        let mut next = 0u8;
        let mut fixed = [u8::MAX; SLOTS];
        let mut left_out = [[0u32; 4]; 13];
        for (s, f) in fixed.iter_mut().enumerate() {
            if leaf.known & (1 << s) == 0 {
                continue;
            }
            let (r, suit) = (leaf.cls[s] as usize, leaf.suits[s] as usize);
            if !seen(s) && name[r] == u8::MAX {
                // Left out, unless the shoe lacks it: then no way deals
                // the assignment.
                left_out[r][suit] += 1;
                if left_out[r][suit] > self.counts[r][suit] {
                    return [0; PATTERNS];
                }
                continue;
            }
            *f = if self.symmetric {
                if label[suit] == u8::MAX {
                    label[suit] = next;
                    next += 1;
                }
                label[suit]
            } else {
                suit as u8
            };
        }
        for (s, &f) in fixed.iter().enumerate() {
            let class = if f != u8::MAX && !seen(s) {
                1 + name[leaf.cls[s] as usize] as u64
            } else {
                0
            };
            let suit = if f == u8::MAX { 0 } else { 4 | f as u64 };
            key = key << 6 | suit << 3 | class;
        }
        if self.last.0 == key {
            return self.last.1;
        }
        if let Some(x) = self.shares.get(&key) {
            self.last = (key, *x);
            return *x;
        }
        // Each card's factor is the count of its rank and suit less the
        // cards alike taken before it (the product does not depend on the
        // order): the cards of fixed suit not seen first, then the four
        // seen, each open suit tried in turn with the product so far.
        let mut taken = [[0u32; 4]; 13];
        let mut ways = 1u64;
        for s in (0..SLOTS).filter(|&s| fixed[s] != u8::MAX && !seen(s)) {
            let (r, suit) = (leaf.cls[s] as usize, fixed[s] as usize);
            ways *= self.counts[r][suit].saturating_sub(taken[r][suit]) as u64;
            taken[r][suit] += 1;
        }
        let suits: [u8; 4] = std::array::from_fn(|i| fixed[self.slots[i] as usize]);
        let mut out = [0u64; PATTERNS];
        if ways > 0 {
            let mut walk = Assign {
                counts: &self.counts,
                index: &self.index,
                ranks,
                taken,
                fixed: suits,
                out: &mut out,
            };
            walk.from(0, ways, suits);
        }
        self.shares.insert(key, out);
        self.last = (key, out);
        out
    }
}

impl Walked {
    /// Both chunks' sums: each chunk walked tasks of its own, so their
    /// blocks are apart (any met by both are added).
    pub(super) fn merge(mut self, other: Walked) -> Walked {
        for (x, y) in self.blocks.iter_mut().zip(other.blocks) {
            match (x.as_mut(), y) {
                (_, None) => {}
                (None, y) => *x = y,
                (Some(a), Some(b)) => {
                    a.base.iter_mut().zip(b.base).for_each(|(a, b)| *a += b);
                    a.diff.iter_mut().zip(b.diff).for_each(|(a, b)| *a += b);
                }
            }
        }
        self
    }
}

/// The observed table's suit patterns, part by part.
pub(super) struct Table {
    /// The shoe's cards by point value and suit.
    by_value: [[u32; 4]; 13],
    /// Per (rank) observation and pattern: the ways to deal the four seen
    /// cards.
    ways: Vec<u128>,
    /// Per part: the level it was walked at, its first column, width, and
    /// sums.
    parts: Vec<(Level, usize, usize, Walked)>,
}

/// Per class: the first class holding as many cards of each suit (itself
/// where none before it does). Classes of one kind deal the seen cards'
/// suits alike.
fn first_alike(counts: &[[u32; 4]; 13]) -> [usize; 13] {
    std::array::from_fn(|c| (0..c).find(|&d| counts[d] == counts[c]).unwrap_or(c))
}

/// Per observation at a level and pattern: the ways to deal the four seen
/// cards from a shoe of `counts` by class and suit (none where the shoe
/// lacks a seen class).
///
/// Classes holding the same cards of each suit are interchangeable here:
/// an observation deals as many ways in each pattern as the one with its
/// classes renamed, in order of appearance, to the first classes of their
/// kind not yet used. Only those observations are computed (fifteen in a
/// standard shoe by rank, one for each pattern of equal ranks), and every
/// other row is copied from its own.
fn ways_by_pattern(counts: &[[u32; 4]; 13]) -> Vec<u128> {
    let all = patterns::of_length(4);
    let alike = patterns::suits_alike(counts);
    let held: [bool; 13] = std::array::from_fn(|c| counts[c].iter().any(|&n| n > 0));
    let kind = first_alike(counts);
    let renamed = |o: usize| {
        let (mut name, mut used) = ([usize::MAX; 13], 0u16);
        ranks(o).iter().fold(0, |x, &c| {
            if name[c] == usize::MAX {
                let first = (0..13)
                    .find(|&d| kind[d] == kind[c] && used & (1 << d) == 0)
                    .expect("as many classes of its kind as the observation holds");
                name[c] = first;
                used |= 1 << first;
            }
            x * 13 + name[c]
        })
    };
    let dealt = |o: usize| ranks(o).iter().all(|&c| held[c]);
    let own: FxMap<usize, [u128; PATTERNS]> = (0..OBSERVATIONS)
        .into_par_iter()
        .filter(|&o| dealt(o) && renamed(o) == o)
        .map(|o| {
            let ranks = ranks(o);
            let mut row = [0u128; PATTERNS];
            for (w, p) in row.iter_mut().zip(&all) {
                *w = patterns::ways(counts, alike, ranks, p);
            }
            (o, row)
        })
        .collect();
    let mut ways = vec![0u128; OBSERVATIONS * PATTERNS];
    ways.par_chunks_mut(PATTERNS)
        .enumerate()
        .filter(|&(o, _)| dealt(o))
        .for_each(|(o, row)| row.copy_from_slice(&own[&renamed(o)]));
    ways
}

impl Table {
    pub(super) fn new(shoe: &Composition) -> Table {
        Table {
            by_value: class_counts(Level::Value, shoe),
            ways: ways_by_pattern(&shoe.counts),
            parts: Vec::new(),
        }
    }

    /// A part's sums, walked at `level`: by point value only where the
    /// shoe is suit-symmetric and the part reads no ranks (`finish`).
    pub(super) fn add(&mut self, level: Level, walked: Walked, first: usize, width: usize) {
        self.parts.push((level, first, width, walked));
    }

    /// The table of every kept column by observation and pattern (read
    /// through [`Suited::patterns`]): the leaves no suit changes shared
    /// out by the ways of each pattern, plus the differences (`rest`: the
    /// ways to deal a round's last two cards).
    ///
    /// A part walked by point value is shared out over the ranks: with
    /// every suit of a rank held equally often and no condition reading
    /// ranks, the rounds dealing four seen cards of given values and suits
    /// return the same whichever ranks of those values they are (the rest
    /// of the shoe by value and suit is the same), and every suit
    /// assignment of one pattern alike; so the sum of a rank observation
    /// and pattern is the value observation's per way of dealing its seen
    /// cards times the rank observation's ways.
    pub(super) fn finish(self, rest: u128) -> Suited {
        let mut cols = Vec::new();
        let mut at = Vec::new();
        let mut parts = Vec::new();
        // The ways by value observation, built once for the parts walked
        // by point value.
        let mut value_ways: Option<Vec<u128>> = None;
        for (i, (level, first, width, walked)) in self.parts.into_iter().enumerate() {
            cols.extend(first..first + width);
            at.extend((0..width).map(|c| (i, c)));
            parts.push(if level == Level::Value {
                let value_ways = value_ways.get_or_insert_with(|| ways_by_pattern(&self.by_value));
                Finished::Value(per_way(walked, value_ways))
            } else {
                Finished::Rank(walked)
            });
        }
        let all = self
            .ways
            .chunks(PATTERNS)
            .map(|row| row.iter().sum())
            .collect();
        Suited {
            cols,
            at,
            parts,
            ways: self.ways,
            all,
            rest,
            value_of: (0..OBSERVATIONS)
                .map(|o| value_observation(o) as u32)
                .collect(),
            sequences: std::sync::OnceLock::new(),
        }
    }
}

/// A part walked by point value, each value observation's differences
/// replaced by its sums per way of dealing the seen cards, per column and
/// pattern: an exact integer, every way of one pattern summing alike. The
/// blocks' memory is reused (a table of its own would be as large as the
/// differences, all of it fresh pages); their `base` is then not read.
fn per_way(mut walked: Walked, ways: &[u128]) -> Walked {
    let (k, width, places) = (walked.k, walked.width, walked.places);
    walked
        .blocks
        .par_iter_mut()
        .enumerate()
        .for_each(|(ab, block)| {
            let Some(block) = block else {
                return;
            };
            for at in 0..k * k {
                let mut digits = [0usize; 4];
                for (&place, class) in places.iter().zip([ab / k, ab % k, at / k, at % k]) {
                    digits[place] = class;
                }
                let v = digits.iter().fold(0, |o, &x| o * 13 + x);
                let ways = &ways[v * PATTERNS..(v + 1) * PATTERNS];
                let all: u128 = ways.iter().sum();
                for c in 0..width {
                    let cell = (at * width + c) * PATTERNS;
                    let per = &mut block.diff[cell..cell + PATTERNS];
                    if all == 0 {
                        // Never dealt: it sums to nothing.
                        per.fill(0);
                        continue;
                    }
                    let base = block.base[at * width + c];
                    debug_assert_eq!(base % all as i128, 0, "an exact share");
                    let common = base / all as i128;
                    for (x, &w) in per.iter_mut().zip(ways) {
                        let own = if *x == 0 {
                            0
                        } else {
                            debug_assert_eq!(*x % w as i128, 0, "an exact share");
                            *x / w as i128
                        };
                        *x = common + own;
                    }
                }
            }
        });
    walked
}

/// The seen cards' suits assigned place by place (the fixed ones kept,
/// the open ones each of the four), each complete assignment's ways
/// added to its pattern's: some 340 steps for four open suits, where
/// every assignment counted from scratch took ten times as many.
struct Assign<'a> {
    counts: &'a [[u32; 4]; 13],
    index: &'a patterns::Index,
    ranks: [usize; 4],
    /// Cards taken so far, by rank and suit.
    taken: [[u32; 4]; 13],
    /// The fixed suits (`u8::MAX` where open).
    fixed: [u8; 4],
    out: &'a mut [u64; PATTERNS],
}

impl Assign<'_> {
    /// Places `i..4` of `so_far` (places before `i` set), `ways` the
    /// product of the factors of the cards placed.
    fn from(&mut self, i: usize, ways: u64, mut so_far: [u8; 4]) {
        if i == 4 {
            self.out[self.index.of(so_far)] += ways;
            return;
        }
        let r = self.ranks[i];
        let (low, high) = match self.fixed[i] {
            u8::MAX => (0, 4),
            fixed => (fixed as usize, fixed as usize + 1),
        };
        for suit in low..high {
            let factor = self.counts[r][suit].saturating_sub(self.taken[r][suit]) as u64;
            if factor == 0 {
                continue;
            }
            self.taken[r][suit] += 1;
            so_far[i] = suit as u8;
            self.from(i + 1, ways * factor, so_far);
            self.taken[r][suit] -= 1;
        }
    }
}
