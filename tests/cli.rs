//! The command line as a user meets it: snapshots of `settle` and `check`
//! output, and clear errors for bad input.

use certify::cli::run;

fn certify(args: &[&str]) -> certify::cli::Output {
    run(std::iter::once("certify")
        .chain(args.iter().copied())
        .map(String::from))
}

#[test]
fn settle_prints_a_table() {
    let out = certify(&[
        "settle",
        "rules/lucky_monkey.yaml",
        "--player",
        "4s,Kd,Qh",
        "--banker",
        "2c,Ks,Kd",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn settle_prints_json() {
    let out = certify(&[
        "settle",
        "rules/punto_banco.yaml",
        "--player",
        "4s,Kd,4h",
        "--banker",
        "2c,Ks,4d",
        "--json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    assert_eq!(v["hands"][0]["total"], 8);
    assert_eq!(v["hands"][1]["total"], 6);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn settle_lucky_draw_with_a_decision() {
    let out = certify(&[
        "settle",
        "rules/lucky_draw_baccarat.yaml",
        "--player",
        "Js,Js",
        "--dealer",
        "Kh,5s",
        "--decision",
        "stand",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
}

/// Without a decision, Lucky Draw is played by the optimal strategy for
/// the shoe (the chart itself is checked against the reference evaluator in
/// tests/lucky_draw.rs): a 5 stands against an exposed 8 and draws against
/// an exposed ace (the dealer 5h Ac stands on 6), and then needs its third card.
#[test]
fn settle_lucky_draw_by_the_optimal_strategy() {
    let lucky = |player: &str, dealer: &str| {
        certify(&[
            "settle",
            "rules/lucky_draw_baccarat.yaml",
            "--player",
            player,
            "--dealer",
            dealer,
        ])
    };
    let out = lucky("2s,3d", "Kh,8c");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("player stands by strategy `optimal`"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("| draw                   | draw_win   | -     | not placed | 0"),
        "{}",
        out.stdout
    );
    let out = lucky("2s,3d", "5h,Ac");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("too few cards"), "{}", out.stderr);
    let out = lucky("2s,3d,4h", "5h,Ac");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("player draws by strategy `optimal`"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("lucky_9"), "{}", out.stdout);
}

#[test]
fn bad_rounds_are_clear_errors() {
    // A round the rules refuse exits 1; a flag whose text is malformed or
    // names a hand the game lacks is a usage error (2).
    let cases: [(&[&str], &str, i32); 6] = [
        (
            &["--player", "4s,Kd", "--banker", "2c,Ks,4d"],
            "too few cards: the player hand draws on 4",
            1,
        ),
        (
            &["--player", "9s,Kd,4h", "--banker", "2c,Ks"],
            "too many cards: the player hand stands on 9",
            1,
        ),
        (
            &["--player", "4s,Kd,4h", "--banker", "2c,Ks"],
            "too few cards: the banker hand draws",
            1,
        ),
        (
            &["--player", "4s,Kx,4h", "--banker", "2c,Ks,4d"],
            "--player: `Kx`: `x` is not a suit",
            2,
        ),
        (
            &[
                "--player", "4s,Kd,4h", "--banker", "2c,Ks,4d", "--decks", "1", "--dealer", "2c,3c",
            ],
            "no dealer hand",
            2,
        ),
        (
            &[
                "--player", "Ks,Ks,4h", "--banker", "2c,3s,4d", "--decks", "1",
            ],
            "appears 2 times, but a 1-deck shoe holds only 1",
            1,
        ),
    ];
    for (args, want, code) in cases {
        let mut all = vec!["settle", "rules/punto_banco.yaml"];
        all.extend(args);
        let out = certify(&all);
        assert_eq!(out.code, code, "{args:?}");
        assert!(out.stderr.contains(want), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn decks_outside_the_spec_range_are_refused() {
    let out = certify(&[
        "settle",
        "rules/punto_banco.yaml",
        "--player",
        "6s,Kd",
        "--banker",
        "7c,Ks",
        "--decks",
        "9",
    ]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("allows 1 to 8 decks"), "{}", out.stderr);
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(certify(&[]).code, 2);
    assert_eq!(certify(&["settle"]).code, 2);
}

#[test]
fn main_job_prints_the_summary_table() {
    let out = certify(&["rules/lucky_monkey.yaml", "--no-reports"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn main_job_json_has_exact_figures() {
    let out = certify(&["rules/punto_banco.yaml", "--json", "--no-reports"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).expect("valid JSON");
    let v = &doc["results"];
    assert_eq!(v["spec"], "punto_banco");
    assert_eq!(v["decks"], 8);
    assert_eq!(v["total_combinations"], "4998398275503360");
    let banker = &v["wagers"][0]["pay_tables"][0];
    assert_eq!(banker["events"][0]["id"], "win");
    // Wizard of Odds, 8 decks: Banker wins 2,292,252,566,437,888 times.
    assert_eq!(banker["events"][0]["combinations"], "2292252566437888");
    let edge = banker["house_edge"]["fraction"].as_str().unwrap();
    let (p, q) = edge.split_once('/').unwrap();
    let (p, q): (i128, i128) = (p.parse().unwrap(), q.parse().unwrap());
    // 1.0579% to four decimals of a percent.
    assert_eq!((p * 1_000_000 + q / 2) / q, 10_579);
    assert!(
        banker["house_edge"]["decimal"]
            .as_str()
            .unwrap()
            .starts_with("0.0105")
    );
}

#[test]
fn main_job_takes_a_deck_count_within_the_spec_range() {
    let out = certify(&[
        "rules/punto_banco.yaml",
        "--decks",
        "1",
        "--json",
        "--no-reports",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["results"]["total_combinations"], "14658134400");
    let out = certify(&["rules/21st_century_baccarat.yaml", "--decks", "2"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("allows 3 to 8 decks"), "{}", out.stderr);
}

#[test]
fn player_advantage_is_shown_loudly() {
    let out = certify(&["rules/golden_bacc.yaml", "--no-reports"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("WARNINGS"));
    // Every player advantage the report's assessment finds is stated with
    // its figure: a table the report adopts as PLAYER ADVANTAGE, the other
    // reading of a question under its number. The figures are the
    // committed report's (the engine's), not written here.
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("reports/golden_bacc.json").unwrap())
            .unwrap();
    let mut seen = 0;
    for t in report["assessment"]["tables"].as_array().unwrap() {
        if t["player_advantage"] != true {
            continue;
        }
        let fraction: num_rational::BigRational = t["house_edge"]["fraction"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let edge = format!("house edge {}", certify::numbers::percent(&fraction, 4));
        // An adopted table with its own figure; the other reading of a
        // question once per question (with the figure it moves first).
        let (lead, edge) = match (&t["standing"]["kind"], &t["standing"]["question"]) {
            (k, _) if k == "adopted" => ("! PLAYER ADVANTAGE: ".to_string(), edge),
            (_, q) if q.is_u64() => (
                format!("! The other reading of question Q{q} gives the player an advantage: "),
                "house edge -".to_string(),
            ),
            // The other reading of a point computed both ways, asked of no one.
            _ => continue,
        };
        let found = out
            .stdout
            .lines()
            .any(|l| l.trim_start().starts_with(&lead) && l.contains(&edge));
        assert!(found, "{lead}… {edge}\n{}", out.stdout);
        seen += 1;
    }
    // Golden Bacc: one adopted table (Any Dragon, Suite A as printed) and
    // the other readings of questions Q2 to Q7.
    assert!(seen >= 2, "{seen}");
}

/// Every subcommand ends its help with an example, and every argument has
/// help text.
#[test]
fn every_subcommand_has_an_example_and_every_argument_help() {
    use clap::CommandFactory;
    let cli = certify::cli::Cli::command();
    assert!(
        cli.get_after_help()
            .is_some_and(|h| h.to_string().contains("Examples:"))
    );
    let mut seen = 0;
    for sub in cli.get_subcommands() {
        let example = sub.get_after_help().map(|h| h.to_string());
        assert!(
            example.as_deref().is_some_and(|h| h.contains("certify ")),
            "`certify {}` has no example",
            sub.get_name()
        );
        seen += 1;
    }
    assert!(seen >= 8, "{seen} subcommands");
    let mut commands = vec![&cli];
    commands.extend(cli.get_subcommands());
    for c in commands {
        for a in c.get_arguments() {
            let id = a.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            assert!(
                a.get_help().is_some(),
                "`certify {}`: argument `{id}` has no help",
                c.get_name()
            );
        }
    }
    let check = certify(&["check", "--help"]);
    assert!(
        check
            .stdout
            .contains("certify check rules/lucky_monkey.yaml")
    );
    assert!(check.stdout.contains("Folder of fixture files"));
}

#[test]
fn completions_and_the_manual_page_are_generated() {
    let bash = certify(&["completions", "bash"]);
    assert_eq!(bash.code, 0, "{}", bash.stderr);
    assert!(bash.stdout.contains("_certify()"), "{}", bash.stdout);
    assert!(bash.stdout.contains("complete -F _certify"));
    // Subcommands and their flags are completed.
    assert!(bash.stdout.contains("diff") && bash.stdout.contains("--deny-warnings"));
    let zsh = certify(&["completions", "zsh"]);
    assert!(zsh.stdout.starts_with("#compdef certify"), "{}", zsh.stdout);
    assert_eq!(certify(&["completions", "tcsh"]).code, 2);
    let man = certify(&["man"]);
    assert_eq!(man.code, 0);
    assert!(
        man.stdout.starts_with(".ie") || man.stdout.starts_with(".TH"),
        "{}",
        &man.stdout[..80]
    );
    assert!(
        man.stdout.contains(".TH certify 1"),
        "{}",
        &man.stdout[..200]
    );
    assert!(man.stdout.contains("Verify casino game rules"));
}

/// The binary itself, with colour forced or not by the environment.
fn binary(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_certify"));
    c.args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("runs")
}

#[test]
fn colour_is_painted_only_when_wanted() {
    const ESC: u8 = 0x1b;
    let has_colour = |o: &std::process::Output| o.stdout.contains(&ESC) || o.stderr.contains(&ESC);
    let refused = ["check", "missing.yaml"];
    // A pipe under auto: plain.
    let plain = binary(&refused, &[]);
    assert_eq!(plain.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&plain.stderr).starts_with("error: "));
    assert!(!has_colour(&plain));
    // Forced, the headline is red; NO_COLOR wins over forcing; `--color`
    // says so outright.
    assert!(has_colour(&binary(&refused, &[("CLICOLOR_FORCE", "1")])));
    assert!(!has_colour(&binary(
        &refused,
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]
    )));
    assert!(has_colour(&binary(
        &["--color", "always", "check", "missing.yaml"],
        &[]
    )));
    assert!(!has_colour(&binary(
        &["--color", "never", "check", "missing.yaml"],
        &[("CLICOLOR_FORCE", "1")]
    )));
    // Stripped, the coloured text is the plain text.
    let coloured = binary(&["--color", "always", "check", "missing.yaml"], &[]);
    let stripped = anstream::adapter::strip_bytes(&coloured.stderr).into_vec();
    assert_eq!(stripped, plain.stderr);
}

#[test]
fn the_version_names_the_commit_when_built_from_a_checkout() {
    let v = certify(&["--version"]).stdout;
    assert!(
        v.starts_with(&format!("certify {}", env!("CARGO_PKG_VERSION"))),
        "{v}"
    );
    let head = std::process::Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success() && std::path::Path::new(".git").exists());
    if let Some(head) = head {
        let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
        assert_eq!(
            v.trim_end(),
            format!("certify {} ({head})", env!("CARGO_PKG_VERSION"))
        );
    }
}
