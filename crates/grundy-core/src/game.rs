//! The trait every game implements, and the error its parsers return.

use crate::analysis::{Analysis, Edit, MisereReport, Outcome, Region};
use crate::budget::SearchBudget;
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

/// A problem with some input, located where a person can find it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameError {
    pub message: String,
    /// 1-based line of the input, when the problem has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub line: Option<u32>,
    /// 1-based column (in characters) within that line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub column: Option<u32>,
    /// The input is well formed but past what the solver's budget can
    /// answer exactly: the command line exits 3 rather than guess.
    #[serde(
        default,
        rename = "tooLarge",
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub too_large: bool,
}

impl GameError {
    pub fn new(message: impl Into<String>) -> GameError {
        GameError {
            message: message.into(),
            line: None,
            column: None,
            too_large: false,
        }
    }

    /// A position past the solver's budget, saying which budget.
    pub fn too_large(message: impl Into<String>) -> GameError {
        GameError {
            too_large: true,
            ..GameError::new(message)
        }
    }

    pub fn at(line: usize, column: usize, message: impl Into<String>) -> GameError {
        GameError {
            message: message.into(),
            line: Some(line as u32),
            column: Some(column as u32),
            too_large: false,
        }
    }

    /// The same error, said to be inside `place` (such as "case 2 of 5").
    pub fn within(self, place: &str) -> GameError {
        GameError {
            message: format!("{place}: {}", self.message),
            ..self
        }
    }

