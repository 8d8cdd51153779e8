//! Wythoff's game played with queens: each queen slides left, down or
//! diagonally towards the corner, and is a game of its own. A lone
//! queen's P-positions are the pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirrors.

use crate::analysis::{
    Analysis, Board, Component, Edit, Legend, MoveInfo, Outcome, Overlay, Region, TileFill,
    TileInfo, Token,
};
use crate::game::{
    painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::Scanner;
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rng::Rng;

/// The most queens a position holds.
pub const MAX_QUEENS: usize = 64;
/// The farthest a queen stands from the corner among several.
pub const MAX_COORDINATE: u64 = 1_000;
/// The farthest a queen alone stands: decided by the golden ratio.
pub const MAX_LONE_COORDINATE: u64 = 1_000_000_000;
/// The farthest a queen stands in the playground, which draws the board.
pub const MAX_PLAYABLE_COORDINATE: u64 = 30;

/// A queen's column and row from the corner (0, 0).
pub type Queen = (u64, u64);

/// The values of every square of a square board from the corner.
#[derive(Default)]
pub struct Wythoff {
    side: usize,
    values: Vec<u16>,
}

/// The integer square root.
fn isqrt(n: u128) -> u128 {
    let mut root = (n as f64).sqrt() as u128;
    while root * root > n {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= n {
        root += 1;
    }
    root
}

/// ⌊kφ⌋ exactly: (k + ⌊√(5k²)⌋) / 2, as √(5k²) is irrational for k > 0.
fn floor_k_phi(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// Whether a lone queen at (x, y) is lost for the player to move.
pub fn lost((x, y): Queen) -> bool {
    let (low, high) = (x.min(y), x.max(y));
    floor_k_phi(high - low) == low
}

impl Wythoff {
    /// Values every square up to `side` − 1 from the corner, unless done:
    /// a square's value is the mex of its row to the left, its column
    /// below and its diagonal, each kept as a bit set of the values seen.
    fn table_to(&mut self, side: usize) {
        if side <= self.side {
            return;
        }
        // A square's value is at most its number of moves, x + y + min(x, y).
        let words = (3 * side).div_ceil(64) + 1;
        let mut rows = vec![0u64; side * words];
        let mut cols = vec![0u64; side * words];
        let mut diagonals = vec![0u64; 2 * side * words];
        let mut values = vec![0u16; side * side];
        for y in 0..side {
            for x in 0..side {
                let d = x + side - y;
                let (row, col, diagonal) = (y * words, x * words, d * words);
                let free = (0..words)
                    .map(|w| {
                        (
                            w,
                            !(rows[row + w] | cols[col + w] | diagonals[diagonal + w]),
                        )
                    })
                    .find(|&(_, free)| free != 0)
                    .map(|(w, free)| w * 64 + free.trailing_zeros() as usize)
                    .expect("the sets have room for every value");
                values[y * side + x] = free as u16;
                let (word, bit) = (free / 64, 1u64 << (free % 64));
                rows[row + word] |= bit;
                cols[col + word] |= bit;
                diagonals[diagonal + word] |= bit;
            }
        }
        self.side = side;
        self.values = values;
    }

    fn value(&mut self, (x, y): Queen) -> Nimber {
        self.table_to((x.max(y) + 1) as usize);
        Nimber(u32::from(self.values[y as usize * self.side + x as usize]))
    }

    fn far(queens: &[Queen]) -> u64 {
        queens.iter().map(|&(x, y)| x.max(y)).max().unwrap_or(0)
    }

    /// The board drawn: a square reaching past the farthest queen, so that
    /// there is room to put one farther.
    fn board_side(queens: &[Queen]) -> u64 {
        (Wythoff::far(queens) + 3).clamp(10, MAX_PLAYABLE_COORDINATE + 1)
    }
}

/// How many moves a queen has: left, down and diagonally.
fn move_count((x, y): Queen) -> usize {
    (x + y + x.min(y)) as usize
}

/// Every move of a queen, nearest destination first in each direction:
/// its destination and direction.
fn destinations((x, y): Queen) -> impl Iterator<Item = (Queen, &'static str)> {
    let left = (1..=x).map(move |d| ((x - d, y), "left"));
    let down = (1..=y).map(move |d| ((x, y - d), "down"));
    let diagonal = (1..=x.min(y)).map(move |d| ((x - d, y - d), "diagonally"));
    left.chain(down).chain(diagonal)
}

impl Game for Wythoff {
    type Position = Vec<Queen>;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "wythoff",
            name: "Wythoff's queens",
            summary: "Slide a queen left, down or diagonally towards the corner.",
            rules: "Queens stand on a board that goes on up and to the right from the corner (0, 0). A move slides \
                    one queen any distance left, down, or diagonally down and left. A queen in the corner cannot \
                    move; whoever cannot move loses. Each queen is a game of its own. A queen alone is lost for \
                    the player to move exactly on the squares (⌊kφ⌋, ⌊kφ²⌋) and their mirrors, φ the golden ratio.",
            format: "One queen a line: its column and row from the corner, x y. Up to 64 queens within 1000 of \
                     the corner; a queen alone up to 10⁹, decided by the golden ratio. The playground draws \
                     queens up to 30 from the corner.",
            lost: "3 5\n",
            bad: "3 -1\n",
            samples: vec![
                Sample { name: "One queen", input: "6 4\n" },
                Sample { name: "Three queens", input: "2 7\n5 5\n8 3\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Vec<Queen>>, GameError> {
        let mut scanner = Scanner::new(text);
        let mut queens = Vec::new();
        // Where a far queen stands: refused once a second queen is read.
        let mut far = None;
        while !scanner.is_done() {
            let number = queens.len() + 1;
            let first = scanner.peek();
            if queens.len() == MAX_QUEENS {
                let token = scanner.token("a queen")?;
                return Err(token.error(format!("a position has at most {MAX_QUEENS} queens")));
            }
            let x = scanner.number(
                format_args!("queen {number}'s column"),
                0,
                MAX_LONE_COORDINATE,
            )?;
            let y = scanner.number(format_args!("queen {number}'s row"), 0, MAX_LONE_COORDINATE)?;
            if x.max(y) > MAX_COORDINATE && far.is_none() {
                far = first;
            }
            queens.push((x, y));
        }
        if let (Some(token), true) = (far, queens.len() > 1) {
            return Err(token.error(format!(
                "among several queens each stands within {MAX_COORDINATE} of the corner \
                 (a queen alone may stand up to {MAX_LONE_COORDINATE})"
            )));
        }
        if queens.is_empty() {
            return Err(GameError::at_line(
                1,
                "expected queens: a column and a row on each line",
            ));
        }
        Ok(vec![queens])
    }

    fn format(&self, queens: &Vec<Queen>) -> String {
        queens.iter().map(|(x, y)| format!("{x} {y}\n")).collect()
    }

    /// The queens' squares, as words rather than text.
    fn write_key(&self, queens: &Vec<Queen>, key: &mut KeyHasher) {
        for &(x, y) in queens {
            key.write_u64(x);
            key.write_u64(y);
        }
    }

    fn nimber(&mut self, queens: &Vec<Queen>) -> Nimber {
        queens.iter().map(|&queen| self.value(queen)).sum()
    }

    fn checked_nimber(&mut self, queens: &Vec<Queen>) -> Result<Nimber, GameError> {
        match queens[..] {
            [(x, y)] if x.max(y) > MAX_COORDINATE => {
                if lost((x, y)) {
                    Ok(Nimber::ZERO)
                } else if x.min(y) == 0 {
                    // On an edge a queen is a Nim heap.
                    Ok(Nimber((x + y) as u32))
                } else {
                    Err(GameError::too_large(format!(
                        "too large to solve exactly: the value of a queen beyond {MAX_COORDINATE} from the corner \
                         has no known rule; the golden ratio says only that it is not 0 (`grundy outcome wythoff` says N)"
                    )))
                }
            }
            _ => Ok(self.nimber(queens)),
        }
    }

    fn outcome(&mut self, queens: &Vec<Queen>) -> Result<Outcome, GameError> {
        match queens[..] {
            [queen] => Ok(if lost(queen) {
                Outcome::Previous
            } else {
                Outcome::Next
            }),
            _ => Ok(Outcome::of(self.nimber(queens))),
        }
    }

    fn option_count(&mut self, queens: &Vec<Queen>) -> u32 {
        queens.iter().map(|&queen| move_count(queen) as u32).sum()
    }

    fn analyse(&mut self, queens: &Vec<Queen>) -> Analysis {
        let side = Wythoff::board_side(queens);
        let cell = |(x, y): Queen| [(side - 1 - y) as u32, x as u32];
        let values: Vec<Nimber> = queens.iter().map(|&queen| self.value(queen)).collect();
        let total: Nimber = values.iter().copied().sum();
        let components = queens
            .iter()
            .zip(&values)
            .enumerate()
            .map(|(i, (&(x, y), &nimber))| Component {
                id: i as u32,
                region: Region::Cells {
                    cells: vec![cell((x, y))],
                },
                nimber,
                label: format!("queen at ({x}, {y})"),
                loopy: None,
            })
            .collect();
        let mut moves = Vec::new();
        for (i, &from) in queens.iter().enumerate() {
            for (to, direction) in destinations(from) {
                let value = self.value(to);
                moves.push(MoveInfo {
                    id: moves.len() as u32,
                    label: format!(
                        "queen at ({}, {}) {direction} to ({}, {})",
                        from.0, from.1, to.0, to.1
                    ),
                    component: i as u32,
                    anchor: Region::Cells {
                        cells: vec![cell(to)],
                    },
                    variant: None,
                    footprint: Region::Cells {
                        cells: vec![cell(from), cell(to)],
                    },
                    parts: vec![value],
                    after: total ^ values[i] ^ value,
                    loopy: None,
                });
            }
        }
        let mut tokens: Vec<Token> = Vec::new();
        for &queen in queens {
            let [row, col] = cell(queen);
            match tokens.iter_mut().find(|t| (t.row, t.col) == (row, col)) {
                Some(token) => token.label = format!("♛{}", token.label.chars().count()),
                None => tokens.push(Token {
                    row,
                    col,
                    label: "♛".to_string(),
                }),
            }
        }
        let board = Board::Grid {
            rows: side as u32,
            cols: side as u32,
            tiles: corner_marked(side as usize),
            tokens,
            heat: None,
            overlay: Some(cold_squares(side)),
            legend: legend(),
        };
        Analysis::new(board, components, moves)
    }

    fn play(&mut self, queens: &Vec<Queen>, move_id: u32) -> Result<Vec<Queen>, GameError> {
        let mut left = move_id as usize;
        for (i, &queen) in queens.iter().enumerate() {
            if let Some((to, _)) = destinations(queen).nth(left) {
                let mut next = queens.clone();
                next[i] = to;
                return Ok(next);
            }
            left -= move_count(queen);
        }
        Err(unknown_move(move_id))
    }

    fn edit(&mut self, queens: &Vec<Queen>, edit: &Edit) -> Result<Vec<Queen>, GameError> {
        match *edit {
            Edit::Paint { row, col, tile } => {
                let side = Wythoff::board_side(queens) as usize;
                let cell = painted_cell(row, col, side, side)?;
                let square = ((cell % side) as u64, (side - 1 - cell / side) as u64);
                let mut next: Vec<Queen> =
                    queens.iter().copied().filter(|&q| q != square).collect();
                match tile {
                    'Q' if next.len() < MAX_QUEENS => next.push(square),
                    'Q' => {
                        return Err(GameError::new(format!(
                            "a position has at most {MAX_QUEENS} queens"
                        )))
                    }
                    '.' => {}
                    other => {
                        return Err(GameError::new(format!(
                            "paint with 'Q' (a queen) or '.' (an empty square), not '{other}'"
                        )))
                    }
                }
                if next.is_empty() {
                    return Err(GameError::new("a position keeps at least one queen"));
                }
                Ok(next)
            }
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let count = 1 + (density.clamp(0.0, 1.0) * 5.0) as usize;
                let far = 4 + rng.below(12) as u64;
                Ok((0..count)
                    .map(|_| {
                        (
                            rng.below(far as usize + 1) as u64,
                            rng.below(far as usize + 1) as u64,
                        )
                    })
                    .collect())
            }
            _ => Err(unsupported_edit("Wythoff's queens", edit)),
        }
    }

    fn check_playable(&mut self, queens: &Vec<Queen>) -> Result<(), GameError> {
        let far = Wythoff::far(queens);
        if far > MAX_PLAYABLE_COORDINATE {
            return Err(GameError::new(format!(
                "a queen stands {far} from the corner; the playground draws up to {MAX_PLAYABLE_COORDINATE} \
                 (`grundy solve wythoff` takes up to {MAX_COORDINATE}, and a queen alone up to {MAX_LONE_COORDINATE})"
            )));
        }
        Ok(())
    }
}

/// The golden ratio, (1 + √5)/2.
const PHI: f64 = 1.618_033_988_749_895;

/// The squares of a board of `side` where a lone queen is lost, and the two
/// lines through the corner that cross every one of them: (kφ, kφ²) lies
/// in square (⌊kφ⌋, ⌊kφ²⌋) and on the line y = φx, its mirror on y = x/φ.
fn cold_squares(side: u64) -> Overlay {
    let mut cells = Vec::new();
    for k in 0.. {
        let low = floor_k_phi(k);
        if low >= side {
            break;
        }
        for (x, y) in [(low, low + k), (low + k, low)] {
            if x < side && y < side && (k > 0 || cells.is_empty()) {
                cells.push([(side - 1 - y) as u32, x as u32]);
            }
        }
    }
    let side = side as f64;
    let thousandths = |line: [f64; 4]| line.map(|x| (x * 1000.0).round() as u32);
    Overlay {
        name: "Cold squares and the golden ratio".to_string(),
        caption: "A queen alone is lost for the player to move exactly on the marked squares: \
                  (⌊kφ⌋, ⌊kφ²⌋) and its mirror, for k = 0, 1, 2, … with φ = (1 + √5)/2 ≈ 1.618. \
                  The point (kφ, kφ²) lies in that square and on the line y = φx, so the two lines \
                  from the corner cross every one of them."
            .to_string(),
        cells,
        lines: vec![
            thousandths([0.0, side, side / PHI, 0.0]),
            thousandths([0.0, side, side, side - side / PHI]),
        ],
    }
}

/// The board's squares, the corner (0, 0) at the bottom left marked as
/// the goal: every queen slides towards it, and one there cannot move.
fn corner_marked(side: usize) -> Vec<String> {
    let mut rows = vec![".".repeat(side); side];
    rows[side - 1].replace_range(0..1, "c");
    rows
}

fn legend() -> Legend {
    Legend {
        tiles: vec![
            TileInfo::new('.', "square", TileFill::Open),
            TileInfo::new(
                'c',
                "the corner (0, 0): a queen here cannot move",
                TileFill::Exit,
            ),
        ],
        palette: vec!["Q".into(), ".".into()],
        numbers: Vec::new(),
        rotatable: false,
        variants: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mex;

    #[test]
    fn the_table_agrees_with_the_definition() {
        let side = 40;
        let mut by_definition = vec![Nimber::ZERO; side * side];
        for y in 0..side {
            for x in 0..side {
                let options = destinations((x as u64, y as u64))
                    .map(|((a, b), _)| by_definition[b as usize * side + a as usize]);
                by_definition[y * side + x] = mex(options.collect::<Vec<_>>());
            }
        }
        let mut game = Wythoff::default();
        for y in 0..side {
            for x in 0..side {
                let value = by_definition[y * side + x];
                assert_eq!(game.value((x as u64, y as u64)), value, "({x}, {y})");
                // The golden ratio finds exactly the zeros.
                assert_eq!(lost((x as u64, y as u64)), value.is_zero(), "({x}, {y})");
            }
        }
    }

    #[test]
    fn the_overlay_marks_exactly_the_lost_squares_and_its_lines_cross_each() {
        for side in [10, 17, 31] {
            let overlay = cold_squares(side);
            let square = |[row, col]: [u32; 2]| (u64::from(col), side - 1 - u64::from(row));
            let mut marked: Vec<Queen> = overlay.cells.iter().map(|&cell| square(cell)).collect();
            marked.sort_unstable();
            let mut lost_squares: Vec<Queen> = (0..side)
                .flat_map(|x| (0..side).map(move |y| (x, y)))
                .filter(|&queen| lost(queen))
                .collect();
            lost_squares.sort_unstable();
            assert_eq!(marked, lost_squares, "side {side}");
            // Each line runs from the corner; a square is crossed when the
            // line passes through its inside, in the board's own units.
            let crosses = |line: [u32; 4], (x, y): Queen| {
                let [x1, y1, x2, y2] = line.map(|v| f64::from(v) / 1000.0);
                let (x, y) = (x as f64, side as f64 - 1.0 - y as f64);
                (0..=1000).any(|i| {
                    let t = f64::from(i) / 1000.0;
                    let (px, py) = (x1 + t * (x2 - x1), y1 + t * (y2 - y1));
                    px > x && px < x + 1.0 && py > y && py < y + 1.0
                })
            };
            for &queen in marked.iter().filter(|&&q| q != (0, 0)) {
                assert!(
                    overlay.lines.iter().any(|&line| crosses(line, queen)),
                    "side {side}: no line crosses {queen:?}"
                );
            }
        }
    }

    #[test]
    fn a_lone_queen_far_out_is_decided_by_the_golden_ratio() {
        let mut game = Wythoff::default();
        // k = 10⁸: ⌊kφ⌋ = 161 803 398, ⌊kφ²⌋ = 261 803 398.
        let p = vec![(161_803_398, 261_803_398)];
        assert_eq!(game.outcome(&p), Ok(Outcome::Previous));
        assert_eq!(game.checked_nimber(&p), Ok(Nimber::ZERO));
        assert_eq!(
            game.outcome(&vec![(161_803_399, 261_803_398)]),
            Ok(Outcome::Next)
        );
        assert!(
            game.checked_nimber(&vec![(5_000, 7_000)])
                .unwrap_err()
                .too_large
        );
        assert_eq!(
            game.checked_nimber(&vec![(0, 123_456_789)]),
            Ok(Nimber(123_456_789))
        );
        assert_eq!(game.solve("1 2\n").unwrap(), "Second\n");
        assert_eq!(game.solve("3 5\n").unwrap(), "Second\n");
        assert_eq!(game.solve("2 2\n").unwrap(), "First\n");
    }

    #[test]
    fn far_queens_among_several_are_refused_where_they_stand() {
        let err = Wythoff::default().parse("1 2\n1001 3\n").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(1)));
        assert!(Wythoff::default().parse("1001 3\n").is_ok());
    }
}
