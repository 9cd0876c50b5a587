//! Every figure the committed reports print is the exact value rounded half
//! away from zero at the places shown. Expected values are derived here in
//! plain big-integer arithmetic, from published counts where they exist,
//! never through the crate's rendering code. tests/reports.rs keeps the
//! committed reports equal to a fresh run, so checking them checks the tool.

use num_bigint::BigInt;
use serde_json::Value;

fn int(s: &str) -> BigInt {
    s.replace(',', "").parse().expect("integer")
}

fn pow10(n: usize) -> BigInt {
    BigInt::from(10u32).pow(n as u32)
}

/// A printed decimal as (sign, digits without the point, places).
fn parse(printed: &str) -> (bool, BigInt, usize) {
    let neg = printed.starts_with('-');
    let body = printed.trim_start_matches('-');
    let places = body.split_once('.').map_or(0, |(_, f)| f.len());
    (neg, int(&body.replace('.', "")), places)
}

/// `printed` is num/den (den > 0) rounded half away from zero: with c the
/// printed digits, |num/den| times 10^p lies in [c - 1/2, c + 1/2), and the
/// sign is the value's unless the figure rounds to zero.
fn is_rounded(num: &BigInt, den: &BigInt, printed: &str) -> bool {
    let (neg, c, p) = parse(printed);
    let zero = BigInt::from(0);
    assert!(*den > zero);
    if c != zero && neg != (*num < zero) {
        return false;
    }
    let twice = BigInt::from(num.magnitude().clone()) * 2 * pow10(p);
    (&c * 2 - 1) * den <= twice && twice < (&c * 2 + 1) * den
}

/// `printed` is sqrt(num/den) rounded half away from zero: with c the
/// printed digits, (c - 1/2)^2 <= num/den * 10^(2p) < (c + 1/2)^2.
fn is_rounded_root(num: &BigInt, den: &BigInt, printed: &str) -> bool {
    let (neg, c, p) = parse(printed);
    let four_y = num * 4 * pow10(2 * p);
    let lo: BigInt = &c * 2 - 1;
    let hi: BigInt = &c * 2 + 1;
    !neg && (c == BigInt::from(0) || &lo * &lo * den <= four_y) && four_y < &hi * &hi * den
}

/// "1 in N": N is total / count rounded half away from zero.
fn is_rounded_odds(count: &BigInt, total: &BigInt, printed: &str) -> bool {
    if *count == BigInt::from(0) {
        return printed == "never";
    }
    let n = printed.strip_prefix("1 in ").expect("odds");
    is_rounded(total, count, &n.replace(',', ""))
}

fn fraction(v: &Value) -> (BigInt, BigInt) {
    let f = v["fraction"].as_str().expect("fraction");
    let (n, d) = f.split_once('/').expect("p/q");
    (int(n), int(d))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of a `### ` section whose heading starts with `heading`.
fn section<'a>(md: &'a str, heading: &str) -> &'a str {
    let start = md
        .find(&format!("\n{heading}"))
        .unwrap_or_else(|| panic!("no section {heading}"))
        + 1;
    let rest = &md[start..];
    let end = rest[4..].find("\n### ").map_or(rest.len(), |e| e + 4);
    &rest[..end]
}

/// The value cell of a `| figure | value |` row.
fn figure(text: &str, name: &str) -> String {
    text.lines()
        .find_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells.len() > 2 && cells[1] == name).then(|| cells[2].to_string())
        })
        .unwrap_or_else(|| panic!("no row {name}"))
}

/// Wizard of Odds' 8-deck base game ("Baccarat odds for 1 to 12 decks";
/// /work/shared/reference/published-figures.md).
const BANKER: &str = "2,292,252,566,437,888";
const PLAYER: &str = "2,230,518,282,592,256";
const TIE: &str = "475,627,426,473,216";
const TOTAL: &str = "4,998,398,275,503,360";

/// Variance of a bet paying `pay` to 1 on `wins` of `total`, losing
/// otherwise: pay+1 squared times p(1-p), as a fraction.
fn one_event_variance(pay: u32, wins: &BigInt, total: &BigInt) -> (BigInt, BigInt) {
    let spread = BigInt::from(pay + 1);
    (&spread * &spread * wins * (total - wins), total * total)
}

