//! Wrong passwords slow the next try: after a few free ones, each further failure for a name
//! locks that name's logins for twice as long as the last (one second, two, four, ... up to a
//! quarter of an hour), so guessing a password takes years rather than minutes. Kept in
//! memory, by the name's look-alike key: a restart forgets it, which costs a guesser a restart.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong passwords allowed before the first lock.
const FREE: u32 = 5;
/// The longest lock.
const LONGEST: Duration = Duration::from_secs(15 * 60);
/// A name's failures are forgotten this long after its last.
const FORGET: Duration = Duration::from_secs(60 * 60);
/// The most names tracked at once; past it the stalest is forgotten first.
const MOST_NAMES: usize = 10_000;

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    locked_until: Instant,
}

/// Failed logins by name.
#[derive(Debug, Default)]
pub struct LoginThrottle {
    names: Mutex<HashMap<String, Failures>>,
}

impl LoginThrottle {
    /// How long `key` must still wait before a login is tried, if it must.
    pub fn wait(&self, key: &str, now: Instant) -> Option<Duration> {
        let names = self.names.lock().unwrap_or_else(|p| p.into_inner());
        let f = names.get(key)?;
        (f.locked_until > now).then(|| f.locked_until - now)
    }

    /// A wrong password for `key`.
    pub fn failed(&self, key: &str, now: Instant) {
        let mut names = self.names.lock().unwrap_or_else(|p| p.into_inner());
        names.retain(|_, f| now.saturating_duration_since(f.last) < FORGET);
        if names.len() >= MOST_NAMES && !names.contains_key(key) {
            if let Some(stalest) = names.iter().min_by_key(|(_, f)| f.last).map(|(k, _)| k.clone()) {
                names.remove(&stalest);
            }
        }
        let f = names.entry(key.to_string()).or_insert(Failures {
            count: 0,
            last: now,
            locked_until: now,
        });
        f.count += 1;
        f.last = now;
        if f.count > FREE {
            let doublings = (f.count - FREE - 1).min(20);
            f.locked_until = now + Duration::from_secs(1 << doublings).min(LONGEST);
        }
    }

    /// A right password for `key`: its failures are forgotten.
    pub fn succeeded(&self, key: &str) {
        self.names.lock().unwrap_or_else(|p| p.into_inner()).remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_are_free_then_each_doubles_the_wait() {
        let t = LoginThrottle::default();
        let start = Instant::now();
        for _ in 0..FREE {
            t.failed("ann", start);
            assert_eq!(t.wait("ann", start), None);
        }
        let mut waits = Vec::new();
        for _ in 0..4 {
            t.failed("ann", start);
            waits.push(t.wait("ann", start).unwrap().as_secs());
        }
        assert_eq!(waits, [1, 2, 4, 8]);
        // Another name is not held back, and the wait ends.
        assert_eq!(t.wait("bob", start), None);
        assert_eq!(t.wait("ann", start + Duration::from_secs(8)), None);
        // Many more failures stop at the longest lock.
        for _ in 0..40 {
            t.failed("ann", start);
        }
        assert_eq!(t.wait("ann", start), Some(LONGEST));
        // A right password forgets them all.
        t.succeeded("ann");
        assert_eq!(t.wait("ann", start), None);
    }

    #[test]
    fn failures_are_forgotten_after_an_hour_and_the_names_are_bounded() {
        let t = LoginThrottle::default();
        let start = Instant::now();
        for _ in 0..=FREE {
            t.failed("ann", start);
        }
        assert!(t.wait("ann", start).is_some());
        let later = start + FORGET + Duration::from_secs(1);
        t.failed("bob", later);
        t.failed("ann", later);
        assert_eq!(t.wait("ann", later), None, "counted afresh after an hour");
        for i in 0..MOST_NAMES + 10 {
            t.failed(&format!("name{i}"), later);
        }
        assert!(t.names.lock().unwrap().len() <= MOST_NAMES);
    }
}
