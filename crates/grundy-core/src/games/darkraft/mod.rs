//! World of Darkraft (Codeforces 138D).
//!
//! Cells with i+j even and odd never interact. In coordinates rotated by 45°
//! (`x = (i+j)/2`, `y = (j−i+n−1)/2` within one parity class) an `L` wave is
//! a whole row of a rectangle, an `R` wave a whole column and an `X` both,
//! so every component is a rectangle of one class and a move splits it into
//! two or four. Positions outside the board inside a rectangle hold no cell.
//!
//! The recurrence, for a rectangle `B` of one class in rotated
//! coordinates (rows `x`, columns `y`):
//!
//! ```text
//! G(B) = mex { G(pieces(B, c)) : c an active cell of B }
//! pieces(B, L at x)      = B's rows above x ⊕ B's rows below x
//! pieces(B, R at y)      = B's columns left of y ⊕ B's columns right of y
//! pieces(B, X at (x, y)) = the four corners of B around (x, y)
//! ```
//!
//! with `G(∅) = 0`, and a position worth the ⊕ of its components. Files:
//! `rotated` maps cells and splits rectangles, `letters` keeps the letter
//! masks by line range, `reach` finds the rectangles play can reach, and
//! `table` solves those band by band, reusing what an edit left alone.
//!
//! Tiles: `L`, `R`, `X` active; the lowercase letter once inactive.

use crate::analysis::{
    Analysis, Board, Component, Edit, Legend, MoveInfo, Region, Stroke, TileFill, TileInfo,
};
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::{counted, grid_rows, Scanner};
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rect_table::{split_along_lines, Block};
use crate::rng::Rng;
use rotated::{pieces, Class};
use std::sync::Arc;
use table::{ClassTable, Earlier};

mod letters;
mod reach;
mod rotated;
mod table;

/// The contest allows 20; the playground draws up to 40.
pub const MAX_SIDE: usize = 40;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    n: usize,
    m: usize,
    /// Row-major letters, uppercase: `L`, `R` or `X`. Play never changes
    /// them, so every position a search reaches shares them.
    letters: Arc<[u8]>,
    active: Active,
    /// Per parity class, the rotated rectangles still holding active cells.
    blocks: [Vec<Block>; 2],
}

/// Which cells are active, a bit each in row-major order: a move only
/// clears cells, so a search copies and keys a few dozen words a position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Active(Vec<u64>);

impl Active {
    fn new(cells: &[bool]) -> Active {
        Active(
            cells
                .chunks(64)
                .map(|chunk| {
                    chunk
                        .iter()
                        .rev()
                        .fold(0, |word, &on| word << 1 | u64::from(on))
                })
                .collect(),
        )
    }

    fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    fn clear(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// The active cells in order.
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(index, &word)| {
            std::iter::successors((word != 0).then_some(word), |&rest| {
                let rest = rest & (rest - 1);
                (rest != 0).then_some(rest)
            })
            .map(move |rest| 64 * index + rest.trailing_zeros() as usize)
        })
    }

    /// The `k`-th active cell, counting whole words at a time.
    fn nth(&self, mut k: usize) -> Option<usize> {
        for (index, &word) in self.0.iter().enumerate() {
            let count = word.count_ones() as usize;
            if k < count {
                let mut rest = word;
                for _ in 0..k {
                    rest &= rest - 1;
                }
                return Some(64 * index + rest.trailing_zeros() as usize);
            }
            k -= count;
        }
        None
    }
}

/// Each class's table and the board it was built for: its size and letters.
type Tables = (usize, usize, Arc<[u8]>, [ClassTable; 2]);

#[derive(Default)]
pub struct Darkraft {
    tables: Option<Tables>,
}

