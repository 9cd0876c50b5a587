//! Editions: the report as the authority it goes to expects it. The report
//! stage writes one document (the laboratory edition); an edition adds its
//! numbered sections before "Limitations", words the report in the
//! authority's vocabulary (`report::terms`, chosen before the text is
//! written), states on page one which edition it is, and fills
//! its figures into the JSON report. Every requirement an edition answers
//! is listed with the text it comes from (section, version and dates,
//! where it was read); a text that could only be read in a secondary copy
//! is marked NOT CONFIRMED on the page instead of being presented as law.
//!
//! * `lab`: the report as the report stage writes it.
//! * `washington`: a house-banked card room under WAC 230-15: aggregate
//!   payout limits on odds-based prizes as the rule in force sets them,
//!   priced exactly, and the table sign.
//! * `california`: a card room game banked by a rotating player-dealer:
//!   the position's advantage against each wager, the rotation and
//!   coverage rules that keep it from being a banking game, the fee
//!   schedule; no "house edge" anywhere.
//! * `nevada`: Nevada and New Jersey style: payout odds beside true odds
//!   for every wager, and a game-variation summary against the approved
//!   version (`--previous`).
//!
//! Layer: a stage after the report: the pipeline runs it between filling
//! the report and rendering it (the report never calls it).

pub mod bets;
mod california;
mod common;
mod nevada;
pub mod payout;
pub mod sources;
mod variation;
mod washington;

use crate::diag::Diagnostic;
use crate::model::{Edition, Spec};
use crate::options::Options;
use crate::report::data::ReportData;
use crate::report::model::{Document, Section, Table, Text};
pub use common::Context;

/// The edition's words for the report's terms: a game banked by a
/// rotating player-dealer (California) never speaks of a house edge.
pub fn terms(e: Edition) -> crate::report::terms::Terms {
    match e {
        Edition::California => crate::report::terms::Terms::PLAYER_DEALER,
        _ => crate::report::terms::Terms::HOUSE,
    }
}

/// Who the edition goes to and who banks the game under it, for page
/// one; None for the laboratory edition (the spec's own declaration).
pub fn authority(e: Edition, spec: &Spec) -> Option<crate::report::inputs::Authority> {
    let (jurisdiction, banked_by) = match e {
        Edition::Lab => return None,
        // WAC 230-15-490 is a rule for house-banked card rooms. A game whose
        // rules give the bank to a player-dealer is analysed as its rules
        // say (the body says so too); page one says the limits hold only
        // where the room banks it instead.
        Edition::Washington => (
            format!("Washington State: {} (WAC 230-15, house-banked card rooms)", washington::AUTHORITY),
            if spec.table.is_some() {
                format!(
                    "{}, as the game's rules provide; the payout limits of this edition apply only where the card room banks the game instead",
                    crate::report::sides::banked_by(spec)
                )
            } else {
                "the card room (house-banked)".into()
            },
        ),
        Edition::California => (
            format!("California: {} (card rooms)", california::AUTHORITY),
            "a player-dealer position that rotates among the players; the card room banks nothing and is paid by collection fees".into(),
        ),
        Edition::Nevada => (
            format!("Nevada and New Jersey: {}", nevada::AUTHORITY),
            crate::report::sides::banked_by(spec),
        ),
    };
    Some(crate::report::inputs::Authority {
        jurisdiction,
        banked_by,
    })
}

/// The numbered sections an edition inserts.
pub fn sections(e: Edition) -> usize {
    required(e).len()
}

/// The ids of the sections an edition inserts, in order: a report of that
/// edition without one of them is incomplete (tests hold every edition to
/// its list).
pub fn required(e: Edition) -> &'static [&'static str] {
    match e {
        Edition::Lab => &[],
        Edition::Washington => &["authority", "payout_limits"],
        Edition::California => &["authority", "player_dealer", "fees"],
        Edition::Nevada => &["authority", "odds", "variation"],
    }
}

/// The sections every edition keeps from the laboratory report.
pub const COMMON: &[&str] = &[
    "summary",
    "rules",
    "method",
    "results",
    "verification",
    "limitations",
    "form",
    "glossary",
    "cases",
    "manifest",
];

