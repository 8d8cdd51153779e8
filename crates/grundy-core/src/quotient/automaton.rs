//! A candidate quotient as an automaton: how each heap acts on the
//! monoid's elements, and which elements are lost.

use super::{Budget, Leaves};
use crate::fast_map::FastMap;

/// The work of one state in a round of [`Automaton::classes`] beyond its
/// heaps', in [`Budget`] units: its signature is hashed and looked up.
const SIGNATURE_WORK: u64 = 40;

/// A commutative monoid given by how each heap acts on its elements,
/// element 0 the identity (the empty position), and which elements are
/// lost for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Automaton {
    /// Heaps 1 … `heaps` act.
    pub(super) heaps: usize,
    /// `acts[q * heaps + h - 1]` is q times heap h.
    pub(super) acts: Vec<u32>,
    pub(super) lost: Vec<bool>,
}

impl Automaton {
    /// The quotient with no heaps: the empty position alone, which the
    /// player to move wins under misère play.
    pub(super) fn empty() -> Automaton {
        Automaton {
            heaps: 0,
            acts: Vec::new(),
            lost: vec![false],
        }
    }

    pub(super) fn size(&self) -> usize {
        self.lost.len()
    }

    /// q times heap `heap` (heap 0 is the empty position).
    pub(super) fn times_heap(&self, q: u32, heap: u32) -> u32 {
        if heap == 0 {
            q
        } else {
            self.acts[q as usize * self.heaps + heap as usize - 1]
        }
    }

    /// Every element times each heap, heap by heap: `columns[(h - 1) *
    /// size + q]` is q times heap h. A check reads all of one heap's
    /// products at a time, and rows would put each in a line of its own.
    pub(super) fn columns(&self) -> Vec<u32> {
        (1..=self.heaps as u32)
            .flat_map(|heap| (0..self.size() as u32).map(move |q| self.times_heap(q, heap)))
            .collect()
    }

    /// q times the heaps a move leaves.
    pub(super) fn times_leaves(&self, q: u32, leaves: Leaves) -> u32 {
        self.times_heap(self.times_heap(q, leaves[0]), leaves[1])
    }

    /// The same monoid with one more heap, which acts as the element of
    /// the position `like` (a position of the heaps it has).
    pub(super) fn with_heap_as(&self, like: &[u32]) -> Automaton {
        let heaps = self.heaps + 1;
        let mut acts = Vec::with_capacity(self.size() * heaps);
        for q in 0..self.size() {
            acts.extend_from_slice(&self.acts[q * self.heaps..(q + 1) * self.heaps]);
            acts.push(self.times_heaps(q as u32, like));
        }
        Automaton {
            heaps,
            acts,
            lost: self.lost.clone(),
        }
    }

    /// The element of each heap of 0 … `max_heap`.
    pub(super) fn heap_elements(&self, max_heap: u32) -> Vec<u32> {
        (0..=max_heap)
            .map(|heap| self.times_heap(0, heap))
            .collect()
    }

    /// The least i with heap^i = heap^j for some j > i: where the powers
    /// of the heap's element start to repeat.
    pub(super) fn power_index(&self, heap: u32) -> u32 {
        let mut seen = vec![u32::MAX; self.size()];
        let (mut q, mut i) = (0u32, 0u32);
        while seen[q as usize] == u32::MAX {
            seen[q as usize] = i;
            q = self.times_heap(q, heap);
            i += 1;
        }
        seen[q as usize]
    }

    /// Whether every two heaps' actions commute, as a quotient's must.
    pub(super) fn is_commutative(&self) -> bool {
        (0..self.size() as u32).all(|q| {
            (1..=self.heaps as u32).all(|g| {
                (g + 1..=self.heaps as u32).all(|h| {
                    self.times_heap(self.times_heap(q, g), h)
                        == self.times_heap(self.times_heap(q, h), g)
                })
            })
        })
    }

    /// Element q times a position of these heaps.
    pub(super) fn times_heaps(&self, q: u32, heaps: &[u32]) -> u32 {
        heaps.iter().fold(q, |r, &h| self.times_heap(r, h))
    }

    /// The element of a position of these heaps.
    pub(super) fn element(&self, heaps: &[u32]) -> u32 {
        self.times_heaps(0, heaps)
    }

    /// A breadth-first walk from the identity: the elements in the order
    /// reached, and each element's parent and the heap that reached it
    /// (the identity's are unused).
    pub(super) fn walk(&self) -> (Vec<u32>, Vec<(u32, u32)>) {
        let mut parent = vec![(u32::MAX, 0); self.size()];
        parent[0] = (0, 0);
        let mut order = vec![0u32];
        let mut next = 0;
        while next < order.len() {
            let q = order[next];
            next += 1;
            for heap in 1..=self.heaps as u32 {
                let r = self.times_heap(q, heap);
                if parent[r as usize].0 == u32::MAX {
                    parent[r as usize] = (q, heap);
                    order.push(r);
                }
            }
        }
        (order, parent)
    }

