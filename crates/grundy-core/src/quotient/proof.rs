//! The check the quotient's module doc describes: the triples (element,
//! options' losing set, whether a move is left) reachable from the empty
//! position, kept from one heap to the next.

use super::{Automaton, Budget, Leaves};
use crate::fast_map::WordHasher;
use std::hash::Hasher;
use std::ops::RangeInclusive;

/// The work of a check's step of triples by a heap, in [`Budget`] units
/// (measured on 0.35 and 0.07): each word of the stepped sets of a batch
/// is turned twice and read in (`BATCH_WORD_WORK` a word, however many
/// triples the batch has), each option of the heap looks up its element
/// and adds a set (`OPTION_STEP_WORK` and two units a word), and the triple
/// reached is hashed and looked up (`TRIPLE_WORK`).
const BATCH_WORD_WORK: u64 = 300;
const OPTION_STEP_WORK: u64 = 2;
const TRIPLE_WORK: u64 = 50;

/// The check of the quotient's module doc, kept from one heap to the next: when a
/// new heap acts as an element the proved quotient already has, the
/// triples found stay as they are, so only the new heap's steps, and the
/// triples they reach, are checked.
#[derive(Default)]
pub(super) struct Proof {
    /// How many heaps every triple found has been stepped by.
    pub(super) heaps: usize,
    /// The triples found: (element, has a move), and D, `words` words each.
    pub(super) states: Vec<(u32, bool)>,
    pub(super) sets: Vec<u64>,
    pub(super) words: usize,
    pub(super) seen: TripleIndex,
    /// Each triple's first finder and the heap that stepped to it (the
    /// first triple's are unused): the positions that reach them.
    pub(super) reached_by: Vec<(u32, u32)>,
    /// After a check found an element whose outcome is wrong, a position
    /// of that element, as its heaps.
    pub(super) failure: Option<Vec<u32>>,
}

impl Proof {
    /// A proof of `candidate` from nothing, if the check passes.
    pub(super) fn of(
        candidate: &Automaton,
        options: &[Vec<Leaves>],
        cap: usize,
        budget: &Budget,
    ) -> Option<Proof> {
        let mut proof = Proof::default();
        proof
            .extend(candidate, options, cap, budget)
            .then_some(proof)
    }

    /// Whether the check passes for `candidate`, whose first heaps act
    /// as in the automaton proved so far (any, if none is), for the
    /// heaps' options (`options[h]` for each heap h it knows), with at
    /// most `cap` triples. When it does not, the proof is left as it was.
    pub(super) fn extend(
        &mut self,
        candidate: &Automaton,
        options: &[Vec<Leaves>],
        cap: usize,
        budget: &Budget,
    ) -> bool {
        let fresh = self.states.is_empty();
        let old_states = if fresh { 0 } else { self.states.len() };
        self.failure = None;
        if fresh {
            self.words = candidate.size().div_ceil(64);
            self.states.push((0, false));
            self.reached_by.push((0, 0));
            self.sets.resize(self.words, 0);
            self.seen.push(triple_hash(0, false, &self.sets));
        }
        if self.check(candidate, options, cap, budget, old_states) {
            self.heaps = candidate.heaps;
            return true;
        }
        while self.seen.len() > old_states {
            self.seen.pop();
        }
        self.states.truncate(old_states);
        self.sets.truncate(old_states * self.words);
        self.reached_by.truncate(old_states);
        false
    }

    /// The heaps of the position that reached triple `state`, and `heap`.
    pub(super) fn position(&self, mut state: usize, heap: u32) -> Vec<u32> {
        let mut heaps = vec![heap];
        while state != 0 {
            let (from, by) = self.reached_by[state];
            heaps.push(by);
            state = from as usize;
        }
        heaps
    }

