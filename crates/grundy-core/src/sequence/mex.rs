//! The mex of a heap's options, the inner loop of every sequence: plain,
//! or by the sparse space method, and the least period of what is computed.

use super::{Held, MoveKinds, Period, RareHeap, Sparse};

/// G(n) from g = G(0..n): the mex of its options, found by `method`.
/// `work` counts the splits looked at; the sparse method also returns
/// them by kind, for its cost.
#[allow(clippy::too_many_arguments)]
pub(super) fn mex_of<T: Held>(
    g: &[T],
    n: usize,
    kinds: &MoveKinds,
    sparse: &Sparse,
    largest: u32,
    scratch: &mut Scratch,
    work: &mut u64,
    method: Method,
) -> (u32, Option<Looked>) {
    scratch.clear(largest);
    let Scratch {
        seen,
        sought,
        splits,
    } = scratch;
    *work += mark_moves(g, n, kinds, seen);
    splits.clear();
    splits.extend(kinds.splits(n));
    if method == Method::Plain {
        *work += splits
            .iter()
            .map(|&split| mark_all_pairs(g, split, seen))
            .sum::<u64>();
        return (least_unseen(seen, seen.len()), None);
    }
    let marked = match Splits::side_by_side(splits) {
        Some((_, narrow)) if !kinds.unequal => mark_rare_pairs_beside(g, narrow.m, sparse, seen),
        _ => splits
            .iter()
            .map(|&split| {
                let rare = &sparse.rare[..sparse.rare_below(split.m)];
                mark_rare_pairs(g, split, rare, kinds, seen)
            })
            .sum(),
    };
    // Every common value an option has is now seen, since a common value
    // pairs a rare heap with a common one: the least unseen common value
    // bounds the mex. Below it, rare values still unseen may come from
    // two common heaps, so look for them all in one pass.
    let (bound, missing) = least_unseen_common(seen, sparse, n);
    let searched = if missing > 0 {
        find_pairs(g, splits, bound, missing, seen, sought).0
    } else {
        0
    };
    let looked = Looked { marked, searched };
    *work += looked.pairs();
    (least_unseen(seen, bound), Some(looked))
}

/// The pairs the sparse method looked at for one heap, by how it read them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Looked {
    /// Pairs with a rare heap, read out of order and marked.
    pub(super) marked: u64,
    /// Pairs of two common heaps, read in order and tested in the search
    /// for the rare values still missing.
    pub(super) searched: u64,
}

impl Looked {
    pub(super) fn pairs(self) -> u64 {
        self.marked + self.searched
    }

    /// What they cost, in [`Method`]'s units.
    pub(super) fn cost(self) -> u64 {
        Method::RARE_PAIR_COST * self.marked + Method::SOUGHT_PAIR_COST * self.searched
    }
}

/// How [`mex_of`] finds a heap's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Method {
    /// Every pair of every split, read in order: no branch but the loop's.
    Plain,
    /// The rare heaps' pairs, then a search among the common heaps' pairs
    /// for the rare values still missing: fewer pairs where the values are
    /// sparse, each costing more, as it is read out of order or tested.
    Sparse,
}

impl Method {
    /// What a pair costs each method, in units of half a plain pass's
    /// pair: a rare heap's pair is read out of order, and a searched pair
    /// is tested before it is marked. Timed on 0.007, 0.04 and 0.14, whose
    /// best methods change as they grow.
    pub(super) const PLAIN_PAIR_COST: u64 = 2;
    pub(super) const RARE_PAIR_COST: u64 = 4;
    pub(super) const SOUGHT_PAIR_COST: u64 = 3;
    /// While the plain pass is chosen, every this many heaps the sparse
    /// method is tried, to follow what it would cost.
    pub(super) const SPARSE_PROBE: usize = 16;
}

/// What computing one heap's value writes, kept from heap to heap so that
/// no heap allocates.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    /// Which values the heap's options reach.
    pub(super) seen: Vec<bool>,
    /// Which values [`find_pairs`] still looks for.
    pub(super) sought: Vec<bool>,
    /// The heap's splits, for [`find_pairs`].
    pub(super) splits: Vec<Splits>,
}

