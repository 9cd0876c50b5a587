//! The player's decision in words and tables: the strategy chart, where the
//! composition of the hand changes the decision, and what each strategy
//! costs. Shared by the terminal summary and the report.

use crate::engine::decide::{DecisionStats, Figures, Seen};
use crate::engine::stats::CombinedStats;
use crate::numbers::{decimal, fraction, group_digits, one_in, percent, sqrt_decimal};
use crate::report::model::figure::{Decide, Figure, to_f64};
use crate::report::model::{Kind, Section, Table};
use num_bigint::BigInt;
use num_rational::BigRational;

/// A point value as a card label: 0 is a ten or a face.
fn label(v: u8) -> String {
    match v {
        0 => "T".into(),
        1 => "A".into(),
        v => v.to_string(),
    }
}

/// (first-hand total, the other seen values) of a combination, and the
/// first hand's seen values.
fn split(d: &DecisionStats, index: usize) -> (u8, Vec<u8>, Vec<u8>) {
    let seen = Seen::of(&d.decisions.sees, index);
    (seen.total(), seen.others, seen.own)
}

/// Columns: every combination of the other hand's seen values, in order
/// A, 2..9, T.
fn columns(d: &DecisionStats) -> Vec<Vec<u8>> {
    let n = d.decisions.sees.iter().filter(|&&s| s >= 3).count();
    let order: Vec<u8> = vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    let mut cols: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..n {
        cols = cols
            .iter()
            .flat_map(|c| {
                order.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push(*v);
                    c
                })
            })
            .collect();
    }
    cols
}

/// The chart's cells: by the best total-dependent strategy, marked mixed
/// where the optimal strategy decides some compositions otherwise.
fn cells(d: &DecisionStats) -> Vec<Vec<Decide>> {
    let cols = columns(d);
    (0..10u8)
        .map(|total| {
            cols.iter()
                .map(|col| {
                    let mut draw = None;
                    let mut mixed = false;
                    for i in 0..d.decisions.sets.len() {
                        let (tt, others, _) = split(d, i);
                        if tt != total || &others != col || d.decisions.sets[i].weight == 0 {
                            continue;
                        }
                        draw = Some(d.by_total.draw[i]);
                        mixed |= d.optimal.draw[i] != d.by_total.draw[i];
                    }
                    match draw {
                        None => Decide::Never,
                        Some(true) => Decide::Draw { mixed },
                        Some(false) => Decide::Stand { mixed },
                    }
                })
                .collect()
        })
        .collect()
}

fn column_labels(d: &DecisionStats) -> Vec<String> {
    columns(d)
        .iter()
        .map(|c| c.iter().map(|v| label(*v)).collect::<Vec<_>>().join(","))
        .collect()
}

/// The chart as a figure for the PDF (the same cells as [`chart`]).
pub fn grid(d: &DecisionStats) -> Figure {
    Figure::Decision {
        row_head: format!("{} total", d.hand),
        col_head: d
            .sees
            .iter()
            .filter(|s| !s.starts_with(&format!("{}.", d.hand)))
            .map(|s| super::words::slot(s))
            .collect::<Vec<_>>()
            .join(", "),
        rows: (0..10u8).map(|t| t.to_string()).collect(),
        cols: column_labels(d),
        cells: cells(d),
    }
}

/// The joint outcomes' probabilities as a figure for the PDF (the same
/// rows as [`combined_table`]).
pub fn distribution(c: &CombinedStats) -> Figure {
    let total = BigRational::from_integer(BigInt::from(c.total));
    // One bar per net result (rows differing only in units staked add up).
    let mut bars: Vec<(String, f64)> = Vec::new();
    // Largest win first, as the table lists them.
    for (net, _, n) in c.outcomes.iter().rev() {
        let label = format!(
            "{}{}",
            if net.num > 0 { "+" } else { "" },
            net.trimmed_decimal()
        );
        let p = to_f64(&(BigRational::from_integer(BigInt::from(*n)) / &total));
        match bars.last_mut() {
            Some((l, q)) if *l == label => *q += p,
            _ => bars.push((label, p)),
        }
    }
    Figure::Distribution {
        title: format!("distribution of the net result per round: {}", c.name),
        bars,
    }
}

