//! Bacterial Tactics (Code Jam 2019 Round 1C).
//!
//! Occupied rows and columns cut the grid into rectangles that never
//! interact, so a position is a list of free rectangles. The nimber of a
//! rectangle depends only on its bounds and the radioactive layout, so one
//! table of sub-rectangles, filled as play needs them, serves every
//! position with that layout.
//!
//! Tiles: `.` empty, `#` radioactive; colonies are `-` (H) and `|` (V) in
//! text. The board view marks who placed a colony: `h`/`v` for the first
//! player, `H`/`V` for the second, `-`/`|` when the text did not say.

use crate::ai::Rng;
use crate::analysis::{Analysis, Board, Component, Edit, ForfeitMove, MoveInfo, Region};
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::{grid_rows, Scanner};
use crate::nimber::{MexSet, Nimber};
use crate::rect_table::{bit_range, set_bits, split_along_lines, Block, Changed, RectTable};

pub const MAX_CASES: usize = 100;
/// The contest allows 15; the playground draws up to 40.
pub const MAX_SIDE: usize = 40;

const EMPTY: u8 = b'.';
const RADIOACTIVE: u8 = b'#';
const H_COLONY: u8 = b'-';
const V_COLONY: u8 = b'|';

fn region(block: Block) -> Region {
    Region::Rect {
        row: block.top as u32,
        col: block.left as u32,
        rows: block.height() as u32,
        cols: block.width() as u32,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    rows: usize,
    cols: usize,
    /// Row-major tiles: `.`, `#`, `-` or `|`.
    cells: Vec<u8>,
    /// The free rectangles, each holding at least one empty cell.
    blocks: Vec<Block>,
}

impl Position {
    fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.cols + col]
    }

    fn has_empty(&self, block: Block) -> bool {
        (block.top..block.bottom).any(|r| (block.left..block.right).any(|c| self.at(r, c) == EMPTY))
    }
}

/// A placement: where, which way, and in which rectangle.
#[derive(Clone, Copy, Debug)]
struct Placement {
    block: usize,
    row: usize,
    col: usize,
    horizontal: bool,
}

impl Placement {
    /// The two pieces of its rectangle the colony leaves.
    fn pieces(self, block: Block) -> [Block; 2] {
        if self.horizontal {
            block.split_at_row(self.row)
        } else {
            block.split_at_col(self.col)
        }
    }

    /// The cells the colony occupies.
    fn footprint(self, block: Block) -> Block {
        if self.horizontal {
            Block {
                top: self.row,
                bottom: self.row + 1,
                ..block
            }
        } else {
            Block {
                left: self.col,
                right: self.col + 1,
                ..block
            }
        }
    }
}

/// Where the radioactive cells are, indexed for O(1) legality checks.
struct Layout {
    rows: usize,
    cols: usize,
    radioactive: Vec<bool>,
    /// `row_hot[r][c]`: radioactive cells in row r before column c.
    row_hot: Vec<Vec<u16>>,
    col_hot: Vec<Vec<u16>>,
    /// `clean_rows[left * cols + right - 1]`: the rows with no radioactive
    /// cell in those columns, as bits; so a block visits only its legal lines.
    clean_rows: Vec<u64>,
    clean_cols: Vec<u64>,
}

/// Nimbers of the sub-rectangles of one radioactive layout: every block
/// without radioactive cells from the start (each is a few stores), the
/// others as play needs them, since play from a position reaches few of
/// them when radioactive cells block many lines.
struct Table {
    layout: Layout,
    nimbers: RectTable,
}

/// Counts of `hot` cells before each index of a line, for O(1) range checks.
fn prefix_counts(len: usize, hot: impl Fn(usize) -> bool) -> Vec<u16> {
    let mut prefix = vec![0u16; len + 1];
    for i in 0..len {
        prefix[i + 1] = prefix[i] + u16::from(hot(i));
    }
    prefix
}

