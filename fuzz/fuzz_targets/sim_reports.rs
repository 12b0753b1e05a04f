//! Arbitrary text into `euchre pool`'s reader and pooling: the input is split on the byte 0xFF
//! (never part of UTF-8) into up to four reports of `euchre sim --json`. Reading and pooling
//! answer Ok or Err, never panic; pooled counts are the reports' sums and the pooled mean
//! difference lies between the runs' when every run played deals.
#![no_main]

use euchre_ai::pooling::{pool, Report};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut reports = Vec::new();
    for (i, part) in data.split(|&b| b == 0xFF).take(4).enumerate() {
        let Ok(text) = std::str::from_utf8(part) else {
            return;
        };
        match Report::parse(text) {
            Ok(r) => reports.push((["a", "b", "c", "d"][i], r)),
            // Every refusal says which of the things it checks is wrong.
            Err(e) => assert!(
                e.starts_with("not the report of `euchre sim --json`")
                    || e.ends_with("has no finite interval (too few boards to pool)")
                    || e.contains("has no finite mean")
                    || e.contains("outside its interval")
                    || e == "a match of whole games without `game_wins`",
                "{e}"
            ),
        }
    }
    let Ok(p) = pool(&reports) else {
        return;
    };
    assert_eq!(p.seeds.len(), reports.len());
    let boards: u128 = reports.iter().map(|(_, r)| u128::from(r.boards)).sum();
    assert_eq!(u128::from(p.boards), boards);
    let means: Vec<f64> = reports.iter().map(|(_, r)| r.difference_per_deal.mean).collect();
    if reports.iter().all(|(_, r)| r.deals > 0) && means.iter().all(|m| m.abs() < 1e100) {
        let (lo, hi) = means
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &m| {
                (l.min(m), h.max(m))
            });
        let slack = 1e-9 * (1.0 + lo.abs().max(hi.abs()));
        let m = p.difference.mean;
        assert!(m >= lo - slack && m <= hi + slack, "{m} outside [{lo}, {hi}]");
    }
});
