//! Puzzles of any game whose values are finite: N-positions worth solving,
//! drawn by the game's own random drawing, with every winning move proved
//! by the engine, a rating and the themes a course teaches. `grundy
//! puzzles` prints them; the shipped bank is made of them.
//!
//! A puzzle is worth solving when the player to move wins but few of many
//! legal moves do, and no winning move is trivial (one that leaves no move
//! at all under normal play, or a single forced move under misère play).

use crate::analysis::{Analysis, Edit, Outcome};
use crate::budget::SearchBudget;
use crate::game::GameError;
use crate::games;
use crate::rng::Rng;
use crate::sequence::OctalCode;
use crate::session::AnySession;
use serde::Serialize;
use std::collections::HashSet;
use std::ops::RangeInclusive;

/// The most puzzles one call makes: `grundy puzzles --count`'s limit.
pub const MAX_COUNT: usize = 10_000;
/// The lowest and highest ratings a puzzle is given.
pub const RATINGS: RangeInclusive<u32> = 600..=2800;
/// The fewest legal moves a puzzle's position has.
const MIN_MOVES: usize = 4;
/// The most legal moves: a person reads every one.
const MAX_MOVES: usize = 80;
/// The misère search of each position drawn: a person reasons about fewer.
const BUDGET: SearchBudget =
    SearchBudget::positions(20_000).with_quotient(crate::search::PLAYGROUND_BUDGET.quotient);
/// Positions drawn for each puzzle asked before the generator gives up.
const DRAWS_PER_PUZZLE: usize = 2_000;

/// The rules a course plays subtraction games by, when none is given.
const SUBTRACTION_RULES: &[&str] = &["1,2", "1,2,3", "1,3,4", "2,3", "1,4", "2,5,7"];
/// The octal games a course plays, when no code is given.
const OCTAL_RULES: &[&str] = &["0.77", "0.07", "0.137"];
/// The coin-turning games, each drawn in turn: their rule is no `--rule`'s.
const COIN_RULES: &[&str] = &["turtles", "mock-turtles", "ruler", "twins"];

/// What puzzles to make.
#[derive(Clone, Debug)]
pub struct Request {
    pub game: String,
    /// The rule of a subtraction or octal game; `None` draws one of the
    /// named rules for each puzzle.
    pub rule: Option<String>,
    pub seed: u64,
    pub misere: bool,
    /// Only puzzles with exactly one solution: one position a winning
    /// move can leave.
    pub unique: bool,
    pub rating: RangeInclusive<u32>,
}

impl Request {
    /// Puzzles of `game` by any named rule, of every rating, with any
    /// number of winning moves.
    pub fn new(game: &str, seed: u64, misere: bool) -> Request {
        Request {
            game: game.to_string(),
            rule: None,
            seed,
            misere,
            unique: false,
            rating: RATINGS,
        }
    }
}

/// One puzzle, as `grundy puzzles` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Puzzle {
    pub game: String,
    /// The position in the game's input format, as `grundy solve` reads it.
    pub position: String,
    /// `normal` or `misere`.
    pub play: &'static str,
    /// The position left by every winning move, in the same format, each once.
    pub solutions: Vec<String>,
    pub rating: u32,
    pub themes: Vec<String>,
}

/// Draws puzzles for `request`, one at a time, in the same order for the
/// same request. Each item is a puzzle, or the error that ends the
/// drawing (a bad game or rule, or no puzzle found within the draws).
pub struct Puzzles {
    request: Request,
    session: Box<dyn AnySession>,
    rules: &'static [&'static str],
    /// The shape of the game's board where it is drawn at a size of its
    /// own, which each draw picks anew.
    shape: Option<Shape>,
    /// Whether the game has a starting number `k` (BoardEscape's moves per
    /// token), which each draw picks anew.
    numbered: bool,
    rng: Rng,
    seen: HashSet<String>,
    ended: bool,
}

