//! Chomp: a bite takes a square and every square below and right of it;
//! whoever must eat the poisoned top-left square loses. Every position
//! reachable from a bar is a staircase inside it, so the values of all
//! of them are tabled at once, indexed by the staircase's rank.

use crate::analysis::{
    Analysis, Board, Component, Edit, Fact, Legend, MoveInfo, Outcome, Region, TileFill, TileInfo,
};
use crate::game::{
    painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::Scanner;
use crate::key::KeyHasher;
use crate::nimber::{MexSet, Nimber};
use crate::rng::Rng;

/// The most rows, and squares in a row.
pub const MAX_SIDE: u32 = 24;
/// The most staircases the command line tables: every bar up to 12 × 12.
pub const CONTEST_STAIRCASES: u64 = 3_000_000;
/// The most the playground tables, while you wait: every bar up to 9 × 9.
pub const PLAYABLE_STAIRCASES: u64 = 50_000;

/// The row lengths from the top, non-increasing, each at least 1.
pub type Bar = Vec<u32>;

/// The values of every staircase inside a box of `rows` × `cols`.
struct Table {
    rows: usize,
    cols: usize,
    values: Vec<u16>,
    binomial: Vec<Vec<usize>>,
}

#[derive(Default)]
pub struct Chomp {
    table: Option<Table>,
}

/// n choose k, exactly, for n up to 2 × [`MAX_SIDE`].
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k.min(n - k)).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// How many staircases fit in a box of `rows` × `cols`: lattice paths.
pub fn staircases(rows: usize, cols: usize) -> u64 {
    choose((rows + cols) as u64, rows as u64)
}

/// Binomials for ranking: `binomial[n][k]`.
fn binomials(up_to: usize) -> Vec<Vec<usize>> {
    (0..=up_to)
        .map(|n| {
            (0..=up_to)
                .map(|k| choose(n as u64, k as u64) as usize)
                .collect()
        })
        .collect()
}

impl Table {
    /// Values every staircase in the box, smaller ones first: a bite only
    /// shortens rows, and the rank grows with every row's length, so each
    /// option's rank is below its position's.
    fn build(rows: usize, cols: usize) -> Table {
        let mut table = Table {
            rows,
            cols,
            values: Vec::with_capacity(staircases(rows, cols) as usize),
            binomial: binomials(rows + cols),
        };
        let mut lengths = vec![0; rows];
        // The lengths as a strictly increasing combination d_j = a_(rows−1−j) + j.
        let mut combination: Vec<usize> = (0..rows).collect();
        for rank in 0..table.values.capacity() {
            for (i, length) in lengths.iter_mut().enumerate() {
                *length = combination[rows - 1 - i] - (rows - 1 - i);
            }
            let mut reached = MexSet::new();
            for r in 0..rows {
                for c in (r == 0) as usize..lengths[r] {
                    let shortened = (r..rows).take_while(|&i| lengths[i] > c);
                    let after = shortened.fold(rank, |after, i| {
                        after - table.term(i, lengths[i]) + table.term(i, c)
                    });
                    reached.insert(Nimber(u32::from(table.values[after])));
                }
            }
            table.values.push(reached.mex().0 as u16);
            // The next combination in colex order.
            if let Some(j) = (0..rows).find(|&j| {
                combination[j] + 1 < combination.get(j + 1).copied().unwrap_or(rows + cols)
            }) {
                combination[j] += 1;
                for (k, slot) in combination.iter_mut().enumerate().take(j) {
                    *slot = k;
                }
            }
        }
        table
    }

    /// What row `i` from the top, `length` long, adds to a rank: the
    /// binomial (length + j) choose (j + 1), j its place from the bottom.
    fn term(&self, i: usize, length: usize) -> usize {
        self.binomial[length + self.rows - 1 - i][self.rows - i]
    }

    fn fits(&self, bar: &Bar) -> bool {
        bar.len() <= self.rows && bar[0] as usize <= self.cols
    }

    fn value(&self, bar: &Bar) -> Nimber {
        let rank: usize = (0..self.rows)
            .map(|i| self.term(i, bar.get(i).copied().unwrap_or(0) as usize))
            .sum();
        Nimber(u32::from(self.values[rank]))
    }
}

