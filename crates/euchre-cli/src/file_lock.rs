//! One program at a time on a file: an exclusive lock on `FILE.lock` beside it.
//!
//! The lock is taken by the file's real path, so that a symbolic link to the file is the
//! file. The system lets go of it when the process ends, however it ends.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// What a lock file made here holds, so that another program's file of the same name is known
/// and left alone (an empty one is an older euchre's).
const MARK: &[u8] = b"euchre lock\n";

/// Why a file could not be held.
pub enum LockError {
    /// Another process holds it, through this lock file.
    Busy(PathBuf),
    /// The lock file cannot be made or locked.
    Io(PathBuf, std::io::Error),
}

/// A held lock; let go when dropped.
pub struct Held {
    _file: File,
    path: PathBuf,
    remove: bool,
}

impl Held {
    /// Removes the lock file when the lock is let go (for files that come and go often, such
    /// as a saved game; a database's lock file stays, as it is used again and again).
    pub fn removed_when_done(mut self) -> Self {
        self.remove = true;
        self
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        // Removed while still held: a process that opens it after this makes a new one.
        if self.remove {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The file `path` names, links followed (a link to a file not made yet too) and made
/// absolute where its folder exists: every name of one file locks it alike.
pub fn real_path(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // A loop of links is left as it is after as many hops as the system itself follows.
    for _ in 0..40 {
        if let Ok(real) = std::fs::canonicalize(&path) {
            return real;
        }
        let Ok(target) = std::fs::read_link(&path) else {
            break;
        };
        path = path.parent().map_or(target.clone(), |dir| dir.join(&target));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match (std::fs::canonicalize(dir), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path,
    }
}

/// The lock file of `path`: `NAME.lock` beside the file `path` really is.
fn lock_path(path: &Path) -> PathBuf {
    let real = real_path(path);
    let mut name = real.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".lock");
    real.with_file_name(name)
}

/// Takes the lock of `path` (which need not exist yet; its folder must).
///
/// # Errors
/// Another process holds it, or the lock file cannot be made.
pub fn hold(path: &Path) -> Result<Held, LockError> {
    let lock = lock_path(path);
    let io = |e| LockError::Io(lock.clone(), e);
    let file = match OpenOptions::new().create_new(true).write(true).open(&lock) {
        Ok(mut made) => {
            made.write_all(MARK).map_err(io)?;
            made
        }
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {
            // Left by an earlier euchre (held now, or ended without letting go), or another
            // program's: a file beside a system file (`/etc/passwd.lock`) may be its own lock,
            // which taking (and later removing) would break.
            let mut existing = OpenOptions::new()
                .read(true)
                .write(true)
                .open(&lock)
                .map_err(io)?;
            let mut start = Vec::with_capacity(MARK.len());
            (&mut existing)
                .take(MARK.len() as u64)
                .read_to_end(&mut start)
                .map_err(io)?;
            if !(start.is_empty() || start == MARK) {
                return Err(io(std::io::Error::new(
                    ErrorKind::AlreadyExists,
                    "the file is there and is not euchre's lock (another program's?): left alone",
                )));
            }
            existing
        }
        Err(e) => return Err(io(e)),
    };
    match file.try_lock() {
        Ok(()) => Ok(Held {
            _file: file,
            path: lock,
            remove: false,
        }),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockError::Busy(lock)),
        Err(std::fs::TryLockError::Error(e)) => Err(LockError::Io(lock, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_hold_is_refused_until_the_first_is_let_go() {
        let dir = std::env::temp_dir().join(format!("euchre-file-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let target = dir.join("sub").join("game.json");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let first = hold(&target).ok().expect("the first hold");
        assert!(dir.join("sub/game.json.lock").exists());
        match hold(&target) {
            Err(LockError::Busy(p)) => assert!(p.ends_with("game.json.lock")),
            _ => panic!("a second hold while the first is kept"),
        }
        drop(first);
        let again = hold(&target)
            .ok()
            .expect("held again once let go")
            .removed_when_done();
        drop(again);
        assert!(!dir.join("sub/game.json.lock").exists(), "removed when done");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn another_programs_lock_file_is_neither_taken_nor_removed() {
        let dir = std::env::temp_dir().join(format!("euchre-file-lock-other-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("passwd");
        // Another program's lock holds its process number.
        std::fs::write(dir.join("passwd.lock"), "4242").unwrap();
        match hold(&target) {
            Err(LockError::Io(p, e)) => {
                assert!(p.ends_with("passwd.lock"));
                assert!(e.to_string().contains("not euchre's lock"), "{e}");
            }
            _ => panic!("another program's lock file taken"),
        }
        assert_eq!(std::fs::read_to_string(dir.join("passwd.lock")).unwrap(), "4242");
        // One an earlier euchre left (empty, or marked) is taken, and removed when done.
        for left in ["", "euchre lock\n"] {
            std::fs::write(dir.join("game.json.lock"), left).unwrap();
            drop(
                hold(&dir.join("game.json"))
                    .ok()
                    .expect("a left lock")
                    .removed_when_done(),
            );
            assert!(!dir.join("game.json.lock").exists());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
