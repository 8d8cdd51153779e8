//! Misère quotients of heap games (Plambeck and Siegel). Restricted to
//! heaps of at most H, the positions of a heap game fall into finitely
//! many classes of positions no sum can tell apart under misère play;
//! the classes multiply like a commutative monoid, and a position is lost
//! for the player to move exactly when its class is in the P-portion.
//!
//! The quotient is grown one heap at a time. A candidate is a finite
//! automaton that reads a position heap by heap, its states the monoid's
//! elements, and nothing is trusted until the check below proves it right
//! for every position at once. For each new heap the candidates are, in
//! turn: the heap is an element the quotient already has; it and some old
//! heaps are free cyclic generators beside what the other heaps generate,
//! mended one wrong position at a time, the least first, as Siegel's
//! MisereSolver does (a new generator, and a heap that splits old classes
//! apart, are both found this way); and last, the automaton built from
//! exact outcomes, positions being the same element when no test position
//! added to them tells them apart, with more tests until the check
//! passes. The outcomes behind the first two kinds are worked out once per
//! state from one position that reaches it, which is cheap and, for a
//! right candidate, exact; the last kind searches whole positions.
//!
//! The check. For a position x, write q(x) for its element, D(x) for the
//! elements z such that some option x′ of x has q(x′)·z in the P-portion,
//! and m(x) for whether x has a move. Adding a heap h to x gives
//! q(x + h) = q(x)·h, m(x + h) = m(x) or h has a move, and
//! D(x + h) = {z : h·z ∈ D(x)} ∪ {z : q(x)·o·z lost, o an option of h}.
//! So the triples (q, D, m) reachable from the empty position are finitely
//! many and found by a search. If at each of them q is in the P-portion
//! exactly when m holds and 1 is not in D, then, by induction on the
//! positions, q(x) is in the P-portion exactly when x is lost, for every
//! position x. With the candidate reduced (no two elements alike in every
//! sum), it is the quotient. The triples found are kept from one heap to
//! the next while heaps act as old elements, so that each heap checks
//! only its own steps.

use crate::analysis::QuotientSummary;
use crate::fast_map::FastMap;
use crate::game::GameError;
use crate::sequence::{Rule, Sequence};
use std::cell::Cell;
use std::fmt::Write as _;

mod automaton;
mod proof;
mod shipped;
pub use shipped::Shipped;

use automaton::Automaton;
use proof::{Proof, MAX_CHECK_WORDS};

/// The most elements a quotient may have here.
pub const MAX_ELEMENTS: usize = 8192;
/// The most states a candidate may have before it is minimised.
const MAX_CANDIDATE_STATES: usize = 1 << 16;
/// The most states one check may reach before the quotient is refused.
pub const MAX_CHECK_STATES: usize = 400_000;

/// Work left to a computation, in units of about a nanosecond natively:
/// a quotient past it is refused rather than searched for longer.
pub struct Budget(Cell<u64>);

impl Budget {
    pub fn new(units: u64) -> Budget {
        Budget(Cell::new(units))
    }

    /// Whether it is all spent.
    fn is_spent(&self) -> bool {
        self.0.get() == 0
    }

    /// Spends `units`; false once none are left.
    fn spend(&self, units: u64) -> bool {
        let left = self.0.get();
        self.0.set(left.saturating_sub(units));
        left >= units
    }
}

/// About ten seconds natively: what `grundy quotient` spends at most
/// unless told otherwise.
pub const CLI_BUDGET: u64 = crate::budget::CLI_QUOTIENT_WORK;

/// The heaps a move leaves: up to two, 0 for none.
type Leaves = [u32; 2];

/// The work of one element's step in the search for a least failure, in
/// [`Budget`] units.
const STEP_WORK: u64 = 3;
/// Outcomes of positions worked out once per state of a candidate: a
/// position is lost when it has a move and none of its options is lost,
/// each option's outcome being its state's, found from the first position
/// that reached that state. Where the states are the quotient's elements
/// this is every position's outcome; elsewhere it may be wrong, and the
/// check refuses the candidate it builds.
struct Interpolation<'a, F> {
    options: &'a [Vec<Leaves>],
    /// A position's state, from its heaps.
    state_of: F,
    memo: FastMap<State, bool>,
    /// The work of the moves looked at, in [`Budget`] units: each
    /// position reached is written out and its state found, heap by heap.
    work: u64,
}

impl<'a, F: Fn(&[u32]) -> State> Interpolation<'a, F> {
    fn new(options: &'a [Vec<Leaves>], state_of: F) -> Interpolation<'a, F> {
        Interpolation {
            options,
            state_of,
            memo: FastMap::default(),
            work: 0,
        }
    }

    /// Whether the player to move loses at `position` (heaps in any
    /// order). Every move takes counters, so the recursion ends.
    fn lost(&mut self, position: &[u32]) -> bool {
        let state = (self.state_of)(position);
        if let Some(&known) = self.memo.get(&state) {
            return known;
        }
        let mut moves = false;
        let mut wins = false;
        let mut next = Vec::with_capacity(position.len() + 1);
        'heaps: for i in 0..position.len() {
            if position[..i].contains(&position[i]) {
                continue;
            }
            for &leaves in &self.options[position[i] as usize] {
                moves = true;
                self.work += MOVE_WORK + HEAP_WORK * position.len() as u64;
                next.clear();
                next.extend(
                    position
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &h)| h),
                );
                next.extend(leaves.iter().copied().filter(|&h| h > 0));
                if self.lost(&next) {
                    wins = true;
                    break 'heaps;
                }
            }
        }
        let lost = moves && !wins;
        self.memo.insert(state, lost);
        lost
    }
}

/// The outcomes of each old element times x^i, x the new heap, for i
/// below [`CHECKED_POWERS`], interpolated as though x split no old class
/// (exact when it splits none): what a candidate must give before it is
/// checked.
struct Powers {
    /// A position of fewest heaps for each old element.
    shortest: Vec<Vec<u32>>,
    /// The old quotient's size.
    elements: usize,
    /// `lost[i * elements + q]`: element q times x^i.
    lost: Vec<bool>,
}