impl Chomp {
    /// The value of a bar whose box has at most `most` staircases.
    fn value_within(&mut self, bar: &Bar, most: u64) -> Option<Nimber> {
        if let Some(value) = l_shape_value(bar) {
            return Some(value);
        }
        let fits = self.table.as_ref().is_some_and(|t| t.fits(bar));
        if !fits {
            let (rows, cols) = (bar.len(), bar[0] as usize);
            if staircases(rows, cols) > most {
                return None;
            }
            self.table = Some(Table::build(rows, cols));
        }
        self.table.as_ref().map(|table| table.value(bar))
    }

    fn too_large(bar: &Bar) -> GameError {
        GameError::too_large(format!(
            "too large to solve exactly: a {} × {} bar holds {} staircases to search, more than {CONTEST_STAIRCASES}",
            bar.len(),
            bar[0],
            staircases(bar.len(), bar[0] as usize)
        ))
    }
}

/// The value of an L (one full row and one full column, the poison at
/// their corner), a pair of Nim heaps; of any other bar, none.
fn l_shape_value(bar: &Bar) -> Option<Nimber> {
    bar[1..]
        .iter()
        .all(|&length| length == 1)
        .then(|| Nimber(bar[0] - 1) ^ Nimber(bar.len() as u32 - 1))
}

/// Whether the bar is a rectangle of more than one square: the first
/// player wins it by strategy stealing.
fn stolen(bar: &Bar) -> bool {
    bar.iter().all(|&length| length == bar[0]) && bar.len() * bar[0] as usize > 1
}

/// The bar after a bite at (`row`, `col`).
fn bitten(bar: &Bar, row: usize, col: u32) -> Bar {
    bar.iter()
        .enumerate()
        .map(|(i, &length)| if i >= row { length.min(col) } else { length })
        .filter(|&length| length > 0)
        .collect()
}

/// Every square but the poison, row by row: the bites, in move order.
fn squares(bar: &Bar) -> impl Iterator<Item = (usize, u32)> + '_ {
    bar.iter()
        .enumerate()
        .flat_map(|(r, &length)| (0..length).map(move |c| (r, c)))
        .skip(1)
}

const STEALING: &str = "Suppose the second player could win. Then a reply to the first player's bite of the \
                        bottom-right square alone would win. But every square that reply could bite takes the \
                        bottom-right square with it, so the first player could have bitten it first and won. So \
                        the first player wins every rectangle, though the argument names no winning bite.";

