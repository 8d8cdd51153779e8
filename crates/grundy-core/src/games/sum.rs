//! Sums of games: positions of different games played side by side, where
//! a move is a move in any one of them. By the Sprague–Grundy theorem the
//! sum is worth the ⊕ of its parts, which this makes visible: the sum's
//! analysis is its parts' analyses, renumbered, with every move's value
//! after it taken over the whole sum.
//!
//! Text: each part is a line `--- <game id>` followed by that game's text.

use crate::ai::{self, Skill};
use crate::analysis::{
    Analysis, Board, Component, Convention, Edit, LoopyMoves, MisereReport, MoveInfo, Outcome,
    Step, SumPart, TreeNode,
};
use crate::game::{check_input_size, unknown_move, GameError, GameInfo, Sample, Walk};
use crate::games::{self, shown_id};
use crate::input::{self, BYTE_ORDER_MARK};
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rng::Rng;
use crate::search::{self, SearchBudget};
use crate::sequence::OctalCode;
use crate::session::{AnySession, Limits, Timeline};

pub const ID: &str = "sum";
/// The most games one sum holds.
pub const MAX_PARTS: usize = 8;

pub fn info() -> GameInfo {
    GameInfo {
        id: ID,
        name: "Sum of games",
        summary: "Several games side by side; a move is a move in any one of them.",
        rules: "Put positions of different games next to each other. On your turn you move in exactly one of \
                them. Whoever cannot move in any loses. The Sprague–Grundy theorem says the sum is worth the \
                xor of its parts' nimbers, so a sum is won exactly when that xor is not 0; where a part can \
                go on forever, Smith's rule decides instead.",
        format: "Each game starts with a line --- followed by its id (nim, darkraft, …), then that game's own \
                 text. Up to 8 games.",
        lost: "--- nim\n2\n--- nim\n2\n",
        bad: "--- nim\n3 x\n",
        samples: vec![
            Sample { name: "Nim heap + Darkraft", input: "--- nim\n3\n--- darkraft\n2 2\nRR\nRR\n" },
            Sample {
                name: "Four games",
                input: "--- nim\n2 5\n--- darkraft\n2 2\nRL\nLR\n--- intervals\n1\n2\n1 5\n2 4\n--- string-game\n1\npawpawpawpaw\n1\npawpaw\n",
            },
        ],
    }
}

/// One game of a sum: its id and its session.
type Part = (String, Box<dyn AnySession>);

/// What one step of a sum's history holds.
enum SumStep {
    /// A move, played in the part of this index.
    Move(usize),
    /// A part added or removed: the parts on the other side of the step,
    /// which Undo and Redo swap in.
    Edit(Vec<Part>),
}

pub struct Sum {
    parts: Vec<Part>,
    /// What each step of `timeline` holds.
    steps: Vec<SumStep>,
    timeline: Timeline,
    analysis: Option<Analysis>,
    convention: Convention,
    /// The limits every part is read with, as if it were opened alone.
    limits: Limits,
}

/// Opens a sum from its text: `--- <game id>` lines, each followed by that
/// game's text. A sum has one case, case 0.
pub fn open(text: &str, case: usize, limits: Limits) -> Result<Sum, GameError> {
    if case != 0 {
        return Err(GameError::new("a sum has a single case"));
    }
    Ok(Sum {
        parts: parse(text, limits)?,
        limits,
        steps: Vec::new(),
        timeline: Timeline::default(),
        analysis: None,
        convention: Convention::Normal,
    })
}

/// What a part of a sum is called: its game's name, or for an octal game
/// the code's own ("Kayles"), which says more than "Octal games".
fn part_name(game: &str, board: &Board) -> String {
    match board {
        Board::Rows { rule, .. } => {
            match OctalCode::parse(rule).ok().and_then(|code| code.name()) {
                Some(name) => name.to_string(),
                None => format!("Octal game {rule}"),
            }
        }
        _ => game.to_string(),
    }
}

