//! What the editor said it can take (its `initialize` capabilities), read
//! from the JSON as sent, so that an odd or partial declaration never
//! stops the server: the server sends nothing the client did not declare
//! (no `window/showDocument`, Markdown, code-action literals, hierarchical
//! symbols or kinds past the first protocol's unless declared).

use lsp_types::{CompletionItemKind, MarkupContent, MarkupKind, SymbolKind};
use serde_json::Value;
use std::path::PathBuf;

#[derive(Clone, Debug, Default)]
pub struct Client {
    pub markdown_hover: bool,
    pub markdown_completion: bool,
    pub show_document: bool,
    pub hint_refresh: bool,
    /// Code actions as `CodeAction` literals (with edits), not bare commands.
    pub action_literals: bool,
    pub related_information: bool,
    pub hierarchical_symbols: bool,
    pub prepare_rename: bool,
    pub semantic_tokens: bool,
    /// The kinds the client shows; None: the first protocol's.
    completion_kinds: Option<Vec<u64>>,
    symbol_kinds: Option<Vec<u64>>,
    /// The workspace's folder.
    pub root: Option<PathBuf>,
}

fn flag(v: &Value, pointer: &str) -> bool {
    v.pointer(pointer).and_then(Value::as_bool).unwrap_or(false)
}

fn has_markdown(v: &Value, pointer: &str) -> bool {
    v.pointer(pointer)
        .and_then(Value::as_array)
        .is_some_and(|a| a.iter().any(|f| f == "markdown"))
}

fn kinds(v: &Value, pointer: &str) -> Option<Vec<u64>> {
    let set = v.pointer(pointer)?.as_array()?;
    Some(set.iter().filter_map(Value::as_u64).collect())
}

impl Client {
    /// The client of an `initialize` request's params.
    pub fn of(init: &Value) -> Client {
        let caps = init.get("capabilities").unwrap_or(&Value::Null);
        let root = init
            .pointer("/workspaceFolders/0/uri")
            .or_else(|| init.get("rootUri"))
            .and_then(Value::as_str)
            .and_then(|u| u.parse::<lsp_types::Uri>().ok())
            .and_then(|u| super::text::path_of(&u))
            .or_else(|| {
                init.get("rootPath")
                    .and_then(Value::as_str)
                    .map(PathBuf::from)
            });
        Client {
            markdown_hover: has_markdown(caps, "/textDocument/hover/contentFormat"),
            markdown_completion: has_markdown(
                caps,
                "/textDocument/completion/completionItem/documentationFormat",
            ),
            show_document: flag(caps, "/window/showDocument/support"),
            hint_refresh: flag(caps, "/workspace/inlayHint/refreshSupport"),
            action_literals: caps
                .pointer("/textDocument/codeAction/codeActionLiteralSupport")
                .is_some_and(Value::is_object),
            related_information: flag(caps, "/textDocument/publishDiagnostics/relatedInformation"),
            hierarchical_symbols: flag(
                caps,
                "/textDocument/documentSymbol/hierarchicalDocumentSymbolSupport",
            ),
            prepare_rename: flag(caps, "/textDocument/rename/prepareSupport"),
            semantic_tokens: caps
                .pointer("/textDocument/semanticTokens")
                .is_some_and(Value::is_object),
            completion_kinds: kinds(caps, "/textDocument/completion/completionItemKind/valueSet"),
            symbol_kinds: kinds(caps, "/textDocument/documentSymbol/symbolKind/valueSet"),
            root,
        }
    }

    /// Documentation in Markdown, or as plain text for a client that
    /// takes no Markdown (`hover`: for a hover, else for a completion).
    pub fn markup(&self, markdown: String, hover: bool) -> MarkupContent {
        let md = if hover {
            self.markdown_hover
        } else {
            self.markdown_completion
        };
        if md {
            MarkupContent {
                kind: MarkupKind::Markdown,
                value: markdown,
            }
        } else {
            MarkupContent {
                kind: MarkupKind::PlainText,
                value: markdown.replace("**", "").replace('`', ""),
            }
        }
    }

    /// A completion kind the client shows: the first protocol's kinds
    /// (`Text` to `Reference`) stand in for later ones it did not declare.
    pub fn completion_kind(&self, k: CompletionItemKind) -> CompletionItemKind {
        let n = serde_json::to_value(k)
            .ok()
            .and_then(|v| v.as_u64())
            .unwrap_or(1);
        let declared = match &self.completion_kinds {
            Some(set) => set.contains(&n),
            None => n <= 18,
        };
        if declared {
            return k;
        }
        match k {
            CompletionItemKind::ENUM_MEMBER | CompletionItemKind::CONSTANT => {
                CompletionItemKind::VALUE
            }
            CompletionItemKind::OPERATOR => CompletionItemKind::KEYWORD,
            CompletionItemKind::STRUCT => CompletionItemKind::CLASS,
            _ => CompletionItemKind::TEXT,
        }
    }

    /// A symbol kind the client shows (`File` to `Array` unless declared).
    pub fn symbol_kind(&self, k: SymbolKind) -> SymbolKind {
        let n = serde_json::to_value(k)
            .ok()
            .and_then(|v| v.as_u64())
            .unwrap_or(1);
        let declared = match &self.symbol_kinds {
            Some(set) => set.contains(&n),
            None => n <= 18,
        };
        if declared {
            return k;
        }
        match k {
            SymbolKind::ENUM_MEMBER | SymbolKind::EVENT => SymbolKind::CONSTANT,
            SymbolKind::STRUCT | SymbolKind::OBJECT => SymbolKind::CLASS,
            SymbolKind::KEY => SymbolKind::STRING,
            _ => SymbolKind::VARIABLE,
        }
    }
}
