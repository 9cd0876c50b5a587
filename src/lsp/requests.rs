//! The requests answered from what the server holds: the capabilities it
//! declares (as far as the client takes them), completion, hover, go to
//! definition, semantic tokens and the full certification's command. The
//! code actions are in `actions`, symbols in `symbols`, references and
//! rename in `rename`.

use super::client::Client;
use super::index::Index;
use super::outline::DocKind;
use super::params::{parse, to_value};
use super::scope::Scope;
use super::server::{Reply, Server};
use super::wire::code;
use super::worker::Event;
use super::{complete, diagnose, keys, navigate, text};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, CompletionResponse, ExecuteCommandOptions,
    Hover, HoverContents, HoverProviderCapability, MessageType, OneOf, RenameOptions, SaveOptions,
    SemanticTokens, SemanticTokensFullOptions, SemanticTokensOptions,
    SemanticTokensServerCapabilities, ServerCapabilities, ShowMessageParams,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, Uri, notification,
};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The command of the code action that certifies a spec.
pub const CERTIFY_COMMAND: &str = "certify.run";

impl Server {
    pub(super) fn capabilities(client: &Client) -> ServerCapabilities {
        ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    save: Some(SaveOptions::default().into()),
                    ..Default::default()
                },
            )),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some([".", " ", "{", ",", "[", "("].map(String::from).to_vec()),
                ..Default::default()
            }),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            rename_provider: Some(if client.prepare_rename {
                OneOf::Right(RenameOptions {
                    prepare_provider: Some(true),
                    work_done_progress_options: Default::default(),
                })
            } else {
                OneOf::Left(true)
            }),
            document_symbol_provider: Some(OneOf::Left(true)),
            workspace_symbol_provider: Some(OneOf::Left(true)),
            semantic_tokens_provider: client.semantic_tokens.then(|| {
                SemanticTokensServerCapabilities::SemanticTokensOptions(SemanticTokensOptions {
                    legend: super::tokens::legend(),
                    full: Some(SemanticTokensFullOptions::Bool(true)),
                    ..Default::default()
                })
            }),
            inlay_hint_provider: Some(OneOf::Left(true)),
            code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
            execute_command_provider: Some(ExecuteCommandOptions {
                commands: vec![CERTIFY_COMMAND.into()],
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    /// The document at a position, its cursor context and line.
    fn at(&self, uri: &Uri, pos: lsp_types::Position) -> Option<(PathBuf, text::Context, usize)> {
        let (path, doc) = self.doc(uri)?;
        let line = pos.line as usize;
        let col = text::char_col(text::line(&doc.text, line), pos.character);
        Some((path, text::context(&doc.text, line, col), line))
    }

    fn scope<'a>(&'a self, path: &'a Path, line: usize) -> Scope<'a> {
        let doc = &self.docs[path].outline;
        let open = self.open_text();
        let spec = match doc.kind {
            DocKind::Fixture => self.fixture_spec(path).and_then(|p| {
                if let Some(d) = self.docs.get(&p) {
                    return Some((p, d.outline.clone()));
                }
                let t = std::fs::read_to_string(&p).ok()?;
                let src = crate::spec::SourceFile::new(p.display().to_string(), t);
                Some((p, super::outline::outline(&src)?))
            }),
            _ => None,
        };
        let (spec_path, spec_outline) = match &spec {
            Some((p, o)) => (p.as_path(), o),
            None => (path, doc),
        };
        let game = navigate::included_game(spec_path, spec_outline, &open);
        Scope {
            path,
            line,
            doc,
            spec,
            game,
        }
    }

    /// The spec a fixture file names: the open document that declares
    /// its id, else the file in the folders beside.
    fn fixture_spec(&self, fixture: &Path) -> Option<PathBuf> {
        let (id, _) = self.docs.get(fixture)?.outline.id.as_ref()?;
        let open = self.docs.iter().find(|(_, d)| {
            d.outline.kind == DocKind::Spec && d.outline.id.as_ref().is_some_and(|(i, _)| i == id)
        });
        open.map(|(p, _)| p.clone())
            .or_else(|| diagnose::find_spec(fixture, id))
    }

    /// The indexes a document's ids live in: its spec's (the spec itself,
    /// the one a fixture file names, each spec that includes a game file),
    /// with the game files and fixture files of each; `wide`: also every
    /// other spec that includes the same game file (whose hands and
    /// strategies it names).
    pub(super) fn indexes(&self, path: &Path, wide: bool) -> Vec<Index> {
        let Some(doc) = self.docs.get(path) else {
            return Vec::new();
        };
        let open = self.open_text();
        let specs: Vec<PathBuf> = match doc.outline.kind {
            DocKind::Spec => vec![path.to_path_buf()],
            DocKind::Fixture => self.fixture_spec(path).into_iter().collect(),
            DocKind::Game => diagnose::including_specs(path),
            DocKind::Other => Vec::new(),
        };
        let mut indexes: Vec<Index> = specs
            .iter()
            .filter_map(|s| Index::of_spec(s, &open, true))
            .collect();
        if wide {
            let games: Vec<PathBuf> = indexes
                .iter()
                .flat_map(|ix| ix.games.iter().map(|&g| ix.path(g).to_path_buf()))
                .collect();
            for g in games {
                for s in diagnose::including_specs(&g) {
                    if !indexes.iter().any(|ix| ix.file_of(&s) == Some(0)) {
                        indexes.extend(Index::of_spec(&s, &open, true));
                    }
                }
            }
        }
        indexes
    }

    pub(super) fn completion(&mut self, params: Value) -> Reply {
        let p: lsp_types::CompletionParams = parse(params)?;
        let pos = p.text_document_position.position;
        let Some((path, ctx, line)) = self.at(&p.text_document_position.text_document.uri, pos)
        else {
            return Ok(Value::Null);
        };
        let scope = self.scope(&path, line);
        let mut items = complete::complete(&ctx, &scope, pos);
        if items.is_empty() {
            let doc = &self.docs[&path];
            items = complete::keys_and_values(&ctx, doc.outline.kind, &doc.text, pos);
        }
        for item in &mut items {
            if let Some(k) = item.kind {
                item.kind = Some(self.client.completion_kind(k));
            }
            if let Some(lsp_types::Documentation::MarkupContent(m)) = item.documentation.take() {
                item.documentation = Some(lsp_types::Documentation::MarkupContent(
                    self.client.markup(m.value, false),
                ));
            }
        }
        to_value(CompletionResponse::Array(items))
    }

    pub(super) fn hover(&mut self, params: Value) -> Reply {
        let p: lsp_types::HoverParams = parse(params)?;
        let tp = p.text_document_position_params;
        let Some((path, ctx, line)) = self.at(&tp.text_document.uri, tp.position) else {
            return Ok(Value::Null);
        };
        let kind = self.docs[&path].outline.kind;
        let markdown = navigate::hover(&ctx, &self.scope(&path, line))
            .or_else(|| {
                let col = text::char_col(
                    text::line(&self.docs[&path].text, line),
                    tp.position.character,
                );
                self.indexes(&path, false)
                    .iter()
                    .find_map(|ix| super::rename::hover(ix, &path, line, col))
            })
            .or_else(|| keys::hover_at(&ctx, kind));
        let Some(value) = markdown else {
            return Ok(Value::Null);
        };
        to_value(Hover {
            contents: HoverContents::Markup(self.client.markup(value, true)),
            range: None,
        })
    }

    pub(super) fn definition(&mut self, params: Value) -> Reply {
        let p: lsp_types::GotoDefinitionParams = parse(params)?;
        let tp = p.text_document_position_params;
        let Some((path, ctx, line)) = self.at(&tp.text_document.uri, tp.position) else {
            return Ok(Value::Null);
        };
        let col = text::char_col(
            text::line(&self.docs[&path].text, line),
            tp.position.character,
        );
        let found = self
            .indexes(&path, false)
            .iter()
            .find_map(|ix| super::rename::declaration(ix, &path, line, col));
        if let Some(loc) = found {
            return to_value(loc);
        }
        let open = self.open_text();
        to_value(navigate::definition(&ctx, &self.scope(&path, line), &open))
    }

    pub(super) fn semantic_tokens(&mut self, params: Value) -> Reply {
        let p: lsp_types::SemanticTokensParams = parse(params)?;
        let Some((path, doc)) = self.doc(&p.text_document.uri) else {
            return Ok(Value::Null);
        };
        let open = self.open_text();
        let data = Index::of_file(&path, doc.text.to_string(), doc.outline.kind, &open)
            .map(|ix| super::tokens::tokens(&ix, 0))
            .unwrap_or_default();
        to_value(SemanticTokens {
            result_id: None,
            data,
        })
    }

    pub(super) fn execute(&mut self, params: Value) -> Reply {
        let p: lsp_types::ExecuteCommandParams = parse(params)?;
        let path = p
            .arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok())
            .and_then(|u| text::path_of(&u));
        let (Some(path), true) = (path, p.command == CERTIFY_COMMAND) else {
            return Err((code::INVALID_PARAMS, "expected certify.run SPEC_URI".into()));
        };
        self.notify::<notification::ShowMessage>(ShowMessageParams {
            typ: MessageType::INFO,
            message: format!("certify {}: running…", path.display()),
        });
        let (events, root) = (self.events.clone(), self.client.root.clone());
        std::thread::spawn(move || {
            let result = super::run::certify(&path, root.as_deref());
            let _ = events.send(Event::Certified { path, result });
        });
        Ok(Value::Null)
    }
}