/// The game id a section header names, if `line` is one: `---`, white
/// space, then one word. No game writes such a line (grids, strings and
/// numbers have no `--- ` prefix followed by a word), so a part's own text
/// may start with `---`, as a row of colonies or an erased string does.
fn section_header(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("---")?;
    let id = rest.trim_start();
    let is_header = rest.starts_with(char::is_whitespace)
        && !id.is_empty()
        && !id.contains(char::is_whitespace);
    is_header.then_some(id)
}

/// One game's section of a sum's text: the line of its header, its game
/// id and its own text.
struct Section {
    line: usize,
    game: String,
    body: String,
}

impl Section {
    /// Locates an error in the part's own text within the sum's text.
    fn locate(&self, error: GameError) -> GameError {
        // The part's lines count from its heading.
        let shifted = error.line.map(|l| l + self.line as u32);
        GameError {
            line: shifted,
            ..error.within(&format!(
                "in the {} game starting on line {}",
                shown_id(&self.game),
                self.line
            ))
        }
    }
}

fn sections(text: &str) -> Result<Vec<Section>, GameError> {
    check_input_size(text)?;
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let mut sections: Vec<Section> = Vec::new();
    for (index, line) in input::lines(text).enumerate() {
        if let Some(game) = section_header(line) {
            if game == ID {
                return Err(GameError::at_line(
                    index + 1,
                    "a sum cannot hold another sum",
                ));
            }
            if sections.len() == MAX_PARTS {
                return Err(GameError::at_line(
                    index + 1,
                    format!("a sum holds at most {MAX_PARTS} games"),
                ));
            }
            sections.push(Section {
                line: index + 1,
                game: game.to_string(),
                body: String::new(),
            });
        } else if let Some(section) = sections.last_mut() {
            section.body.push_str(line);
            section.body.push('\n');
        } else if !line.trim().is_empty() {
            return Err(GameError::at(
                index + 1,
                1,
                "a sum starts with a line --- <game id>, such as --- nim",
            ));
        }
    }
    Ok(sections)
}

fn parse(text: &str, limits: Limits) -> Result<Vec<Part>, GameError> {
    sections(text)?
        .into_iter()
        .map(|section| {
            let session = games::open_within(&section.game, &section.body, 0, limits)
                .map_err(|e| section.locate(e))?;
            Ok((section.game, session))
        })
        .collect()
}

/// The ⊕ of the parts' nimbers, each part read with its contest limits.
pub fn nimber(text: &str) -> Result<Nimber, GameError> {
    sections(text)?
        .iter()
        .map(|section| games::nimber(&section.game, &section.body).map_err(|e| section.locate(e)))
        .sum()
}

/// Each section's game opened with the contest's limits, as the command
/// line reads a game alone.
fn open_parts(sections: &[Section]) -> Result<Vec<Box<dyn AnySession>>, GameError> {
    sections
        .iter()
        .map(|section| {
            games::open_within(&section.game, &section.body, 0, Limits::Contest)
                .map_err(|e| section.locate(e))
        })
        .collect()
}

/// Who wins, as `grundy solve sum` answers: see [`decide`].
pub fn outcome(text: &str) -> Result<Outcome, GameError> {
    let sections = sections(text)?;
    let mut parts = open_parts(&sections)?;
    decide(parts.iter_mut().map(|part| &mut **part))
        .map_err(|(index, error)| sections[index].locate(error))
}

/// Who wins under normal play, as `grundy outcome sum` answers: as
/// [`outcome`], and, as `grundy outcome` refuses a game that can go on
/// forever, a sum holding one is refused too.
pub fn ending_outcome(text: &str) -> Result<Outcome, GameError> {
    let sections = sections(text)?;
    let mut parts = open_parts(&sections)?;
    if let Some(index) = parts.iter().position(|part| !part.ends()) {
        let section = &sections[index];
        return Err(section.locate(games::no_nimber(&section.game)));
    }
    decide(parts.iter_mut().map(|part| &mut **part))
        .map_err(|(index, error)| sections[index].locate(error))
}

