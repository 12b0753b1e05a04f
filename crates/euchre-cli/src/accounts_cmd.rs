//! `euchre accounts`: the operator's care of the server's named accounts (operator tester s50,
//! 6): list them, reset a forgotten password (a new one is made and printed, every login of
//! the account ends), delete one (its name free again). Safe while the server runs: SQLite
//! keeps the two apart, and the server reads accounts and logins afresh at every request.

use anyhow::{Context, Result};
use std::path::Path;

/// What is done to the accounts.
#[derive(Debug, clap::Subcommand)]
pub enum Task {
    /// Every account's name and when it was made, oldest first.
    List {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Give an account a new password, printed here, and end every login it has: for a player
    /// who forgot theirs (they may change it once signed in).
    ResetPassword {
        /// The account's name, as registered (letter case aside).
        name: String,
    },
    /// Delete an account: its logins end and its name is free to register again. The games it
    /// played keep the name they were played under.
    Delete {
        /// The account's name, as registered (letter case aside).
        name: String,
    },
}

pub fn run(db: Option<&Path>, task: &Task) -> Result<i32> {
    let path = match db {
        Some(p) => p.to_path_buf(),
        None => crate::serve_cmd::default_db()?,
    };
    let store = open(&path)?;
    match task {
        Task::List { json } => {
            let accounts = store.accounts()?;
            if *json {
                let list: Vec<_> = accounts
                    .iter()
                    .map(|(name, created)| serde_json::json!({"name": name, "created": created}))
                    .collect();
                println!("{}", serde_json::to_string_pretty(&list)?);
            } else if accounts.is_empty() {
                println!("no accounts in {}", path.display());
            } else {
                for (name, created) in &accounts {
                    println!("{}  {name}", made_on(*created));
                }
            }
            Ok(0)
        }
        Task::ResetPassword { name } => {
            let registered = registered(&store, name, &path)?;
            let password = new_password();
            let hash = euchre_server::hash_password(&password)
                .map_err(|e| anyhow::anyhow!("the password could not be hashed: {e}"))?;
            if !store.set_password(&registered, None, &hash)? {
                anyhow::bail!("no account '{name}' in {} (deleted meanwhile?)", path.display());
            }
            println!("{registered}: new password {password}");
            println!("every login of the account has ended; once signed in, they may change it (Account, Change password)");
            Ok(0)
        }
        Task::Delete { name } => {
            let registered = registered(&store, name, &path)?;
            if !store.delete_account(&registered)? {
                anyhow::bail!("no account '{name}' in {} (deleted meanwhile?)", path.display());
            }
            println!("deleted the account '{registered}'; its logins have ended and its name is free");
            Ok(0)
        }
    }
}

/// The server's database at `path`, which must be there: a typo must not make a new, empty
/// one (and say every account is missing).
fn open(path: &Path) -> Result<euchre_server::Store> {
    if !path.is_file() {
        anyhow::bail!(
            "there is no database at {}: give --db the file `euchre serve` uses",
            path.display()
        );
    }
    euchre_server::Store::open(path, euchre_server::Durability::Machine)
        .with_context(|| format!("opening {}", path.display()))
}

/// The registered name of the account `name` is (letter case and look-alike letters aside).
fn registered(store: &euchre_server::Store, name: &str, path: &Path) -> Result<String> {
    store
        .account(name.trim())?
        .map(|(registered, _)| registered)
        .with_context(|| {
            format!(
                "no account '{name}' in {} (`euchre accounts list` names them)",
                path.display()
            )
        })
}

/// A new password: 80 random bits as four groups of five letters and digits, easy to read
/// out (no 0 or O, 1 or l).
fn new_password() -> String {
    const LETTERS: &[u8] = b"23456789abcdefghijkmnpqrstuvwxyz";
    let token = euchre_server::SeatToken::random().to_string();
    let bits = u128::from_str_radix(&token, 16).unwrap_or_default();
    (0..20)
        .map(|i| LETTERS[((bits >> (5 * i)) & 31) as usize] as char)
        .collect::<Vec<_>>()
        .chunks(5)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// A time in seconds since 1970 as a UTC date and time.
fn made_on(secs: i64) -> String {
    let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs.max(0).unsigned_abs());
    humantime::format_rfc3339_seconds(at).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_password_is_four_groups_of_five_easy_to_read_out() {
        let a = new_password();
        let b = new_password();
        assert_ne!(a, b);
        assert_eq!(a.len(), 23, "{a}");
        assert!(a.split('-').all(|g| g.len() == 5), "{a}");
        assert!(!a.contains(['0', 'o', '1', 'l']), "{a}");
    }
}
