//! What subtraction games, octal games and Grundy's game share: positions
//! are a rule and heaps of counters, each heap a component worth G(size),
//! with G from the rule's [`Sequence`], computed once per rule.
//!
//! Every move takes `take` counters from a row of n and leaves `left`
//! counters before them and `right` after; a board draws the heap as that
//! row (or a stack) and the move as the counters it takes.

use crate::analysis::Outcome;
use crate::analysis::{
    Analysis, Board, Component, Convention, Edit, Fact, MisereReport, MoveInfo, Region,
};
use crate::budget::SearchBudget;
use crate::fast_map::FastMap;
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Walk};
use crate::heaps::{self, heap_components, sorted_heaps, MAX_HEAPS};
use crate::input::{counted, parse_number, Scanner, BYTE_ORDER_MARK};
use crate::key::{KeyHasher, UnorderedSum};
use crate::nimber::Nimber;
use crate::quotient::{Budget, Quotient, Shipped};
use crate::rng::Rng;
use crate::sequence::{Period, Rule, Sequence, MAX_HEAP};
use std::borrow::Cow;
use std::fmt::Write as _;
use std::marker::PhantomData;
use std::ops::Range;
use std::rc::Rc;

/// The playground lists every move of every heap, so it draws smaller heaps.
pub const MAX_PLAYABLE_COUNTERS: u32 = 100;
/// How far the playground looks for a period before saying it has none yet.
const PERIOD_SEARCH: usize = 1 << 14;
/// About this many splits looked at in that search, some 60 ms natively:
/// a rule whose values are not sparse costs time quadratic in the length,
/// and the sequence explorer, with progress and cancel, goes further.
const PERIOD_SEARCH_WORK: u64 = 60_000_000;

/// The period of `sequence`'s rule, looked for as far as `PERIOD_SEARCH`
/// values, each length double the last, while the next doubling, which
/// can cost four times the splits so far, stays within `PERIOD_SEARCH_WORK`.
fn search_period(sequence: &mut Sequence) -> Option<Period> {
    let mut max = 64;
    loop {
        let proved = sequence.prove_period(max, |_| true);
        let too_costly = sequence.work().saturating_mul(4) > PERIOD_SEARCH_WORK;
        if proved.is_some() || max >= PERIOD_SEARCH || too_costly {
            return proved;
        }
        max *= 2;
    }
}

/// The largest heap a misère quotient is grown to, within the budget of
/// the search it saves: Kayles' quotient is proved periodic, and so covers
/// every heap, at 167.
const MAX_QUOTIENT_HEAP: u32 = 200;

/// The largest heap whose moves are checked or listed for a misère closed
/// form (Bouton's rule or the quotient); past it misère positions are
/// searched, as every move of 64 heaps of 2²⁰ would not fit in memory.
const NIM_LIKE_LIMIT: u32 = 1 << 12;

/// A rule and its heaps. The rule is shared by every position played from
/// one, as a search makes millions of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapPosition {
    pub rule: Rc<Rule>,
    pub heaps: Vec<u32>,
}

/// One family of heap games: how its rule is written and how it is drawn.
pub trait HeapFamily: Default {
    fn info() -> GameInfo;
    /// Whether line 1 of a position is its rule; otherwise every position
    /// has `parse_rule("")`.
    const RULE_LINE: bool;
    /// Reads the rule line; an error carries its 1-based column.
    fn parse_rule(line: &str) -> Result<Rule, (usize, String)>;
    /// The moves of a heap of `size`, in the order they are numbered, as
    /// runs that each take the same count from every place in a range.
    fn runs(rule: &Rule, size: u32) -> Vec<Run>;
    /// The board for these heaps.
    fn board(rule: &Rule, heaps: &[u32]) -> Board;
    /// What one heap is called, in the labels and on the board: a heap,
    /// unless the game is drawn as rows of pins or pawns.
    fn noun(_rule: &Rule) -> &'static str {
        "heap"
    }
    /// How a move is said, of a heap called `noun`.
    fn label(noun: &str, heap: usize, size: u32, take: u32, left: u32, right: u32) -> String;
}

/// A heap game of family `F`, with what is known of the rule last asked about.
#[derive(Default)]
pub struct HeapGame<F: HeapFamily> {
    known: RuleValues,
    moves: MoveTable,
    family: PhantomData<F>,
}

/// The sequence of the rule last asked about, and what has been found
/// out about it. Kept apart from the family so that it is written once.
#[derive(Default)]
struct RuleValues {
    sequence: Option<Sequence>,
    /// The period of `sequence`'s rule, once looked for.
    period: Option<Option<Period>>,
    /// How far `sequence`'s heaps play as Nim heaps in misère play.
    nim_like: NimLike,
    /// The misère quotient of the rule, once one was asked for.
    quotient: Option<Quotient>,
    /// The heap growing `quotient` stopped at, within its budget.
    quotient_failed_at: Option<u32>,
}

/// Heaps checked with [`heaps::nim_like_failure`], smallest first.
#[derive(Default)]
struct NimLike {
    /// Every heap smaller than this passed.
    passed: u32,
    /// The first heap that failed, and why.
    failure: Option<(u32, String)>,
}

