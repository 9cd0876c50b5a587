//! The wire: JSON-RPC messages framed by a `Content-Length` header on a
//! byte stream, read with limits so that no header can make the server
//! allocate what it states, and sorted into what the protocol allows.
//!
//! A message that cannot be used (not JSON, not a JSON-RPC message, too
//! long) is [`Incoming::Invalid`]: the server answers it where an id can be
//! read and goes on. A stream that cannot be followed any more (a header
//! that is not a header, no length, an end inside a message) is a
//! [`Broken`] stream: the server says so on standard error and exits 1.

use serde_json::Value;
use std::io::{BufRead, Read, Write};

/// The longest header line read, line break included.
pub const MAX_HEADER_LINE: usize = 1024;
/// The most header lines one message may have.
pub const MAX_HEADERS: usize = 16;
/// The longest message body read: a document at the size limit
/// (`spec::limits::MAX_BYTES`) written as JSON, each byte at most six
/// characters (`\u00XX`), with 64 KiB for the rest of the message.
pub const MAX_BODY: usize = 6 * crate::spec::limits::MAX_BYTES + 64 * 1024;
/// A longer body is skipped unread (and answered as too long) when its
/// length is at most this; a longer length is not taken as a length.
pub const MAX_SKIPPED: u64 = 64 * 1024 * 1024;
/// How much of a skipped body is kept, to find its id.
const KEPT: usize = 4096;

/// JSON-RPC's error codes the server answers with.
pub mod code {
    pub const PARSE_ERROR: i32 = -32700;
    pub const INVALID_REQUEST: i32 = -32600;
    pub const METHOD_NOT_FOUND: i32 = -32601;
    pub const INVALID_PARAMS: i32 = -32602;
    pub const INTERNAL_ERROR: i32 = -32603;
    pub const SERVER_NOT_INITIALIZED: i32 = -32002;
    pub const REQUEST_CANCELLED: i32 = -32800;
}

/// One message read.
#[derive(Debug)]
pub enum Incoming {
    Request {
        id: Value,
        method: String,
        params: Value,
    },
    Notification {
        method: String,
        params: Value,
    },
    /// The client's answer to one of the server's requests.
    Response {
        id: Value,
    },
    /// A message that cannot be used: the ids it carries (answered with
    /// `code`), and why, for standard error when there is none.
    Invalid {
        ids: Vec<Value>,
        code: i32,
        why: String,
    },
}

/// Why the stream cannot be followed.
#[derive(Debug, PartialEq, Eq)]
pub struct Broken(pub String);

/// Reads the next message: `Ok(None)` at the end of the input between
/// messages.
pub fn read(r: &mut impl BufRead) -> Result<Option<Incoming>, Broken> {
    let Some(length) = headers(r)? else {
        return Ok(None);
    };
    if length > MAX_SKIPPED {
        return Err(Broken(format!(
            "a message's Content-Length of {length} bytes is past any message an editor sends (at most {MAX_SKIPPED} bytes are skipped): the stream is taken as broken"
        )));
    }
    let length = length as usize;
    if length > MAX_BODY {
        let mut kept = Vec::with_capacity(KEPT);
        let mut body = r.by_ref().take(length as u64);
        body.by_ref()
            .take(KEPT as u64)
            .read_to_end(&mut kept)
            .map_err(ended(length))?;
        let skipped = std::io::copy(&mut body, &mut std::io::sink()).map_err(ended(length))?;
        if kept.len() + skipped as usize != length {
            return Err(ended(length)(std::io::ErrorKind::UnexpectedEof.into()));
        }
        return Ok(Some(Incoming::Invalid {
            ids: id_in(&kept).into_iter().collect(),
            code: code::INVALID_REQUEST,
            why: format!(
                "a message of {length} bytes, past the limit of {MAX_BODY} bytes (a document of at most {} KiB): skipped",
                crate::spec::limits::MAX_BYTES / 1024
            ),
        }));
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).map_err(ended(length))?;
    Ok(Some(classify(&body)))
}

