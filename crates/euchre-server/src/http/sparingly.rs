//! Warnings that a client can cause over and over (a misconfigured proxy refused at every
//! request, or a stranger's flood) are written at most once every few seconds, each saying how
//! many like it were not written: the operator learns of the fault without the log filling the
//! disk (operator tester s50, 1 and 8).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The shortest time between two lines of one kind.
const EVERY_SECS: u64 = 10;

/// One kind of warning's last line and the ones left out since.
pub(crate) struct Sparingly {
    last: AtomicU64,
    skipped: AtomicU64,
}

impl Sparingly {
    pub(crate) const fn new() -> Sparingly {
        Sparingly {
            last: AtomicU64::new(0),
            skipped: AtomicU64::new(0),
        }
    }

    /// `Some(n)` when a line is due now, `n` being how many were left out since the last one;
    /// `None` (counted) when one was written less than [`EVERY_SECS`] ago.
    pub(crate) fn due(&self) -> Option<u64> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let last = self.last.load(Ordering::Relaxed);
        if last != 0 && now < last + EVERY_SECS {
            self.skipped.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        // One of the requests arriving together writes the line.
        if self
            .last
            .compare_exchange(last, now.max(1), Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
        {
            self.skipped.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        Some(self.skipped.swap(0, Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_then_the_others_counted_until_the_next() {
        let s = Sparingly::new();
        assert_eq!(s.due(), Some(0));
        assert_eq!(s.due(), None);
        assert_eq!(s.due(), None);
        // Ten seconds on, as if the last line were older.
        s.last.fetch_sub(EVERY_SECS, Ordering::Relaxed);
        assert_eq!(s.due(), Some(2));
        assert_eq!(s.due(), None);
    }
}