impl Scratch {
    /// Clears `seen` for a heap whose options are xors of values up to
    /// `largest`: all below the power of two above it, `cap`. It holds
    /// 2·cap entries, because the mex lies below 2·cap, where some common
    /// value lies whatever the mask.
    pub(super) fn clear(&mut self, largest: u32) {
        let cap = (largest + 1).next_power_of_two() as usize;
        self.seen.clear();
        self.seen.resize(2 * cap, false);
    }
}

/// Marks what the moves of heap n that leave at most one heap, or three,
/// reach, where g holds the values of the heaps left; returns how many
/// splits in three it looked at.
pub(super) fn mark_moves<T: Held>(g: &[T], n: usize, kinds: &MoveKinds, seen: &mut [bool]) -> u64 {
    if kinds.whole.contains(&n) {
        seen[0] = true;
    }
    for &take in &kinds.single {
        // Leaving one non-empty heap.
        let left = n.checked_sub(take).filter(|&left| left > 0);
        if let Some(&left) = left.and_then(|left| g.get(left)) {
            seen[left.into() as usize] = true;
        }
    }
    let mut looked = 0;
    // Each marked: the rare and common classes speak of pairs, so no split
    // in three is left to them.
    for &take in &kinds.split_in_three {
        for [a, b, c] in three_heaps(n, take) {
            seen[(g[a].into() ^ g[b].into() ^ g[c].into()) as usize] = true;
            looked += 1;
        }
    }
    looked
}

/// The three non-empty heaps a ≤ b ≤ c that taking `take` from a heap of
/// `n` may leave.
pub(super) fn three_heaps(n: usize, take: usize) -> impl Iterator<Item = [usize; 3]> {
    let m = n.saturating_sub(take);
    (1..=m / 3).flat_map(move |a| (a..=(m - a) / 2).map(move |b| [a, b, m - a - b]))
}

/// Marks the values a split reaches where heap `r`, one of `rare`, is
/// either of its two heaps; returns how many it looked at.
pub(super) fn mark_rare_pairs<'a, T: Held>(
    g: &[T],
    split: Splits,
    rare: impl IntoIterator<Item = &'a RareHeap>,
    kinds: &MoveKinds,
    seen: &mut [bool],
) -> u64 {
    let m = split.m;
    let mut looked = 0;
    for &RareHeap { heap, value } in rare {
        let r = heap as usize;
        looked += 1;
        if !(kinds.unequal && 2 * r == m) {
            seen[(value ^ g[m - r].into()) as usize] = true;
        }
    }
    looked
}

/// Marks the values of every pair of `split`; returns how many it looked at.
pub(super) fn mark_all_pairs<T: Held>(g: &[T], split: Splits, seen: &mut [bool]) -> u64 {
    let Splits { m, first, last } = split;
    if first > last {
        return 0;
    }
    // The smaller heaps ascending beside the larger ones descending, read
    // as slices so that the loop checks no bounds on them.
    let smaller = &g[first..=last];
    let larger = &g[m - last..=m - first];
    // Sixteen xors at a time, which the compiler does in vector
    // registers, then a store each.
    pub(super) const LANES: usize = 16;
    // `seen` holds a power of two of values, above every xor: the mask
    // changes no index, but lets the compiler drop the stores' bounds
    // checks, and so keep the xors in vector registers.
    let mask = seen.len() - 1;
    let blocks = smaller.chunks_exact(LANES).zip(larger.rchunks_exact(LANES));
    for (a, b) in blocks {
        let mut values = [0u32; LANES];
        for lane in 0..LANES {
            values[lane] = a[lane].into() ^ b[LANES - 1 - lane].into();
        }
        for value in values {
            seen[value as usize & mask] = true;
        }
    }
    let rest = smaller.chunks_exact(LANES).remainder();
    let rest_larger = larger.rchunks_exact(LANES).remainder();
    for (&a, &b) in rest.iter().zip(rest_larger.iter().rev()) {
        seen[(a.into() ^ b.into()) as usize & mask] = true;
    }
    split.pairs()
}