/// The work of looking at one move in an [`Interpolation`], in [`Budget`]
/// units, and more for each heap of the position it is played in.
const MOVE_WORK: u64 = 20;
const HEAP_WORK: u64 = 2;

impl Powers {
    fn of(known: &Automaton, options: &[Vec<Leaves>], budget: &Budget) -> Option<Powers> {
        let x = options.len() as u32 - 1;
        // The element of the old heaps, and the copies of x.
        let state_of = |position: &[u32]| {
            let old = position
                .iter()
                .filter(|&&h| h != x)
                .fold(0, |q, &h| known.times_heap(q, h));
            [old, position.iter().filter(|&&h| h == x).count() as u32, 0]
        };
        let mut interpolation = Interpolation::new(options, state_of);
        let shortest = known.shortest_positions();
        let lost = (0..CHECKED_POWERS)
            .flat_map(|i| shortest.iter().map(move |position| (i, position)))
            .map(|(i, position)| {
                let mut with_copies = position.clone();
                with_copies.extend(std::iter::repeat_n(x, i as usize));
                interpolation.lost(&with_copies)
            })
            .collect();
        budget.spend(interpolation.work).then_some(Powers {
            shortest,
            elements: known.size(),
            lost,
        })
    }

    /// Whether the old quotient with x acting as `times_x` does (an old
    /// element times x) and its outcomes `lost` gives every outcome here.
    fn given_by(&self, lost: &[bool], times_x: impl Fn(u32) -> u32) -> bool {
        (0..self.elements).all(|q| {
            let mut e = q as u32;
            (0..CHECKED_POWERS as usize).all(|i| {
                let right = lost[e as usize] == self.lost[i * self.elements + q];
                e = times_x(e);
                right
            })
        })
    }
}

/// The quotient with one more heap, `options.len() - 1`, when that heap
/// acts as an element the quotient `known` already has. Such a heap
/// splits no old class, so `powers` holds exact outcomes; candidates that
/// give them all are checked by extending `proof`, the check of `known`
/// so far.
fn as_known_element(
    known: &Automaton,
    powers: &Powers,
    proof: &mut Proof,
    options: &[Vec<Leaves>],
    budget: &Budget,
) -> Option<Automaton> {
    powers
        .shortest
        .iter()
        .filter(|like| {
            // Most are told apart by the first few powers of a few elements.
            let products = Cell::new(0);
            let given = powers.given_by(&known.lost, |e| {
                products.set(products.get() + like.len() as u64);
                known.times_heaps(e, like)
            });
            budget.spend(products.get()) && given
        })
        .map(|like| known.with_heap_as(like))
        .find(|candidate| proof.extend(candidate, options, 8 * known.size() + 1024, budget))
}

/// Every position of heaps of 1 … `largest` counters with at most `total`
/// counters in all, each sorted largest first.
fn small_positions(largest: u32, total: u32) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    let mut start = 0;
    while start < out.len() {
        let end = out.len();
        for i in start..end {
            let position = out[i].clone();
            let used: u32 = position.iter().sum();
            let cap = position.last().copied().unwrap_or(largest).min(largest);
            for h in 1..=cap.min(total - used) {
                let mut next = position.clone();
                next.push(h);
                out.push(next);
            }
        }
        start = end;
    }
    out
}

/// Positions of up to `copies` copies of heap `heap` beside old heaps of
/// at most `total` counters in all, as (copies, old heaps), the empty
/// position first.
fn test_positions(heap: u32, copies: u32, total: u32) -> Vec<(u32, Vec<u32>)> {
    let old = small_positions(heap - 1, total);
    (0..=copies)
        .flat_map(|k| old.iter().map(move |z| (k, z.clone())))
        .collect()
}

/// Exact misère outcomes of copies of one new heap beside positions of
/// the old heaps, whose own outcomes the proved quotient `known` gives.
struct BesideHeap<'a> {
    known: &'a Automaton,
    budget: &'a Budget,
    options: &'a [Vec<Leaves>],
    heap: u32,
    memo: FastMap<(u32, Vec<u32>), bool>,
    /// Set once the memo outgrew [`MAX_EXACT_POSITIONS`]; outcomes are
    /// then meaningless and the caller gives up.
    exhausted: bool,
}

/// The work of looking up one exact outcome, in [`Budget`] units.
const LOOKUP_WORK: u64 = 200;
/// The work of one exact outcome, in [`Budget`] units.
const POSITION_WORK: u64 = 1000;

/// The most positions the exact outcomes behind a candidate may hold.
const MAX_EXACT_POSITIONS: usize = 1 << 20;

impl BesideHeap<'_> {
    fn new<'a>(
        known: &'a Automaton,
        options: &'a [Vec<Leaves>],
        budget: &'a Budget,
    ) -> BesideHeap<'a> {
        BesideHeap {
            known,
            budget,
            options,
            heap: options.len() as u32 - 1,
            memo: FastMap::default(),
            exhausted: false,
        }
    }

    /// Whether `copies` of the new heap beside `rest` (old heaps, largest
    /// first) is lost for the player to move.
    fn lost(&mut self, copies: u32, rest: &[u32]) -> bool {
        if copies == 0 {
            return self.known.lost[self.known.element(rest) as usize];
        }
        if !self.budget.spend(LOOKUP_WORK) {
            self.exhausted = true;
        }
        if let Some(&known) = self.memo.get(&(copies, rest.to_vec())) {
            return known;
        }
        if self.exhausted
            || self.memo.len() >= MAX_EXACT_POSITIONS
            || !self.budget.spend(POSITION_WORK)
        {
            self.exhausted = true;
            return false;
        }
        let heap_options = &self.options[self.heap as usize];
        let mut moves = !heap_options.is_empty();
        let mut wins = false;
        for &leaves in heap_options {
            let next = with_leaves(rest, leaves);
            if self.lost(copies - 1, &next) {
                wins = true;
                break;
            }
        }
        for i in 0..rest.len() {
            if wins {
                break;
            }
            if i > 0 && rest[i] == rest[i - 1] {
                continue;
            }
            for &leaves in &self.options[rest[i] as usize] {
                moves = true;
                let mut without = rest.to_vec();
                without.remove(i);
                if self.lost(copies, &with_leaves(&without, leaves)) {
                    wins = true;
                    break;
                }
            }
        }
        let lost = moves && !wins;
        self.memo.insert((copies, rest.to_vec()), lost);
        lost
    }
}

