//! Whole table rounds of a player-banked game (21st Century Baccarat's
//! player-dealer): every seat's wagers, back-line wagers, the player-dealer's
//! stake and the cards, settled in the spec's order to the extent the stake
//! covers them.
//!
//! Stages as elsewhere: `round` reads and checks a round file (located
//! errors, nothing settled if any), the reference evaluator plays the cards
//! and settles each wager type per unit, `settle` applies the coverage rule,
//! `render` prints the result.
//!
//! Order. Wager types in the spec's `settlement_order`; within a type, seats
//! clockwise starting with the seat to the left of the player-dealer ("The
//! action on payouts will always begin with the player to the left of the
//! player-dealer position and continue clockwise"). Seats are numbered
//! clockwise, so the seat to the player-dealer's left is the next number.
//!
//! Back-line bets. A standing bettor bets behind a seat, on the wagers the
//! spec allows ("Back-line betting is permitted on base game wagers only").
//! Their wagers take the action of the seat they stand behind: within a
//! wager type each seat's own wager is settled first, then the back-line
//! wagers behind it in the order listed, before the next seat. The document
//! names only seats in its order; a bettor behind a seat plays at that seat's
//! place, and the seated player, who holds the betting area, comes first.
//!
//! Layer: front end: a command beside the pipeline (the layout is in
//! `src/lib.rs`).

pub mod check;
pub mod render;
pub mod round;
pub mod settle;

use crate::diag::Diagnostic;
use crate::diag::usage::UsageError;
use crate::eval::settle as evaluate;
use crate::model::table::TableRules;
use crate::model::{Pay, Ratio, Spec};
use round::{Bet, RoundFile, TableRound, describe_position, next_position};
use settle::{Settlement, cover, signed_money};

/// One settled wager.
#[derive(Clone, Debug)]
pub struct Row {
    pub bet: Bet,
    pub pay_table: String,
    /// The event that settles the wager, if any holds.
    pub event: Option<String>,
    /// The evaluator's result per unit staked.
    pub pay: Pay,
    pub settlement: Settlement,
    /// The player-dealer's net after this wager.
    pub net_after: Ratio,
}

/// A settled round.
#[derive(Clone, Debug)]
pub struct Settled {
    pub round: TableRound,
    pub rows: Vec<Row>,
    pub net: Ratio,
    pub next: (Option<u32>, u32),
    pub checks: Vec<Check>,
}

/// A hand-worked expectation compared with the settlement.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Check {
    pub target: String,
    pub expected: String,
    pub got: String,
    pub pass: bool,
}

/// The bets of a round in settlement order.
pub fn in_order(rules: &TableRules, player_dealer: u32, bets: &[Bet]) -> Vec<Bet> {
    let mut out: Vec<(usize, u32, usize, Bet)> = bets
        .iter()
        .enumerate()
        .map(|(listed, b)| {
            let kind = rules.wagers.iter().position(|w| w.wager == b.wager);
            let clockwise = (b.seat + rules.seats - player_dealer) % rules.seats;
            let back = if b.backer.is_some() { 1 + listed } else { 0 };
            (kind.unwrap_or(usize::MAX), clockwise, back, b.clone())
        })
        .collect();
    out.sort_by_key(|(kind, clockwise, back, _)| (*kind, *clockwise, *back));
    out.into_iter().map(|(.., b)| b).collect()
}

/// Settles every round of a checked round file.
pub fn settle_file(spec: &Spec, rules: &TableRules, file: &RoundFile) -> Vec<Settled> {
    file.rounds
        .iter()
        .map(|r| settle_round(spec, rules, &file.pay_tables, r))
        .collect()
}

