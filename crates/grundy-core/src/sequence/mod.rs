//! Heap games whose positions are heaps of counters, played by a fixed rule:
//! subtraction sets, octal codes and Grundy's game. A heap of n counters is
//! worth G(n), so one sequence G(0), G(1), … answers every position of a
//! rule; it is computed once and extended on demand.
//!
//! Splitting games (octal digits with bit 4, Grundy's game) use the sparse
//! space method of Winning Ways, chapter 4: values are split into a rare and a
//! common class by the parity of the bits under a mask, so that a common
//! value among the options of n can only come from a rare heap paired with a
//! common one. Checking a common candidate then costs one pass over the rare
//! heaps instead of one over all n splits.

mod checkpoint;
mod mex;
mod rule;

pub use rule::{
    OctalCode, Rule, SubtractionSet, MAX_HEAP, MAX_OCTAL_DIGITS, MAX_SUBTRACTION,
    MAX_SUBTRACTION_MEMBERS,
};

use mex::{least_period, mex_of, three_heaps, Looked, Method, Scratch};
// What `Early` works out for a block computed on several threads.
#[cfg(feature = "threads")]
use mex::{find_pairs, least_unseen, least_unseen_common, mark_moves, mark_rare_pairs, Splits};

use serde::Serialize;
use std::cell::Cell;
use std::ops::Range;

/// One option of a heap: the heaps a move leaves and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeapOption {
    /// Counters taken (0 for a split without taking).
    pub take: usize,
    /// The heaps left, smaller first; empty when the heap is gone.
    pub leaves: Vec<usize>,
    pub value: u32,
}

/// An eventually periodic sequence: G(n + period) = G(n) for n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    pub preperiod: usize,
    pub period: usize,
}

/// The moves of a rule, grouped by what they leave, for the inner loop.
#[derive(Clone, Debug, Default)]
struct MoveKinds {
    /// Counts that may take a whole heap of exactly that size.
    whole: Vec<usize>,
    /// Counts that may be taken from a larger heap, leaving one heap.
    single: Vec<usize>,
    /// Counts that may be taken leaving two non-empty heaps.
    split: Vec<usize>,
    /// Counts that may be taken leaving three non-empty heaps (bit 8 of a
    /// hexadecimal digit).
    split_in_three: Vec<usize>,
    /// Whether the two heaps of a split must differ in size.
    unequal: bool,
}

impl MoveKinds {
    fn of(rule: &Rule) -> MoveKinds {
        match rule {
            Rule::Subtraction(set) => MoveKinds {
                whole: set.members().iter().map(|&s| s as usize).collect(),
                single: set.members().iter().map(|&s| s as usize).collect(),
                ..MoveKinds::default()
            },
            Rule::Octal(code) => {
                let mut kinds = MoveKinds::default();
                for take in 0..=code.longest_take() {
                    let digit = code.digit(take);
                    if take > 0 && digit & 1 != 0 {
                        kinds.whole.push(take);
                    }
                    if take > 0 && digit & 2 != 0 {
                        kinds.single.push(take);
                    }
                    if digit & 4 != 0 {
                        kinds.split.push(take);
                    }
                    if digit & 8 != 0 {
                        kinds.split_in_three.push(take);
                    }
                }
                kinds
            }
            Rule::Grundy => MoveKinds {
                split: vec![0],
                unequal: true,
                ..MoveKinds::default()
            },
        }
    }
}

/// Which values are rare: those with an even number of set bits under
/// `mask`, or, with `by_parity`, that or the opposite as the heap's size is
/// odd or even. Where every split takes counts of one parity, the sizes
/// two heaps leave add up to a fixed parity for each heap, so the two
/// classes still work: the xor of two common heaps is never common for
/// the heap they split from.
#[derive(Clone, Debug, Default)]
struct Sparse {
    mask: u32,
    by_parity: bool,
    /// The parity every split's count has, if they share one: what lets
    /// the classes depend on the heap's parity.
    split_parity: Option<u32>,
    /// Every heap size n ≥ 1 computed so far whose value is rare, ascending.
    rare: Vec<RareHeap>,
    /// The length at which the mask is chosen again.
    next_review: usize,
}

/// The sparse method's classes, as a researcher compares them with
/// published tables: a value is rare when it has an even number of bits
/// under `mask` (the opposite on heaps of the other parity, with
/// `by_parity`); `heaps` heaps of those computed have rare values, the
/// empty heap included, the last of them `last_heap`. Values past a proved
/// period repeat earlier ones and are not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RareClasses {
    pub mask: u32,
    pub by_parity: bool,
    pub heaps: usize,
    pub last_heap: Option<u32>,
}

/// A heap whose value is rare, and that value: marking a rare heap's
/// pairs then reads the value beside the heap's size, not from far back in
/// the list of values, which at 2²⁴ values is a cache miss.
#[derive(Clone, Copy, Debug)]
struct RareHeap {
    heap: u32,
    value: u32,
}

impl Sparse {
    /// How many rare heaps are below `heap`.
    fn rare_below(&self, heap: usize) -> usize {
        self.rare.partition_point(|r| (r.heap as usize) < heap)
    }

    fn new(kinds: &MoveKinds) -> Sparse {
        let parities = |p: usize| kinds.split.iter().all(|&take| take % 2 == p);
        Sparse {
            split_parity: [0, 1].into_iter().find(|&p| parities(p as usize)),
            next_review: FIRST_REVIEW,
            ..Sparse::default()
        }
    }

    /// Whether `value` is rare as the value of heap `heap`.
    fn is_rare(&self, heap: usize, value: u32) -> bool {
        let even = (value & self.mask).count_ones() & 1 == 0;
        let flipped = self.by_parity && (heap as u32 ^ self.split_parity.unwrap_or(0)) & 1 == 1;
        even != flipped
    }

