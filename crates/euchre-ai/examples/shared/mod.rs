//! What the measuring examples share.

/// `board(b)` for every board `b` below `boards`, spread over the machine's cores (board `b` on
/// thread `b mod threads`); the results thread by thread, each in board order.
pub fn on_every_core<T: Send>(boards: u64, board: impl Fn(u64) -> T + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let board = &board;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..boards)
                        .step_by(threads as usize)
                        .map(board)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a board played"))
            .collect()
    })
}
