//! Exhaustive search over any game's positions, through one small trait
//! ([`Walk`]) that a game's positions or a whole session implement: the
//! misère search, memoised on canonical positions and stopped at a budget
//! rather than guessed, and the game trees the playground draws.

use crate::analysis::{Analysis, MisereReport, Outcome, TreeNode};
use crate::game::{Game, GameError};
use std::collections::HashMap;

/// Positions the playground searches before it says a position is too large.
pub const PLAYGROUND_BUDGET: usize = 50_000;
/// Positions `grundy outcome --misere` searches.
pub const CLI_BUDGET: usize = 250_000;

/// The most bytes of positions a search holds at once, as their keys on
/// its path and in its memo. A budget of positions alone lets a game whose
/// positions grow as play goes deeper (one heap of 100 000 split again and
/// again) take gigabytes, and minutes, before it has counted many.
pub const MAX_HELD_BYTES: usize = 32 << 20;

/// The error for a search that ran out of budget.
pub fn too_large(budget: usize) -> GameError {
    GameError::new(format!(
        "too large to solve exactly under misère play: more than {budget} positions"
    ))
}

/// The error for a search whose positions outgrew [`MAX_HELD_BYTES`].
fn too_large_to_hold() -> GameError {
    GameError::new(format!(
        "too large to solve exactly under misère play: its positions would take more than {} MiB",
        MAX_HELD_BYTES >> 20
    ))
}

/// The report for a game whose play can go on forever: a search could
/// loop, and misère play of such games is not solved here.
pub fn endless() -> MisereReport {
    MisereReport {
        outcome: None,
        winning: Vec::new(),
        explored: 0,
        method: "play here can go on forever, and misère play is solved only for games that \
                 always end"
            .to_string(),
    }
}

/// A game tree the search walks: the current node's key and moves, and
/// stepping into a move and back.
pub trait Walk {
    fn key(&self) -> String;
    /// Everything known about the current position.
    fn analysis(&mut self) -> Analysis;
    /// How many moves the current position has; moves are numbered from 0.
    fn moves(&mut self) -> u32;
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
    fn key(&self) -> String {
        self.game.canonical(self.current())
    }
    fn analysis(&mut self) -> Analysis {
        let position = self.path.last().expect("the root stays");
        self.game.analyse(position)
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

/// The report of a fresh search of `walk`'s position within `budget`
/// positions; out of line, so that no game's session carries a copy.
#[inline(never)]
pub fn search(walk: &mut dyn Walk, budget: usize) -> MisereReport {
    Search::new(budget).report(walk)
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
    /// Bytes of the keys in `memo` and on the path being searched.
    held: usize,
}

impl Search {
    pub fn new(budget: usize) -> Search {
        Search {
            memo: HashMap::new(),
            budget,
            held: 0,
        }
    }

    /// Positions searched so far.
    pub fn explored(&self) -> usize {
        self.memo.len()
    }

    /// Whether the player to move wins the session's current position under
    /// misère play. The session is back at that position afterwards.
    pub fn wins(&mut self, session: &mut dyn Walk) -> Result<bool, GameError> {
        let root = session.key();
        if let Some(&known) = self.memo.get(&root) {
            return Ok(known);
        }
        let moves = session.moves();
        self.held += root.len();
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
            self.held += key.len();
            let refusal = if self.memo.len() + stack.len() > self.budget {
                Some(too_large(self.budget))
            } else {
                (self.held > MAX_HELD_BYTES).then(too_large_to_hold)
            };
            if let Some(refusal) = refusal {
                // Back to where the search started, then refuse.
                for _ in 0..stack.len() {
                    session.leave();
                }
                return Err(refusal);
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
    pub fn report(&mut self, session: &mut dyn Walk) -> MisereReport {
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

/// The deepest game tree a session expands. Trees grow exponentially, so a
/// deeper one would exceed any budget; the cap also bounds the recursion.
pub const MAX_TREE_DEPTH: usize = 8;
/// The most positions a game tree may be asked to hold: each is a whole
/// analysis, so a larger budget could hold the engine for minutes.
pub const MAX_TREE_BUDGET: usize = 20_000;

fn tree_too_large(budget: usize) -> GameError {
    GameError::new(format!(
        "too large to expand: more than {budget} positions; choose a smaller depth or position"
    ))
}

/// The tree of positions `depth` moves deep from the walk's position, or
/// an error when it holds more than `budget` positions.
pub fn tree(walk: &mut dyn Walk, depth: usize, budget: usize) -> Result<TreeNode, GameError> {
    if depth > MAX_TREE_DEPTH {
        return Err(GameError::new(format!(
            "a game tree goes at most {MAX_TREE_DEPTH} moves deep, not {depth}"
        )));
    }
    if budget == 0 {
        return Err(tree_too_large(budget));
    }
    if budget > MAX_TREE_BUDGET {
        return Err(GameError::new(format!(
            "a game tree holds at most {MAX_TREE_BUDGET} positions, so its budget cannot be {budget}"
        )));
    }
    grow(walk, String::new(), depth, budget, &mut 1)
}

/// Explores the walk's position and its options to `depth`. `count`
/// holds the positions analysed or promised so far: a node's options are
/// counted before any of them is analysed, so an oversized tree is refused
/// early. One copy serves every game.
fn grow(
    walk: &mut dyn Walk,
    label: String,
    depth: usize,
    budget: usize,
    count: &mut usize,
) -> Result<TreeNode, GameError> {
    let analysis = walk.analysis();
    let mut node = TreeNode {
        label,
        nimber: analysis.nimber,
        outcome: analysis.outcome,
        loopy: analysis.loopy.is_some(),
        children: Vec::new(),
        unexpanded: 0,
    };
    if depth == 0 {
        node.unexpanded = analysis.moves.len() as u32;
        return Ok(node);
    }
    *count += analysis.moves.len();
    if *count > budget {
        return Err(tree_too_large(budget));
    }
    for option in analysis.moves {
        walk.enter(option.id)?;
        let child = grow(walk, option.label, depth - 1, budget, count);
        walk.leave();
        node.children.push(child?);
    }
    Ok(node)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of play without end whose positions grow as it goes deeper,
    /// as a heap game's do when one huge heap is split again and again.
    struct Growing {
        depth: usize,
    }

    impl Walk for Growing {
        fn key(&self) -> String {
            "heap ".repeat(1000 * (self.depth + 1))
        }
        fn analysis(&mut self) -> Analysis {
            unreachable!("the search asks only for keys and moves")
        }
        fn moves(&mut self) -> u32 {
            1
        }
        fn enter(&mut self, _id: u32) -> Result<(), GameError> {
            self.depth += 1;
            Ok(())
        }
        fn leave(&mut self) {
            self.depth = self.depth.saturating_sub(1);
        }
    }

    #[test]
    fn a_search_whose_positions_outgrow_memory_is_refused_well_within_its_position_budget() {
        let mut walk = Growing { depth: 0 };
        let report = search(&mut walk, CLI_BUDGET);
        assert_eq!(report.outcome, None);
        assert_eq!(
            report.method,
            "too large to solve exactly under misère play: its positions would take more than 32 MiB"
        );
        // Refused at a depth of about 115 positions, not 250 000, and back at the start.
        assert!(report.explored == 0 && walk.depth == 0);
    }
}
