//! Shard files: what `certify simulate --shard K/N --json` writes and
//! `--merge` reads back, sealed and checked.
//!
//! A shard file comes back from a cluster, a mail or a hand edit, so the
//! merge trusts nothing in it. Each file is read within a size limit and
//! checked field by field against what the merge needs (the spec's hash,
//! the tool's version, the settings, every array's length for the spec's
//! pay tables, every count against its total), then against the SHA-256 of
//! its tallies written beside them, and only then added, one file at a
//! time, with overflow-checked sums. Files of another run, a shard given
//! twice and a missing shard are each named; a partial merge is refused.
//!
//! The digest catches truncation, corruption and edits: it is not a
//! signature, since anyone who edits the tallies can compute it again.

use super::count::BUCKETS;
use super::tally::{BANDS, DealtTally, FullTally, Layout};
use super::{Settings, Simulated, Tags};
use crate::diag::input::FileKind;
use crate::diag::json_at::{Field, line_column, locate};
use crate::diag::simulate::SimulateError;
use crate::diag::{Diagnostic, Position};
use crate::limits::{MAX_SHARD_BYTES, MAX_SHARDS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What produced a run besides its settings: compared across shards and
/// with the spec the merge is given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inputs {
    pub tool_version: String,
    /// SHA-256 of the spec file's bytes.
    pub spec_sha256: String,
    /// SHA-256 of each file the spec includes, by path.
    pub include_sha256: BTreeMap<String, String>,
}

impl Inputs {
    /// This tool's version with the hashes of the spec at `spec_path` and
    /// of the files it included. Included files are named from the spec's
    /// folder, so that shards dealt from `rules/x.yaml` merge with
    /// `/home/lab/rules/x.yaml` or from another working folder.
    pub fn now(
        spec_path: &str,
        spec_sha256: String,
        include_sha256: BTreeMap<String, String>,
    ) -> Inputs {
        let folder = std::path::Path::new(spec_path)
            .parent()
            .unwrap_or(std::path::Path::new(""));
        Inputs {
            tool_version: env!("CARGO_PKG_VERSION").into(),
            spec_sha256,
            include_sha256: include_sha256
                .into_iter()
                .map(|(name, sha)| {
                    let path = std::path::Path::new(&name);
                    let name = path.strip_prefix(folder).unwrap_or(path);
                    (name.display().to_string(), sha)
                })
                .collect(),
        }
    }
}

/// The SHA-256 recorded beside a run's tallies: of the compact JSON of the
/// inputs and the tallies (serde writes fields in declaration order and
/// maps sorted, so the text is canonical).
pub fn digest(inputs: &Inputs, run: &Simulated) -> String {
    let text = serde_json::to_string(&(inputs, run)).expect("serializable");
    crate::spec::source::sha256_hex(text.as_bytes())
}

/// A run's tallies sealed for a shard file: its inputs, the tallies and
/// their digest (`certify simulate --json` adds the study beside them).
pub fn sealed(inputs: &Inputs, run: &Simulated) -> serde_json::Value {
    serde_json::json!({
        "inputs": inputs,
        "tallies": run,
        "tallies_sha256": digest(inputs, run),
    })
}

/// The part of a shard file the merge reads (the `study` beside it is for
/// people and is not read back).
#[derive(Deserialize)]
struct Sealed {
    inputs: Inputs,
    tallies: Simulated,
    tallies_sha256: String,
}

/// What every shard of the run must hold, from the spec the merge is given.
pub struct Expected {
    pub inputs: Inputs,
    pub spec_id: String,
    pub decks: u32,
    /// Each pay table's count, as the merge derives it.
    pub counts: Vec<Tags>,
    /// The fewest cards a round takes: the initial deal.
    pub cards_per_round: usize,
    pub(crate) layout: Layout,
}

impl Expected {
    pub fn new(
        spec: &crate::model::Spec,
        decks: u32,
        inputs: Inputs,
        counts: Vec<Tags>,
    ) -> Expected {
        Expected {
            inputs,
            spec_id: spec.id.clone(),
            decks,
            counts,
            cards_per_round: spec.game.deal.len(),
            layout: Layout::new(spec),
        }
    }
}

