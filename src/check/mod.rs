//! The checker: turns a raw spec into a checked `Spec`, or reports every
//! error it finds, each located in the YAML file.
//!
//! Layer: pipeline stage: check (the layout is in `src/lib.rs`).
//!
//! This file holds the checker's state, the ways it records an error and
//! compiles an expression, and `Checker::spec`, which checks a spec part by
//! part. Each part is checked in a file named for it, as a further
//! `impl Checker` block: `limits` (size limits), `shoe`, `game` (hands,
//! deal, drawing rules), `decide` (the player's decisions and strategies),
//! `wager` (events and pay tables; a pay as written is read by `pay`),
//! `claims` (printed house edges and interpretations; `alternative` checks
//! the spec again under an interpretation's alternative game), `combined` (wagers
//! staked together, pay searches), `table` (the `table:` section) and
//! `readings` (assumptions and the readings table). `compile` type-checks
//! and compiles expressions.

mod alternative;
mod claims;
mod combined;
pub mod compile;
mod decide;
mod game;
mod lab;
mod leaflets;
mod limits;
mod pay;
mod readings;
mod report_plan;
mod shoe;
mod side;
pub mod table;
mod unambiguous;
mod wager;
pub use crate::model::OPTIMAL;
pub use pay::parse_pay;

use crate::diag::closest;
use crate::diag::spec::SpecError;
use crate::diag::{Diagnostic, ErrorKind};
use crate::expr::{Expr, parse_expr};
use crate::model::cond::Cond;
use crate::model::{Ratio, Spec, Wager};
use crate::spec::raw::{self, S};
use crate::spec::{self as spec_loader, SourceFile};
use compile::{CompileError, Env, Value, compile, compile_condition};

/// Loads, parses and checks the spec in `source`.
pub fn check_source(source: &SourceFile) -> Result<Spec, Vec<Diagnostic>> {
    check_loaded(source).map(|(spec, _, _)| spec)
}

/// Checks the spec in `source`; also every file it included (see
/// `spec::include`), in the order they were read, and the spec's texts
/// walked against its rule documents.
fn check_loaded(
    source: &SourceFile,
) -> Result<(Spec, Vec<SourceFile>, crate::trace::Texts), Vec<Diagnostic>> {
    let spec_loader::Loaded {
        raw,
        game,
        includes,
    } = spec_loader::load(source)?;
    let mut checker = Checker {
        src: source,
        game_src: includes.last().unwrap_or(source),
        diags: Vec::new(),
        member: None,
        counted: raw.counted.iter().map(|w| w.id.value.clone()).collect(),
    };
    let mut spec = checker.spec(&raw, &game);
    if let Some(spec) = spec.as_mut().filter(|_| checker.diags.is_empty()) {
        // Only a spec with no error is checked again under its readings'
        // alternative games (an error would be found twice).
        spec.game_interpretations = checker.game_interpretations(&raw, &game);
    }
    let mut diags = checker.diags;
    // The texts against the rule document: quotations, references.
    let mut texts = crate::trace::spec_texts(source, &raw.source.document);
    diags.append(&mut texts.diags);
    match spec {
        Some(spec) if diags.is_empty() => Ok((spec, includes, texts)),
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
    /// The spec's texts as checked against its rule documents (what the
    /// trace keeps of them).
    pub texts: crate::trace::Texts,
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
    let (spec, includes, texts) = check_loaded(&source)?;
    Ok(Checked {
        source,
        includes,
        spec,
        texts,
    })
}

struct Checker<'a> {
    /// The file diagnostics point into: the spec's, or the game file's
    /// while the game is checked.
    src: &'a SourceFile,
    /// The file the game was read from (the spec's own, or an included one).
    game_src: &'a SourceFile,
    diags: Vec<Diagnostic>,
    /// The family member whose condition is being compiled: an error is
    /// placed in the condition as written and names the member.
    member: Option<crate::spec::member::Member>,
    /// The ids of the wagers counted only (no pay table).
    counted: Vec<String>,
}

fn width_of(s: &str) -> usize {
    s.chars().count().max(1)
}

