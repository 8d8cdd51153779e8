//! Empty cells of a Cram board as a bitboard, and the solver that values
//! them one connected region at a time, caching each region under its
//! canonical shape so that a region met again anywhere, turned or
//! mirrored, is never searched twice. Parts are simplified before they are
//! looked up: twin tufts and bridges are pruned, equal parts cancel, and
//! squares with two free corners lose their dominoes across (the last two
//! as igsolve has them; each is proved where it is made).

use crate::fast_map::FastMap;
use crate::nimber::Nimber;
use crate::sort;
use std::cmp::{Ordering, Reverse};
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

/// The most rows and columns a shape holds.
pub const SIDE: usize = 16;

/// A set of cells of up to 4 · `W` rows of 16, four rows to a word: cell
/// (r, c) is bit 16 · (r mod 4) + c of word r / 4. Whole-shape bit
/// operations move every cell at once, so a region is found, trimmed and
/// turned in a few dozen word operations; a board takes four words, and
/// a region of up to four or eight rows is searched in one or two.
#[derive(Clone, Copy, Debug, Eq)]
pub struct Shape<const W: usize = 4>([u64; W]);

impl<const W: usize> Ord for Shape<W> {
    /// Word by word, first rows first: any order does for the least turn.
    fn cmp(&self, other: &Self) -> Ordering {
        (0..W)
            .map(|i| self.0[i].cmp(&other.0[i]))
            .find(|order| order.is_ne())
            .unwrap_or(Ordering::Equal)
    }
}

impl<const W: usize> PartialOrd for Shape<W> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const W: usize> PartialEq for Shape<W> {
    /// Word by word without a branch: no call out to compare memory.
    fn eq(&self, other: &Self) -> bool {
        (0..W).fold(0, |differ, i| differ | (self.0[i] ^ other.0[i])) == 0
    }
}

impl<const W: usize> Default for Shape<W> {
    fn default() -> Self {
        Shape([0; W])
    }
}

impl<const W: usize> Hash for Shape<W> {
    /// Four words, one multiply each, with no length before them.
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.0 {
            state.write_u64(word);
        }
    }
}

/// The first column of each of a word's four rows.
const FIRST_COLUMN: u64 = 0x0001_0001_0001_0001;
/// The last column of each of a word's four rows.
const LAST_COLUMN: u64 = 0x8000_8000_8000_8000;

impl<const W: usize> Shape<W> {
    const ROWS: usize = 4 * W;

