//! nom parser for conditions.
//!
//! Grammar, loosest binding first:
//! ```text
//! or      := and ("or" and)*
//! and     := not ("and" not)*
//! not     := "not" not | compare
//! compare := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum | "in" list)?
//! sum     := postfix (("+" | "-") postfix)*
//! postfix := primary ("." name)*
//! primary := integer | "true" | "false" | name | name "(" args ")" | "(" or ")" | list
//! list    := "[" (or ("," or)*)? "]"
//! ```
//! Errors are plain data: the byte offset, what was expected there and what was found.

use super::ast::{BinOp, Expr, ExprKind, Span};
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, multispace0};
use nom::combinator::recognize;
use nom::sequence::pair;
use nom::{IResult, Parser};
use nom_locate::LocatedSpan;

type In<'a> = LocatedSpan<&'a str>;
type Res<'a, T> = IResult<In<'a>, T, PErr>;

const KEYWORDS: [&str; 6] = ["and", "or", "not", "in", "true", "false"];

/// A syntax error inside one condition.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    pub span: Span,
    pub expected: String,
    pub found: String,
}

/// Internal nom error: the furthest offset reached and what could have come next there.
#[derive(Debug)]
pub struct PErr {
    offset: usize,
    expected: Vec<&'static str>,
}

impl<'a> nom::error::ParseError<In<'a>> for PErr {
    fn from_error_kind(input: In<'a>, _kind: nom::error::ErrorKind) -> Self {
        PErr {
            offset: input.location_offset(),
            expected: Vec::new(),
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
                self
            }
        }
    }
}

fn fail<'a, T>(i: In<'a>, expected: &'static str) -> Res<'a, T> {
    Err(nom::Err::Error(PErr {
        offset: i.location_offset(),
        expected: vec![expected],
    }))
}

fn cut<T>(r: Res<'_, T>) -> Res<'_, T> {
    r.map_err(|e| match e {
        nom::Err::Error(e) => nom::Err::Failure(e),
        other => other,
    })
}

/// Parses a whole condition; trailing text is an error.
pub fn parse_expr(text: &str) -> Result<Expr, ParseError> {
    let input = In::new(text);
    let result = or_expr(input).and_then(|(rest, e)| {
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
            },
        ),
    })
}

