//! A game being played: the current position, its history for undo and redo,
//! and a solver whose caches outlive every move.

use crate::ai::{self, Skill};
use crate::analysis::{Analysis, Convention, Edit, MisereReport, Outcome, Region, Step, TreeNode};
use crate::game::{check_input_size, Game, GameError, GameInfo, Walk};
use crate::nimber::Nimber;
use crate::rng::Rng;
use crate::search::{self, SearchBudget};

/// The questions the CLI and the browser ask of any game, object-safe so
/// that one code path serves every game.
pub trait AnySession {
    fn info(&self) -> GameInfo;
    /// The current position as a one-case contest input.
    fn text(&self) -> String;
    /// How many cases the text last loaded held, and which one is shown.
    fn cases(&self) -> (usize, usize);
    fn analysis(&mut self) -> &Analysis {
        self.analysis_mut()
    }
    /// The cached analysis itself, for a boundary that takes its moves
    /// apart to send them (`Analysis::take_lists`) and puts them back.
    fn analysis_mut(&mut self) -> &mut Analysis;
    fn play(&mut self, move_id: u32) -> Result<(), GameError>;
    /// Takes back the last move or drawing edit; false when there is none.
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    /// What Undo would take back.
    fn undo_step(&self) -> Option<Step>;
    /// What Redo would bring back.
    fn redo_step(&self) -> Option<Step>;
    /// Moves played since the position was loaded or last drawn: who is
    /// to move counts from there.
    fn ply(&self) -> usize;
    /// Drawing edits between the loaded position and the current one.
    fn drawn(&self) -> usize;
    /// Replaces the position with case `case` of `text`, starting a fresh
    /// history; on error nothing changes.
    fn load(&mut self, text: &str, case: usize) -> Result<(), GameError>;
    /// Changes the current position as drawn: a step of the history, as a
    /// move is, that Undo takes back.
    fn edit(&mut self, edit: &Edit) -> Result<(), GameError>;
    /// The move the computer would play at `skill`, seeded.
    fn ai_move(&mut self, skill: Skill, seed: u64) -> Option<u32>;
    /// The contest answer for the current position.
    fn answer(&mut self) -> Result<String, GameError>;
    /// The tree of positions `depth` moves deep from the current one, or an
    /// error when it holds more than `budget` positions. History is untouched.
    fn tree(&mut self, depth: usize, budget: usize) -> Result<TreeNode, GameError>;
    /// A key equal for positions with the same futures, for memoised searches.
    fn canonical(&self) -> String;
    /// The [`canonical`](AnySession::canonical) key of the position move
    /// `move_id` leaves, found without analysing either position: what a
    /// move is checked by where the position is costly to solve.
    fn canonical_after(&mut self, move_id: u32) -> Result<String, GameError>;
    /// Which play decides the winner; the analysis describes that play.
    fn set_convention(&mut self, convention: Convention);
    fn convention(&self) -> Convention;
    /// Whether every play from here ends; see [`Game::ENDS`].
    fn ends(&self) -> bool;
    /// The current position's nimber, computed directly where the game can;
    /// where play can go on forever, the ⊕ of the finite values only. A
    /// position read with the contest's limits can be past the solver's
    /// budget: then a [`GameError::too_large`].
    fn nimber(&mut self) -> Result<Nimber, GameError>;
    /// The K of each ∞ part of the current position; see [`Game::infinite_parts`].
    fn infinite_parts(&mut self) -> Vec<Vec<u32>>;
    /// Who wins the current position under normal play; see [`Game::outcome`].
    fn outcome(&mut self) -> Result<Outcome, GameError>;
    /// Who wins the current position under misère play, and how, searching
    /// within `budget`.
    fn misere_report(&mut self, budget: SearchBudget) -> MisereReport;
    /// The current position as a tree for searches to walk: moves are
    /// played on copies, with no analysis, and the session is untouched.
    fn walk(&mut self) -> Box<dyn Walk + '_>;
}

/// Undoes or redoes moves until `ply` moves have been played since the
/// drawing, or no move is left that way: one step for a page, however far
/// it goes, never crossing a drawing edit. A function, not a method, so
/// that one copy serves every game.
pub fn seek(session: &mut dyn AnySession, ply: usize) {
    while session.ply() > ply && session.undo_step() == Some(Step::Move) {
        session.undo();
    }
    while session.ply() < ply && session.redo_step() == Some(Step::Move) {
        session.redo();
    }
}