    /// The words of rows, as hashes take them in.
    pub fn words(&self) -> impl Iterator<Item = u64> + '_ {
        self.0.iter().copied()
    }

    pub fn cell(row: usize, col: usize) -> Self {
        Self::default().with(row, col)
    }

    pub fn contains(&self, row: usize, col: usize) -> bool {
        self.0[row / 4] >> (16 * (row % 4) + col) & 1 == 1
    }

    pub fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |any, &word| any | word) == 0
    }

    pub fn with(mut self, row: usize, col: usize) -> Self {
        self.0[row / 4] |= 1 << (16 * (row % 4) + col);
        self
    }

    pub fn minus(self, other: Self) -> Self {
        self.each(other, |cells, taken| cells & !taken)
    }

    fn and(self, other: Self) -> Self {
        self.each(other, |a, b| a & b)
    }

    fn or(self, other: Self) -> Self {
        self.each(other, |a, b| a | b)
    }

    fn xor(self, other: Self) -> Self {
        self.each(other, |a, b| a ^ b)
    }

    fn each(mut self, other: Self, op: impl Fn(u64, u64) -> u64) -> Self {
        for (word, o) in self.0.iter_mut().zip(other.0) {
            *word = op(*word, o);
        }
        self
    }

    /// Every cell one column to the left; the first column falls off.
    #[inline]
    fn left(self) -> Self {
        Shape(self.0.map(|word| word >> 1 & !LAST_COLUMN))
    }

    /// Every cell one column to the right; the last column falls off.
    #[inline]
    fn right(self) -> Self {
        Shape(self.0.map(|word| word << 1 & !FIRST_COLUMN))
    }

    /// Every cell `rows` rows up; the top rows fall off.
    #[inline]
    fn up(self, rows: usize) -> Self {
        let (words, bits) = (rows / 4, 16 * (rows % 4) as u32);
        let word = |i: usize| if i < W { self.0[i] } else { 0 };
        Shape(std::array::from_fn(|i| {
            let low = word(i + words) >> bits;
            let high = if bits == 0 {
                0
            } else {
                word(i + words + 1) << (64 - bits)
            };
            low | high
        }))
    }

    /// Every cell one row down; the bottom row falls off.
    #[inline]
    fn down(self) -> Self {
        Shape(std::array::from_fn(|i| {
            self.0[i] << 16 | if i == 0 { 0 } else { self.0[i - 1] >> 48 }
        }))
    }

    /// The cells of each row, as one row of every column used.
    fn columns(&self) -> u16 {
        let all = self.0.iter().fold(0, |all, &word| all | word);
        let all = all | all >> 32;
        (all | all >> 16) as u16
    }

    /// The first and one past the last row that hold a cell.
    fn rows_used(&self) -> (usize, usize) {
        let first = self.0.iter().position(|&word| word != 0).unwrap_or(0);
        let last = self.0.iter().rposition(|&word| word != 0).unwrap_or(0);
        let top = 4 * first + self.0[first].trailing_zeros() as usize / 16;
        let bottom = 4 * last + (63 - self.0[last].leading_zeros() as usize) / 16 + 1;
        (top, bottom)
    }

    /// Every cell, row by row.
    pub fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (0..W).flat_map(move |w| {
            let mut word = self.0[w];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    (4 * w + bit / 16, bit % 16)
                })
            })
        })
    }

    /// The dominoes inside the shape, each by its top or left cell and
    /// whether it lies across (to the right) or down.
    pub fn dominoes(self) -> impl Iterator<Item = (usize, usize, bool)> {
        self.cells().flat_map(move |(r, c)| {
            let across = c + 1 < SIDE && self.contains(r, c + 1);
            let down = r + 1 < Self::ROWS && self.contains(r + 1, c);
            [(across, true), (down, false)]
                .into_iter()
                .filter(|&(fits, _)| fits)
                .map(move |(_, across)| (r, c, across))
        })
    }

    /// Its height and width, as lying at the top-left corner.
    fn extent(&self) -> (usize, usize) {
        if self.is_empty() {
            return (0, 0);
        }
        (
            self.rows_used().1,
            SIDE - self.columns().leading_zeros() as usize,
        )
    }

    /// The cells with a neighbour on each side: (left, right, up, down).
    fn neighboured(self) -> [Self; 4] {
        [
            self.and(self.right()),
            self.and(self.left()),
            self.and(self.down()),
            self.and(self.up(1)),
        ]
    }

    /// The shape with all but one of the tufts on any cell taken away,
    /// and its bridges, and whether a bridge was taken (which may split
    /// a region). A tuft, a cell with one neighbour, is only ever filled
    /// with that neighbour, and filling either of two tufts of one cell
    /// leaves the other alone and dead: the same position. A bridge is a
    /// cell whose every neighbour holds a tuft of its own: the shape with
    /// it and without it have one value, as the second player shows by
    /// copying each move in the other and answering a domino over the
    /// bridge and a neighbour with that neighbour's tuft.
    pub fn reduced(mut self) -> (Self, bool) {
        let mut bridged = false;
        loop {
            let [left, right, up, down] = self.neighboured();
            let odd = left.xor(right).xor(up).xor(down);
            let two_or_more = left
                .and(right)
                .or(up.and(down))
                .or(left.or(right).and(up.or(down)));
            let tufts = odd.minus(two_or_more);
            if tufts.is_empty() {
                return (self, bridged);
            }
            // A cell holds at most one tuft on each side: a tuft goes when
            // a tuft of a side taken before holds its cell.
            let mut stars = left.and(tufts).left();
            let from_right = right.and(tufts).right();
            let mut twins = from_right.and(stars).left();
            stars = stars.or(from_right);
            let from_below = up.and(tufts).up(1);
            twins = twins.or(from_below.and(stars).down());
            stars = stars.or(from_below);
            let from_above = down.and(tufts).down();
            twins = twins.or(from_above.and(stars).up(1));
            stars = stars.or(from_above);
            let others = self.minus(stars);
            let beside_others = others
                .left()
                .or(others.right())
                .or(others.up(1))
                .or(others.down());
            let bridges = others.minus(tufts).minus(beside_others);
            let dropped = twins.or(bridges);
            if dropped.is_empty() {
                return (self, bridged);
            }
            bridged |= !bridges.is_empty();
            self = self.minus(dropped);
        }
    }

    /// The left cells of the dominoes across that need never be played,
    /// and the number of moves left without them.
    ///
    /// In a square of four cells where two opposite corners have no
    /// other neighbour, the two dominoes across may be dropped: the
    /// game's value stays the same. By induction on the cells, the game
    /// with them and the game without have the same values among their
    /// moves:
    /// - a move that leaves the square whole keeps the square as it was;
    /// - a domino down the square leaves the same cells in both;
    /// - a domino from one of the other two cells out of the square
    ///   leaves the corners as tufts of the fourth cell: twins with the
    ///   domino across, a tuft and a lone cell without, worth the same;
    /// - a domino across leaves one of the other two cells with a corner
    ///   as its one tuft, and so does the domino down through the other
    ///   cell without: the same game, as a tuft's place is no matter.
    ///
    /// Squares never share a side, so they are dropped all at once; with
    /// the dominoes go the links across, so a shape may fall into regions
    /// valued apart.
    fn idle_across(&self) -> (Self, u32) {
        let [left, right, up, down] = self.neighboured();
        // Corners whose only neighbours are on the two sides named.
        let right_down = right.and(down).minus(left).minus(up);
        let left_up = left.and(up).minus(right).minus(down);
        let left_down = left.and(down).minus(right).minus(up);
        let right_up = right.and(up).minus(left).minus(down);
        // Each square by its top-left cell, corners on either diagonal.
        let squares = right_down
            .and(left_up.up(1).left())
            .or(left_down.left().and(right_up.up(1)));
        let idle = squares.or(squares.down());
        // A domino fits wherever a cell has a neighbour to its right or below.
        (idle, right.len() + down.len() - idle.len())
    }

    /// Whether every cell of the shape is one of `other`'s.
    fn within(&self, other: &Self) -> bool {
        self.minus(*other).is_empty()
    }

    /// The two cells of a domino.
    pub fn domino(row: usize, col: usize, across: bool) -> Self {
        let (r2, c2) = if across {
            (row, col + 1)
        } else {
            (row + 1, col)
        };
        Self::cell(row, col).with(r2, c2)
    }

    /// Row `row`'s cells, a bit a column; rows outside the shape are empty.
    fn row(&self, row: usize) -> u32 {
        if row >= Self::ROWS {
            return 0;
        }
        (self.0[row / 4] >> (16 * (row % 4)) & 0xFFFF) as u32
    }

    /// How many regions, at most, taking out a domino that lies in this
    /// connected shape leaves, judged from the cells around it.
    fn regions_left_by(&self, domino: &Domino) -> u32 {
        // Column c - 1 at bit 0; row r - 1 is none for the top row.
        let (rows, cols) = if domino.across { (3, 4) } else { (4, 3) };
        let mask = (1 << cols) - 1;
        let mut window = 0;
        for i in 0..rows {
            let row = (domino.row + i).checked_sub(1).map_or(0, |r| self.row(r));
            window |= (row << 1 >> domino.col & mask) << (cols * i);
        }
        NeighbourGroups::of_domino(domino.across).of(window)
    }

    /// The connected part holding the shape's first cell, linked by sides
    /// but not across from the cells of `cut` to their right: spread along
    /// each row's runs, then a row up and down, until a step adds nothing.
    fn first_region(self, cut: Self) -> Self {
        let first = self.0.iter().position(|&word| word != 0).unwrap_or(0);
        let mut region = Self::default();
        region.0[first] = self.0[first] & self.0[first].wrapping_neg();
        loop {
            let along = Shape(std::array::from_fn(|i| {
                run_fill(self.0[i], region.0[i], cut.0[i])
            }));
            let grown = along.or(along.up(1)).or(along.down()).and(self);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The connected regions, by their first cells' order, linked as in
    /// `first_region`, of a shape known to have at most `most`: the last
    /// is what the others leave.
    fn regions_at_most(self, most: u32, cut: Self) -> impl Iterator<Item = Self> {
        let (mut rest, mut most) = (self, most);
        std::iter::from_fn(move || {
            (!rest.is_empty()).then(|| {
                let region = if most > 1 {
                    rest.first_region(cut)
                } else {
                    rest
                };
                most = most.saturating_sub(1);
                rest = rest.minus(region);
                region
            })
        })
    }

    /// The connected regions, by their first cells' order.
    pub fn regions(self) -> impl Iterator<Item = Self> {
        self.regions_at_most(u32::MAX, Self::default())
    }

    /// Moved to the top-left corner, with its height and width.
    fn to_corner(self) -> (Self, usize, usize) {
        let (top, bottom) = self.rows_used();
        let columns = self.columns();
        let left = columns.trailing_zeros();
        // No row has a cell left of `left`, so no cell crosses a row.
        let moved = Shape(self.up(top).0.map(|word| word >> left));
        let width = (SIDE as u32 - columns.leading_zeros()).saturating_sub(left);
        (moved, bottom - top, width as usize)
    }

    /// Upside down, within a height of `height`.
    fn flipped(self, height: usize) -> Self {
        let reversed = Shape(std::array::from_fn(|i| reverse_rows(self.0[W - 1 - i])));
        reversed.up(Self::ROWS - height)
    }

    /// Left to right, within a width of `width`.
    fn mirrored(self, width: usize) -> Self {
        // Reversing a word's bits reverses its rows' order too: put it back.
        Shape(
            self.0
                .map(|word| reverse_rows(word.reverse_bits()) >> (SIDE - width)),
        )
    }

    /// Rows become columns; `height` and `width` bound the cells.
    fn transposed(self, height: usize, width: usize) -> Self {
        if height > 8 || width > 8 {
            return self
                .cells()
                .fold(Self::default(), |out, (r, c)| out.with(c, r));
        }
        // Eight rows of eight, a byte each, turned as one 8 × 8 bit matrix.
        let rows = |shape: Self| (0..height).map(move |r| shape.0[r / 4] >> (16 * (r % 4)) & 0xFF);
        let square = rows(self)
            .enumerate()
            .fold(0u64, |square, (r, row)| square | row << (8 * r));
        let turned = transpose_8x8(square);
        let mut out = Self::default();
        for c in 0..width {
            out.0[c / 4] |= (turned >> (8 * c) & 0xFF) << (16 * (c % 4));
        }
        out
    }

    /// The same cells in `V` words: those of the first 4 · `V` rows.
    fn resized<const V: usize>(self) -> Shape<V> {
        Shape(std::array::from_fn(|i| if i < W { self.0[i] } else { 0 }))
    }

    /// The fewest words (one, two or four) that hold its rows.
    fn words_needed(&self) -> usize {
        match self.0.iter().rposition(|&word| word != 0) {
            None | Some(0) => 1,
            Some(1) => 2,
            _ => 4,
        }
    }

    /// The least of the shape's turns and mirror images that lie down (no
    /// taller than wide), each moved to the corner: equal for regions with
    /// the same play. Only a square one turns both ways.
    pub fn canonical(self) -> Self {
        let (shape, height, width) = self.to_corner();
        let least_of = |base: Self, h: usize, w: usize| {
            let flipped = base.flipped(h);
            [flipped, base.mirrored(w), flipped.mirrored(w)]
                .into_iter()
                .fold(base, Self::min)
        };
        match height.cmp(&width) {
            Ordering::Less => least_of(shape, height, width),
            Ordering::Greater => least_of(shape.transposed(height, width), width, height),
            Ordering::Equal => least_of(shape, height, width).min(least_of(
                shape.transposed(height, width),
                width,
                height,
            )),
        }
    }

    /// Whether the second player wins by copying each move through the
    /// centre: the shape is its own half-turn, and no cell is its own
    /// image or beside it, so a move and its copy never overlap.
    fn mirror_wins(self) -> bool {
        let (shape, height, width) = self.to_corner();
        if shape.flipped(height).mirrored(width) != shape {
            return false;
        }
        let (mid_r, mid_c) = (height / 2, width / 2);
        match (height % 2, width % 2) {
            (1, 1) => !shape.contains(mid_r, mid_c),
            (1, 0) => !shape.contains(mid_r, mid_c - 1),
            (0, 1) => !shape.contains(mid_r - 1, mid_c),
            _ => true,
        }
    }
}

/// The runs of set bits of each of a word's rows that hold a bit of
/// `seeds`, filled both ways in four doubling steps each; a run never
/// spills into the next row, as no bit passes the first or last column,
/// nor from a bit of `cut` to the next.
fn run_fill(cells: u64, seeds: u64, cut: u64) -> u64 {
    let (mut right, mut left) = (seeds, seeds);
    let mut open_right = cells & !FIRST_COLUMN & !(cut << 1);
    let mut open_left = cells & !LAST_COLUMN & !cut;
    for step in [1, 2, 4, 8] {
        right |= open_right & right << step;
        open_right &= open_right << step;
        left |= open_left & left >> step;
        open_left &= open_left >> step;
    }
    right | left
}

/// An 8 × 8 bit matrix (bit 8r + c is row r, column c) about its
/// diagonal, in three rounds of swapping blocks (Hacker's Delight, 7–3).
fn transpose_8x8(mut x: u64) -> u64 {
    for (shift, mask) in [
        (7, 0x00AA_00AA_00AA_00AA),
        (14, 0x0000_CCCC_0000_CCCC),
        (28, 0x0000_0000_F0F0_F0F0),
    ] {
        let swap = (x ^ x >> shift) & mask;
        x ^= swap ^ swap << shift;
    }
    x
}

/// A word's four rows in the opposite order.
fn reverse_rows(word: u64) -> u64 {
    let halves = word.rotate_left(32);
    (halves >> 16 & 0x0000_FFFF_0000_FFFF) | (halves & 0x0000_FFFF_0000_FFFF) << 16
}

/// One domino of a box: its cells, and its top or left cell.
#[derive(Debug)]
struct Domino {
    cells: Shape,
    row: usize,
    col: usize,
    across: bool,
}

/// Every domino of a box, those nearest its centre first: where a
/// winning move is most often found (the copying strategy's, for one).
struct DominoOrder(Vec<Domino>);

impl DominoOrder {
    fn new(height: usize, width: usize) -> DominoOrder {
        let mut dominoes: Vec<(usize, usize, bool)> = (0..height)
            .flat_map(|r| (0..width).flat_map(move |c| [(r, c, true), (r, c, false)]))
            .filter(|&(r, c, across)| {
                if across {
                    c + 1 < width
                } else {
                    r + 1 < height
                }
            })
            .collect();
        sort::sort_by_key(&mut dominoes, |&(r, c, across)| {
            let (r2, c2) = if across {
                (2 * r + 1, 2 * c + 2)
            } else {
                (2 * r + 2, 2 * c + 1)
            };
            r2.abs_diff(height) + c2.abs_diff(width)
        });
        DominoOrder(
            dominoes
                .into_iter()
                .map(|(row, col, across)| Domino {
                    cells: Shape::domino(row, col, across),
                    row,
                    col,
                    across,
                })
                .collect(),
        )
    }
}

/// Into how many groups a domino's neighbours fall once it is taken out,
/// for each box of cells around it: 3 rows of 4 for a domino across
/// (cell (r, c) of the box is bit 4r + c, the domino at (1, 1) and
/// (1, 2)) and 4 rows of 3 for one down (bit 3r + c, the domino at
/// (1, 1) and (2, 1)); four bits a box. Taking a domino out of a connected
/// shape leaves at most that many regions: a path through the domino
/// between neighbours of one group can go round it inside the box.
struct NeighbourGroups([u64; 256]);

impl NeighbourGroups {
    /// The tables, built on first use: as data they would weigh on every
    /// engine that has Cram.
    fn of_domino(across: bool) -> &'static NeighbourGroups {
        static ACROSS: OnceLock<NeighbourGroups> = OnceLock::new();
        static DOWN: OnceLock<NeighbourGroups> = OnceLock::new();
        if across {
            ACROSS.get_or_init(|| NeighbourGroups::table(3, 4, 0b0110 << 4))
        } else {
            DOWN.get_or_init(|| NeighbourGroups::table(4, 3, 0b010 << 3 | 0b010 << 6))
        }
    }

    fn table(rows: u32, cols: u32, domino: u32) -> NeighbourGroups {
        let full = (1u32 << (rows * cols)) - 1;
        let first_col = (0..rows).fold(0, |col, r| col | 1 << (r * cols));
        let sides = [first_col, first_col << (cols - 1), cols, full];
        let neighbourhood = Self::spread(domino, sides) & !domino;
        let mut table = [0u64; 256];
        for window in 0..=full {
            let cells = window & !domino;
            let mut ungrouped = cells & neighbourhood;
            let mut groups = 0u64;
            while ungrouped != 0 {
                let mut group = ungrouped & ungrouped.wrapping_neg();
                loop {
                    let grown = Self::spread(group, sides) & cells;
                    if grown == group {
                        break;
                    }
                    group = grown;
                }
                ungrouped &= !group;
                groups += 1;
            }
            table[window as usize / 16] |= groups << (4 * (window % 16));
        }
        NeighbourGroups(table)
    }

    /// Cells of a box and their neighbours by sides; `sides` holds the
    /// box's first and last columns, its width and all its cells.
    fn spread(x: u32, [first_col, last_col, cols, full]: [u32; 4]) -> u32 {
        (x | (x & !first_col) >> 1 | (x & !last_col) << 1 | x >> cols | x << cols) & full
    }

    fn of(&self, window: u32) -> u32 {
        (self.0[window as usize / 16] >> (4 * (window % 16)) & 15) as u32
    }
}

