//! Output files checked before long work: a match or a measurement can take an hour, and a
//! typo in the path of its plot or its saved boards should not throw that away at the end.

use anyhow::{bail, Context, Result};
use std::fs::OpenOptions;
use std::path::Path;

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
