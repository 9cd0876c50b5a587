//! The methodology in the game's own terms: its deal order, its naturals or
//! their absence, who decides what, and the six-card convention with the
//! game's own slot names — all derived from the spec's model, so a game
//! without the punto banco deal is not described as if it had one.

use super::model::Section;
use crate::model::{FirstRule, Game, Spec, StrategyRule};
use crate::numbers::group_digits;

/// A short label per hand: its initial in capitals (`P`, `B`, `D`), or its
/// whole name where the two hands share an initial.
fn labels(g: &Game) -> [String; 2] {
    let initial = |h: &str| h.chars().next().map(|c| c.to_uppercase().to_string());
    match (initial(&g.hands[0]), initial(&g.hands[1])) {
        (Some(a), Some(b)) if a != b => [a, b],
        _ => g.hands.clone(),
    }
}

/// The four cards of the initial deal in order: `P1 B1 P2 B2`, `P1 P2 D1 D2`.
pub(crate) fn deal_labels(g: &Game) -> Vec<String> {
    let l = labels(g);
    let mut seen = [0u8; 2];
    g.deal
        .iter()
        .map(|&h| {
            seen[h as usize] += 1;
            format!("{}{}", l[h as usize], seen[h as usize])
        })
        .collect()
}

/// The manifest's `convention`: the six-card sequence in this game's terms.
pub(crate) fn convention(spec: &Spec) -> String {
    let g = &spec.game;
    format!(
        "six-card: {}, the {}'s third card, the {}'s third card; unused slots counted",
        deal_labels(g).join(" "),
        g.hands[0],
        g.hands[1]
    )
}

/// `0-5`, `0, 1, 8`, or `none`: the totals set in a bit mask.
fn totals(mask: u16) -> String {
    let t: Vec<u16> = (0..10).filter(|t| mask & (1 << t) != 0).collect();
    match t.as_slice() {
        [] => "no total".into(),
        [one] => one.to_string(),
        // A run of three or more: `0 to 5`.
        [first, _, .., last] if (last - first) as usize + 1 == t.len() => {
            format!("{first} to {last}")
        }
        _ => t.iter().map(u16::to_string).collect::<Vec<_>>().join(", "),
    }
}

/// Whether the second hand ignores the first hand's third card: it draws
/// on the same totals whatever the first hand did.
fn second_ignores_first(g: &Game) -> bool {
    (0..10).all(|t| {
        let stands = g.second.when_other_stands & (1 << t) != 0;
        let row = g.second.when_other_draws[t];
        // Naturals never reach the chart; their rows do not matter.
        g.is_natural(t as u8) || row == if stands { 0x3ff } else { 0 }
    })
}

