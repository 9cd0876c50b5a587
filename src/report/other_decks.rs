//! The counter at other deck counts (`crate::study::other_decks`) in the
//! report: a table in section 7's card-counting part, and for each
//! countable finding whether fewer or more decks are a mitigation, judged
//! on the win per 100 rounds dealt (a shoe of fewer decks holds fewer
//! rounds, so its win per shoe alone would flatter it).

use super::model::{Kind, Section, Table};
use crate::assess::DocumentStanding;
use crate::assess::other_decks::{Mitigation, Win, wins};
use crate::diag::signed;
use crate::model::Spec;
use crate::simulator::stats::Estimate;
use crate::study::other_decks::{ROUNDS_SHARE, SHOES_SHARE};
use crate::study::{Study, TableStudy, tags_text};

/// "3 decks", "1 deck (hypothetical)": a count the document does not
/// permit is marked, as everywhere in the report.
fn count_name(spec: &Spec, decks: u32) -> String {
    let d = crate::cards::deck_count(decks);
    match DocumentStanding::of(spec, decks) {
        DocumentStanding::Outside => format!("{d} (hypothetical)"),
        _ => d,
    }
}

/// "3 and 6 decks", "1, 5 and 6 decks", with the counts the document
/// does not permit marked.
pub(crate) fn counts_text(spec: &Spec, counts: &[u32]) -> String {
    let n: Vec<String> = counts.iter().map(u32::to_string).collect();
    let list = match n.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} and {end}", rest.join(", ")),
    };
    let unit = if counts == [1] { "deck" } else { "decks" };
    let outside: Vec<String> = counts
        .iter()
        .filter(|&&d| DocumentStanding::of(spec, d) == DocumentStanding::Outside)
        .map(u32::to_string)
        .collect();
    let mark = if outside.is_empty() {
        String::new()
    } else if outside.len() == counts.len() {
        " (hypothetical)".to_string()
    } else {
        format!(" (hypothetical: {})", outside.join(", "))
    };
    format!("{list} {unit}{mark}")
}