/// Who wins a sum of `parts`, by Smith's rule over their values: the ⊕ of
/// the finite ones and the K of each ∞ one. Only values are asked for, so
/// no part lists its moves and nothing grows with the other parts'
/// values. A part past its solver's budget can still be decided alone (a
/// far Wythoff queen, by the golden ratio): where every other part is
/// worth 0 it decides the sum; otherwise the sum is refused with its
/// error. An error comes with the index of its part.
fn decide<'a>(
    parts: impl Iterator<Item = &'a mut (dyn AnySession + 'static)>,
) -> Result<Outcome, (usize, GameError)> {
    let mut finite = Nimber::ZERO;
    let mut infinite = Vec::new();
    let mut undecided = None;
    for (index, part) in parts.enumerate() {
        match part.nimber() {
            Ok(nimber) => {
                finite ^= nimber;
                infinite.extend(part.infinite_parts());
            }
            Err(error) if error.too_large && undecided.is_none() => {
                undecided = Some((index, part, error));
            }
            Err(error) => return Err((index, error)),
        }
    }
    match undecided {
        None => Ok(Outcome::smith(finite, infinite.iter().map(Vec::as_slice))),
        Some((index, part, error)) if finite == Nimber::ZERO && infinite.is_empty() => {
            part.outcome().map_err(|_| (index, error))
        }
        Some((index, _, error)) => Err((index, error)),
    }
}

/// Gives each part's board what the sum says of its moves, in the part's
/// own numbering: which win or hold a draw, the misère report and who wins,
/// so that a part's board marks the moves that win the whole sum.
fn share_with_parts(analysis: &mut Analysis) {
    let Board::Sum { parts } = &mut analysis.board else {
        return;
    };
    for part in parts {
        let offset = part.move_offset;
        let count = part.analysis.moves.len() as u32;
        let local = |ids: &[u32]| -> Vec<u32> {
            ids.iter()
                .filter(|&&id| (offset..offset + count).contains(&id))
                .map(|&id| id - offset)
                .collect()
        };
        let shown = &mut part.analysis;
        shown.loopy = analysis.loopy.as_ref().map(|loopy| LoopyMoves {
            winning: local(&loopy.winning),
            drawing: local(&loopy.drawing),
        });
        shown.convention = analysis.convention;
        shown.misere = analysis.misere.as_ref().map(|report| MisereReport {
            winning: local(&report.winning),
            ..report.clone()
        });
        shown.verdict = analysis.verdict;
        shown.winning = local(&analysis.winning);
        shown.drawing = local(&analysis.drawing);
    }
}

impl Sum {
    /// The sum's canonical key, with part `replaced.0`'s own key replaced
    /// by `replaced.1`.
    fn canonical_with(&self, replaced: Option<(usize, &str)>) -> String {
        self.parts
            .iter()
            .enumerate()
            .map(|(index, (game, session))| match replaced {
                Some((part, key)) if part == index => format!("--- {game}\n{key}"),
                _ => format!("--- {game}\n{}", session.canonical()),
            })
            .collect()
    }

    /// The part a sum-wide move id falls in, and the move's id there.
    /// Parts are counted by their walks' moves, which number moves as
    /// their analyses do and cost no analysis.
    fn locate(&mut self, move_id: u32) -> Option<(usize, u32)> {
        let mut offset = 0u32;
        for (index, (_, session)) in self.parts.iter_mut().enumerate() {
            let count = session.walk().moves();
            if move_id < offset + count {
                return Some((index, move_id - offset));
            }
            offset += count;
        }
        None
    }

    fn restart(&mut self, parts: Vec<Part>) {
        self.parts = parts;
        self.steps.clear();
        self.timeline = Timeline::default();
        self.analysis = None;
    }