pub(crate) use crate::spec::is_identifier;

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
        // In a family member, the condition as written holds `{name}`
        // where the expanded one holds its value.
        let member = self.member.as_ref().filter(|m| m.written.is_some());
        let (written, start, end) = match member {
            Some(m) => (
                m.written.as_deref().unwrap_or(&at.value),
                m.written_offset(e.span.start),
                m.written_offset(e.span.end),
            ),
            None => (at.value.as_str(), e.span.start, e.span.end),
        };
        let pos = self
            .src
            .within_scalar(&at.referenced, written, start, end.saturating_sub(start));
        let mut d = Diagnostic::new(pos, e.kind);
        d.expected = e.expected;
        d.found = e.found;
        d.help = e.help;
        if let Some(m) = member {
            let of = format!("in the member {}: `{}`", m.describe(), at.value);
            d.found = Some(match d.found.take() {
                Some(f) => format!("{f} ({of})"),
                None => of,
            });
        }
        // A fix's span is in the expanded condition; in a family member the
        // file holds the template, so fixes are proposed for written ones only.
        for (span, text) in e.fixes.into_iter().filter(|_| member.is_none()) {
            // From the span's first character to just past its last, each
            // found in the file (a folded line break may lie between).
            let last = at.value[..span.end.min(at.value.len())]
                .char_indices()
                .next_back()
                .map_or(0, |(i, _)| i);
            let (from, to) = (
                self.src
                    .within_scalar(&at.referenced, &at.value, span.start, 1),
                self.src.within_scalar(&at.referenced, &at.value, last, 1),
            );
            d.propose(crate::diag::Fix {
                line: from.line,
                column: from.column,
                end_line: to.line,
                end_column: to.column + 1,
                text,
            });
        }
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
        if k.is_none() && self.counted.contains(&id.value) {
            let wager = id.value.clone();
            self.string_error(id, SpecError::CountedOnly { wager }).help = Some(
                "only a wager with pay tables has a house edge; give it `pay_tables` to price it"
                    .into(),
            );
        } else if k.is_none() {
            let name = id.value.clone();
            let d = self.string_error(id, SpecError::UnknownWager { name });
            d.expected = Some(format!("one of {}", crate::diag::list(ids)));
            d.found = Some(format!("`{}`", id.value));
            d.offer(ids);
            if let Some(s) = closest(&id.value, ids) {
                d.suggest(s);
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
            let token = self.src.token_at(&at.referenced).to_string();
            let d = self.string_error(at, kind);
            d.expected = Some("a percentage such as `\"6.1%\"`".into());
            d.found = Some(format!("`{printed}`"));
            // A number written without its `%`: the fix adds it, quoted,
            // in place of the value as written (quotes and all).
            if number.is_none() && Ratio::parse(printed.trim_start_matches('-')).is_some() {
                let mut place = d.place();
                place.width = token.chars().count();
                d.fix_at(&place, format!("\"{printed}%\""));
            }
        }
        valid
    }

    fn identifier(&mut self, id: &S<String>, what: &'static str) {
        let chars = id.value.chars().count();
        if chars > crate::limits::MAX_ID_CHARS {
            let kind = SpecError::InvalidId {
                what,
                id: id.value.clone(),
            };
            let d = self.string_error(id, kind);
            d.expected = Some(format!(
                "at most {} characters (report files are named after ids)",
                crate::limits::MAX_ID_CHARS
            ));
            d.found = Some(format!("{chars} characters"));
        } else if !is_identifier(&id.value) {
            let kind = SpecError::InvalidId {
                what,
                id: id.value.clone(),
            };
            let d = self.string_error(id, kind);
            d.expected = Some("lower-case letters, digits and `_`, starting with a letter".into());
            d.found = Some(format!("`{}`", id.value));
        }
    }

    fn spec(&mut self, raw: &raw::RawSpec, raw_game: &raw::RawGame) -> Option<Spec> {
        if !self.within_limits(raw) {
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
        let counted = self.counted_wagers(&raw.counted, &raw.wagers, &env);
        let claims = raw
            .claims
            .iter()
            .filter_map(|c| self.claim(c, &raw.wagers, &raw.combined))
            .collect();
        let interpretations = raw
            .interpretations
            .iter()
            .filter_map(|i| self.interpretation(i, &raw.wagers, &raw.combined))
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
        let assumptions = self.assumptions(raw);
        self.unambiguous(raw);
        let readings = self.readings(raw);
        let published = raw
            .published
            .iter()
            .filter_map(|c| self.claim(c, &raw.wagers, &raw.combined))
            .collect();
        let document_id = self.document_id(&raw.source);
        let leaflets = self.leaflets(&raw.leaflets, &raw.wagers);
        let submission = self.submission(raw.submission.as_ref(), &raw.wagers, table.as_ref());
        let mut report = self.report_plan(raw.report.as_ref());
        self.lab_plan(
            &mut report,
            raw.report.as_ref(),
            &raw.wagers,
            &raw.combined,
            &game,
        );
        Some(Spec {
            id: raw.id.value.clone(),
            title: raw.title.clone(),
            version: raw.version.clone(),
            document: raw.source.document.clone(),
            documents: crate::trace::documents_dir(&self.src.name),
            section: raw.source.section.clone(),
            shoe: shoe?,
            game,
            wagers,
            claims,
            interpretations,
            game_interpretations: Vec::new(),
            combined,
            pay_searches,
            table,
            submission,
            report,
            unambiguous: raw.source.unambiguous.as_ref().map(|u| u.value),
            document_decks,
            assumptions,
            readings,
            document_id,
            published,
            leaflets,
            counted,
        })
    }
}
