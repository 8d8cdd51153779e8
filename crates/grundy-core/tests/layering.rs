//! The core's modules import one another one way only, in the order
//! `docs/guide/architecture.md` states (read from there, so that the two
//! cannot differ): the model, the search and the session below the shared
//! helpers, those below each game, the games below the registry. A cycle
//! would let a model type, a search or a game reach back up, which is how
//! one game comes to depend on another. The only cycle allowed is the
//! sum's: the registry opens sums, and a sum opens its parts through the
//! registry.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Every module of the core by path (`games::nim`), with its source less
/// comments and the unit tests at its end.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = BTreeMap::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("the source folder reads") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            // Data beside the modules, such as shipped quotients, is no module.
            if path.extension().is_none_or(|extension| extension != "rs") {
                continue;
            }
            let relative = path.strip_prefix(&root).expect("below src");
            let mut parts: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if parts
                .last()
                .is_some_and(|last| last == "mod" || last == "lib")
            {
                parts.pop();
            }
            let source = fs::read_to_string(&path).expect("a source file reads");
            let code = source
                .split("#[cfg(test)]")
                .next()
                .expect("split gives one piece")
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            found.insert(parts.join("::"), code);
        }
    }
    found
}

/// The identifier paths that follow each `prefix` in `code`, such as
/// `games::nim` after `crate::`; braces in a `use` list are opened.
fn paths_after(code: &str, prefix: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        let head: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let head = head.trim_end_matches(':').to_string();
        let after = &rest[head.len()..];
        if let Some(list) = after.strip_prefix("::{") {
            let list = &list[..list.find("};").unwrap_or(list.len())];
            for item in list.split(',') {
                let item: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                if item == "self" || item.is_empty() {
                    paths.push(head.clone());
                } else {
                    paths.push(format!("{head}::{item}"));
                }
            }
        } else if head.is_empty() {
            continue;
        } else {
            paths.push(head);
        }
    }
    paths
}

/// The longest module that a path names, if any.
fn module_of(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find(|candidate| modules.contains(candidate))
}

/// Which modules each module uses: through `crate::`, `super::`, or a
/// child module it declares.
fn imports() -> Graph {
    let sources = modules();
    let names: BTreeSet<String> = sources.keys().cloned().collect();
    let mut graph = Graph::new();
    for (name, code) in &sources {
        let parent = name.rsplit_once("::").map_or("", |(parent, _)| parent);
        let mut paths = paths_after(code, "crate::");
        for path in paths_after(code, "super::") {
            paths.push(if parent.is_empty() {
                path
            } else {
                format!("{parent}::{path}")
            });
        }
        let prefix = if name.is_empty() {
            String::new()
        } else {
            format!("{name}::")
        };
        for child in names.iter().filter_map(|n| n.strip_prefix(&prefix)) {
            if !child.contains("::") && !child.is_empty() {
                for path in paths_after(code, &format!("{child}::")) {
                    paths.push(format!("{prefix}{child}::{path}"));
                }
            }
        }
        let used = paths
            .iter()
            .filter_map(|path| module_of(path, &names))
            .filter(|used| used != name)
            .collect();
        graph.insert(name.clone(), used);
    }
    // The crate root only declares and re-exports.
    graph.remove("");
    for used in graph.values_mut() {
        used.remove("");
    }
    graph
}