impl RuleValues {
    /// The sequence of `rule`, computed as far as `len` values.
    fn sequence(&mut self, rule: &Rule, len: usize) -> &mut Sequence {
        if self.sequence.as_ref().is_none_or(|s| s.rule() != rule) {
            self.sequence = Some(Sequence::new(rule.clone()));
            self.period = None;
            self.nim_like = NimLike::default();
            self.quotient = None;
            self.quotient_failed_at = None;
        }
        let sequence = self.sequence.as_mut().expect("set above");
        sequence.extend_to(len);
        sequence
    }

    /// G of every heap size up to `position`'s largest heap.
    fn through_largest(&mut self, position: &HeapPosition) -> Vec<u32> {
        let largest = position.heaps.iter().copied().max().unwrap_or(0) as usize;
        self.sequence(&position.rule, largest + 1)
            .values(0..largest + 1)
    }

    /// Whether every heap of up to `largest` counters plays as a Nim heap
    /// of its value in misère play, checking the heaps not yet checked.
    fn nim_like_to(&mut self, rule: &Rule, largest: u32) -> bool {
        if largest > NIM_LIKE_LIMIT {
            return false;
        }
        self.sequence(rule, largest as usize + 1);
        let sequence = self.sequence.as_mut().expect("set above");
        let check = &mut self.nim_like;
        while check.failure.is_none() && check.passed <= largest {
            let n = check.passed;
            let options: Vec<(u32, bool)> = sequence
                .options(n as usize)
                .into_iter()
                .map(|o| {
                    let firm = o.leaves.iter().any(|&h| sequence.known(h) >= 2);
                    (o.value, firm)
                })
                .collect();
            match heaps::nim_like_failure(sequence.known(n as usize), &options) {
                Some(why) => check.failure = Some((n, why)),
                None => check.passed += 1,
            }
        }
        largest < check.passed
    }

    /// The misère quotient of `rule` covering heaps of up to `largest`,
    /// grown within `units` of work from the one held (at first the one
    /// shipped, if any) when that does not.
    /// Heaps past [`MAX_QUOTIENT_HEAP`] are covered only by a quotient
    /// proved periodic by then.
    fn quotient_to(&mut self, rule: &Rule, largest: u32, units: u64) -> Option<&Quotient> {
        // An engine built without them searches every misère position.
        if !cfg!(feature = "quotients") {
            return None;
        }
        self.sequence(rule, 0);
        let covers = |quotient: &Option<Quotient>| {
            quotient
                .as_ref()
                .is_some_and(|q| q.covered_heap(largest).is_some())
        };
        if !covers(&self.quotient) {
            let bound = largest.clamp(1, MAX_QUOTIENT_HEAP);
            if self.quotient_failed_at.is_some_and(|h| bound >= h) {
                return None;
            }
            // A shipped quotient stands for the one grown to its heap: cut
            // down to the heaps asked for, as growing would stop there, or
            // grown on from its heap where it is not the last.
            if let Some(Shipped {
                quotient: shipped,
                last,
            }) = Quotient::shipped(rule)
            {
                if last {
                    self.quotient_failed_at = Some(shipped.max_heap + 1);
                }
                if bound < shipped.max_heap {
                    self.quotient = Some(shipped.restricted(bound));
                } else if (self.quotient.as_ref()).is_none_or(|q| q.max_heap < shipped.max_heap) {
                    self.quotient = Some(shipped);
                }
                if covers(&self.quotient) {
                    return self.quotient.as_ref();
                }
                if last {
                    return None;
                }
            }
            let budget = Budget::new(units);
            let grown = match &self.quotient {
                Some(smaller) if smaller.max_heap >= bound => return None,
                Some(smaller) => smaller.extended(bound, &budget),
                None => Quotient::covering(rule, bound, &budget),
            };
            match grown {
                Ok(found) => self.quotient = Some(found),
                // What was grown before it stopped still serves smaller
                // heaps; past it, positions are searched, and no later
                // analysis spends a budget on the rule's quotient again:
                // play only shrinks heaps, and would otherwise grow it
                // afresh at every move.
                Err(stopped) => {
                    if let Some(reached) = stopped.reached {
                        self.quotient = Some(*reached);
                    }
                    let next = self.quotient.as_ref().map_or(1, |q| q.max_heap + 1);
                    self.quotient_failed_at = Some(next);
                }
            }
            if !covers(&self.quotient) {
                return None;
            }
        }
        self.quotient.as_ref()
    }

