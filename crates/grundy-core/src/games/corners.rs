//! Turning Corners (Winning Ways ch. 14): a move turns the four corners of
//! a rectangle whose far corner goes from heads to tails. It is the product
//! of two copies of the row game where a move turns a coin x and one coin
//! left of it, whose coin at x is worth x, so by the Tartan theorem a heads
//! coin at (x, y) is worth the Nim product x ⊗ y.

use crate::analysis::{Analysis, Board, Component, Edit, MoveInfo, NimProducts, Region};
use crate::coin_tiles;
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::bare_grid;
use crate::key::KeyHasher;
use crate::nimber::{nim_product, Nimber};
use crate::rng::Rng;

/// The most rows and columns a grid has.
pub const MAX_SIDE: usize = 64;
/// The playground lists every rectangle: x·y of them for a coin at (x, y).
pub const MAX_PLAYABLE_SIDE: usize = 16;

/// A grid of coins, `true` for heads, row 0 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub heads: Vec<bool>,
}

#[derive(Default)]
pub struct Corners;

/// What a heads coin at row `x`, column `y` is worth.
pub fn value(x: usize, y: usize) -> Nimber {
    Nimber(nim_product(x as u64, y as u64) as u32)
}

impl Game for Corners {
    type Position = Grid;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "corners",
            name: "Turning Corners",
            summary: "Turn the four corners of a rectangle; its far corner must go from heads to tails.",
            rules: "A grid of coins, rows and columns numbered from 0. A move picks a heads coin at (x, y) and \
                    turns over the four corners (a, b), (a, y), (x, b) and (x, y) of a rectangle with a < x and \
                    b < y. Whoever cannot move loses. Each heads coin is a game of its own, worth the Nim product \
                    x ⊗ y, and the grid is worth their xor.",
            format: "Rows of H (heads) and T (tails), row 0 first, all of one length: up to 64 × 64 (the \
                     playground draws up to 16 × 16).",
            lost: "TTT\nTTH\nTHT\n",
            bad: "TTH\nTHX\n",
            samples: vec![
                Sample { name: "Three coins", input: "TTTT\nTTHT\nTHTT\nTTTH\n" },
                Sample { name: "A diagonal", input: "TTTTT\nTHTTT\nTTHTT\nTTTHT\nTTTTH\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Grid>, GameError> {
        let (rows, cols, cells) =
            bare_grid(text, MAX_SIDE, "HT", "H (heads) or T (tails)", "coin")?;
        let heads = cells.into_iter().map(|ch| ch == b'H').collect();
        Ok(vec![Grid { rows, cols, heads }])
    }

    fn format(&self, grid: &Grid) -> String {
        grid.heads
            .chunks(grid.cols)
            .map(|row| {
                row.iter()
                    .map(|&h| coin_tiles::letter(h))
                    .chain(['\n'])
                    .collect::<String>()
            })
            .collect()
    }

    /// Where the heads are, as words rather than text; a search never
    /// changes the grid's shape.
    fn write_key(&self, grid: &Grid, key: &mut KeyHasher) {
        for (index, _) in grid.heads.iter().enumerate().filter(|&(_, &h)| h) {
            key.write_u64(index as u64);
        }
    }

    fn nimber(&mut self, grid: &Grid) -> Nimber {
        heads_at(grid).map(|(x, y)| value(x, y)).sum()
    }

    fn option_count(&mut self, grid: &Grid) -> u32 {
        heads_at(grid).map(|(x, y)| (x * y) as u32).sum()
    }

    fn analyse(&mut self, grid: &Grid) -> Analysis {
        let total = self.nimber(grid);
        let mut components = Vec::new();
        let mut moves = Vec::new();
        for (x, y) in heads_at(grid) {
            let component = components.len() as u32;
            let worth = value(x, y);
            components.push(Component {
                id: component,
                region: Region::Cells {
                    cells: vec![[x as u32, y as u32]],
                },
                nimber: worth,
                label: format!("coin ({x}, {y})"),
                loopy: None,
            });
            for a in (0..x).rev() {
                for b in (0..y).rev() {
                    let parts = vec![value(a, b), value(a, y), value(x, b)];
                    moves.push(MoveInfo {
                        id: moves.len() as u32,
                        label: format!("turn the corners ({a}, {b}) to ({x}, {y})"),
                        component,
                        anchor: Region::Cells {
                            cells: vec![[x as u32, y as u32]],
                        },
                        variant: None,
                        footprint: Region::Cells {
                            cells: [(a, b), (a, y), (x, b), (x, y)]
                                .map(|(r, c)| [r as u32, c as u32])
                                .to_vec(),
                        },
                        after: total ^ worth ^ parts.iter().copied().sum(),
                        parts,
                        loopy: None,
                    });
                }
            }
        }
        let tiles = self.format(grid).lines().map(str::to_string).collect();
        let board = Board::Grid {
            rows: grid.rows as u32,
            cols: grid.cols as u32,
            tiles,
            tokens: Vec::new(),
            heat: None,
            overlay: None,
            legend: coin_tiles::legend(),
        };
        let mut analysis = Analysis::new(board, components, moves);
        analysis.nim_products = Some(products_table(MAX_PLAYABLE_SIDE));
        analysis
    }

    fn play(&mut self, grid: &Grid, move_id: u32) -> Result<Grid, GameError> {
        let mut left = move_id as usize;
        for (x, y) in heads_at(grid) {
            if left < x * y {
                // Listed from the nearest corner: a = x − 1 … 0, b = y − 1 … 0.
                let (a, b) = (x - 1 - left / y, y - 1 - left % y);
                let mut next = grid.clone();
                for (r, c) in [(a, b), (a, y), (x, b), (x, y)] {
                    next.heads[r * grid.cols + c] ^= true;
                }
                return Ok(next);
            }
            left -= x * y;
        }
        Err(unknown_move(move_id))
    }

    fn edit(&mut self, grid: &Grid, edit: &Edit) -> Result<Grid, GameError> {
        let mut next = grid.clone();
        match *edit {
            Edit::Paint { row, col, tile } => {
                let cell = painted_cell(row, col, grid.rows, grid.cols)?;
                next.heads[cell] = coin_tiles::painted(tile)?;
            }
            Edit::Resize { rows, cols } => {
                let (rows, cols) = new_grid_size(rows, cols, MAX_PLAYABLE_SIDE)?;
                let heads = (0..rows * cols).map(|i| {
                    let (r, c) = (i / cols, i % cols);
                    r < grid.rows && c < grid.cols && grid.heads[r * grid.cols + c]
                });
                next = Grid {
                    rows,
                    cols,
                    heads: heads.collect(),
                };
            }
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let chance = (density.clamp(0.0, 1.0) * 1000.0) as usize;
                next.heads = (0..grid.rows * grid.cols)
                    .map(|_| rng.below(1000) < chance)
                    .collect();
            }
            _ => return Err(unsupported_edit("Turning Corners", edit)),
        }
        Ok(next)
    }

