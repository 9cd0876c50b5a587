//! Hostile files (issue 29): a corpus of edited, truncated and foreign
//! shard files, reports and manifests, each given to the command that reads
//! it. Every one must be refused with exit 1 or 2 and a message that names
//! the file (and a line where the fault has one), never merged or verified
//! with exit 0, never a panic (the commands run in this process: a panic
//! fails the test).
//!
//! The corpus is a list of named edits applied to files made fresh by this
//! build (a stored shard file would go stale with every version), so every
//! edit meets the real format.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn certify(args: &[&str]) -> certify::cli::Output {
    certify::cli::run(
        std::iter::once("certify")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

/// Rounds of the shard runs: three blocks, so up to three shards.
const ROUNDS: &str = "3145828";
const SPEC: &str = "rules/punto_banco.yaml";

struct Made {
    dir: PathBuf,
    /// Shards 1/2 and 2/2 of the run.
    shards: [String; 2],
    /// The punto banco reports (Markdown and JSON) made by `certify SPEC`
    /// with a short simulation.
    md: String,
    json: String,
}

fn shard_args<'a>(spec: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "simulate",
        spec,
        "--rounds",
        ROUNDS,
        "--bound-shoes",
        "0",
        "--json",
    ];
    a.extend_from_slice(extra);
    a
}

fn made() -> &'static Made {
    static MADE: OnceLock<Made> = OnceLock::new();
    MADE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("certify-hostile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let shard = |k: &str| {
            let o = certify(&shard_args(SPEC, &["--shard", k]));
            assert_eq!(o.code, 0, "{}", o.stderr);
            o.stdout
        };
        let shards = [shard("1/2"), shard("2/2")];
        let reports = dir.join("reports");
        // A short simulation on few sampled shoes: the edited copies are
        // verified many times, each recomputing the report; the manifest
        // still records the simulation's settings that its edits change.
        let o = certify(&[
            SPEC,
            "--out",
            reports.to_str().unwrap(),
            "--simulate",
            "100000",
            "--bound-shoes",
            "2",
            "--bound-suit-shoes",
            "0",
        ]);
        assert_eq!(o.code, 0, "{}", o.stderr);
        let read =
            |e: &str| std::fs::read_to_string(reports.join(format!("punto_banco.{e}"))).unwrap();
        Made {
            md: read("md"),
            json: read("json"),
            dir,
            shards,
        }
    })
}

/// The text with the first digit from byte `from` on changed (9 to 1,
/// any other up by one).
fn bump_digit(t: &str, from: usize) -> String {
    let i = from + t[from..].find(|c: char| c.is_ascii_digit()).unwrap();
    let new = match t.as_bytes()[i] {
        b'9' => '1',
        d => (d + 1) as char,
    };
    format!("{}{}{}", &t[..i], new, &t[i + 1..])
}

/// An edit of one shard file: by its JSON value or its text.
enum Edit {
    Value(fn(&mut Value)),
    Text(fn(&str) -> String),
}

fn at<'a>(v: &'a mut Value, path: &str) -> &'a mut Value {
    path.split('.').fold(v, |v, k| match k.parse::<usize>() {
        Ok(i) => &mut v[i],
        Err(_) => &mut v[k],
    })
}

fn remove(v: &mut Value, path: &str) {
    let (parent, key) = path.rsplit_once('.').unwrap_or(("", path));
    let p = if parent.is_empty() { v } else { at(v, parent) };
    match p {
        Value::Object(m) => {
            m.remove(key);
        }
        Value::Array(a) => {
            a.remove(key.parse().unwrap());
        }
        _ => panic!("{path}"),
    }
}

fn add(v: &mut Value, path: &str, d: i64) {
    let x = at(v, path);
    *x = match x {
        Value::Number(n) => json!(n.as_i64().unwrap() + d),
        Value::String(s) => json!((s.parse::<i128>().unwrap() + d as i128).to_string()),
        _ => panic!("{path}"),
    };
}

/// Sets a value, then seals the file again: edits the digest cannot catch.
fn resealed(v: &mut Value) {
    let inputs = serde_json::from_value(v["inputs"].clone()).unwrap();
    let run = serde_json::from_value(v["tallies"].clone()).unwrap();
    v["tallies_sha256"] = json!(certify::simulator::shard_file::digest(&inputs, &run));
}

