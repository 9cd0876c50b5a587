//! The "Simulation and card counting" section: what `crate::study`
//! found, as Markdown tables (the same text `certify simulate` prints).

use super::model::{Kind, Section, Table};
use crate::diag::signed;
use crate::numbers::{interval_pct, pct, signed_pct};
use crate::study::{Study, tags_text};

const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
];
const SUITS: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];

/// A share as a percentage with `places` decimals.
fn group(n: u64) -> String {
    crate::numbers::group_digits(&n.to_string())
}

/// The section's body (headings at level `###`).
/// The section's blocks as Markdown (what `certify simulate` prints).
pub fn markdown(st: &Study) -> String {
    let mut sec = Section::new("simulation", "");
    section_part(&mut sec, st, None);
    super::markdown::blocks(&sec.blocks)
}

/// The section's blocks.
///
/// With the rule file (`spec`), the report's words: wagers and pay tables
/// by name; without it (`certify simulate`), by identifier.
pub fn section_part(sec: &mut Section, st: &Study, inp: Option<&super::inputs::Inputs>) {
    let spec = inp.map(|i| i.spec);
    let terms = inp.map_or(super::terms::Terms::HOUSE, |i| i.terms);
    let p = &st.procedure;
    let name = |w: &str, t: &str| match spec {
        Some(s) => super::words::row_name(s, w, t),
        None => format!("{w} / {t}"),
    };
    let dealt = match spec {
        Some(_) => {
            "Shoes of {} cards were dealt by the game's drawing rules and every wager settled round by round by a program written apart from the exact computation (it shares no code with it)."
        }
        None => {
            "Shoes of {} cards were dealt by the spec's drawing rules and every wager settled by the reference evaluator; the simulator shares no code with the exact engine."
        }
    };
    sec.para(format!(
"{} {} rounds were each dealt from a full shoe (the exact figures' assumption) and {} rounds in {} shoes were dealt to a cut card. Seed {}; generator: {}. Burn: {}. Cut card: {}; here at card {} of {} ({} penetration), with card {} and {} ({} and {}) for the counting analysis. Intervals are 99.9% normal intervals; dealt-shoe intervals are taken over shoes.", dealt.replace("{}", &p.cards.to_string()), group(st.full_rounds), group(st.dealt_rounds), group(st.dealt_shoes), st.settings.seed, p.generator, p.burn, p.cut, p.cut_cards[2], p.cards, pct(p.penetrations[2], 1), p.cut_cards[0], p.cut_cards[1], pct(p.penetrations[0], 1), pct(p.penetrations[1], 1)));
    sec.heading(3, "Simulation against the exact figures");
    sec.para(format!("The full-shoe simulation must contain the exact {0} in its interval. The cut-card effect is the {0} dealt to the cut card minus the exact full-shoe {0}.", terms.edge()));
    let mut t = Table::names(vec![
        "wager".to_string(),
        format!("exact {}", terms.edge()),
        "simulated (99.9%)".into(),
        "agrees".into(),
        "hit frequency (any win): exact, simulated".into(),
        "cut-card effect (99.9%)".into(),
    ])
    .kind(1, Kind::Percent);
    for c in &st.cross_check {
        t.row(vec![
            name(&c.wager, &c.pay_table),
            pct(c.exact_edge, 4),
            interval_pct(&c.simulated_edge, 4).replacen('+', "", 1),
            if c.agrees { "yes" } else { "NO" }.to_string(),
            format!(
                "{}, {}",
                pct(c.exact_hits, 4),
                interval_pct(&c.simulated_hits, 4).replacen('+', "", 1)
            ),
            interval_pct(&c.cut_card_effect, 4),
        ]);
    }
    sec.table(t);
    sec.heading(3, "Effects of removal");
    sec.para(format!("Exact change in {}, in percentage points, when one card of each rank is removed from a full shoe (computed exactly on that composition; exact fractions in the JSON report). Where a wager reads suits, the rank's figure is the mean over its four suits and each suit is listed below.", terms.edge()));
    let mut header = vec!["wager".to_string()];
    header.extend(RANKS.iter().map(|r| r.to_string()));
    let mut t = Table::names(header).kinds_from(1, Kind::Decimal);
    for tb in &st.tables {
        let mut row = vec![name(&tb.wager, &tb.pay_table)];
        row.extend(
            tb.removal_by_rank
                .iter()
                .map(|x| format!("{:+.4}", 100.0 * x)),
        );
        t.row(row);
    }
    sec.table(t);
    for tb in &st.tables {
        if let Some(cards) = &tb.removal_by_card {
            sec.para(format!("By suit, {}:", name(&tb.wager, &tb.pay_table)));
            let mut header = vec!["suit".to_string()];
            header.extend(RANKS.iter().map(|r| r.to_string()));
            let mut t = Table::names(header).kinds_from(1, Kind::Decimal);
            for (k, suit) in SUITS.iter().enumerate() {
                let mut row = vec![suit.to_string()];
                row.extend(cards.iter().map(|c| format!("{:+.4}", 100.0 * c[k])));
                t.row(row);
            }
            sec.table(t);
        }
    }
    sec.heading(3, "Card counting");
    counting(sec, st, inp);
}

