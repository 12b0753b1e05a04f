//! `euchre`: the command-line program. Parsing, wiring and printing only; the logic lives in the
//! library crates.

mod accounts_cmd;
mod analyze;
mod bench;
mod bots_game;
mod bounded_read;
mod egn_cmd;
mod file_lock;
mod json_place;
mod out_path;
mod play;
mod pool;
mod rules_cmd;
mod serve_cmd;
mod show;
mod sim;
mod solve;
mod stats_cmd;
mod winprob_cmd;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};
use euchre::table::{settings_clash, AnyRules, SettingsClash, Table as _};
use std::io::Write;
use std::num::IntErrorKind;

#[derive(Parser)]
#[command(
    name = "euchre",
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("EUCHRE_COMMIT"), ")"),
    about = "Euchre rules engine, EGN tools and engine protocol"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Euchre Game Notation: validate, replay and show recorded games.
    Egn {
        #[command(subcommand)]
        command: EgnCommand,
    },
    /// The project's own game records (every option and decision; `docs/record-format.md`).
    Record {
        #[command(subcommand)]
        command: RecordCommand,
    },
    /// List the presets, or print one ruleset with every option's value.
    Rules {
        /// A preset name (see `euchre rules` for the list).
        #[arg(id = "preset_name", value_name = "PRESET")]
        preset: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
        /// Say what each option means and which values it takes (with `--json`, a list of
        /// objects: name, value, label, about, kind and its values or range).
        #[arg(long)]
        describe: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Measure random complete deals per second on one core.
    Bench {
        #[command(flatten)]
        rules: RulesArgs,
        /// Seconds to measure for (more than 0, at most a day).
        #[arg(long, allow_negative_numbers = true, default_value_t = 3.0, value_parser = seconds)]
        seconds: f64,
        /// Play exactly this many deals instead (the same work every run, for instruction counts).
        #[arg(long, allow_negative_numbers = true, conflicts_with = "seconds", value_parser = whole(1, u64::MAX))]
        deals: Option<u64>,
        /// Seed of the random deals and decisions.
        #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = whole(0, u64::MAX))]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play one game (or, when the rules make a match of several, a match) with uniformly random
    /// legal decisions and print it as EGN (or EMN), or as a game record.
    Random {
        #[command(flatten)]
        rules: RulesArgs,
        /// Seed of the deals and decisions.
        #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = whole(0, u64::MAX))]
        seed: u64,
        /// `egn` (EGN, or EMN for a match), or `record`: the project's record, which keeps every
        /// option and decision EGN has no words for. By default EGN where the document reads back
        /// as the same game, otherwise the record (the only choice for the individual games).
        #[arg(long, value_enum)]
        format: Option<Format>,
        /// Computer players to play the game rather than random choices, one per seat from
        /// seat 0 (`expert,basic,expert,basic`), each from its own seat's view. With no time
        /// limit, so the same command gives the same game; named in the document. One game:
        /// a match's rules are refused.
        #[arg(long, value_delimiter = ',', value_name = "P,P,...")]
        players: Vec<String>,
    },
    /// The engine protocol: JSON lines on stdin, one response per line on stdout.
    Engine,
    /// A duplicate match between two players: each board is played twice with the seats
    /// swapped, on every core; points per deal with 95% confidence intervals.
    Sim {
        /// The first player (side 0: North-South on a board's first play).
        first: String,
        /// The second player.
        second: String,
        #[command(flatten)]
        rules: RulesArgs,
        /// Boards to play (each twice).
        #[arg(long, allow_negative_numbers = true, default_value_t = 1000, value_parser = whole(1, 10_000_000))]
        boards: u64,
        /// Play whole games to the rules' target instead of single deals.
        #[arg(long)]
        games: bool,
        /// Seed of the deals and the players' choices.
        #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = whole(0, u64::MAX))]
        seed: u64,
        /// A time limit per decision in milliseconds (search players then depend on the
        /// machine's speed; without it a match is reproducible from its seed).
        #[arg(long, allow_negative_numbers = true, value_parser = whole(1, 600_000))]
        time_ms: Option<u64>,
        /// Threads to play on [default: every core].
        #[arg(long, allow_negative_numbers = true, value_parser = whole(1, 1024))]
        threads: Option<u64>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Draw the running point difference with its confidence band to this SVG file (an
        /// existing file is refused: see --overwrite).
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<std::path::PathBuf>,
        /// Write each board's result to this CSV file, for `--compare` in a later match (an
        /// existing file is refused: see --overwrite).
        #[arg(long, value_name = "FILE.csv")]
        save_boards: Option<std::path::PathBuf>,
        /// Replace an existing --plot or --save-boards file of its kind (an SVG drawing, a board
        /// file). A file of any other kind, or the --compare file, is never replaced.
        #[arg(long)]
        overwrite: bool,
        /// Compare this match board by board with an earlier one on the same boards (same
        /// rules, seed and mode; its `--save-boards` file): two players against a common
        /// opponent, without the cards' luck.
        #[arg(long, value_name = "FILE.csv")]
        compare: Option<std::path::PathBuf>,
    },
    /// Pool the reports of several `euchre sim --json` matches between the same players on
    /// different seeds into one estimate, without playing them again.
    Pool {
        /// The reports (each the output of `euchre sim --json`).
        #[arg(required = true, value_name = "REPORT.json")]
        reports: Vec<std::path::PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal: you sit South against computer players.
    Play {
        #[command(flatten)]
        table: TableArgs,
        /// Go on with a saved game (the file `euchre play` saved).
        #[arg(long, value_name = "FILE")]
        resume: Option<std::path::PathBuf>,
        /// A practice game: `u` takes back your last decision.
        #[arg(long)]
        practice: bool,
    },
    /// The chance of winning a game from each score, from deal outcomes measured by self-play.
    Winprob {
        /// The player in every seat when measuring (with --deals) [default: pimc-50].
        #[arg(long)]
        player: Option<String>,
        /// Deals to measure (0: use the outcomes kept in the repository; at most 100,000,000).
        #[arg(long, allow_negative_numbers = true, default_value_t = 0, value_parser = whole(0, 100_000_000))]
        deals: u64,
        /// The seed of the measured deals (with --deals) [default: 1].
        #[arg(long, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
        seed: Option<u64>,
        /// The game's target score, 1 to 1000 (the largest winning_score a game may set; a
        /// table to 1000 is a million rows wide, best read with --json).
        #[arg(long, allow_negative_numbers = true, default_value_t = 10, value_parser = clap::value_parser!(i32).range(1..=1000))]
        target: i32,
        /// Write the measured outcomes here (crates/euchre-ai/data/deal_outcomes.json to
        /// regenerate the repository's).
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// Print the outcomes and the table of win chances as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The multiplayer server: tables for friends and computer players, played in the browser.
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The database [default: server.sqlite3 in $EUCHRE_DATA_DIR or the data folder].
        #[arg(long, value_name = "FILE")]
        db: Option<std::path::PathBuf>,
        /// Wait for the disk on every change (survives power loss, not only a crash).
        #[arg(long)]
        full_sync: bool,
        /// Log one JSON object a line.
        #[arg(long)]
        log_json: bool,
        /// Let a new table name its seed (tests and demonstrations: whoever knows a table's
        /// seed knows every hand).
        #[arg(long)]
        allow_seeds: bool,
        /// Behind a reverse proxy on this machine: take each request's client address from the
        /// last entry of its X-Forwarded-For, so the limits per address hold for the proxy's
        /// clients (trust it only when the proxy sets the header and nothing else can reach
        /// the server).
        #[arg(long)]
        trust_proxy: bool,
        /// A name the server is reached by ("cards.example.org", or with its port,
        /// "club.lan:8080"); repeat for each. Given, a request naming any other host is refused
        /// (421), which stops a web page elsewhere from reaching a server on your network
        /// through a name of its own (DNS rebinding). Behind a proxy, list the name people use
        /// and have the proxy pass it on (nginx: `proxy_set_header Host $host;`), or list the
        /// address the proxy names too (nginx's default sends its upstream's).
        #[arg(long, value_name = "NAME")]
        public_host: Vec<String>,
        /// Close a table whose game has not begun, with no person seated, once nobody has
        /// watched it or changed its seats for this long ("90m", "2h", at least "1m"; or "never").
        #[arg(long, value_name = "DURATION", default_value = "1h", value_parser = serve_cmd::waiting_limit)]
        close_empty_after: serve_cmd::Patience,
        /// The same for a table where a person is seated (a company gathering).
        #[arg(long, value_name = "DURATION", default_value = "1d", value_parser = serve_cmd::waiting_limit)]
        close_seated_after: serve_cmd::Patience,
    },
    /// The server's named accounts, for its operator: list them, reset a forgotten password,
    /// delete one (safe while the server runs).
    Accounts {
        /// The server's database [default: server.sqlite3 beside the statistics database].
        #[arg(long, value_name = "FILE")]
        db: Option<std::path::PathBuf>,
        #[command(subcommand)]
        task: accounts_cmd::Task,
    },
    /// Statistics of the games played, per player, from the local database.
    Stats {
        /// The database [default: stats.sqlite3 in $EUCHRE_DATA_DIR or the data folder].
        #[arg(long, value_name = "FILE")]
        db: Option<std::path::PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Watch four computer players play a game, at a readable pace.
    Watch {
        #[command(flatten)]
        table: TableArgs,
        /// Go on watching a saved game (the file `euchre watch` saved).
        #[arg(long, value_name = "FILE")]
        resume: Option<std::path::PathBuf>,
    },
    /// The exact value of every legal action at a point of a fully known deal: one given in the
    /// engine protocol's format (`--given`), or a recorded one (an EGN file or a game record).
    /// Best play by all from there.
    #[command(arg_required_else_help = true)]
    Solve {
        /// An EGN game, an EMN match (every game, deals numbered on through it) or a game record
        /// (`-` reads standard input).
        #[arg(required_unless_present = "given", conflicts_with = "given")]
        file: Option<std::path::PathBuf>,
        /// The deal of the file, from 1 (numbered on through every game of a match).
        #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "given")]
        deal: u32,
        /// The trick, from 1; 0 for the bidding (its first decision, or --card K's: slower).
        #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=12), conflicts_with = "given")]
        trick: u8,
        /// Cards already played to that trick (0 to 3); with --trick 0, decisions already taken
        /// in the bidding (bids, the discard, going alone, naming trump), from 0.
        #[arg(long, allow_negative_numbers = true, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=99), conflicts_with = "given")]
        card: u8,
        /// A deal as the engine protocol's `new` takes it, e.g.
        /// '{"dealer":3,"hands":[["9C","TC","JC","QC","KC"],...],"upcard":"9H"}'.
        #[arg(long, value_name = "JSON")]
        given: Option<String>,
        /// Decisions to apply to the given deal first, in the protocol's text, separated by
        /// commas: 'order, discard QS, JC' (for the engine protocol's example deal).
        #[arg(long, value_name = "ACTIONS", default_value = "", conflicts_with = "file")]
        then: String,
        /// The given deal's rules (a file's rules are its own).
        #[command(flatten)]
        rules: RulesArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Judge every decision of a recorded game (EGN, or a game record) from the deciding seat's
    /// view: the reference player's choice and the expected points lost, biggest first.
    Analyze {
        /// An EGN game, an EMN match (every game, deals numbered on through it) or a game record
        /// (`-` reads standard input).
        file: std::path::PathBuf,
        /// The reference player (a search player: expert, pimc-N).
        #[arg(long, default_value = euchre_ai::DEFAULT_PLAYER)]
        player: String,
        /// Seed of the reference player's sampling (the terminal game's reviews use the default).
        #[arg(long, allow_negative_numbers = true, default_value_t = euchre_ai::analysis::ANALYSIS_SEED, value_parser = whole(0, u64::MAX))]
        seed: u64,
        /// Mistakes to list.
        #[arg(long, allow_negative_numbers = true, default_value_t = 10, value_parser = whole(0, u32::MAX.into()))]
        top: u64,
        /// Print JSON (every judged decision).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Egn,
    Record,
}

#[derive(Subcommand)]
enum RecordCommand {
    /// Validate and replay game records; exit status 0 only when all are valid.
    Check {
        /// Print one JSON line per file.
        #[arg(long)]
        json: bool,
        /// The record files (.json; `-` reads standard input).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Print a readable replay, as `egn show` does: hands, bidding, tricks and the running score.
    Show {
        /// A game record (a game, or each game of a match in turn; `-` reads standard input).
        file: std::path::PathBuf,
    },
}

#[derive(Subcommand)]
enum EgnCommand {
    /// Validate and replay EGN/EMN files; exit status 0 only when all are valid.
    Check {
        /// Print one JSON line per file.
        #[arg(long)]
        json: bool,
        /// The files (.egn or .emn; `-` reads standard input).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Print a readable replay: hands, bidding, tricks and the running score.
    Show {
        /// An EGN game, or an EMN match (each of its games in turn; `-` reads standard input).
        file: std::path::PathBuf,
    },
}

/// How a table is set up, for `play` and `watch`.
#[derive(Args, Clone)]
struct TableArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The computer players' level: easy, medium or hard [default: hard] (or any computer
    /// player by name: expert, basic, pimc-N, ...).
    #[arg(long)]
    level: Option<String>,
    /// The computer players by name, seat by seat from your left (e.g. basic,pimc-50,hard; in
    /// `watch` every seat's, South's first); overrides --level. Under `--set
    /// partners=cut_high_low` the cut seats you and them instead (taken in this order as
    /// players 0 to 3): your partner is whoever it puts opposite you.
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// Seed of the deals and the computer players' choices [default: from the clock].
    #[arg(long, allow_negative_numbers = true, value_parser = whole(0, u64::MAX))]
    seed: Option<u64>,
    /// Where to save the game as it goes [default: the user's data directory].
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
    /// Milliseconds between the computer players' moves.
    #[arg(long, allow_negative_numbers = true, default_value_t = 500, value_parser = whole(0, 10_000))]
    pace_ms: u64,
    /// A time limit per computer decision in milliseconds [default: 40]. Past their own bound
    /// on work, their choices depend on the machine's speed.
    #[arg(long, allow_negative_numbers = true, value_parser = whole(1, 600_000))]
    think_ms: Option<u64>,
}

impl TableArgs {
    /// The seats: you (unless watching) and the computer players.
    fn holders(&self, players: usize, watch: bool) -> Result<Vec<euchre_table::Holder>> {
        let bots = if watch { players } else { players - 1 };
        let names: Vec<String> = if self.players.is_empty() {
            vec![self.level.clone().unwrap_or_else(|| "hard".into()); bots]
        } else if self.players.len() == bots {
            self.players.clone()
        } else {
            anyhow::bail!(
                "--players names {} computer players; this table has {bots}",
                self.players.len()
            );
        };
        let mut holders = Vec::new();
        if !watch {
            holders.push(euchre_table::Holder::Person("You".into()));
        }
        for n in names {
            holders.push(euchre_table::Holder::Bot(player_name(&n)?));
        }
        Ok(holders)
    }

    fn budget(&self) -> euchre_ai::Budget {
        self.think_ms
            .map_or(euchre_ai::Budget::DEFAULT, euchre_ai::Budget::millis)
    }

    /// The seed, or one from the clock.
    fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        })
    }
}

/// The holders named in order, seated by the cut for partners (`partners = cut_high_low`, the
/// seating the game draws from `seed`); as named otherwise (rules tester s55, 1). The
/// four-handed game always has four holders (one per seat).
fn seated_by_cut(
    rules: &euchre::table::AnyRules,
    seed: u64,
    named: Vec<euchre_table::Holder>,
) -> Vec<euchre_table::Holder> {
    match rules {
        euchre::table::AnyRules::Partnership(r) => {
            debug_assert_eq!(named.len(), 4, "a four-handed table seats four");
            let seating = euchre::game::setup(r, seed).seating;
            seating
                .iter()
                .filter_map(|&p| named.get(usize::from(p)).cloned())
                .collect()
        }
        euchre::table::AnyRules::Solo(_) => named,
    }
}

/// A computer player's name as the table keeps it: a name the players list has as listed
/// (`--level Hard` is `hard` on the screen and in the saved game), any other by the name the
/// player gives itself (`PIMC-5` is `pimc-5`), so that the game record reads back the name it
/// saved.
///
/// # Errors
/// No player has the name, or the name is longer than a game record keeps.
fn player_name(given: &str) -> Result<String> {
    let name = canonical_player(given)?;
    let chars = name.chars().count();
    if chars > euchre_record::MAX_PLAYER_NAME_CHARS {
        anyhow::bail!(
            "a computer player's name has {chars} characters; a saved game keeps at most {}",
            euchre_record::MAX_PLAYER_NAME_CHARS
        );
    }
    Ok(name)
}

/// A computer player's name however it was typed: a listed name as listed (`Hard` is
/// `hard`), any other as the player names itself (`PIMC-5` is `pimc-5`).
///
/// # Errors
/// No player has the name.
fn canonical_player(given: &str) -> Result<String> {
    let player = euchre_ai::player(given)?;
    let lower = given.trim().to_ascii_lowercase();
    Ok(if euchre_ai::PLAYERS.iter().any(|(listed, _)| *listed == lower) {
        lower
    } else {
        player.name()
    })
}

/// The player a name stands for, as a match's report names it ([`euchre_ai::canonical_name`]:
/// `easy` is `basic`, `PIMC-5` is `pimc-5`, each half of a `BIDDER/PLAYER` alike), so that a
/// match typed with levels pools and compares with one typed with the players' names (research
/// tester s54, 7); the table keeps a level's name, which is what its seats show.
///
/// # Errors
/// No player has the name.
fn match_player(given: &str) -> Result<String> {
    Ok(euchre_ai::canonical_name(given)?)
}

/// The user's data directory: `EUCHRE_DATA_DIR`, or the platform's (e.g. ~/.local/share/euchre).
fn data_dir() -> Result<std::path::PathBuf> {
    if let Some(d) = std::env::var_os("EUCHRE_DATA_DIR").filter(|d| !d.is_empty()) {
        return Ok(d.into());
    }
    directories::ProjectDirs::from("", "", "euchre")
        .map(|p| p.data_dir().to_path_buf())
        .context("no home directory to keep games in: give --save FILE or set EUCHRE_DATA_DIR")
}

/// Starts a table (or resumes one) and runs it on the terminal.
fn play_table(
    table: &TableArgs,
    resume: Option<&std::path::Path>,
    watch: bool,
    practice: bool,
) -> Result<i32> {
    // The saved game's file is this program's alone while it plays: two programs saving one
    // game would each write over the other's decisions.
    let held;
    let session = match resume {
        Some(path) => {
            // A saved game keeps its own rules, seats, seed and file: options that would
            // change them are refused rather than ignored.
            let given = [
                ("--rules", table.rules.preset.is_some()),
                ("--set", !table.rules.set.is_empty()),
                ("--level", table.level.is_some()),
                ("--players", !table.players.is_empty()),
                ("--seed", table.seed.is_some()),
                ("--save", table.save.is_some()),
            ];
            let clash: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
            if !clash.is_empty() {
                anyhow::bail!(
                    "{} with --resume: a saved game goes on with its own rules, players and seed, in its own file (copy the file first to keep both)",
                    clash.join(", ")
                );
            }
            held = hold_game(path)?;
            let session = euchre_table::Session::resume(path, table.budget()).map_err(|e| {
                // An EGN file given for a saved game is said to be one (EGN tester s51, 24).
                let head = egn_cmd::read_document(path)
                    .map(|t| t.chars().take(4096).collect::<String>())
                    .unwrap_or_default();
                if head.contains("Euchre Game Notation") || head.contains("Euchre Match Notation") {
                    anyhow::anyhow!(
                        "{e} (this is an EGN document: --resume goes on from the game record that --save writes)"
                    )
                } else {
                    e.into()
                }
            })?;
            let people = session.holders().iter().filter(|h| !h.is_bot()).count();
            let seats = || {
                session
                    .holders()
                    .iter()
                    .map(|h| euchre::text::printable(h.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            // A game played goes on with `play`, a game watched with `watch`: each names the other.
            match (watch, people) {
                (false, 1) | (true, 0) => {}
                (false, 0) => anyhow::bail!(
                    "{}: every seat of this game is a computer player's ({}): `euchre watch --resume {}` goes on watching it",
                    path.display(),
                    seats(),
                    path.display()
                ),
                (false, _) => anyhow::bail!(
                    "{}: the terminal game has one person at the table; this file's seats ({}) name {people} ({}): a name that is not a computer player's is taken for a person's",
                    path.display(),
                    seats(),
                    session
                        .holders()
                        .iter()
                        .filter(|h| !h.is_bot())
                        .map(|h| h.name().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                (true, _) => anyhow::bail!(
                    "{}: a watched game has only computer players; this file's seats ({}) name {people} {}{}",
                    path.display(),
                    seats(),
                    if people == 1 { "person" } else { "people" },
                    if people == 1 {
                        format!(": `euchre play --resume {}` goes on with it", path.display())
                    } else {
                        String::new()
                    }
                ),
            }
            // Checked once the file is known to be a game this command can go on with, so
            // that a wrong file is named as such with or without a terminal.
            need_terminal()?;
            session
        }
        None => {
            let rules = table.rules.resolve(None)?;
            // The players are checked with the rest of the command line, before any file or
            // the terminal.
            let holders = table.holders(rules.new_game(0).players(), watch)?;
            let seed = table.seed();
            let save = match &table.save {
                Some(p) if p.is_dir() => {
                    anyhow::bail!("{} is a folder: --save names the game's file", p.display())
                }
                // A file already there is not written over. A saved game is named with the
                // command that goes on with it (`watch` for one of computer players alone, as
                // `play --resume` itself says); any other file is not offered for resuming
                // (research tester s54, 5).
                Some(p) if p.exists() => match people_in_saved_game(p) {
                    Some(0) => anyhow::bail!(
                        "{} already exists: `euchre watch --resume {}` goes on watching it, or choose another --save",
                        p.display(),
                        p.display()
                    ),
                    Some(1) => anyhow::bail!(
                        "{} already exists: `euchre play --resume {}` goes on with it, or choose another --save",
                        p.display(),
                        p.display()
                    ),
                    Some(people) => anyhow::bail!(
                        "{} already exists (a saved game with {people} people at the table): choose another --save",
                        p.display()
                    ),
                    None => anyhow::bail!(
                        "{} already exists and is not a saved game: choose another --save",
                        p.display()
                    ),
                },
                // Checked before the session writes its first save, once the file named is
                // known to be one to write: a game that cannot start leaves no file behind (the
                // lock file goes with `held`), and not even the games' folder.
                Some(p) => {
                    held = hold_game(p)?;
                    need_terminal()?;
                    p.clone()
                }
                None => {
                    need_terminal()?;
                    let dir = data_dir()?.join("games");
                    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
                    let stamp = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs());
                    let (path, lock) = unused_save(
                        &dir,
                        &format!("{stamp}-{}-seed{seed}", listed_preset(table.rules.name())),
                    )?;
                    held = lock;
                    path
                }
            };
            let holders = seated_by_cut(&rules, seed, holders);
            euchre_table::Session::new(rules, seed, holders, table.budget(), Some(save))?
        }
    };
    let name = match resume {
        Some(_) => preset_of(session.game()),
        None => listed_preset(table.rules.name()),
    };
    let pace = std::time::Duration::from_millis(table.pace_ms);
    // Stopped by a signal: the shell's status for a program it ended (128 + the signal), once
    // the terminal is back as it was.
    // The game lets go of its file (the lock) once its last save is done.
    let ended = play::run(session, name, watch, practice, pace, held)?;
    // A terminal closed under the game (SIGHUP) takes the farewell's words nowhere: no
    // reason to fail.
    if !ended.farewell.is_empty() {
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), "{}", ended.farewell);
    }
    Ok(ended.signal.map_or(0, |signal| 128 + signal))
}

/// The terminal game needs a terminal to read keys from and draw on.
fn need_terminal() -> Result<()> {
    use std::io::IsTerminal;
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        anyhow::bail!(
            "the terminal game needs a terminal: its input and output may not be a file or a pipe (euchre sim plays computer players without one)"
        );
    }
    Ok(())
}

/// A new file for a game in `dir`, named `STEM.json` (or `STEM-2.json` and on, when games
/// started in the same second with the same seed took the name), held for this program.
fn unused_save(dir: &std::path::Path, stem: &str) -> Result<(std::path::PathBuf, file_lock::Held)> {
    for n in 1..1000 {
        let name = match n {
            1 => format!("{stem}.json"),
            _ => format!("{stem}-{n}.json"),
        };
        let path = dir.join(name);
        if path.exists() {
            continue;
        }
        match file_lock::hold(&path) {
            // Taken while this one looked: another game started just now.
            Err(file_lock::LockError::Busy(_)) => continue,
            Err(file_lock::LockError::Io(at, e)) => {
                anyhow::bail!("{}: cannot lock the saved game: {e}", at.display())
            }
            Ok(held) if path.exists() => drop(held.removed_when_done()),
            Ok(held) => return Ok((path, held.removed_when_done())),
        }
    }
    anyhow::bail!("{}: no free name for a new game's file", dir.display())
}

/// Holds a saved game's file for this program (its lock file removed when done).
fn hold_game(path: &std::path::Path) -> Result<file_lock::Held> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
        anyhow::bail!("{}: there is no folder {}", path.display(), dir.display());
    }
    match file_lock::hold(path) {
        Ok(held) => Ok(held.removed_when_done()),
        // Said as the other program goes on with the file: a game of computer players alone is
        // watched, in `euchre watch` (research tester s54, 5).
        Err(file_lock::LockError::Busy(_)) => match people_in_saved_game(path) {
            Some(0) => anyhow::bail!(
                "{} is being watched in another euchre watch: leave that one first (or copy the file to watch it twice)",
                path.display()
            ),
            Some(1) => anyhow::bail!(
                "{} is being played in another euchre play: leave that one first (or copy the file to play it twice)",
                path.display()
            ),
            _ => anyhow::bail!(
                "{} is open in another euchre: leave that one first (or copy the file to go on with it twice)",
                path.display()
            ),
        },
        Err(file_lock::LockError::Io(at, e)) => {
            anyhow::bail!("{}: cannot lock the saved game: {e}", at.display())
        }
    }
}

/// How many people a saved game's seats name (seats that are not a computer player's), or
/// `None` when `path` is not a saved game: not a file, too large, or not a game record with
/// its seats' names.
fn people_in_saved_game(path: &std::path::Path) -> Option<usize> {
    if !path.is_file() {
        return None;
    }
    // Read as a file even when named `-` (the reader's standard input); an absolute path is
    // kept as it is by the join.
    let text = egn_cmd::read_document(&std::path::Path::new(".").join(path)).ok()?;
    let saved = euchre_table::from_text(&text).ok()?;
    if saved.names.is_empty() {
        return None;
    }
    Some(
        saved
            .names
            .iter()
            .filter(|n| !euchre_table::Holder::from_name(n).is_bot())
            .count(),
    )
}

/// `egn show` or `record show`: a document's readable replay.
fn show_file(file: &std::path::Path, kind: egn_cmd::DocKind) -> Result<i32> {
    let text = egn_cmd::read_document(file)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("reading {}", file.display()))?;
    let shown = match kind {
        egn_cmd::DocKind::Egn => show::show(&text),
        egn_cmd::DocKind::Record => show::show_record(&text),
    };
    let shown = match shown {
        Ok(shown) => shown,
        // Said as `check` says it, at the line and column check gives (records tester s53, 4).
        Err(e) => match egn_cmd::fault_as_checked(&text, kind, "show") {
            Some((message, Some((line, column)))) => {
                anyhow::bail!("{}:{line}:{column}: {message}", file.display())
            }
            _ => {
                let e = egn_cmd::other_kind(&text, kind, "show", format!("{e:#}"));
                anyhow::bail!("{}: {e}", file.display())
            }
        },
    };
    emit(shown.trim_end());
    Ok(0)
}

/// A preset's name as the presets list it (`TOURNAMENT` is `tournament`, `standard` is
/// `north-american`); a name no preset has, as given.
fn listed_preset(given: &str) -> String {
    euchre::preset_name(given).map_or_else(|| given.to_string(), str::to_string)
}

/// The preset a game's rules are, or its family with "custom rules" when options were changed.
fn preset_of(game: &euchre::table::AnyGame) -> String {
    use euchre::table::AnyGame;
    let rules = match game {
        AnyGame::Partnership(g) => AnyRules::Partnership(*g.rules()),
        AnyGame::Solo(g) => AnyRules::Solo(*g.rules()),
    };
    preset_of_rules(rules).map_or_else(
        || format!("{}, custom rules", euchre::table::Table::family(game)),
        str::to_string,
    )
}

/// The listed preset whose rules are `rules`, if one is.
fn preset_of_rules(rules: AnyRules) -> Option<&'static str> {
    euchre::all_presets()
        .into_iter()
        .map(|(name, _)| name)
        .find(|name| AnyRules::preset(name).is_ok_and(|p| p == rules))
}

/// `--rules PRESET` and `--set option=value`, wherever rules apply.
#[derive(Args, Clone)]
struct RulesArgs {
    /// Preset to start from [default: north-american].
    #[arg(long = "rules", value_name = "PRESET")]
    preset: Option<String>,
    /// Override one option, e.g. `--set stick_the_dealer=true` (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    set: Vec<String>,
}

impl RulesArgs {
    /// The preset named by `--rules`, or the default.
    fn name(&self) -> &str {
        self.preset.as_deref().unwrap_or("north-american")
    }

    /// The rules: `preset` (a positional name, where a command takes one) or `--rules`, with
    /// every `--set` applied.
    fn resolve(&self, preset: Option<&str>) -> Result<AnyRules> {
        let name = match (preset, self.preset.as_deref()) {
            (Some(a), Some(b)) if a != b => {
                anyhow::bail!("two presets, {a} and --rules {b}: name the preset once")
            }
            (Some(a), _) => a,
            (None, _) => self.name(),
        };
        let mut rules = AnyRules::preset(name)?;
        let settings = self
            .set
            .iter()
            .map(|s| {
                s.split_once('=')
                    .with_context(|| format!("--set {s}: expected OPTION=VALUE"))
            })
            .collect::<Result<Vec<_>>>()?;
        // Settings that would keep one of themselves silently are a slip: which was meant?
        match settings_clash(&settings) {
            Some(SettingsClash::Twice {
                first,
                second,
                option,
            }) => anyhow::bail!(
                "--set {} and --set {} set one option, {option}: give it once",
                self.set[first],
                self.set[second]
            ),
            Some(SettingsClash::TargetAndDeals) => {
                anyhow::bail!("--set winning_score and --set num_deals exclude each other: give one")
            }
            None => {}
        }
        for (k, v) in settings {
            rules.set(k, v)?;
        }
        rules.validate()?;
        Ok(rules)
    }
}

/// A whole number from `lo` to `hi` for a numeric option: one out of range, below 0 included,
/// is refused naming the range, as clap's parsers of signed numbers do (its parser of `u64`
/// said "invalid digit found in string" of `-1`).
fn whole(lo: u64, hi: u64) -> impl clap::builder::TypedValueParser<Value = u64> {
    move |text: &str| -> Result<u64, String> {
        // The range in words: a bound no one types (u64's or u32's largest) is left out.
        let range = match hi {
            u64::MAX => format!("a whole number, {lo} or more"),
            hi if hi == u64::from(u32::MAX) => format!("a whole number, {lo} or more (at most {hi})"),
            hi => format!("in {lo}..={hi}"),
        };
        // Above a bound said in words only as "or more": the bound, not the range, is news.
        let too_large = || match hi {
            u64::MAX => format!("{text} is more than the largest, {hi}"),
            _ => format!("{text} is not {range}"),
        };
        match text.parse::<i128>() {
            Ok(n) if (i128::from(lo)..=i128::from(hi)).contains(&n) => {
                u64::try_from(n).map_err(|e| e.to_string())
            }
            Ok(n) if n > i128::from(hi) => Err(too_large()),
            Ok(_) => Err(format!("{text} is not {range}")),
            // Too many digits for any range: out of it, not "not a whole number".
            Err(e) if matches!(e.kind(), IntErrorKind::PosOverflow) => Err(too_large()),
            Err(e) if matches!(e.kind(), IntErrorKind::NegOverflow) => Err(format!("{text} is not {range}")),
            Err(_) => Err(format!("'{text}' is not a whole number")),
        }
    }
}

/// A bench duration: a finite number of seconds above 0 and at most a day (`nan` or `inf` would
/// never end).
fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if s.is_finite() && s > 0.0 && s <= 86_400.0 {
        Ok(s)
    } else {
        Err(format!(
            "{text} seconds: give a number above 0 and at most 86400 (a day)"
        ))
    }
}

