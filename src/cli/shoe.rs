//! `certify shoe SPEC --remove ".."` or `--composition ".."`: the exact
//! house edge of every wager and pay table for one remaining shoe, beside
//! the full shoe's. The work is in `crate::engine::shoe_state`.

use super::check::load_at_decks;
use super::output::Output;
use crate::cards::{Card, parse_rank_or_card, rank_char};
use crate::diag::Diagnostic;
use crate::diag::shoe::{Fault, ShoeError};
use crate::diag::usage::UsageError;
use crate::engine::shoe::Composition;
use crate::engine::shoe_state::ShoeStates;
use crate::model::Spec;
use crate::numbers::percent;
use crate::report::data::values::Exact;
use crate::report::text::new_table;
use clap::Args;
use num_bigint::BigInt;
use num_rational::BigRational;
use std::fmt::Write;

#[derive(Args, Debug)]
pub(super) struct ShoeArgs {
    /// The rule spec (YAML), e.g. rules/21st_century_baccarat.yaml
    spec: String,
    /// Cards dealt from the full shoe, separated by spaces or commas: a rank
    /// alone (taken from the suit with the most of that rank left) or a rank
    /// and a suit for wagers that read suits, e.g. --remove "7 7 K 3h"
    #[arg(long, value_name = "CARDS", conflicts_with = "composition")]
    remove: Option<String>,
    /// The cards left, as counts per rank (spread evenly over the suits) or
    /// per card, each rank or card once and within the full shoe, e.g.
    /// --composition "A:32,2:30,7h:6"; what is not listed is not in the
    /// shoe. Where a wager reads suits, a rank alone stands for all of its
    /// cards or none: give other counts per card
    #[arg(long, value_name = "COUNTS")]
    composition: Option<String>,
    /// Deck count of the full shoe (default: the spec's; within its allowed
    /// range); the strategy is the one resolved for it, e.g. --decks 6
    #[arg(long, value_name = "N")]
    decks: Option<u32>,
    /// Print the result as JSON (exact fractions and decimals)
    #[arg(long)]
    json: bool,
}

/// A card's text: a rank alone (None for the suit) or a rank and a suit.
fn card_of(text: &str) -> Result<(u8, Option<u8>), ShoeError> {
    use crate::cards::{CardError, rank_of};
    parse_rank_or_card(text).map_err(|e| {
        let fault = match e {
            // `9x`: a rank, then something that is no suit.
            CardError::UnknownSuit { suit, .. } => {
                let before = text.trim().strip_suffix(suit).unwrap_or("");
                rank_of(before).map(|_| Fault::Suit(suit.to_string()))
            }
            CardError::UnknownRank { rank, .. } => Some(Fault::Rank(rank)),
            _ => None,
        };
        ShoeError::Card {
            text: text.into(),
            fault,
        }
    })
}

fn name(rank: u8, suit: Option<u8>) -> String {
    match suit {
        Some(s) => Card::new(rank, s).to_string(),
        None => rank_char(rank).to_string(),
    }
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
}

/// The full shoe less the cards of `text`.
fn removed(text: &str, decks: u32) -> Result<Composition, ShoeError> {
    let mut c = Composition::standard(decks);
    if words(text).next().is_none() {
        return Err(ShoeError::NoCards);
    }
    for w in words(text) {
        let (rank, suit) = card_of(w)?;
        let row = &mut c.counts[rank as usize - 1];
        let s = suit.map_or_else(
            // The suit with the most left (the first of equals).
            || (0..4).rev().max_by_key(|&s| row[s]).expect("four suits"),
            |s| s as usize,
        );
        if row[s] == 0 {
            return Err(ShoeError::TooMany {
                card: match suit {
                    Some(_) => name(rank, suit),
                    None => format!("rank {}", name(rank, None)),
                },
                held: if suit.is_some() { decks } else { 4 * decks },
                decks,
            });
        }
        row[s] -= 1;
    }
    Ok(c)
}

/// The shoe of `text`: `CARD:COUNT` entries, each rank or card once and
/// within what the full shoe of `decks` decks holds. A rank's count is
/// spread over the suits (the first suits take the remainder), except
/// where a wager reads suits (`suit_wager`): there a rank alone stands
/// only for all of its cards or none, and other counts are given per card.
fn composition(text: &str, decks: u32, suit_wager: Option<&str>) -> Result<Composition, ShoeError> {
    let mut c = Composition {
        counts: [[0; 4]; 13],
    };
    // Which ranks and cards were given: a rank's entry covers its four cards.
    let mut given = [[false; 4]; 13];
    for w in words(text) {
        let (card, count) = w
            .split_once(':')
            .ok_or_else(|| ShoeError::Entry { text: w.into() })?;
        let (rank, suit) = card_of(card.trim())?;
        let count = count.trim();
        if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ShoeError::Count { text: w.into() });
        }
        let held = if suit.is_some() { decks } else { 4 * decks };
        // Past u32 is past any shoe: held is at most 4 × 64.
        let count: u32 = count.parse().unwrap_or(u32::MAX);
        if count > held {
            return Err(ShoeError::MoreThanHeld {
                entry: w.into(),
                card: match suit {
                    Some(_) => name(rank, suit),
                    None => format!("rank {}", name(rank, None)),
                },
                held,
                decks,
            });
        }
        let r = rank as usize - 1;
        let suits: Vec<usize> = suit.map_or_else(|| (0..4).collect(), |s| vec![s as usize]);
        if suits.iter().any(|&s| given[r][s]) {
            return Err(ShoeError::Twice {
                card: name(rank, suit),
            });
        }
        for &s in &suits {
            given[r][s] = true;
        }
        let row = &mut c.counts[r];
        match suit {
            Some(s) => row[s as usize] = count,
            None => {
                if let Some(wager) = suit_wager
                    && count != 0
                    && count != held
                {
                    return Err(ShoeError::RankInSuitGame {
                        entry: w.into(),
                        rank: name(rank, None),
                        full: held,
                        wager: wager.into(),
                    });
                }
                for (s, n) in row.iter_mut().enumerate() {
                    *n = count / 4 + u32::from((s as u32) < count % 4);
                }
            }
        }
    }
    Ok(c)
}

