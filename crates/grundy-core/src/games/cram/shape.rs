//! Empty cells of a Cram board as a bitboard, and the solver that values
//! them one connected region at a time, caching each region under its
//! canonical shape so that a region met again anywhere, turned or
//! mirrored, is never searched twice. Parts are simplified before they are
//! looked up: twin tufts are pruned and equal parts cancel.

use crate::fast_map::FastMap;
use crate::nimber::Nimber;
use std::hash::{Hash, Hasher};

/// The most rows and columns a shape holds.
pub const SIDE: usize = 16;

/// A set of cells of a board of up to 16 × 16: bit c of row r is (r, c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shape(pub [u16; SIDE]);

impl Hash for Shape {
    /// Four words, not sixteen: one multiply each.
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.words() {
            state.write_u64(word);
        }
    }
}

impl Shape {
    /// The rows four to a word, as hashes take them in.
    pub fn words(&self) -> impl Iterator<Item = u64> + '_ {
        self.0.chunks_exact(4).map(|quarter| {
            quarter
                .iter()
                .fold(0u64, |word, &row| word << 16 | u64::from(row))
        })
    }

    pub fn cell(row: usize, col: usize) -> Shape {
        let mut shape = Shape::default();
        shape.0[row] = 1 << col;
        shape
    }

    pub fn contains(&self, row: usize, col: usize) -> bool {
        self.0[row] >> col & 1 == 1
    }

    pub fn len(&self) -> u32 {
        self.0.iter().map(|row| row.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&row| row == 0)
    }

    pub fn with(mut self, row: usize, col: usize) -> Shape {
        self.0[row] |= 1 << col;
        self
    }

    pub fn minus(mut self, other: Shape) -> Shape {
        for (row, taken) in self.0.iter_mut().zip(other.0) {
            *row &= !taken;
        }
        self
    }

    /// Every cell, row by row.
    pub fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (0..SIDE).flat_map(move |r| {
            let mut row = self.0[r];
            std::iter::from_fn(move || {
                (row != 0).then(|| {
                    let c = row.trailing_zeros() as usize;
                    row &= row - 1;
                    (r, c)
                })
            })
        })
    }

    /// The dominoes inside the shape, each by its top or left cell and
    /// whether it lies across (to the right) or down.
    pub fn dominoes(self) -> impl Iterator<Item = (usize, usize, bool)> {
        self.cells().flat_map(move |(r, c)| {
            let across = c + 1 < SIDE && self.contains(r, c + 1);
            let down = r + 1 < SIDE && self.contains(r + 1, c);
            [(across, true), (down, false)]
                .into_iter()
                .filter(|&(fits, _)| fits)
                .map(move |(_, across)| (r, c, across))
        })
    }

    /// The dominoes, those nearest the centre first: where a winning move
    /// is most often found (the copying strategy's, for one).
    fn dominoes_from_centre(self) -> Vec<(usize, usize, bool)> {
        let height = 16 - self.0.iter().rev().take_while(|&&row| row == 0).count();
        let width = self
            .0
            .iter()
            .map(|row| 16 - row.leading_zeros())
            .max()
            .unwrap_or(0) as usize;
        let mut dominoes: Vec<_> = self.dominoes().collect();
        dominoes.sort_by_key(|&(r, c, across)| {
            let (r2, c2) = if across {
                (2 * r + 1, 2 * c + 2)
            } else {
                (2 * r + 2, 2 * c + 1)
            };
            r2.abs_diff(height) + c2.abs_diff(width)
        });
        dominoes
    }

    /// The shape with all but one of the tufts on any cell taken away. A
    /// tuft, a cell with one neighbour, is only ever filled with that
    /// neighbour, and filling either of two tufts of one cell leaves the
    /// other alone and dead: the same position.
    pub fn without_twin_tufts(mut self) -> Shape {
        loop {
            let tufts = self.tufts();
            if tufts == Shape::default() {
                break;
            }
            let mut stars = Shape::default();
            let mut removed = false;
            for (r, c) in tufts.cells() {
                let neighbours = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                let Some((sr, sc)) = neighbours
                    .into_iter()
                    .find(|&(nr, nc)| nr < SIDE && nc < SIDE && self.contains(nr, nc))
                else {
                    continue;
                };
                if stars.contains(sr, sc) {
                    self.0[r] &= !(1 << c);
                    removed = true;
                } else {
                    stars = stars.with(sr, sc);
                }
            }
            if !removed {
                break;
            }
        }
        self
    }

    /// The cells with exactly one neighbour, found a row at a time.
    fn tufts(&self) -> Shape {
        let mut tufts = Shape::default();
        let height = SIDE - self.0.iter().rev().take_while(|&&row| row == 0).count();
        for r in 0..height {
            let row = self.0[r];
            let left = row & row << 1;
            let right = row & row >> 1;
            let up = if r > 0 { row & self.0[r - 1] } else { 0 };
            let down = if r + 1 < SIDE { row & self.0[r + 1] } else { 0 };
            let odd = left ^ right ^ up ^ down;
            let two_or_more = left & right | up & down | (left | right) & (up | down);
            tufts.0[r] = odd & !two_or_more;
        }
        tufts
    }

    /// How many dominoes fit: its number of moves.
    fn domino_count(&self) -> u32 {
        let across: u32 = self.0.iter().map(|row| (row & row >> 1).count_ones()).sum();
        let down: u32 = self
            .0
            .windows(2)
            .map(|pair| (pair[0] & pair[1]).count_ones())
            .sum();
        across + down
    }

    /// The two cells of a domino.
    pub fn domino(row: usize, col: usize, across: bool) -> Shape {
        let (r2, c2) = if across {
            (row, col + 1)
        } else {
            (row + 1, col)
        };
        Shape::cell(row, col).with(r2, c2)
    }

    /// The connected part (by sides) holding the shape's first cell:
    /// spread along each row's runs, then down and up the rows, until a
    /// sweep both ways adds nothing.
    fn first_region(self) -> Shape {
        let Some(top) = self.0.iter().position(|&row| row != 0) else {
            return self;
        };
        let bottom = self.0.iter().rposition(|&row| row != 0).unwrap_or(top);
        let mut region = Shape::default();
        region.0[top] = run_fill(self.0[top], self.0[top] & self.0[top].wrapping_neg());
        loop {
            for r in top + 1..=bottom {
                region.0[r] = run_fill(self.0[r], region.0[r] | region.0[r - 1] & self.0[r]);
            }
            // A sweep up that adds nothing leaves every row closed both ways.
            let mut grew = false;
            for r in (top..bottom).rev() {
                let row = run_fill(self.0[r], region.0[r] | region.0[r + 1] & self.0[r]);
                grew |= row != region.0[r];
                region.0[r] = row;
            }
            if !grew {
                return region;
            }
        }
    }

    /// The connected regions, by their first cells' order.
    pub fn regions(self) -> impl Iterator<Item = Shape> {
        let mut rest = self;
        std::iter::from_fn(move || {
            (!rest.is_empty()).then(|| {
                let region = rest.first_region();
                rest = rest.minus(region);
                region
            })
        })
    }

    /// Moved to the top-left corner, with its height and width.
    fn to_corner(self) -> (Shape, usize, usize) {
        let top = self.0.iter().position(|&row| row != 0).unwrap_or(0);
        let bottom = self.0.iter().rposition(|&row| row != 0).unwrap_or(0);
        let left = self
            .0
            .iter()
            .map(|row| row.trailing_zeros())
            .min()
            .unwrap_or(0);
        let right = self
            .0
            .iter()
            .map(|row| 16 - row.leading_zeros())
            .max()
            .unwrap_or(0);
        let mut moved = Shape::default();
        for r in top..=bottom {
            moved.0[r - top] = self.0[r] >> left;
        }
        (
            moved,
            bottom + 1 - top,
            (right.saturating_sub(left)) as usize,
        )
    }

    /// Upside down, within a height of `height`.
    fn flipped(mut self, height: usize) -> Shape {
        self.0[..height].reverse();
        self
    }

    /// Left to right, within a height of `height` and a width of `width`.
    fn mirrored(mut self, height: usize, width: usize) -> Shape {
        for row in &mut self.0[..height] {
            *row = row.reverse_bits() >> (SIDE - width);
        }
        self
    }

    /// Rows become columns, within a height of `height`.
    fn transposed(self, height: usize) -> Shape {
        let mut out = Shape::default();
        for (r, &row) in self.0[..height].iter().enumerate() {
            let mut bits = row;
            while bits != 0 {
                out.0[bits.trailing_zeros() as usize] |= 1 << r;
                bits &= bits - 1;
            }
        }
        out
    }

    /// The least of the shape's turns and mirror images that lie down (no
    /// taller than wide), each moved to the corner: equal for regions with
    /// the same play. Only a square one turns both ways.
    pub fn canonical(self) -> Shape {
        let (shape, height, width) = self.to_corner();
        let mut least = None;
        let mut consider = |base: Shape, h: usize, w: usize| {
            let flipped = base.flipped(h);
            for candidate in [base, flipped, base.mirrored(h, w), flipped.mirrored(h, w)] {
                least = Some(least.map_or(candidate, |l: Shape| l.min(candidate)));
            }
        };
        if height <= width {
            consider(shape, height, width);
        }
        if height >= width {
            consider(shape.transposed(height), width, height);
        }
        least.expect("a shape lies one way or the other")
    }

    /// Whether the second player wins by copying each move through the
    /// centre: the shape is its own half-turn, and no cell is its own
    /// image or beside it, so a move and its copy never overlap.
    fn mirror_wins(self) -> bool {
        let (shape, height, width) = self.to_corner();
        if shape.flipped(height).mirrored(height, width) != shape {
            return false;
        }
        let (mid_r, mid_c) = (height / 2, width / 2);
        match (height % 2, width % 2) {
            (1, 1) => !shape.contains(mid_r, mid_c),
            (1, 0) => !shape.contains(mid_r, mid_c - 1),
            (0, 1) => !shape.contains(mid_r - 1, mid_c),
            _ => true,
        }
    }
}