/// A search stopped at its budget.
#[derive(Debug, PartialEq, Eq)]
pub struct OverBudget;

/// A set of values below 512: a region of 256 cells has at most 480 moves,
/// and its value is at most its number of moves.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Values([u64; 8]);

impl Values {
    /// 0, 1, …, `last`.
    fn up_to(last: u32) -> Values {
        let mut set = [0; 8];
        for (w, word) in set.iter_mut().enumerate() {
            let low = 64 * w as u32;
            if last >= low + 63 {
                *word = u64::MAX;
            } else if last >= low {
                *word = (1 << (last - low + 1)) - 1;
            }
        }
        Values(set)
    }

    fn single(v: u32) -> Values {
        let mut set = Values([0; 8]);
        if v < 512 {
            set.0[v as usize / 64] = 1 << (v % 64);
        }
        set
    }

    fn contains(&self, v: u32) -> bool {
        v < 512 && self.0[v as usize / 64] >> (v % 64) & 1 == 1
    }

    fn remove(&mut self, v: u32) {
        if v < 512 {
            self.0[v as usize / 64] &= !(1 << (v % 64));
        }
    }

    fn largest(&self) -> Option<u32> {
        (0..8)
            .rev()
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w as u32 + 63 - self.0[w].leading_zeros())
    }

    fn smallest(&self) -> Option<u32> {
        (0..8)
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w as u32 + self.0[w].trailing_zeros())
    }

    fn and(mut self, other: Values) -> Values {
        for (word, o) in self.0.iter_mut().zip(other.0) {
            *word &= o;
        }
        self
    }

    fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |any, &word| any | word) == 0
    }

    /// Each value ⊕ `x`.
    fn xored(self, x: u32) -> Values {
        if x == 0 {
            return self;
        }
        let mut out = Values([0; 8]);
        for w in 0..8 {
            let mut word = self.0[w];
            while word != 0 {
                let v = (64 * w as u32 + word.trailing_zeros()) ^ x;
                word &= word - 1;
                if v < 512 {
                    out.0[v as usize / 64] |= 1 << (v % 64);
                }
            }
        }
        out
    }
}