#[test]
fn banker_standard_deviation_is_0_9274() {
    let (w, l, t) = (int(BANKER), int(PLAYER), int(TOTAL));
    // Net +19/20 on a win, -1 on a loss, 0 on a tie (it pushes): in
    // twentieths, 20T*E = 19w - 20l and 400T*E[X^2] = 361w + 400l, so
    // Var = (T(361w + 400l) - (19w - 20l)^2) / (400 T^2).
    let s1 = &w * 19 - &l * 20;
    let num = &t * (&w * 361 + &l * 400) - &s1 * &s1;
    let den = &t * &t * 400;
    assert!(is_rounded_root(&num, &den, "0.9274"));
    assert!(!is_rounded_root(&num, &den, "0.9273"));
    let md = read("reports/punto_banco.md");
    let banker = section(&md, "### Banker (5% commission)\n");
    assert_eq!(figure(banker, "Standard deviation per unit"), "0.9274");
    let variance = figure(banker, "Variance per unit");
    assert!(is_rounded(&num, &den, &variance), "{variance}");
    assert_eq!(variance, "0.8600");
}

#[test]
fn tie_standard_deviation_has_a_closed_form() {
    // Tie at 8 to 1 (no push in the base game): Var = 81 p (1 - p).
    let (num, den) = one_event_variance(8, &int(TIE), &int(TOTAL));
    let md = read("reports/punto_banco.md");
    let tie = section(&md, "### Tie\n");
    let sd = figure(tie, "Standard deviation per unit");
    assert!(is_rounded_root(&num, &den, &sd), "{sd}");
    assert_eq!(sd, "2.6409");
    // The tie happens once in 10.51 rounds: 1 in 11.
    assert!(tie.contains("| 1 in 11 "), "{tie}");
}

#[test]
fn lucky_7_standard_deviation_is_6_0849() {
    // Wizard of Odds, 5 Treasures (Fortune 7): a Banker three-card 7 wins
    // 112,633,011,329,024 of the 8-deck total; Lucky 7 pays it 40 to 1.
    let (num, den) = one_event_variance(40, &int("112,633,011,329,024"), &int(TOTAL));
    assert!(is_rounded_root(&num, &den, "6.0849"));
    let md = read("reports/twenty_first_century_baccarat.md");
    let lucky = section(&md, "### Lucky 7 Bonus Bet\n");
    assert_eq!(figure(lucky, "Standard deviation per unit"), "6.0849");
    assert!(lucky.contains("| 1 in 44 "), "{lucky}");
}

#[test]
fn lucky_draw_combined_standard_deviation_is_rounded() {
    let doc: Value = serde_json::from_str(&read("reports/lucky_draw_baccarat.json")).unwrap();
    let c = &doc["results"]["combined"][0];
    let (num, den) = fraction(&c["variance"]);
    let md = read("reports/lucky_draw_baccarat.md");
    let text = section(
        &md,
        &format!("### Combined wager: {}", c["name"].as_str().unwrap()),
    );
    let sd = figure(
        text,
        &format!("Standard deviation per {} bet", c["per"].as_str().unwrap()),
    );
    assert!(is_rounded_root(&num, &den, &sd), "{sd}");
    assert_eq!(sd, "1.7902");
}

