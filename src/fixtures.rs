//! Handwritten cases: concrete rounds and what the rule documents say they
//! settle to. Fixture files name their spec by id; `certify check` runs every
//! fixture of a spec through the reference evaluator.
//!
//! Layer: pipeline stage: fixtures (the layout is in `src/lib.rs`).

use crate::cards::parse_cards_at;
use crate::diag::fixture::FixtureError;
use crate::diag::{Diagnostic, ErrorKind};
use crate::eval::{Deal, Decision, Settler, play};
use crate::model::{Pay, Spec};
use crate::spec::SourceFile;
use crate::spec::ordered_map::OrderedMap;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixtureFile {
    pub spec: String,
    #[serde(default)]
    pub source: Option<String>,
    pub cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
pub struct Case {
    pub name: Spanned<String>,
    /// Where in the rule document the case comes from.
    pub source: String,
    /// `draw` or `stand`, where the first hand decides.
    #[serde(default)]
    pub decision: Option<Spanned<String>>,
    /// A strategy of the spec to decide by (default: the spec's default).
    #[serde(default)]
    pub strategy: Option<String>,
    /// An interpretation of the game's rules (its id): the case is settled
    /// under its alternative game, not the spec's.
    #[serde(default)]
    pub reading: Option<Spanned<String>>,
    #[serde(default)]
    pub decks: Option<Spanned<i64>>,
    /// Expected final totals, in hand order.
    #[serde(default)]
    pub totals: Option<Spanned<Vec<i64>>>,
    /// The round must be refused with a message containing this text.
    #[serde(default)]
    pub error: Option<String>,
    /// `wager` or `wager.pay_table` -> `event`, `event pays 15 to 1`, `lose` or `push`.
    #[serde(default)]
    pub expect: OrderedMap<Spanned<String>, Spanned<String>>,
    /// Cards per hand, by hand name, e.g. `player: 4s,Kd,4h`; any other key is an error.
    #[serde(flatten)]
    pub hands: std::collections::BTreeMap<String, Spanned<String>>,
}

/// A case read into checked form.
#[derive(Debug)]
struct CaseSpec {
    deal: Deal,
    decks: Option<u32>,
    expect: Vec<(String, String)>,
    totals: Option<[u8; 2]>,
    error: Option<String>,
}

/// Outcome of one expectation of one case.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CaseResult {
    pub file: String,
    pub case: String,
    pub source: String,
    pub target: String,
    pub expected: String,
    pub got: String,
    pub pass: bool,
    /// The cards the case deals, per hand in the spec's hand order (hands
    /// the case gives no cards are left out). Every check of a case carries
    /// them so the report's appendix can show them once per case; the flat
    /// `fixtures` list of the JSON leaves them out (`fixture_cases` has them).
    #[serde(skip)]
    pub cards: Vec<DealtHand>,
}

/// One hand's cards as a fixture case deals them, in the order received.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DealtHand {
    pub hand: String,
    /// Cards as certify writes them (`6s`, `Kd`, `Th`), comma-separated.
    pub cards: String,
}

/// Fixture files for a spec: `<spec dir>/../fixtures/*.yaml` naming its id.
pub fn default_dir(spec_path: &str) -> PathBuf {
    let dir = Path::new(spec_path).parent().unwrap_or(Path::new(""));
    match dir.parent() {
        // `rules/x.yaml` -> `fixtures`; `/a/rules/x.yaml` -> `/a/fixtures`.
        Some(above) => above.join("fixtures"),
        // A spec in the current folder: fixtures beside that folder.
        None => PathBuf::from("../fixtures"),
    }
}

/// Runs every fixture for `spec` found in `dir`. Fixture files that cannot be
/// read or are malformed are errors, as is a spec with no fixture at all.
pub fn run_dir(spec: &Spec, dir: &Path) -> Result<Vec<CaseResult>, Vec<Diagnostic>> {
    run_dir_texts(spec, dir).map(|(results, _)| results)
}

