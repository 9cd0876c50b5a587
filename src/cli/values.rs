//! Parsers of flag values that several commands share (`--max-bet` and
//! `--min-bet` of the main job and of `certify protect`): kept apart from
//! `args`, which declares the commands, so no command's module and `args`
//! import each other.

pub(super) fn parse_bet(text: &str) -> Result<(String, crate::model::Ratio), String> {
    match crate::options::parse_bets(text).as_deref() {
        Some([one]) if !one.0.is_empty() => Ok(one.clone()),
        _ => Err(format!(
            "`{}` is not WAGER=DOLLARS: a wager's id, `=` and a positive amount, e.g. lucky_7=300 (dollars in whole cents)",
            crate::diag::cut(text)
        )),
    }
}
