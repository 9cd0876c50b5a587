//! Exact fractions for pays ("3 to 2", 0.95) and returns. No floating point
//! ever feeds a certified figure; decimals are rendered from these.

use std::cmp::Ordering;
use std::fmt;

/// A reduced fraction with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    pub num: i128,
    pub den: i128,
}

pub fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };
    pub const MINUS_ONE: Ratio = Ratio { num: -1, den: 1 };

    pub fn new(num: i128, den: i128) -> Ratio {
        assert!(den != 0, "zero denominator");
        let g = gcd(num, den).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Ratio {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    pub fn int(n: i128) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// Parses `8`, `0.95`, `3/2` (no sign, no exponent).
    pub fn parse(text: &str) -> Option<Ratio> {
        let t = text.trim();
        if let Some((n, d)) = t.split_once('/') {
            let (n, d) = (
                n.trim().parse::<i128>().ok()?,
                d.trim().parse::<i128>().ok()?,
            );
            return (d > 0 && n >= 0).then(|| Ratio::new(n, d));
        }
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if whole.is_empty() && frac.is_empty() {
            return None;
        }
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if !digits(whole) || !digits(frac) || frac.len() > 18 {
            return None;
        }
        let den = 10i128.pow(frac.len() as u32);
        let w: i128 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let f: i128 = if frac.is_empty() {
            0
        } else {
            frac.parse().ok()?
        };
        Some(Ratio::new(w * den + f, den))
    }

    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// Decimal rendering with `places` digits, rounded half away from zero.
    pub fn decimal(self, places: u32) -> String {
        let scale = 10i128.pow(places);
        let neg = self.num < 0;
        let n = self.num.abs() * scale;
        let mut q = n / self.den;
        if (n % self.den) * 2 >= self.den {
            q += 1;
        }
        let int = q / scale;
        let frac = q % scale;
        let sign = if neg && q != 0 { "-" } else { "" };
        if places == 0 {
            format!("{sign}{int}")
        } else {
            format!("{sign}{int}.{frac:0width$}", width = places as usize)
        }
    }

    /// `$75,000`, `$1,900.50`: dollars as limits and bets are written.
    pub fn dollars(self) -> String {
        let text = self.decimal(2);
        let (whole, cents) = text.split_once('.').unwrap_or((&text, "00"));
        let whole = crate::diag::group_digits(whole);
        if cents == "00" {
            format!("${whole}")
        } else {
            format!("${whole}.{cents}")
        }
    }

    /// "8 to 1", "3 to 2", "0.95 to 1" style wording of a pay.
    pub fn to_one(self) -> String {
        if self.is_integer() {
            format!("{} to 1", self.num)
        } else if self.num < 100 && self.den < 100 && self.den != 20 && self.den != 100 {
            format!("{} to {}", self.num, self.den)
        } else {
            format!("{} to 1", self.trimmed_decimal())
        }
    }

    /// Shortest exact decimal if the denominator has only factors 2 and 5, else p/q.
    pub fn trimmed_decimal(self) -> String {
        for places in 0..=18 {
            let scale = 10i128.pow(places);
            if (self.num * scale) % self.den == 0 {
                return self.decimal(places);
            }
        }
        self.to_string()
    }
}

impl std::ops::Add for Ratio {
    type Output = Ratio;
    fn add(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl std::ops::Neg for Ratio {
    type Output = Ratio;
    fn neg(self) -> Ratio {
        Ratio::new(-self.num, self.den)
    }
}

impl std::ops::Sub for Ratio {
    type Output = Ratio;
    fn sub(self, o: Ratio) -> Ratio {
        self + -o
    }
}

impl std::ops::Mul for Ratio {
    type Output = Ratio;
    fn mul(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.num, self.den * o.den)
    }
}

impl std::ops::Div for Ratio {
    type Output = Ratio;
    fn div(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.den, self.den * o.num)
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_render() {
        assert_eq!(Ratio::parse("0.95"), Some(Ratio::new(19, 20)));
        assert_eq!(Ratio::parse("3/2"), Some(Ratio::new(3, 2)));
        assert_eq!(Ratio::parse(".40"), Some(Ratio::new(2, 5)));
        assert_eq!(Ratio::parse("-1"), None);
        assert_eq!(Ratio::new(3, 2).to_one(), "3 to 2");
        assert_eq!(Ratio::new(19, 20).to_one(), "0.95 to 1");
        assert_eq!(Ratio::new(-2, 3).decimal(4), "-0.6667");
        assert_eq!(Ratio::new(1, 3).decimal(0), "0");
        assert!(Ratio::new(1, 2) > Ratio::new(1, 3));
    }
}
