//! The rule documents of a folder, each read and indexed once, for every
//! text of a spec and its fixture files that quotes one.

use super::index::Document;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The largest rule document read (a larger file is not read: its
/// quotations are left unverified).
const MAX_DOCUMENT_BYTES: u64 = 16 << 20;

/// The rule documents of one folder, each read and indexed once.
pub(crate) struct Library {
    dir: PathBuf,
    read: Mutex<BTreeMap<String, Option<Arc<Document>>>>,
}

impl Library {
    pub(crate) fn new(dir: &Path) -> Library {
        Library {
            dir: dir.to_path_buf(),
            read: Mutex::new(BTreeMap::new()),
        }
    }

    /// Document `name`, indexed; None when it is not in the folder (or not
    /// a plain file name).
    pub(crate) fn get(&self, name: &str) -> Option<Arc<Document>> {
        let mut read = self.read.lock().unwrap_or_else(|e| e.into_inner());
        read.entry(name.to_string())
            .or_insert_with(|| {
                let plain =
                    !name.is_empty() && !name.contains(['/', '\\']) && name != "." && name != "..";
                if !plain {
                    return None;
                }
                crate::spec::source::read_bytes_bounded(self.dir.join(name), MAX_DOCUMENT_BYTES)
                    .ok()
                    .filter(|b| (b.len() as u64) <= MAX_DOCUMENT_BYTES)
                    .map(|b| Arc::new(Document::read(name, &b)))
            })
            .clone()
    }
}
