//! YAML keys, completed and hovered from the JSON Schemas certify ships
//! (`spec::json_schema`, generated from the raw types by schemars: the
//! field names, their doc comments, which are required, enum values), so
//! no second YAML server is needed. A fixture file has no JSON Schema: its
//! keys come from the shape the checker reads it with
//! (`spec::schema::FIXTURE_FILE`).

use super::outline::DocKind;
use crate::spec::schema::{FIXTURE_FILE, Struct, Ty};
use serde_json::Value;
use std::sync::OnceLock;

/// A key a mapping may hold.
#[derive(Debug, Clone)]
pub struct Key {
    pub name: String,
    pub doc: String,
    pub required: bool,
    /// Its value is a mapping or a list (written on the lines below).
    pub nested: bool,
}

fn parsed(cell: &'static OnceLock<Value>, render: fn() -> String) -> &'static Value {
    cell.get_or_init(|| serde_json::from_str(&render()).unwrap_or(Value::Null))
}

/// The JSON Schema of a kind of file.
fn schema(kind: DocKind) -> Option<&'static Value> {
    static SPEC: OnceLock<Value> = OnceLock::new();
    static GAME: OnceLock<Value> = OnceLock::new();
    match kind {
        DocKind::Spec => Some(parsed(&SPEC, crate::spec::json_schema::spec)),
        DocKind::Game => Some(parsed(&GAME, crate::spec::json_schema::game)),
        DocKind::Fixture | DocKind::Other => None,
    }
}

/// The alternatives a schema stands for: `$ref`s followed, `anyOf`,
/// `oneOf` and `allOf` opened, `null` left out.
fn alternatives<'a>(root: &'a Value, s: &'a Value, out: &mut Vec<&'a Value>, depth: usize) {
    if depth > 16 {
        return;
    }
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        if let Some(t) = root.pointer(r.trim_start_matches('#')) {
            alternatives(root, t, out, depth + 1);
        }
        return;
    }
    let mut opened = false;
    for key in ["anyOf", "oneOf", "allOf"] {
        for alt in s.get(key).and_then(Value::as_array).into_iter().flatten() {
            opened = true;
            alternatives(root, alt, out, depth + 1);
        }
    }
    if !opened && s.get("type") != Some(&Value::from("null")) {
        out.push(s);
    }
}

/// The schemas of the value at `path` (keys from the top; a list's items
/// are entered on the way, as the path names no index).
fn at<'a>(root: &'a Value, path: &[String]) -> Vec<&'a Value> {
    let mut here = Vec::new();
    alternatives(root, root, &mut here, 0);
    for key in path {
        let mut next = Vec::new();
        for s in into_items(root, here) {
            let child = s
                .get("properties")
                .and_then(|p| p.get(key.as_str()))
                .or_else(|| s.get("additionalProperties").filter(|a| a.is_object()));
            if let Some(c) = child {
                alternatives(root, c, &mut next, 0);
            }
        }
        here = next;
    }
    into_items(root, here)
}

/// A list's schemas stand for their items'.
fn into_items<'a>(root: &'a Value, schemas: Vec<&'a Value>) -> Vec<&'a Value> {
    let mut out = Vec::new();
    for s in schemas {
        match s.get("items") {
            Some(items) => alternatives(root, items, &mut out, 0),
            None => out.push(s),
        }
    }
    out
}

fn nested(root: &Value, s: &Value) -> bool {
    let mut alts = Vec::new();
    alternatives(root, s, &mut alts, 0);
    alts.iter().any(|a| {
        let ty = a.get("type");
        let is = |t: &str| {
            ty == Some(&Value::from(t))
                || ty
                    .and_then(Value::as_array)
                    .is_some_and(|v| v.contains(&Value::from(t)))
        };
        is("object") || is("array")
    })
}

/// The keys a mapping at `path` may hold: the required first, each group
/// in alphabetical order.
pub fn keys(kind: DocKind, path: &[String]) -> Vec<Key> {
    if kind == DocKind::Fixture {
        return fixture_keys(path);
    }
    let Some(root) = schema(kind) else {
        return Vec::new();
    };
    let mut out: Vec<Key> = Vec::new();
    for s in at(root, path) {
        let required: Vec<&str> = s
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let Some(props) = s.get("properties").and_then(Value::as_object) else {
            continue;
        };
        for (name, p) in props {
            if out.iter().any(|k| k.name == *name) {
                continue;
            }
            out.push(Key {
                name: name.clone(),
                doc: description(root, p),
                required: required.contains(&name.as_str()),
                nested: nested(root, p),
            });
        }
    }
    out.sort_by(|a, b| (!a.required, &a.name).cmp(&(!b.required, &b.name)));
    out
}

/// A field's doc comment (the `$ref`'d type's, when the field has none).
fn description(root: &Value, p: &Value) -> String {
    if let Some(d) = p.get("description").and_then(Value::as_str) {
        return d.to_string();
    }
    let mut alts = Vec::new();
    alternatives(root, p, &mut alts, 0);
    alts.iter()
        .find_map(|a| a.get("description").and_then(Value::as_str))
        .unwrap_or_default()
        .to_string()
}

