//! `certify protect SPEC`: what a player gains from seeing, or telling
//! apart, the first cards of a round, per scenario; a table on the
//! terminal or every figure as an exact fraction in JSON. The work is in
//! `crate::protection`.

use super::check::load_at_decks;
use super::output::Output;
use crate::diag::Diagnostic;
use crate::diag::protect::ProtectError;
use crate::diag::usage::UsageError;
use crate::numbers::{money, percent};
use crate::protect::informed::per_total_wagered;
use crate::protect::scenario::ranks_text;
use crate::protect::{Outcome, Scenario, StrategyGain};
use crate::protection::{Exposure, Protection, Request, StakeSource, protect};
use crate::report::data::values::Exact;
use crate::report::text::new_table;
use clap::Args;
use std::fmt::Write;

use crate::protection::SHOWN_DECISIONS;

#[derive(Args, Debug)]
pub(super) struct ProtectArgs {
    /// The rule spec (YAML), e.g. rules/punto_banco.yaml
    spec: String,
    /// Deck count (default: the spec's; within its allowed range), e.g. --decks 6
    #[arg(long, value_name = "N")]
    decks: Option<u32>,
    /// The wagers the player chooses among, one unit on the best for what
    /// they see (default: the base game's player, banker and tie, else the
    /// combined wagers, else every wager): a wager, wager/pay_table, or a
    /// combined wager, e.g. --wagers player,banker
    #[arg(long, value_name = "W,W", value_delimiter = ',')]
    wagers: Option<Vec<String>>,
    /// A scenario (repeatable; default: the report's set, every wager:
    /// ranks:1, groups:1:best, ranks:4, groups:4:best on the base game's
    /// wagers and on each side bet alone, hand:NAME on a side bet the
    /// layout leaves open after cards are seen, and where a player decides
    /// hole, seen:2, seen:4): ranks:K (the first K cards dealt seen: their
    /// ranks, and suits where a wager reads them), groups:K:RANKS (for
    /// each, whether its rank is in the group), groups:K:best (the best
    /// two-group partition); K = 1 to 4; hand:NAME (a bet placed after the
    /// hand's first two cards are seen); add @wager,wager for the wagers of
    /// this scenario alone; where a player decides to draw: hole (the
    /// face-down card seen) and seen:N (N other cards seen face up, 1 to
    /// 12), e.g. --scenario groups:1:6789 --scenario ranks:1@player_pair
    /// --scenario hand:player@lucky_match --scenario hole
    #[arg(long, value_name = "S")]
    scenario: Vec<String>,
    /// A wager's maximum bet in dollars, over the spec's, for the money at
    /// stake (default: the spec's table limits, else $100), e.g. --max-bet lucky_7=300
    #[arg(long, value_name = "WAGER=DOLLARS", value_parser = super::values::parse_bet)]
    max_bet: Vec<(String, crate::model::Ratio)>,
    /// Print every figure as an exact fraction and a decimal (JSON)
    #[arg(long)]
    json: bool,
    /// List every scenario's whole decision table, one row per observation
    /// the player tells apart (with --json, in the JSON): 28,561 rows for
    /// ranks:4, hundreds of thousands where suits are seen; without it a
    /// table of more than 16 observations is counted, not listed
    #[arg(long)]
    decisions: bool,
}

/// The most wagers one `--wagers` or `@` list names: as many as a spec
/// may hold (`crate::limits::MAX_WAGERS`), each once.
const MAX_CHOICES: usize = crate::limits::MAX_WAGERS;

/// The most `--scenario` flags of one run (the standard set has four to
/// seven).
const MAX_SCENARIOS: usize = 32;

/// A list of wagers within [`MAX_CHOICES`], each named once.
fn once_each(names: &[String]) -> Result<(), ProtectError> {
    if names.len() > MAX_CHOICES {
        return Err(ProtectError::TooManyWagers {
            given: names.len(),
            max: MAX_CHOICES,
        });
    }
    match names
        .iter()
        .enumerate()
        .find(|(k, n)| names[..*k].contains(n))
    {
        Some((_, n)) => Err(ProtectError::Twice { id: n.clone() }),
        None => Ok(()),
    }
}