impl Darkraft {
    /// Tables that hold every component of `position`. They last while
    /// the letters do: play only reaches rectangles they hold.
    fn tables(&mut self, position: &Position) -> &[ClassTable; 2] {
        let stale = match &self.tables {
            Some((n, m, letters, tables)) => {
                *n != position.n
                    || *m != position.m
                    || letters != &position.letters
                    || (0..2).any(|p| position.blocks[p].iter().any(|&b| !tables[p].knows(b)))
            }
            None => true,
        };
        if stale {
            let (n, m) = (position.n, position.m);
            let (before, mut earlier) = match self.tables.take() {
                Some((bn, bm, before, tables)) if (bn, bm) == (n, m) => (before, tables.map(Some)),
                _ => (Arc::from([]), [None, None]),
            };
            let tables = [0, 1].map(|p| {
                let class = Class::new(p, n, m);
                // The whole class too, so that undoing back to the full
                // board finds its rectangles.
                let whole = Block {
                    top: 0,
                    bottom: class.width_x,
                    left: 0,
                    right: class.width_y,
                };
                let components: Vec<Block> =
                    position.blocks[p].iter().copied().chain([whole]).collect();
                let earlier = earlier[p]
                    .take()
                    .and_then(|table| Earlier::new(table, n, m, &before, &position.letters));
                match earlier {
                    // No letter of the class changed: its table still serves.
                    Some(earlier)
                        if earlier.changed.is_empty()
                            && components.iter().all(|&b| earlier.table.knows(b)) =>
                    {
                        earlier.table
                    }
                    earlier => ClassTable::new(
                        class,
                        n,
                        m,
                        &position.letters,
                        &components,
                        earlier.as_ref(),
                    ),
                }
            });
            self.tables = Some((n, m, position.letters.clone(), tables));
        }
        &self.tables.as_ref().expect("tables were just built").3
    }
}

/// Every active cell, row-major: the moves, in the order they are numbered.
fn active_cells(position: &Position) -> impl Iterator<Item = (usize, usize)> + '_ {
    let m = position.m;
    position
        .active
        .cells()
        .map(move |cell| (cell / m, cell % m))
}

/// Splits each class along fully inactive rotated lines into rectangles.
/// Puts a class's rectangles in the order of their first board cell. Two
/// rectangles that hold the same cells may differ by edge lines off the
/// board (one split off by a move, one read from text), so their bounds
/// cannot order them; their cells can.
fn sort_blocks(class: &Class, n: usize, m: usize, blocks: &mut [Block]) {
    crate::sort::sort_by_cached_key(blocks, |b| {
        (b.top..b.bottom)
            .flat_map(|x| (b.left..b.right).map(move |y| (x, y)))
            .find(|&(x, y)| class.cell(x, y, n, m).is_some())
    });
}

fn active_blocks(n: usize, m: usize, active: &[bool]) -> Result<[Vec<Block>; 2], GameError> {
    let split = |parity: usize| {
        let class = Class::new(parity, n, m);
        let cell_state =
            |x: usize, y: usize| class.cell(x, y, n, m).map(|(i, j)| active[i * m + j]);
        // A line cuts the block when it holds cells and none is active.
        let cuts = |states: &mut dyn Iterator<Item = Option<bool>>| {
            let cells: Vec<bool> = states.flatten().collect();
            !cells.is_empty() && cells.iter().all(|&a| !a)
        };
        let whole = Block {
            top: 0,
            bottom: class.width_x,
            left: 0,
            right: class.width_y,
        };
        split_along_lines(
            whole,
            |block, x| cuts(&mut (block.left..block.right).map(|y| cell_state(x, y))),
            |block, y| cuts(&mut (block.top..block.bottom).map(|x| cell_state(x, y))),
            |block| {
                let mut any_active = false;
                for x in block.top..block.bottom {
                    for y in block.left..block.right {
                        match (cell_state(x, y), class.cell(x, y, n, m)) {
                            (Some(true), _) => any_active = true,
                            (Some(false), Some((i, j))) => return Err(GameError::at(
                                i + 2,
                                j + 1,
                                "this inactive cell is not on a whole wave: no sequence of moves \
                                     leaves it so",
                            )),
                            _ => {}
                        }
                    }
                }
                Ok(any_active)
            },
        )
        .map(|mut blocks| {
            sort_blocks(&class, n, m, &mut blocks);
            blocks
        })
    };
    Ok([split(0)?, split(1)?])
}

