//! Deck counts in the report (issue 11 item 5; issue 13 items 3 and 5): the
//! spec records the counts its document names, the report gives the full
//! return tables at each of them, marks every count in its tables, and says
//! at which counts each printed claim is confirmed. Expected values come
//! from the documents and the published figures, not from the code.

use certify::check::check_file;
use certify::pipeline::{Options, certify};
use serde_json::Value;

fn report(id: &str) -> String {
    std::fs::read_to_string(format!("reports/{id}.md")).expect("committed report")
}

fn json(id: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(format!("reports/{id}.json")).unwrap()).unwrap()
}

/// The Markdown from `heading` up to the next heading of any level at most
/// as deep.
fn section<'a>(md: &'a str, heading: &str) -> &'a str {
    let start = md.find(heading).unwrap_or_else(|| panic!("{heading}"));
    let rest = &md[start + heading.len()..];
    let end = rest
        .find("\n### ")
        .or(rest.find("\n## "))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Item 1: every shipped spec records what its document says, read from the
/// documents in /work/shared/rule-documents.
#[test]
fn every_shipped_spec_records_its_documents_deck_counts() {
    let expected: [(&str, &[u32], &str); 6] = [
        ("rules/golden_bacc.yaml", &[6, 8], "6 or 8 decks"),
        (
            "rules/21st_century_baccarat.yaml",
            &[3, 4, 5, 6, 7, 8],
            "a minimum of three and a maximum of eight decks",
        ),
        (
            "rules/lucky_draw_baccarat.yaml",
            &[8],
            "played with eight decks",
        ),
        // Its source document is 21st Century Baccarat 10.0.
        (
            "rules/punto_banco.yaml",
            &[3, 4, 5, 6, 7, 8],
            "a minimum of three and a maximum of eight decks",
        ),
        ("rules/lucky_8.yaml", &[], "Mini-Baccarat"),
        ("rules/lucky_monkey.yaml", &[], "standard game of Baccarat"),
    ];
    for (path, counts, quoted) in expected {
        let (_, spec) = check_file(path).expect("valid spec");
        let doc = spec.document_decks.expect(path);
        assert_eq!(doc.counts, counts, "{path}");
        assert!(doc.source.contains(quoted), "{path}: {}", doc.source);
        // The default is the document's count, or explained when it names none.
        if counts.is_empty() {
            assert!(doc.default_because.is_some(), "{path}");
        } else {
            assert!(counts.contains(&spec.shoe.decks), "{path}");
        }
    }
    // The report says so on page one, and why the default where none is named.
    let md = report("lucky_8");
    assert!(md.contains("the document names no deck count"));
    assert!(md.contains("8 decks; the default: the usual Mini-Baccarat shoe"));
    // Each thing once (issue 36): the count is not restated in its reason,
    // nor "no deck count" in where the document is silent.
    let shoe = md
        .lines()
        .find(|l| l.starts_with("| Shoe"))
        .expect("a Shoe row");
    assert_eq!(shoe.matches("8 decks").count(), 1, "{shoe}");
    assert_eq!(shoe.matches("no deck count").count(), 1, "{shoe}");
    let md = report("golden_bacc");
    assert!(md.contains("the document permits 6 or 8 decks"));
}