/// For every span `first..last` of a line, which crossing lines are clean.
fn clean_lines(len: usize, crossing: usize, hot: &[Vec<u16>]) -> Vec<u64> {
    let mut clean = vec![0; len * len];
    for first in 0..len {
        for last in first + 1..=len {
            clean[first * len + last - 1] = (0..crossing)
                .filter(|&line| hot[line][last] == hot[line][first])
                .fold(0, |lines, line| lines | 1 << line);
        }
    }
    clean
}

impl Table {
    /// The table of a layout, keeping what it can of `earlier`, the table
    /// from before an edit: a block whose cells the edit left alone keeps
    /// its nimber.
    fn new(rows: usize, cols: usize, radioactive: Vec<bool>, earlier: Option<Table>) -> Table {
        let layout = Layout::new(rows, cols, radioactive);
        let kept = earlier
            .filter(|earlier| (earlier.layout.rows, earlier.layout.cols) == (rows, cols))
            .and_then(|earlier| {
                let changed =
                    Changed::between(&earlier.layout.radioactive, &layout.radioactive, cols);
                let mut nimbers = earlier.nimbers;
                nimbers.forget(&Changed::new(changed)?);
                Some(nimbers)
            });
        let mut nimbers = kept.unwrap_or_else(|| RectTable::new(rows, cols));
        layout.set_clean_blocks(&mut nimbers);
        Table { layout, nimbers }
    }

    /// Works out the nimbers of `blocks` and of every piece their moves
    /// leave, so that `get` can read them.
    fn solve(&mut self, blocks: &[Block]) {
        for &block in blocks {
            solve(&self.layout, &mut self.nimbers, block);
        }
    }

    /// The nimber of a solved block or of a piece one of its moves leaves.
    fn get(&self, block: Block) -> Nimber {
        let nimber = self.nimbers.get(block);
        nimber.unwrap_or_else(|| panic!("{block:?} was not solved"))
    }

    fn split_value(&self, pieces: [Block; 2]) -> Nimber {
        self.get(pieces[0]) ^ self.get(pieces[1])
    }
}

/// The nimber of `block`, from those of the pieces its moves leave,
/// solving them first if need be. Blocks without radioactive cells are
/// all known from the start, so only blocks that hold one come here; each
/// step in shrinks the block, so the recursion is at most rows + columns
/// deep.
fn solve(layout: &Layout, nimbers: &mut RectTable, block: Block) -> Nimber {
    if let Some(known) = nimbers.get(block) {
        return known;
    }
    let mut seen = MexSet::new();
    let rows = layout.clean_rows[block.left * layout.cols + block.right - 1];
    let row_cuts = nimbers.row_cuts(block);
    for row in set_bits(rows & bit_range(block.top, block.bottom)) {
        // Most pieces are known by now: read them without a call.
        let value = match nimbers.cut(row_cuts, row) {
            Some(value) => value,
            None => solve_cut(layout, nimbers, block.split_at_row(row)),
        };
        seen.insert(value);
    }
    let cols = layout.clean_cols[block.top * layout.rows + block.bottom - 1];
    let col_cuts = nimbers.col_cuts(block);
    for col in set_bits(cols & bit_range(block.left, block.right)) {
        let value = match nimbers.cut(col_cuts, col) {
            Some(value) => value,
            None => solve_cut(layout, nimbers, block.split_at_col(col)),
        };
        seen.insert(value);
    }
    let value = seen.mex();
    nimbers.set(block, value);
    value
}

/// The nimber a cut leaves: the sum of its two pieces, solved if need be.
fn solve_cut(layout: &Layout, nimbers: &mut RectTable, pieces: [Block; 2]) -> Nimber {
    pieces
        .into_iter()
        .map(|piece| solve(layout, nimbers, piece))
        .sum()
}

