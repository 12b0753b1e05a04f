//! Records the commit the program is built from (`EUCHRE_COMMIT`), so that `euchre --version`
//! and the reports of `euchre sim --json` say which program measured them. Built outside a git
//! checkout (a source archive), or without git, it is `unknown`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").current_dir(dir).args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let commit = git(&here, &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=EUCHRE_COMMIT={commit}");
    // Built again when HEAD moves: HEAD itself (a checkout), the branch it names (a commit), and
    // the packed refs (a branch packed by git gc). A worktree keeps HEAD in its own git dir and
    // the branches in the common one.
    let dir = |arg: &str| git(&here, &["rev-parse", "--path-format=absolute", arg]).map(PathBuf::from);
    // Only files that exist are named: cargo reruns a script on every build for a missing one.
    if let (Some(git_dir), Some(common)) = (dir("--git-dir"), dir("--git-common-dir")) {
        let head = git_dir.join("HEAD");
        let branch = std::fs::read_to_string(&head)
            .ok()
            .and_then(|h| h.strip_prefix("ref: ").map(|r| common.join(r.trim())));
        for file in [Some(head), branch, Some(common.join("packed-refs"))]
            .into_iter()
            .flatten()
        {
            if file.is_file() {
                println!("cargo:rerun-if-changed={}", file.display());
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
