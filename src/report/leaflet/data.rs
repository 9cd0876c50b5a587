//! The leaflet's figures, typed: what its JSON holds and what
//! [`super::fill`] words for players. Every figure is taken from the same
//! engine values, through the same functions, as the report's: the house
//! edge is `TableStats::house_edge`, the top award `TableStats::top_award`
//! and its odds `numbers::one_in`, the exact fraction `values::Exact`. Only
//! the rounding shown differs (two decimals of a percent for a player, four
//! in the report), and the exact fraction is in the JSON beside it.
//!
//! Which wagers and pay tables a player sees: those a declared leaflet
//! lists (`leaflets:`, in its order), else the spec's adopted readings. A
//! wager that is the alternative reading of an interpretation (a wager of
//! its own whose chosen reading is another wager) is shown only when a
//! declared leaflet lists it; a pay table that is the alternative reading
//! within its wager never is. A wager priced only by assumed pays (the
//! document prints none) is listed as not priced, with no figure.

use crate::engine::stats::TableStats;
use crate::model::{LeafletPlan, Pay, Precedence, Spec};
use crate::numbers::{one_in, percent};
use crate::report::Computed;
use crate::report::data::manifest::ReportSet;
use crate::report::data::values::{DeckCount, Exact, Odds, Sha256};
use crate::report::inputs::{Inputs, cargo_lock_sha256, fixtures_dir, sha256_hex};
use crate::report::sides::{Holder, holder};
use crate::report::words;
use num_bigint::BigInt;
use num_rational::BigRational;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// What `certify verify` reads to tell a leaflet from a report.
pub const KIND: &str = "player_leaflet";

/// Places of a percent shown to players ("7.61%").
pub const PLACES: u32 = 2;

/// The leaflet: its figures, its manifest, and the hashes of its siblings.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LeafletData {
    /// What the document is: always `player_leaflet` (a report has no
    /// `kind`).
    #[schemars(extend("const" = KIND))]
    pub kind: &'static str,
    /// The game's title.
    pub game: String,
    /// The leaflet's title: a declared leaflet's (`leaflets:`), else the
    /// game's.
    pub title: String,
    /// How a round is dealt and played, in words (as section 2 of the
    /// report words it).
    pub how_to_play: Vec<String>,
    pub decks: DeckCount,
    /// The deck counts the rules allow, as the report's assessment takes
    /// them (empty: the rules name none; the leaflet's count is the
    /// default).
    pub permitted_decks: Vec<DeckCount>,
    /// Points of the game's rules still to be confirmed by the game's
    /// owner (open questions about the game, assumptions the whole game
    /// rests on), in a player's words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub to_confirm: Vec<ToConfirm>,
    /// Who pays and collects the bets: `house`, or `player_dealer` (a seat
    /// that rotates among the players; the figures are then the advantage
    /// of the player-dealer position).
    #[schemars(extend("enum" = ["house", "player_dealer"]))]
    pub banked_by: &'static str,
    /// The file name of the full report (its PDF) the leaflet points to.
    pub full_report: String,
    /// The wagers a player can bet: a declared leaflet's, in its order,
    /// else every adopted one in the spec's order.
    pub wagers: Vec<Wager>,
    /// Wagers made together (e.g. an entry bet and a later bet), per unit
    /// of the bet they are quoted per: the entries whose wagers are all on
    /// the leaflet.
    pub combined: Vec<Combined>,
    /// The place for payout limits (the per-player and table limits an
    /// edition declares): lines of text, shown as a "Payout limits" section
    /// when there are any: the Washington edition's (`--edition
    /// washington`), from `crate::edition::payout`; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub payout_limits: Vec<String>,
    pub manifest: Manifest,
    /// The Markdown and PDF written with this file (absent until rendered).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaflet_set: Option<ReportSet>,
}

/// One wager as a player sees it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Wager {
    /// The wager's id in the spec (the JSON's key; never shown to players).
    pub id: String,
    pub name: String,
    /// How it wins, in the words of the rule file's description, without
    /// what it says to the examiner (the document, assumptions, readings).
    pub description: Option<String>,
    /// When several lines of the pay table hold: `best_pay` or `first_listed`.
    #[schemars(extend("enum" = ["best_pay", "first_listed"]))]
    pub precedence: &'static str,
    /// Whether a round can make two lines of the pay table at once (then
    /// the leaflet says which one is paid).
    pub lines_overlap: bool,
    /// Staked only on some rounds (its figures are then per bet made).
    pub placed_sometimes: bool,
    /// False: the document prints no pays; no figure is shown.
    pub priced: bool,
    /// The pay tables of the adopted readings (none when not priced).
    pub pay_tables: Vec<PayTable>,
    /// Points of this bet's rules still to be confirmed by the game's
    /// owner (assumptions it rests on; the open questions are on its pay
    /// table's lines and figures).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub to_confirm: Vec<ToConfirm>,
}

