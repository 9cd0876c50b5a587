//! What the traceability checks refuse (`crate::trace`): a quotation the
//! rule document does not print, a reference to a place it does not have.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    /// ```yaml
    /// source: "item 1: 'the bettor wins holding four cards'"   # not in the document
    /// ```
    QuotationNotFound { quote: String, document: String },
    /// ```yaml
    /// quote: "the House collects the side bet ... If one of the third cards"   # the second part comes first
    /// ```
    FragmentsOutOfOrder {
        fragment: String,
        after: String,
        document: String,
    },
    /// ```yaml
    /// source: 'item 2: "the Player''s third card'   # no closing mark
    /// ```
    UnclosedQuotation { mark: char },
    /// ```yaml
    /// readings:
    ///   - item: "Rules of Pay"     # the document's heading is "Rules of Play"
    /// ```
    UnknownPlace { reference: String, document: String },
    /// ```yaml
    /// readings:
    ///   - item: "Dragon 7"     # two tables' names hold those words
    /// ```
    AmbiguousPlace {
        reference: String,
        document: String,
        places: Vec<String>,
    },
    /// ```yaml
    /// at: "item 9"     # the document numbers items 1 to 5
    /// ```
    UnknownItem {
        item: u32,
        document: String,
        items: Vec<u32>,
    },
}

/// At most `n` characters of `s`, with `…` where it is cut.
pub fn shorten(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n).collect::<String>().trim_end())
    }
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::QuotationNotFound { quote, document } => write!(
                f,
                "quotation not found in the rule document `{document}`: “{}”",
                shorten(quote, 60)
            ),
            TraceError::FragmentsOutOfOrder {
                fragment,
                after,
                document,
            } => write!(
                f,
                "the parts of a quotation joined by `...` must appear in the document's order: `{document}` prints “{}” only before “{}”",
                shorten(fragment, 40),
                shorten(after, 40)
            ),
            TraceError::UnclosedQuotation { mark } => write!(
                f,
                "a quotation opened with {mark} is not closed: words in quotation marks are the rule document's, and the checker cannot tell where these end"
            ),
            TraceError::UnknownPlace {
                reference,
                document,
            } => write!(
                f,
                "`{reference}` names no numbered item, heading or table of the rule document `{document}`"
            ),
            TraceError::AmbiguousPlace {
                reference,
                document,
                places,
            } => write!(
                f,
                "`{reference}` names {} places of the rule document `{document}`: {}",
                places.len(),
                super::words::list(places)
            ),
            TraceError::UnknownItem {
                item,
                document,
                items,
            } => {
                write!(
                    f,
                    "the rule document `{document}` has no item {item}: {}",
                    match (items.first(), items.last()) {
                        (Some(a), Some(b)) if a == b => format!("it numbers item {a} only"),
                        (Some(a), Some(b)) => format!("it numbers items {a} to {b}"),
                        _ => "it numbers no items".to_string(),
                    }
                )
            }
        }
    }
}
