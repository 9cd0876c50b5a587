//! Checking a round file against the spec's table rules: seats, wagers,
//! limits, back-line and side-bet rules, the cards against the drawing
//! rules, the rotation between consecutive hands. Every error is located;
//! nothing is settled unless there is none.

use super::round::{
    Bet, Expectation, RawBackLine, RawExpect, RawRound, RawRoundFile, RoundFile, TableRound,
    next_position,
};
use crate::cards::parse_cards_at;
use crate::diag::closest;
use crate::diag::round::{Bettor, RoundError};
use crate::diag::{Diagnostic, ErrorKind};
use crate::eval::play::Played;
use crate::eval::{Deal, play};
use crate::model::table::{TableRules, WagerKind};
use crate::model::{Ratio, Spec};
use crate::spec::SourceFile;
use crate::spec::ordered_map::OrderedMap;
use crate::spec::raw::S;
use crate::spec::table::{RawAmount, parse_money};

/// Checks a round file against a spec; every error is reported, located,
/// and nothing is settled unless there is none.
pub fn check(
    spec: &Spec,
    src: &SourceFile,
    raw: &RawRoundFile,
) -> Result<RoundFile, Vec<Diagnostic>> {
    let mut r = Reader {
        spec,
        src,
        diags: Vec::new(),
    };
    let Some(rules) = &spec.table else {
        return Err(vec![Diagnostic::whole_file(
            &src.name,
            RoundError::NoTableSection {
                spec: spec.id.clone(),
            },
        )]);
    };
    let decks = r.decks(raw.decks.as_ref());
    let pay_tables = r.pay_tables(&raw.pay_tables);
    let mut rounds = Vec::new();
    let mut next: Option<(Option<u32>, u32)> = None;
    let max = crate::limits::MAX_TABLE_ROUNDS;
    if raw.rounds.value.len() > max {
        let found = raw.rounds.value.len();
        r.at(&raw.rounds, 1, RoundError::TooManyRounds { found, max });
        return Err(r.diags);
    }
    for round in &raw.rounds.value {
        if let Some(t) = r.round(rules, round, decks.unwrap_or(spec.shoe.decks)) {
            if let Some((seat, hand)) = next {
                r.follows(round, &t, seat, hand);
            }
            next = Some(next_position(rules, &t));
            rounds.push(t);
        } else {
            next = None;
        }
    }
    if raw.rounds.value.is_empty() {
        r.at(&raw.rounds, 1, RoundError::NoRounds);
    }
    match (decks, r.diags.is_empty()) {
        (Some(decks), true) => Ok(RoundFile {
            decks,
            pay_tables,
            rounds,
        }),
        _ => Err(r.diags),
    }
}

