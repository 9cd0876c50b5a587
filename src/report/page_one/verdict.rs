//! Page one's verdict: one sentence per kind of finding (advantage off the
//! top, counting, seen cards, readings, open questions, printed figures),
//! the recommendation, and what the run did; each worded from the
//! assessment.

use crate::assess::{Assessment, Blocker, Computed, Condition, Recommendation, Standing, Why};
use crate::numbers::{group_digits, money};
use crate::report::inputs::Inputs;
use crate::report::model::Section;
use crate::report::words::{and_list, question_list};
use crate::report::{findings, numbering, other_decks, protection, rules, words};

/// The verdict: one sentence per kind of finding, then the recommendation,
/// then what the run did.
pub(super) fn verdict(sec: &mut Section, inp: &Inputs, c: &Computed) {
    let a = inp.assessment;
    let mut lines = vec![
        advantage(inp),
        counting(inp, c),
        exposure(inp, c),
        readings(inp),
        open_questions(a),
        printed(inp),
    ];
    lines.retain(|l| !l.is_empty());
    sec.verdict(format!("**Verdict.** {}", lines.join(" ")));
    sec.verdict(recommendation(inp, c));
    sec.para(run_facts(inp, c));
}

/// Advantage off the top, and the wagers not evaluated.
fn advantage(inp: &Inputs) -> String {
    let (spec, a) = (inp.spec, inp.assessment);
    let found: Vec<String> = a
        .tables
        .iter()
        .filter(|t| t.adopted() && t.player_advantage)
        .map(|t| {
            format!(
                "{} ({} {})",
                words::wager_table(spec, &t.wager, &t.pay_table),
                inp.terms.edge(),
                t.house_edge.percent(4)
            )
        })
        .collect();
    let mut s = match found.len() {
        0 => "Advantage off the top: no pay table the analysis adopts gives the player an advantage over a full shoe.".to_string(),
        1 => format!(
            "**Advantage off the top: 1 pay table gives the player an advantage**: {}.",
            found[0]
        ),
        n => format!(
            "**Advantage off the top: {n} pay tables give the player an advantage**: {}.",
            found.join("; ")
        ),
    };
    let unpriced: Vec<String> = a
        .warnings
        .iter()
        .filter_map(|w| match w {
            crate::assess::Warning::PayTableRequired { wager } => Some(words::wager(spec, wager)),
            _ => None,
        })
        .collect();
    if !unpriced.is_empty() {
        s.push_str(&format!(
            " **{} {} {}** ({}).",
            and_list(&unpriced),
            if unpriced.len() == 1 { "is" } else { "are" },
            words::NOT_EVALUATED.to_uppercase(),
            words::no_pays(a)
        ));
    }
    s
}

/// Card counting: the countable tables with the money at stake, those only
/// a player who knows the remaining cards' composition beats.
fn counting(inp: &Inputs, c: &Computed) -> String {
    let (spec, a) = (inp.spec, inp.assessment);
    let Some(r) = &a.real_shoes else {
        return "Card counting: not studied in this report (no simulation).".into();
    };
    let section = numbering::simulation(c);
    let cut = format!("{:.1}% of the shoe dealt", r.penetration * 100.0);
    let mut s = if r.countable.is_empty() {
        format!(
            "Card counting: no count found beats any wager to the usual cut card ({cut}; section {section})."
        )
    } else {
        // Page one names the three with the most money at stake; past
        // that, how many more and where each is listed (a sentence of
        // twenty-five names is not read).
        let mut ranked: Vec<&crate::assess::Countable> = r.countable.iter().collect();
        ranked.sort_by(|a, b| b.money.dollars.total_cmp(&a.money.dollars));
        let no_maximum = ranked.iter().all(|t| t.money.max_bet.is_none());
        let mut list: Vec<String> = ranked
            .iter()
            .take(3)
            .map(|t| {
                let money = if no_maximum {
                    findings::money_bare(&t.money, "shoe")
                } else {
                    findings::money(&t.money, "shoe")
                };
                format!(
                    "{} ({money})",
                    words::wager_table(spec, &t.wager, &t.pay_table)
                )
            })
            .collect();
        if ranked.len() > 3 {
            list.push(format!(
                "{} more, each with its money in section {section}",
                ranked.len() - 3
            ));
        }
        format!(
            "**Countable: a card counter beats {} to the usual cut card** ({cut}{}): {}; the measures against {} are in section {section}.",
            if r.countable.len() == 1 {
                "1 pay table".to_string()
            } else {
                format!("{} pay tables", r.countable.len())
            },
            if no_maximum {
                "; no table maximum declared"
            } else {
                ""
            },
            list.join("; "),
            if r.countable.len() == 1 { "it" } else { "them" }
        )
    };
    let lost: Vec<String> = r
        .countable
        .iter()
        .filter(|t| !t.no_win_at.is_empty())
        .map(|t| {
            format!(
                "{} at {}",
                words::wager_table(spec, &t.wager, &t.pay_table),
                other_decks::counts_text(spec, &t.no_win_at)
            )
        })
        .collect();
    if !lost.is_empty() {
        s.push_str(&format!(
            " Measured at other deck counts too, the count shows no win for {}.",
            lost.join("; ")
        ));
    }
    if !r.composition_only.is_empty() {
        // Page one names up to three; past that, how many and where they
        // are listed (a sentence of fourteen names is not read).
        let n = r.composition_only.len();
        let which = if n <= 3 {
            let names: Vec<String> = r
                .composition_only
                .iter()
                .map(|t| words::wager_table(spec, &t.wager, &t.pay_table))
                .collect();
            and_list(&names)
        } else {
            format!(
                "{n} pay tables (listed in section {})",
                numbering::simulation(c)
            )
        };
        s.push_str(&format!(
            " Only a player who knew the composition of the remaining cards (which cards are left, not their order) would beat {which}: no practical count does."
        ));
    }
    s
}