/// Section 7's part before the findings: how the other deck counts were
/// chosen and measured, and every counter at each count beside the run's.
pub(crate) fn part(sec: &mut Section, spec: &Spec, st: &Study) {
    let Some(first) = st.other_decks.first() else {
        return;
    };
    sec.heading(3, "Card counting at other deck counts");
    let counts: Vec<u32> = st.other_decks.iter().map(|o| o.decks).collect();
    let reads = |w: &str, p: &str| {
        st.tables
            .iter()
            .any(|t| t.wager == w && t.pay_table == p && t.reads_suits)
    };
    let g = |n: u64| crate::numbers::group_digits(&n.to_string());
    let shoes = |o: &crate::study::AtDecks| {
        let (r, s) = (o.shoes.rank_level, o.shoes.suit_reading);
        let suits = o
            .tables
            .iter()
            .filter(|x| reads(&x.wager, &x.pay_table))
            .count();
        let n = match (suits, o.tables.len() - suits) {
            (0, _) => g(r),
            (_, 0) => g(s),
            _ => format!("{} ({} for wagers that read suits)", g(r), g(s)),
        };
        format!(
            "at {}, {} shoes dealt ({} rounds) and {n} sampled",
            crate::cards::deck_count(o.decks),
            g(o.dealt_shoes),
            g(o.dealt_rounds)
        )
    };
    let sizes: Vec<String> = st.other_decks.iter().map(shoes).collect();
    let d = first.decks;
    sec.para(format!(
        "Each countable pay table's counter was measured again at {} besides {}: the smallest and the largest allowed counts and one between them (of the counts the document names, the one nearest the middle of the allowed range, else the middle), never more than three. At each count the effects of removal are computed exactly on that shoe and the count derived from them as above; its threshold is chosen on a dealt pass of about 1/{ROUNDS_SHARE} as many shoes as the study's, at the same cut card as a share of the shoe ({:.1}% dealt); and the counter is measured at that threshold by expected value on sampled shoes holding about 1/{SHOES_SHARE} of the study's sampled rounds, so the intervals are about {:.1} times as wide as the study's: {}. Each pass has generator streams of its own (\"dealt at {d} decks\", \"bound at {d} decks\", from the same seed). Fewer decks hold fewer rounds a shoe, so counts are compared by the win per 100 rounds dealt.",
        counts_text(spec, &counts),
        crate::cards::deck_count(st.decks),
        100.0 * first.penetration,
        (SHOES_SHARE as f64).sqrt(),
        sizes.join("; "),
    ));
    let mut t = Table::names(vec![
        "wager",
        "decks",
        "tags",
        "bet at count",
        "bets per shoe",
        "expected win per shoe (99.9%)",
        "per 100 rounds dealt (99.9%)",
        "countable",
    ])
    .kind(3, Kind::Decimal)
    .kind(4, Kind::Decimal)
    .kind(5, Kind::Decimal)
    .kind(6, Kind::Decimal);
    let name = |w: &str, p: &str| super::words::row_name(spec, w, p);
    for tb in st.tables.iter().filter(|t| t.countable) {
        let (run, others) = wins(st, tb);
        let mut rows: Vec<(Win, String, Option<i64>, f64)> = others
            .iter()
            .map(|w| {
                let o = st
                    .other_decks
                    .iter()
                    .find(|o| o.decks == w.decks)
                    .expect("measured");
                let x = o
                    .tables
                    .iter()
                    .find(|x| x.wager == tb.wager && x.pay_table == tb.pay_table)
                    .expect("measured");
                let bets = x
                    .measured
                    .as_ref()
                    .map_or(x.selected.bets_per_shoe, |p| p.bets_per_shoe);
                (*w, tags_text(&x.count.tags), x.selected.threshold, bets)
            })
            .collect();
        let own = tb.same_shoes.as_ref().and_then(|s| s.counter.last());
        let deepest = tb.selected.last().expect("three penetrations");
        rows.push((
            run,
            tags_text(&tb.count.tags),
            deepest.threshold,
            own.map_or(deepest.bets_per_shoe, |p| p.bets_per_shoe),
        ));
        rows.sort_by_key(|r| r.0.decks);
        for (w, tags, threshold, bets) in rows {
            let decks = if w.decks == st.decks {
                format!("{} (the study's)", w.decks)
            } else if DocumentStanding::of(spec, w.decks) == DocumentStanding::Outside {
                format!("{} (hypothetical)", w.decks)
            } else {
                w.decks.to_string()
            };
            t.row(vec![
                name(&tb.wager, &tb.pay_table),
                decks,
                tags,
                threshold.map_or("every round".to_string(), |x| format!("{x:+}")),
                format!("{bets:.2}"),
                format!(
                    "{} ± {:.4}",
                    signed(w.per_shoe.value, 4),
                    w.per_shoe.half_width
                ),
                format!(
                    "{} ± {:.4}",
                    signed(w.per_100.value, 4),
                    w.per_100.half_width
                ),
                if w.countable { "yes" } else { "no" }.to_string(),
            ]);
        }
    }
    sec.table(t);
}

/// A win per shoe with its interval at the figure's own precision (three
/// decimals, two significant digits below 0.01, as `signed_small`), so
/// that a small interval does not read as ± 0.000.
pub(crate) fn units(e: &Estimate) -> String {
    let places = crate::diag::small_places(e.value);
    format!(
        "{} units per shoe (99.9% interval ± {:.places$})",
        crate::diag::signed_small(e.value),
        e.half_width
    )
}