/// The parts a domino leaves: its two cells touch at most six others.
#[derive(Clone, Copy)]
struct Parts<const W: usize> {
    shapes: [Shape<W>; 6],
    len: usize,
}

impl<const W: usize> Parts<W> {
    fn new() -> Self {
        Parts {
            shapes: [Shape::default(); 6],
            len: 0,
        }
    }

    fn push(&mut self, shape: Shape<W>) {
        self.shapes[self.len] = shape;
        self.len += 1;
    }

    fn pop(&mut self) -> Option<Shape<W>> {
        self.len = self.len.checked_sub(1)?;
        Some(self.shapes[self.len])
    }

    fn as_slice(&self) -> &[Shape<W>] {
        &self.shapes[..self.len]
    }

    /// Sorted largest first, with equal parts (worth 0 together) dropped
    /// in pairs.
    fn without_pairs(mut self) -> Self {
        let shapes = &mut self.shapes[..self.len];
        sort::sort_by_key(shapes, |part| (Reverse(part.len()), *part));
        let mut single = Parts::new();
        for &part in shapes.iter() {
            if single.as_slice().last() == Some(&part) {
                single.pop();
            } else {
                single.push(part);
            }
        }
        single
    }
}

/// One move of a region still to value: the ⊕ of its parts' known values
/// and its other parts, the hardest first.
#[derive(Clone, Copy)]
struct Open<const W: usize> {
    known: u32,
    parts: Parts<W>,
}

