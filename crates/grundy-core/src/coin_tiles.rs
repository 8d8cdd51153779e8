//! Coins on a grid, shared by the coin-turning games: H for heads and T
//! for tails, in the text, the tiles and the palette alike.

use crate::analysis::{Face, Legend, TileFill, TileInfo};
use crate::game::GameError;

/// The letter of a coin.
pub fn letter(heads: bool) -> char {
    if heads {
        'H'
    } else {
        'T'
    }
}

/// Whether a coin painted with `tile` shows heads.
pub fn painted(tile: char) -> Result<bool, GameError> {
    match tile {
        'H' => Ok(true),
        'T' => Ok(false),
        other => Err(GameError::new(format!(
            "paint with 'H' or 'T', not '{other}'"
        ))),
    }
}

/// The board's two tiles, both paintable.
pub fn legend() -> Legend {
    Legend {
        tiles: vec![
            TileInfo::new('H', "heads", TileFill::Occupied)
                .marked("H")
                .coin(Face::Heads),
            TileInfo::new('T', "tails", TileFill::Open)
                .marked("T")
                .coin(Face::Tails),
        ],
        palette: vec!["H".to_string(), "T".to_string()],
        numbers: Vec::new(),
        rotatable: false,
        variants: Vec::new(),
    }
}