/// Heaps, largest first, with the heaps a move leaves added.
fn with_leaves(heaps: &[u32], leaves: Leaves) -> Vec<u32> {
    let mut next = heaps.to_vec();
    next.extend(leaves.iter().copied().filter(|&h| h > 0));
    next.sort_unstable_by(|a, b| b.cmp(a));
    next
}

/// How many powers of the new heap, from x^0, a candidate in which it is
/// an old element must get right before it is checked.
const CHECKED_POWERS: u32 = 20;

/// A state of a candidate before it is minimised: an element of the
/// quotient it is built on, then the exponent of each of its (at most
/// two) free cyclic generators.
type State = [u32; 3];

/// A heap that acts in a candidate as a free cyclic generator x, with
/// x^(index + period) = x^index, apart from the quotient it is added to.
#[derive(Clone, Copy, Debug)]
struct Cyclic {
    heap: u32,
    index: u32,
    period: u32,
}

/// The candidate in which the heaps of `cyclic` act as free cyclic
/// generators and every other heap as its element of `known`: its states
/// are an element of `known`, reached by the other heaps, and an exponent
/// of each generator, and their outcomes an [`Interpolation`]'s; the
/// candidate is then minimised. None past
/// [`MAX_ELEMENTS`] states or the budget.
fn cyclic_candidate(
    known: &Automaton,
    options: &[Vec<Leaves>],
    cyclic: &[Cyclic],
    budget: &Budget,
) -> Option<Automaton> {
    assert!(
        cyclic.len() < State::default().len(),
        "a state holds two exponents"
    );
    let heaps = options.len() - 1;
    let generator: Vec<Option<usize>> = (0..=heaps as u32)
        .map(|h| cyclic.iter().position(|c| c.heap == h))
        .collect();
    // A state: the element of `known`, then each generator's exponent.
    let step = |state: &mut State, heap: u32| match generator[heap as usize] {
        Some(j) => {
            let Cyclic { index, period, .. } = cyclic[j];
            let e = &mut state[j + 1];
            *e = if *e + 1 < index + period {
                *e + 1
            } else {
                index
            };
        }
        None => state[0] = known.times_heap(state[0], heap),
    };
    let state_of = |position: &[u32]| -> State {
        let mut state = [0; 3];
        for &h in position {
            step(&mut state, h);
        }
        state
    };
    let mut ids: FastMap<State, u32> = FastMap::default();
    let mut found: Vec<(State, Vec<u32>)> = vec![(state_of(&[]), Vec::new())];
    ids.insert(found[0].0, 0);
    let mut acts = Vec::new();
    let mut next = 0;
    while next < found.len() {
        for heap in 1..=heaps as u32 {
            let mut state = found[next].0;
            step(&mut state, heap);
            let fresh = found.len() as u32;
            let id = *ids.entry(state).or_insert(fresh);
            if id == fresh {
                if found.len() == MAX_CANDIDATE_STATES {
                    return None;
                }
                let mut position = found[next].1.clone();
                position.push(heap);
                found.push((state, position));
            }
            acts.push(id);
        }
        next += 1;
    }
    let mut interpolation = Interpolation::new(options, state_of);
    let lost: Vec<bool> = found
        .iter()
        .map(|(_, position)| interpolation.lost(position))
        .collect();
    if !budget.spend(interpolation.work + acts.len() as u64) {
        return None;
    }
    Automaton { heaps, acts, lost }
        .minimised(budget)
        .filter(|candidate| candidate.size() <= MAX_ELEMENTS)
}

/// Positions compared as MisereSolver orders them: by their largest
/// heap, then how many copies of it they have, then of each smaller heap
/// in turn. A position is kept as its number of copies of each heap.
fn word_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The heaps of a position kept as copies of each heap, largest first.
fn word_heaps(copies: &[u32]) -> Vec<u32> {
    (1..copies.len() as u32)
        .rev()
        .flat_map(|h| std::iter::repeat_n(h, copies[h as usize] as usize))
        .collect()
}

/// The search for the least position (in [`word_order`]) whose outcome
/// a candidate gets wrong. Mending a candidate at its least failure, as
/// MisereSolver does, mends it where the smallest heaps tell it wrong.
struct LeastFailure<'a> {
    candidate: &'a Automaton,
    /// For each heap, a move to each element its moves lead to.
    moves: Vec<Vec<Leaves>>,
    words: usize,
    /// For each element, the sets of elements that the moves of its
    /// positions met so far lead to, none inside another: a position of
    /// the element whose moves lead to all of one of them, and more,
    /// fails only where the one met did, and so are not searched.
    least_sets: Vec<Vec<Vec<u64>>>,
    /// The elements the candidate says are lost, as a bit set.
    lost: Vec<u64>,
    /// The words the least sets hold, all elements' together.
    held_words: usize,
    /// The candidate's [`columns`](Automaton::columns).
    columns: Vec<u32>,
    copies: Vec<u32>,
    /// The least failure found so far: the search stops there.
    bound: Option<Vec<u32>>,
    budget: &'a Budget,
}

impl<'a> LeastFailure<'a> {
    /// The least failure of `candidate`, as heaps, if it finds one
    /// within the budget.
    fn of(
        candidate: &'a Automaton,
        options: &[Vec<Leaves>],
        budget: &'a Budget,
    ) -> Option<Vec<u32>> {
        let moves = options[..=candidate.heaps]
            .iter()
            .map(|leaves| {
                let mut met = vec![false; candidate.size()];
                let mut to = leaves.clone();
                to.retain(|&l| {
                    !std::mem::replace(&mut met[candidate.times_leaves(0, l) as usize], true)
                });
                to
            })
            .collect();
        let words = candidate.size().div_ceil(64);
        let mut lost = vec![0u64; words];
        for e in (0..candidate.size()).filter(|&e| candidate.lost[e]) {
            lost[e / 64] |= 1 << (e % 64);
        }
        let mut search = LeastFailure {
            candidate,
            moves,
            words,
            least_sets: vec![Vec::new(); candidate.size()],
            lost,
            held_words: 0,
            columns: candidate.columns(),
            copies: vec![0; candidate.heaps + 1],
            bound: None,
            budget,
        };
        search.bound = search.least_lost_with_lost_move()?;
        let none = vec![0; search.words];
        search
            .won_without_lost_move(candidate.heaps, 0, &none)
            .then(|| search.bound.map(|copies| word_heaps(&copies)))
            .flatten()
    }

