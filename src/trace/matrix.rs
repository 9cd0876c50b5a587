//! The traceability matrix: each place of the rule document, the rule
//! file's readings of it (the rules, assumptions and interpretations that
//! implement it), the handwritten cases that cite it and the figures it
//! affects; places nothing reads; and a coverage count. The readings table
//! is this structure: a reading is a row's entry.

use super::index::{Document, PlaceKind};
use super::place::resolve;
use crate::model::{ItemReading, Spec};

/// Places a text names, as the matrix links them (a case's texts).
#[derive(Clone, Debug, Default)]
pub struct Cited {
    /// The fixture case the text belongs to.
    pub case: Option<String>,
    pub document: String,
    /// Indices into the document's places.
    pub places: Vec<usize>,
}

/// The matrix of one rule document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    pub document: String,
    /// Whether the document was read (its places are known).
    pub read: bool,
    /// In the document's order; with the document not read, one row per
    /// reading, in the rule file's order.
    pub rows: Vec<Row>,
    /// Cases whose source names no place found in the document.
    pub cases_citing_no_place: Vec<CaseRef>,
    pub coverage: Coverage,
}

/// A place of the document and what traces to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// None: the document was not read; the row is a reading as written.
    pub place: Option<PlaceRef>,
    pub status: Status,
    /// The rule file's readings of the place.
    pub readings: Vec<RowReading>,
    /// Assumptions that read it (named by a reading, or located there by
    /// their `at`).
    pub assumptions: Vec<String>,
    pub cases: Vec<CaseRef>,
    pub figures: Vec<Figure>,
}

/// A place of the document as the matrix names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceRef {
    pub kind: PlaceKind,
    pub name: String,
    /// An item's own title.
    pub title: Option<String>,
    /// First and last line.
    pub line: usize,
    pub end: usize,
}

/// How the rule file accounts for a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A reading names the rules, assumptions or interpretations that
    /// implement it.
    Implemented,
    /// Its readings say why nothing implements it.
    NotModelled,
    /// It holds words and no reading names it.
    NotAccountedFor,
    /// A heading with nothing under it but other places; named by a
    /// reading.
    Title,
}

/// One reading of a place, as the rule file writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowReading {
    /// The reference as written (`item: "4"`).
    pub item: String,
    /// Where within the place, in the author's words (`second bullet`).
    pub within: Option<String>,
    pub reading: ItemReading,
}

/// A handwritten case, by file and name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CaseRef {
    pub file: String,
    pub case: String,
}

/// A figure of the report a place affects.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Figure {
    /// Every wager's (the game, the shoe).
    EveryWager,
    Wager(String),
    PayTable {
        wager: String,
        pay_table: String,
    },
    Combined(String),
    /// How a whole table round is settled (no house edge).
    TableRounds,
}

/// How many places hold words, and how each is accounted for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    pub places: usize,
    pub implemented: usize,
    pub not_modelled: usize,
    /// Places holding words no reading names.
    pub not_accounted_for: Vec<PlaceRef>,
}

impl Coverage {
    /// Whether every place holding words is accounted for.
    pub fn complete(&self) -> bool {
        self.not_accounted_for.is_empty()
    }
}

/// The matrix of `spec` over `doc` (None: not read); `case_cited`: what
/// each case's texts cite, by fixture file.
pub(crate) fn matrix(
    spec: &Spec,
    doc: Option<&Document>,
    case_cited: &[(String, Cited)],
) -> Matrix {
    let Some(doc) = doc else {
        return unread(spec);
    };
    let mut rows: Vec<Row> = doc
        .places
        .iter()
        .map(|p| Row {
            place: Some(PlaceRef {
                kind: p.kind,
                name: p.name.clone(),
                title: p.title.clone(),
                line: p.line,
                end: p.end,
            }),
            status: if p.content {
                Status::NotAccountedFor
            } else {
                Status::Title
            },
            readings: Vec::new(),
            assumptions: Vec::new(),
            cases: Vec::new(),
            figures: Vec::new(),
        })
        .collect();
    for r in &spec.readings {
        for named in resolve(doc, &r.item).unwrap_or_default() {
            let row = &mut rows[named.place];
            row.readings.push(RowReading {
                item: r.item.clone(),
                within: named.within,
                reading: r.clone(),
            });
            row.assumptions.extend(r.assumptions.iter().cloned());
            row.figures.extend(figures(spec, r));
        }
    }
    for a in spec.assumptions.iter().filter(|a| a.document == doc.name) {
        for named in resolve(doc, &a.at).unwrap_or_default() {
            rows[named.place].assumptions.push(a.id.clone());
        }
    }
    let mut citing_nothing = Vec::new();
    for (file, c) in case_cited {
        let Some(case) = &c.case else { continue };
        let case = CaseRef {
            file: file.clone(),
            case: case.clone(),
        };
        if c.document != doc.name {
            continue;
        }
        if c.places.is_empty() {
            citing_nothing.push(case.clone());
        }
        for &k in &c.places {
            rows[k].cases.push(case.clone());
        }
    }
    // A case cites no place only if none of its texts does.
    citing_nothing.retain(|c| !rows.iter().any(|r| r.cases.contains(c)));
    citing_nothing.dedup();
    for row in &mut rows {
        row.assumptions.sort();
        row.assumptions.dedup();
        row.cases.dedup();
        tidy(&mut row.figures);
        if !row.readings.is_empty() {
            let implemented = row.readings.iter().any(|r| {
                let x = &r.reading;
                !x.rules.is_empty() || !x.assumptions.is_empty() || !x.interpretations.is_empty()
            });
            row.status = if implemented {
                Status::Implemented
            } else if row.status == Status::Title {
                Status::Title
            } else {
                Status::NotModelled
            };
        }
    }
    let holding: Vec<&Row> = rows.iter().filter(|r| r.status != Status::Title).collect();
    let coverage = Coverage {
        places: holding.len(),
        implemented: holding
            .iter()
            .filter(|r| r.status == Status::Implemented)
            .count(),
        not_modelled: holding
            .iter()
            .filter(|r| r.status == Status::NotModelled)
            .count(),
        not_accounted_for: holding
            .iter()
            .filter(|r| r.status == Status::NotAccountedFor)
            .filter_map(|r| r.place.clone())
            .collect(),
    };
    // A title nothing reads or cites is left out: it holds no words.
    rows.retain(|r| r.status != Status::Title || !r.readings.is_empty() || !r.cases.is_empty());
    Matrix {
        document: doc.name.clone(),
        read: true,
        rows,
        cases_citing_no_place: citing_nothing,
        coverage,
    }
}

