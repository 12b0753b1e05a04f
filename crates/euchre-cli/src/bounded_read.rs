//! Reading a file the user names, at most so many bytes of it: a file too large (or a device
//! such as `/dev/zero`) is refused, not read until memory runs out.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The most a `euchre sim --json` report may hold (one is about 2 KB).
pub const MAX_REPORT_BYTES: u64 = 16 << 20;

/// The most a board file (`euchre sim --save-boards`) may hold: 10,000,000 boards, the most a
/// match plays, take up to about 300 MB.
pub const MAX_BOARD_FILE_BYTES: u64 = 512 << 20;

/// Reads `path` as text, refusing a file over `limit` bytes without reading it (or, for a file
/// whose size is not known in advance, such as a pipe, without reading past the limit).
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    let file = File::open(path).map_err(|e| format!("can't read: {e}"))?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    if size > limit {
        return Err(format!(
            "file of {size} bytes is over the limit of {limit}: refused unread"
        ));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("can't read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("file is over the limit of {limit} bytes: refused unread"));
    }
    String::from_utf8(bytes).map_err(|_| "file is not UTF-8 text".to_string())
}