macro_rules! value_edits {
    ($($name:literal => |$v:ident| $body:expr;)*) => {
        vec![$(($name, Edit::Value(|$v: &mut Value| { $body; }))),*]
    };
}

/// At least a hundred edits of shard 2 of 2, each merged with shard 1.
fn shard_edits() -> Vec<(&'static str, Edit)> {
    let mut edits = value_edits! {
        // Whole parts removed.
        "no inputs" => |v| remove(v, "inputs");
        "no tallies" => |v| remove(v, "tallies");
        "no digest" => |v| remove(v, "tallies_sha256");
        "no tool version" => |v| remove(v, "inputs.tool_version");
        "no spec hash" => |v| remove(v, "inputs.spec_sha256");
        "no include hashes" => |v| remove(v, "inputs.include_sha256");
        "no spec" => |v| remove(v, "tallies.spec");
        "no decks" => |v| remove(v, "tallies.decks");
        "no settings" => |v| remove(v, "tallies.settings");
        "no counts" => |v| remove(v, "tallies.counts");
        "no full pass" => |v| remove(v, "tallies.full");
        "no dealt pass" => |v| remove(v, "tallies.dealt");
        "no rounds setting" => |v| remove(v, "tallies.settings.rounds");
        "no seed" => |v| remove(v, "tallies.settings.seed");
        "no penetration" => |v| remove(v, "tallies.settings.penetration");
        "no shard" => |v| remove(v, "tallies.settings.shard");
        "no shard index" => |v| remove(v, "tallies.settings.shard.index");
        "no full rounds" => |v| remove(v, "tallies.full.rounds");
        "no full codes" => |v| remove(v, "tallies.full.codes");
        "no dealt shoes" => |v| remove(v, "tallies.dealt.shoes");
        "no dealt buckets" => |v| remove(v, "tallies.dealt.buckets");
        "no rounds squared" => |v| remove(v, "tallies.dealt.rounds_squared");
        "no dealt tables" => |v| remove(v, "tallies.dealt.tables");
        // Arrays shortened, lengthened, emptied.
        "a pay table's row removed" => |v| remove(v, "tallies.full.codes.1");
        "a count removed" => |v| remove(v, "tallies.full.codes.0.2");
        "a count added" => |v| at(v, "tallies.full.codes.0").as_array_mut().unwrap().push(json!(0));
        "a pay table added" => |v| at(v, "tallies.full.codes").as_array_mut().unwrap().push(json!([0, 0]));
        "full codes emptied" => |v| *at(v, "tallies.full.codes") = json!([]);
        "a dealt table removed" => |v| remove(v, "tallies.dealt.tables.1");
        "dealt codes shortened" => |v| remove(v, "tallies.dealt.tables.0.codes.0");
        "shoe squares shortened" => |v| remove(v, "tallies.dealt.tables.2.shoe_squares.5");
        "net by rounds shortened" => |v| remove(v, "tallies.dealt.tables.0.net_by_rounds.2");
        "rounds squared shortened" => |v| remove(v, "tallies.dealt.rounds_squared.2");
        "dealt rounds shortened" => |v| remove(v, "tallies.dealt.rounds.2");
        "a count's tags shortened" => |v| remove(v, "tallies.counts.0.tags.12");
        "a count removed from counts" => |v| remove(v, "tallies.counts.3");
        // Counts changed (the digest, or the sums, catch each).
        "full rounds +1" => |v| add(v, "tallies.full.rounds", 1);
        "a full count +1" => |v| add(v, "tallies.full.codes.0.2", 1);
        "a full count -1" => |v| add(v, "tallies.full.codes.2.1", -1);
        "a dealt count +1" => |v| add(v, "tallies.dealt.tables.1.codes.700", 1);
        "dealt shoes +1" => |v| add(v, "tallies.dealt.shoes", 1);
        "dealt band rounds +1" => |v| add(v, "tallies.dealt.rounds.1", 1);
        "rounds squared +1" => |v| add(v, "tallies.dealt.rounds_squared.0", 1);
        "a shoe square +1" => |v| add(v, "tallies.dealt.tables.0.shoe_squares.40", 1);
        "a net by rounds -1" => |v| add(v, "tallies.dealt.tables.3.net_by_rounds.1", -1);
        "buckets 40" => |v| *at(v, "tallies.dealt.buckets") = json!(40);
        "buckets 0" => |v| *at(v, "tallies.dealt.buckets") = json!(0);
        "a tag changed" => |v| add(v, "tallies.counts.0.tags.4", 1);
        "a count unbalanced" => |v| *at(v, "tallies.counts.0.balanced") = json!(false);
        // Settings and identity changed.
        "shard 2 of 3" => |v| *at(v, "tallies.settings.shard.count") = json!(3);
        "shard 1 of 2 twice" => |v| *at(v, "tallies.settings.shard.index") = json!(1);
        "shard 3 of 2" => |v| *at(v, "tallies.settings.shard.index") = json!(3);
        "shard 0 of 2" => |v| *at(v, "tallies.settings.shard.index") = json!(0);
        "shard of 0" => |v| *at(v, "tallies.settings.shard.count") = json!(0);
        "shard of a million" => |v| *at(v, "tallies.settings.shard.count") = json!(1_000_000);
        "another seed" => |v| add(v, "tallies.settings.seed", 1);
        "other rounds" => |v| add(v, "tallies.settings.rounds", 1);
        "zero rounds" => |v| *at(v, "tallies.settings.rounds") = json!(0);
        "penetration 0.5" => |v| *at(v, "tallies.settings.penetration") = json!(0.5);
        "penetration 7" => |v| *at(v, "tallies.settings.penetration") = json!(7.0);
        "another deck count" => |v| *at(v, "tallies.decks") = json!(6);
        "another spec id" => |v| *at(v, "tallies.spec") = json!("lucky_8");
        "another tool" => |v| *at(v, "inputs.tool_version") = json!("0.0.9");
        "another spec hash" => |v| *at(v, "inputs.spec_sha256") = json!("0".repeat(64));
        "an include added" => |v| *at(v, "inputs.include_sha256") = json!({"games/x.yaml": "00"});
        "digest of zeros" => |v| *at(v, "tallies_sha256") = json!("0".repeat(64));
        "digest empty" => |v| *at(v, "tallies_sha256") = json!("");
        // Wrong kinds of value.
        "rounds as text" => |v| *at(v, "tallies.full.rounds") = json!("ten");
        "rounds negative" => |v| *at(v, "tallies.full.rounds") = json!(-1);
        "rounds fractional" => |v| *at(v, "tallies.full.rounds") = json!(1.5);
        "rounds past u64" => |v| *at(v, "tallies.full.rounds") = json!(1e30);
        "a count null" => |v| *at(v, "tallies.full.codes.0.0") = Value::Null;
        "a square not a number" => |v| *at(v, "tallies.dealt.rounds_squared.0") = json!("x");
        "a square past i128" => |v| *at(v, "tallies.dealt.rounds_squared.0") = json!("1".repeat(60));
        "a square as a number" => |v| *at(v, "tallies.dealt.rounds_squared.0") = json!(5);
        "tallies an array" => |v| *at(v, "tallies") = json!([]);
        "settings a string" => |v| *at(v, "tallies.settings") = json!("default");
        "tags of 14" => |v| at(v, "tallies.counts.0.tags").as_array_mut().unwrap().push(json!(0));
        "decks negative" => |v| *at(v, "tallies.decks") = json!(-8);
        "the document an array" => |v| *v = json!([1, 2]);
        "the document a number" => |v| *v = json!(7);
        // Consistent edits, sealed again: the checks of the sums catch them.
        // (A count moved from one settlement to another and sealed again is
        // a forgery the digest cannot catch: it is not a signature.)
        "a pay table's row removed, resealed" => |v| { remove(v, "tallies.full.codes.1"); resealed(v) };
        "buckets changed, resealed" => |v| { *at(v, "tallies.dealt.buckets") = json!(40); resealed(v) };
        "shard 2 of 3, resealed" => |v| { *at(v, "tallies.settings.shard.count") = json!(3); resealed(v) };
        "full rounds +1 and a count, resealed" => |v| { add(v, "tallies.full.rounds", 1); add(v, "tallies.full.codes.0.1", 1); resealed(v) };
        "shoes 0, resealed" => |v| { *at(v, "tallies.dealt.shoes") = json!(0); resealed(v) };
        "a huge square, resealed" => |v| { *at(v, "tallies.dealt.tables.0.shoe_squares.0") = json!(i128::MAX.to_string()); resealed(v) };
        "a negative square, resealed" => |v| { *at(v, "tallies.dealt.tables.0.shoe_squares.0") = json!("-4"); resealed(v) };
        "rounds squared below the rounds, resealed" => |v| { *at(v, "tallies.dealt.rounds_squared.2") = json!("1"); resealed(v) };
        "dealt rounds doubled, resealed" => |v| { add(v, "tallies.dealt.rounds.2", 1_000_000); resealed(v) };
        "another seed, resealed" => |v| { add(v, "tallies.settings.seed", 1); resealed(v) };
        "another tool, resealed" => |v| { *at(v, "inputs.tool_version") = json!("9.9.9"); resealed(v) };
        "another spec hash, resealed" => |v| { *at(v, "inputs.spec_sha256") = json!("ab"); resealed(v) };
    };
    let texts: Vec<(&'static str, Edit)> = vec![
        ("empty file", Edit::Text(|_| String::new())),
        ("only whitespace", Edit::Text(|_| "  \n\n".into())),
        ("not JSON", Edit::Text(|_| "tallies: 1\n".into())),
        ("binary", Edit::Text(|_| "\u{0}\u{1}\u{fffd}".into())),
        ("truncated at 10%", Edit::Text(|t| t[..t.len() / 10].into())),
        ("truncated at half", Edit::Text(|t| t[..t.len() / 2].into())),
        (
            "truncated at 90%",
            Edit::Text(|t| t[..t.len() * 9 / 10].into()),
        ),
        ("last byte cut", Edit::Text(|t| t[..t.len() - 2].into())),
        (
            "a digit cut",
            Edit::Text(|t| t.replacen("\"rounds\": 1", "\"rounds\": ", 1)),
        ),
        ("trailing text", Edit::Text(|t| format!("{t}\n{{}}"))),
        ("two documents", Edit::Text(|t| format!("{t}{t}"))),
        (
            "a key doubled",
            Edit::Text(|t| t.replacen("\"tallies\": {", "\"tallies\": {\"spec\": \"x\",", 1)),
        ),
        (
            "deep nesting",
            Edit::Text(|_| format!("{}{}", "[".repeat(100_000), "]".repeat(100_000))),
        ),
        (
            "a digit changed",
            Edit::Text(|t| bump_digit(t, t.find("\"codes\": [").unwrap() + 30)),
        ),
    ];
    edits.extend(texts);
    edits
}

