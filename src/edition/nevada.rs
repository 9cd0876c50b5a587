//! The Nevada / New Jersey edition: for every wager, each winning event's
//! payout odds beside its true odds (the odds against it, from the exact
//! count), pays stated "to 1" as New Jersey requires of printed odds; and,
//! given the approved version (`--previous`), a game-variation summary:
//! what changed in words and in figures.

use super::common::{Context, Written, adopted, figures, requirement};
use super::sources::{NJ_PAYOUT_ODDS, NV_NEW_GAME, NV_VARIATION};
use crate::model::Pay;
use crate::numbers::{decimal, group_digits, share};
use crate::report::data::edition as data;
use crate::report::model::{Kind, Section, Table};
use crate::report::words;
use num_bigint::BigInt;
use num_rational::BigRational;

pub(super) const AUTHORITY: &str =
    "Nevada Gaming Control Board and the New Jersey Division of Gaming Enforcement";

pub(super) fn write(ctx: &Context) -> Written {
    let spec = ctx.spec;
    let (odds_n, var_n) = (ctx.first + 1, ctx.first + 2);
    let mut f = figures("nevada", AUTHORITY);
    let mut odds = Section::new("odds", format!("{odds_n}. Payout odds and true odds"));
    odds.para("For every winning event of every wager: the payout odds as the pay table states them (\"to 1\", never \"for 1\"), the probability that the event settles the wager, and the true odds against it, from the same exact count (the rounds on which it does not settle the wager to those on which it does). Where the payout odds are below the true odds, the difference is the house's margin on that event.");
    for w in &ctx.analysis.wagers {
        for pt in &w.tables {
            if !adopted(spec, &w.id, &pt.id) {
                continue;
            }
            odds.heading(3, words::wager_table(spec, &w.id, &pt.id));
            let mut table = Table::new([
                ("Event", Kind::Name),
                ("Payout odds", Kind::Name),
                ("Probability", Kind::Percent),
                ("True odds (against)", Kind::Decimal),
            ]);
            for e in &pt.events {
                let Pay::Win(r) = e.pay else { continue };
                let true_odds = if e.combinations == 0 {
                    "never happens".to_string()
                } else {
                    let against = BigRational::new(
                        BigInt::from(pt.total - e.combinations),
                        BigInt::from(e.combinations),
                    );
                    let text = decimal(&against, 2);
                    let (whole, cents) = text.split_once('.').unwrap_or((&text, "00"));
                    format!("{}.{cents} to 1", group_digits(whole))
                };
                table.row([
                    words::event(spec, &w.id, &e.id),
                    r.to_one(),
                    share(e.combinations, pt.total, 4),
                    true_odds.clone(),
                ]);
                f.odds.push(data::Odds {
                    wager: w.id.clone(),
                    pay_table: pt.id.clone(),
                    event: e.id.clone(),
                    payout_odds: r.to_one(),
                    combinations: e.combinations.to_string(),
                    total: pt.total.to_string(),
                    true_odds,
                });
            }
            odds.table(table);
        }
    }
    let mut var = Section::new("variation", format!("{var_n}. Game variation"));
    match ctx.variation {
        None => var.para("No approved version was given (`--previous`): this report is of the game as submitted. A game variation (a new side wager, or a pay table changed on an approved game) is summarised here against the approved version's rule file when one is given."),
        Some(d) => super::variation::write(&mut var, spec, d, false),
    }
    let reqs = vec![
        requirement(
            "Rules of play with examples, the schedule of payouts, and a statistical evaluation of the theoretical percentages",
            "sections 2, 4 and Appendix A".into(),
            &NV_NEW_GAME,
        ),
        requirement(
            "Payout odds stated with \"to\", never \"for\", wherever odds are printed",
            format!("sections 2, 4 and {odds_n}"),
            &NJ_PAYOUT_ODDS,
        ),
        requirement(
            "True odds beside the payout odds of every wager",
            format!("section {odds_n}"),
            &NV_NEW_GAME,
        ),
        requirement(
            "A new side wager or a changed pay table summarised against the approved game",
            format!("section {var_n}"),
            &NV_VARIATION,
        ),
    ];
    (AUTHORITY, vec![odds, var], f, reqs)
}
