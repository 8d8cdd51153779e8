//! Cram: players fill dominoes of empty cells in turn. Each connected
//! region of empty cells is a game of its own, valued by search over its
//! shape (see `shape`).

mod shape;

use crate::analysis::{
    Analysis, Board, Component, Edit, Legend, MoveInfo, Region, TileFill, TileInfo,
};
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::bare_grid;
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rng::Rng;
pub use shape::{Shape, Solver, SIDE};

/// The most rows and columns a board has, here and in the playground.
pub const MAX_SIDE: usize = SIDE;
/// Regions the command line expands for one question before it says
/// "too large": under ten seconds natively.
pub const CONTEST_BUDGET: u64 = 4_000_000;
/// The most empty cells a region of a board in the playground has: a
/// measure of the board alone, so that whether a board opens never
/// depends on what was solved before it. The slowest, such as 5 × 6, take
/// seconds to value every move, with the time shown and a Cancel button.
pub const MAX_PLAYABLE_REGION: u32 = 30;

/// A board: its size and its empty cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub empty: Shape,
}

#[derive(Default)]
pub struct Cram {
    solver: Solver,
}

impl Cram {
    /// The value of some empty cells, expanding at most `budget` regions.
    fn value_within(&mut self, cells: Shape, budget: u64) -> Result<Nimber, GameError> {
        self.solver.reset_work();
        self.solver.value(cells, budget).map_err(|_| {
            GameError::too_large(format!(
                "too large to solve exactly: its regions take more than {budget} shapes to search"
            ))
        })
    }

    /// The value of some empty cells however long it takes: the playground
    /// opens only boards whose regions are small enough.
    fn value(&mut self, cells: Shape) -> Nimber {
        self.solver.reset_work();
        self.solver
            .value(cells, u64::MAX)
            .expect("an unbounded search finishes")
    }
}

