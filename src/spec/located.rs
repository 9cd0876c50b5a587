//! A value as written with where it is in its file: `S<T>` (the YAML
//! reader's `Spanned`), the type of every raw value a diagnostic may point
//! at, in the spec's structs (`raw`) and its `table:` section (`table`).

use serde_saphyr::Spanned;

pub type S<T> = Spanned<T>;