/// The groups of modules that import one another in a circle (Tarjan).
fn cycles(graph: &Graph) -> Vec<BTreeSet<String>> {
    struct State<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(state: &mut State<'a>, v: &'a str) {
        let order = state.index.len();
        state.index.insert(v, order);
        state.low.insert(v, order);
        state.stack.push(v);
        for w in &state.graph[v] {
            let w = w.as_str();
            if !state.graph.contains_key(w) {
                continue;
            }
            if !state.index.contains_key(w) {
                visit(state, w);
                let low = state.low[v].min(state.low[w]);
                state.low.insert(v, low);
            } else if state.stack.contains(&w) {
                let low = state.low[v].min(state.index[w]);
                state.low.insert(v, low);
            }
        }
        if state.low[v] == state.index[v] {
            let mut group = BTreeSet::new();
            while let Some(w) = state.stack.pop() {
                group.insert(w.to_string());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                state.found.push(group);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !state.index.contains_key(v.as_str()) {
            visit(&mut state, v);
        }
    }
    state.found
}

#[test]
fn the_only_import_cycle_is_the_sums() {
    let graph = imports();
    let sum: BTreeSet<String> = ["games", "games::sum"].map(String::from).into();
    let found = cycles(&graph);
    assert_eq!(found, vec![sum], "import cycles in grundy-core: {found:?}");
}

#[test]
fn no_game_imports_another_game_or_the_registry() {
    for (name, used) in imports() {
        // A game in a folder is one game: its files may use one another.
        let Some(game) = name.strip_prefix("games::") else {
            continue;
        };
        let game = game.split("::").next().expect("a game's name");
        if game == "sum" {
            continue;
        }
        let own = format!("games::{game}");
        let others: Vec<&String> = used
            .iter()
            .filter(|u| {
                u.starts_with("games") && !(*u == &own || u.starts_with(&format!("{own}::")))
            })
            .collect();
        assert!(others.is_empty(), "{name} imports {others:?}");
    }
}

/// The layers `docs/guide/architecture.md` states, lowest first: the
/// modules its order names between one arrow and the next, with
/// `src/games/` standing for every game and `games/mod.rs` for the
/// registry.
fn documented_layers() -> Vec<Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/guide/architecture.md");
    let guide = fs::read_to_string(path).expect("the architecture guide reads");
    let order = &guide[guide
        .find("Modules import one way only")
        .expect("the guide states the modules' order")..];
    let order = &order[order.find(':').expect("the order follows a colon") + 1
        ..order
            .find("No game imports another")
            .expect("the order ends")];
    order
        .split('→')
        .map(|layer| {
            layer
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|name| match name {
                    "src/games/" => "games::*".to_string(),
                    "games/mod.rs" => "games".to_string(),
                    name => name.to_string(),
                })
                .collect()
        })
        .collect()
}

/// The first layer that holds `module`, itself or as a file of it.
fn layer_of(module: &str, layers: &[Vec<String>]) -> Option<usize> {
    layers.iter().position(|layer| {
        layer.iter().any(|entry| match entry.strip_suffix("::*") {
            Some(parent) => module.starts_with(&format!("{parent}::")),
            None => module == entry || module.starts_with(&format!("{entry}::")),
        })
    })
}

#[test]
fn every_module_imports_only_from_its_layer_or_below_as_the_architecture_states() {
    let layers = documented_layers();
    let graph = imports();
    assert!(
        layers.len() > 5,
        "the order read from the guide: {layers:?}"
    );
    for entry in layers.iter().flatten() {
        let named = entry.strip_suffix("::*").unwrap_or(entry);
        assert!(
            graph.contains_key(named),
            "the guide's order names {entry}, which is no module"
        );
    }
    let placed = |module: &str| {
        layer_of(module, &layers)
            .unwrap_or_else(|| panic!("docs/guide/architecture.md's order leaves out {module}"))
    };
    for (name, used) in &graph {
        let layer = placed(name);
        for used in used {
            // A sum opens its parts through the registry: the one cycle.
            if name == "games::sum" && used == "games" {
                continue;
            }
            let below = placed(used);
            assert!(
                below <= layer,
                "{name} imports {used}, which the architecture's order puts above it"
            );
        }
    }
}

#[test]
fn the_reader_finds_imports_of_every_form() {
    let code = "use crate::analysis::{Analysis, Edit};\nuse crate::games::{self, shown_id};\nlet x = super::nim::f();";
    assert_eq!(
        paths_after(code, "crate::"),
        [
            "analysis::Analysis",
            "analysis::Edit",
            "games",
            "games::shown_id"
        ]
    );
    assert_eq!(paths_after(code, "super::"), ["nim::f"]);
}