    /// The rule, the first values and the period, for the panel.
    fn facts(&mut self, rule: &Rule) -> Vec<Fact> {
        let sequence = self.sequence(rule, 0);
        let first: Vec<String> = {
            sequence.extend_to(24);
            sequence.values(0..24).iter().map(u32::to_string).collect()
        };
        let sequence = self.sequence.as_mut().expect("set above");
        if self.period.is_none() {
            self.period = Some(search_period(sequence));
        }
        let period = match (rule, self.period.flatten()) {
            (Rule::Grundy, _) => "none known; values are computed as far as needed".to_string(),
            (_, Some(p)) => format!("{} from n = {} (proved)", p.period, p.preperiod),
            (_, None) => format!("not proved within {} values", sequence.len()),
        };
        self.nim_like_to(rule, MAX_PLAYABLE_COUNTERS);
        let misere = match &self.nim_like.failure {
            Some((n, why)) => {
                format!(
                    "a heap of {n} is not a Nim heap: {why}; positions are decided by the \
                     misère quotient where one is found, and otherwise searched down to the \
                     positions it decides"
                )
            }
            None => format!(
                "heaps of up to {} play as Nim heaps of their values (Bouton's rule)",
                counted(self.nim_like.passed as usize - 1, "counter")
            ),
        };
        vec![
            Fact {
                label: "G(0), G(1), …".into(),
                value: format!("{} …", first.join(" ")),
                play: None,
            },
            Fact {
                label: "Period".into(),
                value: period,
                play: None,
            },
            Fact {
                label: "Misère".into(),
                value: misere,
                play: Some(Convention::Misere),
            },
        ]
    }
}

impl<F: HeapFamily> HeapGame<F> {
    pub fn parse(&self, text: &str) -> Result<Vec<HeapPosition>, GameError> {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        let (rule, heaps_text, first_line) = match text.split_once('\n') {
            _ if !F::RULE_LINE => (fixed_rule::<F>(), text, 1),
            Some((line, rest)) => (read_rule::<F>(line)?, rest, 2),
            None => (read_rule::<F>(text)?, "", 2),
        };
        let heaps = read_heaps(heaps_text, first_line)?;
        Ok(vec![HeapPosition {
            rule: Rc::new(rule),
            heaps,
        }])
    }

    pub fn format(&self, position: &HeapPosition) -> String {
        write_position(F::RULE_LINE.then_some(&position.rule), &position.heaps)
    }

    pub fn nimber(&mut self, position: &HeapPosition) -> Nimber {
        let g = self.known.through_largest(position);
        heap_values(&position.heaps, &g).into_iter().sum()
    }

    pub fn analyse(&mut self, position: &HeapPosition) -> Analysis {
        let g = self.known.through_largest(position);
        let noun = F::noun(&position.rule);
        let (components, moves) = heaps_analysis(
            position,
            &g,
            F::runs,
            noun,
            &|heap, size, take, left, right| F::label(noun, heap, size, take, left, right),
        );
        let mut analysis =
            Analysis::new(F::board(&position.rule, &position.heaps), components, moves);
        analysis.facts = self.known.facts(&position.rule);
        analysis
    }

    pub fn play(
        &mut self,
        position: &HeapPosition,
        move_id: u32,
    ) -> Result<HeapPosition, GameError> {
        let (index, left, right) =
            self.moves
                .of(&position.rule)
                .locate(&position.heaps, move_id, F::runs)?;
        let mut heaps = Vec::with_capacity(position.heaps.len() + 1);
        heaps.extend_from_slice(&position.heaps[..index]);
        heaps.extend([left, right].into_iter().filter(|&h| h > 0));
        heaps.extend_from_slice(&position.heaps[index + 1..]);
        Ok(HeapPosition {
            rule: position.rule.clone(),
            heaps,
        })
    }

    pub fn edit(
        &mut self,
        position: &HeapPosition,
        edit: &Edit,
    ) -> Result<HeapPosition, GameError> {
        let mut next = position.clone();
        match edit {
            &Edit::SetHeap { index, size } => {
                let index = index as usize;
                if size > MAX_PLAYABLE_COUNTERS {
                    return Err(GameError::new(format!(
                        "a heap can hold at most {MAX_PLAYABLE_COUNTERS} counters here"
                    )));
                }
                if index < next.heaps.len() {
                    next.heaps[index] = size;
                } else if index == next.heaps.len() && next.heaps.len() < MAX_HEAPS {
                    next.heaps.push(size);
                } else {
                    return Err(GameError::new(format!(
                        "there can be at most {MAX_HEAPS} heaps"
                    )));
                }
            }
            &Edit::RemoveHeap { index } => {
                if index as usize >= next.heaps.len() {
                    return Err(GameError::new(format!("there is no heap {}", index + 1)));
                }
                next.heaps.remove(index as usize);
            }
            &Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let largest = 1 + (density.clamp(0.0, 1.0) * 19.0) as usize;
                let count = 2 + rng.below(3);
                next.heaps = (0..count).map(|_| 1 + rng.below(largest) as u32).collect();
            }
            Edit::SetRule { rule } if F::RULE_LINE => {
                next.rule = Rc::new(F::parse_rule(rule.trim()).map_err(|(column, message)| {
                    GameError::new(format!("character {column} of the rule: {message}"))
                })?);
            }
            _ => return Err(unsupported_edit(F::info().name, edit)),
        }
        Ok(next)
    }

    pub fn check_playable(&self, position: &HeapPosition) -> Result<(), GameError> {
        match position
            .heaps
            .iter()
            .position(|&h| h > MAX_PLAYABLE_COUNTERS)
        {
            Some(index) => Err(GameError::new(format!(
                "heap {} has {} counters; the playground draws heaps of up to \
                 {MAX_PLAYABLE_COUNTERS} (`grundy solve {}` takes up to {MAX_HEAP}, and \
                 the sequence explorer computes G as far as you ask)",
                index + 1,
                position.heaps[index],
                F::info().id
            ))),
            None => Ok(()),
        }
    }
}

