//! Bacterial Tactics (Code Jam 2019 Round 1C).
//!
//! Occupied rows and columns cut the grid into rectangles that never
//! interact, so a position is a list of free rectangles. The nimber of a
//! rectangle depends only on its bounds and the radioactive layout, so one
//! table of sub-rectangles, filled as play needs them, serves every
//! position with that layout. A rectangle with no radioactive cell, or
//! with one, is worth what its shape says wherever it lies, so those
//! values carry over from board to board.
//!
//! Tiles: `.` empty, `#` radioactive; colonies are `-` (H) and `|` (V) in
//! text. The board view marks who placed a colony: `h`/`v` for the first
//! player, `H`/`V` for the second, `-`/`|` when the text did not say.

use crate::analysis::{
    Analysis, Board, Component, Edit, ForfeitMove, Legend, MoveInfo, Region, TileFill, TileInfo,
};
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::{grid_rows, Scanner};
use crate::key::KeyHasher;
use crate::nimber::{MexSet, Nimber};
use crate::rect_table::{
    bit_range, encode, set_bits, split_along_lines, Block, Changed, RectTable,
};
use crate::rng::Rng;

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
    /// `clean_rows[left * cols + right - 1]`: the rows with no radioactive
    /// cell in those columns, as bits; so a block visits only its legal lines.
    clean_rows: Vec<u64>,
    clean_cols: Vec<u64>,
    /// `corner_sums[r * (cols + 1) + c]`: over the radioactive cells above
    /// row r and left of column c, their count and the sums of their rows
    /// and of their columns; so a block with one such cell finds it in O(1).
    corner_sums: Vec<[u32; 3]>,
}

/// Nimbers of the sub-rectangles of one radioactive layout: from the
/// start, every block without radioactive cells and every one-cell block
/// whose shape an earlier board solved (each is a store); the others as
/// play needs them, since play from a position reaches few of them when
/// radioactive cells block many lines.
struct Table {
    layout: Layout,
    shapes: ShapeValues,
    nimbers: RectTable,
}

