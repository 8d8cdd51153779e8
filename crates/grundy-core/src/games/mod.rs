//! Every game, one module each, and the registry that finds them by id.

pub mod bacterial_tactics;
pub mod board_escape;
pub mod chomp;
pub mod coins;
pub mod corners;
pub mod cram;
pub mod darkraft;
pub mod digraph;
pub mod graph_kayles;
pub mod grundy_game;
pub mod hackenbush;
pub mod intervals;
pub mod lasker;
pub mod nim;
pub mod northcott;
pub mod octal;
pub mod staircase;
pub mod string_game;
pub mod subtraction;
pub mod sum;
pub mod wythoff;

use crate::analysis::{MisereReport, Outcome};
use crate::game::{check_input_size, Game, GameError, GameInfo};
use crate::input::{escaped, shorten};
use crate::nimber::Nimber;
use crate::search::SearchBudget;
use crate::session::{AnySession, Limits, Session};

/// Opens case `usize` of a text as a session of one game.
type Opener = fn(&str, usize, Limits) -> Result<Box<dyn AnySession>, GameError>;

/// How the registry reaches one game without knowing its type.
struct Entry {
    info: fn() -> GameInfo,
    open: Opener,
    solve: fn(&str) -> Result<String, GameError>,
}

fn entry<G: Game + 'static>() -> Entry {
    Entry {
        info: G::info,
        open: |text, case, limits| Ok(Box::new(Session::<G>::open(text, case, limits)?)),
        solve: |input| G::default().solve(input),
    }
}

/// Lists every game once, each with its family: the cargo feature that
/// builds it in. `registry` holds the games of the families built, in the
/// order given; `families` names every game's family, built or not.
macro_rules! registry {
    ($($family:literal => $game:ty,)*) => {
        fn registry() -> Vec<Entry> {
            vec![$(
                #[cfg(feature = $family)]
                entry::<$game>(),
            )*]
        }

        /// Each game's id with its family, the cargo feature that builds
        /// it: the page loads an engine built with one family only when it
        /// shows games of that family alone.
        pub fn families() -> Vec<(&'static str, &'static str)> {
            vec![$((<$game as Game>::info().id, $family),)*]
        }
    };
}

registry! {
    "heaps" => nim::Nim,
    "boards" => bacterial_tactics::BacterialTactics,
    "boards" => darkraft::Darkraft,
    "boards" => board_escape::BoardEscape,
    "words" => intervals::Intervals,
    "words" => string_game::StringGame,
    "take-and-break" => subtraction::Subtraction,
    "take-and-break" => octal::Octal,
    "take-and-break" => grundy_game::GrundyGame,
    "graphs" => hackenbush::Hackenbush,
    "graphs" => digraph::Digraph,
    "counters" => coins::Coins,
    "boards" => corners::Corners,
    "heaps" => staircase::Staircase,
    "counters" => northcott::Northcott,
    "heaps" => lasker::Lasker,
    "boards" => cram::Cram,
    "boards" => chomp::Chomp,
    "counters" => wythoff::Wythoff,
    "graphs" => graph_kayles::NodeKayles,
    "graphs" => graph_kayles::ArcKayles,
}

fn find(id: &str) -> Result<Entry, GameError> {
    registry()
        .into_iter()
        .find(|entry| (entry.info)().id == id)
        .ok_or_else(|| {
            let known: Vec<&str> = games().iter().map(|g| g.id).collect();
            GameError::new(format!(
                "unknown game '{}'; the games are: {}",
                shown_id(id),
                known.join(", ")
            ))
        })
}

/// A game id as an error message shows it: control characters escaped
/// and the length cut, so that any text a person pasted reads plainly.
pub(crate) fn shown_id(id: &str) -> String {
    shorten(&escaped(id))
}

/// What the game `game_id` tells about itself; sums are not among them.
pub fn info(game_id: &str) -> Result<GameInfo, GameError> {
    Ok((find(game_id)?.info)())
}

/// Every game, in the order the playground lists them; sums come last.
pub fn games() -> Vec<GameInfo> {
    registry()
        .iter()
        .map(|entry| (entry.info)())
        .chain([sum::info()])
        .collect()
}

/// Opens case `case` (0-based) of `text` as a game of `game_id`, with the
/// playground's limits.
pub fn open(game_id: &str, text: &str, case: usize) -> Result<Box<dyn AnySession>, GameError> {
    open_within(game_id, text, case, Limits::Playground)
}

/// Opens case `case` of `text` as a game of `game_id` read within
/// `limits`; a sum reads each of its parts within them too.
pub fn open_within(
    game_id: &str,
    text: &str,
    case: usize,
    limits: Limits,
) -> Result<Box<dyn AnySession>, GameError> {
    check_input_size(text)?;
    if game_id == sum::ID {
        return Ok(Box::new(sum::open(text, case, limits)?));
    }
    (find(game_id)?.open)(text, case, limits)
}

/// Answers a whole contest input of `game_id` in the contest's output format;
/// a sum answers `First`, `Second` or `Draw`.
pub fn solve(game_id: &str, input: &str) -> Result<String, GameError> {
    check_input_size(input)?;
    if game_id == sum::ID {
        return Ok(format!("{}\n", sum::outcome(input)?.answer()));
    }
    (find(game_id)?.solve)(input)
}

/// The nimber of the first position of `text`, read with the contest's
/// limits (not the playground's), as `grundy nimber` prints it.
pub fn nimber(game_id: &str, text: &str) -> Result<Nimber, GameError> {
    check_input_size(text)?;
    match game_id {
        sum::ID => sum::nimber(text),
        _ => ending_session(game_id, text)?.nimber(),
    }
}

/// Who wins the first position of `text` under normal play, read as
/// `nimber` reads it, as `grundy outcome` prints it.
pub fn outcome(game_id: &str, text: &str) -> Result<Outcome, GameError> {
    check_input_size(text)?;
    match game_id {
        sum::ID => sum::ending_outcome(text),
        _ => ending_session(game_id, text)?.outcome(),
    }
}

/// The first position of `text` with the contest's limits, if its game
/// always ends: only then are there nimbers.
fn ending_session(game_id: &str, text: &str) -> Result<Box<dyn AnySession>, GameError> {
    let session = (find(game_id)?.open)(text, 0, Limits::Contest)?;
    if !session.ends() {
        return Err(no_nimber(game_id));
    }
    Ok(session)
}

/// The error for a nimber or an outcome asked of a game that can go on
/// forever.
pub(crate) fn no_nimber(game_id: &str) -> GameError {
    GameError::new(format!(
        "{game_id} positions can be drawn or go on forever, so they have no nimber; use `grundy solve {game_id}`"
    ))
}

/// Who wins the first position of `text` under misère play, searching
/// within `budget`, read with the contest's limits as `grundy
/// outcome --misere` reads it. A report without an outcome says why.
pub fn misere_report(
    game_id: &str,
    text: &str,
    budget: SearchBudget,
) -> Result<MisereReport, GameError> {
    Ok(open_within(game_id, text, 0, Limits::Contest)?.misere_report(budget))
}
