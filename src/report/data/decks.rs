//! The deck counts in `results`: what the spec records of the document's
//! counts, the house edges and the printed claims at every allowed count,
//! each pay table's house edge as a function of the number of decks, and
//! the full pay tables at the document's other counts.

use super::results::PayTable;
use super::values::{Count, DeckCount, DocumentStanding, Exact, Fraction, Percent, PrintedPercent};
use crate::engine::Analysis;
use crate::engine::deck_function::DeckFunctions;
use crate::model::Spec;
use crate::report::decks::{Standing, standing};
use schemars::JsonSchema;
use serde::Serialize;

/// The spec's record of the deck counts the document names.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DocumentDecks {
    /// The deck counts the document names, ascending (empty when it names none).
    pub counts: Vec<DeckCount>,
    /// Where the document names them.
    pub source: String,
    /// The spec's default deck count.
    pub default: DeckCount,
    /// Why the default is used (given when `counts` is empty).
    pub default_because: Option<String>,
}

/// `results.document_decks`.
pub fn document_decks(spec: &Spec) -> Option<DocumentDecks> {
    spec.document_decks.as_ref().map(|d| DocumentDecks {
        counts: d.counts.iter().copied().map(DeckCount).collect(),
        source: d.source.clone(),
        default: DeckCount(spec.shoe.decks),
        default_because: d.default_because.clone(),
    })
}

/// One deck count the spec allows, its standing, and the edges at it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AtDecks {
    pub decks: DeckCount,
    pub document: DocumentStanding,
    /// Each wager and pay table's house edge at this count.
    pub house_edges: Vec<EdgeAt>,
    /// Each combined wager's two house edges at this count.
    pub combined: Vec<CombinedAt>,
    /// A summary of the decision at this count; null without a decision.
    pub decision: Option<DecisionAt>,
}

/// A pay table's house edge at one count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct EdgeAt {
    /// Wager id.
    pub wager: String,
    /// Pay table id.
    pub pay_table: String,
    /// House edge at this count.
    pub house_edge: Exact,
}

/// A combined wager's house edges at one count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CombinedAt {
    /// Combined wager id.
    pub id: String,
    /// Per unit of its `per` wager.
    pub house_edge_per_bet: Exact,
    /// Per unit staked in all.
    pub house_edge_per_total_wagered: Exact,
}

/// The decision at one count, in summary.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DecisionAt {
    /// Whether the optimal and the total-dependent charts differ.
    pub composition_dependent_differs: bool,
    /// How many combinations they differ on.
    pub differing_combinations: usize,
    /// How many combinations the optimal strategy draws on.
    pub optimal_draws_on: usize,
}

/// `results.house_edge_by_decks`.
pub fn by_decks(spec: &Spec, decks: &[(u32, &Analysis)]) -> Vec<AtDecks> {
    decks
        .iter()
        .map(|(d, a)| AtDecks {
            decks: DeckCount(*d),
            document: DocumentStanding::of(spec, *d),
            house_edges: a
                .wagers
                .iter()
                .flat_map(|w| {
                    w.tables.iter().map(move |t| EdgeAt {
                        wager: w.id.clone(),
                        pay_table: t.id.clone(),
                        house_edge: Exact::of(&t.house_edge()),
                    })
                })
                .collect(),
            combined: a
                .combined
                .iter()
                .map(|c| CombinedAt {
                    id: c.id.clone(),
                    house_edge_per_bet: Exact::of(&c.house_edge()),
                    house_edge_per_total_wagered: Exact::of(&c.per_total_wagered()),
                })
                .collect(),
            decision: a.decision.as_ref().map(|d| DecisionAt {
                composition_dependent_differs: !d.differences.is_empty(),
                differing_combinations: d.differences.len(),
                optimal_draws_on: d
                    .optimal
                    .draw
                    .iter()
                    .zip(&d.decisions.sets)
                    .filter(|(x, s)| **x && s.weight > 0)
                    .count(),
            }),
        })
        .collect()
}

/// A printed claim checked at every deck count the spec allows.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ClaimByDecks {
    /// The wagers the claim is of (equal stakes on each), or a combined
    /// wager's id.
    pub wagers: Vec<String>,
    /// The pay table (for a combined wager: "per <wager> bet").
    pub pay_table: String,
    /// Where the document prints it.
    pub source: String,
    /// The house edge as printed.
    pub printed: PrintedPercent,
    /// The counts at which the claim is confirmed.
    pub confirmed_at_decks: Vec<DeckCount>,
    /// Its check at every allowed count.
    pub by_decks: Vec<ClaimAt>,
}

/// A claim's check at one count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ClaimAt {
    pub decks: DeckCount,
    pub document: DocumentStanding,
    /// The computed edge at the printed precision.
    pub computed_at_precision: PrintedPercent,
    /// The computed edge at four decimals.
    pub computed: Percent,
    /// Whether it matches the printed edge.
    pub matches: bool,
}

