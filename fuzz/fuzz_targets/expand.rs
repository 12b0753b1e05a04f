//! Small inputs that stand for large ones, so the fuzzer reaches request lines and documents of
//! any size without having to grow its inputs to megabytes.
//!
//! The byte 0xFE (never part of UTF-8 text) followed by `n` and `b` stands for the byte `b`
//! repeated `(n + 1) * 64 KiB` times; every other byte stands for itself. The output is cut at
//! [`MAX_EXPANDED`] bytes, or at a target's own limit.

use std::io::Read;

/// The escape byte.
pub const ESCAPE: u8 = 0xFE;
/// The length of one repeat unit.
pub const UNIT: usize = 64 << 10;
/// The most bytes an input expands to: past every limit of the readers (32 MiB documents,
/// 1 MiB request lines).
pub const MAX_EXPANDED: usize = 40 << 20;

/// The expansion as a reader: produced as it is read, never held whole.
pub struct Expand<'a> {
    data: &'a [u8],
    /// The byte being repeated and how many repeats are left.
    run: (u8, usize),
    produced: usize,
    limit: usize,
}

impl<'a> Expand<'a> {
    /// The expansion of `data`, cut at [`MAX_EXPANDED`] bytes.
    #[allow(dead_code)]
    pub fn new(data: &'a [u8]) -> Expand<'a> {
        Expand::with_limit(data, MAX_EXPANDED)
    }

    /// The expansion of `data`, cut at `limit` bytes (a target that needs less than 40 MiB to
    /// pass its limits runs faster with less).
    pub fn with_limit(data: &'a [u8], limit: usize) -> Expand<'a> {
        Expand {
            data,
            run: (0, 0),
            produced: 0,
            limit,
        }
    }

    fn next_byte(&mut self) -> Option<u8> {
        if self.produced >= self.limit {
            return None;
        }
        loop {
            if self.run.1 > 0 {
                self.run.1 -= 1;
                self.produced += 1;
                return Some(self.run.0);
            }
            match self.data {
                [ESCAPE, n, b, rest @ ..] => {
                    self.run = (*b, (usize::from(*n) + 1) * UNIT);
                    self.data = rest;
                }
                [b, rest @ ..] => {
                    self.data = rest;
                    self.produced += 1;
                    return Some(*b);
                }
                [] => return None,
            }
        }
    }
}

impl Iterator for Expand<'_> {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        self.next_byte()
    }
}

impl Read for Expand<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            // A run fills the buffer at once rather than a byte at a time.
            if self.run.1 > 0 {
                let room = (buf.len() - n)
                    .min(self.run.1)
                    .min(self.limit.saturating_sub(self.produced));
                if room == 0 {
                    break;
                }
                buf[n..n + room].fill(self.run.0);
                self.run.1 -= room;
                self.produced += room;
                n += room;
                continue;
            }
            match self.next_byte() {
                Some(b) => {
                    buf[n] = b;
                    n += 1;
                }
                None => break,
            }
        }
        Ok(n)
    }
}

/// The whole expansion, for readers that take text (unused by the stream target).
#[allow(dead_code)]
pub fn expand(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = Expand::new(data).read_to_end(&mut out);
    out
}
