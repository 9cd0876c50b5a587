//! The bets of the command line (`--min-bet`, `--max-bet`) against the
//! spec, before anything is computed: each names a wager of the spec,
//! once, and with the spec's own bets no minimum is above its maximum.
//! The spec's bets alone are checked where they are written (the checker).

use crate::diag::Diagnostic;
use crate::diag::bets::BetError;
use crate::diag::usage::UsageError;
use crate::model::{Ratio, Spec};
use crate::options::Options;

/// The first bet of `options` the spec refuses, as a usage error of its
/// flag.
pub fn check(spec: &Spec, options: &Options) -> Result<(), Box<Diagnostic>> {
    let refuse = |flag: &str, e: BetError| Box::new(Diagnostic::plain(UsageError::flag(flag, e)));
    let ids: Vec<String> = spec.wagers.iter().map(|w| format!("`{}`", w.id)).collect();
    for (flag, bets) in [
        ("min-bet", &options.min_bets),
        ("max-bet", &options.max_bets),
    ] {
        for (k, (id, _)) in bets.iter().enumerate() {
            if !spec.wagers.iter().any(|w| w.id == *id) {
                let known = crate::diag::list(&ids);
                return Err(refuse(
                    flag,
                    BetError::UnknownWager {
                        id: id.clone(),
                        known,
                    },
                ));
            }
            if bets[..k].iter().any(|(x, _)| x == id) {
                return Err(refuse(flag, BetError::Twice { id: id.clone() }));
            }
        }
    }
    for w in &spec.wagers {
        // A flag's bet over the spec's, each as the message names it.
        let bet = |flag: &str, given: &[(String, Ratio)], declared: &[(String, Ratio)]| {
            let find =
                |bets: &[(String, Ratio)]| bets.iter().find(|(x, _)| *x == w.id).map(|b| b.1);
            match (find(given), find(declared)) {
                (Some(m), _) => Some((
                    m,
                    true,
                    format!("--{flag} {}={}", w.id, m.trimmed_decimal()),
                )),
                (None, Some(m)) => Some((m, false, format!("the spec's {}", m.dollars()))),
                (None, None) => None,
            }
        };
        let min = bet("min-bet", &options.min_bets, &spec.submission.min_bets);
        let max = bet("max-bet", &options.max_bets, &spec.submission.max_bets);
        if let (Some((lo, lo_flag, lo_text)), Some((hi, _, hi_text))) = (min, max)
            && lo > hi
        {
            let e = BetError::Inverted {
                wager: w.id.clone(),
                min: lo_text,
                max: hi_text,
            };
            return Err(refuse(if lo_flag { "min-bet" } else { "max-bet" }, e));
        }
    }
    Ok(())
}
