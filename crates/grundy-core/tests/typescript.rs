//! The TypeScript declarations of every type that crosses to the page,
//! generated from the Rust types. The page imports them from
//! `web/src/engine/engine-types.ts` and declares none itself, so a change on
//! one side fails here until the file follows: run
//! `UPDATE_TYPES=1 cargo test -p grundy-core --test typescript` and commit it.

use grundy_core::analysis::{
    Board, Component, Convention, Edit, Face, Fact, ForfeitMove, Heat, Interval, Legend, Loopy,
    LoopyMoves, MisereReport, MoveInfo, NimProducts, Outcome, Overlay, Picks, Piece,
    QuotientSummary, Region, RuleField, Step, Stroke, SumPart, TileFill, TileInfo, Token, TreeNode,
    VertexValue,
};
use grundy_core::game::{GameError, GameInfo, Sample};
use grundy_core::games::{families, games};
use grundy_core::{Analysis, Nimber};
use std::path::Path;
use ts_rs::{Config, TS};

/// One exported declaration of `T`.
fn declaration<T: TS>(config: &Config) -> String {
    format!("export {}\n", T::decl(config))
}

fn generated() -> String {
    // Every number crosses as a JavaScript number; the wasm layer checks
    // that whole numbers are safe integers.
    let config = Config::new().with_large_int("number");
    let declarations = [
        declaration::<Nimber>(&config),
        declaration::<Outcome>(&config),
        declaration::<Convention>(&config),
        declaration::<Step>(&config),
        declaration::<Region>(&config),
        declaration::<Loopy>(&config),
        declaration::<Component>(&config),
        declaration::<MoveInfo>(&config),
        declaration::<LoopyMoves>(&config),
        declaration::<ForfeitMove>(&config),
        declaration::<Token>(&config),
        declaration::<Heat>(&config),
        declaration::<Overlay>(&config),
        declaration::<Interval>(&config),
        declaration::<VertexValue>(&config),
        declaration::<Piece>(&config),
        declaration::<Picks>(&config),
        declaration::<RuleField>(&config),
        declaration::<TileFill>(&config),
        declaration::<Stroke>(&config),
        declaration::<Face>(&config),
        declaration::<TileInfo>(&config),
        declaration::<Legend>(&config),
        declaration::<SumPart>(&config),
        declaration::<Board>(&config),
        declaration::<Fact>(&config),
        declaration::<NimProducts>(&config),
        declaration::<QuotientSummary>(&config),
        declaration::<MisereReport>(&config),
        declaration::<Analysis>(&config),
        declaration::<TreeNode>(&config),
        declaration::<Edit>(&config),
        declaration::<Sample>(&config),
        declaration::<GameInfo>(&config),
        declaration::<GameError>(&config),
    ];
    format!(
        "// Generated from grundy-core's types by crates/grundy-core/tests/typescript.rs.\n\
         // Do not edit: change the Rust types, then run\n\
         // UPDATE_TYPES=1 cargo test -p grundy-core --test typescript\n\n{}\n{}",
        declarations.join("\n"),
        game_ids()
    )
}

/// The games' ids, and the family whose engine build holds each, from the
/// registry.
fn game_ids() -> String {
    let quoted = |text: &str| serde_json::to_string(text).expect("a string writes as JSON");
    let ids: Vec<String> = games().iter().map(|game| quoted(game.id)).collect();
    let mut names: Vec<String> = families()
        .iter()
        .map(|(_, family)| quoted(family))
        .collect();
    names.sort();
    names.dedup();
    let members: Vec<String> = families()
        .iter()
        .map(|(id, family)| format!("  {}: {},\n", quoted(id), quoted(family)))
        .collect();
    format!(
        "/** Every game's id. */\n\
         export const GAME_IDS = [{}] as const;\n\n\
         export type GameId = (typeof GAME_IDS)[number];\n\n\
         /** A family of games: the page can load an engine built with one alone. */\n\
         export type Family = {};\n\n\
         /** The family of each game; a sum is of any games, so only the whole engine holds it. */\n\
         export const FAMILY_OF: Readonly<Record<Exclude<GameId, \"sum\">, Family>> = {{\n{}}};\n",
        ids.join(", "),
        names.join(" | "),
        members.concat()
    )
}

#[test]
fn the_pages_declarations_are_generated_from_the_rust_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/engine/engine-types.ts");
    let fresh = generated();
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(&path, &fresh).expect("the declarations write");
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == fresh,
        "{} is not what the Rust types declare; run \
         UPDATE_TYPES=1 cargo test -p grundy-core --test typescript",
        path.display()
    );
}