/// A region's moves: the values it can still have once the moves whose
/// parts are all known are counted out, and the other moves, easiest first.
struct Expansion<const W: usize> {
    possible: Values,
    open: Vec<Open<W>>,
}

/// The values of regions in canonical form, each kept in as few words as
/// hold it: a region has one key wherever it is met.
#[derive(Default)]
struct Table {
    one: FastMap<Shape<1>, u16>,
    two: FastMap<Shape<2>, u16>,
    four: FastMap<Shape<4>, u16>,
}

impl Table {
    fn get<const W: usize>(&self, key: &Shape<W>) -> Option<u16> {
        match key.words_needed() {
            1 => self.one.get(&key.resized()),
            2 => self.two.get(&key.resized()),
            _ => self.four.get(&key.resized()),
        }
        .copied()
    }

    fn insert<const W: usize>(&mut self, key: Shape<W>, value: u32) {
        let value = value as u16;
        match key.words_needed() {
            1 => self.one.insert(key.resized(), value),
            2 => self.two.insert(key.resized(), value),
            _ => self.four.insert(key.resized(), value),
        };
    }

    /// A value known without search: of a tiny region, cached, or 0 by
    /// the copying strategy (then cached).
    fn known<const W: usize>(&mut self, key: &Shape<W>) -> Option<u32> {
        let cells = key.len();
        if let Some(value) = tiny_value(cells) {
            return Some(value);
        }
        if let Some(value) = self.get(key) {
            return Some(u32::from(value));
        }
        // A region copied through its centre has no cell on it: an even count.
        if cells.is_multiple_of(2) && key.mirror_wins() {
            self.insert(*key, 0);
            return Some(0);
        }
        None
    }
}