/// `1,000 shoes` or `100 shoes` for the wagers that read suits.
fn shoes_text(st: &Study) -> String {
    let (r, s) = (st.shoes.rank_level, st.shoes.suit_reading);
    let any_suits = st.tables.iter().any(|t| t.reads_suits);
    let plural = |n: u64| format!("{} shoe{}", group(n), if n == 1 { "" } else { "s" });
    if !any_suits || r == s {
        plural(r)
    } else {
        format!("{} ({} for wagers that read suits)", plural(r), group(s))
    }
}

/// The card-counting part: each pay table's count, the threshold chosen on
/// the dealt pass, both players measured on other shoes, and verdicts.
fn counting(sec: &mut Section, st: &Study, inp: Option<&super::inputs::Inputs>) {
    let spec = inp.map(|i| i.spec);
    let name = |w: &str, t: &str| match spec {
        Some(s) => super::words::row_name(s, w, t),
        None => format!("{w} / {t}"),
    };
    let never = crate::study::NEVER_BETS;
    sec.para(format!(
"Each pay table's count: integer tags per rank scaled from the effects of removal (a card whose removal helps the player counts plus), balanced where possible and at the lowest level (1 to 3) within 0.03 of the best betting correlation with them. A balanced count is divided by the decks left (true count); an unbalanced one is used as it runs, from minus half its drift over the shoe. The counter bets only when the count reaches a threshold. Every threshold from -40 to +40 was tried at each penetration on the dealt pass ({} shoes) and the best kept."
, group(st.dealt_shoes)));
    let mut t = Table::names(vec!["wager", "tags", "level", "balanced", "correlation"])
        .kind(2, Kind::Count)
        .kind(4, Kind::Decimal);
    for tb in &st.tables {
        t.row(vec![
            name(&tb.wager, &tb.pay_table),
            tags_text(&tb.count.tags),
            tb.count.level.to_string(),
            if tb.count.balanced { "yes" } else { "no" }.to_string(),
            format!("{:.3}", tb.count.correlation),
        ]);
    }
    sec.table(t);
    sec.para(format!("The thresholds chosen, with what they won on the dealt pass that chose them (optimistic: the best of 81 on the same rounds; shown to say how each was chosen, not as what a counter wins). A threshold at the edge of the range tried, +40, means no threshold won: the count (almost) never reaches it. Fewer than {never} bets per shoe is \"never bets\"."));
    let mut t = Table::names(vec![
        "wager",
        "penetration",
        "bet at count",
        "bets per shoe",
        "win per shoe there, units",
    ])
    .kind(1, Kind::Percent)
    .kind(2, Kind::Decimal)
    .kind(3, Kind::Decimal)
    .kind(4, Kind::Decimal);
    for tb in &st.tables {
        for b in &tb.selected {
            let at = b.threshold.map_or("every round".to_string(), |x| {
                if x >= crate::simulator::BUCKET_EDGE {
                    format!("{x:+} (edge of range)")
                } else {
                    format!("{x:+}")
                }
            });
            let never_bets = b.bets_per_shoe < never;
            t.row(vec![
                name(&tb.wager, &tb.pay_table),
                pct(b.penetration, 1),
                at,
                if never_bets {
                    "never bets".to_string()
                } else {
                    format!("{:.2}", b.bets_per_shoe)
                },
                signed(b.win_per_shoe.value, 4),
            ]);
        }
    }
    sec.table(t);
    let measured = st.tables.iter().any(|t| t.same_shoes.is_some());
    if !measured {
        sec.para("No shoes were set aside for measuring the counter: the counter is not measured apart from the rounds that chose its threshold, and a pay table is called countable only when its best win per shoe clears zero by 4.61 standard errors (99.9% after allowing for the 243 thresholds and penetrations tried). No perfect-information bound was computed.");
    } else {
        sec.para(format!(
"The counter is then measured at its chosen thresholds on {}, dealt as the dealt pass is but with their own generator streams, beside a player who knows every unseen card and bets exactly the rounds whose exact edge favours the player: the perfect-information bound, which no count can beat. Both are measured by expected value (the exact edges of the unseen cards on the rounds each one bets, summed per shoe: nearly free of luck) and by what those rounds paid (realised). On every shoe the bound's expected win is at least the counter's. A pay table is countable when the counter's expected win per shoe at {} penetration clears zero by its 99.9% interval.",
            shoes_text(st),
            pct(st.procedure.penetrations[2], 1)
        ));
        let mut t = Table::names(vec![
            "wager",
            "player",
            "penetration",
            "shoes (rounds)",
            "bets per shoe",
            "advantage on bets",
            "expected win per shoe (99.9%)",
            "realised win per shoe (99.9%)",
        ])
        .kind(2, Kind::Percent)
        .kind(3, Kind::Count)
        .kind(4, Kind::Decimal)
        .kind(5, Kind::Percent)
        .kind(6, Kind::Decimal)
        .kind(7, Kind::Decimal);
        for tb in &st.tables {
            let Some(same) = &tb.same_shoes else {
                continue;
            };
            let rows = same.counter.iter().map(|p| {
                let who = p.threshold.map_or("counter, every round".to_string(), |x| {
                    format!("counter at {x:+}")
                });
                (who, p)
            });
            for (who, p) in rows.chain(std::iter::once((
                "known composition".to_string(),
                &same.bound,
            ))) {
                t.row(vec![
                    name(&tb.wager, &tb.pay_table),
                    who,
                    pct(p.penetration, 1),
                    format!("{} ({})", group(p.sample.shoes), group(p.sample.rounds)),
                    format!("{:.2}", p.bets_per_shoe),
                    if p.never_bets {
                        "never bets".to_string()
                    } else {
                        signed_pct(p.advantage, 2)
                    },
                    format!(
                        "{} ± {:.4}",
                        signed(p.expected.value, 4),
                        p.expected.half_width
                    ),
                    format!(
                        "{} ± {:.4}",
                        signed(p.realised.value, 4),
                        p.realised.half_width
                    ),
                ]);
            }
        }
        sec.table(t);
    }
    sec.para("Verdicts:");
    sec.new_list();
    for tb in &st.tables {
        match spec {
            Some(_) => sec.item(format!(
                "{}: {}",
                name(&tb.wager, &tb.pay_table),
                verdict(st, tb)
            )),
            None => sec.item(format!(
                "`{} / {}`: {}",
                tb.wager,
                tb.pay_table,
                verdict(st, tb)
            )),
        }
    }
    if let Some(inp) = inp {
        super::findings::recommendations(sec, inp, st);
    }
}