/// The chart: D (draw) or S (stand) by the best total-dependent strategy;
/// `*` where the optimal strategy decides some compositions otherwise.
pub fn chart(d: &DecisionStats) -> Table {
    let mut header = vec![format!("{} total", d.hand)];
    header.extend(column_labels(d));
    let mut t = Table::names(header).kind(0, Kind::Count);
    for (total, row_cells) in cells(d).into_iter().enumerate() {
        let mut row = vec![total.to_string()];
        row.extend(row_cells.into_iter().map(|c| match c {
            Decide::Never => "-".to_string(),
            Decide::Draw { mixed } => format!("D{}", if mixed { "*" } else { "" }),
            Decide::Stand { mixed } => format!("S{}", if mixed { "*" } else { "" }),
        }));
        t.row(row);
    }
    t
}

/// The compositions where the optimal decision differs from the chart.
pub fn exceptions(d: &DecisionStats) -> Vec<String> {
    d.differences
        .iter()
        .map(|&i| {
            let (total, others, own) = split(d, i);
            let mut own = own;
            own.sort_unstable_by_key(|v| (*v + 9) % 10);
            let gain = &d.decisions.sets[i];
            let better = if d.optimal.draw[i] { "draw" } else { "stand" };
            format!(
                "{} {} ({}) against {}: {better}",
                d.hand,
                total,
                own.iter().map(|v| label(*v)).collect::<Vec<_>>().join("+"),
                others
                    .iter()
                    .map(|v| label(*v))
                    .collect::<Vec<_>>()
                    .join(","),
            ) + &format!(
                " (gains {} per unit over the chart's decision on these hands)",
                percent(
                    &BigRational::new(
                        BigInt::from((gain.draw.net - gain.stand.net).abs()),
                        BigInt::from(gain.weight) * BigInt::from(d.decisions.scale),
                    ),
                    4
                )
            )
        })
        .collect()
}

/// Each strategy's figures for the objective wagers.
pub fn strategies(d: &DecisionStats, per: &str) -> Table {
    let mut t = Table::names(vec![
        "strategy".to_string(),
        "rule".to_string(),
        if per == "round" {
            "house edge per round".to_string()
        } else {
            format!("house edge per {per} bet")
        },
        "per total wagered".to_string(),
        format!("{} draws", d.hand),
    ])
    .kinds_from(2, Kind::Percent);
    for s in &d.strategies {
        t.row(strategy_row(&s.id, &s.description, &s.figures));
    }
    t
}

fn strategy_row(id: &str, rule: &str, f: &Figures) -> Vec<String> {
    vec![
        format!("`{id}`"),
        rule.to_string(),
        percent(&f.house_edge(), 4),
        percent(&f.per_total_wagered(), 4),
        percent(&f.draws, 4),
    ]
}

/// The joint return table of wagers staked together.
pub fn combined_table(c: &CombinedStats) -> Table {
    let mut t = Table::names(vec![
        "units staked",
        "net result",
        "combinations",
        "probability",
        "odds",
        "return",
    ])
    .kind(0, Kind::Count)
    .kind(1, Kind::Amount)
    .kind(2, Kind::Count)
    .kind(3, Kind::Percent)
    .kind(4, Kind::Odds)
    .kind(5, Kind::Percent);
    let total = BigRational::from_integer(BigInt::from(c.total));
    for (net, units, n) in c.outcomes.iter().rev() {
        let p = BigRational::from_integer(BigInt::from(*n)) / &total;
        let ret = &p * crate::engine::stats::big(*net);
        t.row(vec![
            units.to_string(),
            format!(
                "{}{}",
                if net.num > 0 { "+" } else { "" },
                net.trimmed_decimal()
            ),
            group_digits(&n.to_string()),
            percent(&p, 6),
            one_in(*n, c.total),
            percent(&ret, 6),
        ]);
    }
    t
}