/// For every span `first..last` of a line, which crossing lines are clean,
/// as bits; `hot(crossing, at)` says whether a crossing line is radioactive
/// at `at`. A span's clean lines are those of the span one shorter, less
/// those hot at its last place.
fn clean_lines(len: usize, crossing: usize, hot: impl Fn(usize, usize) -> bool) -> Vec<u64> {
    let clean_at: Vec<u64> = (0..len)
        .map(|at| {
            (0..crossing)
                .filter(|&line| !hot(line, at))
                .fold(0, |lines, line| lines | 1 << line)
        })
        .collect();
    let mut clean = vec![0; len * len];
    for first in 0..len {
        let mut lines = u64::MAX;
        for last in first + 1..=len {
            lines &= clean_at[last - 1];
            clean[first * len + last - 1] = lines;
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
        let (shapes, kept) = match earlier {
            Some(Table {
                layout: before,
                shapes,
                mut nimbers,
            }) => {
                let changed = ((before.rows, before.cols) == (rows, cols))
                    .then(|| {
                        let cells =
                            Changed::between(&before.radioactive, &layout.radioactive, cols);
                        Changed::new(cells)
                    })
                    .flatten();
                let kept = changed.map(|changed| {
                    nimbers.forget(&changed);
                    nimbers
                });
                (shapes.covering(rows, cols), kept)
            }
            None => (ShapeValues::new(rows, cols), None),
        };
        let mut nimbers = kept.unwrap_or_else(|| RectTable::new(rows, cols));
        layout.set_shape_blocks(&shapes, &mut nimbers);
        Table {
            layout,
            shapes,
            nimbers,
        }
    }

    /// Works out the nimbers of `blocks` and of every piece their moves
    /// leave, so that `get` can read them.
    fn solve(&mut self, blocks: &[Block]) {
        let (layout, nimbers) = (&self.layout, &mut self.nimbers);
        for &block in blocks {
            if ShapeValues::shared_on(layout) {
                solve(layout, nimbers, &mut self.shapes, block);
            } else {
                solve(layout, nimbers, &mut (), block);
            }
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

/// What to do with each block once solved: remember it, on boards whose
/// shapes are shared ([`ShapeValues`]), or nothing, so that other boards
/// pay nothing for it.
trait Learn {
    fn learn(&mut self, layout: &Layout, block: Block, value: Nimber);
}

impl Learn for () {
    fn learn(&mut self, _: &Layout, _: Block, _: Nimber) {}
}

/// The nimber of `block`, from those of the pieces its moves leave,
/// solving them first if need be. Blocks without radioactive cells are
/// all known from the start, so only blocks that hold one come here; each
/// step in shrinks the block, so the recursion is at most rows + columns
/// deep.
fn solve(
    layout: &Layout,
    nimbers: &mut RectTable,
    learner: &mut impl Learn,
    block: Block,
) -> Nimber {
    if let Some(known) = nimbers.get(block) {
        return known;
    }
    let mut seen = MexSet::new();
    let rows = layout.clean_rows_across(block);
    let row_cuts = nimbers.row_cuts(block);
    for row in set_bits(rows & bit_range(block.top, block.bottom)) {
        // Most pieces are known by now: read them without a call.
        let value = match nimbers.cut(row_cuts, row) {
            Some(value) => value,
            None => solve_cut(layout, nimbers, learner, block.split_at_row(row)),
        };
        seen.insert(value);
    }
    let cols = layout.clean_cols_across(block);
    let col_cuts = nimbers.col_cuts(block);
    for col in set_bits(cols & bit_range(block.left, block.right)) {
        let value = match nimbers.cut(col_cuts, col) {
            Some(value) => value,
            None => solve_cut(layout, nimbers, learner, block.split_at_col(col)),
        };
        seen.insert(value);
    }
    let value = seen.mex();
    nimbers.set(block, value);
    learner.learn(layout, block, value);
    value
}

/// The nimber a cut leaves: the sum of its two pieces, solved if need be.
fn solve_cut(
    layout: &Layout,
    nimbers: &mut RectTable,
    learner: &mut impl Learn,
    pieces: [Block; 2],
) -> Nimber {
    pieces
        .into_iter()
        .map(|piece| solve(layout, nimbers, learner, piece))
        .sum()
}

impl Layout {
    fn new(rows: usize, cols: usize, radioactive: Vec<bool>) -> Layout {
        let mut corner_sums = vec![[0u32; 3]; (rows + 1) * (cols + 1)];
        for r in 0..rows {
            for c in 0..cols {
                let cell = u32::from(radioactive[r * cols + c]);
                let at = |r: usize, c: usize| corner_sums[r * (cols + 1) + c];
                let [above, left, both] = [at(r, c + 1), at(r + 1, c), at(r, c)];
                let own = [cell, cell * r as u32, cell * c as u32];
                corner_sums[(r + 1) * (cols + 1) + c + 1] =
                    std::array::from_fn(|i| above[i] + left[i] - both[i] + own[i]);
            }
        }
        Layout {
            rows,
            cols,
            corner_sums,
            clean_rows: clean_lines(cols, rows, |r, c| radioactive[r * cols + c]),
            clean_cols: clean_lines(rows, cols, |c, r| radioactive[r * cols + c]),
            radioactive,
        }
    }

    /// The radioactive cell of `block`, if it holds exactly one.
    fn only_cell(&self, block: Block) -> Option<(usize, usize)> {
        let at = |r: usize, c: usize| self.corner_sums[r * (self.cols + 1) + c];
        let [outer, above, left, inner] = [
            at(block.bottom, block.right),
            at(block.top, block.right),
            at(block.bottom, block.left),
            at(block.top, block.left),
        ];
        let [count, rows, cols] = std::array::from_fn(|i| outer[i] + inner[i] - above[i] - left[i]);
        (count == 1).then_some((rows as usize, cols as usize))
    }

    /// The rows with no radioactive cell in `block`'s columns, as bits
    /// (rows outside the block too).
    fn clean_rows_across(&self, block: Block) -> u64 {
        self.clean_rows[block.left * self.cols + block.right - 1]
    }

    fn clean_cols_across(&self, block: Block) -> u64 {
        self.clean_cols[block.top * self.rows + block.bottom - 1]
    }

    /// Whether an H colony across row `row` of `block` stays clean.
    fn row_clean(&self, row: usize, block: Block) -> bool {
        self.clean_rows_across(block) >> row & 1 != 0
    }

    fn col_clean(&self, col: usize, block: Block) -> bool {
        self.clean_cols_across(block) >> col & 1 != 0
    }

    /// Writes the nimber of every block whose value depends on its shape
    /// alone: those without radioactive cells, and those with one whose
    /// shape was solved before. In each band of rows, the columns holding
    /// a radioactive cell split the band into clean spans; a block across
    /// exactly one such column, which holds one cell in the band, has one
    /// cell.
    fn set_shape_blocks(&self, shapes: &ShapeValues, nimbers: &mut RectTable) {
        let (rows, cols) = (self.rows, self.cols);
        let look_up = ShapeValues::shared_on(self);
        let mut hot_cols = Vec::with_capacity(cols + 1);
        for top in 0..rows {
            // Per column, the radioactive cells in the band and the row of the last.
            let mut hot_cells = vec![0u16; cols];
            let mut hot_row = vec![0usize; cols];
            for bottom in top + 1..=rows {
                for (col, (count, row)) in hot_cells.iter_mut().zip(&mut hot_row).enumerate() {
                    if self.radioactive[(bottom - 1) * cols + col] {
                        *count += 1;
                        *row = bottom - 1;
                    }
                }
                let height = bottom - top;
                let narrowest = |left| Block {
                    top,
                    bottom,
                    left,
                    right: left + 1,
                };
                // The right edge ends the last span as a hot column would.
                hot_cols.clear();
                hot_cols.extend((0..cols).filter(|&col| hot_cells[col] > 0));
                hot_cols.push(cols);
                let mut span_left = 0;
                for (at, &col) in hot_cols.iter().enumerate() {
                    for left in span_left..col {
                        let widths = &shapes.clean[height][1..=col - left];
                        nimbers.write_rightwards(narrowest(left), widths);
                    }
                    if col < cols && hot_cells[col] == 1 && look_up {
                        let (row, next) = (hot_row[col] - top, hot_cols[at + 1]);
                        for left in span_left..=col {
                            // From the block whose right edge is next to the cell.
                            let first = Block {
                                right: col + 1,
                                ..narrowest(left)
                            };
                            let widths = shapes.one_cell_by_width(height, (row, col - left));
                            nimbers.write_rightwards(first, &widths[col - left..next - left]);
                        }
                    }
                    span_left = col + 1;
                }
            }
        }
    }
}

/// The nimbers of the blocks whose value depends on their shape alone:
/// blocks without radioactive cells, by height and width, and blocks with
/// one, by height, width and where the cell lies. The first are few and
/// known from the start. The second are learnt as boards are solved, so
/// that the next board, or the next case of a contest file, writes them in
/// one store each instead of solving them again; on a sparse board they
/// are most of the blocks play reaches.
struct ShapeValues {
    rows: usize,
    cols: usize,
    /// `clean[height][width]`, up to `rows`×`cols`. Values are stored as a
    /// [`RectTable`] stores them, to be copied into one in runs.
    clean: Vec<Vec<u16>>,
    /// Indexed by [`ShapeValues::one_cell_index`]; `UNKNOWN` until learnt.
    one_cell: Vec<u16>,
}

impl ShapeValues {
    /// Boards up to this size, a contest's, remember and look up their
    /// one-cell blocks: a contest file's cases share them, and the values
    /// of every shape fit in 100 KB. A 40×40 board's would take 5 MB, and
    /// remembering them cost such a board more than reading them back
    /// saved (22 → 30 ms natively at 0.5%).
    const ONE_CELL_SIDE: usize = 15;

    /// The clean values up to `rows`×`cols`, and no one-cell value yet.
    fn new(rows: usize, cols: usize) -> ShapeValues {
        let side = Self::ONE_CELL_SIDE;
        ShapeValues {
            rows,
            cols,
            clean: clean_values(rows, cols),
            one_cell: vec![RectTable::UNKNOWN; side.pow(4)],
        }
    }

    /// These values, with clean ones reaching `rows`×`cols`.
    fn covering(mut self, rows: usize, cols: usize) -> ShapeValues {
        if self.rows < rows || self.cols < cols {
            (self.rows, self.cols) = (rows.max(self.rows), cols.max(self.cols));
            self.clean = clean_values(self.rows, self.cols);
        }
        self
    }

    /// Whether the one-cell blocks of `layout` are remembered and looked up.
    fn shared_on(layout: &Layout) -> bool {
        layout.rows <= Self::ONE_CELL_SIDE && layout.cols <= Self::ONE_CELL_SIDE
    }

    /// Where the value of a one-cell block sits: by height, the cell's
    /// offset from the block's top left corner, and width last, so that
    /// blocks differing only in their right edge sit side by side.
    fn one_cell_index(height: usize, (row, col): (usize, usize), width: usize) -> usize {
        let side = Self::ONE_CELL_SIDE;
        (((height - 1) * side + row) * side + col) * side + width - 1
    }

    /// The values of the blocks `height` high whose one radioactive cell
    /// is `offset` (rows down, columns across), by width from 1, as a
    /// [`RectTable`] encodes them: `UNKNOWN` where not learnt.
    fn one_cell_by_width(&self, height: usize, offset: (usize, usize)) -> &[u16] {
        let first = Self::one_cell_index(height, offset, 1);
        &self.one_cell[first..first + Self::ONE_CELL_SIDE]
    }
}

impl Learn for ShapeValues {
    /// Remembers the nimber of a solved block of `layout`, a board it is
    /// [shared on](ShapeValues::shared_on), if the block has one
    /// radioactive cell.
    fn learn(&mut self, layout: &Layout, block: Block, value: Nimber) {
        if let Some((row, col)) = layout.only_cell(block) {
            let offset = (row - block.top, col - block.left);
            let index = Self::one_cell_index(block.height(), offset, block.width());
            self.one_cell[index] = encode(value);
        }
    }
}

/// The nimber of every block without radioactive cells, by size, encoded
/// for a [`RectTable`]: such a block's value depends on nothing else.
fn clean_values(rows: usize, cols: usize) -> Vec<Vec<u16>> {
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
        .into_iter()
        .map(|widths| widths.into_iter().map(encode).collect())
        .collect()
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
            lost: "1\n2 2\n..\n.#\n",
            bad: "1\n2 2\n..\n.x\n",
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

    /// The tiles, without the text around them; a search never changes
    /// the board's shape.
    fn write_key(&self, position: &Position, key: &mut KeyHasher) {
        key.write_bytes(&position.cells);
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

    fn option_count(&mut self, position: &Position) -> u32 {
        self.placements(position).len() as u32
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
        overlay: None,
        legend: legend(),
    }
}

/// Empty and radioactive cells, which a person paints, and the colonies
/// play leaves.
fn legend() -> Legend {
    Legend {
        tiles: vec![
            TileInfo::new('.', "empty", TileFill::Open),
            TileInfo::new('#', "radioactive", TileFill::Hot).marked("☢"),
            TileInfo::new('-', "colony spreading west–east", TileFill::Occupied).marked("↔"),
            TileInfo::new('|', "colony spreading north–south", TileFill::Occupied).marked("↕"),
        ],
        palette: vec![".".into(), "#".into()],
        numbers: Vec::new(),
        rotatable: false,
        variants: vec!["H".into(), "V".into()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rect_table::for_each_block;

    /// Boards solved one after another, as a contest file's cases are,
    /// reuse one-cell values the earlier ones learnt; every block must get
    /// the nimber a table solving the board from nothing gives it.
    #[test]
    fn one_cell_values_learnt_on_earlier_boards_agree_with_solving_afresh() {
        let mut rng = Rng::new(11);
        let mut earlier: Option<Table> = None;
        let mut looked_up = 0;
        for board in 0..60 {
            let (rows, cols) = (1 + rng.below(15), 1 + rng.below(15));
            let density = [0.02, 0.05, 0.1][board % 3];
            let radioactive: Vec<bool> = (0..rows * cols).map(|_| rng.unit() < density).collect();
            let whole = Block {
                top: 0,
                bottom: rows,
                left: 0,
                right: cols,
            };
            let mut fresh = Table::new(rows, cols, radioactive.clone(), None);
            fresh.solve(&[whole]);
            let mut table = Table::new(rows, cols, radioactive, earlier.take());
            for_each_block(rows, cols, |block| {
                let one_cell = table.layout.only_cell(block).is_some();
                looked_up += usize::from(one_cell && table.nimbers.get(block).is_some());
            });
            table.solve(&[whole]);
            for_each_block(rows, cols, |block| {
                if let Some(value) = fresh.nimbers.get(block) {
                    assert_eq!(
                        table.nimbers.get(block),
                        Some(value),
                        "board {board}, {block:?}"
                    );
                }
            });
            earlier = Some(table);
        }
        assert!(
            looked_up > 10_000,
            "only {looked_up} one-cell blocks were looked up"
        );
    }
}