/// What seen cards are worth: the largest exposure over every wager, what
/// stops it, and the decision scenarios.
fn exposure(inp: &Inputs, c: &Computed) -> String {
    let a = inp.assessment;
    let (Some(e), Some(set)) = (&a.exposure, &c.protection) else {
        return "Seen cards: game protection is not computed for this game.".into();
    };
    let section = numbering::PROTECTION;
    let outcomes = &set.protection.outcomes;
    let mut s = match &e.largest {
        None if e.deciding.is_empty() => format!(
            "Seen cards: no scenario of section {section} (first cards seen or told apart) gives the player an edge."
        ),
        None => String::new(),
        Some(g) => {
            let o = &outcomes[g.outcome];
            format!(
                "**Seen cards: the largest exposure of section {section} is {} per round dealt**, {} a round and {} an hour {} ({} rounds an hour), for a player who knows {} before betting ({}); it is stopped by {}.",
                g.player_edge.percent(4),
                money(&g.per_round.value()),
                money(&g.per_hour.value()),
                protection::at_stake(&set.protection.exposures[g.outcome]),
                set.protection.pace.rounds_per_hour,
                crate::protect::sees(o),
                protection::choice_words(inp.spec, &g.wagers, set.base_game),
                protection::countermeasure_short(g.countermeasure)
            )
        }
    };
    // The other sets of wagers a seen card beats (side bets alone, where
    // the base game is the largest), up to three by money an hour: page
    // one names every bet a player can see coming, not only the largest.
    let rest: Vec<&crate::assess::Gain> = e
        .per_wager
        .iter()
        .filter(|g| {
            e.largest
                .as_ref()
                .is_none_or(|l| l.outcome != g.outcome || l.wagers != g.wagers)
        })
        .collect();
    let others: Vec<String> = rest
        .iter()
        .take(3)
        .map(|g| {
            format!(
                "{}: {} per round dealt ({} an hour {})",
                protection::choice_words(inp.spec, &g.wagers, set.base_game),
                g.player_edge.percent(4),
                money(&g.per_hour.value()),
                protection::at_stake(&set.protection.exposures[g.outcome])
            )
        })
        .collect();
    if !others.is_empty() {
        let more = rest.len() - others.len();
        s.push_str(&format!(
            " Next, for a player who sees cards before betting: {}{}; section {section} gives each with what stops it.",
            others.join("; "),
            if more > 0 {
                format!("; and {more} more")
            } else {
                String::new()
            }
        ));
    }
    for g in &e.deciding {
        let o = &outcomes[g.outcome];
        s.push_str(&format!(
            " A player who sees {} gains {} per round dealt ({} an hour {}); stopped by {}.",
            crate::protect::sees(o),
            g.player_edge.percent(4),
            money(&g.per_hour.value()),
            protection::at_stake(&set.protection.exposures[g.outcome]),
            protection::countermeasure_short(g.countermeasure)
        ));
    }
    s.trim_start().to_string()
}

