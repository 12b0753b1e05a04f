//! Wrong passwords slow the next try. They are counted two ways, so that a stranger's wrong
//! passwords cannot keep an account's owner out (review s48, finding 9) while guessing stays
//! slow:
//!
//! - By name and address (an IPv6 address by its /64, as for every limit): after a few free
//!   ones, each further failure locks that name's logins from that address for twice as long as
//!   the last (one second, two, four, ... up to a quarter of an hour). Guessing from one place
//!   takes years rather than minutes, and the lock falls on the guesser's address alone.
//! - By name, from wherever: the same doubling lock after many more free failures, for guessing
//!   spread over many addresses. An address the account logged in from in the last 30 days
//!   is let past this lock (its own lock by name and address still holds), so that a stranger
//!   can lock the name only for addresses its owner has not used.
//!
//! Kept in memory, by the name's look-alike key: a restart forgets it, which costs a guesser a
//! restart and the owner one login per address.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong passwords for a name from one address before its first lock there.
const FREE: u32 = 5;
/// Wrong passwords for a name from anywhere before its first lock for every address it has
/// not logged in from: ten times an address's, so that the few a forgetful owner makes from
/// here and there never lock it.
const NAME_FREE: u32 = 50;
/// The longest lock.
const LONGEST: Duration = Duration::from_secs(15 * 60);
/// The failures for a name from one address are forgotten this long after their last.
const FORGET: Duration = Duration::from_secs(60 * 60);
/// The failures for a name from anywhere are forgotten this long after their last: longer
/// than an address's, or a guesser with many addresses would wait an hour for fifty free
/// tries again, a thousand a day.
const NAME_FORGET: Duration = Duration::from_secs(24 * 60 * 60);
/// The most (name, address) pairs and the most names tracked at once; past it the entry not
/// locked with the fewest failures (the stalest of those) is forgotten first.
const MOST_TRACKED: usize = 10_000;
/// The most names one address (by its limit key) has failures counted for at once: past it,
/// its own stalest are forgotten, so that one address cannot fill [`MOST_TRACKED`] with locks
/// and so refuse everyone's logins (review s49, 2).
const PER_ADDRESS: usize = 100;
/// How long a login lets its address past the name's lock.
const KNOWN_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// The most addresses remembered for one name (the latest): an account's owner uses a few;
/// a stranger with an account of their own and many addresses could otherwise push every
/// other name's out.
const KNOWN_PER_NAME: usize = 10;
/// The most (name, address) logins remembered in all; past it the oldest is forgotten.
const MOST_KNOWN: usize = 50_000;

/// Why a login is refused for now, and how long until it may be tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locked {
    /// Too many wrong passwords for the name from this address.
    Here(Duration),
    /// Too many wrong passwords for the name from many addresses; this one has not logged in
    /// to it lately.
    Name(Duration),
    /// Every place the throttle keeps is held by a lock (a flood of tries for other names):
    /// the first lock to end frees one.
    Full(Duration),
}

impl Locked {
    /// How long until a login may be tried.
    pub fn wait(self) -> Duration {
        match self {
            Locked::Here(d) | Locked::Name(d) | Locked::Full(d) => d,
        }
    }

    /// Why, in the words the person trying is shown (before "try again in N s").
    pub fn reason(self) -> &'static str {
        match self {
            Locked::Here(_) => "too many wrong passwords for this name from your address",
            Locked::Name(_) => {
                "too many wrong passwords for this name from many addresses (signing in from where you did lately still works)"
            }
            Locked::Full(_) => "too many logins are being tried just now",
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    locked_until: Instant,
}

impl Failures {
    fn locked(&self, now: Instant) -> Option<Duration> {
        (self.locked_until > now).then(|| self.locked_until - now)
    }
}

#[derive(Debug, Default)]
struct Counts {
    /// Failures by name and address.
    pairs: HashMap<(String, IpAddr), Failures>,
    /// Failures by name, from wherever.
    names: HashMap<String, Failures>,
    /// The addresses each name logged in from, oldest first, with when it last did.
    known: HashMap<String, Vec<(IpAddr, Instant)>>,
    /// How many addresses `known` holds in all.
    known_total: usize,
}

/// Failed logins by name and address, and the addresses each name logged in from.
#[derive(Debug, Default)]
pub struct LoginThrottle {
    counts: Mutex<Counts>,
}

impl LoginThrottle {
    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Why a login for `key` from `ip` must still wait, if it must.
    #[cfg(test)]
    pub fn wait(&self, key: &str, ip: IpAddr, now: Instant) -> Option<Locked> {
        self.counts().refusal(key, crate::serve::limit_key(ip), now)
    }