fn ended(length: usize) -> impl Fn(std::io::Error) -> Broken {
    move |e| {
        Broken(format!(
            "the input ended inside a message of {length} bytes ({e})"
        ))
    }
}

/// Reads the headers of a message; its length, or None at the end of the
/// input before any.
fn headers(r: &mut impl BufRead) -> Result<Option<u64>, Broken> {
    let mut length = None;
    let mut lines = 0;
    loop {
        let mut line = Vec::new();
        let n = r
            .by_ref()
            .take(MAX_HEADER_LINE as u64)
            .read_until(b'\n', &mut line)
            .map_err(|e| Broken(format!("the input cannot be read: {e}")))?;
        if n == 0 {
            return if lines == 0 && length.is_none() {
                Ok(None)
            } else {
                Err(Broken("the input ended inside a message's headers".into()))
            };
        }
        if line.last() != Some(&b'\n') {
            return Err(Broken(if n == MAX_HEADER_LINE {
                format!("a header line longer than {MAX_HEADER_LINE} bytes")
            } else {
                "the input ended inside a message's headers".into()
            }));
        }
        // `\r\n` as the protocol writes it; a bare `\n` is read alike.
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.is_empty() {
            match length {
                Some(n) => return Ok(Some(n)),
                // Blank lines between messages are passed over.
                None if lines == 0 => continue,
                None => return Err(Broken("a message with no Content-Length header".into())),
            }
        }
        lines += 1;
        if lines > MAX_HEADERS {
            return Err(Broken(format!(
                "a message with more than {MAX_HEADERS} header lines"
            )));
        }
        let shown = String::from_utf8_lossy(text);
        let Some((name, value)) = shown.split_once(':') else {
            return Err(Broken(format!(
                "expected a header `Name: value`, found `{}`",
                shown.chars().take(80).collect::<String>()
            )));
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            let n = value
                .parse::<u64>()
                .ok()
                .filter(|_| value.bytes().all(|b| b.is_ascii_digit()));
            match (n, length) {
                (Some(n), None) => length = Some(n),
                (Some(n), Some(m)) if n == m => {}
                (Some(_), Some(_)) => {
                    return Err(Broken("two different Content-Length headers".into()));
                }
                (None, _) if value.bytes().all(|b| b.is_ascii_digit()) && !value.is_empty() => {
                    return Err(Broken(format!(
                        "a Content-Length of {value} bytes is past any message an editor sends: the stream is taken as broken"
                    )));
                }
                (None, _) => {
                    return Err(Broken(format!(
                        "expected a number of bytes after `Content-Length:`, found `{}`",
                        value.chars().take(40).collect::<String>()
                    )));
                }
            }
        }
        // Other headers (Content-Type) change nothing: the body is UTF-8.
    }
}