fn new_position(n: usize, m: usize, tiles: Vec<u8>) -> Result<Position, GameError> {
    let active: Vec<bool> = tiles.iter().map(u8::is_ascii_uppercase).collect();
    let letters: Arc<[u8]> = tiles.iter().map(u8::to_ascii_uppercase).collect();
    let blocks = active_blocks(n, m, &active)?;
    Ok(Position {
        n,
        m,
        letters,
        active: Active::new(&active),
        blocks,
    })
}

impl Position {
    /// Every cell's tile in row-major order, lowercase where inactive, as the text writes them.
    fn tiles(&self) -> Vec<u8> {
        (0..self.n * self.m)
            .map(|cell| tile(self, cell / self.m, cell % self.m) as u8)
            .collect()
    }
}

impl Darkraft {
    /// The component holding cell (i, j): its class, index in that class and
    /// rotated coordinates.
    fn locate(position: &Position, i: usize, j: usize) -> (usize, usize, usize, usize) {
        let parity = (i + j) % 2;
        let class = Class::new(parity, position.n, position.m);
        let (x, y) = class.rotate(i, j, position.n);
        let index = position.blocks[parity]
            .iter()
            .position(|b| (b.top..b.bottom).contains(&x) && (b.left..b.right).contains(&y))
            .expect("an active cell lies in a component");
        (parity, index, x, y)
    }

    /// Component ids: class 0's blocks first, then class 1's.
    fn component_id(position: &Position, parity: usize, index: usize) -> usize {
        if parity == 0 {
            index
        } else {
            position.blocks[0].len() + index
        }
    }
}