impl Layout {
    fn new(rows: usize, cols: usize, radioactive: Vec<bool>) -> Layout {
        let row_hot: Vec<Vec<u16>> = (0..rows)
            .map(|r| prefix_counts(cols, |c| radioactive[r * cols + c]))
            .collect();
        let col_hot: Vec<Vec<u16>> = (0..cols)
            .map(|c| prefix_counts(rows, |r| radioactive[r * cols + c]))
            .collect();
        Layout {
            rows,
            cols,
            clean_rows: clean_lines(cols, rows, &row_hot),
            clean_cols: clean_lines(rows, cols, &col_hot),
            radioactive,
            row_hot,
            col_hot,
        }
    }

    /// Whether an H colony across row `row` of `block` stays clean.
    fn row_clean(&self, row: usize, block: Block) -> bool {
        self.row_hot[row][block.right] == self.row_hot[row][block.left]
    }

    fn col_clean(&self, col: usize, block: Block) -> bool {
        self.col_hot[col][block.bottom] == self.col_hot[col][block.top]
    }

    /// Writes the nimber of every block without radioactive cells, which
    /// depends on its size alone: for each band of rows, every span of
    /// columns between the band's radioactive cells.
    fn set_clean_blocks(&self, nimbers: &mut RectTable) {
        let (rows, cols) = (self.rows, self.cols);
        let by_size = clean_values(rows, cols);
        for top in 0..rows {
            let mut hot_cols = vec![false; cols];
            for bottom in top + 1..=rows {
                for (col, hot) in hot_cols.iter_mut().enumerate() {
                    *hot |= self.radioactive[(bottom - 1) * cols + col];
                }
                let mut span_left = 0;
                // The right edge ends the last span as a radioactive cell would.
                for (col, _) in hot_cols
                    .iter()
                    .chain([&true])
                    .enumerate()
                    .filter(|(_, &hot)| hot)
                {
                    for left in span_left..col {
                        for right in left + 1..=col {
                            let block = Block {
                                top,
                                bottom,
                                left,
                                right,
                            };
                            nimbers.set(block, by_size[bottom - top][right - left]);
                        }
                    }
                    span_left = col + 1;
                }
            }
        }
    }
}

/// The nimber of every block without radioactive cells, by size: such a
/// block's value depends on nothing else.
fn clean_values(rows: usize, cols: usize) -> Vec<Vec<Nimber>> {
    let mut by_size = vec![vec![Nimber::ZERO; cols + 1]; rows + 1];
    for height in 1..=rows {
        for width in 1..=cols {
            let mut seen = MexSet::new();
            for split in 0..height {
                seen.insert(by_size[split][width] ^ by_size[height - 1 - split][width]);
            }
            for split in 0..width {
                seen.insert(by_size[height][split] ^ by_size[height][width - 1 - split]);
            }
            by_size[height][width] = seen.mex();
        }
    }
    by_size
}

/// The game, with the table of the last radioactive layout it saw.
#[derive(Default)]
pub struct BacterialTactics {
    table: Option<Table>,
}

impl BacterialTactics {
    fn table(&mut self, position: &Position) -> &Table {
        let radioactive: Vec<bool> = position.cells.iter().map(|&c| c == RADIOACTIVE).collect();
        let stale = match &self.table {
            Some(t) => {
                t.layout.rows != position.rows
                    || t.layout.cols != position.cols
                    || t.layout.radioactive != radioactive
            }
            None => true,
        };
        if stale {
            let earlier = self.table.take();
            self.table = Some(Table::new(
                position.rows,
                position.cols,
                radioactive,
                earlier,
            ));
        }
        let table = self.table.as_mut().expect("table was just built");
        table.solve(&position.blocks);
        table
    }

