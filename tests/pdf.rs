//! The PDF's pages as laid out: page numbers, type sizes, line breaks,
//! numeric alignment and page breaks, checked against the report model fed
//! in (the shipped specs' reports, and small documents built here).

use certify::report::model::{
    Block, Decide, DeckChart, Document, Figure, Kind, Meta, Section, Table, Text,
};
use certify::report::pdf::fonts::FontId;
use certify::report::pdf::layout::{BOTTOM, LEFT, RIGHT, TOP};
use certify::report::pdf::layout::{FIGURE, Op};
use certify::report::pdf::{CONFORMANCE, Laid, Role, Text as Placed, layout, render};
use certify::report::release::RELEASE_DATE;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const SHIPPED: [&str; 6] = [
    "golden_bacc",
    "lucky_8",
    "lucky_draw_baccarat",
    "lucky_monkey",
    "punto_banco",
    "twenty_first_century_baccarat",
];

fn shipped_md(name: &str) -> String {
    std::fs::read_to_string(format!("reports/{name}.md")).expect("committed report")
}

/// The report model of a shipped spec, computed here (without the
/// simulation the shipped files add: the layout rules are the same). The
/// six are computed once, side by side, for every test that reads them.
fn shipped(name: &str) -> &'static Document {
    static MODELS: OnceLock<BTreeMap<&str, Document>> = OnceLock::new();
    let models = MODELS.get_or_init(|| {
        SHIPPED
            .par_iter()
            .map(|&name| {
                let spec = match name {
                    "twenty_first_century_baccarat" => "21st_century_baccarat",
                    n => n,
                };
                let options = certify::pipeline::Options::default();
                let run = certify::pipeline::certify(
                    &format!("rules/{spec}.yaml"),
                    &options,
                    &|_, work| work(),
                )
                .unwrap_or_else(|f| panic!("{f:?}"));
                (name, run.render().expect("renders").model)
            })
            .collect()
    });
    &models[name]
}

/// A small document: title "T", then these sections.
fn doc(sections: Vec<Section>) -> Document {
    Document {
        meta: Meta {
            title: "T".into(),
            author: "certify".into(),
            keywords: Vec::new(),
            date: None,
            description: "D".into(),
            reference: "Report T-1, revision 1".into(),
        },
        sections,
        ..Document::default()
    }
}

/// A section without a heading, holding `blocks`.
fn body(blocks: Vec<Block>) -> Section {
    Section {
        id: "body".into(),
        heading: Text::default(),
        blocks,
    }
}

fn para(s: &str) -> Block {
    Block::Paragraph { text: s.into() }
}

/// A table of words from rows of cells (the first row is the header).
fn table(rows: &[&[&str]]) -> Table {
    let mut t = Table::names(rows[0].iter().copied());
    for r in &rows[1..] {
        t.row(r.iter().copied());
    }
    t
}

fn table_block(t: Table) -> Block {
    Block::Table { table: t }
}

fn all_texts(laid: &Laid) -> impl Iterator<Item = (usize, &Placed)> {
    (0..laid.pages.len()).flat_map(move |i| laid.texts(i).map(move |t| (i, t)))
}

