//! Quantiles of measured times, as the timing examples print them.

/// The value at fraction `f` (0 to 1) of `sorted`, rounded to the nearest rank; 0 when it is
/// empty.
pub fn quantile(sorted: &[f64], f: f64) -> f64 {
    let last = sorted.len().saturating_sub(1);
    sorted
        .get((last as f64 * f).round() as usize)
        .copied()
        .unwrap_or(0.0)
}
