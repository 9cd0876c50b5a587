//! The stages depend on each other in one direction only. In particular the
//! reference evaluator never depends on the engine it checks, nor on the
//! strategy stage that computes charts with it: it plays what the model
//! holds. Checked on the source text, so a new `use` breaks the build of
//! trust, not only a comment.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `crate::<module>` a source file or folder names (comments skipped).
fn uses(path: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (file, text) in sources(path) {
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for (i, _) in code.match_indices("crate::") {
                let module: String = code[i + 7..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push((file.clone(), module));
            }
        }
    }
    out
}

fn assert_never(stage: &str, forbidden: &[&str]) {
    let bad: Vec<_> = uses(stage)
        .into_iter()
        .filter(|(_, m)| forbidden.contains(&m.as_str()))
        .collect();
    assert!(
        bad.is_empty(),
        "{stage} must not use {forbidden:?}: {bad:?}"
    );
}

#[test]
fn the_evaluator_depends_on_neither_the_engine_nor_the_strategy_stage() {
    assert_never(
        "src/eval",
        &["engine", "strategy", "verify", "report", "pipeline"],
    );
}

#[test]
fn the_engine_depends_on_the_model_not_on_checking_or_later_stages() {
    assert_never(
        "src/engine",
        &[
            "check", "strategy", "eval", "verify", "report", "pipeline", "cli",
        ],
    );
}

#[test]
fn the_model_depends_on_no_stage() {
    assert_never(
        "src/model",
        &[
            "check", "strategy", "eval", "engine", "verify", "report", "pipeline", "cli",
        ],
    );
}

/// The shoe simulator is an independent check of the exact figures: it
/// deals and settles with the model and the reference evaluator only.
#[test]
fn the_simulator_shares_no_code_with_the_engine() {
    assert_never(
        "src/simulator",
        &[
            "engine", "strategy", "removal", "verify", "report", "pipeline", "study", "cli",
        ],
    );
}

/// The assessment decides before any words: it reads what was computed
/// and knows no renderer, edition or front end.
#[test]
fn the_assessment_depends_on_no_renderer() {
    assert_never(
        "src/assess",
        &[
            "report", "edition", "cli", "lsp", "diff", "pipeline", "leaflet",
        ],
    );
}

/// The report words what the assessment decides; an edition words the
/// report for an authority: neither is called back.
#[test]
fn the_report_never_calls_an_edition_or_the_pipeline() {
    assert_never("src/report", &["edition", "pipeline", "diff"]);
}

#[test]
fn the_report_renders_and_never_calls_the_command_line() {
    assert_never("src/report", &["cli", "table"]);
}

/// The diagnostics are the bottom layer every stage uses: they take plain
/// data (a card as written, a count already worked out) and reach up into
/// no module of the crate.
#[test]
fn the_diagnostics_use_no_other_module() {
    let up: Vec<_> = uses("src/diag")
        .into_iter()
        .filter(|(_, m)| m != "diag")
        .collect();
    assert!(up.is_empty(), "src/diag must use no other module: {up:?}");
}

/// The check is not vacuous: it sees the uses that exist.
#[test]
fn the_scan_finds_known_uses() {
    assert!(uses("src/verify.rs").iter().any(|(_, m)| m == "engine"));
    assert!(uses("src/strategy.rs").iter().any(|(_, m)| m == "engine"));
}

/// The report renders what the pipeline hands it: no module of it runs the
/// engine, the strategy stage or the evaluator.
#[test]
fn the_report_never_runs_the_engine() {
    let calls: Vec<_> = uses("src/report")
        .into_iter()
        .filter(|(_, m)| m == "strategy" || m == "pipeline")
        .collect();
    assert!(calls.is_empty(), "{calls:?}");
    for (file, text) in sources("src/report") {
        for call in [
            "analyse(",
            "analyse_shoe(",
            "count_group(",
            "SequenceSettler::new(",
        ] {
            assert!(!text.contains(call), "{file} calls the engine's `{call}`");
        }
    }
}

