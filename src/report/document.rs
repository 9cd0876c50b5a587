//! The certification report: one computation rendered as Markdown and as
//! JSON, with a reproducibility manifest. Nothing time-dependent goes in:
//! the same spec and tool version give the same bytes on any machine.

use super::numbers::{decimal, fraction, group_digits, one_in, percent, share, sqrt_decimal};
use super::{Computed, json};
use crate::diag::report::ReportError;
use crate::engine::stats::TableStats;
use crate::engine::stats::big;
use crate::fixtures::CaseResult;
use crate::model::{FirstRule, Precedence, Spec};
use crate::report::text::new_table;
use crate::verify::Verification;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::{Value, json};
use std::fmt::Write;

/// The title of the Markdown report's manifest section (section 6, or 7
/// after the simulation section).
const MANIFEST_TITLE: &str = "Reproducibility manifest";

pub const LABEL: &str = "Manufacturer's mathematical analysis (not a test-laboratory certificate)";

/// Everything a report is made from.
pub struct Inputs<'a> {
    /// The spec path as the reproducing command names it.
    pub spec_path: &'a str,
    pub spec_bytes: &'a [u8],
    pub spec: &'a Spec,
    pub decks: u32,
    pub fixtures: &'a [CaseResult],
    /// Each fixture file run, by name, with the SHA-256 of its bytes.
    pub fixture_files: &'a std::collections::BTreeMap<String, String>,
    /// Each file the spec included (its shared game), by path as the spec's
    /// folder joined with the include names it, with the SHA-256 of its bytes.
    pub include_files: &'a std::collections::BTreeMap<String, String>,
    /// The options the run was made with; all recorded in the manifest.
    pub options: &'a crate::options::Options,
    pub verification: &'a Verification,
    /// The analysis at every allowed deck count, in order (the run's own
    /// count included): the report renders these and computes nothing.
    /// `None` (`--json --no-reports`): not computed; only [`document`] takes that.
    pub by_decks: Option<&'a [(u32, &'a crate::engine::Analysis)]>,
    /// Each pay table's house edge as a function of the deck count, where
    /// the rules do not change with it (None otherwise, or not computed).
    pub edges: Option<&'a crate::engine::deck_function::DeckFunctions>,
    /// For each interpretation whose readings give the same figures, a
    /// round the reference evaluator settles differently under each.
    pub differing: &'a [(String, crate::eval::differ::DifferingRound)],
    /// The simulation stage's findings, when the run simulated (`--simulate`).
    pub study: Option<&'a crate::study::Study>,
}

pub struct Report {
    pub markdown: String,
    pub json: String,
    pub pdf: Vec<u8>,
    /// The JSON document without `report_set`: what `certify SPEC --json` prints.
    pub document: Value,
}

/// The version of the JSON document's shape (`schema_version`): raised when
/// a key is removed, renamed or changes meaning.
pub const SCHEMA_VERSION: &str = "1";

/// SHA-256 of the Cargo.lock this binary was built from: its exact
/// dependency set. `include_bytes!` rather than a build script: rustc
/// tracks the file, so a changed lock rebuilds the tool, and no build-time
/// hashing code is needed; hashing 50 KB once costs microseconds.
pub fn cargo_lock_sha256() -> &'static str {
    static LOCK: &[u8] = include_bytes!("../../Cargo.lock");
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| sha256_hex(LOCK))
}

pub use crate::spec::source::sha256_hex;

