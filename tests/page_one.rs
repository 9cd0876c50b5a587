//! The report's first page: identification, the verdict, every wager and
//! pay table, claims and warnings. Snapshots of page one of every shipped
//! report (tests/reports.rs keeps the committed reports equal to a fresh
//! run), and the optional `submission:` section shown there.

use certify::pipeline::{Options, certify};

/// Page one of a Markdown report: from its title to section 2.
fn page_one(markdown: &str) -> &str {
    let end = markdown
        .find("\n## 2. ")
        .expect("section 2 follows page one");
    &markdown[..end]
}

#[test]
fn page_one_of_every_shipped_report() {
    for spec in certify::spec::spec_files("rules") {
        let id = std::path::Path::new(&spec)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace("21st_century_baccarat", "twenty_first_century_baccarat");
        let md = std::fs::read_to_string(format!("reports/{id}.md")).expect("committed report");
        let page = page_one(&md);
        // The verdict comes before any table of figures.
        let verdict = page.find("**Verdict.").expect("a verdict");
        assert!(verdict < page.find("### Every wager").unwrap(), "{id}");
        insta::assert_snapshot!(format!("page_one_{id}"), page);
    }
}

#[test]
fn player_advantages_are_bold_on_page_one() {
    let md = std::fs::read_to_string("reports/golden_bacc.md").unwrap();
    let page = page_one(&md);
    // Any Dragon's Suite A as printed (no Red Dragon 6) pays the player:
    // its row's house edge is negative and in bold.
    let row = page
        .lines()
        .find(|l| l.contains("| Suite A as printed (no Red Dragon 6)"))
        .expect("the Any Dragon Suite A row");
    assert!(row.contains("| **-"), "negative edge in bold: {row}");
    assert!(
        page.contains("- **PLAYER ADVANTAGE: Treasure of the 5 Dragons - Any Dragon — Suite A"),
        "{page}"
    );
    assert!(page.contains("**Advantage off the top: 1 pay table gives the player an advantage**"));
    // The combined reading of Golden Bacc's table (-412%) is a question's
    // other reading, not a figure of the game: never bold in the table.
    assert!(!page.contains("**-412.1506%**"), "{page}");
}

#[test]
fn the_submission_section_appears_on_page_one() {
    let dir = std::env::temp_dir().join(format!("certify-page-one-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = std::fs::read_to_string("rules/punto_banco.yaml").unwrap()
        + "submission:\n  submitter: Example Gaming Ltd\n  jurisdiction: Nevada\n  game_id: PB-001\n";
    let path = dir.join("punto_banco.yaml");
    std::fs::write(&path, spec).unwrap();
    // The spec's game is the shared one, beside it as in rules/.
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::copy(
        "rules/games/punto_banco.yaml",
        dir.join("games/punto_banco.yaml"),
    )
    .unwrap();
    let options = Options {
        fixtures: Some("fixtures".into()),
        ..Options::default()
    };
    let run = certify(path.to_str().unwrap(), &options, &|_, work| work())
        .unwrap_or_else(|f| panic!("{f:?}"));
    let md = run.render().expect("renders").markdown;
    let page = page_one(&md);
    for row in [
        "| Submitter        | Example Gaming Ltd",
        "| Jurisdiction     | Nevada",
        "| Game identifier  | PB-001",
    ] {
        assert!(page.contains(row), "{row}\n{page}");
    }
    // Without the section, the rows say nothing was declared (a lab's
    // form has them), and no game identifier row.
    let shipped = std::fs::read_to_string("reports/punto_banco.md").unwrap();
    assert!(page_one(&shipped).contains("| Submitter        | not declared"));
    assert!(!page_one(&shipped).contains("Game identifier"));
    std::fs::remove_dir_all(&dir).ok();
}