/// Every decimal, root and "1 in N" in every committed JSON report, and
/// every standard deviation and variance in its Markdown twin.
#[test]
fn every_rendered_figure_is_rounded_half_away_from_zero() {
    let mut roots = 0;
    for entry in std::fs::read_dir("reports").unwrap() {
        let path = entry.unwrap().path();
        // The players' leaflets are checked by tests/leaflet.rs.
        if path.extension().is_none_or(|e| e != "json")
            || path.to_string_lossy().ends_with("-leaflet.json")
        {
            continue;
        }
        let doc: Value = serde_json::from_str(&read(path.to_str().unwrap())).unwrap();
        let md = read(path.with_extension("md").to_str().unwrap());
        let r = &doc["results"];
        for w in r["wagers"].as_array().unwrap() {
            for t in w["pay_tables"].as_array().unwrap() {
                let events = t["events"].as_array().unwrap();
                let no_event = int(t["no_event_combinations"].as_str().unwrap());
                let total: BigInt = events
                    .iter()
                    .map(|e| int(e["combinations"].as_str().unwrap()))
                    .sum::<BigInt>()
                    + &no_event;
                for e in events {
                    let count = int(e["combinations"].as_str().unwrap());
                    for key in ["probability", "return"] {
                        let (n, d) = fraction(&e[key]);
                        assert!(is_rounded(&n, &d, e[key]["decimal"].as_str().unwrap()));
                    }
                    let odds = e["odds"].as_str().unwrap();
                    assert!(is_rounded_odds(&count, &total, odds), "{odds}");
                }
                let odds = t["no_event_odds"].as_str().unwrap();
                assert!(is_rounded_odds(&no_event, &total, odds), "{odds}");
                let (n, d) = fraction(&t["variance"]);
                assert!(is_rounded(
                    &n,
                    &d,
                    t["variance"]["decimal"].as_str().unwrap()
                ));
                let sd = t["standard_deviation"].as_str().unwrap();
                assert!(is_rounded_root(&n, &d, sd), "{path:?} {sd}");
                // By name, as the report heads it: the wager's alone when it
                // has one pay table, a suffix where the pays are assumed.
                let (wn, tn) = (w["name"].as_str().unwrap(), t["name"].as_str().unwrap());
                let heading = [format!("### {wn} — {tn}"), format!("### {wn}")]
                    .into_iter()
                    .flat_map(|h| [format!("{h}\n"), format!("{h} — with assumed pays")])
                    .find(|h| md.contains(&format!("\n{h}")))
                    .unwrap_or_else(|| panic!("{path:?}: no section for {wn} — {tn}"));
                let text = section(&md, &heading);
                let sd = figure(text, "Standard deviation per unit");
                assert!(is_rounded_root(&n, &d, &sd), "{path:?} {heading} {sd}");
                let v = figure(text, "Variance per unit");
                assert!(is_rounded(&n, &d, &v), "{path:?} {heading} {v}");
                roots += 1;
            }
        }
        for c in r["combined"].as_array().unwrap() {
            let (n, d) = fraction(&c["variance"]);
            let sd = c["standard_deviation"].as_str().unwrap();
            assert!(is_rounded_root(&n, &d, sd), "{path:?} {sd}");
            let text = section(
                &md,
                &format!("### Combined wager: {}", c["name"].as_str().unwrap()),
            );
            let per = c["per"].as_str().unwrap();
            let sd = figure(text, &format!("Standard deviation per {per} bet"));
            assert!(is_rounded_root(&n, &d, &sd), "{path:?} {sd}");
            let v = figure(text, &format!("Variance per {per} bet"));
            assert!(is_rounded(&n, &d, &v), "{path:?} {v}");
            let total: BigInt = c["outcomes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| int(o["combinations"].as_str().unwrap()))
                .sum();
            for o in c["outcomes"].as_array().unwrap() {
                let count = int(o["combinations"].as_str().unwrap());
                assert!(is_rounded_odds(&count, &total, o["odds"].as_str().unwrap()));
            }
            roots += 1;
        }
    }
    assert!(roots > 80, "checked only {roots} standard deviations");
}

#[test]
fn the_checks_reject_truncation() {
    // 1/8 at 2 places is 0.13 (a tie, away from zero), not 0.12; -1/8 is -0.13.
    let (one, eight) = (BigInt::from(1), BigInt::from(8));
    assert!(is_rounded(&one, &eight, "0.13"));
    assert!(!is_rounded(&one, &eight, "0.12"));
    assert!(is_rounded(&-one.clone(), &eight, "-0.13"));
    assert!(!is_rounded(&-one, &eight, "-0.12"));
    // sqrt(2) = 1.41421...; sqrt(3) = 1.73205...
    assert!(is_rounded_root(
        &BigInt::from(3),
        &BigInt::from(1),
        "1.7321"
    ));
    assert!(!is_rounded_root(
        &BigInt::from(3),
        &BigInt::from(1),
        "1.7320"
    ));
    assert!(is_rounded_root(
        &BigInt::from(2),
        &BigInt::from(1),
        "1.4142"
    ));
}