pub fn build(inp: &Inputs, computed: &Computed) -> Result<Report, ReportError> {
    let decks = inp.by_decks.expect("a report shows every deck count");
    let document = document(inp, computed);
    let (markdown, figures) = markdown(inp, computed, decks, &document["manifest"]);
    let head = format!(
        "certify {} · {} v{} · results sha256 {}",
        env!("CARGO_PKG_VERSION"),
        inp.spec.id,
        inp.spec.version,
        document["manifest"]["results_sha256"]
            .as_str()
            .unwrap_or_default()
    );
    let pdf = super::pdf::render(&markdown, &figures, &head)?;
    let mut doc = document.clone();
    // The siblings written with this file: a set is whole when these match.
    doc["report_set"] = json!({
        "markdown_sha256": sha256_hex(markdown.as_bytes()),
        "pdf_sha256": sha256_hex(&pdf),
    });
    Ok(Report {
        markdown,
        json: serde_json::to_string_pretty(&doc).expect("serializable") + "\n",
        pdf,
        document,
    })
}

/// The JSON report document without `report_set` (which hashes the rendered
/// siblings). Without `inp.by_decks` it also leaves out what needs every
/// deck count: `results.house_edge_by_decks`, `claims_by_decks`,
/// `house_edge_functions`, `results_at_document_decks` and
/// `manifest.results_sha256`.
pub fn document(inp: &Inputs, computed: &Computed) -> Value {
    let mut results = json::document(inp.spec, computed);
    results["document_decks"] = super::decks::document_json(inp.spec);
    let mut results_sha = None;
    if let Some(decks) = inp.by_decks {
        results["house_edge_by_decks"] = super::decks::by_decks_json(inp.spec, decks);
        results["claims_by_decks"] = super::decks::claims_json(inp.spec, decks);
        results["house_edge_functions"] = super::decks::functions_json(inp.spec, inp.edges);
        results["results_at_document_decks"] =
            super::decks::tables_json(inp.spec, inp.decks, decks);
        // serde_json maps keep keys sorted: compact output is canonical.
        results_sha = Some(sha256_hex(
            serde_json::to_string(&results)
                .expect("serializable")
                .as_bytes(),
        ));
    }
    json!({
        "schema_version": SCHEMA_VERSION,
        "label": LABEL,
        "manifest": manifest(inp, computed, results_sha.as_deref()),
        "results": results,
        "fixtures": inp.fixtures,
        "fixture_cases": super::appendix::json(inp.fixtures),
        "interpretations": interpretations_json(inp.spec, computed),
        "readings": super::readings::json(inp),
        "verification": verification_json(inp.verification),
        "simulation": inp.study,
    })
}

fn manifest(inp: &Inputs, c: &Computed, results_sha: Option<&str>) -> Value {
    let mut m = json!({
        "spec_file": inp.spec_path,
        "spec_sha256": sha256_hex(inp.spec_bytes),
        "spec_id": inp.spec.id,
        "spec_version": inp.spec.version,
        "tool": "certify",
        "tool_version": env!("CARGO_PKG_VERSION"),
        "cargo_lock_sha256": cargo_lock_sha256(),
        "pdf_conformance": super::pdf::CONFORMANCE,
        "decks": inp.decks,
        "fixtures_dir": fixtures_dir(inp),
        "verify_samples": inp.options.samples,
        "convention": super::method::convention(inp.spec),
        "total_combinations": c.analysis.total.to_string(),
        "command": command(inp),
    });
    if let Some(sim) = &inp.options.simulate {
        m["simulate_rounds"] = json!(sim.rounds);
        m["simulate_seed"] = json!(sim.seed);
        m["simulate_penetration"] = json!(sim.penetration.to_string());
        m["simulate_bound_shoes"] = json!(sim.bound_shoes);
    }
    m[FIXTURE_KEY] = json!(inp.fixture_files);
    // The spec's hash is of its own bytes (what `certify verify` compares
    // with the file); what it includes is hashed here, file by file.
    m[INCLUDE_KEY] = json!(inp.include_files);
    if let Some(sha) = results_sha {
        m["results_sha256"] = json!(sha);
    }
    m
}

/// The manifest key of the fixture files' hashes: an object of file name to
/// SHA-256 in the JSON, one `fixture_sha256 <file>: <sha256>` line per file
/// in the Markdown.
pub const FIXTURE_KEY: &str = "fixture_sha256";

