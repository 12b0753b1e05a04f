//! What each rule option means and which values it takes, for front ends that offer the options
//! to a person (the browser's table form, `euchre rules --describe`): a label, a line of help and
//! the values to choose from, so nobody has to type an engine name into a free-text box.
//!
//! `Rules::set` and `SoloRules::set` stay the authority on what a value means; this catalogue is
//! checked against them by tests (every listed value is taken, the values either side of a range
//! are refused, and every option they list is described here).

use serde::Serialize;

/// The values an option takes (in JSON, `"kind": "switch"`, `"number"` with `min` and `max`,
/// or `"choice"` with `values`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OptionKind {
    /// `true` or `false`.
    Switch,
    /// A whole number from `min` to `max`.
    Number { min: u16, max: u16 },
    /// One of these values, written as `options()` writes them.
    Choice { values: &'static [&'static str] },
}

/// One option described for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionInfo {
    /// The name `set` takes and `options()` lists.
    pub name: &'static str,
    /// A few words for a form's label.
    pub label: &'static str,
    /// One line on what it changes.
    pub about: &'static str,
    #[serde(flatten)]
    pub kind: OptionKind,
}

const fn switch(name: &'static str, label: &'static str, about: &'static str) -> OptionInfo {
    OptionInfo {
        name,
        label,
        about,
        kind: OptionKind::Switch,
    }
}

const fn number(
    name: &'static str,
    label: &'static str,
    min: u16,
    max: u16,
    about: &'static str,
) -> OptionInfo {
    OptionInfo {
        name,
        label,
        about,
        kind: OptionKind::Number { min, max },
    }
}

const fn choice(
    name: &'static str,
    label: &'static str,
    values: &'static [&'static str],
    about: &'static str,
) -> OptionInfo {
    OptionInfo {
        name,
        label,
        about,
        kind: OptionKind::Choice { values },
    }
}

