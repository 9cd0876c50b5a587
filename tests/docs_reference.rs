//! The manual's reference cannot fall behind the tool (issue 31, items 2
//! and 3): every field of the spec's JSON Schema, every hand and card
//! attribute, function and name of the condition language has its entry
//! in docs/spec-reference.md, each condition example compiles, every YAML
//! example of the README and the book is checked against a shipped spec,
//! every command and flag of the command line is in docs/commands.md, and
//! the README's figures are those of the shipped reports.
//!
//! How a YAML block is checked is said in the comment above it:
//! `<!-- check: spec -->` a whole spec; `<!-- check: into rules/X.yaml -->`
//! the block's top-level keys replace those of a shipped spec, and the
//! result must pass the checker; `<!-- check: in rules/X.yaml -->` an
//! excerpt: its lines are in the shipped file, in order; `<!-- check:
//! fixtures rules/X.yaml -->` a fixture file whose cases must all pass for
//! that spec; `<!-- check: round -->` a round file whose expectations must
//! all hold; `<!-- check: yaml -->` YAML that must parse (an outline);
//! `<!-- file: PATH -->` a file the examples test writes and runs.

mod docs_support;

use certify::spec::SourceFile;
use docs_support::{Block, blocks, manual_files};
use std::collections::BTreeSet;

fn certify(args: &[&str]) -> certify::cli::Output {
    certify::cli::run(
        std::iter::once("certify")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of the Markdown table after each `<!-- KIND: NAME -->` in
/// `text`, by NAME: each row's cells, header and rule left out.
fn tables(text: &str, kind: &str) -> Vec<(String, Vec<Vec<String>>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(name) = l
            .trim()
            .strip_prefix("<!--")
            .and_then(|r| r.strip_suffix("-->"))
            .and_then(|r| r.trim().strip_prefix(kind))
            .and_then(|r| r.trim_start().strip_prefix(':'))
        else {
            continue;
        };
        let rows = lines[i + 1..]
            .iter()
            .skip_while(|l| l.trim().is_empty())
            .take_while(|l| l.trim_start().starts_with('|'))
            .skip(2)
            .map(|row| {
                row.trim()
                    .trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_string())
                    .collect()
            })
            .collect();
        out.push((name.trim().to_string(), rows));
    }
    out
}