/// The manifest key of the included files' hashes (`game: { include: FILE }`):
/// an object of file path to SHA-256 in the JSON, one `include_sha256 <file>:
/// <sha256>` line per file in the Markdown.
pub const INCLUDE_KEY: &str = "include_sha256";

/// The manifest as `key: value` lines, as the Markdown shows it and
/// [`read_manifest`] reads it back.
fn manifest_lines(manifest: &Value) -> String {
    let mut s = String::new();
    let text = |v: &Value| {
        v.as_str()
            .map(str::to_string)
            .unwrap_or_else(|| v.to_string())
    };
    if let Value::Object(m) = manifest {
        for (k, v) in m {
            match v {
                Value::Object(entries) => {
                    for (name, v) in entries {
                        let _ = writeln!(s, "{k} {name}: {}", text(v));
                    }
                }
                _ => {
                    let _ = writeln!(s, "{k}: {}", text(v));
                }
            }
        }
    }
    s
}

/// The fixture folder the run read, as a path with `/` separators.
fn fixtures_dir(inp: &Inputs) -> String {
    let dir = inp
        .options
        .fixtures
        .clone()
        .unwrap_or_else(|| crate::fixtures::default_dir(inp.spec_path));
    dir.to_string_lossy().replace('\\', "/")
}

/// The command that reproduces the report: every option away from its default.
pub fn command(inp: &Inputs) -> String {
    let mut c = format!("certify {}", inp.spec_path);
    if inp.decks != inp.spec.shoe.decks {
        c.push_str(&format!(" --decks {}", inp.decks));
    }
    let default_fixtures = crate::fixtures::default_dir(inp.spec_path)
        .to_string_lossy()
        .replace('\\', "/");
    let dir = fixtures_dir(inp);
    if dir != default_fixtures {
        c.push_str(&format!(" --fixtures {dir}"));
    }
    if inp.options.samples != crate::options::SAMPLES {
        c.push_str(&format!(" --verify {}", inp.options.samples));
    }
    if let Some(sim) = &inp.options.simulate {
        c.push_str(&format!(" --simulate {}", sim.rounds));
    }
    c
}

/// House edge of a reading's wager and pay table (its first table if none named).
fn reading_edge(c: &Computed, wager: &str, table: Option<&str>) -> Option<BigRational> {
    let w = c.analysis.wagers.iter().find(|w| w.id == wager)?;
    let t = match table {
        Some(id) => w.tables.iter().find(|t| t.id == id)?,
        None => w.tables.first()?,
    };
    Some(t.house_edge())
}

fn interpretations_json(spec: &Spec, c: &Computed) -> Value {
    let edge = |w: &str, t: Option<&String>| {
        reading_edge(c, w, t.map(String::as_str)).map(|e| percent(&e, 4))
    };
    Value::Array(
        spec.interpretations
            .iter()
            .map(|i| {
                json!({
                    "id": i.id,
                    "question": i.question,
                    "chosen": { "reading": i.chosen.reading, "wager": i.chosen.wager, "pay_table": i.chosen.pay_table,
                                "house_edge": edge(&i.chosen.wager, i.chosen.pay_table.as_ref()) },
                    "alternative": { "reading": i.alternative.reading, "wager": i.alternative.wager, "pay_table": i.alternative.pay_table,
                                     "house_edge": edge(&i.alternative.wager, i.alternative.pay_table.as_ref()) },
                })
            })
            .collect(),
    )
}

fn verification_json(v: &Verification) -> Value {
    json!({
        "small_shoe_sequences": v.small_shoe_sequences.to_string(),
        "small_shoes": v.small_shoes.iter().map(|c| json!({
            "cards": c.cards,
            "sequences": c.sequences.to_string(),
            "pay_tables_compared": c.tables_compared,
        })).collect::<Vec<_>>(),
        "sampled_rounds": v.sampled,
        "sampled_comparisons": v.sampled_comparisons,
        "agree": v.passed(),
    })
}