/// The runs of set bits of `row` that hold a bit of `seeds`, filled
/// both ways in four doubling steps each.
fn run_fill(row: u16, seeds: u16) -> u16 {
    let (mut up, mut down) = (seeds, seeds);
    let (mut open_up, mut open_down) = (row, row);
    for step in [1, 2, 4, 8] {
        up |= open_up & up << step;
        open_up &= open_up << step;
        down |= open_down & down >> step;
        open_down &= open_down >> step;
    }
    up | down
}

/// A search stopped at its budget.
#[derive(Debug, PartialEq, Eq)]
pub struct OverBudget;

/// A set of values below 512: a region of 256 cells has at most 480 moves,
/// and its value is at most its number of moves.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Values([u64; 8]);

impl Values {
    /// 0, 1, …, `last`.
    fn up_to(last: u32) -> Values {
        let mut set = [0; 8];
        for (w, word) in set.iter_mut().enumerate() {
            let low = 64 * w as u32;
            if last >= low + 63 {
                *word = u64::MAX;
            } else if last >= low {
                *word = (1 << (last - low + 1)) - 1;
            }
        }
        Values(set)
    }

    fn single(v: u32) -> Values {
        let mut set = Values([0; 8]);
        if v < 512 {
            set.0[v as usize / 64] = 1 << (v % 64);
        }
        set
    }

