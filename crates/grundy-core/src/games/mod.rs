//! Every game, one module each, and the registry that finds them by id.

pub mod bacterial_tactics;
pub mod board_escape;
pub mod darkraft;
pub mod intervals;
pub mod nim;
pub mod string_game;

use crate::game::{Game, GameError, GameInfo};
use crate::session::{AnySession, Session};
use crate::sum;

/// Opens case `usize` of a text as a session of one game.
type Opener = fn(&str, usize) -> Result<Box<dyn AnySession>, GameError>;

/// How the registry reaches one game without knowing its type.
struct Entry {
    info: fn() -> GameInfo,
    open: Opener,
    solve: fn(&str) -> Result<String, GameError>,
}

fn entry<G: Game + 'static>() -> Entry {
    Entry {
        info: G::info,
        open: |text, case| Ok(Box::new(Session::<G>::open(text, case)?)),
        solve: |input| G::default().solve(input),
    }
}

fn registry() -> Vec<Entry> {
    vec![
        entry::<nim::Nim>(),
        entry::<bacterial_tactics::BacterialTactics>(),
        entry::<darkraft::Darkraft>(),
        entry::<board_escape::BoardEscape>(),
        entry::<intervals::Intervals>(),
        entry::<string_game::StringGame>(),
    ]
}

fn find(id: &str) -> Result<Entry, GameError> {
    registry()
        .into_iter()
        .find(|entry| (entry.info)().id == id)
        .ok_or_else(|| {
            let known: Vec<&str> = games().iter().map(|g| g.id).collect();
            GameError::new(format!(
                "unknown game '{id}'; the games are: {}",
                known.join(", ")
            ))
        })
}

/// Every game, in the order the playground lists them; sums come last.
pub fn games() -> Vec<GameInfo> {
    registry()
        .iter()
        .map(|entry| (entry.info)())
        .chain([sum::info()])
        .collect()
}

/// Opens case `case` (0-based) of `text` as a game of `game_id`.
pub fn open(game_id: &str, text: &str, case: usize) -> Result<Box<dyn AnySession>, GameError> {
    if game_id == sum::ID {
        return Ok(Box::new(sum::open(text, case)?));
    }
    (find(game_id)?.open)(text, case)
}

/// Answers a whole contest input of `game_id` in the contest's output format;
/// a sum answers `First` or `Second`.
pub fn solve(game_id: &str, input: &str) -> Result<String, GameError> {
    if game_id == sum::ID {
        return Ok(format!("{}\n", sum::open(input, 0)?.answer()?));
    }
    (find(game_id)?.solve)(input)
}
