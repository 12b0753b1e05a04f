//! Finding a key written twice in one JSON object. `serde_json` keeps the last of them without
//! a word, so `{"seed":1,"seed":2}` would deal seed 2 and `{"id":1,"id":2}` answer as 2: the
//! protocol names the key instead, as it names a misspelt one.

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

/// The first key found twice in one object of `line` (at any depth), if any. `line` is
/// already known to be JSON; a line that is not gives `None`.
pub fn repeated_key(line: &str) -> Option<String> {
    let found = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(line);
    // The walk stops at the first repeated key, with an error that says only that: the key
    // itself comes back through `found` (any text may be a key, so none can mark its end in
    // a message).
    let _ = Check(&found).deserialize(&mut de);
    found.into_inner()
}

/// Walks a JSON value, keeping the first repeated key in its cell and failing there.
#[derive(Clone, Copy)]
struct Check<'a>(&'a RefCell<Option<String>>);

impl<'de> DeserializeSeed<'de> for Check<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Check<'_> {
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
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                *self.0.borrow_mut() = Some(key);
                return Err(A::Error::custom("a key given twice"));
            }
            seen.insert(key);
            map.next_value_seed(self)?;
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
        // Any text is a key, a NUL in it too.
        assert_eq!(
            repeated_key(r#"{"x\u0000y":1,"x\u0000y":2}"#).as_deref(),
            Some("x\0y")
        );
        assert_eq!(repeated_key(r#"{"\u0000":1,"\u0000":2}"#).as_deref(), Some("\0"));
        assert_eq!(
            repeated_key(r#"{"id\u0000z":1,"id\u0000z":2}"#).as_deref(),
            Some("id\0z")
        );
        assert_eq!(repeated_key(r#"{"a":1,"b":{"a":2}}"#), None);
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
