//! Game protection: what a player gains from seeing, or telling apart,
//! the first cards of a round before bets close (edge sorting, a flashed
//! card, cards dealt face up), exactly.
//!
//! The engine gives the joint table of the ranks of the first four cards
//! and every wager's returns (`engine::shoe_state::observed`). A
//! scenario groups its observations by what the player knows (the first
//! K ranks, or for each whether it is in a group of ranks); in each group
//! the player bets the wager whose conditional expectation is highest, or
//! with the right to sit out, nothing when none is positive. Sums of exact
//! integers over one common denominator: every figure is an exact
//! fraction.
//!
//! Layer: machinery, run by the protection stage (`crate::protection`).

mod alike;
mod decide;
pub mod informed;
mod outcome;
pub mod scenario;
mod search;

pub use informed::{StrategyGain, Ties};
pub use outcome::{Choice, Decision, Outcome, Ranked, Values, informed_outcome};
pub use scenario::{Scenario, Seen};

/// The result of `scenario` with the player choosing among `values`'
/// choices, every decision table written.
pub fn run(values: &Values, scenario: &Scenario) -> Outcome {
    run_keeping(values, scenario, usize::MAX)
}

/// [`run`], writing the decision table only where at most `keep`
/// observations happen (the others' are left to the command's JSON).
pub fn run_keeping(values: &Values, scenario: &Scenario, keep: usize) -> Outcome {
    let k = scenario.cards;
    if let Seen::Hand { index, .. } = &scenario.seen {
        let hand = index.expect("a hand resolved against the spec");
        let grouped = decide::by_hand(values, hand);
        return decide::outcome(values, scenario, grouped, (None, Vec::new(), 0), keep);
    }
    let (partition, runners_up, searched) = match scenario.seen {
        Seen::Ranks | Seen::Hole | Seen::Face | Seen::Hand { .. } => (None, Vec::new(), 0),
        Seen::Group(g) => (Some(g), Vec::new(), 0),
        Seen::Best => {
            // The best and five runners-up.
            let (ranked, searched) = search::search(values, k, 6);
            let mut top = ranked.into_iter();
            let best = top.next().expect("partitions");
            (Some(best.partition), top.collect(), searched)
        }
    };
    let grouped = match partition {
        None => decide::by_ranks(values, k),
        Some(g) => decide::by_group(&decide::by_ranks_only(values, k), k, g),
    };
    decide::outcome(
        values,
        scenario,
        grouped,
        (partition, runners_up, searched),
        keep,
    )
}

/// Slots as a reader says them: `dealer.first` -> "dealer's first card".
fn words(slots: &[String]) -> String {
    let one = |s: &String| match s.split_once('.') {
        Some((hand, pos)) => format!("the {hand}'s {pos} card"),
        None => s.clone(),
    };
    slots.iter().map(one).collect::<Vec<_>>().join(" and ")
}

/// What the scenario lets the player see, in words (the command's table
/// and the report say it alike).
pub fn sees(o: &Outcome) -> String {
    let k = o.scenario.cards;
    match (&o.scenario.seen, &o.strategy) {
        (Seen::Hole, Some(g)) => {
            return format!("{} (dealt face down) before deciding", words(&g.hidden));
        }
        (Seen::Face, _) if k == 1 => {
            return "one other card dealt face up before deciding".into();
        }
        (Seen::Face, _) => return format!("{k} other cards dealt face up before deciding"),
        _ => {}
    }
    let cards = match &o.scenario.seen {
        Seen::Hand { name, .. } => format!("the {name}'s first two cards"),
        _ if k == 1 => "the first card".to_string(),
        _ => format!("the first {k} cards"),
    };
    match o.partition {
        None if k == 1 => format!("the rank of {cards}"),
        None if o.suits => format!("the ranks and suits of {cards}"),
        None => format!("the ranks of {cards}"),
        Some(g) => format!(
            "whether {cards} {} in {{{}}}",
            if k == 1 { "is" } else { "are each" },
            scenario::ranks_text(g)
        ),
    }
}