/// The combined figures as rows of a figure/value table.
pub fn combined_figures(c: &CombinedStats, terms: super::terms::Terms) -> Table {
    let mut k = Table::names(vec!["figure", "value"]);
    let edge = c.house_edge();
    k.row(vec![
        format!("{} per {} bet", terms.edge_cap(), c.per),
        format!("{} (exact: {})", percent(&edge, 4), fraction(&edge)),
    ]);
    k.row(vec![
        format!("{} per total wagered (element of risk)", terms.edge_cap()),
        percent(&c.per_total_wagered(), 4),
    ]);
    k.row(vec![
        "Average units staked per round".to_string(),
        decimal(&c.staked, 6),
    ]);
    k.row(vec![
        format!("Standard deviation per {} bet", c.per),
        sqrt_decimal(&c.variance, 4),
    ]);
    k.row(vec![
        format!("Variance per {} bet", c.per),
        decimal(&c.variance, 4),
    ]);
    k
}

/// Wagers staked together, in Markdown (section 4 of the report).
pub fn combined_part(
    sec: &mut Section,
    spec: &crate::model::Spec,
    cs: &CombinedStats,
    terms: super::terms::Terms,
) {
    sec.heading(3, format!("Combined wager: {}", cs.name));
    sec.para(format!(
"The wagers {} staked together, one unit each when placed, under their first pay tables; the joint outcome of every round:", cs.wagers
            .iter()
            .map(|w| super::words::wager(spec, w))
            .collect::<Vec<_>>()
            .join(" and ")));
    sec.table(combined_table(cs));
    sec.figure(distribution(cs), None);
    sec.table(combined_figures(cs, terms));
}

/// The bet a decision's edges are quoted per: the `per` wager of the
/// combined entry staking exactly the objective's wagers, else the round.
pub fn per_bet(d: &DecisionStats, combined: &[CombinedStats]) -> String {
    combined
        .iter()
        .find(|c| c.wagers == d.objective)
        .map_or("round".to_string(), |c| c.per.clone())
}

/// The decision analysis in Markdown (section 4 of the report).
pub fn decision_part(
    sec: &mut Section,
    spec: &crate::model::Spec,
    d: &DecisionStats,
    combined: &[CombinedStats],
    terms: super::terms::Terms,
) {
    let per = super::words::wager(spec, &per_bet(d, combined));
    let objective: Vec<String> = d
        .objective
        .iter()
        .map(|w| super::words::wager(spec, w))
        .collect();
    let sees: Vec<String> = d.sees.iter().map(|s| super::words::slot(s)).collect();
    sec.heading(3, format!("The {}'s decision", d.hand));
    sec.para(format!(
"The {} decides seeing {}. For every combination of those cards' point values, the expected return of {} was computed exactly for standing and for drawing; the optimal strategy draws where drawing returns strictly more. The chart shows the best strategy that looks only at the {}'s total; * marks cells where the optimal strategy (which looks at the cards themselves) decides some hands otherwise (listed below the chart).", d.hand, sees.join(", "), objective.join(" + "), d.hand));
    sec.figure(grid(d), Some(chart(d)));
    let ex = exceptions(d);
    if ex.is_empty() {
        sec.para("The optimal strategy looks at nothing but the totals: no hand's decision depends on more than its total.");
    } else {
        sec.para(format!(
"The optimal strategy decides otherwise than the best strategy by totals on {} combination{} of cards:", ex.len(), if ex.len() == 1 { "" } else { "s" }));
        for e in ex {
            sec.item(e);
        }
    }
    sec.para(format!(
        "Strategies compared (each bet one unit when placed; the analysis plays the {} strategy; each strategy's condition is in Appendix B):",
        super::words::plain(&d.default)
    ));
    sec.table(strategies_named(d, &per, terms));
}

