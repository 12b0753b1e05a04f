//! `euchre stats`: the statistics per player from the local database, as a table or JSON.

use crate::emit;
use anyhow::Result;
use euchre_stats::{PlayerStats, SeatKind, Store};
use std::path::Path;

/// Prints the statistics of the database at `db` (the default one when `None`). A database that
/// does not exist yet is not created: it has no games. Returns the exit status.
///
/// # Errors
/// A database that cannot be read (damaged, another program's, a newer euchre's).
pub fn run(db: Option<&Path>, json: bool) -> Result<i32> {
    let path = match db {
        Some(p) => p.to_path_buf(),
        None => Store::default_path()?,
    };
    if path.is_dir() {
        anyhow::bail!("{} is a folder: give the database file's path", path.display());
    }
    // An empty file is what SQLite would make a new database of: reading it must not.
    let size = path.metadata().ok().map(|m| m.len());
    let exists = size.is_some_and(|n| n > 0);
    let (games, players) = if exists {
        let store = Store::open(&path).map_err(|e| {
            // A server's database keeps its statistics in the file beside it.
            let beside = euchre_server::store::stats_path(&path);
            if beside.is_file() && beside != path {
                anyhow::anyhow!(
                    "{e}\n(a euchre server's database? its statistics are in {}: euchre stats --db {})",
                    beside.display(),
                    beside.display()
                )
            } else {
                e.into()
            }
        })?;
        (store.game_count()?, store.player_stats()?)
    } else {
        (0, Vec::new())
    };
    if json {
        let doc = serde_json::json!({
            "database": path.display().to_string(),
            "games": games,
            "players": players,
        });
        emit(&doc.to_string());
    } else if !exists {
        // The terminal game's statistics are the default; a server's are beside its database.
        let server = euchre_server::store::stats_path(&path.with_file_name("server.sqlite3"));
        let hint = if db.is_none() && server.is_file() {
            format!(
                "\nThe multiplayer server's games are in {}: euchre stats --db {}",
                server.display(),
                server.display()
            )
        } else {
            String::new()
        };
        // The file may be there, empty: SQLite takes that for a database not begun.
        let what = if size.is_some() {
            format!(
                "{} is an empty file, no database yet (reading leaves it empty)",
                path.display()
            )
        } else {
            format!(
                "there is no database at {} (none is made by reading)",
                path.display()
            )
        };
        emit(&format!("No games recorded yet: {what}.{hint}"));
    } else if players.is_empty() {
        emit(&format!("No games recorded yet in {}.", path.display()));
    } else {
        emit(&human(&path, games, &players));
    }
    Ok(0)
}

/// The table: one line per player.
fn human(path: &Path, games: u64, players: &[PlayerStats]) -> String {
    let label = |p: &PlayerStats| match p.kind {
        SeatKind::Person => p.name.clone(),
        SeatKind::Bot => format!("{} (bot)", p.name),
    };
    let width = players
        .iter()
        .map(|p| label(p).chars().count())
        .max()
        .unwrap_or(0)
        .max("player".len());
    let plural = if games == 1 { "" } else { "s" };
    let mut out = format!("{games} game{plural} recorded in {}\n\n", path.display());
    out.push_str(&format!(
        "{:<width$}  {:>5}  {:>4}  {:>5}  {:>8}  {:>5}  {:>7}  {:>7}  {:>9}  {:>8}\n",
        "player", "games", "won", "deals", "pts/deal", "made", "euchred", "marched", "alone", "mistakes"
    ));
    for p in players {
        let won = match p.win_rate() {
            Some(r) => format!("{:.0}%", 100.0 * r),
            None => "-".into(),
        };
        let per_deal = p.points_per_deal.map_or("-".into(), |x| format!("{x:+.2}"));
        let mistakes = p.mistake_cost.map_or("-".into(), |x| format!("{x:.2}"));
        out.push_str(&format!(
            "{:<width$}  {:>5}  {:>4}  {:>5}  {:>8}  {:>5}  {:>7}  {:>7}  {:>9}  {:>8}\n",
            label(p),
            p.games,
            won,
            p.deals,
            per_deal,
            p.made,
            p.euchred,
            p.marched,
            format!("{}/{}", p.loners_made, p.loners),
            mistakes,
        ));
    }
    out.push_str(
        "\nwon: games won of those finished on one side (a name on both sides neither wins nor loses);\n\
         pts/deal: points the player's side gained per deal;\n\
         made: deals their side made trump, of which euchred (fewer than 3 tricks, or the bid) and\n\
         marched (every trick); alone: lone hands made of those played; mistakes: mean points lost\n\
         per analysed game.",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_line_per_player_and_marks_bots() {
        let players = [
            PlayerStats {
                name: "Ann".into(),
                kind: SeatKind::Person,
                games: 2,
                games_over: 2,
                wins: 1,
                deals: 20,
                points: 15,
                points_per_deal: Some(0.75),
                made: 9,
                euchred: 2,
                marched: 1,
                loners: 2,
                loners_made: 1,
                mistake_games: 1,
                mistake_cost: Some(1.5),
            },
            PlayerStats {
                name: "medium".into(),
                kind: SeatKind::Bot,
                ..PlayerStats::default()
            },
        ];
        let text = human(Path::new("/tmp/s.sqlite3"), 2, &players);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "2 games recorded in /tmp/s.sqlite3");
        assert!(lines[3].starts_with("Ann ") && lines[3].contains("50%") && lines[3].contains("+0.75"));
        assert!(
            lines[3].contains("1/2") && lines[3].ends_with("1.50"),
            "{}",
            lines[3]
        );
        assert!(
            lines[4].starts_with("medium (bot)") && lines[4].ends_with('-'),
            "{}",
            lines[4]
        );
    }
}
