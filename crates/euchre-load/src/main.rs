//! `euchre-load`: drives `euchre serve` with many WebSocket players and reports how fast each
//! decision's broadcast comes back. Exits 0 when the run held (no error, p99 under the target).

use anyhow::{bail, Context, Result};
use clap::Parser;
use euchre_load::run::{run, Progress, Report, Step};
use euchre_load::server::{raise_open_files, Spawned};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "euchre-load",
    version,
    about = "Load generator for `euchre serve`: tables of four WebSocket players on loopback"
)]
struct Args {
    /// A running server, e.g. http://127.0.0.1:8080.
    #[arg(long, conflicts_with = "spawn", required_unless_present = "spawn")]
    url: Option<String>,
    /// Start this `euchre` binary's server on a free port over a fresh database (a new one for
    /// each step of a ladder), and stop it after.
    #[arg(long, value_name = "EUCHRE_BINARY")]
    spawn: Option<PathBuf>,
    /// Tables played at once (four WebSocket players each).
    #[arg(long, default_value_t = 500)]
    tables: usize,
    /// Mean pause before each decision, in milliseconds (each drawn from 50% to 150% of it);
    /// 0 decides at once. A connection never sends more than one message per 55 ms (the
    /// server closes one that sends over 20 a second).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Length of the measured window.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The tables are started evenly over this many seconds before the window.
    #[arg(long, default_value_t = 10)]
    ramp_secs: u64,
    /// Steps of table counts (e.g. 100,200,500,800): each is run in turn, and the highest one
    /// held is reported.
    #[arg(long, value_delimiter = ',')]
    ladder: Option<Vec<usize>>,
    /// The target for the broadcasts' 99th percentile, in milliseconds.
    #[arg(long, default_value_t = 50.0)]
    p99_ms: f64,
    /// Worker threads of this process's runtime [default: one per core].
    #[arg(long)]
    workers: Option<usize>,
    /// Print JSON instead of the summary.
    #[arg(long)]
    json: bool,
}

fn main() {
    match real_main() {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("euchre-load: {e:#}");
            std::process::exit(2);
        }
    }
}