/// `results.claims_by_decks`.
pub fn claims_by_decks(
    spec: &Spec,
    by: &[(u32, Vec<crate::assess::ClaimCheck>)],
) -> Vec<ClaimByDecks> {
    let Some((_, first)) = by.first() else {
        return Vec::new();
    };
    first
        .iter()
        .enumerate()
        .map(|(k, c)| ClaimByDecks {
            wagers: c.wagers.clone(),
            pay_table: c.pay_table.clone(),
            source: c.source.clone(),
            printed: PrintedPercent(c.printed.clone()),
            confirmed_at_decks: by
                .iter()
                .filter(|(_, cs)| cs[k].matches)
                .map(|(d, _)| DeckCount(*d))
                .collect(),
            by_decks: by
                .iter()
                .map(|(d, cs)| ClaimAt {
                    decks: DeckCount(*d),
                    document: DocumentStanding::of(spec, *d),
                    computed_at_precision: PrintedPercent(cs[k].computed_at_precision.clone()),
                    computed: Percent(cs[k].computed.clone()),
                    matches: cs[k].matches,
                })
                .collect(),
        })
        .collect()
}

/// Each pay table's house edge as a function of the number of decks D,
/// -S(D)/P(D); `computed: false` with the reason where the optimal strategy
/// is resolved per deck count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum HouseEdgeFunctions {
    Computed(EdgeFunctions),
    NotComputed(NoEdgeFunctions),
}

/// What the coefficients describe.
pub const EDGE_FUNCTION: &str = "-S(D)/P(D), D the number of decks";

/// Each pay table's house edge as an exact rational function of the number
/// of decks D.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct EdgeFunctions {
    /// The functions were computed.
    #[schemars(extend("const" = true))]
    pub computed: bool,
    /// What the coefficients describe.
    #[schemars(extend("const" = EDGE_FUNCTION))]
    pub house_edge: &'static str,
    /// The counts the functions were fitted at (D = 0 and enumerated counts).
    pub fitted_at_decks: Vec<u32>,
    /// Further enumerated counts found exactly equal to the functions.
    pub checked_at_decks: Vec<DeckCount>,
    /// Per pay table.
    pub tables: Vec<EdgeFunction>,
}

/// One pay table's house edge as a function of D.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct EdgeFunction {
    /// Wager id.
    pub wager: String,
    /// Pay table id.
    pub pay_table: String,
    /// S(D), the expected net result times the rounds placed: exact
    /// coefficients, lowest degree first.
    pub s_coefficients: Vec<Fraction>,
    /// P(D), the rounds placed: exact coefficients, lowest degree first.
    pub p_coefficients: Vec<Fraction>,
    /// The infinite-deck limit.
    pub infinite_decks: InfiniteDecks,
}

/// The house edge as the number of decks grows.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct InfiniteDecks {
    /// The limit as D grows: the ratio of leading coefficients.
    pub house_edge: Fraction,
    /// The same at four decimals of a percent.
    pub percent: Percent,
}

/// No function of D: the reason.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct NoEdgeFunctions {
    /// Not computed.
    #[schemars(extend("const" = false))]
    pub computed: bool,
    /// Why: the optimal strategy is resolved per deck count, so the game
    /// may change with D.
    pub why: String,
}

/// `results.house_edge_functions`.
pub fn functions(spec: &Spec, edges: Option<&DeckFunctions>) -> HouseEdgeFunctions {
    let Some(f) = edges else {
        return HouseEdgeFunctions::NotComputed(NoEdgeFunctions {
            computed: false,
            why: crate::report::decks::functions_note(
                spec,
                None,
                crate::report::terms::Terms::HOUSE,
            ),
        });
    };
    let coefficients = |c: &[num_rational::BigRational]| c.iter().map(Fraction::of).collect();
    HouseEdgeFunctions::Computed(EdgeFunctions {
        computed: true,
        house_edge: EDGE_FUNCTION,
        fitted_at_decks: f.fitted.clone(),
        checked_at_decks: f.checked.iter().copied().map(DeckCount).collect(),
        tables: f
            .tables
            .iter()
            .map(|t| EdgeFunction {
                wager: t.wager.clone(),
                pay_table: t.pay_table.clone(),
                s_coefficients: coefficients(&t.net),
                p_coefficients: coefficients(&t.placed),
                infinite_decks: InfiniteDecks {
                    house_edge: Fraction::of(&t.infinite),
                    percent: Percent::of(&t.infinite),
                },
            })
            .collect(),
    })
}

/// The full pay tables at one count the document names.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ResultsAtDecks {
    pub decks: DeckCount,
    /// Six-card sequences at this count.
    pub total_combinations: Count,
    /// Every wager.
    pub wagers: Vec<WagerAtDecks>,
}

/// A wager's pay tables at one count.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct WagerAtDecks {
    /// Wager id.
    pub id: String,
    /// Its pay tables at this count.
    pub pay_tables: Vec<PayTable>,
}

/// `results.results_at_document_decks`: every count the document names
/// other than the run's own (which `results.wagers` holds).
pub fn at_document_decks(spec: &Spec, run: u32, decks: &[(u32, &Analysis)]) -> Vec<ResultsAtDecks> {
    decks
        .iter()
        .filter(|(d, _)| *d != run && standing(spec, *d) == Standing::Named)
        .map(|(d, a)| ResultsAtDecks {
            decks: DeckCount(*d),
            total_combinations: Count::of(a.total),
            wagers: a
                .wagers
                .iter()
                .map(|w| WagerAtDecks {
                    id: w.id.clone(),
                    pay_tables: w.tables.iter().map(PayTable::of).collect(),
                })
                .collect(),
        })
        .collect()
}
