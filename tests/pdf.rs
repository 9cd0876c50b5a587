//! The PDF's pages as laid out: page numbers, type sizes, line breaks,
//! numeric alignment and page breaks, checked against the Markdown fed in.

use certify::report::pdf::fonts::FontId;
use certify::report::pdf::layout::{BOTTOM, LEFT, RIGHT, TOP};
use certify::report::pdf::{Laid, Role, Text, layout, render};
use std::collections::BTreeMap;

const SHIPPED: [&str; 6] = [
    "golden_bacc",
    "lucky_8",
    "lucky_draw_baccarat",
    "lucky_monkey",
    "punto_banco",
    "twenty_first_century_baccarat",
];

fn shipped(name: &str) -> String {
    std::fs::read_to_string(format!("reports/{name}.md")).expect("committed report")
}

fn all_texts(laid: &Laid) -> impl Iterator<Item = (usize, &Text)> {
    (0..laid.pages.len()).flat_map(move |i| laid.texts(i).map(move |t| (i, t)))
}

/// The lines of text with `role`, page by page, top to bottom: the pieces
/// sharing a baseline joined.
fn lines(laid: &Laid, role: impl Fn(&Role) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..laid.pages.len() {
        let mut by_y: BTreeMap<i64, Vec<&Text>> = BTreeMap::new();
        for t in laid.texts(i).filter(|t| role(&t.role)) {
            by_y.entry((t.y * 100.0) as i64).or_default().push(t);
        }
        for (_, mut ts) in by_y {
            ts.sort_by(|a, b| a.x.total_cmp(&b.x));
            out.push(ts.iter().map(|t| t.text.as_str()).collect());
        }
    }
    out
}

/// Joins wrapped lines back: directly after a line ending in `_ . / -`,
/// with a space otherwise (the break was at a space).
fn rejoin(lines: &[String]) -> String {
    let mut s = String::new();
    for l in lines {
        if !s.is_empty() && !s.ends_with(['_', '.', '/', '-']) {
            s.push(' ');
        }
        s.push_str(l);
    }
    s
}

#[test]
fn every_page_says_page_i_of_n_and_the_pdf_has_n_pages() {
    for name in SHIPPED {
        let md = shipped(name);
        let laid = layout(&md, "certify · test").unwrap();
        let n = laid.pages.len();
        assert!(n >= 2, "{name}: {n} pages");
        for i in 0..n {
            let footers: Vec<&Text> = laid.texts(i).filter(|t| t.role == Role::Footer).collect();
            assert_eq!(footers.len(), 1, "{name} page {}", i + 1);
            assert!(
                footers[0].text.ends_with(&format!("page {} of {n}", i + 1)),
                "{name}: {}",
                footers[0].text
            );
        }
        let pdf = render(&md, "certify · test").unwrap();
        let text = String::from_utf8_lossy(&pdf);
        let pages = text.matches("/Type/Page/").count() + text.matches("/Type/Page>").count();
        let count = format!("/Type/Pages/Count {n}/");
        assert!(text.contains(&count), "{name}: no {count}");
        assert_eq!(pages, n, "{name}: PDF page objects");
    }
}

#[test]
fn no_text_below_the_floors_body_at_least_9pt_tables_at_least_7pt() {
    for name in SHIPPED {
        let laid = layout(&shipped(name), "certify · test").unwrap();
        for (p, t) in all_texts(&laid) {
            assert!(
                t.size >= 7.0,
                "{name} page {}: {:?} at {}",
                p + 1,
                t.text,
                t.size
            );
            if matches!(t.role, Role::Body | Role::Item) {
                assert!(
                    t.size >= 9.0,
                    "{name} page {}: body {:?} at {}",
                    p + 1,
                    t.text,
                    t.size
                );
            }
            if matches!(t.role, Role::Body | Role::Item | Role::Cell { .. })
                && t.font != FontId::Mono
            {
                assert!(
                    matches!(t.font, FontId::Serif | FontId::SerifBold),
                    "{name}: prose in {:?}",
                    t.font
                );
            }
            assert!(
                t.x >= LEFT - 0.01 && t.x + t.width <= RIGHT + 0.01,
                "{name}: {:?} outside the margins",
                t.text
            );
        }
    }
}

