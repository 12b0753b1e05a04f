//! Finding a key written twice in one JSON object. `serde_json` keeps the last of them without a
//! word, so `"dealer": 0, "dealer": 1` would replay seat 1 and fail later for a reason that has
//! nothing to do with it: the readers name the key instead, and where it is, as the engine
//! protocol and the server do.
//!
//! One walk for every JSON reader of the project: the EGN reader, the game-record reader and the
//! engine protocol's requests.

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

/// A key given twice: the key, the keys leading to its object, and the place in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepeatedKey {
    pub key: String,
    /// The keys from the top down to the object holding the key (list positions left out: the
    /// line and column tell which item).
    pub path: Vec<String>,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for RepeatedKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = euchre::text::shown(&self.key);
        write!(f, "'{}' is given twice ", shown.escape_debug())?;
        if self.path.is_empty() {
            f.write_str("at the top level")?;
        } else {
            let path: Vec<String> = self
                .path
                .iter()
                .map(|k| euchre::text::shown(k).escape_debug().to_string())
                .collect();
            write!(f, "in {}", path.join("."))?;
        }
        write!(f, ", at line {} column {}: each key once", self.line, self.column)
    }
}

/// The first key found twice in one object of `text` (at any depth), if any. Text that is not
/// JSON gives `None` (its reader says what is wrong with it).
pub fn repeated_key(text: &str) -> Option<RepeatedKey> {
    let walk = Walk::default();
    let mut de = serde_json::Deserializer::from_str(text);
    // The walk stops at the first repeated key with an error that carries only its place: the
    // key itself comes back through `found` (any text may be a key, so none can mark its end in
    // a message).
    let e = Check(&walk).deserialize(&mut de).err()?;
    let (key, path) = walk.found.into_inner()?;
    Some(RepeatedKey {
        key,
        path,
        line: e.line(),
        column: e.column(),
    })
}

/// The keys down to the object being read, and the first repeated key with its path.
#[derive(Default)]
struct Walk {
    path: RefCell<Vec<String>>,
    found: RefCell<Option<(String, Vec<String>)>>,
}

/// Walks a JSON value, keeping the first repeated key and failing there.
#[derive(Clone, Copy)]
struct Check<'a>(&'a Walk);

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
                let path = self.0.path.borrow().clone();
                *self.0.found.borrow_mut() = Some((key, path));
                return Err(A::Error::custom("a key given twice"));
            }
            self.0.path.borrow_mut().push(key.clone());
            seen.insert(key);
            map.next_value_seed(self)?;
            self.0.path.borrow_mut().pop();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::repeated_key;

    #[test]
    fn a_key_twice_in_any_object_is_found_with_its_place() {
        let r = repeated_key(r#"{"a":1,"a":2}"#).unwrap();
        assert_eq!(r.key, "a");
        assert!(r.path.is_empty());
        assert_eq!(
            r.to_string(),
            "'a' is given twice at the top level, at line 1 column 10: each key once"
        );
        let r =
            repeated_key("{\"deals\":[{\"x\":1},\n{\"initialState\":{\"dealer\":0,\"dealer\":1}}]}").unwrap();
        assert_eq!(r.key, "dealer");
        assert_eq!(r.path, ["deals", "initialState"]);
        assert_eq!(r.line, 2);
        assert!(
            r.to_string()
                .starts_with("'dealer' is given twice in deals.initialState, at line 2 column"),
            "{r}"
        );
        // Escaped the same: one key.
        assert_eq!(repeated_key(r#"{"i\u0064":1,"id":2}"#).unwrap().key, "id");
        // In any object at any depth; any text is a key, a NUL in it too.
        let key = |text: &str| repeated_key(text).map(|r| r.key);
        assert_eq!(
            key(r#"{"cmd":"new","options":{"a":1,"b":[{"x":1,"x":2}]}}"#).as_deref(),
            Some("x")
        );
        assert_eq!(key(r#"{"x\u0000y":1,"x\u0000y":2}"#).as_deref(), Some("x\0y"));
        assert_eq!(key(r#"{"\u0000":1,"\u0000":2}"#).as_deref(), Some("\0"));
    }

    #[test]
    fn keys_once_each_and_text_that_is_not_json_pass() {
        for text in [
            r#"{"a":{"b":1},"b":{"a":1}}"#,
            r#"[1,"x",null,true,{"k":[]},{"k":[]}]"#,
            r#"{"a":1,"b":{"a":2}}"#,
            // Numbers of any size, as a protocol request's id may be.
            r#"{"id":12345678901234567890123,"cmd":"legal"}"#,
            r#"{"id":1.50,"cmd":"new","options":{"a":1},"deal":{"a":1}}"#,
            "not json",
            r#"{"a":1,"b""#,
        ] {
            assert_eq!(repeated_key(text), None, "{text}");
        }
    }
}