pub(super) fn protect_cmd(a: &ProtectArgs) -> Output {
    let (spec, decks) = match load_at_decks(&a.spec, a.decks) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let usage = |flag, e| Output::usage(Diagnostic::plain(UsageError::flag(flag, e)));
    if let Some(w) = &a.wagers
        && let Err(e) = once_each(w)
    {
        return usage("wagers", e);
    }
    if a.scenario.len() > MAX_SCENARIOS {
        let e = ProtectError::TooManyScenarios {
            given: a.scenario.len(),
            max: MAX_SCENARIOS,
        };
        return usage("scenario", e);
    }
    let mut scenarios: Vec<Scenario> = Vec::new();
    for s in &a.scenario {
        // Bounded before it is split: a list of 15,000 wagers is refused
        // by its length, not computed.
        let listed = s
            .split_once('@')
            .map_or(0, |(_, w)| w.matches(',').count() + 1);
        if listed > MAX_CHOICES {
            let e = ProtectError::TooManyWagers {
                given: listed,
                max: MAX_CHOICES,
            };
            return usage("scenario", e);
        }
        let parsed = match Scenario::parse(s) {
            Ok(s) => s,
            Err(e) => return usage("scenario", e),
        };
        if let Some(Err(e)) = parsed.wagers.as_deref().map(once_each) {
            return usage("scenario", e);
        }
        if scenarios.iter().any(|x| x.text == parsed.text) {
            let e = ProtectError::ScenarioTwice { text: parsed.text };
            return usage("scenario", e);
        }
        scenarios.push(parsed);
    }
    for (w, _) in &a.max_bet {
        if spec.wager(w).is_none() {
            let known: Vec<String> = spec.wagers.iter().map(|x| format!("`{}`", x.id)).collect();
            let e = crate::diag::protect::ProtectError::Wager {
                id: w.clone(),
                known: known.join(", "),
            };
            return Output::usage(Diagnostic::plain(UsageError::flag("max-bet", e)));
        }
    }
    let request = Request {
        wagers: a.wagers.clone(),
        scenarios: (!scenarios.is_empty()).then_some(scenarios),
        max_bets: a.max_bet.clone(),
        all_decisions: a.decisions,
    };
    let spec = crate::strategy::for_decks(&spec, decks).into_owned();
    let p = match protect(&spec, decks, &request) {
        Ok(p) => p,
        Err(e) => {
            let flag = if matches!(e, ProtectError::Wager { .. })
                || matches!(e, ProtectError::Table { .. })
            {
                "wagers"
            } else {
                "scenario"
            };
            return Output::usage(Diagnostic::plain(UsageError::flag(flag, e)));
        }
    };
    Output {
        stdout: if a.json {
            json(&spec, &p, a.decisions)
        } else {
            text(&spec, &p, a.decisions)
        },
        stderr: String::new(),
        code: 0,
    }
}

