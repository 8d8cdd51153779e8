//! Misère play: whoever makes the last move loses. Sprague–Grundy values no
//! longer add, so outcomes come from an exhaustive search of the game tree,
//! memoised on canonical positions and stopped at a node budget, never
//! guessed. Nim has a closed form at any size (Bouton's misère rule).

use crate::analysis::Outcome;
use crate::game::{Game, GameError};
use crate::session::AnySession;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Which convention decides the winner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins: the last move loses.
    Misere,
}

impl Convention {
    pub fn is_normal(&self) -> bool {
        *self == Convention::Normal
    }
}

/// Positions the playground searches before it says a position is too large.
pub const PLAYGROUND_BUDGET: usize = 50_000;
/// Positions `grundy outcome --misere` searches.
pub const CLI_BUDGET: usize = 250_000;

/// What is known of a position under misère play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MisereReport {
    /// `None` when the search ran out of budget.
    pub outcome: Option<Outcome>,
    /// The ids of the moves that win under misère play.
    pub winning: Vec<u32>,
    /// Distinct positions searched (0 for a closed form).
    pub explored: u32,
    /// How the outcome was found, or why it was not.
    pub method: String,
}

/// The error for a search that ran out of budget.
pub fn too_large(budget: usize) -> GameError {
    GameError::new(format!(
        "too large to solve exactly under misère play: more than {budget} positions"
    ))
}

/// Whether the player to move wins misère Nim with these heaps.
pub fn nim_wins(heaps: &[u32]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        // Only single counters: the player to move wins with an even count,
        // leaving the opponent the last one.
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
    } else {
        heaps.iter().fold(0, |x, &h| x ^ h) != 0
    }
}

/// The misère report of a Nim position, whose moves are numbered as
/// `Nim::analyse` numbers them: heap by heap, leaving 0, 1, … counters.
pub fn nim_report(heaps: &[u32]) -> MisereReport {
    let mut winning = Vec::new();
    let mut id = 0;
    let mut after = heaps.to_vec();
    for (index, &size) in heaps.iter().enumerate() {
        for leave in 0..size {
            after[index] = leave;
            if !nim_wins(&after) {
                winning.push(id);
            }
            id += 1;
        }
        after[index] = size;
    }
    MisereReport {
        outcome: Some(if nim_wins(heaps) {
            Outcome::Next
        } else {
            Outcome::Previous
        }),
        winning,
        explored: 0,
        method: "Bouton's misère rule: play as in Nim until one move would leave only heaps of 1, \
                 then leave an odd number of them"
            .into(),
    }
}

/// A game tree the search walks: the current node's key and moves, and
/// stepping into a move and back.
pub trait Walk {
    fn key(&self) -> String;
    /// How many moves the current position has; moves are numbered from 0.
    fn moves(&mut self) -> u32;
    fn enter(&mut self, id: u32) -> Result<(), GameError>;
    fn leave(&mut self);
}

/// Any session walked through `play` and `undo`, which works for every game
/// and every sum at the cost of an analysis per position.
impl Walk for dyn AnySession + '_ {
    fn key(&self) -> String {
        self.canonical()
    }
    fn moves(&mut self) -> u32 {
        self.analysis().moves.len() as u32
    }
    fn enter(&mut self, id: u32) -> Result<(), GameError> {
        self.play(id)
    }
    fn leave(&mut self) {
        self.undo();
    }
}

/// A game's positions walked through `Game::option_count` and
/// `Game::play`, with no analysis: the fast path for a single game.
pub struct PositionWalk<G: Game> {
    game: G,
    /// The positions from the root to the current one.
    path: Vec<G::Position>,
}

impl<G: Game> PositionWalk<G> {
    pub fn new(position: G::Position) -> PositionWalk<G> {
        PositionWalk {
            game: G::default(),
            path: vec![position],
        }
    }

    fn current(&self) -> &G::Position {
        self.path.last().expect("the root stays")
    }
}

impl<G: Game> Walk for PositionWalk<G> {
    fn key(&self) -> String {
        self.game.canonical(self.current())
    }
    fn moves(&mut self) -> u32 {
        self.game
            .option_count(self.path.last().expect("the root stays"))
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

/// One position on the search's path: its key, how many moves it has, the
/// next to try, and whether one already leads to a position the opponent loses.
struct Frame {
    key: String,
    moves: u32,
    next: u32,
    wins: bool,
}

/// Exhaustive misère search over a game tree. Its budget bounds the
/// distinct positions it ever holds, across every question asked of it.
pub struct Search {
    /// Whether the player to move wins, by canonical position.
    memo: HashMap<String, bool>,
    budget: usize,
}

impl Search {
    pub fn new(budget: usize) -> Search {
        Search {
            memo: HashMap::new(),
            budget,
        }
    }

    /// Positions searched so far.
    pub fn explored(&self) -> usize {
        self.memo.len()
    }

    /// Whether the player to move wins the session's current position under
    /// misère play. The session is back at that position afterwards.
    pub fn wins<W: Walk + ?Sized>(&mut self, session: &mut W) -> Result<bool, GameError> {
        let root = session.key();
        if let Some(&known) = self.memo.get(&root) {
            return Ok(known);
        }
        let moves = session.moves();
        let mut stack = vec![Frame {
            key: root,
            moves,
            next: 0,
            wins: false,
        }];
        loop {
            let top = stack.last_mut().expect("the root stays until the end");
            if top.wins || top.next == top.moves {
                // With no move at all, the opponent made the last one and lost.
                let result = top.moves == 0 || top.wins;
                let key = std::mem::take(&mut top.key);
                self.memo.insert(key, result);
                stack.pop();
                let Some(parent) = stack.last_mut() else {
                    return Ok(result);
                };
                session.leave();
                parent.wins |= !result;
                continue;
            }
            let id = top.next;
            top.next += 1;
            session.enter(id)?;
            let key = session.key();
            if let Some(&known) = self.memo.get(&key) {
                session.leave();
                stack.last_mut().expect("just used").wins |= !known;
                continue;
            }
            if self.memo.len() + stack.len() > self.budget {
                // Back to where the search started, then refuse.
                for _ in 0..stack.len() {
                    session.leave();
                }
                return Err(too_large(self.budget));
            }
            let moves = session.moves();
            stack.push(Frame {
                key,
                moves,
                next: 0,
                wins: false,
            });
        }
    }

    /// The full report of the session's current position: its outcome and
    /// every winning move, or why they are not known.
    pub fn report<W: Walk + ?Sized>(&mut self, session: &mut W) -> MisereReport {
        let moves = session.moves();
        let mut winning = Vec::new();
        let mut failure = None;
        for id in 0..moves {
            if let Err(e) = session.enter(id) {
                failure = Some(e);
                break;
            }
            let child = self.wins(session);
            session.leave();
            match child {
                Ok(false) => winning.push(id),
                Ok(true) => {}
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        let explored = self.memo.len() as u32;
        match failure {
            Some(e) => MisereReport {
                outcome: None,
                winning: Vec::new(),
                explored,
                method: e.message,
            },
            None => MisereReport {
                outcome: Some(if moves == 0 || !winning.is_empty() {
                    Outcome::Next
                } else {
                    Outcome::Previous
                }),
                winning,
                explored,
                method: format!("exhaustive search of {explored} positions"),
            },
        }
    }
}