    /// A try for `key` from `ip`, counted as a wrong password until
    /// [`LoginThrottle::succeeded`] says otherwise: refused, with why and the time left, while
    /// a lock holds. One lock for the check and the count, so tries sent all at once cannot
    /// all pass the check first.
    pub fn attempt(&self, key: &str, ip: IpAddr, now: Instant) -> Result<(), Locked> {
        let ip = crate::serve::limit_key(ip);
        let mut counts = self.counts();
        if let Some(locked) = counts.refusal(key, ip, now) {
            return Err(locked);
        }
        match counts.count(key, ip, now) {
            // With every place held by others' locks, an address the account logged in from
            // lately is still let try (uncounted: there is no place to count it).
            Err(Locked::Full(_)) if counts.known_here(key, ip, now) => Ok(()),
            counted => counted,
        }
    }

    /// A wrong password for `key` from `ip`, counted without a look at the locks.
    #[cfg(test)]
    pub fn failed(&self, key: &str, ip: IpAddr, now: Instant) {
        let _ = self.counts().count(key, crate::serve::limit_key(ip), now);
    }

    /// A try [`LoginThrottle::attempt`] let through had a wrong password, found at `now`:
    /// the locks its counts earned run from now (checking a password takes a moment).
    pub fn wrong(&self, key: &str, ip: IpAddr, now: Instant) {
        let ip = crate::serve::limit_key(ip);
        let mut counts = self.counts();
        let Counts { pairs, names, .. } = &mut *counts;
        // The pair's key is built only to be looked up: the name is a few dozen bytes at most.
        for (f, free) in [
            (pairs.get_mut(&(key.to_string(), ip)), FREE),
            (names.get_mut(key), NAME_FREE),
        ] {
            if let Some(f) = f {
                if let Some(lock) = lock_for(f.count, free) {
                    f.locked_until = f.locked_until.max(now + lock);
                }
                f.last = now;
            }
        }
    }

    /// A right password for `key` from `ip` (a login, or the account just made): the
    /// address's failures for it are forgotten, and the address is let past the name's lock
    /// for [`KNOWN_FOR`]. The name's failures from anywhere stay: its owner logging in says
    /// nothing of the guessers elsewhere.
    pub fn succeeded(&self, key: &str, ip: IpAddr, now: Instant) {
        let ip = crate::serve::limit_key(ip);
        let mut counts = self.counts();
        counts.pairs.remove(&(key.to_string(), ip));
        counts.remember(key, ip, now);
    }
}

impl Counts {
    /// Why a try for `key` from `ip` (already by its limit key) must wait now, if it must.
    fn refusal(&self, key: &str, ip: IpAddr, now: Instant) -> Option<Locked> {
        if let Some(wait) = self.pairs.get(&(key.to_string(), ip)).and_then(|f| f.locked(now)) {
            return Some(Locked::Here(wait));
        }
        let wait = self.names.get(key).and_then(|f| f.locked(now))?;
        (!self.known_here(key, ip, now)).then_some(Locked::Name(wait))
    }

    /// Whether `key` logged in from `ip` within [`KNOWN_FOR`].
    fn known_here(&self, key: &str, ip: IpAddr, now: Instant) -> bool {
        self.known.get(key).is_some_and(|addresses| {
            addresses
                .iter()
                .any(|&(a, at)| a == ip && now.saturating_duration_since(at) < KNOWN_FOR)
        })
    }

    /// Makes room for one more name counted from `ip`, within [`PER_ADDRESS`]: the address's
    /// own unlocked entry with the fewest failures is forgotten; with all of them locked, the
    /// address waits for its first lock to end.
    fn room_for_address(&mut self, ip: IpAddr, now: Instant) -> Result<(), Locked> {
        let mine = self.pairs.iter().filter(|((_, a), _)| *a == ip);
        if mine.clone().count() < PER_ADDRESS {
            return Ok(());
        }
        let forget = to_forget(mine, now).map_err(Locked::Here)?;
        self.pairs.remove(&forget);
        Ok(())
    }