fn real_main() -> Result<i32> {
    let args = Args::parse();
    let steps = args.ladder.clone().unwrap_or_else(|| vec![args.tables]);
    if steps.is_empty() || steps.contains(&0) {
        bail!("every step needs at least one table");
    }
    let needed = steps.iter().max().copied().unwrap_or(0) as u64 * 4 + 256;
    let limit = raise_open_files();
    if limit < needed {
        bail!("{needed} open files are needed and the limit is {limit}: raise it (ulimit -n {needed})");
    }
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    builder.enable_all();
    if let Some(w) = args.workers {
        builder.worker_threads(w.max(1));
    }
    let runtime = builder.build().context("starting the async runtime")?;
    let mut reports = Vec::new();
    for &tables in &steps {
        let report = runtime.block_on(one_step(&args, tables))?;
        if !args.json {
            print_report(&report, args.p99_ms);
        }
        reports.push(report);
    }
    let held = reports
        .iter()
        .filter(|r| r.held(args.p99_ms))
        .map(|r| r.tables)
        .max();
    if args.json {
        let out = if args.ladder.is_some() {
            json!({"p99_target_ms": args.p99_ms, "steps": reports, "highest_held": held})
        } else {
            json!(reports[0])
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else if args.ladder.is_some() {
        println!("ladder (p99 target {} ms, no errors):", args.p99_ms);
        for r in &reports {
            println!(
                "  {:>5} tables  p99 {:>8.2} ms  max {:>8.2} ms  errors {:>5}  {}",
                r.tables,
                r.action_to_broadcast.p99_ms,
                r.action_to_broadcast.max_ms,
                r.errors,
                if r.held(args.p99_ms) { "held" } else { "NOT held" }
            );
        }
        match held {
            Some(t) => println!("highest load held: {t} tables ({} WebSocket players)", t * 4),
            None => println!("no step held"),
        }
    }
    let all_held = reports.iter().all(|r| r.held(args.p99_ms));
    Ok(if all_held || (args.ladder.is_some() && held.is_some()) {
        0
    } else {
        1
    })
}

async fn one_step(args: &Args, tables: usize) -> Result<Report> {
    let spawned = match &args.spawn {
        Some(binary) => Some(Spawned::start(binary).map_err(anyhow::Error::msg)?),
        None => None,
    };
    let addr = match (&spawned, &args.url) {
        (Some(s), _) => s.addr.clone(),
        (None, Some(url)) => url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string(),
        (None, None) => bail!("give --url or --spawn"),
    };
    match euchre_load::http::get(&addr, "/healthz").await {
        Ok((200, _)) => {}
        Ok((status, body)) => bail!("{addr}/healthz answered {status}: {body}"),
        Err(e) => bail!("no server at {addr}: {e}"),
    }
    let step = Step {
        addr,
        tables,
        think: Duration::from_millis(args.think_ms),
        ramp: Duration::from_secs(args.ramp_secs),
        measure: Duration::from_secs(args.seconds),
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(args.ramp_secs + args.seconds);
        bar.set_style(
            ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} s  {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_prefix(format!("{tables} tables"));
        bar
    });
    let started = std::time::Instant::now();
    let mut last_actions = (started, 0u64);
    let report = run(&step, spawned.as_ref().map(Spawned::pid), |p: Progress| {
        if let Some(bar) = &bar {
            let now = std::time::Instant::now();
            let rate = if p.measuring {
                let dt = now.duration_since(last_actions.0).as_secs_f64().max(1e-3);
                let r = (p.actions - last_actions.1) as f64 / dt;
                last_actions = (now, p.actions);
                format!("{r:.0} actions/s")
            } else {
                "ramping up".into()
            };
            bar.set_position(started.elapsed().as_secs());
            bar.set_message(format!(
                "{} tables playing, {rate}, {} errors",
                p.tables, p.errors
            ));
        }
    })
    .await;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(mut s) = spawned {
        if !s.alive() {
            bail!("the server stopped during the run; its log:\n{}", s.log_tail());
        }
        let problems = s.log_problems();
        if problems > 0 && !args.json {
            eprintln!(
                "the server logged {problems} warnings or errors; the last lines:\n{}",
                s.log_tail()
            );
        }
    }
    Ok(report)
}

fn print_report(r: &Report, target: f64) {
    let line = |name: &str, s: &euchre_load::stats::Summary| {
        println!(
            "  {name:<22} {:>8}  p50 {:>7.2}  p90 {:>7.2}  p99 {:>7.2}  p99.9 {:>7.2}  max {:>8.2}  mean {:>7.2} ms",
            s.count, s.p50_ms, s.p90_ms, s.p99_ms, s.p999_ms, s.max_ms, s.mean_ms
        );
    };
    println!(
        "{} tables, {} WebSocket players, think {} ms, measured {:.1} s",
        r.tables, r.clients, r.think_ms, r.seconds
    );
    line("action -> own state", &r.action_to_broadcast);
    line("action -> all 4 states", &r.fan_out);
    println!(
        "  {:.1} actions/s, {:.1} messages/s received; {} games finished, {} tables created",
        r.actions_per_sec, r.messages_per_sec, r.games_finished, r.tables_created
    );
    let pct = |p: Option<f64>| p.map_or("?".to_string(), |p| format!("{p:.0}%"));
    let mib = |m: Option<f64>| m.map_or("?".to_string(), |m| format!("{m:.0} MiB"));
    println!(
        "  processor (of one core): server {}, generator {}; resident memory: server {}, generator {}",
        pct(r.server_cpu_pct),
        pct(r.generator_cpu_pct),
        mib(r.server_rss_mib),
        mib(r.generator_rss_mib)
    );
    println!("  errors: {}", r.errors);
    for (kind, n) in &r.error_kinds {
        println!("    {n:>6}  {kind}");
    }
    println!(
        "  {}: p99 {:.2} ms against {target} ms, {} errors",
        if r.held(target) { "HELD" } else { "NOT HELD" },
        r.action_to_broadcast.p99_ms,
        r.errors
    );
}