    /// Steps the first `old_states` triples by the heaps past `self.heaps`
    /// and every other triple by every heap, adding the triples reached;
    /// false at the first whose element's outcome is wrong.
    pub(super) fn check(
        &mut self,
        candidate: &Automaton,
        options: &[Vec<Leaves>],
        cap: usize,
        budget: &Budget,
        old_states: usize,
    ) -> bool {
        let n = candidate.size();
        let words = self.words;
        let residuals = candidate.residuals(words);
        let columns = candidate.columns();
        let heap_work = |heaps: RangeInclusive<u32>| -> u64 {
            heaps
                .map(|h| {
                    options[h as usize].len() as u64 * (OPTION_STEP_WORK + 2 * words as u64)
                        + TRIPLE_WORK
                })
                .sum()
        };
        let all_heaps = 1..=candidate.heaps as u32;
        let new_heaps = self.heaps as u32 + 1..=candidate.heaps as u32;
        let (all_work, new_work) = (heap_work(all_heaps.clone()), heap_work(new_heaps.clone()));
        // The triples' sets take `words` words each: past this many, the
        // check is refused rather than let them fill memory.
        let cap = cap.min(MAX_CHECK_WORDS / words);
        let mut set = vec![0u64; words];
        let mut stepped = Vec::new();
        let mut next = 0;
        while next < self.states.len() {
            // Up to 64 triples stepped at once, all by the same heaps.
            let (heaps, work, end) = if next < old_states {
                (new_heaps.clone(), new_work, old_states)
            } else {
                (all_heaps.clone(), all_work, self.states.len())
            };
            let end = end.min(next + 64);
            let heap_count = heaps.clone().count();
            if !budget.spend((heap_count * words) as u64 * BATCH_WORD_WORK) {
                return false;
            }
            let sets = &self.sets[next * words..end * words];
            step_sets(sets, words, n, &columns, heaps.clone(), &mut stepped);
            for index in next..end {
                if !budget.spend(work) {
                    return false;
                }
                let (q, moves) = self.states[index];
                for (k, heap) in heaps.clone().enumerate() {
                    let moves_after = moves || !options[heap as usize].is_empty();
                    let q_after = candidate.times_heap(q, heap);
                    let at = ((index - next) * heap_count + k) * words;
                    set.copy_from_slice(&stepped[at..at + words]);
                    for &leaves in &options[heap as usize] {
                        let e = candidate.times_leaves(q, leaves) as usize;
                        for (w, r) in set.iter_mut().zip(&residuals[e * words..(e + 1) * words]) {
                            *w |= r;
                        }
                    }
                    let lost = moves_after && set[0] & 1 == 0;
                    if lost != candidate.lost[q_after as usize] {
                        self.failure = Some(self.position(index, heap));
                        return false;
                    }
                    let hash = triple_hash(q_after, moves_after, &set);
                    let (states, sets) = (&self.states, &self.sets);
                    let found = self.seen.find(hash, |i| {
                        states[i] == (q_after, moves_after)
                            && sets[i * words..(i + 1) * words] == set
                    });
                    if !found {
                        if self.states.len() >= cap {
                            return false;
                        }
                        self.states.push((q_after, moves_after));
                        self.reached_by.push((index as u32, heap));
                        self.sets.extend_from_slice(&set);
                        self.seen.push(hash);
                    }
                }
            }
            next = end;
        }
        true
    }
}

/// The sets of up to 64 triples (`words` words each, of `size` elements)
/// stepped by each of `heaps`, into `stepped`, triple by triple and heap
/// by heap: z is in a stepped set when z times the heap is in the set.
/// The sets are turned into one word an element, a bit a triple, so that
/// one read of z times the heap steps them all.
pub(super) fn step_sets(
    sets: &[u64],
    words: usize,
    size: usize,
    columns: &[u32],
    heaps: RangeInclusive<u32>,
    stepped: &mut Vec<u64>,
) {
    let count = sets.len() / words;
    let mut by_element = vec![0u64; words * 64];
    let mut block = [0u64; 64];
    for (w, elements) in by_element.chunks_mut(64).enumerate() {
        block.fill(0);
        for (row, i) in block.iter_mut().zip(0..count) {
            *row = sets[i * words + w];
        }
        transpose(&mut block);
        elements.copy_from_slice(&block);
    }
    let heap_count = heaps.clone().count();
    stepped.clear();
    stepped.resize(count * heap_count * words, 0);
    for (k, heap) in heaps.enumerate() {
        let column = &columns[(heap as usize - 1) * size..heap as usize * size];
        for (w, images) in column.chunks(64).enumerate() {
            block.fill(0);
            for (row, &image) in block.iter_mut().zip(images) {
                *row = by_element[image as usize];
            }
            transpose(&mut block);
            for (i, &row) in block.iter().enumerate().take(count) {
                stepped[(i * heap_count + k) * words + w] = row;
            }
        }
    }
}