/// The misère report of some heaps from a quotient covering every one:
/// the position's element, and each move (numbered as the analysis
/// numbers them) that leaves an element of the P-portion.
fn quotient_report(position: &HeapPosition, quotient: &Quotient, runs: Runs) -> MisereReport {
    let covers = "the quotient covers every heap";
    let heaps = &position.heaps;
    let element = quotient.element(heaps).expect(covers);
    let parts = heaps
        .iter()
        .map(|&h| quotient.element(&[h]).expect(covers))
        .collect();
    let mut winning = Vec::new();
    let mut afters = Vec::new();
    let mut id = 0;
    for (index, &size) in heaps.iter().enumerate() {
        let others = [&heaps[..index], &heaps[index + 1..]].concat();
        let others = quotient.element(&others).expect(covers);
        for (_, left, right) in placements(&runs(&position.rule, size), size) {
            let leaves: Vec<u32> = [left, right].into_iter().filter(|&h| h > 0).collect();
            let after = quotient.times(others, &leaves).expect(covers);
            if quotient.is_lost(after) {
                winning.push(id);
            }
            afters.push(after);
            id += 1;
        }
    }
    let lost = quotient.is_lost(element);
    MisereReport {
        outcome: Some(if lost {
            Outcome::Previous
        } else {
            Outcome::Next
        }),
        winning,
        explored: 0,
        method: format!(
            "by {}, this position is {}, {} the P-portion",
            quotient.name(),
            quotient.words[element as usize],
            if lost { "in" } else { "not in" }
        ),
        quotient: Some(quotient.summary(crate::quotient::MAX_TABLE)),
        element: Some(element),
        parts,
        afters,
    }
}

/// Each heap size's moves under the rule last played, listed once: a
/// search counts and plays moves millions of times. Sizes from
/// [`TABLED_SIZES`] on are listed afresh each time, as one heap of 2²⁰ in a
/// search is refused long before its size's table would pay.
#[derive(Default)]
struct MoveTable {
    rule: Option<Rc<Rule>>,
    /// How many moves each size below the table's length has, and its runs.
    sizes: Vec<(u32, Vec<Run>)>,
    /// For each size below [`REPEATS_TABLED`] in `sizes`, which of its moves
    /// leave the same heaps as an earlier one (the mirror image of a move,
    /// mostly): a search plays only the first.
    repeats: Vec<Vec<bool>>,
}

const TABLED_SIZES: usize = 1 << 12;
/// Sizes whose repeated moves are marked: their marks take a byte a move,
/// and searches reach only small heaps.
const REPEATS_TABLED: usize = 1 << 8;

impl MoveTable {
    /// The table of `rule`, emptied first if it held another rule's moves.
    fn of(&mut self, rule: &Rc<Rule>) -> &mut MoveTable {
        if self
            .rule
            .as_ref()
            .is_some_and(|known| Rc::ptr_eq(known, rule))
        {
            return self;
        }
        // The same rule behind another pointer keeps the lists, and that
        // pointer, so that its next call is a pointer's comparison.
        if self.rule.as_ref().is_none_or(|known| known != rule) {
            self.sizes.clear();
            self.repeats.clear();
        }
        self.rule = Some(rule.clone());
        self
    }

    /// How many moves a heap of `size` has, in the table's rule.
    #[inline]
    fn count_of(&mut self, size: u32, runs: Runs) -> u32 {
        match self.sizes.get(size as usize) {
            Some(&(count, _)) => count,
            None => self.moves(size, runs).0,
        }
    }

    /// How many moves a heap of `size` has, and their runs, in the table's rule.
    fn moves(&mut self, size: u32, runs: Runs) -> (u32, Cow<'_, [Run]>) {
        let rule = self.rule.as_ref().expect("`of` sets the rule");
        let index = size as usize;
        if index >= TABLED_SIZES {
            let listed = runs(rule, size);
            return (move_count(&listed), Cow::Owned(listed));
        }
        while self.sizes.len() <= index {
            let listed = runs(rule, self.sizes.len() as u32);
            self.sizes.push((move_count(&listed), listed));
        }
        let (count, listed) = &self.sizes[index];
        (*count, Cow::Borrowed(listed))
    }

    /// The heap move `move_id` is played on, and its number among that
    /// heap's moves.
    fn heap_of(&mut self, heaps: &[u32], move_id: u32, runs: Runs) -> Option<(usize, u32)> {
        let (index, first) = self.heap_from(heaps, move_id, (0, 0), runs)?;
        Some((index, move_id - first))
    }

    /// The heap move `move_id` is played on and the number of that heap's
    /// first move, looking from `from`: a heap's index and its first
    /// move's number, at or before the move sought.
    fn heap_from(
        &mut self,
        heaps: &[u32],
        move_id: u32,
        (mut index, mut first): (usize, u32),
        runs: Runs,
    ) -> Option<(usize, u32)> {
        while let Some(&size) = heaps.get(index) {
            let count = self.count_of(size, runs);
            if move_id - first < count {
                return Some((index, first));
            }
            first += count;
            index += 1;
        }
        None
    }