/// Item 2: the full return table at every count the document names. The
/// six-deck base game is checked against Wizard of Odds' published counts.
#[test]
fn full_return_tables_at_every_count_the_document_names() {
    let md = report("punto_banco");
    let start = md
        .find("### Results at 6 decks, a count the document permits")
        .unwrap();
    let end = md.find("### Results at 7 decks").unwrap();
    let six = &md[start..end];
    // published-figures.md, "Base game, 6 decks".
    for count in [
        "403,095,751,234,560",
        "392,220,492,728,832",
        "83,552,962,932,288",
        "878,869,206,895,680",
    ] {
        assert!(six.contains(count), "{count}");
    }
    for edge in ["1.0558%", "1.2374%", "14.4382%"] {
        assert!(six.contains(&format!("House edge {edge}")), "{edge}");
    }
    // 21st Century and punto banco name 3 to 8: five more counts each.
    for id in ["punto_banco", "twenty_first_century_baccarat"] {
        let md = report(id);
        for d in 3..=7 {
            assert!(
                md.contains(&format!(
                    "### Results at {d} decks, a count the document permits"
                )),
                "{id} {d}"
            );
        }
        assert!(!md.contains("### Results at 2 decks, a count"), "{id}");
    }
    // Golden Bacc: 6 decks beside the default 8, every pay table at the
    // six-deck total (published-figures.md: 878,869,206,895,680).
    let md = report("golden_bacc");
    let start = md
        .find("### Results at 6 decks, a count the document permits")
        .unwrap();
    let six = &md[start..md.find("### House edge by deck count").unwrap()];
    let tables = json("golden_bacc")["results"]["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["pay_tables"].as_array().unwrap().len())
        .sum::<usize>();
    assert_eq!(six.matches("| 878,869,206,895,680 |").count(), tables);
    let at = &json("golden_bacc")["results"]["results_at_document_decks"];
    assert_eq!(at.as_array().unwrap().len(), 1);
    assert_eq!(at[0]["decks"], 6);
    assert_eq!(at[0]["total_combinations"], "878869206895680");
    // Where the document names none, only the default count.
    for id in ["lucky_8", "lucky_monkey"] {
        assert!(!report(id).contains("a count the document permits"), "{id}");
        assert_eq!(
            json(id)["results"]["results_at_document_decks"],
            serde_json::json!([])
        );
    }
}

/// Item 3: the house-edge-by-decks table marks each count and bolds every
/// negative edge.
#[test]
fn the_by_decks_table_marks_counts_and_negative_edges() {
    let md = report("golden_bacc");
    let t = section(&md, "### House edge by deck count");
    let header = t.lines().find(|l| l.starts_with("| wager")).unwrap();
    for d in [1, 2, 3, 4, 5, 7] {
        let deck = if d == 1 { "deck" } else { "decks" };
        assert!(
            header.contains(&format!(" {d} {deck} (hypothetical) |")),
            "{d}"
        );
    }
    assert!(header.contains(" 6 decks (permitted) |"));
    assert!(header.contains(" 8 decks (permitted) |"));
    assert!(t.contains("(permitted): a count the document permits"));
    // Golden Bacc's combined reading pays the player at every count.
    let negatives: Vec<&str> = t
        .split('|')
        .map(str::trim)
        .filter(|c| c.contains('-') && c.trim_matches('*').ends_with('%'))
        .collect();
    assert!(!negatives.is_empty());
    for c in negatives {
        assert!(c.starts_with("**-") && c.ends_with("%**"), "{c}");
    }
    assert!(t.contains("| **-412.1506%**"));
    let md = report("lucky_8");
    let t = section(&md, "### House edge by deck count");
    assert!(t.contains(" 8 decks (default) |"));
    assert!(t.contains(" 7 decks (hypothetical) |"));
    let by = json("golden_bacc")["results"]["house_edge_by_decks"].clone();
    let standing: Vec<&str> = by
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["document"].as_str().unwrap())
        .collect();
    assert_eq!(
        standing,
        [
            "outside_document",
            "outside_document",
            "outside_document",
            "outside_document",
            "outside_document",
            "named_by_document",
            "outside_document",
            "named_by_document"
        ]
    );
}

/// Every heading at a count outside the document's says so: a run at 7
/// decks of Lucky Draw, whose document names only 8.
#[test]
fn a_run_outside_the_documents_counts_is_marked_everywhere() {
    let options = Options {
        decks: Some(7),
        samples: 10,
        ..Options::default()
    };
    let c = certify("rules/lucky_8.yaml", &options, &|_, f| f()).unwrap_or_else(|_| panic!());
    let r = c.render().expect("renders");
    let md = r.markdown;
    assert!(md.contains(
        "### Every wager and pay table at 7 decks (hypothetical: a count the document does not permit)"
    ));
    assert!(
        md.contains(
            "## 4. Results at 7 decks (hypothetical: a count the document does not permit)"
        )
    );
    assert!(md.contains(
        "The verdict is at 7 decks (hypothetical: a count the document does not permit)"
    ));
}