/// [`run_dir`], with each file's texts as checked against the rule
/// documents (by the file's path as read), for the trace.
pub fn run_dir_texts(spec: &Spec, dir: &Path) -> Result<Ran, Vec<Diagnostic>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| {
            vec![if e.kind() == std::io::ErrorKind::NotFound {
                no_fixtures(spec, dir)
            } else {
                plain(
                    &dir.display().to_string(),
                    FixtureError::FolderUnreadable {
                        dir: dir.display().to_string(),
                        reason: e.to_string(),
                    },
                )
            }]
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    paths.sort();
    let mut results = Vec::new();
    let mut texts = Vec::new();
    let mut errors = Vec::new();
    let mut found = false;
    for path in paths {
        let name = path.display().to_string();
        let source = SourceFile::read(&name).map_err(|d| vec![*d])?;
        if names_other_spec(&source.text, &spec.id) {
            // Read in full (and refused if malformed) by its own spec's run.
            continue;
        }
        let file: FixtureFile = match crate::spec::yaml::read(
            &source,
            crate::diag::input::FileKind::Fixture,
            &crate::spec::schema::FIXTURE_FILE,
        ) {
            Ok(f) => f,
            Err(ds) => {
                errors.extend(ds);
                continue;
            }
        };
        if file.spec != spec.id {
            continue;
        }
        found = true;
        match run_file_texts(spec, &source, &file) {
            Ok((r, t)) => {
                results.extend(r);
                texts.push((name, t));
            }
            Err(d) => errors.extend(d),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if !found {
        return Err(vec![no_fixtures(spec, dir)]);
    }
    Ok((results, texts))
}

/// The cases run, and each file's texts (by its path as read).
pub type Ran = (Vec<CaseResult>, Vec<(String, crate::trace::Texts)>);

/// True when a fixture file plainly belongs to another spec: a line
/// `spec: ID` at the start of a line, with a plain or quoted id other than
/// `spec`. A folder holds every spec's fixtures, and parsing each file for
/// every spec was most of a run's reading time; a file whose owner is not
/// that plain is parsed in full as before.
fn names_other_spec(text: &str, spec: &str) -> bool {
    let mut owners = text.lines().filter_map(|l| l.strip_prefix("spec:"));
    let (Some(owner), None) = (owners.next(), owners.next()) else {
        return false;
    };
    let owner = owner.split(" #").next().unwrap_or_default().trim();
    let owner = owner
        .strip_prefix('"')
        .and_then(|o| o.strip_suffix('"'))
        .or_else(|| owner.strip_prefix('\'').and_then(|o| o.strip_suffix('\'')))
        .unwrap_or(owner);
    let plain = !owner.is_empty()
        && owner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    plain && owner != spec
}

fn plain(file: &str, kind: impl Into<ErrorKind>) -> Diagnostic {
    Diagnostic::whole_file(file, kind)
}

/// Names the file to create and shows a minimal case for the spec.
fn no_fixtures(spec: &Spec, dir: &Path) -> Diagnostic {
    let create = dir.join(format!("{}.yaml", spec.id)).display().to_string();
    let hands = &spec.game.hands;
    let (wager, outcomes) = spec
        .wagers
        .first()
        .map_or(("WAGER".into(), String::new()), |w| {
            let events: Vec<&str> = w.events.iter().map(|e| e.id.as_str()).collect();
            (w.id.clone(), events.join(", "))
        });
    let help = format!(
        "a minimal {create}, its expectations worked out by hand from the document:\n    \
         spec: {id}\n    \
         cases:\n      \
         - name: \"what the case shows\"\n        \
         source: \"the words of the rule document it checks\"\n        \
         {h0}: 9s,Kd          # cards in deal order\n        \
         {h1}: 7c,Qh\n        \
         expect:\n          \
         {wager}: EVENT   # lose, push or one of: {outcomes}",
        id = spec.id,
        h0 = hands[0],
        h1 = hands[1],
    );
    plain(
        &dir.display().to_string(),
        FixtureError::NoFixtures {
            spec: spec.id.clone(),
            create,
        },
    )
    .help(help)
}

pub fn run_file(
    spec: &Spec,
    src: &SourceFile,
    file: &FixtureFile,
) -> Result<Vec<CaseResult>, Vec<Diagnostic>> {
    run_file_texts(spec, src, file).map(|(results, _)| results)
}

/// [`run_file`], with the file's texts as checked against the rule
/// documents.
fn run_file_texts(
    spec: &Spec,
    src: &SourceFile,
    file: &FixtureFile,
) -> Result<(Vec<CaseResult>, crate::trace::Texts), Vec<Diagnostic>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    // The hands' places take a third read of the file, and only a wrong
    // hand needs them: a case is read again with them only where it fails.
    let mut places: Option<Option<Vec<Places>>> = None;
    let mut settlers = Settlers::default();
    for (i, case) in file.cases.iter().enumerate() {
        let spec = match under(spec, case.reading.as_ref()) {
            Ok(s) => s,
            Err(e) => {
                let r = case
                    .reading
                    .as_ref()
                    .expect("only a named reading is refused");
                errors.push(at(src, r, e));
                continue;
            }
        };
        let read = read_case(spec, src, case, None).or_else(|_| {
            let places = places.get_or_insert_with(|| value_places(src));
            read_case(spec, src, case, places.as_ref().and_then(|p| p.get(i)))
        });
        match read {
            Ok(c) => out.extend(run_case(spec, src, case, &c, &mut settlers)),
            Err(d) => errors.extend(d),
        }
    }
    // The cases' quotations against the rule document.
    let mut texts = crate::trace::fixture_texts(spec, src);
    errors.append(&mut texts.diags);
    if errors.is_empty() {
        Ok((out, texts))
    } else {
        Err(errors)
    }
}

/// The spec a case is settled under: the spec's own game, or the
/// alternative game of the interpretation it names (`reading:`).
fn under<'a>(spec: &'a Spec, reading: Option<&Spanned<String>>) -> Result<&'a Spec, FixtureError> {
    let Some(r) = reading else { return Ok(spec) };
    spec.game_interpretations
        .iter()
        .find(|g| g.id == r.value)
        .map(|g| &*g.spec)
        .ok_or_else(|| FixtureError::UnknownReading {
            reading: r.value.clone(),
            known: spec
                .game_interpretations
                .iter()
                .map(|g| g.id.clone())
                .collect(),
        })
}

