//! Nimbers of every sub-rectangle of an `rows`×`cols` board, the memo that
//! rectangle-splitting games (Bacterial Tactics, World of Darkraft) share.

use crate::game::GameError;
use crate::nimber::Nimber;

/// Half-open bounds: rows `top..bottom`, columns `left..right`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub top: usize,
    pub bottom: usize,
    pub left: usize,
    pub right: usize,
}

impl Block {
    /// Whether line `x` and column `y` cross inside the block.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        (self.top..self.bottom).contains(&x) && (self.left..self.right).contains(&y)
    }

    pub fn is_empty(&self) -> bool {
        self.top >= self.bottom || self.left >= self.right
    }

    pub fn height(&self) -> usize {
        self.bottom.saturating_sub(self.top)
    }

    pub fn width(&self) -> usize {
        self.right.saturating_sub(self.left)
    }

    /// The blocks above and below row `row`, which they exclude.
    pub fn split_at_row(self, row: usize) -> [Block; 2] {
        [
            Block {
                bottom: row,
                ..self
            },
            Block {
                top: row + 1,
                ..self
            },
        ]
    }

    /// The blocks left and right of column `col`, which they exclude.
    pub fn split_at_col(self, col: usize) -> [Block; 2] {
        [
            Block { right: col, ..self },
            Block {
                left: col + 1,
                ..self
            },
        ]
    }
}

/// Nimbers of the sub-rectangles of a board, filled as they are needed.
///
/// Indexed by (top, bottom, left, right) with every bound in `0..=side`,
/// so the empty blocks a cut along an edge leaves have entries too (`*0`)
/// and the pieces of successive cuts sit a fixed stride apart.
pub struct RectTable {
    rows: usize,
    cols: usize,
    nimbers: Vec<u16>,
}

/// Where in a [`RectTable`] the two pieces of each cut of one block along
/// one axis sit: the first piece of the cut at line `n` is at
/// `first + n * first_step`, the second at `second + (n + 1) * second_step`.
#[derive(Clone, Copy)]
pub struct Cuts {
    first: usize,
    first_step: usize,
    second: usize,
    second_step: usize,
}

impl RectTable {
    /// Marks a block whose nimber is not known yet.
    pub const UNKNOWN: u16 = u16::MAX;

    /// A table that knows only the empty blocks.
    pub fn new(rows: usize, cols: usize) -> RectTable {
        let side = (cols + 1) * (cols + 1);
        let mut nimbers = vec![Self::UNKNOWN; (rows + 1) * (rows + 1) * side];
        for (bounds, entries) in nimbers.chunks_mut(side).enumerate() {
            let (top, bottom) = (bounds / (rows + 1), bounds % (rows + 1));
            if top >= bottom {
                entries.fill(0);
                continue;
            }
            for left in 0..=cols {
                entries[left * (cols + 1)..=left * (cols + 2)].fill(0);
            }
        }
        RectTable {
            rows,
            cols,
            nimbers,
        }
    }

    fn index(&self, block: Block) -> usize {
        ((block.top * (self.rows + 1) + block.bottom) * (self.cols + 1) + block.left)
            * (self.cols + 1)
            + block.right
    }

    /// The nimber of `block` if known; an empty block is worth `*0`.
    pub fn get(&self, block: Block) -> Option<Nimber> {
        let value = self.nimbers[self.index(block)];
        (value != Self::UNKNOWN).then(|| Nimber(u32::from(value)))
    }

    pub fn set(&mut self, block: Block, value: Nimber) {
        let index = self.index(block);
        self.nimbers[index] = encode(value);
    }

    /// Writes a run of blocks at once: `first` and the blocks that differ
    /// from it only in reaching further right, one per entry of `values`
    /// (as [`encode`] gives them), skipping any `UNKNOWN`.
    pub fn write_rightwards(&mut self, first: Block, values: &[u16]) {
        let first = self.index(first);
        for (entry, &value) in self.nimbers[first..first + values.len()]
            .iter_mut()
            .zip(values)
        {
            // A select, not a branch, so that the loop runs on vectors.
            *entry = if value == Self::UNKNOWN {
                *entry
            } else {
                value
            };
        }
    }

