//! `certify leaflet SPEC`: the player's leaflet. The spec and its fixtures
//! are checked as the main job checks them (the same located errors and
//! exit codes), the engine is checked against the reference evaluator, the
//! full-shoe figures are computed exactly (no simulation, no protection
//! analyses: the leaflet shows neither), and each leaflet's three files are
//! written all or nothing: every leaflet the spec declares (`leaflets:`),
//! the one `--leaflet ID` names, or the one leaflet of every wager.

use super::args::LeafletArgs;
use super::certify::prepare_out;
use super::output::{Output, exit, failure, with_progress};
use crate::diag::Diagnostic;
use crate::pipeline::{Options, SAMPLES};
use std::path::PathBuf;

pub(super) fn leaflet_cmd(args: &LeafletArgs) -> Output {
    let options = Options {
        decks: args.decks,
        fixtures: args.fixtures.clone(),
        samples: SAMPLES,
        simulate: None,
        edition: args.edition,
        previous: None,
        min_bets: args.min_bet.clone(),
        max_bets: args.max_bet.clone(),
    };
    // Refuse an unusable --out before spending any time computing.
    let out_dir = args.out.clone().unwrap_or_else(|| PathBuf::from("reports"));
    if let Err(d) = prepare_out(&out_dir) {
        return Output::usage(*d);
    }
    let run = match crate::pipeline::certify_figures(&args.spec, &options, &|what, work| {
        with_progress(what, work)
    }) {
        Ok(r) => r,
        Err(f) => return failure(&args.spec, f),
    };
    let plans = match crate::report::leaflet::plans(
        &run.prepared.spec,
        &run.prepared.path,
        args.leaflet.as_deref(),
    ) {
        Ok(p) => p,
        Err(e) => return Output::usage(Diagnostic::plain(e)),
    };
    // Every leaflet is built before any is written: a refusal writes none.
    let mut leaflets = Vec::new();
    for plan in plans {
        match run.leaflet(plan) {
            Ok(l) => leaflets.push(l),
            Err(d) => return Output::refused(&[*d]),
        }
    }
    // Every leaflet's files in one write, all or nothing: a failure leaves
    // every earlier leaflet as it was.
    let files: Vec<(String, &[u8])> = leaflets
        .iter()
        .flat_map(|l| {
            [
                ("md", l.markdown.as_bytes()),
                ("json", l.json.as_bytes()),
                ("pdf", l.pdf.as_slice()),
            ]
            .map(|(ext, bytes)| (format!("{}.{ext}", l.name), bytes))
        })
        .collect();
    let written = match crate::report::document::write_files(&out_dir, &files) {
        Ok(w) => w,
        Err(e) => return Output::refused(&[Diagnostic::plain(e)]),
    };
    let mut stdout = String::new();
    for (leaflet, names) in leaflets.iter().zip(written.chunks(3)) {
        let names: Vec<String> = names.iter().map(|f| f.display().to_string()).collect();
        stdout.push_str(&format!(
            "{} — leaflet for players at {}, results sha256 {}\nleaflet: {}\n",
            leaflet.data.title,
            crate::cards::deck_count(run.prepared.decks),
            leaflet.data.manifest.results_sha256.0,
            names.join(", ")
        ));
    }
    Output {
        stdout,
        stderr: String::new(),
        code: exit::OK,
    }
}
