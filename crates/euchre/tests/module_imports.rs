//! The engine's files import one another in one direction only: no cycle between modules, so each
//! file can be read knowing only the files below it.
//!
//! A module's imports are the `crate::a` (or `crate::a::b` for a submodule) paths in its code;
//! inside a submodule, `super::sibling` paths (a sibling) and other `super::` paths (the parent);
//! in a parent, `use child::...` (re-exporting a child's item makes the parent depend on it).
//! Comments and `#[cfg(test)]` sections are left out; declaring a child (`mod x;`) is not an
//! import.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Module path (`deal`, `solo::rules`, `deal::play`) of each source file, with its code.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(&root).expect("under src").with_extension("");
            let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            let name = parts.join("::");
            if name == "lib" {
                continue;
            }
            out.insert(name, code_of(&fs::read_to_string(&path).expect("read file")));
        }
    }
    out
}

/// The file's code without comments and without the `#[cfg(test)]` section at its end.
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifier (lower-case module name) starting `s`.
fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

fn imports(name: &str, code: &str, all: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut deps = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + 7..];
        let first = ident(rest);
        let after = &rest[first.len()..];
        let nested = after.strip_prefix("::").map(|s| format!("{first}::{}", ident(s)));
        match nested {
            Some(n) if all.contains_key(&n) => deps.insert(n),
            _ => deps.insert(first.to_string()),
        };
    }
    if let Some((parent, _)) = name.rsplit_once("::") {
        for (i, _) in code.match_indices("super::") {
            let sibling = format!("{parent}::{}", ident(&code[i + 7..]));
            if all.contains_key(&sibling) {
                deps.insert(sibling);
            } else {
                deps.insert(parent.to_string());
            }
        }
    }
    for line in code.lines() {
        let line = line.trim_start();
        let used = line
            .strip_prefix("pub use ")
            .or_else(|| line.strip_prefix("use "));
        if let Some(child) = used.map(|u| format!("{name}::{}", ident(u))) {
            if all.contains_key(&child) {
                deps.insert(child);
            }
        }
    }
    deps.retain(|d| d != name && all.contains_key(d));
    deps
}

/// A cycle through the import graph, if there is one, as the modules along it.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = path.iter().position(|p| p == node).unwrap_or(0);
                let mut cycle = path[from..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, marks, path) {
                return Some(c);
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let all = modules();
    all.iter()
        .map(|(name, code)| (name.clone(), imports(name, code, &all)))
        .collect()
}

#[test]
fn no_import_cycle_between_the_engines_files() {
    let graph = import_graph();
    assert!(graph.len() >= 15, "too few modules found: {:?}", graph.keys());
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_checker_sees_imports_and_finds_a_planted_cycle() {
    let mut graph = import_graph();
    // Real edges are seen: the deal reads the rules, and the rules import no deal.
    assert!(
        graph["observation"].contains("deal"),
        "{:?}",
        graph["observation"]
    );
    assert!(graph["rules"].contains("presets"), "{:?}", graph["rules"]);
    assert!(graph["deal::play"].contains("deal"), "{:?}", graph["deal::play"]);
    assert!(graph["solo"].contains("solo::deal"), "{:?}", graph["solo"]);
    // A planted back edge is reported as a cycle.
    graph
        .get_mut("card")
        .expect("card module")
        .insert("observation".into());
    let cycle = find_cycle(&graph).expect("the planted cycle");
    assert!(cycle.contains(&"card".to_string()), "{cycle:?}");
}
