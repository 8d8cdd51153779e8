//! Exhaustive search over any game's positions, through one small trait
//! ([`Walk`]) that a game's positions or a whole session implement: the
//! misère search, memoised on canonical positions and stopped at a budget
//! rather than guessed, and the game trees the playground draws.

use crate::analysis::{MisereReport, Outcome, TreeNode};
use crate::game::{GameError, Walk};
use crate::input::counted;
use crate::key::KeyHasher;
use std::ops::Range;

pub use crate::budget::SearchBudget;

/// The playground's search: 150 000 positions, and the work of 100 000,
/// so that every game's slowest search among the benchmark's is decided
/// within 250 ms in Chromium (`npm run bench`). Positions that measure
/// under two thirds of [`WORK_PER_POSITION`] (Cram's, most of a sum of
/// Kayles heaps') are held to the positions, heavier ones to the work.
pub const PLAYGROUND_BUDGET: SearchBudget = SearchBudget {
    positions: 150_000,
    work: 100_000,
    quotient: PLAYGROUND_QUOTIENT_BUDGET,
};

/// The work the playground spends growing a misère quotient, about a
/// quarter of a second natively; past it, positions are searched.
const PLAYGROUND_QUOTIENT_BUDGET: u64 = 250_000_000;
/// `grundy outcome --misere`'s search: at most about one and a half
/// seconds natively for sums of heaps, and 32 MiB of memo.
pub const CLI_BUDGET: SearchBudget = SearchBudget::positions(1_000_000);

/// The most bytes of keys of the positions on a search's path at once.
/// The walk holds each of those positions, and a game whose positions grow
/// as play goes deeper (one heap of 100 000 split again and again) could
/// otherwise take gigabytes before it has counted many; a position can take
/// many times its key (a token on a board is one character of its key and
/// sixteen bytes of the position), so the path is bounded apart from the memo.
pub const MAX_PATH_BYTES: usize = 4 << 20;

/// The work a search may do for each position of its budget, in units of
/// about one byte of a position: each position it reaches counts the work
/// of writing its key (a byte of words 1, a byte of text 4), the moves
/// listed at the position it left (some games find a move by listing them)
/// and [`STEP_WORK`] more; each position it expands counts its moves. A
/// budget of positions alone lets positions that are few but large, or that
/// have many moves each, take minutes. A position searched measures 300
/// to 1600 (it reaches 3 to 11 others), about as many nanoseconds natively;
/// a game whose play takes a pass over the whole position counts it too
/// ([`Walk::play_cost`]). Sums of Kayles heaps measure between 640 and
/// 1024 a position.
pub const WORK_PER_POSITION: usize = 1024;
/// The work of one step beyond its key and moves: playing the move,
/// hashing its key and finding it in the memo, measured at about that of
/// 64 bytes of key.
pub const STEP_WORK: usize = 64;

/// The work of listing `moves` moves of a position of `walk`, as
/// [`WORK_PER_POSITION`] counts it.
fn listing(walk: &dyn Walk, moves: u32) -> usize {
    moves as usize * walk.move_cost()
}

/// The work of one step from a position of `walk` with `moves` moves,
/// before the key of the position it reaches: finding the move, playing
/// it and [`STEP_WORK`].
fn step(walk: &dyn Walk, moves: u32) -> usize {
    STEP_WORK + listing(walk, moves) + walk.play_cost()
}

/// The error for a search that ran out of budget.
pub fn too_large(budget: usize) -> GameError {
    GameError::new(format!(
        "too large to solve exactly under misère play: more than {budget} positions"
    ))
}