fn sources(path: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut files = vec![Path::new(path).to_path_buf()];
    while let Some(p) = files.pop() {
        if p.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                files.push(e.unwrap().path());
            }
        } else if p.extension().is_some_and(|e| e == "rs") && !p.ends_with("tests.rs") {
            // Rust sources only: src/report/pdf/fonts/ holds font files. A
            // file of unit tests (`mod tests;`) is test code, like the inline
            // test modules `code_of` leaves out.
            out.push((
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            ));
        }
    }
    out
}

/// The modules of `folder` (a folder of the crate whose sources are in
/// `src`) import each other in one direction only: no file (or subfolder,
/// taken whole) depends on itself through others. The folder's own file
/// (`mod.rs`, `src/<folder>.rs`, or `lib.rs` for the crate's top level) is
/// one of them, so a file that takes a type from `mod.rs` while `mod.rs`
/// takes something from it is a circle too: shared items live in a file
/// both depend on.
fn no_circles(folder: &str) {
    if let Some(circle) = circle_in(Path::new("src"), Path::new(folder)) {
        panic!("{folder}: an import circle:\n  {circle}");
    }
}

/// The first import circle among the modules of `folder`, step by step
/// with the paths that make each step; None when there is none.
fn circle_in(root: &Path, folder: &Path) -> Option<String> {
    let edges = imports_within(root, folder);
    let mut nodes: Vec<&String> = edges.keys().collect();
    nodes.sort();
    // Depth-first search; a node met again on the current path closes a circle.
    fn visit<'a>(
        n: &'a String,
        edges: &'a BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
        path: &mut Vec<&'a String>,
        done: &mut BTreeSet<&'a String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| *p == n) {
            let mut circle: Vec<String> = path[i..].iter().map(|s| s.to_string()).collect();
            circle.push(n.clone());
            return Some(circle);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n);
        for m in edges.get(n).into_iter().flat_map(|m| m.keys()) {
            if let Some(c) = visit(m, edges, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n);
        None
    }
    let mut done = BTreeSet::new();
    for n in nodes {
        if let Some(circle) = visit(n, &edges, &mut Vec::new(), &mut done) {
            let steps: Vec<String> = circle
                .windows(2)
                .map(|w| format!("{} -> {} ({:?})", w[0], w[1], edges[&w[0]][&w[1]]))
                .collect();
            return Some(steps.join("\n  "));
        }
    }
    None
}

/// Within `folder`: per module (a child file or subfolder by name, the
/// folder's own file as `mod`), the modules it names and the paths it names
/// them by. Paths are read from `crate::`, `super::` and `self::` (use
/// groups in braces expanded), and in the folder's own file from a child's
/// name followed by `::`; a name the folder's own file re-exports from a
/// child counts as that child's. Test modules are left out.
fn imports_within(root: &Path, dir: &Path) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let base: Vec<String> = module_of(root, dir);
    let own = if dir == root {
        dir.join("lib.rs")
    } else if dir.join("mod.rs").exists() {
        dir.join("mod.rs")
    } else {
        dir.with_extension("rs")
    };
    let children: BTreeSet<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        // The binary's `main.rs` is a crate of its own, and `lib.rs` the
        // top level's own file.
        .filter(|n| n != "mod" && !(dir == root && (n == "main" || n == "lib")))
        .collect();
    let node_of = |file: &Path| -> String {
        if file == own {
            return "mod".into();
        }
        let rel = file.strip_prefix(dir).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        first.trim_end_matches(".rs").to_string()
    };
    // Names the folder's own file re-exports from a child.
    let own_code = code_of(&std::fs::read_to_string(&own).unwrap());
    let mut reexports: BTreeMap<String, String> = BTreeMap::new();
    for (i, _) in own_code.match_indices("use ") {
        let before = own_code[..i].trim_end();
        if !(before.ends_with("pub") || before.ends_with(')')) {
            continue;
        }
        for p in paths_at(&own_code, i + 4, Vec::new()) {
            if p.len() > 1 && children.contains(&p[0]) {
                reexports.insert(p.last().unwrap().clone(), p[0].clone());
            }
        }
    }
    let mut files: Vec<std::path::PathBuf> = vec![own.clone()];
    files.extend(
        sources(&dir.to_string_lossy())
            .into_iter()
            .map(|(f, _)| Path::new(&f).to_path_buf())
            .filter(|p| {
                let own_name = if dir == root {
                    ["lib.rs", "main.rs"]
                } else {
                    ["mod.rs", "mod.rs"]
                };
                p.parent() != Some(dir)
                    || p.file_name()
                        .is_some_and(|n| !own_name.contains(&n.to_str().unwrap_or("")))
            }),
    );
    let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in files {
        let from = node_of(&file);
        edges.entry(from.clone()).or_default();
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let here = module_of(root, &file);
        let mut found: Vec<Vec<String>> = Vec::new();
        let bytes = code.as_bytes();
        let starts_word = |i: usize| {
            i == 0
                || !(bytes[i - 1].is_ascii_alphanumeric()
                    || bytes[i - 1] == b'_'
                    || bytes[i - 1] == b':')
        };
        for (i, _) in code.match_indices("::") {
            // The word before `::`.
            let start = code[..i]
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |s| s + 1);
            if !starts_word(start) {
                continue;
            }
            let word = &code[start..i];
            let prefix: Vec<String> = match word {
                "crate" => Vec::new(),
                "self" => here.clone(),
                "super" => {
                    // `super::super::…`: one level up per `super`.
                    let mut up = 1;
                    let mut j = i + 2;
                    while code[j..].starts_with("super::") {
                        up += 1;
                        j += 7;
                    }
                    let mut p = here.clone();
                    p.truncate(p.len().saturating_sub(up));
                    found.extend(paths_at(&code, j, p));
                    continue;
                }
                w if from == "mod" && children.contains(w) => {
                    found.extend(paths_at(&code, start, base.clone()));
                    continue;
                }
                _ => continue,
            };
            found.extend(paths_at(&code, i + 2, prefix));
        }
        for p in found {
            let Some(rest) = p.strip_prefix(base.as_slice()) else {
                continue;
            };
            let to = match rest.first() {
                Some(c) if children.contains(c) => c.clone(),
                Some(name) => reexports.get(name).cloned().unwrap_or_else(|| "mod".into()),
                None => "mod".into(),
            };
            if to != from {
                edges
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_default()
                    .insert(p.join("::"));
            }
        }
    }
    edges
}

