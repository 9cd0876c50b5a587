//! One side of a diff: what a spec or a report says, in a shape both can
//! fill. A spec fills everything; a report JSON records no drawing rules
//! and no conditions, so its sides are compared by names, pays and figures.

use crate::diag::Diagnostic;
use crate::diag::report::ReportError;
use crate::engine::stats::TableStats;
use crate::model::{FirstRule, Spec};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

/// A keyed statement about a side ("deck count" -> "8"). Two sides' items
/// of one key differ when their fingerprints do; `text` is what is shown.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    pub key: String,
    pub text: String,
    /// What is compared: the text, plus what the text does not show (a
    /// compiled condition, which a changed definition changes).
    pub fingerprint: String,
}

impl Item {
    fn new(key: impl Into<String>, text: impl Into<String>) -> Item {
        let text = text.into();
        Item {
            key: key.into(),
            fingerprint: text.clone(),
            text,
        }
    }

    fn compiled(key: impl Into<String>, text: impl Into<String>, compiled: String) -> Item {
        let text = text.into();
        Item {
            key: key.into(),
            fingerprint: format!("{text}\n{compiled}"),
            text,
        }
    }
}

/// A pay table's exact figures.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Figures {
    pub house_edge: BigRational,
    pub hit: BigRational,
    /// The highest pay that happens: pay, events, combinations; none when nothing wins.
    pub top: Option<(String, String, u128)>,
    /// Rounds the figures are over (those where the wager is placed).
    pub total: u128,
    /// Each event's combinations: a change here is a change in the mathematics
    /// even where the edge happens to stay the same.
    pub events: Vec<(String, u128)>,
}

#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub id: String,
    /// Mathematics: the pays. Documentation: the name, the assumption.
    pub math: Vec<Item>,
    pub doc: Vec<Item>,
    pub figures: Figures,
}

#[derive(Clone, Debug)]
pub(crate) struct Wager {
    pub id: String,
    pub name: String,
    pub math: Vec<Item>,
    pub doc: Vec<Item>,
    pub tables: Vec<Table>,
}

/// Everything a diff compares about one spec or report.
#[derive(Clone, Debug)]
pub(crate) struct Side {
    pub path: String,
    pub id: String,
    pub version: String,
    pub decks: u32,
    /// Whether the game's rules and conditions are known (a spec; not a report).
    pub has_rules: bool,
    /// The shoe and the game: mathematics.
    pub math: Vec<Item>,
    /// Title, version, source, claims, interpretations, assumptions, readings.
    pub doc: Vec<Item>,
    pub wagers: Vec<Wager>,
}

