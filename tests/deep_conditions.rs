//! Deep or long conditions never crash. Chains (`or`, `and`, `+`) of any
//! length check, settle and compute exactly like the short condition they
//! repeat; nesting past the documented limit (`MAX_NESTING` levels of `(`,
//! `[` and `not`; `MAX_DEPTH` once definitions are expanded) is refused with
//! a diagnostic that points into the condition.
//!
//! Each case runs on a thread with a 2 MiB stack, the size of a test thread,
//! so a recursion that is not bounded would abort this whole test binary.

use certify::check::check_source;
use certify::diag::expr::{ExprError, MAX_DEPTH, MAX_NESTING};
use certify::diag::{Diagnostic, ErrorKind};
use certify::spec::SourceFile;

const BASE: &str = include_str!("../rules/punto_banco.yaml");
/// The condition replaced: the no-commission Banker's three-card 7.
const ORIGINAL: &str = "banker.wins and banker.count == 3 and banker.total == 7";
const STACK: usize = 2 << 20;

/// Runs `f` on a thread with a 2 MiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("the case panicked")
}

/// Punto banco with the three-card-7 condition replaced by `condition`
/// (single-quoted, so `[` and `:` stay inside the scalar).
fn spec_with(condition: &str) -> String {
    let from = format!("when: {ORIGINAL}\n");
    assert!(BASE.contains(&from));
    BASE.replacen(&from, &format!("when: '{condition}'\n"), 1)
}

/// 1-based line and column of the condition's first character in `spec_with`.
fn condition_start() -> (usize, usize) {
    let (i, line) = BASE
        .lines()
        .enumerate()
        .find(|(_, l)| l.ends_with(&format!("when: {ORIGINAL}")))
        .expect("the condition's line");
    (
        i + 1,
        line.find("when: ").expect("when") + "when: '".len() + 1,
    )
}

