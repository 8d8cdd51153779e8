//! World of Darkraft (Codeforces 138D).
//!
//! Cells with i+j even and odd never interact. In coordinates rotated by 45°
//! (`x = (i+j)/2`, `y = (j−i+n−1)/2` within one parity class) an `L` wave is
//! a whole row of a rectangle, an `R` wave a whole column and an `X` both,
//! so every component is a rectangle of one class and a move splits it into
//! two or four. Positions outside the board inside a rectangle hold no cell.
//!
//! Tiles: `L`, `R`, `X` active; the lowercase letter once inactive.

use crate::ai::Rng;
use crate::analysis::{Analysis, Board, Component, Edit, MoveInfo, Region};
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::{counted, grid_rows, Scanner};
use crate::nimber::Nimber;
use crate::rect_table::{bit_range, set_bits, split_along_lines, Block, Changed};
use std::ops::{BitXor, Range};

/// The contest allows 20; the playground draws up to 40.
pub const MAX_SIDE: usize = 40;

/// One parity class in rotated coordinates.
struct Class {
    parity: usize,
    /// Rotated rows (x) and columns (y).
    width_x: usize,
    width_y: usize,
}

impl Class {
    fn new(parity: usize, n: usize, m: usize) -> Class {
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
    fn cell(&self, x: usize, y: usize, n: usize, m: usize) -> Option<(usize, usize)> {
        let u = 2 * x + self.parity;
        let v = 2 * y + (self.parity + n - 1) % 2;
        let twice_i = (u + n - 1).checked_sub(v)?;
        let twice_j = (u + v).checked_sub(n - 1)?;
        let (i, j) = (twice_i / 2, twice_j / 2);
        (twice_i % 2 == 0 && i < n && j < m).then_some((i, j))
    }

    /// Rotated (x, y) of a board cell of this class.
    fn rotate(&self, i: usize, j: usize, n: usize) -> (usize, usize) {
        ((i + j) / 2, (j + n - 1 - i) / 2)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    n: usize,
    m: usize,
    /// Row-major letters, uppercase: `L`, `R` or `X`.
    letters: Vec<u8>,
    active: Vec<bool>,
    /// Per parity class, the rotated rectangles still holding active cells.
    blocks: [Vec<Block>; 2],
}

/// Nimbers of the rotated rectangles of one class that play can reach,
/// for one set of letters.
struct ClassTable {
    class: Class,
    nimbers: ClassNimbers,
    /// Which rectangles `nimbers` holds, indexed like it.
    reachable: Vec<bool>,
}

/// A class's table in the narrowest entries that hold it: bytes read
/// twice as many lanes at once, and nimbers above 255 are rare.
enum ClassNimbers {
    Bytes(Nimbers<u8>),
    Words(Nimbers<u16>),
}

impl ClassNimbers {
    fn get(&self, block: Block) -> Nimber {
        let value = match self {
            ClassNimbers::Bytes(nimbers) => usize::from(nimbers.value(block)),
            ClassNimbers::Words(nimbers) => usize::from(nimbers.value(block)),
        };
        Nimber(value as u32)
    }
}

/// The type of a table entry and of an option value. A rectangle's nimber
/// is at most its number of moves, so at most its cells: one class of a
/// 40×40 board has 800, which a u16 always holds.
trait Entry: Copy + Default + BitXor<Output = Self> + Into<usize> + TryFrom<usize> {}

impl Entry for u8 {}

impl Entry for u16 {}

/// The nimbers of a class's rectangles, empty ones included as 0 so that
/// a move's pieces read without edge cases.
struct Nimbers<T> {
    /// One more than the rotated rows and columns: bounds run 0..=width.
    side_x: usize,
    side_y: usize,
    /// Index ((top·side_x + bottom)·side_y + left)·side_y + right, so the
    /// rectangles sharing rows and a left bound are a run by right bound.
    values: Vec<T>,
}

impl<T: Entry> Nimbers<T> {
    fn new(width_x: usize, width_y: usize) -> Nimbers<T> {
        let (side_x, side_y) = (width_x + 1, width_y + 1);
        Nimbers {
            side_x,
            side_y,
            values: vec![T::default(); side_x * side_x * side_y * side_y],
        }
    }

    /// The rectangles spanning rows `top..bottom` from column `left`,
    /// indexed by their right bound.
    fn run(&self, top: usize, bottom: usize, left: usize) -> &[T] {
        let start = table_index(
            [self.side_x, self.side_y],
            Block {
                top,
                bottom,
                left,
                right: 0,
            },
        );
        &self.values[start..start + self.side_y]
    }

    fn value(&self, block: Block) -> T {
        self.values[table_index([self.side_x, self.side_y], block)]
    }

    fn set(&mut self, block: Block, value: T) {
        self.values[table_index([self.side_x, self.side_y], block)] = value;
    }
}

/// Where `block` lies in a class's tables whose bounds run to `side_x`
/// and `side_y` (exclusive): `Nimbers`, and the reachable flags.
fn table_index([side_x, side_y]: [usize; 2], block: Block) -> usize {
    ((block.top * side_x + block.bottom) * side_y + block.left) * side_y + block.right
}

/// Option values stay below this: each is the XOR of nimbers of at most
/// 800 moves (a class's cells), so of values below 1024.
const OPTION_VALUES: usize = 1024;

/// Where one right bound's option set starts after the one before: a cache
/// line past a multiple of 4 KiB, so that the sets' slots for one value
/// fall in different cache sets.
const SET_STRIDE: usize = OPTION_VALUES + 16;

/// The option values of the rectangles that share rows and a left bound,
/// one set per right bound: value `v` is an option of the rectangle ending
/// at `right` when `stamps[right·SET_STRIDE + v]` holds the current stamp.
/// A move lies in every such rectangle from some right bound on, and its
/// pieces there are runs of the table, so a move is inserted for all of
/// them in one pass, with no clearing between rectangles.
struct Options {
    stamps: Vec<u32>,
    stamp: u32,
    /// The right bounds whose rectangles are worked out; the rest take no
    /// options.
    rights: Range<usize>,
}

impl Options {
    fn new(side_y: usize) -> Options {
        Options {
            stamps: vec![0; SET_STRIDE * side_y],
            stamp: 0,
            rights: 0..0,
        }
    }

    /// Starts the rectangles ending at `rights`, with no options.
    fn start(&mut self, rights: Range<usize>) {
        self.stamp += 1;
        self.rights = rights;
    }

    /// Adds to each rectangle ending at `right`, from `first` on, the
    /// option `base ⊕ pieces[0][right] ⊕ pieces[1][right]…`.
    fn insert_run<T: Entry, const N: usize>(&mut self, first: usize, base: T, pieces: [&[T]; N]) {
        let rights = first.max(self.rights.start)..self.rights.end;
        if rights.is_empty() {
            return;
        }
        let pieces = pieces.map(|run| &run[rights.clone()]);
        for (k, right) in rights.enumerate() {
            let value: usize = pieces.iter().fold(base, |value, run| value ^ run[k]).into();
            self.stamps[right * SET_STRIDE + value] = self.stamp;
        }
    }

    /// The least option value the rectangle ending at `right` lacks, if it
    /// fits an entry.
    fn mex<T: Entry>(&self, right: usize) -> Option<T> {
        let seen = self.stamps[right * SET_STRIDE..].iter();
        let mex = seen.take_while(|&&s| s == self.stamp).count();
        T::try_from(mex).ok()
    }
}

/// What working out a rectangle of a band takes.
#[derive(Clone, Copy)]
enum Plan<T> {
    /// Play never reaches it.
    Unreachable,
    /// Its nimber, from the table before an edit.
    Known(T),
    /// An edge line holds no board cell: the game of the rectangle within.
    Trimmed(Block),
    /// The mex of its options.
    Solve,
}

/// A class's letters in rotated coordinates, as the masks the table needs.
struct Letters {
    /// Per rotated column range `left..right` (index left·side_y + right),
    /// the rows holding an `L` there.
    l_rows: Vec<u64>,
    /// Per rotated row range `top..bottom` (index top·side_x + bottom),
    /// the columns holding an `R` there.
    r_columns: Vec<u64>,
    /// Per rotated row, the columns holding an `L`, and those holding an `X`.
    l_columns: Vec<u64>,
    x_columns: Vec<u64>,
    /// Per rotated row, the columns `from..to` that lie on the board, and
    /// per rotated column the rows.
    row_on_board: Vec<[usize; 2]>,
    column_on_board: Vec<[usize; 2]>,
}

impl Letters {
    fn new(class: &Class, n: usize, m: usize, board: &[u8]) -> Letters {
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
    fn trimmed(&self, block: Block) -> Option<Block> {
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

/// The table from before an edit of a few cells, on the same board size.
struct Earlier {
    table: ClassTable,
    /// The changed cells of the class, in rotated coordinates.
    changed: Changed,
}

impl Earlier {
    /// The earlier table of the class, when few of its cells changed
    /// from `before` to `board`.
    fn new(table: ClassTable, n: usize, m: usize, before: &[u8], board: &[u8]) -> Option<Earlier> {
        let class = &table.class;
        let changed = Changed::between(before, board, m)
            .filter(|&(i, j)| (i + j) % 2 == class.parity)
            .map(|(i, j)| class.rotate(i, j, n));
        Some(Earlier {
            changed: Changed::new(changed)?,
            table,
        })
    }

    /// The nimber of `block` from the earlier table, if it holds it and
    /// no cell in it changed.
    fn nimber(&self, block: Block) -> Option<Nimber> {
        (self.changed.misses(block) && self.table.knows(block))
            .then(|| self.table.nimbers.get(block))
    }
}

impl ClassTable {
    /// The table for the rectangles that play from `components`, blocks
    /// of this class, can reach, reading what it can from `earlier`.
    fn new(
        class: Class,
        n: usize,
        m: usize,
        board: &[u8],
        components: &[Block],
        earlier: Option<&Earlier>,
    ) -> ClassTable {
        let letters = Letters::new(&class, n, m, board);
        let reachable = reachable(&class, &letters, components);
        let nimbers = match ClassTable::build(&class, &letters, &reachable, earlier) {
            Some(bytes) => ClassNimbers::Bytes(bytes),
            None => ClassNimbers::Words(
                ClassTable::build(&class, &letters, &reachable, earlier)
                    .expect("a u16 holds any nimber"),
            ),
        };
        ClassTable {
            class,
            nimbers,
            reachable,
        }
    }

    /// Whether the table holds the nimber of `block`.
    fn knows(&self, block: Block) -> bool {
        let sides = [self.class.width_x + 1, self.class.width_y + 1];
        self.reachable[table_index(sides, block)]
    }

    /// The nimber of every reachable rectangle, or `None` once one does
    /// not fit a `T`.
    ///
    /// Bands of rows go from low to high, so the pieces of L and X moves,
    /// which are lower bands, are known. Within a band, left bounds go
    /// from right to left and right bounds from left to right: an R move's
    /// west piece shares the band and left bound, and its options are
    /// inserted as soon as that piece is known.
    fn build<T: Entry>(
        class: &Class,
        letters: &Letters,
        reachable: &[bool],
        earlier: Option<&Earlier>,
    ) -> Option<Nimbers<T>> {
        let (width_x, width_y) = (class.width_x, class.width_y);
        let mut nimbers = Nimbers::<T>::new(width_x, width_y);
        let sides = [nimbers.side_x, nimbers.side_y];
        let mut options = Options::new(nimbers.side_y);
        let mut plans = vec![Plan::Unreachable; nimbers.side_y];
        for height in 1..=width_x {
            for top in 0..=width_x - height {
                let bottom = top + height;
                let r_columns = letters.r_columns[top * sides[0] + bottom];
                for left in (0..width_y).rev() {
                    let mut solved = width_y + 1..0;
                    // From the empty rectangle, which no play reaches and
                    // which keeps its 0.
                    for (right, plan) in plans.iter_mut().enumerate().skip(left) {
                        let block = Block {
                            top,
                            bottom,
                            left,
                            right,
                        };
                        *plan = if !reachable[table_index(sides, block)] {
                            Plan::Unreachable
                        } else if let Some(known) = earlier.and_then(|e| e.nimber(block)) {
                            Plan::Known(T::try_from(known.0 as usize).ok()?)
                        } else if let Some(inner) = letters.trimmed(block) {
                            Plan::Trimmed(inner)
                        } else {
                            solved.start = solved.start.min(right);
                            solved.end = right + 1;
                            Plan::Solve
                        };
                    }
                    options.start(solved.clone());
                    if !solved.is_empty() {
                        for x in top..bottom {
                            let north = nimbers.run(top, x, left);
                            let south = nimbers.run(x + 1, bottom, left);
                            // One L move per row, in every rectangle that
                            // reaches its first L.
                            let l_columns = letters.l_columns[x] >> left;
                            if l_columns != 0 {
                                let first = left + l_columns.trailing_zeros() as usize + 1;
                                options.insert_run(first, T::default(), [north, south]);
                            }
                            let x_columns = letters.x_columns[x] & bit_range(left, solved.end);
                            for y in set_bits(x_columns) {
                                let east = [
                                    nimbers.run(top, x, y + 1),
                                    nimbers.run(x + 1, bottom, y + 1),
                                ];
                                options.insert_run(y + 1, north[y] ^ south[y], east);
                            }
                        }
                    }
                    for (right, &plan) in plans.iter().enumerate().skip(left) {
                        let block = Block {
                            top,
                            bottom,
                            left,
                            right,
                        };
                        let value = match plan {
                            Plan::Unreachable => None,
                            Plan::Known(value) => Some(value),
                            Plan::Trimmed(inner) => Some(nimbers.value(inner)),
                            Plan::Solve => Some(options.mex(right)?),
                        };
                        if let Some(value) = value {
                            nimbers.set(block, value);
                        }
                        // An R move in column `right` of the wider rectangles.
                        if right < width_y && r_columns >> right & 1 != 0 {
                            let west = nimbers.value(block);
                            let east = nimbers.run(top, bottom, right + 1);
                            options.insert_run(right + 1, west, [east]);
                        }
                    }
                }
            }
        }
        Some(nimbers)
    }
}

/// Which rectangles of a class play from `components` can reach, as
/// flags indexed like `Nimbers`: the components, the pieces every move
/// leaves in a reachable rectangle, and the rectangle each trims to.
///
/// A piece touches the cell of its move at a corner (X) or along an edge
/// line (L, R), inside a reachable rectangle that shares its other
/// bounds. So, going from large rectangles to small, a piece is reachable
/// when its move's cell exists and some reachable rectangle extends it
/// past that cell on the far sides. Those "some rectangle extends it"
/// facts are themselves kept per rectangle and built up from its
/// one-line-larger neighbours, so each rectangle takes constant time.
fn reachable(class: &Class, letters: &Letters, components: &[Block]) -> Vec<bool> {
    // Per rectangle: whether it is reachable, and whether a reachable one
    // shares its top and left bounds with bottom and right bounds at least
    // its own (DOWN_RIGHT), and so on for the other corners and edges.
    const ITSELF: u16 = 1;
    const DOWN_RIGHT: u16 = 1 << 1;
    const DOWN_LEFT: u16 = 1 << 2;
    const UP_RIGHT: u16 = 1 << 3;
    const UP_LEFT: u16 = 1 << 4;
    const DOWN: u16 = 1 << 5;
    const UP: u16 = 1 << 6;
    const RIGHT: u16 = 1 << 7;
    const LEFT: u16 = 1 << 8;
    let (wx, wy) = (class.width_x, class.width_y);
    // Top and left bounds are stored one up, so that a bound of -1, like
    // a bottom or right bound one past the class, is a flag-free border.
    let (fx, fy) = (wx + 2, wy + 2);
    let at = |t: usize, b: usize, l: usize, r: usize| (((t + 1) * fx + b) * fy + l + 1) * fy + r;
    let (one_down, one_up, one_left) = (fy * fy, fx * fy * fy, fy);
    let mut flags = vec![0u16; fx * fx * fy * fy];
    for block in components {
        flags[at(block.top, block.bottom, block.left, block.right)] = ITSELF;
    }
    // Letter masks shifted one up, so that line -1 reads as empty.
    let x_columns: Vec<u64> = [0]
        .into_iter()
        .chain(letters.x_columns.iter().map(|&columns| columns << 1))
        .chain([0])
        .collect();
    let has = |mask: u64, line_plus_one: usize| (mask << 1) >> line_plus_one & 1 != 0;
    for height in (1..=wx).rev() {
        for t in 0..=wx - height {
            let b = t + height;
            let r_columns = letters.r_columns[t * (wx + 1) + b];
            for width in (1..=wy).rev() {
                for l in 0..=wy - width {
                    let r = l + width;
                    let k = at(t, b, l, r);
                    let l_rows = letters.l_rows[l * (wy + 1) + r];
                    let x_below = x_columns[b + 1];
                    let x_above = x_columns[t];
                    // A piece of a move at (b, r), (b, l − 1), (t − 1, r),
                    // (t − 1, l − 1), along row b or t − 1, or along
                    // column r or l − 1.
                    let piece = (x_below >> (r + 1) & 1 != 0
                        && flags[k + one_down + 1] & DOWN_RIGHT != 0)
                        || (x_below >> l & 1 != 0
                            && flags[k + one_down - one_left] & DOWN_LEFT != 0)
                        || (x_above >> (r + 1) & 1 != 0 && flags[k - one_up + 1] & UP_RIGHT != 0)
                        || (x_above >> l & 1 != 0 && flags[k - one_up - one_left] & UP_LEFT != 0)
                        || (has(l_rows, b + 1) && flags[k + one_down] & DOWN != 0)
                        || (has(l_rows, t) && flags[k - one_up] & UP != 0)
                        || (has(r_columns, r + 1) && flags[k + 1] & RIGHT != 0)
                        || (has(r_columns, l) && flags[k - one_left] & LEFT != 0);
                    let itself = piece || flags[k] & ITSELF != 0;
                    flags[k] = if itself {
                        u16::MAX
                    } else {
                        flags[k + one_down] & (DOWN_RIGHT | DOWN_LEFT | DOWN)
                            | flags[k + 1] & (DOWN_RIGHT | UP_RIGHT | RIGHT)
                            | flags[k - one_up] & (UP_RIGHT | UP_LEFT | UP)
                            | flags[k - one_left] & (DOWN_LEFT | UP_LEFT | LEFT)
                    };
                    let block = Block {
                        top: t,
                        bottom: b,
                        left: l,
                        right: r,
                    };
                    if let Some(inner) = letters.trimmed(block).filter(|_| itself) {
                        flags[at(inner.top, inner.bottom, inner.left, inner.right)] |= ITSELF;
                    }
                }
            }
        }
    }
    // Indexed like `Nimbers`: bounds from 0 to the width, unshifted.
    let mut reachable = Vec::with_capacity((wx + 1) * (wx + 1) * (wy + 1) * (wy + 1));
    for t in 0..=wx {
        for b in 0..=wx {
            for l in 0..=wy {
                let line = &flags[at(t, b, l, 0)..][..=wy];
                reachable.extend(line.iter().map(|&flag| flag & ITSELF != 0));
            }
        }
    }
    reachable
}

/// The four blocks an X move at (x, y) leaves.
fn quarters(block: Block, x: usize, y: usize) -> [Block; 4] {
    let [above, below] = block.split_at_row(x);
    let [nw, ne] = above.split_at_col(y);
    let [sw, se] = below.split_at_col(y);
    [nw, ne, sw, se]
}

/// The pieces a move by `letter` at rotated (x, y) leaves of `block`.
fn pieces(block: Block, letter: u8, x: usize, y: usize) -> Vec<Block> {
    match letter {
        b'L' => block.split_at_row(x).to_vec(),
        b'R' => block.split_at_col(y).to_vec(),
        _ => quarters(block, x, y).to_vec(),
    }
}

#[derive(Default)]
pub struct Darkraft {
    tables: Option<(usize, usize, Vec<u8>, [ClassTable; 2])>,
}

impl Darkraft {
    /// Tables that hold every component of `position`. They last while
    /// the letters do: play only reaches rectangles they hold.
    fn tables(&mut self, position: &Position) -> &[ClassTable; 2] {
        let stale = match &self.tables {
            Some((n, m, letters, tables)) => {
                *n != position.n
                    || *m != position.m
                    || *letters != position.letters
                    || (0..2).any(|p| position.blocks[p].iter().any(|&b| !tables[p].knows(b)))
            }
            None => true,
        };
        if stale {
            let (n, m) = (position.n, position.m);
            let (before, mut earlier) = match self.tables.take() {
                Some((bn, bm, before, tables)) if (bn, bm) == (n, m) => (before, tables.map(Some)),
                _ => (Vec::new(), [None, None]),
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
    (0..position.n)
        .flat_map(move |i| (0..position.m).map(move |j| (i, j)))
        .filter(|&(i, j)| position.active[i * position.m + j])
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
    let letters: Vec<u8> = tiles.iter().map(u8::to_ascii_uppercase).collect();
    let blocks = active_blocks(n, m, &active)?;
    Ok(Position {
        n,
        m,
        letters,
        active,
        blocks,
    })
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
                        position.active[i * m + j].then_some((x, y, [i as u32, j as u32]))
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
                let swept = wave_cells(&table.class, block, letter, x, y, n, m);
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
        };
        Analysis::new(board, components, moves)
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        let (i, j) = active_cells(position)
            .nth(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        let (n, m) = (position.n, position.m);
        let (parity, index, x, y) = Darkraft::locate(position, i, j);
        let class = Class::new(parity, n, m);
        let block = position.blocks[parity][index];
        let letter = position.letters[i * m + j];
        let mut next = position.clone();
        for [ci, cj] in wave_cells(&class, block, letter, x, y, n, m) {
            next.active[ci as usize * m + cj as usize] = false;
        }
        let blocks = &mut next.blocks[parity];
        blocks.remove(index);
        for piece in pieces(block, letter, x, y) {
            let holds_active = (piece.top..piece.bottom).any(|px| {
                (piece.left..piece.right).any(|py| {
                    class
                        .cell(px, py, n, m)
                        .is_some_and(|(a, b)| next.active[a * m + b])
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
                if !"LRX".contains(tile) {
                    return Err(GameError::new(format!(
                        "paint with 'L', 'R' or 'X', not '{tile}'"
                    )));
                }
                let mut letters = position.letters.clone();
                letters[cell] = tile as u8;
                new_position(n, m, letters)
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
    if position.active[i * position.m + j] {
        letter
    } else {
        letter.to_ascii_lowercase()
    }
}

/// The board cells a move deactivates: the cell and its waves' cells.
fn wave_cells(
    class: &Class,
    block: Block,
    letter: u8,
    x: usize,
    y: usize,
    n: usize,
    m: usize,
) -> Vec<[u32; 2]> {
    let row = (letter != b'R').then(|| (block.left..block.right).map(|py| (x, py)));
    let col = (letter != b'L').then(|| (block.top..block.bottom).map(|px| (px, y)));
    let mut cells: Vec<[u32; 2]> = row
        .into_iter()
        .flatten()
        .chain(col.into_iter().flatten())
        .filter_map(|(px, py)| class.cell(px, py, n, m))
        .map(|(i, j)| [i as u32, j as u32])
        .collect();
    crate::sort::sort(&mut cells);
    cells.dedup();
    cells
}

#[cfg(test)]
mod tests {
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