/// Readings of the document computed both ways that move figures.
fn readings(inp: &Inputs) -> String {
    let (spec, a) = (inp.spec, inp.assessment);
    // Page one names the three readings that move a figure furthest, in
    // the order of the questions; past three, how many more and where.
    let mut ranked: Vec<(usize, &crate::assess::ReadingFinding)> = a
        .readings
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.moves.is_empty())
        .collect();
    let total = ranked.len();
    let shift = |r: &crate::assess::ReadingFinding| {
        num_traits::Signed::abs(&(r.moves[0].other.value() - r.moves[0].adopted.value()))
    };
    ranked.sort_by_key(|(_, r)| std::cmp::Reverse(shift(r)));
    ranked.truncate(3);
    ranked.sort_by_key(|(i, _)| *i);
    let mut moving: Vec<String> = ranked
        .into_iter()
        .map(|(_, r)| {
            let first = &r.moves[0];
            let what = format!(
                "{} {} → {}",
                words::figure(spec, &first.figure),
                first.adopted.percent(4),
                first.other.percent(4)
            );
            match r.question {
                Some(q) => format!("Q{q}: {what}"),
                None => format!(
                    "{} (both computed, section {}): {what}",
                    rules::capital(&words::plain(&r.id)),
                    numbering::READINGS
                ),
            }
        })
        .collect();
    if total > 3 {
        moving.push(format!(
            "{} more, each in section {}",
            total - 3,
            numbering::READINGS
        ));
    }
    match total {
        0 if a.readings.is_empty() => String::new(),
        0 => "Readings: no reading of the document computed both ways changes a figure.".into(),
        1 => format!(
            "One reading changes a figure: {} (the adopted reading first).",
            moving[0]
        ),
        n if n > 3 => format!(
            "{} readings change figures; the three that move them furthest (the adopted reading first): {}.",
            words::count_word(n),
            moving.join("; ")
        ),
        n => format!(
            "{} readings change figures: {} (the adopted reading first).",
            words::count_word(n),
            moving.join("; ")
        ),
    }
}

fn open_questions(a: &Assessment) -> String {
    let numbers: Vec<u32> = a.questions.iter().map(|q| q.number).collect();
    match numbers.len() {
        0 => "Open questions: none.".into(),
        1 => "**Open questions: 1 to the submitter** (Q1, below).".into(),
        n => format!(
            "**Open questions: {n} to the submitter** ({}, below).",
            question_list(&numbers)
        ),
    }
}

/// The printed house edges against the computed ones.
fn printed(inp: &Inputs) -> String {
    let a = inp.assessment;
    if !a.quotations.document_read {
        return "The rule document was not available: no statement of this report about its words, its deck counts or the figures it prints was checked against it.".into();
    }
    let edges = inp.terms.edges();
    let differ: Vec<u32> = a
        .questions
        .iter()
        .filter(|q| q.why == Why::PrintedFigureDiffers)
        .map(|q| q.number)
        .collect();
    match (a.claims.len(), differ.len()) {
        (0, _) => format!("Printed figures: the document prints no {edges} to compare."),
        (1, 0) => format!(
            "Printed figures: the {} the document prints matches.",
            inp.terms.edge()
        ),
        (n, 0) => format!("Printed figures: the {n} {edges} the document prints all match."),
        (1, _) => format!(
            "Printed figures: the {} the document prints differs from the computed one ({}: the submitter's method).",
            inp.terms.edge(),
            question_list(&differ)
        ),
        (n, k) if k == n => format!(
            "Printed figures: all {n} {edges} the document prints differ from the computed ones ({}: the submitter's method).",
            question_list(&differ)
        ),
        (n, k) => format!(
            "Printed figures: {k} of the {n} {edges} the document prints differ from the computed ones ({}: the submitter's method).",
            question_list(&differ)
        ),
    }
}