/// The error for a search that did the work of its budget.
fn too_long(budget: SearchBudget) -> GameError {
    GameError::new(format!(
        "too large to solve exactly under misère play: its positions are large, or have many moves, \
         and searching them would take the work of more than {} positions",
        budget.work
    ))
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

/// The report of a fresh search of `walk`'s position within `budget`;
/// out of line, so that no game's session carries a copy.
#[inline(never)]
pub fn search(walk: &mut dyn Walk, budget: SearchBudget) -> MisereReport {
    Search::new(budget).report(walk)
}

/// Whether the player to move wins, by hashed key: an open-addressed
/// table of 16-byte slots, each a key's top 126 bits, a bit saying the slot
/// is used and the outcome's bit. A search is bound by finding its
/// positions in memory, and a slot holds all of it in one place.
#[derive(Default)]
struct Memo {
    slots: Vec<u128>,
    len: usize,
}

const USED: u128 = 1 << 1;
const WINS: u128 = 1;

impl Memo {
    fn len(&self) -> usize {
        self.len
    }

    /// The slot `key` is in, or the empty slot it would go in.
    fn slot(&self, key: u128) -> usize {
        let mask = self.slots.len() - 1;
        let stored = key | USED | WINS;
        let mut index = (key >> 64) as usize & mask;
        while self.slots[index] != 0 && self.slots[index] | WINS != stored {
            index = (index + 1) & mask;
        }
        index
    }

    fn get(&self, key: u128) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = self.slots[self.slot(key)];
        (slot != 0).then_some(slot & WINS != 0)
    }

    fn insert(&mut self, key: u128, wins: bool) {
        // At most half full, so that a probe finds its slot or an empty one
        // within a few steps.
        if 2 * (self.len + 1) > self.slots.len() {
            let larger = vec![0; (2 * self.slots.len()).max(1024)];
            let old = std::mem::replace(&mut self.slots, larger);
            for slot in old.into_iter().filter(|&slot| slot != 0) {
                let index = self.slot(slot);
                self.slots[index] = slot;
            }
        }
        let index = self.slot(key);
        if self.slots[index] == 0 {
            self.len += 1;
        }
        self.slots[index] = (key & !(USED | WINS)) | USED | u128::from(wins);
    }
}

/// The most moves a position lists to try first: normal play wins by few
/// moves in most positions, and a long path then holds little.
const MAX_FIRST: usize = 16;

/// One position on the search's path: its key, how many moves it has, the
/// next to try, and whether one already leads to a position the opponent
/// loses. It tries first the moves to a position of nimber 0, where the
/// walk knows nimbers: misère play wins by normal play's winning moves in
/// most positions of sums of tame and nearly tame games, and the sooner a
/// search finds a winning move, the fewer positions it reaches.
struct Frame {
    key: u128,
    /// The bytes its key took to write, counted against [`MAX_PATH_BYTES`].
    bytes: usize,
    moves: u32,
    next: u32,
    wins: bool,
    /// Where the moves it tries first are in the search's list of them.
    first: Range<usize>,
    /// How many of those it has tried, and how many of them the moves in
    /// order have passed: each is skipped when its turn comes again.
    tried_first: usize,
    passed: usize,
}

impl Frame {
    /// The next move to try, if any is left: first those listed, then the
    /// others in order.
    fn next_move(&mut self, listed: &[u32]) -> Option<u32> {
        let first = &listed[self.first.clone()];
        if let Some(&id) = first.get(self.tried_first) {
            self.tried_first += 1;
            return Some(id);
        }
        while self.next < self.moves {
            let id = self.next;
            self.next += 1;
            while first.get(self.passed).is_some_and(|&f| f < id) {
                self.passed += 1;
            }
            if first.get(self.passed) != Some(&id) {
                return Some(id);
            }
        }
        None
    }
}

/// Exhaustive misère search over a game tree. Its budget bounds the
/// distinct positions it ever holds, across every question asked of it.
pub struct Search {
    /// Whether the player to move wins, by hashed canonical position.
    memo: Memo,
    budget: SearchBudget,
    /// The work done so far, as [`WORK_PER_POSITION`] counts it.
    work: usize,
    /// Positions reached that the walk decided without a search
    /// ([`Walk::misere_wins`]).
    decided: usize,
}

