//! How a condition (or a definition) is refused: by the parser
//! (`expr::parse`) or by the type checker (`check::compile`).
//!
//! Type names inside the variants are the checker's human descriptions
//! ("a number", "a hand", ...), kept as static text so that this vocabulary
//! does not depend on the checker's types.

use std::fmt;

/// The deepest a condition may nest: parentheses, `not`, list brackets and
/// function-call parentheses each open one level.
///
/// Why 32: real conditions nest a handful of levels, and the parser is
/// recursive descent, about ten nom frames per level. Measured in a debug
/// build (where test threads have 2 MiB of stack): 64 levels needed more
/// than 1 MiB; 32 levels, in the deepest shapes, fit in 1 MiB, leaving half
/// the test stack spare (`tests/deep_conditions.rs` runs them on 2 MiB).
/// Chains joined by `or`, `and`, `+`, `-` and `.` are flat, not nested, so
/// they have no limit.
pub const MAX_NESTING: usize = 32;

/// The deepest a compiled condition may be once definitions are expanded.
///
/// Definitions are inlined where they are named, so a chain of definitions
/// each wrapping the last (`d2: not d1`, `d3: not d2`, ...) builds a deep
/// tree from short texts. Every walk over a compiled condition (evaluation,
/// the exact engine, printing, `Drop`) is recursive, so depth is bounded
/// here. One nesting level of text adds at most four levels of compiled
/// condition (`or`, `and`, a comparison, a sum), so 512 accepts anything the
/// parser accepts with room for definitions, and still walks in a few
/// hundred KiB of stack.
pub const MAX_DEPTH: usize = 512;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprError {
    /// The text does not parse: `player.total = 8` (expected `==`).
    Syntax,
    /// Parentheses, `not`, brackets or calls nested more than
    /// [`MAX_NESTING`] levels: `((((...(tie)...))))` with 33 `(`.
    TooDeep,
    /// Definitions expanded into a condition deeper than [`MAX_DEPTH`]:
    /// `d1: not tie`, `d2: not d1`, ..., `d600: not d599`.
    ExpandedTooDeep,
    /// A wager event or placement that is not true/false: `player.total + 1`.
    NotACondition,
    /// `playr.total == 8`.
    UnknownName(String),
    /// `.` after something other than a hand or card: `tie.total`.
    NoAttributes { what: &'static str },
    /// `player.totl`.
    UnknownAttribute { what: &'static str, attr: String },
    /// `suit(cards)`.
    UnknownFunction(String),
    /// `count(cards, 2)`.
    WrongArity { function: String, arity: usize },
    /// `suited(player)` (a hand, not its cards).
    NotCards { function: String },
    /// `kinds(cards, 9) >= 1`.
    KindsCount,
    /// `player.total in [8, ace]`.
    MixedList,
    /// `player.total in [banker.total]`.
    ListNotConstant,
    /// `not player.total`, `tie and 3`.
    NotBoolOperand { op: &'static str },
    /// `player.first.rank < 5`, `player + 1`.
    NotNumber { op: &'static str },
    /// `player.total == tie`.
    Incomparable {
        left: &'static str,
        right: &'static str,
    },
    /// `player == banker` (hands and lists do not compare).
    NotComparable,
    /// `player.total in 8`.
    InNeedsList,
    /// `player.first.rank in [1, 2]`.
    WrongListType { what: &'static str },
    /// `tie in []` (a condition is not looked up in a list).
    InNeedsScalar,
    /// `player.total % banker.total`, `player.total % 0`.
    ModulusNotConstant,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::Syntax => f.write_str("syntax error in condition"),
            ExprError::TooDeep => {
                write!(f, "condition nests more than {MAX_NESTING} levels deep")
            }
            ExprError::ExpandedTooDeep => write!(
                f,
                "condition nests more than {MAX_DEPTH} levels deep once definitions are expanded"
            ),
            ExprError::NotACondition => f.write_str("a condition must be true or false"),
            ExprError::UnknownName(n) => write!(f, "unknown name `{n}`"),
            ExprError::NoAttributes { what } => write!(f, "{what} has no attributes"),
            ExprError::UnknownAttribute { what, attr } => {
                write!(f, "{what} has no attribute `{attr}`")
            }
            ExprError::UnknownFunction(name) => write!(f, "unknown function `{name}`"),
            ExprError::WrongArity { function, arity } => write!(
                f,
                "`{function}` takes {arity} argument{}",
                if *arity == 1 { "" } else { "s" }
            ),
            ExprError::NotCards { function } => write!(f, "`{function}` reads a list of cards"),
            ExprError::KindsCount => {
                f.write_str("`kinds(cards, n)` counts the ranks held at least n times")
            }
            ExprError::MixedList => f.write_str("list elements must share one type"),
            ExprError::ListNotConstant => f.write_str("list elements must be constants"),
            ExprError::NotBoolOperand { op } => write!(f, "`{op}` joins conditions"),
            ExprError::NotNumber { op } => write!(f, "`{op}` works on numbers"),
            ExprError::Incomparable { left, right } => {
                write!(f, "cannot compare {left} with {right}")
            }
            ExprError::NotComparable => {
                f.write_str("only numbers, conditions, ranks, suits and cards compare")
            }
            ExprError::InNeedsList => f.write_str("`in` takes a list"),
            ExprError::WrongListType { what } => {
                write!(f, "cannot look for {what} in a list of other things")
            }
            ExprError::InNeedsScalar => f.write_str("`in` tests a number, rank or suit"),
            ExprError::ModulusNotConstant => {
                f.write_str("`%` divides by a whole number of at least 1")
            }
        }
    }
}