fn certify(args: &[&str]) -> certify::cli::Output {
    certify::cli::run(
        std::iter::once("certify")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

/// Writes `text` to a temporary spec file; removed when dropped.
struct TempSpec(std::path::PathBuf);

impl TempSpec {
    fn new(name: &str, text: &str) -> TempSpec {
        let path =
            std::env::temp_dir().join(format!("certify-deep-{}-{name}.yaml", std::process::id()));
        std::fs::write(&path, text).expect("write temp spec");
        TempSpec(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for TempSpec {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");

/// `certify check` with the shipped fixtures, and `certify settle` on a
/// round that reaches the condition (a Banker three-card 7).
fn check_and_settle(name: &str, text: &str) -> (certify::cli::Output, certify::cli::Output) {
    let file = TempSpec::new(name, text);
    let check = certify(&["check", file.path(), "--fixtures", FIXTURES]);
    let settle = certify(&[
        "settle",
        file.path(),
        "--player",
        "Kd,Qs,5c",
        "--banker",
        "3h,Kc,4d",
    ]);
    (check, settle)
}

/// A chain that means `ORIGINAL`, with `terms` operands.
fn chain(kind: &str, terms: usize) -> String {
    match kind {
        "or" => vec![ORIGINAL; terms].join(" or "),
        "and" => {
            let parts = ["banker.wins", "banker.count == 3", "banker.total == 7"];
            (0..terms.max(3))
                .map(|i| parts[i % 3])
                .collect::<Vec<_>>()
                .join(" and ")
        }
        _ => format!(
            "banker.wins and banker.count == 3 and banker.total{} == 7",
            " + 0".repeat(terms - 1)
        ),
    }
}

fn assert_chain_works(kind: &'static str, terms: usize) {
    let (check_ok, settled, expected) = on_small_stack(move || {
        let text = spec_with(&chain(kind, terms));
        let checked = check_source(&SourceFile::new("deep.yaml", text.clone()));
        assert!(checked.is_ok(), "{kind} x{terms}: {:?}", checked.err());
        drop(checked);
        let (check, settle) = check_and_settle(&format!("{kind}-{terms}"), &text);
        let (_, original) = check_and_settle(&format!("{kind}-{terms}-original"), BASE);
        (check, settle, original)
    });
    assert_eq!(check_ok.code, 0, "{kind} x{terms}: {}", check_ok.stderr);
    assert!(
        check_ok.stdout.contains(", 0 failed"),
        "{}",
        check_ok.stdout
    );
    assert_eq!(settled.code, 0, "{}", settled.stderr);
    assert!(
        settled.stdout.contains("win_three_card_7"),
        "{}",
        settled.stdout
    );
    assert_eq!(settled.stdout, expected.stdout);
}

/// The one diagnostic of a refused spec, checked in-process and by the CLI.
fn refusal(name: &str, text: String) -> (Diagnostic, certify::cli::Output) {
    let name = name.to_string();
    on_small_stack(move || {
        let ds = check_source(&SourceFile::new("deep.yaml", text.clone())).expect_err("refused");
        let file = TempSpec::new(&name, &text);
        let out = certify(&["check", file.path(), "--fixtures", FIXTURES]);
        assert_eq!(out.code, 1, "{}", out.stderr);
        assert_eq!(ds.len(), 1, "{ds:?}");
        let d = ds.into_iter().next().expect("one");
        let at = format!("{}:{}:{}", file.path(), d.line, d.column);
        assert!(out.stderr.contains(&at), "{at} not in {}", out.stderr);
        (d, out)
    })
}

fn assert_too_deep(name: &str, text: String, column_offset: usize, width: usize) {
    let (d, out) = refusal(name, text);
    let (line, column) = condition_start();
    assert_eq!(d.kind, ErrorKind::Expr(ExprError::TooDeep), "{d:?}");
    assert_eq!(
        (d.line, d.column, d.width),
        (line, column + column_offset, width)
    );
    assert!(
        out.stderr.contains(&format!(
            "condition nests more than {MAX_NESTING} levels deep"
        )),
        "{}",
        out.stderr
    );
}

fn nested_parentheses(levels: usize) {
    let text = format!("{}{ORIGINAL}{}", "(".repeat(levels), ")".repeat(levels));
    // Refused at the first `(` past the limit.
    // Named by size: tests run side by side in one process, and two cases
    // writing one temporary file would remove it under each other.
    assert_too_deep(
        &format!("parens-{levels}"),
        spec_with(&text),
        MAX_NESTING,
        1,
    );
}

fn nots(count: usize) {
    // An even number of `not`s would mean the original, were it allowed.
    let text = format!("{}{ORIGINAL}", "not ".repeat(count));
    assert_too_deep(
        &format!("nots-{count}"),
        spec_with(&text),
        4 * MAX_NESTING,
        3,
    );
}

#[test]
fn nested_parentheses_2500_are_refused_at_the_limit() {
    nested_parentheses(2_500);
}

#[test]
fn nested_parentheses_25000_are_refused_at_the_limit() {
    nested_parentheses(25_000);
}

#[test]
fn nots_8000_are_refused_at_the_limit() {
    nots(8_000);
}

#[test]
fn nots_80000_are_refused_at_the_limit() {
    nots(80_000);
}

#[test]
fn nested_brackets_and_calls_are_refused_at_the_limit() {
    let text = format!(
        "banker.total in {}8{}",
        "[".repeat(5_000),
        "]".repeat(5_000)
    );
    assert_too_deep("brackets", spec_with(&text), 16 + MAX_NESTING, 1);
    // `count(` opens a level at its `(`.
    let text = format!("{}cards{} == 3", "count(".repeat(5_000), ")".repeat(5_000));
    assert_too_deep("calls", spec_with(&text), 6 * MAX_NESTING + 5, 1);
}

#[test]
fn or_chain_4500_terms_works() {
    assert_chain_works("or", 4_500);
}

#[test]
fn or_chain_10000_terms_works() {
    assert_chain_works("or", 10_000);
}

/// 45,000 copies of the condition make a spec of over 1 MiB: refused by the
/// input layer's documented size limit, in its own words, before parsing.
#[test]
fn or_chain_past_the_spec_size_limit_is_refused_by_that_limit() {
    use certify::diag::input::InputError;
    let text = spec_with(&chain("or", 45_000));
    assert!(text.len() > 1 << 20);
    let ds = check_source(&SourceFile::new("deep.yaml", text)).unwrap_err();
    assert!(
        matches!(
            ds[0].kind,
            ErrorKind::Input(InputError::LimitExceeded { .. })
        ),
        "{ds:?}"
    );
    assert!(ds[0].message().contains("too large"), "{}", ds[0].message());
}

#[test]
fn and_chain_4500_terms_works() {
    assert_chain_works("and", 4_500);
}

#[test]
fn and_chain_45000_terms_works() {
    assert_chain_works("and", 45_000);
}

#[test]
fn sum_chain_4500_terms_works() {
    assert_chain_works("sum", 4_500);
}

#[test]
fn sum_chain_45000_terms_works() {
    assert_chain_works("sum", 45_000);
}

/// The exact engine through long chains gives the original's figures.
#[test]
fn the_engine_computes_long_chains_exactly_as_the_original() {
    let figures = |text: String| {
        on_small_stack(move || {
            let spec = check_source(&SourceFile::new("deep.yaml", text)).expect("checks");
            format!("{:?}", certify::pipeline::analyse(&spec, 8).wagers)
        })
    };
    let original = figures(BASE.to_string());
    for kind in ["or", "and", "sum"] {
        assert_eq!(figures(spec_with(&chain(kind, 4_500))), original, "{kind}");
    }
}

/// Conditions nested right up to the limit, in the shapes that nest the
/// compiled tree deepest, check and settle on a 2 MiB stack.
#[test]
fn conditions_at_the_limit_work() {
    let parens = format!(
        "{}{ORIGINAL}{}",
        "(".repeat(MAX_NESTING),
        ")".repeat(MAX_NESTING)
    );
    // Each `not (` opens two levels, and each level adds `or`/`and` nodes.
    let half = MAX_NESTING / 2;
    let mixed = format!(
        "{}{ORIGINAL}{}",
        "not (tie or banker.wins and not (tie or ".repeat(half / 2),
        "))".repeat(half / 2)
    );
    // A comparison whose side nests sums all the way down.
    let sums = format!(
        "banker.wins and banker.count == 3 and 7 == {}banker.total{}",
        "0 + (".repeat(MAX_NESTING),
        ")".repeat(MAX_NESTING)
    );
    let nots = format!("{}{ORIGINAL}", "not ".repeat(MAX_NESTING));
    for (name, text) in [
        ("parens", parens),
        ("mixed", mixed),
        ("sums", sums),
        ("nots", nots),
    ] {
        let spec = spec_with(&text);
        let (check, settle) = on_small_stack(move || {
            let checked = check_source(&SourceFile::new("deep.yaml", spec.clone()));
            assert!(checked.is_ok(), "{name}: {:?}", checked.err());
            check_and_settle(&format!("limit-{name}"), &spec)
        });
        assert_eq!(settle.code, 0, "{name}: {}", settle.stderr);
        // `nots` (an even count) and `mixed` keep the original meaning
        // only in part; the fixtures are checked for the others.
        if name == "parens" || name == "sums" || name == "nots" {
            assert_eq!(check.code, 0, "{name}: {}", check.stderr);
        }
    }
}

/// Definitions inlined into one another build a deep compiled tree from
/// short texts: refused past `MAX_DEPTH`, at the definition that goes past.
#[test]
fn definitions_nested_past_the_depth_limit_are_refused() {
    let defs = |n: usize| {
        let mut s = String::from("definitions:\n  d0: banker.wins\n");
        for k in 1..=n {
            s += &format!("  d{k}: not d{}\n", k - 1);
        }
        s
    };
    let with_defs = |n: usize, when: &str| {
        spec_with(when).replacen("\nwagers:\n", &format!("\n{}\nwagers:\n", defs(n)), 1)
    };
    // Within the limit: fine, and an even count of `not`s keeps the meaning.
    let ok = with_defs(MAX_DEPTH - 2, &format!("d{} and {ORIGINAL}", MAX_DEPTH - 2));
    let checked = on_small_stack(move || check_source(&SourceFile::new("deep.yaml", ok)).is_ok());
    assert!(checked);
    // Past it: the first definition too deep is refused (the ones naming it
    // are then unknown names), and nothing crashes.
    let n = MAX_DEPTH + 100;
    let text = with_defs(n, ORIGINAL);
    let line = text
        .lines()
        .position(|l| l == format!("  d{MAX_DEPTH}: not d{}", MAX_DEPTH - 1))
        .expect("the definition")
        + 1;
    let ds = on_small_stack(move || {
        check_source(&SourceFile::new("deep.yaml", text)).expect_err("refused")
    });
    let d = &ds[0];
    assert_eq!(d.kind, ErrorKind::Expr(ExprError::ExpandedTooDeep), "{d:?}");
    assert_eq!(
        (d.line, d.column),
        (line, 3 + format!("d{MAX_DEPTH}: ").len())
    );
    assert!(
        ds[1..]
            .iter()
            .all(|d| matches!(d.kind, ErrorKind::Expr(ExprError::UnknownName(_)))),
        "{ds:?}"
    );
}
