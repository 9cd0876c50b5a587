//! A request's parameters read and its result written, with the error a
//! handler answers when either fails; shared by every module that answers
//! requests.

use super::server::Reply;
use super::wire::code;
use serde_json::Value;

pub fn parse<T: serde::de::DeserializeOwned>(v: Value) -> Result<T, (i32, String)> {
    serde_json::from_value(v).map_err(|e| (code::INVALID_PARAMS, e.to_string()))
}

pub fn to_value(v: impl serde::Serialize) -> Reply {
    serde_json::to_value(v).map_err(|e| (code::INTERNAL_ERROR, e.to_string()))
}
