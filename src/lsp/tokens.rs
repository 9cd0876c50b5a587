//! The words of a condition and their semantic tokens: hands, definitions,
//! attributes, functions, keywords, numbers, operators, ranks and suits,
//! coloured by what they are rather than by YAML (where a condition is one
//! string). The words are read lexically, so that a condition being typed
//! (which does not parse) is coloured as far as it goes.

use super::index::{Index, Kind};
use super::lex::Lex;
use crate::cards::{RANK_NAMES, SUIT_NAMES};
use crate::check::compile::{FUNCTIONS, GLOBALS};
use lsp_types::{SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokensLegend};

/// The token types, in the legend's order.
const TYPES: [SemanticTokenType; 8] = [
    SemanticTokenType::VARIABLE,
    SemanticTokenType::MACRO,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::NUMBER,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::ENUM_MEMBER,
];

/// `defaultLibrary`: a name of the language itself (a global, a function).
const LIBRARY: u32 = 1;

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: vec![SemanticTokenModifier::DEFAULT_LIBRARY],
    }
}

fn type_of(t: &SemanticTokenType) -> u32 {
    TYPES.iter().position(|x| x == t).unwrap_or(0) as u32
}

/// The type and modifiers of a word at a place of the index's file `f`;
/// None for a name that names nothing known (its diagnostic says so).
fn classify(
    index: &Index,
    f: usize,
    at: super::tree::Place,
    word: &str,
    lex: Lex,
) -> Option<(u32, u32)> {
    let t = |ty: SemanticTokenType, m: u32| Some((type_of(&ty), m));
    match lex {
        Lex::Attribute => t(SemanticTokenType::PROPERTY, 0),
        Lex::Function if FUNCTIONS.contains(&word) => t(SemanticTokenType::FUNCTION, LIBRARY),
        Lex::Function => None,
        Lex::Keyword => t(SemanticTokenType::KEYWORD, 0),
        Lex::Number => t(SemanticTokenType::NUMBER, 0),
        Lex::Operator => t(SemanticTokenType::OPERATOR, 0),
        Lex::Name => {
            let site = index.sites.iter().find(|s| s.file == f && s.at == at);
            let kind = site
                .and_then(|s| s.decls.first())
                .map(|&d| index.decls[d].kind);
            match kind {
                Some(Kind::Definition) => t(SemanticTokenType::MACRO, 0),
                Some(Kind::Hand) => t(SemanticTokenType::VARIABLE, 0),
                _ if GLOBALS.contains(&word) => t(SemanticTokenType::VARIABLE, LIBRARY),
                _ if RANK_NAMES.contains(&word) || SUIT_NAMES.contains(&word) => {
                    t(SemanticTokenType::ENUM_MEMBER, 0)
                }
                _ => None,
            }
        }
    }
}

/// The semantic tokens of the conditions of the index's file `f`, as the
/// protocol encodes them (each relative to the one before, in UTF-16).
pub fn tokens(index: &Index, f: usize) -> Vec<SemanticToken> {
    let text = index.text(f);
    let mut found: Vec<(u32, u32, u32, u32, u32)> = index
        .words
        .iter()
        .filter(|(file, ..)| *file == f)
        .filter_map(|(_, at, word, lex)| {
            let (ty, m) = classify(index, f, *at, word, *lex)?;
            let r = super::text::range(text, at.line, at.col, at.width);
            (r.start.line == r.end.line && r.end.character > r.start.character).then_some((
                r.start.line,
                r.start.character,
                r.end.character - r.start.character,
                ty,
                m,
            ))
        })
        .collect();
    found.sort();
    found.dedup_by_key(|t| (t.0, t.1));
    let (mut line, mut col) = (0, 0);
    found
        .into_iter()
        .map(|(l, c, length, token_type, token_modifiers_bitset)| {
            let delta_line = l - line;
            let delta_start = if delta_line == 0 { c - col } else { c };
            (line, col) = (l, c);
            SemanticToken {
                delta_line,
                delta_start,
                length,
                token_type,
                token_modifiers_bitset,
            }
        })
        .collect()
}