    /// Whether move `move_id` leaves the same heaps as an earlier move:
    /// one on an earlier heap of the same size, or the same heap's move
    /// that leaves the same two parts.
    fn repeats(&mut self, heaps: &[u32], move_id: u32, runs: Runs) -> bool {
        self.heap_of(heaps, move_id, runs)
            .is_some_and(|(index, local)| self.repeats_at(heaps, index, local, runs))
    }

    /// Whether move `local` of heap `index` repeats an earlier move, as
    /// [`repeats`](Self::repeats) says.
    fn repeats_at(&mut self, heaps: &[u32], index: usize, local: u32, runs: Runs) -> bool {
        let size = heaps[index];
        if heaps[..index].contains(&size) {
            return true;
        }
        let size = size as usize;
        if size >= REPEATS_TABLED {
            return false;
        }
        while self.repeats.len() <= size {
            let marks = self.mark_repeats(self.repeats.len() as u32, runs);
            self.repeats.push(marks);
        }
        self.repeats[size][local as usize]
    }

    /// Marks the moves of a heap of `size` whose two parts an earlier
    /// move left too, in either order.
    fn mark_repeats(&mut self, size: u32, runs: Runs) -> Vec<bool> {
        let mut seen = FastMap::default();
        placements(&self.moves(size, runs).1, size)
            .map(|(_, left, right)| {
                seen.insert((left.min(right), left.max(right)), ())
                    .is_some()
            })
            .collect()
    }

    fn count(&mut self, heaps: &[u32], runs: Runs) -> u32 {
        heaps.iter().map(|&size| self.count_of(size, runs)).sum()
    }

    /// The heap a move is played on, and the counters it leaves before and
    /// after the ones it takes.
    fn locate(
        &mut self,
        heaps: &[u32],
        move_id: u32,
        runs: Runs,
    ) -> Result<(usize, u32, u32), GameError> {
        let (index, local) = self
            .heap_of(heaps, move_id, runs)
            .ok_or_else(|| unknown_move(move_id))?;
        let (left, right) = self.placement(heaps[index], local, runs);
        Ok((index, left, right))
    }

    /// Pushes onto `out`, each plus `first`, the moves of `heaps` that
    /// change the nimber by `change`, given each size's nimber in `values`;
    /// returns how many moves it looked at, every move of every heap.
    /// Out of the walk, so that every family shares one copy.
    fn moves_changing_nimber(
        &mut self,
        heaps: &[u32],
        values: &[u32],
        change: u32,
        runs: Runs,
        (first, out): (u32, &mut Vec<u32>),
    ) -> usize {
        let mut id = first;
        for &size in heaps {
            let wanted = change ^ values[size as usize];
            let (count, runs) = self.moves(size, runs);
            for (local, (_, left, right)) in placements(&runs, size).enumerate() {
                if values[left as usize] ^ values[right as usize] == wanted {
                    out.push(id + local as u32);
                }
            }
            id += count;
        }
        (id - first) as usize
    }

    /// The counters move `local` of a heap of `size` leaves before and
    /// after the ones it takes; `local` is below the heap's move count.
    fn placement(&mut self, size: u32, mut local: u32, runs: Runs) -> (u32, u32) {
        for run in self.moves(size, runs).1.iter() {
            let count = run.lefts.len() as u32;
            if local < count {
                let (_, left, right) = run.placement(size, local);
                return (left, right);
            }
            local -= count;
        }
        unreachable!("a move's number is below its heap's move count")
    }
}

/// Moves that take `take` counters from a heap, leaving `left` before them
/// for each `left` in `lefts`, and the rest after. A heap of 2²⁰ can have
/// tens of millions of moves, which a search counts and finds a move among
/// without listing them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub take: u32,
    pub lefts: Range<u32>,
}

impl Run {
    /// Move `index` of the run on a heap of `size`, as (take, left, right).
    fn placement(&self, size: u32, index: u32) -> (u32, u32, u32) {
        let left = self.lefts.start + index;
        (self.take, left, size - self.take - left)
    }
}

/// Every move of a heap of `size`, as (take, left, right), from its runs.
pub fn placements(runs: &[Run], size: u32) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
    runs.iter()
        .flat_map(move |run| (0..run.lefts.len() as u32).map(move |i| run.placement(size, i)))
}

/// Each move of some heaps, as the heap it plays and the values of the
/// heaps it leaves there, given G of every size up to the largest.
fn option_values(position: &HeapPosition, g: &[u32], runs: Runs) -> Vec<(usize, Vec<u32>)> {
    let mut options = Vec::new();
    for (index, &size) in position.heaps.iter().enumerate() {
        for (_, left, right) in placements(&runs(&position.rule, size), size) {
            let leaves = [left, right].into_iter().filter(|&h| h > 0);
            options.push((index, leaves.map(|h| g[h as usize]).collect()));
        }
    }
    options
}

/// How many moves some runs hold, counted without listing them.
fn move_count(runs: &[Run]) -> u32 {
    runs.iter().map(|run| run.lefts.len() as u32).sum()
}

