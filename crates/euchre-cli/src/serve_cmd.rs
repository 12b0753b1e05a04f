//! `euchre serve`: the multiplayer server with its browser client and its embedded database.

use anyhow::{Context, Result};
use euchre_server::{router, AppState, Durability, Store};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The default database: `server.sqlite3` beside the statistics database (in
/// `$EUCHRE_DATA_DIR` when set, else the platform's data folder).
fn default_db() -> Result<PathBuf> {
    let stats = euchre_stats::Store::default_path()?;
    Ok(stats.with_file_name("server.sqlite3"))
}

/// Structured logs on standard error: `RUST_LOG` filters (default `info`), `--log-json` for
/// one JSON object a line.
fn start_logging(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

/// Runs the server until it is stopped (Ctrl-C or SIGTERM end it cleanly; SIGKILL loses
/// nothing acknowledged).
pub fn run(addr: SocketAddr, db: Option<&Path>, full_sync: bool, log_json: bool) -> Result<i32> {
    start_logging(log_json);
    let path = match db {
        Some(p) => p.to_path_buf(),
        None => default_db()?,
    };
    let durability = if full_sync {
        Durability::Machine
    } else {
        Durability::Process
    };
    let store = Store::open(&path, durability)?;
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
        let state = AppState::open(store)?;
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("listening on {addr}"))?;
        let bound = listener.local_addr()?;
        tracing::info!(database = %path.display(), "database open");
        // The address goes to standard output too, for scripts that start the server on port 0.
        println!("euchre serve: open http://{bound}/ in a browser");
        tracing::info!(%bound, "listening");
        // A state goes out at once, not held back for the client's delayed ACK (the last card of
        // a deal and the next deal are two messages in a row).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(listener, router(state))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("serving")?;
        anyhow::Ok(())
    })?;
    Ok(0)
}