    /// Every placement that does not mutate, in the order moves are numbered.
    fn placements(&mut self, position: &Position) -> Vec<Placement> {
        let table = self.table(position);
        let mut list = Vec::new();
        for (index, &block) in position.blocks.iter().enumerate() {
            for row in block.top..block.bottom {
                let h_clean = table.layout.row_clean(row, block);
                for col in block.left..block.right {
                    if position.at(row, col) != EMPTY {
                        continue;
                    }
                    for horizontal in [true, false] {
                        let clean = if horizontal {
                            h_clean
                        } else {
                            table.layout.col_clean(col, block)
                        };
                        if clean {
                            list.push(Placement {
                                block: index,
                                row,
                                col,
                                horizontal,
                            });
                        }
                    }
                }
            }
        }
        list
    }
}

/// Splits the grid into free rectangles along full colony lines.
fn free_blocks(position: &Position) -> Result<Vec<Block>, GameError> {
    let whole = Block {
        top: 0,
        bottom: position.rows,
        left: 0,
        right: position.cols,
    };
    split_along_lines(
        whole,
        |block, r| (block.left..block.right).all(|c| position.at(r, c) == H_COLONY),
        |block, c| (block.top..block.bottom).all(|r| position.at(r, c) == V_COLONY),
        |block| {
            for r in block.top..block.bottom {
                for c in block.left..block.right {
                    if matches!(position.at(r, c), H_COLONY | V_COLONY) {
                        return Err(GameError::new(format!(
                            "the colony at row {}, column {} does not run across its whole region; \
                             colonies spread until an edge or another colony",
                            r + 1,
                            c + 1
                        )));
                    }
                }
            }
            Ok(position.has_empty(block))
        },
    )
}

fn new_position(rows: usize, cols: usize, cells: Vec<u8>) -> Result<Position, GameError> {
    let mut position = Position {
        rows,
        cols,
        cells,
        blocks: Vec::new(),
    };
    position.blocks = free_blocks(&position)?;
    Ok(position)
}

impl Game for BacterialTactics {
    type Position = Position;
    const CASE_PREFIX: bool = true;