/// A family's moves of a heap of `size`.
type Runs = fn(&Rule, u32) -> Vec<Run>;

/// The components and moves of some heaps, given G of every size up to
/// the largest. Written once rather than per family, each family lending
/// its moves and how they are said.
fn heaps_analysis(
    position: &HeapPosition,
    g: &[u32],
    runs: Runs,
    noun: &str,
    label: &dyn Fn(usize, u32, u32, u32, u32) -> String,
) -> (Vec<Component>, Vec<MoveInfo>) {
    let values = heap_values(&position.heaps, g);
    let total: Nimber = values.iter().copied().sum();
    let components = heap_components(&position.heaps, &values, noun);
    let mut moves = Vec::new();
    for (index, &size) in position.heaps.iter().enumerate() {
        for (take, left, right) in placements(&runs(&position.rule, size), size) {
            let parts: Vec<Nimber> = [left, right]
                .into_iter()
                .filter(|&h| h > 0)
                .map(|h| Nimber(g[h as usize]))
                .collect();
            let after = total ^ values[index] ^ parts.iter().copied().sum();
            moves.push(MoveInfo {
                id: moves.len() as u32,
                label: label(index, size, take, left, right),
                component: index as u32,
                anchor: Region::Cells {
                    cells: vec![[index as u32, left]],
                },
                variant: Some(take.to_string()),
                footprint: Region::Rect {
                    row: index as u32,
                    col: left,
                    rows: 1,
                    // A split without taking moves the counters after it.
                    cols: if take == 0 { right } else { take },
                },
                parts,
                after,
                loopy: None,
            });
        }
    }
    (components, moves)
}

/// The value of each heap, from G of every size up to the largest.
fn heap_values(heaps: &[u32], g: &[u32]) -> Vec<Nimber> {
    heaps.iter().map(|&h| Nimber(g[h as usize])).collect()
}

/// The heap sizes after the rule, whose first line is line `first_line`.
fn read_heaps(text: &str, first_line: usize) -> Result<Vec<u32>, GameError> {
    let mut scanner = Scanner::new(text);
    let mut heaps = Vec::new();
    while let Some(token) = scanner.peek() {
        let token = crate::input::Token {
            line: token.line + first_line - 1,
            ..token
        };
        if heaps.len() == MAX_HEAPS {
            return Err(token.error(format!("at most {MAX_HEAPS} heaps are allowed")));
        }
        heaps.push(parse_number(
            &token,
            format_args!("heap {}", heaps.len() + 1),
            0,
            MAX_HEAP,
        )?);
        scanner.token("a heap")?;
    }
    Ok(heaps)
}

/// The rule line of a family that has one, or the error located on line 1.
fn read_rule<F: HeapFamily>(line: &str) -> Result<Rule, GameError> {
    let trimmed = line.trim_end_matches('\r');
    let start = trimmed.len() - trimmed.trim_start().len();
    F::parse_rule(trimmed.trim())
        .map_err(|(column, message)| GameError::at(1, start + column, message))
}

/// The rule of a family without a rule line.
fn fixed_rule<F: HeapFamily>() -> Rule {
    F::parse_rule("").expect("a family without a rule line reads the empty rule")
}

/// A position's text: the rule line, if the family writes one, and the
/// heaps. Written into one string, since searches write one per position
/// they reach.
fn write_position(rule: Option<&Rule>, heaps: &[u32]) -> String {
    let mut out = String::with_capacity(8 * heaps.len() + 16);
    if let Some(rule) = rule {
        out.push_str(&rule_line(rule));
        out.push('\n');
    }
    for (index, size) in heaps.iter().enumerate() {
        let separator = if index > 0 { " " } else { "" };
        let _ = write!(out, "{separator}{size}");
    }
    out.push('\n');
    out
}

/// The rule as line 1 writes it.
fn rule_line(rule: &Rule) -> String {
    match rule {
        Rule::Subtraction(set) => set.to_string(),
        other => other.to_string(),
    }
}

impl<F: HeapFamily> Game for HeapGame<F> {
    type Position = HeapPosition;
    const CASE_PREFIX: bool = false;
    /// A move is found by counting each heap's moves.
    const WORK_PER_MOVE_LISTED: usize = 0;