/// The lines of text with `role`, page by page, top to bottom: the pieces
/// sharing a baseline joined.
fn lines(laid: &Laid, role: impl Fn(&Role) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..laid.pages.len() {
        let mut by_y: BTreeMap<i64, Vec<&Placed>> = BTreeMap::new();
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
        let model = shipped(name);
        let laid = layout(model, "certify · test").unwrap();
        let n = laid.pages.len();
        assert!(n >= 2, "{name}: {n} pages");
        for i in 0..n {
            let footers: Vec<&Placed> = laid.texts(i).filter(|t| t.role == Role::Footer).collect();
            assert_eq!(footers.len(), 1, "{name} page {}", i + 1);
            assert!(
                footers[0].text.ends_with(&format!("page {} of {n}", i + 1)),
                "{name}: {}",
                footers[0].text
            );
        }
        let pdf = render(model, "certify · test").unwrap();
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
        let laid = layout(shipped(name), "certify · test").unwrap();
        for (p, t) in all_texts(&laid) {
            assert!(
                t.size >= 7.0,
                "{name} page {}: {:?} at {}",
                p + 1,
                t.text,
                t.size
            );
            // Code beside prose is set smaller, to the prose's x-height.
            if matches!(t.role, Role::Body | Role::Item)
                && matches!(t.font, FontId::Serif | FontId::SerifBold)
            {
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
    let prose = format!("The source {id} names {id} and {id}; ").repeat(12);
    let first = format!("{id} {id}");
    let expr = format!("`a.b/c-d_e` {id}");
    let row: [&str; 5] = [
        &first,
        "banker_no_commission.standard",
        "lucky_8_player_one_suit.l8_1",
        &expr,
        "1,234",
    ];
    let t = table(&[
        &["source", "table", "event", "expr", "n"],
        &row,
        &row,
        &row,
        &row,
    ]);
    let text = Block::Paragraph {
        text: Text::plain(prose.trim_end()),
    };
    let model = doc(vec![body(vec![text, table_block(t)])]);
    let laid = layout(&model, "h").unwrap();
    let body = lines(&laid, |r| *r == Role::Body);
    assert!(body.len() > 3, "the paragraph wraps");
    assert_eq!(rejoin(&body), prose.trim_end());
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
    let t = table(&[
        &["event", "pays", "combinations", "probability", "odds"],
        &["win", "1 to 1", "1,234,567", "0.5000000000", "1 in 2"],
        &["big win", "50 to 1", "89", "0.0000001", "1 in 13,871"],
        &["push", "push", "12,345,678,901", "1.25%", "1 in 1"],
        &["**total**", "", "12,346,913,557", "100%", ""],
    ])
    .kind(1, Kind::Amount)
    .kind(2, Kind::Count)
    .kind(3, Kind::Decimal)
    .kind(4, Kind::Odds);
    let laid = layout(&doc(vec![body(vec![table_block(t)])]), "h").unwrap();
    assert_eq!(laid.tables[0].numeric, vec![false, false, true, true, true]);
    for col in 0..5 {
        let mut rights = Vec::new();
        let mut lefts = Vec::new();
        for row in 1..=4 {
            let pieces: Vec<&Placed> = laid
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
    let mut t = Table::names(["name", "value"]).kind(1, Kind::Count);
    for r in 1..=rows {
        t.row([format!("row {r}"), r.to_string()]);
    }
    // The table starts at many heights on its first page.
    for lead in 0..45 {
        let filler = vec![para("A paragraph of filler text."); lead];
        let section = Section {
            id: "s".into(),
            heading: "Section".into(),
            blocks: vec![
                table_block(t.clone()),
                Block::Heading {
                    level: 3,
                    text: "After".into(),
                },
                para("End."),
            ],
        };
        let laid = layout(&doc(vec![body(filler), section]), "h").unwrap();
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
    let mut t = Table::names(["a", "b"]);
    for r in 1..=6 {
        t.row([format!("r{r}"), r.to_string()]);
    }
    for lead in 0..50 {
        let mut blocks = vec![para("Filler paragraph."); lead];
        blocks.push(table_block(t.clone()));
        let laid = layout(&doc(vec![body(blocks)]), "h").unwrap();
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
    let mut list = Section::new("s", "");
    list.item("item **strong** `x.y`");
    let blocks = vec![
        para("Plain **bold words** and `code_id` here."),
        list.blocks.remove(0),
        table_block(table(&[&["a", "b"], &["**B**", "`c`"]])),
    ];
    let laid = layout(&doc(vec![body(blocks)]), "h").unwrap();
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
    let laid = layout(&doc(vec![body(vec![para("Text.")])]), &head).unwrap();
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
    let laid = layout(shipped("golden_bacc"), "h").unwrap();
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
fn metadata_names_the_submitter_or_certify_and_dates_it_by_the_release() {
    let mut summary = Section::new("summary", "1. Summary");
    summary.para("Text.");
    let mut model = doc(vec![summary]);
    model.meta = Meta {
        title: "Game — mathematical analysis".into(),
        author: "Acme Gaming Ltd".into(),
        keywords: vec!["game_x".into(), "side_bet".into()],
        date: None,
        description: "Manufacturer's analysis".into(),
        reference: "Report G-1, revision 1".into(),
    };
    let pdf = render(&model, "h").unwrap();
    let again = render(&model, "h").unwrap();
    assert_eq!(pdf, again, "byte-reproducible");
    let text = String::from_utf8_lossy(&pdf);
    for s in ["Acme Gaming Ltd", "game_x", "side_bet", "/Outlines"] {
        assert!(text.contains(s), "{s} not in the PDF");
    }
    // The only dates are the release's, never the clock's.
    let (y, m, d) = RELEASE_DATE;
    let date = format!("(D:{y:04}{m:02}{d:02}000000Z)");
    assert!(text.contains(&format!("/CreationDate{date}")), "no {date}");
    assert!(text.contains(&format!("/ModDate{date}")));
    assert_eq!(text.matches("/CreationDate(").count(), 1);
    model.meta.author = "certify".into();
    let anonymous = render(&model, "h").unwrap();
    assert!(String::from_utf8_lossy(&anonymous).contains("(certify)"));
    // A declared date of analysis is the PDF's date instead (issue 36).
    model.meta.date = Some("2027-03-04".into());
    let dated = String::from_utf8_lossy(&render(&model, "h").unwrap()).into_owned();
    assert!(
        dated.contains("/CreationDate(D:20270304000000Z)"),
        "no declared date"
    );
    assert!(
        !dated.contains(&date),
        "the release date beside the declared one"
    );
}

/// The text between `<tag>` and `</tag>` in the PDF's XMP metadata.
fn xmp<'a>(pdf: &'a str, tag: &str) -> Option<&'a str> {
    let open = format!("<{tag}>");
    let start = pdf.find(&open)? + open.len();
    let end = pdf[start..].find(&format!("</{tag}>"))? + start;
    Some(&pdf[start..end])
}

#[test]
fn every_shipped_pdf_declares_pdf_a_2b_and_its_manifest_says_so() {
    let small = render(&doc(vec![body(vec![para("Text.")])]), "h").unwrap();
    let mut pdfs = vec![("small".to_string(), small)];
    for name in SHIPPED {
        pdfs.push((
            name.to_string(),
            std::fs::read(format!("reports/{name}.pdf")).unwrap(),
        ));
        let md = shipped_md(name);
        assert!(
            md.contains(&format!("\npdf_conformance: {CONFORMANCE}\n")),
            "{name}: the manifest does not state {CONFORMANCE}"
        );
    }
    assert_eq!(CONFORMANCE, "PDF/A-2b");
    for (name, pdf) in pdfs {
        let text = String::from_utf8_lossy(&pdf);
        assert_eq!(xmp(&text, "pdfaid:part"), Some("2"), "{name}");
        assert_eq!(xmp(&text, "pdfaid:conformance"), Some("B"), "{name}");
        // PDF/A-2 sits on PDF 1.7 at most, with an sRGB output intent.
        assert!(text.starts_with("%PDF-1.7"), "{name}");
        assert!(text.contains("/OutputIntents"), "{name}");
    }
}

fn figures() -> Vec<Figure> {
    let charts: Vec<DeckChart> = (0..5)
        .map(|k| DeckChart {
            title: format!("`wager_with_a_long_identifier_{k}` / pay_table_{k} (ASSUMED pays)"),
            points: (1..=8)
                .map(|d| (d, 5.0 - d as f64 * (k as f64 - 1.5), d == 8))
                .collect(),
        })
        .collect();
    let cells = (0..10)
        .map(|t| {
            (0..10)
                .map(|c| match (t, c) {
                    (0, 0) => Decide::Never,
                    (t, c) if t < 6 => Decide::Draw { mixed: c == 8 },
                    _ => Decide::Stand { mixed: false },
                })
                .collect()
        })
        .collect();
    let decision = Figure::Decision {
        row_head: "player total".into(),
        col_head: "`dealer.second`".into(),
        rows: (0..10).map(|t| t.to_string()).collect(),
        cols: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]
            .map(String::from)
            .to_vec(),
        cells,
    };
    let distribution = Figure::Distribution {
        title: "distribution of `main_game`'s net result per round".into(),
        bars: vec![("+4".into(), 0.04), ("0".into(), 0.1), ("-2".into(), 0.35)],
    };
    vec![
        decision,
        distribution,
        Figure::ByDecks {
            caption: "house edge by deck count".into(),
            charts,
        },
    ]
}

/// Section 4 with the three figures (the grid in its table's place),
/// then section 5.
fn figure_doc(figs: &[Figure]) -> Document {
    let mut results = Section::new("results", "4. Results");
    results.heading(3, "The player's decision");
    results.para("The chart:");
    results.figure(
        figs[0].clone(),
        Some(table(&[&["player total", "A"], &["0", "D"]])),
    );
    results.para("After.");
    results.figure(figs[1].clone(), None);
    results.figure(figs[2].clone(), None);
    let mut verification = Section::new("verification", "5. Verification");
    verification.para("Text.");
    doc(vec![results, verification])
}

#[test]
fn figures_are_drawn_whole_on_one_page_legible_and_in_the_outline() {
    let figs = figures();
    let model = figure_doc(&figs);
    let laid = layout(&model, "h").unwrap();
    // The grid took the decision table's place; no table is left.
    assert!(laid.tables.is_empty(), "{:?}", laid.tables);
    let anchors: Vec<_> = laid.anchors.iter().filter(|a| a.level == FIGURE).collect();
    let captions: Vec<String> = figs.iter().map(|f| f.caption().replace('`', "")).collect();
    assert_eq!(
        anchors.iter().map(|a| a.title.clone()).collect::<Vec<_>>(),
        captions
    );
    let mut figure_texts = 0;
    for (p, t) in all_texts(&laid) {
        assert!(t.size >= 7.0, "page {}: {:?} at {}", p + 1, t.text, t.size);
        assert!(
            t.x >= LEFT - 0.01 && t.x + t.width <= RIGHT + 0.01,
            "{:?}",
            t.text
        );
        if t.role == Role::Figure {
            figure_texts += 1;
            assert!(t.y >= TOP - 0.01 && t.y <= BOTTOM + 0.01, "{:?}", t.text);
        }
    }
    // Grid letters (100 cells, 10 row and 10 column labels), bar labels and
    // chart ticks are all text a reader sees.
    assert!(figure_texts > 120, "{figure_texts}");
    // Every shape of a figure lies inside the page's frame; the grid's 100
    // coloured cells and the charts' points are drawn.
    let mut rects = 0;
    for page in &laid.pages {
        for op in page {
            match op {
                Op::Rect { x, y, w, h, .. } => {
                    rects += 1;
                    assert!(*x >= LEFT - 3.0 && x + w <= RIGHT + 3.0);
                    assert!(*y >= TOP - 3.0 && y + h <= BOTTOM + 3.0);
                }
                Op::Path { points, .. } => {
                    for (x, y) in points {
                        assert!(*x >= LEFT - 0.01 && *x <= RIGHT + 0.01);
                        assert!(*y >= TOP - 0.01 && *y <= BOTTOM + 0.01);
                    }
                }
                _ => {}
            }
        }
    }
    assert!(rects >= 100 + 3 + 5 * 8, "{rects}");
    // Each figure's labels all sit on the page of its caption.
    let grid_page = anchors[0].page;
    let letters: Vec<usize> = all_texts(&laid)
        .filter(|(_, t)| {
            t.role == Role::Figure && ["D", "D*", "S", "S*"].contains(&t.text.as_str())
        })
        .map(|(p, _)| p)
        .collect();
    assert_eq!(letters.len(), 99);
    assert!(letters.iter().all(|p| *p == grid_page));
    let pdf = render(&model, "h").unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("Figure: decision chart by player total"));
    assert_eq!(pdf, render(&model, "h").unwrap());
}

#[test]
fn lucky_draw_pdf_carries_its_decision_grid_distribution_and_deck_charts() {
    let pdf = std::fs::read("reports/lucky_draw_baccarat.pdf").unwrap();
    let text = String::from_utf8_lossy(&pdf);
    for caption in [
        "Figure: decision chart by player total",
        "Figure: distribution of the net result per round: Main game",
        "Figure: house edge by deck count",
    ] {
        assert!(text.contains(caption), "no outline entry {caption}");
    }
    // The Markdown keeps the same data as tables.
    let md = shipped_md("lucky_draw_baccarat");
    assert!(md.contains("| player total | A | 2 |"));
    assert!(md.contains("### House edge by deck count"));
}

#[test]
fn reports_are_byte_identical_on_one_thread_and_on_many() {
    // Lucky Draw: its strategy stage, decision figures and deck counts all
    // run in parallel. Lucky Monkey with a simulation: its blocks go to
    // whichever thread is free. (Lucky Draw's own simulation adds its
    // card-exact effects of removal, a minute on one thread, and no other
    // kind of parallel work.)
    let run = |args: &[&str], threads: Option<&str>, dir: &std::path::Path| {
        let _ = std::fs::remove_dir_all(dir);
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_certify"));
        cmd.args(args).arg("--out").arg(dir);
        match threads {
            Some(n) => cmd.env("RAYON_NUM_THREADS", n),
            None => cmd.env_remove("RAYON_NUM_THREADS"),
        };
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let pdf = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|x| x == "pdf"))
            .expect("a PDF");
        std::fs::read(pdf).unwrap()
    };
    let base = std::env::temp_dir().join(format!("certify-threads-{}", std::process::id()));
    for (name, args) in [
        // The decision walk; the simulation, sampled shoes included, once
        // (a few shoes: one thread would take a minute over a thousand).
        (
            "lucky_draw",
            &["rules/lucky_draw_baccarat.yaml", "--no-simulate"][..],
        ),
        (
            "lucky_monkey",
            &[
                "rules/lucky_monkey.yaml",
                "--simulate",
                "1000000",
                "--bound-shoes",
                "20",
            ][..],
        ),
    ] {
        let one = run(args, Some("1"), &base.join(name).join("one"));
        let many = run(args, None, &base.join(name).join("many"));
        assert!(
            one == many,
            "{name}: the PDF differs between one thread and many"
        );
    }
    std::fs::remove_dir_all(&base).ok();
}
