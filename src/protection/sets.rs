//! What the report covers: the base game's wagers together and every side
//! bet alone, under every first-card scenario, and the drawing decision
//! where a player makes one.

use super::{Protection, Request, first_cards, informed_scenarios, protect};
use crate::diag::protect::ProtectError;
use crate::model::{Ratio, Spec};
use crate::protect::Scenario;

/// The report's set, and `certify protect` without `--wagers` or
/// `--scenario`: the base game's wagers together (where the spec has a
/// base game) under the four first-card scenarios; each side bet alone
/// under the same four, and bet after the first hand's two cards are
/// seen where the layout leaves it open; the drawing decision where a
/// player makes one.
pub fn full_set(spec: &Spec) -> Vec<Scenario> {
    let mut set = Vec::new();
    if has_base_game(spec) {
        set.extend(first_cards(None));
    }
    for bet in side_bets(spec) {
        set.extend(first_cards(Some(&bet)));
        let wager = bet.split('/').next().unwrap_or_default();
        if spec.report.after_cards_seen.iter().any(|w| w == wager) {
            let text = format!("hand:{}@{bet}", spec.game.hands[0]);
            set.push(Scenario::parse(&text).expect("a scenario"));
        }
    }
    set.extend(informed_scenarios(spec));
    set
}

/// Whether the spec declares a base game (`report.protect`, or combined
/// wagers): its wagers are chosen among together.
fn has_base_game(spec: &Spec) -> bool {
    !spec.combined.is_empty() || !spec.report.protect.is_empty()
}

/// The base game's wagers, by spec index: those `report.protect` names
/// (a combined entry standing for its wagers), else the combined wagers'.
fn base_wagers(spec: &Spec) -> Vec<usize> {
    let names: Vec<&String> = if spec.report.protect.is_empty() {
        spec.combined.iter().map(|c| &c.id).collect()
    } else {
        spec.report.protect.iter().collect()
    };
    let mut out = Vec::new();
    for name in names {
        if let Some(c) = spec.combined.iter().find(|c| &c.id == name) {
            out.extend(c.wagers.iter().copied());
        } else if let Some(w) = spec.wagers.iter().position(|w| &w.id == name) {
            out.push(w);
        }
    }
    out
}

/// Every side bet a casino may offer, as a choice's name (`wager`, or
/// `wager/pay_table` past its first pay table): every wager outside the
/// base game, under each pay table but the other readings of
/// interpretations (a reading not adopted is no bet a player can make).
pub fn side_bets(spec: &Spec) -> Vec<String> {
    let base = base_wagers(spec);
    let mut out = Vec::new();
    for (w, wager) in spec.wagers.iter().enumerate() {
        if base.contains(&w) {
            continue;
        }
        for (t, table) in wager.pay_tables.iter().enumerate() {
            if other_reading(spec, &wager.id, &table.id) {
                continue;
            }
            out.push(if t == 0 {
                wager.id.clone()
            } else {
                format!("{}/{}", wager.id, table.id)
            });
        }
    }
    out
}

/// Whether a wager's pay table is the other reading of an interpretation
/// (the wager itself, or that table of it).
fn other_reading(spec: &Spec, wager: &str, table: &str) -> bool {
    spec.interpretations.iter().any(|i| {
        let other = &i.alternative;
        other.wager == wager
            && match &other.pay_table {
                Some(t) => t == table,
                None => i.chosen.wager != wager,
            }
    })
}

/// The report's "Game protection" section: the full set, every wager.
#[derive(Clone, Debug)]
pub struct ReportSet {
    pub protection: Protection,
    /// Side bets left out because the player has the edge without seeing
    /// anything (a negative house edge: the report's warnings say so).
    pub favourable: Vec<String>,
    /// Whether the spec has a base game whose wagers are chosen among
    /// together (else only side bets, each alone).
    pub base_game: bool,
}

pub fn report_set(
    spec: &Spec,
    decks: u32,
    max_bets: &[(String, Ratio)],
) -> Result<ReportSet, ProtectError> {
    let request = Request {
        max_bets: max_bets.to_vec(),
        ..Request::default()
    };
    let mut protection = protect(spec, decks, &request)?;
    // A side bet bet alone every round: its edge is minus its house edge,
    // seen cards or not. Positive: the bet favours the player outright.
    let mut favourable: Vec<String> = Vec::new();
    for o in &protection.outcomes {
        let alone = o.scenario.wagers.is_some() && o.choices.len() == 1;
        if alone
            && num_traits::Signed::is_positive(&o.player_edge)
            && !favourable.contains(&o.choices[0])
        {
            favourable.push(o.choices[0].clone());
        }
    }
    protection.retain(|o| !favourable.contains(&o.choices[0]) || o.scenario.wagers.is_none());
    Ok(ReportSet {
        protection,
        favourable,
        base_game: has_base_game(spec),
    })
}