/// A reading of a document's item in words: what it says and what reads
/// it, the parts it has.
fn reading_words(r: &crate::model::ItemReading) -> String {
    let names = |v: &[String]| {
        v.iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if let Some(s) = &r.says {
        parts.push(format!("says \"{s}\""));
    }
    for (what, v) in [
        ("rules", &r.rules),
        ("assumptions", &r.assumptions),
        ("interpretations", &r.interpretations),
    ] {
        if !v.is_empty() {
            parts.push(format!("{what} {}", names(v)));
        }
    }
    if let Some(w) = &r.not_modelled {
        parts.push(format!("not modelled: {w}"));
    }
    if let Some(n) = &r.note {
        parts.push(format!("note: {n}"));
    }
    parts.join("; ")
}

/// A side from a checked spec and its figures at `decks`.
pub(crate) fn from_spec(path: &str, spec: &Spec, computed: &crate::report::Computed) -> Side {
    let a = &computed.analysis;
    let mut math = vec![
        Item::new("deck count", a.decks.to_string()),
        Item::new(
            "allowed deck counts",
            format!("{} to {}", spec.shoe.min_decks, spec.shoe.max_decks),
        ),
    ];
    let g = &spec.game;
    math.push(Item::new("hands", g.hands.join(", ")));
    let deal: Vec<&str> = g
        .deal
        .iter()
        .map(|&h| g.hands[h as usize].as_str())
        .collect();
    math.push(Item::new("initial deal", deal.join(", ")));
    math.push(Item::new("naturals", totals(g.naturals)));
    match &g.first {
        FirstRule::Totals(m) => {
            math.push(Item::new(format!("{} draws on", g.hands[0]), totals(*m)))
        }
        FirstRule::Decides(d) => {
            let seen: Vec<String> = d.sees.iter().map(|&s| g.slot_name(s)).collect();
            math.push(Item::new(
                format!("{} decides, seeing", g.hands[0]),
                seen.join(", "),
            ));
            let objective: Vec<&str> = d
                .objective
                .iter()
                .map(|&w| spec.wagers[w].id.as_str())
                .collect();
            math.push(Item::new(
                "optimal strategy maximises",
                objective.join(", "),
            ));
            math.push(Item::new(
                "default strategy",
                d.strategies[d.default].id.clone(),
            ));
            for s in &d.strategies {
                math.push(Item::new(format!("strategy `{}`", s.id), s.source.clone()));
            }
        }
    }
    math.push(Item::new(
        format!("{} draws when {} stands, on", g.hands[1], g.hands[0]),
        totals(g.second.when_other_stands),
    ));
    for (own, row) in g.second.when_other_draws.iter().enumerate() {
        let cells: Vec<&str> = (0..10)
            .map(|v| if row & (1 << v) != 0 { "H" } else { "S" })
            .collect();
        math.push(Item::new(
            format!(
                "{} on {own} when {} draws (third card 0-9)",
                g.hands[1], g.hands[0]
            ),
            cells.join(" "),
        ));
    }
    for c in &spec.combined {
        let wagers: Vec<&str> = c
            .wagers
            .iter()
            .map(|&w| spec.wagers[w].id.as_str())
            .collect();
        math.push(Item::new(
            format!("combined `{}`", c.id),
            format!("{} per `{}`", wagers.join(" + "), spec.wagers[c.per].id),
        ));
    }
    for cs in &a.combined {
        let edge = cs.house_edge();
        math.push(Item::compiled(
            format!("combined `{}` house edge per bet", cs.id),
            crate::numbers::percent(&edge, 4),
            crate::numbers::fraction(&edge),
        ));
    }
    for p in &spec.pay_searches {
        let w = &spec.wagers[p.wager];
        let pays: Vec<String> = w
            .events
            .iter()
            .zip(&p.ranges)
            .map(|(e, r)| match r {
                crate::model::PayRange::Fixed(pay) => format!("`{}` {}", e.id, pay.describe()),
                crate::model::PayRange::Search(a, b) => format!("`{}` {a} to {b} to 1", e.id),
            })
            .collect();
        math.push(Item::new(
            format!("pay search for `{}`", w.id),
            format!(
                "{} ({}{})",
                p.house_edge,
                pays.join(", "),
                if p.non_increasing {
                    "; pays not rising down the list"
                } else {
                    ""
                }
            ),
        ));
    }
    let mut doc = vec![
        Item::new("spec id", spec.id.clone()),
        Item::new("title", spec.title.clone()),
        Item::new("version", spec.version.clone()),
        Item::new(
            "source",
            match &spec.section {
                Some(s) => format!("{}, {s}", spec.document),
                None => spec.document.clone(),
            },
        ),
    ];
    if let Some(d) = &spec.document_decks {
        let counts: Vec<String> = d.counts.iter().map(u32::to_string).collect();
        doc.push(Item::new(
            "deck counts the document names",
            format!("[{}] ({})", counts.join(", "), d.source),
        ));
    }
    let s = &spec.submission;
    for (k, v) in [
        ("submitter", &s.submitter),
        ("jurisdiction", &s.jurisdiction),
        ("game id", &s.game_id),
    ] {
        if let Some(v) = v {
            doc.push(Item::new(format!("submission {k}"), v.clone()));
        }
    }
    for c in &spec.claims {
        doc.push(Item::new(
            format!(
                "claim on {}",
                claim_key(&c.wagers, &c.pay_table, c.combined.as_deref())
            ),
            format!("{} ({})", c.house_edge, c.source),
        ));
    }
    for i in &spec.interpretations {
        let r = |r: &crate::model::Reading| match &r.pay_table {
            Some(t) => format!("{} (`{}` / `{t}`)", r.reading, r.wager),
            None => format!("{} (`{}`)", r.reading, r.wager),
        };
        doc.push(Item::new(
            format!("interpretation `{}`", i.id),
            format!(
                "{} chosen: {}; alternative: {}",
                i.question,
                r(&i.chosen),
                r(&i.alternative)
            ),
        ));
    }
    for x in &spec.assumptions {
        doc.push(Item::new(
            format!("assumption `{}`", x.id),
            format!("{} ({}, \"{}\"; {})", x.choice, x.at, x.quote, x.why),
        ));
    }
    for r in &spec.readings {
        doc.push(Item::new(
            format!("reading of item `{}`", r.item),
            reading_words(r),
        ));
    }
    let wagers = a
        .wagers
        .iter()
        .zip(&spec.wagers)
        .map(|(ws, w)| {
            let mut math = vec![
                Item::new(
                    "precedence",
                    match w.precedence {
                        crate::model::Precedence::HighestPay => {
                            "the highest pay of the events that hold"
                        }
                        crate::model::Precedence::ListedOrder => {
                            "the first listed event that holds"
                        }
                    },
                ),
                Item::new(
                    "events, in order",
                    w.events
                        .iter()
                        .map(|e| e.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ];
            if let Some(p) = &w.placed {
                math.push(Item::compiled(
                    "placed when",
                    p.source.clone(),
                    format!("{:?}", p.when),
                ));
            }
            for e in &w.events {
                math.push(Item::compiled(
                    format!("event `{}`", e.id),
                    e.source.clone(),
                    format!("{:?}", e.when),
                ));
            }
            let mut doc = vec![];
            if let Some(d) = &w.description {
                doc.push(Item::new("description", d.clone()));
            }
            for e in &w.events {
                doc.push(Item::new(format!("event `{}` name", e.id), e.name.clone()));
            }
            let tables = ws
                .tables
                .iter()
                .zip(&w.pay_tables)
                .map(|(ts, t)| {
                    let pays: Vec<Item> = w
                        .events
                        .iter()
                        .zip(&t.pays)
                        .map(|(e, p)| Item::new(format!("pay of `{}`", e.id), p.describe()))
                        .collect();
                    let mut doc = vec![Item::new("name", t.name.clone())];
                    if let Some(a) = &t.assumed {
                        doc.push(Item::new("assumed", a.clone()));
                    }
                    Table {
                        id: t.id.clone(),
                        math: pays,
                        doc,
                        figures: figures(ts),
                    }
                })
                .collect();
            Wager {
                id: w.id.clone(),
                name: w.name.clone(),
                math,
                doc,
                tables,
            }
        })
        .collect();
    Side {
        path: path.into(),
        id: spec.id.clone(),
        version: spec.version.clone(),
        decks: a.decks,
        has_rules: true,
        math,
        doc,
        wagers,
    }
}

fn figures(t: &TableStats) -> Figures {
    Figures {
        house_edge: t.house_edge(),
        hit: t.hit_frequency(),
        top: t
            .top_award()
            .map(|a| (a.pay.describe(), a.events.join(", "), a.combinations)),
        total: t.total,
        events: t
            .events
            .iter()
            .map(|e| (e.id.clone(), e.combinations))
            .collect(),
    }
}

/// Totals set in a bit mask: `0, 1, 2, 3, 4, 5`.
fn totals(mask: u16) -> String {
    let t: Vec<String> = (0..10)
        .filter(|t| mask & (1 << t) != 0)
        .map(|t: u16| t.to_string())
        .collect();
    if t.is_empty() {
        "none".into()
    } else {
        t.join(", ")
    }
}

fn claim_key(wagers: &[String], table: &str, combined: Option<&str>) -> String {
    match combined {
        Some(c) => format!("`{c}`"),
        None => format!("`{}` / `{table}`", wagers.join(" + ")),
    }
}

/// A side from a report's JSON document (written by `certify SPEC`, or
/// printed by `certify SPEC --json`).
pub(crate) fn from_report(path: &str, text: &str) -> Result<Side, Box<Diagnostic>> {
    let at = |e: ReportError| Box::new(Diagnostic::whole_file(path, e));
    let doc: Value = serde_json::from_str(text).map_err(|e| {
        at(ReportError::NotJson {
            reason: e.to_string(),
        })
    })?;
    let r = Reader { path };
    let results = r.get(&doc, "results")?;
    let total: u128 = r.number(r.str(results, "total_combinations")?, "total_combinations")?;
    let decks = r.get(results, "decks")?.as_u64().unwrap_or(0) as u32;
    let mut math = vec![
        Item::new("deck count", decks.to_string()),
        Item::new("ordered six-card sequences", total.to_string()),
    ];
    for c in r.array(results, "combined")? {
        let id = r.str(c, "id")?;
        let edge = r.fraction(r.get(c, "house_edge_per_bet")?, "house_edge_per_bet")?;
        math.push(Item::compiled(
            format!("combined `{id}` house edge per bet"),
            crate::numbers::percent(&edge, 4),
            crate::numbers::fraction(&edge),
        ));
    }
    let mut docs = vec![
        Item::new("spec id", r.str(results, "spec")?),
        Item::new("version", r.str(results, "spec_version")?),
    ];
    for c in r.array(results, "claims")? {
        let wagers: Vec<String> = r
            .array(c, "wagers")?
            .iter()
            .filter_map(|w| w.as_str().map(String::from))
            .collect();
        docs.push(Item::new(
            format!(
                "claim on `{}` / `{}`",
                wagers.join(" + "),
                r.str(c, "pay_table")?
            ),
            format!(
                "{} ({})",
                r.str(c, "printed")?,
                c.get("source").and_then(Value::as_str).unwrap_or("")
            ),
        ));
    }
    for i in doc
        .get("interpretations")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let reading = |k: &str| -> Result<String, Box<Diagnostic>> {
            let x = r.get(i, k)?;
            Ok(format!(
                "{} (`{}`)",
                r.str(x, "reading")?,
                r.str(x, "wager")?
            ))
        };
        docs.push(Item::new(
            format!("interpretation `{}`", r.str(i, "id")?),
            format!(
                "{} chosen: {}; alternative: {}",
                r.str(i, "question")?,
                reading("chosen")?,
                reading("alternative")?
            ),
        ));
    }
    if let Some(readings) = doc.get("readings") {
        for a in readings
            .get("assumptions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            docs.push(Item::new(
                format!("assumption `{}`", r.str(a, "id")?),
                format!(
                    "{} ({}, \"{}\"; {})",
                    r.str(a, "choice")?,
                    r.str(a, "at")?,
                    r.str(a, "quote")?,
                    r.str(a, "why")?
                ),
            ));
        }
        for i in readings
            .get("items")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let list = |k: &str| -> Vec<String> {
                i.get(k)
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let text = |k: &str| i.get(k).and_then(Value::as_str);
            docs.push(Item::new(
                format!("reading of item `{}`", r.str(i, "item")?),
                reading_text(
                    text("says"),
                    [
                        &list("rules"),
                        &list("assumptions"),
                        &list("interpretations"),
                    ],
                    text("not_modelled"),
                    text("note"),
                ),
            ));
        }
    }
    let mut wagers = vec![];
    for w in r.array(results, "wagers")? {
        let mut tables = vec![];
        for t in r.array(w, "pay_tables")? {
            let mut pays = vec![];
            let mut events = vec![];
            for e in r.array(t, "events")? {
                let id = r.str(e, "id")?;
                pays.push(Item::new(format!("pay of `{id}`"), r.str(e, "pays")?));
                events.push((id, r.number(r.str(e, "combinations")?, "combinations")?));
            }
            let top = match t.get("top_award") {
                Some(a) if !a.is_null() => {
                    let evs: Vec<&str> = r
                        .array(a, "events")?
                        .iter()
                        .filter_map(Value::as_str)
                        .collect();
                    Some((
                        r.str(a, "pays")?,
                        evs.join(", "),
                        r.number(r.str(a, "combinations")?, "combinations")?,
                    ))
                }
                _ => None,
            };
            let placed: u128 = events.iter().map(|(_, c)| c).sum::<u128>()
                + r.number(r.str(t, "no_event_combinations")?, "no_event_combinations")?;
            tables.push(Table {
                id: r.str(t, "id")?,
                math: pays,
                doc: vec![Item::new("name", r.str(t, "name")?)],
                figures: Figures {
                    house_edge: r.fraction(r.get(t, "house_edge")?, "house_edge")?,
                    hit: r.fraction(r.get(t, "hit_frequency")?, "hit_frequency")?,
                    top,
                    total: placed,
                    events,
                },
            });
        }
        let ids = tables.first().map(|t| {
            t.figures
                .events
                .iter()
                .map(|(e, _)| e.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        });
        wagers.push(Wager {
            id: r.str(w, "id")?,
            name: r.str(w, "name")?,
            math: vec![Item::new("events, in order", ids.unwrap_or_default())],
            doc: vec![],
            tables,
        });
    }
    Ok(Side {
        path: path.into(),
        id: r.str(results, "spec")?,
        version: r.str(results, "spec_version")?,
        decks,
        has_rules: false,
        math,
        doc: docs,
        wagers,
    })
}

/// A reading of a document item in words: `says "..."; rules: game; ...`.
fn reading_text(
    says: Option<&str>,
    lists: [&Vec<String>; 3],
    not_modelled: Option<&str>,
    note: Option<&str>,
) -> String {
    let mut parts = vec![];
    if let Some(s) = says {
        parts.push(format!("says \"{s}\""));
    }
    for (what, list) in ["rules", "assumptions", "interpretations"]
        .iter()
        .zip(lists)
    {
        if !list.is_empty() {
            parts.push(format!("{what}: {}", list.join(", ")));
        }
    }
    if let Some(n) = not_modelled {
        parts.push(format!("not modelled: {n}"));
    }
    if let Some(n) = note {
        parts.push(format!("note: {n}"));
    }
    parts.join("; ")
}

/// Reads a report's JSON, naming the first key it lacks.
struct Reader<'a> {
    path: &'a str,
}

