//! How far apart two actions' values are, over the worlds a search valued both in: the mean
//! difference and its standard error, paired (the same worlds value every action, so the
//! cards' luck common to both cancels). The search's stopping rule and the "close" mark of a
//! choice ([`crate::Choice::close`]) both read it.

/// One world searched: the times it was drawn and each action's value in it (in the order of
/// the legal actions).
pub type WorldValues = (f64, Vec<f64>);

/// How many standard errors of the paired difference an action may lie below the chosen one
/// and still be called close: about a 95% interval, so an action marked close is one another
/// seed could well have chosen, and one not marked is seldom so.
pub const CLOSE: f64 = 2.0;

/// The mean over the worlds of `values[a] - values[b]`, weighed by the times each world was
/// drawn, and that mean's standard error; `None` with fewer than two draws or a value that is
/// not finite.
pub fn difference(worlds: &[WorldValues], a: usize, b: usize) -> Option<(f64, f64)> {
    let n: f64 = worlds.iter().map(|(t, _)| t).sum();
    if n < 2.0 {
        return None;
    }
    let gap = worlds.iter().map(|(t, v)| t * (v[a] - v[b])).sum::<f64>() / n;
    if !gap.is_finite() {
        return None;
    }
    let var = worlds
        .iter()
        .map(|(t, v)| t * (v[a] - v[b] - gap).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    Some((gap, (var / n).sqrt()))
}

/// For each action, whether the worlds cannot tell it from `chosen`: its mean value is not
/// below the chosen one's by more than [`CLOSE`] standard errors of their difference, or it is
/// equal in every world. The chosen action is close to itself; an action that may not be
/// chosen (`choosable` false: a renege) never is. Empty when there are too few worlds to say.
pub fn close_to(worlds: &[WorldValues], chosen: usize, choosable: &[bool]) -> Vec<bool> {
    let Some((_, first)) = worlds.first() else {
        return Vec::new();
    };
    if worlds.iter().map(|(t, _)| t).sum::<f64>() < 2.0 {
        return Vec::new();
    }
    (0..first.len())
        .map(|a| {
            if a == chosen {
                return true;
            }
            if !choosable.get(a).copied().unwrap_or(true) {
                return false;
            }
            difference(worlds, chosen, a).is_some_and(|(gap, se)| gap <= CLOSE * se || gap <= 0.0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worlds where action 1 is worth `shift` less than action 0 on average, with a spread of
    /// ±1 around it, and action 2 is action 0 exactly.
    fn worlds(shift: f64, n: usize) -> Vec<WorldValues> {
        (0..n)
            .map(|i| {
                let noise = if i % 2 == 0 { 1.0 } else { -1.0 };
                (1.0, vec![0.5, 0.5 - shift + noise, 0.5])
            })
            .collect()
    }

    #[test]
    fn the_difference_is_the_mean_gap_with_its_standard_error() {
        let (gap, se) = difference(&worlds(0.25, 100), 0, 1).unwrap();
        assert!((gap - 0.25).abs() < 1e-12, "{gap}");
        // The spread is ±1 (sample variance 100/99), over 100 worlds.
        assert!((se - (100.0f64 / 99.0 / 100.0).sqrt()).abs() < 1e-12, "{se}");
        assert_eq!(difference(&worlds(0.25, 1), 0, 1), None);
    }

    #[test]
    fn an_action_is_close_within_two_standard_errors_and_not_beyond() {
        // The standard error is about 0.1 over 100 worlds: 0.15 is within two of them, 0.25
        // is not; an action equal in every world is close, a renege never is.
        assert_eq!(close_to(&worlds(0.15, 100), 0, &[]), [true, true, true]);
        assert_eq!(close_to(&worlds(0.25, 100), 0, &[]), [true, false, true]);
        assert_eq!(
            close_to(&worlds(0.15, 100), 0, &[true, false, true]),
            [true, false, true]
        );
        // Over four times the worlds the same gap of 0.15 is told apart.
        assert_eq!(close_to(&worlds(0.15, 400), 0, &[]), [true, false, true]);
        // An action better than the chosen one (a tie-break took another) is close.
        assert_eq!(close_to(&worlds(-0.5, 100), 0, &[]), [true, true, true]);
        assert!(close_to(&worlds(0.15, 1), 0, &[]).is_empty());
    }
}