fn at(src: &SourceFile, s: &Spanned<String>, message: impl Into<ErrorKind>) -> Diagnostic {
    Diagnostic::new(
        src.at(&s.referenced, s.value.chars().count().max(1)),
        message,
    )
}

/// Reads a case into checked form; every problem is a located diagnostic.
/// Where each case's values start, by key. Hands are read through
/// `#[serde(flatten)]`, which loses their places; a second read finds them.
fn value_places(src: &SourceFile) -> Option<Vec<Places>> {
    #[derive(Deserialize)]
    struct Cases {
        cases: Vec<Places>,
    }
    serde_saphyr::from_str::<Cases>(&src.text)
        .ok()
        .map(|c| c.cases)
}

type Places = std::collections::BTreeMap<String, Spanned<serde::de::IgnoredAny>>;

fn read_case(
    spec: &Spec,
    src: &SourceFile,
    case: &Case,
    places: Option<&Places>,
) -> Result<CaseSpec, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut c = CaseSpec {
        deal: Deal::default(),
        decks: None,
        expect: Vec::new(),
        totals: None,
        error: None,
    };
    if let Some(d) = &case.decision {
        match Decision::parse(&d.value) {
            Ok(choice) => c.deal.decision = Some(choice),
            Err(e) => errors.push(at(src, d, e)),
        }
    }
    c.deal.strategy = case.strategy.clone();
    c.error = case.error.clone();
    if let Some(d) = &case.decks {
        match u32::try_from(d.value) {
            Ok(n) if n >= 1 => c.decks = Some(n),
            _ => errors.push(Diagnostic::new(
                src.at(&d.referenced, 1),
                FixtureError::BadDecks { found: d.value },
            )),
        }
    }
    if let Some(t) = &case.totals {
        match t.value.as_slice() {
            [a, b] if (0..=9).contains(a) && (0..=9).contains(b) => {
                c.totals = Some([*a as u8, *b as u8])
            }
            _ => errors.push(Diagnostic::new(
                src.at(&t.referenced, 1),
                FixtureError::BadTotals,
            )),
        }
    }
    for (target, value) in &case.expect.0 {
        match check_target(spec, &target.value, value.value.trim()) {
            Ok(()) => c
                .expect
                .push((target.value.clone(), value.value.trim().to_string())),
            Err(m) => errors.push(at(src, value, m)),
        }
    }
    for (key, value) in &case.hands {
        let place = places.and_then(|p| p.get(key)).map(|p| p.referenced);
        let value = &Spanned {
            value: value.value.clone(),
            referenced: place.unwrap_or(value.referenced),
            defined: place.unwrap_or(value.defined),
        };
        match spec.game.hand_index(key) {
            Some(h) => match parse_cards_at(&value.value) {
                Ok(cards) => c.deal.hands[h as usize] = cards,
                // At the card inside the string, not just the field.
                Err((span, e)) => errors.push(Diagnostic::new(
                    src.within_scalar(
                        &value.referenced,
                        &value.value,
                        span.start,
                        value.value[span].chars().count(),
                    ),
                    e,
                )),
            },
            None => errors.push(at(
                src,
                value,
                FixtureError::UnknownKey {
                    key: key.clone(),
                    hands: spec.game.hands.to_vec(),
                },
            )),
        }
    }
    if c.expect.is_empty() && c.error.is_none() && c.totals.is_none() {
        errors.push(at(src, &case.name, FixtureError::ExpectsNothing));
    }
    if errors.is_empty() {
        Ok(c)
    } else {
        errors.sort_by_key(|d| (d.line, d.column));
        Err(errors)
    }
}

