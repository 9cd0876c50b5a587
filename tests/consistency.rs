//! One assessment, said the same everywhere. Every shipped report, edition
//! and leaflet is read back from its JSON (the assessment it was written
//! from, and the document as the Markdown and PDF show it) and checked:
//! page one states each finding the assessment holds, in the figure the
//! assessment holds; the limitations count the questions page one asks;
//! an edition asks what its laboratory edition asks; a leaflet marks what
//! is still to be confirmed. A self-test alters an assessment and proves
//! each check finds the difference: none of them can pass by saying
//! nothing.

use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;
use std::str::FromStr;

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The report JSON files (not leaflets) under reports/.
fn reports() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir("reports")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".json") && !p.ends_with("-leaflet.json"))
        .collect();
    out.sort();
    assert!(out.len() >= 8, "the shipped reports and editions: {out:?}");
    out
}

/// All the text a section shows, as one string (JSON-escaped, which keeps
/// figures, "Q1" and dollar amounts as they are).
fn section(json: &Value, id: &str) -> String {
    json["document"]["sections"]
        .as_array()
        .expect("a document")
        .iter()
        .find(|s| s["id"] == id)
        .map(|s| serde_json::to_string(s).unwrap())
        .unwrap_or_default()
}

fn fraction(v: &Value) -> BigRational {
    let text = v["fraction"].as_str().expect("an exact fraction");
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    BigRational::new(BigInt::from_str(n).unwrap(), BigInt::from_str(d).unwrap())
}

fn numbers(v: &Value) -> Vec<u64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