/// The text of every `code span` in a cell.
fn spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn every_schema_field_is_in_the_reference_with_its_requiredness() {
    let schema: serde_json::Value =
        serde_json::from_str(&read("rules/certify-spec.schema.json")).unwrap();
    let mut objects = vec![("spec".to_string(), &schema)];
    for (name, def) in schema["definitions"].as_object().unwrap() {
        if def.get("properties").is_some() {
            objects.push((name.clone(), def));
        }
    }
    let doc = read("docs/spec-reference.md");
    let documented = tables(&doc, "schema");
    let mut problems = Vec::new();
    for (name, def) in &objects {
        let Some((_, rows)) = documented.iter().find(|(n, _)| n == name) else {
            problems.push(format!("{name}: no `<!-- schema: {name} -->` table"));
            continue;
        };
        let fields: BTreeSet<String> = def["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        let required: BTreeSet<String> = def
            .get("required")
            .and_then(|r| r.as_array())
            .map(|r| r.iter().map(|v| v.as_str().unwrap().to_string()).collect())
            .unwrap_or_default();
        let mut seen = BTreeSet::new();
        for row in rows {
            let field = spans(&row[0]).first().cloned().unwrap_or_default();
            let says_required = row.get(1).is_some_and(|c| c == "yes");
            if !fields.contains(&field) {
                problems.push(format!("{name}: `{field}` is not in the schema"));
            } else if says_required != required.contains(&field) {
                problems.push(format!("{name}: `{field}` required is {}", !says_required));
            }
            if row.get(2).is_none_or(|m| m.len() < 10) {
                problems.push(format!("{name}: `{field}` has no meaning"));
            }
            seen.insert(field);
        }
        for missing in fields.difference(&seen) {
            problems.push(format!("{name}: `{missing}` is missing"));
        }
    }
    for (name, _) in &documented {
        if !objects.iter().any(|(n, _)| n == name) {
            problems.push(format!("table `{name}` names no object of the schema"));
        }
    }
    assert!(
        problems.is_empty(),
        "docs/spec-reference.md:\n{problems:#?}"
    );
}

/// The condition language's names as the checker knows them, against the
/// reference's tables.
#[test]
fn every_name_of_the_condition_language_is_in_the_reference() {
    use certify::cards::{RANK_NAMES, SUIT_NAMES};
    use certify::check::compile::{CARD_ATTRS, FUNCTIONS, GLOBALS, HAND_ATTRS};
    let doc = read("docs/spec-reference.md");
    let t = tables(&doc, "conditions");
    let first_spans = |name: &str| -> BTreeSet<String> {
        let (_, rows) = t
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no `<!-- conditions: {name} -->` table"));
        rows.iter()
            .flat_map(|r| spans(&r[0]))
            .map(|s| s.split('(').next().unwrap().to_string())
            .collect()
    };
    let set = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(first_spans("hand"), set(&HAND_ATTRS), "hand attributes");
    assert_eq!(first_spans("card"), set(&CARD_ATTRS), "card attributes");
    assert_eq!(first_spans("functions"), set(&FUNCTIONS), "functions");
    assert!(first_spans("names").is_superset(&set(&GLOBALS)), "names");
    assert_eq!(first_spans("ranks"), set(&RANK_NAMES), "ranks");
    assert_eq!(first_spans("suits"), set(&SUIT_NAMES), "suits");
}

/// Every example of the condition tables is an event of one wager added
/// to punto banco (with `both_draw` defined), which must pass the checker.
#[test]
fn every_condition_example_compiles() {
    let doc = read("docs/spec-reference.md");
    let mut examples = Vec::new();
    for (name, rows) in tables(&doc, "conditions") {
        for row in rows {
            let cell = row.last().unwrap();
            // The example is the last cell's first code span.
            let ex = spans(cell);
            assert!(!ex.is_empty(), "{name}: a row without an example: {row:?}");
            examples.push(ex[0].clone());
        }
    }
    assert!(examples.len() >= 30, "{}", examples.len());
    let mut wager = String::from(
        "definitions:\n  both_draw: player.drew and banker.drew\nwagers:\n  - id: examples\n    name: Examples\n    events:\n",
    );
    for (i, ex) in examples.iter().enumerate() {
        wager.push_str(&format!(
            "      - {{ id: e{i}, name: E{i}, when: {} }}\n",
            serde_json::to_string(ex).unwrap()
        ));
    }
    let pays: Vec<String> = (0..examples.len()).map(|i| format!("e{i}: 1")).collect();
    wager.push_str(&format!(
        "    pay_tables:\n      - {{ id: one, pays: {{ {} }} }}\n",
        pays.join(", ")
    ));
    let spec = into("rules/punto_banco.yaml", &wager);
    if let Err(ds) = certify::check::check_source(&SourceFile::new("rules/examples.yaml", &spec)) {
        panic!("{}", certify::diag::render_all(&ds, &spec));
    }
}

/// `base` with the top-level keys of `fragment` replaced by the fragment's
/// (or added): a top-level key's block runs to the next line that starts
/// at the margin with a key.
fn into(base: &str, fragment: &str) -> String {
    let key_of = |l: &str| -> Option<String> {
        let first = l.chars().next()?;
        if !first.is_ascii_lowercase() {
            return None;
        }
        l.split_once(':').map(|(k, _)| k.to_string())
    };
    let mut replaced: BTreeSet<String> = fragment.lines().filter_map(key_of).collect();
    // A fragment's own wagers replace the base's: the keys that name the
    // base's wagers go with them.
    if replaced.contains("wagers") {
        for k in [
            "published",
            "claims",
            "combined",
            "pay_searches",
            "readings",
            "report",
        ] {
            replaced.insert(k.to_string());
        }
    }
    let mut out = String::new();
    let mut keep = true;
    for l in read(base).lines() {
        if let Some(k) = key_of(l) {
            keep = !replaced.contains(&k);
        }
        if keep {
            out.push_str(l);
            out.push('\n');
        }
    }
    out.push_str(fragment);
    out
}

/// A YAML line without its comment, trimmed (enough for the excerpts:
/// their quoted text holds no ` #`).
fn bare(l: &str) -> &str {
    l.split(" #").next().unwrap_or("").trim()
}

fn check_yaml_block(md: &str, b: &Block) -> Result<(), String> {
    let at = format!("{md}:{}", b.line);
    let text = b.text();
    let directive = b.directive.clone().unwrap_or_default();
    if b.directive_of("file").is_some() {
        return Ok(());
    }
    let Some(how) = b.directive_of("check") else {
        return Err(format!("{at}: a YAML block without `<!-- check: ... -->`"));
    };
    let (verb, arg) = how.split_once(' ').unwrap_or((how, ""));
    let checked = |name: &str, spec: &str| {
        certify::check::check_source(&SourceFile::new(name, spec))
            .map(|_| ())
            .map_err(|ds| format!("{at}:\n{}", certify::diag::render_all(&ds, spec)))
    };
    match verb {
        "yaml" => serde_saphyr::from_str::<serde_json::Value>(&text)
            .map(|_| ())
            .map_err(|e| format!("{at}: {e}")),
        "spec" => checked(&format!("{md}.yaml"), &text),
        "into" => checked(arg, &into(arg, &text)),
        "in" => {
            let shipped = read(arg);
            let mut lines = shipped.lines().map(bare);
            for l in text.lines().map(bare).filter(|l| !l.is_empty()) {
                if !lines.any(|s| s == l) {
                    return Err(format!("{at}: `{l}` is not in {arg} (in this order)"));
                }
            }
            Ok(())
        }
        "fixtures" => {
            let dir = std::env::temp_dir().join(format!(
                "certify-docs-fixtures-{}-{}",
                std::process::id(),
                b.line
            ));
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("example.yaml"), &text).unwrap();
            let out = certify(&["check", arg, "--fixtures", dir.to_str().unwrap()]);
            let _ = std::fs::remove_dir_all(&dir);
            (out.code == 0 && out.stdout.contains(" 0 failed"))
                .then_some(())
                .ok_or_else(|| format!("{at}:\n{}{}", out.stdout, out.stderr))
        }
        "round" => {
            let root = env!("CARGO_MANIFEST_DIR");
            let text = text.replace("spec: ../../rules", &format!("spec: {root}/rules"));
            let path = std::env::temp_dir().join(format!(
                "certify-docs-round-{}-{}.yaml",
                std::process::id(),
                b.line
            ));
            std::fs::write(&path, text).unwrap();
            let out = certify(&["table", "--round", path.to_str().unwrap()]);
            let _ = std::fs::remove_file(&path);
            (out.code == 0 && !out.stdout.contains("FAIL"))
                .then_some(())
                .ok_or_else(|| format!("{at}:\n{}{}", out.stdout, out.stderr))
        }
        _ => Err(format!("{at}: unknown directive `{directive}`")),
    }
}