impl Game for Darkraft {
    type Position = Position;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "darkraft",
            name: "World of Darkraft",
            summary: "Deactivate cells whose waves run along the diagonals.",
            rules: "Choose an active cell. It becomes inactive and waves run from it along diagonals, \
                    deactivating every cell they pass until an inactive cell or the edge: L sends them \
                    down-left and up-right, R up-left and down-right, X all four ways. Whoever cannot \
                    move loses. Turn the board 45° and each colour class of cells is a grid where a wave \
                    is a whole row or column: the game splits into rectangles.",
            format: "A line n m, then n lines of m letters L, R or X. 1 ≤ n, m ≤ 20 in the contest; the \
                     playground allows 40×40 and writes inactive cells in lowercase.",
            lost: "2 2\nRL\nLR\n",
            bad: "2 2\nRL\nLQ\n",
            samples: vec![
                Sample { name: "Mixed 4×5", input: "4 5\nLRXRL\nRLXLR\nXRLRX\nLXRXL\n" },
                Sample { name: "RL / LR", input: "2 2\nRL\nLR\n" },
                Sample { name: "RR / RR", input: "2 2\nRR\nRR\n" },
                Sample { name: "Mixed 5×6", input: "5 6\nLRXLRX\nRXLLRR\nXLRXXL\nLLRRXX\nRXLXLR\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Position>, GameError> {
        let mut scanner = Scanner::new(text);
        let n = scanner.number("n, the number of rows", 1, MAX_SIDE)?;
        let m = scanner.number("m, the number of columns", 1, MAX_SIDE)?;
        let grid = grid_rows(&mut scanner, n, m, "LRXlrx", "'L', 'R' or 'X'")?;
        scanner.finish(&format!("the {n} rows of the field"))?;
        Ok(vec![new_position(n, m, grid.concat())?])
    }

    fn format(&self, position: &Position) -> String {
        let mut out = format!("{} {}\n", position.n, position.m);
        for i in 0..position.n {
            for j in 0..position.m {
                out.push(tile(position, i, j));
            }
            out.push('\n');
        }
        out
    }

    /// Which cells are active, a bit each; a move only deactivates cells,
    /// so the letters and the board's shape are shared by every position
    /// a search reaches.
    fn write_key(&self, position: &Position, key: &mut KeyHasher) {
        for &word in &position.active.0 {
            key.write_u64(word);
        }
    }

    fn answer(&mut self, position: &Position) -> Result<String, GameError> {
        let total = self.analyse_total(position);
        Ok(if total.is_zero() { "LOSE" } else { "WIN" }.to_string())
    }

    fn analyse(&mut self, position: &Position) -> Analysis {
        let tables = self.tables(position);
        let (n, m) = (position.n, position.m);
        let mut components = Vec::new();
        for (parity, blocks) in position.blocks.iter().enumerate() {
            let class = &tables[parity].class;
            for &block in blocks {
                let placed: Vec<(usize, usize, [u32; 2])> = (block.top..block.bottom)
                    .flat_map(|x| (block.left..block.right).map(move |y| (x, y)))
                    .filter_map(|(x, y)| {
                        let (i, j) = class.cell(x, y, n, m)?;
                        position
                            .active
                            .contains(i * m + j)
                            .then_some((x, y, [i as u32, j as u32]))
                    })
                    .collect();
                // The turned size of the cells themselves: a rectangle a move
                // split off and the same cells read from text may differ by
                // edge lines off the board.
                let span = |coordinate: fn(&(usize, usize, [u32; 2])) -> usize| {
                    let values = placed.iter().map(coordinate);
                    values.clone().max().unwrap_or(0) + 1 - values.min().unwrap_or(0)
                };
                let (height, width) = (span(|p| p.0), span(|p| p.1));
                let cells: Vec<[u32; 2]> = placed.iter().map(|p| p.2).collect();
                components.push(Component {
                    id: components.len() as u32,
                    label: format!(
                        "{}, {} squares, {height}×{width} turned",
                        counted(cells.len(), "cell"),
                        if parity == 0 { "even" } else { "odd" },
                    ),
                    region: Region::Cells { cells },
                    nimber: tables[parity].nimbers.get(block),
                    loopy: None,
                });
            }
        }
        let total: Nimber = components.iter().map(|c| c.nimber).sum();
        let moves = active_cells(position)
            .enumerate()
            .map(|(id, (i, j))| {
                let (parity, index, x, y) = Darkraft::locate(position, i, j);
                let table = &tables[parity];
                let block = position.blocks[parity][index];
                let letter = position.letters[i * m + j];
                let parts: Vec<Nimber> = pieces(block, letter, x, y)
                    .iter()
                    .map(|&p| table.nimbers.get(p))
                    .collect();
                let component = Darkraft::component_id(position, parity, index);
                let swept = in_order(wave(&table.class, block, letter, x, y, n, m));
                MoveInfo {
                    id: id as u32,
                    label: format!("{} at row {}, column {}", letter as char, i + 1, j + 1),
                    component: component as u32,
                    anchor: Region::cell(i, j),
                    variant: None,
                    footprint: Region::Cells { cells: swept },
                    after: total ^ components[component].nimber ^ parts.iter().copied().sum(),
                    parts,
                    loopy: None,
                }
            })
            .collect();
        let tiles = (0..n)
            .map(|i| (0..m).map(|j| tile(position, i, j)).collect())
            .collect();
        let board = Board::Grid {
            rows: n as u32,
            cols: m as u32,
            tiles,
            tokens: Vec::new(),
            heat: None,
            overlay: None,
            legend: legend(),
        };
        Analysis::new(board, components, moves)
    }

    fn option_count(&mut self, position: &Position) -> u32 {
        position.active.len()
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        let (n, m) = (position.n, position.m);
        let cell = position
            .active
            .nth(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        let (i, j) = (cell / m, cell % m);
        let (parity, index, x, y) = Darkraft::locate(position, i, j);
        let class = Class::new(parity, n, m);
        let block = position.blocks[parity][index];
        let letter = position.letters[i * m + j];
        let mut next = position.clone();
        for (ci, cj) in wave(&class, block, letter, x, y, n, m) {
            next.active.clear(ci * m + cj);
        }
        let blocks = &mut next.blocks[parity];
        blocks.remove(index);
        for piece in pieces(block, letter, x, y) {
            let holds_active = (piece.top..piece.bottom).any(|px| {
                (piece.left..piece.right).any(|py| {
                    class
                        .cell(px, py, n, m)
                        .is_some_and(|(a, b)| next.active.contains(a * m + b))
                })
            });
            if !piece.is_empty() && holds_active {
                blocks.push(piece);
            }
        }
        sort_blocks(&class, n, m, blocks);
        Ok(next)
    }

    fn edit(&mut self, position: &Position, edit: &Edit) -> Result<Position, GameError> {
        let (n, m) = (position.n, position.m);
        match *edit {
            Edit::Paint { row, col, tile } => {
                let cell = painted_cell(row, col, n, m)?;
                if !"LRXlrx".contains(tile) {
                    return Err(GameError::new(format!(
                        "paint with 'L', 'R' or 'X', or 'l', 'r' or 'x' for an inactive cell, not '{tile}'"
                    )));
                }
                // Only the painted cell changes: the others keep their letter and whether they are active.
                let mut tiles = position.tiles();
                tiles[cell] = tile as u8;
                new_position(n, m, tiles)
            }
            Edit::Resize { rows, cols } => {
                let (rows, cols) = new_grid_size(rows, cols, MAX_SIDE)?;
                let letters = (0..rows)
                    .flat_map(|i| (0..cols).map(move |j| (i, j)))
                    .map(|(i, j)| {
                        if i < n && j < m {
                            position.letters[i * m + j]
                        } else {
                            b'X'
                        }
                    })
                    .collect();
                new_position(rows, cols, letters)
            }
            Edit::Random { seed, density } => {
                // `density` is the share of X; L and R split the rest.
                let mut rng = Rng::new(seed);
                let density = density.clamp(0.0, 1.0);
                let letters = (0..n * m)
                    .map(|_| {
                        let roll = rng.unit();
                        if roll < density {
                            b'X'
                        } else if roll < density + (1.0 - density) / 2.0 {
                            b'L'
                        } else {
                            b'R'
                        }
                    })
                    .collect();
                new_position(n, m, letters)
            }
            _ => Err(unsupported_edit("World of Darkraft", edit)),
        }
    }
}

impl Darkraft {
    fn analyse_total(&mut self, position: &Position) -> Nimber {
        let tables = self.tables(position);
        (0..2)
            .flat_map(|p| {
                position.blocks[p]
                    .iter()
                    .map(move |&b| tables[p].nimbers.get(b))
            })
            .sum()
    }
}

fn tile(position: &Position, i: usize, j: usize) -> char {
    let letter = position.letters[i * position.m + j] as char;
    if position.active.contains(i * position.m + j) {
        letter
    } else {
        letter.to_ascii_lowercase()
    }
}

/// The board cells a move deactivates: the cell and its waves' cells,
/// the cell itself twice for an X.
fn wave(
    class: &Class,
    block: Block,
    letter: u8,
    x: usize,
    y: usize,
    n: usize,
    m: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let row = (letter != b'R').then(|| (block.left..block.right).map(move |py| (x, py)));
    let col = (letter != b'L').then(|| (block.top..block.bottom).map(move |px| (px, y)));
    row.into_iter()
        .flatten()
        .chain(col.into_iter().flatten())
        .filter_map(move |(px, py)| class.cell(px, py, n, m))
}

/// Board cells in order, each once, for a move's footprint.
fn in_order(cells: impl Iterator<Item = (usize, usize)>) -> Vec<[u32; 2]> {
    let mut cells: Vec<[u32; 2]> = cells.map(|(i, j)| [i as u32, j as u32]).collect();
    crate::sort::sort(&mut cells);
    cells.dedup();
    cells
}

/// The three letters, active or (lowercase) inactive, each drawn with its
/// waves' diagonals; the board turns 45° to make them rows and columns.
fn legend() -> Legend {
    let letter = |tile: char, waves: &str, strokes: &[Stroke]| {
        let faded = tile.is_ascii_lowercase();
        let name = if faded {
            format!("inactive {}", tile.to_ascii_uppercase())
        } else {
            format!("{tile}: waves {waves}")
        };
        TileInfo {
            strokes: strokes.to_vec(),
            faded,
            ..TileInfo::new(tile, &name, TileFill::Open)
        }
    };
    let waves = [
        ('L', "down-left and up-right", &[Stroke::Rising][..]),
        ('R', "up-left and down-right", &[Stroke::Falling][..]),
        (
            'X',
            "on both diagonals",
            &[Stroke::Rising, Stroke::Falling][..],
        ),
    ];
    Legend {
        tiles: [false, true]
            .into_iter()
            .flat_map(|faded| {
                waves.iter().map(move |&(tile, waves, strokes)| {
                    let tile = if faded {
                        tile.to_ascii_lowercase()
                    } else {
                        tile
                    };
                    letter(tile, waves, strokes)
                })
            })
            .collect(),
        palette: ["L", "R", "X", "l", "r", "x"].map(String::from).to_vec(),
        numbers: Vec::new(),
        rotatable: true,
        variants: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::letters::Letters;
    use super::reach::reachable;
    use super::table::table_index;
    use super::*;
    use crate::rect_table::for_each_block;

    fn random_letters(rng: &mut Rng, n: usize, m: usize) -> Vec<u8> {
        // Some boards all X, where reachability prunes the most.
        let letters: &[u8] = if rng.below(3) == 0 { b"X" } else { b"LRX" };
        (0..n * m)
            .map(|_| letters[rng.below(letters.len())])
            .collect()
    }

    fn whole(class: &Class) -> Block {
        Block {
            top: 0,
            bottom: class.width_x,
            left: 0,
            right: class.width_y,
        }
    }

    #[test]
    fn paint_changes_only_the_cell_painted() {
        let mut game = Darkraft { tables: None };
        let paint = |game: &mut Darkraft, text: &str, row, col, tile| {
            let position = game.parse(text).expect("a valid board").remove(0);
            let edit = Edit::Paint { row, col, tile };
            game.edit(&position, &edit).map(|p| game.format(&p))
        };
        let asleep = "4 5\nlxrxl\nrlxlr\nxrlrx\nlxrxl\n";
        assert_eq!(
            paint(&mut game, asleep, 0, 0, 'L').unwrap(),
            "4 5\nLxrxl\nrlxlr\nxrlrx\nlxrxl\n"
        );
        assert_eq!(
            paint(&mut game, asleep, 2, 3, 'X').unwrap(),
            "4 5\nlxrxl\nrlxlr\nxrlXx\nlxrxl\n"
        );
        let awake = "2 3\nRLX\nXRL\n";
        assert_eq!(
            paint(&mut game, awake, 1, 2, 'x').unwrap(),
            "2 3\nRLX\nXRx\n"
        );
        // An inactive cell inside an active wave is no position play can reach.
        let refused = paint(&mut game, "3 3\nLLL\nLLL\nLLL\n", 1, 1, 'l').unwrap_err();
        assert!(
            refused.message.contains("not on a whole wave"),
            "{}",
            refused.message
        );
        assert!(paint(&mut game, awake, 0, 0, 'q').is_err());
    }

    #[test]
    fn byte_and_word_tables_agree() {
        let mut rng = Rng::new(7);
        for (n, m) in [(1, 1), (3, 7), (12, 12), (25, 17), (40, 40)] {
            let board = random_letters(&mut rng, n, m);
            for parity in 0..2 {
                let class = Class::new(parity, n, m);
                let letters = Letters::new(&class, n, m, &board);
                let reachable = reachable(&class, &letters, &[whole(&class)]);
                let bytes = ClassTable::build::<u8>(&class, &letters, &reachable, None);
                let words = ClassTable::build::<u16>(&class, &letters, &reachable, None);
                let (bytes, words) = (bytes.expect("these fit"), words.expect("words fit"));
                for_each_block(class.width_x, class.width_y, |block| {
                    let byte = usize::from(bytes.value(block));
                    assert_eq!(byte, usize::from(words.value(block)), "{n}×{m}, {block:?}");
                });
            }
        }
    }

    #[test]
    fn a_table_reusing_the_one_before_an_edit_agrees_with_a_fresh_one() {
        let mut rng = Rng::new(11);
        for (n, m) in [(5, 8), (17, 17), (40, 40)] {
            let before = random_letters(&mut rng, n, m);
            let mut board = before.clone();
            for _ in 0..1 + rng.below(3) {
                board[rng.below(n * m)] = b"LRX"[rng.below(3)];
            }
            for parity in 0..2 {
                let whole = [whole(&Class::new(parity, n, m))];
                let table = |board: &[u8], earlier: Option<&Earlier>| {
                    let class = Class::new(parity, n, m);
                    ClassTable::new(class, n, m, board, &whole, earlier)
                };
                let earlier = Earlier::new(table(&before, None), n, m, &before, &board)
                    .expect("a few cells changed");
                let (reused, fresh) = (table(&board, Some(&earlier)), table(&board, None));
                let class = &fresh.class;
                for_each_block(class.width_x, class.width_y, |block| {
                    if fresh.knows(block) {
                        let (a, b) = (reused.nimbers.get(block), fresh.nimbers.get(block));
                        assert_eq!(a, b, "{n}×{m}, {block:?}");
                    }
                });
            }
        }
    }

    /// Reachable rectangles found by playing every move from every one
    /// found so far, with no bounds reasoning.
    fn explored(class: &Class, letters: &Letters, board: &[u8], n: usize, m: usize) -> Vec<Block> {
        let mut found: Vec<Block> = Some(whole(class))
            .filter(|b| !b.is_empty())
            .into_iter()
            .collect();
        let mut pending = found.clone();
        while let Some(block) = pending.pop() {
            let mut next: Vec<Block> = letters.trimmed(block).into_iter().collect();
            for x in block.top..block.bottom {
                for y in block.left..block.right {
                    if let Some((i, j)) = class.cell(x, y, n, m) {
                        next.extend(pieces(block, board[i * m + j], x, y));
                    }
                }
            }
            for piece in next.into_iter().filter(|p| !p.is_empty()) {
                if !found.contains(&piece) {
                    found.push(piece);
                    pending.push(piece);
                }
            }
        }
        found
    }

    #[test]
    fn reachable_rectangles_are_those_play_finds() {
        let mut rng = Rng::new(11);
        for _ in 0..60 {
            let (n, m) = (1 + rng.below(7), 1 + rng.below(7));
            let board = random_letters(&mut rng, n, m);
            for parity in 0..2 {
                let class = Class::new(parity, n, m);
                let letters = Letters::new(&class, n, m, &board);
                let flags = reachable(&class, &letters, &[whole(&class)]);
                let mut expected = explored(&class, &letters, &board, n, m);
                let mut got = Vec::new();
                for_each_block(class.width_x, class.width_y, |block| {
                    if flags[table_index([class.width_x + 1, class.width_y + 1], block)] {
                        got.push(block);
                    }
                });
                expected.sort_by_key(|b| (b.top, b.bottom, b.left, b.right));
                got.sort_by_key(|b| (b.top, b.bottom, b.left, b.right));
                assert_eq!(got, expected, "{n}×{m} {}", String::from_utf8_lossy(&board));
            }
        }
    }
}
