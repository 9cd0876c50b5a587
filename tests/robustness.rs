//! Bad input never panics: arbitrary condition text, arbitrary edits of a
//! valid spec, and arbitrary card strings give errors, not crashes.

use certify::cards::parse_cards;
use certify::check::check_source;
use certify::expr::parse_expr;
use certify::spec::SourceFile;
use proptest::prelude::*;

const SPEC: &str = include_str!("../rules/lucky_monkey.yaml");

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_condition_text_parses_or_errs(text in "[a-z_. ()=!<>+\\-\\[\\],0-9]{0,40}") {
        if let Err(e) = parse_expr(&text) {
            prop_assert!(e.span.start <= text.len());
        }
    }

    #[test]
    fn any_edit_of_a_spec_checks_or_errs(at in 0usize..3600, len in 0usize..40, insert in "[ -~\\n]{0,20}") {
        let at = at.min(SPEC.len());
        let end = (at + len).min(SPEC.len());
        if !SPEC.is_char_boundary(at) || !SPEC.is_char_boundary(end) {
            return Ok(());
        }
        let text = format!("{}{}{}", &SPEC[..at], insert, &SPEC[end..]);
        if let Err(ds) = check_source(&SourceFile::new("edited.yaml", text.clone())) {
            prop_assert!(!ds.is_empty());
            for d in &ds {
                prop_assert!(d.line <= text.lines().count() + 1, "{:?}", d);
            }
        }
    }

    #[test]
    fn any_card_text_parses_or_errs(text in "[0-9A-Za-z,]{0,20}") {
        let _ = parse_cards(&text);
    }
}