/// Validates `wager[.table]` and the expected outcome's wording.
fn check_target(spec: &Spec, target: &str, expected: &str) -> Result<(), FixtureError> {
    let (w, t) = target
        .split_once('.')
        .map_or((target, None), |(a, b)| (a, Some(b)));
    let wager = spec.wager(w).ok_or_else(|| FixtureError::UnknownWager {
        wager: w.to_string(),
        spec: spec.id.clone(),
    })?;
    if let Some(t) = t
        && !wager.pay_tables.iter().any(|p| p.id == t)
    {
        return Err(FixtureError::UnknownPayTable {
            wager: w.to_string(),
            table: t.to_string(),
        });
    }
    let (event, pays) = split_expectation(expected);
    if !matches!(event, "lose" | "push" | "not placed")
        && !wager.events.iter().any(|e| e.id == event)
    {
        return Err(FixtureError::UnknownEvent {
            wager: w.to_string(),
            event: event.to_string(),
            known: wager.events.iter().map(|e| e.id.clone()).collect(),
        });
    }
    if let Some(p) = pays
        && crate::check::parse_pay(p).is_none()
    {
        return Err(FixtureError::UnreadablePay { pay: p.to_string() });
    }
    Ok(())
}

/// `"full_house pays 15 to 1"` -> (`full_house`, Some(`15 to 1`)).
fn split_expectation(e: &str) -> (&str, Option<&str>) {
    match e.split_once(" pays ") {
        Some((ev, p)) => (ev.trim(), Some(p.trim())),
        None => (e.trim(), None),
    }
}

/// One settler per deck count the cases of a file play at (the spec's
/// conditions are compiled once, not once per case).
#[derive(Default)]
/// Settlers by game (the spec's: "", or an alternative reading's id) and
/// deck count.
struct Settlers(Vec<((String, u32), Settler)>);

impl Settlers {
    fn get(&mut self, spec: &Spec, reading: Option<&Spanned<String>>, decks: u32) -> &Settler {
        let key = (reading.map_or_else(String::new, |r| r.value.clone()), decks);
        let at = match self.0.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.0.push((key, Settler::new(spec)));
                self.0.len() - 1
            }
        };
        &self.0[at].1
    }
}

