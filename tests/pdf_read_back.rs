//! The shipped PDFs read back as a viewer reads them, with PDF-reading
//! crates (`pdf-extract` for the text, `lopdf` for the outline), not with
//! certify's own layout: page one holds the verdict, the summary section
//! holds every pay table's house edge as the JSON report gives it (or says
//! its pays are assumed), and the
//! outline names every wager.

use lopdf::{Document, Object};
use serde_json::Value;

/// The shipped reports, by name.
fn shipped() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir("reports")
        .expect("reports/")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let p = e.path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            // The players' leaflets are read back by tests/leaflet.rs.
            (p.extension()? == "pdf" && !stem.ends_with("-leaflet")).then_some(stem)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 6, "every shipped spec has a PDF");
    names
}

fn json(name: &str) -> Value {
    serde_json::from_slice(&std::fs::read(format!("reports/{name}.json")).unwrap()).unwrap()
}

/// "1.0579%" from the JSON's exact decimal "0.010579057842" (rounded half
/// up at four places, as the report prints it; the decimal has twelve).
fn percent(decimal: &str) -> String {
    let x: f64 = decimal.parse().expect("a decimal");
    format!("{:.4}%", x * 100.0)
}

/// An outline item's title: UTF-16BE with a byte-order mark, or bytes.
fn title(o: &Object) -> String {
    match o {
        Object::String(b, _) if b.starts_with(&[0xFE, 0xFF]) => {
            let units: Vec<u16> = b[2..]
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        Object::String(b, _) => b.iter().map(|&c| c as char).collect(),
        _ => String::new(),
    }
}

/// Every title in the document outline.
fn outline(doc: &Document) -> Vec<String> {
    let mut titles = Vec::new();
    let root = doc
        .catalog()
        .and_then(|c| c.get(b"Outlines"))
        .and_then(Object::as_reference)
        .and_then(|r| doc.get_dictionary(r))
        .expect("the PDF has an outline");
    let mut stack: Vec<_> = root
        .get(b"First")
        .and_then(Object::as_reference)
        .into_iter()
        .collect();
    while let Some(id) = stack.pop() {
        let item = doc.get_dictionary(id).expect("an outline item");
        titles.push(item.get(b"Title").map(title).unwrap_or_default());
        for key in [b"Next".as_slice(), b"First"] {
            if let Ok(next) = item.get(key).and_then(Object::as_reference) {
                stack.push(next);
            }
        }
        assert!(titles.len() < 10_000, "an outline without a cycle");
    }
    titles
}

#[test]
fn page_one_holds_the_verdict_and_the_summary_every_house_edge() {
    for name in shipped() {
        let bytes = std::fs::read(format!("reports/{name}.pdf")).unwrap();
        let pages = pdf_extract::extract_text_from_mem_by_pages(&bytes)
            .unwrap_or_else(|e| panic!("{name}.pdf does not read back: {e}"));
        let report = json(&name);
        let title = report["manifest"]["spec_id"].as_str().unwrap().to_string();
        assert!(
            pages[0].contains("Verdict."),
            "{name}: page 1 has the verdict"
        );
        assert!(
            pages[0].contains("1. Summary"),
            "{name}: page 1 opens the summary"
        );
        // The summary runs until the contents page (or the rules).
        let end = pages
            .iter()
            .position(|p| p.contains("Contents") || p.contains("2. The rules"))
            .unwrap_or(pages.len());
        let summary: String = pages[..end.max(1)].concat().replace('\u{2212}', "-");
        let mut first = true;
        let md = std::fs::read_to_string(format!("reports/{name}.md")).unwrap();
        let headline = md.contains("### Headline figures");
        // The headline figures follow the verdict and the recommendation
        // (which a long verdict can push past the first page), and come
        // before the table of every wager.
        if headline {
            let at = pages
                .iter()
                .position(|p| p.contains("Headline figures"))
                .unwrap_or_else(|| panic!("{name}: no headline figures"));
            let every = pages
                .iter()
                .position(|p| p.contains("Every wager and pay table"))
                .unwrap_or(pages.len());
            assert!(
                at <= 1 && at <= every,
                "{name}: the headline figures on page {} (the every-wager table on page {})",
                at + 1,
                every + 1
            );
        }
        // The other reading of a question is not a figure of the game:
        // page one asks the question (section 4 gives its figures).
        let other_reading = |w: &serde_json::Value, t: &serde_json::Value| {
            report["assessment"]["tables"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| {
                    f["wager"] == w["id"]
                        && f["pay_table"] == t["id"]
                        && f["standing"]["kind"] == "other_reading"
                })
        };
        for w in report["results"]["wagers"].as_array().unwrap() {
            for t in w["pay_tables"].as_array().unwrap() {
                if other_reading(w, t) {
                    continue;
                }
                // Page one gives no house edge for pays the rule file
                // assumed (the document prints none): the wager is not
                // evaluated.
                if !t["assumed"].is_null() {
                    assert!(
                        summary.contains("not evaluated — pay table required"),
                        "{title}: assumed pays named"
                    );
                    continue;
                }
                let edge = percent(t["house_edge"]["decimal"].as_str().unwrap());
                assert!(
                    summary.contains(&edge),
                    "{title}: {} / {}: house edge {edge} not in the summary",
                    w["id"],
                    t["id"]
                );
                // The figures follow the verdict and the recommendation:
                // the headline figures where the rule file names them
                // (issue 35), else the first edge, on the first two pages.
                if first && !headline {
                    assert!(
                        pages[..2.min(pages.len())]
                            .concat()
                            .replace('\u{2212}', "-")
                            .contains(&edge),
                        "{title}: the first house edge on the first two pages"
                    );
                    first = false;
                }
            }
        }
    }
}

#[test]
fn the_outline_names_every_section_and_every_wager() {
    for name in shipped() {
        let doc = Document::load(format!("reports/{name}.pdf")).unwrap();
        let titles = outline(&doc);
        for section in [
            "1. Summary",
            "2. The rules",
            "5. Verification",
            "6. Game protection",
            // Every shipped report simulates (`--simulate`); the manifest
            // is the last appendix.
            "7. Simulation and card counting",
            "8. Limitations",
            "Appendix C. Reproducibility manifest",
        ] {
            // An edition inserts its sections before "Limitations", which
            // then has a later number.
            let edition = name.contains('-');
            let found = titles.iter().any(|t| {
                t == section
                    || (edition && section == "8. Limitations" && t.ends_with(". Limitations"))
            });
            assert!(found, "{name}: outline lacks {section}");
        }
        for w in json(&name)["results"]["wagers"].as_array().unwrap() {
            let wager = w["name"].as_str().unwrap();
            assert!(
                titles.iter().any(|t| t == &format!("Wager: {wager}")),
                "{name}: no outline entry for wager {wager}"
            );
        }
    }
}
