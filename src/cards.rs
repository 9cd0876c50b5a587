//! Cards as the rule documents name them: a rank and a suit.
//!
//! Ranks are stored 1..=13 (ace = 1, king = 13); suits 0..=3 in the order
//! spades, hearts, diamonds, clubs. Tens and picture cards count zero.

use std::fmt;

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

/// Parses a card such as `Ks`, `10h`, `Td` or `ac`. Case-insensitive.
pub fn parse_card(text: &str) -> Result<Card, String> {
    let t = text.trim();
    let bad = || {
        format!(
            "malformed card `{t}`: expected a rank (A, 2-9, 10 or T, J, Q, K) followed by a suit (s, h, d, c)"
        )
    };
    if t.len() < 2 {
        return Err(bad());
    }
    let (r, s) = t.split_at(t.len() - 1);
    let rank = match r.to_ascii_uppercase().as_str() {
        "A" => 1,
        "10" | "T" => 10,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        d if d.len() == 1 && ("2"..="9").contains(&d) => d.parse::<u8>().map_err(|_| bad())?,
        _ => return Err(bad()),
    };
    let suit = match s.to_ascii_lowercase().as_str() {
        "s" => 0,
        "h" => 1,
        "d" => 2,
        "c" => 3,
        _ => return Err(bad()),
    };
    Ok(Card::new(rank, suit))
}

/// Parses a comma-separated list of cards, e.g. `4s,Kd,4h`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',').map(parse_card).collect()
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
        assert!(parse_card("1s").is_err());
        assert!(parse_card("Kx").is_err());
        assert!(parse_card("K").is_err());
    }
}
