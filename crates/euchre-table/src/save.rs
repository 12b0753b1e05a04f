//! Saving a game as it goes, and reading it back.

use euchre::table::AnyGame;
use euchre_record::AnyReplay;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A saved game read back: the game in progress and the seat names.
pub struct Saved {
    pub game: AnyGame,
    pub names: Vec<String>,
}

/// The game record of `game` with the seats' names, as JSON text.
pub fn record_text(game: &AnyGame, names: &[String]) -> String {
    let mut record = euchre_record::write_any(game);
    record.players = Some(names.to_vec());
    // A record of plain strings and numbers always serialises.
    serde_json::to_string_pretty(&record).unwrap_or_default()
}

/// The temporary file a save goes through: beside the target, so the rename stays on one file
/// system.
fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Writes `text` to `path` so that the file is always either the old or the new text whole:
/// into a temporary file first, flushed to the disk, then renamed over `path`.
///
/// # Errors
/// The directory cannot be written.
pub fn save_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = temporary(path);
    {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)
}

/// Reads a saved game (a game record) back, the game in progress as it was.
///
/// # Errors
/// The file cannot be read or does not replay, named.
pub fn load(path: &Path) -> Result<Saved, String> {
    // In the words every other reader of a file uses (`std`'s own said "stream did not contain
    // valid UTF-8", and a folder's error without saying it could not be read).
    let at = |e: String| format!("{}: {e}", path.display());
    let bytes = fs::read(path).map_err(|e| at(format!("can't read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|_| at("file is not UTF-8 text".into()))?;
    let saved = from_text(&text).map_err(at)?;
    if saved.names.is_empty() {
        return Err(at(
            "this record names no players (a game of `euchre random` or of the engine protocol): a table goes on only with a game saved with its seats' names".into(),
        ));
    }
    Ok(saved)
}

/// A game record's text read back, the game in progress as it was.
///
/// # Errors
/// The record does not replay, or holds a match of several games.
pub fn from_text(text: &str) -> Result<Saved, String> {
    let names = euchre_record::parse(text)
        .map_err(|e| e.to_string())?
        .players
        .unwrap_or_default();
    let game = match euchre_record::read_any(text).map_err(|e| e.to_string())? {
        AnyReplay::Partnership(mut r) => {
            if r.games.len() != 1 {
                return Err(format!(
                    "a match of {} games; a table resumes a single game",
                    r.games.len()
                ));
            }
            AnyGame::Partnership(Box::new(r.games.remove(0)))
        }
        AnyReplay::Solo(g) => AnyGame::Solo(g),
    };
    Ok(Saved { game, names })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file that can't be read, or is not text, is refused in the other readers' words.
    #[test]
    fn an_unreadable_file_is_refused_as_the_other_readers_refuse_it() {
        let dir = std::env::temp_dir().join(format!("euchre-save-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let e = load(&dir).err().expect("a folder is no saved game");
        assert!(e.starts_with(&format!("{}: can't read: ", dir.display())), "{e}");
        let binary = dir.join("binary.json");
        fs::write(&binary, b"{\"format\":\"\xff\"}").unwrap();
        let e = load(&binary).err().expect("bytes that are not UTF-8");
        assert_eq!(e, format!("{}: file is not UTF-8 text", binary.display()));
        fs::remove_dir_all(&dir).unwrap();
    }
}
