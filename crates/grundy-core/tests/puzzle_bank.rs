//! The Puzzles page's bank, `web/src/puzzles/bank/`, is what `grundy puzzles`
//! draws: a sample of each game's file is drawn again and compared, so a
//! change to a game's drawing or to the generator cannot leave the page
//! with puzzles no command makes.

use grundy_core::puzzle::{Puzzles, Request};
use serde_json::Value;
use std::path::Path;

/// Puzzles drawn again from each play of each game.
const SAMPLE: usize = 25;

#[test]
fn the_shipped_bank_is_what_grundy_puzzles_draws() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/puzzles/bank");
    let index: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(folder.join("index.json")).unwrap()).unwrap();
    assert!(index.len() >= 20, "games in the bank: {}", index.len());
    for entry in index {
        let game = entry["game"].as_str().unwrap();
        let bank: Vec<Value> = serde_json::from_str(
            &std::fs::read_to_string(folder.join(format!("{game}.json"))).unwrap(),
        )
        .unwrap();
        assert_eq!(
            bank.len() as u64,
            entry["count"].as_u64().unwrap(),
            "{game}"
        );
        assert!(bank.len() >= 500, "{game}: {} puzzles", bank.len());
        for (play, seed, misere) in [("normal", 1, false), ("misere", 2, true)] {
            let shipped: Vec<&Value> = bank
                .iter()
                .filter(|p| p["play"] == play)
                .take(SAMPLE)
                .collect();
            let drawn = Puzzles::new(Request::new(game, seed, misere))
                .unwrap()
                .take(shipped.len());
            for (shipped, drawn) in shipped.into_iter().zip(drawn) {
                let drawn = drawn.unwrap();
                let expected = serde_json::json!({
                    "position": drawn.position,
                    "play": drawn.play,
                    "rating": drawn.rating,
                    "themes": drawn.themes,
                });
                assert_eq!(
                    shipped, &expected,
                    "{game}: the bank is not what grundy puzzles draws; run `node scripts/puzzle-bank.mjs`"
                );
            }
        }
    }
}
