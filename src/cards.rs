//! Cards as the rule documents name them: a rank and a suit.
//!
//! Ranks are stored 1..=13 (ace = 1, king = 13); suits 0..=3 in the order
//! spades, hearts, diamonds, clubs. Tens and picture cards count zero.
//!
//! Layer: data: the card vocabulary (the layout is in `src/lib.rs`).

pub use crate::diag::cards::CardError;
use std::fmt;
use std::ops::Range;

pub const RANKS: u8 = 13;
pub const SUITS: u8 = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub rank: u8,
    pub suit: u8,
}

pub const RANK_NAMES: [&str; 13] = [
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
    "king",
];
pub const SUIT_NAMES: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];
const RANK_CHARS: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];
const SUIT_CHARS: [char; 4] = ['s', 'h', 'd', 'c'];

impl Card {
    pub const fn new(rank: u8, suit: u8) -> Card {
        Card { rank, suit }
    }

    /// Baccarat point value: ace 1, two to nine face value, ten and pictures 0.
    pub const fn value(self) -> u8 {
        point_value(self.rank)
    }

    /// Jack, queen or king. Tens are not face cards.
    pub const fn face(self) -> bool {
        self.rank >= 11
    }

    /// Conventional ranking with ace high: two = 2 .. king = 13, ace = 14.
    pub const fn high(self) -> u8 {
        if self.rank == 1 { 14 } else { self.rank }
    }
}

/// `1 deck`, `8 decks`.
pub fn deck_count(decks: u32) -> String {
    format!("{decks} deck{}", if decks == 1 { "" } else { "s" })
}

pub const fn point_value(rank: u8) -> u8 {
    if rank >= 10 { 0 } else { rank }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[(self.rank - 1) as usize],
            SUIT_CHARS[self.suit as usize]
        )
    }
}

/// Suit symbols as rule documents print them, black and white, in suit order.
const SUIT_SYMBOLS: [[char; 2]; 4] = [['♠', '♤'], ['♥', '♡'], ['♦', '♢'], ['♣', '♧']];

fn suit_of(c: char) -> Option<u8> {
    let lower = c.to_ascii_lowercase();
    (0..SUITS).find(|&i| {
        let i = i as usize;
        SUIT_CHARS[i] == lower || SUIT_SYMBOLS[i].contains(&c)
    })
}

pub(crate) fn rank_of(text: &str) -> Option<u8> {
    match text.to_ascii_uppercase().as_str() {
        "A" => Some(1),
        "10" | "T" => Some(10),
        "J" => Some(11),
        "Q" => Some(12),
        "K" => Some(13),
        d => match d.as_bytes() {
            [b @ b'2'..=b'9'] => Some(b - b'0'),
            _ => None,
        },
    }
}

/// Parses a card such as `Ks`, `10h`, `Td`, `ac` or `9♠`. Case-insensitive.
pub fn parse_card(text: &str) -> Result<Card, CardError> {
    parse_card_at(text).map_err(|(_, e)| e)
}

/// Parses a card; on error, also the byte range of `text` at fault.
fn parse_card_at(text: &str) -> Result<Card, (Range<usize>, CardError)> {
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    let whole = lead..lead + t.len();
    let card = || t.to_string();
    // A copied symbol may carry a variation selector (text or emoji style).
    let body = t.trim_end_matches(['\u{FE0E}', '\u{FE0F}']);
    let Some(last) = body.chars().next_back().or_else(|| t.chars().next_back()) else {
        return Err((whole, CardError::Empty));
    };
    let split = body.len().saturating_sub(last.len_utf8());
    let rank_text = &body[..split];
    match suit_of(last) {
        Some(_) if rank_text.is_empty() => Err((whole, CardError::MissingRank { card: card() })),
        Some(suit) => match rank_of(rank_text) {
            Some(rank) => Ok(Card::new(rank, suit)),
            None => Err((
                lead..lead + split,
                CardError::UnknownRank {
                    card: card(),
                    rank: rank_text.to_string(),
                },
            )),
        },
        None if rank_of(body).is_some() => Err((whole, CardError::MissingSuit { card: card() })),
        None => Err((
            lead + split..whole.end,
            CardError::UnknownSuit {
                card: card(),
                suit: last,
            },
        )),
    }
}

/// Parses a card, or a rank alone (`7`, `K`, `10`): the rank, and the
/// suit when one is written.
pub fn parse_rank_or_card(text: &str) -> Result<(u8, Option<u8>), CardError> {
    match parse_card(text) {
        Ok(c) => Ok((c.rank, Some(c.suit))),
        Err(e @ CardError::MissingSuit { .. }) => {
            let body = text.trim().trim_end_matches(['\u{FE0E}', '\u{FE0F}']);
            rank_of(body).map(|r| (r, None)).ok_or(e)
        }
        Err(e) => Err(e),
    }
}

/// A rank as written on a card: `A`, `2`-`9`, `T`, `J`, `Q`, `K`.
pub fn rank_char(rank: u8) -> char {
    RANK_CHARS[rank as usize - 1]
}

/// Parses a comma-separated list of cards, e.g. `4s,Kd,4h`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    parse_cards_at(text).map_err(|(_, e)| e)
}

/// As `parse_cards`; on error, also the byte range of `text` at fault, so
/// that a file can point at the card inside its string.
pub fn parse_cards_at(text: &str) -> Result<Vec<Card>, (Range<usize>, CardError)> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut start = 0;
    text.split(',')
        .map(|part| {
            let at = start;
            start += part.len() + 1;
            parse_card_at(part).map_err(|(r, e)| (r.start + at..r.end + at, e))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let c = parse_card("10h").unwrap();
        assert_eq!((c.rank, c.suit, c.value(), c.face()), (10, 1, 0, false));
        assert_eq!(c.to_string(), "Th");
        assert_eq!(parse_card("ks").unwrap().high(), 13);
        assert_eq!(parse_card("As").unwrap().high(), 14);
        assert_eq!(parse_card("9♠"), parse_card("9s"));
        assert_eq!(parse_card("q♡\u{FE0F}").unwrap().to_string(), "Qh");
        assert!(matches!(
            parse_card("1s"),
            Err(CardError::UnknownRank { .. })
        ));
        assert!(matches!(
            parse_card("Kx"),
            Err(CardError::UnknownSuit { suit: 'x', .. })
        ));
        assert!(matches!(
            parse_card("K"),
            Err(CardError::MissingSuit { .. })
        ));
        assert!(matches!(
            parse_card("♣"),
            Err(CardError::MissingRank { .. })
        ));
        assert_eq!(parse_card(" "), Err(CardError::Empty));
        assert!(matches!(
            parse_card("\u{FE0F}"),
            Err(CardError::UnknownSuit { .. })
        ));
    }

    #[test]
    fn errors_say_where() {
        let (at, _) = parse_cards_at("4s, 9☃,Kd").unwrap_err();
        assert_eq!(at, 5..8);
        let (at, e) = parse_cards_at("4s,,Kd").unwrap_err();
        assert_eq!((at, e), (3..3, CardError::Empty));
        let (at, _) = parse_cards_at("4s,11h").unwrap_err();
        assert_eq!(at, 3..5);
    }
}
