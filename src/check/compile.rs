//! Type-checks a parsed condition and compiles it to a `Cond`.
//!
//! Names resolve, in order, to: definitions, hands, the globals `cards`,
//! `tie` and `margin`, rank names (`ace` .. `king`) and suit names.

use crate::cards::{RANK_NAMES, SUIT_NAMES};
use crate::expr::{BinOp, Expr, ExprKind, Span};
use crate::model::cond::{ALL_SLOTS, CmpOp, Cond, SlotMask, hand_mask};
use crate::model::round::slot;

/// A compiled value with its type.
#[derive(Clone, Debug)]
pub enum Value {
    Int(Cond),
    Bool(Cond),
    Rank(Cond),
    Suit(Cond),
    Card(u8),
    Hand(u8),
    Cards(SlotMask),
    /// A list literal: element type and constant elements.
    List(Option<Ty>, Vec<i64>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bool,
    Rank,
    Suit,
    Card,
    Hand,
    Cards,
    List,
}

impl Ty {
    pub fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition (true or false)",
            Ty::Rank => "a rank",
            Ty::Suit => "a suit",
            Ty::Card => "a card",
            Ty::Hand => "a hand",
            Ty::Cards => "a list of cards",
            Ty::List => "a list",
        }
    }
}

impl Value {
    pub fn ty(&self) -> Ty {
        match self {
            Value::Int(_) => Ty::Int,
            Value::Bool(_) => Ty::Bool,
            Value::Rank(_) => Ty::Rank,
            Value::Suit(_) => Ty::Suit,
            Value::Card(_) => Ty::Card,
            Value::Hand(_) => Ty::Hand,
            Value::Cards(_) => Ty::Cards,
            Value::List(..) => Ty::List,
        }
    }