    /// Takes `step` after the current position, dropping what Redo could bring back.
    fn push(&mut self, step: SumStep) {
        let kind = match step {
            SumStep::Move(_) => Step::Move,
            SumStep::Edit(_) => Step::Edit,
        };
        self.steps.truncate(self.timeline.current());
        self.steps.push(step);
        self.timeline.push(kind);
        self.analysis = None;
    }

    /// Plays step `at` forward (Redo) or back (Undo).
    fn replay(&mut self, at: Option<usize>, forward: bool) -> bool {
        let Some(at) = at else {
            return false;
        };
        match &mut self.steps[at] {
            SumStep::Move(part) if forward => self.parts[*part].1.redo(),
            SumStep::Move(part) => self.parts[*part].1.undo(),
            SumStep::Edit(other) => {
                std::mem::swap(&mut self.parts, other);
                true
            }
        };
        self.analysis = None;
        true
    }
}

impl AnySession for Sum {
    fn info(&self) -> GameInfo {
        info()
    }

    fn text(&self) -> String {
        self.parts
            .iter()
            .map(|(game, session)| format!("--- {game}\n{}", session.text()))
            .collect()
    }

    fn cases(&self) -> (usize, usize) {
        (1, 0)
    }

    fn analysis_mut(&mut self) -> &mut Analysis {
        if self.analysis.is_none() {
            let part_analyses: Vec<Analysis> = self
                .parts
                .iter_mut()
                .map(|(_, s)| s.analysis().clone())
                .collect();
            let total: Nimber = part_analyses.iter().map(|a| a.nimber).sum();
            let mut components = Vec::new();
            let mut moves = Vec::new();
            let mut parts = Vec::new();
            // Only the part the last move was played in marks it.
            let last_step = self.timeline.current().checked_sub(1);
            let last_part = match last_step.map(|at| &self.steps[at]) {
                Some(SumStep::Move(part)) => Some(*part),
                _ => None,
            };
            for (index, ((game, session), analysis)) in
                self.parts.iter().zip(part_analyses).enumerate()
            {
                let name = part_name(session.info().name, &analysis.board);
                let (move_offset, component_offset) = (moves.len() as u32, components.len() as u32);
                components.extend(analysis.components.iter().map(|c| Component {
                    id: component_offset + c.id,
                    label: format!("{name}: {}", c.label),
                    ..c.clone()
                }));
                moves.extend(analysis.moves.iter().map(|m| MoveInfo {
                    id: move_offset + m.id,
                    component: component_offset + m.component,
                    label: format!("{name}: {}", m.label),
                    after: total ^ analysis.nimber ^ m.after,
                    ..m.clone()
                }));
                let mut analysis = analysis;
                if last_part != Some(index) {
                    analysis.last_move = None;
                }
                for component in &mut analysis.components {
                    component.id += component_offset;
                }
                // A part's moves say what they leave of the whole sum, so a
                // part's board marks and previews them as moves of the sum.
                for m in &mut analysis.moves {
                    m.component += component_offset;
                    m.after = total ^ analysis.nimber ^ m.after;
                }
                parts.push(SumPart {
                    game: game.clone(),
                    name: name.clone(),
                    analysis,
                    move_offset,
                    component_offset,
                });
            }
            let mut analysis = Analysis::new(Board::Sum { parts }, components, moves);
            let misere = (self.convention == Convention::Misere)
                .then(|| self.misere_report(search::PLAYGROUND_BUDGET));
            analysis.settle(misere);
            share_with_parts(&mut analysis);
            self.analysis = Some(analysis);
        }
        self.analysis.as_mut().expect("analysis was just computed")
    }

    fn play(&mut self, move_id: u32) -> Result<(), GameError> {
        let (part, local) = self.locate(move_id).ok_or_else(|| unknown_move(move_id))?;
        self.parts[part].1.play(local)?;
        self.push(SumStep::Move(part));
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let at = self.timeline.undo();
        self.replay(at, false)
    }