/// The scenarios' table, then per scenario its runners-up and decision
/// table (every observation with `all`, else tables of at most
/// [`SHOWN_DECISIONS`] observations).
fn text(spec: &crate::model::Spec, p: &Protection, all: bool) -> String {
    let mut s = format!(
        "{}: game protection at {}; exact, per unit bet; the player bets the best wager for what they see; money at each wager's maximum bet, {} rounds an hour{}, most first\n",
        spec.title,
        crate::cards::deck_count(p.decks),
        p.pace.rounds_per_hour,
        if p.pace.declared {
            ""
        } else {
            " (the default)"
        }
    );
    let mut t = new_table(vec![
        "scenario",
        "wagers",
        "player sees",
        "must bet: edge per round",
        "may sit out: per round",
        "per round bet",
        "rounds bet",
        "stake",
        "per round dealt",
        "per hour",
    ]);
    let order = p.ranked();
    for &i in &order {
        let (o, e) = (&p.outcomes[i], &p.exposures[i]);
        t.add_row(vec![
            o.scenario.text.clone(),
            o.choices.join(", "),
            crate::protect::sees(o),
            percent(&o.player_edge, 4),
            sit_out(o, &o.player_edge_sitting_out, 4),
            sit_out(o, &o.edge_per_bet_sitting_out, 4),
            sit_out(o, &o.share_bet, 2),
            stakes(e),
            money(&e.per_round),
            money(&e.per_hour),
        ]);
    }
    let _ = writeln!(s, "\n{t}");
    let _ = writeln!(
        s,
        "A positive edge is the player's advantage. \"May sit out\": the player bets only where the best wager's edge is positive; - where bets are down before the player sees anything (hole, seen:N). Stake: the wager's maximum bet (* none declared: $100 priced); the money is what the player who may sit out wins (where bets are down, the informed player; nothing where that is negative)."
    );
    for &i in &order {
        let o = &p.outcomes[i];
        if let Some(g) = &o.strategy {
            strategy_text(&mut s, o, g);
            continue;
        }
        if !o.runners_up.is_empty() {
            let _ = writeln!(
                s,
                "\n{}: best of {} partitions; the runners-up:\n",
                o.scenario.text, o.searched
            );
            let mut r = new_table(vec!["group", "must bet", "may sit out"]);
            for x in &o.runners_up {
                r.add_row(vec![
                    ranks_text(x.partition),
                    percent(&x.player_edge, 4),
                    percent(&x.player_edge_sitting_out, 4),
                ]);
            }
            let _ = writeln!(s, "{r}");
        }
        if o.observations > SHOWN_DECISIONS && !all {
            let _ = writeln!(
                s,
                "\n{}: {} observations (the decision table: --decisions)",
                o.scenario.text, o.observations
            );
            continue;
        }
        let _ = writeln!(s, "\n{}: decision table\n", o.scenario.text);
        let mut d = new_table(vec![
            "player sees",
            "probability",
            "best wager",
            "its edge",
            "may sit out",
        ]);
        for x in &o.decisions {
            d.add_row(vec![
                x.observation.clone(),
                percent(&x.probability, 4),
                o.choices[x.choice].clone(),
                percent(&x.edge, 4),
                if x.bet { "bet" } else { "sit out" }.to_string(),
            ]);
        }
        let _ = writeln!(s, "{d}");
    }
    s
}

/// The stakes of a scenario's wagers, once where all are the same; a
/// reference stake (none declared) marked `*`.
fn stakes(e: &Exposure) -> String {
    let one = |x: &crate::protection::Stake| {
        let mark = if x.source == StakeSource::Reference {
            "*"
        } else {
            ""
        };
        format!("{}{mark}", money(&x.value()).trim_end_matches(".00"))
    };
    let mut all: Vec<String> = e.stakes.iter().map(one).collect();
    all.dedup();
    all.join(", ")
}

/// A figure of the player who may sit out; none where bets are down
/// before anything is seen.
fn sit_out(o: &Outcome, x: &num_rational::BigRational, places: u32) -> String {
    if o.strategy.is_some() {
        "-".into()
    } else {
        percent(x, places)
    }
}

/// An informed-play scenario: the strategy with and without the knowledge,
/// and for `hole` its chart by totals.
fn strategy_text(s: &mut String, o: &Outcome, g: &StrategyGain) {
    let _ = writeln!(
        s,
        "\n{}: the player sees {}; bets are down, only the drawing decision changes ({})\n",
        o.scenario.text,
        crate::protect::sees(o),
        g.objective.join(" + ")
    );
    let mut t = new_table(vec!["strategy", "per round", "per total wagered", "draws"]);
    for (name, f) in [
        ("the spec's, without it", &g.normal),
        ("optimal, with it", &g.informed),
    ] {
        t.add_row(vec![
            name.to_string(),
            percent(&f.expected, 4),
            percent(&per_total_wagered(f), 4),
            percent(&f.draws, 2),
        ]);
    }
    let _ = writeln!(s, "{t}");
    if let Some(ties) = &g.ties {
        let _ = writeln!(
            s,
            "ties: on {} of rounds dealt drawing and standing win exactly the same to the informed player, who stands on them as counted above; drawing on them instead: {} per round (the same), {} per total wagered, draws {}",
            percent(&ties.share, 4),
            percent(&ties.drawing.expected, 4),
            percent(&per_total_wagered(&ties.drawing), 4),
            percent(&ties.drawing.draws, 2)
        );
    }
    let _ = write!(s, "gain: {} per round", percent(&g.gain(), 4));
    if g.combinations > 0 {
        let _ = write!(
            s,
            " (every combination of the seen cards' point values: {})",
            g.combinations
        );
    }
    let _ = writeln!(s);
    if let Some(chart) = &g.chart {
        let _ = writeln!(
            s,
            "\nthe strategy with it, by the player's two-card total (rows) and the dealer's (columns): D draw, S stand, S/D by the cards, - never dealt\n"
        );
        let mut c = new_table(
            std::iter::once("player".to_string())
                .chain((0..10).map(|t| t.to_string()))
                .collect::<Vec<_>>(),
        );
        for (total, row) in chart.cells.iter().enumerate() {
            c.add_row(
                std::iter::once(total.to_string())
                    .chain(row.iter().map(|x| x.letter().to_string()))
                    .collect::<Vec<_>>(),
            );
        }
        let _ = writeln!(s, "{c}");
    }
}