impl Puzzles {
    pub fn new(request: Request) -> Result<Puzzles, GameError> {
        if request.game == games::sum::ID {
            return Err(GameError::new(
                "a sum has no puzzles of its own; ask for puzzles of one of its games",
            ));
        }
        let info = games::info(&request.game)?;
        let mut session = games::open(info.id, info.lost, 0)?;
        if !session.ends() {
            return Err(games::no_nimber(info.id));
        }
        let named = match info.id {
            "subtraction" => SUBTRACTION_RULES,
            "octal" => OCTAL_RULES,
            _ => &[],
        };
        let drawn_rules = match info.id {
            "coins" => COIN_RULES,
            _ => named,
        };
        let rules = match &request.rule {
            Some(rule) if named.is_empty() => {
                return Err(GameError::new(format!(
                    "--rule '{}' is for subtraction and octal only, not {}",
                    games::shown_id(rule),
                    info.id
                )));
            }
            Some(rule) => {
                session
                    .edit(&Edit::SetRule { rule: rule.clone() })
                    .map_err(|e| GameError::new(format!("--rule: {}", e.message)))?;
                &[]
            }
            None => drawn_rules,
        };
        let rng = Rng::new(request.seed ^ fnv(info.id));
        let shape = [Shape::Grid, Shape::Row]
            .into_iter()
            .find(|shape| session.edit(&shape.resize(3, 3)).is_ok());
        let numbered = session.edit(&starting_number(3)).is_ok();
        Ok(Puzzles {
            request,
            session,
            rules,
            shape,
            numbered,
            rng,
            seen: HashSet::new(),
            ended: false,
        })
    }

    /// Draws one position and makes it a puzzle if it is worth solving.
    fn draw(&mut self) -> Result<Option<Puzzle>, GameError> {
        let Some(position) = self.draw_position() else {
            return Ok(None);
        };
        if !self.seen.insert(position.clone()) {
            return Ok(None);
        }
        let moves = self.session.analysis().moves.len();
        if !(MIN_MOVES..=MAX_MOVES).contains(&moves) {
            return Ok(None);
        }
        // The cheap test first: misère play searches.
        let (verdict, winning) = if self.request.misere {
            let report = self.session.misere_report(BUDGET);
            (report.outcome, report.winning)
        } else {
            let analysis = self.session.analysis();
            (analysis.verdict, analysis.winning.clone())
        };
        let worth_solving =
            verdict == Some(Outcome::Next) && !winning.is_empty() && winning.len() * 3 <= moves;
        if !worth_solving {
            return Ok(None);
        }
        let analysis = self.session.analysis();
        let mut themes = position_themes(analysis, self.request.misere);
        let features = Features::of(analysis, winning.len(), self.request.misere);
        let Some(solutions) = self.solutions(&winning, &mut themes)? else {
            return Ok(None);
        };
        if self.request.unique && solutions.len() != 1 {
            return Ok(None);
        }
        let rating = features.rating();
        if !self.request.rating.contains(&rating) {
            return Ok(None);
        }
        themes.extend(self.game_themes());
        if solutions.len() == 1 {
            themes.push("unique".to_string());
        }
        themes.sort();
        themes.dedup();
        Ok(Some(Puzzle {
            game: self.request.game.clone(),
            position: position.trim_end_matches('\n').to_string(),
            play: if self.request.misere {
                "misere"
            } else {
                "normal"
            },
            solutions,
            rating,
            themes,
        }))
    }

    /// A new position of the game, drawn at random at a size and with a
    /// rule of the request's; `None` where the game refuses the drawing
    /// (past the playground's limits).
    fn draw_position(&mut self) -> Option<String> {
        if let Some(rule) = self.rng.pick(self.rules) {
            self.session
                .edit(&Edit::SetRule {
                    rule: rule.to_string(),
                })
                .ok()?;
        }
        if let Some(shape) = self.shape {
            let (rows, cols) = (2 + self.rng.below(5), 3 + self.rng.below(6));
            let resize = shape.resize(rows as u32, cols as u32);
            self.session.edit(&resize).ok()?;
        }
        if self.numbered {
            let k = 2 + self.rng.below(8) as i64;
            self.session.edit(&starting_number(k)).ok()?;
        }
        let seed = self.rng.next_u64();
        let density = 0.1 + 0.5 * self.rng.unit();
        self.session.edit(&Edit::Random { seed, density }).ok()?;
        let position = self.session.text();
        // A fresh history for each position drawn, which the solver's
        // caches outlive.
        self.session.load(&position, 0).ok()?;
        Some(position)
    }