    /// Whether no mask is chosen yet, so that every value is rare.
    fn unchosen(&self) -> bool {
        self.mask == 0 && !self.by_parity
    }
}

/// G(0), G(1), … held in as few bytes a value as the largest so far
/// needs: one while every value is below 2⁸ (0.167 stays below 64 to 2²⁴),
/// two below 2¹⁶ (every code computed so far: 0.172 reaches 335 by 2²⁰),
/// and four from the first value that is not. Widening holds the old list
/// and the new one together, for a moment.
#[derive(Clone, Debug)]
enum Store {
    Byte(Vec<u8>),
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// Evaluates `$body` with `$g` bound to the list of a [`Store`], whatever
/// its width, so that loops over the values run on the list itself.
macro_rules! with_values {
    ($store:expr, $g:ident => $body:expr) => {
        match $store {
            Store::Byte($g) => $body,
            Store::Narrow($g) => $body,
            Store::Wide($g) => $body,
        }
    };
}

impl Store {
    fn new() -> Store {
        Store::Byte(Vec::new())
    }

    fn len(&self) -> usize {
        with_values!(self, values => values.len())
    }

    /// Bytes a value takes.
    fn width(&self) -> usize {
        match self {
            Store::Byte(_) => 1,
            Store::Narrow(_) => 2,
            Store::Wide(_) => 4,
        }
    }

    fn get(&self, n: usize) -> u32 {
        with_values!(self, values => read(values[n]))
    }

    fn push(&mut self, value: u32) {
        match self {
            Store::Byte(values) => match u8::try_from(value) {
                Ok(byte) => values.push(byte),
                Err(_) => {
                    *self = Store::Narrow(widened(std::mem::take(values)));
                    self.push(value);
                }
            },
            Store::Narrow(values) => match u16::try_from(value) {
                Ok(narrow) => values.push(narrow),
                Err(_) => {
                    *self = Store::Wide(widened(std::mem::take(values)));
                    self.push(value);
                }
            },
            Store::Wide(values) => values.push(value),
        }
    }

    fn reserve(&mut self, total: usize) {
        let more = total.saturating_sub(self.len());
        with_values!(self, values => values.reserve_exact(more));
    }

    /// G(n) for n in `range`.
    fn slice(&self, range: Range<usize>) -> Vec<u32> {
        with_values!(self, values => values[range].iter().map(|&v| read(v)).collect())
    }

    /// Calls `each(n, G(n))` for n in `range`.
    fn for_each(&self, range: Range<usize>, mut each: impl FnMut(usize, u32)) {
        let start = range.start;
        with_values!(self, values => {
            for (i, &v) in values[range].iter().enumerate() {
                each(start + i, read(v));
            }
        })
    }
}

/// `values` in a wider type, with room for as many more as they had room for.
fn widened<T: Held, W: From<T>>(values: Vec<T>) -> Vec<W> {
    // A list reserved for a whole run keeps its reservation.
    let mut wide = Vec::with_capacity(values.len().max(values.capacity()));
    wide.extend(values.iter().map(|&v| W::from(v)));
    wide
}

/// A value as a [`Store`] holds it, read by the inner loops without a branch.
trait Held: Copy + Into<u32> + PartialEq + Sync {}
impl Held for u8 {}
impl Held for u16 {}
impl Held for u32 {}

/// A held value as a value, whatever its width.
fn read<T: Held>(value: T) -> u32 {
    value.into()
}

/// G(0), G(1), … of one rule, as far as it has been asked for.
#[derive(Clone, Debug)]
pub struct Sequence {
    rule: Rule,
    kinds: MoveKinds,
    values: Store,
    sparse: Sparse,
    /// The largest value so far.
    largest: u32,
    /// Scratch for the current heap's options.
    scratch: Scratch,
    /// Splits looked at so far: what computing the values has cost.
    work: u64,
    /// What the sparse method has lately cost a heap, in [`Method`]'s
    /// units: a running mean over the last heaps it computed.
    sparse_cost: u64,
    /// The period, once the values prove it: every later value repeats
    /// one a period back, so rules whose values are not sparse stay linear.
    period: Option<Period>,
    /// The length at which the values are next checked for a proof.
    next_proof: usize,
    /// The length at which the values were last found to prove no period,
    /// so that a check is not repeated: near a proof it reads most values.
    unproved_at: Cell<usize>,
    /// The shortest length at which the values could prove a period, as
    /// the last check that proved none found: a candidate's pre-period and
    /// period say how many values its proof needs.
    proof_hint: Cell<usize>,
    /// The threads that compute a block of heaps at once, when more than
    /// one is asked for.
    #[cfg(feature = "threads")]
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
}

/// Lengths below this are computed with every value rare (plain mex).
const FIRST_REVIEW: usize = 256;
/// The first length checked for a proved period; each check doubles it, so
/// the checks cost time linear in the length overall.
const FIRST_PROOF: usize = 64;

impl Sequence {
    pub fn new(rule: Rule) -> Sequence {
        let kinds = MoveKinds::of(&rule);
        Sequence {
            sparse: Sparse::new(&kinds),
            kinds,
            rule,
            values: Store::new(),
            largest: 0,
            scratch: Scratch::default(),
            work: 0,
            sparse_cost: 0,
            period: None,
            next_proof: FIRST_PROOF,
            unproved_at: Cell::new(usize::MAX),
            proof_hint: Cell::new(usize::MAX),
            #[cfg(feature = "threads")]
            pool: None,
        }
    }

    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// How many values are computed: G(0) … G(len − 1).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.len() == 0
    }

