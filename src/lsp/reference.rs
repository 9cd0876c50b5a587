//! The condition language's reference: one row per name a condition may
//! use, with its type, its documentation and an example. The language
//! server's hover and completion read it, and the manual's table of
//! conditions can be rendered from it ([`markdown_table`]) so that the two
//! never say different things.

/// What a name in a condition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `H.total`: an attribute of a hand.
    HandAttribute,
    /// `C.rank`: an attribute of a card.
    CardAttribute,
    /// `cards`, `tie`, `margin`, `winner`, `loser`.
    Global,
    /// `suited(L)`.
    Function,
    /// `and`, `==`, `in`, ...
    Operator,
}

/// One row of the reference.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The name as written in a condition (`total`, `suited`, `and`).
    pub name: &'static str,
    pub kind: Kind,
    /// How it is written, with `H` a hand, `C` a card, `L` a list of cards.
    pub construct: &'static str,
    /// Its type and meaning, as the manual's table gives them.
    pub doc: &'static str,
    pub example: &'static str,
}

const fn e(
    name: &'static str,
    kind: Kind,
    construct: &'static str,
    doc: &'static str,
    example: &'static str,
) -> Entry {
    Entry {
        name,
        kind,
        construct,
        doc,
        example,
    }
}

use Kind::*;

/// Every attribute, global, function and operator of the condition
/// language, in the manual's order.
pub const REFERENCE: &[Entry] = &[
    e(
        "total",
        HandAttribute,
        "H.total",
        "number 0–9: the final total",
        "banker.total == 7",
    ),
    e(
        "two_card_total",
        HandAttribute,
        "H.two_card_total",
        "number 0–9: the total of the first two cards, whether or not the hand drew",
        "player.two_card_total in [8, 9]",
    ),
    e(
        "count",
        HandAttribute,
        "H.count",
        "number 2–3: the cards the hand holds",
        "banker.count == 3",
    ),
    e(
        "natural",
        HandAttribute,
        "H.natural",
        "condition: two cards totalling a natural",
        "player.natural",
    ),
    e(
        "drew",
        HandAttribute,
        "H.drew",
        "condition: the hand took a third card",
        "player.drew and banker.drew",
    ),
    e(
        "wins",
        HandAttribute,
        "H.wins",
        "condition: the hand's total is higher",
        "banker.wins",
    ),
    e(
        "first",
        HandAttribute,
        "H.first",
        "card: the hand's first card; with `.value`, `.rank`, `.suit`, `.face`, `.high`",
        "player.first.rank == ace",
    ),
    e(
        "second",
        HandAttribute,
        "H.second",
        "card: the hand's second card; with `.value`, `.rank`, `.suit`, `.face`, `.high`",
        "player.second.value == 0",
    ),
    e(
        "third",
        HandAttribute,
        "H.third",
        "card: the hand's third card, if it drew one (a comparison with a card not dealt is false)",
        "banker.third.face",
    ),
    e(
        "cards",
        HandAttribute,
        "H.cards",
        "list of cards: the hand's cards",
        "suited(player.cards)",
    ),
    e(
        "cards",
        Global,
        "cards",
        "list of cards: every card dealt",
        "max_kind(cards) >= 5",
    ),
    e(
        "tie",
        Global,
        "tie",
        "condition: equal totals",
        "tie and player.natural",
    ),
    e(
        "margin",
        Global,
        "margin",
        "number: difference of the totals",
        "player.wins and margin == 9",
    ),
    e(
        "winner",
        Global,
        "winner",
        "hand: the hand with the higher final total, with every hand attribute; on a tie there is none, so every comparison or condition on it is false",
        "winner.natural and loser.total == 7",
    ),
    e(
        "loser",
        Global,
        "loser",
        "hand: the hand with the lower final total, with every hand attribute; on a tie there is none, so every comparison or condition on it is false",
        "winner.count == 3 and loser.count == 3",
    ),
    e(
        "rank",
        CardAttribute,
        "C.rank",
        "rank",
        "player.third.rank == king",
    ),
    e(
        "suit",
        CardAttribute,
        "C.suit",
        "suit",
        "banker.first.suit == spades",
    ),
    e(
        "value",
        CardAttribute,
        "C.value",
        "number: point value (A 1, 2–9, T/J/Q/K 0)",
        "player.third.value in [6, 7]",
    ),
    e(
        "face",
        CardAttribute,
        "C.face",
        "condition: J, Q or K (tens are not face cards)",
        "banker.third.face",
    ),
    e(
        "high",
        CardAttribute,
        "C.high",
        "number: rank order with ace high (2 … K = 13, A = 14)",
        "player.first.high > up.high",
    ),
    e(
        "count",
        Function,
        "count(L)",
        "number of cards",
        "count(cards) in [4, 6]",
    ),
    e(
        "suited",
        Function,
        "suited(L)",
        "condition: all one suit",
        "suited(banker.cards)",
    ),
    e(
        "max_kind",
        Function,
        "max_kind(L)",
        "number: most cards of one rank",
        "max_kind(cards) == 4",
    ),
    e(
        "kinds",
        Function,
        "kinds(L, n)",
        "number of ranks held at least n times",
        "kinds(cards, 2) >= 2",
    ),
    e(
        "==",
        Operator,
        "==",
        "compare numbers, conditions, ranks, suits, cards (two cards are equal when of the same rank and suit)",
        "player.first.rank == player.second.rank",
    ),
    e(
        "!=",
        Operator,
        "!=",
        "not equal: numbers, conditions, ranks, suits, cards",
        "player.third.rank != banker.third.rank",
    ),
    e(
        "<",
        Operator,
        "< <= > >=",
        "compare numbers",
        "player.total >= 6",
    ),
    e(
        "+",
        Operator,
        "+ -",
        "arithmetic on numbers",
        "player.total - banker.total == 1",
    ),
    e(
        "%",
        Operator,
        "x % n",
        "number: the remainder 0 … n−1 after dividing by `n`, a whole number ≥ 1 written as a constant; binds tighter than `+` `-`; negative `x` wraps (`-1 % 10` is 9)",
        "player.total % 2 == 0",
    ),
    e(
        "in",
        Operator,
        "x in [a, b]",
        "membership in a list of constants (\"a total of 8 or 9\": `x in [8, 9]`)",
        "banker.total in [0, 1]",
    ),
    e(
        "and",
        Operator,
        "a and b",
        "logic: both hold; binds tighter than `or`",
        "player.drew and banker.drew",
    ),
    e(
        "or",
        Operator,
        "a or b",
        "logic: either holds; binds loosest",
        "tie or player.natural",
    ),
    e(
        "not",
        Operator,
        "not a",
        "logic: does not hold; binds tightest",
        "not (tie or player.natural)",
    ),
];