    /// The scalar node of an Int, Bool, Rank or Suit value.
    fn scalar(self) -> Option<Cond> {
        match self {
            Value::Int(c) | Value::Bool(c) | Value::Rank(c) | Value::Suit(c) => Some(c),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CompileError {
    pub span: Span,
    pub message: String,
    pub expected: Option<String>,
    pub found: Option<String>,
    pub help: Option<String>,
}

impl CompileError {
    fn new(span: Span, message: impl Into<String>) -> Self {
        CompileError {
            span,
            message: message.into(),
            expected: None,
            found: None,
            help: None,
        }
    }

    fn expected(mut self, e: impl Into<String>, f: impl Into<String>) -> Self {
        self.expected = Some(e.into());
        self.found = Some(f.into());
        self
    }

    fn help(mut self, h: impl Into<String>) -> Self {
        self.help = Some(h.into());
        self
    }
}

type Result<T> = std::result::Result<T, CompileError>;

/// What names mean in one spec.
pub struct Env<'a> {
    pub hands: &'a [String; 2],
    pub naturals: u16,
    pub definitions: &'a [(String, Value)],
}

pub const GLOBALS: [&str; 3] = ["cards", "tie", "margin"];
pub const HAND_ATTRS: [&str; 9] = [
    "total", "count", "natural", "drew", "wins", "cards", "first", "second", "third",
];
pub const CARD_ATTRS: [&str; 5] = ["rank", "suit", "value", "face", "high"];
pub const FUNCTIONS: [&str; 4] = ["count", "suited", "max_kind", "kinds"];

/// Compiles a condition that must be true or false.
pub fn compile_condition(e: &Expr, env: &Env) -> Result<Cond> {
    match compile(e, env)? {
        Value::Bool(c) => Ok(c),
        other => Err(
            CompileError::new(e.span, "a condition must be true or false")
                .expected(Ty::Bool.describe(), other.ty().describe()),
        ),
    }
}

pub fn compile(e: &Expr, env: &Env) -> Result<Value> {
    match &e.kind {
        ExprKind::Int(v) => Ok(Value::Int(Cond::Const(*v))),
        ExprKind::Bool(b) => Ok(Value::Bool(Cond::Const(*b as i64))),
        ExprKind::Name(n) => name(n, e.span, env),
        ExprKind::Attr(base, attr, span) => {
            let base_value = compile(base, env)?;
            attribute(base_value, attr, *span, base.span, env.naturals)
        }
        ExprKind::Call(f, args) => call(f, args, e.span, env),
        ExprKind::List(items) => list(items, env),
        ExprKind::Not(x) => {
            let c = bool_operand(x, env, "`not`")?;
            Ok(Value::Bool(Cond::Not(Box::new(c))))
        }
        ExprKind::Binary(op, l, r) => binary(*op, l, r, env),
    }
}

fn name(n: &str, span: Span, env: &Env) -> Result<Value> {
    if let Some((_, v)) = env.definitions.iter().rev().find(|(d, _)| d == n) {
        return Ok(v.clone());
    }
    if let Some(h) = env.hands.iter().position(|h| h == n) {
        return Ok(Value::Hand(h as u8));
    }
    match n {
        "cards" => return Ok(Value::Cards(ALL_SLOTS)),
        "tie" => return Ok(Value::Bool(Cond::Tie)),
        "margin" => return Ok(Value::Int(Cond::Margin)),
        _ => {}
    }
    if let Some(r) = RANK_NAMES.iter().position(|r| *r == n) {
        return Ok(Value::Rank(Cond::Const(r as i64 + 1)));
    }
    if let Some(s) = SUIT_NAMES.iter().position(|s| *s == n) {
        return Ok(Value::Suit(Cond::Const(s as i64)));
    }
    let mut known: Vec<&str> = env.hands.iter().map(String::as_str).collect();
    known.extend(GLOBALS);
    known.extend(env.definitions.iter().map(|(d, _)| d.as_str()));
    let mut err = CompileError::new(span, format!("unknown name `{n}`")).expected(
        format!(
            "a hand ({}), `cards`, `tie`, `margin`, a rank (ace .. king), a suit (spades, hearts, diamonds, clubs) or a definition",
            env.hands.join(", ")
        ),
        format!("`{n}`"),
    );
    let mut all = known.clone();
    all.extend(RANK_NAMES);
    all.extend(SUIT_NAMES);
    if let Some(s) = closest(n, &all) {
        err = err.help(format!("did you mean `{s}`?"));
    }
    Err(err)
}

fn attribute(base: Value, attr: &str, span: Span, base_span: Span, naturals: u16) -> Result<Value> {
    match base {
        Value::Hand(h) => hand_attribute(h, attr, span, naturals),
        Value::Card(s) => card_attribute(s, attr, span),
        other => Err(CompileError::new(
            base_span,
            format!("{} has no attributes", other.ty().describe()),
        )
        .expected("a hand or a card before `.`", other.ty().describe())),
    }
}

fn hand_attribute(h: u8, attr: &str, span: Span, naturals: u16) -> Result<Value> {
    Ok(match attr {
        "total" => Value::Int(Cond::Total(h)),
        "count" => Value::Int(Cond::Count(h)),
        "natural" => Value::Bool(Cond::Natural(h, naturals)),
        "drew" => Value::Bool(Cond::Drew(h)),
        "wins" => Value::Bool(Cond::Wins(h)),
        "cards" => Value::Cards(hand_mask(h)),
        "first" => Value::Card(slot(h, 0)),
        "second" => Value::Card(slot(h, 1)),
        "third" => Value::Card(slot(h, 2)),
        _ => return Err(unknown_attribute("a hand", attr, &HAND_ATTRS, span)),
    })
}

fn card_attribute(s: u8, attr: &str, span: Span) -> Result<Value> {
    Ok(match attr {
        "rank" => Value::Rank(Cond::Rank(s)),
        "suit" => Value::Suit(Cond::Suit(s)),
        "value" => Value::Int(Cond::Value(s)),
        "face" => Value::Bool(Cond::Face(s)),
        "high" => Value::Int(Cond::High(s)),
        _ => return Err(unknown_attribute("a card", attr, &CARD_ATTRS, span)),
    })
}

fn unknown_attribute(what: &str, attr: &str, known: &[&str], span: Span) -> CompileError {
    let mut err = CompileError::new(span, format!("{what} has no attribute `{attr}`"))
        .expected(format!("one of {}", known.join(", ")), format!("`{attr}`"));
    if let Some(s) = closest(attr, known) {
        err = err.help(format!("did you mean `{s}`?"));
    }
    err
}

fn call(f: &str, args: &[Expr], span: Span, env: &Env) -> Result<Value> {
    let arity = if f == "kinds" { 2 } else { 1 };
    if !FUNCTIONS.contains(&f) {
        let mut err = CompileError::new(span, format!("unknown function `{f}`"))
            .expected(format!("one of {}", FUNCTIONS.join(", ")), format!("`{f}`"));
        if let Some(s) = closest(f, &FUNCTIONS) {
            err = err.help(format!("did you mean `{s}`?"));
        }
        return Err(err);
    }
    if args.len() != arity {
        return Err(CompileError::new(
            span,
            format!(
                "`{f}` takes {arity} argument{}",
                if arity == 1 { "" } else { "s" }
            ),
        )
        .expected(format!("{arity}"), format!("{}", args.len())));
    }
    let mask = match compile(&args[0], env)? {
        Value::Cards(m) => m,
        other => {
            let mut err = CompileError::new(args[0].span, format!("`{f}` reads a list of cards"))
                .expected(Ty::Cards.describe(), other.ty().describe());
            if other.ty() == Ty::Hand {
                err = err.help("a hand's cards are `<hand>.cards`");
            }
            return Err(err);
        }
    };
    Ok(match f {
        "count" => Value::Int(Cond::CardCount(mask)),
        "suited" => Value::Bool(Cond::Suited(mask)),
        "max_kind" => Value::Int(Cond::MaxKind(mask)),
        _ => match compile(&args[1], env)? {
            Value::Int(Cond::Const(n)) if (1..=6).contains(&n) => {
                Value::Int(Cond::Kinds(mask, n as u8))
            }
            other => {
                return Err(CompileError::new(
                    args[1].span,
                    "`kinds(cards, n)` counts the ranks held at least n times",
                )
                .expected("a whole number from 1 to 6", other.ty().describe()));
            }
        },
    })
}

fn list(items: &[Expr], env: &Env) -> Result<Value> {
    let mut ty = None;
    let mut out = Vec::new();
    for item in items {
        let v = compile(item, env)?;
        let t = v.ty();
        if let Some(prev) = ty
            && prev != t
        {
            return Err(
                CompileError::new(item.span, "list elements must share one type")
                    .expected(describe(prev), t.describe()),
            );
        }
        ty = Some(t);
        match v.scalar() {
            Some(Cond::Const(c)) => out.push(c),
            _ => {
                return Err(
                    CompileError::new(item.span, "list elements must be constants").expected(
                        "a number, rank or suit",
                        "a value that depends on the cards",
                    ),
                );
            }
        }
    }
    Ok(Value::List(ty, out))
}

fn describe(t: Ty) -> &'static str {
    t.describe()
}

fn bool_operand(e: &Expr, env: &Env, op: &str) -> Result<Cond> {
    match compile(e, env)? {
        Value::Bool(c) => Ok(c),
        other => Err(CompileError::new(e.span, format!("{op} joins conditions"))
            .expected(Ty::Bool.describe(), other.ty().describe())),
    }
}

fn binary(op: BinOp, l: &Expr, r: &Expr, env: &Env) -> Result<Value> {
    match op {
        BinOp::And | BinOp::Or => {
            let a = bool_operand(l, env, &format!("`{}`", op.symbol()))?;
            let b = bool_operand(r, env, &format!("`{}`", op.symbol()))?;
            let mut items = Vec::new();
            for c in [a, b] {
                match (op, c) {
                    (BinOp::And, Cond::And(xs)) | (BinOp::Or, Cond::Or(xs)) => items.extend(xs),
                    (_, c) => items.push(c),
                }
            }
            Ok(Value::Bool(if op == BinOp::And {
                Cond::And(items)
            } else {
                Cond::Or(items)
            }))
        }
        BinOp::Add | BinOp::Sub => {
            let a = int_operand(l, env, op)?;
            let b = int_operand(r, env, op)?;
            let (a, b) = (Box::new(a), Box::new(b));
            Ok(Value::Int(if op == BinOp::Add {
                Cond::Add(a, b)
            } else {
                Cond::Sub(a, b)
            }))
        }
        BinOp::In => membership(l, r, env),
        _ => comparison(op, l, r, env),
    }
}

fn int_operand(e: &Expr, env: &Env, op: BinOp) -> Result<Cond> {
    match compile(e, env)? {
        Value::Int(c) => Ok(c),
        other => {
            let mut err = CompileError::new(e.span, format!("`{}` works on numbers", op.symbol()))
                .expected(Ty::Int.describe(), other.ty().describe());
            if other.ty() == Ty::Rank {
                err = err.help("ranks have no order: compare `.high` (ace high, 2..14) or `.value` (point value)");
            }
            Err(err)
        }
    }
}

fn cmp_op(op: BinOp) -> CmpOp {
    match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        _ => CmpOp::Ge,
    }
}

