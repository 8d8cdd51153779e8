//! BoardEscape (TopCoder SRM 676, Division I, Level 2).
//!
//! Every token is a component worth g_n(cell), where n is its counter:
//! g_0 = 0, an exit is worth 0, and g_n(cell) is the mex of g_{n−1} over the
//! cell's open neighbours. The whole board's values g_n form a sequence of
//! states that is eventually periodic; the cycle is found exactly by
//! remembering every state, so any n up to 10⁹ costs one lookup.
//!
//! Text: `r c k`, then r rows of `.#ET`. After moves, tokens whose counter
//! is no longer k are listed on extra lines `row column counter` (1-based);
//! `T` marks a cell with one token still at k.

use crate::analysis::{
    Analysis, Board, Component, Edit, Fact, Heat, Legend, MoveInfo, Region, TileFill, TileInfo,
    Token,
};
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::{grid_rows, Scanner};
use crate::nimber::{MexSet, Nimber};
use crate::rng::Rng;
use std::collections::HashMap;

/// The contest allows 50; the playground draws up to 100.
pub const MAX_SIDE: usize = 100;
pub const MAX_K: u64 = 1_000_000_000;
/// The most tokens a position holds: a full board of `T`s at the largest
/// size. Tokens only ever leave, so play never reaches more.
pub const MAX_TOKENS: usize = MAX_SIDE * MAX_SIDE;
/// The most whole-board states kept while looking for the cycle.
const MAX_STORED_CELLS: usize = 64 << 20;
/// The most cell values an analysis carries for the heat map.
const MAX_HEAT_CELLS: usize = 1 << 20;

const WALL: u8 = b'#';
const EXIT: u8 = b'E';
const OPEN: u8 = b'.';