pub(super) fn shoe_cmd(a: &ShoeArgs) -> Output {
    let (spec, decks) = match load_at_decks(&a.spec, a.decks) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let (flag, shoe) = match (&a.remove, &a.composition) {
        (Some(r), _) => ("remove", removed(r, decks)),
        (None, Some(c)) => {
            let suits = spec
                .wagers
                .iter()
                .find(|w| crate::removal::reads_suits(w))
                .map(|w| w.id.as_str());
            ("composition", composition(c, decks, suits))
        }
        (None, None) => ("remove", Err(ShoeError::NoShoe)),
    };
    let shoe = match shoe.and_then(|c| match c.total() {
        n if n < 6 => Err(ShoeError::TooFew { left: n }),
        _ => Ok(c),
    }) {
        Ok(c) => c,
        Err(e) => return Output::usage(Diagnostic::plain(UsageError::flag(flag, e))),
    };
    let spec = crate::strategy::for_decks(&spec, decks).into_owned();
    let states = ShoeStates::new(&spec);
    let edges = states.edges(&shoe);
    let full = states.edges(&Composition::standard(decks));
    let stdout = if a.json {
        json(&spec, decks, &shoe, &edges, &full)
    } else {
        text(&spec, decks, &shoe, &edges, &full)
    };
    Output {
        stdout,
        stderr: String::new(),
        code: 0,
    }
}

/// Every (wager, pay table) with its edge here and in the full shoe.
fn rows<'a>(
    spec: &'a Spec,
    edges: &'a [Vec<BigRational>],
    full: &'a [Vec<BigRational>],
) -> impl Iterator<Item = (&'a str, &'a str, &'a BigRational, &'a BigRational)> {
    spec.wagers.iter().enumerate().flat_map(move |(w, wager)| {
        wager.pay_tables.iter().enumerate().map(move |(t, table)| {
            (
                wager.id.as_str(),
                table.id.as_str(),
                &edges[w][t],
                &full[w][t],
            )
        })
    })
}

fn hundred() -> BigRational {
    BigRational::from_integer(BigInt::from(100))
}

fn text(
    spec: &Spec,
    decks: u32,
    shoe: &Composition,
    edges: &[Vec<BigRational>],
    full: &[Vec<BigRational>],
) -> String {
    let mut s = format!(
        "{}: {} cards left of {} ({}); house edge per unit staked, exact, the strategy as resolved for the full shoe\n",
        spec.title,
        shoe.total(),
        52 * decks,
        crate::cards::deck_count(decks)
    );
    let mut t = new_table(vec![
        "wager",
        "pay table",
        "house edge",
        "exact",
        "full shoe",
        "change (points)",
    ]);
    for (w, table, e, f) in rows(spec, edges, full) {
        let change = crate::numbers::decimal(&((e - f) * hundred()), 4);
        t.add_row(vec![
            w.to_string(),
            table.to_string(),
            percent(e, 4),
            crate::numbers::fraction(e),
            percent(f, 4),
            if change.starts_with('-') {
                change
            } else {
                format!("+{change}")
            },
        ]);
    }
    let _ = writeln!(s, "\n{t}");
    s
}

fn json(
    spec: &Spec,
    decks: u32,
    shoe: &Composition,
    edges: &[Vec<BigRational>],
    full: &[Vec<BigRational>],
) -> String {
    let ranks: Vec<serde_json::Value> = shoe
        .counts
        .iter()
        .enumerate()
        .map(|(r, suits)| {
            serde_json::json!({
                "rank": name(r as u8 + 1, None),
                "suits": suits,
            })
        })
        .collect();
    let tables: Vec<serde_json::Value> = rows(spec, edges, full)
        .map(|(w, table, e, f)| {
            serde_json::json!({
                "wager": w,
                "pay_table": table,
                "house_edge": Exact::of(e),
                "full_shoe_house_edge": Exact::of(f),
                "change": Exact::of(&(e - f)),
            })
        })
        .collect();
    let doc = serde_json::json!({
        "spec": spec.id,
        "decks": decks,
        "cards_left": shoe.total() as u64,
        "composition": ranks,
        "tables": tables,
    });
    serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
}
