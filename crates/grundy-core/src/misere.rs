//! Misère play: whoever makes the last move loses. Sprague–Grundy values no
//! longer add, so outcomes come from an exhaustive search of the game tree,
//! memoised on canonical positions and stopped at a node budget, never
//! guessed. Nim has a closed form at any size (Bouton's misère rule), and
//! so has a heap game whose heaps all pass [`nim_like_failure`].

use crate::analysis::{Analysis, Outcome};
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
    bouton_report(
        heaps,
        winning,
        "Bouton's misère rule: play as in Nim until one move would leave only heaps of 1, \
         then leave an odd number of them"
            .into(),
    )
}

/// The report Bouton's misère rule gives for heaps worth `values`.
fn bouton_report(values: &[u32], winning: Vec<u32>, method: String) -> MisereReport {
    MisereReport {
        outcome: Some(if nim_wins(values) {
            Outcome::Next
        } else {
            Outcome::Previous
        }),
        winning,
        explored: 0,
        method,
    }
}

/// Why a heap worth `value` may not count as a Nim heap of that size in
/// misère play; `None` when it may. Each option is its value and whether it
/// leaves a heap worth 2 or more.
///
/// When every heap of a game passes, Bouton's misère rule decides every
/// position from the heaps' values, by induction on positions: a position
/// whose heaps are all worth 0 or 1 is lost with an odd number of 1s, any
/// other with a value of 0. The checks are exactly what that induction
/// uses: a heap worth 0 or 1 never moves to a position with a heap worth 2
/// or more unless that position is worth 2 or more; from 1 a move reaches
/// small heaps worth 0, from 0 (if it can move) small heaps worth 1; and a
/// heap worth 2 or more, the last one left, can make the rest lost either
/// way. These are the tame heaps of genus 0^120, 1^031 and g^(g, g⊕2) of
/// Winning Ways ch. 13.
pub fn nim_like_failure(value: u32, options: &[(u32, bool)]) -> Option<String> {
    let has = |value: u32, firm: bool| options.contains(&(value, firm));
    if value <= 1 {
        if let Some(&(bad, _)) = options.iter().find(|&&(v, firm)| firm && v <= 1) {
            return Some(format!(
                "worth {value}, it moves to a position worth {bad} that holds a heap worth 2 or more"
            ));
        }
        let want = 1 - value;
        if (value == 1 || !options.is_empty()) && !has(want, false) {
            return Some(format!(
                "worth {value}, it cannot move to heaps worth 0 or 1 with a total of {want}"
            ));
        }
    } else if let Some(rest) = (0..=1).find(|&rest| !has(1 ^ rest, false) && !has(rest, true)) {
        return Some(format!(
            "worth {value}, it has no move to a lost position when the other heaps \
             are all worth 0 or 1 with a total of {rest}"
        ));
    }
    None
}

/// The misère report of a position of Nim-like heaps (see
/// [`nim_like_failure`]): `values` are the heaps' values, and `moves` lists
/// every move in order as the values of the heaps it leaves in place of the
/// heap at its index.
pub fn nim_like_report(
    values: &[u32],
    moves: impl IntoIterator<Item = (usize, Vec<u32>)>,
    checked_to: u32,
) -> MisereReport {
    let winning = moves
        .into_iter()
        .enumerate()
        .filter(|(_, (index, leaves))| {
            let mut after = values.to_vec();
            after.splice(*index..=*index, leaves.iter().copied());
            !nim_wins(&after)
        })
        .map(|(id, _)| id as u32)
        .collect();
    bouton_report(
        values,
        winning,
        format!(
            "every heap of up to {checked_to} counters plays as a Nim heap of its value in \
             misère play (checked), so Bouton's misère rule applies to the values G(n)"
        ),
    )
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

/// Any session walked through `play` and `undo`, which works for every game
/// and every sum at the cost of an analysis per position.
impl Walk for Box<dyn AnySession + '_> {
    fn key(&self) -> String {
        self.canonical()
    }
    fn analysis(&mut self) -> Analysis {
        AnySession::analysis(self.as_mut()).clone()
    }
    fn moves(&mut self) -> u32 {
        // The session's own analysis, borrowed: `Walk::analysis` would clone it.
        AnySession::analysis(self.as_mut()).moves.len() as u32
    }
    fn enter(&mut self, id: u32) -> Result<(), GameError> {
        self.play(id)
    }
    fn leave(&mut self) {
        self.undo();
    }
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
    pub fn wins(&mut self, session: &mut dyn Walk) -> Result<bool, GameError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The options of Nim heap n in the shape `nim_like_failure` takes.
    fn nim_heap(n: u32) -> Vec<(u32, bool)> {
        (0..n).map(|m| (m, m >= 2)).collect()
    }

    #[test]
    fn nim_heaps_play_as_nim_heaps() {
        for n in 0..20 {
            assert_eq!(nim_like_failure(n, &nim_heap(n)), None, "heap {n}");
        }
    }

    #[test]
    fn each_condition_of_the_induction_is_checked() {
        // Worth 0, but its only move leaves a heap worth 2 beside another.
        let reversible = nim_like_failure(0, &[(3, true), (1, true)]).unwrap();
        assert!(
            reversible.contains("holds a heap worth 2 or more"),
            "{reversible}"
        );
        // Worth 1 with no move to small heaps worth 0: {*2 + *2, *3 + *3}.
        let stuck = nim_like_failure(1, &[(0, true)]).unwrap();
        assert!(stuck.contains("worth 1"), "{stuck}");
        // Worth 0 with moves, none to a small position worth 1.
        assert!(nim_like_failure(0, &[(2, true)]).is_some());
        // Worth 2, beside a single counter it cannot reach a lost position.
        let big = nim_like_failure(2, &[(1, false), (0, true)]).unwrap();
        assert!(big.ends_with("with a total of 1"), "{big}");
        // A terminal heap is a Nim heap of 0.
        assert_eq!(nim_like_failure(0, &[]), None);
    }
}
