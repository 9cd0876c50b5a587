//! Families: one wager or event written once over a list of values (a tie
//! on each total 0–9; a side total per hand and total), expanded here into
//! the wagers and events it stands for, before anything checks them. Also
//! sets apart the wagers written without `pay_tables` (counted only).
//!
//! `each` names variables and their values (every combination, the first
//! variable changing slowest) or lists rows of values; `{name}` in a
//! member's texts (ids, names, conditions, pays) is its value. A pay table
//! prices a whole family of events under the family's id as written
//! (`tie_{total}: 8`), each member at its own pay where the pay names a
//! variable (`"{pay}"`).
//!
//! `each` is read from the located tree (its values are whatever scalars
//! the author wrote), so every refusal names the file, line and column.

use super::SourceFile;
use super::limits::{MAX_EVENTS, MAX_WAGERS};
use super::member::{Bindings, Member, substitute};
use super::node::Node;
use super::raw::{RawEvent, RawPay, RawSpec, RawWager, S};
use crate::diag::Diagnostic;
use crate::diag::spec::SpecError;
use serde_saphyr::Spanned;

/// The first `{name}` left in `text` whose name is an identifier: a
/// variable no family in scope declares.
fn unbound(text: &str) -> Option<&str> {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        if let Some(close) = after.find('}') {
            let name = &after[..close];
            let ident = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if ident {
                return Some(name);
            }
        }
        rest = after;
    }
    None
}

/// Expands every family of `raw` in place and sets apart the wagers
/// written without `pay_tables` (into `raw.counted`); every refusal.
pub(super) fn expand(src: &SourceFile, tree: &Spanned<Node>, raw: &mut RawSpec) -> Vec<Diagnostic> {
    let mut x = Expander {
        src,
        diags: Vec::new(),
    };
    let nodes = items(field(Some(tree), "wagers"));
    let written = std::mem::take(&mut raw.wagers);
    for (i, w) in written.into_iter().enumerate() {
        let node = nodes.get(i).copied();
        let counted = node.is_some_and(|n| field(Some(n), "pay_tables").is_none());
        let members = x.members(
            node.and_then(|n| field(Some(n), "each")),
            "wagers",
            MAX_WAGERS,
        );
        let family = members.is_some();
        for bindings in members.unwrap_or_else(|| vec![Vec::new()]) {
            let (mut wager, event_families) = x.wager(&w, &bindings, family, node);
            wager.member = family.then(|| Member {
                written: w.placed.as_ref().map(|p| p.value.clone()),
                bindings,
            });
            if family || event_families {
                x.leftovers(&wager);
            }
            if counted {
                raw.counted.push(wager);
            } else {
                raw.wagers.push(wager);
            }
        }
    }
    x.diags
}

struct Expander<'a> {
    src: &'a SourceFile,
    diags: Vec<Diagnostic>,
}