    pub fn at_line(line: usize, message: impl Into<String>) -> GameError {
        GameError {
            message: message.into(),
            line: Some(line as u32),
            column: None,
            too_large: false,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "line {line}, column {column}: {}", self.message)
            }
            (Some(line), None) => write!(f, "line {line}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for GameError {}

/// What a game tells people about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// One line for `grundy games`.
    pub summary: &'static str,
    /// The rules in plain language, a few sentences.
    pub rules: &'static str,
    /// How positions are written, with limits.
    pub format: &'static str,
    /// A position the player to move loses against perfect play, in the
    /// game's format: where a class, or a test, sees the computer win.
    pub lost: &'static str,
    /// A text the game refuses, with a message naming the line (and the
    /// column, where there is one): where tests see bad input answered,
    /// not crashed on.
    pub bad: &'static str,
    pub samples: Vec<Sample>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Sample {
    pub name: &'static str,
    /// Text in the game's contest format.
    pub input: &'static str,
}

/// A game: its text format, its rules and a solver. The solver's caches live
/// in `self` and are keyed by sub-structures of positions (rectangles,
/// substrings, counters), so they stay valid across moves, undo and edits.
pub trait Game: Default {
    /// One position. Cheap to clone: history keeps every one played.
    type Position: Clone;

    fn info() -> GameInfo;

    /// Parses the contest input: one position per case, in order.
    fn parse(&self, text: &str) -> Result<Vec<Self::Position>, GameError>;

    /// Writes one position as a one-case contest input that `parse` reads back.
    fn format(&self, position: &Self::Position) -> String;

    /// The contest's answer for one case, without any `Case #x: ` prefix:
    /// unless a contest says otherwise, `First` when the player to move
    /// wins and `Second` when not.
    fn answer(&mut self, position: &Self::Position) -> Result<String, GameError> {
        Ok(self.outcome(position)?.answer().to_string())
    }

    /// Who wins under normal play: from the nimber, or where the nimber is
    /// past the budget, from a theorem that decides the winner alone
    /// (strategy stealing, the golden ratio), for games that have one.
    fn outcome(&mut self, position: &Self::Position) -> Result<Outcome, GameError> {
        Ok(Outcome::of(self.checked_nimber(position)?))
    }

    /// Whether the contest output prefixes each answer with `Case #x: `.
    const CASE_PREFIX: bool;

    /// Whether every play ends. A game that can go on forever has no
    /// nimber of its own and no misère search.
    const ENDS: bool = true;

    fn analyse(&mut self, position: &Self::Position) -> Analysis;

    /// The walk a search or a game tree takes from `position`: by default
    /// through `option_count`, `play` and `write_key`; a game whose moves
    /// change a small part of a large position plays them in place.
    fn walk<'a>(&'a mut self, position: Self::Position) -> Box<dyn Walk + 'a>
    where
        Self: Sized,
        Self::Position: 'a,
    {
        Box::new(PositionWalk::new(self, position))
    }

    /// Takes back an analysis no longer shown, so that the next `analyse`
    /// can refill its allocations rather than make new ones. By default it
    /// is dropped.
    fn recycle(&mut self, _analysis: Analysis) {}

    /// The position's nimber. Games whose analysis lists more moves than the
    /// contest's largest positions allow to enumerate compute it directly.
    fn nimber(&mut self, position: &Self::Position) -> Nimber {
        self.analyse(position).nimber
    }

    /// The nimber where the solver's budget allows, and a
    /// [`GameError::too_large`] where it does not: for games whose
    /// contest limits reach past what any search can answer. The
    /// playground's limits keep `nimber` within budget.
    fn checked_nimber(&mut self, position: &Self::Position) -> Result<Nimber, GameError> {
        Ok(self.nimber(position))
    }

    /// The K of each part of the position whose value is ∞ in Smith's
    /// theory (for games that can go on forever; none otherwise). With
    /// `checked_nimber`, the ⊕ of the finite parts, it is all a sum needs
    /// of this position: no part's moves are listed.
    fn infinite_parts(&mut self, _position: &Self::Position) -> Vec<Vec<u32>> {
        Vec::new()
    }

    /// A key equal for positions with the same futures (heaps in any order,
    /// say), for memoised searches; by default the position's text.
    fn canonical(&self, position: &Self::Position) -> String {
        self.format(position)
    }

    /// Writes the position's [`canonical`](Game::canonical) key into a
    /// search's hasher. Games whose searches are long write it directly,
    /// without making the text, and may leave out what every position a
    /// search reaches from one shares (a heap game's rule).
    fn write_key(&self, position: &Self::Position, key: &mut KeyHasher) {
        key.write_str(&self.canonical(position));
    }

    /// How many moves `analyse` would list. A game whose analysis is costly
    /// counts them directly, for searches that only play them.
    fn option_count(&mut self, position: &Self::Position) -> u32 {
        self.analyse(position).moves.len() as u32
    }

    /// The work, in a search's units (about a byte of key, a nanosecond),
    /// of each move `play` lists to find the one asked for: most games list
    /// the moves before it, cheaply (1); heap games count their way there
    /// (0); a game that works each move out in full says more.
    const WORK_PER_MOVE_LISTED: usize = 1;

    /// The work, in the same units, of playing any move of `position`
    /// beyond listing the moves before it: a game whose `play` takes a
    /// pass over the whole position says what that pass costs. By default
    /// nothing, as most games' play costs about its key.
    fn play_work(&self, _position: &Self::Position) -> usize {
        0
    }

    /// Whether an earlier move of the position leads to the same position
    /// (a mirror image, an equal heap): searches play only the first. By
    /// default no move is said to.
    fn repeats_earlier_move(&mut self, _position: &Self::Position, _move_id: u32) -> bool {
        false
    }

    /// The position's nimber when it costs about as little as a move, for
    /// a misère search to order its moves by (see [`Walk::nimber`]); by
    /// default not known.
    fn cheap_nimber(&mut self, _position: &Self::Position) -> Option<u32> {
        None
    }

    /// Pushes onto `out`, each plus `first`, the position's moves that
    /// change its nimber by `change` (to the nimber ⊕ `change`), in order,
    /// where [`cheap_nimber`](Game::cheap_nimber) is known. Returns the
    /// work that took, in a search's units: the moves or heaps looked at.
    fn moves_changing_nimber(
        &mut self,
        _position: &Self::Position,
        _change: u32,
        _first: u32,
        _out: &mut Vec<u32>,
    ) -> usize {
        0
    }

    /// The misère outcome and winning moves where theory gives them without
    /// a search, growing what that theory needs (a misère quotient) within
    /// `budget`.
    fn misere_closed_form(
        &mut self,
        _position: &Self::Position,
        _budget: &SearchBudget,
    ) -> Option<MisereReport> {
        None
    }

    /// Where the move `move_id` of `before`, whose footprint `analyse` gave,
    /// shows on the position it leads to. Boards whose cells stay in place
    /// mark the footprint itself, the default.
    fn last_move(&mut self, _before: &Self::Position, _move_id: u32, footprint: Region) -> Region {
        footprint
    }

    /// The position after the move numbered `move_id` in `analyse`'s list.
    fn play(
        &mut self,
        position: &Self::Position,
        move_id: u32,
    ) -> Result<Self::Position, GameError>;

    /// The position after a drawing edit.
    fn edit(&mut self, position: &Self::Position, edit: &Edit)
        -> Result<Self::Position, GameError>;

    /// Refuses positions the contest allows but the playground cannot show
    /// or analyse move by move; `solve` still answers them. A game whose
    /// values take a search may solve here within its budget, so that the
    /// analysis that follows finds them cached.
    fn check_playable(&mut self, _position: &Self::Position) -> Result<(), GameError> {
        Ok(())
    }

    /// Solves a whole contest input into the contest's exact output.
    fn solve(&mut self, input: &str) -> Result<String, GameError> {
        let cases = self.parse(input)?;
        let mut out = String::new();
        for (index, case) in cases.iter().enumerate() {
            if Self::CASE_PREFIX {
                out.push_str(&format!("Case #{}: ", index + 1));
            }
            out.push_str(&self.answer(case)?);
            out.push('\n');
        }
        Ok(out)
    }
}

/// The longest text any entry point reads: 8 MiB, well above the largest
/// official input (an Intervals file of about 3 MB). Longer text is
/// refused before it is read, so no input can exhaust memory.
pub const MAX_INPUT_BYTES: usize = 8 << 20;

/// Refuses text longer than [`MAX_INPUT_BYTES`].
pub fn check_input_size(text: &str) -> Result<(), GameError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_long(text.len()));
    }
    Ok(())
}

