//! Machinery: the shoe simulator, an independent check of the exact
//! figures, and the card-counting analysis. The stage that runs it for a
//! spec and forms the study is `crate::study`.
//!
//! It deals real shoes by the spec's own rules (`deal`), shuffled with a
//! named, portable generator (`rng`), burned and cut as a table does
//! (`shoe`), and settles every wager of every round with the reference
//! evaluator (`memo`). It shares no code with the exact engine: what it
//! reports is what dealing cards gives.
//!
//! A run is two passes over the same blocks (`passes`): every round from a
//! full shoe, whose averages must contain the exact figures, and whole
//! shoes dealt to a cut card, which show the cut-card effect and what a
//! card counter wins. A run is cut into blocks of about 2^20 rounds, each
//! with its own generator; threads take blocks as they come, and shards
//! (`--shard K/N`) take contiguous runs of blocks, so every split adds up
//! to exactly the tallies of one undivided run. For the same reason a
//! thread may deal up to sixteen blocks side by side, one to a vector lane
//! (`lanes`), with the tallies of the blocks dealt one at a time.

mod count;
mod deal;
mod keys;
mod lanes;
mod memo;
mod passes;
mod rng;
pub mod sampled;
pub mod shard_file;
mod shoe;
mod shoe_nets;
pub mod stats;
pub mod tally;

pub use count::{BUCKET_EDGE, Tags};
pub use tally::{DealtTally, FullTally};

use crate::diag::simulate::SimulateError;
use crate::model::Spec;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Rounds per block (the last blocks of a run may hold one more or less).
pub const BLOCK_ROUNDS: u64 = 1 << 20;

/// Which part of a run this is: shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// `K/N`.
    pub fn parse(text: &str) -> Result<Shard, SimulateError> {
        let bad = || SimulateError::Shard {
            given: text.to_string(),
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// What a run deals. Every field is recorded with its results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Rounds of each pass (the dealt pass finishes its last shoes).
    pub rounds: u64,
    pub seed: u64,
    /// The share of the shoe dealt before the cut card.
    pub penetration: f64,
    pub shard: Shard,
}

/// Default seed: any fixed number; recorded with the results.
pub const DEFAULT_SEED: u64 = 20_261_123;

/// Cards left behind the cut card by default: 16 in an 8-deck shoe, two
/// per deck. The figure of the published Dragon 7 counting simulations
/// ("16 cards are placed behind the cut card", Stephen How,
/// discountgambling.net, 2011-2013), which typical baccarat dealing
/// procedures match.
pub const BEHIND_CUT_PER_DECK: u32 = 2;

/// The default penetration, whatever the deck count: 2 cards in 52 are
/// left behind the cut card (96.15% dealt).
pub fn default_penetration() -> f64 {
    1.0 - BEHIND_CUT_PER_DECK as f64 / 52.0
}

/// The three penetrations of a dealt pass, shallowest first: the run's own
/// and one and two eighths of the shoe shallower.
pub fn penetrations(penetration: f64) -> [f64; tally::BANDS] {
    [penetration - 0.25, penetration - 0.125, penetration]
}

impl Settings {
    pub fn check(&self) -> Result<(), SimulateError> {
        if self.rounds == 0 {
            return Err(SimulateError::NoRounds);
        }
        if self.rounds > crate::limits::MAX_SIMULATE_ROUNDS {
            return Err(SimulateError::TooManyRounds {
                given: self.rounds,
                max: crate::limits::MAX_SIMULATE_ROUNDS,
            });
        }
        if !crate::limits::PENETRATION.contains(&self.penetration) {
            return Err(SimulateError::Penetration {
                given: self.penetration.to_string(),
            });
        }
        let shard = &self.shard;
        if shard.index == 0 || shard.index > shard.count {
            return Err(SimulateError::Shard {
                given: format!("{}/{}", shard.index, shard.count),
            });
        }
        // Shards take whole blocks: past one shard a block, some deal nothing.
        if self.own_blocks().is_empty() {
            return Err(SimulateError::ShardEmpty {
                shard: format!("{}/{}", self.shard.index, self.shard.count),
                rounds: self.rounds,
                blocks: self.blocks(),
                least: shard.count.saturating_mul(BLOCK_ROUNDS),
            });
        }
        Ok(())
    }

    /// Rounds of each pass this shard deals (the dealt pass finishes the
    /// shoe of its last round, so it deals a few more).
    pub fn shard_rounds(&self) -> u64 {
        self.own_blocks().map(|b| self.quota(b)).sum()
    }

    fn blocks(&self) -> u64 {
        self.rounds.div_ceil(BLOCK_ROUNDS)
    }

    /// Rounds of block `b`: the run's rounds shared as evenly as possible.
    fn quota(&self, b: u64) -> u64 {
        let blocks = self.blocks();
        self.rounds / blocks + u64::from(b < self.rounds % blocks)
    }

    /// The blocks this shard deals.
    fn own_blocks(&self) -> std::ops::Range<u64> {
        let (k, n, b) = (self.shard.index - 1, self.shard.count, self.blocks());
        let at = |i: u64| ((i as u128 * b as u128) / n as u128) as u64;
        at(k)..at(k + 1)
    }
}

/// Where the cut cards fall in a shoe of `cards` cards, shallowest first:
/// never before the longest burn (11 cards) and always with a whole round
/// (six cards) left after the last round begun.
pub fn cut_cards(cards: usize, penetration: f64) -> [usize; tally::BANDS] {
    penetrations(penetration).map(|p| shoe::cut(cards, p).clamp(12, cards - 5))
}

/// How a thread deals its blocks of a run: side by side where the lanes
/// deal them (`rules`), else one block at a time (`passes`).
struct Dealing<'a> {
    settings: &'a Settings,
    rules: Option<lanes::Rules>,
    cuts: passes::Cuts,
    counts: Option<&'a [Tags]>,
}