impl Reader<'_> {
    fn missing(&self, key: &str) -> Box<Diagnostic> {
        Box::new(Diagnostic::whole_file(
            self.path,
            ReportError::ReportKey { key: key.into() },
        ))
    }

    fn get<'v>(&self, v: &'v Value, key: &str) -> Result<&'v Value, Box<Diagnostic>> {
        v.get(key).ok_or_else(|| self.missing(key))
    }

    fn str(&self, v: &Value, key: &str) -> Result<String, Box<Diagnostic>> {
        self.get(v, key)?
            .as_str()
            .map(String::from)
            .ok_or_else(|| self.missing(key))
    }

    fn array<'v>(&self, v: &'v Value, key: &str) -> Result<&'v Vec<Value>, Box<Diagnostic>> {
        self.get(v, key)?
            .as_array()
            .ok_or_else(|| self.missing(key))
    }

    fn number(&self, s: String, key: &str) -> Result<u128, Box<Diagnostic>> {
        s.parse().map_err(|_| self.missing(key))
    }

    /// `{"fraction": "p/q", ...}` as an exact rational.
    fn fraction(&self, v: &Value, key: &str) -> Result<BigRational, Box<Diagnostic>> {
        let text = self.str(v, "fraction").map_err(|_| self.missing(key))?;
        let (p, q) = text.split_once('/').ok_or_else(|| self.missing(key))?;
        let (p, q): (BigInt, BigInt) = match (p.parse(), q.parse()) {
            (Ok(p), Ok(q)) => (p, q),
            _ => return Err(self.missing(key)),
        };
        if q == BigInt::from(0) {
            return Err(self.missing(key));
        }
        Ok(BigRational::new(p, q))
    }
}

/// The text of a file, or the diagnostic for it.
/// Within the report size limit: a spec is held to the YAML limit later.
pub(crate) fn read(path: &str) -> Result<String, Box<Diagnostic>> {
    crate::spec::source::read_limited(
        path,
        crate::diag::input::FileKind::Report,
        crate::limits::MAX_REPORT_BYTES,
    )
}
