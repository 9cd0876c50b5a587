//! `certify leaflet SPEC`, the player's leaflet, run as a process on the
//! shipped specs: the committed leaflets equal a fresh run (on one thread
//! and on two), they read as a player reads (pays "to 1", no identifier of
//! the rule file, no jargon, no "house edge" in a player-banked game), each
//! fits on one or two pages in legible type, a refused spec writes nothing,
//! their figures are the JSON report's, `certify verify` recomputes them, and
//! a spec's `leaflets:` chooses what each shows (`--leaflet ID`: one alone).

use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn shipped() -> Vec<String> {
    certify::spec::spec_files("rules")
}

/// The file stems of the leaflets `certify leaflet SPEC` writes for a
/// shipped spec: one per declared leaflet, else one.
fn names(spec: &str) -> Vec<String> {
    let (_, model) = certify::check::check_file(spec).expect("checks");
    certify::report::leaflet::plans(&model, spec, None)
        .expect("no choice")
        .into_iter()
        .map(|plan| certify::report::leaflet::id(&model.id, plan))
        .collect()
}

/// Every committed leaflet (its files' stem), the editions' included.
fn committed() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir("reports")
        .expect("reports/")
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix("-leaflet.json")
                .map(|stem| format!("{stem}-leaflet"))
        })
        .collect();
    out.sort();
    out
}