/// The rows named `name`, of the kinds in `kinds` (a name such as `cards`
/// or `count` has more than one meaning).
pub fn lookup<'a>(name: &'a str, kinds: &'a [Kind]) -> impl Iterator<Item = &'static Entry> + 'a {
    REFERENCE
        .iter()
        .filter(move |e| e.name == name && kinds.contains(&e.kind))
}

/// The hover text of an entry: its construct, meaning and an example.
pub fn hover_text(entry: &Entry) -> String {
    format!(
        "`{}`: {}\n\nExample: `{}`",
        entry.construct, entry.doc, entry.example
    )
}

/// The reference as the manual's Markdown table (construct, meaning,
/// example), for the manual to embed and a test to compare with it.
pub fn markdown_table() -> String {
    let mut out = String::from("| construct | meaning | example |\n|---|---|---|\n");
    for e in REFERENCE {
        out.push_str(&format!(
            "| `{}` | {} | `{}` |\n",
            e.construct, e.doc, e.example
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::compile::{CARD_ATTRS, FUNCTIONS, GLOBALS, HAND_ATTRS};

    /// Every name the checker accepts has its row, and no row names a
    /// name the checker does not know: the hover cannot drift from it.
    #[test]
    fn the_reference_covers_exactly_the_checker_s_names() {
        for (names, kind) in [
            (&HAND_ATTRS[..], HandAttribute),
            (&CARD_ATTRS[..], CardAttribute),
            (&FUNCTIONS[..], Function),
            (&GLOBALS[..], Global),
        ] {
            for n in names {
                assert_eq!(lookup(n, &[kind]).count(), 1, "{n} ({kind:?})");
            }
            let rows: Vec<&str> = REFERENCE
                .iter()
                .filter(|e| e.kind == kind)
                .map(|e| e.name)
                .collect();
            for r in rows {
                assert!(
                    names.contains(&r),
                    "{r} is not a {kind:?} the checker knows"
                );
            }
        }
    }

    #[test]
    fn the_table_has_a_row_per_entry() {
        assert_eq!(markdown_table().lines().count(), REFERENCE.len() + 2);
    }
}
