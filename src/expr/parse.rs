//! nom parser for conditions.
//!
//! Grammar, loosest binding first:
//! ```text
//! or      := and ("or" and)*
//! and     := not ("and" not)*
//! not     := "not" not | compare
//! compare := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum | "in" list)?
//! sum     := term (("+" | "-") term)*
//! term    := postfix ("%" postfix)?
//! postfix := primary ("." name)*
//! primary := integer | "true" | "false" | name | name "(" args ")" | "(" or ")" | list
//! list    := "[" (or ("," or)*)? "]"
//! ```
//! Errors are plain data: the kind, the byte offset, what was expected there
//! and what was found.
//!
//! Stack use is bounded: the `*` repetitions above are loops building flat
//! lists, so the parser recurses only where the text nests — `(`, `[`, a
//! call's `(` and `not` — and it refuses to open more than
//! [`MAX_NESTING`] levels, at the opener that would go past it.

use super::ast::{BinOp, Expr, ExprKind, Span};
use crate::diag::expr::{ExprError, MAX_NESTING};
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, multispace0};
use nom::combinator::recognize;
use nom::sequence::pair;
use nom::{IResult, Parser};
use nom_locate::LocatedSpan;

type In<'a> = LocatedSpan<&'a str>;
type Res<'a, T> = IResult<In<'a>, T, PErr>;

const KEYWORDS: [&str; 6] = ["and", "or", "not", "in", "true", "false"];

/// A condition the parser refuses: a syntax error, or nesting too deep.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    /// `ExprError::Syntax` or `ExprError::TooDeep`.
    pub kind: ExprError,
    pub span: Span,
    pub expected: String,
    pub found: String,
    pub help: Option<String>,
}

/// Internal nom error: the furthest offset reached and what could have come next there.
#[derive(Debug)]
pub struct PErr {
    offset: usize,
    expected: Vec<&'static str>,
    /// Refused for nesting past `MAX_NESTING` at `offset`, not for syntax.
    too_deep: bool,
}

impl<'a> nom::error::ParseError<In<'a>> for PErr {
    fn from_error_kind(input: In<'a>, _kind: nom::error::ErrorKind) -> Self {
        PErr {
            offset: input.location_offset(),
            expected: Vec::new(),
            too_deep: false,
        }
    }