    /// G(n), computed already.
    pub fn known(&self, n: usize) -> u32 {
        self.values.get(n)
    }

    /// G(n) for n in `range`, computed already.
    pub fn values(&self, range: Range<usize>) -> Vec<u32> {
        self.values.slice(range)
    }

    /// Makes room for `total` values at once, where the count is known, so
    /// that holding them never takes the twice over that growing a list does.
    pub fn reserve(&mut self, total: usize) {
        self.values.reserve(total);
    }

    /// How many bytes the values computed so far take.
    pub fn held_bytes(&self) -> usize {
        self.values.len() * self.values.width()
            + self.sparse.rare.len() * std::mem::size_of::<RareHeap>()
    }

    /// G(n), computing the sequence as far as n.
    pub fn value(&mut self, n: usize) -> u32 {
        self.extend_to(n + 1);
        self.values.get(n)
    }

    /// Computes G(0) … G(len − 1).
    pub fn extend_to(&mut self, len: usize) {
        // Splits in three are marked heap by heap, on this thread.
        #[cfg(feature = "threads")]
        if let Some(pool) = self
            .pool
            .clone()
            .filter(|_| self.kinds.split_in_three.is_empty())
        {
            return self.extend_in_blocks(len, &pool);
        }
        while self.values.len() < len {
            self.push_next();
        }
    }

    /// Computes G up to `len` values in steps, calling `progress(self)`
    /// between steps (to show how far it is, or to save a checkpoint); it
    /// stops early, returning false, when that returns false.
    pub fn extend_with_progress(
        &mut self,
        len: usize,
        mut progress: impl FnMut(&Sequence) -> bool,
    ) -> bool {
        const STEP: usize = 4096;
        while self.values.len() < len {
            let target = len.min(self.values.len() + STEP);
            self.extend_to(target);
            if !progress(self) {
                return false;
            }
        }
        true
    }

    /// How many splits computing the values so far looked at: rules whose
    /// values are not sparse cost time quadratic in the length.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Whether `value` is rare as the value of heap `heap` under the
    /// current mask (every value is rare before the first review, and in
    /// games without splits).
    pub fn is_rare(&self, heap: usize, value: u32) -> bool {
        self.sparse.is_rare(heap, value)
    }

    /// Whether the rule splits heaps, so that values have rare and common classes.
    pub fn has_splits(&self) -> bool {
        !self.kinds.split.is_empty()
    }

    /// The largest value so far, if any is known.
    pub fn largest(&self) -> Option<u32> {
        (!self.is_empty()).then_some(self.largest)
    }

    /// The rare and common classes of the values computed so far, for a
    /// rule that splits heaps once enough values are known to choose them.
    pub fn rare_classes(&self) -> Option<RareClasses> {
        if !self.has_splits() || self.sparse.unchosen() {
            return None;
        }
        // The list keeps heaps from 1 on, as splits leave none empty; the
        // published tables count the empty heap too where its 0 is rare.
        let empty = self.sparse.is_rare(0, 0);
        Some(RareClasses {
            mask: self.sparse.mask,
            by_parity: self.sparse.by_parity,
            heaps: self.sparse.rare.len() + usize::from(empty),
            last_heap: self
                .sparse
                .rare
                .last()
                .map(|rare| rare.heap)
                .or(empty.then_some(0)),
        })
    }

    fn push_next(&mut self) {
        let n = self.values.len();
        if n == self.next_proof {
            self.period = self.proved_period();
            self.next_proof = self.next_proof_length(n);
        }
        if let Some(Period { period, .. }) = self.period {
            self.values.push(self.values.get(n - period));
            return;
        }
        if n == self.sparse.next_review && !self.kinds.split.is_empty() {
            self.review_mask();
        }
        let value = self.compute(n);
        self.record(value);
    }

    /// Appends G(n), n the next heap, to the values.
    fn record(&mut self, value: u32) {
        let n = self.values.len();
        self.largest = self.largest.max(value);
        if n >= 1 && !self.kinds.split.is_empty() && self.sparse.is_rare(n, value) {
            self.sparse.rare.push(RareHeap {
                heap: n as u32,
                value,
            });
        }
        self.values.push(value);
    }

    /// G(n) from G(0..n).
    fn compute(&mut self, n: usize) -> u32 {
        let method = self.method(n);
        let (kinds, sparse, largest) = (&self.kinds, &self.sparse, self.largest);
        let (scratch, work) = (&mut self.scratch, &mut self.work);
        let (value, looked) = with_values!(&self.values, g => {
            mex_of(g, n, kinds, sparse, largest, scratch, work, method)
        });
        if let Some(looked) = looked {
            self.note_sparse_cost(looked);
        }
        value
    }

    /// Adds what the sparse method looked at for one heap to its running cost.
    fn note_sparse_cost(&mut self, looked: Looked) {
        self.sparse_cost = (15 * self.sparse_cost + looked.cost()) / 16;
    }

    /// The method that computes G(n) at the least cost, as far as the
    /// sparse method's recent cost tells: counted in pairs, not timed, so
    /// that the choices depend neither on the machine nor on its load.
    fn method(&self, n: usize) -> Method {
        self.method_or_probe(n, n.is_multiple_of(Method::SPARSE_PROBE))
    }