#[test]
fn every_yaml_example_is_checked() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for md in manual_files() {
        let text = std::fs::read_to_string(&md).unwrap();
        for b in blocks(&text) {
            if b.lang == "yaml" {
                checked += 1;
                if let Err(e) = check_yaml_block(&md.display().to_string(), &b) {
                    problems.push(e);
                }
            }
        }
    }
    assert!(checked >= 15, "{checked} YAML blocks");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// A check that can fail: a fragment with a misspelt name is refused.
#[test]
fn a_wrong_fragment_is_refused() {
    let b = Block {
        line: 1,
        lang: "yaml".into(),
        directive: Some("check: into rules/punto_banco.yaml".into()),
        body: vec!["definitions:".into(), "  x: playr.drew".into()],
        span: (0, 0),
        indent: 0,
    };
    assert!(check_yaml_block("t.md", &b).is_err());
    let excerpt = Block {
        directive: Some("check: in rules/punto_banco.yaml".into()),
        body: vec!["id: not_punto_banco".into()],
        ..b
    };
    assert!(check_yaml_block("t.md", &excerpt).is_err());
}

/// Every command and flag of the clap definition has its entry in
/// docs/commands.md: a `### certify NAME` heading per command, and each
/// flag (`--name`) and argument (`NAME`) in its section.
#[test]
fn every_command_and_flag_is_in_the_command_reference() {
    use clap::CommandFactory;
    let doc = read("docs/commands.md");
    let section = |heading: &str| -> Option<String> {
        let start = doc.find(&format!("\n### {heading}\n"))?;
        let rest = &doc[start + 1..];
        let end = rest[4..].find("\n### ").map_or(rest.len(), |e| e + 4);
        let end = end.min(rest.find("\n## ").unwrap_or(rest.len()));
        Some(rest[..end].to_string())
    };
    let cli = certify::cli::Cli::command();
    let mut problems = Vec::new();
    let mut check = |heading: String, cmd: &clap::Command| {
        let Some(text) = section(&heading) else {
            problems.push(format!("no `### {heading}` section"));
            return;
        };
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if matches!(id, "help" | "version" | "color") {
                continue;
            }
            let shown = match arg.get_long() {
                Some(l) => format!("--{l}"),
                None => arg
                    .get_value_names()
                    .and_then(|v| v.first().map(|n| n.to_string()))
                    .unwrap_or_else(|| id.to_uppercase()),
            };
            // The whole flag: `--bound-shoes` is not found in `--bound-shoes-x`.
            let whole = text.match_indices(&shown).any(|(i, _)| {
                !text[i + shown.len()..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            });
            if !whole {
                problems.push(format!("{heading}: {shown} is not described"));
            }
        }
    };
    check("certify SPEC".into(), &cli);
    for sub in cli.get_subcommands() {
        check(format!("certify {}", sub.get_name()), sub);
    }
    assert!(
        doc.contains("--color auto|always|never"),
        "the global --color"
    );
    assert!(problems.is_empty(), "docs/commands.md:\n{problems:#?}");
}

