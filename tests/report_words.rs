//! Words for readers (issue 35 item 7, issue 31 item 5): the body of every
//! shipped report (everything before the appendices) uses an examiner's
//! words. No tool jargon, no command line or lock-file hash, no condition
//! or identifier in code font, and none of the rule file's identifiers
//! (wagers, pay tables, events, strategies, assumptions, interpretations):
//! those appear only in the appendices (B maps each rule to the rule file,
//! C reproduces the report).

use certify::check::check_source;
use certify::spec::SourceFile;

/// Words an examiner does not use, matched case-insensitively.
const FORBIDDEN: [&str; 16] = [
    "spec",
    "spec's",
    "engine",
    "reference evaluator",
    "fixture",
    "granularity",
    "six-card convention",
    "unused slots",
    "(outside)",
    "pay search",
    "invented",
    "error: too many cards",
    "cargo_lock",
    "certify verify",
    " --",
    "`",
];

/// The report's body: before the first appendix.
fn body(markdown: &str) -> String {
    let end = markdown.find("\n## Appendix").unwrap_or(markdown.len());
    markdown[..end].to_string()
}

/// Whether `word` occurs in `text` on its own (not inside a longer word).
fn occurs(text: &str, word: &str) -> Option<usize> {
    let lower = text.to_lowercase();
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut from = 0;
    while let Some(k) = lower[from..].find(word) {
        let at = from + k;
        let before = lower[..at].chars().next_back();
        let after = lower[at + word.len()..].chars().next();
        let alnum = word.chars().next().is_some_and(char::is_alphanumeric);
        if !alnum || (!is_word(before) && !is_word(after)) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// Every identifier of the rule file with an underscore in it (identifiers
/// that are plain words, such as `win`, may read as words).
fn identifiers(path: &str) -> Vec<String> {
    let spec = check_source(&SourceFile::read(path).expect("readable")).expect("checks");
    // Not the rule file's own id: it names the files (`rules/lucky_8.yaml`).
    let mut ids = Vec::new();
    for w in &spec.wagers {
        ids.push(w.id.clone());
        ids.extend(w.events.iter().map(|e| e.id.clone()));
        ids.extend(w.pay_tables.iter().map(|t| t.id.clone()));
    }
    ids.extend(spec.assumptions.iter().map(|a| a.id.clone()));
    ids.extend(spec.interpretations.iter().map(|i| i.id.clone()));
    ids.extend(spec.combined.iter().map(|c| c.id.clone()));
    if let Some(d) = spec.decides() {
        ids.extend(d.strategies.iter().map(|s| s.id.clone()));
    }
    ids.retain(|id| id.contains('_'));
    ids.sort();
    ids.dedup();
    ids
}

fn report_of(spec: &str) -> String {
    let id = std::path::Path::new(spec)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .replace("21st_century_baccarat", "twenty_first_century_baccarat");
    std::fs::read_to_string(format!("reports/{id}.md")).expect("committed report")
}

/// A few lines around byte `at`, for the failure message.
fn context(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |k| k + 1);
    let end = text[at..].find('\n').map_or(text.len(), |k| at + k);
    &text[start..end]
}

#[test]
fn no_shipped_report_body_uses_tool_jargon() {
    let mut found = Vec::new();
    for spec in certify::spec::spec_files("rules") {
        let text = body(&report_of(&spec));
        for word in FORBIDDEN {
            if let Some(at) = occurs(&text, word) {
                found.push(format!("{spec}: {word:?} in: {}", context(&text, at)));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The text without file names (`rules/lucky_8.yaml`, `golden_bacc.txt`),
/// which may share a wager's identifier.
fn without_file_names(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            if w.contains(".yaml") || w.contains(".txt") {
                "FILE"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn no_shipped_report_body_names_an_identifier() {
    let mut found = Vec::new();
    for spec in certify::spec::spec_files("rules") {
        let text = without_file_names(&body(&report_of(&spec)));
        for id in identifiers(&spec) {
            if let Some(at) = occurs(&text, &id) {
                found.push(format!("{spec}: `{id}` in: {}", context(&text, at)));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The test can fail: a body that names an identifier or a jargon word is
/// caught, and the appendices may name them.
#[test]
fn the_checks_catch_what_they_look_for() {
    let report = "# T\n## 1. Summary\nThe engine says `x`.\n## 6. Game protection\nok\n## 7. Next\nok\n## Appendix B. Rules\n`block_bonus` spec\n";
    let text = body(report);
    assert!(occurs(&text, "engine").is_some());
    assert!(occurs(&text, "`").is_some());
    assert!(occurs(&text, "spec").is_none(), "the appendices left out");
    assert!(occurs(&text, "block_bonus").is_none());
    assert!(
        occurs("a specific word", "spec").is_none(),
        "whole words only"
    );
    assert!(occurs("the pays of block_bonus.", "block_bonus").is_some());
    let ids = identifiers("rules/lucky_draw_baccarat.yaml");
    assert!(
        ids.contains(&"block_bonus_first_card".to_string()),
        "{ids:?}"
    );
    assert!(ids.contains(&"draw_0_to_5".to_string()), "{ids:?}");
}