/// Adds shard files one at a time: memory for one file and the sums.
pub struct Merger<'a> {
    expected: &'a Expected,
    /// The first file read: its name and settings (the run's).
    first: Option<(String, Settings)>,
    /// Each shard index read, by the file that held it.
    seen: BTreeMap<u64, String>,
    sum: Option<Simulated>,
}

/// A refusal about one place of one file.
fn at(file: &str, text: &str, field: &Field, kind: SimulateError) -> Box<Diagnostic> {
    let (line, column, width) = locate(text, field).unwrap_or((0, 0, 0));
    Box::new(Diagnostic::new(
        Position {
            file: file.into(),
            line,
            column,
            width,
        },
        kind,
    ))
}

fn field_error(
    file: &str,
    text: &str,
    field: &Field,
    problem: impl Into<String>,
) -> Box<Diagnostic> {
    let kind = SimulateError::ShardField {
        field: field.to_string(),
        problem: problem.into(),
    };
    at(file, text, field, kind)
}

impl<'a> Merger<'a> {
    pub fn new(expected: &'a Expected) -> Merger<'a> {
        Merger {
            expected,
            first: None,
            seen: BTreeMap::new(),
            sum: None,
        }
    }

    /// Reads one shard file within the size limit and adds it.
    pub fn add_file(&mut self, path: &str) -> Result<(), Box<Diagnostic>> {
        let text = crate::spec::source::read_limited(path, FileKind::Shard, MAX_SHARD_BYTES)?;
        self.add(path, &text)
    }

    /// Checks one shard file's text and adds its tallies.
    pub fn add(&mut self, file: &str, text: &str) -> Result<(), Box<Diagnostic>> {
        let sealed = parse(file, text)?;
        self.check(file, text, &sealed)?;
        let s = &sealed.tallies.settings;
        if self.first.is_none() {
            self.first = Some((file.into(), s.clone()));
        }
        if let Some(first_file) = self.seen.get(&s.shard.index) {
            let field = Field::of("tallies.settings.shard.index");
            return Err(at(
                file,
                text,
                &field,
                SimulateError::ShardTwice {
                    index: s.shard.index,
                    count: s.shard.count,
                    first_file: first_file.clone(),
                },
            ));
        }
        self.seen.insert(s.shard.index, file.into());
        let run = sealed.tallies;
        match &mut self.sum {
            None => {
                let mut run = run;
                run.settings.shard = super::Shard::WHOLE;
                self.sum = Some(run);
            }
            Some(sum) => {
                if !(add_full(&mut sum.full, &run.full) && add_dealt(&mut sum.dealt, &run.dealt)) {
                    return Err(field_error(
                        file,
                        text,
                        &Field::of("tallies"),
                        "cannot be added: the sums would overflow",
                    ));
                }
            }
        }
        Ok(())
    }

    /// The merged run, when every shard of it was added.
    pub fn finish(self) -> Result<Simulated, Box<Diagnostic>> {
        let (Some(sum), Some((_, settings))) = (self.sum, self.first) else {
            return Err(Box::new(Diagnostic::plain(SimulateError::NoShards)));
        };
        let n = settings.shard.count;
        let missing: Vec<String> = (1..=n)
            .filter(|k| !self.seen.contains_key(k))
            .map(|k| k.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(Box::new(Diagnostic::plain(SimulateError::ShardsMissing {
                missing: crate::diag::list(&missing),
                count: n,
            })));
        }
        Ok(sum)
    }

    /// Everything one file must hold, before anything of it is added.
    fn check(&self, file: &str, text: &str, sealed: &Sealed) -> Result<(), Box<Diagnostic>> {
        let e = self.expected;
        let run = &sealed.tallies;
        let bad =
            |field: &str, problem: String| Err(field_error(file, text, &Field::of(field), problem));
        let inputs = &sealed.inputs;
        // What dealt the shard, against what the merge is given: (field,
        // whether it matches, what is wrong when it does not).
        let identity = [
            (
                "inputs.tool_version",
                inputs.tool_version == e.inputs.tool_version,
                format!(
                    "is {}: this shard was dealt by another version of certify than this one ({}); deal every shard and merge with one version",
                    inputs.tool_version, e.inputs.tool_version
                ),
            ),
            (
                "inputs.spec_sha256",
                inputs.spec_sha256 == e.inputs.spec_sha256,
                format!(
                    "is {}: this shard was dealt from another version of the spec than the one given to the merge ({})",
                    inputs.spec_sha256, e.inputs.spec_sha256
                ),
            ),
            (
                "inputs.include_sha256",
                inputs.include_sha256 == e.inputs.include_sha256,
                "differs: this shard was dealt with another version of a file the spec includes"
                    .into(),
            ),
            (
                "tallies.spec",
                run.spec == e.spec_id,
                format!("is `{}`, but the spec given is `{}`", run.spec, e.spec_id),
            ),
            (
                "tallies.decks",
                run.decks == e.decks,
                format!(
                    "is {}, but the merge is at {} decks (give --decks {} to merge this run)",
                    run.decks, e.decks, run.decks
                ),
            ),
        ];
        if let Some((field, _, problem)) = identity.into_iter().find(|(_, same, _)| !same) {
            return bad(field, problem);
        }
        let s = &run.settings;
        if s.shard.count == 0 || s.shard.count > MAX_SHARDS as u64 {
            return bad(
                "tallies.settings.shard.count",
                format!("is {}: expected 1 to {MAX_SHARDS}", s.shard.count),
            );
        }
        if let Err(reason) = s.check() {
            return bad("tallies.settings", format!("are refused: {reason}"));
        }
        // Every shard of one run: the first file's settings but the index.
        if let Some((first_file, f)) = &self.first {
            let differs = [
                ("rounds", s.rounds.to_string(), f.rounds.to_string()),
                ("seed", s.seed.to_string(), f.seed.to_string()),
                (
                    "penetration",
                    s.penetration.to_string(),
                    f.penetration.to_string(),
                ),
                (
                    "shard.count",
                    s.shard.count.to_string(),
                    f.shard.count.to_string(),
                ),
            ]
            .into_iter()
            .find(|(_, here, there)| here != there);
            if let Some((name, here, there)) = differs {
                let field = format!("tallies.settings.{name}");
                return Err(Box::new(
                    (*at(
                        file,
                        text,
                        &Field::of(&field),
                        SimulateError::OtherRun {
                            field: field.clone(),
                            first_file: first_file.clone(),
                        },
                    ))
                    .expected(format!("{there}, as in {first_file}"), here),
                ));
            }
        }
        if run.counts.as_ref() != Some(&e.counts) {
            return bad(
                "tallies.counts",
                "are not the counts certify derives for this spec and deck count (the shard was not dealt by `certify simulate` for this spec)".into(),
            );
        }
        check_full(file, text, &e.layout, run)?;
        check_dealt(file, text, e, run)?;
        if digest(inputs, run) != sealed.tallies_sha256 {
            return Err(at(
                file,
                text,
                &Field::of("tallies_sha256"),
                SimulateError::ShardDigest,
            ));
        }
        Ok(())
    }
}

/// Reads the sealed part of a shard file: JSON errors at their line and
/// column, wrong kinds of value with their path.
fn parse(file: &str, text: &str) -> Result<Sealed, Box<Diagnostic>> {
    // serde_json's error at its own place (the end of the text when it has
    // none), with the path of the value it was reading, if any.
    let refuse = |e: &serde_json::Error, path: &str| {
        let (line, column) = match e.line() {
            0 => line_column(text, text.len()),
            line => (line, e.column().max(1)),
        };
        let reason = match path {
            "" | "." => without_position(e),
            _ => format!("at `{path}`: {}", without_position(e)),
        };
        Box::new(Diagnostic::new(
            Position {
                file: file.into(),
                line,
                column,
                width: 1,
            },
            SimulateError::NotAShard { reason },
        ))
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let sealed: Sealed = serde_path_to_error::deserialize(&mut de)
        .map_err(|e| refuse(e.inner(), &e.path().to_string()))?;
    de.end().map_err(|e| refuse(&e, ""))?;
    Ok(sealed)
}

/// serde_json's message without its " at line L column C" (the diagnostic
/// shows the place itself).
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The full-shoe pass: one row per pay table, one count per settlement
/// code, each row adding up to the shard's rounds.
fn check_full(
    file: &str,
    text: &str,
    layout: &Layout,
    run: &Simulated,
) -> Result<(), Box<Diagnostic>> {
    let base = Field::of("tallies.full");
    let expected = run.settings.shard_rounds();
    if run.full.rounds != expected {
        return Err(field_error(
            file,
            text,
            &base.key("rounds"),
            format!(
                "is {}, but shard {} of {} of a run of {} rounds deals {expected}",
                run.full.rounds,
                run.settings.shard.index,
                run.settings.shard.count,
                run.settings.rounds
            ),
        ));
    }
    let codes = base.key("codes");
    if run.full.codes.len() != layout.tables() {
        return Err(field_error(
            file,
            text,
            &codes,
            format!(
                "holds {}, but the spec has {}",
                plural(run.full.codes.len(), "pay table"),
                plural(layout.tables(), "pay table")
            ),
        ));
    }
    for (t, row) in run.full.codes.iter().enumerate() {
        let field = codes.index(t);
        if row.len() != layout.codes(t) {
            return Err(field_error(
                file,
                text,
                &field,
                format!(
                    "holds {}, but this pay table settles {} ways",
                    plural(row.len(), "count"),
                    layout.codes(t)
                ),
            ));
        }
        let sum: u128 = row.iter().map(|&x| x as u128).sum();
        if sum != run.full.rounds as u128 {
            return Err(field_error(
                file,
                text,
                &field,
                format!(
                    "adds up to {sum} rounds, but the pass dealt {}: each round settles each pay table once",
                    run.full.rounds
                ),
            ));
        }
    }
    Ok(())
}

/// The dealt pass: shapes for the spec's pay tables and the count's
/// buckets, each band's rounds settled once per pay table, shoes and sums
/// of squares within what the rounds allow.
fn check_dealt(
    file: &str,
    text: &str,
    expected: &Expected,
    run: &Simulated,
) -> Result<(), Box<Diagnostic>> {
    let layout = &expected.layout;
    let base = Field::of("tallies.dealt");
    let d = &run.dealt;
    let err = |field: &Field, problem: String| Err(field_error(file, text, field, problem));
    if d.buckets != BUCKETS {
        return err(
            &base.key("buckets"),
            format!(
                "is {}, but a counted pass keeps {BUCKETS} count buckets",
                d.buckets
            ),
        );
    }
    let quota = run.settings.shard_rounds() as u128;
    let total: u128 = d.rounds.iter().map(|&r| r as u128).sum();
    // Each block deals whole shoes until its quota is reached: at most a
    // shoe's rounds (a round takes at least the initial deal) past it.
    let blocks = run.settings.own_blocks().count() as u128;
    let per_shoe = 52 * run.decks as u128 / expected.cards_per_round as u128;
    if total < quota || total > quota + blocks * per_shoe {
        return err(
            &base.key("rounds"),
            format!(
                "adds up to {total} rounds, but this shard deals {quota} and finishes each block's last shoe (at most {} more)",
                blocks * per_shoe
            ),
        );
    }
    let shoes = d.shoes as u128;
    if shoes == 0 || shoes > total {
        return err(
            &base.key("shoes"),
            format!(
                "is {shoes}, but {total} rounds were dealt from at least one shoe and at most one shoe a round"
            ),
        );
    }
    if d.rounds_squared.len() != BANDS {
        return err(
            &base.key("rounds_squared"),
            format!(
                "holds {}, expected {BANDS}",
                plural(d.rounds_squared.len(), "sum")
            ),
        );
    }
    // Per penetration k: the sum over shoes of the square of the shoe's
    // rounds lies between the rounds (each shoe's r^2 >= r) and their square.
    let mut cumulative = 0u128;
    let mut upper = Vec::with_capacity(BANDS);
    for (k, &sq) in d.rounds_squared.iter().enumerate() {
        cumulative += d.rounds[k] as u128;
        let low = cumulative as i128;
        let high = cumulative.saturating_mul(cumulative).min(i128::MAX as u128) as i128;
        if sq < low || sq > high {
            return err(
                &base.key("rounds_squared").index(k),
                format!("is {sq}, but with {cumulative} rounds it lies between {low} and {high}"),
            );
        }
        upper.push(sq);
    }
    let tables = base.key("tables");
    if d.tables.len() != layout.tables() {
        return err(
            &tables,
            format!(
                "holds {}, but the spec has {}",
                plural(d.tables.len(), "pay table"),
                plural(layout.tables(), "pay table")
            ),
        );
    }
    for (t, table) in d.tables.iter().enumerate() {
        let field = tables.index(t);
        let width = layout.codes(t);
        let cells = BANDS * BUCKETS * width;
        if table.codes.len() != cells {
            return err(
                &field.key("codes"),
                format!(
                    "holds {}, expected {cells} ({BANDS} bands x {BUCKETS} count buckets x {width} settlements)",
                    plural(table.codes.len(), "count")
                ),
            );
        }
        for (band, &rounds) in d.rounds.iter().enumerate() {
            let cell = &table.codes[band * BUCKETS * width..(band + 1) * BUCKETS * width];
            let sum: u128 = cell.iter().map(|&x| x as u128).sum();
            if sum != rounds as u128 {
                return err(
                    &field.key("codes"),
                    format!(
                        "band {band} adds up to {sum} rounds, but {rounds} rounds began in it: each round settles each pay table once"
                    ),
                );
            }
        }
        if table.shoe_squares.len() != BANDS * BUCKETS {
            return err(
                &field.key("shoe_squares"),
                format!(
                    "holds {}, expected {}",
                    plural(table.shoe_squares.len(), "sum"),
                    BANDS * BUCKETS
                ),
            );
        }
        if table.net_by_rounds.len() != BANDS {
            return err(
                &field.key("net_by_rounds"),
                format!(
                    "holds {}, expected {BANDS}",
                    plural(table.net_by_rounds.len(), "sum")
                ),
            );
        }
        // A shoe's net is at most the largest net of a round times its
        // rounds, so its square sums are bounded by the rounds' squares.
        let most = layout.nets[t]
            .iter()
            .map(|n| n.unsigned_abs() as i128)
            .max()
            .unwrap_or(0);
        for (k, &squares) in upper.iter().enumerate() {
            let bound_sq = squares.saturating_mul(most.saturating_mul(most));
            for b in 0..BUCKETS {
                let v = table.shoe_squares[k * BUCKETS + b];
                if v < 0 || v > bound_sq {
                    return err(
                        &field.key("shoe_squares").index(k * BUCKETS + b),
                        format!("is {v}, outside 0 to {bound_sq}, what the rounds dealt allow"),
                    );
                }
            }
            let v = table.net_by_rounds[k];
            let bound = squares.saturating_mul(most);
            if v.unsigned_abs() > bound.unsigned_abs() {
                return err(
                    &field.key("net_by_rounds").index(k),
                    format!("is {v}, outside -{bound} to {bound}, what the rounds dealt allow"),
                );
            }
        }
    }
    Ok(())
}

fn add_u64(a: &mut [u64], b: &[u64]) -> bool {
    a.iter_mut()
        .zip(b)
        .all(|(x, y)| x.checked_add(*y).map(|s| *x = s).is_some())
}

fn add_i128(a: &mut [i128], b: &[i128]) -> bool {
    a.iter_mut()
        .zip(b)
        .all(|(x, y)| x.checked_add(*y).map(|s| *x = s).is_some())
}

fn add_full(a: &mut FullTally, b: &FullTally) -> bool {
    let Some(rounds) = a.rounds.checked_add(b.rounds) else {
        return false;
    };
    a.rounds = rounds;
    a.codes.iter_mut().zip(&b.codes).all(|(x, y)| add_u64(x, y))
}

fn add_dealt(a: &mut DealtTally, b: &DealtTally) -> bool {
    let Some(shoes) = a.shoes.checked_add(b.shoes) else {
        return false;
    };
    a.shoes = shoes;
    add_u64(&mut a.rounds, &b.rounds)
        && add_i128(&mut a.rounds_squared, &b.rounds_squared)
        && a.tables.iter_mut().zip(&b.tables).all(|(x, y)| {
            add_u64(&mut x.codes, &y.codes)
                && add_i128(&mut x.shoe_squares, &y.shoe_squares)
                && add_i128(&mut x.net_by_rounds, &y.net_by_rounds)
        })
}
