//! `euchre serve`: the multiplayer server with its browser client and its embedded database.

use crate::file_lock::{self, LockError};
use anyhow::{Context, Result};
use euchre_server::{router, AppState, Durability, Store};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The default database: `server.sqlite3` beside the statistics database (in
/// `$EUCHRE_DATA_DIR` when set, else the platform's data folder).
pub(crate) fn default_db() -> Result<PathBuf> {
    let stats = euchre_stats::Store::default_path()?;
    Ok(stats.with_file_name("server.sqlite3"))
}

/// Structured logs on standard error: `RUST_LOG` filters (default `info`), `--log-json` for
/// one JSON object a line.
fn start_logging(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colour only on a terminal: a log file gets plain text.
    let colour =
        std::io::IsTerminal::is_terminal(&std::io::stderr()) && std::env::var_os("NO_COLOR").is_none();
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

/// Holds the database for this server alone: an exclusive lock on `DB.lock` beside it, kept
/// while the server runs. Two servers on one database would each keep their own idea of every
/// table.
/// The statistics database beside it is held too: `club.db` and `club.sqlite3` share
/// `club.stats.sqlite3`. The default database's folder is made when missing; a folder named in
/// `--db` must be there (a typo would otherwise make a tree of folders, as root anywhere).
fn lock_database(db: &Path, given: bool) -> Result<[file_lock::Held; 2]> {
    if db.is_dir() {
        anyhow::bail!("{} is a folder: --db names the database file", db.display());
    }
    if db.exists() && !db.is_file() {
        anyhow::bail!(
            "{} is not a file (a device?): --db names the database file",
            db.display()
        );
    }
    // A hard link is another name for the file that its lock beside this name does not see:
    // a second server started on it would write the same file as this one. The statistics
    // database beside it alike.
    #[cfg(unix)]
    for file in [db.to_path_buf(), euchre_server::store::stats_path(db)] {
        use std::os::unix::fs::MetadataExt;
        if let Ok(meta) = std::fs::metadata(&file) {
            if meta.nlink() > 1 {
                anyhow::bail!(
                    "{} has {} names (hard links): a server on another name would not see this one's lock; keep one name (a copy, not a link, for a backup)",
                    file.display(),
                    meta.nlink()
                );
            }
        }
    }
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        if dir.exists() && !dir.is_dir() {
            anyhow::bail!("{}: {} is a file, not a folder", db.display(), dir.display());
        }
        if given && !dir.exists() {
            anyhow::bail!(
                "{}: there is no folder {}: make it first, or give --db a file in a folder that is there",
                db.display(),
                dir.display()
            );
        }
        std::fs::create_dir_all(dir).with_context(|| format!("creating the folder {}", dir.display()))?;
    }
    let hold = |file: &Path| {
        file_lock::hold(file).map_err(|e| match e {
            LockError::Busy(lock) => anyhow::anyhow!(
                "{} is in use by another euchre serve (it holds {}): stop that one first, or give this one another --db",
                file.display(),
                lock.display()
            ),
            LockError::Io(at, e) => anyhow::anyhow!("{}: cannot lock the database: {e}", at.display()),
        })
    };
    Ok([hold(db)?, hold(&euchre_server::store::stats_path(db))?])
}

/// Ctrl-C, SIGTERM (`kill`, systemd, Docker) or SIGHUP: time to stop.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let (Ok(mut term), Ok(mut hup)) = (signal(SignalKind::terminate()), signal(SignalKind::hangup()))
        else {
            let _ = tokio::signal::ctrl_c().await;
            return;
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
            _ = hup.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// How long a table whose game has not begun may wait for its players, unwatched, before it is
/// closed: with no person seated, and with one (`None`: for ever).
#[derive(Clone, Copy, Debug)]
pub struct Waiting {
    pub empty: Option<Duration>,
    pub seated: Option<Duration>,
}

/// `--close-empty-after` or `--close-seated-after` as given: a duration, or (`None`) never.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience(pub Option<Duration>);

/// Reads `--close-empty-after` and `--close-seated-after`: a duration ("90s", "30m", "2h",
/// "1d"), or "never".
pub fn waiting_limit(text: &str) -> Result<Patience, String> {
    if text.eq_ignore_ascii_case("never") {
        return Ok(Patience(None));
    }
    match humantime::parse_duration(text) {
        // Less would close a table before its host's page has connected to it.
        Ok(d) if d < Duration::from_secs(60) => {
            Err("a table needs time to be joined: give at least 1m (a duration such as 30m), or never".into())
        }
        Ok(d) => Ok(Patience(Some(d))),
        Err(e) => Err(format!(
            "{e}: give a duration such as 90s, 30m, 2h or 1d, or never"
        )),
    }
}

/// How people reach the server: through a proxy on this machine (`--trust-proxy`), and by
/// which names (`--public-host`; none: any).
#[derive(Clone, Debug, Default)]
pub struct Front {
    pub trust_proxy: bool,
    pub public_hosts: Vec<String>,
}

/// Runs the server until it is stopped (Ctrl-C, SIGTERM or SIGHUP end it cleanly, each
/// connection told why; SIGKILL loses nothing acknowledged).
pub fn run(
    addr: SocketAddr,
    db: Option<&Path>,
    full_sync: bool,
    log_json: bool,
    allow_seeds: bool,
    front: Front,
    waiting: Waiting,
) -> Result<i32> {
    start_logging(log_json);
    let result = serve(addr, db, full_sync, allow_seeds, front, waiting);
    if let (Err(e), true) = (&result, log_json) {
        // A pipeline that reads the JSON log sees why the server did not start or stopped
        // (standard error gets the plain line too).
        tracing::error!(error = format!("{e:#}"), "the server could not go on");
    }
    result
}

/// Gives the system back the memory of each password hash as soon as it is done. Argon2id takes
/// 19 MiB a hash; glibc serves a block that large by `mmap` and returns it when freed, but
/// raises its threshold for that to the size of the last such block freed, so that the next
/// hashes come from its per-thread heaps, which keep the memory: a burst of logins (no account
/// needed) left the server at 650 MB, and it stayed there (operator tester s50, 2). A fixed
/// threshold keeps every large block mapped on its own.
fn return_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets an allocator parameter and touches no memory of ours; it is
    // called before the runtime's threads start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

fn serve(
    addr: SocketAddr,
    db: Option<&Path>,
    full_sync: bool,
    allow_seeds: bool,
    front: Front,
    waiting: Waiting,
) -> Result<i32> {
    // A name that is not one is said before anything starts.
    let public_hosts = euchre_server::http::host::PublicHosts::new(&front.public_hosts)?;
    let path = match db {
        // The one file every name of it is: the lock, the database, the statistics beside it
        // and the log all name it.
        Some(p) => file_lock::real_path(p),
        None => file_lock::real_path(&default_db()?),
    };
    let durability = if full_sync {
        Durability::Machine
    } else {
        Durability::Process
    };
    return_large_blocks();
    // Every connection is an open file: take all the system allows (often 1,024 by default,
    // about 250 tables of four).
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => tracing::info!(open_files = n, "open file limit"),
        Err(e) => tracing::warn!(error = %e, "could not raise the open file limit"),
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        // The address first: a server that cannot listen leaves no new database behind.
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("listening on {addr}"))?;
        let _locks = lock_database(&path, db.is_some())?;
        let new = !path.exists();
        // The statistics beside a database about to be made new: the server's database was
        // there once, and may have been moved or deleted (operator tester s50, 4).
        if new && euchre_server::store::stats_path(&path).exists() {
            tracing::warn!(database = %path.display(), "a new, empty database, though the statistics database beside it is there: if the server's database was moved or deleted, stop now and put it back");
        }
        let store = Store::open(&path, durability)?;
        let state = AppState::open(store)?;
        let bound = listener.local_addr()?;
        // Named in full, so that the operator sees which file a relative --db (or a typo) is.
        tracing::info!(
            version = env!("CARGO_PKG_VERSION"),
            database = %path.display(),
            statistics = %euchre_server::store::stats_path(&path).display(),
            created = new,
            full_sync,
            allow_seeds,
            close_empty_after_secs = waiting.empty.map(|d| d.as_secs()),
            close_seated_after_secs = waiting.seated.map(|d| d.as_secs()),
            public_hosts = %front.public_hosts.join(" "),
            trust_proxy = front.trust_proxy,
            "database open"
        );
        // The address goes to standard output too, for scripts that start the server on port 0.
        match public_hosts.names().first() {
            None => println!("euchre serve: open http://{bound}/ in a browser"),
            // The bound address would be refused: the name people use (operator tester s50, 9).
            // The bound address stays the line's first URL, for the scripts that read it (review
            // s51, 9).
            Some(name) => println!(
                "euchre serve: listening on http://{bound}/; open {name} in a browser (it answers to its --public-host names only)"
            ),
        }
        tracing::info!(%bound, "listening");
        let stopping = state.clone();
        let limits = euchre_server::Limits {
            waiting_unseated: waiting.empty,
            waiting_seated: waiting.seated,
            trust_proxy: front.trust_proxy,
            ..euchre_server::Limits::default()
        };
        let state = state
            .with_limits(limits)
            .with_seeds_allowed(allow_seeds)
            .with_public_hosts(public_hosts);
        let app = router(state);
        euchre_server::serve(listener, app, limits, async move {
            stop_signal().await;
            tracing::info!("stopping: closing every connection");
            stopping.stop(std::time::Duration::from_secs(3)).await;
        })
        .await;
        tracing::info!("stopped");
        anyhow::Ok(())
    })?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waiting_limits_read_as_durations_or_never() {
        assert_eq!(
            waiting_limit("90m"),
            Ok(Patience(Some(Duration::from_secs(5400))))
        );
        assert_eq!(
            waiting_limit("1d"),
            Ok(Patience(Some(Duration::from_secs(86_400))))
        );
        assert_eq!(waiting_limit("Never"), Ok(Patience(None)));
        for bad in ["0s", "59s", "", "soon", "-1h", "3x"] {
            let e = waiting_limit(bad).unwrap_err();
            assert!(e.contains("30m") || e.contains("90s"), "{bad}: {e}");
        }
    }
}