    fn info() -> GameInfo {
        F::info()
    }
    fn parse(&self, text: &str) -> Result<Vec<HeapPosition>, GameError> {
        HeapGame::parse(self, text)
    }
    fn format(&self, position: &HeapPosition) -> String {
        HeapGame::format(self, position)
    }
    fn analyse(&mut self, position: &HeapPosition) -> Analysis {
        HeapGame::analyse(self, position)
    }
    fn nimber(&mut self, position: &HeapPosition) -> Nimber {
        HeapGame::nimber(self, position)
    }
    fn play(&mut self, position: &HeapPosition, move_id: u32) -> Result<HeapPosition, GameError> {
        HeapGame::play(self, position, move_id)
    }
    fn edit(&mut self, position: &HeapPosition, edit: &Edit) -> Result<HeapPosition, GameError> {
        HeapGame::edit(self, position, edit)
    }
    fn check_playable(&mut self, position: &HeapPosition) -> Result<(), GameError> {
        HeapGame::check_playable(self, position)
    }
    fn option_count(&mut self, position: &HeapPosition) -> u32 {
        self.moves
            .of(&position.rule)
            .count(&position.heaps, F::runs)
    }
    fn repeats_earlier_move(&mut self, position: &HeapPosition, move_id: u32) -> bool {
        self.moves
            .of(&position.rule)
            .repeats(&position.heaps, move_id, F::runs)
    }
    /// The heaps the move left, which take the played heap's place (heaps
    /// after it shift along); none if it took the whole heap.
    fn last_move(&mut self, before: &HeapPosition, move_id: u32, footprint: Region) -> Region {
        match self
            .moves
            .of(&before.rule)
            .locate(&before.heaps, move_id, F::runs)
        {
            Ok((index, left, right)) => {
                let left_over = [left, right].iter().filter(|&&h| h > 0).count();
                Region::Items {
                    items: (index..index + left_over).map(|i| i as u32).collect(),
                }
            }
            Err(_) => footprint,
        }
    }
    fn misere_closed_form(
        &mut self,
        position: &HeapPosition,
        budget: &SearchBudget,
    ) -> Option<MisereReport> {
        let largest = position.heaps.iter().copied().max().unwrap_or(0);
        if !self.known.nim_like_to(&position.rule, largest) {
            if largest > NIM_LIKE_LIMIT {
                return None;
            }
            let quotient = self
                .known
                .quotient_to(&position.rule, largest, budget.quotient)?;
            return Some(quotient_report(position, quotient, F::runs));
        }
        let g = self.known.through_largest(position);
        let values: Vec<u32> = position.heaps.iter().map(|&h| g[h as usize]).collect();
        let moves = option_values(position, &g, F::runs);
        Some(heaps::nim_like_report(&values, moves, largest))
    }
    fn canonical(&self, position: &HeapPosition) -> String {
        write_position(
            F::RULE_LINE.then_some(&position.rule),
            &sorted_heaps(&position.heaps),
        )
    }
    /// The heaps alone: every position a search reaches shares the rule.
    fn write_key(&self, position: &HeapPosition, key: &mut KeyHasher) {
        heaps::write_key(&position.heaps, key);
    }
    fn walk<'a>(&'a mut self, position: HeapPosition) -> Box<dyn Walk + 'a>
    where
        HeapPosition: 'a,
    {
        Box::new(HeapWalk::new(self, position))
    }
}

/// A search's walk through heap positions, played in place: a move
/// rewrites the one heap it is played on, as `play` would, and the key's
/// sum and the move count change by that heap alone; leaving undoes it.
struct HeapWalk<'a, F: HeapFamily> {
    game: &'a mut HeapGame<F>,
    rule: Rc<Rule>,
    heaps: Vec<u32>,
    /// The heaps as the key writes them.
    sum: UnorderedSum,
    moves: u32,
    /// Each heap size's nimber through the largest heap (moves only make
    /// heaps smaller), for a search to order its moves by; none past
    /// [`TABLED_SIZES`], where a heap has too many moves to look through.
    values: Option<Vec<u32>>,
    /// Where the last move asked about was: the heap's index and the
    /// number of the heap's first move. A search asks about moves in
    /// order, so the next is found from there.
    cursor: (usize, u32),
    /// Each move on the path: the position's cursor, the heap's index and
    /// size before it, how many heaps it left there, and the sum and move
    /// count before it.
    path: Vec<Step>,
}

struct Step {
    cursor: (usize, u32),
    index: usize,
    size: u32,
    left: usize,
    sum: UnorderedSum,
    moves: u32,
}

