//! The scenarios a player may be in, as `--scenario` writes them:
//! `ranks:K`, `groups:K:RANKS`, `groups:K:best`, each optionally followed
//! by `@wager,wager` (the wagers the player chooses among); `hand:NAME`,
//! a bet placed after a hand's first two cards are seen; and for a game
//! where a player decides, `hole` and `seen:N` (see `informed`).

use crate::diag::protect::ProtectError;

/// What the player knows of each of the first `cards` cards dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Its rank.
    Ranks,
    /// Whether its rank is in the group (bit `r` for rank `r + 1`).
    Group(u16),
    /// Whether its rank is in the group, for the two-group partition that
    /// is best for the player.
    Best,
    /// The deciding player sees the face-down cards of the initial deal
    /// (`hole`; `cards` counts them): only the drawing decision changes.
    Hole,
    /// The deciding player sees `cards` other cards dealt face up before
    /// deciding (`seen:N`).
    Face,
    /// A bet placed after the first two cards of a hand are dealt face up
    /// (`hand:NAME`), the layout leaving it open: their ranks (and suits)
    /// seen. The hand's index is the spec's (`Scenario::resolve`).
    Hand { name: String, index: Option<u8> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// As written (`--scenario`), or as the standard set names it.
    pub text: String,
    /// Cards seen: the first 1 to 4 in the spec's dealing order.
    pub cards: u8,
    pub seen: Seen,
    /// The wagers named after `@`; None: the run's wagers.
    pub wagers: Option<Vec<String>>,
}

/// All thirteen ranks, one bit each.
pub const ALL_RANKS: u16 = (1 << 13) - 1;

impl Scenario {
    pub fn parse(text: &str) -> Result<Scenario, ProtectError> {
        let (body, wagers) = match text.split_once('@') {
            Some((b, w)) => (
                b,
                Some(
                    w.split(',')
                        .map(|x| x.trim().to_string())
                        .filter(|x| !x.is_empty())
                        .collect::<Vec<_>>(),
                ),
            ),
            None => (text, None),
        };
        let form = || ProtectError::Form { text: text.into() };
        let parts: Vec<&str> = body.trim().split(':').collect();
        // Any number is a count out of range (`ranks:256` as `ranks:9`).
        let number = |k: &str| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit());
        let cards = |k: &str| match k.parse::<u8>() {
            Ok(k @ 1..=4) => Ok(k),
            _ if number(k) => Err(ProtectError::Cards { text: text.into() }),
            _ => Err(form()),
        };
        let (cards, seen) = match parts.as_slice() {
            ["hole"] => (1, Seen::Hole),
            ["hand", name] if !name.trim().is_empty() => (
                2,
                Seen::Hand {
                    name: name.trim().to_string(),
                    index: None,
                },
            ),
            ["seen", n] => match n.parse::<u8>() {
                Ok(n @ 1..=super::informed::MOST_SEEN) => (n, Seen::Face),
                _ if number(n) => {
                    return Err(ProtectError::Seen {
                        text: text.into(),
                        most: super::informed::MOST_SEEN,
                    });
                }
                _ => return Err(form()),
            },
            ["ranks", k] => (cards(k)?, Seen::Ranks),
            ["groups", k, "best"] => (cards(k)?, Seen::Best),
            ["groups", k, ranks] => (cards(k)?, Seen::Group(group(text, ranks)?)),
            _ => return Err(form()),
        };
        // Bets are down before the deal in `hole` and `seen:N`: no wager
        // is chosen, so none may be named.
        let informed = matches!(seen, Seen::Hole | Seen::Face);
        if wagers.as_ref().is_some_and(|w| w.is_empty()) || (informed && wagers.is_some()) {
            return Err(form());
        }
        Ok(Scenario {
            text: text.trim().to_string(),
            cards,
            seen,
            wagers,
        })
    }
}

impl Scenario {
    /// `hand:NAME` against the spec's hands: the hand's index, or the
    /// hands there are.
    pub fn resolve(&mut self, hands: &[String; 2]) -> Result<(), ProtectError> {
        if let Seen::Hand { name, index } = &mut self.seen {
            match hands.iter().position(|h| h == name) {
                Some(i) => *index = Some(i as u8),
                None => {
                    return Err(ProtectError::Hand {
                        text: self.text.clone(),
                        hands: hands.join(", "),
                    });
                }
            }
        }
        Ok(())
    }
}

/// The ranks of a group as written on cards (`6789`, `TJQK`, `10JQK`).
fn group(text: &str, ranks: &str) -> Result<u16, ProtectError> {
    let mut mask = 0u16;
    let mut chars = ranks.chars().peekable();
    while let Some(c) = chars.next() {
        let rank = if c == '1' && chars.peek() == Some(&'0') {
            chars.next();
            10
        } else {
            match crate::cards::parse_rank_or_card(&c.to_string()) {
                Ok((r, None)) => r,
                _ => {
                    return Err(ProtectError::Rank {
                        text: text.into(),
                        found: c.to_string(),
                    });
                }
            }
        };
        mask |= 1 << (rank - 1);
    }
    if mask == 0 || mask == ALL_RANKS {
        return Err(ProtectError::Group { text: text.into() });
    }
    Ok(mask)
}

/// A group's ranks as written on cards, in rank order (`6789`, `TJQK`).
pub fn ranks_text(mask: u16) -> String {
    (0..13)
        .filter(|r| mask & (1 << r) != 0)
        .map(|r| crate::cards::rank_char(r as u8 + 1))
        .collect()
}

/// The smaller of a group and its complement (the one a partition is
/// named by).
pub(crate) fn smaller(g: u16) -> u16 {
    let other = ALL_RANKS & !g;
    if other.count_ones() < g.count_ones() || (other.count_ones() == g.count_ones() && other < g) {
        other
    } else {
        g
    }
}