/// A pay table's counting verdict in one line, from the study's figures
/// (whether it is countable is the study's statistical test).
pub(crate) fn verdict(st: &Study, t: &crate::study::TableStudy) -> String {
    let c = &t.count;
    let best = t.selected.last().expect("three penetrations");
    let same = t.same_shoes.as_ref();
    let countable = t.countable;
    let pens = &st.procedure.penetrations;
    let kind = if c.balanced { "true" } else { "running" };
    let threshold = best.threshold.map_or("on every round".to_string(), |x| {
        format!("when the {kind} count is at least {x:+}")
    });
    let Some(same) = same else {
        return if countable {
            format!(
                "countable: bet {threshold}: {:+.3} units per shoe at {:.1}% penetration on the dealt pass that chose the threshold (no shoes were sampled to measure it apart)",
                best.win_per_shoe.value,
                100.0 * best.penetration,
            )
        } else {
            format!(
                "no profitable count found on the dealt pass: the level-{} {} count (tags {}) at every threshold from -40 to +40 and at {:.1}%, {:.1}% and {:.1}% penetration",
                c.level,
                if c.balanced { "balanced" } else { "unbalanced" },
                crate::study::tags_text(&c.tags),
                100.0 * pens[0],
                100.0 * pens[1],
                100.0 * pens[2],
            )
        };
    };
    let at = same.counter.last().expect("three penetrations");
    let b = &same.bound;
    let u = |x: f64| crate::diag::signed(x, 3);
    let interval = |e: &crate::simulator::stats::Estimate| {
        format!(
            "{} units per shoe expected (99.9% interval {} to {})",
            u(e.value),
            u(e.value - e.half_width),
            u(e.value + e.half_width)
        )
    };
    let bound = if b.bets_per_shoe == 0.0 {
        "no round of the sampled shoes favours the player".to_string()
    } else if b.never_bets {
        format!(
            "a player who knew the composition of the remaining cards would bet {:.2} rounds per shoe, {} units per shoe",
            b.bets_per_shoe,
            u(b.expected.value)
        )
    } else {
        format!(
            "a player who knew the composition of the remaining cards: {} on {:.1} bets per shoe",
            interval(&b.expected),
            b.bets_per_shoe
        )
    };
    let shoes = crate::diag::group_digits(&at.sample.shoes.to_string());
    if countable {
        format!(
            "countable: bet {threshold}: {} on {:.1} bets per shoe, {shoes} shoes at {:.1}% penetration; {bound}",
            interval(&at.expected),
            at.bets_per_shoe,
            100.0 * at.penetration,
        )
    } else if at.never_bets {
        format!("not countable: the best count found (almost) never bets; {bound}")
    } else {
        format!(
            "not countable: bet {threshold}: {} on {shoes} shoes; {bound}",
            interval(&at.expected),
        )
    }
}