    /// Each element's least position, as copies of each heap.
    fn least_positions(&self) -> Option<Vec<Option<Vec<u32>>>> {
        let mut least = vec![None; self.candidate.size()];
        let mut copies = vec![0; self.candidate.heaps + 1];
        self.each_new_element(self.candidate.heaps, 0, &mut copies, &mut least)
            .then_some(least)
    }

    /// Walks the positions of heaps up to `heap` added to `copies`, whose
    /// element is `q`, in order, skipping those whose element an earlier
    /// one had; false past the budget.
    fn each_new_element(
        &self,
        heap: usize,
        q: u32,
        copies: &mut Vec<u32>,
        least: &mut [Option<Vec<u32>>],
    ) -> bool {
        if heap == 0 {
            least[q as usize].get_or_insert_with(|| copies.clone());
            return true;
        }
        if !self.each_new_element(heap - 1, q, copies, least) {
            return false;
        }
        let mut e = q;
        let mut added = 0;
        loop {
            if !self.budget.spend(STEP_WORK) {
                return false;
            }
            e = self.candidate.times_heap(e, heap as u32);
            if least[e as usize].is_some() || self.moves[heap].is_empty() {
                break;
            }
            copies[heap] += 1;
            added += 1;
            if !self.each_new_element(heap - 1, e, copies, least) {
                return false;
            }
        }
        copies[heap] -= added;
        true
    }

    /// The least position the candidate says is lost that has a move to
    /// a position it says is lost: an element's least position and one
    /// more heap. `None` past the budget.
    fn least_lost_with_lost_move(&self) -> Option<Option<Vec<u32>>> {
        let c = self.candidate;
        let least = self.least_positions()?;
        let mut best: Option<Vec<u32>> = None;
        for (q, word) in least.iter().enumerate() {
            let Some(word) = word else { continue };
            for h in 1..=c.heaps {
                let q = q as u32;
                let lost = c.lost[c.times_heap(q, h as u32) as usize];
                if lost
                    && self.moves[h]
                        .iter()
                        .any(|&l| c.lost[c.times_leaves(q, l) as usize])
                {
                    let mut failure = word.clone();
                    failure[h] += 1;
                    if best
                        .as_ref()
                        .is_none_or(|b| word_order(&failure, b).is_lt())
                    {
                        best = Some(failure);
                    }
                }
            }
        }
        Some(best)
    }

    /// Walks the positions of heaps up to `heap` added to `self.copies`,
    /// of element `q`, whose moves lead to the elements of `set`, in
    /// order, and lowers the bound to the first the candidate says is won
    /// though it has no move to a position it says is lost. False past
    /// the budget.
    fn won_without_lost_move(&mut self, heap: usize, q: u32, set: &[u64]) -> bool {
        if self.past_bound() {
            return true;
        }
        let c = self.candidate;
        if heap == 0 {
            let has_moves = set.iter().any(|&w| w != 0);
            let lost_move = set.iter().zip(&self.lost).any(|(s, l)| s & l != 0);
            if has_moves && !c.lost[q as usize] && !lost_move {
                self.bound = Some(self.copies.clone());
            }
            return true;
        }
        if !self.won_without_lost_move(heap - 1, q, set) {
            return false;
        }
        if self.moves[heap].is_empty() {
            return true;
        }
        let (mut e, mut set) = (q, set.to_vec());
        let column = (heap - 1) * c.size();
        let mut added = 0;
        loop {
            let members: u32 = set.iter().map(|w| w.count_ones()).sum();
            if !self
                .budget
                .spend((self.words as u64 + u64::from(members)) * STEP_WORK)
            {
                return false;
            }
            let mut next = vec![0u64; self.words];
            for (w, &word) in set.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let r = self.columns[column + w * 64 + bits.trailing_zeros() as usize] as usize;
                    next[r / 64] |= 1 << (r % 64);
                    bits &= bits - 1;
                }
            }
            for &l in &self.moves[heap] {
                let r = c.times_leaves(e, l) as usize;
                next[r / 64] |= 1 << (r % 64);
            }
            e = c.times_heap(e, heap as u32);
            set = next;
            match self.meet(e, &set) {
                None => return false,
                Some(false) => break,
                Some(true) => {}
            }
            self.copies[heap] += 1;
            added += 1;
            if !self.won_without_lost_move(heap - 1, e, &set) {
                return false;
            }
            if self.past_bound() {
                break;
            }
        }
        self.copies[heap] -= added;
        true
    }

    /// Whether the walk's position, and so every later one, is at or past
    /// the least failure found so far.
    fn past_bound(&self) -> bool {
        self.bound
            .as_ref()
            .is_some_and(|b| word_order(&self.copies, b).is_ge())
    }

    /// Adds `set` to element `q`'s least sets: `Some(false)`, leaving
    /// them, when one of them is inside it; none past the budget (a unit
    /// a word compared), or when the sets held would pass
    /// [`MAX_CHECK_WORDS`].
    fn meet(&mut self, q: u32, set: &[u64]) -> Option<bool> {
        let compared = Cell::new(0u64);
        let inside = |a: &[u64], b: &[u64]| {
            a.iter().zip(b).all(|(x, y)| {
                compared.set(compared.get() + 1);
                x & !y == 0
            })
        };
        let sets = &mut self.least_sets[q as usize];
        let met = sets.iter().any(|old| inside(old, set));
        let before = sets.len();
        if !met {
            sets.retain(|old| !inside(set, old));
            sets.push(set.to_vec());
            self.held_words = self.held_words + sets.len() * self.words - before * self.words;
        }
        if !self.budget.spend(compared.get()) {
            return None;
        }
        (self.held_words <= MAX_CHECK_WORDS).then_some(!met)
    }
}