    /// Where the pieces of `block`'s cuts along its rows sit.
    pub fn row_cuts(&self, block: Block) -> Cuts {
        let side = (self.cols + 1) * (self.cols + 1);
        Cuts {
            first: self.index(Block { bottom: 0, ..block }),
            first_step: side,
            second: self.index(Block { top: 0, ..block }),
            second_step: (self.rows + 1) * side,
        }
    }

    /// Where the pieces of `block`'s cuts along its columns sit.
    pub fn col_cuts(&self, block: Block) -> Cuts {
        Cuts {
            first: self.index(Block { right: 0, ..block }),
            first_step: 1,
            second: self.index(Block { left: 0, ..block }),
            second_step: self.cols + 1,
        }
    }

    /// The nimber of the cut at `line`: the sum of its two pieces, if
    /// both are known.
    pub fn cut(&self, cuts: Cuts, line: usize) -> Option<Nimber> {
        let first = self.nimbers[cuts.first + line * cuts.first_step];
        let second = self.nimbers[cuts.second + (line + 1) * cuts.second_step];
        (first != Self::UNKNOWN && second != Self::UNKNOWN)
            .then(|| Nimber(u32::from(first ^ second)))
    }

    /// Forgets every block holding one of `changed`: the rest are the same
    /// games as before the change.
    pub fn forget(&mut self, changed: &Changed) {
        for &(x, y) in &changed.0 {
            for top in 0..=x {
                for bottom in x + 1..=self.rows {
                    for left in 0..=y {
                        let first = self.index(Block {
                            top,
                            bottom,
                            left,
                            right: y + 1,
                        });
                        self.nimbers[first..first + self.cols - y].fill(Self::UNKNOWN);
                    }
                }
            }
        }
    }
}

/// How a [`RectTable`] stores a nimber: as a u16 other than
/// `RectTable::UNKNOWN`.
pub fn encode(value: Nimber) -> u16 {
    u16::try_from(value.0)
        .ok()
        .filter(|&value| value != RectTable::UNKNOWN)
        .expect("rectangle nimbers stay below 65535")
}

/// The cells an edit changed, when few enough for a table to reuse the one
/// from before it: a rectangle holding none of them is the same game.
pub struct Changed(Vec<(usize, usize)>);

impl Changed {
    /// Beyond this many cells, checking each rectangle against them costs
    /// more than reusing saves.
    const MOST: usize = 16;

    /// The `cells`, as (line, column), unless there are too many.
    pub fn new(cells: impl Iterator<Item = (usize, usize)>) -> Option<Changed> {
        let cells: Vec<(usize, usize)> = cells.take(Self::MOST + 1).collect();
        (cells.len() <= Self::MOST).then_some(Changed(cells))
    }

    /// The cells, as (row, column), where two boards of `cols` columns differ.
    pub fn between<'a, T: PartialEq>(
        before: &'a [T],
        after: &'a [T],
        cols: usize,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        (0..after.len())
            .filter(move |&cell| before[cell] != after[cell])
            .map(move |cell| (cell / cols, cell % cols))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `block` holds none of the cells.
    pub fn misses(&self, block: Block) -> bool {
        !self.0.iter().any(|&(x, y)| block.contains(x, y))
    }
}

/// Bits `from..to` of a u64.
pub fn bit_range(from: usize, to: usize) -> u64 {
    let upto = |n: usize| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    upto(to) & !upto(from)
}

/// The positions of the set bits of `bits`, lowest first.
pub fn set_bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            bit
        })
    })
}