fn to_error(text: &str, e: PErr) -> ParseError {
    let offset = e.offset.min(text.len());
    let token = next_token(&text[offset..]);
    let found = if token.is_empty() {
        "the end of the condition".to_string()
    } else {
        format!("`{token}`")
    };
    let mut expected = e.expected;
    if expected.is_empty() {
        expected.push("a condition");
    }
    ParseError {
        span: Span::new(offset, offset + token.len().max(1)),
        expected: join_alternatives(&expected),
        found,
    }
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

/// Left-associative chain `operand (op operand)*`.
fn chain<'a>(
    i: In<'a>,
    operand: fn(In<'a>) -> Res<'a, Expr>,
    op: impl Fn(In<'a>) -> Res<'a, BinOp>,
) -> Res<'a, Expr> {
    let (mut i, mut acc) = operand(i)?;
    loop {
        match op(i) {
            Ok((rest, o)) => {
                let (rest, rhs) = cut(operand(rest))?;
                acc = binary(o, acc, rhs);
                i = rest;
            }
            Err(nom::Err::Error(_)) => return Ok((i, acc)),
            Err(e) => return Err(e),
        }
    }
}

fn or_expr(i: In<'_>) -> Res<'_, Expr> {
    chain(i, and_expr, |i| {
        keyword("or")(i).map(|(r, _)| (r, BinOp::Or))
    })
}

fn and_expr(i: In<'_>) -> Res<'_, Expr> {
    chain(i, not_expr, |i| {
        keyword("and")(i).map(|(r, _)| (r, BinOp::And))
    })
}

fn not_expr(i: In<'_>) -> Res<'_, Expr> {
    let (i, _) = multispace0(i)?;
    if let Ok((rest, kw)) = keyword("not")(i) {
        let (rest, inner) = cut(not_expr(rest))?;
        let span = Span::new(kw.location_offset(), inner.span.end);
        return Ok((
            rest,
            Expr {
                kind: ExprKind::Not(Box::new(inner)),
                span,
            },
        ));
    }
    compare(i)
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

fn compare(i: In<'_>) -> Res<'_, Expr> {
    let (i, lhs) = sum(i)?;
    if let Ok((rest, op)) = compare_op(i) {
        let (rest, rhs) = cut(sum(rest))?;
        return Ok((rest, binary(op, lhs, rhs)));
    }
    if let Ok((rest, _)) = keyword("in")(i) {
        let (rest, _) = multispace0(rest)?;
        let (rest, rhs) = cut(list(rest))?;
        return Ok((rest, binary(BinOp::In, lhs, rhs)));
    }
    // A lone `=` is a common slip: say what was meant.
    let (j, _) = multispace0(i)?;
    if j.fragment().starts_with('=') {
        return cut(fail(j, "`==`"));
    }
    Ok((i, lhs))
}

fn sum(i: In<'_>) -> Res<'_, Expr> {
    chain(i, postfix, |i| {
        let (i, _) = multispace0(i)?;
        if let Ok((r, _)) = symbol("+", i) {
            Ok((r, BinOp::Add))
        } else if let Ok((r, _)) = symbol("-", i) {
            Ok((r, BinOp::Sub))
        } else {
            fail(i, "`+` or `-`")
        }
    })
}

fn postfix(i: In<'_>) -> Res<'_, Expr> {
    let (mut i, mut acc) = primary(i)?;
    loop {
        let (j, _) = multispace0(i)?;
        let Ok((after_dot, _)) = char::<In<'_>, PErr>('.').parse(j) else {
            return Ok((i, acc));
        };
        let (after_ws, _) = multispace0(after_dot)?;
        let (rest, name) = match ident(after_ws) {
            Ok(ok) => ok,
            Err(_) => return cut(fail(after_ws, "an attribute name after `.`")),
        };
        let name_span = span_from(name, rest);
        let span = Span::new(acc.span.start, name_span.end);
        acc = Expr {
            kind: ExprKind::Attr(Box::new(acc), name.fragment().to_string(), name_span),
            span,
        };
        i = rest;
    }
}

const VALUE: &str = "a value (a number, a name, `(` or `[`)";

fn primary(i: In<'_>) -> Res<'_, Expr> {
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
        let (rest, inner) = cut(or_expr(rest))?;
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
        return list(i);
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
                let (after, args) = cut(items(after, ')'))?;
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

fn list(i: In<'_>) -> Res<'_, Expr> {
    let (after, _) = match char::<In<'_>, PErr>('[').parse(i) {
        Ok(ok) => ok,
        Err(_) => return fail(i, "a list such as `[8, 9]`"),
    };
    let (rest, elements) = cut(items(after, ']'))?;
    Ok((
        rest,
        Expr {
            kind: ExprKind::List(elements),
            span: span_from(i, rest),
        },
    ))
}

/// Comma-separated expressions up to the closing delimiter (already past the opening one).
fn items(i: In<'_>, end: char) -> Res<'_, Vec<Expr>> {
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
        let (rest, e) = or_expr(i)?;
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
            ExprKind::Attr(b, n, _) => format!("{}.{n}", show(b)),
            ExprKind::Call(n, a) => {
                format!("{n}({})", a.iter().map(show).collect::<Vec<_>>().join(", "))
            }
            ExprKind::List(a) => format!("[{}]", a.iter().map(show).collect::<Vec<_>>().join(", ")),
            ExprKind::Not(x) => format!("(not {})", show(x)),
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
    }

    #[test]
    fn attribute_spans_point_at_the_name() {
        let e = parse_expr("player.totl").unwrap();
        let ExprKind::Attr(_, _, span) = e.kind else {
            panic!("not an attribute")
        };
        assert_eq!(span, Span::new(7, 11));
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
}
