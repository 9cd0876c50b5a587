//! The California card-room edition. In a California card room the house
//! has no stake: a player-dealer position, rotated among the players,
//! takes the other side of every wager. So the edition gives, for each
//! wager and pay table, the advantage of that position against the
//! player (the same exact figure the laboratory edition calls a house
//! edge: what the banking side wins per unit a player bets); the rotation
//! and coverage rules that keep the game from being a banking game (Penal
//! Code section 330.11), as the spec declares them; and the collection fee
//! schedule, fixed amounts only (a percentage is refused by the checker).
//! No "house edge" wording anywhere: see `vocabulary`.

use super::common::{Context, Written, adopted, figures, requirement};
use super::sources::{CA_FEES, CA_NOT_BANKED, CA_REVIEW};
use crate::diag::Diagnostic;
use crate::diag::spec::SpecError;
use crate::model::Spec;
use crate::model::table::{Coverage, FeeBasis, FeePayer, TableRules};
use crate::numbers::percent;
use crate::report::data::edition as data;
use crate::report::data::values::Exact;
use crate::report::model::{Kind, Section, Table};
use crate::report::words;

pub(super) const AUTHORITY: &str = "California Bureau of Gambling Control";

pub(super) fn check(spec: &Spec) -> Result<(), Vec<Diagnostic>> {
    if spec.table.is_some() {
        return Ok(());
    }
    let mut d = Diagnostic::plain(SpecError::NoPlayerDealer {
        spec: spec.id.clone(),
    });
    d.help = Some("the California edition is for games banked by a rotating player-dealer: declare the position in a `table:` section (seats, rotation, coverage, limits), as rules/21st_century_baccarat.yaml does".into());
    Err(vec![d])
}

