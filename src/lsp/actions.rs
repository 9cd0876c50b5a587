//! Code actions: the quick fixes the diagnostics propose (`Diagnostic::
//! fixes`, made where the checker finds the error: a name it meant, each
//! id it expected, `x in [8, 9]`, a quoted value, a missing `%`) and the
//! full certification of a spec. Each kind of action is a provider in
//! [`PROVIDERS`]: a new one (such as a `certify design` action on a pay
//! table) is a function there.

use super::outline::{DocKind, Outline};
use super::params::{parse, to_value};
use super::requests::CERTIFY_COMMAND;
use super::server::{Doc, Reply, Server};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Command, Range, Uri, WorkspaceEdit,
};
use serde_json::Value;
use std::collections::HashMap;

/// What a provider sees: the document (its text, outline, the
/// diagnostics last published on it) and the range the editor asks about.
pub struct Asked<'a> {
    pub uri: &'a Uri,
    pub outline: &'a Outline,
    pub doc: &'a Doc,
    pub range: Range,
}

type Provider = fn(&Asked) -> Vec<CodeAction>;

/// Every code action, in the order offered.
const PROVIDERS: &[Provider] = &[quick_fixes, certify_run];

fn overlaps(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

/// The fixes of the diagnostics published on the document's current
/// text, at the range asked about.
fn quick_fixes(a: &Asked) -> Vec<CodeAction> {
    let (generation, shown) = &a.doc.shown;
    if *generation != a.doc.generation {
        // Published on a text since changed: their ranges may not hold.
        return Vec::new();
    }
    let mut out = Vec::new();
    for p in shown
        .iter()
        .filter(|p| overlaps(p.diagnostic.range, a.range))
    {
        for (i, (title, edit)) in p.fixes.iter().enumerate() {
            out.push(CodeAction {
                title: title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![p.diagnostic.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(a.uri.clone(), vec![edit.clone()])])),
                    ..Default::default()
                }),
                is_preferred: Some(i == 0),
                ..Default::default()
            });
        }
    }
    out
}

/// `certify SPEC` on a spec: checks, computes and writes the reports.
fn certify_run(a: &Asked) -> Vec<CodeAction> {
    if a.outline.kind != DocKind::Spec {
        return Vec::new();
    }
    let command = Command {
        title: "certify: check, compute and write the reports".into(),
        command: CERTIFY_COMMAND.into(),
        arguments: Some(vec![serde_json::json!(a.uri.as_str())]),
    };
    vec![CodeAction {
        title: command.title.clone(),
        kind: Some(CodeActionKind::SOURCE),
        command: Some(command),
        ..Default::default()
    }]
}

impl Server {
    pub(super) fn code_actions(&mut self, params: Value) -> Reply {
        let p: lsp_types::CodeActionParams = parse(params)?;
        let Some((_, doc)) = self.doc(&p.text_document.uri) else {
            return to_value(Vec::<CodeActionOrCommand>::new());
        };
        let asked = Asked {
            uri: &p.text_document.uri,
            outline: &doc.outline,
            doc,
            range: p.range,
        };
        let only = p.context.only.unwrap_or_default();
        let wanted = |k: &Option<CodeActionKind>| {
            only.is_empty()
                || k.as_ref().is_some_and(|k| {
                    only.iter().any(|o| {
                        k.as_str() == o.as_str()
                            || k.as_str().starts_with(&format!("{}.", o.as_str()))
                    })
                })
        };
        let actions = PROVIDERS
            .iter()
            .flat_map(|provide| provide(&asked))
            .filter(|a| wanted(&a.kind));
        let out: Vec<CodeActionOrCommand> = if self.client.action_literals {
            actions.map(CodeActionOrCommand::CodeAction).collect()
        } else {
            // A client that takes only commands gets the actions that
            // are commands; an edit needs a literal.
            actions
                .filter_map(|a| a.command)
                .map(CodeActionOrCommand::Command)
                .collect()
        };
        to_value(out)
    }
}
