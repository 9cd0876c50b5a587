//! What `certify design` refuses in its flags (`--wager`, `--edge`,
//! `--hit`, `--pays`, `--halves`, `--max-pay`) and in the search itself.
//! Held as wording by `UsageError::Flag` (exit 2).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DesignError {
    /// `--edge 4..6`: not two percentages.
    Range { text: String },
    /// `--edge 6%..4%`: the first end above the second.
    Backwards { text: String },
    /// `--wager lucky_macth`: no such wager (priced or counted).
    UnknownWager { wager: String, known: String },
    /// `--pays five_kind=1..300`: the wager has no such event.
    UnknownEvent { event: String, known: String },
    /// `--pays two_pairs`: not EVENT=LO..HI or EVENT=N.
    PaysEntry { text: String },
    /// `--pays two_pairs=2.25..8`: a pay that is not a whole or half unit,
    /// or below 0.
    Pay { text: String },
    /// A wager of more events than the engine counts jointly.
    TooManyEvents { events: usize, max: usize },
    /// A grid too large to search in a few seconds.
    TooLarge,
}

impl fmt::Display for DesignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DesignError::Range { text } => write!(
                f,
                "`{text}` is not a range of percentages LO%..HI%, e.g. 4%..6%"
            ),
            DesignError::Backwards { text } => {
                write!(f, "`{text}`: the first end is above the second")
            }
            DesignError::UnknownWager { wager, known } => {
                write!(f, "the spec has no wager `{wager}`; it has {known}")
            }
            DesignError::UnknownEvent { event, known } => {
                write!(f, "the wager has no event `{event}`; it has {known}")
            }
            DesignError::PaysEntry { text } => write!(
                f,
                "`{text}` is not EVENT=LO..HI or EVENT=N, e.g. two_pairs=2..8"
            ),
            DesignError::Pay { text } => write!(
                f,
                "`{text}` is not a pay of at least 0 in whole or half units (\"to 1\"), e.g. 8 or 7.5"
            ),
            DesignError::TooManyEvents { events, max } => write!(
                f,
                "the wager has {events} events; a design searches wagers of at most {max}"
            ),
            DesignError::TooLarge => f.write_str(
                "the grid is too large to search: lower --max-pay, or fix or narrow some events with --pays EVENT=LO..HI",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DesignError::{self, *};

    /// Exhaustive: a new kind fails to compile until it has a case.
    fn ordinal(e: &DesignError) -> usize {
        match e {
            Range { .. } => 0,
            Backwards { .. } => 1,
            UnknownWager { .. } => 2,
            UnknownEvent { .. } => 3,
            PaysEntry { .. } => 4,
            Pay { .. } => 5,
            TooManyEvents { .. } => 6,
            TooLarge => 7,
        }
    }

    #[test]
    fn every_kind_has_its_wording() {
        let s = |x: &str| x.to_string();
        let cases = [
            (
                Range { text: s("4..6") },
                "`4..6` is not a range of percentages LO%..HI%, e.g. 4%..6%",
            ),
            (
                Backwards { text: s("6%..4%") },
                "`6%..4%`: the first end is above the second",
            ),
            (
                UnknownWager {
                    wager: s("lucky_macth"),
                    known: s("`lucky_match`"),
                },
                "the spec has no wager `lucky_macth`; it has `lucky_match`",
            ),
            (
                UnknownEvent {
                    event: s("five_kind"),
                    known: s("`five_six_kind`"),
                },
                "the wager has no event `five_kind`; it has `five_six_kind`",
            ),
            (
                PaysEntry {
                    text: s("two_pairs"),
                },
                "`two_pairs` is not EVENT=LO..HI or EVENT=N, e.g. two_pairs=2..8",
            ),
            (
                Pay { text: s("2.25") },
                "`2.25` is not a pay of at least 0 in whole or half units (\"to 1\"), e.g. 8 or 7.5",
            ),
            (
                TooManyEvents {
                    events: 70,
                    max: 64,
                },
                "the wager has 70 events; a design searches wagers of at most 64",
            ),
            (
                TooLarge,
                "the grid is too large to search: lower --max-pay, or fix or narrow some events with --pays EVENT=LO..HI",
            ),
        ];
        let mut seen = [false; 8];
        for (e, text) in &cases {
            assert_eq!(e.to_string(), *text);
            seen[ordinal(e)] = true;
        }
        assert!(seen.iter().all(|&x| x));
    }
}