fn totals(mask: u16) -> String {
    let t: Vec<String> = (0..10u16)
        .filter(|t| mask & (1 << t) != 0)
        .map(|t| t.to_string())
        .collect();
    if t.is_empty() {
        "no total".into()
    } else {
        t.join(", ")
    }
}

fn rules(s: &mut String, spec: &Spec) {
    let g = &spec.game;
    let (a, b) = (&g.hands[0], &g.hands[1]);
    let deal: Vec<&str> = g
        .deal
        .iter()
        .map(|h| g.hands[*h as usize].as_str())
        .collect();
    let _ = writeln!(s, "## 2. The rules\n");
    let _ = writeln!(
        s,
        "Two hands, {a} and {b}, are dealt two cards each in the order {}. Aces count one, two to nine their face value, tens and picture cards zero; a hand's total is the last digit of its points.\n",
        deal.join(", ")
    );
    if g.naturals != 0 {
        let _ = writeln!(
            s,
            "- A two-card total of {} on either hand is a natural: neither hand draws.",
            totals(g.naturals)
        );
    } else {
        let _ = writeln!(
            s,
            "- There are no naturals: an eight or nine does not end the round."
        );
    }
    match &g.first {
        FirstRule::Totals(m) => {
            let _ = writeln!(
                s,
                "- The {a} draws one card on a total of {} and stands otherwise.",
                totals(*m)
            );
        }
        FirstRule::Decides(d) => {
            let st = &d.strategies[d.default];
            let rule = match st.rule {
                crate::model::StrategyRule::When(_) => format!("draw when `{}`", st.source),
                _ => format!("{} (computed exactly, section 4)", st.source),
            };
            let _ = writeln!(
                s,
                "- The {a} chooses to draw one card or stand. This analysis plays the strategy `{}`: {rule}.",
                st.id
            );
        }
    }
    let _ = writeln!(
        s,
        "- When the {a} stands, the {b} draws on a total of {}.",
        totals(g.second.when_other_stands)
    );
    let _ = writeln!(
        s,
        "- When the {a} draws, the {b} draws (H) or stands (S) by its total and the {a}'s third card:\n"
    );
    let mut header = vec![format!("{b} total")];
    header.extend((0..10).map(|v| v.to_string()));
    let mut t = new_table(header);
    for total in (0..10u8).rev() {
        if g.is_natural(total) {
            continue;
        }
        let mut row = vec![total.to_string()];
        row.extend((0..10).map(|v| {
            if g.second_draws(total, Some(v)) {
                "H"
            } else {
                "S"
            }
            .to_string()
        }));
        t.add_row(row);
    }
    let _ = writeln!(s, "{t}\n");
    for w in &spec.wagers {
        let _ = writeln!(s, "### Wager `{}`: {}\n", w.id, w.name);
        if let Some(d) = &w.description {
            let _ = writeln!(s, "{}\n", d.trim());
        }
        if let Some(p) = &w.placed {
            let _ = writeln!(
                s,
                "Placed only on rounds where `{}`; its figures are per wager placed.\n",
                p.source
            );
        }
        let _ = writeln!(
            s,
            "{}\n",
            match w.precedence {
                Precedence::HighestPay =>
                    "When several events hold, only the one paying most in the pay table in use settles the wager; between equal pays, the event listed first. When no event holds, the wager loses.",
                Precedence::ListedOrder =>
                    "When several events hold, the first listed below settles the wager. When no event holds, the wager loses.",
            }
        );
        let mut header = vec!["event".to_string(), "when".to_string()];
        header.extend(w.pay_tables.iter().map(|t| t.name.clone()));
        let mut t = new_table(header);
        for (k, e) in w.events.iter().enumerate() {
            let mut row = vec![
                format!("{} (`{}`)", e.name, e.id),
                format!(
                    "`{}`",
                    e.source.split_whitespace().collect::<Vec<_>>().join(" ")
                ),
            ];
            row.extend(w.pay_tables.iter().map(|p| p.pays[k].describe()));
            t.add_row(row);
        }
        let _ = writeln!(s, "{t}\n");
    }
    if let Some(t) = &spec.table {
        table_rules(s, t);
    }
}