/// Up, down, left, right, with the names moves use.
const DIRECTIONS: [(isize, isize, &str); 4] = [
    (-1, 0, "up"),
    (1, 0, "down"),
    (0, -1, "left"),
    (0, 1, "right"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    rows: usize,
    cols: usize,
    k: u64,
    /// Row-major: `.`, `#` or `E` (a token's starting cell is open).
    cells: Vec<u8>,
    /// Tokens as (cell index, counter), sorted.
    tokens: Vec<(usize, u64)>,
}

/// The values g_n of every cell, for every n, through the detected cycle.
pub struct Values {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    /// g_0 … g_{pre+period−1}, each a whole board.
    states: Vec<Vec<u8>>,
    /// The first n that repeats, and the cycle length from there.
    pub pre_period: usize,
    pub period: usize,
}

impl Values {
    fn new(rows: usize, cols: usize, cells: Vec<u8>) -> Result<Values, GameError> {
        let neighbours: Vec<Vec<usize>> = (0..rows * cols)
            .map(|index| {
                if cells[index] != OPEN {
                    return Vec::new();
                }
                let (r, c) = ((index / cols) as isize, (index % cols) as isize);
                DIRECTIONS
                    .iter()
                    .filter_map(|&(dr, dc, _)| step(rows, cols, r, c, dr, dc))
                    .filter(|&n| cells[n] != WALL)
                    .collect()
            })
            .collect();
        let mut states = vec![vec![0u8; rows * cols]];
        let mut seen: HashMap<Vec<u8>, usize> = HashMap::from([(states[0].clone(), 0)]);
        loop {
            let last = states.last().expect("g_0 is always there");
            let next: Vec<u8> = neighbours
                .iter()
                .map(|list| {
                    if list.is_empty() {
                        return 0;
                    }
                    let set: MexSet = list.iter().map(|&n| Nimber(u32::from(last[n]))).collect();
                    set.mex().0 as u8
                })
                .collect();
            if let Some(&first) = seen.get(&next) {
                let period = states.len() - first;
                return Ok(Values {
                    rows,
                    cols,
                    cells,
                    states,
                    pre_period: first,
                    period,
                });
            }
            if (states.len() + 1) * rows * cols > MAX_STORED_CELLS {
                return Err(GameError::new(format!(
                    "no cycle found in the first {} values of this board",
                    states.len()
                )));
            }
            seen.insert(next.clone(), states.len());
            states.push(next);
        }
    }

    /// Which stored state holds g_n.
    fn state_for(&self, n: u64) -> &[u8] {
        let pre = self.pre_period as u64;
        let index = if n < pre {
            n
        } else {
            pre + (n - pre) % self.period as u64
        };
        &self.states[index as usize]
    }

    /// g_n of one cell; exits and walls are worth 0.
    pub fn value(&self, cell: usize, n: u64) -> Nimber {
        Nimber(u32::from(self.state_for(n)[cell]))
    }

    /// Every state through one cycle, when small enough to send whole.
    fn heat(&self) -> Option<Heat> {
        (self.states.len() * self.rows * self.cols <= MAX_HEAT_CELLS).then(|| Heat {
            pre_period: self.pre_period as u32,
            period: self.period as u32,
            states: self.states.clone(),
        })
    }
}

/// The neighbour of (r, c) one step along (dr, dc), if on the board.
fn step(rows: usize, cols: usize, r: isize, c: isize, dr: isize, dc: isize) -> Option<usize> {
    let (nr, nc) = (r + dr, c + dc);
    (nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols)
        .then(|| nr as usize * cols + nc as usize)
}

#[derive(Default)]
pub struct BoardEscape {
    values: Option<Values>,
}

impl BoardEscape {
    /// The values of a board, kept while the board's walls and exits stay.
    pub fn values(&mut self, position: &Position) -> Result<&Values, GameError> {
        let stale = match &self.values {
            Some(v) => {
                v.rows != position.rows || v.cols != position.cols || v.cells != position.cells
            }
            None => true,
        };
        if stale {
            self.values = Some(Values::new(
                position.rows,
                position.cols,
                position.cells.clone(),
            )?);
        }
        Ok(self.values.as_ref().expect("values were just computed"))
    }

    /// Every (token, direction) move, in the order they are numbered.
    fn moves(position: &Position) -> Vec<(usize, usize, usize)> {
        let mut list = Vec::new();
        for (token, &(cell, _)) in position.tokens.iter().enumerate() {
            let (r, c) = (
                (cell / position.cols) as isize,
                (cell % position.cols) as isize,
            );
            for (direction, &(dr, dc, _)) in DIRECTIONS.iter().enumerate() {
                if let Some(target) = step(position.rows, position.cols, r, c, dr, dc) {
                    if position.cells[target] != WALL {
                        list.push((token, direction, target));
                    }
                }
            }
        }
        list
    }
}

fn cell_name(position: &Position, cell: usize) -> String {
    format!(
        "row {}, column {}",
        cell / position.cols + 1,
        cell % position.cols + 1
    )
}

impl Game for BoardEscape {
    type Position = Position;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "board-escape",
            name: "BoardEscape",
            summary: "Move counting tokens around a board towards the exits.",
            rules: "Every token starts with the number k. A move takes one token one step up, down, left \
                    or right, never into a wall (#) or off the board. A token that lands on an exit (E) \
                    leaves the board; otherwise its number drops by one and it is removed at 0. Tokens may \
                    share cells. Whoever cannot move loses. Each token is its own component.",
            format: "A line r c k, then r lines of . (open), # (wall), E (exit) and T (a token). \
                     1 ≤ r, c ≤ 50 in the contest, 100 in the playground; 1 ≤ k ≤ 1 000 000 000. After \
                     moves, tokens whose number changed follow as lines: row column number (at most \
                     10 000 tokens in all).",
            lost: "2 2 3\nT.\n.E\n",
            bad: "2 2 0\nT.\n.E\n",
            samples: vec![
                Sample { name: "Three tokens, k = 3", input: "3 5 3\nT.#..\n..E..\nT.#.T\n" },
                Sample { name: "TE, k = 2", input: "1 2 2\nTE\n" },
                Sample { name: "Boxed in, k = 10⁶", input: "3 3 1000000\nE#E\n#T#\nE#E\n" },
                Sample { name: "Three tokens", input: "2 6 1\nT.T.T.\n.E.E.E\n" },
                Sample { name: "TTE, k = 6", input: "1 3 6\nTTE\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Position>, GameError> {
        let mut scanner = Scanner::new(text);
        let rows = scanner.number("r, the number of rows", 1, MAX_SIDE)?;
        let cols = scanner.number("c, the number of columns", 1, MAX_SIDE)?;
        let k = scanner.number("k, every token's starting number", 1, MAX_K)?;
        let grid = grid_rows(&mut scanner, rows, cols, ".#ET", "'.', '#', 'E' or 'T'")?;
        let mut cells = grid.concat();
        let mut tokens = Vec::new();
        for (index, tile) in cells.iter_mut().enumerate() {
            if *tile == b'T' {
                tokens.push((index, k));
                *tile = OPEN;
            }
        }
        while let Some(token) = scanner.peek() {
            if tokens.len() == MAX_TOKENS {
                return Err(token.error(format!(
                    "a board holds at most {MAX_TOKENS} tokens, counting its T cells"
                )));
            }
            let row = scanner.number("a token's row", 1, rows)?;
            let col = scanner.number("a token's column", 1, cols)?;
            let counter = scanner.number("a token's number", 1, MAX_K)?;
            let cell = (row - 1) * cols + col - 1;
            if cells[cell] != OPEN {
                return Err(
                    token.error("a token must stand on an open cell, not a wall or an exit")
                );
            }
            tokens.push((cell, counter));
        }
        crate::sort::sort(&mut tokens);
        Ok(vec![Position {
            rows,
            cols,
            k,
            cells,
            tokens,
        }])
    }

    fn format(&self, position: &Position) -> String {
        let mut tiles = position.cells.clone();
        let mut extra = Vec::new();
        for &(cell, counter) in &position.tokens {
            if counter == position.k && tiles[cell] == OPEN {
                tiles[cell] = b'T';
            } else {
                extra.push(format!(
                    "{} {} {counter}\n",
                    cell / position.cols + 1,
                    cell % position.cols + 1
                ));
            }
        }
        let mut out = format!("{} {} {}\n", position.rows, position.cols, position.k);
        for row in tiles.chunks(position.cols) {
            out.push_str(std::str::from_utf8(row).expect("tiles are ASCII"));
            out.push('\n');
        }
        out.extend(extra);
        out
    }

    fn answer(&mut self, position: &Position) -> Result<String, GameError> {
        let values = self.values(position)?;
        let total: Nimber = position
            .tokens
            .iter()
            .map(|&(cell, n)| values.value(cell, n))
            .sum();
        Ok(if total.is_zero() { "Bob" } else { "Alice" }.to_string())
    }

    fn analyse(&mut self, position: &Position) -> Analysis {
        let values = match self.values(position) {
            Ok(values) => values,
            Err(error) => {
                let mut empty = Analysis::new(board(position, None), Vec::new(), Vec::new());
                empty.facts.push(Fact {
                    label: "No analysis".to_string(),
                    value: error.message,
                    play: None,
                });
                return empty;
            }
        };
        let components: Vec<Component> = position
            .tokens
            .iter()
            .enumerate()
            .map(|(id, &(cell, n))| Component {
                id: id as u32,
                region: Region::cell(cell / position.cols, cell % position.cols),
                nimber: values.value(cell, n),
                label: format!("token at {} with {n}", cell_name(position, cell)),
                loopy: None,
            })
            .collect();
        let total: Nimber = components.iter().map(|c| c.nimber).sum();
        let moves = BoardEscape::moves(position)
            .into_iter()
            .enumerate()
            .map(|(id, (token, direction, target))| {
                let (cell, n) = position.tokens[token];
                let left = if position.cells[target] == EXIT {
                    Nimber::ZERO
                } else {
                    values.value(target, n - 1)
                };
                let name = DIRECTIONS[direction].2;
                let fate = if position.cells[target] == EXIT {
                    "escapes".to_string()
                } else if n == 1 {
                    "is removed".to_string()
                } else {
                    format!("has {}", n - 1)
                };
                MoveInfo {
                    id: id as u32,
                    label: format!(
                        "token at {} moves {name}: {fate}",
                        cell_name(position, cell)
                    ),
                    component: token as u32,
                    anchor: Region::cell(cell / position.cols, cell % position.cols),
                    variant: Some(name.to_string()),
                    footprint: Region::cell(target / position.cols, target % position.cols),
                    parts: vec![left],
                    after: total ^ components[token].nimber ^ left,
                    loopy: None,
                }
            })
            .collect();
        let mut analysis = Analysis::new(board(position, values.heat()), components, moves);
        analysis.facts = vec![
            Fact {
                label: "k".to_string(),
                value: position.k.to_string(),
                play: None,
            },
            Fact {
                label: "Values repeat from n =".to_string(),
                value: values.pre_period.to_string(),
                play: None,
            },
            Fact {
                label: "Period".to_string(),
                value: values.period.to_string(),
                play: None,
            },
        ];
        analysis
    }

    fn option_count(&mut self, position: &Position) -> u32 {
        BoardEscape::moves(position).len() as u32
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        let (token, _, target) = *BoardEscape::moves(position)
            .get(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        let mut next = position.clone();
        let (_, n) = next.tokens.remove(token);
        if position.cells[target] != EXIT && n > 1 {
            next.tokens.push((target, n - 1));
            crate::sort::sort(&mut next.tokens);
        }
        Ok(next)
    }

    fn edit(&mut self, position: &Position, edit: &Edit) -> Result<Position, GameError> {
        let (rows, cols) = (position.rows, position.cols);
        let mut next = position.clone();
        match edit {
            Edit::Paint { row, col, tile } => {
                let cell = painted_cell(*row, *col, rows, cols)?;
                next.tokens.retain(|&(at, _)| at != cell);
                match tile {
                    '.' | '#' | 'E' => next.cells[cell] = *tile as u8,
                    'T' => {
                        next.cells[cell] = OPEN;
                        next.tokens.push((cell, position.k));
                        crate::sort::sort(&mut next.tokens);
                    }
                    _ => {
                        return Err(GameError::new(format!(
                            "paint with '.', '#', 'E' or 'T', not '{tile}'"
                        )))
                    }
                }
            }
            Edit::Resize {
                rows: new_rows,
                cols: new_cols,
            } => {
                let (new_rows, new_cols) = new_grid_size(*new_rows, *new_cols, MAX_SIDE)?;
                let keep = |cell: usize| {
                    (cell / cols < new_rows && cell % cols < new_cols)
                        .then(|| (cell / cols) * new_cols + cell % cols)
                };
                next.cells = (0..new_rows * new_cols)
                    .map(|i| {
                        let (r, c) = (i / new_cols, i % new_cols);
                        if r < rows && c < cols {
                            position.cells[r * cols + c]
                        } else {
                            OPEN
                        }
                    })
                    .collect();
                next.tokens = position
                    .tokens
                    .iter()
                    .filter_map(|&(cell, n)| keep(cell).map(|at| (at, n)))
                    .collect();
                crate::sort::sort(&mut next.tokens);
                next.rows = new_rows;
                next.cols = new_cols;
            }
            Edit::SetNumber { name, value } if name == "k" => {
                let k = u64::try_from(*value)
                    .ok()
                    .filter(|k| (1..=MAX_K).contains(k))
                    .ok_or_else(|| {
                        GameError::new(format!(
                            "the starting number k must be a whole number from 1 to {MAX_K}"
                        ))
                    })?;
                next.tokens = position.tokens.iter().map(|&(cell, _)| (cell, k)).collect();
                next.k = k;
            }
            Edit::Random { seed, density } => {
                // `density` is the share of walls; a few exits and tokens join them.
                let mut rng = Rng::new(*seed);
                let density = density.clamp(0.0, 0.9);
                next.cells = (0..rows * cols)
                    .map(|_| match rng.unit() {
                        roll if roll < density => WALL,
                        roll if roll < density + 0.06 => EXIT,
                        _ => OPEN,
                    })
                    .collect();
                let open: Vec<usize> = (0..rows * cols)
                    .filter(|&i| next.cells[i] == OPEN)
                    .collect();
                let count = (open.len() / 12).clamp(usize::from(!open.is_empty()), 8);
                next.tokens = (0..count)
                    .map(|_| (open[rng.below(open.len())], position.k))
                    .collect();
                crate::sort::sort(&mut next.tokens);
            }
            _ => return Err(unsupported_edit("BoardEscape", edit)),
        }
        Ok(next)
    }
}

fn board(position: &Position, heat: Option<Heat>) -> Board {
    Board::Grid {
        rows: position.rows as u32,
        cols: position.cols as u32,
        tiles: position
            .cells
            .chunks(position.cols)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect(),
        tokens: position
            .tokens
            .iter()
            .map(|&(cell, n)| Token {
                row: (cell / position.cols) as u32,
                col: (cell % position.cols) as u32,
                label: n.to_string(),
            })
            .collect(),
        heat,
        overlay: None,
        legend: Legend {
            tiles: vec![
                TileInfo::new('.', "open", TileFill::Open),
                TileInfo::new('#', "wall", TileFill::Wall),
                TileInfo::new('E', "exit", TileFill::Exit).marked("⇲"),
                TileInfo::new('T', "token", TileFill::Open),
            ],
            palette: [".", "#", "E", "T"].map(String::from).to_vec(),
            numbers: vec!["k".into()],
            rotatable: false,
            variants: DIRECTIONS.map(|(_, _, name)| name.to_string()).to_vec(),
        },
    }
}
