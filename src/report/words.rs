//! Words for readers: how the body of a report names a wager, a pay table,
//! an event or a strategy (by the names the rule file gives them, never by
//! their identifiers, which only the appendix that maps the rules to the
//! rule file shows).

use crate::model::Spec;

/// The heading of a block of figures computed under assumed pays.
pub(crate) const WITH_ASSUMED_PAYS: &str = "with assumed pays";
/// What page one and every section say of a wager whose pays are assumed.
pub(crate) const NOT_EVALUATED: &str = "not evaluated — pay table required";

/// The wager's name (its id when the rule file has no such wager).
pub(crate) fn wager(spec: &Spec, id: &str) -> String {
    spec.wager(id).map_or_else(|| plain(id), |w| w.name.clone())
}

/// A combined entry's figure as every part of the report labels it:
/// "<name> (per <its base wager>)".
pub(crate) fn combined_per(spec: &Spec, name: &str, per: &str) -> String {
    format!("{name} (per {})", wager(spec, per))
}

/// The pay table's name as the rule file gives it.
pub(crate) fn table(spec: &Spec, wager: &str, table: &str) -> String {
    spec.wager(wager)
        .and_then(|w| w.pay_tables.iter().find(|t| t.id == table))
        .map_or_else(|| plain(table), |t| t.name.clone())
}

/// "Wager — pay table", or the wager alone when it has one pay table.
pub(crate) fn wager_table(spec: &Spec, w: &str, t: &str) -> String {
    let single = spec.wager(w).is_some_and(|x| x.pay_tables.len() == 1);
    if single {
        wager(spec, w)
    } else {
        format!("{} — {}", wager(spec, w), table(spec, w, t))
    }
}

/// The event's name (its first sentence part, before a colon, is enough
/// where the name explains itself at length).
pub(crate) fn event(spec: &Spec, wager: &str, event: &str) -> String {
    spec.wager(wager)
        .and_then(|w| w.events.iter().find(|e| e.id == event))
        .map_or_else(|| plain(event), |e| e.name.clone())
}

/// The short name of an event: its name up to a colon.
pub(crate) fn event_short(spec: &Spec, wager: &str, id: &str) -> String {
    let name = event(spec, wager, id);
    name.split(':').next().unwrap_or(&name).trim().to_string()
}

/// A strategy or other identifier read aloud: `draw_0_to_5` -> "draw 0 to 5".
pub(crate) fn plain(id: &str) -> String {
    id.replace('_', " ")
}

/// Whether the wager's pay table is an assumption (the document prints no
/// pays for it).
pub(crate) fn assumed(spec: &Spec, wager: &str, table: &str) -> bool {
    spec.assumed_pays(wager, table).is_some()
}

/// Whether the wager is priced only by assumed pays in every pay table.
pub(crate) fn wager_assumed(spec: &Spec, wager: &str) -> bool {
    spec.wager(wager)
        .is_some_and(|w| w.pay_tables.iter().all(|t| t.assumed.is_some()))
}

/// A card slot read aloud: `dealer.second` -> "the dealer's second card".
pub(crate) fn slot(name: &str) -> String {
    match name.split_once('.') {
        Some((hand, which)) => format!("the {hand}'s {which} card"),
        None => name.to_string(),
    }
}

/// A wager and pay table by name; figures under assumed pays say so.
pub(crate) fn row_name(spec: &Spec, w: &str, t: &str) -> String {
    let name = wager_table(spec, w, t);
    if assumed(spec, w, t) {
        format!("{name} ({WITH_ASSUMED_PAYS})")
    } else {
        name
    }
}

/// Whether this wager and pay table is the alternative reading of a
/// question to the submitter (left out of page one's table).
pub(crate) fn asked(spec: &Spec, wager: &str, table: &str) -> bool {
    spec.interpretations.iter().any(|i| {
        i.ask_submitter
            && i.alternative.wager == wager
            && i.alternative.pay_table.as_deref().is_none_or(|t| t == table)
            // A reading that only names another table of the chosen wager.
            && !(i.alternative.pay_table.is_none() && i.chosen.wager == wager)
    })
}

/// A reading as a sentence ending in a full stop.
pub(crate) fn sentence(text: &str) -> String {
    let t = text.trim();
    if t.ends_with('.') || t.ends_with('?') {
        t.to_string()
    } else {
        format!("{t}.")
    }
}

/// A combined wager's name (its id when the rule file has no such entry).
pub(crate) fn combined_name(spec: &Spec, id: &str) -> String {
    spec.combined
        .iter()
        .find(|c| c.id == id)
        .map_or_else(|| plain(id), |c| c.name.clone())
}

/// A figure as every part of the report names it.
pub(crate) fn figure(spec: &Spec, f: &crate::assess::Figure) -> String {
    use crate::assess::Figure;
    let per = |id: &str| {
        spec.combined
            .iter()
            .find(|c| c.id == id)
            .and_then(|c| spec.wagers.get(c.per))
            .map(|w| w.id.clone())
            .unwrap_or_default()
    };
    match f {
        Figure::Table {
            wager: w,
            pay_table,
        } => wager_table(spec, w, pay_table),
        Figure::Combined { id } => combined_per(spec, &combined_name(spec, id), &per(id)),
        Figure::CombinedPerTotal { id } => {
            format!("{}, per total wagered", combined_name(spec, id))
        }
    }
}

/// A count at the start of a sentence: "Two" to "Nine", else the digits.
pub(crate) fn count_word(n: usize) -> String {
    const WORDS: [&str; 8] = [
        "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
    ];
    match n {
        2..=9 => WORDS[n - 2].to_string(),
        _ => n.to_string(),
    }
}

/// "Q1–Q3", "Q2", "Q1, Q3": question numbers as the page cites them.
pub(crate) fn question_list(numbers: &[u32]) -> String {
    let consecutive = numbers.windows(2).all(|w| w[1] == w[0] + 1);
    match numbers {
        [] => String::new(),
        [one] => format!("Q{one}"),
        [first, .., last] if consecutive => format!("Q{first}–Q{last}"),
        more => more
            .iter()
            .map(|n| format!("Q{n}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// "a", "a and b", "a, b and c".
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "a", "a or b", "a, b or c".
pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Why a wager has no pays of the document: it prints none, or (the
/// document not read) the rule file records none; lower case.
pub(crate) fn no_pays(a: &crate::assess::Assessment) -> &'static str {
    no_pays_read(a.quotations.document_read)
}

/// [`no_pays`] where the document was read or not (`document_read`).
pub(crate) fn no_pays_read(document_read: bool) -> &'static str {
    if document_read {
        "the document prints no pays"
    } else {
        "the rule file records no pays of the document, which was not available"
    }
}

/// The quotations of a document not read, counted: "all 42 quotations of
/// its words (in the rule file and the cases) are unverified" (page one and
/// the limitations).
pub(crate) fn unverified_quotations(n: usize) -> String {
    match n {
        0 => "the rule file and the cases quote none of its words".to_string(),
        1 => "the one quotation of its words (in the rule file and the cases) is unverified"
            .to_string(),
        n => format!(
            "all {n} quotations of its words (in the rule file and the cases) are unverified"
        ),
    }
}

/// What the report adds to anything it takes from the rule file about a
/// document it did not read (its deck counts, what it prints).
pub(crate) const UNCHECKED: &str = "not checked: the document was not available";