    fn append(_input: In<'a>, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }

    fn or(mut self, other: Self) -> Self {
        match self.offset.cmp(&other.offset) {
            std::cmp::Ordering::Less => other,
            std::cmp::Ordering::Greater => self,
            std::cmp::Ordering::Equal => {
                for e in other.expected {
                    if !self.expected.contains(&e) {
                        self.expected.push(e);
                    }
                }
                self.too_deep |= other.too_deep;
                self
            }
        }
    }
}

fn fail<'a, T>(i: In<'a>, expected: &'static str) -> Res<'a, T> {
    Err(nom::Err::Error(PErr {
        offset: i.location_offset(),
        expected: vec![expected],
        too_deep: false,
    }))
}

fn cut<T>(r: Res<'_, T>) -> Res<'_, T> {
    r.map_err(|e| match e {
        nom::Err::Error(e) => nom::Err::Failure(e),
        other => other,
    })
}

/// One more level of nesting opened at `i`, or a hard refusal past the limit.
fn deeper(i: In<'_>, depth: usize) -> Result<usize, nom::Err<PErr>> {
    if depth >= MAX_NESTING {
        return Err(nom::Err::Failure(PErr {
            offset: i.location_offset(),
            expected: Vec::new(),
            too_deep: true,
        }));
    }
    Ok(depth + 1)
}

/// Parses a whole condition; trailing text is an error. (The error is
/// boxed: it is large, and rare.)
pub fn parse_expr(text: &str) -> Result<Expr, Box<ParseError>> {
    let input = In::new(text);
    let result = or_expr(input, 0).and_then(|(rest, e)| {
        let (rest, _) = multispace0(rest)?;
        if rest.fragment().is_empty() {
            Ok(e)
        } else {
            fail(rest, "an operator or the end of the condition").map(|(_, e)| e)
        }
    });
    result.map_err(|e| match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => to_error(text, e),
        nom::Err::Incomplete(_) => to_error(
            text,
            PErr {
                offset: text.len(),
                expected: vec!["more input"],
                too_deep: false,
            },
        ),
    })
}

fn to_error(text: &str, e: PErr) -> Box<ParseError> {
    let offset = e.offset.min(text.len());
    let token = next_token(&text[offset..]);
    let span = Span::new(offset, offset + token.len().max(1));
    if e.too_deep {
        return Box::new(ParseError {
            kind: ExprError::TooDeep,
            span,
            expected: format!("at most {MAX_NESTING} levels of `(`, `[` and `not`"),
            found: format!("`{token}` opening level {}", MAX_NESTING + 1),
            help: Some(
                "chains of `or`, `and` and `+` need no parentheses; or name a part in `definitions`"
                    .into(),
            ),
        });
    }
    let found = if token.is_empty() {
        "the end of the condition".to_string()
    } else {
        format!("`{token}`")
    };
    let mut expected = e.expected;
    if expected.is_empty() {
        expected.push("a condition");
    }
    Box::new(ParseError {
        kind: ExprError::Syntax,
        span,
        expected: join_alternatives(&expected),
        found,
        help: operator_slip(text, offset),
    })
}

/// The way on from an operator of another language: `&&`, `||`, `!`, or a
/// keyword in capitals (`AND`, `Not`), found where the parser stopped or
/// just before it (`NOT x` reads `NOT` as a name, then stops at `x`).
fn operator_slip(text: &str, offset: usize) -> Option<String> {
    let rest = text[offset..].trim_start();
    let symbol = [("&", "and"), ("|", "or"), ("!", "not")]
        .into_iter()
        .find(|(s, _)| rest.starts_with(s) && !rest.starts_with("!="));
    if let Some((s, word)) = symbol {
        let written = if rest[1..].starts_with(s) {
            format!("{s}{s}")
        } else {
            s.to_string()
        };
        return Some(format!(
            "conditions are joined with words: write `{word}` for `{written}`"
        ));
    }
    let before = text[..offset].trim_end();
    let previous = &before[before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1)..];
    [next_token(rest), previous].into_iter().find_map(|word| {
        let lower = word.to_ascii_lowercase();
        let keyword = KEYWORDS.iter().find(|k| **k == lower && word != lower)?;
        Some(format!(
            "keywords are lower-case: write `{keyword}` for `{word}`"
        ))
    })
}

fn join_alternatives(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The word, number or single symbol at the start of `rest`, for "found ..." messages.
fn next_token(rest: &str) -> &str {
    let rest = rest.trim_start();
    let word = rest
        .char_indices()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map(|(i, c)| i + c.len_utf8())
        .unwrap_or(0);
    if word > 0 {
        &rest[..word]
    } else {
        rest.chars()
            .next()
            .map(|c| &rest[..c.len_utf8()])
            .unwrap_or("")
    }
}

fn span_from(start: In<'_>, end: In<'_>) -> Span {
    Span::new(start.location_offset(), end.location_offset())
}

fn binary(op: BinOp, l: Expr, r: Expr) -> Expr {
    let span = l.span.join(r.span);
    Expr {
        kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
        span,
    }
}

fn symbol<'a>(text: &'static str, i: In<'a>) -> Res<'a, In<'a>> {
    tag(text).parse(i)
}