/// The matrix when the document was not read: the readings as written,
/// nothing checked, no coverage.
fn unread(spec: &Spec) -> Matrix {
    let rows = spec
        .readings
        .iter()
        .map(|r| {
            let mut figures = figures(spec, r);
            tidy(&mut figures);
            Row {
                place: None,
                status: if r.rules.is_empty()
                    && r.assumptions.is_empty()
                    && r.interpretations.is_empty()
                {
                    Status::NotModelled
                } else {
                    Status::Implemented
                },
                readings: vec![RowReading {
                    item: r.item.clone(),
                    within: None,
                    reading: r.clone(),
                }],
                assumptions: r.assumptions.clone(),
                cases: Vec::new(),
                figures,
            }
        })
        .collect();
    Matrix {
        document: spec.document.clone(),
        read: false,
        rows,
        cases_citing_no_place: Vec::new(),
        coverage: Coverage {
            places: 0,
            implemented: 0,
            not_modelled: 0,
            not_accounted_for: Vec::new(),
        },
    }
}

/// The figures a reading's rules, assumptions and interpretations affect.
fn figures(spec: &Spec, r: &ItemReading) -> Vec<Figure> {
    let mut out = Vec::new();
    for rule in &r.rules {
        match rule.as_str() {
            "game" | "shoe" => out.push(Figure::EveryWager),
            "table" => out.push(Figure::TableRounds),
            "claims" => {}
            "pay_searches" => out.extend(
                spec.pay_searches
                    .iter()
                    .map(|p| Figure::Wager(spec.wagers[p.wager].id.clone())),
            ),
            other => match other.split_once('/') {
                Some((w, t)) => out.push(Figure::PayTable {
                    wager: w.to_string(),
                    pay_table: t.to_string(),
                }),
                None if spec.wager(other).is_some() => out.push(Figure::Wager(other.to_string())),
                None if spec.combined.iter().any(|c| c.id == other) => {
                    out.push(Figure::Combined(other.to_string()))
                }
                // A definition: the wagers whose events use it are named
                // by their own readings.
                None => {}
            },
        }
    }
    for id in &r.assumptions {
        for w in &spec.wagers {
            for t in w
                .pay_tables
                .iter()
                .filter(|t| t.assumed.as_deref() == Some(id))
            {
                out.push(Figure::PayTable {
                    wager: w.id.clone(),
                    pay_table: t.id.clone(),
                });
            }
        }
    }
    for id in &r.interpretations {
        if let Some(i) = spec.interpretations.iter().find(|i| &i.id == id) {
            for x in [&i.chosen, &i.alternative] {
                out.push(match &x.pay_table {
                    Some(t) => Figure::PayTable {
                        wager: x.wager.clone(),
                        pay_table: t.clone(),
                    },
                    None => Figure::Wager(x.wager.clone()),
                });
            }
        }
        if let Some(g) = spec.game_interpretations.iter().find(|g| &g.id == id) {
            for c in &g.changes {
                out.push(if spec.wager(c).is_some() {
                    Figure::Wager(c.clone())
                } else {
                    Figure::Combined(c.clone())
                });
            }
        }
    }
    out
}

/// Sorted, each once; every wager's figures stand for all the others.
fn tidy(figures: &mut Vec<Figure>) {
    figures.sort();
    figures.dedup();
    if figures.first() == Some(&Figure::EveryWager) {
        figures.retain(|f| matches!(f, Figure::EveryWager | Figure::TableRounds));
    }
    // A wager's figures include its pay tables'.
    let wagers: Vec<String> = figures
        .iter()
        .filter_map(|f| match f {
            Figure::Wager(w) => Some(w.clone()),
            _ => None,
        })
        .collect();
    figures.retain(|f| !matches!(f, Figure::PayTable { wager, .. } if wagers.contains(wager)));
}
