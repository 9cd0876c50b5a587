//! Type-checks a parsed condition and compiles it to a `Cond`.
//!
//! Names resolve, in order, to: definitions, hands, the globals `cards`,
//! `tie` and `margin`, rank names (`ace` .. `king`) and suit names.
//!
//! Compiling recurses over the syntax tree, whose depth the parser bounds;
//! chains (`or`, `and`, `+`/`-`, `.`) are flat lists, compiled by loops.
//! Definitions are inlined where named, so the compiled tree can grow deeper
//! than the text: `compile` refuses one deeper than `MAX_DEPTH`.

use crate::cards::{RANK_NAMES, SUIT_NAMES};
use crate::diag::closest;
use crate::diag::expr::{ExprError, MAX_DEPTH};
use crate::expr::{BinOp, Expr, ExprKind, Span};
use crate::model::cond::{ALL_SLOTS, CmpOp, Cond, Sign, SlotMask, hand_mask};
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

    /// The condition tree inside a value, if any.
    fn cond(&self) -> Option<&Cond> {
        match self {
            Value::Int(c) | Value::Bool(c) | Value::Rank(c) | Value::Suit(c) => Some(c),
            _ => None,
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

/// Why a condition was refused, and where in its text.
#[derive(Clone, Debug, PartialEq)]
pub struct CompileError {
    pub kind: ExprError,
    pub span: Span,
    pub expected: Option<String>,
    pub found: Option<String>,
    pub help: Option<String>,
    /// Replacements proposed, best first: the text of a span of the
    /// expression (see `Diagnostic::fixes`).
    pub fixes: Vec<(Span, String)>,
}

impl CompileError {
    pub fn new(span: Span, kind: ExprError) -> Self {
        CompileError {
            kind,
            span,
            expected: None,
            found: None,
            help: None,
            fixes: Vec::new(),
        }
    }

    /// "did you mean `s`?", with `s` as the first fix.
    fn suggest(mut self, s: &str) -> Self {
        self.help = Some(format!("did you mean `{s}`?"));
        self.fixes.insert(0, (self.span, s.to_string()));
        self
    }

    /// Each known name (as many as a message lists) as a fix.
    fn offer(mut self, names: &[&str]) -> Self {
        let span = self.span;
        self.fixes.extend(
            names
                .iter()
                .take(crate::diag::MAX_LISTED)
                .map(|n| (span, n.to_string())),
        );
        self
    }

    pub fn expected(mut self, e: impl Into<String>, f: impl Into<String>) -> Self {
        self.expected = Some(e.into());
        self.found = Some(f.into());
        self
    }

    pub fn help(mut self, h: impl Into<String>) -> Self {
        self.help = Some(h.into());
        self
    }
}

/// Boxed: the error is large and travels up every level of the recursion.
type Result<T> = std::result::Result<T, Box<CompileError>>;

/// What names mean in one spec.
pub struct Env<'a> {
    pub hands: &'a [String; 2],
    pub naturals: u16,
    pub definitions: &'a [(String, Value)],
}

pub const GLOBALS: [&str; 3] = ["cards", "tie", "margin"];
pub const HAND_ATTRS: [&str; 10] = [
    "total",
    "two_card_total",
    "count",
    "natural",
    "drew",
    "wins",
    "cards",
    "first",
    "second",
    "third",
];
pub const CARD_ATTRS: [&str; 5] = ["rank", "suit", "value", "face", "high"];
pub const FUNCTIONS: [&str; 4] = ["count", "suited", "max_kind", "kinds"];

/// Compiles a condition that must be true or false.
pub fn compile_condition(e: &Expr, env: &Env) -> Result<Cond> {
    match compile(e, env)? {
        Value::Bool(c) => Ok(c),
        other => Err(Box::new(
            CompileError::new(e.span, ExprError::NotACondition)
                .expected(Ty::Bool.describe(), other.ty().describe()),
        )),
    }
}

/// Compiles an expression of any type; refuses one whose compiled tree,
/// definitions expanded, is deeper than `MAX_DEPTH`.
pub fn compile(e: &Expr, env: &Env) -> Result<Value> {
    let v = value(e, env)?;
    // Every part came from the parser (bounded) or from a definition that
    // passed this same check, so `v` is at most a bounded amount deeper than
    // `MAX_DEPTH`, and dropping it on refusal is safe.
    let depth = v.cond().map_or(0, Cond::depth);
    if depth > MAX_DEPTH {
        return Err(Box::new(CompileError::new(e.span, ExprError::ExpandedTooDeep)
            .expected(
                format!("at most {MAX_DEPTH} levels"),
                format!("{depth} levels"),
            )
            .help("definitions are expanded where they are named: nest fewer of them inside one another")));
    }
    Ok(v)
}

fn value(e: &Expr, env: &Env) -> Result<Value> {
    match &e.kind {
        ExprKind::Int(v) => Ok(Value::Int(Cond::Const(*v))),
        ExprKind::Bool(b) => Ok(Value::Bool(Cond::Const(*b as i64))),
        ExprKind::Name(n) => name(n, e.span, env),
        ExprKind::Attr(base, names) => {
            let mut v = value(base, env)?;
            let mut base_span = base.span;
            for (attr, span) in names {
                v = attribute(v, attr, *span, base_span, env.naturals)?;
                base_span = base_span.join(*span);
            }
            Ok(v)
        }
        ExprKind::Call(f, args) => call(f, args, e.span, env),
        ExprKind::List(items) => list(items, env),
        ExprKind::Not(x) => {
            let c = bool_operand(x, env, "not")?;
            Ok(Value::Bool(Cond::Not(Box::new(c))))
        }
        ExprKind::Or(xs) => logic(BinOp::Or, xs, env),
        ExprKind::And(xs) => logic(BinOp::And, xs, env),
        ExprKind::Sum(first, rest) => sum(first, rest, env),
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
    let mut err = CompileError::new(span, ExprError::UnknownName(n.to_string())).expected(
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
        err = err.suggest(s);
    }
    Err(Box::new(err))
}

fn attribute(base: Value, attr: &str, span: Span, base_span: Span, naturals: u16) -> Result<Value> {
    match base {
        Value::Hand(h) => hand_attribute(h, attr, span, naturals),
        Value::Card(s) => card_attribute(s, attr, span),
        other => Err(Box::new(
            CompileError::new(
                base_span,
                ExprError::NoAttributes {
                    what: other.ty().describe(),
                },
            )
            .expected("a hand or a card before `.`", other.ty().describe()),
        )),
    }
}

fn hand_attribute(h: u8, attr: &str, span: Span, naturals: u16) -> Result<Value> {
    Ok(match attr {
        "total" => Value::Int(Cond::Total(h)),
        "two_card_total" => Value::Int(Cond::TwoCardTotal(h)),
        "count" => Value::Int(Cond::Count(h)),
        "natural" => Value::Bool(Cond::Natural(h, naturals)),
        "drew" => Value::Bool(Cond::Drew(h)),
        "wins" => Value::Bool(Cond::Wins(h)),
        "cards" => Value::Cards(hand_mask(h)),
        "first" => Value::Card(slot(h, 0)),
        "second" => Value::Card(slot(h, 1)),
        "third" => Value::Card(slot(h, 2)),
        _ => {
            return Err(Box::new(unknown_attribute(
                "a hand",
                attr,
                &HAND_ATTRS,
                span,
            )));
        }
    })
}

fn card_attribute(s: u8, attr: &str, span: Span) -> Result<Value> {
    Ok(match attr {
        "rank" => Value::Rank(Cond::Rank(s)),
        "suit" => Value::Suit(Cond::Suit(s)),
        "value" => Value::Int(Cond::Value(s)),
        "face" => Value::Bool(Cond::Face(s)),
        "high" => Value::Int(Cond::High(s)),
        _ => {
            return Err(Box::new(unknown_attribute(
                "a card",
                attr,
                &CARD_ATTRS,
                span,
            )));
        }
    })
}

fn unknown_attribute(what: &'static str, attr: &str, known: &[&str], span: Span) -> CompileError {
    let kind = ExprError::UnknownAttribute {
        what,
        attr: attr.to_string(),
    };
    let mut err = CompileError::new(span, kind)
        .expected(format!("one of {}", known.join(", ")), format!("`{attr}`"))
        .offer(known);
    if let Some(s) = closest(attr, known) {
        err = err.suggest(s);
    }
    err
}

fn call(f: &str, args: &[Expr], span: Span, env: &Env) -> Result<Value> {
    let arity = if f == "kinds" { 2 } else { 1 };
    if !FUNCTIONS.contains(&f) {
        let mut err = CompileError::new(span, ExprError::UnknownFunction(f.to_string()))
            .expected(format!("one of {}", FUNCTIONS.join(", ")), format!("`{f}`"))
            .offer(&FUNCTIONS);
        if let Some(s) = closest(f, &FUNCTIONS) {
            err = err.suggest(s);
        }
        return Err(Box::new(err));
    }
    if args.len() != arity {
        return Err(Box::new(
            CompileError::new(
                span,
                ExprError::WrongArity {
                    function: f.to_string(),
                    arity,
                },
            )
            .expected(format!("{arity}"), format!("{}", args.len())),
        ));
    }
    let mask = match value(&args[0], env)? {
        Value::Cards(m) => m,
        other => {
            let kind = ExprError::NotCards {
                function: f.to_string(),
            };
            let mut err = CompileError::new(args[0].span, kind)
                .expected(Ty::Cards.describe(), other.ty().describe());
            if other.ty() == Ty::Hand {
                err = err.help("a hand's cards are `<hand>.cards`");
            }
            return Err(Box::new(err));
        }
    };
    Ok(match f {
        "count" => Value::Int(Cond::CardCount(mask)),
        "suited" => Value::Bool(Cond::Suited(mask)),
        "max_kind" => Value::Int(Cond::MaxKind(mask)),
        _ => match value(&args[1], env)? {
            Value::Int(Cond::Const(n)) if (1..=6).contains(&n) => {
                Value::Int(Cond::Kinds(mask, n as u8))
            }
            other => {
                return Err(Box::new(
                    CompileError::new(args[1].span, ExprError::KindsCount)
                        .expected("a whole number from 1 to 6", other.ty().describe()),
                ));
            }
        },
    })
}

fn list(items: &[Expr], env: &Env) -> Result<Value> {
    let mut ty = None;
    let mut out = Vec::new();
    for item in items {
        let v = value(item, env)?;
        let t = v.ty();
        if let Some(prev) = ty
            && prev != t
        {
            return Err(Box::new(
                CompileError::new(item.span, ExprError::MixedList)
                    .expected(describe(prev), t.describe()),
            ));
        }
        ty = Some(t);
        match v.scalar() {
            Some(Cond::Const(c)) => out.push(c),
            _ => {
                return Err(Box::new(
                    CompileError::new(item.span, ExprError::ListNotConstant).expected(
                        "a number, rank or suit",
                        "a value that depends on the cards",
                    ),
                ));
            }
        }
    }
    Ok(Value::List(ty, out))
}

fn describe(t: Ty) -> &'static str {
    t.describe()
}

fn bool_operand(e: &Expr, env: &Env, op: &'static str) -> Result<Cond> {
    match value(e, env)? {
        Value::Bool(c) => Ok(c),
        other => Err(Box::new(
            CompileError::new(e.span, ExprError::NotBoolOperand { op })
                .expected(Ty::Bool.describe(), other.ty().describe()),
        )),
    }
}

/// An `or` or `and` chain: one flat node, with operands that are themselves
/// the same operator (from parentheses or definitions) spliced in.
fn logic(op: BinOp, xs: &[Expr], env: &Env) -> Result<Value> {
    let mut items = Vec::new();
    for (k, x) in xs.iter().enumerate() {
        if op == BinOp::Or
            && k > 0
            && let Some((at, help, fix)) = one_of_several(xs, k)
        {
            let mut err = CompileError::new(at, ExprError::NotBoolOperand { op: "or" })
                .expected(Ty::Bool.describe(), Ty::Int.describe())
                .help(help);
            err.fixes.extend(fix);
            return Err(Box::new(err));
        }
        match (op, bool_operand(x, env, op.symbol())?) {
            (BinOp::And, Cond::And(ys)) | (BinOp::Or, Cond::Or(ys)) => items.extend(ys),
            (_, c) => items.push(c),
        }
    }
    Ok(Value::Bool(if op == BinOp::And {
        Cond::And(items)
    } else {
        Cond::Or(items)
    }))
}

/// `x == 8 or 9`, the way rules say "a total of 8 or 9": the number after
/// `or` is no condition. Proposes `x in [8, 9]`, with every number the
/// chain lists after the comparison, and says where the first number is.
/// `x == 8 or 9 and y` reads as `x == 8 or (9 and y)`: its number leads
/// an `and`.
/// A place and the text to put there.
type Put = (Span, String);

fn one_of_several(xs: &[Expr], k: usize) -> Option<(Span, String, Option<Put>)> {
    let int = |e: &Expr| match e.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    };
    let leading = |e: &Expr| match &e.kind {
        ExprKind::And(ys) => int(&ys[0]).map(|v| (v, ys[0].span)),
        _ => int(e).map(|v| (v, e.span)),
    };
    let (_, at) = leading(&xs[k])?;
    // The comparison the numbers continue: the last operand before them.
    let from = (0..k).rev().find(|&j| int(&xs[j]).is_none())?;
    let ExprKind::Binary(BinOp::Eq, lhs, rhs) = &xs[from].kind else {
        return None;
    };
    let mut numbers = vec![int(rhs)?];
    let mut end = rhs.span.end;
    for x in &xs[from + 1..] {
        let Some((v, span)) = leading(x) else { break };
        numbers.push(v);
        end = span.end;
        if int(x).is_none() {
            break;
        }
    }
    let list: Vec<String> = numbers.iter().map(i64::to_string).collect();
    let written = source_text(lhs);
    let lhs = written.clone().unwrap_or_else(|| "x".into());
    let fixed = format!("{lhs} in [{}]", list.join(", "));
    let help = format!("to test one value against several, write `{fixed}`");
    // The whole `x == 8 or 9` is rewritten, when `x` can be written back.
    let fix = written.map(|_| (Span::new(xs[from].span.start, end), fixed));
    Some((at, help, fix))
}