/// Item 4: the counts at which each claim is confirmed. Lucky 8 (issue 13):
/// all nine printed edges at 8 decks, two of nine at 7, none at 6. Lucky
/// Draw: the 3.4% is confirmed at 6 decks (3.3501%), not at 8.
#[test]
fn claims_are_checked_at_every_allowed_count() {
    let claims = json("lucky_8")["results"]["claims_by_decks"].clone();
    let claims = claims.as_array().unwrap();
    assert_eq!(claims.len(), 9);
    let confirmed_at = |d: u64| {
        claims
            .iter()
            .filter(|c| {
                c["confirmed_at_decks"]
                    .as_array()
                    .unwrap()
                    .contains(&Value::from(d))
            })
            .count()
    };
    assert_eq!(confirmed_at(8), 9);
    assert_eq!(confirmed_at(7), 2);
    assert_eq!(confirmed_at(6), 0);
    let draw = json("lucky_draw_baccarat")["results"]["claims_by_decks"].clone();
    let main = draw
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["printed"] == "3.4%")
        .unwrap();
    let at: Vec<u64> = main["confirmed_at_decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    assert!(at.contains(&6) && !at.contains(&8), "{at:?}");
    let six = main["by_decks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["decks"] == 6)
        .unwrap();
    assert_eq!(six["computed"], "3.3501%");
    assert_eq!(six["document"], "outside_document");
    // The Markdown shows it on page one, and the verdict stays at 8 decks.
    let md = report("lucky_draw_baccarat");
    let page_one = &md[..md.find("\n## 2. ").unwrap()];
    assert!(page_one.contains("The verdict is at 8 decks;"));
    assert!(page_one.contains(
        "Printed figures: the house edge the document prints differs from the computed one (Q2"
    ));
    // Confirmed only outside the document's count; not at its 8 decks.
    let row = page_one.lines().rfind(|l| l.contains("| 3.4% ")).unwrap();
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert!(
        cells[3].ends_with("(hypothetical)") && !cells[3].contains("permitted"),
        "{row}"
    );
    assert!(cells[4].starts_with("8 (permitted)"), "{row}");
    let t = section(&md, "### Printed house edges by deck count");
    assert!(t.contains("3.3501% matches"));
}

/// Issue 15 item 3: the by-decks table comes from one enumeration walk that
/// carries a weight per deck count. Each count must equal the walk of that
/// shoe alone, for every shipped spec whose rules do not change with D,
/// from one deck (where card-exact classes run out) to ten (two walks of
/// up to eight counts).
#[test]
fn one_walk_for_many_deck_counts_equals_one_walk_per_count() {
    let mut seen = 0;
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
            continue;
        }
        let (_, spec) = check_file(path.to_str().unwrap()).expect("a shipped spec");
        if !spec.strategies_resolved() {
            continue;
        }
        let decks: Vec<u32> = (1..=10).rev().collect();
        let together = certify::engine::analyse_decks(&spec, &decks);
        assert_eq!(together.len(), decks.len());
        for (d, a) in decks.iter().zip(&together) {
            let alone = certify::engine::analyse(&spec, *d);
            assert_eq!(a.decks, *d);
            assert_eq!(
                format!("{a:?}"),
                format!("{alone:?}"),
                "{}: {d} decks",
                path.display()
            );
        }
        seen += 1;
    }
    assert!(seen >= 5, "{seen} specs");
}

/// Item 3: where a spec allows fewer than six deck counts, the counts the
/// edge functions still need are enumerated with the others and fitted
/// too. A function of D does not depend on where it was fitted, so Lucky
/// Monkey allowing only 7 and 8 decks (fitted at 7 and 8 and the smallest
/// missing counts, 1-4) must give the committed report's functions, fitted
/// at 1-6.
#[test]
fn edge_functions_fitted_at_other_counts_are_the_same_functions() {
    let dir = std::env::temp_dir().join(format!("certify-fit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = std::fs::read_to_string("rules/lucky_monkey.yaml").unwrap();
    let narrowed = source.replacen("allowed_decks: [1, 8]", "allowed_decks: [7, 8]", 1);
    assert_ne!(source, narrowed, "the spec names its allowed counts");
    let path = dir.join("lucky_monkey.yaml");
    std::fs::write(&path, narrowed).unwrap();
    let options = Options {
        fixtures: Some("fixtures".into()),
        samples: 10,
        ..Options::default()
    };
    let c = certify(path.to_str().unwrap(), &options, &|_, f| f()).unwrap_or_else(|_| panic!());
    let fresh = c.render().expect("renders").document["results"]["house_edge_functions"].clone();
    std::fs::remove_dir_all(&dir).ok();
    let committed = json("lucky_monkey")["results"]["house_edge_functions"].clone();
    assert_eq!(
        fresh["fitted_at_decks"],
        serde_json::json!([1, 2, 3, 4, 7, 8])
    );
    assert_eq!(
        committed["fitted_at_decks"],
        serde_json::json!([1, 2, 3, 4, 5, 6])
    );
    assert_eq!(fresh["tables"], committed["tables"]);
}