    fn redo(&mut self) -> bool {
        let at = self.timeline.redo();
        self.replay(at, true)
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
        let opened = open(text, case, self.limits)?;
        self.restart(opened.parts);
        Ok(())
    }

    fn edit(&mut self, edit: &Edit) -> Result<(), GameError> {
        let mut text: Vec<(String, String)> = self
            .parts
            .iter()
            .map(|(g, s)| (g.clone(), s.text()))
            .collect();
        match edit {
            Edit::AddPart { game } => {
                let sample = games::games()
                    .into_iter()
                    .find(|g| g.id == game && g.id != ID)
                    .and_then(|g| g.samples.first().map(|s| s.input))
                    .ok_or_else(|| {
                        GameError::new(format!("there is no game '{}' to add", shown_id(game)))
                    })?;
                text.push((game.clone(), sample.to_string()));
            }
            Edit::RemovePart { index } => {
                if *index as usize >= text.len() {
                    return Err(GameError::new(format!(
                        "there is no game {} in this sum",
                        index + 1
                    )));
                }
                text.remove(*index as usize);
            }
            _ => return Err(GameError::new("edit each game of a sum in its own text")),
        }
        let joined: String = text
            .iter()
            .map(|(game, body)| format!("--- {game}\n{body}"))
            .collect();
        let before = std::mem::replace(&mut self.parts, parse(&joined, self.limits)?);
        self.push(SumStep::Edit(before));
        Ok(())
    }

    fn ai_move(&mut self, skill: Skill, seed: u64) -> Option<u32> {
        let mut rng = Rng::new(seed);
        ai::choose(self.analysis(), skill, &mut rng)
    }

    fn answer(&mut self) -> Result<String, GameError> {
        Ok(self.analysis().outcome.answer().to_string())
    }

    fn tree(&mut self, _depth: usize, _budget: usize) -> Result<TreeNode, GameError> {
        Err(GameError::new(
            "a sum's tree is the product of its parts' trees; open a part on its own to see one",
        ))
    }

    fn canonical(&self) -> String {
        self.canonical_with(None)
    }

    fn canonical_after(&mut self, move_id: u32) -> Result<String, GameError> {
        let (part, local) = self.locate(move_id).ok_or_else(|| unknown_move(move_id))?;
        let after = self.parts[part].1.canonical_after(local)?;
        Ok(self.canonical_with(Some((part, &after))))
    }

    fn set_convention(&mut self, convention: Convention) {
        if convention != self.convention {
            self.convention = convention;
            self.analysis = None;
        }
    }

    fn convention(&self) -> Convention {
        self.convention
    }

    fn ends(&self) -> bool {
        self.parts.iter().all(|(_, session)| session.ends())
    }

    fn nimber(&mut self) -> Result<Nimber, GameError> {
        self.parts
            .iter_mut()
            .map(|(_, session)| session.nimber())
            .sum()
    }

    fn infinite_parts(&mut self) -> Vec<Vec<u32>> {
        self.parts
            .iter_mut()
            .flat_map(|(_, session)| session.infinite_parts())
            .collect()
    }

    fn outcome(&mut self) -> Result<Outcome, GameError> {
        decide(self.parts.iter_mut().map(|(_, session)| &mut **session)).map_err(|(_, error)| error)
    }

    fn misere_report(&mut self, budget: SearchBudget) -> MisereReport {
        if !self.ends() {
            return search::endless();
        }
        // Misère sums do not add, so the whole sum is searched.
        search::search(&mut *self.walk(), budget)
    }

    fn walk(&mut self) -> Box<dyn Walk + '_> {
        let mut parts: Vec<_> = self
            .parts
            .iter_mut()
            .map(|(_, session)| session.walk())
            .collect();
        // One part's tree of play is the sum's: walked without a layer
        // that hashes its key again at every step.
        if parts.len() == 1 {
            return parts.pop().expect("one part");
        }
        Box::new(SumWalk::new(parts))
    }
}