/// A finding's items on fewer and on more decks: the counter's win per
/// shoe at each other count with the money at stake (`money` of a win per
/// shoe in units), its win per 100 rounds beside the run's, and whether
/// that direction is a mitigation.
pub(crate) fn finding_items(
    spec: &Spec,
    st: &Study,
    t: &TableStudy,
    f: &crate::assess::Countable,
    money: &dyn Fn(f64) -> String,
) -> Vec<String> {
    let (run, others) = wins(st, t);
    if others.is_empty() {
        return vec![format!(
            "Fewer or more decks: not measured (the rules allow no deck count but {}).",
            crate::cards::deck_count(st.decks)
        )];
    }
    let fewer: Vec<Win> = others
        .iter()
        .copied()
        .filter(|w| w.decks < run.decks)
        .collect();
    let more: Vec<Win> = others
        .iter()
        .copied()
        .filter(|w| w.decks > run.decks)
        .collect();
    [
        ("Fewer", fewer, &f.fewer_decks),
        ("More", more, &f.more_decks),
    ]
    .into_iter()
    .filter_map(|(dir, ws, verdict)| {
        Some(direction(spec, dir, &run, &ws, verdict.as_ref()?, money))
    })
    .collect()
}

fn direction(
    spec: &Spec,
    dir: &str,
    run: &Win,
    ws: &[Win],
    verdict: &Mitigation,
    money: &dyn Fn(f64) -> String,
) -> String {
    let at: Vec<String> = ws
        .iter()
        .map(|w| {
            format!(
                "at {} the count wins {}, {}",
                count_name(spec, w.decks),
                units(&w.per_shoe),
                money(w.per_shoe.value)
            )
        })
        .collect();
    let per: Vec<String> = ws
        .iter()
        .chain(std::iter::once(run))
        .map(|w| {
            format!(
                "{} (± {:.3}) at {}",
                signed(w.per_100.value, 3),
                w.per_100.half_width,
                crate::cards::deck_count(w.decks)
            )
        })
        .collect();
    let lost: Vec<u32> = ws
        .iter()
        .filter(|w| !w.countable)
        .map(|w| w.decks)
        .collect();
    let verdict = match verdict {
        Mitigation::No {
            stronger,
            alike,
            weaker,
        } => {
            let mut v = format!(
                "{dir} decks are not a mitigation: the count wins more per round dealt at {}",
                counts_text(spec, stronger)
            );
            // The other counts too: the stronger one may be a count the
            // document does not permit.
            if !alike.is_empty() {
                v += &format!(
                    ", and at {} its win is not told apart from its win at {}",
                    counts_text(spec, alike),
                    crate::cards::deck_count(run.decks)
                );
            }
            if !weaker.is_empty() {
                v += &format!(" (it wins less at {})", counts_text(spec, weaker));
            }
            v
        }
        Mitigation::Yes { weaker } => format!(
            "{dir} decks are a mitigation: at {} the count wins less per round dealt and shows no win",
            counts_text(spec, weaker)
        ),
        Mitigation::Partial { weaker, still } => format!(
            "{dir} decks are a partial mitigation: the count wins less per round dealt at {}, but still wins at {}",
            counts_text(spec, weaker),
            counts_text(spec, still)
        ),
        Mitigation::NotShown { alike, weaker } => {
            let mut v = format!(
                "{dir} decks are not shown to be a mitigation: per round dealt, the count's win at {} is not told apart from its win at {} by the intervals",
                counts_text(spec, alike),
                crate::cards::deck_count(run.decks)
            );
            if !weaker.is_empty() {
                v += &format!(" (it wins less at {})", counts_text(spec, weaker));
            }
            let unclear: Vec<u32> = lost.iter().copied().filter(|d| alike.contains(d)).collect();
            if !unclear.is_empty() {
                v += &format!(
                    "; nor is its win told apart from zero at {}, on the fewer shoes measured there",
                    counts_text(spec, &unclear)
                );
            }
            v
        }
    };
    format!(
        "{dir} decks (measured; the count derived again for each shoe, table above): {}. Per 100 rounds dealt: {}. {verdict}.",
        at.join("; "),
        per.join(", "),
    )
}
