//! Finding a key written twice in one JSON object. `serde_json` keeps the last of them without
//! a word, so `{"seed":1,"seed":2}` would deal seed 2 and `{"id":1,"id":2}` answer as 2: the
//! protocol names the key instead, as it names a misspelt one.

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;
use std::fmt;

/// The first key found twice in one object of `line` (at any depth), if any. `line` is
/// already known to be JSON; a line that is not gives `None`.
pub fn repeated_key(line: &str) -> Option<String> {
    let mut de = serde_json::Deserializer::from_str(line);
    match Check.deserialize(&mut de) {
        Err(e) if e.is_data() => Some(
            e.to_string()
                .split_once('\u{0}')
                .map_or_else(String::new, |(key, _)| key.to_string()),
        ),
        _ => None,
    }
}

/// Walks a JSON value, failing at a repeated key with the key before a NUL (which cannot be
/// in an unescaped key) and serde's position after it.
struct Check;

impl<'de> DeserializeSeed<'de> for Check {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Check {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E: Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Check)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(A::Error::custom(format!("{key}\u{0}")));
            }
            map.next_value_seed(Check)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::repeated_key;

    #[test]
    fn a_key_twice_in_any_object_is_found() {
        assert_eq!(
            repeated_key(r#"{"cmd":"new","seed":1,"seed":2}"#).as_deref(),
            Some("seed")
        );
        assert_eq!(
            repeated_key(r#"{"cmd":"new","options":{"a":1,"b":[{"x":1,"x":2}]}}"#).as_deref(),
            Some("x")
        );
        // Escaped the same: one key.
        assert_eq!(repeated_key(r#"{"i\u0064":1,"id":2}"#).as_deref(), Some("id"));
    }

    #[test]
    fn keys_once_each_and_numbers_of_any_size_pass() {
        for line in [
            r#"{"id":12345678901234567890123,"cmd":"legal"}"#,
            r#"{"id":1.50,"cmd":"new","options":{"a":1},"deal":{"a":1}}"#,
            r#"{"a":{"b":1},"b":{"a":1}}"#,
            r#"[1,"x",null,true,{"k":[]}]"#,
            "not json",
        ] {
            assert_eq!(repeated_key(line), None, "{line}");
        }
    }
}