/// The status of a program whose output pipe closed: a tool killed by `SIGPIPE` (`seq 9 | head
/// -1`) reports 128 + 13 to a shell.
const CLOSED_PIPE_STATUS: i32 = 141;

/// Writes a line to stdout. A closed pipe (`euchre random | head`) ends the program quietly, as
/// command-line tools do, instead of panicking as `println!` would; but not with status 0, which
/// would tell `set -o pipefail` that `euchre egn check *.egn | head -1` found every file valid
/// when it stopped before reading them all.
pub fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(CLOSED_PIPE_STATUS);
        }
        eprintln!("euchre: writing output: {e}");
        std::process::exit(2);
    }
}

/// A change in a chance (0 to 1) in percentage points, one decimal, signed: "+3.1%",
/// "-1.2%", and "±0.0%" for less than 0.05 either way (a hint's and a review's game chance).
pub fn percent_change(change: f64) -> String {
    let points = change * 100.0;
    if points.abs() < 0.05 {
        "±0.0%".to_string()
    } else {
        format!("{points:+.1}%")
    }
}

/// `n` and the noun, plural unless `n` is 1 ("1 deal", "2 deals").
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = usize::try_from(n.into()).unwrap_or(usize::MAX);
    euchre::text::count(n, noun, &format!("{noun}s"))
}