/// The quotient with one more heap, a new generator or one that splits
/// old classes apart. The first candidate has the new heap act as a free
/// cyclic generator beside `known`. While the check fails, one or two of
/// the heaps of the least position whose element's outcome is wrong are
/// made free cyclic generators beside the candidate so far; the first way
/// that gives that position the other outcome, and every position mended
/// before the outcome it was given, is kept, and the check runs again.
fn with_cyclic_heaps(
    known: &Automaton,
    options: &[Vec<Leaves>],
    budget: &Budget,
) -> Option<(Automaton, Proof)> {
    let heap = options.len() as u32 - 1;
    let free = [Cyclic {
        heap,
        index: 2,
        period: 2,
    }];
    let mut trial = cyclic_candidate(known, options, &free, budget)?;
    // Each position the check found wrong, and the outcome it must have.
    let mut mended: Vec<(Vec<u32>, bool)> = Vec::new();
    for _ in 0..MAX_RECALIBRATIONS {
        let mut proof = Proof::default();
        let cap = 8 * trial.size() + 1024;
        if proof.extend(&trial, options, cap, budget) {
            return Some((trial, proof));
        }
        // The least position the trial gets wrong, or, past the budget
        // for finding it, the one the check found.
        let failure = LeastFailure::of(&trial, options, budget).or(proof.failure)?;
        let should_be_lost = !trial.lost[trial.element(&failure) as usize];
        mended.push((failure.clone(), should_be_lost));
        let mut involved = failure.clone();
        involved.sort_unstable();
        involved.dedup();
        involved.retain(|&h| !options[h as usize].is_empty());
        let subsets = involved.iter().map(|&h| vec![h]).chain(
            involved
                .iter()
                .enumerate()
                .flat_map(|(i, &g)| involved[i + 1..].iter().map(move |&h| vec![g, h])),
        );
        let mut fixed = None;
        for heaps in subsets {
            let cyclic: Vec<Cyclic> = heaps
                .iter()
                .map(|&h| {
                    let copies = failure.iter().filter(|&&g| g == h).count() as u32;
                    let index = trial.power_index(h).max(copies.saturating_sub(1)).max(1);
                    let period = if index > 5 { 2 * ((index - 4) / 2) } else { 2 };
                    Cyclic {
                        heap: h,
                        index,
                        period,
                    }
                })
                .collect();
            // A generator with too many states may be followed by one with fewer.
            let Some(candidate) = cyclic_candidate(&trial, options, &cyclic, budget) else {
                if budget.is_spent() {
                    return None;
                }
                continue;
            };
            if mended.iter().all(|(position, lost)| {
                candidate.lost[candidate.element(position) as usize] == *lost
            }) {
                fixed = Some(candidate);
                break;
            }
        }
        trial = fixed?;
    }
    None
}

/// The most times [`with_cyclic_heaps`] mends a candidate.
const MAX_RECALIBRATIONS: usize = 32;

/// The quotient with one more heap, `options.len() - 1`, built from exact
/// outcomes: positions reached from the empty one a heap at a time are
/// the same element when no test position added to them tells them apart,
/// and the tests grow until the check proves the result.
fn by_witnesses(
    known: &Automaton,
    options: &[Vec<Leaves>],
    budget: &Budget,
) -> Option<(Automaton, Proof)> {
    let heap = options.len() as u32 - 1;
    let mut beside = BesideHeap::new(known, options, budget);
    for (copies, total) in WITNESS_TESTS {
        if beside.exhausted {
            return None;
        }
        // The first test is the empty position: a row's first outcome is
        // the position's own.
        let tests = test_positions(heap, copies, total);
        let outcomes = |position: &(u32, Vec<u32>), beside: &mut BesideHeap| -> Vec<bool> {
            tests
                .iter()
                .map(|(k, z)| {
                    let mut rest = position.1.clone();
                    rest.extend_from_slice(z);
                    rest.sort_unstable_by(|a, b| b.cmp(a));
                    beside.lost(position.0 + k, &rest)
                })
                .collect()
        };
        let empty = (0u32, Vec::new());
        let mut index: FastMap<Vec<bool>, u32> = FastMap::default();
        index.insert(outcomes(&empty, &mut beside), 0);
        let mut found = vec![empty];
        let mut acts = Vec::new();
        let mut next = 0;
        while next < found.len() && found.len() <= MAX_ELEMENTS && !beside.exhausted {
            for h in 1..=heap {
                let (k, mut rest) = found[next].clone();
                let position = if h == heap {
                    (k + 1, rest)
                } else {
                    rest.push(h);
                    rest.sort_unstable_by(|a, b| b.cmp(a));
                    (k, rest)
                };
                let row = outcomes(&position, &mut beside);
                let fresh = found.len() as u32;
                let id = *index.entry(row).or_insert(fresh);
                if id == fresh {
                    found.push(position);
                }
                acts.push(id);
            }
            next += 1;
        }
        if found.len() > MAX_ELEMENTS || beside.exhausted {
            return None;
        }
        let mut lost = vec![false; found.len()];
        for (row, &id) in &index {
            lost[id as usize] = row[0];
        }
        let candidate = Automaton {
            heaps: heap as usize,
            acts,
            lost,
        };
        if !candidate.is_commutative() {
            continue;
        }
        if let Some(proof) = Proof::of(&candidate, options, MAX_CHECK_STATES, budget) {
            return Some((candidate, proof));
        }
    }
    None
}

/// The tests `by_witnesses` tries in turn: positions with up to so many
/// copies of the new heap and old heaps of up to so many counters.
const WITNESS_TESTS: [(u32, u32); 4] = [(2, 6), (3, 10), (4, 14), (5, 20)];

/// Heaps of a quotient proved to act alike at every size past `from`:
/// heap h has the element of heap h − `period` for every h ≥ from + period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    pub from: u32,
    pub period: u32,
}