/// An informed-play scenario's figures as JSON.
fn strategy_json(g: &StrategyGain) -> serde_json::Value {
    let figures = |f: &crate::engine::decide::Figures| {
        serde_json::json!({
            "per_round": Exact::of(&f.expected),
            "per_total_wagered": Exact::of(&per_total_wagered(f)),
            "draws": Exact::of(&f.draws),
        })
    };
    let mut v = serde_json::json!({
        "objective": g.objective,
        "sees": g.sees,
        "normal": figures(&g.normal),
        "informed": figures(&g.informed),
        "gain": Exact::of(&g.gain()),
    });
    if !g.hidden.is_empty() {
        v["hidden"] = g.hidden.clone().into();
    }
    if g.combinations > 0 {
        v["combinations"] = g.combinations.into();
    }
    if let Some(c) = &g.chart {
        v["chart"] = c.rows().into();
    }
    if let Some(t) = &g.ties {
        v["ties"] = serde_json::json!({
            "share": Exact::of(&t.share),
            "drawing": figures(&t.drawing),
        });
    }
    v
}

/// One scenario as JSON: the fields `certify protect --json` and the
/// report share; its decision table listed when `all` are asked for or it
/// has at most [`SHOWN_DECISIONS`] observations (else `observations`
/// counts them).
fn outcome_json(
    o: &Outcome,
    money: crate::report::data::protection::Money,
    all: bool,
) -> serde_json::Value {
    let listed = all || o.observations <= SHOWN_DECISIONS;
    let decisions: Vec<serde_json::Value> = o
        .decisions
        .iter()
        .filter(|_| listed)
        .map(|d| {
            serde_json::json!({
                "observation": d.observation,
                "wager": o.choices[d.choice],
                "edge": Exact::of(&d.edge),
                "probability": Exact::of(&d.probability),
                "sitting_out": if d.bet { "bet" } else { "sit out" },
            })
        })
        .collect();
    let mut v = serde_json::json!({
        "scenario": o.scenario.text,
        "cards_seen": o.scenario.cards,
        "wagers": o.choices,
        "player_edge": Exact::of(&o.player_edge),
        "player_edge_sitting_out": Exact::of(&o.player_edge_sitting_out),
        "edge_per_bet_sitting_out": Exact::of(&o.edge_per_bet_sitting_out),
        "share_bet": Exact::of(&o.share_bet),
        "observations": o.observations,
        "decisions": decisions,
    });
    if let Some(g) = o.partition {
        v["partition"] = ranks_text(g).into();
    }
    v["suits_seen"] = o.suits.into();
    v["money"] = serde_json::to_value(money).expect("serializable");
    if let Some(g) = &o.strategy {
        v["strategy"] = strategy_json(g);
    }
    if o.searched > 0 {
        v["partitions_searched"] = o.searched.into();
        v["runners_up"] = o
            .runners_up
            .iter()
            .map(|x| {
                serde_json::json!({
                    "partition": ranks_text(x.partition),
                    "player_edge": Exact::of(&x.player_edge),
                    "player_edge_sitting_out": Exact::of(&x.player_edge_sitting_out),
                })
            })
            .collect();
    }
    v
}

fn json(spec: &crate::model::Spec, p: &Protection, all: bool) -> String {
    let money = crate::report::data::protection::Money::all(p);
    let doc = serde_json::json!({
        "spec": spec.id,
        "decks": p.decks,
        "rounds_per_hour": p.pace.rounds_per_hour,
        "rounds_per_hour_declared": p.pace.declared,
        "scenarios": p.outcomes.iter().zip(money).map(|(o, m)| outcome_json(o, m, all)).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&doc).expect("serializable") + "\n"
}
