//! Resolving a reference (`item 4`, `Rules of Play`, a table's name) to the
//! places of a document it names.
//!
//! A reference is one or more parts separated by `;`. Each part starts
//! with what it names: `item N`, `items N-M` or a bare number; else the
//! longest start of the part, cut at a `,`, `:` or ` (`, that names a
//! heading or table: by its whole name (case and typography aside); else
//! by its first or last words (`Infinite Fortune` for `The Infinite
//! Fortune`); else by words one name alone holds. Several places named
//! alike are refused. What follows the name (`, second bullet`) says where
//! within the place, in the author's words.

use super::index::{Document, alias};

/// A place a reference names, and what the reference says of where within.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// Index into the document's places.
    pub place: usize,
    pub within: Option<String>,
}

/// Why a reference names no place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolved {
    /// No place has that name (`part`: the part of the reference).
    Unknown { part: String },
    /// Several places hold those words.
    Ambiguous { part: String, places: Vec<usize> },
    /// The document has no such numbered item.
    NoItem { item: u32 },
}

/// Every place `reference` names, in the order named.
pub fn resolve(doc: &Document, reference: &str) -> Result<Vec<Named>, Unresolved> {
    let mut out = Vec::new();
    for part in reference
        .split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        out.extend(resolve_part(doc, part)?);
    }
    Ok(out)
}

fn resolve_part(doc: &Document, part: &str) -> Result<Vec<Named>, Unresolved> {
    if let Some((items, rest)) = items_at_start(part) {
        let within = within(rest);
        return items
            .into_iter()
            .map(|n| {
                doc.places
                    .iter()
                    .position(|p| p.number == Some(n))
                    .map(|place| Named {
                        place,
                        within: within.clone(),
                    })
                    .ok_or(Unresolved::NoItem { item: n })
            })
            .collect();
    }
    let mut cuts: Vec<usize> = part
        .char_indices()
        .filter(|&(i, c)| c == ',' || c == ':' || (c == '(' && part[..i].ends_with(' ')))
        .map(|(i, c)| if c == '(' { i - 1 } else { i })
        .collect();
    cuts.push(part.len());
    for &cut in cuts.iter().rev() {
        match by_name(doc, &part[..cut]) {
            Some(Ok(place)) => {
                return Ok(vec![Named {
                    place,
                    within: within(&part[cut..]),
                }]);
            }
            Some(Err(places)) => {
                return Err(Unresolved::Ambiguous {
                    part: part[..cut].trim().to_string(),
                    places,
                });
            }
            None => {}
        }
    }
    Err(Unresolved::Unknown {
        part: part.to_string(),
    })
}

/// The place named `name`: by a whole name, else by words one name alone
/// holds. None: no place; Err: several.
fn by_name(doc: &Document, name: &str) -> Option<Result<usize, Vec<usize>>> {
    let n = alias(name);
    let n = n.strip_prefix("the ").unwrap_or(&n).to_string();
    if n.chars().filter(|c| c.is_alphanumeric()).count() < 3 {
        return None;
    }
    // The whole name; else its first or last words; else words anywhere
    // in it (a leading "the" aside, on either side).
    let tiers: [&dyn Fn(&str) -> bool; 3] = [
        &|a: &str| a == n,
        &|a: &str| {
            a.strip_prefix(n.as_str())
                .is_some_and(|r| r.starts_with(' '))
                || a.strip_suffix(n.as_str()).is_some_and(|r| r.ends_with(' '))
        },
        &|a: &str| a.contains(n.as_str()),
    ];
    for tier in tiers {
        let found: Vec<usize> = (0..doc.places.len())
            .filter(|&k| {
                doc.places[k]
                    .aliases
                    .iter()
                    .any(|a| tier(a.strip_prefix("the ").unwrap_or(a)))
            })
            .collect();
        match found.as_slice() {
            [] => continue,
            [one] => return Some(Ok(*one)),
            _ => return Some(Err(found)),
        }
    }
    None
}

/// What follows a place's name: where within it, in the author's words.
fn within(rest: &str) -> Option<String> {
    let w = rest
        .trim()
        .trim_start_matches([',', ':'])
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    (!w.is_empty()).then(|| w.to_string())
}

/// `item 4`, `items 1-5`, `Items 11 to 12` or `7` at the start of a part:
/// the numbers, and the rest.
fn items_at_start(part: &str) -> Option<(Vec<u32>, &str)> {
    let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        let rest = &part[digits.len()..];
        return (rest.trim().is_empty() || rest.starts_with([',', ':']))
            .then(|| digits.parse().ok())
            .flatten()
            .map(|n| (vec![n], rest));
    }
    let mentions = super::cite::item_mentions(part);
    let (range, numbers) = mentions.into_iter().next()?;
    (range.start == 0).then(|| (numbers, &part[range.end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "Game\n\n### Rules of Play\n\nWords.\n\n**1. Both Draw:**\n\n- Wins.\n\n**2. Player Draws:**\n\n- Wins.\n\nPaytable for Dragons - Red Dragon 7s\n\nOutcome\tPays\nWin\t1\n\nPaytable for Dragons - Golden Dragon 7\n\nOutcome\tPays\nWin\t2\n\nHow Wagers are Paid, Collected and Pushed\n\nWords.\n";

    fn places(reference: &str) -> Result<Vec<(String, Option<String>)>, Unresolved> {
        let d = Document::read("d.txt", DOC.as_bytes());
        resolve(&d, reference).map(|v| {
            v.into_iter()
                .map(|n| (d.places[n.place].name.clone(), n.within))
                .collect()
        })
    }

    fn one(name: &str, within: Option<&str>) -> Vec<(String, Option<String>)> {
        vec![(name.to_string(), within.map(String::from))]
    }

    #[test]
    fn items_headings_and_tables() {
        assert_eq!(places("2"), Ok(one("item 2", None)));
        assert_eq!(
            places("item 1, first bullet"),
            Ok(one("item 1", Some("first bullet")))
        );
        assert_eq!(places("Player Draws"), Ok(one("item 2", None)));
        assert_eq!(places("rules of play"), Ok(one("Rules of Play", None)));
        assert_eq!(
            places("Red Dragon 7, its table"),
            Ok(one(
                "Paytable for Dragons - Red Dragon 7s",
                Some("its table")
            ))
        );
        assert_eq!(
            places("How Wagers are Paid, Collected and Pushed"),
            Ok(one("How Wagers are Paid, Collected and Pushed", None))
        );
        assert_eq!(
            places("items 1-2; Rules of Play (second paragraph)").map(|v| v.len()),
            Ok(3)
        );
        assert_eq!(
            places("Rules of Play (second paragraph)"),
            Ok(one("Rules of Play", Some("second paragraph")))
        );
    }

    #[test]
    fn refused_references() {
        assert_eq!(places("item 3"), Err(Unresolved::NoItem { item: 3 }));
        assert!(matches!(
            places("Rules of Pay"),
            Err(Unresolved::Unknown { .. })
        ));
        assert!(
            matches!(places("Dragon"), Err(Unresolved::Ambiguous { places, .. }) if places.len() == 2)
        );
        // The last words of one name: the other ends in `7s`.
        assert_eq!(
            places("Dragon 7"),
            Ok(one("Paytable for Dragons - Golden Dragon 7", None))
        );
    }
}
