//! What the workspace's manifests state is true of the lock file: every
//! crate names the Rust it needs, no older than any dependency locked
//! needs. (`clippy::incompatible_msrv`, run with `-D warnings`, holds
//! the code itself to that version.)

use serde_json::Value;
use std::process::Command;

/// A `rust-version` as numbers, `1.88` as `[1, 88, 0]`.
fn version(text: &str) -> Vec<u64> {
    let mut parts: Vec<u64> = text.split('.').map(|p| p.parse().unwrap()).collect();
    parts.resize(3, 0);
    parts
}

/// The platform this runs on, as `rustc -vV` names it.
fn host() -> String {
    let output = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc runs");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .expect("rustc -vV names its host")
        .to_string()
}

/// The dependencies of the platform this runs on: a fresh machine has
/// downloaded no others (Windows' console crates, say), and offline
/// `cargo metadata` would ask for them.
#[test]
fn every_crate_needs_a_rust_every_locked_dependency_allows() {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .args(["--filter-platform", &host()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).unwrap();
    let members: Vec<&Value> = metadata["workspace_members"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    let packages = metadata["packages"].as_array().unwrap();
    let (ours, theirs): (Vec<&Value>, Vec<&Value>) =
        packages.iter().partition(|p| members.contains(&&p["id"]));
    let needed = theirs
        .iter()
        .filter_map(|p| Some((version(p["rust_version"].as_str()?), p["name"].as_str()?)))
        .max()
        .expect("some dependency names its Rust");
    assert_eq!(ours.len(), members.len());
    for crate_ in ours {
        let name = crate_["name"].as_str().unwrap();
        let stated = crate_["rust_version"]
            .as_str()
            .unwrap_or_else(|| panic!("{name} states no rust-version"));
        assert!(
            version(stated) >= needed.0,
            "{name} states Rust {stated}, but {} needs {:?}",
            needed.1,
            needed.0
        );
    }
}
