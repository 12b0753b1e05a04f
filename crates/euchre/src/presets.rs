//! The names of the rulesets, with a line on each: a leaf module (it imports nothing), so the
//! rules of both families and the family-blind [`Table`](crate::table) layer can all list the
//! presets without importing each other.

/// A preset name with its one-line description.
pub const PRESETS: [(&str, &str); 8] = [
    (
        "north-american",
        "24 cards, game to 10, no stick-the-dealer, maker may go alone (default)",
    ),
    (
        "tournament",
        "north-american with stick-the-dealer; left of the loner leads",
    ),
    (
        "canadian",
        "north-american where the dealer's partner may order up only alone",
    ),
    (
        "british",
        "25 cards with the Joker (blind shout), game to 11, canadian, 3-2 packets, any may go alone",
    ),
    (
        "railroad",
        "25 cards with the Joker (hearts when turned), game to 5, loners exchange with partners, jambone, jamboree, laps and slams",
    ),
    (
        "keller-1887",
        "24 cards, game to 5, laps and slams, jambone called to the first trick, jamboree (Keller 1887)",
    ),
    (
        "mathews-1844",
        "32-card Piquet pack, game to 5 (Mathews' 1844 rules)",
    ),
    (
        "openspiel",
        "one deal exactly as OpenSpiel's euchre: stick-the-dealer, alone decided after the discard",
    ),
];

/// The presets of the individual games, with one-line descriptions.
pub const SOLO_PRESETS: [(&str, &str); 3] = [
    (
        "three-handed",
        "cutthroat: 3 players alone, 7 cards each, the maker needs 4 tricks, game to 10",
    ),
    (
        "bid-euchre",
        "individual Bid Euchre: 4 players (or 3), all cards dealt, an auction for tricks, 21 down to 0",
    ),
    (
        "set-back",
        "Set-Back Euchre (1864): 4 players (2 to 4), the maker alone against all, 5 down to 0",
    ),
];

/// Every preset of every family, with its description: the four-handed ones first.
pub fn all_presets() -> Vec<(&'static str, &'static str)> {
    PRESETS.iter().chain(SOLO_PRESETS.iter()).copied().collect()
}

/// Presets' second names, each with the name it is listed under.
const PRESET_ALIASES: [(&str, &str); 3] = [
    ("default", "north-american"),
    ("standard", "north-american"),
    ("cutthroat", "three-handed"),
];

/// A name as typed, in the form preset and family names are compared in: trimmed, in lower
/// case, with `-` for `_` (`Set_Back` is `set-back`).
pub fn typed_name(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace('_', "-")
}

/// The name a preset is listed under ([`all_presets`]) for any name it is known by: in any
/// letter case, with `_` for `-`, or a second name (`default`, `cutthroat`). `None` for a name
/// no preset has. What is shown and stored names a preset this way, however it was typed.
pub fn preset_name(name: &str) -> Option<&'static str> {
    let typed = typed_name(name);
    let listed = PRESET_ALIASES
        .iter()
        .find(|(alias, _)| *alias == typed)
        .map_or(typed.as_str(), |(_, listed)| listed);
    all_presets().into_iter().map(|(n, _)| n).find(|n| *n == listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_a_presets_name_is_its_listed_name() {
        for (name, _) in all_presets() {
            assert_eq!(preset_name(name), Some(name));
            assert_eq!(preset_name(&name.to_ascii_uppercase()), Some(name));
            assert_eq!(preset_name(&format!(" {} ", name.replace('-', "_"))), Some(name));
        }
        assert_eq!(preset_name("Default"), Some("north-american"));
        assert_eq!(preset_name("STANDARD"), Some("north-american"));
        assert_eq!(preset_name("cutthroat"), Some("three-handed"));
        for unknown in ["", "north american", "northamerican", "euchre"] {
            assert_eq!(preset_name(unknown), None, "{unknown:?}");
        }
    }
}