/// The misère quotient of a heap game restricted to heaps of at most
/// `max_heap`, its elements numbered in the order of their words (the
/// identity, element 0, first).
#[derive(Clone, Debug)]
pub struct Quotient {
    pub rule: Rule,
    pub max_heap: u32,
    automaton: Automaton,
    /// The quotient's size restricted to heaps of at most 1, 2, … `max_heap`.
    pub sizes: Vec<usize>,
    /// Each heap's element, heap 0 (no heap) the identity.
    pub heap_elements: Vec<u32>,
    /// The heaps whose elements generate the quotient, one letter each
    /// (a, b, c, …), in order.
    pub generators: Vec<u32>,
    /// Each element as a word in the generators: `1`, `a`, `ab^2`, ….
    pub words: Vec<String>,
    /// Set when the heaps' elements are proved periodic, which makes this
    /// the quotient of the game with heaps of every size.
    pub periodic: Option<Periodicity>,
}

/// The distinct moves of a heap of `heap` counters under the sequence's rule.
fn heap_options(sequence: &mut Sequence, heap: u32) -> Vec<Leaves> {
    let mut options: Vec<Leaves> = sequence
        .options(heap as usize)
        .into_iter()
        .map(|option| {
            let mut leaves = [0u32; 2];
            for (slot, &h) in leaves.iter_mut().zip(&option.leaves) {
                *slot = h as u32;
            }
            leaves
        })
        .collect();
    options.sort_unstable();
    options.dedup();
    options
}

/// The most counters a move of `rule` takes, where heaps of every size are
/// alike enough for the periodicity argument; none for Grundy's game,
/// whose splits must be unequal.
fn longest_take(rule: &Rule) -> Option<u32> {
    match rule {
        Rule::Octal(code) => Some(code.longest_take() as u32),
        Rule::Subtraction(set) => set.members().iter().copied().max(),
        Rule::Grundy => None,
    }
}

/// The work of listing one move of a heap, in [`Budget`] units.
const OPTION_WORK: u64 = 100;

/// The error for a quotient not found for heaps of up to `heap`, the one
/// for heaps of up to `heap - 1` having `size` elements: it says whether
/// the budget ran out or the candidates the construction tries did.
fn not_found(heap: u32, size: usize, budget: &Budget) -> GameError {
    let why = if budget.is_spent() {
        "within the budget"
    } else {
        "among the candidates the construction tries"
    };
    GameError::too_large(format!(
        "too large: the quotient with heaps of up to {heap} was not found {why} \
         (the quotient to heap {} has {size} elements)",
        heap - 1
    ))
}

/// The error for a computation stopped by its caller.
fn cancelled() -> GameError {
    GameError::new("cancelled")
}

/// Why growing a quotient stopped short of its bound, and the quotient of
/// the heaps before the one it could not add, where it added any.
#[derive(Debug)]
pub struct Stopped {
    pub error: GameError,
    pub reached: Option<Box<Quotient>>,
}

impl Quotient {
    /// Grows the quotient heap by heap to `max_heap`, calling `progress`
    /// with each heap before it is added; `false` from it cancels.
    pub fn compute(
        rule: &Rule,
        max_heap: u32,
        budget: &Budget,
        progress: impl FnMut(u32) -> bool,
    ) -> Result<Quotient, GameError> {
        Quotient::grow(
            rule,
            Automaton::empty(),
            Vec::new(),
            max_heap,
            budget,
            false,
            progress,
        )
        .map_err(|stopped| stopped.error)
    }

    /// The quotient that covers heaps of up to `max_heap`: computed to
    /// `max_heap`, or to the first heap by which it is proved periodic,
    /// which covers every heap.
    pub fn covering(rule: &Rule, max_heap: u32, budget: &Budget) -> Result<Quotient, Stopped> {
        Quotient::grow(
            rule,
            Automaton::empty(),
            Vec::new(),
            max_heap,
            budget,
            true,
            |_| true,
        )
    }

    /// The quotient that covers heaps of up to `max_heap`, as
    /// [`covering`](Self::covering) finds it, grown on from this one
    /// rather than from nothing: the heaps it holds are not looked at again.
    pub fn extended(&self, max_heap: u32, budget: &Budget) -> Result<Quotient, Stopped> {
        Quotient::grow(
            &self.rule,
            self.automaton.clone(),
            self.sizes.clone(),
            max_heap,
            budget,
            true,
            |_| true,
        )
    }

    /// Adds heaps one at a time to `candidate`, a proved quotient of the
    /// heaps before them whose sizes at each bound are `sizes`, up to
    /// `max_heap`, or, `until_periodic`, up to the first heap by which the
    /// heaps' elements are proved periodic. Where it stops short, it keeps
    /// the quotient of the heaps it added.
    fn grow(
        rule: &Rule,
        mut candidate: Automaton,
        mut sizes: Vec<usize>,
        max_heap: u32,
        budget: &Budget,
        until_periodic: bool,
        mut progress: impl FnMut(u32) -> bool,
    ) -> Result<Quotient, Stopped> {
        if matches!(rule, Rule::Octal(code) if code.splits_in_three()) {
            return Err(Stopped {
                error: GameError::new(format!(
                    "{rule} splits heaps in three; quotients are computed for moves that leave at most two heaps"
                )),
                reached: None,
            });
        }
        let mut sequence = Sequence::new(rule.clone());
        let first = candidate.heaps as u32 + 1;
        let stopped = |error: GameError, heap: u32, candidate: Automaton, sizes: Vec<usize>| {
            let reached = (heap > first)
                .then(|| Box::new(Quotient::from_automaton(rule, heap - 1, candidate, sizes)));
            Stopped { error, reached }
        };
        let mut options: Vec<Vec<Leaves>> = (0..first)
            .map(|heap| heap_options(&mut sequence, heap))
            .collect();
        // The check of `candidate` so far: none yet for one grown on.
        let mut proof = Proof::default();
        for heap in first..=max_heap {
            if !progress(heap) {
                return Err(stopped(cancelled(), heap, candidate, sizes));
            }
            let moves = heap_options(&mut sequence, heap);
            if !budget.spend(moves.len() as u64 * OPTION_WORK) {
                let error = not_found(heap, candidate.size(), budget);
                return Err(stopped(error, heap, candidate, sizes));
            }
            options.push(moves);
            let options = &options[..];
            let grown = Powers::of(&candidate, options, budget).and_then(|powers| {
                match as_known_element(&candidate, &powers, &mut proof, options, budget) {
                    Some(same) => Some((same, None)),
                    None => with_cyclic_heaps(&candidate, options, budget)
                        .or_else(|| by_witnesses(&candidate, options, budget))
                        .map(|(next, proof)| (next, Some(proof))),
                }
            });
            let Some((next, next_proof)) = grown else {
                let error = not_found(heap, candidate.size(), budget);
                return Err(stopped(error, heap, candidate, sizes));
            };
            candidate = next;
            if let Some(next_proof) = next_proof {
                proof = next_proof;
            }
            sizes.push(candidate.size());
            if until_periodic && proved_periodicity(rule, &candidate.heap_elements(heap)).is_some()
            {
                return Ok(Quotient::from_automaton(rule, heap, candidate, sizes));
            }
        }
        Ok(Quotient::from_automaton(rule, max_heap, candidate, sizes))
    }