/// The strategies compared, by name (their conditions are in Appendix B).
fn strategies_named(d: &DecisionStats, per: &str, terms: super::terms::Terms) -> Table {
    let mut t = Table::names(vec![
        "strategy".to_string(),
        if per == "round" {
            format!("{} per round", terms.edge())
        } else {
            format!("{} per {per}", terms.edge())
        },
        "per total wagered".to_string(),
        format!("{} draws", d.hand),
    ])
    .kinds_from(1, Kind::Percent);
    for s in &d.strategies {
        let f = &s.figures;
        t.row(vec![
            super::words::plain(&s.id),
            percent(&f.house_edge(), 4),
            percent(&f.per_total_wagered(), 4),
            percent(&f.draws, 4),
        ]);
    }
    t
}

/// The best play in a player's words, row by row of the chart: "draw on
/// 0 to 2; on 3 and 4, draw unless the dealer's second card is 9; …;
/// stand on 6 to 9". Rows that decide alike are joined; where the optimal
/// strategy looks at the cards themselves, the sentence says so. None
/// where the player sees more than one other card (the chart is the
/// words then).
pub(crate) fn in_words(d: &DecisionStats) -> Option<String> {
    let cols = columns(d);
    if cols.len() != 10 {
        return None;
    }
    let seen = d
        .sees
        .iter()
        .find(|s| !s.starts_with(&format!("{}.", d.hand)))
        .map(|s| super::words::slot(s))?;
    let cells = cells(d);
    let mixed = cells.iter().flatten().any(|c| {
        matches!(
            c,
            Decide::Draw { mixed: true } | Decide::Stand { mixed: true }
        )
    });
    // Each total's pattern: the columns it draws against (None: no round
    // reaches the decision with that total).
    let pattern = |row: &[Decide]| -> Option<Vec<bool>> {
        if row.iter().all(|c| matches!(c, Decide::Never)) {
            return None;
        }
        Some(
            row.iter()
                .map(|c| matches!(c, Decide::Draw { .. }))
                .collect(),
        )
    };
    let names: Vec<String> = cols.iter().map(|c| label(c[0])).collect();
    let totals = |ts: &[u8]| -> String {
        match ts {
            [one] => one.to_string(),
            [a, b] => format!("{a} and {b}"),
            [first, .., last] if ts.windows(2).all(|w| w[1] == w[0] + 1) => {
                format!("{first} to {last}")
            }
            more => {
                let n: Vec<String> = more.iter().map(u8::to_string).collect();
                super::words::and_list(&n)
            }
        }
    };
    let mut groups: Vec<(Vec<bool>, Vec<u8>)> = Vec::new();
    for (t, row) in cells.iter().enumerate() {
        let Some(p) = pattern(row) else { continue };
        match groups.last_mut() {
            Some((q, ts)) if *q == p => ts.push(t as u8),
            _ => groups.push((p, vec![t as u8])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(p, ts)| {
            let draws = p.iter().filter(|&&x| x).count();
            let on = totals(ts);
            if draws == p.len() {
                format!("draw on {on}")
            } else if draws == 0 {
                format!("stand on {on}")
            } else if draws * 2 >= p.len() {
                let except: Vec<String> = names
                    .iter()
                    .zip(p)
                    .filter(|(_, d)| !**d)
                    .map(|(n, _)| n.clone())
                    .collect();
                format!(
                    "on {on}, draw unless {seen} is {}",
                    super::words::or_list(&except)
                )
            } else {
                let only: Vec<String> = names
                    .iter()
                    .zip(p)
                    .filter(|(_, d)| **d)
                    .map(|(n, _)| n.clone())
                    .collect();
                format!(
                    "on {on}, draw only when {seen} is {}",
                    super::words::or_list(&only)
                )
            }
        })
        .collect();
    let mut s = format!(
        "The best play, by the {}'s total: {} (T is a ten or a picture card).",
        d.hand,
        parts.join("; ")
    );
    if mixed {
        s.push_str(" In a few hands the best play depends on the cards themselves, not only the total: the full analysis lists them.");
    }
    Some(s)
}