/// A name or attribute chain written back as text, for a suggestion.
fn source_text(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(n) => Some(n.clone()),
        ExprKind::Attr(base, names) => {
            let mut s = source_text(base)?;
            for (n, _) in names {
                s.push('.');
                s.push_str(n);
            }
            Some(s)
        }
        _ => None,
    }
}

/// `x % n`: `n` a whole number of at least 1, written as a constant, so
/// that every value is known to lie in 0..n (the engine keys on values)
/// and no round can divide by zero.
fn remainder(l: &Expr, r: &Expr, env: &Env) -> Result<Value> {
    let x = int_operand(l, env, BinOp::Mod)?;
    match value(r, env)? {
        Value::Int(Cond::Const(n)) if n >= 1 => Ok(Value::Int(Cond::Mod(Box::new(x), n))),
        other => Err(Box::new(
            CompileError::new(r.span, ExprError::ModulusNotConstant).expected(
                "a whole number of at least 1",
                if other.ty() == Ty::Int && matches!(other, Value::Int(Cond::Const(_))) {
                    "a number below 1".to_string()
                } else if other.ty() == Ty::Int {
                    "a number that depends on the cards".to_string()
                } else {
                    other.ty().describe().to_string()
                },
            ),
        )),
    }
}

/// A `+`/`-` chain: one flat `Cond::Sum`. The first operand is blamed on
/// the operator after it, each later one on the operator before it.
fn sum(first: &Expr, rest: &[(BinOp, Expr)], env: &Env) -> Result<Value> {
    let first_op = rest.first().map_or(BinOp::Add, |(op, _)| *op);
    let first = int_operand(first, env, first_op)?;
    let mut terms = Vec::with_capacity(rest.len());
    for (op, x) in rest {
        let sign = if *op == BinOp::Sub {
            Sign::Minus
        } else {
            Sign::Plus
        };
        terms.push((sign, int_operand(x, env, *op)?));
    }
    Ok(Value::Int(Cond::Sum(Box::new(first), terms)))
}