/// The partnership game's options, in the order `Rules::options` lists them.
pub const PARTNERSHIP_OPTIONS: &[OptionInfo] = &[
    choice(
        "min_rank",
        "Lowest card",
        &["9", "8", "7"],
        "9: 24 cards; 8: 28 cards; 7: the 32-card pack of 1844",
    ),
    switch("joker", "Joker", "Adds the Joker, always the highest trump"),
    choice(
        "joker_upcard",
        "Joker turned up",
        &[
            "agreed_suit:C",
            "agreed_suit:D",
            "agreed_suit:H",
            "agreed_suit:S",
            "blind_shout",
        ],
        "Trump is the suit agreed before play, or the dealer names trump without looking (blind shout)",
    ),
    choice(
        "partners",
        "Partners",
        &["fixed", "cut_high_low"],
        "Fixed by seat, or the two highest cut cards against the two lowest",
    ),
    choice(
        "first_dealer",
        "First dealer",
        &["random", "first_jack"],
        "Drawn at random, or the first to be dealt a jack face up",
    ),
    choice(
        "packets",
        "Dealt in packets",
        &["2-3", "3-2"],
        "Two then three cards, or three then two",
    ),
    switch(
        "dealer_may_discard_upcard",
        "Dealer may discard the upcard",
        "The dealer who takes up the upcard may throw that same card away",
    ),
    switch(
        "stick_the_dealer",
        "Stick the dealer",
        "If the others all pass twice, the dealer must name trump (with the dealer shouting first, the last to bid in round 2)",
    ),
    switch(
        "canadian",
        "Canadian loner",
        "The dealer's partner may order up the upcard only by going alone",
    ),
    choice(
        "trump_requirement",
        "Trumps needed to call",
        &["none", "two_trumps", "two_trumps_dealer_only"],
        "Nobody may make trump holding only a jack of it (or only the dealer may not)",
    ),
    switch(
        "allow_no_trump",
        "No trump",
        "\"No trump\" may be called in the second round (the highest card of the suit led wins; the Joker is a suit of its own then: it wins a trick it leads and follows no suit)",
    ),
    switch(
        "dealer_shouts_first",
        "Dealer bids first",
        "The dealer opens the bidding (a British variation)",
    ),
    choice(
        "alone_timing",
        "When to go alone",
        &["with_call", "after_discard"],
        "With the call, or after the dealer's discard",
    ),
    choice(
        "defend_alone",
        "Defending alone",
        &["never", "against_loner", "any"],
        "Never, one defender against a loner, or anyone before the first lead",
    ),
    choice(
        "loner_lead",
        "Lead against a loner",
        &["LEFT_OF_DEALER", "LEFT_OF_LONER"],
        "The dealer's left leads (skipping the seat out), or the loner's left (a lone defender's when only a defender is alone)",
    ),
    switch(
        "defender_leads_both_alone",
        "Lone defender leads",
        "When a maker and a defender both play alone, the defender leads",
    ),
    switch(
        "defenders_asked_from_dealer",
        "Defenders asked from the dealer's left",
        "Who may defend alone is asked from the dealer's left, not the maker's",
    ),
    number(
        "loner_small_score",
        "Loner's 3 or 4 tricks",
        0,
        16,
        "Points for a lone maker's 3 or 4 tricks",
    ),
    number(
        "loner_march_score",
        "Loner's march",
        0,
        16,
        "Points for a lone maker's 5 tricks",
    ),
    number(
        "loner_euchred_score",
        "Loner euchred",
        0,
        16,
        "Points to the defenders for euchring a lone maker",
    ),
    number(
        "lone_defender_score",
        "Lone defender's euchre",
        0,
        16,
        "Points to a lone defender who takes 3 tricks or more",
    ),
    switch(
        "fast_break",
        "Fast break",
        "Defenders who take the first two tricks and lose the last three hold the deal to 0-0",
    ),
    switch(
        "four_trick_tokens",
        "Four-trick tokens",
        "Makers playing with a partner who take exactly 4 tricks earn a token; 4 tokens make a point",
    ),
    switch(
        "point_on_partner",
        "Point on the partner's deal",
        "The dealer's partner who calls and makes it scores 1 more, and the dealer deals again",
    ),
    switch(
        "partners_best",
        "Partner's best",
        "A loner passes a card to the partner and gets back the partner's best (Railroad)",
    ),
    switch(
        "jambone",
        "Jambone",
        "The maker may play alone with the hand face up, the opponents calling the cards",
    ),
    choice(
        "jambone_calls",
        "Jambone calls",
        &["first_trick", "every_trick"],
        "The opponents call the jambone's cards to the first trick only, or to every trick",
    ),
    choice(
        "jambone_jamboree_by",
        "Jambone and jamboree by",
        &["maker", "makers_side"],
        "Only the maker, or either member of the making side",
    ),
    number(
        "jambone_euchred_score",
        "Jambone euchred",
        0,
        16,
        "Points to the defenders for euchring a jambone",
    ),
    switch(
        "robson",
        "Robson's rules",
        "A march may take its points off the opponents instead; a dealer who turns a jack may go alone blind",
    ),
    choice(
        "reneging",
        "Reneging",
        &["prevented", "penalised"],
        "Failing to follow suit is refused, or allowed and penalised if the opponents claim it",
    ),
    choice(
        "renege_penalty_mode",
        "Renege penalty",
        &["add", "deduct"],
        "The innocent side scores the penalty, or the guilty side loses it",
    ),
    switch(
        "laps",
        "Laps",
        "Points past the target carry into the next game of the match (a game of a number of deals has no target, and nothing to carry)",
    ),
    switch(
        "slams",
        "Slams",
        "A game won while the losers have 0 counts as two",
    ),
    switch(
        "jamboree",
        "Jamboree",
        "The five highest trumps, shown before the first lead, score 16 without play",
    ),
    switch(
        "farmers",
        "Farmer's hand",
        "A hand of only 9s and 10s may be shown before the first lead",
    ),
    switch(
        "go_under",
        "Ace-no-face",
        "A hand of one ace and otherwise 9s and 10s may be shown too",
    ),
    choice(
        "farmers_policy",
        "Such a hand shown",
        &["exchange", "redeal"],
        "Exchange three cards for the kitty, or throw the deal in",
    ),
    number(
        "winning_score",
        "Game to",
        0,
        1000,
        "The points that win the game (0: a fixed number of deals)",
    ),
    number(
        "num_deals",
        "Number of deals",
        0,
        1000,
        "A game of this many deals (0: play to the target)",
    ),
    number(
        "match_games",
        "Games in a match",
        0,
        1000,
        "A match of this many games (0: see wins)",
    ),
    number(
        "match_wins",
        "Wins for the match",
        0,
        1000,
        "A match ends when a side has won this many games (0: see games)",
    ),
];