    /// Names the elements of a proved quotient and looks for periodicity.
    fn from_automaton(
        rule: &Rule,
        max_heap: u32,
        automaton: Automaton,
        sizes: Vec<usize>,
    ) -> Quotient {
        let heap_elements = automaton.heap_elements(max_heap);
        // A heap is a generator when its element is not a product of the
        // generators before it.
        let mut generators = Vec::new();
        let mut span = vec![false; automaton.size()];
        span[0] = true;
        for heap in 1..=max_heap {
            let element = heap_elements[heap as usize];
            if span[element as usize] {
                continue;
            }
            generators.push(heap);
            let mut stack: Vec<u32> = (0..automaton.size() as u32)
                .filter(|&q| span[q as usize])
                .collect();
            while let Some(q) = stack.pop() {
                for &g in &generators {
                    let r = automaton.times_heap(q, g);
                    if !span[r as usize] {
                        span[r as usize] = true;
                        stack.push(r);
                    }
                }
            }
        }
        // Shortest words, breadth first; renumber the elements in that order.
        let letters = generators.len();
        let mut exponents: Vec<Option<Vec<u32>>> = vec![None; automaton.size()];
        exponents[0] = Some(vec![0; letters]);
        let mut order = vec![0u32];
        let mut next = 0;
        while next < order.len() {
            let q = order[next];
            next += 1;
            for (letter, &g) in generators.iter().enumerate() {
                let r = automaton.times_heap(q, g) as usize;
                if exponents[r].is_none() {
                    let mut word = exponents[q as usize].clone().expect("reached");
                    word[letter] += 1;
                    exponents[r] = Some(word);
                    order.push(r as u32);
                }
            }
        }
        let mut renumber = vec![0u32; automaton.size()];
        for (i, &q) in order.iter().enumerate() {
            renumber[q as usize] = i as u32;
        }
        let heaps = automaton.heaps;
        let mut acts = Vec::with_capacity(automaton.acts.len());
        for &q in &order {
            let row = &automaton.acts[q as usize * heaps..(q as usize + 1) * heaps];
            acts.extend(row.iter().map(|&r| renumber[r as usize]));
        }
        let automaton = Automaton {
            heaps,
            acts,
            lost: order.iter().map(|&q| automaton.lost[q as usize]).collect(),
        };
        let words = order
            .iter()
            .map(|&q| word(exponents[q as usize].as_deref().expect("reached")))
            .collect();
        let heap_elements: Vec<u32> = heap_elements
            .iter()
            .map(|&e| renumber[e as usize])
            .collect();
        let periodic = proved_periodicity(rule, &heap_elements);
        Quotient {
            rule: rule.clone(),
            max_heap,
            automaton,
            sizes,
            heap_elements,
            generators,
            words,
            periodic,
        }
    }

    /// The quotient in words, for a report: "the misère quotient of 0.07
    /// with heaps of up to 29 (176 elements)".
    pub fn name(&self) -> String {
        format!(
            "the misère quotient of {} with heaps of up to {} ({} elements)",
            self.rule,
            self.max_heap,
            self.size()
        )
    }

    /// How many elements the quotient has.
    pub fn size(&self) -> usize {
        self.automaton.size()
    }

    /// Whether the player to move loses at a position of element `e`.
    pub fn is_lost(&self, e: u32) -> bool {
        self.automaton.lost[e as usize]
    }

    /// Element `e` times a position of these heaps, if the quotient covers
    /// every heap.
    pub fn times(&self, e: u32, heaps: &[u32]) -> Option<u32> {
        heaps.iter().try_fold(e, |q, &h| {
            Some(self.automaton.times_heap(q, self.covered_heap(h)?))
        })
    }

    /// The multiplication table, `table[a * len + b]`.
    pub fn table(&self) -> Vec<u32> {
        self.automaton.table()
    }

    /// A heap of at most `max_heap` counters with the element of a heap of
    /// `size`, if the quotient covers that size.
    pub fn covered_heap(&self, size: u32) -> Option<u32> {
        if size <= self.max_heap {
            return Some(size);
        }
        let Periodicity { period, .. } = self.periodic?;
        Some(size - (size - self.max_heap).div_ceil(period) * period)
    }

    /// The element of a position of these heaps, if the quotient covers
    /// every heap.
    pub fn element(&self, heaps: &[u32]) -> Option<u32> {
        self.times(0, heaps)
    }
}

/// The largest quotient whose multiplication table the playground is sent.
pub const MAX_TABLE: usize = 32;

impl Quotient {
    /// What is proved, in words.
    pub fn status(&self) -> String {
        match self.periodic {
            // The words `sequence --period` uses: heap h + period has the
            // element of heap h for every h ≥ preperiod.
            Some(Periodicity { from, period }) => {
                format!("proved for heaps of every size: preperiod {from} period {period}")
            }
            None => {
                let size = self.size();
                let since = self
                    .sizes
                    .iter()
                    .position(|&s| s == size)
                    .map_or(1, |i| i + 1);
                let stretch = if since < self.max_heap as usize {
                    format!("; its size has not changed since heap {since}, which proves nothing for larger heaps")
                } else {
                    String::new()
                };
                format!(
                    "proved for heaps of up to {}; not proved periodic{stretch}",
                    self.max_heap
                )
            }
        }
    }