impl Dealing<'_> {
    /// Blocks `own` of stream `stream`, as lanes deal them.
    fn blocks(&self, own: std::ops::Range<u64>, stream: &str) -> Vec<lanes::Block> {
        own.map(|b| lanes::Block {
            rounds: self.settings.quota(b),
            key: rng::key(self.settings.seed, stream, b),
        })
        .collect()
    }

    /// The full-shoe pass of blocks `own`.
    fn full(&self, pass: &mut passes::Pass, own: std::ops::Range<u64>, stream: &str) -> FullTally {
        if let Some(rules) = &self.rules {
            let blocks = self.blocks(own, stream);
            return lanes::full_shoe(
                pass,
                lanes::Batch {
                    rules,
                    blocks: &blocks,
                },
            );
        }
        let mut tally = FullTally::new(pass.layout);
        for b in own {
            let mut rng = rng::Rng::for_block(self.settings.seed, stream, b);
            tally.add(&passes::full_shoe(pass, self.settings.quota(b), &mut rng));
        }
        tally
    }

    /// The dealt pass of blocks `own` (in lanes only with the counts kept).
    fn dealt(
        &self,
        pass: &mut passes::Pass,
        own: std::ops::Range<u64>,
        stream: &str,
    ) -> DealtTally {
        if let (Some(rules), Some(counts)) = (&self.rules, self.counts) {
            let blocks = self.blocks(own, stream);
            let counting = lanes::Counting {
                cuts: self.cuts,
                counts,
            };
            return lanes::dealt(
                pass,
                lanes::Batch {
                    rules,
                    blocks: &blocks,
                },
                counting,
            );
        }
        let mut tally = DealtTally::new(pass.layout, count::buckets_kept(self.counts));
        for b in own {
            let mut rng = rng::Rng::for_block(self.settings.seed, stream, b);
            let quota = self.settings.quota(b);
            tally.add(&passes::dealt(
                pass,
                self.cuts,
                self.counts,
                quota,
                &mut rng,
            ));
        }
        tally
    }
}