fn binary(op: BinOp, l: &Expr, r: &Expr, env: &Env) -> Result<Value> {
    match op {
        BinOp::In => membership(l, r, env),
        BinOp::Mod => remainder(l, r, env),
        _ => comparison(op, l, r, env),
    }
}

fn int_operand(e: &Expr, env: &Env, op: BinOp) -> Result<Cond> {
    match value(e, env)? {
        Value::Int(c) => Ok(c),
        other => {
            let kind = ExprError::NotNumber { op: op.symbol() };
            let mut err =
                CompileError::new(e.span, kind).expected(Ty::Int.describe(), other.ty().describe());
            if other.ty() == Ty::Rank {
                err = err.help("ranks have no order: compare `.high` (ace high, 2..14) or `.value` (point value)");
            }
            Err(Box::new(err))
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
    let a = value(l, env)?;
    let b = value(r, env)?;
    if a.ty() != b.ty() {
        return Err(Box::new(
            CompileError::new(
                r.span,
                ExprError::Incomparable {
                    left: a.ty().describe(),
                    right: b.ty().describe(),
                },
            )
            .expected(a.ty().describe(), b.ty().describe()),
        ));
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
            _ => Err(Box::new(
                CompileError::new(l.span, ExprError::NotComparable).expected(
                    "a number, condition, rank, suit or card",
                    "a hand or a list",
                ),
            )),
        },
    }
}

fn membership(l: &Expr, r: &Expr, env: &Env) -> Result<Value> {
    let a = value(l, env)?;
    let (elem, items) = match value(r, env)? {
        Value::List(elem, items) => (elem, items),
        other => {
            return Err(Box::new(
                CompileError::new(r.span, ExprError::InNeedsList)
                    .expected("a list such as `[8, 9]`", other.ty().describe()),
            ));
        }
    };
    let ty = a.ty();
    if let Some(elem) = elem
        && elem != ty
    {
        return Err(Box::new(
            CompileError::new(
                r.span,
                ExprError::WrongListType {
                    what: ty.describe(),
                },
            )
            .expected(
                format!("a list of {}", plural(ty)),
                format!("a list of {}", plural(elem)),
            ),
        ));
    }
    match a.scalar() {
        Some(x) if ty != Ty::Bool => Ok(Value::Bool(Cond::In(Box::new(x), items))),
        _ => Err(Box::new(
            CompileError::new(l.span, ExprError::InNeedsScalar)
                .expected("a number, rank or suit", ty.describe()),
        )),
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