/// The table rules of a player-banked game (settled by `certify table`).
fn table_rules(s: &mut String, t: &crate::model::table::TableRules) {
    use crate::model::table::{Coverage, WagerKind};
    let _ = writeln!(
        s,
        "### Table rounds
"
    );
    let _ = writeln!(
        s,
        "- {} seats, numbered clockwise. A player-dealer banks the table; the position moves clockwise after every {} hands.",
        t.seats, t.rotation
    );
    let _ = writeln!(
        s,
        "- Settlement order: {}; within each wager, seats clockwise from the player-dealer's left, back-line bets after the seat they stand behind.",
        t.wagers
            .iter()
            .map(|w| format!("`{}`", w.id))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let reading = |c: Coverage| match c {
        Coverage::RunningLimit => {
            "`running_limit`: each wager is covered as far as the player-dealer's running net (collected less paid) stays within plus or minus his stake; the part not covered is returned"
        }
        Coverage::Cutoff => {
            "`cutoff`: once his stake is exhausted either way, every later wager is returned"
        }
    };
    let _ = writeln!(
        s,
        "- Coverage, reading chosen: {}. The other reading, {}, is settled alongside every table round and its differences shown.\n",
        reading(t.coverage),
        reading(t.coverage.other())
    );
    let mut k = new_table(vec!["wager", "kind", "back line", "limits ($)"]);
    for w in &t.wagers {
        k.add_row(vec![
            format!("`{}`", w.id),
            match w.kind {
                WagerKind::Line => "line".to_string(),
                WagerKind::Side => "side bet (needs a line wager)".to_string(),
            },
            if w.back_line { "allowed" } else { "no" }.to_string(),
            format!("{} to {}", w.min.trimmed_decimal(), w.max.trimmed_decimal()),
        ]);
    }
    let _ = writeln!(
        s,
        "{k}\n\nLimits are as the spec declares them; its comments record which the document states and which are assumed.\n"
    );
}

pub(crate) fn return_table(s: &mut String, t: &TableStats) {
    let mut tab = new_table(vec![
        "event",
        "pays",
        "combinations",
        "probability",
        "odds",
        "return",
    ]);
    let total = BigRational::from_integer(BigInt::from(t.total));
    let ret = |c: u128, net: BigRational| {
        let p = BigRational::from_integer(BigInt::from(c)) / &total;
        (decimal(&p, 10), one_in(c, t.total), decimal(&(p * net), 10))
    };
    for e in &t.events {
        let (p, odds, r) = ret(e.combinations, big(e.pay.net()));
        // The event's name as the document words it, its id beside it.
        let event = if e.name.is_empty() || e.name == e.id {
            format!("`{}`", e.id)
        } else {
            format!("{} (`{}`)", e.name, e.id)
        };
        tab.add_row(vec![
            event,
            e.pay.describe(),
            group_digits(&e.combinations.to_string()),
            p,
            odds,
            r,
        ]);
    }
    let (p, odds, r) = ret(t.no_event, big(crate::model::Ratio::MINUS_ONE));
    tab.add_row(vec![
        "(no event: loses)".into(),
        "lose".into(),
        group_digits(&t.no_event.to_string()),
        p,
        odds,
        r,
    ]);
    // The total row adds up the rows above (it is not the engine's total
    // restated), so a reader sees the rows account for every sequence.
    let rows = t.events.iter().map(|e| (e.combinations, big(e.pay.net())));
    let rows = rows.chain(std::iter::once((
        t.no_event,
        big(crate::model::Ratio::MINUS_ONE),
    )));
    let (mut count, mut expected) = (0u128, BigRational::from_integer(BigInt::from(0)));
    for (c, net) in rows {
        count += c;
        expected += BigRational::from_integer(BigInt::from(c)) / &total * net;
    }
    tab.add_row(vec![
        "**total**".into(),
        String::new(),
        group_digits(&count.to_string()),
        decimal(
            &(BigRational::from_integer(BigInt::from(count)) / &total),
            10,
        ),
        String::new(),
        decimal(&expected, 10),
    ]);
    let _ = writeln!(s, "{tab}\n");
}

fn markdown(
    inp: &Inputs,
    c: &Computed,
    decks: &[(u32, &crate::engine::Analysis)],
    manifest: &Value,
) -> (String, super::figure::Figures) {
    let spec = inp.spec;
    let mut s = String::new();
    let mut figures = super::figure::Figures::default();
    let _ = writeln!(s, "# {} — mathematical analysis\n", spec.title);
    let _ = writeln!(s, "**{LABEL}.**\n");
    super::page_one::render(&mut s, inp, c);
    rules(&mut s, spec);
    let _ = writeln!(s, "## 3. Assumptions and methodology\n");
    let _ = writeln!(
        s,
        "- {} decks of 52 cards ({} cards), a full shoe, no cut card: every round is dealt from a complete shoe.",
        inp.decks,
        52 * inp.decks
    );
    super::method::markdown(&mut s, spec, c.analysis.total);
    let _ = writeln!(
        s,
        "- Exact enumeration in integers; house edges and variances are exact fractions, rendered as decimals at the end. No simulation, no floating point."
    );
    let _ = writeln!(
        s,
        "- Card granularity: each wager is enumerated as finely as its events read the cards:"
    );
    for w in &c.analysis.wagers {
        let _ = writeln!(s, "  - `{}`: {}", w.id, w.granularity);
    }
    super::readings::markdown(&mut s, inp);
    let _ = writeln!(
        s,
        "\n## 4. Results at {}\n",
        super::decks::label(spec, inp.decks)
    );
    super::sides::framing(&mut s, spec);
    for (w, sw) in c.analysis.wagers.iter().zip(&spec.wagers) {
        for t in &w.tables {
            let _ = writeln!(s, "### `{}` — {}\n", w.id, t.name);
            return_table(&mut s, t);
            super::precedence::markdown(&mut s, sw, w, t);
            let top = t.top_award();
            let mut k = new_table(vec!["figure", "value"]);
            let edge = t.house_edge();
            k.add_row(vec![
                match spec.assumed_pays(&w.id, &t.id) {
                    Some(a) => format!("House edge under ASSUMED pays (assumption `{}`)", a.id),
                    None => "House edge".to_string(),
                },
                format!("{} (exact: {})", percent(&edge, 4), fraction(&edge)),
            ]);
            k.add_row(vec![
                "Hit frequency (any win)".to_string(),
                share(t.wins, t.total, 4),
            ]);
            k.add_row(vec![
                "Push frequency".to_string(),
                share(t.pushes, t.total, 4),
            ]);
            k.add_row(vec![
                "Standard deviation per unit".to_string(),
                sqrt_decimal(&t.variance, 4),
            ]);
            k.add_row(vec![
                "Variance per unit".to_string(),
                decimal(&t.variance, 4),
            ]);
            if let Some(top) = top {
                k.add_row(vec![
                    "Top award".to_string(),
                    format!(
                        "{} ({}), {}",
                        top.pay.describe(),
                        top.events.join(", "),
                        one_in(top.combinations, t.total)
                    ),
                ]);
            }
            let _ = writeln!(s, "{k}\n");
        }
    }
    for cs in &c.analysis.combined {
        super::decision::combined_markdown(&mut s, cs, &mut figures);
    }
    if let Some(d) = &c.analysis.decision {
        super::decision::markdown(&mut s, d, &c.analysis.combined, &mut figures);
    }
    for r in &c.searches {
        super::search::markdown(&mut s, r);
        super::readings::assumed_beside_search(&mut s, spec, c, &r.wager);
    }
    super::exposure::markdown(&mut s, spec, &c.analysis);
    super::decks::markdown(&mut s, inp, decks, &mut figures);
    let _ = writeln!(s, "## 5. Verification\n");
    super::appendix::summary(&mut s, inp.fixtures);
    let v = inp.verification;
    let _ = writeln!(s, "### Engine against the reference evaluator\n");
    let shoes: Vec<String> = v
        .small_shoes
        .iter()
        .map(|c| format!("`{}`", c.cards.replace(',', " ")))
        .collect();
    let _ = writeln!(
        s,
        "Every ordered six-card sequence of {} small shoes of twelve cards ({}; {} sequences) was dealt, played and settled by the reference evaluator and tallied outcome by outcome against the engine's counts for the same shoes, for every wager and pay table. The small shoes hold {}. {} rounds sampled from the full shoe were settled through the engine's own paths and compared ({} wager and pay-table outcomes). Result: {}.\n",
        v.small_shoes.len(),
        shoes.join(", "),
        group_digits(&v.small_shoe_sequences.to_string()),
        crate::verify::SMALL_SHOES_COVER,
        v.sampled,
        group_digits(&v.sampled_comparisons.to_string()),
        if v.passed() {
            "all agree"
        } else {
            "DISAGREEMENT"
        }
    );
    let _ = writeln!(s, "{}\n", super::method::properties(spec));
    let _ = writeln!(s, "### Interpretations\n");
    if spec.interpretations.is_empty() {
        let _ = writeln!(
            s,
            "The document was read without ambiguity for these wagers.\n"
        );
    }
    for i in &spec.interpretations {
        let _ = writeln!(s, "- **{}**: {}", i.id, i.question.trim());
        for (label, r) in [("chosen", &i.chosen), ("alternative", &i.alternative)] {
            let table = r
                .pay_table
                .as_ref()
                .map(|t| format!(" / {t}"))
                .unwrap_or_default();
            let edge = reading_edge(c, &r.wager, r.pay_table.as_deref())
                .map(|e| percent(&e, 4))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "  - {label}: {} (`{}`{table}), house edge {edge}",
                r.reading.trim(),
                r.wager
            );
        }
    }
    if let Some(study) = inp.study {
        let _ = writeln!(s, "\n## 6. Simulation and card counting\n");
        super::simulation::markdown(&mut s, study);
        let _ = writeln!(s, "## 7. {MANIFEST_TITLE}\n");
    } else {
        let _ = writeln!(s, "\n## 6. {MANIFEST_TITLE}\n");
    }
    let _ = writeln!(
        s,
        "Reproduce with `{}` and check with `certify verify` on this file.\n",
        manifest["command"].as_str().unwrap_or_default()
    );
    let _ = writeln!(s, "```text");
    s.push_str(&manifest_lines(manifest));
    let _ = writeln!(s, "```");
    super::appendix::markdown(&mut s, inp.fixtures);
    (s, figures)
}