/// The individual games' options, in the order `SoloRules::options` lists them.
pub const SOLO_OPTIONS: &[OptionInfo] = &[
    choice(
        "family",
        "Game",
        &["three-handed", "bid-euchre", "set-back"],
        "Which of the games without partners",
    ),
    number(
        "players",
        "Players",
        2,
        4,
        "Three-handed: 3; Bid Euchre: 3 or 4; Set-Back: 2 to 4",
    ),
    number(
        "winning_score",
        "Game to",
        0,
        1000,
        "Three-handed: the points that win (0 in the games raced down to 0)",
    ),
    number(
        "start_score",
        "Start score",
        0,
        1000,
        "Bid Euchre and Set-Back: each player's starting score, raced down to 0 (0 three-handed)",
    ),
    switch(
        "stick_the_dealer",
        "Stick the dealer",
        "The dealer may not pass the last chance to make trump (or, in Bid Euchre, to bid)",
    ),
    number(
        "min_bid",
        "Lowest bid",
        1,
        12,
        "Bid Euchre: the fewest tricks a player may bid (at most a hand's cards: 6 for four players, 8 for three)",
    ),
    number(
        "set_penalty",
        "Set penalty",
        0,
        100,
        "What a maker who fails adds to the score",
    ),
    number(
        "stayer_penalty",
        "Stayer's penalty",
        0,
        100,
        "What a player who stayed in and took no trick adds",
    ),
    switch(
        "defenders_gain",
        "Defenders gain",
        "Set-Back: when the maker is euchred, each defender who stayed in takes 2 off",
    ),
    switch(
        "declare",
        "Declare a march",
        "Set-Back: the maker may declare a march, which wins the game if made",
    ),
    number(
        "ante",
        "Ante",
        0,
        10_000,
        "Set-Back stakes: what each player puts in the pool",
    ),
    number(
        "euchre_stake",
        "Euchre stake",
        0,
        10_000,
        "Set-Back stakes: what a euchred maker pays into the pool",
    ),
];

/// The headings a front end shows the options under, in the order a person meets them at the
/// table, each with its options of both families (a family shows those it has): so that a form
/// of some forty options reads as a few short parts. Every option is under one heading.
pub const OPTION_GROUPS: &[(&str, &[&str])] = &[
    (
        "The game",
        &[
            "family",
            "winning_score",
            "num_deals",
            "start_score",
            "players",
            "partners",
            "first_dealer",
        ],
    ),
    (
        "Cards and the deal",
        &["min_rank", "joker", "joker_upcard", "packets"],
    ),
    (
        "Bidding",
        &[
            "dealer_may_discard_upcard",
            "stick_the_dealer",
            "canadian",
            "trump_requirement",
            "allow_no_trump",
            "dealer_shouts_first",
            "min_bid",
            "declare",
        ],
    ),
    (
        "Going alone",
        &[
            "alone_timing",
            "defend_alone",
            "loner_lead",
            "defender_leads_both_alone",
            "defenders_asked_from_dealer",
            "partners_best",
            "loner_small_score",
            "loner_march_score",
            "loner_euchred_score",
            "lone_defender_score",
        ],
    ),
    ("Play", &["reneging", "renege_penalty_mode"]),
    (
        "Scoring",
        &[
            "fast_break",
            "four_trick_tokens",
            "point_on_partner",
            "robson",
            "set_penalty",
            "stayer_penalty",
            "defenders_gain",
            "ante",
            "euchre_stake",
        ],
    ),
    (
        "Jambone and jamboree",
        &[
            "jambone",
            "jambone_calls",
            "jambone_jamboree_by",
            "jambone_euchred_score",
            "jamboree",
        ],
    ),
    ("Farmer's hands", &["farmers", "go_under", "farmers_policy"]),
    ("A match", &["laps", "slams", "match_games", "match_wins"]),
];

/// The heading an option (by the name `options()` lists it) is shown under.
pub fn option_group(name: &str) -> Option<&'static str> {
    OPTION_GROUPS
        .iter()
        .find(|(_, names)| names.contains(&name))
        .map(|(group, _)| *group)
}

