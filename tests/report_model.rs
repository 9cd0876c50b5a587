//! The report is one typed value (`report::model`) rendered three ways.
//! A section added to the model shows in the Markdown, the PDF and the
//! JSON without touching a renderer; and every figure a shipped Markdown
//! report prints is also in its JSON and in the text read back from its
//! PDF, with the same digits.

use certify::pipeline::{Options, certify};
use certify::report::model::{Kind, Section, Table};
use serde_json::Value;

/// Figures as printed: decimals, percentages, grouped counts, fractions.
fn figures(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit()
                || (matches!(chars[j], ',' | '.' | '/')
                    && chars.get(j + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            j += 1;
        }
        if j < chars.len() && chars[j] == '%' {
            j += 1;
        }
        let token: String = chars[i..j].iter().collect();
        // Only figures a reader compares: with a point, a group, a slash
        // or a percent sign (bare small integers are everywhere).
        let alone = j < chars.len() && chars[j].is_alphabetic();
        if !alone && token.contains(['.', ',', '/', '%']) && token.len() >= 4 {
            out.push(token);
        }
        i = j.max(i + 1);
    }
    out
}

fn without_space(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn a_section_added_to_the_model_shows_in_markdown_pdf_and_json() {
    let run = certify(
        "rules/lucky_monkey.yaml",
        &Options::default(),
        &|_, work| work(),
    )
    .unwrap_or_else(|f| panic!("{f:?}"));
    let report = run.render().expect("renders");
    let mut model = report.model.clone();
    let mut added = Section::new("regulator_note", "8. A section added in a test");
    added.para("Added prose with a **bold** claim and `code_id`.");
    let mut t = Table::names(["figure", "value"]).kind(1, Kind::Percent);
    t.row(["Test edge", "12.3456%"]);
    added.table(t);
    model.sections.push(added);
    let again = certify::report::document::render(report.data.clone(), model).expect("renders");
    assert!(again.markdown.contains("## 8. A section added in a test"));
    assert!(again.markdown.contains("| Test edge | 12.3456% |"));
    let json: Value = serde_json::from_str(&again.json).unwrap();
    let sections = json["document"]["sections"].as_array().unwrap();
    let last = sections.last().unwrap();
    assert_eq!(last["id"], "regulator_note");
    assert_eq!(last["blocks"][1]["table"]["columns"][1]["kind"], "percent");
    assert_eq!(last["blocks"][1]["table"]["rows"][0][1], "12.3456%");
    let text = pdf_extract::extract_text_from_mem(&again.pdf).unwrap();
    assert!(text.contains("A section added in a test"));
    assert!(without_space(&text).contains("12.3456%"));
    // In its place: after the numbered sections, before the appendix; and
    // the rest of the report is as it was.
    let at = |s: &str| again.markdown.find(s).unwrap_or_else(|| panic!("{s}"));
    assert!(at("## 2. The rules") < at("## 8. A section added"));
    assert!(at("## 8. A section added") < at("Reproducibility manifest"));
    assert!(at("## 8. A section added") < at("## Appendix A"));
    let (head, tail) = report
        .markdown
        .split_at(report.markdown.find("## Appendix A").unwrap());
    assert!(again.markdown.starts_with(head) && again.markdown.ends_with(tail));
}

#[test]
fn every_figure_of_each_shipped_markdown_is_in_its_json_and_its_pdf() {
    let names = [
        "golden_bacc",
        "lucky_8",
        "lucky_draw_baccarat",
        "lucky_monkey",
        "punto_banco",
        "twenty_first_century_baccarat",
    ];
    for name in names {
        let md = std::fs::read_to_string(format!("reports/{name}.md")).unwrap();
        let json = std::fs::read_to_string(format!("reports/{name}.json")).unwrap();
        let pdf = std::fs::read(format!("reports/{name}.pdf")).unwrap();
        let doc: Value = serde_json::from_str(&json).unwrap();
        let rendered = doc["document"].to_string();
        let pdf_text = without_space(&pdf_extract::extract_text_from_mem(&pdf).unwrap());
        let wanted = figures(&md);
        assert!(wanted.len() > 100, "{name}: {} figures", wanted.len());
        let missing_json: Vec<&String> = wanted.iter().filter(|f| !rendered.contains(*f)).collect();
        assert!(
            missing_json.is_empty(),
            "{name}: not in the JSON: {missing_json:?}"
        );
        let missing_pdf: Vec<&String> = wanted.iter().filter(|f| !pdf_text.contains(*f)).collect();
        assert!(
            missing_pdf.is_empty(),
            "{name}: {} of {} figures not in the PDF's text: {:?}",
            missing_pdf.len(),
            wanted.len(),
            &missing_pdf[..missing_pdf.len().min(20)]
        );
    }
}