pub fn settle_round(
    spec: &Spec,
    rules: &TableRules,
    pay_tables: &[usize],
    round: &TableRound,
) -> Settled {
    let results = evaluate(spec, &round.played.round);
    let bets = in_order(rules, round.seat, &round.bets);
    let per_unit: Vec<(Option<usize>, Pay)> = bets
        .iter()
        .map(|b| {
            let o = &results[b.wager].outcomes[pay_tables[b.wager]];
            (o.event, o.pay)
        })
        .collect();
    let wagers: Vec<(Ratio, Pay)> = bets
        .iter()
        .zip(&per_unit)
        .map(|(b, u)| (b.stake, u.1))
        .collect();
    let covered = cover(rules.coverage, round.stake, &wagers);
    let rows: Vec<Row> = bets
        .into_iter()
        .zip(per_unit)
        .zip(covered)
        .map(|((bet, (event, pay)), (settlement, net_after))| {
            let w = &spec.wagers[bet.wager];
            Row {
                pay_table: w.pay_tables[pay_tables[bet.wager]].id.clone(),
                event: event.map(|k| w.events[k].id.clone()),
                bet,
                pay,
                settlement,
                net_after,
            }
        })
        .collect();
    let net = rows.last().map_or(Ratio::ZERO, |r| r.net_after);
    let next = next_position(rules, round);
    let checks = checks(spec, round, &rows, net, next);
    Settled {
        round: round.clone(),
        rows,
        net,
        next,
        checks,
    }
}

fn checks(
    spec: &Spec,
    round: &TableRound,
    rows: &[Row],
    net: Ratio,
    next: (Option<u32>, u32),
) -> Vec<Check> {
    round
        .expect
        .iter()
        .map(|e| {
            let got = match e.target.as_str() {
                "player_dealer_net" => signed_money(net),
                "next" => describe_position(next),
                target => rows
                    .iter()
                    .find(|r| {
                        format!("{}.{}", r.bet.bettor(), spec.wagers[r.bet.wager].id) == target
                    })
                    .map_or_else(|| "no such wager".into(), |r| r.settlement.describe()),
            };
            Check {
                target: e.target.clone(),
                pass: got == e.expected,
                expected: e.expected.clone(),
                got,
            }
        })
        .collect()
}

/// A round file settled: everything `certify table` shows.
pub struct TableRun {
    pub spec: Spec,
    pub decks: u32,
    /// Under the spec's coverage reading.
    pub settled: Vec<Settled>,
    /// Under the other reading of the document's coverage wording.
    pub other: Vec<Settled>,
}

impl TableRun {
    pub fn rules(&self) -> &TableRules {
        self.spec
            .table
            .as_ref()
            .expect("checked: the spec has table rules")
    }

    /// Hand-worked expectations of the round file that failed.
    pub fn failed(&self) -> usize {
        self.settled
            .iter()
            .flat_map(|s| &s.checks)
            .filter(|c| !c.pass)
            .count()
    }
}

/// Reads, checks and settles a round file against its spec (named here or
/// by the file's `spec:`): located diagnostics on a bad spec or round, and
/// nothing settled.
pub fn run(spec: Option<&str>, round: &str) -> Result<TableRun, Vec<Diagnostic>> {
    use crate::spec::SourceFile;
    let src = SourceFile::read(round).map_err(|d| vec![*d])?;
    let raw = round::load(&src)?;
    let spec_path = match (spec, &raw.spec) {
        (Some(p), _) => p.to_string(),
        (None, Some(p)) => {
            let dir = std::path::Path::new(round)
                .parent()
                .unwrap_or(std::path::Path::new(""));
            dir.join(&p.value).to_string_lossy().into_owned()
        }
        (None, None) => {
            return Err(vec![Diagnostic::plain(UsageError::TableNoSpec {
                round: round.into(),
            })]);
        }
    };
    let (_, spec) = crate::check::check_file(&spec_path)?;
    let file = check::check(&spec, &src, &raw)?;
    let rules = spec
        .table
        .as_ref()
        .expect("checked: the spec has table rules");
    let settled = settle_file(&spec, rules, &file);
    // The document's coverage wording admits two readings: the round is
    // also settled under the one the spec did not choose, and differences
    // are shown (the expectations are checked against the chosen one).
    let other_rules = TableRules {
        coverage: rules.coverage.other(),
        ..rules.clone()
    };
    let other = settle_file(&spec, &other_rules, &file);
    Ok(TableRun {
        decks: file.decks,
        spec,
        settled,
        other,
    })
}