#[test]
fn lines_break_only_at_spaces_and_after_underscore_dot_slash_hyphen() {
    let id = "21st_century_baccarat_10.txt";
    let para = format!("The source {id} names {id} and {id}; ").repeat(12);
    let row = format!(
        "| {id} {id} | banker_no_commission.standard | lucky_8_player_one_suit.l8_1 | `a.b/c-d_e` {id} | 1,234 |"
    );
    let md = format!(
        "# T\n\n{para}\n\n| source | table | event | expr | n |\n|---|---|---|---|---|\n{}\n",
        [row.as_str(); 4].join("\n")
    );
    let laid = layout(&md, "h").unwrap();
    let body = lines(&laid, |r| *r == Role::Body);
    assert!(body.len() > 3, "the paragraph wraps");
    assert_eq!(rejoin(&body), para.trim_end());
    for col in 0..4 {
        for row in 1..=4 {
            let cell = lines(&laid, |r| *r == Role::Cell { table: 0, row, col });
            let expected = [
                format!("{id} {id}"),
                "banker_no_commission.standard".into(),
                "lucky_8_player_one_suit.l8_1".into(),
                format!("a.b/c-d_e {id}"),
            ];
            assert_eq!(rejoin(&cell), expected[col], "column {col}");
            for l in &cell {
                for bad in ["t|xt", ".t", "stand", "l8"] {
                    assert!(
                        !(l.ends_with(&bad[..bad.len() - 1]) && bad.contains('|')),
                        "{l}"
                    );
                }
            }
        }
    }
}

#[test]
fn numeric_columns_are_right_aligned_text_columns_left_aligned() {
    let md = "# T\n\n| event | pays | combinations | probability | odds |\n|---|---|---|---|---|\n\
        | win | 1 to 1 | 1,234,567 | 0.5000000000 | 1 in 2 |\n\
        | big win | 50 to 1 | 89 | 0.0000001 | 1 in 13,871 |\n\
        | push | push | 12,345,678,901 | 1.25% | 1 in 1 |\n\
        | **total** | | 12,346,913,557 | 100% | |\n";
    let laid = layout(md, "h").unwrap();
    assert_eq!(laid.tables[0].numeric, vec![false, false, true, true, true]);
    for col in 0..5 {
        let mut rights = Vec::new();
        let mut lefts = Vec::new();
        for row in 1..=4 {
            let pieces: Vec<&Text> = laid
                .texts(0)
                .filter(|t| t.role == Role::Cell { table: 0, row, col })
                .collect();
            if pieces.is_empty() {
                continue;
            }
            lefts.push(pieces.iter().map(|t| t.x).fold(f32::MAX, f32::min));
            rights.push(pieces.iter().map(|t| t.x + t.width).fold(0.0, f32::max));
        }
        let same = |v: &[f32]| v.iter().all(|x| (x - v[0]).abs() < 0.01);
        if col >= 2 {
            assert!(same(&rights), "column {col} right edges {rights:?}");
            assert!(!same(&lefts), "column {col} is not left-aligned");
        } else {
            assert!(same(&lefts), "column {col} left edges {lefts:?}");
        }
    }
}

/// Rows of each table on each page: (page, table) -> rows present.
fn rows_by_page(laid: &Laid) -> BTreeMap<(usize, usize), std::collections::BTreeSet<usize>> {
    let mut out: BTreeMap<_, std::collections::BTreeSet<usize>> = BTreeMap::new();
    for (p, t) in all_texts(laid) {
        if let Role::Cell { table, row, .. } = t.role {
            out.entry((p, table)).or_default().insert(row);
        }
    }
    out
}

#[test]
fn a_table_keeps_its_header_with_three_rows_and_repeats_it() {
    let rows = 120;
    let table: String = (1..=rows).map(|r| format!("| row {r} | {r} |\n")).collect();
    // The table starts at many heights on its first page.
    for lead in 0..45 {
        let md = format!(
            "# T\n\n{}## Section\n\n| name | value |\n|---|---|\n{table}\n### After\n\nEnd.\n",
            "A paragraph of filler text.\n\n".repeat(lead)
        );
        let laid = layout(&md, "h").unwrap();
        let mut seen = Vec::new();
        for ((page, _), present) in rows_by_page(&laid) {
            let body: Vec<usize> = present.iter().copied().filter(|r| *r > 0).collect();
            assert!(
                present.contains(&0),
                "lead {lead}: page {} has rows without the header",
                page + 1
            );
            assert!(
                body.len() >= 3,
                "lead {lead}: page {} holds {} rows",
                page + 1,
                body.len()
            );
            seen.extend(body);
        }
        assert_eq!(
            seen,
            (1..=rows).collect::<Vec<_>>(),
            "lead {lead}: every row once, in order"
        );
        // A heading never ends a page.
        for p in 0..laid.pages.len() {
            let last = laid
                .texts(p)
                .filter(|t| !matches!(t.role, Role::Running | Role::Footer))
                .max_by(|a, b| a.y.total_cmp(&b.y));
            if let Some(t) = last {
                assert!(
                    !matches!(t.role, Role::Heading(_)),
                    "lead {lead}: page {} ends with {:?}",
                    p + 1,
                    t.text
                );
                assert!(t.y <= BOTTOM && t.y >= TOP);
            }
        }
    }
}