/// The leaflet a committed leaflet's manifest asks for, built by the
/// library as `certify verify` builds it.
fn fresh(name: &str) -> certify::report::leaflet::Leaflet {
    let text = read(format!("reports/{name}.json"));
    let manifest = certify::report::document::read_manifest(&text, true).expect("a manifest");
    let options = certify::pipeline::Options::from_manifest(&manifest).expect("options");
    let run = certify::pipeline::certify_figures(&manifest["spec_file"], &options, &|_, w| w())
        .unwrap_or_else(|_| panic!("{name}: its spec computes"));
    let plan = manifest.get("leaflet").map(|id| {
        run.prepared
            .spec
            .leaflets
            .iter()
            .find(|l| l.id == *id)
            .expect("a declared leaflet")
    });
    run.leaflet(plan).expect("a leaflet")
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
            for stem in names(&spec) {
                assert!(
                    run.stdout.contains(&format!("{stem}.pdf")),
                    "{}",
                    run.stdout
                );
                for ext in EXTENSIONS {
                    let name = format!("{stem}.{ext}");
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
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// Every committed leaflet, the editions' included, is what the library
/// makes from its manifest (a stale one, of a spec that now declares other
/// leaflets, fails here), and the PDF it makes has one or two pages.
#[test]
fn every_committed_leaflet_is_fresh_and_one_or_two_pages() {
    let names = committed();
    for spec in shipped() {
        for stem in self::names(&spec) {
            assert!(names.contains(&stem), "{spec}: reports/{stem}.* missing");
        }
    }
    for name in &names {
        let leaflet = fresh(name);
        assert_eq!(&leaflet.name, name);
        let pdf = std::fs::read(format!("reports/{name}.pdf")).expect("its PDF");
        assert!(
            pdf == leaflet.pdf,
            "reports/{name}.pdf differs from a fresh one"
        );
        let pages = lopdf::Document::load_mem(&leaflet.pdf)
            .expect("a PDF")
            .get_pages()
            .len();
        assert!((1..=2).contains(&pages), "{name}: {pages} pages");
    }
    assert!(names.len() >= 12, "{names:?}");
}

/// Legible at arm's length: body text and list items at 12 pt or more,
/// pay tables at 11 pt or more, headings larger.
#[test]
fn every_leaflet_is_set_in_legible_type() {
    use certify::report::pdf::{Role, Style, layout_styled};
    for name in committed() {
        let leaflet = fresh(&name);
        let laid =
            layout_styled(&leaflet.model, &Style::leaflet(&leaflet.data.title)).expect("laid out");
        for page in 0..laid.pages.len() {
            for t in laid.texts(page) {
                let least = match t.role {
                    Role::Body | Role::Item | Role::Marker => 12.0,
                    Role::Cell { .. } => 11.0,
                    Role::Heading(_) => 13.0,
                    _ => continue,
                };
                assert!(
                    t.size >= least,
                    "{name}: \"{}\" at {} pt ({:?})",
                    t.text,
                    t.size,
                    t.role
                );
            }
        }
    }
}

#[test]
fn the_leaflet_of_lucky_8_and_of_a_player_banked_game() {
    insta::assert_snapshot!("leaflet_lucky_8", read("reports/lucky_8-leaflet.md"));
    insta::assert_snapshot!(
        "leaflet_twenty_first_century_baccarat",
        read("reports/twenty_first_century_baccarat-leaflet.md")
    );
    // A product of a spec of several: its title, its bets' headings without
    // it, a pay table of several columns among lists.
    insta::assert_snapshot!(
        "leaflet_golden_bacc_dragons",
        read("reports/golden_bacc-dragons-leaflet.md")
    );
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
    for (spec, name) in shipped()
        .into_iter()
        .flat_map(|spec| names(&spec).into_iter().map(move |n| (spec.clone(), n)))
    {
        let (_, model) = certify::check::check_file(&spec).expect("checks");
        let md = body(&read(format!("reports/{name}.md")), &model.id);
        let id = &name;
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
    for id in committed() {
        let leaflet: Value = serde_json::from_str(&read(format!("reports/{id}.json"))).unwrap();
        // The full report the leaflet names.
        let full = leaflet["full_report"]
            .as_str()
            .unwrap()
            .replace(".pdf", ".json");
        let report: Value = serde_json::from_str(&read(format!("reports/{full}"))).unwrap();
        let md = read(format!("reports/{id}.md"));
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
                let shown = certify::numbers::percent(&edge, 2);
                assert_eq!(t["house_edge_shown"], shown.as_str());
                let rtp = BigRational::from_integer(1.into()) - &edge;
                assert_eq!(
                    t["return_to_player"]["fraction"].as_str().unwrap(),
                    format!("{}/{}", rtp.numer(), rtp.denom())
                );
                assert_eq!(
                    t["return_to_player_shown"],
                    certify::numbers::percent(&rtp, 2).as_str()
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

/// Golden Bacc declares one leaflet per product: `--leaflet dragons`
/// writes that one alone, the committed files byte for byte, with the
/// wagers it lists in its order; its manifest records the choice, and
/// `certify verify` reproduces it from there.
#[test]
fn one_declared_leaflet_is_chosen_recorded_and_verified() {
    let dir = temp_dir("chosen");
    let out = dir.to_string_lossy().into_owned();
    let run = certify(
        &[
            "leaflet",
            "rules/golden_bacc.yaml",
            "--leaflet",
            "dragons",
            "--out",
            &out,
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("Treasure of the 5 Dragons — "),
        "{}",
        run.stdout
    );
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "golden_bacc-dragons-leaflet.json",
            "golden_bacc-dragons-leaflet.md",
            "golden_bacc-dragons-leaflet.pdf"
        ]
    );
    for ext in EXTENSIONS {
        let name = format!("golden_bacc-dragons-leaflet.{ext}");
        assert!(
            std::fs::read(dir.join(&name)).unwrap()
                == std::fs::read(Path::new("reports").join(&name)).unwrap(),
            "{name}"
        );
    }
    let json: Value =
        serde_json::from_str(&read(dir.join("golden_bacc-dragons-leaflet.json"))).unwrap();
    let (_, model) = certify::check::check_file("rules/golden_bacc.yaml").unwrap();
    let plan = model.leaflets.iter().find(|l| l.id == "dragons").unwrap();
    let ids: Vec<&str> = json["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, plan.wagers);
    assert_eq!(json["title"], "Treasure of the 5 Dragons");
    assert_eq!(json["manifest"]["leaflet"], "dragons");
    assert_eq!(
        json["manifest"]["command"],
        "certify leaflet rules/golden_bacc.yaml --leaflet dragons"
    );
    // Headed by the product's name, its bets by theirs without it.
    let md = read(dir.join("golden_bacc-dragons-leaflet.md"));
    assert!(md.starts_with("# Treasure of the 5 Dragons\n"), "{md}");
    assert!(md.contains("\n## Golden Dragon 7\n"), "{md}");
    let run = certify(
        &[
            "verify",
            &dir.join("golden_bacc-dragons-leaflet.json")
                .to_string_lossy(),
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("verified"), "{}", run.stdout);
    // A manifest naming a leaflet the spec does not declare is refused.
    let path = dir.join("golden_bacc-dragons-leaflet.json");
    let text = read(&path).replace("\"leaflet\": \"dragons\"", "\"leaflet\": \"wyverns\"");
    std::fs::write(&path, text).unwrap();
    let run = certify(&["verify", &path.to_string_lossy()], None);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("the manifest's `leaflet` is not valid: `wyverns`"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A leaflet the spec does not declare, or `--leaflet` for a spec that
/// declares none: a usage error naming what there is, nothing written.
#[test]
fn an_undeclared_leaflet_is_a_usage_error() {
    let dir = temp_dir("undeclared");
    let out = dir.to_string_lossy().into_owned();
    let run = certify(
        &[
            "leaflet",
            "rules/golden_bacc.yaml",
            "--leaflet",
            "dragon",
            "--out",
            &out,
        ],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "--leaflet: rules/golden_bacc.yaml declares no leaflet `dragon`; it declares golden_bacc, dragons, infinite_fortune, bad_beat, pairs, phoenix_bonus"
        ),
        "{}",
        run.stderr
    );
    let run = certify(
        &[
            "leaflet",
            "rules/lucky_8.yaml",
            "--leaflet",
            "main",
            "--out",
            &out,
        ],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("rules/lucky_8.yaml declares no leaflets"),
        "{}",
        run.stderr
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| !n.to_string_lossy().ends_with(".lock"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A copy of Golden Bacc, its included game and fixtures beside it, with
/// its `leaflets:` section replaced by `leaflets`.
fn golden_bacc_with(name: &str, leaflets: &str) -> (PathBuf, String) {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("rules/games")).unwrap();
    std::fs::copy(
        "rules/games/punto_banco.yaml",
        dir.join("rules/games/punto_banco.yaml"),
    )
    .unwrap();
    let text = read("rules/golden_bacc.yaml");
    let start = text.find("\nleaflets:\n").expect("a leaflets section") + 1;
    let end = start + text[start..].find("\n\n").unwrap() + 1;
    let spec = dir.join("rules/golden_bacc.yaml");
    std::fs::write(
        &spec,
        format!("{}{leaflets}{}", &text[..start], &text[end..]),
    )
    .unwrap();
    (dir, spec.to_string_lossy().into_owned())
}

fn fixtures() -> String {
    Path::new("fixtures")
        .canonicalize()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// A leaflet listing a wager the spec does not have: refused at the name
/// (file, line and column) with the wagers it could be, exit 1, nothing
/// written.
#[test]
fn an_unknown_wager_in_a_leaflet_is_located() {
    let (dir, spec) = golden_bacc_with(
        "unknown",
        "leaflets:\n  - id: dragons\n    title: Dragons\n    wagers: [golden_dragon_7, red_dragon_77]\n",
    );
    let out = dir.join("out");
    let run = certify(
        &[
            "leaflet",
            &spec,
            "--fixtures",
            &fixtures(),
            "--out",
            &out.to_string_lossy(),
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let line = read(&spec)
        .lines()
        .position(|l| l.contains("red_dragon_77"))
        .unwrap()
        + 1;
    assert!(
        run.stderr.contains("error: unknown wager `red_dragon_77`"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(&format!("rules/golden_bacc.yaml:{line}:31\n")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("one of gb_three_card_9_over_7, "),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("did you mean `red_dragon_7`?"),
        "{}",
        run.stderr
    );
    assert!(std::fs::read_dir(&out).map_or(true, |mut d| d.next().is_none()));
    std::fs::remove_dir_all(&dir).ok();
}

/// A wager that is an alternative reading is on a leaflet only when a
/// declared leaflet lists it (the shipped leaflets never do).
#[test]
fn an_alternative_reading_is_shown_only_when_listed() {
    let (dir, spec) = golden_bacc_with(
        "alternative",
        "leaflets:\n  - id: green\n    title: Green Dragon 8\n    wagers: [green_dragon_8, green_dragon_8_banker]\n",
    );
    let out = dir.join("out");
    let run = certify(
        &[
            "leaflet",
            &spec,
            "--fixtures",
            &fixtures(),
            "--out",
            &out.to_string_lossy(),
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Value =
        serde_json::from_str(&read(out.join("golden_bacc-green-leaflet.json"))).unwrap();
    let ids: Vec<&str> = json["wagers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["green_dragon_8", "green_dragon_8_banker"]);
    std::fs::remove_dir_all(&dir).ok();
    let (_, model) = certify::check::check_file("rules/golden_bacc.yaml").unwrap();
    for l in &model.leaflets {
        for w in &l.wagers {
            assert!(
                !certify::report::leaflet::data::alternative_wager(&model, w),
                "{}: {w}",
                l.id
            );
        }
    }
}