/// The hashed key of the walk's current position, and the bytes and work
/// it took.
fn key_of(walk: &dyn Walk) -> (u128, usize, usize) {
    let mut key = KeyHasher::default();
    walk.key(&mut key);
    (key.finish(), key.bytes(), key.work())
}

impl Search {
    pub fn new(budget: SearchBudget) -> Search {
        Search {
            memo: Memo::default(),
            budget,
            work: 0,
            decided: 0,
        }
    }

    /// Whether the search has done the work its budget allows.
    fn worked_out(&self) -> bool {
        self.work > self.budget.work.saturating_mul(WORK_PER_POSITION)
    }

    /// Positions searched so far.
    pub fn explored(&self) -> usize {
        self.memo.len()
    }

    /// Whether the player to move wins the session's current position under
    /// misère play. The session is back at that position afterwards.
    pub fn wins(&mut self, session: &mut dyn Walk) -> Result<bool, GameError> {
        let (root, bytes, work) = key_of(session);
        self.work += STEP_WORK + work;
        if let Some(known) = self.known(session, root) {
            return Ok(known);
        }
        let mut path_bytes = bytes;
        let mut listed = Vec::new();
        let mut stack = vec![self.frame(session, (root, bytes), &mut listed)];
        loop {
            let top = stack.last_mut().expect("the root stays until the end");
            let next = if top.wins {
                None
            } else {
                top.next_move(&listed)
            };
            let Some(id) = next else {
                // With no move at all, the opponent made the last one and lost.
                let result = top.moves == 0 || top.wins;
                path_bytes -= top.bytes;
                listed.truncate(top.first.start);
                self.memo.insert(top.key, result);
                stack.pop();
                let Some(parent) = stack.last_mut() else {
                    return Ok(result);
                };
                session.leave();
                parent.wins |= !result;
                continue;
            };
            if session.repeats(id) {
                continue;
            }
            self.work += step(session, top.moves);
            session.enter(id)?;
            let (key, bytes, work) = key_of(session);
            self.work += work;
            let known = self.known(session, key);
            let refusal = if self.memo.len() + stack.len() > self.budget.positions {
                Some(too_large(self.budget.positions))
            } else if known.is_none() && path_bytes + bytes > MAX_PATH_BYTES {
                Some(too_deep())
            } else {
                self.worked_out().then(|| too_long(self.budget))
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
            path_bytes += bytes;
            stack.push(self.frame(session, (key, bytes), &mut listed));
        }
    }

    /// Whether the player to move wins the session's current position, of
    /// hashed key `key`, where that is known already: searched before, or
    /// decided by the walk.
    fn known(&mut self, session: &mut dyn Walk, key: u128) -> Option<bool> {
        self.memo.get(key).or_else(|| {
            let wins = session.misere_wins();
            self.decided += usize::from(wins.is_some());
            wins
        })
    }

    /// The frame of the session's current position, its moves to try
    /// first pushed onto `listed`, counted as the work the walk says that
    /// took: a look at each move of a heap game, at each heap of Nim.
    fn frame(
        &mut self,
        session: &mut dyn Walk,
        (key, bytes): (u128, usize),
        listed: &mut Vec<u32>,
    ) -> Frame {
        let moves = session.moves();
        self.work += listing(session, moves);
        let start = listed.len();
        if let Some(nimber @ 1..) = session.nimber() {
            self.work += session.moves_changing_nimber(nimber, 0, listed);
            listed.truncate(start + MAX_FIRST);
        }
        Frame {
            key,
            bytes,
            moves,
            next: 0,
            wins: false,
            first: start..listed.len(),
            tried_first: 0,
            passed: 0,
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
            self.work += step(session, moves);
            if self.worked_out() {
                failure = Some(too_long(self.budget));
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
                method: {
                    let searched = counted(explored as usize, "position");
                    match session.misere_known_by().filter(|_| self.decided > 0) {
                        Some(by) => format!(
                            "exhaustive search of {searched}, stopping wherever {by} decides \
                             ({})",
                            counted(self.decided, "time")
                        ),
                        None => format!("exhaustive search of {searched}"),
                    }
                },
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
        text: walk.text(),
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
    use crate::analysis::Analysis;

    /// A tree of positions given by its shape: `moves(path)` moves at the
    /// position reached by `path`, whose key is `key(path)`.
    struct Shaped<M: Fn(&[u32]) -> u32, K: Fn(&[u32]) -> String> {
        path: Vec<u32>,
        moves: M,
        key: K,
    }

    impl<M: Fn(&[u32]) -> u32, K: Fn(&[u32]) -> String> Walk for Shaped<M, K> {
        fn key(&self, key: &mut KeyHasher) {
            key.write_str(&(self.key)(&self.path));
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
        refusal_within(CLI_BUDGET, moves, key)
    }

    fn refusal_within<M: Fn(&[u32]) -> u32, K: Fn(&[u32]) -> String>(
        budget: SearchBudget,
        moves: M,
        key: K,
    ) -> String {
        let mut walk = Shaped {
            path: Vec::new(),
            moves,
            key,
        };
        let report = search(&mut walk, budget);
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
    fn many_large_positions_are_held_by_their_hashed_keys() {
        // 300 × 300 distinct leaves of 1 KiB, two moves deep: 90 MB of
        // keys as text, 1.4 MB as hashes. Each leaf has no move, so the
        // player to move there wins, and so each of the 300 middle
        // positions is lost and the root is won.
        let mut walk = Shaped {
            path: Vec::new(),
            moves: |path: &[u32]| if path.len() < 2 { 300 } else { 0 },
            key: |path: &[u32]| format!("{path:?}{}", " ".repeat(1024)),
        };
        let report = search(&mut walk, CLI_BUDGET);
        assert_eq!(report.outcome, Some(Outcome::Next), "{}", report.method);
        assert_eq!(report.winning.len(), 300);
        assert_eq!(report.explored, 300 + 300 * 300);
    }

    #[test]
    fn the_memo_finds_every_key_it_was_given_and_no_other() {
        let mut memo = Memo::default();
        // Keys spread in their high words (where the slot is taken from),
        // as hashes are, and set in their low bits (where the outcome is kept).
        let key = |i: u128| (i * 0x9e37_79b9_7f4a_7c15) << 64 | i << 2 | 3;
        for i in 0..100_000 {
            memo.insert(key(i), i % 3 == 0);
        }
        assert_eq!(memo.len(), 100_000);
        for i in 0..100_000 {
            assert_eq!(memo.get(key(i)), Some(i % 3 == 0));
        }
        assert_eq!(memo.get(key(100_000)), None);
        memo.insert(key(5), true);
        assert_eq!((memo.len(), memo.get(key(5))), (100_000, Some(true)));
    }

    #[test]
    fn a_search_stops_at_its_positions_or_at_its_work_whichever_comes_first() {
        // A binary tree 30 moves deep of distinct positions: light ones
        // meet the positions first, positions of 100 KiB the work.
        let tree = |path: &[u32]| if path.len() < 30 { 2 } else { 0 };
        let budget = SearchBudget {
            work: 2000,
            ..SearchBudget::positions(1000)
        };
        let light = refusal_within(budget, tree, |path| format!("{path:?}"));
        assert!(light.ends_with("more than 1000 positions"), "{light}");
        let heavy = refusal_within(budget, tree, |path| {
            format!("{path:?}{}", " ".repeat(100 << 10))
        });
        assert!(
            heavy.ends_with("the work of more than 2000 positions"),
            "{heavy}"
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
            "too large to solve exactly under misère play: its positions are large, or have many \
             moves, and searching them would take the work of more than 1000000 positions"
        );
    }
}