fn assert_refused(what: &str, o: &certify::cli::Output, file: &str) {
    assert!(
        o.code == 1 || o.code == 2,
        "{what}: exit {}: {}",
        o.code,
        o.stderr
    );
    assert!(o.stderr.starts_with("error: "), "{what}: {}", o.stderr);
    assert!(
        o.stderr.contains(file),
        "{what}: the file is not named: {}",
        o.stderr
    );
    assert!(!o.stderr.contains("panicked"), "{what}: {}", o.stderr);
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn every_edited_shard_file_is_refused_with_its_place() {
    let m = made();
    let dir = m.dir.join("shards");
    std::fs::create_dir_all(&dir).unwrap();
    let first = write(&dir, "s1.json", &m.shards[0]);
    let second = write(&dir, "s2.json", &m.shards[1]);
    // The untouched pair merges.
    let args = vec!["simulate", SPEC, "--bound-shoes", "0", "--merge"];
    let o = certify(&[args.clone(), vec![&first, &second]].concat());
    assert_eq!(o.code, 0, "{}", o.stderr);
    let edits = shard_edits();
    assert!(edits.len() >= 100, "{} edits", edits.len());
    let mut located = 0;
    for (name, edit) in &edits {
        let text = match edit {
            Edit::Value(f) => {
                let mut v: Value = serde_json::from_str(&m.shards[1]).unwrap();
                f(&mut v);
                serde_json::to_string_pretty(&v).unwrap()
            }
            Edit::Text(f) => f(&m.shards[1]),
        };
        assert!(text != m.shards[1], "{name}: the edit changes nothing");
        let edited = write(&dir, "edited.json", &text);
        let o = certify(&[args.clone(), vec![&first, &edited]].concat());
        // A shard given twice is named at the second file.
        assert_refused(
            name,
            &o,
            if *name == "shard 1 of 2 twice" {
                &edited
            } else {
                "edited.json"
            },
        );
        assert_eq!(o.code, 2, "{name}: {}", o.stderr);
        if o.stderr.contains("edited.json:") {
            located += 1;
        }
    }
    // Nearly every refusal points at a line (not those of an empty file).
    assert!(
        located + 5 >= edits.len(),
        "{located} of {} located",
        edits.len()
    );
    eprintln!(
        "hostile shard files: {} refused, {located} at a line",
        edits.len()
    );
}

/// Merges that are wrong as a whole: each named.
#[test]
fn wrong_sets_of_shard_files_are_named() {
    let m = made();
    let dir = m.dir.join("sets");
    std::fs::create_dir_all(&dir).unwrap();
    let s1 = write(&dir, "s1.json", &m.shards[0]);
    let s2 = write(&dir, "s2.json", &m.shards[1]);
    let made_with = |name: &str, args: Vec<&str>| {
        let o = certify(&args);
        assert_eq!(o.code, 0, "{name}: {}", o.stderr);
        write(&dir, name, &o.stdout)
    };
    let seed = made_with(
        "seed.json",
        shard_args(SPEC, &["--shard", "2/2", "--seed", "5"]),
    );
    let third = made_with("third.json", shard_args(SPEC, &["--shard", "2/3"]));
    let decks = made_with(
        "decks.json",
        shard_args(SPEC, &["--shard", "2/2", "--decks", "6"]),
    );
    let other = made_with(
        "other.json",
        shard_args("rules/21st_century_baccarat.yaml", &["--shard", "2/2"]),
    );
    let merge = |files: &[&str]| {
        let mut a = vec!["simulate", SPEC, "--bound-shoes", "0", "--merge"];
        a.extend_from_slice(files);
        certify(&a)
    };
    for (what, files, words) in [
        ("missing", vec![s1.as_str()], "shards missing: 2 of 2"),
        ("twice", vec![&s1, &s1, &s2], "shard 1 of 2 is given twice"),
        (
            "another seed",
            vec![&s1, &seed],
            "`tallies.settings.seed` differs",
        ),
        (
            "another split",
            vec![&s1, &third],
            "`tallies.settings.shard.count` differs",
        ),
        (
            "another deck count",
            vec![&s1, &decks],
            "`tallies.decks` is 6",
        ),
        ("another spec", vec![&s1, &other], "`inputs.spec_sha256`"),
        (
            "a folder",
            vec![&s1, dir.to_str().unwrap()],
            "not a regular file",
        ),
        (
            "no such file",
            vec![&s1, "/nonexistent/s2.json"],
            "/nonexistent/s2.json",
        ),
    ] {
        let o = merge(&files);
        assert_eq!(o.code, 2, "{what}: {}", o.stderr);
        assert!(o.stderr.contains(words), "{what}: {}", o.stderr);
    }
    // A file past the size limit is refused without being read whole.
    let big = dir.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(certify::limits::MAX_SHARD_BYTES + 10).unwrap();
    let o = merge(&[&s1, big.to_str().unwrap()]);
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert!(
        o.stderr
            .contains("shard file too large: more than 268435456 bytes"),
        "{}",
        o.stderr
    );
    // The right pair in either order merges to the same figures.
    let (a, b) = (merge(&[&s1, &s2]), merge(&[&s2, &s1]));
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert_eq!(a.stdout, b.stdout);
}

/// Edits of a report's manifest: each refused by `certify verify`, never
/// verified, never an unbounded computation.
type ValueEdit = fn(&mut Value);

fn manifest_edits() -> Vec<(&'static str, ValueEdit)> {
    let m = |f: ValueEdit| f;
    vec![
        ("manifest removed", m(|v| remove(v, "manifest"))),
        ("manifest an array", m(|v| v["manifest"] = json!([]))),
        ("no spec file", m(|v| remove(v, "manifest.spec_file"))),
        ("no spec hash", m(|v| remove(v, "manifest.spec_sha256"))),
        ("no decks", m(|v| remove(v, "manifest.decks"))),
        (
            "no results hash",
            m(|v| remove(v, "manifest.results_sha256")),
        ),
        ("no tool version", m(|v| remove(v, "manifest.tool_version"))),
        (
            "no lock hash",
            m(|v| remove(v, "manifest.cargo_lock_sha256")),
        ),
        (
            "no fixture hashes",
            m(|v| v["manifest"]["fixture_sha256"] = json!({})),
        ),
        (
            "decks eight",
            m(|v| v["manifest"]["decks"] = json!("eight")),
        ),
        ("decks 0", m(|v| v["manifest"]["decks"] = json!(0))),
        ("decks 7", m(|v| v["manifest"]["decks"] = json!(7))),
        (
            "decks past u32",
            m(|v| v["manifest"]["decks"] = json!(4_294_967_304u64)),
        ),
        ("decks negative", m(|v| v["manifest"]["decks"] = json!(-8))),
        (
            "samples huge",
            m(|v| v["manifest"]["verify_samples"] = json!(1_000_000_000_000u64)),
        ),
        (
            "samples text",
            m(|v| v["manifest"]["verify_samples"] = json!("many")),
        ),
        (
            "simulate huge",
            m(|v| v["manifest"]["simulate_rounds"] = json!(1e15 as u64)),
        ),
        (
            "bound shoes huge",
            m(|v| {
                v["manifest"]["simulate_rounds"] = json!(1000);
                v["manifest"]["simulate_bound_shoes"] = json!(1_000_000_000u64)
            }),
        ),
        (
            "penetration 5",
            m(|v| {
                v["manifest"]["simulate_rounds"] = json!(1000);
                v["manifest"]["simulate_penetration"] = json!("5")
            }),
        ),
        (
            "penetration text",
            m(|v| {
                v["manifest"]["simulate_rounds"] = json!(1000);
                v["manifest"]["simulate_penetration"] = json!("deep")
            }),
        ),
        (
            "another spec hash",
            m(|v| v["manifest"]["spec_sha256"] = json!("0".repeat(64))),
        ),
        (
            "another tool",
            m(|v| v["manifest"]["tool_version"] = json!("0.0.9")),
        ),
        (
            "another lock",
            m(|v| v["manifest"]["cargo_lock_sha256"] = json!("ab")),
        ),
        (
            "spec file missing",
            m(|v| v["manifest"]["spec_file"] = json!("rules/missing.yaml")),
        ),
        (
            "spec file a folder",
            m(|v| v["manifest"]["spec_file"] = json!("rules")),
        ),
        (
            "spec file /dev/zero",
            m(|v| v["manifest"]["spec_file"] = json!("/dev/zero")),
        ),
        (
            "spec file another spec",
            m(|v| v["manifest"]["spec_file"] = json!("rules/lucky_monkey.yaml")),
        ),
        (
            "a fixture hash changed",
            m(|v| {
                let f = v["manifest"]["fixture_sha256"].as_object_mut().unwrap();
                let k = f.keys().next().unwrap().clone();
                f.insert(k, json!("0".repeat(64)));
            }),
        ),
        (
            "a fixture added",
            m(|v| v["manifest"]["fixture_sha256"]["ghost.yaml"] = json!("00")),
        ),
        (
            "an include /dev/zero",
            m(|v| v["manifest"]["include_sha256"] = json!({"/dev/zero": "00"})),
        ),
        (
            "fixtures dir elsewhere",
            m(|v| v["manifest"]["fixtures_dir"] = json!("/nonexistent")),
        ),
        (
            "results hash changed",
            m(|v| v["manifest"]["results_sha256"] = json!("0".repeat(64))),
        ),
        (
            "a result changed",
            m(|v| v["results"]["total_combinations"] = json!("1")),
        ),
        ("results removed", m(|v| remove(v, "results"))),
        (
            "schema version changed",
            m(|v| v["schema_version"] = json!("0.0.1")),
        ),
        ("verification emptied", m(|v| v["verification"] = json!({}))),
        ("the document an array", m(|v| *v = json!([]))),
    ]
}

#[test]
fn every_edited_report_and_manifest_is_refused() {
    let m = made();
    let dir = m.dir.join("verify");
    std::fs::create_dir_all(&dir).unwrap();
    let mut n = 0;
    // JSON reports: manifest and body edits.
    for (name, edit) in manifest_edits() {
        let mut v: Value = serde_json::from_str(&m.json).unwrap();
        edit(&mut v);
        let f = write(
            &dir,
            "punto_banco.json",
            &serde_json::to_string_pretty(&v).unwrap(),
        );
        let o = certify(&["verify", &f]);
        assert_refused(name, &o, "punto_banco");
        n += 1;
    }
    // Text edits of both reports: truncations, lines changed and removed.
    type TextEdit = fn(&str) -> String;
    let texts: Vec<(&str, TextEdit)> = vec![
        ("empty", |_| String::new()),
        ("truncated at a quarter", |t| t[..t.len() / 4].into()),
        ("truncated at half", |t| t[..t.len() / 2].into()),
        ("truncated before the end", |t| t[..t.len() - 20].into()),
        ("first line removed", |t| {
            t.split_once('\n').unwrap().1.into()
        }),
        ("a digit changed", |t| bump_digit(t, t.len() / 3)),
        ("a line doubled", |t| {
            let i = t.len() / 2 + t[t.len() / 2..].find('\n').unwrap() + 1;
            let j = i + t[i..].find('\n').unwrap() + 1;
            format!("{}{}{}", &t[..j], &t[i..j], &t[j..])
        }),
        ("a line added at the end", |t| format!("{t}\nadded\n")),
        ("binary", |_| "\u{0}\u{1}".into()),
    ];
    for (ext, original) in [("json", &m.json), ("md", &m.md)] {
        for (name, edit) in &texts {
            let text = edit(original);
            let f = write(&dir, &format!("punto_banco.{ext}"), &text);
            let o = certify(&["verify", &f]);
            assert_refused(&format!("{ext}: {name}"), &o, "punto_banco");
            n += 1;
        }
    }
    // Markdown manifests: the manifest block's lines edited.
    let md_edits: Vec<(&str, TextEdit)> = vec![
        ("manifest heading removed", |t| {
            t.replace("Reproducibility manifest\n", "Manifest\n")
        }),
        ("manifest fence removed", |t| {
            let i = t.rfind("```text\n").unwrap();
            format!("{}{}", &t[..i], &t[i + 8..])
        }),
        ("decks line changed", |t| {
            t.replace("\ndecks: 8\n", "\ndecks: 80\n")
        }),
        ("decks line removed", |t| t.replace("\ndecks: 8\n", "\n")),
        ("spec hash line changed", |t| {
            t.replace("spec_sha256: ", "spec_sha256: 0")
        }),
        ("samples huge", |t| {
            t.replace("verify_samples: 200", "verify_samples: 99999999999999")
        }),
        ("tool version changed", |t| {
            t.replace("tool_version: ", "tool_version: 9")
        }),
    ];
    for (name, edit) in &md_edits {
        let text = edit(&m.md);
        assert!(text != *m.md, "{name}: the edit changes nothing");
        let f = write(&dir, "punto_banco.md", &text);
        let o = certify(&["verify", &f]);
        assert_refused(name, &o, "punto_banco");
        n += 1;
    }
    // A report past the size limit is refused before it is read whole.
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(certify::limits::MAX_REPORT_BYTES + 1)
        .unwrap();
    let o = certify(&["verify", big.to_str().unwrap()]);
    assert_refused("big", &o, "big.json");
    assert!(o.stderr.contains("too large"), "{}", o.stderr);
    n += 1;
    assert!(n >= 60, "{n}");
    eprintln!("hostile reports and manifests: {n} refused");
}

/// `certify diff` on any two inputs: a refusal or a diff, never a panic.
#[test]
fn diff_takes_any_two_inputs() {
    let m = made();
    let dir = m.dir.join("diff");
    std::fs::create_dir_all(&dir).unwrap();
    let report = write(&dir, "report.json", &m.json);
    let truncated = write(&dir, "truncated.json", &m.json[..m.json.len() / 2]);
    let shard = write(&dir, "shard.json", &m.shards[0]);
    let empty = write(&dir, "empty.json", "");
    let garbage = write(&dir, "garbage.yaml", "\u{0}{[");
    let mut no_results: Value = serde_json::from_str(&m.json).unwrap();
    remove(&mut no_results, "results");
    let no_results = write(&dir, "no_results.json", &no_results.to_string());
    let inputs = [
        SPEC,
        "rules/lucky_8.yaml",
        report.as_str(),
        &truncated,
        &shard,
        &empty,
        &garbage,
        &no_results,
        "/nonexistent.yaml",
        "rules",
    ];
    let valid = [SPEC, "rules/lucky_8.yaml", report.as_str()];
    for a in &inputs {
        for b in &inputs {
            let o = certify(&["diff", a, b]);
            assert!(o.code <= 2, "{a} {b}: exit {}: {}", o.code, o.stderr);
            if !(valid.contains(a) && valid.contains(b)) {
                assert!(o.code >= 1, "{a} {b}: {}", o.stdout);
                assert!(!o.stderr.is_empty(), "{a} {b}");
            }
        }
    }
}
