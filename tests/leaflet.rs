//! `certify leaflet SPEC`, the player's leaflet, run as a process on the
//! shipped specs: the committed leaflets equal a fresh run (on one thread
//! and on two), they read as a player reads (pays "to 1", no identifier of
//! the rule file, no jargon, no "house edge" in a player-banked game), they
//! fit on one or two pages, a refused spec writes nothing, their figures are
//! the JSON report's, and `certify verify` recomputes them.

use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn shipped() -> Vec<String> {
    certify::spec::spec_files("rules")
}

/// The report id of a shipped spec (its file names' stem).
fn id(spec: &str) -> String {
    certify::check::check_file(spec).expect("checks").1.id
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certify-leaflet-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn certify(args: &[&str], threads: Option<&str>) -> Run {
    let mut c = Command::new(env!("CARGO_BIN_EXE_certify"));
    c.args(args);
    if let Some(t) = threads {
        c.env("RAYON_NUM_THREADS", t);
    }
    let out = c.output().expect("runs certify");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path.as_ref())
        .unwrap_or_else(|e| panic!("{}: {e}", path.as_ref().display()))
}

const EXTENSIONS: [&str; 3] = ["md", "json", "pdf"];

#[test]
fn committed_leaflets_match_a_fresh_run_on_one_thread_and_on_two() {
    for (threads, name) in [("1", "one"), ("2", "two")] {
        let dir = temp_dir(name);
        let out = dir.to_string_lossy().into_owned();
        for spec in shipped() {
            let run = certify(&["leaflet", &spec, "--out", &out], Some(threads));
            assert_eq!(run.code, 0, "{spec}: {}", run.stderr);
            let id = id(&spec);
            assert!(
                run.stdout.contains(&format!("{id}-leaflet.pdf")),
                "{}",
                run.stdout
            );
            for ext in EXTENSIONS {
                let name = format!("{id}-leaflet.{ext}");
                let fresh = std::fs::read(dir.join(&name)).expect("written");
                let committed =
                    std::fs::read(Path::new("reports").join(&name)).unwrap_or_else(|_| {
                        panic!("reports/{name} is missing: run certify leaflet {spec}")
                    });
                assert!(
                    fresh == committed,
                    "reports/{name} differs from a fresh run ({threads} thread(s)): run certify leaflet {spec}"
                );
            }
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn the_leaflet_of_lucky_8_and_of_a_player_banked_game() {
    insta::assert_snapshot!("leaflet_lucky_8", read("reports/lucky_8-leaflet.md"));
    insta::assert_snapshot!(
        "leaflet_twenty_first_century_baccarat",
        read("reports/twenty_first_century_baccarat-leaflet.md")
    );
}

/// One or two pages for a game of up to four bets; a longer table runs to
/// about one page per two bets, the type never set smaller to fit
/// (21st Century Baccarat's five bets: three pages; Golden Bacc's 24 bets,
/// from six products: ten). docs/leaflet.md says so.
#[test]
fn a_leaflet_is_one_or_two_pages() {
    let mut short = 0;
    for spec in shipped() {
        let id = id(&spec);
        let pdf = lopdf::Document::load(format!("reports/{id}-leaflet.pdf")).expect("a PDF");
        let pages = pdf.get_pages().len();
        let bets = serde_json::from_str::<Value>(&read(format!("reports/{id}-leaflet.json")))
            .unwrap()["wagers"]
            .as_array()
            .unwrap()
            .len();
        if bets <= 4 {
            assert!((1..=2).contains(&pages), "{id}: {pages} pages");
            short += 1;
        } else {
            assert!(
                pages <= bets.div_ceil(2),
                "{id}: {pages} pages for {bets} bets"
            );
        }
    }
    assert_eq!(short, 4, "four shipped games fit on two pages");
}

/// The closing line names the full report's file, which is the spec id.
fn body(md: &str, id: &str) -> String {
    md.replace(&format!("{id}.pdf"), "REPORT.pdf")
}

#[test]
fn pays_are_to_1_and_no_identifier_or_jargon_appears() {
    let jargon = [
        "spec",
        "specs",
        "engine",
        "fixture",
        "fixtures",
        "predicate",
        "enumeration",
        "submitter",
        "yaml",
        "identifier",
        "alternative reading",
        "assumed pays",
        "the document",
    ];
    for spec in shipped() {
        let (_, model) = certify::check::check_file(&spec).expect("checks");
        let id = id(&spec);
        let md = body(&read(format!("reports/{id}-leaflet.md")), &id);
        assert!(md.contains(" to 1"), "{id}");
        assert!(!md.contains(" for 1"), "{id}: a pay stated \"for 1\"");
        assert!(!md.contains('`'), "{id}: code in a player's leaflet");
        for op in ["==", "!=", "<=", ">=", ".wins", ".count", ".total"] {
            assert!(!md.contains(op), "{id}: a condition ({op}) in the leaflet");
        }
        let lower = md.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .collect();
        for j in jargon {
            if j.contains(' ') {
                assert!(!lower.contains(j), "{id}: \"{j}\"");
            } else {
                assert!(!words.contains(&j), "{id}: \"{j}\"");
            }
        }
        // Every identifier that is not a plain word (it has `_`).
        let mut ids = vec![model.id.clone()];
        for w in &model.wagers {
            ids.push(w.id.clone());
            ids.extend(w.events.iter().map(|e| e.id.clone()));
            ids.extend(w.pay_tables.iter().map(|t| t.id.clone()));
        }
        for ident in ids.iter().filter(|i| i.contains('_')) {
            assert!(
                !words.contains(&ident.to_lowercase().as_str()),
                "{id}: the identifier `{ident}` in the leaflet"
            );
        }
    }
}

#[test]
fn a_player_banked_game_never_speaks_of_a_house_edge() {
    let md = read("reports/twenty_first_century_baccarat-leaflet.md").to_lowercase();
    assert!(!md.contains("house edge"));
    assert!(!md.contains("house advantage"));
    assert!(md.contains("advantage of the player-dealer position"));
    assert!(md.contains("return to player"));
    // A house-banked game does.
    let md = read("reports/punto_banco-leaflet.md").to_lowercase();
    assert!(md.contains("house edge"));
    assert!(!md.contains("player-dealer"));
}

/// A wager priced only by assumed pays shows no figure; an alternative
/// reading is not on the leaflet.
#[test]
fn only_adopted_readings_and_printed_pays() {
    let md = read("reports/lucky_draw_baccarat-leaflet.md");
    let block = md
        .split("## Block Bonus (against the dealer's exposed second card)")
        .nth(1)
        .expect("the Block Bonus is listed");
    let block = &block[..block.find("\n## ").unwrap()];
    assert!(block.contains("Not priced."), "{block}");
    assert!(!block.contains('%') && !block.contains(" to 1"), "{block}");
    assert!(!md.contains("against the dealer's first card"));
    let md = read("reports/lucky_8-leaflet.md");
    assert!(!md.contains("(alternative)"));
    assert!(md.contains("| L8-1 ") && md.contains("| L8-3 (also the sample table"));
    let md = read("reports/twenty_first_century_baccarat-leaflet.md");
    assert!(
        !md.contains("a tie loses"),
        "the other reading of the line bets"
    );
}

#[test]
fn a_refused_spec_writes_nothing_and_leaves_earlier_files() {
    let dir = temp_dir("refused");
    let out = dir.join("out");
    let out_s = out.to_string_lossy().into_owned();
    std::fs::create_dir_all(dir.join("rules/games")).unwrap();
    std::fs::copy(
        "rules/games/punto_banco.yaml",
        dir.join("rules/games/punto_banco.yaml"),
    )
    .unwrap();
    let good = read("rules/punto_banco.yaml");
    let spec = dir.join("rules/punto_banco.yaml");
    std::fs::write(&spec, &good).unwrap();
    let spec_s = spec.to_string_lossy().into_owned();
    let fixtures = Path::new("fixtures").canonicalize().unwrap();
    let fixtures_s = fixtures.to_string_lossy().into_owned();
    let run = certify(
        &[
            "leaflet",
            &spec_s,
            "--out",
            &out_s,
            "--fixtures",
            &fixtures_s,
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let before: Vec<Vec<u8>> = EXTENSIONS
        .iter()
        .map(|e| std::fs::read(out.join(format!("punto_banco-leaflet.{e}"))).unwrap())
        .collect();
    // A name the checker does not know: refused, located, exit 1.
    std::fs::write(&spec, good.replacen("when: tie", "when: tye", 1)).unwrap();
    let run = certify(
        &[
            "leaflet",
            &spec_s,
            "--out",
            &out_s,
            "--fixtures",
            &fixtures_s,
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("tye"), "{}", run.stderr);
    assert!(
        run.stderr.contains("punto_banco.yaml:"),
        "located: {}",
        run.stderr
    );
    for (e, bytes) in EXTENSIONS.iter().zip(&before) {
        let now = std::fs::read(out.join(format!("punto_banco-leaflet.{e}"))).unwrap();
        assert!(&now == bytes, "punto_banco-leaflet.{e} was changed");
    }
    let names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    assert_eq!(names.len(), 3, "no temporary file is left: {names:?}");
    std::fs::remove_dir_all(&dir).ok();
}

fn fraction(s: &str) -> BigRational {
    let (n, d) = s.split_once('/').expect("p/q");
    BigRational::new(n.parse::<BigInt>().unwrap(), d.parse::<BigInt>().unwrap())
}

/// Each pay table's figures on the leaflet are the JSON report's: the same
/// exact house edge and top award odds, shown at two places by the report's
/// own rounding.
#[test]
fn the_leaflet_figures_are_the_reports() {
    let mut compared = 0;
    for spec in shipped() {
        let id = id(&spec);
        let leaflet: Value =
            serde_json::from_str(&read(format!("reports/{id}-leaflet.json"))).unwrap();
        let report: Value = serde_json::from_str(&read(format!("reports/{id}.json"))).unwrap();
        let md = read(format!("reports/{id}-leaflet.md"));
        for w in leaflet["wagers"].as_array().unwrap() {
            let rw = report["results"]["wagers"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["id"] == w["id"])
                .expect("the report has the wager");
            for t in w["pay_tables"].as_array().unwrap() {
                let rt = rw["pay_tables"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|r| r["id"] == t["id"])
                    .expect("the report has the pay table");
                assert_eq!(t["house_edge"], rt["house_edge"], "{id} {}", t["id"]);
                assert_eq!(
                    t["top_award"]["odds"], rt["top_award"]["odds"],
                    "{id} {}",
                    t["id"]
                );
                let edge = fraction(t["house_edge"]["fraction"].as_str().unwrap());
                let shown = certify::report::numbers::percent(&edge, 2);
                assert_eq!(t["house_edge_shown"], shown.as_str());
                let rtp = BigRational::from_integer(1.into()) - &edge;
                assert_eq!(
                    t["return_to_player"]["fraction"].as_str().unwrap(),
                    format!("{}/{}", rtp.numer(), rtp.denom())
                );
                assert_eq!(
                    t["return_to_player_shown"],
                    certify::report::numbers::percent(&rtp, 2).as_str()
                );
                // Shown on the page as computed (a negative edge is worded).
                if !shown.starts_with('-') {
                    assert!(md.contains(&format!("**{shown}**")), "{id}: {shown}");
                }
                if let Some(odds) = t["top_award"]["odds"].as_str() {
                    // "about 1 in N rounds"; beside other pay tables,
                    // "rounds" is in the row's label.
                    let several = w["pay_tables"].as_array().unwrap().len() > 1;
                    let cell = if several {
                        format!("| **about {odds}** ")
                    } else {
                        format!("about {odds} rounds")
                    };
                    assert!(md.contains(&cell), "{id}: {odds}");
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 40, "{compared} pay tables compared");
}

#[test]
fn verify_recomputes_a_leaflet_and_refuses_its_markdown() {
    let run = certify(&["verify", "reports/lucky_8-leaflet.json"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("verified"), "{}", run.stdout);
    for ext in ["md", "pdf"] {
        let run = certify(&["verify", &format!("reports/lucky_8-leaflet.{ext}")], None);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(
            run.stderr
                .contains("certify verify reports/lucky_8-leaflet.json"),
            "{}",
            run.stderr
        );
    }
    // A leaflet whose PDF is not of its run is not whole.
    let dir = temp_dir("mixed");
    for ext in EXTENSIONS {
        std::fs::copy(
            format!("reports/lucky_8-leaflet.{ext}"),
            dir.join(format!("lucky_8-leaflet.{ext}")),
        )
        .unwrap();
    }
    std::fs::copy(
        "reports/punto_banco-leaflet.pdf",
        dir.join("lucky_8-leaflet.pdf"),
    )
    .unwrap();
    let json = dir.join("lucky_8-leaflet.json");
    let run = certify(&["verify", &json.to_string_lossy()], None);
    assert_eq!(run.code, 1, "{}", run.stdout);
    std::fs::remove_dir_all(&dir).ok();
}
