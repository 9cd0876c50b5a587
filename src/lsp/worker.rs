//! The server's two background threads, so that completion and hover never
//! wait on them: the checker (diagnostics of the latest text of each
//! document) and the pricer (the inlay hints of a spec that checked). Each
//! takes only the newest job of a document and drops a job, or its result,
//! once a newer text of the document exists: that is how a change cancels
//! the work of the text it replaced. (The engine's walk itself is not
//! interrupted: it runs in tens of milliseconds, and its result is then
//! dropped.)

use super::diagnose::{self, PerFile};
use super::outline::{DocKind, Outline};
use super::wire::Incoming;
use crate::model::Spec;
use lsp_types::InlayHint;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel};
use std::sync::{Arc, Mutex};

/// Everything the main loop waits for.
pub enum Event {
    /// A message from the editor.
    Wire(Incoming),
    /// The input cannot be followed any more: why.
    Broken(String),
    /// Diagnostics of a document's check, per file. `partial`: the first
    /// part (the document's own) of a check that has more to come, so the
    /// other files published before stay.
    Diagnostics {
        owner: PathBuf,
        generation: u64,
        files: PerFile,
        partial: bool,
    },
    /// A spec was checked: `priced` says whether hints will follow.
    Checked {
        path: PathBuf,
        generation: u64,
        priced: bool,
    },
    Priced {
        path: PathBuf,
        generation: u64,
        hints: Vec<InlayHint>,
    },
    /// A certification the code action started has finished: the reports
    /// written, or what went wrong.
    Certified {
        path: PathBuf,
        result: Result<Vec<PathBuf>, String>,
    },
    /// The editor closed the connection.
    Closed,
}

/// The newest generation of each document's text; none once the server
/// has ended (the work left is dropped).
#[derive(Clone)]
pub struct Latest(Arc<Mutex<Option<HashMap<PathBuf, u64>>>>);

impl Latest {
    pub fn new() -> Latest {
        Latest(Arc::new(Mutex::new(Some(HashMap::new()))))
    }

    /// Every job waiting is dropped, every result is stale.
    pub fn close(&self) {
        *self.0.lock().expect("no thread panics holding it") = None;
    }

    pub fn set(&self, path: &Path, generation: u64) {
        if let Some(map) = self.0.lock().expect("no thread panics holding it").as_mut() {
            map.insert(path.to_path_buf(), generation);
        }
    }

    pub fn is_current(&self, path: &Path, generation: u64) -> bool {
        self.0
            .lock()
            .expect("no thread panics holding it")
            .as_ref()
            .is_some_and(|map| map.get(path).is_none_or(|&g| g == generation))
    }
}

/// A document's text to check.
pub struct CheckJob {
    pub path: PathBuf,
    pub generation: u64,
    pub text: String,
    pub kind: DocKind,
    pub outline: Outline,
    /// The texts of the documents open in the editor, which stand for
    /// their files (a fixture file's spec, an excerpt's lines).
    pub open: HashMap<PathBuf, Arc<String>>,
}

pub struct PriceJob {
    pub path: PathBuf,
    pub generation: u64,
    pub spec: Spec,
    pub outline: Outline,
    pub text: String,
}

/// The newest job of each document among those waiting, in arrival order.
fn newest<J>(rx: &Receiver<J>, first: J, path: impl Fn(&J) -> &Path) -> Vec<J> {
    let mut jobs = vec![first];
    while let Ok(j) = rx.try_recv() {
        jobs.retain(|k| path(k) != path(&j));
        jobs.push(j);
    }
    jobs
}

/// Starts the checker and the pricer; returns where to send check jobs.
pub fn start(latest: Latest, events: SyncSender<Event>) -> Sender<CheckJob> {
    let (check_tx, check_rx) = channel::<CheckJob>();
    let (price_tx, price_rx) = channel::<PriceJob>();
    {
        let (latest, events) = (latest.clone(), events.clone());
        std::thread::Builder::new()
            .name("certify-lsp-pricer".into())
            .spawn(move || {
                while let Ok(first) = price_rx.recv() {
                    for job in newest(&price_rx, first, |j| &j.path) {
                        if !latest.is_current(&job.path, job.generation) {
                            continue;
                        }
                        // A panic is a bug; it costs this document its
                        // hints, not the server its pricer.
                        let hints = std::panic::catch_unwind(AssertUnwindSafe(|| {
                            super::price::hints(&job.spec, &job.outline, &job.text)
                        }))
                        .unwrap_or_default();
                        let (path, generation) = (job.path, job.generation);
                        let _ = events.send(Event::Priced {
                            path,
                            generation,
                            hints,
                        });
                    }
                }
            })
            .expect("a thread starts");
    }
    std::thread::Builder::new()
        .name("certify-lsp-checker".into())
        .spawn(move || {
            while let Ok(first) = check_rx.recv() {
                for job in newest(&check_rx, first, |j| &j.path) {
                    if latest.is_current(&job.path, job.generation) {
                        let (path, generation) = (job.path.clone(), job.generation);
                        // A panic is a bug; the hint requests waiting on
                        // this text are answered all the same.
                        let run = std::panic::catch_unwind(AssertUnwindSafe(|| {
                            check(job, &events, &price_tx)
                        }));
                        if run.is_err() {
                            let _ = events.send(Event::Checked {
                                path,
                                generation,
                                priced: false,
                            });
                        }
                    }
                }
            }
        })
        .expect("a thread starts");
    check_tx
}