/// The value of a region of at most three cells, plain from its size: one
/// or no cell has no move; two or three have moves only to fewer than two
/// cells.
fn tiny_value(cells: u32) -> Option<u32> {
    match cells {
        0 | 1 => Some(0),
        2 | 3 => Some(1),
        _ => None,
    }
}

/// The values of regions, cached by canonical shape across positions.
///
/// A value is found as Beling and Rogalski prune ("On pruning search trees
/// of impartial games", 2020): a region asked for its value only if the
/// value lies in a requested set keeps the set of values it can still
/// have, 0 to its number of moves, and each move takes one out: its value
/// where found, or else the largest, which a count of the moves shows is
/// never the true one. A move is then asked only for the values still in
/// play, and the search stops once none of them is requested: most moves
/// are never valued exactly.
///
/// A region is searched in as few words as hold its rows (one for up to
/// four rows, two for up to eight): its parts are never taller.
#[derive(Default)]
pub struct Solver {
    values: Table,
    /// The dominoes of each height and width of box, centre first.
    orders: FastMap<(usize, usize), DominoOrder>,
    /// Regions expanded since the budget was last reset.
    work: u64,
}

impl Solver {
    /// Starts counting work afresh for a new question.
    pub fn reset_work(&mut self) {
        self.work = 0;
    }

    /// The value of a set of empty cells: the ⊕ of its regions', expanding
    /// at most `budget` regions (counted since the last reset).
    pub fn value(&mut self, cells: Shape, budget: u64) -> Result<Nimber, OverBudget> {
        let mut total = Nimber::ZERO;
        for region in cells.regions() {
            total ^= self.key_value(region.canonical(), budget)?;
        }
        Ok(total)
    }

    /// The value of a region in canonical form, searched in as few words
    /// as hold it.
    fn key_value<const W: usize>(
        &mut self,
        key: Shape<W>,
        budget: u64,
    ) -> Result<Nimber, OverBudget> {
        match key.words_needed() {
            1 => self.key_value_in(key.resized::<1>(), budget),
            2 => self.key_value_in(key.resized::<2>(), budget),
            _ => self.key_value_in(key.resized::<4>(), budget),
        }
    }

