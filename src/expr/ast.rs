//! Syntax tree of a condition, with byte spans into the expression text.

/// Byte range `start..end` inside the expression text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    Add,
    Sub,
    /// `%`: the remainder after dividing by a whole number.
    Mod,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mod => "%",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// The shape of a condition.
///
/// Chains of one operator (`or`, `and`, `+`/`-`, `.`) are flat lists rather
/// than nested binary nodes: a chain may be any length, and every walk over
/// the tree (checking, `Drop`, `Debug`, equality) recurses only as deep as
/// the real nesting, which the parser bounds (see
/// [`MAX_NESTING`](crate::diag::expr::MAX_NESTING)).
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    /// A bare name: a hand, a global such as `tie`, a rank or suit, or a definition.
    Name(String),
    /// `base.a.b`: one or more attribute names, each with the span of the
    /// name alone, for diagnostics.
    Attr(Box<Expr>, Vec<(String, Span)>),
    /// `name(args)`.
    Call(String, Vec<Expr>),
    /// `[a, b, c]`, only as the right side of `in`.
    List(Vec<Expr>),
    Not(Box<Expr>),
    /// `a or b or ...`: two or more operands.
    Or(Vec<Expr>),
    /// `a and b and ...`: two or more operands.
    And(Vec<Expr>),
    /// `a + b - c ...`: the first operand, then each further one with its
    /// operator (`BinOp::Add` or `BinOp::Sub`); at least one further operand.
    Sum(Box<Expr>, Vec<(BinOp, Expr)>),
    /// A comparison, `in` or `%`: not chained, so binary.
    Binary(BinOp, Box<Expr>, Box<Expr>),
}