impl Game for Cram {
    type Position = Grid;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "cram",
            name: "Cram",
            summary: "Fill a domino of two empty cells, across or down.",
            rules: "A grid of empty and filled cells. A move fills two empty cells that share a side: a domino, \
                    across or down. Whoever cannot move loses. Each connected region of empty cells is a game of \
                    its own; boards with an even number of rows and of columns are lost for the player to move, \
                    who is answered by the move opposite through the centre.",
            format: "Rows of . (empty) and # (filled), all of one length: up to 16 × 16. The command line \
                     answers what it can search and says \"too large\" beyond; the playground solves regions of up \
                     to 30 empty cells.",
            lost: "....\n....\n",
            bad: "...\n.x.\n",
            samples: vec![
                Sample { name: "2 × 3", input: "...\n...\n" },
                Sample { name: "3 × 4", input: "....\n....\n....\n" },
                Sample { name: "Regions", input: "....#..\n..#.#..\n.#..#..\n#......\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Grid>, GameError> {
        let (rows, cols, cells) =
            bare_grid(text, MAX_SIDE, ".#", ". (empty) or # (filled)", "cell")?;
        let empty = (0..rows * cols)
            .filter(|&i| cells[i] == b'.')
            .fold(Shape::default(), |shape, i| shape.with(i / cols, i % cols));
        Ok(vec![Grid { rows, cols, empty }])
    }

    fn format(&self, grid: &Grid) -> String {
        (0..grid.rows)
            .map(|r| {
                (0..grid.cols)
                    .map(|c| if grid.empty.contains(r, c) { '.' } else { '#' })
                    .chain(['\n'])
                    .collect::<String>()
            })
            .collect()
    }

    fn nimber(&mut self, grid: &Grid) -> Nimber {
        self.value(grid.empty)
    }

    fn checked_nimber(&mut self, grid: &Grid) -> Result<Nimber, GameError> {
        self.value_within(grid.empty, CONTEST_BUDGET)
    }

    fn option_count(&mut self, grid: &Grid) -> u32 {
        grid.empty.dominoes().count() as u32
    }

    fn analyse(&mut self, grid: &Grid) -> Analysis {
        let regions: Vec<Shape> = grid.empty.regions().collect();
        let mut components = Vec::with_capacity(regions.len());
        for (id, &region) in regions.iter().enumerate() {
            components.push(Component {
                id: id as u32,
                region: cells_region(region),
                nimber: self.value(region),
                label: format!("region of {} cells", region.len()),
                loopy: None,
            });
        }
        let total: Nimber = components.iter().map(|c| c.nimber).sum();
        let mut moves = Vec::new();
        for (r, c, across) in grid.empty.dominoes() {
            let component = regions
                .iter()
                .position(|region| region.contains(r, c))
                .expect("every empty cell is in a region");
            let domino = Shape::domino(r, c, across);
            let parts: Vec<Nimber> = regions[component]
                .minus(domino)
                .regions()
                .map(|part| self.value(part))
                .collect();
            let (name, (r2, c2)) = if across {
                ("across", (r, c + 1))
            } else {
                ("down", (r + 1, c))
            };
            moves.push(MoveInfo {
                id: moves.len() as u32,
                label: format!(
                    "fill row {}, column {} and row {}, column {}",
                    r + 1,
                    c + 1,
                    r2 + 1,
                    c2 + 1
                ),
                component: component as u32,
                anchor: Region::cell(r, c),
                variant: Some(name.to_string()),
                footprint: cells_region(domino),
                after: total ^ components[component].nimber ^ parts.iter().copied().sum(),
                parts,
                loopy: None,
            });
        }
        let tiles = self.format(grid).lines().map(str::to_string).collect();
        let board = Board::Grid {
            rows: grid.rows as u32,
            cols: grid.cols as u32,
            tiles,
            tokens: Vec::new(),
            heat: None,
            overlay: None,
            legend: legend(),
        };
        Analysis::new(board, components, moves)
    }

    /// The board's size and its empty cells, four words of rows.
    fn write_key(&self, grid: &Grid, key: &mut KeyHasher) {
        key.write_u64((grid.rows as u64) << 32 | grid.cols as u64);
        for word in grid.empty.words() {
            key.write_u64(word);
        }
    }

    fn play(&mut self, grid: &Grid, move_id: u32) -> Result<Grid, GameError> {
        let (r, c, across) = grid
            .empty
            .dominoes()
            .nth(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        Ok(Grid {
            empty: grid.empty.minus(Shape::domino(r, c, across)),
            ..grid.clone()
        })
    }

    fn edit(&mut self, grid: &Grid, edit: &Edit) -> Result<Grid, GameError> {
        let mut next = grid.clone();
        match *edit {
            Edit::Paint { row, col, tile } => {
                let cell = painted_cell(row, col, grid.rows, grid.cols)?;
                let (r, c) = (cell / grid.cols, cell % grid.cols);
                next.empty = match tile {
                    '.' => grid.empty.with(r, c),
                    '#' => grid.empty.minus(Shape::cell(r, c)),
                    other => {
                        return Err(GameError::new(format!(
                            "paint with '.' (empty) or '#' (filled), not '{other}'"
                        )))
                    }
                };
            }
            Edit::Resize { rows, cols } => {
                let (rows, cols) = new_grid_size(rows, cols, MAX_SIDE)?;
                // Cells that come into view are filled, so a larger board
                // is never larger to search than the one drawn.
                let kept = grid.empty.cells().filter(|&(r, c)| r < rows && c < cols);
                next = Grid {
                    rows,
                    cols,
                    empty: kept.fold(Shape::default(), |shape, (r, c)| shape.with(r, c)),
                };
            }
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let chance = (density.clamp(0.0, 1.0) * 1000.0) as usize;
                next.empty = Shape::default();
                for i in 0..grid.rows * grid.cols {
                    if rng.below(1000) >= chance {
                        next.empty = next.empty.with(i / grid.cols, i % grid.cols);
                    }
                }
            }
            _ => return Err(unsupported_edit("Cram", edit)),
        }
        Ok(next)
    }

    fn check_playable(&mut self, grid: &Grid) -> Result<(), GameError> {
        match grid.empty.regions().find(|r| r.len() > MAX_PLAYABLE_REGION) {
            Some(region) => Err(GameError::too_large(format!(
                "a region of {} empty cells is past what the playground solves while you wait \
                 ({MAX_PLAYABLE_REGION}); fill some of its cells (`grundy nimber cram` takes up to {MAX_SIDE} × {MAX_SIDE})",
                region.len()
            ))),
            None => Ok(()),
        }
    }
}

fn cells_region(shape: Shape) -> Region {
    Region::Cells {
        cells: shape.cells().map(|(r, c)| [r as u32, c as u32]).collect(),
    }
}

fn legend() -> Legend {
    Legend {
        tiles: vec![
            TileInfo::new('.', "empty", TileFill::Open),
            TileInfo::new('#', "filled", TileFill::Wall),
        ],
        palette: vec!["#".into(), ".".into()],
        numbers: Vec::new(),
        rotatable: false,
        variants: vec!["across".into(), "down".into()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nimber(text: &str) -> Nimber {
        let mut cram = Cram::default();
        let grid = cram.parse(text).unwrap().remove(0);
        cram.checked_nimber(&grid).unwrap()
    }

    #[test]
    fn samples_have_their_values() {
        assert_eq!(nimber("...\n...\n"), Nimber(1));
        assert_eq!(nimber("...\n...\n...\n"), Nimber(0));
        assert_eq!(nimber("....\n....\n....\n"), Nimber(1));
    }

    #[test]
    fn full_boards_have_their_published_values() {
        // Lemoine and Viennot's table of Cram values, as igsolve also finds them.
        let published = [
            ((2, 3), 1),
            ((2, 5), 1),
            ((2, 7), 1),
            ((2, 9), 1),
            ((3, 4), 1),
            ((3, 5), 1),
            ((3, 6), 4),
            ((3, 7), 1),
            ((3, 8), 3),
            ((3, 9), 1),
            ((4, 5), 2),
            ((4, 7), 3),
            ((5, 5), 0),
            ((5, 6), 2),
            ((4, 6), 0),
            ((6, 6), 0),
        ];
        for ((rows, cols), value) in published {
            let board = format!("{}\n", ".".repeat(cols)).repeat(rows);
            assert_eq!(nimber(&board), Nimber(value), "{rows} × {cols}");
        }
    }

    #[test]
    fn a_strip_is_dawsons_kayles() {
        // 0.07: a domino takes two neighbouring cells of the strip.
        let dawson = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0];
        for (n, &value) in dawson.iter().enumerate().skip(1) {
            assert_eq!(nimber(&".".repeat(n)), Nimber(value), "1×{n}");
        }
    }

    #[test]
    fn a_board_past_the_budget_is_too_large() {
        let mut cram = Cram::default();
        let grid = cram
            .parse(&"...............\n".repeat(15))
            .unwrap()
            .remove(0);
        let err = cram.check_playable(&grid).unwrap_err();
        assert!(err.too_large, "{}", err.message);
    }
}