impl Expander<'_> {
    fn error(&mut self, at: &Spanned<Node>, kind: SpecError) -> &mut Diagnostic {
        let width = self.src.token_at(&at.referenced).chars().count().max(1);
        let pos = self.src.at(&at.referenced, width);
        self.diags.push(Diagnostic::new(pos, kind));
        self.diags.last_mut().expect("just pushed")
    }

    /// The text of a scalar as written (a number's digits, a name).
    fn scalar(&self, n: &Spanned<Node>) -> Option<String> {
        match &n.value {
            Node::Str(s) => Some(s.clone()),
            Node::Int | Node::Float | Node::Bool(_) => {
                Some(self.src.token_at(&n.referenced).to_string())
            }
            _ => None,
        }
    }

    /// The members `each` declares, or None where there is no `each` (or
    /// it is refused: the error is recorded).
    fn members(
        &mut self,
        each: Option<&Spanned<Node>>,
        what: &'static str,
        max: usize,
    ) -> Option<Vec<Bindings>> {
        let each = each?;
        let members = match &each.value {
            Node::Map(vars) => self.product(each, vars, what, max)?,
            Node::Seq(rows) => self.rows(rows)?,
            // The schema pass has refused any other shape.
            _ => return None,
        };
        if members.is_empty() {
            self.error(each, SpecError::FamilyEmpty).expected =
                Some("at least one value for every variable".into());
            return None;
        }
        if members.len() > max {
            self.too_many(each, what, max, members.len());
            return None;
        }
        Some(members)
    }

    /// A family of `what` ("wagers" or "events") with `found` members,
    /// past `max`.
    fn too_many(&mut self, at: &Spanned<Node>, what: &str, max: usize, found: usize) {
        let what = if what == "wagers" {
            "members of a family of wagers"
        } else {
            "members of a family of events"
        };
        self.error(at, SpecError::TooMany { what, max, found });
    }

    fn variable(&mut self, key: &Spanned<Node>) -> Option<String> {
        let name = self.scalar(key)?;
        if !super::ident::is_identifier(&name) {
            let d = self.error(
                key,
                SpecError::InvalidId {
                    what: "family variable",
                    id: name.clone(),
                },
            );
            d.expected = Some("lower-case letters, digits and `_`, starting with a letter".into());
            d.found = Some(format!("`{name}`"));
            return None;
        }
        Some(name)
    }

    /// Every combination of the variables' values, the first changing
    /// slowest.
    fn product(
        &mut self,
        at: &Spanned<Node>,
        vars: &[(Spanned<Node>, Spanned<Node>)],
        what: &'static str,
        max: usize,
    ) -> Option<Vec<Bindings>> {
        let mut lists: Vec<(String, Vec<String>)> = Vec::new();
        for (key, values) in vars {
            let name = self.variable(key)?;
            let mut list = Vec::new();
            for v in items(Some(values)) {
                list.extend(self.values(v, max)?);
            }
            lists.push((name, list));
        }
        let size = lists.iter().try_fold(1usize, |n, (_, l)| {
            n.checked_mul(l.len()).filter(|n| *n <= max)
        });
        if size.is_none() {
            let found = lists
                .iter()
                .fold(1usize, |n, (_, l)| n.saturating_mul(l.len()));
            self.too_many(at, what, max, found);
            return None;
        }
        let mut members: Vec<Bindings> = vec![Vec::new()];
        for (name, list) in &lists {
            members = members
                .into_iter()
                .flat_map(|m| {
                    list.iter().map(move |v| {
                        let mut m = m.clone();
                        m.push((name.clone(), v.clone()));
                        m
                    })
                })
                .collect();
        }
        Some(members)
    }

    /// One value, or the whole numbers of a range `0..9`.
    fn values(&mut self, v: &Spanned<Node>, max: usize) -> Option<Vec<String>> {
        let text = self.scalar(v)?;
        let Some((a, b)) = text.split_once("..") else {
            return Some(vec![text]);
        };
        match (a.trim().parse::<i64>(), b.trim().parse::<i64>()) {
            (Ok(a), Ok(b)) if a <= b && (b - a) < max as i64 => {
                Some((a..=b).map(|n| n.to_string()).collect())
            }
            _ => {
                let d = self.error(v, SpecError::FamilyRange { text: text.clone() });
                d.expected = Some(format!(
                    "two whole numbers, the first no larger, at most {max} apart: `0..9`"
                ));
                d.found = Some(format!("`{text}`"));
                None
            }
        }
    }

    /// One member per row; every row names the same variables.
    fn rows(&mut self, rows: &[Spanned<Node>]) -> Option<Vec<Bindings>> {
        let mut out: Vec<Bindings> = Vec::new();
        for row in rows {
            let Node::Map(entries) = &row.value else {
                return None;
            };
            let mut b = Vec::new();
            for (key, value) in entries {
                b.push((self.variable(key)?, self.scalar(value)?));
            }
            if let Some(first) = out.first() {
                let names = |b: &Bindings| b.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
                if names(first) != names(&b) {
                    let d = self.error(row, SpecError::FamilyRowsDiffer);
                    d.expected = Some(format!(
                        "the variables of the first row: {}",
                        names(first).join(", ")
                    ));
                    d.found = Some(names(&b).join(", "));
                    return None;
                }
            }
            out.push(b);
        }
        Some(out)
    }

    /// The wager with the member's values in every text, and its families
    /// of events expanded; whether it had any.
    fn wager(
        &mut self,
        w: &RawWager,
        b: &Bindings,
        family: bool,
        node: Option<&Spanned<Node>>,
    ) -> (RawWager, bool) {
        let mut out = w.clone();
        sub(&mut out.id, b);
        out.name = substitute(&out.name, b).0;
        out.description = out.description.map(|d| substitute(&d, b).0);
        if let Some(p) = &mut out.precedence {
            sub(p, b);
        }
        if let Some(p) = &mut out.placed {
            sub(p, b);
        }
        let event_nodes = items(node.and_then(|n| field(Some(n), "events")));
        // Per family of events: its id as written (the wager's values in)
        // and its members' ids and values.
        let mut families: Vec<(String, Vec<(String, Bindings)>)> = Vec::new();
        out.events = Vec::new();
        for (j, e) in w.events.iter().enumerate() {
            let each = event_nodes.get(j).and_then(|n| field(Some(n), "each"));
            match self.members(each, "events", MAX_EVENTS) {
                None => out.events.push(event(e, b.clone(), family)),
                Some(members) => {
                    let template = substitute(&e.id.value, b).0;
                    let mut ids = Vec::new();
                    for m in members {
                        let mut all = b.clone();
                        all.extend(m);
                        let member = event(e, all.clone(), true);
                        ids.push((member.id.value.clone(), all));
                        out.events.push(member);
                    }
                    families.push((template, ids));
                }
            }
        }
        for t in &mut out.pay_tables {
            sub(&mut t.id, b);
            t.name = t.name.as_ref().map(|n| substitute(n, b).0);
            if let Some(a) = &mut t.assumed {
                sub(a, b);
            }
            let mut pays = Vec::new();
            for (key, pay) in std::mem::take(&mut t.pays.0) {
                let written = substitute(&key.value, b).0;
                match families.iter().find(|(id, _)| *id == written) {
                    Some((_, ids)) => {
                        for (id, all) in ids {
                            let mut k = key.clone();
                            k.value = id.clone();
                            pays.push((k, pay_of(&pay, all)));
                        }
                    }
                    None => {
                        let mut k = key;
                        k.value = written;
                        pays.push((k, pay_of(&pay, b)));
                    }
                }
            }
            t.pays.0 = pays;
        }
        (out, !families.is_empty())
    }

    /// Refuses a `{name}` left in a member's texts: no family in scope
    /// declares `name`.
    fn leftovers(&mut self, w: &RawWager) {
        let mut texts: Vec<&S<String>> = vec![&w.id];
        texts.extend(w.placed.iter());
        for e in &w.events {
            texts.extend([&e.id, &e.when]);
        }
        for t in &w.pay_tables {
            texts.push(&t.id);
            texts.extend(t.pays.0.iter().map(|(k, _)| k));
        }
        for text in texts {
            if let Some(name) = unbound(&text.value) {
                let mut known: Vec<String> = Vec::new();
                let members = w
                    .member
                    .iter()
                    .chain(w.events.iter().flat_map(|e| &e.member));
                for (k, _) in members.flat_map(|m| &m.bindings) {
                    let k = format!("`{k}`");
                    if !known.contains(&k) {
                        known.push(k);
                    }
                }
                let kind = SpecError::FamilyVariableUnknown {
                    name: name.to_string(),
                };
                let width = text.value.chars().count().max(1);
                let pos = self.src.at(&text.referenced, width);
                let mut d = Diagnostic::new(pos, kind);
                d.expected = Some(if known.is_empty() {
                    "a variable its `each` declares".into()
                } else {
                    format!("one of {}", known.join(", "))
                });
                d.found = Some(format!("`{{{name}}}` in `{}`", text.value));
                self.diags.push(d);
                return;
            }
        }
    }
}

