//! Where each kind of file writes ids, declaring or naming them: the
//! spec's sections, a game (written out or included), a fixture file. A
//! new field that names an id is one line here.

use super::index::{Builder, Kind};
use super::tree::{Tree, entries, get, items, text};
use crate::spec::node::Node;

use Kind::*;

/// The ids a readings table's `rules:` may name (besides its parts,
/// `game`, `shoe` and the like), and `wager/pay_table`.
const RULES: &[Kind] = &[Wager, Combined, Definition];

fn entries_of(n: Option<&Tree>) -> &[(Tree, Tree)] {
    n.map_or(&[], entries)
}

fn detail<'t>(n: &'t Tree, key: &str) -> &'t str {
    text(get(n, key)).unwrap_or_default()
}

impl Builder<'_> {
    pub(super) fn spec(&mut self, f: usize, top: &Tree) {
        for key in [
            "definitions",
            "wagers",
            "interpretations",
            "assumptions",
            "combined",
            "leaflets",
            "readings",
        ] {
            self.section(f, top, key);
        }
        for (k, v) in entries_of(get(top, "definitions")) {
            self.declare(f, Definition, None, Some(k), detail_text(v), k);
            self.condition(f, Some(v));
        }
        if let Some(g) = get(top, "game") {
            self.game(f, g);
        }
        for w in items(get(top, "wagers")) {
            let Some(wager) = self.declare(f, Wager, None, get(w, "id"), detail(w, "name"), w)
            else {
                continue;
            };
            let owner = Some(wager.as_str());
            self.condition(f, get(w, "placed"));
            for e in items(get(w, "events")) {
                self.declare(f, Event, owner, get(e, "id"), detail(e, "name"), e);
                self.condition(f, get(e, "when"));
            }
            for t in items(get(w, "pay_tables")) {
                self.declare(f, PayTable, owner, get(t, "id"), detail(t, "name"), t);
                for (k, _) in entries_of(get(t, "pays")) {
                    self.refer(f, &[Event], owner, Some(k));
                }
                self.refer(f, &[Assumption], None, get(t, "assumed"));
            }
        }
        for c in items(get(top, "claims"))
            .iter()
            .chain(items(get(top, "published")))
        {
            self.refer_all(f, &[Wager], get(c, "wagers"));
            for w in items(get(c, "wagers")) {
                self.refer(f, &[PayTable], text(Some(w)), get(c, "pay_table"));
            }
            self.refer(f, &[Combined], None, get(c, "combined"));
        }
        for i in items(get(top, "interpretations")) {
            self.declare(
                f,
                Interpretation,
                None,
                get(i, "id"),
                detail(i, "question"),
                i,
            );
            for side in ["chosen", "alternative"] {
                let Some(r) = get(i, side) else { continue };
                self.target(f, r);
                self.refer_all(f, &[Wager, Combined], get(r, "changes"));
                if let Some(g) = get(r, "game") {
                    self.drawing(f, get(g, "drawing"));
                }
            }
        }
        for c in items(get(top, "combined")) {
            self.declare(f, Combined, None, get(c, "id"), detail(c, "name"), c);
            self.refer_all(f, &[Wager], get(c, "wagers"));
            self.refer(f, &[Wager], None, get(c, "per"));
        }
        for s in items(get(top, "pay_searches")) {
            self.refer(f, &[Wager], None, get(s, "wager"));
            for (k, _) in entries_of(get(s, "pays")) {
                self.refer(f, &[Event], text(get(s, "wager")), Some(k));
            }
        }
        if let Some(t) = get(top, "table") {
            for key in ["settlement_order", "line_wagers", "side_bets", "back_line"] {
                self.refer_all(f, &[Wager], get(t, key));
            }
            for (k, _) in entries_of(get(t, "limits")) {
                self.refer(f, &[Wager], None, Some(k));
            }
            for fee in items(get(t, "fees")) {
                self.refer_all(f, &[Wager], get(fee, "wagers"));
            }
        }
        if let Some(s) = get(top, "submission") {
            for key in ["max_bets", "min_bets"] {
                for (k, _) in entries_of(get(s, key)) {
                    self.refer(f, &[Wager], None, Some(k));
                }
            }
        }
        if let Some(r) = get(top, "report") {
            self.refer_all(f, &[Wager], get(r, "protect"));
            for h in items(get(r, "headline")) {
                self.target(f, h);
            }
            if let Some(t) = get(r, "typical_strategy") {
                self.refer(f, &[Strategy], None, get(t, "strategy"));
            }
        }
        for l in items(get(top, "leaflets")) {
            self.declare(f, Leaflet, None, get(l, "id"), detail(l, "title"), l);
            self.refer_all(f, &[Wager], get(l, "wagers"));
        }
        for a in items(get(top, "assumptions")) {
            self.declare(f, Assumption, None, get(a, "id"), detail(a, "choice"), a);
        }
        for r in items(get(top, "readings")) {
            for n in items(get(r, "rules")) {
                self.rule(f, n);
            }
            self.refer_all(f, &[Assumption], get(r, "assumptions"));
            self.refer_all(f, &[Interpretation], get(r, "interpretations"));
        }
    }

    /// `{ wager: W, pay_table: T }` or `{ combined: C }`.
    fn target(&mut self, f: usize, n: &Tree) {
        self.refer(f, &[Wager], None, get(n, "wager"));
        self.refer(f, &[PayTable], text(get(n, "wager")), get(n, "pay_table"));
        self.refer(f, &[Combined], None, get(n, "combined"));
    }

    /// A readings table's rule: `wager/pay_table`, or an id.
    fn rule(&mut self, f: usize, n: &Tree) {
        let Some(v) = text(Some(n)).map(str::to_string) else {
            return;
        };
        match v.split_once('/') {
            Some((w, _)) => {
                self.part(f, &[Wager], false, None, n, &v, 0, w.len());
                self.part(f, &[PayTable], false, Some(w), n, &v, w.len() + 1, v.len());
            }
            None => self.refer(f, RULES, None, Some(n)),
        }
    }

    /// A game: its hands and drawing rules, or the file it includes.
    pub(super) fn game(&mut self, f: usize, g: &Tree) {
        if let Some((gf, top)) = self.include(f, g) {
            self.section(gf, &top, "drawing");
            return self.game(gf, &top);
        }
        for h in items(get(g, "hands")) {
            self.declare(f, Hand, None, Some(h), "", h);
        }
        self.refer_all(f, &[Hand], get(g, "deal"));
        self.drawing(f, get(g, "drawing"));
    }

    fn drawing(&mut self, f: usize, d: Option<&Tree>) {
        for (hand, rule) in entries_of(d) {
            self.refer(f, &[Hand], None, Some(hand));
            let Some(decides) = get(rule, "decides") else {
                continue;
            };
            for s in items(get(decides, "sees")) {
                self.condition(f, Some(s));
            }
            self.refer_all(f, &[Wager], get(decides, "optimal"));
            for (k, v) in entries_of(get(decides, "strategies")) {
                self.declare(f, Strategy, None, Some(k), detail_text(v), k);
                self.condition(f, Some(v));
            }
            self.refer(f, &[Strategy], None, get(decides, "default"));
        }
    }

    pub(super) fn fixture(&mut self, f: usize, top: &Tree) {
        self.section(f, top, "cases");
        let fields = case_fields();
        for c in items(get(top, "cases")) {
            self.declare(f, Case, None, get(c, "name"), detail(c, "source"), c);
            self.refer(f, &[Interpretation], None, get(c, "reading"));
            self.refer(f, &[Strategy], None, get(c, "strategy"));
            for (k, _) in entries(c) {
                if text(Some(k)).is_some_and(|k| !fields.contains(&k)) {
                    self.refer(f, &[Hand], None, Some(k));
                }
            }
            for (k, v) in entries_of(get(c, "expect")) {
                self.expectation(f, k, v);
            }
        }
    }

    /// `wager[.pay_table]: event [pays N]`.
    fn expectation(&mut self, f: usize, key: &Tree, value: &Tree) {
        let Some(target) = text(Some(key)).map(str::to_string) else {
            return;
        };
        let w = target.split('.').next().unwrap_or_default().to_string();
        self.part(f, &[Wager], false, None, key, &target, 0, w.len());
        if target.len() > w.len() {
            self.part(
                f,
                &[PayTable],
                false,
                Some(&w),
                key,
                &target,
                w.len() + 1,
                target.len(),
            );
        }
        let Some(v) = text(Some(value)).map(str::to_string) else {
            return;
        };
        let lead = v.len() - v.trim_start().len();
        let event = v
            .trim_start()
            .split(" pays ")
            .next()
            .unwrap_or_default()
            .trim_end();
        if !matches!(event, "lose" | "push" | "not placed") {
            self.part(
                f,
                &[Event],
                false,
                Some(&w),
                value,
                &v,
                lead,
                lead + event.len(),
            );
        }
    }
}

/// A mapping value's text (a definition's or strategy's condition).
fn detail_text(v: &Tree) -> &str {
    match &v.value {
        Node::Str(s) => s,
        _ => "",
    }
}

/// The keys a fixture case has besides its hands, from the fixture
/// file's shape (`spec::schema::FIXTURE_FILE`).
fn case_fields() -> Vec<&'static str> {
    use crate::spec::schema::{FIXTURE_FILE, Ty};
    let case = FIXTURE_FILE.fields.iter().find(|f| f.name == "cases");
    match case.map(|f| &f.ty) {
        Some(Ty::List(Ty::Struct(s))) => s.fields.iter().map(|f| f.name).collect(),
        _ => Vec::new(),
    }
}
