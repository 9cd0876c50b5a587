//! The shape of each kind of file (spec, fixture, round), checked over the
//! located YAML tree before serde reads it: so that every missing field is
//! reported at the mapping that lacks it, all in one run, and every value of
//! the wrong kind or number not written as a plain decimal (see
//! `number::plain_decimal`) is refused in the tool's words.
//!
//! The tables mirror the raw structs (`raw.rs`, `table.rs`, `fixtures.rs`,
//! `table/round.rs`): a field is required here exactly when the struct has no
//! `#[serde(default)]` on it. `tests/input_errors.rs` keeps them in step.

use super::SourceFile;
use super::node::Node;
use super::number::{plain_decimal, plain_integer};
use crate::diag::Diagnostic;
use crate::diag::input::InputError;
use serde_saphyr::Spanned;

/// The kind of value a place in a file holds.
#[derive(Debug)]
pub enum Ty {
    /// Any scalar, read as text (`8` under `version:` is the text "8"), at
    /// most `limits::MAX_TEXT_CHARS` characters.
    Text,
    /// A condition in the expression language, read as text: bounded by
    /// the file's size and the parser's nesting limits, not by prose's
    /// length (a chain of 45,000 `and` terms is a valid condition).
    Condition,
    Bool,
    /// A whole number, written as a plain decimal.
    Int,
    /// A pay: a plain decimal number, or text such as `"3 to 2"` or `push`.
    Pay,
    /// An amount of dollars: a plain decimal number, or text such as `"12.50"`.
    Amount,
    List(&'static Ty),
    /// A mapping with keys and values of the given kinds.
    Map(&'static Ty, &'static Ty),
    Struct(&'static Struct),
    /// The mapping written out, or `{ include: FILE }` naming a file that
    /// holds it (see `spec::include`).
    Includable(&'static Struct),
}

/// A mapping with named fields.
#[derive(Debug)]
pub struct Struct {
    /// How the mapping is named in messages: "the shoe", "a wager".
    pub what: &'static str,
    pub fields: &'static [Field],
    /// The kind of value of any other key (a fixture case's hands), or None
    /// when other keys are unknown fields.
    pub others: Option<&'static Ty>,
}

#[derive(Debug)]
pub struct Field {
    pub name: &'static str,
    pub ty: Ty,
    pub required: bool,
}

const fn req(name: &'static str, ty: Ty) -> Field {
    Field {
        name,
        ty,
        required: true,
    }
}

const fn opt(name: &'static str, ty: Ty) -> Field {
    Field {
        name,
        ty,
        required: false,
    }
}

const TEXTS: Ty = Ty::List(&Ty::Text);
const INTS: Ty = Ty::List(&Ty::Int);
const TEXT_MAP: Ty = Ty::Map(&Ty::Text, &Ty::Text);
const CONDITIONS: Ty = Ty::Map(&Ty::Text, &Ty::Condition);
const PAYS: Ty = Ty::Map(&Ty::Text, &Ty::Pay);

pub static SPEC: Struct = Struct {
    what: "the spec",
    fields: &[
        req("id", Ty::Text),
        req("title", Ty::Text),
        req("version", Ty::Text),
        req("source", Ty::Struct(&SOURCE)),
        req("shoe", Ty::Struct(&SHOE)),
        req("game", Ty::Includable(&GAME)),
        opt("definitions", CONDITIONS),
        req("wagers", Ty::List(&Ty::Struct(&WAGER))),
        opt("claims", Ty::List(&Ty::Struct(&CLAIM))),
        opt("interpretations", Ty::List(&Ty::Struct(&INTERPRETATION))),
        opt("combined", Ty::List(&Ty::Struct(&COMBINED))),
        opt("pay_searches", Ty::List(&Ty::Struct(&PAY_SEARCH))),
        opt("table", Ty::Struct(&TABLE)),
        opt("submission", Ty::Struct(&SUBMISSION)),
        opt("report", Ty::Struct(&REPORT_PLAN)),
        opt("leaflets", Ty::List(&Ty::Struct(&LEAFLET))),
        opt("assumptions", Ty::List(&Ty::Struct(&ASSUMPTION))),
        opt("readings", Ty::List(&Ty::Struct(&ITEM_READING))),
        opt("published", Ty::List(&Ty::Struct(&CLAIM))),
    ],
    others: None,
};

static LEAFLET: Struct = Struct {
    what: "a leaflet",
    fields: &[
        req("id", Ty::Text),
        req("title", Ty::Text),
        req("wagers", TEXTS),
    ],
    others: None,
};

static ASSUMPTION: Struct = Struct {
    what: "an assumption",
    fields: &[
        req("id", Ty::Text),
        // Optional here: the checker refuses its absence (SpecError).
        opt("source", Ty::Struct(&ASSUMPTION_SOURCE)),
        req("choice", Ty::Text),
        req("why", Ty::Text),
    ],
    others: None,
};

static ASSUMPTION_SOURCE: Struct = Struct {
    what: "an assumption's source",
    fields: &[
        opt("document", Ty::Text),
        opt("at", Ty::Text),
        opt("quote", Ty::Text),
    ],
    others: None,
};

static ITEM_READING: Struct = Struct {
    what: "a reading of an item",
    fields: &[
        req("item", Ty::Text),
        opt("says", Ty::Text),
        opt("rules", TEXTS),
        opt("assumptions", TEXTS),
        opt("interpretations", TEXTS),
        opt("not_modelled", Ty::Text),
        opt("note", Ty::Text),
    ],
    others: None,
};

static SUBMISSION: Struct = Struct {
    what: "the submission",
    fields: &[
        opt("submitter", Ty::Text),
        opt("jurisdiction", Ty::Text),
        opt("game_id", Ty::Text),
        opt("owner", Ty::Text),
        opt("max_bets", Ty::Map(&Ty::Text, &Ty::Amount)),
        opt("min_bets", Ty::Map(&Ty::Text, &Ty::Amount)),
        opt("edition", Ty::Text),
        opt("payout_limits", Ty::Map(&Ty::Text, &Ty::Amount)),
    ],
    others: None,
};

static REPORT_PLAN: Struct = Struct {
    what: "the report",
    fields: &[
        opt("date", Ty::Text),
        opt("simulate", Ty::Int),
        opt("number", Ty::Text),
        opt("revisions", Ty::List(&Ty::Struct(&REVISION))),
        opt("headline", Ty::List(&Ty::Struct(&HEADLINE))),
        opt("typical_strategy", Ty::Struct(&TYPICAL)),
        opt("protect", Ty::List(&Ty::Text)),
        opt("rounds_per_hour", Ty::Int),
        opt("bets_after_cards_seen", Ty::List(&Ty::Text)),
    ],
    others: None,
};

static REVISION: Struct = Struct {
    what: "a revision",
    fields: &[
        req("revision", Ty::Text),
        req("date", Ty::Text),
        req("change", Ty::Text),
    ],
    others: None,
};

static HEADLINE: Struct = Struct {
    what: "a headline figure",
    fields: &[
        opt("wager", Ty::Text),
        opt("pay_table", Ty::Text),
        opt("combined", Ty::Text),
    ],
    others: None,
};

static TYPICAL: Struct = Struct {
    what: "the typical strategy",
    fields: &[req("strategy", Ty::Text), req("why", Ty::Text)],
    others: None,
};

static SOURCE: Struct = Struct {
    what: "the source",
    fields: &[
        req("document", Ty::Text),
        opt("section", Ty::Text),
        opt("unambiguous", Ty::Bool),
        opt("title", Ty::Text),
        opt("version", Ty::Text),
        opt("sha256", Ty::Text),
    ],
    others: None,
};

static SHOE: Struct = Struct {
    what: "the shoe",
    fields: &[
        req("decks", Ty::Int),
        req("allowed_decks", INTS),
        opt("document_decks", Ty::Struct(&DOCUMENT_DECKS)),
    ],
    others: None,
};

static DOCUMENT_DECKS: Struct = Struct {
    what: "the document's deck counts",
    fields: &[
        req("counts", INTS),
        req("source", Ty::Text),
        opt("default_because", Ty::Text),
    ],
    others: None,
};

pub static GAME: Struct = Struct {
    what: "the game",
    fields: &[
        req("hands", TEXTS),
        req("deal", TEXTS),
        opt("naturals", INTS),
        req("drawing", Ty::Map(&Ty::Text, &Ty::Struct(&DRAW_RULE))),
    ],
    others: None,
};

/// `{ include: FILE }` where a game may stand: the file holds the game.
pub static INCLUDE: Struct = Struct {
    what: "an include",
    fields: &[req("include", Ty::Text)],
    others: None,
};

static DRAW_RULE: Struct = Struct {
    what: "a drawing rule",
    fields: &[
        opt("draws_on", INTS),
        opt("when_other_stands", INTS),
        opt("when_other_draws", TEXT_MAP),
        opt("decides", Ty::Struct(&DECISION)),
    ],
    others: None,
};

static DECISION: Struct = Struct {
    what: "a decision",
    fields: &[
        opt("sees", TEXTS),
        opt("optimal", TEXTS),
        opt("strategies", CONDITIONS),
        req("default", Ty::Text),
    ],
    others: None,
};

static WAGER: Struct = Struct {
    what: "a wager",
    fields: &[
        req("id", Ty::Text),
        req("name", Ty::Text),
        opt("description", Ty::Text),
        opt("precedence", Ty::Text),
        opt("placed", Ty::Condition),
        req("events", Ty::List(&Ty::Struct(&EVENT))),
        req("pay_tables", Ty::List(&Ty::Struct(&PAY_TABLE))),
    ],
    others: None,
};

static EVENT: Struct = Struct {
    what: "an event",
    fields: &[
        req("id", Ty::Text),
        req("name", Ty::Text),
        req("when", Ty::Condition),
    ],
    others: None,
};

static PAY_TABLE: Struct = Struct {
    what: "a pay table",
    fields: &[
        req("id", Ty::Text),
        opt("name", Ty::Text),
        req("pays", PAYS),
        opt("assumed", Ty::Text),
    ],
    others: None,
};

static CLAIM: Struct = Struct {
    what: "a claim",
    fields: &[
        opt("wagers", TEXTS),
        opt("pay_table", Ty::Text),
        opt("combined", Ty::Text),
        req("house_edge", Ty::Text),
        req("source", Ty::Text),
    ],
    others: None,
};

static INTERPRETATION: Struct = Struct {
    what: "an interpretation",
    fields: &[
        req("id", Ty::Text),
        req("question", Ty::Text),
        req("chosen", Ty::Struct(&READING)),
        req("alternative", Ty::Struct(&READING)),
        opt("ask_submitter", Ty::Bool),
    ],
    others: None,
};

static READING: Struct = Struct {
    what: "a reading",
    fields: &[
        req("reading", Ty::Text),
        opt("wager", Ty::Text),
        opt("pay_table", Ty::Text),
        opt("game", Ty::Struct(&GAME_CHANGE)),
        opt("changes", TEXTS),
    ],
    others: None,
};

/// An alternative reading's changes to the game.
static GAME_CHANGE: Struct = Struct {
    what: "a game change",
    fields: &[
        opt("naturals", INTS),
        opt("drawing", Ty::Map(&Ty::Text, &Ty::Struct(&DRAW_RULE))),
    ],
    others: None,
};

static COMBINED: Struct = Struct {
    what: "a combined entry",
    fields: &[
        req("id", Ty::Text),
        req("name", Ty::Text),
        req("wagers", TEXTS),
        req("per", Ty::Text),
    ],
    others: None,
};

static PAY_SEARCH: Struct = Struct {
    what: "a pay search",
    fields: &[
        req("wager", Ty::Text),
        req("house_edge", Ty::Text),
        req("source", Ty::Text),
        req("pays", PAYS),
        opt("non_increasing", Ty::Bool),
    ],
    others: None,
};

static TABLE: Struct = Struct {
    what: "the table",
    fields: &[
        req("seats", Ty::Int),
        req("settlement_order", TEXTS),
        req("line_wagers", TEXTS),
        opt("side_bets", TEXTS),
        opt("back_line", TEXTS),
        req("rotation", Ty::Int),
        req("coverage", Ty::Text),
        req("limits", Ty::Map(&Ty::Text, &Ty::List(&Ty::Amount))),
        opt("fees", Ty::List(&Ty::Struct(&FEE))),
    ],
    others: None,
};

static FEE: Struct = Struct {
    what: "a fee",
    fields: &[
        req("paid_by", Ty::Text),
        req("per", Ty::Text),
        opt("wagers", TEXTS),
        opt("amount", Ty::Amount),
        opt("percent", Ty::Amount),
        opt("source", Ty::Text),
    ],
    others: None,
};

pub static FIXTURE_FILE: Struct = Struct {
    what: "the fixture file",
    fields: &[
        req("spec", Ty::Text),
        opt("source", Ty::Text),
        req("cases", Ty::List(&Ty::Struct(&CASE))),
    ],
    others: None,
};

static CASE: Struct = Struct {
    what: "a case",
    fields: &[
        req("name", Ty::Text),
        req("source", Ty::Text),
        opt("decision", Ty::Text),
        opt("strategy", Ty::Text),
        opt("reading", Ty::Text),
        opt("decks", Ty::Int),
        opt("totals", INTS),
        opt("error", Ty::Text),
        opt("expect", TEXT_MAP),
    ],
    // Cards per hand, by hand name; the names are checked against the spec.
    others: Some(&Ty::Text),
};

pub static ROUND_FILE: Struct = Struct {
    what: "the round file",
    fields: &[
        opt("spec", Ty::Text),
        opt("decks", Ty::Int),
        opt("pay_tables", TEXT_MAP),
        req("rounds", Ty::List(&Ty::Struct(&ROUND))),
    ],
    others: None,
};

static ROUND: Struct = Struct {
    what: "a round",
    fields: &[
        opt("name", Ty::Text),
        req("player_dealer", Ty::Struct(&PLAYER_DEALER)),
        req("hand", Ty::Int),
        req("cards", TEXT_MAP),
        opt("seats", Ty::Map(&Ty::Int, &Ty::Map(&Ty::Text, &Ty::Amount))),
        opt("back_line", Ty::List(&Ty::Struct(&BACK_LINE))),
        opt("declines", INTS),
        opt("expect", Ty::Struct(&ROUND_EXPECT)),
    ],
    others: None,
};

static PLAYER_DEALER: Struct = Struct {
    what: "the player-dealer",
    fields: &[req("seat", Ty::Int), req("stake", Ty::Amount)],
    others: None,
};

static BACK_LINE: Struct = Struct {
    what: "a back-line bettor",
    fields: &[
        req("behind", Ty::Int),
        req("name", Ty::Text),
        req("bets", Ty::Map(&Ty::Text, &Ty::Amount)),
    ],
    others: None,
};

static ROUND_EXPECT: Struct = Struct {
    what: "the expectations",
    fields: &[
        opt("wagers", Ty::Map(&Ty::Text, &TEXT_MAP)),
        opt("player_dealer_net", Ty::Text),
        opt("next", Ty::Text),
    ],
    others: None,
};

impl Ty {
    pub fn expected(&self) -> String {
        match self {
            Ty::Text => "text".into(),
            Ty::Condition => "a condition, e.g. `banker.total == 7`".into(),
            Ty::Bool => "`true` or `false`".into(),
            Ty::Int => "a whole number such as `8`".into(),
            Ty::Pay => {
                "a pay: a number such as `8` or `0.95`, or text such as `\"3 to 2\"`, `push` or `lose`"
                    .into()
            }
            Ty::Amount => "an amount of dollars such as `100` or `12.50`".into(),
            Ty::List(_) => "a list".into(),
            Ty::Map(..) => "a mapping".into(),
            Ty::Struct(s) => format!("a mapping ({})", s.what),
            Ty::Includable(s) => format!("a mapping ({}), or `{{ include: FILE }}`", s.what),
        }
    }
}

/// Every problem of `tree` against `shape`, in file order.
pub fn check(src: &SourceFile, tree: &Spanned<Node>, shape: &'static Struct) -> Vec<Diagnostic> {
    let mut pass = Pass {
        src,
        out: Vec::new(),
    };
    pass.value(tree, &Ty::Struct(shape), "the file");
    pass.out.sort_by_key(|d| (d.line, d.column));
    pass.out
}

struct Pass<'a> {
    src: &'a SourceFile,
    out: Vec<Diagnostic>,
}

impl Pass<'_> {
    /// The scalar's text as written, for numbers: from where it is defined
    /// (an alias points at its anchor), past any anchor or tag before it.
    fn token(&self, n: &Spanned<Node>) -> &str {
        self.src.token_at(&n.defined)
    }

    fn at(&self, n: &Spanned<Node>, width: usize) -> crate::diag::Position {
        self.src.at(&n.referenced, width)
    }

    fn wrong(&mut self, n: &Spanned<Node>, ty: &Ty, field: &str) {
        let token = self.token(n).to_string();
        let width = match n.value {
            Node::Seq(_) | Node::Map(_) => 1,
            _ => token.chars().count().max(1),
        };
        let d = Diagnostic::new(
            self.at(n, width),
            InputError::WrongType {
                field: field.to_string(),
            },
        )
        .expected(ty.expected(), n.value.describe(&token));
        self.out.push(d);
    }

    fn number_syntax(&mut self, n: &Spanned<Node>) {
        let token = self.token(n).to_string();
        let d = Diagnostic::new(
            self.at(n, token.chars().count().max(1)),
            InputError::NumberSyntax {
                text: token.clone(),
            },
        )
        .expected("a plain decimal such as `16` or `0.95`", format!("`{token}`"))
        .help("numbers are written as the rule documents print them: no hex, octal or binary, no leading zeros, `+`, `_` or exponent, no `.inf` or `.nan`");
        self.out.push(d);
    }

    /// A number read where a pay or an amount may also be text: a plain
    /// (unquoted) scalar that starts like a number must be a plain decimal.
    fn looks_numeric(&self, n: &Spanned<Node>) -> bool {
        let t = self.token(n);
        let first = t.chars().next();
        let starts = matches!(first, Some(c) if c.is_ascii_digit() || c == '+' || c == '.')
            || (t.starts_with('-') && t[1..].starts_with(|c: char| c.is_ascii_digit() || c == '.'));
        starts && !t.contains('/')
    }

    fn value(&mut self, n: &Spanned<Node>, ty: &Ty, field: &str) {
        match (ty, &n.value) {
            (Ty::Text | Ty::Condition, Node::Null | Node::Seq(_) | Node::Map(_)) => {
                self.wrong(n, ty, field)
            }
            (Ty::Condition, _) => {}
            (Ty::Text, Node::Str(text)) => {
                let chars = text.chars().count();
                if chars > super::limits::MAX_TEXT_CHARS {
                    let d = Diagnostic::new(
                        self.at(n, 1),
                        InputError::TextTooLong {
                            chars,
                            max: super::limits::MAX_TEXT_CHARS,
                        },
                    );
                    self.out.push(d);
                }
            }
            (Ty::Text, _) => {}
            (Ty::Bool, Node::Bool(_)) => {}
            (Ty::Int, Node::Int) => {
                let t = self.token(n);
                if !plain_integer(t) {
                    self.number_syntax(n);
                } else if t.parse::<i64>().is_err() {
                    let text = t.to_string();
                    let d = Diagnostic::new(
                        self.at(n, text.chars().count()),
                        InputError::NumberTooLarge { text },
                    );
                    self.out.push(d);
                }
            }
            (Ty::Int, Node::Float) if !plain_decimal(self.token(n)) => self.number_syntax(n),
            (Ty::Pay | Ty::Amount, Node::Int | Node::Float) => {
                if !plain_decimal(self.token(n)) {
                    self.number_syntax(n);
                }
            }
            (Ty::Pay | Ty::Amount, Node::Str(s)) => {
                // A quoted text is the tool's own pay syntax, read later; a
                // plain scalar YAML did not read as a number (`0o17` under
                // some YAML schemas) must still not pass as one.
                let quoted = self.token(n).starts_with(['"', '\'']);
                if !quoted && self.looks_numeric(n) && !s.contains(' ') && !plain_decimal(s) {
                    self.number_syntax(n);
                }
            }
            (Ty::List(item), Node::Seq(items)) => {
                let label = format!("an item of `{field}`");
                for i in items {
                    self.value(i, item, &label);
                }
            }
            (Ty::Map(k, v), Node::Map(entries)) => {
                for (key, value) in entries {
                    self.value(key, k, &format!("a key of `{field}`"));
                    let name = self.key_text(key);
                    self.value(value, v, &name);
                }
            }
            (Ty::Struct(s), Node::Map(entries)) => self.fields(n, s, entries),
            (Ty::Includable(s), Node::Map(entries)) => {
                let include = entries.iter().any(|(k, _)| self.key_text(k) == "include");
                self.fields(n, if include { &INCLUDE } else { s }, entries)
            }
            _ => self.wrong(n, ty, field),
        }
    }

    fn key_text(&self, key: &Spanned<Node>) -> String {
        match &key.value {
            Node::Str(s) => s.clone(),
            _ => self.token(key).trim_end_matches(':').to_string(),
        }
    }

    fn fields(
        &mut self,
        map: &Spanned<Node>,
        s: &'static Struct,
        entries: &[(Spanned<Node>, Spanned<Node>)],
    ) {
        let mut seen = Vec::new();
        for (key, value) in entries {
            let name = self.key_text(key);
            match s.fields.iter().find(|f| f.name == name) {
                Some(f) => {
                    seen.push(f.name);
                    // An optional field left empty (`section: ~`) is absent.
                    if f.required || !matches!(value.value, Node::Null) {
                        self.value(value, &f.ty, f.name);
                    }
                }
                None => match s.others {
                    Some(ty) => self.value(value, ty, &name),
                    None => {
                        let names: Vec<&str> = s.fields.iter().map(|f| f.name).collect();
                        let mut d = Diagnostic::new(
                            self.at(key, name.chars().count().max(1)),
                            InputError::UnknownField {
                                field: name.clone(),
                                within: s.what.into(),
                            },
                        )
                        .expected(format!("one of {}", names.join(", ")), format!("`{name}`"));
                        if let Some(near) = crate::diag::closest(&name, &names) {
                            d.suggest(near);
                        }
                        self.out.push(d);
                    }
                },
            }
        }
        for f in s
            .fields
            .iter()
            .filter(|f| f.required && !seen.contains(&f.name))
        {
            let d = Diagnostic::new(
                self.at(map, 1),
                InputError::MissingField {
                    field: f.name.into(),
                    within: s.what.into(),
                },
            )
            .help(format!("`{}` is required: {}", f.name, f.ty.expected()));
            self.out.push(d);
        }
    }
}