/// The steps of a history, moves and drawing edits, and how many of them
/// lead to the current position: what Undo and Redo may do and who is to
/// move, kept apart from what each step holds, so that every game and the
/// sum share one copy.
#[derive(Default)]
pub struct Timeline {
    steps: Vec<Step>,
    current: usize,
}

impl Timeline {
    /// Steps taken to reach the current position.
    pub fn current(&self) -> usize {
        self.current
    }

    /// Takes `step` after the current position, dropping what Redo could
    /// bring back; the caller drops the same from what it keeps per step.
    pub fn push(&mut self, step: Step) {
        self.steps.truncate(self.current);
        self.steps.push(step);
        self.current += 1;
    }

    /// Steps back; the index of the step taken back.
    pub fn undo(&mut self) -> Option<usize> {
        self.current = self.current.checked_sub(1)?;
        Some(self.current)
    }

    /// Steps forward; the index of the step brought back.
    pub fn redo(&mut self) -> Option<usize> {
        let at = self.current;
        (at < self.steps.len()).then(|| {
            self.current += 1;
            at
        })
    }

    pub fn undo_step(&self) -> Option<Step> {
        self.current.checked_sub(1).map(|at| self.steps[at])
    }

    pub fn redo_step(&self) -> Option<Step> {
        self.steps.get(self.current).copied()
    }

    /// Moves since the loaded position or the last edit.
    pub fn ply(&self) -> usize {
        let taken = &self.steps[..self.current];
        taken
            .iter()
            .rev()
            .take_while(|&&step| step == Step::Move)
            .count()
    }

    /// Edits among the steps taken.
    pub fn drawn(&self) -> usize {
        let taken = &self.steps[..self.current];
        taken.iter().filter(|&&step| step == Step::Edit).count()
    }
}

pub struct Session<G: Game> {
    game: G,
    /// The loaded position, then the one after each step of `timeline`.
    history: Vec<G::Position>,
    /// Where the move into each position of `history` shows on it; `None`
    /// for a loaded or drawn one.
    last_moves: Vec<Option<Region>>,
    timeline: Timeline,
    cases: (usize, usize),
    analysis: Option<Analysis>,
    convention: Convention,
}

/// Which limits a position is read with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// What the playground can show and analyse move by move.
    Playground,
    /// The contest's, for questions the command line answers.
    Contest,
}

/// The error for case `case` (0-based) of an input of `count` cases; out
/// of line, as every game's session would otherwise carry a copy.
#[cold]
#[inline(never)]
fn missing_case(case: usize, count: usize) -> GameError {
    GameError::new(format!(
        "case {} does not exist; the input has {count}",
        case + 1
    ))
}

/// Case `case` of `text`, read by `game` within `limits`, and how many
/// cases the text holds.
fn read_case<G: Game>(
    game: &mut G,
    text: &str,
    case: usize,
    limits: Limits,
) -> Result<(G::Position, (usize, usize)), GameError> {
    check_input_size(text)?;
    let mut positions = game.parse(text)?;
    let count = positions.len();
    if case >= count {
        return Err(missing_case(case, count));
    }
    let position = positions.swap_remove(case);
    if limits == Limits::Playground {
        game.check_playable(&position)?;
    }
    Ok((position, (count, case)))
}

impl<G: Game> Session<G> {
    /// Opens case `case` (0-based) of `text`.
    pub fn open(text: &str, case: usize, limits: Limits) -> Result<Session<G>, GameError> {
        let mut game = G::default();
        let (position, cases) = read_case(&mut game, text, case, limits)?;
        Ok(Session::at(game, position, cases))
    }

    fn at(game: G, position: G::Position, cases: (usize, usize)) -> Session<G> {
        Session {
            game,
            history: vec![position],
            last_moves: vec![None],
            timeline: Timeline::default(),
            cases,
            analysis: None,
            convention: Convention::Normal,
        }
    }

    fn position(&self) -> &G::Position {
        &self.history[self.timeline.current()]
    }

    /// Makes `position` the current one, reached by `step`.
    fn push(&mut self, step: Step, position: G::Position, last_move: Option<Region>) {
        let kept = self.timeline.current() + 1;
        self.history.truncate(kept);
        self.last_moves.truncate(kept);
        self.history.push(position);
        self.last_moves.push(last_move);
        self.timeline.push(step);
        self.forget_analysis();
    }

    /// Drops the analysis shown, handing it back to the game to reuse.
    fn forget_analysis(&mut self) {
        if let Some(old) = self.analysis.take() {
            self.game.recycle(old);
        }
    }

    fn restart_from(&mut self, position: G::Position) {
        self.history = vec![position];
        self.last_moves = vec![None];
        self.timeline = Timeline::default();
        self.forget_analysis();
    }
}