    /// Counts a try for `key` from `ip`, for the pair and for the name. Refused (and not
    /// counted) only when a map is full of locks.
    fn count(&mut self, key: &str, ip: IpAddr, now: Instant) -> Result<(), Locked> {
        let pair = (key.to_string(), ip);
        let name = key.to_string();
        if !self.pairs.contains_key(&pair) {
            self.room_for_address(ip, now)?;
        }
        make_room(&mut self.pairs, &pair, FORGET, now).map_err(Locked::Full)?;
        make_room(&mut self.names, &name, NAME_FORGET, now).map_err(Locked::Full)?;
        add_failure(
            self.pairs.entry(pair).or_insert_with(|| fresh(now)),
            FREE,
            FORGET,
            now,
        );
        add_failure(
            self.names.entry(name).or_insert_with(|| fresh(now)),
            NAME_FREE,
            NAME_FORGET,
            now,
        );
        Ok(())
    }

    /// Remembers that `key` logged in from `ip` at `now`, within [`KNOWN_PER_NAME`] and
    /// [`MOST_KNOWN`].
    fn remember(&mut self, key: &str, ip: IpAddr, now: Instant) {
        let addresses = self.known.entry(key.to_string()).or_default();
        let before = addresses.len();
        addresses.retain(|&(a, at)| a != ip && now.saturating_duration_since(at) < KNOWN_FOR);
        addresses.push((ip, now));
        if addresses.len() > KNOWN_PER_NAME {
            addresses.remove(0);
        }
        self.known_total = self.known_total - before + addresses.len();
        if self.known_total <= MOST_KNOWN {
            return;
        }
        // Full: logins run out first, then the oldest of all (each list is oldest first).
        self.known.retain(|_, addresses| {
            addresses.retain(|&(_, at)| now.saturating_duration_since(at) < KNOWN_FOR);
            !addresses.is_empty()
        });
        self.known_total = self.known.values().map(Vec::len).sum();
        while self.known_total > MOST_KNOWN {
            let Some(oldest) = self
                .known
                .iter()
                .filter_map(|(k, addresses)| Some((addresses.first()?.1, k)))
                .min()
                .map(|(_, k)| k.clone())
            else {
                break;
            };
            if let Some(addresses) = self.known.get_mut(&oldest) {
                addresses.remove(0);
                if addresses.is_empty() {
                    self.known.remove(&oldest);
                }
            }
            self.known_total -= 1;
        }
    }
}

fn fresh(now: Instant) -> Failures {
    Failures {
        count: 0,
        last: now,
        locked_until: now,
    }
}

/// One more failure in `f`, counted afresh when its last is more than `forget` ago; locked
/// past `free` failures.
fn add_failure(f: &mut Failures, free: u32, forget: Duration, now: Instant) {
    if now.saturating_duration_since(f.last) >= forget {
        *f = fresh(now);
    }
    f.count = f.count.saturating_add(1);
    f.last = now;
    if let Some(lock) = lock_for(f.count, free) {
        f.locked_until = now + lock;
    }
}

/// Makes room in `map` for `key`, if it is new, by forgetting entries whose last failure is
/// `forget` ago, then the one not locked with the fewest failures (the stalest of those). An
/// entry locked is never forgotten to make room (review s48, finding 10): a flood of other
/// names would otherwise clear its lock; and one with fewer failures goes first, so that a
/// flood of junk names, one try each, forgets only its own. With every place locked, the
/// wait until the first lock ends.
fn make_room<K: Eq + Hash + Clone>(
    map: &mut HashMap<K, Failures>,
    key: &K,
    forget: Duration,
    now: Instant,
) -> Result<(), Duration> {
    if map.len() < MOST_TRACKED || map.contains_key(key) {
        return Ok(());
    }
    map.retain(|_, f| now.saturating_duration_since(f.last) < forget);
    if map.len() < MOST_TRACKED {
        return Ok(());
    }
    let forget = to_forget(map.iter(), now)?;
    map.remove(&forget);
    Ok(())
}

/// Of `entries`, the one to forget to make room: not locked, with the fewest failures (the
/// stalest of those); with every one locked, the wait until the first lock ends.
fn to_forget<'a, K: Clone + 'a>(
    entries: impl Iterator<Item = (&'a K, &'a Failures)> + Clone,
    now: Instant,
) -> Result<K, Duration> {
    let fewest_unlocked = entries
        .clone()
        .filter(|(_, f)| f.locked_until <= now)
        .min_by_key(|(_, f)| (f.count, f.last));
    match fewest_unlocked {
        Some((k, _)) => Ok(k.clone()),
        None => {
            let first_free = entries.map(|(_, f)| f.locked_until).min().unwrap_or(now);
            Err(first_free.saturating_duration_since(now))
        }
    }
}

/// How long the `count`th wrong password in a row locks, if it does, with `free` allowed.
fn lock_for(count: u32, free: u32) -> Option<Duration> {
    (count > free).then(|| Duration::from_secs(1 << (count - free - 1).min(20)).min(LONGEST))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    /// The `i`th of many distinct test addresses.
    fn nth_ip(i: usize) -> IpAddr {
        IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + i as u32))
    }

    const HOME: &str = "192.0.2.1";

    #[test]
    fn five_failures_are_free_then_each_doubles_the_wait() {
        let t = LoginThrottle::default();
        let home = ip(HOME);
        let start = Instant::now();
        for _ in 0..FREE {
            t.failed("ann", home, start);
            assert_eq!(t.wait("ann", home, start), None);
        }
        let mut waits = Vec::new();
        for _ in 0..4 {
            t.failed("ann", home, start);
            waits.push(t.wait("ann", home, start).unwrap());
        }
        let secs = |s| Locked::Here(Duration::from_secs(s));
        assert_eq!(waits, [secs(1), secs(2), secs(4), secs(8)]);
        // Another name is not held back, and the wait ends.
        assert_eq!(t.wait("bob", home, start), None);
        assert_eq!(t.wait("ann", home, start + Duration::from_secs(8)), None);
        // Many more failures stop at the longest lock.
        for _ in 0..30 {
            t.failed("ann", home, start);
        }
        assert_eq!(t.wait("ann", home, start), Some(Locked::Here(LONGEST)));
        // A right password forgets them all.
        t.succeeded("ann", home, start);
        assert_eq!(t.wait("ann", home, start), None);
    }

    /// Tries are counted as they come, before their passwords are checked: of many sent at
    /// once, only the free ones and the first locked one get through.
    #[test]
    fn tries_count_before_their_passwords_are_checked() {
        let t = LoginThrottle::default();
        let home = ip(HOME);
        let now = Instant::now();
        let passed = (0..300).filter(|_| t.attempt("vic", home, now).is_ok()).count();
        assert_eq!(passed as u32, FREE + 1);
        assert_eq!(
            t.attempt("vic", home, now),
            Err(Locked::Here(Duration::from_secs(1)))
        );
        // A right password (after a try that passed) forgets them.
        t.succeeded("vic", home, now);
        assert!(t.attempt("vic", home, now).is_ok());
    }

    /// Addresses are counted as every limit counts them: an IPv6 address by its /64, so that
    /// a guesser cannot take a fresh count from each of its 2^64 addresses.
    #[test]
    fn an_ipv6_network_is_one_address() {
        let t = LoginThrottle::default();
        let now = Instant::now();
        for i in 0..=FREE {
            t.failed("ann", ip(&format!("2001:db8:1:2::{i}")), now);
        }
        assert!(matches!(
            t.wait("ann", ip("2001:db8:1:2:ffff::1"), now),
            Some(Locked::Here(_))
        ));
        assert_eq!(t.wait("ann", ip("2001:db8:1:3::1"), now), None);
    }

    #[test]
    fn failures_are_forgotten_after_an_hour_and_the_counts_are_bounded() {
        let t = LoginThrottle::default();
        let home = ip(HOME);
        let start = Instant::now();
        for _ in 0..=FREE {
            t.failed("ann", home, start);
        }
        assert!(t.wait("ann", home, start).is_some());
        let later = start + FORGET + Duration::from_secs(1);
        t.failed("bob", home, later);
        t.failed("ann", home, later);
        assert_eq!(t.wait("ann", home, later), None, "counted afresh after an hour");
        for i in 0..MOST_TRACKED + 10 {
            t.failed(&format!("name{i}"), home, later);
            t.failed("ann", nth_ip(i), later);
        }
        let counts = t.counts();
        assert!(counts.pairs.len() <= MOST_TRACKED);
        assert!(counts.names.len() <= MOST_TRACKED);
    }

    /// Review s48, finding 10: a flood of other names does not clear a name's lock; with
    /// every place held by a locked name, a new name waits for the first lock to end.
    #[test]
    fn a_locked_name_is_never_forgotten_to_make_room() {
        let t = LoginThrottle::default();
        let home = ip(HOME);
        let start = Instant::now();
        for _ in 0..=FREE {
            assert!(t.attempt("victim", home, start).is_ok());
        }
        let locked = t.wait("victim", home, start).expect("locked");
        let later = start + Duration::from_millis(10);
        for i in 0..MOST_TRACKED + 10 {
            let _ = t.attempt(&format!("junk{i}"), home, later);
        }
        assert!(t.counts().pairs.len() <= MOST_TRACKED);
        assert!(t.wait("victim", home, later).is_some(), "still locked");
        assert_eq!(t.attempt("victim", home, start), Err(locked));
        // Every place locked (by many addresses): a new name waits for the first lock to end,
        // but for an address the account logged in from lately (review s49, 2).
        let full = LoginThrottle::default();
        full.succeeded("new", ip("198.51.100.7"), start);
        for i in 0..MOST_TRACKED {
            for _ in 0..=FREE {
                let _ = full.attempt(&format!("n{i}"), nth_ip(i / PER_ADDRESS), start);
            }
        }
        assert_eq!(
            full.attempt("new", home, start),
            Err(Locked::Full(Duration::from_secs(1)))
        );
        assert!(full.attempt("new", ip("198.51.100.7"), start).is_ok());
        assert!(full.attempt("new", home, start + Duration::from_secs(1)).is_ok());
    }

    /// Review s49, 2: one address cannot fill the throttle with locks: past [`PER_ADDRESS`]
    /// names, its own are forgotten first, or it waits for its own first lock to end.
    #[test]
    fn one_address_counts_at_most_its_share_of_names() {
        let t = LoginThrottle::default();
        let home = ip(HOME);
        let start = Instant::now();
        for i in 0..PER_ADDRESS * 3 {
            let _ = t.attempt(&format!("junk{i}"), home, start);
        }
        assert_eq!(
            t.counts().pairs.len(),
            PER_ADDRESS,
            "one try each: its own forgotten"
        );
        let locker = LoginThrottle::default();
        for i in 0..PER_ADDRESS {
            for _ in 0..=FREE {
                let _ = locker.attempt(&format!("n{i}"), home, start);
            }
        }
        assert_eq!(
            locker.attempt("one more", home, start),
            Err(Locked::Here(Duration::from_secs(1)))
        );
        // Another address is not held by it.
        assert!(locker.attempt("one more", ip("198.51.100.9"), start).is_ok());
    }

    /// Review s48, finding 9: a stranger's wrong passwords lock the stranger's address out of
    /// the name, not its owner at another.
    #[test]
    fn a_strangers_failures_do_not_lock_the_owner_out_elsewhere() {
        let t = LoginThrottle::default();
        let (stranger, owner) = (ip("198.51.100.7"), ip(HOME));
        let now = Instant::now();
        for _ in 0..40 {
            let _ = t.attempt("ann", stranger, now);
        }
        assert!(matches!(t.wait("ann", stranger, now), Some(Locked::Here(_))));
        assert_eq!(t.wait("ann", owner, now), None);
        assert!(t.attempt("ann", owner, now).is_ok());
    }

    /// Guessing spread over many addresses, a few from each, locks the name for an address
    /// it has not logged in from, doubling as an address's lock does.
    #[test]
    fn the_name_lock_binds_a_fresh_address_after_failures_spread_over_many() {
        let t = LoginThrottle::default();
        let now = Instant::now();
        let mut addresses = (0..).map(nth_ip);
        for _ in 0..NAME_FREE / FREE {
            let a = addresses.next().unwrap();
            for _ in 0..FREE {
                assert!(t.attempt("ann", a, now).is_ok());
            }
        }
        let fresh = addresses.next().unwrap();
        assert!(
            t.attempt("ann", fresh, now).is_ok(),
            "the first past the free ones"
        );
        let one = Duration::from_secs(1);
        assert_eq!(t.wait("ann", fresh, now), Some(Locked::Name(one)));
        assert_eq!(
            t.attempt("ann", addresses.next().unwrap(), now),
            Err(Locked::Name(one))
        );
        let later = now + one;
        assert!(t.attempt("ann", addresses.next().unwrap(), later).is_ok());
        assert_eq!(
            t.wait("ann", addresses.next().unwrap(), later),
            Some(Locked::Name(2 * one))
        );
        // Another name is not held back; the name's failures are forgotten a day after.
        assert_eq!(t.wait("bob", fresh, later), None);
        assert!(t.attempt("ann", fresh, later + NAME_FORGET).is_ok());
        assert_eq!(
            t.wait("ann", addresses.next().unwrap(), later + NAME_FORGET),
            None
        );
    }

    /// An address the account logged in from in the last 30 days passes the name's lock, and
    /// is still held to its own.
    #[test]
    fn the_owner_who_logged_in_before_passes_the_name_lock() {
        let t = LoginThrottle::default();
        let (home, club) = (ip(HOME), ip("192.0.2.2"));
        let start = Instant::now();
        t.succeeded("ann", home, start);
        t.succeeded("ann", club, start);
        let now = start + Duration::from_secs(3600);
        for i in 0..(NAME_FREE as usize) * 3 {
            t.failed("ann", nth_ip(i % 100), now);
        }
        assert!(matches!(t.wait("ann", nth_ip(1000), now), Some(Locked::Name(_))));
        assert_eq!(t.wait("ann", home, now), None);
        assert!(t.attempt("ann", home, now).is_ok());
        t.succeeded("ann", home, now);
        // Still locked for the others: the owner's login does not clear the guessers' count.
        assert!(matches!(t.wait("ann", nth_ip(1000), now), Some(Locked::Name(_))));
        // Home is held to its own lock.
        for _ in 0..=FREE {
            assert!(t.attempt("ann", home, now).is_ok());
        }
        assert_eq!(
            t.attempt("ann", home, now),
            Err(Locked::Here(Duration::from_secs(1)))
        );
        // A login 30 days ago no longer lets the club past.
        let month = start + KNOWN_FOR;
        for i in 0..=NAME_FREE as usize {
            t.failed("ann", nth_ip(i), month);
        }
        assert!(matches!(t.wait("ann", club, month), Some(Locked::Name(_))));
        assert_eq!(t.wait("ann", home, month), None, "logged in an hour later");
    }

    /// The addresses remembered stay within bounds: a name keeps its latest few, and past
    /// the most in all the oldest login is forgotten.
    #[test]
    fn the_addresses_remembered_are_bounded() {
        let t = LoginThrottle::default();
        let start = Instant::now();
        let at = |i: usize| start + Duration::from_millis(i as u64);
        for i in 0..KNOWN_PER_NAME + 5 {
            t.succeeded("ann", nth_ip(i), at(i));
        }
        // The same address again is one place, not two.
        t.succeeded("ann", nth_ip(KNOWN_PER_NAME + 4), at(KNOWN_PER_NAME + 5));
        {
            let counts = t.counts();
            let ann = &counts.known["ann"];
            assert_eq!(ann.len(), KNOWN_PER_NAME);
            assert_eq!(ann[0].0, nth_ip(5), "the oldest gone first");
            assert_eq!(counts.known_total, KNOWN_PER_NAME);
        }
        for i in 0..MOST_KNOWN {
            t.succeeded(&format!("n{i}"), nth_ip(i), at(100 + i));
        }
        let counts = t.counts();
        assert_eq!(counts.known_total, MOST_KNOWN);
        assert_eq!(counts.known.values().map(Vec::len).sum::<usize>(), MOST_KNOWN);
        assert!(!counts.known.contains_key("ann"), "the oldest logins went first");
        assert!(counts.known.contains_key(&format!("n{}", MOST_KNOWN - 1)));
    }
}