impl<'a, F: HeapFamily> HeapWalk<'a, F> {
    fn new(game: &'a mut HeapGame<F>, position: HeapPosition) -> HeapWalk<'a, F> {
        let moves = game.option_count(&position);
        let largest = position.heaps.iter().copied().max().unwrap_or(0) as usize;
        let values = (largest < TABLED_SIZES).then(|| game.known.through_largest(&position));
        HeapWalk {
            values,
            game,
            rule: position.rule,
            sum: heaps::key_sum(&position.heaps),
            heaps: position.heaps,
            moves,
            cursor: (0, 0),
            path: Vec::new(),
        }
    }

    /// The heap move `id` is played on, and its number among that heap's
    /// moves.
    fn heap_of(&mut self, id: u32) -> Result<(usize, u32), GameError> {
        let from = if id < self.cursor.1 {
            (0, 0)
        } else {
            self.cursor
        };
        let table = self.game.moves.of(&self.rule);
        let (index, first) = table
            .heap_from(&self.heaps, id, from, F::runs)
            .ok_or_else(|| unknown_move(id))?;
        self.cursor = (index, first);
        Ok((index, id - first))
    }
}

impl<F: HeapFamily> Walk for HeapWalk<'_, F> {
    fn key(&self, key: &mut KeyHasher) {
        key.write_sum(&self.sum);
    }
    fn analysis(&mut self) -> Analysis {
        let position = HeapPosition {
            rule: self.rule.clone(),
            heaps: self.heaps.clone(),
        };
        self.game.analyse(&position)
    }
    fn text(&self) -> Option<String> {
        Some(write_position(
            F::RULE_LINE.then_some(&self.rule),
            &self.heaps,
        ))
    }
    fn moves(&mut self) -> u32 {
        self.moves
    }
    fn nimber(&mut self) -> Option<u32> {
        let values = self.values.as_ref()?;
        Some(
            self.heaps
                .iter()
                .fold(0, |sum, &h| sum ^ values[h as usize]),
        )
    }
    fn moves_changing_nimber(&mut self, change: u32, first: u32, out: &mut Vec<u32>) -> usize {
        let Some(values) = &self.values else {
            return 0;
        };
        let table = self.game.moves.of(&self.rule);
        table.moves_changing_nimber(&self.heaps, values, change, F::runs, (first, out))
    }
    fn move_cost(&self) -> usize {
        <HeapGame<F> as Game>::WORK_PER_MOVE_LISTED
    }
    fn misere_wins(&mut self) -> Option<bool> {
        let quotient = self.game.known.quotient.as_ref()?;
        if quotient.rule != *self.rule {
            return None;
        }
        let element = quotient.element(&self.heaps)?;
        Some(!quotient.is_lost(element))
    }
    fn misere_known_by(&self) -> Option<String> {
        Some(self.game.known.quotient.as_ref()?.name())
    }
    fn repeats(&mut self, id: u32) -> bool {
        self.heap_of(id).is_ok_and(|(index, local)| {
            self.game
                .moves
                .of(&self.rule)
                .repeats_at(&self.heaps, index, local, F::runs)
        })
    }
    fn enter(&mut self, id: u32) -> Result<(), GameError> {
        let (index, local) = self.heap_of(id)?;
        let size = self.heaps[index];
        let table = self.game.moves.of(&self.rule);
        let (left, right) = table.placement(size, local, F::runs);
        let parts = [left, right].into_iter().filter(|&h| h > 0);
        self.path.push(Step {
            cursor: self.cursor,
            index,
            size,
            left: parts.clone().count(),
            sum: self.sum,
            moves: self.moves,
        });
        self.cursor = (0, 0);
        self.sum.remove(u64::from(size));
        self.moves -= table.count_of(size, F::runs);
        let mut at = index;
        for part in parts {
            self.sum.add(u64::from(part));
            self.moves += table.count_of(part, F::runs);
            if at == index {
                self.heaps[at] = part;
            } else {
                self.heaps.insert(at, part);
            }
            at += 1;
        }
        if at == index {
            self.heaps.remove(index);
        }
        Ok(())
    }
    fn leave(&mut self) {
        let Some(step) = self.path.pop() else {
            return;
        };
        let Step { index, size, .. } = step;
        match step.left {
            0 => self.heaps.insert(index, size),
            1 => self.heaps[index] = size,
            _ => {
                self.heaps[index] = size;
                self.heaps.remove(index + 1);
            }
        }
        self.cursor = step.cursor;
        self.sum = step.sum;
        self.moves = step.moves;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_quotient_answers_without_work() {
        // Dawson's Kayles: 638 elements to heap 33, seconds of growing.
        let rule = Rule::parse_name("0.07").unwrap();
        let mut known = RuleValues::default();
        let reached = |q: &Quotient| (q.max_heap, q.size());
        assert_eq!(
            known.quotient_to(&rule, 33, 0).map(reached),
            Some((33, 638))
        );
        // Past it the construction finds none, and is not tried; smaller
        // heaps are still answered by it.
        assert!(known.quotient_to(&rule, 34, 0).is_none());
        assert_eq!(
            known.quotient_to(&rule, 20, 0).map(reached),
            Some((33, 638))
        );
        // Asked first for smaller heaps, it is cut down to them, as growing
        // it would have stopped there.
        let mut fresh = RuleValues::default();
        assert_eq!(fresh.quotient_to(&rule, 20, 0).map(reached), Some((20, 24)));
        assert_eq!(
            fresh.quotient_to(&rule, 30, 0).map(reached),
            Some((30, 360))
        );
    }

    #[test]
    fn a_quotient_stopped_by_its_budget_keeps_the_heaps_it_reached() {
        const ANALYSIS: u64 = crate::search::PLAYGROUND_BUDGET.quotient;
        // 0.37: 304 elements to heap 15, which is as far as an analysis's
        // budget grows it.
        let rule = Rule::parse_name("0.37").unwrap();
        let mut known = RuleValues::default();
        assert!(known.quotient_to(&rule, 30, ANALYSIS).is_none());
        let reached = known.quotient.as_ref().map(|q| q.max_heap);
        assert!(
            reached.is_some_and(|heap| (10..30).contains(&heap)),
            "{reached:?}"
        );
        assert_eq!(known.quotient_failed_at, reached.map(|heap| heap + 1));
        // Smaller heaps are answered by what was reached; larger ones are
        // not tried again.
        let heap = reached.unwrap();
        assert_eq!(
            known.quotient_to(&rule, heap, ANALYSIS).map(|q| q.max_heap),
            Some(heap)
        );
        assert!(known.quotient_to(&rule, 30, ANALYSIS).is_none());
        assert_eq!(known.quotient.as_ref().map(|q| q.max_heap), Some(heap));
    }
}