/// A sum's tree of play: each move is a move of one part, numbered after
/// the moves of the parts before it. What a part's walk knows of its
/// current position (its moves and key) is kept, and changes only for the
/// part a move was played in.
struct SumWalk<'a> {
    parts: Vec<Box<dyn Walk + 'a>>,
    /// Each part's moves and key at its current position.
    current: Vec<PartNow>,
    /// The part each move on the path was played in, and what it was before.
    path: Vec<(usize, PartNow)>,
}

#[derive(Clone, Copy)]
struct PartNow {
    moves: u32,
    key: KeyHasher,
}

impl PartNow {
    fn of(part: &mut dyn Walk) -> PartNow {
        let mut key = KeyHasher::default();
        part.key(&mut key);
        PartNow {
            moves: part.moves(),
            key,
        }
    }
}

impl<'a> SumWalk<'a> {
    fn new(mut parts: Vec<Box<dyn Walk + 'a>>) -> SumWalk<'a> {
        let current = parts
            .iter_mut()
            .map(|part| PartNow::of(&mut **part))
            .collect();
        SumWalk {
            parts,
            current,
            path: Vec::new(),
        }
    }

    /// The part sum-wide move `id` is in, and its number there.
    fn part_of(&self, id: u32) -> Option<(usize, u32)> {
        let mut local = id;
        for (index, now) in self.current.iter().enumerate() {
            if local < now.moves {
                return Some((index, local));
            }
            local -= now.moves;
        }
        None
    }

    /// The largest of a cost over the parts: what a move costs at most,
    /// played in whichever part.
    fn costliest(&self, cost: impl Fn(&dyn Walk) -> usize) -> usize {
        self.parts
            .iter()
            .map(|part| cost(&**part))
            .max()
            .unwrap_or(0)
    }
}

impl Walk for SumWalk<'_> {
    fn key(&self, key: &mut KeyHasher) {
        for part in &self.current {
            key.write_hashed(&part.key);
        }
    }
    fn analysis(&mut self) -> Analysis {
        unreachable!("a sum's searches ask only for keys and moves")
    }
    fn moves(&mut self) -> u32 {
        self.current.iter().map(|part| part.moves).sum()
    }
    fn nimber(&mut self) -> Option<u32> {
        self.parts
            .iter_mut()
            .try_fold(0, |sum, part| Some(sum ^ part.nimber()?))
    }
    /// A move changes the sum's nimber by what it changes its part's.
    fn moves_changing_nimber(&mut self, change: u32, first: u32, out: &mut Vec<u32>) -> usize {
        let mut id = first;
        let mut work = 0;
        for (part, now) in self.parts.iter_mut().zip(&self.current) {
            work += part.moves_changing_nimber(change, id, out);
            id += now.moves;
        }
        work
    }
    /// A move is found in the part it is in, as that part finds it.
    fn move_cost(&self) -> usize {
        self.costliest(|part| part.move_cost())
    }
    /// A move is played in one part: at most what the costliest part's takes.
    fn play_cost(&self) -> usize {
        self.costliest(|part| part.play_cost())
    }
    fn repeats(&mut self, id: u32) -> bool {
        self.part_of(id)
            .is_some_and(|(index, local)| self.parts[index].repeats(local))
    }
    fn enter(&mut self, id: u32) -> Result<(), GameError> {
        let (index, local) = self.part_of(id).ok_or_else(|| unknown_move(id))?;
        let part = &mut self.parts[index];
        part.enter(local)?;
        let before = std::mem::replace(&mut self.current[index], PartNow::of(&mut **part));
        self.path.push((index, before));
        Ok(())
    }
    fn leave(&mut self) {
        if let Some((index, before)) = self.path.pop() {
            self.parts[index].leave();
            self.current[index] = before;
        }
    }
}
