//! `euchre rules --describe`: every option of a ruleset with its value, what it means and the
//! values it takes.

use euchre::option_info::{find_option, option_group, OPTION_GROUPS};
use euchre::table::AnyRules;
use euchre::{OptionInfo, OptionKind};

/// The options of `rules` described, as text for a person or as a JSON list.
pub fn describe(rules: &AnyRules, json: bool) -> String {
    let catalogue = rules.option_catalogue();
    // An option the catalogue lacks (its tests say none does) is still shown, undescribed.
    let described = rules.options().into_iter().map(|(name, value)| {
        let info = find_option(catalogue, name).copied().unwrap_or(OptionInfo {
            name,
            label: name,
            about: "(no description)",
            kind: OptionKind::Choice { values: &[] },
        });
        (info, value)
    });
    if json {
        let list: Vec<serde_json::Value> = described
            .map(|(info, value)| {
                let mut entry = serde_json::to_value(info).unwrap_or_default();
                entry["group"] = option_group(info.name).into();
                entry["value"] = value.into();
                entry
            })
            .collect();
        return serde_json::Value::from(list).to_string();
    }
    // Under each heading in the headings' order (as the browser's form shows them), the
    // options in the catalogue's order.
    let described: Vec<(OptionInfo, String)> = described.collect();
    let headings = OPTION_GROUPS.iter().map(|(g, _)| *g).chain(["Other"]);
    let mut out = Vec::new();
    for heading in headings {
        let under = described
            .iter()
            .filter(|(info, _)| option_group(info.name).unwrap_or("Other") == heading);
        for (i, (info, value)) in under.enumerate() {
            if i == 0 {
                if !out.is_empty() {
                    out.push(String::new());
                }
                out.push(format!("{heading}:"));
            }
            out.push(format!(
                "  {} = {value}  ({})",
                info.name,
                values_words(info.kind)
            ));
            out.push(format!("      {} — {}", info.label, info.about));
        }
    }
    out.join("\n")
}

/// The values an option takes, in words.
fn values_words(kind: OptionKind) -> String {
    match kind {
        OptionKind::Switch => "true or false".to_string(),
        OptionKind::Number { min, max } => format!("a whole number {min} to {max}"),
        OptionKind::Choice { values: [] } => "a value the rules take".to_string(),
        OptionKind::Choice { values } => format!("one of {}", values.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_option_gets_its_value_its_values_and_a_line_of_help() {
        let rules = AnyRules::preset("railroad").unwrap();
        let text = describe(&rules, false);
        assert!(
            text.contains("jambone_calls = every_trick  (one of first_trick, every_trick)"),
            "{text}"
        );
        assert!(
            text.contains("winning_score = 5  (a whole number 0 to 1000)"),
            "{text}"
        );
        assert!(
            text.contains("      Jambone — The maker may play alone"),
            "{text}"
        );
        // Under the headings, in their order, each option once with its line of help.
        let options = text
            .lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("    "));
        assert_eq!(options.count(), rules.options().len());
        let headings: Vec<&str> = text.lines().filter(|l| l.ends_with(':')).collect();
        assert_eq!(
            headings[..3],
            ["The game:", "Cards and the deal:", "Bidding:"],
            "{text}"
        );
        let jamboree = text.split("Jambone and jamboree:\n").nth(1).unwrap();
        assert!(jamboree.starts_with("  jambone = true"), "{text}");
        let list: serde_json::Value = serde_json::from_str(&describe(&rules, true)).unwrap();
        let joker = list
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "joker_upcard")
            .unwrap();
        assert_eq!(joker["value"], "agreed_suit:H");
        assert_eq!(joker["kind"], "choice");
        assert_eq!(joker["values"][4], "blind_shout");
        let bid = describe(&AnyRules::preset("bid-euchre").unwrap(), true);
        assert!(bid.contains(r#""name":"min_bid","label":"Lowest bid""#), "{bid}");
        assert!(
            bid.contains(r#""kind":"number","min":1,"max":12,"group":"Bidding","value":"1""#),
            "{bid}"
        );
    }
}