impl<G: Game> AnySession for Session<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn text(&self) -> String {
        self.game.format(self.position())
    }

    fn cases(&self) -> (usize, usize) {
        self.cases
    }

    fn analysis_mut(&mut self) -> &mut Analysis {
        if self.analysis.is_none() {
            let current = self.timeline.current();
            let mut analysis = self.game.analyse(&self.history[current]);
            analysis.last_move = self.last_moves[current].clone();
            let misere = (self.convention == Convention::Misere)
                .then(|| self.misere_report(search::PLAYGROUND_BUDGET));
            analysis.settle(misere);
            self.analysis = Some(analysis);
        }
        self.analysis.as_mut().expect("analysis was just computed")
    }

    fn play(&mut self, move_id: u32) -> Result<(), GameError> {
        let position = self.position().clone();
        let next = self.game.play(&position, move_id)?;
        // The analysis on screen, which every caller has asked for already.
        let footprint = self.analysis().moves[move_id as usize].footprint.clone();
        let last_move = self.game.last_move(&position, move_id, footprint);
        self.push(Step::Move, next, Some(last_move));
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let possible = self.timeline.undo().is_some();
        if possible {
            self.forget_analysis();
        }
        possible
    }

    fn redo(&mut self) -> bool {
        let possible = self.timeline.redo().is_some();
        if possible {
            self.forget_analysis();
        }
        possible
    }

    fn undo_step(&self) -> Option<Step> {
        self.timeline.undo_step()
    }

    fn redo_step(&self) -> Option<Step> {
        self.timeline.redo_step()
    }

    fn ply(&self) -> usize {
        self.timeline.ply()
    }

    fn drawn(&self) -> usize {
        self.timeline.drawn()
    }

    fn load(&mut self, text: &str, case: usize) -> Result<(), GameError> {
        let (position, cases) = read_case(&mut self.game, text, case, Limits::Playground)?;
        self.cases = cases;
        self.restart_from(position);
        Ok(())
    }

    fn edit(&mut self, edit: &Edit) -> Result<(), GameError> {
        let next = self
            .game
            .edit(&self.history[self.timeline.current()], edit)?;
        self.game.check_playable(&next)?;
        // A stroke over what is already there is no step to take back.
        if self.game.format(&next) == self.text() {
            return Ok(());
        }
        self.cases = (1, 0);
        self.push(Step::Edit, next, None);
        Ok(())
    }

    fn ai_move(&mut self, skill: Skill, seed: u64) -> Option<u32> {
        let mut rng = Rng::new(seed);
        ai::choose(self.analysis(), skill, &mut rng)
    }

    fn answer(&mut self) -> Result<String, GameError> {
        let position = self.position().clone();
        self.game.answer(&position)
    }

    fn tree(&mut self, depth: usize, budget: usize) -> Result<TreeNode, GameError> {
        let position = self.position().clone();
        search::tree(&mut *self.game.walk(position), depth, budget)
    }

    fn canonical(&self) -> String {
        self.game.canonical(self.position())
    }

    fn canonical_after(&mut self, move_id: u32) -> Result<String, GameError> {
        let position = self.position().clone();
        let next = self.game.play(&position, move_id)?;
        Ok(self.game.canonical(&next))
    }

    fn set_convention(&mut self, convention: Convention) {
        if convention != self.convention {
            self.convention = convention;
            self.forget_analysis();
        }
    }

    fn convention(&self) -> Convention {
        self.convention
    }

    fn ends(&self) -> bool {
        G::ENDS
    }

    fn nimber(&mut self) -> Result<Nimber, GameError> {
        let position = self.position().clone();
        self.game.checked_nimber(&position)
    }

    fn infinite_parts(&mut self) -> Vec<Vec<u32>> {
        // Only a game that can go on forever has parts worth ∞.
        if G::ENDS {
            return Vec::new();
        }
        let position = self.position().clone();
        self.game.infinite_parts(&position)
    }

    fn outcome(&mut self) -> Result<Outcome, GameError> {
        let position = self.position().clone();
        self.game.outcome(&position)
    }

    fn misere_report(&mut self, budget: SearchBudget) -> MisereReport {
        if !G::ENDS {
            return search::endless();
        }
        let position = self.position().clone();
        if let Some(report) = self.game.misere_closed_form(&position, &budget) {
            return report;
        }
        search::search(&mut *self.game.walk(position), budget)
    }

    fn walk(&mut self) -> Box<dyn Walk + '_> {
        let position = self.position().clone();
        self.game.walk(position)
    }
}
