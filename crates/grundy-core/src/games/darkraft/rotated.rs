//! Rotated coordinates: one parity class of cells, where every wave is a
//! whole row or column, and the rectangles a move leaves.

use crate::rect_table::Block;

/// One parity class in rotated coordinates.
pub(super) struct Class {
    pub(super) parity: usize,
    /// Rotated rows (x) and columns (y).
    pub(super) width_x: usize,
    pub(super) width_y: usize,
}

impl Class {
    pub(super) fn new(parity: usize, n: usize, m: usize) -> Class {
        let span = n + m - 1;
        // How many of the values 0..span have the parity of `offset`.
        let count = |offset: usize| (span - offset).div_ceil(2);
        let q = (parity + n - 1) % 2;
        Class {
            parity,
            width_x: count(parity),
            width_y: count(q),
        }
    }

    /// The board cell at rotated (x, y), if it lies on the board.
    pub(super) fn cell(&self, x: usize, y: usize, n: usize, m: usize) -> Option<(usize, usize)> {
        let u = 2 * x + self.parity;
        let v = 2 * y + (self.parity + n - 1) % 2;
        let twice_i = (u + n - 1).checked_sub(v)?;
        let twice_j = (u + v).checked_sub(n - 1)?;
        let (i, j) = (twice_i / 2, twice_j / 2);
        (twice_i % 2 == 0 && i < n && j < m).then_some((i, j))
    }

    /// Rotated (x, y) of a board cell of this class.
    pub(super) fn rotate(&self, i: usize, j: usize, n: usize) -> (usize, usize) {
        ((i + j) / 2, (j + n - 1 - i) / 2)
    }
}

/// The four blocks an X move at (x, y) leaves.
pub(super) fn quarters(block: Block, x: usize, y: usize) -> [Block; 4] {
    let [above, below] = block.split_at_row(x);
    let [nw, ne] = above.split_at_col(y);
    let [sw, se] = below.split_at_col(y);
    [nw, ne, sw, se]
}

/// The pieces a move by `letter` at rotated (x, y) leaves of `block`.
pub(super) fn pieces(block: Block, letter: u8, x: usize, y: usize) -> Vec<Block> {
    match letter {
        b'L' => block.split_at_row(x).to_vec(),
        b'R' => block.split_at_col(y).to_vec(),
        _ => quarters(block, x, y).to_vec(),
    }
}