/// The error for an input of `bytes` bytes, over [`MAX_INPUT_BYTES`].
pub fn too_long(bytes: usize) -> GameError {
    GameError::new(format!(
        "the input is {bytes} bytes long; the limit is {MAX_INPUT_BYTES} bytes (8 MiB)"
    ))
}

/// An error for a move id that is not in the current list of moves.
pub fn unknown_move(move_id: u32) -> GameError {
    GameError::new(format!("there is no move {move_id} in this position"))
}

/// The row-major index of the cell a grid edit paints, if it is on the grid.
pub fn painted_cell(row: u32, col: u32, rows: usize, cols: usize) -> Result<usize, GameError> {
    let (row, col) = (row as usize, col as usize);
    if row >= rows || col >= cols {
        return Err(GameError::new(format!(
            "there is no cell at row {}, column {}",
            row + 1,
            col + 1
        )));
    }
    Ok(row * cols + col)
}

/// A grid size asked for by a resize, if each side is from 1 to `max`.
pub fn new_grid_size(rows: u32, cols: u32, max: usize) -> Result<(usize, usize), GameError> {
    let (rows, cols) = (rows as usize, cols as usize);
    if !(1..=max).contains(&rows) || !(1..=max).contains(&cols) {
        return Err(GameError::new(format!(
            "a grid is 1 to {max} cells on each side, not {rows}×{cols}"
        )));
    }
    Ok((rows, cols))
}

/// An error for an edit a game's geometry does not have.
pub fn unsupported_edit(game: &str, edit: &Edit) -> GameError {
    GameError::new(format!(
        "{game} positions cannot be edited by {}",
        edit.name()
    ))
}