/// Writes a report set (Markdown, JSON, PDF) all or nothing.
///
/// Each file is first written under a temporary name unique to this run;
/// then, holding an exclusive lock on `<dir>/.<id>.lock`, the three are
/// renamed into place. Two runs writing into one folder thus never
/// interleave their renames: the set on disk is always wholly one run's.
/// A failure before the renames removes the temporary files and leaves the
/// earlier set as it was. `certify verify` checks that a set is whole (the
/// JSON records the SHA-256 of its Markdown and PDF siblings).
pub fn write(
    report: &Report,
    dir: &std::path::Path,
    id: &str,
) -> Result<Vec<std::path::PathBuf>, ReportError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let fail = |e: std::io::Error| ReportError::Write {
        dir: dir.display().to_string(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(fail)?;
    let unique = format!(
        "{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    );
    let files = [
        (format!("{id}.md"), report.markdown.as_bytes()),
        (format!("{id}.json"), report.json.as_bytes()),
        (format!("{id}.pdf"), report.pdf.as_slice()),
    ];
    let mut staged: Vec<(std::path::PathBuf, std::path::PathBuf)> = Vec::new();
    let unstage = |staged: &[(std::path::PathBuf, std::path::PathBuf)]| {
        for (tmp, _) in staged {
            let _ = std::fs::remove_file(tmp);
        }
    };
    for (name, bytes) in files {
        let tmp = dir.join(format!(".{name}.tmp-{unique}"));
        staged.push((tmp.clone(), dir.join(&name)));
        if let Err(e) = std::fs::write(&tmp, bytes) {
            unstage(&staged);
            return Err(fail(e));
        }
    }
    let lock = match lock_set(dir, id, true) {
        Ok(l) => l,
        Err(e) => {
            unstage(&staged);
            return Err(fail(e));
        }
    };
    let mut written = Vec::new();
    for (k, (tmp, path)) in staged.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            unstage(&staged[k..]);
            return Err(fail(e));
        }
        written.push(path.clone());
    }
    drop(lock);
    Ok(written)
}