pub(super) fn write(ctx: &Context) -> Written {
    let spec = ctx.spec;
    let t = spec.table.as_ref().expect("checked before computing");
    let (pd, fees_n) = (ctx.first + 1, ctx.first + 2);
    let mut f = figures("california", AUTHORITY);
    let mut sec = Section::new("player_dealer", format!("{pd}. The player-dealer position"));
    sec.para("The card room does not take part in the play and has no interest in its outcome: a player-dealer, one of the seated players, collects the losing wagers and pays the winning ones of everyone else. Each figure below is the advantage of the player-dealer position against one wager: what the position wins on average per unit a player bets, counted exactly over every ordered deal of the full shoe. A negative figure would be an advantage of the player over the position.");
    let mut table = Table::new([
        ("Wager", Kind::Name),
        ("Player-dealer advantage", Kind::Percent),
        ("Exact", Kind::Fraction),
    ]);
    for w in &ctx.analysis.wagers {
        for pt in &w.tables {
            if !adopted(spec, &w.id, &pt.id) {
                continue;
            }
            let adv = pt.house_edge();
            table.row([
                words::wager_table(spec, &w.id, &pt.id),
                percent(&adv, 4),
                crate::numbers::fraction(&adv),
            ]);
            f.player_dealer.push(data::Advantage {
                wager: w.id.clone(),
                pay_table: pt.id.clone(),
                advantage: Exact::of(&adv),
            });
        }
    }
    sec.table(table);
    sec.note("Each advantage is per unit bet, the wager covered in full. When the player-dealer's stake runs out, the coverage rule returns the uncovered part of the wagers settled after that point; which wagers those are depends on the cards, so the position's result over a whole table round is found by settling the wagers one by one in their settlement order, not by multiplying these figures.");
    sec.heading(3, "Why the game is not a banking game");
    sec.para("Penal Code section 330.11 (as read: NOT CONFIRMED against the official text) excludes a game from \"banking game\" when its published rules feature a player-dealer position that is continuously and systematically rotated among the participants, let the player-dealer win or lose only a fixed and limited wager, and preclude the house or anyone else from operating as a bank; the house shall not occupy the position. The rule file declares:");
    rotation_items(&mut sec, spec, t);
    sec.item("That the house, another entity, a player or an observer cannot maintain or operate a bank, and that the house never occupies the position, are matters of the card room's procedures, which this analysis cannot verify.");
    let mut fees = Section::new("fees", format!("{fees_n}. Collection fees"));
    fees.para("The card room is paid by collection fees, not by the outcome of play. A fee must be a fixed amount set before the hand and may not be calculated as a fraction or percentage of wagers made or winnings earned (Penal Code section 337j, as restated in a 2013 committee analysis: NOT CONFIRMED against the statute's text). A rule file that writes a fee as a percentage is refused before anything is computed.");
    if t.fees.is_empty() {
        fees.para(
            "No fee schedule is declared in the spec (`table: fees`): a question to the submitter.",
        );
    } else {
        let mut k = Table::names(["Paid by", "Charged per", "Wagers", "Amount ($)", "Source"]);
        for fee in &t.fees {
            let wagers = if fee.wagers.is_empty() {
                "every wager".to_string()
            } else {
                fee.wagers
                    .iter()
                    .map(|w| words::wager(spec, w))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            k.row([
                payer(fee.paid_by).to_string(),
                basis(fee.per).to_string(),
                wagers,
                fee.amount.trimmed_decimal(),
                fee.source
                    .clone()
                    .unwrap_or_else(|| "declared in the spec".into()),
            ]);
            f.fees.push(data::Fee {
                paid_by: match fee.paid_by {
                    FeePayer::Player => "player",
                    FeePayer::PlayerDealer => "player_dealer",
                },
                per: match fee.per {
                    FeeBasis::Wager => "wager",
                    FeeBasis::Hand => "hand",
                },
                wagers: fee.wagers.clone(),
                amount: fee.amount.trimmed_decimal(),
            });
        }
        fees.table(k);
        let covered = |id: &str| {
            t.fees.iter().any(|fee| {
                fee.paid_by == FeePayer::Player
                    && (fee.wagers.is_empty() || fee.wagers.iter().any(|w| w == id))
            })
        };
        let open: Vec<String> = t
            .wagers
            .iter()
            .filter(|w| !covered(&w.id))
            .map(|w| words::wager(spec, &w.id))
            .collect();
        if !open.is_empty() {
            fees.para(format!(
                "No player's fee is declared for {}: the rule document leaves it to the card room. A question to the submitter.",
                open.join(", ")
            ));
        }
        if !t
            .fees
            .iter()
            .any(|fee| fee.paid_by == FeePayer::PlayerDealer)
        {
            fees.para(
                "No fee of the player-dealer position is declared: a question to the submitter.",
            );
        }
    }
    let reqs = vec![
        requirement(
            "A player-dealer position rotated continuously and systematically among the participants",
            format!("sections 2 and {pd}"),
            &CA_NOT_BANKED,
        ),
        requirement(
            "The player-dealer may win or lose only a fixed and limited wager",
            format!("sections 2 and {pd}"),
            &CA_NOT_BANKED,
        ),
        requirement(
            "The advantage of the player-dealer position against each player wager and pay table",
            format!("section {pd}"),
            &CA_REVIEW,
        ),
        requirement(
            "Collection fees fixed before the hand, never a fraction or percentage of wagers or winnings",
            format!("section {fees_n}"),
            &CA_FEES,
        ),
    ];
    (AUTHORITY, vec![sec, fees], f, reqs)
}

/// The declared rules that make the position rotate and its stake limited.
fn rotation_items(sec: &mut Section, spec: &Spec, t: &TableRules) {
    sec.item(format!(
        "Rotation: the position is offered to each of the {} seats in turn, clockwise, after every {} hand{}.",
        t.seats,
        t.rotation,
        if t.rotation == 1 { "" } else { "s" }
    ));
    sec.item(format!(
        "A fixed and limited stake: the player-dealer collects and pays {} only to the extent that his stake covers them ({}); what is not covered is returned to the players.",
        t.wagers.iter().map(|w| words::wager(spec, &w.id)).collect::<Vec<_>>().join(", "),
        match t.coverage {
            Coverage::RunningLimit => "in settlement order, his running net kept within plus or minus his stake",
            Coverage::Cutoff => "in settlement order, every wager returned once his stake is exhausted",
        }
    ));
}

fn payer(p: FeePayer) -> &'static str {
    match p {
        FeePayer::Player => "each player",
        FeePayer::PlayerDealer => "the player-dealer",
    }
}

fn basis(b: FeeBasis) -> &'static str {
    match b {
        FeeBasis::Wager => "wager placed",
        FeeBasis::Hand => "hand",
    }
}
