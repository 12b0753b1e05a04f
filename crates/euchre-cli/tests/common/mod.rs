//! What the tests of `euchre sim` and `euchre pool` share: running the match and a scratch
//! folder.

use std::path::PathBuf;
use std::process::Command;

pub const EUCHRE: &str = env!("CARGO_BIN_EXE_euchre");

/// Runs `euchre sim` with `args` and `--json` on two threads: its report's bytes, or its
/// error message.
pub fn sim_report(args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new(EUCHRE)
        .arg("sim")
        .args(args)
        .args(["--json", "--threads", "2"])
        .output()
        .expect("run euchre sim");
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// A scratch folder of the test's own (`tag` names it; the process id keeps runs apart),
/// emptied first.
pub fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("euchre-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
