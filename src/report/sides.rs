//! Who holds the other side of each wager, from what the spec declares.
//! A spec with a `table:` section is a player-banked game: every wager
//! must appear in its settlement order (the checker refuses one that does
//! not), and each is paid and collected by the player-dealer as far as his
//! stake covers. Without one, the house banks every wager. The figures are
//! then framed as the bettor's expectation against that party.

use crate::model::Spec;

/// The party that pays a wager's wins and collects its losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Holder {
    House,
    PlayerDealer,
}

/// Who holds the other side of wager `index` (into `Spec::wagers`).
pub(crate) fn holder(spec: &Spec, index: usize) -> Holder {
    match &spec.table {
        Some(t) if t.wager(index).is_some() => Holder::PlayerDealer,
        _ => Holder::House,
    }
}

/// Page one and section 4, for a player-banked game: how to read the
/// figures. Nothing for a house-banked game (the usual reading holds).
pub(crate) fn framing(sec: &mut super::model::Section, spec: &Spec, terms: super::terms::Terms) {
    let Some(table) = &spec.table else {
        return;
    };
    let held: Vec<String> = table
        .wagers
        .iter()
        .map(|w| super::words::wager(spec, &w.id))
        .collect();
    sec.para(format!(
"**Who holds the other side.** This is a player-banked game: a player-dealer (a seat that rotates clockwise every {} hands) pays and collects every wager — {} — as far as his stake covers; the house is not the other party. Every figure is the bettor's expectation against the player-dealer, each wager fully covered: the {} is the bettor's expected loss per unit staked, which is the player-dealer's expected gain.", table.rotation, held.join(", "), if terms.player_dealer { "player-dealer advantage" } else { "\"house edge\"" }));
}

/// Who banks the game, as page one says it.
pub(crate) fn banked_by(spec: &Spec) -> String {
    match &spec.table {
        Some(t) => format!(
            "a player-dealer position that rotates clockwise among the players every {} hands (not the house)",
            t.rotation
        ),
        None => "the house".into(),
    }
}
