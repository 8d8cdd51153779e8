//! Northcott's game, impartial form, Nim in disguise: each row of a board
//! holds two counters, and a move slides one of them towards the other
//! without jumping it. A row is a Nim heap of the squares between them.

use crate::analysis::{
    Analysis, Board, Component, Edit, Legend, MoveInfo, Region, TileFill, TileInfo,
};
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::input::Scanner;
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rng::Rng;

/// The most rows a board has.
pub const MAX_ROWS: usize = 64;
/// The widest row.
pub const MAX_WIDTH: u32 = 1_000_000;
/// The widest row the playground draws.
pub const MAX_PLAYABLE_WIDTH: u32 = 40;

/// One row: its width and the columns (from 1) of its two counters, `left < right`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub width: u32,
    pub left: u32,
    pub right: u32,
}

impl Row {
    /// The squares between the counters: the row's Nim heap.
    fn gap(self) -> u32 {
        self.right - self.left - 1
    }
}

#[derive(Default)]
pub struct Northcott;

impl Game for Northcott {
    type Position = Vec<Row>;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "northcott",
            name: "Northcott's game",
            summary: "Slide a counter towards the other one in its row.",
            rules: "Each row of the board holds two counters. A move slides one counter of one row any number of \
                    squares towards the other counter of its row, without jumping it. Whoever cannot move loses. \
                    It is Nim in disguise: a row is a heap of as many counters as there are squares between its \
                    two, and a move takes from it.",
            format: "One line per row: its width, then the columns (1 … width) of its two counters, left first: \
                     8 2 6. Up to 64 rows of up to 1 000 000 squares (the playground draws rows of up to 40).",
            lost: "6 1 4\n5 2 5\n",
            bad: "6 4 2\n",
            samples: vec![
                Sample { name: "Three rows", input: "8 2 6\n8 1 8\n8 3 5\n" },
                Sample { name: "A board of five", input: "10 1 10\n10 4 9\n10 2 5\n10 6 8\n10 3 7\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Vec<Row>>, GameError> {
        let mut scanner = Scanner::new(text);
        let mut rows = Vec::new();
        while !scanner.is_done() {
            let number = rows.len() + 1;
            if rows.len() == MAX_ROWS {
                let token = scanner.token("a row")?;
                return Err(token.error(format!("a board has at most {MAX_ROWS} rows")));
            }
            let width = scanner.number(format_args!("the width of row {number}"), 2, MAX_WIDTH)?;
            let left = scanner.number(format_args!("row {number}'s left counter"), 1, width - 1)?;
            let at = scanner.peek();
            let right = scanner.number(format_args!("row {number}'s right counter"), 1, width)?;
            if right <= left {
                let message = format!(
                    "row {number}'s right counter must stand right of its left one, at {left}"
                );
                return Err(at.map_or_else(
                    || GameError::new(message.clone()),
                    |token| token.error(message.clone()),
                ));
            }
            rows.push(Row { width, left, right });
        }
        if rows.is_empty() {
            return Err(GameError::at_line(
                1,
                "expected rows: a width and two columns on each line",
            ));
        }
        Ok(vec![rows])
    }

    fn format(&self, rows: &Vec<Row>) -> String {
        rows.iter()
            .map(|r| format!("{} {} {}\n", r.width, r.left, r.right))
            .collect()
    }

    fn nimber(&mut self, rows: &Vec<Row>) -> Nimber {
        rows.iter().map(|r| Nimber(r.gap())).sum()
    }

    /// The rows' widths and counters, as words rather than text.
    fn write_key(&self, rows: &Vec<Row>, key: &mut KeyHasher) {
        for row in rows {
            key.write_u64(u64::from(row.width) << 32 | u64::from(row.left));
            key.write_u64(u64::from(row.right));
        }
    }

    fn cheap_nimber(&mut self, rows: &Vec<Row>) -> Option<u32> {
        Some(self.nimber(rows).0)
    }

    /// A row's gap shrinks to `t` when its left counter moves to the
    /// square `t + 1` left of the right one, or its right counter to the
    /// square `t + 1` right of the left one: moves 2(gap − 1 − t) and
    /// 2t + 1 of the row.
    fn moves_changing_nimber(
        &mut self,
        rows: &Vec<Row>,
        change: u32,
        first: u32,
        out: &mut Vec<u32>,
    ) -> usize {
        let mut id = first;
        for row in rows {
            let gap = row.gap();
            let wanted = gap ^ change;
            if wanted < gap {
                let (by_left, by_right) = (2 * (gap - 1 - wanted), 2 * wanted + 1);
                out.extend([id + by_left.min(by_right), id + by_left.max(by_right)]);
            }
            id += 2 * gap;
        }
        rows.len()
    }

    fn option_count(&mut self, rows: &Vec<Row>) -> u32 {
        rows.iter().map(|r| 2 * r.gap()).sum()
    }

    fn analyse(&mut self, rows: &Vec<Row>) -> Analysis {
        let total = self.nimber(rows);
        let mut components = Vec::new();
        let mut moves = Vec::new();
        for (i, &row) in rows.iter().enumerate() {
            let r = i as u32;
            components.push(Component {
                id: r,
                region: Region::Rect {
                    row: r,
                    col: row.left - 1,
                    rows: 1,
                    cols: row.gap() + 2,
                },
                nimber: Nimber(row.gap()),
                label: format!("row {} (gap {})", i + 1, row.gap()),
                loopy: None,
            });
            // Each square between the counters, where either may land.
            for to in row.left + 1..row.right {
                for (side, from, gap) in [
                    ("left", row.left, row.right - to - 1),
                    ("right", row.right, to - row.left - 1),
                ] {
                    moves.push(MoveInfo {
                        id: moves.len() as u32,
                        label: format!(
                            "row {}: slide the {side} counter from {from} to {to}",
                            i + 1
                        ),
                        component: r,
                        anchor: Region::Cells {
                            cells: vec![[r, to - 1]],
                        },
                        variant: Some(side.to_string()),
                        footprint: Region::Cells {
                            cells: vec![[r, from - 1], [r, to - 1]],
                        },
                        parts: vec![Nimber(gap)],
                        after: total ^ Nimber(row.gap()) ^ Nimber(gap),
                        loopy: None,
                    });
                }
            }
        }
        let width = rows.iter().map(|r| r.width).max().unwrap_or(0);
        let tiles = rows
            .iter()
            .map(|r| {
                (1..=width)
                    .map(|c| match c {
                        _ if c > r.width => '#',
                        _ if c == r.left => 'L',
                        _ if c == r.right => 'R',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let legend = Legend {
            tiles: vec![
                TileInfo::new('.', "empty square", TileFill::Open),
                TileInfo::new('L', "left counter", TileFill::Occupied).marked("●"),
                TileInfo::new('R', "right counter", TileFill::Occupied).marked("●"),
                TileInfo::new('#', "off the board", TileFill::Wall),
            ],
            palette: Vec::new(),
            numbers: Vec::new(),
            rotatable: false,
            variants: vec!["left".to_string(), "right".to_string()],
        };
        let board = Board::Grid {
            rows: rows.len() as u32,
            cols: width,
            tiles,
            tokens: Vec::new(),
            heat: None,
            overlay: None,
            legend,
        };
        Analysis::new(board, components, moves)
    }

    fn play(&mut self, rows: &Vec<Row>, move_id: u32) -> Result<Vec<Row>, GameError> {
        let mut left_over = move_id;
        for (i, &row) in rows.iter().enumerate() {
            let count = 2 * row.gap();
            if left_over < count {
                let to = row.left + 1 + left_over / 2;
                let mut next = rows.clone();
                if left_over.is_multiple_of(2) {
                    next[i].left = to;
                } else {
                    next[i].right = to;
                }
                return Ok(next);
            }
            left_over -= count;
        }
        Err(unknown_move(move_id))
    }

    fn edit(&mut self, rows: &Vec<Row>, edit: &Edit) -> Result<Vec<Row>, GameError> {
        match *edit {
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let width = 6 + (density.clamp(0.0, 1.0) * 10.0) as u32;
                let random_row = |rng: &mut Rng| {
                    let left = 1 + rng.below(width as usize - 1) as u32;
                    let right = left + 1 + rng.below((width - left) as usize) as u32;
                    Row { width, left, right }
                };
                Ok((0..rows.len().clamp(3, 8))
                    .map(|_| random_row(&mut rng))
                    .collect())
            }
            _ => Err(unsupported_edit("Northcott's game", edit)),
        }
    }

    fn check_playable(&mut self, rows: &Vec<Row>) -> Result<(), GameError> {
        match rows.iter().position(|r| r.width > MAX_PLAYABLE_WIDTH) {
            Some(i) => Err(GameError::new(format!(
                "row {} is {} squares wide; the playground draws rows of up to {MAX_PLAYABLE_WIDTH} \
                 (`grundy solve northcott` takes up to {MAX_WIDTH})",
                i + 1,
                rows[i].width
            ))),
            None => Ok(()),
        }
    }
}