/// [`mark_rare_pairs`] for two splits that leave m + 1 and m counters, in
/// one pass over the rare heaps: a rare heap r pairs with heaps m + 1 − r
/// and m − r, side by side in the values.
pub(super) fn mark_rare_pairs_beside<T: Held>(
    g: &[T],
    m: usize,
    sparse: &Sparse,
    seen: &mut [bool],
) -> u64 {
    let both = &sparse.rare[..sparse.rare_below(m)];
    for &RareHeap { heap, value } in both {
        let r = heap as usize;
        seen[(value ^ g[m + 1 - r].into()) as usize] = true;
        seen[(value ^ g[m - r].into()) as usize] = true;
    }
    // Heap m itself pairs only with heap 1.
    let last = sparse
        .rare
        .get(both.len())
        .filter(|rare| rare.heap as usize == m);
    if let Some(&RareHeap { value, .. }) = last {
        seen[(value ^ g[1].into()) as usize] = true;
    }
    2 * both.len() as u64 + u64::from(last.is_some())
}

/// The least value not in `seen` that is common for heap `heap` under the
/// mask (any value, before a mask is chosen), and how many values below
/// it are not in `seen`.
pub(super) fn least_unseen_common(seen: &[bool], sparse: &Sparse, heap: usize) -> (usize, usize) {
    let unseen = seen.iter().enumerate().filter(|&(_, &seen)| !seen);
    for (missing, (v, _)) in unseen.enumerate() {
        if sparse.unchosen() || !sparse.is_rare(heap, v as u32) {
            return (v, missing);
        }
    }
    unreachable!("a common value lies below 2·cap")
}

/// The mex, once every value below `bound` that an option has is seen.
pub(super) fn least_unseen(seen: &[bool], bound: usize) -> u32 {
    (0..bound).find(|&v| !seen[v]).unwrap_or(bound) as u32
}

/// The splits of one heap that leave `m` counters: heaps a and m − a, for
/// the smaller heap a from `first` to `last`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Splits {
    pub(super) m: usize,
    pub(super) first: usize,
    pub(super) last: usize,
}

impl Splits {
    /// How many pairs the split leaves: one for each smaller heap (a
    /// split has `last` ≥ `first` − 1).
    pub(super) fn pairs(&self) -> u64 {
        (self.last + 1 - self.first) as u64
    }

    /// Two splits that leave m and m − 1 counters from the same smaller
    /// heap on: their larger heaps lie side by side in the values, so one
    /// pass reads both.
    pub(super) fn side_by_side(splits: &[Splits]) -> Option<(Splits, Splits)> {
        match *splits {
            [wide, narrow] if wide.m == narrow.m + 1 && wide.first == narrow.first => {
                Some((wide, narrow))
            }
            _ => None,
        }
    }
}

impl MoveKinds {
    /// The splits of heap n, each over every smaller heap it may leave.
    pub(super) fn splits(&self, n: usize) -> impl Iterator<Item = Splits> + '_ {
        self.split
            .iter()
            .filter_map(move |&take| n.checked_sub(take).filter(|&m| m >= 2))
            .map(|m| Splits {
                m,
                first: 1,
                last: if self.unequal { (m - 1) / 2 } else { m / 2 },
            })
    }
}

/// Marks in `seen` the values below `bound` that some pair of `splits`
/// reaches, until `missing` unseen ones are found. Smaller heaps come
/// first, in blocks shared by every count taken, because a value that is
/// reached at all is usually reached with a small heap; two splits that
/// leave m and m − 1 counters are read in one pass. Returns how many
/// pairs it looked at and how many values are still missing.
pub(super) fn find_pairs<T: Held>(
    g: &[T],
    splits: &[Splits],
    bound: usize,
    missing: usize,
    seen: &mut [bool],
    sought: &mut Vec<bool>,
) -> (u64, usize) {
    // What is still sought, by value: one lookup per pair in the loop.
    sought.clear();
    sought.extend(seen[..bound].iter().map(|&s| !s));
    sought.resize(seen.len(), false);
    let found = match Splits::side_by_side(splits) {
        Some((wide, narrow)) => seek_beside(g, wide, narrow, missing, sought),
        None => seek(g, splits, missing, sought),
    };
    // A value no longer sought below the bound, and not seen before, was found.
    for (seen, &sought) in seen[..bound].iter_mut().zip(sought.iter()) {
        *seen |= !sought;
    }
    found
}

