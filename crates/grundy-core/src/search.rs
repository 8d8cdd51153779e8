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

/// The most bytes of keys of the positions on a search's path at once.
/// The walk holds each of those positions too, and a position can take
/// many times its key (a token on a board is one character of its key and
/// sixteen bytes of the position), so the path is bounded apart from the memo.
pub const MAX_PATH_BYTES: usize = 4 << 20;

/// The most work a search does, in units of about one byte of a position:
/// each position it reaches counts its key's length (making the key and
/// playing the move cost about that), the moves listed at the position it
/// left (some games find a move by listing them) and [`STEP_WORK`] more;
/// each position it expands counts its moves. A budget of positions alone
/// lets positions that are few but large, or that have many moves each,
/// take minutes; this one stops any search after about a second natively.
pub const MAX_WORK: usize = 128 << 20;
/// The work of one step beyond its key and moves: allocating, hashing and
/// comparing, measured at about that of 64 bytes of key.
const STEP_WORK: usize = 64;

/// The work of listing `moves` moves of a position of `walk`, as
/// [`MAX_WORK`] counts it.
fn listing(walk: &dyn Walk, moves: u32) -> usize {
    moves as usize * walk.move_cost()
}

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

/// The error for a search that did [`MAX_WORK`].
fn too_long() -> GameError {
    GameError::new(
        "too large to solve exactly under misère play: its search would take too long (more than about a second natively)",
    )
}

/// The error for a search whose path outgrew [`MAX_PATH_BYTES`].
fn too_deep() -> GameError {
    GameError::new(
        "too large to solve exactly under misère play: its lines of play are too long to hold",
    )
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
        quotient: None,
        element: None,
        parts: Vec::new(),
        afters: Vec::new(),
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
    /// What `moves` costs per move, in the units of [`MAX_WORK`]: 1 where
    /// moves are counted, more where each is written out in an analysis.
    fn move_cost(&self) -> usize {
        1
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
    /// The work done so far, as [`MAX_WORK`] counts it.
    work: usize,
}

impl Search {
    pub fn new(budget: usize) -> Search {
        Search {
            memo: HashMap::new(),
            budget,
            held: 0,
            work: 0,
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
        self.work += STEP_WORK + root.len();
        if let Some(&known) = self.memo.get(&root) {
            return Ok(known);
        }
        let moves = session.moves();
        self.work += listing(session, moves);
        self.held += root.len();
        let mut path_bytes = root.len();
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
                path_bytes -= key.len();
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
            self.work += STEP_WORK + listing(session, top.moves);
            session.enter(id)?;
            let key = session.key();
            self.work += key.len();
            let known = self.memo.get(&key).copied();
            if known.is_none() {
                self.held += key.len();
            }
            let refusal = if self.memo.len() + stack.len() > self.budget {
                Some(too_large(self.budget))
            } else if self.held > MAX_HELD_BYTES {
                Some(too_large_to_hold())
            } else if known.is_none() && path_bytes + key.len() > MAX_PATH_BYTES {
                Some(too_deep())
            } else {
                (self.work > MAX_WORK).then(too_long)
            };
            if let Some(refusal) = refusal {
                // Back to where the search started, then refuse.
                for _ in 0..stack.len() {
                    session.leave();
                }
                return Err(refusal);
            }
            if let Some(known) = known {
                session.leave();
                stack.last_mut().expect("just used").wins |= !known;
                continue;
            }
            let moves = session.moves();
            self.work += listing(session, moves);
            path_bytes += key.len();
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
        self.work += listing(session, moves);
        let mut winning = Vec::new();
        let mut failure = None;
        for id in 0..moves {
            self.work += STEP_WORK + listing(session, moves);
            if self.work > MAX_WORK {
                failure = Some(too_long());
                break;
            }
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
                quotient: None,
                element: None,
                parts: Vec::new(),
                afters: Vec::new(),
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
                quotient: None,
                element: None,
                parts: Vec::new(),
                afters: Vec::new(),
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

    /// A tree of positions given by its shape: `moves(path)` moves at the
    /// position reached by `path`, whose key is `key(path)`.
    struct Shaped<M: Fn(&[u32]) -> u32, K: Fn(&[u32]) -> String> {
        path: Vec<u32>,
        moves: M,
        key: K,
    }

    impl<M: Fn(&[u32]) -> u32, K: Fn(&[u32]) -> String> Walk for Shaped<M, K> {
        fn key(&self) -> String {
            (self.key)(&self.path)
        }
        fn analysis(&mut self) -> Analysis {
            unreachable!("the search asks only for keys and moves")
        }
        fn moves(&mut self) -> u32 {
            (self.moves)(&self.path)
        }
        fn enter(&mut self, id: u32) -> Result<(), GameError> {
            self.path.push(id);
            Ok(())
        }
        fn leave(&mut self) {
            self.path.pop();
        }
    }

    fn refusal<M: Fn(&[u32]) -> u32, K: Fn(&[u32]) -> String>(moves: M, key: K) -> String {
        let mut walk = Shaped {
            path: Vec::new(),
            moves,
            key,
        };
        let report = search(&mut walk, CLI_BUDGET);
        assert_eq!(report.outcome, None);
        // Back where it started.
        assert!(walk.path.is_empty());
        report.method
    }

    #[test]
    fn a_line_of_play_whose_positions_grow_is_refused_before_it_outgrows_memory() {
        // One huge heap split again and again: one move, ever larger keys.
        let method = refusal(|_| 1, |path| "heap ".repeat(1000 * (path.len() + 1)));
        assert_eq!(
            method,
            "too large to solve exactly under misère play: its lines of play are too long to hold"
        );
    }

    #[test]
    fn many_distinct_positions_are_refused_when_their_keys_outgrow_memory() {
        // 300 × 300 distinct leaves of 1 KiB, two moves deep: 90 MB of keys.
        let method = refusal(
            |path| if path.len() < 2 { 300 } else { 0 },
            |path| format!("{path:?}{}", " ".repeat(1024)),
        );
        assert_eq!(
            method,
            "too large to solve exactly under misère play: its positions would take more than 32 MiB"
        );
    }

    #[test]
    fn a_position_with_very_many_moves_is_refused_by_the_work_it_takes() {
        // A billion moves, all to one position: few positions, endless work.
        let method = refusal(
            |path| if path.is_empty() { 1 << 30 } else { 0 },
            |path| format!("{}", path.len()),
        );
        assert_eq!(
            method,
            "too large to solve exactly under misère play: its search would take too long (more than about a second natively)"
        );
    }
}