    fn info() -> GameInfo {
        GameInfo {
            id: "bacterial-tactics",
            name: "Bacterial Tactics",
            summary: "Place colonies that spread across a grid; radioactive cells make them mutate.",
            rules: "Choose an empty cell and a direction: H spreads the colony west and east, V north and \
                    south, until the edge of the grid or an occupied cell. A colony that would reach a \
                    radioactive cell (#) mutates and its player loses at once, so such a placement is never \
                    worth making. Whoever has no safe placement loses. Colonies cut the grid into \
                    rectangles that are played independently.",
            format: "T cases; each is a line R C, then R lines of C characters: . empty, # radioactive \
                     (the playground also writes colonies as - and |). 1 ≤ R, C ≤ 15 in the contest; \
                     the playground allows 40×40 and up to 100 cases.",
            samples: vec![
                Sample { name: "Split by a colony", input: "1\n4 6\n..#...\n......\n------\n......\n" },
                Sample { name: "Contest samples", input: "5\n2 2\n..\n.#\n4 4\n.#..\n..#.\n#...\n...#\n3 4\n#.##\n....\n#.##\n1 1\n.\n1 2\n##\n" },
                Sample { name: "Cross", input: "1\n3 4\n#.##\n....\n#.##\n" },
                Sample { name: "Open 6×6", input: "1\n6 6\n......\n......\n......\n......\n......\n......\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Position>, GameError> {
        let mut scanner = Scanner::new(text);
        let cases = scanner.number("the number of cases T", 1, MAX_CASES)?;
        let mut positions = Vec::with_capacity(cases);
        for case in 1..=cases {
            let place = format!("case {case} of {cases}");
            let in_case = |e: GameError| e.within(&place);
            let rows = scanner
                .number("R, the number of rows", 1, MAX_SIDE)
                .map_err(in_case)?;
            let cols = scanner
                .number("C, the number of columns", 1, MAX_SIDE)
                .map_err(in_case)?;
            let grid = grid_rows(
                &mut scanner,
                rows,
                cols,
                ".#-|",
                "'.' (empty) or '#' (radioactive)",
            )
            .map_err(in_case)?;
            positions.push(new_position(rows, cols, grid.concat()).map_err(in_case)?);
        }
        scanner.finish(&format!("the last of the {cases} cases T announces"))?;
        Ok(positions)
    }

    fn format(&self, position: &Position) -> String {
        let mut out = format!("1\n{} {}\n", position.rows, position.cols);
        for row in position.cells.chunks(position.cols) {
            out.push_str(std::str::from_utf8(row).expect("tiles are ASCII"));
            out.push('\n');
        }
        out
    }

    fn answer(&mut self, position: &Position) -> Result<String, GameError> {
        let table = self.table(position);
        let total: Nimber = position.blocks.iter().map(|&b| table.get(b)).sum();
        let mut winning = 0usize;
        for &block in &position.blocks {
            let target = total ^ table.get(block);
            // A clean line of a free rectangle is all empty: each of its cells
            // is a separate (cell, type) move with the same split.
            for row in block.top..block.bottom {
                if table.layout.row_clean(row, block)
                    && table.split_value(block.split_at_row(row)) == target
                {
                    winning += block.width();
                }
            }
            for col in block.left..block.right {
                if table.layout.col_clean(col, block)
                    && table.split_value(block.split_at_col(col)) == target
                {
                    winning += block.height();
                }
            }
        }
        Ok(winning.to_string())
    }

    fn analyse(&mut self, position: &Position) -> Analysis {
        let placements = self.placements(position);
        let table = self.table(position);
        let components: Vec<Component> = position
            .blocks
            .iter()
            .enumerate()
            .map(|(id, &block)| Component {
                id: id as u32,
                region: region(block),
                nimber: table.get(block),
                label: format!(
                    "rows {}–{}, columns {}–{}",
                    block.top + 1,
                    block.bottom,
                    block.left + 1,
                    block.right
                ),
                loopy: None,
            })
            .collect();
        let total: Nimber = components.iter().map(|c| c.nimber).sum();
        let moves = placements
            .iter()
            .enumerate()
            .map(|(id, p)| {
                let block = position.blocks[p.block];
                let [a, b] = p.pieces(block).map(|piece| table.get(piece));
                MoveInfo {
                    id: id as u32,
                    label: placement_label(p.row, p.col, p.horizontal),
                    component: p.block as u32,
                    anchor: Region::cell(p.row, p.col),
                    variant: Some(if p.horizontal { "H" } else { "V" }.to_string()),
                    footprint: region(p.footprint(block)),
                    parts: vec![a, b],
                    after: total ^ table.get(block) ^ a ^ b,
                    loopy: None,
                }
            })
            .collect();
        let mut analysis = Analysis::new(board(position), components, moves);
        analysis.forfeits = forfeits(position, table);
        analysis
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        let placement = *self
            .placements(position)
            .get(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        let block = position.blocks[placement.block];
        let mut next = position.clone();
        let tile = if placement.horizontal {
            H_COLONY
        } else {
            V_COLONY
        };
        let covered = placement.footprint(block);
        for r in covered.top..covered.bottom {
            for c in covered.left..covered.right {
                next.cells[r * next.cols + c] = tile;
            }
        }
        next.blocks.remove(placement.block);
        for piece in placement.pieces(block) {
            if !piece.is_empty() && next.has_empty(piece) {
                next.blocks.push(piece);
            }
        }
        crate::sort::sort_by_key(&mut next.blocks, |b| (b.top, b.left));
        Ok(next)
    }

    fn edit(&mut self, position: &Position, edit: &Edit) -> Result<Position, GameError> {
        let (rows, cols) = (position.rows, position.cols);
        match *edit {
            Edit::Paint { row, col, tile } => {
                let cell = painted_cell(row, col, rows, cols)?;
                if tile != '.' && tile != '#' {
                    return Err(GameError::new(format!(
                        "paint with '.' or '#', not '{tile}'"
                    )));
                }
                let mut cells = position.cells.clone();
                cells[cell] = tile as u8;
                new_position(rows, cols, cells)
            }
            Edit::Resize {
                rows: new_rows,
                cols: new_cols,
            } => {
                let (new_rows, new_cols) = new_grid_size(new_rows, new_cols, MAX_SIDE)?;
                // Everything that still fits is kept, colonies too; a layout
                // that no play could leave is refused, never erased quietly.
                let cells = (0..new_rows)
                    .flat_map(|r| (0..new_cols).map(move |c| (r, c)))
                    .map(|(r, c)| {
                        if r < rows && c < cols {
                            position.at(r, c)
                        } else {
                            EMPTY
                        }
                    })
                    .collect();
                new_position(new_rows, new_cols, cells).map_err(|e| {
                    GameError::new(format!(
                        "resizing to {new_rows}×{new_cols} would leave colonies no play leaves ({}); \
                         clear them by painting first",
                        e.message
                    ))
                })
            }
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let density = density.clamp(0.0, 1.0);
                let cells = (0..rows * cols)
                    .map(|_| {
                        if rng.unit() < density {
                            RADIOACTIVE
                        } else {
                            EMPTY
                        }
                    })
                    .collect();
                new_position(rows, cols, cells)
            }
            _ => Err(unsupported_edit("Bacterial Tactics", edit)),
        }
    }
}

fn placement_label(row: usize, col: usize, horizontal: bool) -> String {
    format!(
        "{} at row {}, column {}",
        if horizontal { "H" } else { "V" },
        row + 1,
        col + 1
    )
}

/// The placements that would mutate, each with the cells it would cover:
/// from the cell out to the first radioactive cell (included) or the edge
/// of its rectangle, both ways.
fn forfeits(position: &Position, table: &Table) -> Vec<ForfeitMove> {
    let radioactive = |r: usize, c: usize| position.at(r, c) == RADIOACTIVE;
    let forfeit = |row: usize, col: usize, horizontal: bool, covered: Block| ForfeitMove {
        label: format!("{} would mutate", placement_label(row, col, horizontal)),
        anchor: Region::cell(row, col),
        variant: Some(if horizontal { "H" } else { "V" }.to_string()),
        footprint: region(covered),
    };
    let mut list = Vec::new();
    for &block in &position.blocks {
        for row in block.top..block.bottom {
            for col in block.left..block.right {
                if position.at(row, col) != EMPTY {
                    continue;
                }
                if !table.layout.row_clean(row, block) {
                    let left = (block.left..col)
                        .rev()
                        .find(|&c| radioactive(row, c))
                        .unwrap_or(block.left);
                    let right = (col + 1..block.right)
                        .find(|&c| radioactive(row, c))
                        .map_or(block.right, |c| c + 1);
                    list.push(forfeit(
                        row,
                        col,
                        true,
                        Block {
                            top: row,
                            bottom: row + 1,
                            left,
                            right,
                        },
                    ));
                }
                if !table.layout.col_clean(col, block) {
                    let top = (block.top..row)
                        .rev()
                        .find(|&r| radioactive(r, col))
                        .unwrap_or(block.top);
                    let bottom = (row + 1..block.bottom)
                        .find(|&r| radioactive(r, col))
                        .map_or(block.bottom, |r| r + 1);
                    list.push(forfeit(
                        row,
                        col,
                        false,
                        Block {
                            top,
                            bottom,
                            left: col,
                            right: col + 1,
                        },
                    ));
                }
            }
        }
    }
    list
}

fn board(position: &Position) -> Board {
    let tiles = (0..position.rows)
        .map(|r| {
            (0..position.cols)
                .map(|c| position.at(r, c) as char)
                .collect()
        })
        .collect();
    Board::Grid {
        rows: position.rows as u32,
        cols: position.cols as u32,
        tiles,
        tokens: Vec::new(),
        heat: None,
    }
}
