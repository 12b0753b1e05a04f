//! Output files checked before long work: a match or a measurement can take an hour, and a
//! typo in the path of its plot or its saved boards should not throw that away at the end.

use anyhow::{bail, Context, Result};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

/// Checks that `path` (given as `flag`) can be written: not a folder, in a folder that exists,
/// with permission to write. An existing file is left as it is (it is replaced only when the
/// work is done); a file that did not exist is not left behind.
pub fn check_writable(path: &Path, flag: &str) -> Result<()> {
    if path.is_dir() {
        bail!("{flag} {} is a folder, not a file", path.display());
    }
    let existed = path.exists();
    OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .with_context(|| format!("{flag} {} can't be written", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Whether `a` and `b` name one file, however each was spelled: `./x` and `x`, a symbolic
/// link and its target, two hard links. Where both exist, they are the same file (the same
/// device and inode); where either does not yet, the same place once the folders and links
/// on the way are resolved (two names for a file still to be written).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
        #[cfg(not(unix))]
        {
            let _ = (x, y);
        }
    }
    match (resolved(a), resolved(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Where a file named `path` is, or would be written: an existing file's canonical path, or
/// for one that does not exist (a link to nothing yet included) its folder's canonical path
/// and its name. `None` where its folder cannot be found.
fn resolved(path: &Path) -> Option<PathBuf> {
    let mut path = path.to_path_buf();
    // A link that points at nothing yet is written through: follow it (a few times at most, as
    // links may point at links).
    for _ in 0..40 {
        if let Ok(p) = std::fs::canonicalize(&path) {
            return Some(p);
        }
        match std::fs::read_link(&path) {
            Ok(target) => {
                path = path.parent().unwrap_or(Path::new("")).join(target);
            }
            Err(_) => break,
        }
    }
    let name = path.file_name()?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(folder).ok()?.join(name))
}

/// What kind of output a file already holds, for a command that would replace it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// No file, an empty one, or not a regular file (`/dev/null`): nothing is lost by writing.
    Nothing,
    /// A file that starts as the output to be written does (named by `kind`).
    OfItsKind,
    /// Any other file.
    Other,
}

/// What `path` holds: a regular file that is not empty is of its kind when its first bytes
/// pass `is_kind`.
pub fn existing(path: &Path, is_kind: impl Fn(&[u8]) -> bool) -> Existing {
    use std::io::Read;
    let Ok(meta) = std::fs::metadata(path) else {
        return Existing::Nothing;
    };
    if !meta.is_file() || meta.len() == 0 {
        return Existing::Nothing;
    }
    let mut head = Vec::new();
    match std::fs::File::open(path).map(|f| f.take(4096).read_to_end(&mut head)) {
        Ok(Ok(_)) if is_kind(&head) => Existing::OfItsKind,
        _ => Existing::Other,
    }
}
