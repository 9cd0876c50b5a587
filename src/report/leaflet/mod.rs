//! The player's leaflet (`certify leaflet SPEC`): one or two pages for the
//! people who bet, not for the examiner. For each wager a player can bet
//! under the spec's adopted readings: what it is and how it wins, in the
//! rule file's words; its pay table with every pay stated "N to 1"; the
//! house edge (or, in a game banked by a rotating player-dealer, the
//! advantage of the player-dealer position) and the return to player; the
//! odds of the top award. The figures are the full-shoe figures of the
//! exact engine, taken through the same functions as the report's
//! ([`data`]); the words are filled into a [`Document`] in one function
//! ([`fill::document`]) and rendered by the report's own Markdown and PDF
//! renderers, the PDF in [`crate::report::pdf::Style::leaflet`] (larger
//! type, no running header).
//!
//! Like a report, a leaflet is three files written all or nothing
//! (`<report id>-leaflet.md`, `.json`, `.pdf`), with nothing time-dependent
//! in them; the JSON holds the figures shown, a manifest (spec hash, tool
//! version, command) and the SHA-256 of its Markdown and PDF siblings, and
//! `certify verify` recomputes it from its manifest.

pub mod data;
pub mod fill;

use crate::diag::report::ReportError;
use crate::report::Computed;
use crate::report::inputs::Inputs;
use crate::report::model::Document;

/// What a leaflet's file names add to the report's id.
pub const SUFFIX: &str = "-leaflet";

/// A rendered leaflet: its figures, its document and its three files.
pub struct Leaflet {
    pub data: data::LeafletData,
    pub model: Document,
    pub markdown: String,
    pub json: String,
    pub pdf: Vec<u8>,
}

/// The leaflet of a computed spec; `report` is the id of its full report
/// (the main job's file name), which the leaflet names as the full analysis.
/// `payout_limits`: the lines of the edition's payout limits, if any.
pub fn build(
    inp: &Inputs,
    c: &Computed,
    report: &str,
    payout_limits: Vec<String>,
) -> Result<Leaflet, ReportError> {
    let mut data = data::fill(inp, c, report, payout_limits);
    let date = inp.spec.report.date.map(crate::report::release::date_text);
    let model = fill::document(&data, date);
    let markdown = crate::report::markdown::render(&model);
    let style = crate::report::pdf::Style::leaflet(&data.game);
    let pdf = crate::report::pdf::render_styled(&model, &style)?;
    data.leaflet_set = Some(crate::report::data::manifest::ReportSet::of(
        &markdown, &pdf,
    ));
    // Through `Value`, whose maps keep keys sorted, as the report's JSON.
    let value = serde_json::to_value(&data).expect("serializable");
    let json = serde_json::to_string_pretty(&value).expect("serializable") + "\n";
    Ok(Leaflet {
        data,
        model,
        markdown,
        json,
        pdf,
    })
}

/// The leaflet's file names' id: `<report id>-leaflet`.
pub fn id(report: &str) -> String {
    format!("{report}{SUFFIX}")
}

/// Writes the leaflet's three files all or nothing, as a report set is
/// written ([`crate::report::document::write_set`]).
pub fn write(
    leaflet: &Leaflet,
    dir: &std::path::Path,
    report: &str,
) -> Result<Vec<std::path::PathBuf>, ReportError> {
    crate::report::document::write_set(
        dir,
        &id(report),
        &[
            ("md", leaflet.markdown.as_bytes()),
            ("json", leaflet.json.as_bytes()),
            ("pdf", leaflet.pdf.as_slice()),
        ],
    )
}