/// Cuts `whole` along lines until none is left to cut: first any row for
/// which `cuts_row(block, row)` holds, else any such column. Each block no
/// line cuts goes to `settle`, which keeps it, drops it, or refuses the
/// position. Returns the kept blocks, top to bottom, left to right.
pub fn split_along_lines(
    whole: Block,
    cuts_row: impl Fn(Block, usize) -> bool,
    cuts_col: impl Fn(Block, usize) -> bool,
    mut settle: impl FnMut(Block) -> Result<bool, GameError>,
) -> Result<Vec<Block>, GameError> {
    let mut kept = Vec::new();
    let mut pending = vec![whole];
    while let Some(block) = pending.pop() {
        let pieces = if let Some(row) = (block.top..block.bottom).find(|&row| cuts_row(block, row))
        {
            block.split_at_row(row)
        } else if let Some(col) = (block.left..block.right).find(|&col| cuts_col(block, col)) {
            block.split_at_col(col)
        } else {
            if settle(block)? {
                kept.push(block);
            }
            continue;
        };
        pending.extend(pieces.into_iter().filter(|piece| !piece.is_empty()));
    }
    crate::sort::sort_by_key(&mut kept, |b| (b.top, b.left));
    Ok(kept)
}

/// Visits every non-empty block of a `rows`×`cols` board, each after all
/// the blocks it contains.
pub fn for_each_block(rows: usize, cols: usize, mut visit: impl FnMut(Block)) {
    // One band of rows at a time, so the pieces it reads stay in cache.
    for height in 1..=rows {
        for top in 0..=rows - height {
            for width in 1..=cols {
                for left in 0..=cols - width {
                    visit(Block {
                        top,
                        bottom: top + height,
                        left,
                        right: left + width,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_is_visited_after_its_pieces() {
        let mut order: Vec<Block> = Vec::new();
        for_each_block(3, 2, |block| {
            let rows = (block.top..block.bottom).flat_map(|r| block.split_at_row(r));
            let cols = (block.left..block.right).flat_map(|c| block.split_at_col(c));
            for piece in rows.chain(cols) {
                assert!(
                    piece.is_empty() || order.contains(&piece),
                    "{piece:?} before {block:?}"
                );
            }
            order.push(block);
        });
        assert_eq!(order.len(), 6 * 3);
    }

    #[test]
    fn stores_and_reads_back() {
        let mut table = RectTable::new(4, 4);
        let block = Block {
            top: 1,
            bottom: 3,
            left: 0,
            right: 4,
        };
        assert_eq!(table.get(block), None);
        table.set(block, Nimber(9));
        assert_eq!(table.get(block), Some(Nimber(9)));
        let empty = Block {
            top: 2,
            bottom: 2,
            left: 0,
            right: 4,
        };
        assert_eq!(table.get(empty), Some(Nimber::ZERO));
    }

    #[test]
    fn a_cut_reads_the_sum_of_the_pieces_it_leaves() {
        let (rows, cols) = (4, 5);
        let mut table = RectTable::new(rows, cols);
        let mut next = 0;
        for_each_block(rows, cols, |block| {
            next = (next * 7 + 3) % 23;
            table.set(block, Nimber(next));
        });
        for_each_block(rows, cols, |block| {
            let row_cuts = table.row_cuts(block);
            for row in block.top..block.bottom {
                let [a, b] = block.split_at_row(row).map(|piece| table.get(piece));
                assert_eq!(table.cut(row_cuts, row), Some(a.unwrap() ^ b.unwrap()));
            }
            let col_cuts = table.col_cuts(block);
            for col in block.left..block.right {
                let [a, b] = block.split_at_col(col).map(|piece| table.get(piece));
                assert_eq!(table.cut(col_cuts, col), Some(a.unwrap() ^ b.unwrap()));
            }
        });
        let whole = Block {
            top: 0,
            bottom: rows,
            left: 0,
            right: cols,
        };
        table.forget(&Changed::new([(2, 2)].into_iter()).expect("one cell"));
        let inner = Block { top: 1, ..whole };
        assert_eq!(
            table.cut(table.row_cuts(whole), 0),
            None,
            "{inner:?} was forgotten"
        );
    }

    #[test]
    fn forgets_exactly_the_blocks_holding_a_changed_cell() {
        let (rows, cols) = (4, 5);
        let mut table = RectTable::new(rows, cols);
        for_each_block(rows, cols, |block| table.set(block, Nimber(1)));
        let changed = Changed::new([(1, 3), (3, 0)].into_iter()).expect("two cells");
        table.forget(&changed);
        for_each_block(rows, cols, |block| {
            let holds = block.contains(1, 3) || block.contains(3, 0);
            assert_eq!(table.get(block).is_none(), holds, "{block:?}");
        });
    }
}