/// A rule the report leaves open, as a player reads it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ToConfirm {
    /// The question to the submitter (its number) or the assumption (its
    /// id) it comes from.
    pub source: String,
    /// The rule as the figures take it.
    pub text: String,
}

/// One pay table: its lines and figures.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PayTable {
    pub id: String,
    pub name: String,
    pub lines: Vec<Line>,
    /// Minus the expected net result per unit bet: the house edge, or the
    /// advantage of the player-dealer position.
    pub house_edge: Exact,
    /// The house edge as shown, to two places of a percent (`"7.61%"`).
    pub house_edge_shown: String,
    /// One minus the house edge: the share of the amounts bet returned over
    /// the long run.
    pub return_to_player: Exact,
    pub return_to_player_shown: String,
    pub top_award: Option<TopAward>,
    /// Where an open question would change the figures: the other
    /// reading's, to be confirmed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_reading: Option<OtherReading>,
    /// The house edge's range over the deck counts the rules allow, where
    /// it moves by more than a point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
}

/// The figures under the other reading of an open question.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OtherReading {
    /// The question's number (Q1, …) in the full report.
    pub question: u32,
    pub house_edge_shown: String,
    pub return_to_player_shown: String,
}

/// The house edge at the lowest and highest deck counts of its range.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Range {
    pub lowest_decks: DeckCount,
    pub lowest_shown: String,
    pub highest_decks: DeckCount,
    pub highest_shown: String,
}

/// A line of the pay table: what wins and what it pays.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Line {
    pub event: String,
    pub name: String,
    /// "N to 1", "bet returned" or "loses".
    pub pays: String,
    /// Where an open question leaves this line's pay unsettled: the
    /// question's number and the pay under the other reading.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_be_confirmed: Option<LineToConfirm>,
}

/// A line's pay under the other reading of an open question.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LineToConfirm {
    pub question: u32,
    /// "loses", "N to 1", …
    pub otherwise: String,
}

/// The largest pay that happens and how often.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TopAward {
    pub pays: String,
    /// The lines that pay it, by name.
    pub lines: Vec<String>,
    /// "1 in N" rounds, as the report's `top_award.odds`.
    pub odds: Odds,
}

/// Wagers made together.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Combined {
    pub id: String,
    pub name: String,
    /// The wager the figure is quoted per (its name).
    pub per: String,
    pub house_edge: Exact,
    pub house_edge_shown: String,
    pub return_to_player_shown: String,
    /// Where an open question would change the figure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_reading: Option<OtherReading>,
}

/// What reproduces the leaflet; `certify verify` reads it as it reads a
/// report's (the same keys, no timestamps).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Manifest {
    pub spec_file: String,
    pub spec_sha256: Sha256,
    pub spec_id: String,
    pub spec_version: String,
    #[schemars(extend("const" = "certify"))]
    pub tool: &'static str,
    pub tool_version: &'static str,
    pub cargo_lock_sha256: Sha256,
    pub pdf_conformance: &'static str,
    pub decks: DeckCount,
    pub fixtures_dir: String,
    pub verify_samples: usize,
    /// The command that reproduces the leaflet.
    pub command: String,
    /// The declared leaflet (`leaflets:` in the spec) this one is, by id
    /// (`--leaflet ID`); absent when the spec declares none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaflet: Option<String>,
    /// The edition whose payout limits the leaflet shows (`washington`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// With --min-bet / --max-bet: `wager=dollars,...`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_bets: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_bets: Option<String>,
    pub fixture_sha256: BTreeMap<String, Sha256>,
    pub include_sha256: BTreeMap<String, Sha256>,
    /// SHA-256 of `wagers` and `combined` as compact JSON with sorted keys:
    /// the leaflet's results hash, printed on its last line.
    pub results_sha256: Sha256,
}

