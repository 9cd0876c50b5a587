//! Every size limit of `certify::limits` at and past itself: at the limit
//! the input is accepted, one past it is refused with a located error that
//! names the limit (issue 29). Run sizes (`--rounds`, `--verify`, ...) are
//! tried only past their limits: at them a run would take hours.

use certify::check::check_source;
use certify::limits::{
    MAX_BOUND_SHOES, MAX_EVENTS, MAX_LEAFLETS, MAX_LINES, MAX_PAY_TABLES, MAX_SIMULATE_ROUNDS,
    MAX_TABLE_ROUNDS, MAX_VERIFY_SAMPLES, MAX_WAGERS,
};
use certify::spec::SourceFile;
use std::fmt::Write;

fn certify(args: &[&str]) -> certify::cli::Output {
    certify::cli::run(
        std::iter::once("certify")
            .chain(args.iter().copied())
            .map(String::from),
    )
}

/// The scaffold's spec up to its wagers: a game that checks.
fn head() -> String {
    let scaffold = include_str!("../src/scaffold/spec.yaml")
        .replace("{{id}}", "sizes")
        .replace("{{title}}", "Sizes")
        .replace("{{schema}}", "s.json")
        .replace("{{date}}", "2026-11-25");
    scaffold.split("\nwagers:\n").next().unwrap().to_string() + "\nwagers:\n"
}

/// A spec of wagers, each `(events, pay tables)`.
fn spec(wagers: &[(usize, usize)]) -> String {
    let mut s = head();
    for (w, &(events, tables)) in wagers.iter().enumerate() {
        let _ = write!(s, "  - id: w{w}\n    name: W\n    events:\n");
        for e in 0..events {
            let _ = writeln!(
                s,
                "      - {{id: e{e}, name: E, when: \"player.total == {} and banker.total == {}\"}}",
                e % 10,
                e / 10 % 10
            );
        }
        s.push_str("    pay_tables:\n");
        for t in 0..tables {
            let pays: Vec<String> = (0..events).map(|e| format!("e{e}: {}", 1 + t)).collect();
            let _ = writeln!(s, "      - id: t{t}\n        pays: {{{}}}", pays.join(", "));
        }
    }
    s
}

/// Refused once, with a "too many" error at the line holding `at`.
fn refused_at(text: &str, what: &str, at: &str) {
    let ds = check_source(&SourceFile::new("sizes.yaml", text)).expect_err(what);
    assert_eq!(ds.len(), 1, "{ds:?}");
    let d = &ds[0];
    assert!(
        d.message().starts_with(&format!("too many {what}")),
        "{}",
        d.message()
    );
    let line = text.lines().nth(d.line - 1).unwrap();
    assert!(line.contains(at), "line {}: {line}", d.line);
}

fn accepted(text: &str) {
    if let Err(ds) = check_source(&SourceFile::new("sizes.yaml", text)) {
        panic!("{:?}", ds.iter().map(|d| d.message()).collect::<Vec<_>>());
    }
}

#[test]
fn events_of_one_wager() {
    accepted(&spec(&[(MAX_EVENTS, 1)]));
    refused_at(
        &spec(&[(MAX_EVENTS + 1, 1)]),
        "events in one wager",
        &format!("id: e{MAX_EVENTS},"),
    );
}

#[test]
fn pay_tables_of_one_wager() {
    accepted(&spec(&[(2, MAX_PAY_TABLES)]));
    refused_at(
        &spec(&[(2, MAX_PAY_TABLES + 1)]),
        "pay tables in one wager",
        &format!("id: t{MAX_PAY_TABLES}"),
    );
}

#[test]
fn wagers_of_one_spec() {
    accepted(&spec(&vec![(1, 1); MAX_WAGERS]));
    refused_at(
        &spec(&vec![(1, 1); MAX_WAGERS + 1]),
        "wagers",
        &format!("id: w{MAX_WAGERS}"),
    );
}

#[test]
fn leaflets_of_one_spec() {
    let with = |n: usize| {
        let mut s = spec(&[(1, 1)]) + "leaflets:\n";
        for k in 0..n {
            let _ = writeln!(s, "  - {{id: l{k}, title: L, wagers: [w0]}}");
        }
        s
    };
    accepted(&with(MAX_LEAFLETS));
    refused_at(
        &with(MAX_LEAFLETS + 1),
        "leaflets",
        &format!("id: l{MAX_LEAFLETS},"),
    );
}

#[test]
fn settlement_lines_of_one_spec() {
    let tables = MAX_LINES / MAX_EVENTS;
    accepted(&spec(&[(MAX_EVENTS, tables)]));
    refused_at(
        &spec(&[(MAX_EVENTS, tables), (1, 1)]),
        "settlement lines",
        "id: w1",
    );
}

#[test]
fn rounds_of_a_round_file() {
    let dir = std::env::temp_dir().join(format!("certify-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = std::fs::canonicalize("rules/21st_century_baccarat.yaml").unwrap();
    let file = |rounds: usize| {
        // Ties with one Player bet; the position moves clockwise every two hands.
        let mut s = format!("spec: {}\nrounds:\n", spec.display());
        let mut seat = 1;
        for r in 0..rounds {
            let hand = 1 + r % 2;
            let _ = writeln!(
                s,
                "  - {{name: r{r}, player_dealer: {{seat: {seat}, stake: 100}}, hand: {hand}, cards: {{player: \"7c,Kd\", banker: \"3s,4h\"}}, seats: {{{}: {{player: 10}}}}}}",
                seat % 8 + 1
            );
            if hand == 2 {
                seat = seat % 8 + 1;
            }
        }
        let path = dir.join(format!("rounds_{rounds}.yaml"));
        std::fs::write(&path, s).unwrap();
        path.to_string_lossy().into_owned()
    };
    let spec = spec.to_string_lossy().into_owned();
    let at = certify(&["table", &spec, "--round", &file(MAX_TABLE_ROUNDS)]);
    assert_eq!(at.code, 0, "{}", at.stderr);
    let past = certify(&["table", &spec, "--round", &file(MAX_TABLE_ROUNDS + 1)]);
    assert_eq!(past.code, 1, "{}", past.stderr);
    assert!(
        past.stderr.contains(&format!(
            "too many rounds: {}, at most {MAX_TABLE_ROUNDS}",
            MAX_TABLE_ROUNDS + 1
        )),
        "{}",
        past.stderr
    );
    assert!(past.stderr.contains(":3:3"), "{}", past.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn run_sizes_past_their_limits_are_usage_errors() {
    let spec = "rules/punto_banco.yaml";
    let (verify, simulate, rounds, shoes) = (
        (MAX_VERIFY_SAMPLES + 1).to_string(),
        (MAX_SIMULATE_ROUNDS + 1).to_string(),
        (MAX_SIMULATE_ROUNDS + 1).to_string(),
        (MAX_BOUND_SHOES + 1).to_string(),
    );
    for (args, flag) in [
        (vec![spec, "--verify", &verify], "--verify"),
        (vec![spec, "--simulate", &simulate], "--simulate"),
        (vec!["simulate", spec, "--rounds", &rounds], "--rounds"),
        (
            vec!["simulate", spec, "--bound-shoes", &shoes],
            "--bound-shoes",
        ),
    ] {
        let o = certify(&args);
        assert_eq!(o.code, 2, "{args:?}: {}", o.stderr);
        assert!(o.stderr.contains(flag), "{args:?}: {}", o.stderr);
        assert!(o.stderr.contains("at most"), "{args:?}: {}", o.stderr);
    }
}