    fn contains(&self, v: u32) -> bool {
        v < 512 && self.0[v as usize / 64] >> (v % 64) & 1 == 1
    }

    fn remove(&mut self, v: u32) {
        if v < 512 {
            self.0[v as usize / 64] &= !(1 << (v % 64));
        }
    }

    fn largest(&self) -> Option<u32> {
        (0..8)
            .rev()
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w as u32 + 63 - self.0[w].leading_zeros())
    }

    fn smallest(&self) -> Option<u32> {
        (0..8)
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w as u32 + self.0[w].trailing_zeros())
    }

    fn and(mut self, other: Values) -> Values {
        for (word, o) in self.0.iter_mut().zip(other.0) {
            *word &= o;
        }
        self
    }

    fn is_empty(&self) -> bool {
        self.0 == [0; 8]
    }

    /// Each value ⊕ `x`.
    fn xored(self, x: u32) -> Values {
        if x == 0 {
            return self;
        }
        let mut out = Values([0; 8]);
        for w in 0..8 {
            let mut word = self.0[w];
            while word != 0 {
                let v = (64 * w as u32 + word.trailing_zeros()) ^ x;
                word &= word - 1;
                if v < 512 {
                    out.0[v as usize / 64] |= 1 << (v % 64);
                }
            }
        }
        out
    }
}