/// Section 3's bullets on the game: deal, naturals, decisions, convention.
pub(crate) fn items(sec: &mut Section, spec: &Spec, total: u128) {
    let g = &spec.game;
    let (a, b) = (&g.hands[0], &g.hands[1]);
    let labels = labels(g);
    let deal = deal_labels(g);
    sec.item(format!(
"The deal: the {a} ({}) and the {b} ({}) receive two cards each in the order {}; the {a} completes its hand before the {b}.", labels[0], labels[1], deal.join(", ")));
    if g.naturals != 0 {
        sec.item(format!(
            "Naturals: a two-card total of {} on either hand ends the round; neither hand draws.",
            totals(g.naturals).replace(", ", " or ")
        ));
    } else {
        sec.item("No naturals: no two-card total ends the round; both hands are played out by the drawing rules whatever their first two cards.");
    }
    let second = if second_ignores_first(g) {
        format!(
            "the {b} draws on {} whatever the {a} does",
            totals(g.second.when_other_stands)
        )
    } else {
        format!(
            "the {b} draws on {} when the {a} stands, and by the chart of section 2 (its total against the {a}'s third card) when the {a} draws",
            totals(g.second.when_other_stands)
        )
    };
    match &g.first {
        FirstRule::Totals(m) => {
            sec.item(format!(
"Decisions: none. The {a} draws on {} and stands otherwise; {second}. The cards alone decide every round.", totals(*m)));
        }
        FirstRule::Decides(d) => {
            let sees: Vec<String> = d
                .sees
                .iter()
                .map(|&slot| super::words::slot(&g.slot_name(slot)))
                .collect();
            let st = &d.strategies[d.default];
            let objective: Vec<String> = d
                .objective
                .iter()
                .map(|&w| spec.wagers[w].name.clone())
                .collect();
            let rule = match st.rule {
                StrategyRule::When(_) => "it draws by a written condition (Appendix B)".to_string(),
                _ => format!(
                    "it draws where drawing returns strictly more than standing on the summed wagers {}, computed exactly for this shoe from the cards the player sees (on an exact tie it stands)",
                    objective.join(" and ")
                ),
            };
            let others = d.strategies.len() - 1;
            sec.item(format!(
"Decisions: the {a} chooses to draw one card or stand, seeing {}. Every figure is computed under the {} strategy: {rule}.{} The {b} has no choice: {second}.", sees.join(", "), super::words::plain(&st.id), if others > 0 {
                    format!(
                        " The {others} other written strateg{} compared in section 4.",
                        if others == 1 { "y is" } else { "ies are" }
                    )
                } else {
                    String::new()
                }));
        }
    }
    sec.item(format!(
"Counting rounds: every round is counted as an ordered sequence of six cards ({}, then the {a}'s third card, then the {b}'s third card). When a hand does not draw, the card it would have drawn is counted all the same, so that every round weighs the same: {} possible rounds.", deal.join(", "), group_digits(&total.to_string())));
}

/// The checks this run made for this spec, each with its count; and what
/// it did not run (the test suite checks certify, not this spec), so the
/// report claims no check that did not happen.
pub(crate) fn checks_run(
    sec: &mut Section,
    inp: &super::inputs::Inputs,
    c: &crate::assess::Computed,
) {
    let a = inp.assessment;
    let edges = inp.terms.edges();
    let v = inp.verification;
    let checks = inp.fixtures.len();
    let passed = inp.fixtures.iter().filter(|r| r.pass).count();
    let count = |n: usize, one: &str, many: &str| {
        format!(
            "{} {}",
            group_digits(&n.to_string()),
            if n == 1 { one } else { many }
        )
    };
    sec.heading(3, "Checks made for this report");
    sec.para("This run made these checks, and no others:");
    sec.item(format!(
        "Handwritten cases: {}, {passed} passed (section 5, Appendix A).",
        count(checks, "check", "checks")
    ));
    sec.item(format!(
        "Independent settlement of single rounds: {} rounds of {} and {} from the full shoe, {} compared.",
        group_digits(&v.small_shoe_sequences.to_string()),
        count(v.small_shoes.len(), "small shoe", "small shoes"),
        count(v.sampled, "sampled round", "sampled rounds"),
        count(v.sampled_comparisons, "sampled outcome", "sampled outcomes")
    ));
    let read = a.document.sha256().is_some();
    sec.item(match (a.claims.len(), read) {
        (0, true) => format!("Printed {edges}: none to compare (the document prints none)."),
        (0, false) => format!("Printed {edges}: the rule file records none ({}).", super::words::UNCHECKED),
        (n, _) => format!(
            "Printed {edges}: {} compared with the computed figures, {} matching within rounding{}.",
            n,
            a.claims.iter().filter(|k| k.matches).count(),
            if read { "" } else { " (as the rule file records them: the document was not available)" }
        ),
    });
    if !a.searches.is_empty() {
        sec.item(format!(
            "Pay tables tried against a printed {} whose pays the document omits: {} (section 4).",
            inp.terms.edge(),
            a.searches.len()
        ));
    }
    if let Some(st) = inp.study {
        sec.item(format!(
            "Simulation: {} rounds from full shoes (section {}).",
            group_digits(&st.full_rounds.to_string()),
            super::numbering::simulation(c)
        ));
    }
    sec.para("Not run for this report: the software's own test suite (property tests over random rounds, brute-force counts, published figures), which checks the software on the games it ships.");
}
