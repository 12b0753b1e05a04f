//! Records the commit the program is built from (`EUCHRE_COMMIT`), so that `euchre --version`
//! and the reports of `euchre sim --json` say which program measured them: the commit, with
//! `-modified` after it when tracked files differ from it (a change measured before it is
//! committed is not that commit). Built outside a git checkout (a source archive), or without
//! git, it is `unknown`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").current_dir(dir).args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let commit = git(&here, &["rev-parse", "--short=12", "HEAD"]).map(|c| {
        let modified = git(&here, &["status", "--porcelain", "--untracked-files=no"]).is_some();
        if modified {
            format!("{c}-modified")
        } else {
            c
        }
    });
    println!(
        "cargo:rustc-env=EUCHRE_COMMIT={}",
        commit.as_deref().unwrap_or("unknown")
    );
    // Built again when HEAD moves (HEAD's log is written at every commit and checkout, packed
    // refs or not; a worktree keeps it in its own git dir) and when the staged files or the
    // sources change (which may make the tree modified, or no longer so). Only paths that exist
    // are named: cargo reruns a script on every build for a missing one.
    let git_dir = git(&here, &["rev-parse", "--git-dir"]).map(|d| here.join(d));
    let mut watched: Vec<PathBuf> = match &git_dir {
        Some(d) => vec![d.join("HEAD"), d.join("logs").join("HEAD"), d.join("index")],
        None => Vec::new(),
    };
    // The workspace's sources: every crate's folder.
    watched.push(here.join(".."));
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
}
