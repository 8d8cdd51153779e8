//! The nimbers of every reachable rectangle of one class, band by band,
//! with each move inserted into every rectangle of its band and left bound
//! in one pass; after an edit, the rectangles it did not touch are read
//! from the table before it.

use super::letters::Letters;
use super::reach::reachable;
use super::rotated::Class;
use crate::nimber::Nimber;
use crate::rect_table::{bit_range, set_bits, Block, Changed};
use std::ops::{BitXor, Range};

/// Nimbers of the rotated rectangles of one class that play can reach,
/// for one set of letters.
pub(super) struct ClassTable {
    pub(super) class: Class,
    pub(super) nimbers: ClassNimbers,
    /// Which rectangles `nimbers` holds, indexed like it.
    pub(super) reachable: Vec<bool>,
}

/// A class's table in the narrowest entries that hold it: bytes read
/// twice as many lanes at once, and nimbers above 255 are rare.
pub(super) enum ClassNimbers {
    Bytes(Nimbers<u8>),
    Words(Nimbers<u16>),
}

impl ClassNimbers {
    pub(super) fn get(&self, block: Block) -> Nimber {
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
pub(super) trait Entry:
    Copy + Default + BitXor<Output = Self> + Into<usize> + TryFrom<usize>
{
}

impl Entry for u8 {}

impl Entry for u16 {}

/// The nimbers of a class's rectangles, empty ones included as 0 so that
/// a move's pieces read without edge cases.
pub(super) struct Nimbers<T> {
    /// One more than the rotated rows and columns: bounds run 0..=width.
    pub(super) side_x: usize,
    pub(super) side_y: usize,
    /// Index ((top·side_x + bottom)·side_y + left)·side_y + right, so the
    /// rectangles sharing rows and a left bound are a run by right bound.
    pub(super) values: Vec<T>,
}

impl<T: Entry> Nimbers<T> {
    pub(super) fn new(width_x: usize, width_y: usize) -> Nimbers<T> {
        let (side_x, side_y) = (width_x + 1, width_y + 1);
        Nimbers {
            side_x,
            side_y,
            values: vec![T::default(); side_x * side_x * side_y * side_y],
        }
    }

    /// The rectangles spanning rows `top..bottom` from column `left`,
    /// indexed by their right bound.
    pub(super) fn run(&self, top: usize, bottom: usize, left: usize) -> &[T] {
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

    pub(super) fn value(&self, block: Block) -> T {
        self.values[table_index([self.side_x, self.side_y], block)]
    }

    pub(super) fn set(&mut self, block: Block, value: T) {
        self.values[table_index([self.side_x, self.side_y], block)] = value;
    }
}

/// Where `block` lies in a class's tables whose bounds run to `side_x`
/// and `side_y` (exclusive): `Nimbers`, and the reachable flags.
pub(super) fn table_index([side_x, side_y]: [usize; 2], block: Block) -> usize {
    ((block.top * side_x + block.bottom) * side_y + block.left) * side_y + block.right
}

/// Option values stay below this: each is the XOR of nimbers of at most
/// 800 moves (a class's cells), so of values below 1024.
pub(super) const OPTION_VALUES: usize = 1024;

/// Where one right bound's option set starts after the one before: a cache
/// line past a multiple of 4 KiB, so that the sets' slots for one value
/// fall in different cache sets.
pub(super) const SET_STRIDE: usize = OPTION_VALUES + 16;

/// The option values of the rectangles that share rows and a left bound,
/// one set per right bound: value `v` is an option of the rectangle ending
/// at `right` when `stamps[right·SET_STRIDE + v]` holds the current stamp.
/// A move lies in every such rectangle from some right bound on, and its
/// pieces there are runs of the table, so a move is inserted for all of
/// them in one pass, with no clearing between rectangles.
pub(super) struct Options {
    pub(super) stamps: Vec<u32>,
    pub(super) stamp: u32,
    /// The right bounds whose rectangles are worked out; the rest take no
    /// options.
    pub(super) rights: Range<usize>,
}

impl Options {
    pub(super) fn new(side_y: usize) -> Options {
        Options {
            stamps: vec![0; SET_STRIDE * side_y],
            stamp: 0,
            rights: 0..0,
        }
    }

    /// Starts the rectangles ending at `rights`, with no options.
    pub(super) fn start(&mut self, rights: Range<usize>) {
        self.stamp += 1;
        self.rights = rights;
    }

    /// Adds to each rectangle ending at `right`, from `first` on, the
    /// option `base ⊕ pieces[0][right] ⊕ pieces[1][right]…`.
    pub(super) fn insert_run<T: Entry, const N: usize>(
        &mut self,
        first: usize,
        base: T,
        pieces: [&[T]; N],
    ) {
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
    pub(super) fn mex<T: Entry>(&self, right: usize) -> Option<T> {
        let seen = self.stamps[right * SET_STRIDE..].iter();
        let mex = seen.take_while(|&&s| s == self.stamp).count();
        T::try_from(mex).ok()
    }
}

/// What working out a rectangle of a band takes.
#[derive(Clone, Copy)]
pub(super) enum Plan<T> {
    /// Play never reaches it.
    Unreachable,
    /// Its nimber, from the table before an edit.
    Known(T),
    /// An edge line holds no board cell: the game of the rectangle within.
    Trimmed(Block),
    /// The mex of its options.
    Solve,
}

/// The table from before an edit of a few cells, on the same board size.
pub(super) struct Earlier {
    pub(super) table: ClassTable,
    /// The changed cells of the class, in rotated coordinates.
    pub(super) changed: Changed,
}

impl Earlier {
    /// The earlier table of the class, when few of its cells changed
    /// from `before` to `board`.
    pub(super) fn new(
        table: ClassTable,
        n: usize,
        m: usize,
        before: &[u8],
        board: &[u8],
    ) -> Option<Earlier> {
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
    pub(super) fn nimber(&self, block: Block) -> Option<Nimber> {
        (self.changed.misses(block) && self.table.knows(block))
            .then(|| self.table.nimbers.get(block))
    }
}

impl ClassTable {
    /// The table for the rectangles that play from `components`, blocks
    /// of this class, can reach, reading what it can from `earlier`.
    pub(super) fn new(
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
    pub(super) fn knows(&self, block: Block) -> bool {
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
    pub(super) fn build<T: Entry>(
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
