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

/// How a refusal begins when the file could not be read at all (missing, a folder, no
/// permission), rather than read and found wrong.
pub const CANT_READ: &str = "can't read: ";

/// Reads `path` as text (`-`: standard input), refusing a file over `limit` bytes without
/// reading it (or, for a file whose size is not known in advance, such as a pipe, without
/// reading past the limit).
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    let mut bytes = Vec::new();
    let read = |e: std::io::Error| format!("{CANT_READ}{e}");
    if path == Path::new("-") {
        std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(read)?;
    } else {
        let file = File::open(path).map_err(read)?;
        let size = file.metadata().map(|m| m.len()).unwrap_or(0);
        if size > limit {
            return Err(format!(
                "file of {size} bytes is over the limit of {}: refused unread",
                euchre_egn::size_text(limit)
            ));
        }
        file.take(limit + 1).read_to_end(&mut bytes).map_err(read)?;
    }
    if bytes.len() as u64 > limit {
        // Read up to the limit (a pipe, standard input, a file that grew): not "unread".
        return Err(format!(
            "input is over the limit of {}: refused, the rest unread",
            euchre_egn::size_text(limit)
        ));
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes(), e.utf8_error().valid_up_to()))
}

/// Where text stops being UTF-8: the byte, its line and column (a Latin-1 "Zoë" in a name, or a
/// file saved as UTF-16, was refused with no place to look).
fn not_utf8(bytes: &[u8], at: usize) -> String {
    let before = &bytes[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    // Characters, as an editor counts them: the line so far is UTF-8 up to the bad byte.
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let column = std::str::from_utf8(&before[line_start..]).map_or(0, |s| s.chars().count()) + 1;
    let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]);
    let hint = if utf16 {
        " (it looks like UTF-16: save it as UTF-8)"
    } else {
        ""
    };
    format!(
        "file is not UTF-8 text: at byte offset {at} (line {line}, column {column}) a byte 0x{:02X}{hint}",
        bytes[at]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_not_utf8_is_refused_naming_where() {
        let latin1 = "{\n  \"name\": \"Zoë Zo\u{1}\"\n}".replace('\u{1}', "\u{FFFD}");
        let mut latin1 = latin1.into_bytes();
        // The character after "Zo" as Latin-1 writes it, after a "ë" written as UTF-8.
        let at = latin1
            .windows(3)
            .position(|w| w == "\u{FFFD}".as_bytes())
            .unwrap();
        latin1.splice(at..at + 3, [0xEB]);
        let e = String::from_utf8(latin1).unwrap_err();
        assert_eq!(
            not_utf8(e.as_bytes(), e.utf8_error().valid_up_to()),
            "file is not UTF-8 text: at byte offset 20 (line 2, column 18) a byte 0xEB"
        );
        let utf16 = [0xFF, 0xFE, b'{', 0];
        let e = String::from_utf8(utf16.to_vec()).unwrap_err();
        let said = not_utf8(e.as_bytes(), e.utf8_error().valid_up_to());
        assert!(
            said.ends_with("(it looks like UTF-16: save it as UTF-8)"),
            "{said}"
        );
    }
}