    /// The elements the positions reach, numbered in the order reached:
    /// the same monoid where some elements are no position's.
    pub(super) fn reached(&self) -> Automaton {
        let (order, _) = self.walk();
        let mut index = vec![0u32; self.size()];
        for (i, &q) in order.iter().enumerate() {
            index[q as usize] = i as u32;
        }
        let row = |q: u32| &self.acts[q as usize * self.heaps..(q as usize + 1) * self.heaps];
        Automaton {
            heaps: self.heaps,
            acts: (order.iter())
                .flat_map(|&q| row(q).iter().map(|&r| index[r as usize]))
                .collect(),
            lost: order.iter().map(|&q| self.lost[q as usize]).collect(),
        }
    }

    /// A position of fewest heaps for each element, largest heap first.
    pub(super) fn shortest_positions(&self) -> Vec<Vec<u32>> {
        let (_, parent) = self.walk();
        (0..self.size() as u32)
            .map(|mut q| {
                let mut heaps = Vec::new();
                while q != 0 {
                    let (p, heap) = parent[q as usize];
                    heaps.push(heap);
                    q = p;
                }
                heaps.sort_unstable_by(|a, b| b.cmp(a));
                heaps
            })
            .collect()
    }

    /// Calls `each` with every element e and the row of products e·z,
    /// z = 0, 1, …, each found from a product already known.
    pub(super) fn for_each_row(&self, mut each: impl FnMut(usize, &[u32])) {
        let n = self.size();
        let (order, parent) = self.walk();
        let mut row = vec![0u32; n];
        for e in 0..n {
            row[0] = e as u32;
            for &z in &order[1..] {
                let (p, heap) = parent[z as usize];
                row[z as usize] = self.times_heap(row[p as usize], heap);
            }
            each(e, &row);
        }
    }

    /// For each element e, the elements z with e·z lost, as a bit set of
    /// `words` words: `residuals[e * words ..]`.
    pub(super) fn residuals(&self, words: usize) -> Vec<u64> {
        let mut bits = vec![0u64; self.size() * words];
        self.for_each_row(|e, row| {
            let bits = &mut bits[e * words..(e + 1) * words];
            for (z, &product) in row.iter().enumerate() {
                if self.lost[product as usize] {
                    bits[z / 64] |= 1 << (z % 64);
                }
            }
        });
        bits
    }

    /// The product of every pair: `table[a * size + b]`.
    pub(super) fn table(&self) -> Vec<u32> {
        let mut table = Vec::with_capacity(self.size() * self.size());
        self.for_each_row(|_, row| table.extend_from_slice(row));
        table
    }

    /// The states told apart by sums of heaps (Moore's refinement), as a
    /// class number for each state; none past the budget.
    pub(super) fn classes(&self, budget: &Budget) -> Option<Vec<u32>> {
        let n = self.size();
        let mut class: Vec<u32> = self.lost.iter().map(|&l| u32::from(l)).collect();
        let mut count = 0;
        loop {
            if !budget.spend(n as u64 * (self.heaps as u64 + SIGNATURE_WORK)) {
                return None;
            }
            let mut ids: FastMap<Vec<u32>, u32> = FastMap::default();
            let mut next = Vec::with_capacity(n);
            let mut signature = Vec::with_capacity(self.heaps + 1);
            for q in 0..n {
                signature.clear();
                signature.push(class[q]);
                signature.extend(
                    self.acts[q * self.heaps..(q + 1) * self.heaps]
                        .iter()
                        .map(|&r| class[r as usize]),
                );
                let fresh = ids.len() as u32;
                next.push(*ids.entry(signature.clone()).or_insert(fresh));
            }
            let stable = ids.len() == count;
            count = ids.len();
            class = next;
            if stable {
                return Some(class);
            }
        }
    }

    /// The least automaton with the same language: states that no sum of
    /// heaps tells apart are merged. The identity stays element 0. None
    /// past the budget.
    pub(super) fn minimised(&self, budget: &Budget) -> Option<Automaton> {
        let n = self.size();
        let class = self.classes(budget)?;
        let count = class.iter().max().map_or(0, |&c| c as usize + 1);
        // Number the classes so that the identity's class is 0.
        let mut renumber = vec![u32::MAX; count];
        let mut order = vec![0usize];
        renumber[class[0] as usize] = 0;
        let mut fresh = 1;
        for q in 0..n {
            if renumber[class[q] as usize] == u32::MAX {
                renumber[class[q] as usize] = fresh;
                fresh += 1;
                order.push(q);
            }
        }
        let mut acts = Vec::with_capacity(count * self.heaps);
        let mut lost = Vec::with_capacity(count);
        for &q in &order {
            acts.extend(
                self.acts[q * self.heaps..(q + 1) * self.heaps]
                    .iter()
                    .map(|&r| renumber[class[r as usize] as usize]),
            );
            lost.push(self.lost[q]);
        }
        Some(Automaton {
            heaps: self.heaps,
            acts,
            lost,
        })
    }
}