fn run_case(
    spec: &Spec,
    src: &SourceFile,
    case: &Case,
    c: &CaseSpec,
    settlers: &mut Settlers,
) -> Vec<CaseResult> {
    let decks = c.decks.unwrap_or(spec.shoe.decks);
    let spec = &*crate::strategy::for_decks(spec, decks);
    let cards: Vec<DealtHand> = spec
        .game
        .hands
        .iter()
        .zip(&c.deal.hands)
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(hand, cards)| DealtHand {
            hand: hand.clone(),
            cards: cards
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
        })
        .collect();
    let result = |target: &str, expected: String, got: String| CaseResult {
        cards: cards.clone(),
        file: src.name.clone(),
        case: case.name.value.clone(),
        source: case.source.clone(),
        target: target.to_string(),
        pass: expected == got,
        expected,
        got,
    };
    let played = match play(spec, &c.deal, decks) {
        Ok(p) => p,
        Err(m) => {
            return vec![match &c.error {
                Some(want) if m.contains(want.as_str()) => {
                    result("error", want.clone(), want.clone())
                }
                Some(want) => result("error", want.clone(), m.to_string()),
                None => result("round", "a valid round".into(), m.to_string()),
            }];
        }
    };
    let mut out = Vec::new();
    if let Some(want) = &c.error {
        out.push(result(
            "error",
            want.clone(),
            "the round was accepted".into(),
        ));
    }
    if let Some([a, b]) = c.totals {
        let got = format!("{} {}", played.round.total(0), played.round.total(1));
        out.push(result("totals", format!("{a} {b}"), got));
    }
    let settled = settlers
        .get(spec, case.reading.as_ref(), decks)
        .settle(spec, &played.round);
    for (target, expected) in &c.expect {
        let (w, t) = target
            .split_once('.')
            .map_or((target.as_str(), None), |(a, b)| (a, Some(b)));
        let wi = spec.wagers.iter().position(|x| x.id == w).expect("checked");
        let wager = &spec.wagers[wi];
        for o in &settled[wi].outcomes {
            if t.is_some_and(|t| t != o.pay_table) {
                continue;
            }
            let (event, pays) = split_expectation(expected);
            let got_event = match (o.event, o.pay) {
                _ if !settled[wi].placed => "not placed".to_string(),
                (_, Pay::Lose) if event == "lose" => "lose".to_string(),
                (_, Pay::Push) if event == "push" => "push".to_string(),
                (Some(k), _) => wager.events[k].id.clone(),
                (None, _) => "lose".to_string(),
            };
            let got = match pays {
                Some(_) => format!("{got_event} pays {}", o.pay.describe()),
                None => got_event,
            };
            let want = match pays.and_then(crate::check::parse_pay) {
                Some(p) => format!("{event} pays {}", p.describe()),
                None => event.to_string(),
            };
            out.push(result(&format!("{w}.{}", o.pay_table), want, got));
        }
    }
    out
}

#[cfg(test)]
mod owner_tests {
    use super::names_other_spec;

    /// Only a file that plainly names another spec is skipped unread; a
    /// file whose owner is unclear is parsed (and refused if malformed).
    #[test]
    fn a_file_is_skipped_only_when_it_plainly_names_another_spec() {
        assert!(names_other_spec(
            "# c\nspec: lucky_8\ncases: []\n",
            "golden_bacc"
        ));
        assert!(names_other_spec(
            "spec: \"lucky_8\"  # owner\n",
            "golden_bacc"
        ));
        assert!(names_other_spec("spec: 'lucky-8'\n", "golden_bacc"));
        assert!(!names_other_spec("spec: golden_bacc\n", "golden_bacc"));
        assert!(!names_other_spec("spec: 'golden_bacc'\n", "golden_bacc"));
        assert!(!names_other_spec("cases: []\n", "golden_bacc"));
        assert!(!names_other_spec("spec: a\nspec: b\n", "golden_bacc"));
        assert!(!names_other_spec("spec: [broken\n", "golden_bacc"));
        assert!(!names_other_spec("spec:\n", "golden_bacc"));
        assert!(!names_other_spec("  spec: lucky_8\n", "golden_bacc"));
    }
}
