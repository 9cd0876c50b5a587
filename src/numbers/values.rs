//! The JSON documents' scalar values: exact fractions with their decimals,
//! counts as decimal strings, and the other texts whose form the schema
//! fixes (odds, percentages, pays, digests, seen cards). Each is its own
//! type so the schema names it once (`definitions`) and every field refers
//! to it. The report's data and the assessment both hold them.

use super::{decimal, fraction, one_in, percent};
use num_bigint::BigInt;
use num_rational::BigRational;
use schemars::JsonSchema;
use serde::Serialize;

/// Decimal places of every rendered decimal.
pub const PLACES: u32 = 12;

/// A text value of a fixed form: a newtype around `String` whose schema is
/// a string matching `pattern`.
macro_rules! text {
    ($(#[$doc:meta])* $name:ident, $pattern:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
        pub struct $name(#[schemars(pattern($pattern))] pub String);
    };
}

text!(
    /// A count as a decimal string (it may exceed what a JSON number holds
    /// exactly), e.g. "4998398275503360".
    Count,
    r"^(0|[1-9][0-9]*)$"
);
text!(
    /// An exact fraction "p/q" in lowest terms (zero is "0/1").
    Fraction,
    r"^-?(0|[1-9][0-9]*)/[1-9][0-9]*$"
);
text!(
    /// A decimal rendered from an exact value at 12 places, rounded half
    /// away from zero.
    Decimal,
    r"^-?[0-9]+\.[0-9]{12}$"
);
text!(
    /// A square root at 12 places, the exact root rounded half away from
    /// zero (not truncated).
    Root,
    r"^[0-9]+\.[0-9]{12}$"
);
text!(
    /// "1 in N", N = rounds / the event's rounds rounded half away from zero
    /// and grouped by thousands; "never" for an event that never settles.
    Odds,
    r"^(never|1 in [1-9][0-9]{0,2}(,[0-9]{3})*)$"
);
text!(
    /// A percentage at four decimals, rounded half away from zero from the
    /// exact value, e.g. "1.0579%".
    Percent,
    r"^-?[0-9]+\.[0-9]{4}%$"
);
text!(
    /// A percentage at the precision a document prints, e.g. "6.1%".
    PrintedPercent,
    r"^-?[0-9]+(\.[0-9]+)?%$"
);
text!(
    /// An exact amount: the shortest exact decimal ("40", "0.95", "1900.5"),
    /// or "p/q" when the denominator has factors other than 2 and 5.
    Amount,
    r"^-?[0-9]+((\.[0-9]+)|(/[1-9][0-9]*))?$"
);
text!(
    /// An exact rational as an integer ("-2") or "p/q" ("5/2").
    Ratio,
    r"^-?[0-9]+(/[1-9][0-9]*)?$"
);
text!(
    /// A pay in "to 1" wording ("8 to 1", "3 to 2", "0.95 to 1"), or "push"
    /// or "lose".
    Pays,
    r"^(push|lose|-?[0-9]+(\.[0-9]+)?(/[1-9][0-9]*)? to [1-9][0-9]*)$"
);
text!(
    /// A SHA-256 digest, 64 lowercase hex digits.
    Sha256,
    r"^[0-9a-f]{64}$"
);
text!(
    /// A combination of seen cards, "own values|other seen values" (the
    /// deciding hand's point values first; 0 is a ten or face), e.g. "1,5|7".
    Seen,
    r"^([0-9](,[0-9])*)?\|([0-9](,[0-9])*)?$"
);
text!(
    /// Cards as certify writes them, comma-separated: rank 2-9, T, J, Q, K
    /// or A, then suit s, h, d or c, e.g. "2s,3d,Kh".
    Cards,
    r"^[2-9TJQKA][shdc](,[2-9TJQKA][shdc])*$"
);

impl Count {
    pub fn of(n: impl ToString) -> Self {
        Count(n.to_string())
    }
}

impl Odds {
    /// `count` rounds in `total` as odds.
    pub fn of(count: u128, total: u128) -> Self {
        Odds(one_in(count, total))
    }
}

impl Percent {
    /// At four decimals of a percent.
    pub fn of(r: &BigRational) -> Self {
        Percent(percent(r, 4))
    }
}

impl Fraction {
    pub fn of(r: &BigRational) -> Self {
        Fraction(fraction(r))
    }
}

impl Root {
    /// The square root of `r` at [`PLACES`].
    pub fn of(r: &BigRational) -> Self {
        Root(super::sqrt_decimal(r, PLACES))
    }
}

impl Amount {
    pub fn of(r: crate::model::Ratio) -> Self {
        Amount(r.trimmed_decimal())
    }
}

/// A number of 52-card decks in the shoe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DeckCount(#[schemars(range(min = 1))] pub u32);

/// An exact figure: its fraction and its decimal rendering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Exact {
    /// The exact value, "p/q" in lowest terms.
    pub fraction: Fraction,
    /// The same value at 12 decimal places, rounded half away from zero.
    pub decimal: Decimal,
}

impl Exact {
    pub fn of(r: &BigRational) -> Self {
        Exact {
            fraction: Fraction::of(r),
            decimal: Decimal(decimal(r, PLACES)),
        }
    }

    /// As a percentage at `places` decimals ("6.6330%").
    pub fn percent(&self, places: u32) -> String {
        super::percent(&self.value(), places)
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.fraction.0.starts_with('-')
    }

    /// The exact value.
    pub fn value(&self) -> BigRational {
        let (p, q) = self.fraction.0.split_once('/').expect("p/q");
        BigRational::new(p.parse().expect("digits"), q.parse().expect("digits"))
    }

    /// `count / total`.
    pub fn ratio(count: u128, total: u128) -> Self {
        Self::of(&BigRational::new(BigInt::from(count), BigInt::from(total)))
    }
}
