//! The checked spec: what every later stage (evaluator, engine, reports) reads.
//! Built only by `check`, so everything here has passed type checking.

pub mod cond;
pub mod normal;
pub mod ratio;
pub mod round;
pub mod table;

pub use cond::{Cond, Needs};
pub use ratio::Ratio;
pub use round::Round;

#[derive(Clone, Debug)]
pub struct Spec {
    pub id: String,
    pub title: String,
    pub version: String,
    pub document: String,
    pub section: Option<String>,
    pub shoe: Shoe,
    pub game: Game,
    pub wagers: Vec<Wager>,
    pub claims: Vec<Claim>,
    pub interpretations: Vec<Interpretation>,
    /// How a whole table round is settled, where the spec declares it.
    pub table: Option<table::TableRules>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shoe {
    pub decks: u32,
    pub min_decks: u32,
    pub max_decks: u32,
}

#[derive(Clone, Debug)]
pub struct Game {
    /// Names of the two hands; the first completes its hand before the second.
    pub hands: [String; 2],
    /// Initial deal: which hand receives each of the first four cards.
    pub deal: [u8; 4],
    /// Bit per two-card total that is a natural (ends the round).
    pub naturals: u16,
    pub first: FirstRule,
    pub second: SecondRule,
}

/// How the first hand decides to draw.
#[derive(Clone, Debug)]
pub enum FirstRule {
    /// Draws on these totals (bit per total).
    Totals(u16),
    /// Its owner chooses; each strategy is a condition meaning "draw".
    Decides {
        strategies: Vec<Strategy>,
        default: usize,
    },
}

#[derive(Clone, Debug)]
pub struct Strategy {
    pub id: String,
    pub source: String,
    pub draw_when: Cond,
}

/// How the second hand draws, given whether the first hand drew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondRule {
    /// Bit per own total: draws when the first hand stood.
    pub when_other_stands: u16,
    /// `[own total]` bit per the first hand's third-card point value: draws.
    pub when_other_draws: [u16; 10],
}

impl Game {
    pub fn hand_index(&self, name: &str) -> Option<u8> {
        self.hands.iter().position(|h| h == name).map(|i| i as u8)
    }

    pub fn is_natural(&self, total: u8) -> bool {
        self.naturals & (1 << total) != 0
    }

    /// Whether the first hand draws on its two cards (`round` holds two cards
    /// per hand), by its drawing totals or, where its owner decides, by the
    /// default strategy.
    pub fn first_draws(&self, round: &Round) -> bool {
        match &self.first {
            FirstRule::Totals(mask) => mask & (1 << round.total(0)) != 0,
            FirstRule::Decides {
                strategies,
                default,
            } => strategies[*default].draw_when.holds(round),
        }
    }

    /// Whether the second hand draws: own two-card total and the first hand's
    /// third-card value (None when it stood).
    pub fn second_draws(&self, own_total: u8, other_third: Option<u8>) -> bool {
        match other_third {
            None => self.second.when_other_stands & (1 << own_total) != 0,
            Some(v) => self.second.when_other_draws[own_total as usize] & (1 << v) != 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// Of the events that hold, the highest pay wins; ties go to the first listed.
    HighestPay,
    /// The first listed event that holds wins.
    ListedOrder,
}

impl Precedence {
    /// Event indices in the order they are tried under a pay table: the
    /// first that holds settles the wager. Highest pay first, ties in listed
    /// order (a stable sort); or simply the listed order.
    pub fn order(self, pays: &[Pay]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..pays.len()).collect();
        if self == Precedence::HighestPay {
            order.sort_by(|a, b| pays[*b].net().cmp(&pays[*a].net()));
        }
        order
    }
}

#[derive(Clone, Debug)]
pub struct Wager {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    pub precedence: Precedence,
    pub events: Vec<Event>,
    pub pay_tables: Vec<PayTable>,
}

#[derive(Clone, Debug)]
pub struct Event {
    pub id: String,
    pub name: String,
    /// The condition as written in the spec.
    pub source: String,
    pub when: Cond,
    pub needs: Needs,
}

#[derive(Clone, Debug)]
pub struct PayTable {
    pub id: String,
    pub name: String,
    /// One pay per event, in the wager's event order.
    pub pays: Vec<Pay>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pay {
    /// Wins this many units per unit staked ("to 1").
    Win(Ratio),
    Push,
    Lose,
}

impl Pay {
    /// Net result per unit staked.
    pub fn net(self) -> Ratio {
        match self {
            Pay::Win(r) => r,
            Pay::Push => Ratio::ZERO,
            Pay::Lose => Ratio::MINUS_ONE,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Pay::Win(r) => r.to_one(),
            Pay::Push => "push".into(),
            Pay::Lose => "lose".into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Claim {
    pub wagers: Vec<String>,
    pub pay_table: String,
    /// As printed, e.g. "6.1%".
    pub house_edge: String,
    pub source: String,
}

#[derive(Clone, Debug)]
pub struct Interpretation {
    pub id: String,
    pub question: String,
    pub chosen: Reading,
    pub alternative: Reading,
}

#[derive(Clone, Debug)]
pub struct Reading {
    pub reading: String,
    pub wager: String,
    pub pay_table: Option<String>,
}

impl Spec {
    pub fn wager(&self, id: &str) -> Option<&Wager> {
        self.wagers.iter().find(|w| w.id == id)
    }
}