fn comparison(op: BinOp, l: &Expr, r: &Expr, env: &Env) -> Result<Value> {
    let ordered = !matches!(op, BinOp::Eq | BinOp::Ne);
    if ordered {
        let a = int_operand(l, env, op)?;
        let b = int_operand(r, env, op)?;
        return Ok(Value::Bool(Cond::Cmp(cmp_op(op), Box::new(a), Box::new(b))));
    }
    let a = compile(l, env)?;
    let b = compile(r, env)?;
    if a.ty() != b.ty() {
        return Err(CompileError::new(
            r.span,
            format!(
                "cannot compare {} with {}",
                a.ty().describe(),
                b.ty().describe()
            ),
        )
        .expected(a.ty().describe(), b.ty().describe()));
    }
    let cmp = |x: Cond, y: Cond| Cond::Cmp(cmp_op(op), Box::new(x), Box::new(y));
    match (a, b) {
        (Value::Card(x), Value::Card(y)) => {
            // Same card means same rank and same suit.
            let rank = cmp(Cond::Rank(x), Cond::Rank(y));
            let suit = cmp(Cond::Suit(x), Cond::Suit(y));
            Ok(Value::Bool(if op == BinOp::Eq {
                Cond::And(vec![rank, suit])
            } else {
                Cond::Or(vec![rank, suit])
            }))
        }
        (a, b) => match (a.scalar(), b.scalar()) {
            (Some(x), Some(y)) => Ok(Value::Bool(cmp(x, y))),
            _ => Err(CompileError::new(
                l.span,
                "only numbers, conditions, ranks, suits and cards compare",
            )
            .expected(
                "a number, condition, rank, suit or card",
                "a hand or a list",
            )),
        },
    }
}