fn ident(i: In<'_>) -> Res<'_, In<'_>> {
    recognize(pair(
        take_while1(|c: char| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(i)
}

/// A keyword, skipping leading space; must not run on into a longer name.
fn keyword<'a>(word: &'static str) -> impl Fn(In<'a>) -> Res<'a, In<'a>> {
    move |i| {
        let (i, _) = multispace0(i)?;
        match ident(i) {
            Ok((rest, w)) if *w.fragment() == word => Ok((rest, w)),
            _ => fail(i, word_expectation(word)),
        }
    }
}

fn word_expectation(word: &str) -> &'static str {
    match word {
        "or" => "`or`",
        "and" => "`and`",
        "not" => "`not`",
        _ => "`in`",
    }
}

fn or_expr(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    logic(i, depth, BinOp::Or)
}

/// `or` chains of `and` chains, in one function so that each nesting level
/// costs fewer stack frames. The chain is a loop collecting a flat list.
fn logic(i: In<'_>, depth: usize, op: BinOp) -> Res<'_, Expr> {
    let operand = |i| {
        if op == BinOp::Or {
            logic(i, depth, BinOp::And)
        } else {
            not_expr(i, depth)
        }
    };
    let word = op.symbol();
    let (mut i, first) = operand(i)?;
    let mut items = vec![first];
    loop {
        match keyword(word)(i) {
            Ok((rest, _)) => {
                let (rest, e) = cut(operand(rest))?;
                items.push(e);
                i = rest;
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    if items.len() == 1 {
        return Ok((i, items.swap_remove(0)));
    }
    let span = items[0].span.join(items[items.len() - 1].span);
    let kind = if op == BinOp::Or {
        ExprKind::Or(items)
    } else {
        ExprKind::And(items)
    };
    Ok((i, Expr { kind, span }))
}

fn not_expr(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    let (i, _) = multispace0(i)?;
    if let Ok((rest, kw)) = keyword("not")(i) {
        let depth = deeper(i, depth)?;
        let (rest, inner) = cut(not_expr(rest, depth))?;
        let span = Span::new(kw.location_offset(), inner.span.end);
        return Ok((
            rest,
            Expr {
                kind: ExprKind::Not(Box::new(inner)),
                span,
            },
        ));
    }
    compare(i, depth)
}

fn compare_op(i: In<'_>) -> Res<'_, BinOp> {
    let (i, _) = multispace0(i)?;
    // Two-character operators first so `<=` is not read as `<`.
    const OPS: [(&str, BinOp); 6] = [
        ("==", BinOp::Eq),
        ("!=", BinOp::Ne),
        ("<=", BinOp::Le),
        (">=", BinOp::Ge),
        ("<", BinOp::Lt),
        (">", BinOp::Gt),
    ];
    for (text, op) in OPS {
        if let Ok((rest, _)) = symbol(text, i) {
            return Ok((rest, op));
        }
    }
    fail(i, "a comparison")
}

fn compare(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    let (i, lhs) = sum(i, depth)?;
    if let Ok((rest, op)) = compare_op(i) {
        let (rest, rhs) = cut(sum(rest, depth))?;
        return Ok((rest, binary(op, lhs, rhs)));
    }
    if let Ok((rest, _)) = keyword("in")(i) {
        let (rest, _) = multispace0(rest)?;
        let (rest, rhs) = cut(list(rest, depth))?;
        return Ok((rest, binary(BinOp::In, lhs, rhs)));
    }
    // A lone `=` is a common slip: say what was meant.
    let (j, _) = multispace0(i)?;
    if j.fragment().starts_with('=') {
        return cut(fail(j, "`==`"));
    }
    Ok((i, lhs))
}

fn sum_op(i: In<'_>) -> Res<'_, BinOp> {
    let (i, _) = multispace0(i)?;
    if let Ok((r, _)) = symbol("+", i) {
        Ok((r, BinOp::Add))
    } else if let Ok((r, _)) = symbol("-", i) {
        Ok((r, BinOp::Sub))
    } else {
        fail(i, "`+` or `-`")
    }
}

/// A `+`/`-` chain, collected flat by a loop.
fn sum(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    let (mut i, first) = term(i, depth)?;
    let mut rest_terms = Vec::new();
    loop {
        match sum_op(i) {
            Ok((rest, op)) => {
                let (rest, e) = cut(term(rest, depth))?;
                rest_terms.push((op, e));
                i = rest;
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    let Some((_, last)) = rest_terms.last() else {
        return Ok((i, first));
    };
    let span = first.span.join(last.span);
    Ok((
        i,
        Expr {
            kind: ExprKind::Sum(Box::new(first), rest_terms),
            span,
        },
    ))
}

/// `a % n`, binding tighter than `+` and `-`. One `%` per term: a chain
/// would nest (it is not associative), and no rule needs two; a second is
/// refused as trailing text, and parentheses allow it.
fn term(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    let (i, lhs) = postfix(i, depth)?;
    let (j, _) = multispace0(i)?;
    match symbol("%", j) {
        Ok((rest, _)) => {
            let (rest, rhs) = cut(postfix(rest, depth))?;
            Ok((rest, binary(BinOp::Mod, lhs, rhs)))
        }
        Err(_) => Ok((i, lhs)),
    }
}

/// A primary and its `.name` chain, collected flat by a loop.
fn postfix(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    let (mut i, base) = primary(i, depth)?;
    let mut names: Vec<(String, Span)> = Vec::new();
    loop {
        let (j, _) = multispace0(i)?;
        let Ok((after_dot, _)) = char::<In<'_>, PErr>('.').parse(j) else {
            break;
        };
        let (after_ws, _) = multispace0(after_dot)?;
        let (rest, name) = match ident(after_ws) {
            Ok(ok) => ok,
            Err(_) => return cut(fail(after_ws, "an attribute name after `.`")),
        };
        names.push((name.fragment().to_string(), span_from(name, rest)));
        i = rest;
    }
    let Some((_, last)) = names.last() else {
        return Ok((i, base));
    };
    let span = Span::new(base.span.start, last.end);
    Ok((
        i,
        Expr {
            kind: ExprKind::Attr(Box::new(base), names),
            span,
        },
    ))
}

const VALUE: &str = "a value (a number, a name, `(` or `[`)";

fn primary(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    let (i, _) = multispace0(i)?;
    if let Ok((rest, digits)) = digit1::<In<'_>, PErr>(i) {
        let value = match digits.fragment().parse::<i64>() {
            Ok(v) => v,
            Err(_) => return cut(fail(i, "a number that fits in 64 bits")),
        };
        return Ok((
            rest,
            Expr {
                kind: ExprKind::Int(value),
                span: span_from(i, rest),
            },
        ));
    }
    if let Ok((rest, _)) = char::<In<'_>, PErr>('(').parse(i) {
        let inner_depth = deeper(i, depth)?;
        let (rest, inner) = cut(or_expr(rest, inner_depth))?;
        let (rest, _) = multispace0(rest)?;
        let (rest, _) = cut(close(rest, ')', "`)`"))?;
        return Ok((
            rest,
            Expr {
                kind: inner.kind,
                span: span_from(i, rest),
            },
        ));
    }
    if i.fragment().starts_with('[') {
        return list(i, depth);
    }
    let (rest, name) = match ident(i) {
        Ok(ok) => ok,
        Err(_) => return fail(i, VALUE),
    };
    let word = *name.fragment();
    let kind = match word {
        "true" => ExprKind::Bool(true),
        "false" => ExprKind::Bool(false),
        w if KEYWORDS.contains(&w) => return fail(i, VALUE),
        _ => {
            let (j, _) = multispace0(rest)?;
            if let Ok((after, _)) = char::<In<'_>, PErr>('(').parse(j) {
                let inner_depth = deeper(j, depth)?;
                let (after, args) = cut(items(after, ')', inner_depth))?;
                return Ok((
                    after,
                    Expr {
                        kind: ExprKind::Call(word.to_string(), args),
                        span: span_from(i, after),
                    },
                ));
            }
            ExprKind::Name(word.to_string())
        }
    };
    Ok((
        rest,
        Expr {
            kind,
            span: span_from(i, rest),
        },
    ))
}

fn close<'a>(i: In<'a>, c: char, expected: &'static str) -> Res<'a, ()> {
    match char::<In<'a>, PErr>(c).parse(i) {
        Ok((rest, _)) => Ok((rest, ())),
        Err(_) => fail(i, expected),
    }
}

fn list(i: In<'_>, depth: usize) -> Res<'_, Expr> {
    let (after, _) = match char::<In<'_>, PErr>('[').parse(i) {
        Ok(ok) => ok,
        Err(_) => return fail(i, "a list such as `[8, 9]`"),
    };
    let depth = deeper(i, depth)?;
    let (rest, elements) = cut(items(after, ']', depth))?;
    Ok((
        rest,
        Expr {
            kind: ExprKind::List(elements),
            span: span_from(i, rest),
        },
    ))
}

/// Comma-separated expressions up to the closing delimiter (already past
/// the opening one, whose level `depth` already counts).
fn items(i: In<'_>, end: char, depth: usize) -> Res<'_, Vec<Expr>> {
    let closing = if end == ')' { "`)`" } else { "`]`" };
    let separator = if end == ')' {
        "`,` or `)`"
    } else {
        "`,` or `]`"
    };
    let (i, _) = multispace0(i)?;
    if let Ok((rest, _)) = close(i, end, closing) {
        return Ok((rest, Vec::new()));
    }
    let mut out = Vec::new();
    let mut i = i;
    loop {
        let (rest, e) = or_expr(i, depth)?;
        out.push(e);
        let (rest, _) = multispace0(rest)?;
        if let Ok((rest, _)) = close(rest, end, closing) {
            return Ok((rest, out));
        }
        match char::<In<'_>, PErr>(',').parse(rest) {
            Ok((rest, _)) => i = rest,
            Err(_) => return fail(rest, separator),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(v) => v.to_string(),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Name(n) => n.clone(),
            ExprKind::Attr(b, names) => {
                let names: Vec<&str> = names.iter().map(|(n, _)| n.as_str()).collect();
                format!("{}.{}", show(b), names.join("."))
            }
            ExprKind::Call(n, a) => {
                format!("{n}({})", a.iter().map(show).collect::<Vec<_>>().join(", "))
            }
            ExprKind::List(a) => format!("[{}]", a.iter().map(show).collect::<Vec<_>>().join(", ")),
            ExprKind::Not(x) => format!("(not {})", show(x)),
            ExprKind::Or(xs) | ExprKind::And(xs) => {
                let op = if matches!(e.kind, ExprKind::Or(_)) {
                    " or "
                } else {
                    " and "
                };
                format!("({})", xs.iter().map(show).collect::<Vec<_>>().join(op))
            }
            ExprKind::Sum(first, rest) => {
                let mut s = format!("({}", show(first));
                for (op, x) in rest {
                    s += &format!(" {} {}", op.symbol(), show(x));
                }
                s + ")"
            }
            ExprKind::Binary(op, l, r) => format!("({} {} {})", show(l), op.symbol(), show(r)),
        }
    }

    #[test]
    fn precedence_and_shapes() {
        let e = parse_expr("not a.b == 3 and c or d in [1, 2]").unwrap();
        assert_eq!(show(&e), "(((not (a.b == 3)) and c) or (d in [1, 2]))");
        let e = parse_expr("kinds(cards, 2) >= 2 and x.y.z - 1 < 4").unwrap();
        assert_eq!(show(&e), "((kinds(cards, 2) >= 2) and ((x.y.z - 1) < 4))");
        assert_eq!(e.span, Span::new(0, 38));
        // `%` binds tighter than `+`, and comparisons loosest.
        let e = parse_expr("a.b + c % 10 == d - 1").unwrap();
        assert_eq!(show(&e), "((a.b + (c % 10)) == (d - 1))");
        let e = parse_expr("(a + b) % 2 == 0").unwrap();
        assert_eq!(show(&e), "(((a + b) % 2) == 0)");
        // A second `%` needs parentheses.
        assert!(parse_expr("a % 10 % 2 == 0").is_err());
        assert!(parse_expr("(a % 10) % 2 == 0").is_ok());
    }

    #[test]
    fn attribute_spans_point_at_the_name() {
        let e = parse_expr("player.totl").unwrap();
        let ExprKind::Attr(_, names) = e.kind else {
            panic!("not an attribute")
        };
        assert_eq!(names[0].1, Span::new(7, 11));
    }

    #[test]
    fn errors_say_what_was_expected_and_found() {
        let e = parse_expr("player.total = 8").unwrap_err();
        assert_eq!((e.span.start, e.expected.as_str()), (13, "`==`"));
        let e = parse_expr("(a and b").unwrap_err();
        assert_eq!(e.expected, "`)`");
        assert_eq!(e.found, "the end of the condition");
        let e = parse_expr("a and").unwrap_err();
        assert!(e.expected.contains("a value"), "{e:?}");
        let e = parse_expr("a b").unwrap_err();
        assert_eq!(
            (e.span.start, e.found.as_str()),
            (2, "`b`"),
            "{}",
            e.expected
        );
        let e = parse_expr("x in [1, 2").unwrap_err();
        assert_eq!(e.expected, "`,` or `]`");
    }

    /// Test threads have 2 MiB of stack: parsing at the limit must fit.
    #[test]
    fn nesting_at_the_limit_parses_and_one_more_level_is_refused() {
        let n = MAX_NESTING;
        let parens = |k: usize| format!("{}tie{}", "(".repeat(k), ")".repeat(k));
        let nots = |k: usize| format!("{}tie", "not ".repeat(k));
        let lists = |k: usize| format!("x in {}1{}", "[".repeat(k), "]".repeat(k));
        let calls = |k: usize| format!("{}cards{}", "f(".repeat(k), ")".repeat(k));
        let mixed = |k: usize| format!("{}tie{}", "not (".repeat(k / 2), ")".repeat(k / 2));
        for text in [parens(n), nots(n), lists(n), calls(n), mixed(n)] {
            assert!(parse_expr(&text).is_ok(), "{text}");
        }
        let refused = |text: String| {
            let e = parse_expr(&text).unwrap_err();
            assert_eq!(e.kind, ExprError::TooDeep, "{e:?}");
            e.span
        };
        assert_eq!(refused(parens(n + 1)), Span::new(n, n + 1));
        assert_eq!(refused(nots(n + 1)), Span::new(4 * n, 4 * n + 3));
        assert_eq!(refused(lists(n + 1)), Span::new(5 + n, 6 + n));
        assert_eq!(refused(calls(n + 1)), Span::new(2 * n + 1, 2 * n + 2));
        assert_eq!(refused(mixed(n + 2)), Span::new(5 * n / 2, 5 * n / 2 + 3));
        // Far past the limit, or unclosed: still refused at the same place.
        assert_eq!(refused(parens(100_000)), Span::new(n, n + 1));
        assert_eq!(refused("(".repeat(100_000)), Span::new(n, n + 1));
    }

    #[test]
    fn chains_are_flat_at_any_length() {
        let n = 100_000;
        let e = parse_expr(&vec!["a"; n].join(" or ")).unwrap();
        assert!(matches!(&e.kind, ExprKind::Or(xs) if xs.len() == n));
        let e = parse_expr(&vec!["a"; n].join(" and ")).unwrap();
        assert!(matches!(&e.kind, ExprKind::And(xs) if xs.len() == n));
        let e = parse_expr(&format!("a{}", " + 1 - 2".repeat(n))).unwrap();
        assert!(matches!(&e.kind, ExprKind::Sum(_, xs) if xs.len() == 2 * n));
        let e = parse_expr(&format!("a{}", ".b".repeat(n))).unwrap();
        assert!(matches!(&e.kind, ExprKind::Attr(_, xs) if xs.len() == n));
        assert_eq!(e.span, Span::new(0, 1 + 2 * n));
        // Mixed precedence stays shallow too: an `or` of `and`s.
        let e = parse_expr(&vec!["a and b"; n].join(" or ")).unwrap();
        assert!(matches!(&e.kind, ExprKind::Or(xs) if xs.len() == n));
    }
}