    fn check_playable(&mut self, grid: &Grid) -> Result<(), GameError> {
        if grid.rows > MAX_PLAYABLE_SIDE || grid.cols > MAX_PLAYABLE_SIDE {
            return Err(GameError::new(format!(
                "the grid is {}×{}; the playground draws up to {MAX_PLAYABLE_SIDE}×{MAX_PLAYABLE_SIDE} \
                 (`grundy solve corners` takes up to {MAX_SIDE}×{MAX_SIDE})",
                grid.rows, grid.cols
            )));
        }
        Ok(())
    }
}

/// The products of 0 … side − 1 (a power of two) and the values each
/// one's definition reaches, every coin the playground draws covered.
fn products_table(side: usize) -> NimProducts {
    let at = |x: usize, y: usize| nim_product(x as u64, y as u64) as u32;
    let cells = (0..side).flat_map(|x| (0..side).map(move |y| (x, y)));
    let reached = cells.clone().map(|(x, y)| {
        let options = (0..x).flat_map(|a| (0..y).map(move |b| at(a, y) ^ at(x, b) ^ at(a, b)));
        options.fold(0, |mask, value| mask | 1 << value)
    });
    NimProducts {
        side: side as u32,
        products: cells.map(|(x, y)| at(x, y)).collect(),
        reached: reached.collect(),
    }
}

/// The (row, column) of every heads coin, row by row.
fn heads_at(grid: &Grid) -> impl Iterator<Item = (usize, usize)> + '_ {
    grid.heads
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h)
        .map(|(i, _)| (i / grid.cols, i % grid.cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coin_is_worth_the_nim_product_of_its_place() {
        let grid = &Corners.parse("TTTT\nTTHT\nTHTT\nTTTH\n").unwrap()[0];
        // 1 ⊗ 2 ⊕ 2 ⊗ 1 ⊕ 3 ⊗ 3 = 2 ⊕ 2 ⊕ 2.
        assert_eq!(Corners.nimber(grid), Nimber(2));
        // 1 ⊗ 2 ⊕ 2 ⊗ 1 = 0, and 1 ⊗ 3 ⊕ 2 ⊗ 2 ⊕ 3 ⊗ 1 = 3 ⊕ 3 ⊕ 3.
        assert_eq!(Corners.solve("TTT\nTTH\nTHT\n").unwrap(), "Second\n");
        assert_eq!(
            Corners.solve("TTTT\nTTTH\nTTHT\nTHTT\n").unwrap(),
            "First\n"
        );
    }

    #[test]
    fn the_table_explains_each_product_as_the_mex_of_what_it_reaches() {
        let table = products_table(MAX_PLAYABLE_SIDE);
        assert_eq!(table.products.len(), 256);
        for (&product, &reached) in table.products.iter().zip(&table.reached) {
            // The smallest value missing from the options, and below the field's size.
            assert_eq!(product, reached.trailing_ones());
            assert!(product < 16);
        }
        // 2 ⊗ 2 = 3: a < 2, b < 2 reach 0 ⊕ 0 ⊕ 0, 2 ⊕ 0 ⊕ 0, 0 ⊕ 2 ⊕ 0 and 2 ⊕ 2 ⊕ 1.
        assert_eq!(table.reached[2 * 16 + 2], 0b111);
        assert_eq!(table.products[2 * 16 + 2], 3);
    }

    #[test]
    fn bad_grids_are_located() {
        let err = Corners.parse("TTH\nTHX\n").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(3)));
        let err = Corners.parse("TTH\nTH\n").unwrap_err();
        assert_eq!(err.line, Some(2));
        assert!(Corners.parse("\n").is_err());
        assert!(Corners.parse(&"T\n".repeat(MAX_SIDE + 1)).is_err());
    }
}
