//! The checker: turns a raw spec into a checked `Spec`, or reports every
//! error it finds, each located in the YAML file.
//!
//! Layer: pipeline stage: check (the layout is in `src/lib.rs`).

mod combined;
pub mod compile;
mod decide;
mod limits;
pub use crate::model::OPTIMAL;
pub mod table;

use crate::diag::spec::SpecError;
use crate::diag::{Diagnostic, ErrorKind};
use crate::expr::{Expr, parse_expr};
use crate::model::cond::Cond;
use crate::model::{
    Claim, FirstRule, Game, Interpretation, Pay, PayTable, Precedence, Ratio, Reading, SecondRule,
    Shoe, Spec, Wager,
};
use crate::spec::raw::{self, RawPay, S};
use crate::spec::{self as spec_loader, SourceFile};
use compile::{CompileError, Env, Value, closest, compile, compile_condition};

/// Loads, parses and checks the spec in `source`.
pub fn check_source(source: &SourceFile) -> Result<Spec, Vec<Diagnostic>> {
    check_loaded(source).map(|(spec, _)| spec)
}

/// Checks the spec in `source`; also every file it included (see
/// `spec::include`), in the order they were read.
fn check_loaded(source: &SourceFile) -> Result<(Spec, Vec<SourceFile>), Vec<Diagnostic>> {
    let spec_loader::Loaded {
        raw,
        game,
        includes,
    } = spec_loader::load(source)?;
    let mut checker = Checker {
        src: source,
        game_src: includes.last().unwrap_or(source),
        diags: Vec::new(),
    };
    let spec = checker.spec(raw, &game);
    let diags = checker.diags;
    match spec {
        Some(spec) if diags.is_empty() => Ok((spec, includes)),
        _ => Err(diags),
    }
}

/// Reads and checks a spec file.
pub fn check_file(path: &str) -> Result<(SourceFile, Spec), Vec<Diagnostic>> {
    check_path(path).map(|c| (c.source, c.spec))
}

/// A checked spec file and the files it included.
pub struct Checked {
    pub source: SourceFile,
    /// Every file the spec included, in the order read (see `spec::include`).
    pub includes: Vec<SourceFile>,
    pub spec: Spec,
}

impl Checked {
    /// The SHA-256 of the spec file, and of each file it included by path:
    /// what a report's manifest and a shard file record of their inputs.
    pub fn input_hashes(&self) -> (String, std::collections::BTreeMap<String, String>) {
        use crate::spec::source::sha256_hex;
        (
            sha256_hex(self.source.text.as_bytes()),
            self.includes
                .iter()
                .map(|f| (f.name.clone(), sha256_hex(f.text.as_bytes())))
                .collect(),
        )
    }
}

/// Reads and checks a spec file, keeping the files it included.
pub fn check_path(path: &str) -> Result<Checked, Vec<Diagnostic>> {
    let source = SourceFile::read(path).map_err(|d| vec![*d])?;
    let (spec, includes) = check_loaded(&source)?;
    Ok(Checked {
        source,
        includes,
        spec,
    })
}

struct Checker<'a> {
    /// The file diagnostics point into: the spec's, or the game file's
    /// while the game is checked.
    src: &'a SourceFile,
    /// The file the game was read from (the spec's own, or an included one).
    game_src: &'a SourceFile,
    diags: Vec<Diagnostic>,
}