/// Refuses, before anything is computed, a run whose edition cannot be
/// written: Washington without every odds-based wager's bets or with
/// declared limits below the rule's; California for a game without a
/// player-dealer position.
pub fn check(e: Edition, spec: &Spec, options: &Options) -> Result<(), Vec<Diagnostic>> {
    match e {
        Edition::Washington => washington::check(spec, options),
        Edition::California => california::check(spec),
        Edition::Lab | Edition::Nevada => Ok(()),
    }
}

/// Writes edition `e` into the report's document and data.
pub fn apply(e: Edition, ctx: &Context, data: &mut ReportData, doc: &mut Document) {
    if let Some(d) = ctx.variation {
        revisions(ctx.spec, d, doc);
    }
    if e == Edition::Lab {
        return;
    }
    let (authority, mut sections, mut figures, requirements) = match e {
        Edition::Washington => washington::write(ctx),
        Edition::California => california::write(ctx),
        Edition::Nevada => nevada::write(ctx),
        Edition::Lab => unreachable!("returned above"),
    };
    let mut authority_sec =
        Section::new("authority", format!("{}. For the {authority}", ctx.first));
    authority_sec.para(format!(
        "This edition of the report is written for the {authority}. The table lists what that authority asks of a submitted analysis, where this report answers it, and the text each requirement comes from. A text marked NOT CONFIRMED could be read only in a secondary copy or a summary: it is given as the reading of this report, not as the law, and must be checked against the official text before it is relied on."
    ));
    let mut table = Table::names(["Requirement", "Answered in", "Source (version, where read)"]);
    for r in &requirements {
        table.row([
            Text::plain(r.requirement.clone()),
            Text::plain(r.section.clone()),
            Text::plain(r.source.clone()),
        ]);
    }
    authority_sec.table(table);
    let unconfirmed = requirements.iter().filter(|r| !r.confirmed).count();
    if unconfirmed > 0 {
        let n = requirements.len();
        authority_sec.note(if unconfirmed == n {
            format!("All {n} requirements rest on a text read only in a secondary copy (NOT CONFIRMED).")
        } else {
            format!("{unconfirmed} of the {n} requirements rest on a text read only in a secondary copy (NOT CONFIRMED).")
        });
    }
    sections.insert(0, authority_sec);
    debug_assert_eq!(
        sections.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(),
        required(e),
        "an edition writes its sections in the order it declares"
    );
    let at = doc
        .sections
        .iter()
        .position(|s| s.id == "limitations")
        .unwrap_or(doc.sections.len());
    doc.sections.splice(at..at, sections);
    if let Some(summary) = doc.sections.iter_mut().find(|s| s.id == "summary") {
        let text = Text::from(format!(
            "**Edition: {}.** What that authority asks for, and where this report answers it: section {}.",
            title(e),
            ctx.first
        ));
        summary
            .blocks
            .insert(0, crate::report::model::Block::Paragraph { text });
    }
    doc.meta.title = format!("{} ({})", doc.meta.title, title(e));
    figures.requirements = requirements;
    data.edition = Some(figures);
}

/// The revision history, in every edition, given a previous version:
/// the changes `certify diff` finds, before the sign-off.
fn revisions(spec: &Spec, d: &crate::diff::Diff, doc: &mut Document) {
    let Some(form) = doc.sections.iter_mut().find(|s| s.id == "form") else {
        return;
    };
    let mut part = Section::new("form", "");
    part.heading(3, "Changes since the previous version");
    variation::write(&mut part, spec, d, true);
    let at = form
        .blocks
        .iter()
        .position(|b| matches!(b, crate::report::model::Block::Heading { text, .. } if *text == crate::report::model::Text::plain("Sign-off")))
        .unwrap_or(form.blocks.len());
    form.blocks.splice(at..at, part.blocks);
}

/// The payout limits a player's leaflet of the wagers `shown` (ids) states
/// for edition `e` (only the Washington edition has them), one line each.
pub fn leaflet_lines(
    e: Edition,
    spec: &Spec,
    analysis: &crate::engine::Analysis,
    options: &Options,
    shown: &[&str],
) -> Vec<String> {
    if e == Edition::Washington {
        washington::leaflet_lines(spec, analysis, options, shown)
    } else {
        Vec::new()
    }
}

/// The edition's name as a title shows it.
pub fn title(e: Edition) -> &'static str {
    match e {
        Edition::Lab => "laboratory edition",
        Edition::Washington => "Washington card-room edition",
        Edition::California => "California card-room edition",
        Edition::Nevada => "Nevada / New Jersey edition",
    }
}