    /// [`Sequence::method`], with `probe` asking for the sparse method
    /// wherever it might pay, to bring its cost up to date.
    fn method_or_probe(&self, n: usize, probe: bool) -> Method {
        if self.sparse.unchosen() {
            return Method::Plain;
        }
        let (mut plain, mut rare) = (0, 0);
        for split in self.kinds.splits(n) {
            plain += split.pairs();
            rare += self.sparse.rare_below(split.m) as u64;
        }
        // Where marking the rare pairs alone costs more than the plain pass,
        // the sparse method cannot pay; elsewhere every `SPARSE_PROBE`th heap
        // keeps its cost up to date while the plain pass is chosen.
        if Method::RARE_PAIR_COST * rare >= Method::PLAIN_PAIR_COST * plain {
            Method::Plain
        } else if probe || self.sparse_cost < Method::PLAIN_PAIR_COST * plain {
            Method::Sparse
        } else {
            Method::Plain
        }
    }

    /// Chooses the mask, and whether the heap's parity counts, whose rare
    /// class holds the fewest heaps so far, and lists those heaps again.
    fn review_mask(&mut self) {
        let n = self.values.len();
        self.sparse.next_review = n * 2;
        let largest = self.largest;
        let bits = (32 - largest.leading_zeros()).min(10);
        // Heaps of each value, odd sizes after even ones.
        let values = largest as usize + 1;
        let mut counts = vec![0usize; 2 * values];
        self.values
            .for_each(1..n, |i, v| counts[(i & 1) * values + v as usize] += 1);
        let rare_count = |sparse: &Sparse| -> usize {
            counts
                .iter()
                .enumerate()
                .filter(|&(at, _)| sparse.is_rare(at / values, (at % values) as u32))
                .map(|(_, &c)| c)
                .sum()
        };
        let parities: &[bool] = if self.sparse.split_parity.is_some() {
            &[false, true]
        } else {
            &[false]
        };
        let best = (1..1u32 << bits)
            .flat_map(|mask| parities.iter().map(move |&by_parity| (mask, by_parity)))
            .map(|(mask, by_parity)| Sparse {
                mask,
                by_parity,
                rare: Vec::new(),
                ..self.sparse
            })
            .map(|sparse| (rare_count(&sparse), sparse))
            .min_by_key(|&(count, _)| count);
        let Some((count, best)) = best else {
            return;
        };
        if count >= rare_count(&self.sparse) {
            return;
        }
        self.sparse.mask = best.mask;
        self.sparse.by_parity = best.by_parity;
        let mut rare = Vec::new();
        let sparse = &self.sparse;
        self.values.for_each(1..n, |i, v| {
            if sparse.is_rare(i, v) {
                rare.push(RareHeap {
                    heap: i as u32,
                    value: v,
                });
            }
        });
        self.sparse.rare = rare;
    }

    /// The options of a heap of n counters, each with its value.
    pub fn options(&mut self, n: usize) -> Vec<HeapOption> {
        self.extend_to(n + 1);
        let g = |i: usize| self.values.get(i);
        let mut options = Vec::new();
        for &take in &self.kinds.whole {
            if n == take {
                options.push(HeapOption {
                    take,
                    leaves: vec![],
                    value: 0,
                });
            }
        }
        for &take in &self.kinds.single {
            if n > take {
                options.push(HeapOption {
                    take,
                    leaves: vec![n - take],
                    value: g(n - take),
                });
            }
        }
        for &take in &self.kinds.split_in_three {
            for [a, b, c] in three_heaps(n, take) {
                options.push(HeapOption {
                    take,
                    leaves: vec![a, b, c],
                    value: g(a) ^ g(b) ^ g(c),
                });
            }
        }
        for &take in &self.kinds.split {
            let Some(m) = n.checked_sub(take).filter(|&m| m >= 2) else {
                continue;
            };
            for a in 1..=m / 2 {
                if !(self.kinds.unequal && 2 * a == m) {
                    options.push(HeapOption {
                        take,
                        leaves: vec![a, m - a],
                        value: g(a) ^ g(m - a),
                    });
                }
            }
        }
        options
    }

    /// The period and pre-period, if the values computed so far prove them.
    pub fn proved_period(&self) -> Option<Period> {
        if self.period.is_some() || self.unproved_at.get() == self.values.len() {
            return self.period;
        }
        let needed: Box<dyn Fn(usize, usize) -> usize> = match &self.rule {
            // G(n) depends on the s ≤ max S values before it once n ≥ max S,
            // so one window of max S values that repeats repeats forever.
            Rule::Subtraction(set) => {
                let m = set.largest().max(1);
                Box::new(move |n0, p| n0 + p + m)
            }
            // Guy–Smith: agreement for n0 ≤ n < 2·n0 + p + t suffices.
            Rule::Octal(code) if !code.splits_in_three() => {
                let t = code.longest_take();
                Box::new(move |n0, p| 2 * n0 + 2 * p + t)
            }
            // Its argument for splits in three: past 3·n0 + 2p + t the
            // largest of three heaps a move leaves is at least n0 + p, so
            // it may be p smaller (or larger) without changing its value.
            // With n0 ≥ 1, no heap the argument shrinks becomes empty.
            Rule::Octal(code) => {
                let t = code.longest_take();
                Box::new(move |n0, p| 3 * n0.max(1) + 3 * p + t)
            }
            Rule::Grundy => return None,
        };
        let proved = with_values!(&self.values, values => least_period(values, needed));
        match proved {
            Ok(period) => Some(period),
            Err(hint) => {
                self.unproved_at.set(self.values.len());
                self.proof_hint.set(hint);
                None
            }
        }
    }

    /// The length after `len` at which to check for a proof again: where
    /// the best candidate's proof would be complete, but at least an eighth
    /// longer (each check reads about `len` values, so the checks stay
    /// linear in the length overall) and at most twice as long.
    fn next_proof_length(&self, len: usize) -> usize {
        let hint = self.proof_hint.get();
        hint.clamp(len + (len / 8).max(FIRST_PROOF), 2 * len.max(FIRST_PROOF))
    }