fn width_of(s: &str) -> usize {
    s.chars().count().max(1)
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

impl<'a> Checker<'a> {
    /// Runs `f` with diagnostics pointing into the game's file.
    fn in_game<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let spec = std::mem::replace(&mut self.src, self.game_src);
        let out = f(self);
        self.src = spec;
        out
    }

    fn error<T>(&mut self, at: &S<T>, width: usize, kind: impl Into<ErrorKind>) -> &mut Diagnostic {
        let pos = self.src.at(&at.referenced, width);
        self.diags.push(Diagnostic::new(pos, kind));
        self.diags.last_mut().expect("just pushed")
    }

    fn string_error(&mut self, at: &S<String>, kind: impl Into<ErrorKind>) -> &mut Diagnostic {
        let w = width_of(&at.value);
        self.error(at, w, kind)
    }

    fn compile_error(&mut self, at: &S<String>, e: CompileError) {
        let pos = self.src.within_scalar(
            &at.referenced,
            &at.value,
            e.span.start,
            e.span.end.saturating_sub(e.span.start),
        );
        let mut d = Diagnostic::new(pos, e.kind);
        d.expected = e.expected;
        d.found = e.found;
        d.help = e.help;
        self.diags.push(d);
    }

    /// Parses an expression; a syntax error (or nesting too deep) is recorded.
    fn parse(&mut self, text: &S<String>) -> Option<Expr> {
        match parse_expr(&text.value) {
            Ok(ast) => Some(ast),
            Err(e) => {
                let mut err = CompileError::new(e.span, e.kind).expected(e.expected, e.found);
                err.help = e.help;
                self.compile_error(text, err);
                None
            }
        }
    }

    /// Parses and compiles an expression; any error is recorded.
    fn value(&mut self, text: &S<String>, env: &Env) -> Option<Value> {
        let ast = self.parse(text)?;
        match compile(&ast, env) {
            Ok(v) => Some(v),
            Err(e) => {
                self.compile_error(text, *e);
                None
            }
        }
    }

    fn condition(&mut self, text: &S<String>, env: &Env) -> Option<Cond> {
        let ast = self.parse(text)?;
        match compile_condition(&ast, env) {
            Ok(c) => Some(c),
            Err(e) => {
                self.compile_error(text, *e);
                None
            }
        }
    }

    /// The index of wager `id` among `ids`; an unknown one is reported with
    /// the nearest known name.
    fn wager_index(&mut self, id: &S<String>, ids: &[&str]) -> Option<usize> {
        let k = ids.iter().position(|w| *w == id.value);
        if k.is_none() {
            let name = id.value.clone();
            let d = self.string_error(id, SpecError::UnknownWager { name });
            d.expected = Some(format!("one of {}", crate::diag::list(ids)));
            d.found = Some(format!("`{}`", id.value));
            if let Some(s) = closest(&id.value, ids) {
                d.help = Some(format!("did you mean `{s}`?"));
            }
        }
        k
    }

    /// Checks a printed house edge such as `"6.1%"`; reports it if invalid.
    fn printed_edge(&mut self, at: &S<String>) -> bool {
        let printed = at.value.trim();
        let number = printed.strip_suffix('%').map(str::trim);
        let valid = number
            .and_then(|n| Ratio::parse(n.trim_start_matches('-')))
            .is_some();
        if !valid {
            let kind = SpecError::InvalidPrintedEdge {
                printed: printed.to_string(),
            };
            let d = self.string_error(at, kind);
            d.expected = Some("a percentage such as `\"6.1%\"`".into());
            d.found = Some(format!("`{printed}`"));
        }
        valid
    }

    fn identifier(&mut self, id: &S<String>, what: &'static str) {
        if !is_identifier(&id.value) {
            let kind = SpecError::InvalidId {
                what,
                id: id.value.clone(),
            };
            let d = self.string_error(id, kind);
            d.expected = Some("lower-case letters, digits and `_`, starting with a letter".into());
            d.found = Some(format!("`{}`", id.value));
        }
    }

    fn spec(&mut self, raw: raw::RawSpec, raw_game: &raw::RawGame) -> Option<Spec> {
        if !self.within_limits(&raw) {
            return None;
        }
        self.identifier(&raw.id, "spec");
        let shoe = self.shoe(&raw.shoe);
        let document_decks = shoe
            .as_ref()
            .and_then(|sh| self.document_decks(&raw.shoe, sh));
        let game = self.in_game(|c| c.game(raw_game))?;
        let hands = game.hands.clone();
        let mut definitions: Vec<(String, Value)> = Vec::new();
        for (name, text) in &raw.definitions.0 {
            self.identifier(name, "definition");
            let env = Env {
                hands: &hands,
                naturals: game.naturals,
                definitions: &definitions,
            };
            if let Some(v) = self.value(text, &env) {
                definitions.push((name.value.clone(), v));
            }
        }
        let env = Env {
            hands: &hands,
            naturals: game.naturals,
            definitions: &definitions,
        };
        let mut game = self.in_game(|c| c.strategies(raw_game, game, &env));
        let mut wagers: Vec<Wager> = Vec::new();
        for w in &raw.wagers {
            if wagers.iter().any(|x| x.id == w.id.value) {
                let id = w.id.value.clone();
                self.string_error(&w.id, SpecError::DuplicateWagerId { id });
            }
            if let Some(w) = self.wager(w, &env) {
                wagers.push(w);
            }
        }
        let claims = raw
            .claims
            .iter()
            .filter_map(|c| self.claim(c, &raw.wagers, &raw.combined))
            .collect();
        let interpretations = raw
            .interpretations
            .iter()
            .filter_map(|i| self.interpretation(i, &raw.wagers))
            .collect();
        self.in_game(|c| c.objective(raw_game, &mut game, &wagers, &raw.wagers));
        let combined = raw
            .combined
            .iter()
            .filter_map(|c| self.combined(c, &wagers))
            .collect();
        let pay_searches = raw
            .pay_searches
            .iter()
            .filter_map(|p| self.pay_search(p, &wagers))
            .collect();
        let table = raw.table.as_ref().and_then(|t| self.table(t, &raw.wagers));
        let assumptions = self.assumptions(&raw);
        let readings = self.readings(&raw);
        Some(Spec {
            id: raw.id.value.clone(),
            title: raw.title,
            version: raw.version,
            document: raw.source.document,
            section: raw.source.section,
            shoe: shoe?,
            game,
            wagers,
            claims,
            interpretations,
            combined,
            pay_searches,
            table,
            submission: raw
                .submission
                .map(|r| crate::model::Submission {
                    submitter: r.submitter,
                    jurisdiction: r.jurisdiction,
                    game_id: r.game_id,
                })
                .unwrap_or_default(),
            document_decks,
            assumptions,
            readings,
        })
    }

    /// The deck counts the document names: within the allowed range, each
    /// once, the default among them; or none, with the default explained.
    fn document_decks(
        &mut self,
        s: &raw::RawShoe,
        shoe: &Shoe,
    ) -> Option<crate::model::DocumentDecks> {
        let doc = s.document_decks.as_ref()?;
        let (min, max) = (shoe.min_decks, shoe.max_decks);
        let mut counts = Vec::new();
        let mut ok = true;
        for c in &doc.value.counts.value {
            let found = c.value.to_string();
            if c.value < min as i64 || c.value > max as i64 {
                let kind = SpecError::DocumentDecksOutOfRange {
                    decks: c.value,
                    min,
                    max,
                };
                let d = self.error(c, width_of(&found), kind);
                d.expected = Some(format!(
                    "a whole number from {min} to {max} (`allowed_decks`)"
                ));
                d.found = Some(found);
                ok = false;
            } else if counts.contains(&(c.value as u32)) {
                let kind = SpecError::DocumentDecksTwice { decks: c.value };
                self.error(c, width_of(&found), kind);
                ok = false;
            } else {
                counts.push(c.value as u32);
            }
        }
        if !ok {
            return None;
        }
        counts.sort_unstable();
        if counts.is_empty() && doc.value.default_because.is_none() {
            let d = self.error(&doc.value.counts, 1, SpecError::DefaultUnexplained);
            d.expected = Some("`default_because:` with the reason for the default count".into());
            return None;
        }
        if !counts.is_empty() && !counts.contains(&shoe.decks) {
            let found = s.decks.value.to_string();
            let kind = SpecError::DefaultNotNamed {
                decks: shoe.decks,
                counts: counts.clone(),
            };
            let list: Vec<String> = counts.iter().map(u32::to_string).collect();
            let d = self.error(&s.decks, width_of(&found), kind);
            d.expected = Some(format!(
                "one of {} (`document_decks`)",
                crate::diag::list(&list)
            ));
            d.found = Some(found);
            return None;
        }
        Some(crate::model::DocumentDecks {
            counts,
            source: doc.value.source.clone(),
            default_because: doc.value.default_because.clone(),
        })
    }

    /// Each assumption must quote the document and say where: a choice the
    /// examiner cannot find in the document is not a reading of it. Pay
    /// tables resting on an assumption must name one that exists.
    fn assumptions(&mut self, raw: &raw::RawSpec) -> Vec<crate::model::Assumption> {
        let mut out: Vec<crate::model::Assumption> = Vec::new();
        for a in &raw.assumptions {
            self.identifier(&a.id, "assumption");
            let id = a.id.value.clone();
            if out.iter().any(|x| x.id == id) {
                self.string_error(&a.id, SpecError::DuplicateAssumptionId { id: id.clone() });
            }
            let Some(src) = &a.source else {
                self.string_error(&a.id, SpecError::AssumptionWithoutSource { id })
                    .help = Some("add `source: { at: \"item 4\", quote: \"...\" }`".into());
                continue;
            };
            let text = |t: &Option<S<String>>| {
                t.as_ref()
                    .map(|x| x.value.trim().to_string())
                    .filter(|x| !x.is_empty())
            };
            let (at, quote) = (text(&src.value.at), text(&src.value.quote));
            if at.is_none() {
                self.error(src, 1, SpecError::AssumptionUnlocated { id: id.clone() })
                    .help = Some("add `at:` naming the section or item, e.g. `\"item 4\"`".into());
            }
            if quote.is_none() {
                self.error(src, 1, SpecError::AssumptionUnquoted { id: id.clone() })
                    .help = Some("add `quote:` with the document's words as printed".into());
            }
            if let (Some(at), Some(quote)) = (at, quote) {
                out.push(crate::model::Assumption {
                    id,
                    document: src
                        .value
                        .document
                        .clone()
                        .unwrap_or_else(|| raw.source.document.clone()),
                    at,
                    quote,
                    choice: a.choice.trim().to_string(),
                    why: a.why.trim().to_string(),
                });
            }
        }
        let ids: Vec<&str> = raw
            .assumptions
            .iter()
            .map(|a| a.id.value.as_str())
            .collect();
        for t in raw.wagers.iter().flat_map(|w| &w.pay_tables) {
            if let Some(name) = &t.assumed {
                self.known(name, &ids, |name| SpecError::UnknownAssumption { name });
            }
        }
        out
    }

    /// Reports `name` unless it is one of `known`, with the nearest name.
    fn known(&mut self, name: &S<String>, known: &[&str], kind: fn(String) -> SpecError) -> bool {
        if known.contains(&name.value.as_str()) {
            return true;
        }
        let d = self.string_error(name, kind(name.value.clone()));
        d.expected = Some(if known.is_empty() {
            "nothing: the spec declares none".into()
        } else {
            format!("one of {}", crate::diag::list(known))
        });
        d.found = Some(format!("`{}`", name.value));
        if let Some(s) = closest(&name.value, known) {
            d.help = Some(format!("did you mean `{s}`?"));
        }
        false
    }

    /// The readings table: every reference names something in the spec,
    /// every item is read once and each row says how it is read.
    fn readings(&mut self, raw: &raw::RawSpec) -> Vec<crate::model::ItemReading> {
        let mut parts: Vec<String> = vec!["game".into(), "shoe".into()];
        if raw.table.is_some() {
            parts.push("table".into());
        }
        if !raw.claims.is_empty() {
            parts.push("claims".into());
        }
        if !raw.pay_searches.is_empty() {
            parts.push("pay_searches".into());
        }
        for w in &raw.wagers {
            parts.push(w.id.value.clone());
            for t in &w.pay_tables {
                parts.push(format!("{}/{}", w.id.value, t.id.value));
            }
        }
        parts.extend(raw.combined.iter().map(|c| c.id.value.clone()));
        parts.extend(raw.definitions.0.iter().map(|(k, _)| k.value.clone()));
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let assumptions: Vec<&str> = raw
            .assumptions
            .iter()
            .map(|a| a.id.value.as_str())
            .collect();
        let interpretations: Vec<&str> = raw
            .interpretations
            .iter()
            .map(|i| i.id.value.as_str())
            .collect();
        let mut out: Vec<crate::model::ItemReading> = Vec::new();
        for r in &raw.readings {
            let item = r.item.value.trim().to_string();
            if out.iter().any(|x| x.item == item) {
                self.string_error(&r.item, SpecError::ReadingItemTwice { item: item.clone() });
            }
            let mut names = |list: &Option<S<Vec<S<String>>>>,
                             known: &[&str],
                             kind: fn(String) -> SpecError| {
                let mut v = Vec::new();
                for n in list.iter().flat_map(|l| &l.value) {
                    if self.known(n, known, kind) {
                        v.push(n.value.clone());
                    }
                }
                v
            };
            let rules = names(&r.rules, &parts, |name| SpecError::UnknownRuleRef { name });
            let assumed = names(&r.assumptions, &assumptions, |name| {
                SpecError::UnknownAssumption { name }
            });
            let interpreted = names(&r.interpretations, &interpretations, |name| {
                SpecError::UnknownInterpretation { name }
            });
            let listed =
                |l: &Option<S<Vec<S<String>>>>| l.as_ref().is_some_and(|l| !l.value.is_empty());
            let why = r
                .not_modelled
                .as_ref()
                .map(|w| w.trim().to_string())
                .filter(|w| !w.is_empty());
            if !listed(&r.rules)
                && !listed(&r.assumptions)
                && !listed(&r.interpretations)
                && why.is_none()
            {
                self.string_error(&r.item, SpecError::ReadingNamesNothing { item: item.clone() })
                    .help = Some("name the `rules`, `assumptions` or `interpretations` that read it, or say in `not_modelled` why nothing does".into());
            }
            out.push(crate::model::ItemReading {
                item,
                says: r.says.as_ref().map(|s| s.trim().to_string()),
                rules,
                assumptions: assumed,
                interpretations: interpreted,
                not_modelled: why,
                note: r.note.as_ref().map(|s| s.trim().to_string()),
            });
        }
        out
    }

    fn shoe(&mut self, s: &raw::RawShoe) -> Option<Shoe> {
        let range = &s.allowed_decks;
        let (min, max) = match range.value.as_slice() {
            [a, b] if 1 <= *a && a <= b && *b <= 64 => (*a as u32, *b as u32),
            _ => {
                let found = format!("{:?}", range.value);
                let kind = SpecError::InvalidDeckRange {
                    range: range.value.clone(),
                };
                let d = self.error(range, 1, kind);
                d.expected = Some("`[min, max]` with 1 <= min <= max <= 64".into());
                d.found = Some(found);
                return None;
            }
        };
        let d = s.decks.value;
        if d < min as i64 || d > max as i64 {
            let found = d.to_string();
            let kind = if d < 1 {
                SpecError::DecksNotPositive { decks: d }
            } else {
                SpecError::DecksOutOfRange { decks: d, min, max }
            };
            let diag = self.error(&s.decks, width_of(&found), kind);
            diag.expected = Some(format!("a whole number from {min} to {max}"));
            diag.found = Some(found);
            return None;
        }
        Some(Shoe {
            decks: d as u32,
            min_decks: min,
            max_decks: max,
        })
    }

    fn totals_mask(&mut self, list: &S<Vec<i64>>, what: &'static str) -> Option<u16> {
        let mut mask = 0u16;
        for &t in &list.value {
            if !(0..=9).contains(&t) {
                let kind = SpecError::TotalOutOfRange {
                    list: what,
                    total: t,
                };
                let diag = self.error(list, 1, kind);
                diag.expected = Some("totals from 0 to 9".into());
                diag.found = Some(t.to_string());
                return None;
            }
            mask |= 1 << t;
        }
        Some(mask)
    }

    fn game(&mut self, g: &raw::RawGame) -> Option<Game> {
        let names: Vec<String> = g.hands.value.iter().map(|h| h.value.clone()).collect();
        if names.len() != 2 || names[0] == names[1] {
            let diag = self.error(&g.hands, 1, SpecError::NotTwoHands);
            diag.expected = Some("two different hand names, e.g. `[player, banker]`".into());
            diag.found = Some(format!("{names:?}"));
            return None;
        }
        for h in &g.hands.value {
            self.identifier(h, "hand");
            let reserved = compile::GLOBALS.contains(&h.value.as_str())
                || crate::cards::RANK_NAMES.contains(&h.value.as_str())
                || crate::cards::SUIT_NAMES.contains(&h.value.as_str());
            if reserved {
                let name = h.value.clone();
                self.string_error(h, SpecError::ReservedName { name });
            }
        }
        let hands = [names[0].clone(), names[1].clone()];
        let mut deal = [0u8; 4];
        let mut per_hand = [0; 2];
        if g.deal.value.len() != 4 {
            let cards = g.deal.value.len();
            let diag = self.error(&g.deal, 1, SpecError::DealNotFourCards { cards });
            diag.expected = Some("four hand names".into());
            diag.found = Some(format!("{} entries", g.deal.value.len()));
        }
        for (i, h) in g.deal.value.iter().enumerate().take(4) {
            match hands.iter().position(|x| *x == h.value) {
                Some(k) => {
                    deal[i] = k as u8;
                    per_hand[k] += 1;
                }
                None => {
                    let hand = h.value.clone();
                    self.string_error(h, SpecError::UnknownDealHand { hand })
                        .expected = Some(format!("one of {}", crate::diag::list(&hands)));
                }
            }
        }
        if per_hand != [2, 2] && g.deal.value.len() == 4 {
            self.error(&g.deal, 1, SpecError::UnevenDeal);
        }
        let naturals = self.totals_mask(&g.naturals, "naturals").unwrap_or(0);
        let mut rules: [Option<&S<raw::RawDrawRule>>; 2] = [None, None];
        for (name, rule) in &g.drawing.0 {
            match hands.iter().position(|x| *x == name.value) {
                Some(k) if rules[k].is_none() => rules[k] = Some(rule),
                Some(_) => {
                    let hand = name.value.clone();
                    self.string_error(name, SpecError::TwoDrawingRules { hand });
                }
                None => {
                    let hand = name.value.clone();
                    self.string_error(name, SpecError::DrawingRuleForUnknownHand { hand })
                        .expected = Some(format!("one of {}", crate::diag::list(&hands)));
                }
            }
        }
        let [Some(r0), Some(r1)] = rules else {
            let hand = hands[rules.iter().position(Option::is_none)?].clone();
            self.error(&g.hands, 1, SpecError::NoDrawingRule { hand });
            return None;
        };
        let first = self.first_rule(r0)?;
        let second = self.second_rule(r1, naturals)?;
        Some(Game {
            hands,
            deal,
            naturals,
            first,
            second,
        })
    }

    fn first_rule(&mut self, r: &S<raw::RawDrawRule>) -> Option<FirstRule> {
        let v = &r.value;
        if v.when_other_stands.is_some() || v.when_other_draws.is_some() {
            self.error(r, 1, SpecError::FirstHandFollows);
            return None;
        }
        match (&v.draws_on, &v.decides) {
            (Some(t), None) => self.totals_mask(t, "draws_on").map(FirstRule::Totals),
            // Strategies are compiled once definitions are known.
            (None, Some(_)) => Some(FirstRule::Decides(crate::model::Decides {
                strategies: Vec::new(),
                default: 0,
                sees: Vec::new(),
                objective: Vec::new(),
            })),
            _ => {
                self.error(r, 1, SpecError::FirstRuleAmbiguous);
                None
            }
        }
    }

    fn second_rule(&mut self, r: &S<raw::RawDrawRule>, naturals: u16) -> Option<SecondRule> {
        let v = &r.value;
        if v.decides.is_some() {
            self.error(r, 1, SpecError::SecondHandDecides);
            return None;
        }
        if let Some(t) = &v.draws_on {
            if v.when_other_stands.is_some() || v.when_other_draws.is_some() {
                self.error(r, 1, SpecError::DrawsOnAndChart);
                return None;
            }
            // Draws on these totals whatever the first hand's third card was.
            let m = self.totals_mask(t, "draws_on")?;
            let row = |total: usize| if m & (1 << total) != 0 { 0x3ff } else { 0 };
            return Some(SecondRule {
                when_other_stands: m,
                when_other_draws: std::array::from_fn(row),
            });
        }
        let (Some(stands), Some(chart)) = (&v.when_other_stands, &v.when_other_draws) else {
            self.error(r, 1, SpecError::SecondRuleIncomplete);
            return None;
        };
        let stands = self.totals_mask(stands, "when_other_stands")?;
        let mut draws = [0u16; 10];
        let mut seen = 0u16;
        for (key, row) in &chart.0 {
            let total = match key.value.trim().parse::<u8>() {
                Ok(t) if t <= 9 => t,
                _ => {
                    let row = key.value.clone();
                    let d = self.string_error(key, SpecError::ChartRowNotATotal { row });
                    d.expected = Some("a total from 0 to 9".into());
                    d.found = Some(format!("`{}`", key.value));
                    continue;
                }
            };
            if seen & (1 << total) != 0 {
                self.string_error(key, SpecError::ChartRowTwice { total });
            }
            seen |= 1 << total;
            let cells: Vec<char> = row.value.chars().filter(|c| !c.is_whitespace()).collect();
            let bad = cells.iter().find(|c| !matches!(c, 'H' | 'S'));
            if cells.len() != 10 || bad.is_some() {
                let found = format!("`{}`", row.value);
                let d = self.string_error(row, SpecError::ChartRowCells { total });
                d.expected = Some("ten letters H or S".into());
                d.found = Some(found);
                continue;
            }
            for (v, c) in cells.iter().enumerate() {
                if *c == 'H' {
                    draws[total as usize] |= 1 << v;
                }
            }
        }
        // Every total that can face a drawing first hand needs a row.
        for total in 0..10u16 {
            if naturals & (1 << total) == 0 && seen & (1 << total) == 0 {
                let kind = SpecError::ChartRowMissing { total };
                let d = match chart.0.first() {
                    Some((key, _)) => self.string_error(key, kind),
                    None => self.error(r, 1, kind),
                };
                d.help = Some("naturals need no row; every other total does".into());
            }
        }
        Some(SecondRule {
            when_other_stands: stands,
            when_other_draws: draws,
        })
    }

    fn wager(&mut self, w: &raw::RawWager, env: &Env) -> Option<Wager> {
        self.identifier(&w.id, "wager");
        let precedence = match w.precedence.as_ref().map(|p| p.value.as_str()) {
            None | Some("highest_pay") => Precedence::HighestPay,
            Some("listed_order") => Precedence::ListedOrder,
            Some(other) => {
                let other = other.to_string();
                let p = w.precedence.as_ref()?;
                let kind = SpecError::UnknownPrecedence {
                    precedence: other.clone(),
                };
                let d = self.string_error(p, kind);
                d.expected = Some("`highest_pay` or `listed_order`".into());
                d.found = Some(format!("`{other}`"));
                Precedence::HighestPay
            }
        };
        let mut events = Vec::new();
        let mut ok = true;
        let placed = match &w.placed {
            Some(text) => match self.condition(text, env) {
                Some(c) => Some(crate::model::Placed {
                    source: text.value.clone(),
                    needs: c.needs(),
                    when: c,
                }),
                None => {
                    ok = false;
                    None
                }
            },
            None => None,
        };
        for e in &w.events {
            self.identifier(&e.id, "event");
            if w.events.iter().filter(|x| x.id.value == e.id.value).count() > 1
                && w.events.iter().position(|x| x.id.value == e.id.value)
                    != w.events.iter().position(|x| std::ptr::eq(x, e))
            {
                let kind = SpecError::DuplicateEventId {
                    event: e.id.value.clone(),
                    wager: w.id.value.clone(),
                };
                self.string_error(&e.id, kind);
            }
            match self.condition(&e.when, env) {
                Some(c) => events.push(crate::model::Event {
                    id: e.id.value.clone(),
                    name: e.name.clone(),
                    source: e.when.value.clone(),
                    needs: c.needs(),
                    when: c,
                }),
                None => ok = false,
            }
        }
        if w.events.is_empty() {
            let wager = w.id.value.clone();
            self.string_error(&w.id, SpecError::NoEvents { wager });
        }
        if w.pay_tables.is_empty() {
            let wager = w.id.value.clone();
            self.string_error(&w.id, SpecError::NoPayTables { wager });
        }
        let event_ids: Vec<&str> = w.events.iter().map(|e| e.id.value.as_str()).collect();
        let mut priced = vec![0usize; event_ids.len()];
        let mut tables = Vec::new();
        for t in &w.pay_tables {
            self.identifier(&t.id, "pay table");
            if w.pay_tables
                .iter()
                .filter(|x| x.id.value == t.id.value)
                .count()
                > 1
                && !std::ptr::eq(w.pay_tables.iter().find(|x| x.id.value == t.id.value)?, t)
            {
                let table = t.id.value.clone();
                self.string_error(&t.id, SpecError::DuplicatePayTableId { table });
            }
            let mut pays: Vec<Option<Pay>> = vec![None; event_ids.len()];
            for (event, pay) in &t.pays.0 {
                let Some(k) = event_ids.iter().position(|e| *e == event.value) else {
                    let kind = SpecError::UnknownEvent {
                        table: t.id.value.clone(),
                        event: event.value.clone(),
                        wager: w.id.value.clone(),
                    };
                    let d = self.string_error(event, kind);
                    d.expected = Some(format!("one of {}", crate::diag::list(&event_ids)));
                    d.found = Some(format!("`{}`", event.value));
                    if let Some(s) = closest(&event.value, &event_ids) {
                        d.help = Some(format!("did you mean `{s}`?"));
                    }
                    continue;
                };
                if pays[k].is_some() {
                    let kind = SpecError::EventPricedTwice {
                        event: event.value.clone(),
                    };
                    self.string_error(event, kind);
                }
                pays[k] = self.pay(pay);
                priced[k] += 1;
            }
            tables.push((t, pays));
        }
        for (k, e) in w.events.iter().enumerate() {
            if priced[k] == 0 {
                let event = e.id.value.clone();
                let d = self.string_error(&e.id, SpecError::EventUnpriced { event });
                d.help = Some("add it to every pay table (`lose` if it does not pay there) or remove the event".into());
            } else {
                for (t, pays) in &tables {
                    if pays[k].is_none() && t.pays.0.iter().all(|(ev, _)| ev.value != e.id.value) {
                        let id = t.id.clone();
                        let kind = SpecError::TableMissesEvent {
                            table: id.value.clone(),
                            event: e.id.value.clone(),
                        };
                        let d = self.string_error(&id, kind);
                        d.help = Some(
                            "price every event in every table; write `lose` where it does not pay"
                                .into(),
                        );
                    }
                }
            }
        }
        let pay_tables: Vec<PayTable> = tables
            .into_iter()
            .map(|(t, pays)| PayTable {
                id: t.id.value.clone(),
                name: t.name.clone().unwrap_or_else(|| t.id.value.clone()),
                pays: pays.into_iter().map(|p| p.unwrap_or(Pay::Lose)).collect(),
                assumed: t.assumed.as_ref().map(|a| a.value.clone()),
            })
            .collect();
        ok.then(|| Wager {
            id: w.id.value.clone(),
            name: w.name.clone(),
            description: w.description.clone(),
            placed,
            precedence,
            events,
            pay_tables,
        })
    }

    fn pay(&mut self, p: &S<RawPay>) -> Option<Pay> {
        let text = match &p.value {
            RawPay::Int(n) => n.to_string(),
            // Re-read the literal from the file so 0.95 stays exactly 19/20.
            RawPay::Float(_) => self
                .src
                .token_at(&p.referenced)
                .trim_matches(['"', '\''])
                .to_string(),
            RawPay::Text(t) => t.trim().to_string(),
        };
        let parsed = parse_pay(&text);
        if parsed.is_none() {
            let kind = SpecError::InvalidPay { pay: text.clone() };
            let d = self.error(p, width_of(&text), kind);
            d.expected = Some(
                "a pay \"N to 1\": `8`, `0.95`, `\"3 to 2\"`, `\"3/2\"`, `push` or `lose`".into(),
            );
            d.found = Some(format!("`{text}`"));
            if text.starts_with('-') {
                d.help = Some("a losing event is written `lose`".into());
            }
        }
        parsed
    }

    fn claim(
        &mut self,
        c: &raw::RawClaim,
        wagers: &[raw::RawWager],
        combined: &[raw::RawCombined],
    ) -> Option<Claim> {
        let mut ok = true;
        match (&c.wagers, &c.pay_table, &c.combined) {
            (Some(list), Some(table), None) => {
                for w in &list.value {
                    ok &= self.reading_target(w, Some(table), wagers);
                }
            }
            (None, None, Some(id)) => {
                if !combined.iter().any(|x| x.id.value == id.value) {
                    let ids: Vec<&str> = combined.iter().map(|x| x.id.value.as_str()).collect();
                    let kind = SpecError::UnknownCombined {
                        id: id.value.clone(),
                    };
                    let d = self.string_error(id, kind);
                    d.expected = Some(format!("one of {}", crate::diag::list(&ids)));
                    ok = false;
                }
            }
            _ => {
                self.string_error(&c.house_edge, SpecError::ClaimTarget)
                    .help = Some(
                    "write `wagers: [...]` with `pay_table: ...`, or `combined: <id>` alone".into(),
                );
                return None;
            }
        }
        ok &= self.printed_edge(&c.house_edge);
        let printed = c.house_edge.value.trim();
        ok.then(|| Claim {
            wagers: c
                .wagers
                .iter()
                .flat_map(|l| l.value.iter().map(|w| w.value.clone()))
                .collect(),
            pay_table: c
                .pay_table
                .as_ref()
                .map(|t| t.value.clone())
                .unwrap_or_default(),
            combined: c.combined.as_ref().map(|x| x.value.clone()),
            house_edge: printed.to_string(),
            source: c.source.clone(),
        })
    }

    /// Checks that a wager (and pay table, if given) exists.
    fn reading_target(
        &mut self,
        wager: &S<String>,
        table: Option<&S<String>>,
        wagers: &[raw::RawWager],
    ) -> bool {
        let ids: Vec<&str> = wagers.iter().map(|w| w.id.value.as_str()).collect();
        let Some(w) = wagers.iter().find(|w| w.id.value == wager.value) else {
            let name = wager.value.clone();
            let d = self.string_error(wager, SpecError::UnknownWager { name });
            d.expected = Some(format!("one of {}", crate::diag::list(&ids)));
            d.found = Some(format!("`{}`", wager.value));
            return false;
        };
        if let Some(t) = table
            && !w.pay_tables.iter().any(|p| p.id.value == t.value)
        {
            let tables: Vec<&str> = w.pay_tables.iter().map(|p| p.id.value.as_str()).collect();
            let kind = SpecError::UnknownPayTable {
                wager: w.id.value.clone(),
                table: t.value.clone(),
            };
            let d = self.string_error(t, kind);
            d.expected = Some(format!("one of {}", tables.join(", ")));
            d.found = Some(format!("`{}`", t.value));
            return false;
        }
        true
    }

    fn interpretation(
        &mut self,
        i: &raw::RawInterpretation,
        wagers: &[raw::RawWager],
    ) -> Option<Interpretation> {
        self.identifier(&i.id, "interpretation");
        let a = self.reading_target(&i.chosen.wager, i.chosen.pay_table.as_ref(), wagers);
        let b = self.reading_target(
            &i.alternative.wager,
            i.alternative.pay_table.as_ref(),
            wagers,
        );
        let reading = |r: &raw::RawReading| Reading {
            reading: r.reading.clone(),
            wager: r.wager.value.clone(),
            pay_table: r.pay_table.as_ref().map(|p| p.value.clone()),
        };
        (a && b).then(|| Interpretation {
            id: i.id.value.clone(),
            question: i.question.clone(),
            chosen: reading(&i.chosen),
            alternative: reading(&i.alternative),
        })
    }
}

/// Reads a pay as written: `push`, `lose`, `8`, `0.95`, `3/2` or `3 to 2`.
/// A pay of zero is a push.
pub fn parse_pay(text: &str) -> Option<Pay> {
    let odds = match text.trim() {
        "push" => return Some(Pay::Push),
        "lose" => return Some(Pay::Lose),
        t => match t.split_once(" to ") {
            Some((a, b)) => {
                let (a, b) = (Ratio::parse(a)?, Ratio::parse(b)?);
                if b.num == 0 {
                    return None;
                }
                Ratio::new(a.num * b.den, a.den * b.num)
            }
            None => Ratio::parse(t)?,
        },
    };
    Some(if odds.num == 0 {
        Pay::Push
    } else {
        Pay::Win(odds)
    })
}
