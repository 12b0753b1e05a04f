//! Latency samples and their summary: every sample is kept (microseconds, four bytes each), so
//! the percentiles are exact rather than bucketed.

use serde::Serialize;
use std::time::Duration;

/// Latencies in microseconds, in the order they were taken.
#[derive(Clone, Debug, Default)]
pub struct Samples(Vec<u32>);

impl Samples {
    pub fn push(&mut self, d: Duration) {
        self.0.push(u32::try_from(d.as_micros()).unwrap_or(u32::MAX));
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Count, mean, median, p90, p99, p99.9 and maximum, in milliseconds.
    pub fn summary(&self) -> Summary {
        let mut v = self.0.clone();
        v.sort_unstable();
        let ms = |us: u32| f64::from(us) / 1000.0;
        // The nearest-rank percentile: the smallest sample with at least p of them at or below.
        let rank = |p: f64| -> f64 {
            if v.is_empty() {
                return 0.0;
            }
            let i = ((p * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1;
            ms(v[i])
        };
        let mean = if v.is_empty() {
            0.0
        } else {
            v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64 / 1000.0
        };
        Summary {
            count: v.len() as u64,
            mean_ms: mean,
            p50_ms: rank(0.50),
            p90_ms: rank(0.90),
            p99_ms: rank(0.99),
            p999_ms: rank(0.999),
            max_ms: v.last().map_or(0.0, |&x| ms(x)),
        }
    }
}

/// A latency distribution, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub count: u64,
    pub mean_ms: f64,
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank_over_every_sample() {
        let mut s = Samples::default();
        for ms in 1..=100 {
            s.push(Duration::from_millis(ms));
        }
        let sum = s.summary();
        assert_eq!(sum.count, 100);
        assert_eq!(sum.p50_ms, 50.0);
        assert_eq!(sum.p90_ms, 90.0);
        assert_eq!(sum.p99_ms, 99.0);
        assert_eq!(sum.max_ms, 100.0);
        assert!((sum.mean_ms - 50.5).abs() < 1e-9);
    }

    #[test]
    fn no_samples_summarise_to_zero() {
        assert_eq!(Samples::default().summary(), Summary::default());
    }

    #[test]
    fn one_slow_sample_in_a_hundred_is_not_the_p99() {
        let mut s = Samples::default();
        for _ in 0..99 {
            s.push(Duration::from_millis(2));
        }
        s.push(Duration::from_secs(1));
        assert_eq!(s.summary().p99_ms, 2.0);
        assert_eq!(s.summary().max_ms, 1000.0);
    }
}