    /// The quotient as the page and `--json` show it, with the
    /// multiplication table when the quotient has at most `max_table`
    /// elements: the page's [`MAX_TABLE`], or every table for `--json`.
    pub fn summary(&self, max_table: usize) -> QuotientSummary {
        let n = self.size();
        let table = (n <= max_table).then(|| self.table().chunks(n).map(<[u32]>::to_vec).collect());
        QuotientSummary {
            rule: self.rule.to_string(),
            max_heap: self.max_heap,
            size: n as u32,
            elements: self.words.clone(),
            p_portion: (0..n as u32).filter(|&e| self.is_lost(e)).collect(),
            heaps: self.heap_elements.clone(),
            generators: self.generators.clone(),
            sizes: self.sizes.iter().map(|&s| s as u32).collect(),
            table,
            status: self.status(),
        }
    }

    /// The text `grundy quotient` prints: the size, the elements, the
    /// P-portion, each heap's element, the size at each bound, and what
    /// is proved.
    pub fn text(&self) -> String {
        let summary = self.summary(0);
        let words = |elements: &[u32]| -> String {
            elements
                .iter()
                .map(|&e| self.words[e as usize].as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut out = format!("size {}\n", self.size());
        let _ = writeln!(out, "elements {}", self.words.join(" "));
        let _ = writeln!(out, "P-portion {}", words(&summary.p_portion));
        for heap in 1..=self.max_heap {
            let _ = writeln!(
                out,
                "heap {heap} {}",
                self.words[self.heap_elements[heap as usize] as usize]
            );
        }
        let sizes: Vec<String> = summary.sizes.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "sizes {}", sizes.join(" "));
        let _ = writeln!(out, "status {}", summary.status);
        out
    }
}

/// A word from its exponents, one per generator: `1`, `a`, `ab^2`.
fn word(exponents: &[u32]) -> String {
    let mut out = String::new();
    for (letter, &power) in exponents.iter().enumerate() {
        if power == 0 {
            continue;
        }
        out.push_str(&letter_name(letter));
        if power > 1 {
            let _ = write!(out, "^{power}");
        }
    }
    if out.is_empty() {
        out.push('1');
    }
    out
}

/// The name of generator `letter`: a … z, then A … Z, then [53], [54], ….
fn letter_name(letter: usize) -> String {
    const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    match letter {
        0..=25 => (LOWER[letter] as char).to_string(),
        26..=51 => (UPPER[letter - 26] as char).to_string(),
        _ => format!("[{}]", letter + 1),
    }
}

/// The [`periodicity`] that proves heaps of `rule` whose elements are
/// `elements` periodic, if any.
fn proved_periodicity(rule: &Rule, elements: &[u32]) -> Option<Periodicity> {
    longest_take(rule).and_then(|take| periodicity(elements, take))
}

/// The least period, with its least start, of heaps' elements that proves
/// them periodic for every heap: heap h has the element of heap h − p for
/// every h from `from + p` to the last, and the last is at least
/// 2·from + 2p + take − 1. Past that, every option of a heap h has the
/// element of an option of heap h − p and back (the larger heap a move
/// leaves is at least from + p), so heaps past the last add no letter the
/// check has not already seen, and the check that proved the quotient for
/// these heaps proves it for heaps of every size.
fn periodicity(elements: &[u32], take: u32) -> Option<Periodicity> {
    let last = elements.len() as u32 - 1;
    (1..=last / 2).find_map(|period| {
        // The least start from which the elements repeat with this period.
        let mut from = last - period;
        while from >= 1 && elements[from as usize] == elements[(from + period) as usize] {
            from -= 1;
        }
        let from = from + 1;
        (2 * from + 2 * period + take <= last + 1).then_some(Periodicity { from, period })
    })
}

#[cfg(test)]
mod tests {
    use super::proof::transpose;
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn transposing_bits_swaps_words_and_bits() {
        let mut rng = Rng::new(5);
        let mut block = [0u64; 64];
        for row in &mut block {
            *row = (0..64).fold(0, |word, bit| word | (rng.below(2) as u64) << bit);
        }
        let mut transposed = block;
        transpose(&mut transposed);
        for (i, row) in block.iter().enumerate() {
            for (j, column) in transposed.iter().enumerate() {
                assert_eq!(row >> j & 1, column >> i & 1, "bit {j} of word {i}");
            }
        }
    }

    /// The triples of a proof, sorted.
    fn triples(proof: &Proof) -> Vec<(u32, bool, Vec<u64>)> {
        let words = proof.words;
        let mut all: Vec<_> = proof
            .states
            .iter()
            .enumerate()
            .map(|(i, &(q, moves))| (q, moves, proof.sets[i * words..(i + 1) * words].to_vec()))
            .collect();
        all.sort();
        all
    }

    #[test]
    fn a_refused_candidate_leaves_the_proof_as_it_was() {
        // Kayles' heap 30 acts as an old element: every other one is refused.
        let rule = Rule::parse_name("0.77").unwrap();
        let budget = Budget::new(CLI_BUDGET);
        let known = Quotient::compute(&rule, 29, &budget, |_| true)
            .unwrap()
            .automaton;
        let mut sequence = Sequence::new(rule);
        let options: Vec<Vec<Leaves>> = (0..=30).map(|h| heap_options(&mut sequence, h)).collect();
        let cap = MAX_CHECK_STATES;
        let mut proof = Proof::of(&known, &options[..30], cap, &budget).unwrap();
        let mut refused = 0;
        let mut accepted = None;
        for like in known.shortest_positions() {
            let candidate = known.with_heap_as(&like);
            if proof.extend(&candidate, &options, cap, &budget) {
                accepted = Some(candidate);
                break;
            }
            refused += 1;
            assert_eq!(proof.seen.len(), proof.states.len());
        }
        assert!(refused > 0);
        let accepted = accepted.expect("heap 30 acts as an old element");
        let fresh = Proof::of(&accepted, &options, cap, &budget).unwrap();
        assert_eq!(triples(&proof), triples(&fresh));
    }
}