/// One move of a region still to value: the ⊕ of its parts' known values
/// and its other parts, the hardest first.
struct Open {
    known: u32,
    parts: Vec<Shape>,
}

/// A region's moves: the values it can still have once the moves whose
/// parts are all known are counted out, and the other moves, easiest first.
struct Expansion {
    possible: Values,
    open: Vec<Open>,
}

/// The values of regions, cached by canonical shape across positions.
///
/// A value is found as Beling and Rogalski prune ("On pruning search trees
/// of impartial games", 2020): a region asked for its value only if the
/// value lies in a requested set keeps the set of values it can still
/// have, 0 to its number of moves, and each move takes one out: its value
/// where found, or else the largest, which a count of the moves shows is
/// never the true one. A move is then asked only for the values still in
/// play, and the search stops once none of them is requested: most moves
/// are never valued exactly.
#[derive(Default)]
pub struct Solver {
    values: FastMap<Shape, u16>,
    /// Regions expanded since the budget was last reset.
    work: u64,
}

impl Solver {
    /// Starts counting work afresh for a new question.
    pub fn reset_work(&mut self) {
        self.work = 0;
    }

    /// The value of a set of empty cells: the ⊕ of its regions', expanding
    /// at most `budget` regions (counted since the last reset).
    pub fn value(&mut self, cells: Shape, budget: u64) -> Result<Nimber, OverBudget> {
        let mut total = Nimber::ZERO;
        for region in cells.regions() {
            total ^= self.region_value(region, budget)?;
        }
        Ok(total)
    }

