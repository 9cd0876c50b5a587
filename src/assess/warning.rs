//! What a reviewer must see, by kind, with the data each kind carries. The
//! assessment decides which warnings a report gives; the renderers word
//! them (`crate::report::warnings`), and the JSON carries them as they are.

use crate::numbers::values::Exact;
use schemars::JsonSchema;
use serde::Serialize;

/// One warning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// The document prints no pays for a wager: it is priced only by
    /// assumed pays and not evaluated.
    PayTableRequired { wager: String },
    /// An adopted pay table gives the player an advantage off the top of
    /// the shoe (a negative house edge).
    PlayerAdvantage {
        wager: String,
        pay_table: String,
        house_edge: Exact,
    },
    /// Another reading of the document (put to the submitter as question
    /// `question`) gives the player an advantage.
    OtherReadingAdvantage {
        /// The interpretation's id.
        reading: String,
        /// The figure, by wager and pay table, or a combined wager's id
        /// with `pay_table` null.
        wager: String,
        pay_table: Option<String>,
        house_edge: Exact,
        question: u32,
    },
    /// An event of a wager can never happen.
    ImpossibleEvent { wager: String, event: String },
    /// An event happens but never settles the wager: an event listed or
    /// paying higher always holds with it.
    OutrankedEvent {
        wager: String,
        pay_table: String,
        event: String,
    },
    /// A house edge the document prints differs from the computed one at
    /// its precision (question `question` asks the submitter's method).
    ClaimDiffers {
        /// The claim's place in the spec's `claims`.
        claim: usize,
        question: u32,
    },
    /// A counter beats the pay table to the usual cut card.
    Countable { wager: String, pay_table: String },
    /// The rule document is not beside the spec: nothing was checked
    /// against it.
    DocumentNotFound {
        document: String,
        looked_for: String,
    },
    /// The rule document's bytes are not those the spec declares.
    DocumentChanged {
        document: String,
        found: String,
        declared: String,
    },
}

impl Warning {
    /// The kind as the JSON names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Warning::PayTableRequired { .. } => "pay_table_required",
            Warning::PlayerAdvantage { .. } => "player_advantage",
            Warning::OtherReadingAdvantage { .. } => "other_reading_advantage",
            Warning::ImpossibleEvent { .. } => "impossible_event",
            Warning::OutrankedEvent { .. } => "outranked_event",
            Warning::ClaimDiffers { .. } => "claim_differs",
            Warning::Countable { .. } => "countable",
            Warning::DocumentNotFound { .. } => "document_not_found",
            Warning::DocumentChanged { .. } => "document_changed",
        }
    }

    /// Whether the reader must see it first (a player advantage, a wager
    /// not evaluated, a document not read).
    pub fn serious(&self) -> bool {
        matches!(
            self,
            Warning::PayTableRequired { .. }
                | Warning::PlayerAdvantage { .. }
                | Warning::DocumentNotFound { .. }
                | Warning::DocumentChanged { .. }
        )
    }
}
