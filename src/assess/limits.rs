//! The table limits a finding is priced at: the command line's, else the
//! spec's.

use crate::model::{Ratio, Spec};

/// The table's maximum and minimum bets: the command line's, else the
/// spec's (`max_bets`, `min_bets` and the `table:` limits).
pub struct Limits<'a> {
    spec: &'a Spec,
    options: Option<&'a crate::options::Options>,
}

impl<'a> Limits<'a> {
    pub fn new(spec: &'a Spec, options: Option<&'a crate::options::Options>) -> Self {
        Limits { spec, options }
    }

    pub fn max_bet(&self, wager: &str) -> Option<Ratio> {
        let from =
            |list: &[(String, Ratio)]| list.iter().find(|(w, _)| w == wager).map(|(_, m)| *m);
        self.options
            .and_then(|o| from(&o.max_bets))
            .or_else(|| from(&self.spec.submission.max_bets))
    }
}