/// Transposes 64 × 64 bits held as 64 words: bit j of word i becomes bit
/// i of word j. Each round swaps the two off-diagonal blocks of every
/// block twice its width, as in Hacker's Delight.
pub(super) fn transpose(block: &mut [u64; 64]) {
    let mut width = 32;
    let mut mask: u64 = 0x0000_0000_ffff_ffff;
    while width != 0 {
        for i in (0..64).filter(|i| i & width == 0) {
            let swapped = ((block[i] >> width) ^ block[i + width]) & mask;
            block[i] ^= swapped << width;
            block[i + width] ^= swapped;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

/// The most words of sets one check holds (128 MiB): a candidate of many
/// elements has long sets, and fewer of its triples are checked.
pub(super) const MAX_CHECK_WORDS: usize = 1 << 24;

/// A triple's hash for [`TripleIndex`].
pub(super) fn triple_hash(q: u32, moves: bool, set: &[u64]) -> u64 {
    let mut hasher = WordHasher::default();
    hasher.write_u64(u64::from(q) << 1 | u64::from(moves));
    set.iter().for_each(|&word| hasher.write_u64(word));
    hasher.finish()
}

/// The triples a check has found, by value: an open-addressed table of
/// their numbers, whose sets stay in the proof's one list rather than
/// being copied into keys. Triples leave only last in, first out (a
/// refused candidate's), which linear probing allows by emptying the slot.
#[derive(Default)]
pub(super) struct TripleIndex {
    /// A triple's number plus one, or 0 for an empty slot.
    pub(super) slots: Vec<u32>,
    /// Each triple's hash, by number.
    pub(super) hashes: Vec<u64>,
}

impl TripleIndex {
    pub(super) fn len(&self) -> usize {
        self.hashes.len()
    }

    /// The slot holding the first triple, from `hash`'s, that `is` says is
    /// the one sought, or the empty slot that ends the probe.
    pub(super) fn probe(&self, hash: u64, is: impl Fn(usize) -> bool) -> usize {
        let mask = self.slots.len() - 1;
        let mut index = hash as usize & mask;
        while self.slots[index] != 0 && !is(self.slots[index] as usize - 1) {
            index = (index + 1) & mask;
        }
        index
    }

    /// Whether a triple whose hash is `hash` and that `equal` says is the
    /// one sought (given its number) is here.
    pub(super) fn find(&self, hash: u64, equal: impl Fn(usize) -> bool) -> bool {
        !self.slots.is_empty()
            && self.slots[self.probe(hash, |i| self.hashes[i] == hash && equal(i))] != 0
    }

    /// Adds the next triple, whose hash is `hash`.
    pub(super) fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
        if 2 * self.hashes.len() > self.slots.len() {
            // Again in the order they came, so that each still probes past
            // only triples older than itself.
            self.slots = vec![0; (4 * self.hashes.len()).next_power_of_two()];
            for number in 0..self.hashes.len() {
                self.place(number);
            }
        } else {
            self.place(self.hashes.len() - 1);
        }
    }

    pub(super) fn place(&mut self, number: usize) {
        let slot = self.probe(self.hashes[number], |_| false);
        self.slots[slot] = number as u32 + 1;
    }

    /// Removes the triple added last: no triple probed past its slot.
    pub(super) fn pop(&mut self) {
        let Some(&hash) = self.hashes.last() else {
            return;
        };
        let number = self.hashes.len() - 1;
        let slot = self.probe(hash, |i| i == number);
        self.slots[slot] = 0;
        self.hashes.pop();
    }
}