    /// The positions the winning moves leave, each once, and the themes
    /// those moves show; `None` when a winning move is trivial.
    fn solutions(
        &mut self,
        winning: &[u32],
        themes: &mut Vec<String>,
    ) -> Result<Option<Vec<String>>, GameError> {
        let session = &mut self.session;
        let splits = winning.iter().any(|&id| {
            let parts = &session.analysis().moves[id as usize].parts;
            parts.len() > 1
        });
        if splits {
            themes.push("split".to_string());
        }
        let mut solutions = Vec::new();
        let mut trivial = false;
        let mut mirrors = false;
        for &id in winning {
            session.play(id)?;
            let after = session.analysis();
            // Normal play: taking everything; misère: leaving one forced move.
            trivial |= after.moves.len() <= usize::from(self.request.misere);
            mirrors |= is_mirror(after);
            let text = session.text().trim_end_matches('\n').to_string();
            session.undo();
            if !solutions.contains(&text) {
                solutions.push(text);
            }
        }
        if mirrors {
            themes.push("mirror".to_string());
        }
        Ok((!trivial).then_some(solutions))
    }

    /// The themes of the game itself: what a course teaches with it, and
    /// the classic its rule is (`kayles`, `ruler`).
    fn game_themes(&self) -> Vec<String> {
        let taught = match self.request.game.as_str() {
            "coins" | "corners" => Some("coin-values"),
            "staircase" | "northcott" | "lasker" => Some("nim-in-disguise"),
            "hackenbush" => Some("colon-principle"),
            _ => None,
        };
        let text = self.session.text();
        let rule = text.lines().next().unwrap_or_default();
        let classic = match self.request.game.as_str() {
            "coins" => Some(rule.to_string()),
            "octal" => OctalCode::parse(rule)
                .ok()
                .and_then(|code| code.name())
                .map(|name| name.to_lowercase().replace('\'', "").replace(' ', "-")),
            _ => None,
        };
        taught
            .map(String::from)
            .into_iter()
            .chain(classic)
            .collect()
    }
}

impl Iterator for Puzzles {
    type Item = Result<Puzzle, GameError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        for _ in 0..DRAWS_PER_PUZZLE {
            match self.draw() {
                Ok(Some(puzzle)) => return Some(Ok(puzzle)),
                Ok(None) => {}
                Err(error) => {
                    self.ended = true;
                    return Some(Err(error));
                }
            }
        }
        self.ended = true;
        Some(Err(GameError::new(format!(
            "no more puzzles of {} found in {DRAWS_PER_PUZZLE} positions drawn; \
             widen --rating or drop --unique",
            self.request.game
        ))))
    }
}

/// How a game's board is resized.
#[derive(Clone, Copy)]
enum Shape {
    Grid,
    /// One row (a row of coins): as many cells as a grid would have.
    Row,
}

impl Shape {
    fn resize(self, rows: u32, cols: u32) -> Edit {
        match self {
            Shape::Grid => Edit::Resize { rows, cols },
            Shape::Row => Edit::Resize {
                rows: 1,
                cols: 4 + rows + cols,
            },
        }
    }
}

fn starting_number(value: i64) -> Edit {
    Edit::SetNumber {
        name: "k".to_string(),
        value,
    }
}

/// The themes a position shows before any move: a sum to add up by
/// nim-sum, a single part to value by mex, a part worth 0 to leave alone,
/// a misère endgame.
fn position_themes(analysis: &Analysis, misere: bool) -> Vec<String> {
    let mut themes = Vec::new();
    let parts = &analysis.components;
    if parts.len() > 1 {
        themes.push("nim-sum");
    } else {
        themes.push("mex");
    }
    if parts.len() > 1 && parts.iter().any(|c| c.nimber.is_zero()) {
        themes.push("zero-part");
    }
    if misere {
        themes.push("misere");
        if parts.iter().all(|c| c.nimber.0 <= 1) {
            themes.push("endgame");
        }
    }
    themes.into_iter().map(String::from).collect()
}