    /// The value of one connected region, found by asking for 0, 1, 2, …
    /// in turn (aspiration), each move asked only whether it has the one
    /// value that would rule the candidate out.
    fn key_value_in<const W: usize>(
        &mut self,
        key: Shape<W>,
        budget: u64,
    ) -> Result<Nimber, OverBudget> {
        if let Some(value) = self.values.known(&key) {
            return Ok(Nimber(value));
        }
        let (idle, count) = key.idle_across();
        let Expansion {
            mut possible,
            mut open,
        } = self
            .expand(key, (idle, count), Values::up_to(count), budget)?
            .expect("every value is requested");
        'candidates: for candidate in 0..=count {
            if !possible.contains(candidate) {
                continue;
            }
            let mut index = 0;
            while index < open.len() {
                let known = self.settle_others(&mut open[index], budget)?;
                let asked = Values::single(candidate ^ known);
                match self.value_in(open[index].parts.shapes[0], asked, budget)? {
                    Some(value) => {
                        open.remove(index);
                        possible.remove(value ^ known);
                        if value ^ known == candidate {
                            continue 'candidates;
                        }
                    }
                    None => index += 1,
                }
            }
            self.values.insert(key, candidate);
            return Ok(Nimber(candidate));
        }
        unreachable!("a value is at most the number of moves")
    }

    /// Values every part of a move but its hardest, once, folding them
    /// into its known ⊕.
    fn settle_others<const W: usize>(
        &mut self,
        m: &mut Open<W>,
        budget: u64,
    ) -> Result<u32, OverBudget> {
        while m.parts.len > 1 {
            let part = m.parts.pop().expect("more than one part");
            m.known ^= self.key_value(part, budget)?.0;
        }
        Ok(m.known)
    }

    /// Counts a region's expansion against the budget, and splits its
    /// `count` moves into those whose parts are all known, whose values it
    /// cannot have, and the rest, easiest first: fewer and smaller unknown
    /// parts. None once the known moves leave no value of `requested`
    /// possible.
    fn expand<const W: usize>(
        &mut self,
        key: Shape<W>,
        (idle, count): (Shape<W>, u32),
        requested: Values,
        budget: u64,
    ) -> Result<Option<Expansion<W>>, OverBudget> {
        if self.work >= budget {
            return Err(OverBudget);
        }
        self.work += 1;
        let mut open = Vec::new();
        let mut possible = Values::up_to(count);
        let (height, width) = key.extent();
        let order = self
            .orders
            .entry((height, width))
            .or_insert_with(|| DominoOrder::new(height, width));
        for domino in &order.0 {
            let cells = domino.cells.resized::<W>();
            if !cells.within(&key) || domino.across && idle.contains(domino.row, domino.col) {
                continue;
            }
            let mut known = 0;
            let mut parts = Parts::new();
            let (rest, bridged) = key.minus(cells).reduced();
            let (cut, _) = rest.idle_across();
            // A bridge or a link cut may split a region further.
            let most = if bridged || !cut.is_empty() {
                u32::MAX
            } else {
                key.regions_left_by(domino)
            };
            for part in rest.regions_at_most(most, cut) {
                if let Some(value) = tiny_value(part.len()) {
                    known ^= value;
                    continue;
                }
                let part = part.canonical();
                match self.values.known(&part) {
                    Some(value) => known ^= value,
                    None => parts.push(part),
                }
            }
            let single = parts.without_pairs();
            if single.len == 0 {
                possible.remove(known);
                if possible.and(requested).is_empty() {
                    return Ok(None);
                }
            } else {
                open.push(Open {
                    known,
                    parts: single,
                });
            }
        }
        sort::sort_by_cached_key(&mut open, |m| {
            m.parts
                .as_slice()
                .iter()
                .map(|p| p.len() * p.len())
                .sum::<u32>()
        });
        Ok(Some(Expansion { possible, open }))
    }

    /// The value of a region in canonical form if it is in `requested`;
    /// otherwise its value or none. Searched in as few words as hold it.
    fn value_in<const W: usize>(
        &mut self,
        key: Shape<W>,
        requested: Values,
        budget: u64,
    ) -> Result<Option<u32>, OverBudget> {
        match key.words_needed() {
            1 => self.value_in_words(key.resized::<1>(), requested, budget),
            2 => self.value_in_words(key.resized::<2>(), requested, budget),
            _ => self.value_in_words(key.resized::<4>(), requested, budget),
        }
    }

    fn value_in_words<const W: usize>(
        &mut self,
        key: Shape<W>,
        requested: Values,
        budget: u64,
    ) -> Result<Option<u32>, OverBudget> {
        if let Some(value) = self.values.known(&key) {
            return Ok(Some(value));
        }
        // The values still possible: 0 to the number of moves, less those
        // of moves whose parts are all known.
        let (idle, count) = key.idle_across();
        if Values::up_to(count).and(requested).is_empty() {
            return Ok(None);
        }
        let Some(Expansion { mut possible, open }) =
            self.expand(key, (idle, count), requested, budget)?
        else {
            return Ok(None);
        };
        let within = Values::up_to(requested.largest().unwrap_or(0));
        let mut exact = true;
        for mut m in open {
            if possible.and(requested).is_empty() {
                return Ok(None);
            }
            let largest = possible.largest().expect("a value stays possible");
            let mut rest = possible;
            rest.remove(largest);
            let known = self.settle_others(&mut m, budget)?;
            let asked = rest.and(within).xored(known);
            match self.value_in(m.parts.shapes[0], asked, budget)? {
                Some(value) => possible.remove(value ^ known),
                None => {
                    // Its value is not among the rest, so taking out the
                    // largest leaves the smallest possible value right.
                    possible.remove(largest);
                    exact = false;
                }
            }
        }
        let value = match possible.and(within).smallest() {
            Some(value) => value,
            None if exact => possible.smallest().expect("a value stays possible"),
            None => return Ok(None),
        };
        self.values.insert(key, value);
        Ok(Some(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: &[&str]) -> Shape {
        let mut shape = Shape::default();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    shape = shape.with(r, c);
                }
            }
        }
        shape
    }

    /// `count` cells of a box picked at random, some of them twice.
    fn random_cells(rng: &mut crate::rng::Rng, height: usize, width: usize, count: usize) -> Shape {
        (0..count).fold(Shape::default(), |cells, _| {
            cells.with(rng.below(height), rng.below(width))
        })
    }

    #[test]
    fn turned_and_mirrored_regions_share_one_key() {
        let l = shape(&["#.", "#.", ".."]);
        let variants = [
            shape(&["..#", ".##", ".##"]),
            shape(&["###", "#..", "#.#", "#.#"]),
            shape(&["...", ".##"]),
            shape(&["..", ".#", ".#"]),
        ];
        for variant in variants {
            assert_eq!(variant.canonical(), l.canonical());
        }
        assert_ne!(
            shape(&["...", ".##"]).canonical(),
            shape(&["...", "#.#"]).canonical()
        );
    }

    #[test]
    fn a_shape_turns_and_lies_down_alike_in_one_two_or_four_words() {
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let (height, width) = (1 + rng.below(8), 1 + rng.below(8));
            let cells = 1 + rng.below(20);
            let shape = random_cells(&mut rng, height, width, cells);
            let (cornered, h, w) = shape.to_corner();
            let by_cell = cornered
                .cells()
                .fold(Shape::<4>::default(), |out, (r, c)| out.with(c, r));
            assert_eq!(cornered.transposed(h, w), by_cell, "{shape:?}");
            let key = shape.canonical();
            assert_eq!(shape.resized::<2>().canonical().resized::<4>(), key);
            if h <= 4 && w <= 4 {
                assert_eq!(cornered.resized::<1>().canonical().resized::<4>(), key);
            }
        }
    }

    #[test]
    fn twin_tufts_and_bridges_go_before_a_search() {
        // A cell with four tufts keeps one.
        let (star, bridged) = shape(&["#.#", "...", "#.#"]).reduced();
        assert_eq!((star.len(), bridged), (2, false));
        // The middle of five in a row has a tufted cell on each side.
        let (row, bridged) = shape(&["....."]).reduced();
        assert_eq!((row, bridged), (shape(&["..#.."]), true));
        let full = shape(&["...", "..."]);
        assert_eq!(full.reduced(), (full, false));
    }

    #[test]
    fn a_square_with_two_free_corners_drops_its_dominoes_across() {
        // Corners (0, 1) and (1, 0) have no neighbour outside the square.
        let (idle, moves) = shape(&["..#", "..."]).idle_across();
        assert_eq!((idle, moves), (shape(&[".", "."]), 3));
        let (idle, moves) = shape(&["...", "..."]).idle_across();
        assert_eq!((idle, moves), (Shape::default(), 7));
        // Apart once the links across are cut.
        let square = shape(&["..", ".."]);
        let (cut, _) = square.idle_across();
        assert_eq!(square.regions_at_most(u32::MAX, cut).count(), 2);
    }

    #[test]
    fn a_domino_leaves_no_more_regions_than_groups_of_its_neighbours() {
        let mut rng = crate::rng::Rng::new(9);
        for _ in 0..3000 {
            let (height, width) = (2 + rng.below(7), 2 + rng.below(7));
            let cells = random_cells(&mut rng, height, width, height * width);
            let Some(region) = cells.regions().max_by_key(|r| r.len()) else {
                continue;
            };
            for domino in &DominoOrder::new(height, width).0 {
                if !domino.cells.within(&region) {
                    continue;
                }
                let rest = region.minus(domino.cells);
                let mut all: Vec<Shape> = rest.regions().collect();
                let most = region.regions_left_by(domino);
                assert!(all.len() <= most as usize, "{region:?} {domino:?}");
                let mut bounded: Vec<Shape> =
                    rest.regions_at_most(most, Shape::default()).collect();
                all.sort();
                bounded.sort();
                assert_eq!(all, bounded);
            }
        }
    }

    #[test]
    fn regions_split_by_sides_only() {
        let cells = shape(&[".#.", "#.#", "..#"]);
        let sizes: Vec<u32> = cells.regions().map(|r| r.len()).collect();
        assert_eq!(sizes, vec![1, 1, 3]);
    }

    #[test]
    fn the_copying_strategy_is_claimed_only_where_it_works() {
        assert!(shape(&["....", "...."]).mirror_wins());
        assert!(!shape(&["...", "..."]).mirror_wins());
        assert!(!shape(&["...", "...", "..."]).mirror_wins());
        assert!(shape(&["...", ".#.", "..."]).mirror_wins());
        assert!(!shape(&["..", "#."]).mirror_wins());
    }
}