/// The exit codes the reference lists are the ones the command line uses.
#[test]
fn the_exit_codes_are_the_tools() {
    use certify::cli::exit;
    let doc = read("docs/commands.md");
    for (code, words) in [
        (exit::OK, "success"),
        (exit::FAILED, "refused"),
        (exit::USAGE, "usage"),
        (exit::WARNINGS, "--deny-warnings"),
    ] {
        let row = format!("| {code} |");
        let line = doc
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("no exit code row {row}"));
        assert!(line.contains(words), "{line}");
    }
}

/// The figures the README's table of shipped games quotes are in the
/// shipped report it links.
#[test]
fn the_readme_figures_are_the_shipped_reports() {
    let readme = read("README.md");
    let mut rows = 0;
    for line in readme.lines().filter(|l| l.contains("](reports/")) {
        let report = line
            .split("](reports/")
            .nth(1)
            .and_then(|r| r.split(')').next())
            .filter(|r| r.ends_with(".md"))
            .unwrap();
        let text = read(&format!("reports/{report}"));
        rows += 1;
        for word in line.split([' ', ',', '(', ')', ';']) {
            if word.ends_with('%') && word.chars().any(|c| c.is_ascii_digit()) {
                assert!(text.contains(word), "{word} is not in reports/{report}");
            }
        }
    }
    assert_eq!(rows, 6, "one row per shipped spec");
}