/// `euchre random --players`: the game the named computer players play, written as EGN where
/// it reads back as the same game (and `--format` allows), else as the record, with their names.
fn random_with_players(rules: AnyRules, seed: u64, format: Option<Format>, given: &[String]) -> Result<i32> {
    match &rules {
        AnyRules::Partnership(r) if euchre::game::is_a_match(r) => anyhow::bail!(
            "--players plays one game: leave out match_games and match_wins (each game of a match is its own command, with its own --seed)"
        ),
        AnyRules::Solo(r) if matches!(format, Some(Format::Egn)) => anyhow::bail!(
            "EGN can't record {}: use --format record (docs/record-format.md)",
            r.family.name()
        ),
        _ => {}
    }
    let names = given.iter().map(|n| player_name(n)).collect::<Result<Vec<_>>>()?;
    // A line on the terminal saying which deal is being played (a slow variant's game of
    // `expert`s takes a while); nothing when stderr is a file or a pipe.
    let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        indicatif::ProgressBar::new_spinner()
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .context("progress line template")?,
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let played = bots_game::play(rules, seed, &names, &mut |deal| {
        bar.set_message(format!("{} playing deal {deal}", names.join(", ")));
    });
    bar.finish_and_clear();
    let (game, over) = played.map_err(|e| anyhow::anyhow!(e))?;
    let record = || {
        let mut r = euchre_record::write_any(&game);
        r.players = Some(names.clone());
        serde_json::to_value(&r)
    };
    let doc = match (&game, format) {
        (_, Some(Format::Record)) | (euchre::table::AnyGame::Solo(_), _) => record()?,
        (euchre::table::AnyGame::Partnership(g), _) => {
            let four: Option<[String; 4]> = names.clone().try_into().ok();
            match (euchre_egn::game_to_faithful_egn(g, four), format) {
                (Ok(doc), _) => {
                    note_unexpressed(g.rules(), std::slice::from_ref(g));
                    doc
                }
                (Err(e), Some(Format::Egn)) => anyhow::bail!("{e}; --format record keeps every option"),
                (Err(e), _) => {
                    eprintln!("note: {e}; writing the game record instead (docs/record-format.md)");
                    record()?
                }
            }
        }
    };
    emit_document(&serde_json::to_string_pretty(&doc)?);
    if !over {
        note_cut_off();
    }
    Ok(0)
}

