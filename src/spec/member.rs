//! A member of a family (`spec::family`): the values it was expanded
//! with, and where a place in its expanded condition was written. Apart
//! from the expansion so that the raw spec (`spec::raw`), which records
//! each wager's and event's member, does not import the expander that
//! reads the raw spec.

/// A member's values, by variable, in the order declared.
pub type Bindings = Vec<(String, String)>;

/// What a wager or event of a family was expanded from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The values of every variable in scope (the wager's, then the
    /// event's).
    pub bindings: Bindings,
    /// The condition as written (an event's `when`, a wager's `placed`),
    /// before the values replaced `{name}`: an error inside the expanded
    /// condition is placed in it.
    pub written: Option<String>,
}

impl Member {
    /// Where `offset` of the expanded condition is in the condition as
    /// written: inside a value, at its `{name}`.
    pub fn written_offset(&self, offset: usize) -> usize {
        let Some(written) = &self.written else {
            return offset;
        };
        let (_, parts) = substitute(written, &self.bindings);
        let mut shift: isize = 0;
        for p in &parts {
            if offset < p.expanded.start {
                break;
            }
            if offset < p.expanded.end {
                return p.written.start;
            }
            shift = p.written.end as isize - p.expanded.end as isize;
        }
        (offset as isize + shift).max(0) as usize
    }

    /// The member's values as a reader names them: `hand = player, total = 3`.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .bindings
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        parts.join(", ")
    }
}

/// One `{name}` replaced: where its value is in the expanded text, and
/// where `{name}` was in the written one.
pub(crate) struct Part {
    pub(crate) expanded: std::ops::Range<usize>,
    pub(crate) written: std::ops::Range<usize>,
}

/// `text` with every `{name}` of a bound variable replaced by its value;
/// any other braces are left as written.
pub(crate) fn substitute(text: &str, bindings: &Bindings) -> (String, Vec<Part>) {
    let mut out = String::with_capacity(text.len());
    let mut parts = Vec::new();
    let mut rest = 0;
    while let Some(open) = text[rest..].find('{').map(|i| rest + i) {
        let close = text[open..].find('}').map(|i| open + i);
        let value = close.and_then(|c| {
            let name = &text[open + 1..c];
            bindings.iter().find(|(k, _)| k == name).map(|(_, v)| v)
        });
        match (close, value) {
            (Some(close), Some(value)) => {
                out.push_str(&text[rest..open]);
                let start = out.len();
                out.push_str(value);
                parts.push(Part {
                    expanded: start..out.len(),
                    written: open..close + 1,
                });
                rest = close + 1;
            }
            _ => {
                out.push_str(&text[rest..=open]);
                rest = open + 1;
            }
        }
    }
    out.push_str(&text[rest..]);
    (out, parts)
}