/// The one recommendation, with its conditions.
fn recommendation(inp: &Inputs, c: &Computed) -> String {
    let (spec, a) = (inp.spec, inp.assessment);
    let mut s = match &a.verdict.recommendation {
        Recommendation::Ready => "**Recommendation: ready to submit**".to_string(),
        Recommendation::AfterAnswers { questions } => format!(
            "**Recommendation: submit once the submitter answers {}**",
            question_list(questions)
        ),
        Recommendation::NotReady { reasons } => {
            let why: Vec<String> = reasons
                .iter()
                .map(|b| match b {
                    Blocker::PayTableRequired { wager } => {
                        format!("{} for {}", words::no_pays(a), words::wager(spec, wager))
                    }
                    Blocker::PlayerAdvantage { wager, pay_table } => format!(
                        "{} gives the player an advantage",
                        words::wager_table(spec, wager, pay_table)
                    ),
                    Blocker::DocumentNotRead => "the rule document was not available".into(),
                    Blocker::DocumentChanged => {
                        "the rule document is not the one the rule file declares".into()
                    }
                })
                .collect();
            format!(
                "**Recommendation: not ready to submit**: {}",
                and_list(&why)
            )
        }
    };
    let conditions: Vec<String> = a
        .verdict
        .conditions
        .iter()
        .map(|k| match k {
            Condition::Protection { countermeasures } => format!(
                "the dealing procedures of section {} against seen cards ({})",
                numbering::PROTECTION,
                and_list(
                    &countermeasures
                        .iter()
                        .map(|m| protection::countermeasure_short(*m).to_string())
                        .collect::<Vec<_>>()
                )
            ),
            // Up to three wagers by name; more are counted (the verdict
            // above and section 7 name them).
            Condition::Counting { wagers } if wagers.len() > 3 => format!(
                "the measures of section {} against card counting on {} wagers",
                numbering::simulation(c),
                wagers.len()
            ),
            Condition::Counting { wagers } => format!(
                "the measures of section {} against card counting on {}",
                numbering::simulation(c),
                and_list(
                    &wagers
                        .iter()
                        .map(|w| words::wager(spec, w))
                        .collect::<Vec<_>>()
                )
            ),
        })
        .collect();
    if !conditions.is_empty() {
        s.push_str(&format!(", with {}", and_list(&conditions)));
    }
    s.push('.');
    s
}

/// What the run computed and checked, counted from the assessment.
fn run_facts(inp: &Inputs, c: &Computed) -> String {
    let a = inp.assessment;
    let adopted: Vec<&crate::assess::TableFinding> =
        a.tables.iter().filter(|t| t.adopted()).collect();
    let mut wagers: Vec<&str> = adopted.iter().map(|t| t.wager.as_str()).collect();
    wagers.dedup();
    let others = a
        .tables
        .iter()
        .filter(|t| matches!(t.standing, Standing::OtherReading { .. }))
        .count();
    let assumed = a
        .tables
        .iter()
        .filter(|t| matches!(t.standing, Standing::AssumedPays { .. }))
        .count();
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let mut apart = Vec::new();
    if others > 0 {
        apart.push(plural(others, "other reading", "other readings"));
    }
    if assumed > 0 {
        apart.push(plural(
            assumed,
            "table under assumed pays",
            "tables under assumed pays",
        ));
    }
    let apart = if apart.is_empty() {
        String::new()
    } else {
        format!(
            " ({} computed too, in section {}, not results)",
            and_list(&apart),
            numbering::RESULTS
        )
    };
    let range = match a.scope.range_decks.as_slice() {
        [lo, .., hi] => format!(
            ", and over {lo}–{hi} decks{} (the range column below)",
            if a.scope.permitted_decks.is_empty() {
                ""
            } else {
                ", the counts the document permits"
            }
        ),
        _ => String::new(),
    };
    let v = inp.verification;
    let passed = inp.fixtures.iter().filter(|r| r.pass).count();
    format!(
        "{} under {}{apart} computed exactly at {}{range}. Worked examples: {passed} of {} checks passed. An independent settlement of single rounds {} on all {} rounds of the small test shoes and on {} rounds sampled from the full shoe. Warnings: {}.",
        plural(wagers.len(), "wager", "wagers"),
        plural(adopted.len(), "adopted pay table", "adopted pay tables"),
        crate::cards::deck_count(c.analysis.decks),
        inp.fixtures.len(),
        if v.passed() { "agrees" } else { "DISAGREES" },
        group_digits(&v.small_shoe_sequences.to_string()),
        group_digits(&v.sampled.to_string()),
        match a.warnings.len() {
            0 => "none".to_string(),
            n => format!("{n}, listed at the end of this page"),
        }
    )
}