/// "Q1–Q3" / "Q2" / "Q1, Q3", as page one cites question numbers.
fn question_list(n: &[u64]) -> String {
    let consecutive = n.windows(2).all(|w| w[1] == w[0] + 1);
    match n {
        [] => String::new(),
        [one] => format!("Q{one}"),
        [first, .., last] if consecutive => format!("Q{first}–Q{last}"),
        more => more
            .iter()
            .map(|q| format!("Q{q}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Every way a report's words can depart from its assessment.
fn violations(json: &Value) -> Vec<String> {
    let a = &json["assessment"];
    let page_one = section(json, "summary");
    let limitations = section(json, "limitations");
    let mut out = Vec::new();
    let mut need = |cond: bool, what: String| {
        if !cond {
            out.push(what);
        }
    };
    // The questions: each on page one, their number in the verdict and in
    // the limitations.
    let questions: Vec<u64> = a["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["number"].as_u64().unwrap())
        .collect();
    for q in &questions {
        need(
            page_one.contains(&format!("Q{q}.")),
            format!("page one does not ask Q{q}"),
        );
    }
    let n = questions.len();
    need(
        if n == 0 {
            page_one.contains("Open questions: none.")
        } else {
            page_one.contains(&format!("Open questions: {n} to the submitter"))
        },
        format!("page one's verdict does not count {n} open questions"),
    );
    if n > 0 {
        let counted = if n == 1 {
            "1 question to the submitter".to_string()
        } else {
            format!("{n} questions to the submitter")
        };
        need(
            limitations.contains(&counted) && limitations.contains(&question_list(&questions)),
            format!(
                "the limitations do not say {counted} ({})",
                question_list(&questions)
            ),
        );
    }
    // The recommendation, as decided.
    let rec = &a["verdict"]["recommendation"];
    let said = match rec["kind"].as_str().unwrap() {
        "ready" => "Recommendation: ready to submit".to_string(),
        "after_answers" => format!(
            "Recommendation: submit once the submitter answers {}",
            question_list(&numbers(&rec["questions"]))
        ),
        "not_ready" => "Recommendation: not ready to submit".to_string(),
        other => panic!("unknown recommendation {other}"),
    };
    need(
        page_one.contains(&said),
        format!("page one does not say \"{said}\""),
    );
    // The largest protection figure, to the digit.
    if let Some(largest) = a["exposure"]["largest"].as_object() {
        let edge =
            certify::numbers::percent(&fraction(&Value::Object(largest.clone())["player_edge"]), 4);
        need(
            page_one.contains(&format!("largest exposure of section 6 is {edge}")),
            format!("page one does not give the largest exposure, {edge}"),
        );
        need(
            section(json, "protection").contains(&edge),
            format!("the protection section does not give the largest exposure, {edge}"),
        );
    }
    // Every countable pay table, with the money at stake, in the
    // simulation section; the three with the most money on page one too.
    let countable = a["real_shoes"]["countable"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut most: Vec<f64> = countable
        .iter()
        .map(|c| c["money"]["dollars"].as_f64().unwrap())
        .collect();
    most.sort_by(|a, b| b.total_cmp(a));
    let third = most.get(2).copied().unwrap_or(f64::NEG_INFINITY);
    for c in &countable {
        let dollars = c["money"]["dollars"].as_f64().unwrap();
        let money = format!("${:.0} per shoe", dollars.max(0.0));
        if dollars >= third {
            need(
                page_one.contains(&money),
                format!("page one does not give {} {money}", c["wager"]),
            );
        }
        need(
            section(json, "simulation").contains(&money),
            format!(
                "the simulation section does not give {} {money}",
                c["wager"]
            ),
        );
    }
    match countable.len() {
        0 => {}
        1 => need(
            page_one.contains("a card counter beats 1 pay table"),
            "page one does not count the countable table".into(),
        ),
        k => need(
            page_one.contains(&format!("a card counter beats {k} pay tables")),
            format!("page one does not count {k} countable tables"),
        ),
    }
    // A player advantage is never left off page one.
    for w in a["warnings"].as_array().unwrap() {
        if w["kind"] == "player_advantage" {
            need(
                page_one.contains("PLAYER ADVANTAGE"),
                "page one hides a player advantage".into(),
            );
        }
    }
    // Limitations: the deck counts computed, and protection when run.
    for l in a["limitations"].as_array().unwrap() {
        if l["kind"] == "protection" {
            need(
                limitations.contains("protection") || limitations.contains("seen"),
                "the limitations leave out game protection".into(),
            );
        }
    }
    out
}

#[test]
fn every_shipped_report_says_what_its_assessment_decided() {
    let mut failures = Vec::new();
    for path in reports() {
        let json = load(&path);
        for v in violations(&json) {
            failures.push(format!("{path}: {v}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The checks find what they look for: each alteration of a shipped
/// report's assessment is reported.
#[test]
fn the_consistency_checks_find_an_altered_assessment() {
    let json = load("reports/twenty_first_century_baccarat.json");
    assert!(violations(&json).is_empty());
    // A question page one does not ask.
    let mut more = json.clone();
    let mut q = more["assessment"]["questions"][0].clone();
    q["number"] = 9.into();
    more["assessment"]["questions"]
        .as_array_mut()
        .unwrap()
        .push(q);
    let found = violations(&more);
    assert!(
        found.iter().any(|v| v.contains("does not ask Q9")),
        "{found:?}"
    );
    assert!(
        found.iter().any(|v| v.contains("count 4 open questions")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|v| v.contains("limitations do not say 4 questions")),
        "{found:?}"
    );
    // Another largest exposure.
    let mut other = json.clone();
    other["assessment"]["exposure"]["largest"]["player_edge"]["fraction"] = "1/3".into();
    let found = violations(&other);
    assert!(found.iter().any(|v| v.contains("33.3333%")), "{found:?}");
    // Other money at stake.
    let mut money = json.clone();
    money["assessment"]["real_shoes"]["countable"][0]["money"]["dollars"] = 1234.0.into();
    let found = violations(&money);
    assert!(
        found.iter().any(|v| v.contains("$1234 per shoe")),
        "{found:?}"
    );
    // Another recommendation.
    let mut ready = json.clone();
    ready["assessment"]["verdict"]["recommendation"] = serde_json::json!({"kind": "ready"});
    let found = violations(&ready);
    assert!(
        found.iter().any(|v| v.contains("ready to submit")),
        "{found:?}"
    );
    // A player advantage.
    let mut adv = json.clone();
    adv["assessment"]["warnings"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"kind": "player_advantage"}));
    let found = violations(&adv);
    assert!(
        found.iter().any(|v| v.contains("hides a player advantage")),
        "{found:?}"
    );
}

/// An edition asks what its laboratory edition asks and reaches the same
/// recommendation: the assessment is the same, only the words differ.
#[test]
fn each_edition_assesses_as_its_laboratory_edition() {
    let lab = load("reports/twenty_first_century_baccarat.json");
    for e in ["california", "washington"] {
        let ed = load(&format!("reports/twenty_first_century_baccarat-{e}.json"));
        for key in ["questions", "readings", "verdict", "real_shoes", "exposure"] {
            assert_eq!(
                ed["assessment"][key], lab["assessment"][key],
                "{e}: the assessment's {key} differs from the laboratory edition's"
            );
        }
    }
}

/// No source an edition cites was read after the report it is in is
/// dated: the report's date of analysis is on or after the date the
/// editions' texts were read.
#[test]
fn no_edition_cites_a_text_read_after_its_date() {
    let read = certify::edition::sources::READ_ON;
    for e in ["california", "washington"] {
        let md = std::fs::read_to_string(format!("reports/twenty_first_century_baccarat-{e}.md"))
            .unwrap();
        let date = md
            .lines()
            .find(|l| l.starts_with("| Date of analysis"))
            .and_then(|l| l.split('|').nth(2))
            .map(str::trim)
            .expect("a date of analysis");
        assert!(
            date >= read,
            "{e}: dated {date}, cites texts read on {read}"
        );
        assert!(
            md.contains(read),
            "{e}: the page gives the date its texts were read"
        );
    }
}

/// A leaflet marks every figure still to be confirmed and states the deck
/// counts its figures cover.
#[test]
fn leaflets_mark_what_is_to_be_confirmed() {
    let mut seen = 0;
    for entry in std::fs::read_dir("reports").unwrap() {
        let path = entry.unwrap().path();
        let p = path.to_string_lossy().into_owned();
        if !p.ends_with("-leaflet.json") {
            continue;
        }
        let json = load(&p);
        let md = std::fs::read_to_string(p.replace(".json", ".md")).unwrap();
        let confirm = json["to_confirm"].as_array().map_or(0, Vec::len)
            + json["wagers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w["to_confirm"].as_array().map_or(0, Vec::len))
                .sum::<usize>();
        if confirm > 0 {
            seen += 1;
            assert!(
                md.to_lowercase().contains("to be confirmed"),
                "{p}: {confirm} points to confirm, none marked"
            );
        }
        let decks = numbers(&json["permitted_decks"]);
        if decks.len() > 1 {
            let (lo, hi) = (decks[0], decks[decks.len() - 1]);
            assert!(
                md.contains(&format!("{lo} to {hi} decks"))
                    || md.contains(&format!("{lo}-{hi} decks")),
                "{p}: the leaflet does not say its figures cover {lo} to {hi} decks"
            );
        }
    }
    assert!(seen >= 1, "some shipped leaflet has points to confirm");
}

/// A leaflet leaves open what its report leaves open: every question the
/// report asks about the game's own rules is among the leaflet's points to
/// confirm (the leaflet is assessed with the same readings computed).
#[test]
fn leaflets_leave_open_the_game_readings_their_report_asks() {
    let mut checked = 0;
    for path in reports() {
        let json = load(&path);
        let asked: Vec<String> = json["assessment"]["questions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|q| q["subject"]["kind"] == "game_reading")
            .map(|q| format!("Q{}", q["number"]))
            .collect();
        if asked.is_empty() {
            continue;
        }
        let stem = path.trim_end_matches(".json").to_string();
        for entry in std::fs::read_dir("reports").unwrap() {
            let p = entry.unwrap().path().to_string_lossy().into_owned();
            if !(p.starts_with(&stem) && p.ends_with("-leaflet.json")) {
                continue;
            }
            let leaflet = load(&p);
            let sources: Vec<&str> = leaflet["to_confirm"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|c| c["source"].as_str())
                .collect();
            for q in &asked {
                assert!(sources.contains(&q.as_str()), "{p}: {q} is not left open");
            }
            checked += 1;
        }
    }
    assert!(checked >= 1, "Lucky Draw's leaflet is checked");
}
