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
//! A spec may declare its leaflets (`leaflets:`: an id, a title and the
//! wagers each shows, e.g. one per product a casino sells); [`plans`]
//! chooses those a command writes: every declared one, the one
//! `--leaflet ID` names, or, without the section, one leaflet of every
//! adopted wager.
//!
//! Like a report, a leaflet is three files written all or nothing
//! (`<report id>-leaflet.md`, `.json`, `.pdf`, or `<report id>-<leaflet
//! id>-leaflet.*` for a declared one; `certify leaflet` writes every
//! leaflet of a run in one such write), with nothing time-dependent in them;
//! the JSON holds the figures shown, a manifest (spec hash, tool version,
//! command, the declared leaflet) and the SHA-256 of its Markdown and PDF
//! siblings, and `certify verify` recomputes it from its manifest.

pub mod data;
pub mod fill;
pub mod schema;

use crate::diag::report::ReportError;
use crate::diag::usage::UsageError;
use crate::model::{LeafletPlan, Spec};
use crate::report::Computed;
use crate::report::inputs::Inputs;
use crate::report::model::Document;

/// What a leaflet's file names add to the report's id.
pub const SUFFIX: &str = "-leaflet";

/// A rendered leaflet: its figures, its document and its three files.
pub struct Leaflet {
    /// Its files' name without extension ([`id`]).
    pub name: String,
    pub data: data::LeafletData,
    pub model: Document,
    pub markdown: String,
    pub json: String,
    pub pdf: Vec<u8>,
}

/// The leaflets a command writes: the declared one `choice` names; with
/// no choice, every declared one, or where the spec declares none, one
/// leaflet (None) of every adopted wager. A choice the spec does not
/// declare is a usage error that names the declared ones.
pub fn plans<'a>(
    spec: &'a Spec,
    spec_path: &str,
    choice: Option<&str>,
) -> Result<Vec<Option<&'a LeafletPlan>>, UsageError> {
    let declared: Vec<&str> = spec.leaflets.iter().map(|l| l.id.as_str()).collect();
    match choice {
        None if declared.is_empty() => Ok(vec![None]),
        None => Ok(spec.leaflets.iter().map(Some).collect()),
        Some(id) => match spec.leaflet(id) {
            Some(l) => Ok(vec![Some(l)]),
            None if declared.is_empty() => Err(UsageError::flag(
                "leaflet",
                format!(
                    "{spec_path} declares no leaflets (no `leaflets:` section): leave out --leaflet for the leaflet of every wager"
                ),
            )),
            None => Err(UsageError::flag(
                "leaflet",
                format!(
                    "{spec_path} declares no leaflet `{id}`; it declares {}",
                    crate::diag::list(&declared)
                ),
            )),
        },
    }
}

/// The leaflet of a computed spec; `report` is the id of its full report
/// (the main job's file name), which the leaflet names as the full
/// analysis; `plan`, the declared leaflet it is, if any.
/// `payout_limits`: the lines of the edition's payout limits, if any.
pub fn build(
    inp: &Inputs,
    c: &Computed,
    report: &str,
    plan: Option<&LeafletPlan>,
    payout_limits: Vec<String>,
) -> Result<Leaflet, ReportError> {
    let mut data = data::fill(inp, c, report, plan, payout_limits);
    let date = inp.spec.report.date.map(crate::report::release::date_text);
    let model = fill::document(&data, date);
    let markdown = crate::report::markdown::render(&model);
    let style = fitted(&model, &data.title)?;
    let pdf = crate::report::pdf::render_styled(&model, &style)?;
    data.leaflet_set = Some(crate::report::data::manifest::ReportSet::of(
        &markdown, &pdf,
    ));
    // Through `Value`, whose maps keep keys sorted, as the report's JSON.
    let value = serde_json::to_value(&data).expect("serializable");
    let json = serde_json::to_string_pretty(&value).expect("serializable") + "\n";
    Ok(Leaflet {
        name: id(report, plan),
        data,
        model,
        markdown,
        json,
        pdf,
    })
}

/// The leaflet's file names' id: `<report id>-leaflet`, or
/// `<report id>-<leaflet id>-leaflet` for a declared leaflet.
pub fn id(report: &str, plan: Option<&LeafletPlan>) -> String {
    match plan {
        Some(p) => format!("{report}-{}{SUFFIX}", p.id),
        None => format!("{report}{SUFFIX}"),
    }
}

/// The leaflet's style that sets it on two pages at most: the first of
/// [`crate::report::pdf::Style::leaflet_fits`] that does, else the most
/// compact. A leaflet is a sheet a player takes from the table, so it
/// gives up keeping each bet whole on a page, then a little type size,
/// before it takes a third page.
fn fitted(
    model: &crate::report::model::Document,
    title: &str,
) -> Result<crate::report::pdf::Style, ReportError> {
    let [generous, flowing, compact] = crate::report::pdf::Style::leaflet_fits(title);
    for style in [generous, flowing] {
        if crate::report::pdf::layout_styled(model, &style)?
            .pages
            .len()
            <= 2
        {
            return Ok(style);
        }
    }
    Ok(compact)
}
