//! A class's letters as bit masks by rotated row and column range, which
//! the table and the reachability pass read in constant time.

use super::rotated::Class;
use crate::rect_table::{bit_range, Block};

/// A class's letters in rotated coordinates, as the masks the table needs.
pub(super) struct Letters {
    /// Per rotated column range `left..right` (index left·side_y + right),
    /// the rows holding an `L` there.
    pub(super) l_rows: Vec<u64>,
    /// Per rotated row range `top..bottom` (index top·side_x + bottom),
    /// the columns holding an `R` there.
    pub(super) r_columns: Vec<u64>,
    /// Per rotated row, the columns holding an `L`, and those holding an `X`.
    pub(super) l_columns: Vec<u64>,
    pub(super) x_columns: Vec<u64>,
    /// Per rotated row, the columns `from..to` that lie on the board, and
    /// per rotated column the rows.
    pub(super) row_on_board: Vec<[usize; 2]>,
    pub(super) column_on_board: Vec<[usize; 2]>,
}

impl Letters {
    pub(super) fn new(class: &Class, n: usize, m: usize, board: &[u8]) -> Letters {
        let (wx, wy) = (class.width_x, class.width_y);
        let (side_x, side_y) = (wx + 1, wy + 1);
        let letter = |x: usize, y: usize| class.cell(x, y, n, m).map(|(i, j)| board[i * m + j]);
        // Per rotated row, the columns holding `wanted`.
        let columns_with = |wanted: u8| -> Vec<u64> {
            (0..wx)
                .map(|x| {
                    (0..wy)
                        .filter(|&y| letter(x, y) == Some(wanted))
                        .fold(0, |mask, y| mask | 1 << y)
                })
                .collect()
        };
        // Per column range, the rows with such a column in it.
        let rows_with = |columns: &[u64]| {
            let mut masks = vec![0u64; side_y * side_y];
            for left in 0..wy {
                for right in left + 1..=wy {
                    masks[left * side_y + right] = (0..wx)
                        .filter(|&x| columns[x] & bit_range(left, right) != 0)
                        .fold(0, |mask, x| mask | 1 << x);
                }
            }
            masks
        };
        let (l_columns, r_by_row, x_columns) =
            (columns_with(b'L'), columns_with(b'R'), columns_with(b'X'));
        let mut r_columns = vec![0u64; side_x * side_x];
        for top in 0..wx {
            for bottom in top + 1..=wx {
                r_columns[top * side_x + bottom] =
                    r_columns[top * side_x + bottom - 1] | r_by_row[bottom - 1];
            }
        }
        // The board is convex in rotated coordinates: one run per line.
        let run = |len: usize, on: &dyn Fn(usize) -> bool| {
            let from = (0..len).find(|&k| on(k)).unwrap_or(0);
            [from, (0..len).rfind(|&k| on(k)).map_or(from, |to| to + 1)]
        };
        Letters {
            row_on_board: (0..wx)
                .map(|x| run(wy, &|y| letter(x, y).is_some()))
                .collect(),
            column_on_board: (0..wy)
                .map(|y| run(wx, &|x| letter(x, y).is_some()))
                .collect(),
            l_rows: rows_with(&l_columns),
            r_columns,
            l_columns,
            x_columns,
        }
    }

    /// `block` less an edge line that holds no board cell, if it has one:
    /// the same game, already in the table.
    pub(super) fn trimmed(&self, block: Block) -> Option<Block> {
        let crosses = |[from, to]: [usize; 2], start: usize, end: usize| from < end && start < to;
        let row_is_off = |x: usize| !crosses(self.row_on_board[x], block.left, block.right);
        let column_is_off = |y: usize| !crosses(self.column_on_board[y], block.top, block.bottom);
        if row_is_off(block.top) {
            Some(Block {
                top: block.top + 1,
                ..block
            })
        } else if row_is_off(block.bottom - 1) {
            Some(Block {
                bottom: block.bottom - 1,
                ..block
            })
        } else if column_is_off(block.left) {
            Some(Block {
                left: block.left + 1,
                ..block
            })
        } else if column_is_off(block.right - 1) {
            Some(Block {
                right: block.right - 1,
                ..block
            })
        } else {
            None
        }
    }
}