/// A file's or folder's module path below the crate whose sources are in
/// `root`: `src/engine/mod.rs` and `src/engine` are `["engine"]`.
fn module_of(root: &Path, path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(root).unwrap().with_extension("");
    let mut out: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(out.last().map(String::as_str), Some("mod" | "lib")) {
        out.pop();
    }
    out
}

/// The code of a source file: comments and the test module left out.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|l| l.trim_start().starts_with("mod "))
        {
            break;
        }
        out.push_str(line.split("//").next().unwrap_or(""));
        out.push('\n');
    }
    out
}

/// The paths written at `code[at..]` after `prefix`: `a::b::C`, or a brace
/// group `{a, b::{c, d}}` expanded into one path per leaf.
fn paths_at(code: &str, at: usize, prefix: Vec<String>) -> Vec<Vec<String>> {
    let rest = code[at..].trim_start();
    if let Some(inner) = rest.strip_prefix('{') {
        let mut depth = 0;
        let end = inner
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => return true,
                    '}' => depth -= 1,
                    _ => {}
                }
                false
            })
            .map_or(inner.len(), |(i, _)| i);
        let group = &inner[..end];
        let mut parts = Vec::new();
        let (mut depth, mut from) = (0, 0);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&group[from..i]);
                    from = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&group[from..]);
        return parts
            .into_iter()
            .filter(|p| !p.trim().is_empty())
            .flat_map(|p| paths_at(p, 0, prefix.clone()))
            .collect();
    }
    let mut path = prefix;
    let mut s = rest;
    loop {
        let word: String = s
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() {
            break;
        }
        path.push(word.clone());
        s = &s[word.len()..];
        match s.strip_prefix("::") {
            Some(more) if more.starts_with('{') => return paths_at(more, 0, path),
            Some(more) => s = more,
            None => break,
        }
    }
    vec![path]
}

/// The stages, machinery and front ends of `src/` (its top-level modules)
/// depend on each other in one direction only.
#[test]
fn no_import_circles_between_the_top_level_modules() {
    no_circles("src");
}