/// Whether a position is two equal halves: every part's value comes an
/// even number of times (and there are parts), so the answer mirrors.
fn is_mirror(analysis: &Analysis) -> bool {
    let mut values: Vec<u32> = analysis.components.iter().map(|c| c.nimber.0).collect();
    values.sort_unstable();
    !values.is_empty()
        && values.len().is_multiple_of(2)
        && values
            .chunks(2)
            .all(|pair| pair[0] == pair[1] && pair[0] != 0)
}

/// What makes a puzzle hard, as the rating weighs it.
#[derive(Clone, Copy)]
struct Features {
    moves: usize,
    winning: usize,
    parts: usize,
    largest_value: u32,
    misere: bool,
}

impl Features {
    fn of(analysis: &Analysis, winning: usize, misere: bool) -> Features {
        Features {
            moves: analysis.moves.len(),
            winning,
            parts: analysis.components.len(),
            largest_value: analysis
                .components
                .iter()
                .map(|c| c.nimber.0)
                .max()
                .unwrap_or(0),
            misere,
        }
    }

    /// A chess-like rating: a guess's odds (legal moves over winning
    /// ones) count most, then the parts to add up, the size of the values
    /// to work out, and misère play. Rounded to tens, within [`RATINGS`].
    fn rating(&self) -> u32 {
        let odds = (self.moves as f64 / self.winning as f64).log2();
        let raw = 350.0
            + 230.0 * odds
            + 100.0 * (self.parts.saturating_sub(1).min(6)) as f64
            + 80.0 * f64::from(self.largest_value + 1).log2()
            + if self.misere { 250.0 } else { 0.0 };
        let rounded = (raw / 10.0).round() as u32 * 10;
        rounded.clamp(*RATINGS.start(), *RATINGS.end())
    }
}

/// A fixed hash of a game's id, so that one seed gives each game puzzles
/// of its own.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Reads a rating range as `--rating` writes it: `LO..HI`, either end
/// optional (`1500..`, `..1200`).
pub fn parse_rating_range(text: &str) -> Result<RangeInclusive<u32>, String> {
    let (low, high) = text
        .split_once("..")
        .ok_or_else(|| format!("'{text}' is not a range; write LO..HI, such as 1200..1800"))?;
    let end = |part: &str, default: u32| -> Result<u32, String> {
        if part.trim().is_empty() {
            return Ok(default);
        }
        part.trim()
            .parse::<u32>()
            .map_err(|_| format!("'{part}' is not a whole number in the range '{text}'"))
    };
    let (low, high) = (end(low, 0)?, end(high, u32::MAX)?);
    if low > high {
        return Err(format!(
            "the range '{text}' is empty: {low} is above {high}"
        ));
    }
    Ok(low..=high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_ranges_read_with_either_end_open() {
        assert_eq!(parse_rating_range("1200..1800"), Ok(1200..=1800));
        assert_eq!(parse_rating_range("1500.."), Ok(1500..=u32::MAX));
        assert_eq!(parse_rating_range("..900"), Ok(0..=900));
        assert!(parse_rating_range("1800..1200").is_err());
        assert!(parse_rating_range("1200").is_err());
        assert!(parse_rating_range("a..b").is_err());
    }

    #[test]
    fn harder_guesses_rate_higher() {
        let base = Features {
            moves: 12,
            winning: 2,
            parts: 3,
            largest_value: 3,
            misere: false,
        };
        let rare = Features { winning: 1, ..base };
        let misere = Features {
            misere: true,
            ..base
        };
        assert!(rare.rating() > base.rating());
        assert!(misere.rating() > base.rating());
        assert!(RATINGS.contains(&base.rating()));
    }
}