struct Reader<'a> {
    spec: &'a Spec,
    src: &'a SourceFile,
    diags: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn at<T>(&mut self, v: &S<T>, width: usize, kind: impl Into<ErrorKind>) -> &mut Diagnostic {
        let pos = self.src.at(&v.referenced, width);
        self.diags.push(Diagnostic::new(pos, kind));
        self.diags.last_mut().expect("just pushed")
    }

    /// At a string value: inside its quotes, if it has any.
    fn text_at(&mut self, v: &S<String>, kind: impl Into<ErrorKind>) -> &mut Diagnostic {
        let w = v.value.chars().count().max(1);
        let pos = self.src.within_scalar(&v.referenced, &v.value, 0, w);
        self.diags.push(Diagnostic::new(pos, kind));
        self.diags.last_mut().expect("just pushed")
    }

    fn number_at(&mut self, v: &S<i64>, kind: impl Into<ErrorKind>) -> &mut Diagnostic {
        let w = v.value.to_string().len();
        self.at(v, w, kind)
    }

    fn decks(&mut self, d: Option<&S<i64>>) -> Option<u32> {
        let shoe = self.spec.shoe;
        let Some(d) = d else {
            return Some(shoe.decks);
        };
        if d.value < shoe.min_decks as i64 || d.value > shoe.max_decks as i64 {
            let found = d.value.to_string();
            let kind = RoundError::DecksNotAllowed {
                spec: self.spec.id.clone(),
                decks: d.value,
                min: shoe.min_decks,
                max: shoe.max_decks,
            };
            self.number_at(d, kind).found = Some(found);
            return None;
        }
        Some(d.value as u32)
    }

    fn wager_index(&mut self, id: &S<String>) -> Option<usize> {
        let ids: Vec<&str> = self.spec.wagers.iter().map(|w| w.id.as_str()).collect();
        let k = ids.iter().position(|w| *w == id.value);
        if k.is_none() {
            let name = id.value.clone();
            let d = self.text_at(id, RoundError::UnknownWager { name });
            d.expected = Some(format!("one of {}", crate::diag::list(&ids)));
            d.found = Some(format!("`{}`", id.value));
            if let Some(s) = closest(&id.value, &ids) {
                d.help = Some(format!("did you mean `{s}`?"));
            }
        }
        k
    }

    fn pay_tables(&mut self, map: &OrderedMap<S<String>, S<String>>) -> Vec<usize> {
        let mut out = vec![0; self.spec.wagers.len()];
        for (w, t) in &map.0 {
            let Some(k) = self.wager_index(w) else {
                continue;
            };
            let tables: Vec<&str> = self.spec.wagers[k]
                .pay_tables
                .iter()
                .map(|p| p.id.as_str())
                .collect();
            match tables.iter().position(|p| *p == t.value) {
                Some(i) => out[k] = i,
                None => {
                    let kind = RoundError::UnknownPayTable {
                        wager: w.value.clone(),
                        table: t.value.clone(),
                    };
                    let d = self.text_at(t, kind);
                    d.expected = Some(format!("one of {}", crate::diag::list(&tables)));
                    d.found = Some(format!("`{}`", t.value));
                }
            }
        }
        out
    }

    /// A seat number in 1..=seats.
    fn seat(&mut self, rules: &TableRules, s: &S<i64>) -> Option<u32> {
        if (1..=rules.seats as i64).contains(&s.value) {
            return Some(s.value as u32);
        }
        let found = s.value.to_string();
        let d = self.number_at(s, RoundError::UnknownSeat { seat: s.value });
        d.expected = Some(format!("a seat from 1 to {}", rules.seats));
        d.found = Some(found);
        None
    }

    fn amount(&mut self, a: &S<RawAmount>) -> Option<Ratio> {
        let text = RawAmount::text(a, self.src);
        let m = parse_money(&text);
        if m.is_none() {
            let w = text.chars().count().max(1);
            let pos = self.src.within_scalar(&a.referenced, &text, 0, w);
            let kind = RoundError::InvalidAmount {
                amount: text.clone(),
            };
            self.diags.push(Diagnostic::new(pos, kind));
            let d = self.diags.last_mut().expect("just pushed");
            d.expected =
                Some("a positive amount of dollars in whole cents, e.g. `25` or `2.50`".into());
            d.found = Some(format!("`{text}`"));
        }
        m
    }

    fn round(&mut self, rules: &TableRules, raw: &RawRound, decks: u32) -> Option<TableRound> {
        let before = self.diags.len();
        let seat = self.seat(rules, &raw.player_dealer.seat);
        let stake = self.amount(&raw.player_dealer.stake);
        let hand = raw.hand.value;
        if !(1..=rules.rotation as i64).contains(&hand) {
            let d = self.number_at(&raw.hand, RoundError::InvalidHand { hand });
            d.expected = Some(format!(
                "the hand within the player-dealer's turn, 1 to {}",
                rules.rotation
            ));
            d.found = Some(hand.to_string());
        }
        let played = self.cards(&raw.cards, decks);
        let mut bets = Vec::new();
        for (s, wagers) in &raw.seats.0 {
            let Some(n) = self.seat(rules, s) else {
                continue;
            };
            if Some(n) == seat {
                self.number_at(s, RoundError::DealerSeatBets { seat: n });
                continue;
            }
            if raw
                .seats
                .0
                .iter()
                .filter(|(x, _)| x.value == s.value)
                .count()
                > 1
            {
                self.number_at(s, RoundError::SeatTwice { seat: n });
            }
            self.bets(rules, n, None, wagers, &mut bets);
        }
        for b in &raw.back_line {
            let Some(n) = self.seat(rules, &b.behind) else {
                continue;
            };
            if Some(n) == seat {
                self.number_at(&b.behind, RoundError::BackLineBehindDealer { seat: n });
                continue;
            }
            if b.name.value.trim().is_empty() {
                self.text_at(&b.name, RoundError::BackLineUnnamed);
            }
            let same =
                |x: &&RawBackLine| x.behind.value == b.behind.value && x.name.value == b.name.value;
            if !std::ptr::eq(raw.back_line.iter().find(same).unwrap_or(b), b) {
                let kind = RoundError::BackLineTwice {
                    name: b.name.value.clone(),
                    seat: n,
                };
                self.text_at(&b.name, kind);
                continue;
            }
            self.bets(rules, n, Some(&b.name), &b.bets, &mut bets);
        }
        let declines = self.declines(rules, raw);
        let expect = self.expectations(raw.expect.as_ref(), &bets);
        if self.diags.len() > before {
            return None;
        }
        Some(TableRound {
            name: raw.name.clone().unwrap_or_default(),
            seat: seat?,
            stake: stake?,
            hand: hand as u32,
            played: played?,
            bets,
            declines,
            expect,
        })
    }

    /// The bets of one bettor: known wagers, within limits, back-line bets
    /// only where allowed, side bets only beside a line wager.
    fn bets(
        &mut self,
        rules: &TableRules,
        seat: u32,
        backer: Option<&S<String>>,
        wagers: &OrderedMap<S<String>, S<RawAmount>>,
        out: &mut Vec<Bet>,
    ) {
        let who = match backer {
            Some(name) => Bettor::BackLine {
                name: name.value.clone(),
                seat,
            },
            None => Bettor::Seat(seat),
        };
        let has_line = wagers.0.iter().any(|(w, _)| {
            let k = self.spec.wagers.iter().position(|x| x.id == w.value);
            k.and_then(|k| rules.wager(k))
                .is_some_and(|t| t.kind == WagerKind::Line)
        });
        for (id, amount) in &wagers.0 {
            let Some(k) = self.wager_index(id) else {
                continue;
            };
            let Some(t) = rules.wager(k) else { continue };
            if wagers.0.iter().filter(|(x, _)| x.value == id.value).count() > 1 {
                let kind = RoundError::BetTwice {
                    bettor: who.clone(),
                    wager: id.value.clone(),
                };
                self.text_at(id, kind);
                continue;
            }
            if backer.is_some() && !t.back_line {
                let allowed: Vec<&str> = rules
                    .wagers
                    .iter()
                    .filter(|w| w.back_line)
                    .map(|w| w.id.as_str())
                    .collect();
                let wager = id.value.clone();
                let d = self.text_at(id, RoundError::BackLineNotPermitted { wager });
                d.help = Some(format!(
                    "back-line bets are allowed on {} only",
                    crate::diag::list(&allowed)
                ));
                continue;
            }
            if t.kind == WagerKind::Side && !has_line {
                let lines = rules
                    .wagers
                    .iter()
                    .filter(|w| w.kind == WagerKind::Line)
                    .map(|w| w.id.clone())
                    .collect();
                let kind = RoundError::SideBetWithoutLine {
                    wager: id.value.clone(),
                    bettor: who.clone(),
                    lines,
                };
                let d = self.text_at(id, kind);
                d.help = Some(
                    "a side bet may be placed only by a bettor who also places a line wager".into(),
                );
                continue;
            }
            let Some(stake) = self.amount(amount) else {
                continue;
            };
            if stake < t.min || stake > t.max {
                let text = RawAmount::text(amount, self.src);
                let kind = RoundError::OutsideLimits {
                    bettor: who.clone(),
                    wager: id.value.clone(),
                    amount: text.clone(),
                };
                let d = self.at(amount, text.chars().count().max(1), kind);
                d.expected = Some(format!(
                    "{} to {}",
                    super::settle::money(t.min),
                    super::settle::money(t.max)
                ));
                d.found = Some(text);
                continue;
            }
            out.push(Bet {
                seat,
                backer: backer.map(|b| b.value.clone()),
                wager: k,
                stake,
            });
        }
    }

    /// Parses the cards and plays them by the spec's drawing rules.
    fn cards(&mut self, cards: &S<OrderedMap<S<String>, S<String>>>, decks: u32) -> Option<Played> {
        let game = &self.spec.game;
        let mut deal = Deal::default();
        let mut ok = true;
        for (hand, text) in &cards.value.0 {
            let Some(h) = game.hand_index(&hand.value) else {
                let kind = RoundError::UnknownHand {
                    hand: hand.value.clone(),
                };
                let d = self.text_at(hand, kind);
                d.expected = Some(format!("one of {}", crate::diag::list(&game.hands)));
                ok = false;
                continue;
            };
            match parse_cards_at(&text.value) {
                Ok(c) => deal.hands[h as usize] = c,
                Err((span, e)) => {
                    // At the bad card inside the string.
                    let width = text.value[span.clone()].chars().count().max(1);
                    let pos =
                        self.src
                            .within_scalar(&text.referenced, &text.value, span.start, width);
                    self.diags.push(Diagnostic::new(pos, e));
                    ok = false;
                }
            }
        }
        if !ok {
            return None;
        }
        match play(&crate::strategy::for_decks(self.spec, decks), &deal, decks) {
            Ok(p) => Some(p),
            Err(m) => {
                // Point at the hand the message names, else at the cards.
                let named = cards
                    .value
                    .0
                    .iter()
                    .find(|(h, _)| m.contains(&format!("the {} hand", h.value)));
                let kind = RoundError::OffDrawingRules { reason: m };
                match named {
                    Some((_, text)) => self.text_at(text, kind),
                    None => self.at(cards, 1, kind),
                };
                None
            }
        }
    }

    fn declines(&mut self, rules: &TableRules, raw: &RawRound) -> Vec<u32> {
        let Some(list) = &raw.declines else {
            return Vec::new();
        };
        if raw.hand.value < rules.rotation as i64 && !list.value.is_empty() {
            let d = self.at(list, 1, RoundError::DeclineTooEarly);
            d.help = Some(format!(
                "the player-dealer keeps the position for {} hands; give `declines` on hand {}",
                rules.rotation, rules.rotation
            ));
        }
        let mut out = Vec::new();
        for s in &list.value {
            if let Some(n) = self.seat(rules, s) {
                out.push(n);
            }
        }
        out
    }

    fn expectations(&mut self, e: Option<&RawExpect>, bets: &[Bet]) -> Vec<Expectation> {
        let Some(e) = e else { return Vec::new() };
        let mut out = Vec::new();
        for (bettor, wagers) in &e.wagers.0 {
            for (w, v) in &wagers.0 {
                let Some(k) = self.wager_index(w) else {
                    continue;
                };
                if !bets
                    .iter()
                    .any(|b| b.bettor() == bettor.value && b.wager == k)
                {
                    let kind = RoundError::NoSuchBet {
                        bettor: bettor.value.clone(),
                        wager: w.value.clone(),
                    };
                    self.text_at(w, kind);
                    continue;
                }
                out.push(Expectation {
                    target: format!("{}.{}", bettor.value, w.value),
                    expected: normal(&v.value),
                });
            }
        }
        if let Some(n) = &e.player_dealer_net {
            out.push(Expectation {
                target: "player_dealer_net".into(),
                expected: signed(&normal(&n.value)),
            });
        }
        if let Some(n) = &e.next {
            out.push(Expectation {
                target: "next".into(),
                expected: normal(&n.value),
            });
        }
        out
    }

    /// A round after another must be the hand the rotation gives.
    fn follows(&mut self, raw: &RawRound, t: &TableRound, seat: Option<u32>, hand: u32) {
        if Some(t.seat) != seat {
            let kind = RoundError::WrongSeat {
                expected: seat,
                seat: t.seat,
            };
            let d = self.number_at(&raw.player_dealer.seat, kind);
            d.help = Some(
                "the position moves clockwise after every turn, skipping seats that decline".into(),
            );
        } else if t.hand != hand {
            let kind = RoundError::WrongHand {
                expected: hand,
                seat: t.seat,
                hand: t.hand,
            };
            self.number_at(&raw.hand, kind);
        }
    }
}

/// Whitespace collapsed, for comparing written results.
fn normal(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A written net with its sign, as results are printed: `105` -> `+105`.
fn signed(s: &str) -> String {
    let unsigned = s.starts_with(|c: char| c.is_ascii_digit());
    if unsigned && s.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("+{s}")
    } else {
        s.to_string()
    }
}