/// Every folder of `src/`, at any depth: its files and subfolders import
/// each other in one direction only.
#[test]
fn no_import_circles_in_any_folder() {
    let mut folders = vec![Path::new("src").to_path_buf()];
    let mut checked = 0;
    let mut found = std::collections::BTreeMap::new();
    while let Some(dir) = folders.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                folders.push(p);
            }
        }
        let has_rust = std::fs::read_dir(&dir)
            .unwrap()
            .any(|e| e.unwrap().path().extension().is_some_and(|x| x == "rs"));
        if dir != Path::new("src") && has_rust {
            if let Some(circle) = circle_in(Path::new("src"), &dir) {
                found.insert(dir.to_string_lossy().into_owned(), circle);
            }
            checked += 1;
        }
    }
    // The walk saw the folders (engine, report, report/pdf, ...).
    assert!(checked >= 20, "{checked} folders");
    // Folders where a file and its folder's `mod.rs` still import each
    // other (found when this check was widened from the report to every
    // folder; issue 45's closing note). The list may only shrink: a folder
    // freed of its circle must leave it, and no other folder may join.
    let known: std::collections::BTreeSet<&str> = KNOWN_FOLDER_CIRCLES.iter().copied().collect();
    let now: std::collections::BTreeSet<&str> = found.keys().map(String::as_str).collect();
    let new: Vec<String> = found
        .iter()
        .filter(|(k, _)| !known.contains(k.as_str()))
        .map(|(k, c)| format!("{k}: {c}"))
        .collect();
    assert!(new.is_empty(), "new import circles:\n{}", new.join("\n"));
    let gone: Vec<&&str> = known.difference(&now).collect();
    assert!(
        gone.is_empty(),
        "no circle left in {gone:?}: remove them from KNOWN_FOLDER_CIRCLES"
    );
}

/// See `no_import_circles_in_any_folder`.
const KNOWN_FOLDER_CIRCLES: &[&str] = &["src/engine/decide", "src/engine/shoe_state"];

/// The circle check is not vacuous: it reads the imports that exist, and
/// it finds a circle where there is one, between top-level modules and
/// within a folder, naming its steps.
#[test]
fn the_circle_check_sees_imports_and_circles() {
    let src = Path::new("src");
    let engine = imports_within(src, &src.join("engine"));
    assert!(engine["walk"].contains_key("suits"), "{engine:?}");
    assert!(engine["mod"].contains_key("enumerate"), "{engine:?}");
    assert!(engine["stats"].contains_key("enumerate"), "{engine:?}");
    let top = imports_within(src, src);
    assert!(top["verify"].contains_key("engine"), "{top:?}");
    assert!(top["report"].contains_key("assess"), "{top:?}");
    assert!(
        !top.contains_key("main") && !top.contains_key("lib"),
        "{top:?}"
    );
    // A crate written for the check: top-level modules `a` and `b` (a
    // folder) import each other; inside `b`, `x` and `y` do; `c` only uses.
    let dir = std::env::temp_dir().join(format!("certify-circle-{}", std::process::id()));
    let root = dir.join("src");
    std::fs::create_dir_all(root.join("b")).unwrap();
    let files = [
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        ("a.rs", "use crate::b::Bee;\npub struct Ay;\n"),
        ("b/mod.rs", "mod x;\nmod y;\npub struct Bee;\n"),
        (
            "b/x.rs",
            "use super::y::Why;\npub struct Ex(crate::a::Ay);\n",
        ),
        ("b/y.rs", "use super::x::Ex;\npub struct Why;\n"),
        ("c.rs", "use crate::{a::Ay, b::Bee};\n"),
    ];
    for (name, text) in files {
        std::fs::write(root.join(name), text).unwrap();
    }
    let top = circle_in(&root, &root);
    let inner = circle_in(&root, &root.join("b"));
    std::fs::write(root.join("b/y.rs"), "pub struct Why;\n").unwrap();
    let fixed = circle_in(&root, &root.join("b"));
    let _ = std::fs::remove_dir_all(&dir);
    let top = top.expect("a -> b -> a is a circle");
    assert!(top.contains("a -> b") && top.contains("b -> a"), "{top}");
    let inner = inner.expect("x -> y -> x is a circle");
    assert!(
        inner.contains("x -> y") && inner.contains("y -> x"),
        "{inner}"
    );
    assert_eq!(fixed, None, "no circle once y no longer uses x");
}