/// A game tree the search walks: the current node's key and moves, and
/// stepping into a move and back.
pub trait Walk {
    /// Writes the current position's canonical key: equal for positions
    /// with the same futures among those the walk reaches.
    fn key(&self, key: &mut KeyHasher);
    /// Everything known about the current position.
    fn analysis(&mut self) -> Analysis;
    /// The current position as its game writes it, for a drawn tree to
    /// show; `None` where the walk does not write positions.
    fn text(&self) -> Option<String> {
        None
    }
    /// How many moves the current position has; moves are numbered from 0.
    fn moves(&mut self) -> u32;
    /// What finding a move among `moves` costs per move, in the units of
    /// [`WORK_PER_POSITION`](crate::search::WORK_PER_POSITION); see
    /// [`Game::WORK_PER_MOVE_LISTED`].
    fn move_cost(&self) -> usize {
        1
    }
    /// What playing a move of the current position costs beyond finding
    /// it, in the same units; see [`Game::play_work`].
    fn play_cost(&self) -> usize {
        0
    }
    /// Whether an earlier move of the current position leads to the same
    /// position, so that a search need not play it.
    fn repeats(&mut self, _id: u32) -> bool {
        false
    }
    /// The current position's nimber under normal play, when the walk
    /// knows it at about the cost of a move. A misère search tries normal
    /// play's winning moves first: in most positions of tame and nearly
    /// tame games misère play wins by them too, and the sooner a search
    /// finds a winning move the fewer positions it reaches.
    fn nimber(&mut self) -> Option<u32> {
        None
    }
    /// Pushes onto `out`, each plus `first`, the moves that change the
    /// nimber by `change`, in order; only a walk that knows its
    /// [`nimber`](Self::nimber) lists any. A change, not the nimber
    /// reached, so that a sum passes it to each part as it is. Returns the
    /// work that took, as [`Game::moves_changing_nimber`] counts it.
    fn moves_changing_nimber(&mut self, _change: u32, _first: u32, _out: &mut Vec<u32>) -> usize {
        0
    }
    /// Whether the player to move wins the current position under misère
    /// play, where the walk knows it without a search: a heap game's
    /// position whose heaps all lie within the misère quotient found for
    /// its rule. A search goes no deeper there.
    fn misere_wins(&mut self) -> Option<bool> {
        None
    }
    /// What [`misere_wins`](Self::misere_wins) rests on, for a report.
    fn misere_known_by(&self) -> Option<String> {
        None
    }
    fn enter(&mut self, id: u32) -> Result<(), GameError>;
    fn leave(&mut self);
}

/// A game's positions walked through `Game::option_count` and
/// `Game::play`, analysed only when asked: the fast path for a single
/// game, with the caches of the game it borrows.
pub struct PositionWalk<'a, G: Game> {
    game: &'a mut G,
    /// The positions from the root to the current one.
    path: Vec<G::Position>,
}

impl<'a, G: Game> PositionWalk<'a, G> {
    pub fn new(game: &'a mut G, position: G::Position) -> PositionWalk<'a, G> {
        PositionWalk {
            game,
            path: vec![position],
        }
    }

    fn current(&self) -> &G::Position {
        self.path.last().expect("the root stays")
    }
}

impl<G: Game> Walk for PositionWalk<'_, G> {
    fn key(&self, key: &mut KeyHasher) {
        self.game.write_key(self.current(), key);
    }
    fn analysis(&mut self) -> Analysis {
        let position = self.path.last().expect("the root stays");
        self.game.analyse(position)
    }
    fn text(&self) -> Option<String> {
        Some(self.game.format(self.current()))
    }
    fn moves(&mut self) -> u32 {
        self.game
            .option_count(self.path.last().expect("the root stays"))
    }
    fn move_cost(&self) -> usize {
        G::WORK_PER_MOVE_LISTED
    }
    fn play_cost(&self) -> usize {
        self.game.play_work(self.current())
    }
    fn repeats(&mut self, id: u32) -> bool {
        let position = self.path.last().expect("the root stays");
        self.game.repeats_earlier_move(position, id)
    }
    fn nimber(&mut self) -> Option<u32> {
        let position = self.path.last().expect("the root stays");
        self.game.cheap_nimber(position)
    }
    fn moves_changing_nimber(&mut self, change: u32, first: u32, out: &mut Vec<u32>) -> usize {
        let position = self.path.last().expect("the root stays");
        self.game
            .moves_changing_nimber(position, change, first, out)
    }
    fn enter(&mut self, id: u32) -> Result<(), GameError> {
        let next = self
            .game
            .play(self.path.last().expect("the root stays"), id)?;
        self.path.push(next);
        Ok(())
    }
    fn leave(&mut self) {
        if self.path.len() > 1 {
            self.path.pop();
        }
    }
}
