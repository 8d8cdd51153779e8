//! Empty cells of a Cram board as a bitboard, and the solver that values
//! them one connected region at a time, caching each region under its
//! canonical shape so that a region met again anywhere, turned or
//! mirrored, is never searched twice.

use crate::fast_map::FastMap;
use crate::nimber::{MexSet, Nimber};
use std::hash::{Hash, Hasher};

/// The most rows and columns a shape holds.
pub const SIDE: usize = 16;

/// A set of cells of a board of up to 16 × 16: bit c of row r is (r, c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shape(pub [u16; SIDE]);

impl Hash for Shape {
    /// Four words, not sixteen: one multiply each.
    fn hash<H: Hasher>(&self, state: &mut H) {
        for quarter in self.0.chunks_exact(4) {
            let word = quarter
                .iter()
                .fold(0u64, |word, &row| word << 16 | u64::from(row));
            state.write_u64(word);
        }
    }
}

impl Shape {
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

    /// The two cells of a domino.
    pub fn domino(row: usize, col: usize, across: bool) -> Shape {
        let (r2, c2) = if across {
            (row, col + 1)
        } else {
            (row + 1, col)
        };
        Shape::cell(row, col).with(r2, c2)
    }

    /// The connected part (by sides) holding the shape's first cell.
    fn first_region(self) -> Shape {
        let Some(top) = self.0.iter().position(|&row| row != 0) else {
            return self;
        };
        let mut region = Shape::default();
        region.0[top] = self.0[top] & self.0[top].wrapping_neg();
        loop {
            let mut grown = region;
            for r in 0..SIDE {
                let mut near = region.0[r] | region.0[r] << 1 | region.0[r] >> 1;
                if r > 0 {
                    near |= region.0[r - 1];
                }
                if r + 1 < SIDE {
                    near |= region.0[r + 1];
                }
                grown.0[r] = near & self.0[r];
            }
            if grown == region {
                return region;
            }
            region = grown;
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

    /// Left to right, within a width of `width`.
    fn mirrored(mut self, width: usize) -> Shape {
        for row in &mut self.0 {
            *row = row.reverse_bits() >> (SIDE - width);
        }
        self
    }

    /// Rows become columns.
    fn transposed(self) -> Shape {
        let mut out = Shape::default();
        for (r, c) in self.cells() {
            out.0[c] |= 1 << r;
        }
        out
    }

    /// The least of the shape's eight turns and mirror images, each moved
    /// to the corner: equal for regions with the same play.
    pub fn canonical(self) -> Shape {
        let (shape, height, width) = self.to_corner();
        let turned = shape.transposed();
        let mut least = shape;
        for (base, h, w) in [(shape, height, width), (turned, width, height)] {
            let flipped = base.flipped(h);
            for candidate in [base, flipped, base.mirrored(w), flipped.mirrored(w)] {
                least = least.min(candidate);
            }
        }
        least
    }

    /// Whether the second player wins by copying each move through the
    /// centre: the shape is its own half-turn, and no cell is its own
    /// image or beside it, so a move and its copy never overlap.
    fn mirror_wins(self) -> bool {
        let (shape, height, width) = self.to_corner();
        if shape.flipped(height).mirrored(width) != shape {
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

/// A search stopped at its budget.
#[derive(Debug, PartialEq, Eq)]
pub struct OverBudget;

/// The values of regions, cached by canonical shape across positions.
#[derive(Default)]
pub struct Solver {
    values: FastMap<Shape, u16>,
    /// Regions valued since the budget was last reset.
    work: u64,
}

impl Solver {
    /// How many regions the cache holds.
    pub fn cached(&self) -> usize {
        self.values.len()
    }

    /// Starts counting work afresh for a new question.
    pub fn reset_work(&mut self) {
        self.work = 0;
    }

    /// The value of a set of empty cells: the ⊕ of its regions', valuing
    /// at most `budget` new regions (counted since the last reset).
    pub fn value(&mut self, cells: Shape, budget: u64) -> Result<Nimber, OverBudget> {
        let mut total = Nimber::ZERO;
        for region in cells.regions() {
            total ^= self.region_value(region, budget)?;
        }
        Ok(total)
    }

    /// The value of one connected region.
    pub fn region_value(&mut self, region: Shape, budget: u64) -> Result<Nimber, OverBudget> {
        // One or no cell has no move; two or three have moves only to
        // fewer than two cells.
        match region.len() {
            0 | 1 => return Ok(Nimber::ZERO),
            2 | 3 => return Ok(Nimber(1)),
            _ => {}
        }
        let key = region.canonical();
        if let Some(&value) = self.values.get(&key) {
            return Ok(Nimber(u32::from(value)));
        }
        if self.work >= budget {
            return Err(OverBudget);
        }
        self.work += 1;
        let value = if key.mirror_wins() {
            Nimber::ZERO
        } else {
            let mut reached = MexSet::new();
            for (r, c, across) in key.dominoes() {
                reached.insert(self.value(key.minus(Shape::domino(r, c, across)), budget)?);
            }
            reached.mex()
        };
        self.values.insert(key, value.0 as u16);
        Ok(value)
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
