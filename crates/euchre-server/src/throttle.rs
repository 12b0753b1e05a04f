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
/// The most names tracked at once; past it the stalest name not locked is forgotten first.
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
    #[cfg(test)]
    pub fn wait(&self, key: &str, now: Instant) -> Option<Duration> {
        let names = self.names.lock().unwrap_or_else(|p| p.into_inner());
        let f = names.get(key)?;
        (f.locked_until > now).then(|| f.locked_until - now)
    }

    /// A try for `key`, counted as a wrong password until [`LoginThrottle::succeeded`] says
    /// otherwise: refused with the time left while the name is locked. One lock for the check
    /// and the count, so tries sent all at once cannot all pass the check first.
    pub fn attempt(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut names = self.names.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(f) = names.get(key).filter(|f| f.locked_until > now) {
            return Err(f.locked_until - now);
        }
        Self::count_failure(&mut names, key, now)
    }

    /// A wrong password for `key`.
    #[cfg(test)]
    pub fn failed(&self, key: &str, now: Instant) {
        let mut names = self.names.lock().unwrap_or_else(|p| p.into_inner());
        let _ = Self::count_failure(&mut names, key, now);
    }

    /// A try [`LoginThrottle::attempt`] let through had a wrong password, found at `now`:
    /// the lock its count earned runs from now (checking a password takes a moment).
    pub fn wrong(&self, key: &str, now: Instant) {
        let mut names = self.names.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(f) = names.get_mut(key) {
            if let Some(lock) = lock_for(f.count) {
                f.locked_until = f.locked_until.max(now + lock);
            }
            f.last = now;
        }
    }

    /// Counts a try for `key`. A name locked is never forgotten to make room for another
    /// (review s48, finding 10): a flood of other names would otherwise clear its lock. With
    /// every place held by a locked name, the try is refused until the first lock ends.
    fn count_failure(names: &mut HashMap<String, Failures>, key: &str, now: Instant) -> Result<(), Duration> {
        names.retain(|_, f| now.saturating_duration_since(f.last) < FORGET);
        if names.len() >= MOST_NAMES && !names.contains_key(key) {
            let stalest_unlocked = names
                .iter()
                .filter(|(_, f)| f.locked_until <= now)
                .min_by_key(|(_, f)| f.last)
                .map(|(k, _)| k.clone());
            match stalest_unlocked {
                Some(k) => {
                    names.remove(&k);
                }
                None => {
                    let first_free = names.values().map(|f| f.locked_until).min().unwrap_or(now);
                    return Err(first_free.saturating_duration_since(now));
                }
            }
        }
        let f = names.entry(key.to_string()).or_insert(Failures {
            count: 0,
            last: now,
            locked_until: now,
        });
        f.count += 1;
        f.last = now;
        if let Some(lock) = lock_for(f.count) {
            f.locked_until = now + lock;
        }
        Ok(())
    }

    /// A right password for `key`: its failures are forgotten.
    pub fn succeeded(&self, key: &str) {
        self.names.lock().unwrap_or_else(|p| p.into_inner()).remove(key);
    }
}

/// How long the `count`th wrong password in a row locks a name, if it does.
fn lock_for(count: u32) -> Option<Duration> {
    (count > FREE).then(|| Duration::from_secs(1 << (count - FREE - 1).min(20)).min(LONGEST))
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

    /// Tries are counted as they come, before their passwords are checked: of many sent at
    /// once, only the free ones and the first locked one get through.
    #[test]
    fn tries_count_before_their_passwords_are_checked() {
        let t = LoginThrottle::default();
        let now = Instant::now();
        let passed = (0..300).filter(|_| t.attempt("vic", now).is_ok()).count();
        assert_eq!(passed as u32, FREE + 1);
        assert_eq!(t.attempt("vic", now), Err(Duration::from_secs(1)));
        // A right password (after a try that passed) forgets them.
        t.succeeded("vic");
        assert!(t.attempt("vic", now).is_ok());
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

    /// Review s48, finding 10: a flood of other names does not clear a name's lock; with
    /// every place held by a locked name, a new name waits for the first lock to end.
    #[test]
    fn a_locked_name_is_never_forgotten_to_make_room() {
        let t = LoginThrottle::default();
        let start = Instant::now();
        for _ in 0..=FREE {
            assert!(t.attempt("victim", start).is_ok());
        }
        let locked = t.wait("victim", start).expect("locked");
        let later = start + Duration::from_millis(10);
        for i in 0..MOST_NAMES + 10 {
            let _ = t.attempt(&format!("junk{i}"), later);
        }
        assert!(t.names.lock().unwrap().len() <= MOST_NAMES);
        assert!(t.wait("victim", later).is_some(), "still locked");
        assert_eq!(t.attempt("victim", start), Err(locked));
        // Every place locked: a new name waits for the first lock to end.
        let full = LoginThrottle::default();
        for i in 0..MOST_NAMES {
            for _ in 0..=FREE {
                let _ = full.attempt(&format!("n{i}"), start);
            }
        }
        assert_eq!(full.attempt("new", start), Err(Duration::from_secs(1)));
        assert!(full.attempt("new", start + Duration::from_secs(1)).is_ok());
    }
}
