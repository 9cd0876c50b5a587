//! The decision enumeration for many shoes of one game: every round of
//! point values settled once ([`Settled`]), then per shoe a tight loop
//! over the initial cards and the third cards in machine integers
//! ([`decisions_settled`]), about a millisecond a shoe where the general
//! walk takes ten. `seen:N` (`crate::protect::informed`) walks thousands
//! of shoes. `tests/protect_informed.rs` compares the two walks
//! information set by information set.

use super::{
    Decisions, InfoSet, Keying, Outcomes, SLOTS, Walk, Yield, by_value, checked, settlers,
    spec_scale,
};
use crate::engine::shoe::Composition;
use crate::model::{Chart, Spec};

/// Every round of point values settled once: the objective's net (times
/// the scale) and units staked, by the four initial values and the third
/// cards (or none). Independent of the shoe.
pub struct Settled {
    /// By the initial values (`x0 + 10 x1 + 100 x3 + 1000 x4`), times 121,
    /// plus the third cards (`11 p3 + d3`, 10 for none: the second hand's
    /// third card varies fastest, so a shoe's sum over it reads ten
    /// contiguous values).
    net: Vec<i64>,
    staked: Vec<u8>,
}

impl Settled {
    const NONE: usize = 10;
    const SIZE: usize = 10_000 * 11 * 11;

    /// The table for `spec`'s objective (the first hand decides).
    pub fn of(spec: &Spec) -> Settled {
        let d = spec.decides().expect("a deciding hand");
        let scale = spec_scale(spec, d);
        let settlers = settlers(spec, d, scale);
        let outcomes = Outcomes::of(&settlers, true);
        let mut walk = Walk {
            spec,
            d,
            scale,
            settlers: &settlers,
            order: &[],
            counts: [0; 10],
            left: 0,
            values: [0; SLOTS],
            found: Vec::new(),
            touched: Vec::new(),
            outcomes: &outcomes,
            memo: vec![None; outcomes.keying.as_ref().map_or(0, Keying::size)],
            atom_values: vec![0; outcomes.atoms.list.len()],
        };
        let mut out = Settled {
            net: vec![0; Self::SIZE],
            staked: vec![0; Self::SIZE],
        };
        for i in 0..Self::SIZE {
            // A round's third cards vary fastest: the loop over them reads
            // contiguous memory.
            let (third, initial) = (i % 121, i / 121);
            let (p3, d3) = (third / 11, third % 11);
            let digit = |k: u32| (initial / 10usize.pow(k) % 10) as u8;
            walk.values = [
                digit(0),
                digit(1),
                p3 as u8 % 10,
                digit(2),
                digit(3),
                d3 as u8 % 10,
            ];
            let counts = [2 + (p3 != Self::NONE) as u8, 2 + (d3 != Self::NONE) as u8];
            let (net, staked) = walk.settled(counts);
            out.net[i] = i64::try_from(net).expect("a round's net fits");
            out.staked[i] = staked as u8;
        }
        out
    }
}

/// [`super::decisions`] of `shoe`, settled from `table` (built once for
/// the spec): the same information sets, weights and yields, on one
/// thread (callers walk many shoes in parallel).
pub fn decisions_settled(spec: &Spec, shoe: &Composition, table: &Settled) -> Decisions {
    let d = spec.decides().expect("a deciding hand");
    let game = &spec.game;
    let counts: [i64; 10] = by_value(shoe).map(|x| x as i64);
    let l4 = shoe.total().saturating_sub(4) as i64;
    let mut sets = vec![InfoSet::default(); 10usize.pow(d.sees.len() as u32)];
    // The four initial cards' values, as the table numbers them: slots
    // 0, 1, 3, 4 are the digits of `base`.
    for base in 0..10_000usize {
        let mut vals = [0u8; SLOTS];
        let (mut c, mut w) = (counts, 1i128);
        for (k, slot) in [0usize, 1, 3, 4].into_iter().enumerate() {
            let v = (base / 10usize.pow(k as u32) % 10) as u8;
            // A card's weight is the count of its value left when dealt.
            w *= c[v as usize] as i128;
            c[v as usize] -= 1;
            vals[slot] = v;
        }
        if w <= 0 {
            continue;
        }
        let (t0, t1) = ((vals[0] + vals[1]) % 10, (vals[3] + vals[4]) % 10);
        let natural = game.is_natural(t0) || game.is_natural(t1);
        let at = |p3: usize, d3: usize| base * 121 + 11 * p3 + d3;
        // The second hand's third card (if dealt) and the settlement, per
        // sequence of the first hand's cards; unused slots are any of the
        // cards left.
        let second = |c: &[i64; 10], p3: usize, left: i64, draws: bool| -> (i64, i64) {
            if !draws {
                let free = if p3 == Settled::NONE {
                    left * (left - 1)
                } else {
                    left
                };
                let i = at(p3, Settled::NONE);
                return (table.net[i] * free, table.staked[i] as i64 * free);
            }
            let free = if p3 == Settled::NONE { left - 1 } else { 1 };
            // Every value, those the shoe has none of times zero: the
            // products over ten contiguous values vectorise.
            let row = at(p3, 0);
            let nets = &table.net[row..row + 10];
            let stakes = &table.staked[row..row + 10];
            let (mut net, mut staked) = (0i64, 0i64);
            for d3 in 0..10 {
                net += c[d3] * nets[d3];
                staked += c[d3] * stakes[d3] as i64;
            }
            (net * free, staked * free)
        };
        let stand = second(
            &c,
            Settled::NONE,
            l4,
            !natural && game.second_draws(t1, None),
        );
        let (draw, drew) = if natural {
            (stand, 0)
        } else {
            let (mut net, mut staked) = (0i64, 0i64);
            for p3 in 0..10usize {
                let k = c[p3];
                if k == 0 {
                    continue;
                }
                c[p3] -= 1;
                let (a, b) = second(&c, p3, l4 - 1, game.second_draws(t1, Some(p3 as u8)));
                c[p3] += 1;
                net += k * a;
                staked += k * b;
            }
            ((net, staked), l4 * (l4 - 1))
        };
        let set = &mut sets[Chart::index_of(&d.sees, |s| vals[s as usize])];
        set.weight += (w * (l4 * (l4 - 1)) as i128) as u128;
        let y = |(net, staked): (i64, i64), drew: i64| Yield {
            net: w * net as i128,
            staked: (w * staked as i128) as u128,
            drew: (w * drew as i128) as u128,
        };
        set.stand.add(y(stand, 0));
        set.draw.add(y(draw, drew));
    }
    checked(spec, d, shoe, sets)
}
