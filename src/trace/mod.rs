//! Traceability: every text certify prints as the rule document's words is
//! found in the document, every reference to a place of it resolves, and
//! the traceability matrix links each place to what implements and tests
//! it.
//!
//! Layer: pipeline stage: trace, run by `check` (the spec's texts, as part
//! of checking it), by `fixtures` (each fixture file's cases) and by the
//! pipeline (the matrix and the quotations for the report). The layout is
//! in `src/lib.rs`.
//!
//! The document is indexed (`index`: numbered items, headings, tables, by
//! their layout), texts are read for quotations, documents cited and items
//! named (`cite`), quotations found with the stated tolerances (`find`),
//! references resolved (`place`), the spec and fixture files walked
//! (`walk`), and the matrix built (`matrix`).

mod cite;
mod find;
mod index;
mod library;
mod matrix;
mod place;
mod quote;
mod text;
mod walk;

pub use find::{
    Matched, OCR_LONG_WORD, OCR_PER_LONG_WORD, OCR_PER_WORD, OCR_PERCENT, OCR_SHORT_WORD,
};
pub use index::{Document, Place, PlaceKind};
pub(crate) use library::Library;
pub use matrix::{CaseRef, Coverage, Figure, Matrix, PlaceRef, Row, RowReading, Status};
pub use quote::{Located, Quotation};

use crate::diag::Diagnostic;
use crate::diag::input::FileKind;
use crate::model::Spec;
use crate::spec::SourceFile;
use std::path::{Path, PathBuf};

/// The folder a spec's rule documents are read from: `documents/` beside
/// the spec file.
pub fn documents_dir(spec_path: &str) -> PathBuf {
    Path::new(spec_path)
        .parent()
        .unwrap_or(Path::new(""))
        .join("documents")
}

/// Whether the rule document was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentFact {
    pub name: String,
    /// SHA-256 of the bytes read; None: the file was not there, nothing
    /// was checked against it.
    pub sha256: Option<String>,
}

impl DocumentFact {
    pub fn read(&self) -> bool {
        self.sha256.is_some()
    }
}

/// What the report shows of traceability: the document read or not, every
/// quotation with where it was found (or unverified), and the matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub document: DocumentFact,
    pub quotations: Vec<Quotation>,
    pub matrix: Matrix,
}

impl Trace {
    /// The quotations no document was read for.
    pub fn unverified(&self) -> usize {
        self.quotations.iter().filter(|q| q.found.is_none()).count()
    }
}

/// One file's texts walked against its rule documents: what is wrong
/// with them (the check stage's diagnostics) and what the trace keeps
/// (the quotations, and the places each text cites). The check stage
/// walks each file once and hands the pipeline these, so that the trace
/// does not walk them again.
pub struct Texts {
    pub diags: Vec<Diagnostic>,
    quotations: Vec<Quotation>,
    cited: Vec<matrix::Cited>,
}

impl Texts {
    fn of(w: walk::Walker) -> Texts {
        Texts {
            diags: w.diags,
            quotations: w.quotations,
            cited: w.cited,
        }
    }
}

/// The spec's texts checked against its documents (the check stage's
/// part; its `diags`): a quotation not found, a reference to no place, a
/// quotation mark left open, and what the trace keeps of the walk. Nothing
/// is refused for a document that is not there. `document`: the spec's
/// `source.document`.
pub fn spec_texts(source: &SourceFile, document: &str) -> Texts {
    let lib = Library::new(&documents_dir(&source.name));
    Texts::of(walk_spec(source, document, &lib))
}

fn walk_spec<'a>(source: &'a SourceFile, document: &str, lib: &'a Library) -> walk::Walker<'a> {
    let mut w = walk::Walker::new(source, lib, document);
    if let Ok(tree) = crate::spec::yaml::tree(source, FileKind::Spec) {
        w.spec(&tree);
    }
    w
}

/// A fixture file's case names and sources checked against the document
/// it names, else the spec's (its `diags`), and what the trace keeps of
/// the walk.
pub fn fixture_texts(spec: &Spec, source: &SourceFile) -> Texts {
    let lib = Library::new(&spec.documents);
    Texts::of(walk_fixture(source, spec, &lib))
}

fn walk_fixture<'a>(source: &'a SourceFile, spec: &Spec, lib: &'a Library) -> walk::Walker<'a> {
    let mut w = walk::Walker::new(source, lib, &spec.document);
    if let Ok(tree) = crate::spec::yaml::tree(source, FileKind::Fixture) {
        w.fixture(&tree);
    }
    w
}

/// The trace of a checked spec and its fixture files, from the walks the
/// check stage made of their texts: the spec's (`check::Checked::texts`)
/// and each fixture file's the cases came from
/// (`fixtures::run_dir_texts`), named as the cases name the file (its
/// quotations are renamed so): its quotations and matrix.
pub fn trace(spec: &Spec, spec_texts: Texts, files: Vec<(String, Texts)>) -> Trace {
    let lib = Library::new(&spec.documents);
    let doc = lib.get(&spec.document);
    let mut quotations = spec_texts.quotations;
    let mut case_cited = Vec::new();
    for (file, texts) in files {
        quotations.extend(texts.quotations.into_iter().map(|q| Quotation {
            file: file.clone(),
            ..q
        }));
        case_cited.extend(texts.cited.into_iter().map(|c| (file.clone(), c)));
    }
    Trace {
        document: DocumentFact {
            name: spec.document.clone(),
            sha256: doc.as_ref().map(|d| d.sha256.clone()),
        },
        quotations,
        matrix: matrix::matrix(spec, doc.as_deref(), &case_cited),
    }
}