/// The notes for a game written as EGN that reads back the same but under EGN's rule for some
/// option: a reader judges the decisions under that rule (EGN's dealer may discard the upcard),
/// so `analyze` and `solve` value the dealer's discard, and what it says, otherwise. The
/// dealer's discard is news only where a dealer took up the upcard (records tester s53, 10): in
/// a game where nobody did, every reader judges it alike.
fn note_unexpressed(rules: &euchre::Rules, games: &[euchre::Game]) {
    let took_up = |g: &euchre::Game| {
        g.all_deals().any(|d| {
            d.history()
                .iter()
                .any(|(_, a)| matches!(a, euchre::Action::Discard(_)))
        })
    };
    let upcard_taken = games.iter().any(took_up);
    let news = |o: &&str| *o != "dealer_may_discard_upcard" || upcard_taken;
    for o in euchre_egn::unexpressed_options(rules).into_iter().filter(news) {
        eprintln!(
            "note: EGN can't record this game's value of {o}; a reader (and euchre analyze) will assume EGN's (--format record keeps it)"
        );
    }
}

/// Says that `euchre random` cut its game off (see [`bench::RANDOM_DEALS_AT_MOST`]).
fn note_cut_off() {
    eprintln!(
        "note: the game (or match) was cut off after {} deals in all without a winner (random play can drift away from the target for ever, and a long match would not fit in memory): the document ends there",
        bench::RANDOM_DEALS_AT_MOST
    );
}