/// The values a scalar at `path` may take: the schema's `enum`, or
/// `true` and `false`.
pub fn values(kind: DocKind, path: &[String]) -> Vec<String> {
    let Some(root) = schema(kind) else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for s in at(root, path) {
        for v in s
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(v) = v.as_str().map(str::to_string).filter(|v| !out.contains(v)) {
                out.push(v);
            }
        }
        if s.get("type") == Some(&Value::from("boolean")) {
            for v in ["true", "false"] {
                if !out.iter().any(|x| x == v) {
                    out.push(v.to_string());
                }
            }
        }
    }
    out
}

/// The hover text of key `name` of the mapping at `path`.
pub fn hover(kind: DocKind, path: &[String], name: &str) -> Option<String> {
    let k = keys(kind, path).into_iter().find(|k| k.name == name)?;
    let required = if k.required { " (required)" } else { "" };
    Some(format!("`{}`{required}: {}", k.name, k.doc))
}

/// The hover text of the key under the cursor, if it is on one.
pub fn hover_at(ctx: &super::text::Context, kind: DocKind) -> Option<String> {
    if kind == DocKind::Other {
        return None;
    }
    if ctx.on_key {
        let (name, parent) = ctx.path.split_last()?;
        hover(kind, parent, name)
    } else if ctx.in_key && ctx.in_flow {
        hover(kind, &ctx.path, &ctx.word())
    } else {
        None
    }
}

/// A fixture file's keys, from the shape the checker reads it with.
fn fixture_keys(path: &[String]) -> Vec<Key> {
    let mut shape: &Struct = &FIXTURE_FILE;
    for key in path {
        let field = shape.fields.iter().find(|f| f.name == key);
        match field.map(|f| &f.ty) {
            Some(Ty::Struct(s)) | Some(Ty::List(Ty::Struct(s))) => shape = s,
            _ => return Vec::new(),
        }
    }
    shape
        .fields
        .iter()
        .map(|f| Key {
            name: f.name.to_string(),
            doc: format!("{} of {}", f.ty.expected(), shape.what),
            required: f.required,
            nested: matches!(f.ty, Ty::Struct(_) | Ty::List(_) | Ty::Map(..)),
        })
        .collect()
}

/// The keys already written in the mapping whose keys stand at column
/// `col` around `line` (block style), or on the line's flow mapping.
pub fn written(text: &str, line: usize, col: usize, flow: bool) -> Vec<String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let key_at = |l: &str| -> Option<(usize, String)> {
        let t = l.trim_start_matches([' ', '-']);
        let c = l.len() - t.len();
        let (k, _) = t.split_once(':')?;
        let k = k.trim();
        (!k.is_empty() && k.chars().all(|c| super::text::is_word(c) || c == '-'))
            .then(|| (c, k.to_string()))
    };
    if flow {
        let l = lines.get(line).copied().unwrap_or_default();
        // Inside the braces: the key the flow mapping is the value of is
        // not one of its keys.
        let inside = l.split_once('{').map_or("", |(_, r)| r);
        return inside
            .split(['{', ','])
            .filter_map(|p| p.split_once(':').map(|(k, _)| k.trim().to_string()))
            .filter(|k| !k.is_empty() && k.chars().all(super::text::is_word))
            .collect();
    }
    let mut out = Vec::new();
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let blank = |l: &str| l.trim().is_empty() || l.trim_start().starts_with('#');
    for l in lines[..line.min(lines.len())].iter().rev() {
        if blank(l) {
            continue;
        }
        match key_at(l) {
            Some((c, k)) if c == col => {
                out.push(k);
                if l.trim_start().starts_with("- ") {
                    break;
                }
            }
            _ if indent(l) < col => break,
            _ => {}
        }
    }
    for l in lines.iter().skip(line + 1) {
        if blank(l) {
            continue;
        }
        if indent(l) < col {
            break;
        }
        if let Some((c, k)) = key_at(l)
            && c == col
            && !l.trim_start().starts_with("- ")
        {
            out.push(k);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(p: &[&str]) -> Vec<String> {
        p.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_wager_s_keys_come_with_their_documentation() {
        let ks = keys(DocKind::Spec, &path(&["wagers"]));
        let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
        for want in ["id", "name", "events", "pay_tables", "precedence", "placed"] {
            assert!(names.contains(&want), "{want} not in {names:?}");
        }
        let events = ks.iter().find(|k| k.name == "events").unwrap();
        assert!(events.required && events.nested);
        assert!(events.doc.contains("settle the wager"), "{}", events.doc);
        // Through an `Option`, a `$ref` and a list: an event's keys.
        let ks = keys(DocKind::Spec, &path(&["wagers", "events"]));
        assert!(ks.iter().any(|k| k.name == "when"));
        // The top of a game file, and a fixture case.
        assert!(keys(DocKind::Game, &[]).iter().any(|k| k.name == "drawing"));
        assert!(
            keys(DocKind::Fixture, &path(&["cases"]))
                .iter()
                .any(|k| k.name == "expect")
        );
    }

    #[test]
    fn the_keys_written_are_found_around_the_cursor() {
        let text = "wagers:\n  - id: w\n    name: W\n    \n    events: []\n  - id: v\n";
        let got = written(text, 3, 4, false);
        assert_eq!(got, ["name", "id", "events"]);
        let got = written("h: { wager: a, pay_table: b }", 0, 0, true);
        assert_eq!(got, ["wager", "pay_table"]);
    }
}
