//! A server started for the run: `euchre serve` on a free loopback port over a database in a
//! fresh folder, ended (and the folder removed) when dropped. Also the processor time of a
//! process, read from `/proc`, to show how the two cores were shared.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A running `euchre serve`.
pub struct Spawned {
    child: Child,
    dir: PathBuf,
    /// `host:port` it listens on.
    pub addr: String,
}

impl Spawned {
    /// Starts `binary serve` on `127.0.0.1:0` and waits (at most 30 s) for the address it
    /// prints. Its log goes to `server.log` in its folder.
    ///
    /// # Errors
    /// The binary does not start, or says no address.
    pub fn start(binary: &Path) -> Result<Spawned, String> {
        let dir = std::env::temp_dir().join(format!(
            "euchre-load-{}-{}",
            std::process::id(),
            rand::random::<u32>()
        ));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let log = std::fs::File::create(dir.join("server.log")).map_err(|e| e.to_string())?;
        let mut child = Command::new(binary)
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(dir.join("server.sqlite3"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        // The server prints "euchre serve: open http://ADDR/ in a browser" once it listens.
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            let _ = tx.send(lines.next());
            // Keep reading so the server never blocks on a full pipe.
            for _ in lines {}
        });
        let mut spawned = Spawned {
            child,
            dir,
            addr: String::new(),
        };
        let line = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(Some(Ok(line))) => line,
            _ => {
                return Err(format!(
                    "the server printed no address; its log:\n{}",
                    spawned.log_tail()
                ))
            }
        };
        spawned.addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .filter(|a| !a.is_empty())
            .ok_or_else(|| format!("no address in the server's line '{line}'"))?
            .to_string();
        Ok(spawned)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The last lines of the server's log.
    pub fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }

    /// Counts the lines of the server's log that are warnings or errors.
    pub fn log_problems(&self) -> usize {
        std::fs::read_to_string(self.dir.join("server.log"))
            .unwrap_or_default()
            .lines()
            .filter(|l| l.contains("WARN") || l.contains("ERROR"))
            .count()
    }

    /// True while the process runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Processor time a process has used (user and system), from `/proc/PID/stat`.
pub fn cpu_time(pid: Option<u32>) -> Option<Duration> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/stat"),
        None => "/proc/self/stat".to_string(),
    };
    let text = std::fs::read_to_string(path).ok()?;
    // The fields after the command's name (which is in parentheses and may hold spaces).
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are the 14th and 15th fields of the line: 12th and 13th after the name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    #[cfg(unix)]
    // SAFETY: sysconf has no preconditions.
    let per_sec = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    #[cfg(not(unix))]
    let per_sec = 100;
    let per_sec = u64::try_from(per_sec).ok().filter(|&t| t > 0).unwrap_or(100);
    Some(Duration::from_millis(ticks * 1000 / per_sec))
}

/// Resident memory of a process in MiB, from `/proc/PID/status`.
pub fn resident_mib(pid: u32) -> Option<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// Raises this process's limit of open files to its hard limit (a spawned server inherits
/// it); returns the limit now.
#[cfg(unix)]
pub fn raise_open_files() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return 0;
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                lim = raised;
            }
        }
    }
    // rlim_t is not u64 on every platform.
    #[allow(clippy::unnecessary_cast)]
    let limit = lim.rlim_cur as u64;
    limit
}

/// Elsewhere the limit is not known: assume enough.
#[cfg(not(unix))]
pub fn raise_open_files() -> u64 {
    u64::MAX
}