/// The description of one option of either family, by any name `set` takes.
pub fn find_option(options: &'static [OptionInfo], name: &str) -> Option<&'static OptionInfo> {
    let name = crate::rules::option_name(name);
    options.iter().find(|o| o.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solo::SoloRules;
    use crate::table::AnyRules;
    use crate::{all_presets, Rules};

    /// Sets one option on a copy of a ruleset of the family (the partnership game, or not).
    fn takes(partnership: bool, name: &str, value: &str) -> bool {
        if partnership {
            let mut rules = Rules::NORTH_AMERICAN;
            rules.set(name, value).is_ok()
        } else {
            SoloRules::preset("set-back").unwrap().set(name, value).is_ok()
        }
    }

    #[test]
    fn every_option_listed_is_described_in_the_same_order() {
        let listed: Vec<_> = Rules::NORTH_AMERICAN
            .options()
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        let described: Vec<_> = PARTNERSHIP_OPTIONS.iter().map(|o| o.name).collect();
        assert_eq!(described, listed);
        let listed: Vec<_> = SoloRules::preset("bid-euchre")
            .unwrap()
            .options()
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        let described: Vec<_> = SOLO_OPTIONS.iter().map(|o| o.name).collect();
        assert_eq!(described, listed);
    }

    #[test]
    fn every_value_offered_is_taken_and_the_ranges_are_the_setters() {
        for (partnership, options) in [(true, PARTNERSHIP_OPTIONS), (false, SOLO_OPTIONS)] {
            for o in options {
                assert!(!o.label.is_empty() && !o.about.is_empty(), "{}", o.name);
                match o.kind {
                    OptionKind::Switch => {
                        for v in ["true", "false"] {
                            assert!(takes(partnership, o.name, v), "{}={v}", o.name);
                        }
                        assert!(!takes(partnership, o.name, "2"), "{}=2", o.name);
                    }
                    OptionKind::Number { min, max } => {
                        assert!(takes(partnership, o.name, &min.to_string()), "{}={min}", o.name);
                        assert!(takes(partnership, o.name, &max.to_string()), "{}={max}", o.name);
                        assert!(
                            !takes(partnership, o.name, &(max + 1).to_string()),
                            "{} above {max}",
                            o.name
                        );
                        if min > 0 {
                            assert!(
                                !takes(partnership, o.name, &(min - 1).to_string()),
                                "{} below {min}",
                                o.name
                            );
                        }
                    }
                    OptionKind::Choice { values } => {
                        for v in values {
                            assert!(takes(partnership, o.name, v), "{}={v}", o.name);
                        }
                        assert!(!takes(partnership, o.name, "none_of_these"), "{}", o.name);
                    }
                }
            }
        }
    }

    #[test]
    fn every_presets_value_is_one_offered() {
        for (preset, _) in all_presets() {
            let rules = AnyRules::preset(preset).unwrap();
            let catalogue = rules.option_catalogue();
            for (name, value) in rules.options() {
                let info = find_option(catalogue, name).unwrap_or_else(|| panic!("{preset}: {name}"));
                let fits = match info.kind {
                    OptionKind::Switch => value == "true" || value == "false",
                    OptionKind::Number { min, max } => {
                        value.parse::<u16>().is_ok_and(|n| (min..=max).contains(&n))
                    }
                    OptionKind::Choice { values } => values.contains(&value.as_str()),
                };
                assert!(fits, "{preset}: {name}={value} is not among {:?}", info.kind);
            }
        }
    }

    /// Every option of both families is under exactly one heading, and every name under a
    /// heading is an option.
    #[test]
    fn every_option_is_under_one_heading() {
        let all: Vec<&str> = PARTNERSHIP_OPTIONS
            .iter()
            .chain(SOLO_OPTIONS)
            .map(|o| o.name)
            .collect();
        for name in &all {
            let under = OPTION_GROUPS
                .iter()
                .filter(|(_, names)| names.contains(name))
                .count();
            assert_eq!(under, 1, "{name} is under {under} headings");
        }
        for (group, names) in OPTION_GROUPS {
            for name in *names {
                assert!(all.contains(name), "{group}: {name} is no option");
            }
        }
        assert_eq!(option_group("jambone_calls"), Some("Jambone and jamboree"));
        assert_eq!(option_group("no_such_option"), None);
    }

    #[test]
    fn another_name_finds_the_option() {
        assert_eq!(
            find_option(PARTNERSHIP_OPTIONS, "std").unwrap().name,
            "stick_the_dealer"
        );
        assert_eq!(find_option(SOLO_OPTIONS, " num_players").unwrap().name, "players");
        assert!(find_option(PARTNERSHIP_OPTIONS, "players").is_none());
    }
}