/// [`find_pairs`]'s search, `sought` filled: clears each value it finds
/// there, and returns how many pairs it looked at and how many values
/// are still missing. The loop touches nothing else, so that what it
/// reads stays in registers.
pub(super) fn seek<T: Held>(
    g: &[T],
    splits: &[Splits],
    mut missing: usize,
    sought: &mut [bool],
) -> (u64, usize) {
    let begin = splits.iter().map(|s| s.first).min().unwrap_or(1);
    let end = splits.iter().map(|s| s.last).max().unwrap_or(0);
    let block = if splits.len() == 1 {
        (end + 1).saturating_sub(begin).max(1)
    } else {
        64
    };
    let mut looked = 0;
    let mut start = begin;
    while start <= end {
        for &Splits { m, first, last } in splits {
            let (from, stop) = (start.max(first), last.min(start + block - 1));
            if from > stop {
                continue;
            }
            // g[a] beside g[m − a] for a in from..=stop.
            let small = &g[from..=stop];
            let large = g[m - stop..=m - from].iter().rev();
            for (&x, &y) in small.iter().zip(large) {
                looked += 1;
                if clears(sought, x.into() ^ y.into(), &mut missing) {
                    return (looked, 0);
                }
            }
        }
        start += block;
    }
    (looked, missing)
}

/// Takes `value` off the sought list if it is there; true when it was
/// the last one missing.
#[inline(always)]
pub(super) fn clears(sought: &mut [bool], value: u32, missing: &mut usize) -> bool {
    let v = value as usize;
    if !sought[v] {
        return false;
    }
    sought[v] = false;
    *missing -= 1;
    *missing == 0
}

/// [`seek`] for two splits that leave m and m − 1 counters: heaps a,
/// m − a and a, m − 1 − a side by side, so that one pass reads g[a] once
/// for both.
pub(super) fn seek_beside<T: Held>(
    g: &[T],
    wide: Splits,
    narrow: Splits,
    mut missing: usize,
    sought: &mut [bool],
) -> (u64, usize) {
    let (from, stop) = (wide.first, wide.last.min(narrow.last));
    let small = &g[from..=stop];
    let larger = g[wide.m - stop..=wide.m - from].iter().rev();
    let large = g[narrow.m - stop..=narrow.m - from].iter().rev();
    let mut looked = 0;
    for ((&x, &y), &z) in small.iter().zip(larger).zip(large) {
        looked += 2;
        for y in [y, z] {
            if clears(sought, x.into() ^ y.into(), &mut missing) {
                return (looked, 0);
            }
        }
    }
    let rest = [wide, narrow].map(|split| Splits {
        first: stop + 1,
        ..split
    });
    let (more, missing) = seek(g, &rest, missing, sought);
    (looked + more, missing)
}

/// The least period p of `values` and its least pre-period n0 such that
/// `values` is long enough (`needed(n0, p)`) to prove it; or, where none is
/// proved, the fewest values a proof of one of the periods checked needs
/// if the values go on agreeing with it.
///
/// Checking p in increasing order finds the least one: a shorter true
/// period has a pre-period no longer than any of its multiples', so it is
/// proved whenever a longer one is.
pub(super) fn least_period<T: Held>(
    values: &[T],
    needed: impl Fn(usize, usize) -> usize,
) -> Result<Period, usize> {
    let len = values.len();
    let mut fewest = usize::MAX;
    let mut p = 1;
    while p < len && needed(0, p) <= len {
        // The first n0 from which G(n + p) = G(n), found from the end.
        let n0 = (0..len - p)
            .rev()
            .find(|&n| values[n] != values[n + p])
            .map_or(0, |n| n + 1);
        let need = needed(n0, p);
        if need <= len {
            return Ok(Period {
                preperiod: n0,
                period: p,
            });
        }
        fewest = fewest.min(need);
        p += 1;
    }
    Err(fewest)
}