/// A run's tallies with what produced them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Simulated {
    pub spec: String,
    pub decks: u32,
    pub settings: Settings,
    /// Each pay table's count, when the counting analysis ran (flat over
    /// every wager's pay tables, in spec order).
    pub counts: Option<Vec<Tags>>,
    pub full: FullTally,
    pub dealt: DealtTally,
}

/// The generator streams of a run's passes (see `rng`): a stream's name
/// goes into every block's seed, so passes with other names deal other
/// cards from the same seed.
#[derive(Clone, Copy, Debug)]
pub struct Streams<'a> {
    /// The full-shoe pass; None: not dealt (its tally stays empty).
    pub full: Option<&'a str>,
    pub dealt: &'a str,
}

impl Streams<'static> {
    /// The study's own run: both passes.
    pub const RUN: Streams<'static> = Streams {
        full: Some("full"),
        dealt: "dealt",
    };
}

/// Runs both passes of this shard of a run. `spec` must have its strategy
/// resolved (the player decides by the full shoe's chart throughout).
/// `done` counts rounds dealt, for a progress display.
pub fn simulate(
    spec: &Spec,
    decks: u32,
    settings: &Settings,
    counts: Option<&[Tags]>,
    done: &AtomicU64,
) -> Simulated {
    simulate_streams(spec, decks, settings, counts, done, Streams::RUN)
}

/// [`simulate`] with the passes of `streams` (a pass without a stream is
/// not dealt): the counter at another deck count deals only shoes to the
/// cut card, from streams of its own.
pub fn simulate_streams(
    spec: &Spec,
    decks: u32,
    settings: &Settings,
    counts: Option<&[Tags]>,
    done: &AtomicU64,
    streams: Streams,
) -> Simulated {
    let groups = memo::groups(spec);
    let dealer = deal::Dealer::new(&spec.game);
    let layout = tally::Layout::new(spec);
    let cuts = cut_cards(52 * decks as usize, settings.penetration);
    let blocks = settings.own_blocks();
    let next = AtomicU64::new(blocks.start);
    let threads = rayon::current_num_threads().max(1);
    let buckets = count::buckets_kept(counts);
    let totals = Mutex::new((FullTally::new(&layout), DealtTally::new(&layout, buckets)));
    // Blocks side by side where the lanes deal and enough blocks make it
    // pay (`lanes`), else one at a time.
    let (rules, batch) = match (
        lanes::rules(&dealer),
        lanes::batch(blocks.end - blocks.start, threads as u64),
    ) {
        (Some(rules), Some(batch)) => (Some(rules), batch),
        _ => (None, 1),
    };
    let dealing = Dealing {
        settings,
        rules,
        cuts,
        counts,
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut memo = memo::Memo::new(&groups, &layout);
                let mut pass = passes::Pass {
                    dealer: &dealer,
                    layout: &layout,
                    decks,
                    memo: &mut memo,
                };
                let mut full = FullTally::new(&layout);
                let mut dealt = DealtTally::new(&layout, buckets);
                loop {
                    let b = next.fetch_add(batch, Ordering::Relaxed);
                    if b >= blocks.end {
                        break;
                    }
                    let own = b..(b + batch).min(blocks.end);
                    let rounds: u64 = own.clone().map(|b| settings.quota(b)).sum();
                    if let Some(stream) = streams.full {
                        full.add(&dealing.full(&mut pass, own.clone(), stream));
                        done.fetch_add(rounds, Ordering::Relaxed);
                    }
                    dealt.add(&dealing.dealt(&mut pass, own, streams.dealt));
                    done.fetch_add(rounds, Ordering::Relaxed);
                }
                // Integer sums: the order threads finish in cannot matter.
                let mut t = totals.lock().expect("no thread panics holding it");
                t.0.add(&full);
                t.1.add(&dealt);
            });
        }
    });
    let (full, dealt) = totals.into_inner().expect("threads joined");
    Simulated {
        spec: spec.id.clone(),
        decks,
        settings: settings.clone(),
        counts: counts.map(<[Tags]>::to_vec),
        full,
        dealt,
    }
}