fn membership(l: &Expr, r: &Expr, env: &Env) -> Result<Value> {
    let a = compile(l, env)?;
    let (elem, items) = match compile(r, env)? {
        Value::List(elem, items) => (elem, items),
        other => {
            return Err(CompileError::new(r.span, "`in` takes a list")
                .expected("a list such as `[8, 9]`", other.ty().describe()));
        }
    };
    let ty = a.ty();
    if let Some(elem) = elem
        && elem != ty
    {
        return Err(CompileError::new(
            r.span,
            format!(
                "cannot look for {} in a list of other things",
                ty.describe()
            ),
        )
        .expected(
            format!("a list of {}", plural(ty)),
            format!("a list of {}", plural(elem)),
        ));
    }
    match a.scalar() {
        Some(x) if ty != Ty::Bool => Ok(Value::Bool(Cond::In(Box::new(x), items))),
        _ => Err(
            CompileError::new(l.span, "`in` tests a number, rank or suit")
                .expected("a number, rank or suit", ty.describe()),
        ),
    }
}

fn plural(t: Ty) -> &'static str {
    match t {
        Ty::Int => "numbers",
        Ty::Bool => "conditions",
        Ty::Rank => "ranks",
        Ty::Suit => "suits",
        Ty::Card => "cards",
        Ty::Hand => "hands",
        Ty::Cards | Ty::List => "lists",
    }
}

/// The closest known word within edit distance 2, for "did you mean".
pub fn closest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edit_distance(word, k), *k))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