fn check(job: CheckJob, events: &SyncSender<Event>, price: &Sender<PriceJob>) {
    let open = |p: &Path| {
        job.open
            .iter()
            .find(|(q, _)| super::text::same_file(q, p))
            .map(|(_, t)| t.to_string())
    };
    let send = |files: PerFile, partial: bool| {
        let _ = events.send(Event::Diagnostics {
            owner: job.path.clone(),
            generation: job.generation,
            files,
            partial,
        });
    };
    match job.kind {
        DocKind::Spec => {
            let checked = diagnose::check_spec(&job.path, &job.text);
            let _ = events.send(Event::Checked {
                path: job.path.clone(),
                generation: job.generation,
                priced: checked.is_ok(),
            });
            match checked {
                Err(ds) => {
                    let mut files = diagnose::group(&ds, &job.path, &open);
                    let include = job.outline.include.as_ref().map(|(_, p)| *p);
                    diagnose::on_include(&mut files, &job.path, &job.text, include);
                    send(files, false);
                }
                Ok(spec) => {
                    let mut own = PerFile::new();
                    own.insert(job.path.clone(), Vec::new());
                    send(own, true);
                    let _ = price.send(PriceJob {
                        path: job.path.clone(),
                        generation: job.generation,
                        spec: spec.clone(),
                        outline: job.outline.clone(),
                        text: job.text.clone(),
                    });
                    let mut files = diagnose::fixtures_of(&spec, &job.path, &open);
                    files.entry(job.path.clone()).or_default();
                    send(files, false);
                }
            }
        }
        DocKind::Fixture => send(fixture(&job, &open), false),
        DocKind::Game => send(
            diagnose::check_game(&job.path, &job.text, &job.outline, &open),
            false,
        ),
        DocKind::Other => {
            let mut none = PerFile::new();
            none.insert(job.path.clone(), Vec::new());
            send(none, false);
        }
    }
}

/// A fixture file run against the spec it names: the open document of
/// that spec, else its file.
fn fixture(job: &CheckJob, open: &dyn Fn(&Path) -> Option<String>) -> PerFile {
    let Some((id, _)) = &job.outline.id else {
        let why = "the file names no spec (`spec: ID`): its cases are not run".to_string();
        return diagnose::check_fixture(&job.path, &job.text, Err(why), open);
    };
    let declares = |t: &str| {
        t.lines().any(|l| {
            l.strip_prefix("id:")
                .is_some_and(|v| v.trim().trim_matches(['"', '\'']) == id)
        })
    };
    let found = job
        .open
        .iter()
        .find(|(_, t)| declares(t))
        .map(|(p, t)| (p.clone(), t.to_string()))
        .or_else(|| {
            let p = diagnose::find_spec(&job.path, id)?;
            let t = std::fs::read_to_string(&p).ok()?;
            Some((p, t))
        });
    let Some((spec_path, spec_text)) = found else {
        let why = format!(
            "no spec with id `{id}` found in the folders beside this file's folder: its cases are not run"
        );
        return diagnose::check_fixture(&job.path, &job.text, Err(why), open);
    };
    match diagnose::check_spec(&spec_path, &spec_text) {
        Ok(spec) => diagnose::check_fixture(&job.path, &job.text, Ok(&spec), open),
        Err(ds) => {
            let why = format!(
                "the spec `{id}` ({}) has {} error{}: its cases run once it checks",
                spec_path.display(),
                ds.len(),
                if ds.len() == 1 { "" } else { "s" }
            );
            diagnose::check_fixture(&job.path, &job.text, Err(why), open)
        }
    }
}