impl Game for Chomp {
    type Position = Bar;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "chomp",
            name: "Chomp",
            summary: "Bite a square and everything below and right of it; the poisoned corner loses.",
            rules: "A chocolate bar whose top-left square is poisoned. A move picks a square that is not poisoned \
                    and eats it with every square below it and to its right. Whoever is left with only the \
                    poison loses. The first player wins every rectangle bigger than the poison alone, by \
                    strategy stealing, though no rule is known for the winning bite.",
            format: "One line: the row lengths from the top row down, non-increasing, each at least 1: 4 4 4 is \
                     a 3 × 4 bar, 4 2 1 a staircase. Up to 24 rows of 24 squares; the command line searches \
                     bars up to 12 × 12, the playground up to 9 × 9.",
            lost: "3 2\n",
            bad: "3 4\n",
            samples: vec![
                Sample { name: "2 × 2", input: "2 2\n" },
                Sample { name: "4 × 5", input: "5 5 5 5\n" },
                Sample { name: "A staircase", input: "6 5 3 3 1\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Bar>, GameError> {
        let mut scanner = Scanner::new(text);
        let mut bar: Bar = Vec::new();
        while !scanner.is_done() {
            let number = bar.len() + 1;
            if bar.len() == MAX_SIDE as usize {
                let token = scanner.token("a row")?;
                return Err(token.error(format!("a bar has at most {MAX_SIDE} rows")));
            }
            let above = bar.last().copied().unwrap_or(MAX_SIDE);
            let at = scanner.peek();
            let length: u32 =
                scanner.number(format_args!("the length of row {number}"), 1, MAX_SIDE)?;
            if length > above {
                let message = format!(
                    "row {number} has {length} squares, more than the {above} of the row above it: \
                     the lengths never grow going down"
                );
                return Err(at.map_or_else(
                    || GameError::new(message.clone()),
                    |t| t.error(message.clone()),
                ));
            }
            bar.push(length);
        }
        if bar.is_empty() {
            return Err(GameError::at_line(
                1,
                "expected the row lengths, top row first: 4 4 4",
            ));
        }
        Ok(vec![bar])
    }

    fn format(&self, bar: &Bar) -> String {
        let lengths: Vec<String> = bar.iter().map(u32::to_string).collect();
        format!("{}\n", lengths.join(" "))
    }

    /// The rows' lengths in order, as words rather than text.
    fn write_key(&self, bar: &Bar, key: &mut KeyHasher) {
        for &length in bar {
            key.write_u64(u64::from(length));
        }
    }

    fn nimber(&mut self, bar: &Bar) -> Nimber {
        self.value_within(bar, u64::MAX)
            .expect("an unbounded table is built")
    }

    fn checked_nimber(&mut self, bar: &Bar) -> Result<Nimber, GameError> {
        self.value_within(bar, CONTEST_STAIRCASES)
            .ok_or_else(|| Chomp::too_large(bar))
    }

    fn outcome(&mut self, bar: &Bar) -> Result<Outcome, GameError> {
        match self.value_within(bar, CONTEST_STAIRCASES) {
            Some(value) => Ok(Outcome::of(value)),
            None if stolen(bar) => Ok(Outcome::Next),
            None => Err(Chomp::too_large(bar)),
        }
    }

    fn option_count(&mut self, bar: &Bar) -> u32 {
        bar.iter().sum::<u32>() - 1
    }

    fn analyse(&mut self, bar: &Bar) -> Analysis {
        let total = self.nimber(bar);
        let (rows, cols) = (bar.len(), bar[0] as usize);
        let whole = Region::Cells {
            cells: squares(bar)
                .map(|(r, c)| [r as u32, c])
                .chain([[0, 0]])
                .collect(),
        };
        let components = vec![Component {
            id: 0,
            region: whole,
            nimber: total,
            label: format!("the bar of {} squares", bar.iter().sum::<u32>()),
            loopy: None,
        }];
        let moves = squares(bar)
            .enumerate()
            .map(|(id, (r, c))| {
                let after = self.nimber(&bitten(bar, r, c));
                let eaten = (r..rows).flat_map(|i| (c..bar[i]).map(move |j| [i as u32, j]));
                MoveInfo {
                    id: id as u32,
                    label: format!("bite row {}, column {}", r + 1, c + 1),
                    component: 0,
                    anchor: Region::cell(r, c as usize),
                    variant: None,
                    footprint: Region::Cells {
                        cells: eaten.collect(),
                    },
                    parts: vec![after],
                    after,
                    loopy: None,
                }
            })
            .collect();
        let tiles = (0..rows)
            .map(|r| {
                (0..cols as u32)
                    .map(|c| match (r, c) {
                        (0, 0) => 'P',
                        _ if c < bar[r] => 'o',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let board = Board::Grid {
            rows: rows as u32,
            cols: cols as u32,
            tiles,
            tokens: Vec::new(),
            heat: None,
            overlay: None,
            legend: legend(),
        };
        let mut analysis = Analysis::new(board, components, moves);
        if stolen(bar) {
            analysis.facts.push(Fact {
                label: "Strategy stealing".to_string(),
                value: STEALING.to_string(),
                play: Some(crate::analysis::Convention::Normal),
            });
        }
        analysis
    }

    fn play(&mut self, bar: &Bar, move_id: u32) -> Result<Bar, GameError> {
        let (r, c) = squares(bar)
            .nth(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        Ok(bitten(bar, r, c))
    }

    fn edit(&mut self, bar: &Bar, edit: &Edit) -> Result<Bar, GameError> {
        match *edit {
            Edit::Paint { row, col, tile } => {
                let cols = bar[0].max(col + 1).min(MAX_SIDE) as usize;
                let rows = bar.len().max(row as usize + 1).min(MAX_SIDE as usize);
                let cell = painted_cell(row, col, rows, cols)?;
                let (r, c) = (cell / cols, (cell % cols) as u32);
                match tile {
                    // Chocolate at (r, c) brings back every square above and left of it.
                    'o' => Ok((0..rows)
                        .map(|i| {
                            let length = bar.get(i).copied().unwrap_or(0);
                            if i <= r {
                                length.max(c + 1)
                            } else {
                                length
                            }
                        })
                        .filter(|&length| length > 0)
                        .collect()),
                    '.' if (r, c) == (0, 0) => Err(GameError::new("the poisoned square stays")),
                    '.' => Ok(bitten(bar, r, c)),
                    other => Err(GameError::new(format!(
                        "paint with 'o' (chocolate) or '.' (eaten), not '{other}'"
                    ))),
                }
            }
            Edit::Resize { rows, cols } => {
                if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
                    return Err(GameError::new(format!(
                        "a bar is 1 to {MAX_SIDE} squares on each side, not {rows}×{cols}"
                    )));
                }
                Ok(vec![cols; rows as usize])
            }
            Edit::Random { seed, .. } => {
                let mut rng = Rng::new(seed);
                let mut length = bar[0];
                Ok((0..bar.len())
                    .map(|_| {
                        length = 1 + rng.below(length as usize) as u32;
                        length
                    })
                    .collect())
            }
            _ => Err(unsupported_edit("Chomp", edit)),
        }
    }

    fn check_playable(&mut self, bar: &Bar) -> Result<(), GameError> {
        let count = staircases(bar.len(), bar[0] as usize);
        if count > PLAYABLE_STAIRCASES && l_shape_value(bar).is_none() {
            return Err(GameError::too_large(format!(
                "a {} × {} bar holds {count} staircases, past the {PLAYABLE_STAIRCASES} the playground \
                 searches while you wait (every bar up to 9 × 9); `grundy outcome chomp` takes up to 12 × 12",
                bar.len(),
                bar[0]
            )));
        }
        Ok(())
    }
}

fn legend() -> Legend {
    Legend {
        tiles: vec![
            TileInfo::new('P', "poisoned square", TileFill::Hot).marked("☠"),
            TileInfo::new('o', "chocolate", TileFill::Occupied),
            TileInfo::new('.', "eaten", TileFill::Open),
        ],
        palette: vec!["o".into(), ".".into()],
        numbers: Vec::new(),
        rotatable: false,
        variants: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value by the definition, memoised on the row lengths.
    fn by_definition(bar: &Bar, memo: &mut std::collections::HashMap<Bar, Nimber>) -> Nimber {
        if let Some(&value) = memo.get(bar) {
            return value;
        }
        let value = crate::nimber::mex(
            squares(bar)
                .map(|(r, c)| by_definition(&bitten(bar, r, c), memo))
                .collect::<Vec<_>>(),
        );
        memo.insert(bar.clone(), value);
        value
    }

    #[test]
    fn the_table_agrees_with_the_definition_on_every_staircase_of_a_box() {
        let mut memo = std::collections::HashMap::new();
        let mut chomp = Chomp::default();
        let mut rng = Rng::new(7);
        for _ in 0..400 {
            let rows = 1 + rng.below(6);
            let mut length = 1 + rng.below(6) as u32;
            let bar: Bar = (0..rows)
                .map(|_| {
                    length = 1 + rng.below(length as usize) as u32;
                    length
                })
                .collect();
            assert_eq!(
                chomp.nimber(&bar),
                by_definition(&bar, &mut memo),
                "{bar:?}"
            );
        }
    }

    #[test]
    fn samples_and_known_positions() {
        let mut chomp = Chomp::default();
        assert_eq!(chomp.solve("2 2\n").unwrap(), "First\n");
        assert_eq!(chomp.solve("1\n").unwrap(), "Second\n");
        // Two rows are lost exactly when the top one is one longer.
        for (a, b) in [(3, 2), (7, 6), (5, 3), (4, 4)] {
            let lost = chomp.nimber(&vec![a, b]).is_zero();
            assert_eq!(lost, a == b + 1, "{a} {b}");
        }
        // A 24 × 24 bar is past every budget, but strategy stealing decides it.
        let big = vec![24; 24];
        assert_eq!(chomp.outcome(&big), Ok(Outcome::Next));
        assert!(chomp.checked_nimber(&big).unwrap_err().too_large);
        let nearly = [vec![24; 12], vec![23]].concat();
        assert!(chomp.outcome(&nearly).unwrap_err().too_large);
        assert_eq!(
            chomp.checked_nimber(&[vec![24], vec![1; 23]].concat()),
            Ok(Nimber(0))
        );
    }

    #[test]
    fn rising_rows_are_refused_where_they_rise() {
        let err = Chomp::default().parse("3 4\n").unwrap_err();
        assert_eq!((err.line, err.column), (Some(1), Some(3)));
    }
}