/// The lock that orders writers (exclusive) and readers (shared) of one
/// report set. Advisory: it binds certify processes, which is what matters.
pub fn lock_set(
    dir: &std::path::Path,
    id: &str,
    exclusive: bool,
) -> std::io::Result<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(format!(".{id}.lock")))?;
    if exclusive {
        file.lock()?;
    } else {
        file.lock_shared()?;
    }
    Ok(file)
}

/// The manifest of a report file, Markdown or JSON, as key/value pairs;
/// each fixture file's hash under `fixture_sha256 <file>`, as the Markdown
/// writes it.
pub fn read_manifest(
    text: &str,
    is_json: bool,
) -> Result<std::collections::BTreeMap<String, String>, ReportError> {
    // A JSON manifest is read through its Markdown lines: one parser, one
    // set of keys for both.
    let lines = if is_json {
        let doc: Value = serde_json::from_str(text).map_err(|e| ReportError::NotJson {
            reason: e.to_string(),
        })?;
        let Some(m @ Value::Object(_)) = doc.get("manifest") else {
            return Err(ReportError::NoManifest);
        };
        manifest_lines(m)
    } else {
        // The last heading of that title (section 6, or 7 after a
        // simulation section).
        let block = text
            .rfind(&format!(". {MANIFEST_TITLE}\n"))
            .map(|start| &text[start..])
            .ok_or(ReportError::NoManifest)?;
        let open = block.find("```text\n").ok_or(ReportError::NoManifest)? + "```text\n".len();
        let close = block[open..].find("```").ok_or(ReportError::NoManifest)? + open;
        block[open..close].to_string()
    };
    let mut out = std::collections::BTreeMap::new();
    for line in lines.lines() {
        if let Some((k, v)) = line.split_once(": ") {
            out.insert(k.to_string(), v.to_string());
        }
    }
    for key in [
        "spec_file",
        "spec_sha256",
        "decks",
        "results_sha256",
        "tool_version",
        "cargo_lock_sha256",
    ] {
        if !out.contains_key(key) {
            return Err(ReportError::ManifestKey { key: key.into() });
        }
    }
    Ok(out)
}

/// The first line where two texts differ (1-based), with both lines.
pub fn first_difference(a: &str, b: &str) -> Option<(usize, String, String)> {
    let (mut la, mut lb) = (a.lines(), b.lines());
    let mut n = 0;
    loop {
        n += 1;
        match (la.next(), lb.next()) {
            (None, None) => return None,
            (x, y) if x == y => continue,
            (x, y) => {
                return Some((
                    n,
                    x.unwrap_or("(end of file)").to_string(),
                    y.unwrap_or("(end of file)").to_string(),
                ));
            }
        }
    }
}