/// An event with the values in its texts; `family` when it is a member of
/// one (its own or its wager's).
fn event(e: &RawEvent, b: Bindings, family: bool) -> RawEvent {
    let mut out = e.clone();
    sub(&mut out.id, &b);
    out.name = substitute(&out.name, &b).0;
    sub(&mut out.when, &b);
    out.member = family.then(|| Member {
        written: Some(e.when.value.clone()),
        bindings: b,
    });
    out
}

fn sub(text: &mut S<String>, b: &Bindings) {
    text.value = substitute(&text.value, b).0;
}

fn pay_of(pay: &S<RawPay>, b: &Bindings) -> S<RawPay> {
    let mut out = pay.clone();
    if let RawPay::Text(t) = &mut out.value {
        *t = substitute(t, b).0;
    }
    out
}

/// A mapping's field.
fn field<'a>(n: Option<&'a Spanned<Node>>, name: &str) -> Option<&'a Spanned<Node>> {
    let Node::Map(entries) = &n?.value else {
        return None;
    };
    entries
        .iter()
        .find(|(k, _)| matches!(&k.value, Node::Str(s) if s == name))
        .map(|(_, v)| v)
}

/// A list's items (none for anything else).
fn items(n: Option<&Spanned<Node>>) -> Vec<&Spanned<Node>> {
    match n.map(|n| &n.value) {
        Some(Node::Seq(xs)) => xs.iter().collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(pairs: &[(&str, &str)]) -> Bindings {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn values_replace_their_names_and_other_braces_stay() {
        let (out, _) = substitute(
            "{hand}.total == {t} and {x}",
            &b(&[("hand", "banker"), ("t", "7")]),
        );
        assert_eq!(out, "banker.total == 7 and {x}");
        assert_eq!(unbound(&out), Some("x"));
        assert_eq!(unbound("a { b } {1}"), None);
    }

    /// An offset in the expanded condition maps to the same character of
    /// the condition as written, or to the `{name}` its value replaced.
    #[test]
    fn offsets_map_back_to_the_condition_as_written() {
        let m = Member {
            bindings: b(&[("hand", "banker"), ("t", "7")]),
            written: Some("{hand}.total == {t} and plyer.wins".into()),
        };
        let (expanded, _) = substitute(m.written.as_deref().unwrap(), &m.bindings);
        assert_eq!(expanded, "banker.total == 7 and plyer.wins");
        let written = m.written.as_deref().unwrap();
        // `plyer` after both values; `.total` after the first; inside a value.
        let at = expanded.find("plyer").unwrap();
        assert_eq!(&written[m.written_offset(at)..][..5], "plyer");
        let at = expanded.find(".total").unwrap();
        assert_eq!(&written[m.written_offset(at)..][..6], ".total");
        assert_eq!(m.written_offset(2), 0, "inside `banker`: at `{{hand}}`");
        assert_eq!(m.written_offset(16), written.find("{t}").unwrap());
    }
}