/// What a body is: a request, notification or response, or why none.
pub fn classify(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Invalid {
                ids: id_in(body).into_iter().collect(),
                code: code::PARSE_ERROR,
                why: format!("a message that is not JSON: {e}"),
            };
        }
    };
    match value {
        Value::Array(items) => Incoming::Invalid {
            ids: items.iter().filter_map(usable_id).collect(),
            code: code::INVALID_REQUEST,
            why: "a batch (an array of messages): the Language Server Protocol sends one message at a time".into(),
        },
        Value::Object(_) => message(value),
        other => Incoming::Invalid {
            ids: Vec::new(),
            code: code::INVALID_REQUEST,
            why: format!("a message that is not an object but {}", kind(&other)),
        },
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A request's id as JSON-RPC allows it: a string or a whole number.
fn usable_id(message: &Value) -> Option<Value> {
    match message.get("id")? {
        v @ Value::String(_) => Some(v.clone()),
        v @ Value::Number(n) if n.is_i64() || n.is_u64() => Some(v.clone()),
        _ => None,
    }
}

fn message(mut v: Value) -> Incoming {
    let invalid = |v: &Value, why: String| Incoming::Invalid {
        ids: usable_id(v).into_iter().collect(),
        code: code::INVALID_REQUEST,
        why,
    };
    if v.get("jsonrpc") != Some(&Value::String("2.0".into())) {
        return invalid(&v, "a message without `\"jsonrpc\": \"2.0\"`".into());
    }
    let id = v.get("id").cloned();
    if id.is_some() && usable_id(&v).is_none() {
        return invalid(
            &v,
            "a message whose id is neither a string nor a whole number".into(),
        );
    }
    let params = v
        .as_object_mut()
        .and_then(|o| o.remove("params"))
        .unwrap_or(Value::Null);
    if !matches!(params, Value::Null | Value::Object(_) | Value::Array(_)) {
        return invalid(
            &v,
            format!("params that are {}, not an object or array", kind(&params)),
        );
    }
    match (v.get("method"), id) {
        (Some(Value::String(m)), Some(id)) => Incoming::Request {
            id,
            method: m.clone(),
            params,
        },
        (Some(Value::String(m)), None) => Incoming::Notification {
            method: m.clone(),
            params,
        },
        (Some(other), _) => invalid(
            &v,
            format!("a method that is {}, not a string", kind(other)),
        ),
        (None, Some(id)) if v.get("result").is_some() != v.get("error").is_some() => {
            Incoming::Response { id }
        }
        (None, _) => invalid(
            &v,
            "a message with neither a method nor a result or error".into(),
        ),
    }
}

/// The id of a message that does not parse (not JSON, cut short): the
/// value of a top-level `"id"` key, when it is a string or an integer.
pub fn id_in(body: &[u8]) -> Option<Value> {
    let mut depth = 0usize;
    let mut i = 0;
    // The string just read, while it may still be a key.
    let mut key: Option<(usize, usize)> = None;
    while i < body.len() {
        match body[i] {
            b'"' => {
                let end = string_end(body, i)?;
                key = Some((i, end));
                i = end;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b':' if depth == 1 && key.is_some_and(|(s, e)| &body[s..e] == b"\"id\"") => {
                return scalar_at(body, i + 1);
            }
            b if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            _ => {}
        }
        key = None;
        i += 1;
    }
    None
}

/// The index just past the string starting at `start` (a `"`).
fn string_end(body: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < body.len() {
        match body[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// A string or integer starting at `at` (after blanks).
fn scalar_at(body: &[u8], at: usize) -> Option<Value> {
    let start = at + body[at..].iter().position(|b| !b.is_ascii_whitespace())?;
    let end = if body[start] == b'"' {
        string_end(body, start)?
    } else {
        start
            + body[start..]
                .iter()
                .position(|b| !(b.is_ascii_digit() || *b == b'-'))
                .unwrap_or(body.len() - start)
    };
    let v: Value = serde_json::from_slice(&body[start..end]).ok()?;
    usable_id(&serde_json::json!({ "id": v }))
}

/// Writes one message, framed.
pub fn write(w: &mut impl Write, message: &Value) -> std::io::Result<()> {
    let body = message.to_string();
    write!(w, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn one(bytes: &[u8]) -> Result<Option<Incoming>, Broken> {
        read(&mut Cursor::new(bytes.to_vec()))
    }

    fn framed(body: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    #[test]
    fn a_request_and_a_notification_are_read() {
        let r = one(&framed(r#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#)).unwrap();
        assert!(matches!(r, Some(Incoming::Request { id, .. }) if id == 7));
        let n = one(&framed(r#"{"jsonrpc":"2.0","method":"exit"}"#)).unwrap();
        assert!(matches!(n, Some(Incoming::Notification { method, .. }) if method == "exit"));
        assert!(one(b"").unwrap().is_none());
    }

    #[test]
    fn line_feeds_alone_end_headers_too() {
        let body = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let bytes = format!("Content-Length: {}\n\n{body}", body.len());
        assert!(matches!(
            one(bytes.as_bytes()),
            Ok(Some(Incoming::Notification { .. }))
        ));
    }

    #[test]
    fn a_body_that_is_not_json_keeps_its_readable_id() {
        let r = one(&framed(
            r#"{"jsonrpc":"2.0","id":"a-1","method":"x","params":{"#,
        ))
        .unwrap();
        match r {
            Some(Incoming::Invalid { ids, code, .. }) => {
                assert_eq!(ids, [Value::from("a-1")]);
                assert_eq!(code, code::PARSE_ERROR);
            }
            other => panic!("{other:?}"),
        }
        let lone = framed(r#"{"jsonrpc":"2.0","id":3,"method":"x","params":{"t":"\ud800"}}"#);
        assert!(matches!(
            one(&lone),
            Ok(Some(Incoming::Invalid { ids, code: code::PARSE_ERROR, .. })) if ids == [Value::from(3)]
        ));
    }

    #[test]
    fn shapes_json_rpc_refuses_are_invalid_requests() {
        for (body, ids) in [
            ("{}", vec![]),
            (
                r#"[{"jsonrpc":"2.0","id":1,"method":"a"},{"id":2}]"#,
                vec![1, 2],
            ),
            (r#"{"jsonrpc":"2.0","id":5}"#, vec![5]),
            (r#"{"jsonrpc":"2.0","id":5,"method":9}"#, vec![5]),
            (r#"{"id":5,"method":"a"}"#, vec![5]),
            (
                r#"{"jsonrpc":"2.0","id":5,"method":"a","params":3}"#,
                vec![5],
            ),
            ("17", vec![]),
        ] {
            match one(&framed(body)).unwrap() {
                Some(Incoming::Invalid { ids: got, code, .. }) => {
                    assert_eq!(code, code::INVALID_REQUEST, "{body}");
                    let want: Vec<Value> = ids.into_iter().map(Value::from).collect();
                    assert_eq!(got, want, "{body}");
                }
                other => panic!("{body}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_length_past_the_limits_is_never_allocated() {
        for huge in [
            "18446744073709551615",
            "99999999999",
            "4000000000",
            "99999999999999999999999",
        ] {
            let e = one(format!("Content-Length: {huge}\r\n\r\n{{}}").as_bytes());
            assert!(
                matches!(&e, Err(Broken(m)) if m.contains("broken")),
                "{huge}: {e:?}"
            );
        }
        // Past the body limit but skippable: skipped, its id kept.
        let mut body = format!(
            r#"{{"jsonrpc":"2.0","id":9,"method":"x","params":"{}"#,
            "a".repeat(MAX_BODY)
        );
        body.push_str("\"}");
        match one(&framed(&body)).unwrap() {
            Some(Incoming::Invalid { ids, code, .. }) => {
                assert_eq!(ids, [Value::from(9)]);
                assert_eq!(code, code::INVALID_REQUEST);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn headers_that_are_not_headers_break_the_stream() {
        for bad in [
            &b"Content-Length: 12x\r\n\r\n"[..],
            b"hello\r\n\r\n",
            b"Content-Type: x\r\n\r\n{}",
            b"Content-Length: 10\r\n\r\n{}",
            b"Content-Length: 2\r\n",
        ] {
            assert!(one(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
        let long = format!("X-{}: 1\r\n", "a".repeat(MAX_HEADER_LINE));
        assert!(one(long.as_bytes()).is_err());
    }

    #[test]
    fn the_id_is_found_in_a_cut_message() {
        assert_eq!(
            id_in(br#"{"params":{"id":1},"id": 42, "x"#),
            Some(Value::from(42))
        );
        assert_eq!(
            id_in(br#"{"method":"id","id":"q\"1"}"#),
            Some(Value::from("q\"1"))
        );
        assert_eq!(id_in(br#"{"id":null}"#), None);
        assert_eq!(id_in(b"\xff\xfe"), None);
    }
}