    /// Computes until the period is proved or `max` values are known,
    /// calling `progress` as [`Sequence::extend_with_progress`] does.
    /// Grundy's game has no periodicity theorem, so it returns at once.
    pub fn prove_period(
        &mut self,
        max: usize,
        mut progress: impl FnMut(&Sequence) -> bool,
    ) -> Option<Period> {
        if self.rule == Rule::Grundy {
            return None;
        }
        let mut len = self.values.len().max(64).min(max);
        loop {
            if !self.extend_with_progress(len, &mut progress) {
                return None;
            }
            if let Some(period) = self.proved_period() {
                return Some(period);
            }
            if len >= max {
                return None;
            }
            len = self.next_proof_length(len).min(max);
        }
    }
}

impl Sequence {
    /// How often each value occurs among G(0) … G(count − 1), by increasing
    /// value. Values are computed, and held, only until the period is
    /// proved: beyond it the rest is counted a whole period at a time, so a
    /// periodic rule answers for 2³⁶ values at once. `None` when no period
    /// is proved within `hold` values and `count` is more than that, or
    /// when `progress(self)`, called between steps, returns false.
    pub fn frequencies(
        &mut self,
        count: u64,
        hold: usize,
        mut progress: impl FnMut(&Sequence) -> bool,
    ) -> Option<Vec<(u32, u64)>> {
        const STEP: usize = 1 << 16;
        let held = usize::try_from(count).unwrap_or(usize::MAX).min(hold);
        // Extending checks for a proof at each doubling of the length.
        while self.values.len() < held && self.period.is_none() {
            self.extend_to(held.min(self.values.len() + STEP));
            if !progress(self) {
                return None;
            }
        }
        let mut tally = vec![0u64; self.largest as usize + 1];
        let known = self.values.len() as u64;
        if count <= known {
            self.values
                .for_each(0..count as usize, |_, value| tally[value as usize] += 1);
        } else {
            let Period { preperiod, period } = self.proved_period()?;
            self.values
                .for_each(0..preperiod, |_, value| tally[value as usize] += 1);
            let rest = count - preperiod as u64;
            let (whole, part) = (rest / period as u64, (rest % period as u64) as usize);
            self.values
                .for_each(preperiod..preperiod + period, |n, value| {
                    tally[value as usize] += whole + u64::from(n - preperiod < part);
                });
        }
        let occurring = tally
            .into_iter()
            .enumerate()
            .filter(|&(_, times)| times > 0);
        Some(
            occurring
                .map(|(value, times)| (value as u32, times))
                .collect(),
        )
    }
}

/// Heaps computed together when several threads work: each block's
/// splits between heaps below it are shared out among the threads, and
/// what reaches into the block itself is finished heap by heap.
#[cfg(feature = "threads")]
const BLOCK: usize = 256;
/// Pairs a heap's splits look at, at the least, for its block to be worth
/// sharing out; with fewer, handing the work to the threads costs more
/// than they gain (the README gives the measurements). A count, not a
/// timing, so that a stall elsewhere (another process, a core waking up)
/// cannot mislead the choice.
#[cfg(feature = "threads")]
const SHARED_WORK: u64 = 1024;

#[cfg(feature = "threads")]
impl Sequence {
    /// Computes on `threads` threads from now on; the values are the same
    /// whatever their number.
    pub fn use_threads(&mut self, threads: usize) -> Result<(), String> {
        self.pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| format!("could not start {threads} threads: {e}"))?;
            Some(std::sync::Arc::new(pool))
        } else {
            None
        };
        Ok(())
    }

    /// Computes a block at a time, shared out when the block before looked
    /// at [`SHARED_WORK`] pairs a heap or more, else on this thread alone:
    /// the work a heap takes grows slowly with its size, so the block
    /// before tells that of the next. Only the sparse method is shared out:
    /// where the plain pass costs less, the block is computed heap by heap.
    fn extend_in_blocks(&mut self, len: usize, pool: &rayon::ThreadPool) {
        let mut work_per_heap = 0;
        while self.values.len() < len {
            let Some(block) = self.next_block(len) else {
                self.push_next();
                continue;
            };
            let (heaps, work_before) = (block.len() as u64, self.work);
            let sparse = self.method_or_probe(block.start, false) == Method::Sparse;
            if work_per_heap >= SHARED_WORK && sparse {
                self.push_shared_block(block, pool);
            } else {
                block.for_each(|_| self.push_next());
            }
            work_per_heap = (self.work - work_before) / heaps;
        }
    }

    /// The heaps from the next one that can be computed as a block, up
    /// to `len`: every split of its heaps has its smaller heap below the
    /// block, and no proof or review falls inside it.
    fn next_block(&self, len: usize) -> Option<Range<usize>> {
        let start = self.values.len();
        let end = len
            .min(start + BLOCK)
            .min(self.next_proof)
            .min(self.sparse.next_review);
        let fits = self.period.is_none() && start >= 2 * BLOCK && end > start + 1;
        fits.then_some(start..end)
    }

    /// Computes the heaps of `block`: first, on the pool's threads, what
    /// their moves reach below the block; then, heap by heap, the rest.
    fn push_shared_block(&mut self, block: Range<usize>, pool: &rayon::ThreadPool) {
        let start = block.start;
        let early = with_values!(&self.values, g => {
            self.reach_before(&g[..start], block.clone(), pool)
        });
        for (n, early) in block.zip(early) {
            let (kinds, sparse, largest) = (&self.kinds, &self.sparse, self.largest);
            let scratch = &mut self.scratch;
            let (value, looked) = with_values!(&self.values, g => {
                mex_after(&g[..n], start, &early, kinds, sparse, largest, scratch)
            });
            self.work += looked.pairs();
            self.note_sparse_cost(looked);
            self.record(value);
        }
    }

    /// For each heap of `heaps`, on the pool's threads: what its moves
    /// reach whose heaps are all below the block, known values `g`.
    fn reach_before<T: Held>(
        &self,
        g: &[T],
        heaps: Range<usize>,
        pool: &rayon::ThreadPool,
    ) -> Vec<Early> {
        use rayon::prelude::*;
        let (kinds, sparse, largest) = (&self.kinds, &self.sparse, self.largest);
        pool.install(|| {
            heaps
                .into_par_iter()
                .map_init(Scratch::default, |scratch, n| {
                    Early::of(g, n, kinds, sparse, largest, scratch)
                })
                .collect()
        })
    }
}