#[test]
fn a_short_table_is_never_split() {
    let table: String = (1..=6).map(|r| format!("| r{r} | {r} |\n")).collect();
    for lead in 0..50 {
        let md = format!(
            "{}| a | b |\n|---|---|\n{table}",
            "Filler paragraph.\n\n".repeat(lead)
        );
        let laid = layout(&md, "h").unwrap();
        let pages: Vec<usize> = rows_by_page(&laid).keys().map(|(p, _)| *p).collect();
        assert_eq!(
            pages.len(),
            1,
            "lead {lead}: a 6-row table on pages {pages:?}"
        );
    }
}

#[test]
fn bold_and_code_keep_their_faces_in_paragraphs_bullets_and_cells() {
    let md = "Plain **bold words** and `code_id` here.\n\n- item **strong** `x.y`\n\n| a | b |\n|---|---|\n| **B** | `c` |\n";
    let laid = layout(md, "h").unwrap();
    let find = |s: &str| {
        laid.texts(0)
            .find(|t| t.text.contains(s))
            .unwrap_or_else(|| panic!("{s} not set"))
            .font
    };
    assert_eq!(find("bold words"), FontId::SerifBold);
    assert_eq!(find("code_id"), FontId::Mono);
    assert_eq!(find("Plain"), FontId::Serif);
    assert_eq!(find("strong"), FontId::SerifBold);
    assert_eq!(find("x.y"), FontId::Mono);
    let cell = |col| {
        laid.texts(0)
            .find(|t| {
                t.role
                    == Role::Cell {
                        table: 0,
                        row: 1,
                        col,
                    }
            })
            .unwrap()
            .font
    };
    assert_eq!(cell(0), FontId::SerifBold);
    assert_eq!(cell(1), FontId::Mono);
}

#[test]
fn the_running_header_fits_within_the_margins() {
    let head = format!(
        "certify 0.1.0 · twenty_first_century_baccarat_with_a_long_name v1.0.0 · results sha256 {}",
        "0123456789abcdef".repeat(4)
    );
    let laid = layout("# T\n\nText.\n", &head).unwrap();
    let t = laid.texts(0).find(|t| t.role == Role::Running).unwrap();
    assert!(t.size >= 7.0);
    assert!(
        t.x >= LEFT && t.x + t.width <= RIGHT + 0.01,
        "{} wide",
        t.width
    );
    assert!(head.starts_with(t.text.trim_end_matches('…')));
}

#[test]
fn long_reports_have_a_contents_page_matching_the_outline() {
    let laid = layout(&shipped("golden_bacc"), "h").unwrap();
    assert!(laid.pages.len() > 10);
    let contents = laid
        .anchors
        .iter()
        .find(|a| a.title == "Contents")
        .expect("a contents section");
    // Every entry's number is the page its heading is on.
    let entries: Vec<String> = lines(&laid, |r| *r == Role::Contents);
    let headings: Vec<_> = laid
        .anchors
        .iter()
        .filter(|a| (2..=3).contains(&a.level) && a.title != "Contents")
        .collect();
    assert!(headings.len() >= 6);
    let mut k = 0;
    for line in &entries {
        let h = headings[k];
        if line.starts_with(h.title.chars().take(12).collect::<String>().as_str()) {
            assert!(
                line.ends_with(&(h.page + 1).to_string()),
                "{line}: page {}",
                h.page + 1
            );
            k += 1;
            if k == headings.len() {
                break;
            }
        }
    }
    assert_eq!(k, headings.len(), "every heading listed");
    // Before section 2, whose heading starts the page after it.
    let second = laid
        .anchors
        .iter()
        .find(|a| a.title.starts_with("2."))
        .unwrap();
    assert!(
        contents.page < second.page,
        "contents on page {}",
        contents.page + 1
    );
}

#[test]
fn metadata_names_the_submitter_or_certify_and_no_date() {
    let md = "# Game — mathematical analysis\n\n| item | value |\n|---|---|\n| Spec | `game_x` version 1 |\n| Submitter | Acme Gaming Ltd |\n\n## 1. Summary\n\nText.\n\n### Every wager\n\n| wager | edge |\n|---|---|\n| `side_bet` | 1% |\n";
    let pdf = render(md, "h").unwrap();
    let again = render(md, "h").unwrap();
    assert_eq!(pdf, again, "byte-reproducible");
    let text = String::from_utf8_lossy(&pdf);
    for s in ["Acme Gaming Ltd", "game_x", "side_bet", "/Outlines"] {
        assert!(text.contains(s), "{s} not in the PDF");
    }
    assert!(!text.contains("/CreationDate") && !text.contains("/ModDate"));
    let anonymous = render(&md.replace("| Submitter | Acme Gaming Ltd |\n", ""), "h").unwrap();
    assert!(String::from_utf8_lossy(&anonymous).contains("(certify)"));
}