/// Words of a description addressed to the examiner rather than the
/// player: a sentence or a parenthesis holding one is left out.
const EXAMINER_WORDS: &[&str] = &[
    "document",
    "submitter",
    "scanned",
    "assumption",
    "reading",
    "printed table",
    "as printed",
    "rule file",
    "spec",
    "pay table below",
    "item ",
];

/// A description as a player reads it: its sentences and parentheses that
/// speak of the rule document, the submitter, assumptions or readings (the
/// examiner's concerns, which the report answers) left out; None when
/// nothing is left.
pub fn for_players(description: &str) -> Option<String> {
    let speaks = |s: &str| {
        let s = s.to_lowercase();
        EXAMINER_WORDS.iter().any(|w| s.contains(w))
    };
    // Parentheses first: "(see the assumption ...)".
    let mut text = String::new();
    let mut rest = description.trim();
    while let Some(open) = rest.find(" (") {
        let Some(len) = rest[open..].find(')') else {
            break;
        };
        let inner = &rest[open..open + len + 1];
        text.push_str(&rest[..open]);
        if !speaks(inner) {
            text.push_str(inner);
        }
        rest = &rest[open + len + 1..];
    }
    text.push_str(rest);
    let kept: Vec<&str> = sentences(&text)
        .into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty() && !speaks(s))
        .collect();
    let out = kept.join(" ");
    (!out.is_empty()).then_some(out)
}