/// G(n) from g = G(0..n) by the sparse method, where n lies in the block
/// from `start` and `early` holds what its moves reach below the block;
/// with the pairs looked at, those of `early` included.
#[cfg(feature = "threads")]
fn mex_after<T: Held>(
    g: &[T],
    start: usize,
    early: &Early,
    kinds: &MoveKinds,
    sparse: &Sparse,
    largest: u32,
    scratch: &mut Scratch,
) -> (u32, Looked) {
    let n = g.len();
    scratch.clear(largest);
    let Scratch { seen, sought, .. } = scratch;
    seen[..early.seen.len()].copy_from_slice(&early.seen);
    // Threads share out no code that splits in three.
    mark_moves(g, n, kinds, seen);
    let rare = &sparse.rare;
    let mut looked = early.looked;
    let mut within = Vec::new();
    for split in kinds.splits(n) {
        // Splits whose larger heap lies in the block: smaller heap up to `low`.
        let low = split.m.saturating_sub(start);
        let below = sparse.rare_below(low + 1);
        let inside = sparse.rare_below(start);
        let to = sparse.rare_below(split.m);
        let pairs = rare[..below].iter().chain(&rare[inside.min(to)..to]);
        looked.marked += mark_rare_pairs(g, split, pairs, kinds, seen);
        if low >= split.first {
            within.push(Splits {
                last: split.last.min(low),
                ..split
            });
        }
    }
    let (bound, mut missing) = least_unseen_common(seen, sparse, n);
    if missing > 0 {
        let searched;
        (searched, missing) = find_pairs(g, &within, bound, missing, seen, sought);
        looked.searched += searched;
    }
    // Below the early bound every split outside the block was searched
    // already; above it, none was.
    if missing > 0 && seen[early.bound.min(bound)..bound].contains(&false) {
        let splits: Vec<Splits> = kinds.splits(n).collect();
        looked.searched += find_pairs(g, &splits, bound, missing, seen, sought).0;
    }
    (least_unseen(seen, bound), looked)
}

/// What the moves of one heap of a block reach whose heaps all lie below
/// the block: worked out before the block's values are known.
#[cfg(feature = "threads")]
struct Early {
    /// Which values are reached, by value.
    seen: Vec<bool>,
    /// The least common value not reached. Rare values below it that
    /// were not reached are reached by no split below the block.
    bound: usize,
    /// Pairs looked at.
    looked: Looked,
}