/// Prints a document `euchre random` made, with a note when it is too large for the readers
/// (`egn check`, `record check`) to take back.
fn emit_document(text: &str) {
    emit(text);
    let bytes = text.len() as u64 + 1;
    if bytes > egn_cmd::MAX_FILE_BYTES {
        eprintln!(
            "note: this document is {bytes} bytes, over the {} that `euchre egn check` and `record check` read",
            egn_cmd::MAX_FILE_BYTES
        );
    }
}

fn main() {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            // Not `eprintln!`, which panics (status 101) when standard error has gone, as with
            // a closed terminal.
            let _ = writeln!(std::io::stderr(), "euchre: {e:#}");
            std::process::exit(2);
        }
    }
}

fn run(cli: Cli) -> Result<i32> {
    match cli.command {
        Command::Egn {
            command: EgnCommand::Check { json, files },
        } => Ok(egn_cmd::check(&files, json, egn_cmd::check_egn)),
        Command::Record {
            command: RecordCommand::Check { json, files },
        } => Ok(egn_cmd::check(&files, json, egn_cmd::check_record)),
        Command::Egn {
            command: EgnCommand::Show { file },
        } => show_file(&file, egn_cmd::DocKind::Egn),
        Command::Record {
            command: RecordCommand::Show { file },
        } => show_file(&file, egn_cmd::DocKind::Record),
        Command::Rules {
            preset,
            rules,
            describe,
            json,
        } => {
            if preset.is_none() && rules.preset.is_none() && rules.set.is_empty() && !describe {
                if json {
                    let list: Vec<_> = euchre::all_presets()
                        .iter()
                        .map(|(name, about)| serde_json::json!({"name": name, "about": about}))
                        .collect();
                    emit(&serde_json::Value::from(list).to_string());
                    return Ok(0);
                }
                emit("Presets (euchre rules PRESET prints every option):");
                for (name, about) in euchre::all_presets() {
                    emit(&format!("  {name:<16} {about}"));
                }
                return Ok(0);
            }
            let r = rules.resolve(preset.as_deref())?;
            if describe {
                emit(&rules_cmd::describe(&r, json));
            } else if json {
                let map: serde_json::Map<String, serde_json::Value> = r
                    .options()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v.into()))
                    .collect();
                emit(&serde_json::Value::Object(map).to_string());
            } else {
                for (k, v) in r.options() {
                    emit(&format!("{k:<28} {v}"));
                }
            }
            Ok(0)
        }
        Command::Bench {
            rules,
            seconds,
            deals,
            seed,
            json,
        } => {
            let budget = deals.map_or(bench::Budget::Seconds(seconds), bench::Budget::Deals);
            let report = match rules.resolve(None)? {
                AnyRules::Partnership(r) => bench::run(r, budget, seed),
                AnyRules::Solo(r) => bench::run_solo(r, budget, seed),
            };
            if json {
                emit(&report.to_json(rules.name()));
            } else {
                emit(&report.human(rules.name()));
            }
            Ok(0)
        }
        Command::Random {
            rules,
            seed,
            format,
            players,
        } if !players.is_empty() => random_with_players(rules.resolve(None)?, seed, format, &players),
        Command::Random {
            rules, seed, format, ..
        } => {
            let r = match rules.resolve(None)? {
                AnyRules::Partnership(r) => r,
                AnyRules::Solo(r) => {
                    if matches!(format, Some(Format::Egn)) {
                        anyhow::bail!(
                            "EGN can't record {}: use --format record (docs/record-format.md)",
                            r.family.name()
                        );
                    }
                    let (g, over) = bench::random_solo_game(r, seed);
                    emit_document(&serde_json::to_string_pretty(&euchre_record::write_solo_game(
                        &g, None,
                    ))?);
                    if !over {
                        note_cut_off();
                    }
                    return Ok(0);
                }
            };
            // A match, or a single game.
            let (played, over) = if euchre::game::is_a_match(&r) {
                let (m, over) = bench::random_match(r, seed);
                (Ok(m), over)
            } else {
                let (g, over) = bench::random_game(r, seed);
                (Err(g), over)
            };
            let record = || -> Result<serde_json::Value> {
                Ok(match &played {
                    Ok(m) => serde_json::to_value(euchre_record::write_match(m, None))?,
                    Err(g) => serde_json::to_value(euchre_record::write_game(g, None))?,
                })
            };
            // A match of several games is written as EMN, a single game as EGN, each read back
            // before it is printed: EGN has no words for some options, and a document that reads
            // back as another game (or not at all) is refused, or by default replaced by the
            // game record.
            let egn = || match &played {
                Ok(m) => euchre_egn::match_to_faithful_emn(m, None),
                Err(g) => euchre_egn::game_to_faithful_egn(g, None),
            };
            let (doc, format) = match format {
                Some(Format::Record) => (record()?, Format::Record),
                Some(Format::Egn) => (
                    egn().map_err(|e| anyhow::anyhow!("{e}; --format record keeps every option"))?,
                    Format::Egn,
                ),
                None => match egn() {
                    Ok(doc) => (doc, Format::Egn),
                    Err(e) => {
                        eprintln!("note: {e}; writing the game record instead (docs/record-format.md)");
                        (record()?, Format::Record)
                    }
                },
            };
            emit_document(&serde_json::to_string_pretty(&doc)?);
            if !over {
                note_cut_off();
            }
            if matches!(format, Format::Egn) {
                match &played {
                    Ok(m) => note_unexpressed(&r, m.games()),
                    Err(g) => note_unexpressed(&r, std::slice::from_ref(g)),
                }
            }
            Ok(0)
        }
        Command::Engine => match euchre_protocol::serve(std::io::stdin().lock(), std::io::stdout().lock()) {
            Ok(()) => Ok(0),
            // The reader of the answers has gone (`euchre engine | head -1`): as `emit` ends.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(CLOSED_PIPE_STATUS),
            Err(e) => Err(e.into()),
        },
        Command::Sim {
            first,
            second,
            rules,
            boards,
            games,
            seed,
            time_ms,
            threads,
            json,
            plot,
            save_boards,
            compare,
            overwrite,
        } => {
            // Name a bad player, or a board file that does not pair, before any board is played;
            // a report names the players as the players they are, however typed (`BASIC` and
            // `easy` are `basic`), so that reports of one match pool.
            let (first, second) = (match_player(&first)?, match_player(&second)?);
            let resolved = rules.resolve(None)?;
            if let euchre::table::AnyRules::Partnership(r) = &resolved {
                if euchre::game::is_a_match(r) {
                    anyhow::bail!(
                        "sim plays each board as one game (--games) or one deal, not a match: leave out match_games and match_wins"
                    );
                }
            }
            let key = euchre_ai::board_file::BoardsKey {
                rules: rules.name().to_string(),
                set: euchre_ai::board_file::canonical_set(rules.name(), &rules.set)
                    .map_err(anyhow::Error::msg)?,
                seed,
                games,
            };
            let saved = compare
                .as_deref()
                .map(|path| sim::read_boards(path, &key))
                .transpose()?;
            if let Some(s) = &saved {
                // (A − C) less (B − C) on the same boards says which of A and B is stronger;
                // against two opponents the difference says nothing.
                // Files saved before names were made canonical may spell the opponent otherwise,
                // a level (`easy`) among them.
                let opponent = match_player(&s.players[1]).unwrap_or_else(|_| s.players[1].clone());
                if opponent != second {
                    anyhow::bail!(
                        "{} measured {} against {}, this match {first} against {second}: boards compare only against the same opponent (the second player)",
                        compare.as_deref().map(|p| p.display().to_string()).unwrap_or_default(),
                        s.players[0],
                        s.players[1]
                    );
                }
                if s.results.len() as u64 != boards {
                    anyhow::bail!(
                        "{} has {} boards, this match {boards}: boards pair only when they are the same",
                        compare
                            .as_deref()
                            .map(|p| p.display().to_string())
                            .unwrap_or_default(),
                        s.results.len()
                    );
                }
            }
            let contest = euchre_ai::duplicate::Contest {
                rules: resolved,
                players: [first, second],
                whole_games: games,
                seed,
                budget: time_ms.map_or(euchre_ai::Budget::UNLIMITED, euchre_ai::Budget::millis),
            };
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads.map_or(0, |t| t as usize))
                .build()?;
            let progress = std::io::IsTerminal::is_terminal(&std::io::stderr());
            sim::check_outputs(&sim::Outputs {
                plot: plot.as_deref(),
                save_boards: save_boards.as_deref(),
                compare: compare.as_deref(),
                overwrite,
            })?;
            let (summary, played) = pool.install(|| sim::run(&contest, boards, progress))?;
            let compared = match (&saved, &compare) {
                (Some(s), Some(path)) => Some((path, s, sim::compare(&played, s)?)),
                _ => None,
            };
            if json {
                let mut v = sim::to_json(&contest, &key, &summary);
                if let Some((path, s, c)) = &compared {
                    v["compared"] = serde_json::json!({
                        "file": path.display().to_string(),
                        "players": s.players,
                        "difference_per_deal": sim::est_json(&c.points),
                    });
                    match &c.games_won {
                        Some(Ok(g)) => v["compared"]["games_won_difference"] = sim::est_json(g),
                        // No comparison: the difference is none, and why is said.
                        Some(Err(why)) => {
                            v["compared"]["games_won_difference"] = serde_json::Value::Null;
                            v["compared"]["games_won_not_compared"] = serde_json::json!(why);
                        }
                        None => {}
                    }
                }
                emit(&v.to_string());
            } else {
                let mut text = sim::human(&contest, &key, &summary);
                if let Some((path, s, d)) = &compared {
                    text += &sim::compared_line(&contest, path, s, d);
                }
                emit(&text);
            }
            // The report is out before the files are written: a failure here loses no result.
            if let Some(path) = plot {
                sim::plot(&path, &contest, &played)?;
            }
            if let Some(path) = &save_boards {
                sim::write_boards(path, &key, &contest, &played)?;
            }
            Ok(0)
        }
        Command::Pool { reports, json } => {
            let pooled = pool::pool(&reports)?;
            emit(&if json {
                pool::to_json(&pooled).to_string()
            } else {
                pool::human(&pooled)
            });
            Ok(0)
        }
        Command::Play {
            table,
            resume,
            practice,
        } => play_table(&table, resume.as_deref(), false, practice),
        Command::Watch { table, resume } => play_table(&table, resume.as_deref(), true, false),
        Command::Stats { db, json } => stats_cmd::run(db.as_deref(), json),
        Command::Accounts { db, task } => accounts_cmd::run(db.as_deref(), &task),
        Command::Winprob {
            player,
            deals,
            seed,
            target,
            save,
            json,
        } => {
            if deals == 0 && (player.is_some() || seed.is_some()) {
                anyhow::bail!(
                    "--player and --seed choose the self-play measured with --deals N; without --deals the outcomes kept in the repository (measured by pimc-50) are read"
                );
            }
            if deals == 0 && save.is_some() {
                anyhow::bail!(
                    "--save writes the outcomes measured with --deals N; without --deals nothing is measured (the repository's own are read)"
                );
            }
            if let Some(path) = &save {
                out_path::check_writable(path, "--save")?;
            }
            let player = player.as_deref().unwrap_or("pimc-50");
            winprob_cmd::run(player, deals, seed.unwrap_or(1), target, save.as_deref(), json)
        }
        Command::Serve {
            addr,
            db,
            full_sync,
            log_json,
            allow_seeds,
            trust_proxy,
            public_host,
            close_empty_after,
            close_seated_after,
        } => serve_cmd::run(
            addr,
            db.as_deref(),
            full_sync,
            log_json,
            allow_seeds,
            serve_cmd::Front {
                trust_proxy,
                public_hosts: public_host,
            },
            serve_cmd::Waiting {
                empty: close_empty_after.0,
                seated: close_seated_after.0,
            },
        ),
        Command::Solve {
            file,
            deal,
            trick,
            card,
            given,
            then,
            rules,
            json,
        } => {
            let mut source = solve::DealSource::Given;
            let (state, guessed) = match (given, file) {
                (Some(text), _) => (
                    solve::given(rules.resolve(None)?, &text, &then)?,
                    euchre::CardSet::EMPTY,
                ),
                (None, Some(file)) => {
                    if rules.preset.is_some() || !rules.set.is_empty() {
                        anyhow::bail!(
                            "--rules and --set are for --given: {} is played by the rules it records",
                            file.display()
                        );
                    }
                    let loaded = analyze::load(&file)?;
                    let Some(recorded) = loaded.deals.get(deal as usize - 1) else {
                        anyhow::bail!(
                            "{} has {}, not {deal}",
                            file.display(),
                            counted(loaded.deals.len() as u64, "deal")
                        );
                    };
                    source = solve::DealSource::File {
                        answered_at: solve::first_answered(recorded),
                    };
                    // Trick 0 is the bidding, whose decisions `--card` steps through (Bid
                    // Euchre's naming of trump is reached so); a trick has at most 3 cards
                    // played before its last.
                    let state = if trick == 0 {
                        solve::bidding_position(recorded, card)?
                    } else if card > 3 {
                        anyhow::bail!(
                            "--card {card}: at most 3 cards are played to a trick before its last (--card above 3 is for --trick 0, the bidding's decisions)"
                        );
                    } else {
                        let at = euchre_ai::analysis::Point { trick, card };
                        euchre_ai::analysis::position(recorded, at).map_err(anyhow::Error::msg)?
                    };
                    (state, recorded.guessed)
                }
                (None, None) => anyhow::bail!("give a FILE or --given DEAL"),
            };
            let solved = solve::solve(&state, source)?;
            let placed = solve::placed_by_reader(&state, guessed);
            if json {
                let mut v = solve::to_json(&state, &solved);
                v["placed_by_reader"] = placed
                    .iter()
                    .map(|(seat, c)| serde_json::json!({"seat": seat, "card": c.to_string()}))
                    .collect();
                emit(&v.to_string());
            } else {
                emit(&(solve::human(&state, &solved) + &solve::placement_note(&placed)));
            }
            Ok(0)
        }
        Command::Analyze {
            file,
            player,
            seed,
            top,
            json,
        } => {
            euchre_ai::player(&player)?;
            let loaded = analyze::load(&file)?;
            let analyses = analyze::run(&loaded, &player, seed)?;
            if json {
                emit(&analyze::to_json(&loaded, &analyses, &player, seed).to_string());
            } else {
                emit(&analyze::human(
                    &loaded,
                    &analyses,
                    &player,
                    usize::try_from(top).unwrap_or(usize::MAX),
                ));
            }
            Ok(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{counted, listed_preset, player_name, unused_save};

    /// A computer player is kept by its own name, which the game record reads back: `pimc-5`
    /// however it was typed, a listed name as listed, and a name too long for a record
    /// refused before the game starts (an expert variant's parts may repeat; the saved game
    /// then could not be resumed, nor a practice decision taken back).
    #[test]
    fn a_player_is_kept_by_a_name_its_saved_game_reads_back() {
        assert_eq!(player_name(" PIMC-5 ").unwrap(), "pimc-5");
        assert_eq!(player_name("Hard").unwrap(), "hard");
        assert_eq!(player_name("EXPERT").unwrap(), "expert");
        assert_eq!(player_name("Basic/PIMC-5").unwrap(), "basic/pimc-5");
        assert!(player_name("extreme").is_err());
        let long = format!("expert{}", "-points".repeat(10));
        assert!(euchre_ai::player(&long).is_ok(), "a player's name");
        let err = player_name(&long).unwrap_err().to_string();
        assert!(err.contains("at most 64"), "{err}");
        let longest = format!("expert{}", "-points".repeat(8));
        assert!(player_name(&longest).unwrap().chars().count() <= euchre_record::MAX_PLAYER_NAME_CHARS);
    }

    /// Under `partners = cut_high_low` the players named in order sit where the game's cut
    /// puts them (seat s holds the player `seating()[s]`), the person too; fixed partners sit
    /// as named, and so do the individual games' players.
    #[test]
    fn the_cut_seats_the_players_named() {
        use euchre::table::{AnyGame, AnyRules};
        use euchre_table::Holder;
        let named = || -> Vec<Holder> {
            ["You", "basic", "pimc-5", "expert"]
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    if i == 0 {
                        Holder::Person(n.to_string())
                    } else {
                        Holder::Bot(n.to_string())
                    }
                })
                .collect()
        };
        let mut cut = AnyRules::preset("north-american").unwrap();
        cut.set("partners", "cut_high_low").unwrap();
        let mut moved = false;
        for seed in 0..20 {
            let AnyGame::Partnership(g) = cut.new_game(seed) else {
                panic!("a partnership game")
            };
            let seated = super::seated_by_cut(&cut, seed, named());
            for (s, h) in seated.iter().enumerate() {
                assert_eq!(h, &named()[usize::from(g.seating()[s])], "seed {seed}, seat {s}");
            }
            moved |= seated != named();
        }
        assert!(moved, "the cut never moved anyone");
        let fixed = AnyRules::preset("north-american").unwrap();
        assert_eq!(super::seated_by_cut(&fixed, 7, named()), named());
        let three = AnyRules::preset("three-handed").unwrap();
        assert_eq!(
            super::seated_by_cut(&three, 7, named()[..3].to_vec()),
            named()[..3].to_vec()
        );
    }

    /// Every command's arguments are defined consistently, and `serve`'s durations read.
    #[test]
    fn the_command_line_parses() {
        use clap::{CommandFactory, Parser};
        super::Cli::command().debug_assert();
        let cli = super::Cli::try_parse_from(["euchre", "serve", "--close-empty-after", "90m"]).unwrap();
        let super::Command::Serve {
            close_empty_after,
            close_seated_after,
            ..
        } = cli.command
        else {
            panic!("not serve");
        };
        assert_eq!(close_empty_after.0, Some(std::time::Duration::from_secs(5400)));
        // The default the server's library documents, said once more as the flag's text.
        let limits = euchre_server::Limits::default();
        assert_eq!(close_seated_after.0, limits.waiting_seated);
        let cli = super::Cli::try_parse_from(["euchre", "serve"]).unwrap();
        let super::Command::Serve {
            close_empty_after, ..
        } = cli.command
        else {
            panic!("not serve");
        };
        assert_eq!(close_empty_after.0, limits.waiting_unseated);
        assert!(super::Cli::try_parse_from(["euchre", "serve", "--close-seated-after", "soon"]).is_err());
    }

    /// A negative number for a numeric option is refused with the option's range: clap took
    /// `-1` for an unknown flag and tipped `-- -1`, which was refused too.
    #[test]
    fn a_negative_number_is_refused_with_the_range() {
        use clap::Parser;
        let cases: [(&[&str], &str); 10] = [
            (&["random", "--seed", "-1"], "-1 is not a whole number, 0 or more"),
            (&["sim", "a", "b", "--boards", "-5"], "-5 is not in 1..=10000000"),
            (&["sim", "a", "b", "--threads", "-2"], "-2 is not in 1..=1024"),
            (&["solve", "f.egn", "--card", "-1"], "-1 is not in 0..=99"),
            (&["solve", "f.egn", "--deal", "-2"], "-2 is not in 1..=4294967295"),
            (&["winprob", "--target", "-1"], "-1 is not in 1..=1000"),
            (
                &["winprob", "--deals", "-1", "--seed", "3"],
                "-1 is not in 0..=100000000",
            ),
            (
                &["analyze", "f.egn", "--top", "-3"],
                "-3 is not a whole number, 0 or more (at most 4294967295)",
            ),
            (&["watch", "--pace-ms", "-4"], "-4 is not in 0..=10000"),
            (&["bench", "--seconds", "-1"], "-1 seconds: give a number above 0"),
        ];
        for (args, range) in cases {
            let e = super::Cli::try_parse_from(std::iter::once("euchre").chain(args.iter().copied()))
                .err()
                .unwrap_or_else(|| panic!("{args:?} parsed"))
                .to_string();
            assert!(
                e.contains(range) && !e.contains("unexpected argument"),
                "{args:?}: {e}"
            );
        }
        let e = super::Cli::try_parse_from(["euchre", "random", "--seed", "x"])
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("'x' is not a whole number"), "{e}");
        assert!(super::Cli::try_parse_from(["euchre", "random", "--seed", "18446744073709551615"]).is_ok());
        // Too many digits for any whole number here: out of range, not "not a whole number".
        for huge in [
            "18446744073709551616",
            "99999999999999999999999999999999999999999",
        ] {
            let e = super::Cli::try_parse_from(["euchre", "random", "--seed", huge])
                .err()
                .unwrap()
                .to_string();
            assert!(
                e.contains(&format!("{huge} is more than the largest, 18446744073709551615")),
                "{e}"
            );
        }
    }

    #[test]
    fn counts_are_said_in_the_singular_for_one() {
        assert_eq!(counted(1u64, "deal"), "1 deal");
        assert_eq!(counted(0u64, "deal"), "0 deals");
        assert_eq!(counted(2u32, "position"), "2 positions");
    }

    /// A game's title and file name say its preset as the presets list it, however it was typed.
    #[test]
    fn a_preset_is_named_as_the_presets_list_it() {
        assert_eq!(listed_preset("TOURNAMENT"), "tournament");
        assert_eq!(listed_preset(" Bid_Euchre"), "bid-euchre");
        assert_eq!(listed_preset("standard"), "north-american");
        assert_eq!(listed_preset("nope"), "nope");
    }

    /// Games started in the same second with the same seed get files of their own: a name
    /// taken by a file, or held by a game that has not written yet, is passed over.
    #[test]
    fn a_new_game_never_takes_another_games_file() {
        let dir = std::env::temp_dir().join(format!("euchre-unused-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("g.json"), "{}").unwrap();
        let (first, _held) = unused_save(&dir, "g").unwrap();
        assert_eq!(first, dir.join("g-2.json"));
        let (second, held) = unused_save(&dir, "g").unwrap();
        assert_eq!(second, dir.join("g-3.json"), "g-2 is held though not written yet");
        drop(held);
        assert!(!dir.join("g-3.json.lock").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