/// The sentences of a text: each ends with a full stop (or a full stop
/// and a closing quote) followed by a space, or at the end.
fn sentences(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let (mut out, mut start, mut i) = (Vec::new(), 0, 0);
    while i < b.len() {
        if b[i] == b'.' {
            let j = i + 1 + usize::from(b.get(i + 1) == Some(&b'"'));
            if b.get(j) == Some(&b' ') {
                out.push(&text[start..j]);
                start = j + 1;
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Whether wager `id` is the alternative reading of an interpretation
/// whose chosen reading is another wager.
pub fn alternative_wager(spec: &Spec, id: &str) -> bool {
    spec.interpretations
        .iter()
        .any(|i| i.alternative.wager == id && i.chosen.wager != id)
}

/// Whether pay table `table` of wager `wager` is the alternative reading
/// of an interpretation within that wager.
pub fn alternative_table(spec: &Spec, wager: &str, table: &str) -> bool {
    spec.interpretations.iter().any(|i| {
        i.alternative.wager == wager
            && i.chosen.wager == wager
            && i.alternative.pay_table.as_deref() == Some(table)
    })
}

/// A pay as a player reads it: always "N to 1" (a fraction of a unit as
/// a decimal, "0.95 to 1"), never "N for 1".
pub fn pays(pay: Pay) -> String {
    match pay {
        Pay::Win(r) if r.is_integer() => format!("{} to 1", r.num / r.den),
        Pay::Win(r) => format!("{} to 1", r.trimmed_decimal()),
        Pay::Push => "bet returned".into(),
        Pay::Lose => "loses".into(),
    }
}

fn shown(r: &BigRational) -> String {
    percent(r, PLACES)
}

fn one() -> BigRational {
    BigRational::from_integer(BigInt::from(1))
}

/// The indices of the wagers a leaflet shows: a declared leaflet's, in
/// its order; else every wager but the alternative readings.
pub fn shown_wagers(spec: &Spec, plan: Option<&LeafletPlan>) -> Vec<usize> {
    match plan {
        Some(p) => p
            .wagers
            .iter()
            .filter_map(|id| spec.wagers.iter().position(|w| w.id == *id))
            .collect(),
        None => (0..spec.wagers.len())
            .filter(|&k| !alternative_wager(spec, &spec.wagers[k].id))
            .collect(),
    }
}

/// The leaflet's figures from the computed spec. `report` is the full
/// report's id (its file name without extension); `plan`, the declared
/// leaflet, if any.
pub fn fill(
    inp: &Inputs,
    c: &Computed,
    report: &str,
    plan: Option<&LeafletPlan>,
    payout_limits: Vec<String>,
) -> LeafletData {
    let spec = inp.spec;
    let a = inp.assessment;
    let on = shown_wagers(spec, plan);
    let mut wagers = Vec::new();
    // Assumptions the whole game rests on are said once, for the game.
    let game_wide: Vec<&str> = spec
        .assumptions
        .iter()
        .filter(|x| game_wide(spec, &x.id))
        .map(|x| x.id.as_str())
        .collect();
    for &k in &on {
        let (sw, w) = (&spec.wagers[k], &c.analysis.wagers[k]);
        let priced = !words::wager_assumed(spec, &sw.id);
        let pay_tables = if priced {
            w.tables
                .iter()
                .filter(|t| {
                    !alternative_table(spec, &sw.id, &t.id) && !words::assumed(spec, &sw.id, &t.id)
                })
                .map(|t| pay_table(inp, c, &sw.id, t))
                .collect()
        } else {
            Vec::new()
        };
        // An event that holds on more rounds than it settles is outranked
        // on some: two lines of the pay table held together.
        let lines_overlap = w.tables.iter().any(|t| {
            t.events
                .iter()
                .zip(&w.holds)
                .any(|(e, (_, holds))| e.combinations < *holds)
        });
        let mut to_confirm: Vec<ToConfirm> = Vec::new();
        for t in a.tables.iter().filter(|t| t.wager == sw.id && t.adopted()) {
            for id in &t.rests_on {
                if game_wide.contains(&id.as_str()) || to_confirm.iter().any(|x| &x.source == id) {
                    continue;
                }
                if let Some(x) = spec.assumptions.iter().find(|x| &x.id == id) {
                    to_confirm.push(ToConfirm {
                        source: id.clone(),
                        text: words::sentence(&x.choice),
                    });
                }
            }
        }
        wagers.push(Wager {
            id: sw.id.clone(),
            name: sw.name.clone(),
            description: sw.description.as_deref().and_then(for_players),
            lines_overlap,
            precedence: match sw.precedence {
                Precedence::HighestPay => "best_pay",
                Precedence::ListedOrder => "first_listed",
            },
            placed_sometimes: sw.placed.is_some(),
            priced,
            pay_tables,
            to_confirm,
        });
    }
    // A point every priced bet of this leaflet rests on is said once, for
    // the game, not under each bet (the leaflet stays one or two pages).
    let priced: Vec<&Wager> = wagers.iter().filter(|w| w.priced).collect();
    let shared: Vec<ToConfirm> = match priced.split_first() {
        Some((first, rest)) if !rest.is_empty() => first
            .to_confirm
            .iter()
            .filter(|x| {
                rest.iter()
                    .all(|w| w.to_confirm.iter().any(|y| y.source == x.source))
            })
            .cloned()
            .collect(),
        _ => Vec::new(),
    };
    for w in &mut wagers {
        w.to_confirm
            .retain(|x| !shared.iter().any(|y| y.source == x.source));
    }
    let combined = c
        .analysis
        .combined
        .iter()
        .filter(|cs| {
            cs.wagers
                .iter()
                .all(|w| on.iter().any(|&k| spec.wagers[k].id == *w))
        })
        .map(|cs| {
            let edge = cs.house_edge();
            Combined {
                id: cs.id.clone(),
                name: cs.name.clone(),
                per: words::wager(spec, &cs.per),
                house_edge: Exact::of(&edge),
                house_edge_shown: shown(&edge),
                return_to_player_shown: shown(&(one() - &edge)),
                other_reading: other_reading(
                    a,
                    &crate::assess::Figure::Combined { id: cs.id.clone() },
                ),
            }
        })
        .collect::<Vec<_>>();
    // Player-banked when any wager shown is held by the player-dealer (the
    // checker makes a `table:` spec list every wager).
    let banked = on.iter().any(|&i| holder(spec, i) == Holder::PlayerDealer);
    let results = serde_json::json!({ "wagers": &wagers, "combined": &combined });
    let results_sha256 = Sha256(sha256_hex(
        serde_json::to_string(&results)
            .expect("serializable")
            .as_bytes(),
    ));
    let mut to_confirm: Vec<ToConfirm> = game_wide
        .iter()
        .filter_map(|id| spec.assumptions.iter().find(|x| &x.id == id))
        .map(|x| ToConfirm {
            source: x.id.clone(),
            text: words::sentence(&x.choice),
        })
        .collect();
    to_confirm.extend(shared);
    for q in &a.questions {
        if let crate::assess::Subject::GameReading { id } = &q.subject
            && let Some(gi) = spec.game_interpretations.iter().find(|g| &g.id == id)
        {
            to_confirm.push(ToConfirm {
                source: format!("Q{}", q.number),
                text: format!(
                    "{} (The full analysis also gives every figure if instead: {})",
                    words::sentence(&gi.chosen),
                    words::sentence(&gi.alternative)
                ),
            });
        }
    }
    LeafletData {
        kind: KIND,
        game: spec.title.clone(),
        title: plan.map_or_else(|| spec.title.clone(), |p| p.title.clone()),
        how_to_play: how_to_play(spec, inp.decks, banked, &a.scope.permitted_decks, c),
        decks: DeckCount(inp.decks),
        permitted_decks: a
            .scope
            .permitted_decks
            .iter()
            .map(|d| DeckCount(*d))
            .collect(),
        to_confirm,
        banked_by: if banked { "player_dealer" } else { "house" },
        full_report: format!("{report}.pdf"),
        wagers,
        combined,
        payout_limits,
        manifest: manifest(inp, plan, results_sha256),
        leaflet_set: None,
    }
}

/// Whether an assumption bears on the whole game (its readings name the
/// game's rules, or none places it), not one bet.
fn game_wide(spec: &Spec, id: &str) -> bool {
    let rows: Vec<&crate::model::ItemReading> = spec
        .readings
        .iter()
        .filter(|r| r.assumptions.iter().any(|x| x == id))
        .collect();
    let on_pays = spec
        .wagers
        .iter()
        .flat_map(|w| &w.pay_tables)
        .any(|t| t.assumed.as_deref() == Some(id));
    !on_pays && (rows.is_empty() || rows.iter().any(|r| r.rules.iter().any(|x| x == "game")))
}

/// The other reading's figures of `figure`, where an open question moves it.
fn other_reading(
    a: &crate::assess::Assessment,
    figure: &crate::assess::Figure,
) -> Option<OtherReading> {
    a.questions.iter().find_map(|q| {
        let m = q.moves.iter().find(|m| &m.figure == figure)?;
        if q.why == crate::assess::Why::PrintedFigureDiffers {
            return None;
        }
        let other = m.other.value();
        Some(OtherReading {
            question: q.number,
            house_edge_shown: shown(&other),
            return_to_player_shown: shown(&(one() - &other)),
        })
    })
}

/// The round in words: the deal and the count and the naturals as the
/// report's section 2 words them, who draws, and who banks the bets.
fn how_to_play(
    spec: &Spec,
    decks: u32,
    banked: bool,
    permitted: &[u32],
    c: &Computed,
) -> Vec<String> {
    use crate::model::{FirstRule, StrategyRule};
    let g = &spec.game;
    let a = &g.hands[0];
    let shoe = match permitted {
        [lo, .., hi] => format!(
            "The rules allow a shoe of {lo} to {hi} decks; every figure here is for {}, and where the number of decks moves a figure by more than a point, the range is given beside it.",
            crate::cards::deck_count(decks)
        ),
        [one] if *one != decks => format!(
            "The rules name a shoe of {}; the figures here are for {} (not the rules' count).",
            crate::cards::deck_count(*one),
            crate::cards::deck_count(decks)
        ),
        _ => format!(
            "The game is dealt from a shoe of {}.",
            crate::cards::deck_count(decks)
        ),
    };
    let mut out = vec![
        shoe,
        crate::report::rules::deal(spec),
        crate::report::rules::naturals(spec),
    ];
    out.push(match &g.first {
        FirstRule::Totals(_) => {
            "Third cards are drawn by the fixed drawing rules of the game: no one chooses.".into()
        }
        FirstRule::Decides(d) => match d.strategies[d.default].rule {
            StrategyRule::When(_) => format!(
                "The {a} chooses to draw one card or stand; the figures below assume the {} rule.",
                words::plain(&d.strategies[d.default].id)
            ),
            _ => match c
                .analysis
                .decision
                .as_ref()
                .and_then(crate::report::decision::in_words)
            {
                Some(play) => format!(
                    "The {a} chooses to draw one card or stand; the figures below assume the best choice every time. {play}"
                ),
                None => format!(
                    "The {a} chooses to draw one card or stand; the figures below assume the best choice every time (the full analysis charts it)."
                ),
            },
        },
    });
    if let Some(t) = &spec.table
        && banked
    {
        out.push(format!(
            "The bets are banked by a player-dealer, not by the house: the position moves clockwise around the table every {} hands. The advantage shown for each bet is that of the player-dealer position over the bettor.",
            t.rotation
        ));
    }
    out
}

fn pay_table(inp: &Inputs, c: &Computed, wager: &str, t: &TableStats) -> PayTable {
    let spec = inp.spec;
    let a = inp.assessment;
    let edge = t.house_edge();
    let rtp = one() - &edge;
    let figure = crate::assess::Figure::Table {
        wager: wager.to_string(),
        pay_table: t.id.clone(),
    };
    let other = other_reading(a, &figure);
    // The lines an open question leaves unsettled: those whose pay the
    // other reading's table changes.
    let alternative = other.as_ref().and_then(|o| {
        let q = a.questions.iter().find(|q| q.number == o.question)?;
        let crate::assess::Subject::Reading { id } = &q.subject else {
            return None;
        };
        let i = spec.interpretations.iter().find(|i| &i.id == id)?;
        let w = c
            .analysis
            .wagers
            .iter()
            .find(|w| w.id == i.alternative.wager)?;
        let alt = match &i.alternative.pay_table {
            Some(id) => w.tables.iter().find(|x| &x.id == id)?,
            None => w.tables.first()?,
        };
        Some((o.question, alt))
    });
    let range = a
        .tables
        .iter()
        .find(|f| f.wager == wager && f.pay_table == t.id)
        .and_then(|f| f.range.as_ref())
        .filter(|r| r.moves)
        .map(|r| Range {
            lowest_decks: DeckCount(r.lowest.decks),
            lowest_shown: r.lowest.house_edge.percent(PLACES),
            highest_decks: DeckCount(r.highest.decks),
            highest_shown: r.highest.house_edge.percent(PLACES),
        });
    PayTable {
        id: t.id.clone(),
        name: words::table(spec, wager, &t.id),
        lines: t
            .events
            .iter()
            .map(|e| Line {
                event: e.id.clone(),
                name: words::event(spec, wager, &e.id),
                pays: pays(e.pay),
                to_be_confirmed: alternative.and_then(|(q, alt)| {
                    let x = alt.events.iter().find(|x| x.id == e.id);
                    let otherwise = x.map_or(Pay::Lose, |x| x.pay);
                    (otherwise != e.pay).then(|| LineToConfirm {
                        question: q,
                        otherwise: pays(otherwise),
                    })
                }),
            })
            .collect(),
        house_edge: Exact::of(&edge),
        house_edge_shown: shown(&edge),
        return_to_player: Exact::of(&rtp),
        return_to_player_shown: shown(&rtp),
        top_award: t.top_award().map(|top| TopAward {
            pays: pays(top.pay),
            lines: top
                .events
                .iter()
                .map(|e| words::event_short(spec, wager, e))
                .collect(),
            odds: Odds(one_in(top.combinations, t.total)),
        }),
        other_reading: other,
        range,
    }
}

/// The command that reproduces the leaflet: every option away from its
/// default, and the declared leaflet it is (`--leaflet ID`).
pub fn command(inp: &Inputs, plan: Option<&LeafletPlan>) -> String {
    let mut c = format!(
        "certify leaflet {}{}{}",
        inp.spec_path,
        crate::report::inputs::shoe_flags(inp),
        crate::report::inputs::edition_flags(inp)
    );
    if let Some(p) = plan {
        c.push_str(&format!(" --leaflet {}", p.id));
    }
    c
}

fn manifest(inp: &Inputs, plan: Option<&LeafletPlan>, results_sha256: Sha256) -> Manifest {
    let hashes = |files: &BTreeMap<String, String>| {
        files
            .iter()
            .map(|(name, sha)| (name.clone(), Sha256(sha.clone())))
            .collect()
    };
    Manifest {
        spec_file: inp.spec_path.to_string(),
        spec_sha256: Sha256(sha256_hex(inp.spec_bytes)),
        spec_id: inp.spec.id.clone(),
        spec_version: inp.spec.version.clone(),
        tool: "certify",
        tool_version: env!("CARGO_PKG_VERSION"),
        cargo_lock_sha256: Sha256(cargo_lock_sha256().to_string()),
        pdf_conformance: crate::report::pdf::CONFORMANCE,
        decks: DeckCount(inp.decks),
        fixtures_dir: fixtures_dir(inp),
        verify_samples: inp.options.samples,
        command: command(inp, plan),
        leaflet: plan.map(|p| p.id.clone()),
        edition: Some(inp.options.edition_for(inp.spec))
            .filter(|e| *e != crate::model::Edition::Lab)
            .map(|e| e.name().to_string()),
        min_bets: crate::options::bets_text(&inp.options.min_bets),
        max_bets: crate::options::bets_text(&inp.options.max_bets),
        fixture_sha256: hashes(inp.fixture_files),
        include_sha256: hashes(inp.include_files),
        results_sha256,
    }
}