#[cfg(feature = "threads")]
impl Early {
    /// For heap n, g the values below its block.
    fn of<T: Held>(
        g: &[T],
        n: usize,
        kinds: &MoveKinds,
        sparse: &Sparse,
        largest: u32,
        scratch: &mut Scratch,
    ) -> Early {
        let start = g.len();
        scratch.clear(largest);
        let Scratch { seen, sought, .. } = scratch;
        mark_moves(g, n, kinds, seen);
        let mut looked = Looked::default();
        let mut outside = Vec::new();
        for split in kinds.splits(n) {
            // Both heaps below the block: the smaller one above `low`.
            let low = split.m.saturating_sub(start);
            let (from, to) = (sparse.rare_below(low + 1), sparse.rare_below(split.m));
            looked.marked += mark_rare_pairs(g, split, &sparse.rare[from..to], kinds, seen);
            if split.last > low {
                outside.push(Splits {
                    first: split.first.max(low + 1),
                    ..split
                });
            }
        }
        let (bound, missing) = least_unseen_common(seen, sparse, n);
        if missing > 0 {
            looked.searched += find_pairs(g, &outside, bound, missing, seen, sought).0;
        }
        // What is reached below the block is an xor of values below the
        // power of two above them all: the first half of `seen`.
        Early {
            seen: seen[..seen.len() / 2].to_vec(),
            bound,
            looked,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_sets_read_back() {
        assert_eq!(OctalCode::parse(".77").unwrap().to_string(), "0.77");
        assert_eq!(OctalCode::parse("4.07").unwrap().to_string(), "4.07");
        assert_eq!(OctalCode::parse("0.78").unwrap_err().0, 4);
        assert_eq!(OctalCode::parse("1.7").unwrap_err().0, 1);
        assert_eq!(OctalCode::parse("077").unwrap_err().0, 1);
        assert_eq!(
            SubtractionSet::parse("4, 1 ,3,1").unwrap().to_string(),
            "1,3,4"
        );
        assert_eq!(SubtractionSet::parse("1, x").unwrap_err().0, 4);
        assert_eq!(SubtractionSet::parse("1,,2").unwrap_err().0, 3);
        assert_eq!(SubtractionSet::parse("1001").unwrap_err().0, 1);
    }

    #[test]
    fn rules_are_named_as_the_command_line_names_them() {
        assert_eq!(Rule::parse_name("S=1,3,4").unwrap().to_string(), "S=1,3,4");
        assert_eq!(Rule::parse_name("grundy").unwrap(), Rule::Grundy);
        assert_eq!(Rule::parse_name(".137").unwrap().to_string(), "0.137");
        assert!(Rule::parse_name("kayles").is_err());
    }

    #[test]
    fn the_subtraction_sample_has_period_seven() {
        let mut sequence = Sequence::new(Rule::parse_name("S=1,3,4").unwrap());
        sequence.extend_to(14);
        assert_eq!(
            sequence.values(0..14),
            [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
        );
        let period = sequence.prove_period(1 << 10, |_| true).unwrap();
        assert_eq!(
            period,
            Period {
                preperiod: 0,
                period: 7
            }
        );
    }

    #[test]
    fn frequencies_hold_values_only_until_the_period_is_proved() {
        let rule = Rule::parse_name("S=1,3,4").unwrap();
        // Period 7 needs 7 + 4 values to be proved.
        assert_eq!(
            Sequence::new(rule.clone()).frequencies(100, 10, |_| true),
            None
        );
        let mut sequence = Sequence::new(rule.clone());
        let counts = sequence.frequencies(1 << 40, 1 << 10, |_| true).unwrap();
        assert!(sequence.len() <= 1 << 10);
        // 0 1 0 1 2 3 2, repeated: 2/7, 2/7, 2/7 and 1/7 of 2^40, and the remainder, 2^40 mod 7 = 2, is 0 1.
        let sevenths = (1u64 << 40) / 7;
        assert_eq!(
            counts,
            [
                (0, 2 * sevenths + 1),
                (1, 2 * sevenths + 1),
                (2, 2 * sevenths),
                (3, sevenths)
            ]
        );
        assert_eq!(
            Sequence::new(rule).frequencies(1 << 20, 1 << 20, |_| false),
            None
        );
    }

    #[test]
    fn where_every_split_takes_one_parity_rare_values_follow_the_heaps_parity() {
        // 0.127 splits only when it takes 3; by 2¹⁶ its values with the
        // heap's parity leave fewer than half the rare heaps a mask alone
        // leaves (about a quarter).
        let mut sequence = Sequence::new(Rule::parse_name("0.127").unwrap());
        sequence.extend_to(1 << 16);
        assert!(sequence.sparse.by_parity);
        let rare = sequence.sparse.rare.len();
        let mut by_mask = Sequence::new(Rule::parse_name("0.127").unwrap());
        by_mask.sparse.split_parity = None;
        by_mask.extend_to(1 << 16);
        assert!(2 * rare < by_mask.sparse.rare.len(), "{rare} rare heaps");
        assert_eq!(sequence.values(0..1 << 16), by_mask.values(0..1 << 16));
        // Splits of both parities keep the mask alone.
        let mut mixed = Sequence::new(Rule::parse_name("0.77").unwrap());
        mixed.extend_to(1 << 12);
        assert_eq!(mixed.sparse.split_parity, None);
        assert!(!mixed.sparse.by_parity);
    }

    #[test]
    fn values_are_held_in_one_byte_until_one_needs_two_and_then_four() {
        let mut store = Store::new();
        store.reserve(8);
        for value in [0, 7, 255] {
            store.push(value);
        }
        assert!(matches!(store, Store::Byte(_)));
        store.push(256);
        assert!(matches!(&store, Store::Narrow(values) if values.capacity() >= 8));
        store.push(u32::from(u16::MAX));
        assert!(matches!(store, Store::Narrow(_)));
        store.push(1 << 16);
        store.push(3);
        assert!(matches!(&store, Store::Wide(values) if values.capacity() >= 8));
        assert_eq!(store.slice(0..7), [0, 7, 255, 256, 65535, 65536, 3]);
        // 0.161, whose period is unknown: its rare heaps are few once the
        // mask is chosen, and its values stay below 2⁸.
        let mut sequence = Sequence::new(Rule::parse_name("0.161").unwrap());
        sequence.extend_to(1 << 16);
        assert!(matches!(sequence.values, Store::Byte(_)));
        let bytes = sequence.held_bytes();
        assert!(bytes <= (1 << 16) + (1 << 16) / 8, "{bytes}");
    }

    #[test]
    fn a_checkpoint_goes_on_to_the_values_an_uninterrupted_run_computes() {
        for rule in ["0.161", "0.77", "0.007", "grundy", "S=1,3,4"] {
            let rule = Rule::parse_name(rule).unwrap();
            let mut whole = Sequence::new(rule.clone());
            whole.extend_to(6000);
            // Before the first review, at it, past it, and past a proof.
            for at in [0, 100, 256, 1000, 4097] {
                let mut part = Sequence::new(rule.clone());
                part.extend_to(at);
                let mut file = Vec::new();
                part.write_checkpoint(&mut file).unwrap();
                let mut resumed = Sequence::read_checkpoint(&mut file.as_slice()).unwrap();
                assert_eq!(resumed.len(), at);
                resumed.extend_to(6000);
                assert_eq!(
                    resumed.values(0..6000),
                    whole.values(0..6000),
                    "{rule} from {at}"
                );
                assert_eq!(
                    resumed.proved_period(),
                    whole.proved_period(),
                    "{rule} from {at}"
                );
            }
        }
    }

    #[test]
    fn a_checkpoint_of_two_bytes_a_value_is_read_into_the_narrowest_list() {
        let mut whole = Sequence::new(Rule::parse_name("0.161").unwrap());
        whole.extend_to(4000);
        // As the build before one-byte values wrote 0.161's first 3000.
        let mut part = Sequence::new(Rule::parse_name("0.161").unwrap());
        part.extend_to(3000);
        part.values = Store::Narrow(part.values(0..3000).iter().map(|&v| v as u16).collect());
        let mut file = Vec::new();
        part.write_checkpoint(&mut file).unwrap();
        assert!(
            file.starts_with(b"grundy sequence checkpoint 1\nrule 0.161\nvalues 3000 width 2\n")
        );
        let mut resumed = Sequence::read_checkpoint(&mut file.as_slice()).unwrap();
        assert!(matches!(resumed.values, Store::Byte(_)));
        resumed.extend_to(4000);
        assert_eq!(resumed.values(0..4000), whole.values(0..4000));
    }

    #[test]
    fn a_damaged_checkpoint_is_refused_with_what_is_wrong() {
        let mut sequence = Sequence::new(Rule::Octal(OctalCode::kayles()));
        sequence.extend_to(50);
        let mut file = Vec::new();
        sequence.write_checkpoint(&mut file).unwrap();
        let read = |bytes: &[u8]| Sequence::read_checkpoint(&mut &bytes[..]).err().unwrap();
        let mut flipped = file.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert_eq!(read(&flipped), "its values do not match its checksum");
        assert_eq!(
            read(&file[..file.len() - 1]),
            "it holds fewer than the 50 values it says"
        );
        assert_eq!(
            read(&[&file[..], b"x"].concat()),
            "it holds more than the 50 values it says"
        );
        assert_eq!(
            read(b"hello\n"),
            "its first line is not 'grundy sequence checkpoint 1'"
        );
        assert_eq!(read(b""), "it ends before its first line");
    }

    #[test]
    fn options_list_every_move_with_its_value() {
        let mut kayles = Sequence::new(Rule::Octal(OctalCode::kayles()));
        let options = kayles.options(4);
        let leaves: Vec<Vec<usize>> = options.iter().map(|o| o.leaves.clone()).collect();
        assert_eq!(leaves, [vec![3], vec![2], vec![1, 2], vec![1, 1]]);
        assert_eq!(kayles.value(4), 1);
        let mut grundy = Sequence::new(Rule::Grundy);
        assert_eq!(grundy.options(6).len(), 2);
    }

    /// Blocks shared out among `threads` threads all the way to `len`,
    /// whatever the work would choose.
    #[cfg(feature = "threads")]
    fn shared_to(rule: &Rule, threads: usize, len: usize) -> Vec<u32> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut sequence = Sequence::new(rule.clone());
        while sequence.len() < len {
            match sequence.next_block(len) {
                Some(block) => sequence.push_shared_block(block, &pool),
                None => sequence.push_next(),
            }
        }
        sequence.values(0..len)
    }

    #[test]
    fn each_heap_is_computed_by_the_method_that_costs_less() {
        let grown = |name: &str| {
            let mut sequence = Sequence::new(Rule::parse_name(name).unwrap());
            sequence.extend_to(4096);
            sequence
        };
        // A quarter of 0.06's heaps are rare: marking their pairs alone
        // costs more than the plain pass, whatever the search would cost.
        let mut dense = grown("0.06");
        dense.sparse_cost = 0;
        assert_eq!(dense.method(4097), Method::Plain);
        // 0.16's rare heaps are few: the sparse method unless it has lately
        // cost more than the plain pass, and then on every 16th heap still.
        let mut sparse = grown("0.16");
        sparse.sparse_cost = 0;
        assert_eq!(sparse.method(4097), Method::Sparse);
        sparse.sparse_cost = 1 << 40;
        assert_eq!(sparse.method(4097), Method::Plain);
        assert_eq!(sparse.method(4096 + Method::SPARSE_PROBE), Method::Sparse);
        // So its splits looked at are far fewer than the plain pass's n / 2
        // a heap, some 4096² / 4 in all.
        assert!(sparse.work() < 4096 * 4096 / 4 / 5);
    }

    #[test]
    fn the_values_do_not_depend_on_which_method_computes_each_heap() {
        let mut rng = crate::rng::Rng::new(7);
        for name in ["0.14", "0.16", "0.37", "0.356", "0.161"] {
            let rule = Rule::parse_name(name).unwrap();
            let mut chosen = Sequence::new(rule.clone());
            chosen.extend_to(6000);
            let mut mixed = Sequence::new(rule);
            let mut sparse_heaps = 0;
            while mixed.len() < 6000 {
                mixed.sparse_cost = [0, 1 << 40][rng.below(2)];
                sparse_heaps += usize::from(mixed.method(mixed.len()) == Method::Sparse);
                mixed.push_next();
            }
            assert!(
                (1000..5000).contains(&sparse_heaps),
                "{name}: {sparse_heaps}"
            );
            assert!(mixed.values(0..6000) == chosen.values(0..6000), "{name}");
        }
    }

    #[cfg(feature = "threads")]
    #[test]
    fn blocks_shared_among_threads_give_the_values_one_thread_gives() {
        let rules = [
            "0.014", "0.034", "0.161", "0.167", "0.172", "0.07", "0.356", "4.337", "grundy",
        ];
        for name in rules {
            let rule = Rule::parse_name(name).unwrap();
            let mut alone = Sequence::new(rule.clone());
            alone.extend_to(20_000);
            let expected = alone.values(0..20_000);
            for threads in [1, 2, 3] {
                assert!(
                    shared_to(&rule, threads, 20_000) == expected,
                    "{name} on {threads} threads"
                );
            }
            // And as `use_threads` chooses, with a proof or a review inside.
            let mut chosen = Sequence::new(rule);
            chosen.use_threads(2).unwrap();
            chosen.extend_to(20_000);
            assert!(chosen.values(0..20_000) == expected, "{name} chosen");
        }
    }
}
