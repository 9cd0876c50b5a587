//! The assessment's warnings in the report's words (page one, the
//! terminal summary); the JSON carries them typed.

use super::claims::subject;
use super::words;
use crate::assess::{Assessment, Warning};
use crate::model::Spec;

/// One warning in words. `terms`: the edition's vocabulary; `simulation`:
/// the number of the report's simulation section.
pub(crate) fn message(
    spec: &Spec,
    a: &Assessment,
    w: &Warning,
    terms: super::terms::Terms,
    simulation: usize,
) -> String {
    let edge = terms.edge();
    match w {
        Warning::PayTableRequired { wager } => format!(
            "{}: {} ({}; figures under assumed pays are shown only in blocks marked \"{}\")",
            words::wager(spec, wager),
            words::NOT_EVALUATED,
            words::no_pays(a),
            words::WITH_ASSUMED_PAYS
        ),
        Warning::PlayerAdvantage {
            wager,
            pay_table,
            house_edge,
        } => format!(
            "PLAYER ADVANTAGE: {}: {edge} {}",
            words::row_name(spec, wager, pay_table),
            house_edge.percent(4)
        ),
        Warning::OtherReadingAdvantage {
            wager,
            pay_table,
            house_edge,
            question,
            ..
        } => format!(
            "The other reading of question Q{question} gives the player an advantage: {} {edge} {} (not a result of this report unless the submitter's answer adopts that reading)",
            match pay_table {
                Some(t) => words::wager_table(spec, wager, t),
                None => words::combined_name(spec, wager),
            },
            house_edge.percent(4)
        ),
        Warning::ImpossibleEvent { wager, event } => format!(
            "{}: the event {} can never happen",
            words::wager(spec, wager),
            words::event_short(spec, wager, event)
        ),
        Warning::OutrankedEvent {
            wager,
            pay_table,
            event,
        } => format!(
            "{}: the event {} happens but never settles the wager (an event listed or paying higher always holds with it)",
            words::row_name(spec, wager, pay_table),
            words::event_short(spec, wager, event)
        ),
        Warning::ClaimDiffers { claim, question } => match a.claims.get(*claim) {
            Some(c) => format!(
                "{}: the document prints {}, computed {} (question Q{question}: the submitter's method)",
                subject(spec, c),
                c.printed,
                c.computed
            ),
            None => {
                format!("a printed {edge} differs from the computed one (question Q{question})")
            }
        },
        Warning::Countable { wager, pay_table } => {
            let money = a
                .real_shoes
                .iter()
                .flat_map(|r| &r.countable)
                .find(|c| &c.wager == wager && &c.pay_table == pay_table)
                .map(|c| format!(": {}", super::findings::money(&c.money, "shoe")))
                .unwrap_or_default();
            format!(
                "COUNTABLE: {} is beaten by a card counter to the usual cut card{money} (measures against it in section {simulation})",
                words::row_name(spec, wager, pay_table)
            )
        }
        Warning::DocumentNotFound {
            document,
            looked_for,
        } => format!(
            "The rule document {document} was not found (looked for {looked_for}): no quotation, reading or printed figure of this report was checked against it"
        ),
        Warning::DocumentChanged {
            document,
            found,
            declared,
        } => format!(
            "The rule document `{document}` is not the one analysed: its SHA-256 is {found}, the rule file declares {declared}"
        ),
    }
}

/// What the spec's author can do about a warning, for the terminal (the
/// report is for a reader who does not edit the spec): under highest pay a
/// special case paying less (a push on a three-card 7) is swallowed, and
/// `listed_order` settles it first.
pub(crate) fn way_on(spec: &Spec, w: &Warning) -> Option<&'static str> {
    match w {
        Warning::OutrankedEvent { wager, .. }
            if spec.wagers.iter().any(|x| {
                &x.id == wager && x.precedence == crate::model::Precedence::HighestPay
            }) =>
        {
            Some(
                "if it is a special case meant to settle first, write `precedence: listed_order` and list it first",
            )
        }
        _ => None,
    }
}