    /// The value of one connected region, found by asking for 0, 1, 2, …
    /// in turn (aspiration), each move asked only whether it has the one
    /// value that would rule the candidate out.
    pub fn region_value(&mut self, region: Shape, budget: u64) -> Result<Nimber, OverBudget> {
        let key = region.canonical();
        if let Some(value) = self.known(&key) {
            return Ok(Nimber(value));
        }
        let count = key.domino_count();
        let Expansion {
            mut possible,
            mut open,
        } = self
            .expand(key, count, Values::up_to(count), budget)?
            .expect("every value is requested");
        'candidates: for candidate in 0..=count {
            if !possible.contains(candidate) {
                continue;
            }
            let mut index = 0;
            while index < open.len() {
                let known = self.settle_others(&mut open[index], budget)?;
                let asked = Values::single(candidate ^ known);
                match self.value_in(open[index].parts[0], asked, budget)? {
                    Some(value) => {
                        open.remove(index);
                        possible.remove(value ^ known);
                        if value ^ known == candidate {
                            continue 'candidates;
                        }
                    }
                    None => index += 1,
                }
            }
            self.values.insert(key, candidate as u16);
            return Ok(Nimber(candidate));
        }
        unreachable!("a value is at most the number of moves")
    }

    /// Values every part of a move but its hardest, once, folding them
    /// into its known ⊕.
    fn settle_others(&mut self, m: &mut Open, budget: u64) -> Result<u32, OverBudget> {
        while m.parts.len() > 1 {
            let part = m.parts.pop().expect("more than one part");
            m.known ^= self.region_value(part, budget)?.0;
        }
        Ok(m.known)
    }

    /// Counts a region's expansion against the budget, and splits its
    /// `count` moves into those whose parts are all known, whose values it
    /// cannot have, and the rest, easiest first: fewer and smaller unknown
    /// parts. None once the known moves leave no value of `requested`
    /// possible.
    fn expand(
        &mut self,
        key: Shape,
        count: u32,
        requested: Values,
        budget: u64,
    ) -> Result<Option<Expansion>, OverBudget> {
        if self.work >= budget {
            return Err(OverBudget);
        }
        self.work += 1;
        let mut open = Vec::new();
        let mut possible = Values::up_to(count);
        for (r, c, across) in key.dominoes_from_centre() {
            let mut known = 0;
            let mut parts = Vec::new();
            for part in key.minus(Shape::domino(r, c, across)).regions() {
                let part = part.without_twin_tufts().canonical();
                match self.known(&part) {
                    Some(value) => known ^= value,
                    None => parts.push(part),
                }
            }
            // Two equal parts are worth 0 together.
            parts.sort_unstable_by_key(|part| (std::cmp::Reverse(part.len()), *part));
            let mut single = Vec::with_capacity(parts.len());
            for part in parts {
                if single.last() == Some(&part) {
                    single.pop();
                } else {
                    single.push(part);
                }
            }
            if single.is_empty() {
                possible.remove(known);
                if possible.and(requested).is_empty() {
                    return Ok(None);
                }
            } else {
                open.push(Open {
                    known,
                    parts: single,
                });
            }
        }
        open.sort_by_key(|m| m.parts.iter().map(|p| p.len() * p.len()).sum::<u32>());
        Ok(Some(Expansion { possible, open }))
    }

    /// A value known without search: of a tiny region, cached, or 0 by
    /// the copying strategy (then cached).
    fn known(&mut self, key: &Shape) -> Option<u32> {
        let cells = key.len();
        match cells {
            // One or no cell has no move; two or three have moves only to
            // fewer than two cells.
            0 | 1 => return Some(0),
            2 | 3 => return Some(1),
            _ => {}
        }
        if let Some(&value) = self.values.get(key) {
            return Some(u32::from(value));
        }
        // A region copied through its centre has no cell on it: an even count.
        if cells.is_multiple_of(2) && key.mirror_wins() {
            self.values.insert(*key, 0);
            return Some(0);
        }
        None
    }

    /// The value of a region in canonical form if it is in `requested`;
    /// otherwise its value or none.
    fn value_in(
        &mut self,
        key: Shape,
        requested: Values,
        budget: u64,
    ) -> Result<Option<u32>, OverBudget> {
        if let Some(value) = self.known(&key) {
            return Ok(Some(value));
        }
        // The values still possible: 0 to the number of moves, less those
        // of moves whose parts are all known.
        let count = key.domino_count();
        if Values::up_to(count).and(requested).is_empty() {
            return Ok(None);
        }
        let Some(Expansion { mut possible, open }) = self.expand(key, count, requested, budget)?
        else {
            return Ok(None);
        };
        let within = Values::up_to(requested.largest().unwrap_or(0));
        let mut exact = true;
        for mut m in open {
            if possible.and(requested).is_empty() {
                return Ok(None);
            }
            let largest = possible.largest().expect("a value stays possible");
            let mut rest = possible;
            rest.remove(largest);
            let known = self.settle_others(&mut m, budget)?;
            let asked = rest.and(within).xored(known);
            match self.value_in(m.parts[0], asked, budget)? {
                Some(value) => possible.remove(value ^ known),
                None => {
                    // Its value is not among the rest, so taking out the
                    // largest leaves the smallest possible value right.
                    possible.remove(largest);
                    exact = false;
                }
            }
        }
        let value = match possible.and(within).smallest() {
            Some(value) => value,
            None if exact => possible.smallest().expect("a value stays possible"),
            None => return Ok(None),
        };
        self.values.insert(key, value as u16);
        Ok(Some(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: &[&str]) -> Shape {
        let mut shape = Shape::default();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    shape = shape.with(r, c);
                }
            }
        }
        shape
    }

    #[test]
    fn turned_and_mirrored_regions_share_one_key() {
        let l = shape(&["#.", "#.", ".."]);
        let variants = [
            shape(&["..#", ".##", ".##"]),
            shape(&["###", "#..", "#.#", "#.#"]),
            shape(&["...", ".##"]),
            shape(&["..", ".#", ".#"]),
        ];
        for variant in variants {
            assert_eq!(variant.canonical(), l.canonical());
        }
        assert_ne!(
            shape(&["...", ".##"]).canonical(),
            shape(&["...", "#.#"]).canonical()
        );
    }

    #[test]
    fn regions_split_by_sides_only() {
        let cells = shape(&[".#.", "#.#", "..#"]);
        let sizes: Vec<u32> = cells.regions().map(|r| r.len()).collect();
        assert_eq!(sizes, vec![1, 1, 3]);
    }

    #[test]
    fn the_copying_strategy_is_claimed_only_where_it_works() {
        assert!(shape(&["....", "...."]).mirror_wins());
        assert!(!shape(&["...", "..."]).mirror_wins());
        assert!(!shape(&["...", "...", "..."]).mirror_wins());
        assert!(shape(&["...", ".#.", "..."]).mirror_wins());
        assert!(!shape(&["..", "#."]).mirror_wins());
    }
}
