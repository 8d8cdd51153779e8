//! Coin-turning games on a row (Winning Ways ch. 14, Ferguson part I §5):
//! a move turns over some coins, the rightmost of which goes from heads to
//! tails. By the coin-turning theorem each heads coin is a game of its own,
//! worth what the rule gives its place, and a row is worth their ⊕.

use crate::analysis::{Analysis, Board, Component, Edit, Fact, MoveInfo, Region};
use crate::coin_tiles;
use crate::game::{
    new_grid_size, painted_cell, unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample,
};
use crate::input::{lines, BYTE_ORDER_MARK};
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rng::Rng;

/// The most coins a row holds.
pub const MAX_COINS: usize = 10_000;
/// The playground lists every turning, up to a few thousand a coin.
pub const MAX_PLAYABLE_COINS: usize = 40;

/// Which coins a move may turn, besides the heads coin it turns to tails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoinRule {
    /// One or two coins: a heads coin at n is worth n.
    Turtles,
    /// One, two or three coins: worth the n-th odious number.
    MockTurtles,
    /// Any run of neighbouring coins ending at the chosen one: worth the largest power of 2 dividing n.
    Ruler,
    /// Exactly two coins: worth n − 1.
    Twins,
}

const RULES: [(&str, CoinRule); 4] = [
    ("turtles", CoinRule::Turtles),
    ("mock-turtles", CoinRule::MockTurtles),
    ("ruler", CoinRule::Ruler),
    ("twins", CoinRule::Twins),
];

impl CoinRule {
    fn name(self) -> &'static str {
        RULES
            .iter()
            .find(|(_, rule)| *rule == self)
            .map_or("", |(name, _)| name)
    }

    /// What a heads coin at `n` (from 1) is worth alone.
    pub fn value(self, n: u32) -> u32 {
        match self {
            CoinRule::Turtles => n,
            // The odious numbers, those with an odd number of 1 bits, in order.
            CoinRule::MockTurtles => {
                2 * (n - 1) + u32::from((n - 1).count_ones().is_multiple_of(2))
            }
            CoinRule::Ruler => n & n.wrapping_neg(),
            CoinRule::Twins => n - 1,
        }
    }

    /// How many moves a heads coin at `n` has, without listing them: a
    /// search counts them on rows whose lists would not fit in memory.
    fn turning_count(self, n: u32) -> u64 {
        let others = u64::from(n - 1);
        match self {
            CoinRule::Turtles | CoinRule::Ruler => others + 1,
            CoinRule::MockTurtles => 1 + others + others * others.saturating_sub(1) / 2,
            CoinRule::Twins => others,
        }
    }

    /// The other coins (from 1, each below `n`) each move at `n` also turns.
    fn turnings(self, n: u32) -> Vec<Vec<u32>> {
        match self {
            CoinRule::Turtles => std::iter::once(vec![])
                .chain((1..n).rev().map(|m| vec![m]))
                .collect(),
            CoinRule::MockTurtles => {
                let mut turnings = vec![vec![]];
                for m in (1..n).rev() {
                    turnings.push(vec![m]);
                    turnings.extend((1..m).rev().map(|l| vec![m, l]));
                }
                turnings
            }
            CoinRule::Ruler => (0..n)
                .map(|length| (n - length..n).rev().collect())
                .collect(),
            CoinRule::Twins => (1..n).rev().map(|m| vec![m]).collect(),
        }
    }
}

/// A rule and a row of coins, `true` for heads, coin 1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub rule: CoinRule,
    pub heads: Vec<bool>,
}

#[derive(Default)]
pub struct Coins;

impl Game for Coins {
    type Position = Row;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "coins",
            name: "Coin turning",
            summary: "Turn over coins; the rightmost one turned must go from heads to tails.",
            rules: "A row of coins, numbered from 1 on the left. A move turns over coins as the rule says, and the \
                    rightmost coin turned must go from heads to tails. Whoever cannot move loses. Each heads coin \
                    is a game of its own: in Turning Turtles (turn one or two coins) a heads coin at n is worth \
                    *n, in Mock Turtles (one, two or three) the n-th odious number, in Ruler (a run of coins \
                    ending at the chosen one) the largest power of 2 dividing n, in Twins (exactly two) n − 1.",
            format: "Line 1: the rule, turtles, mock-turtles, ruler or twins. Line 2: the row as H (heads) and T \
                     (tails), up to 10 000 coins (the playground draws up to 40).",
            lost: "turtles\nHHHTT\n",
            bad: "turtles\nTHX\n",
            samples: vec![
                Sample { name: "Turning Turtles", input: "turtles\nTHTH\n" },
                Sample { name: "Mock Turtles", input: "mock-turtles\nHTHHTTH\n" },
                Sample { name: "Ruler", input: "ruler\nTHHTHTTH\n" },
                Sample { name: "Twins", input: "twins\nTHHTH\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Row>, GameError> {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        let mut lines = lines(text)
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty());
        let (at, line) = lines.next().ok_or_else(|| {
            GameError::at_line(
                1,
                "expected the rule: turtles, mock-turtles, ruler or twins",
            )
        })?;
        let word = line.trim();
        let rule = RULES
            .iter()
            .find(|(name, _)| *name == word)
            .map(|&(_, rule)| rule)
            .ok_or_else(|| {
                GameError::at(
                    at + 1,
                    line.len() - line.trim_start().len() + 1,
                    format!(
                        "the rule is turtles, mock-turtles, ruler or twins, not '{}'",
                        crate::input::shorten(&crate::input::escaped(word))
                    ),
                )
            })?;
        let (at, line) = lines
            .next()
            .ok_or_else(|| GameError::at_line(at + 2, "expected the row of coins, as H and T"))?;
        let indent = line.len() - line.trim_start().len();
        let row = line.trim();
        let mut heads = Vec::with_capacity(row.len().min(MAX_COINS));
        for (offset, ch) in row.chars().enumerate() {
            match ch {
                'H' | 'T' if heads.len() < MAX_COINS => heads.push(ch == 'H'),
                'H' | 'T' => {
                    return Err(GameError::at(
                        at + 1,
                        indent + offset + 1,
                        format!("a row holds at most {MAX_COINS} coins"),
                    ))
                }
                _ => {
                    return Err(GameError::at(
                        at + 1,
                        indent + offset + 1,
                        format!(
                            "'{}' is not a coin; use H (heads) or T (tails)",
                            ch.escape_debug()
                        ),
                    ))
                }
            }
        }
        if let Some((more, _)) = lines.next() {
            return Err(GameError::at_line(
                more + 1,
                "the input ends after the row of coins",
            ));
        }
        Ok(vec![Row { rule, heads }])
    }

    fn format(&self, row: &Row) -> String {
        let coins: String = row.heads.iter().map(|&h| coin_tiles::letter(h)).collect();
        format!("{}\n{coins}\n", row.rule.name())
    }

    /// Where the heads are, as words rather than text; a search never
    /// changes the row's rule or length.
    fn write_key(&self, row: &Row, key: &mut KeyHasher) {
        for coin in heads_at(row) {
            key.write_u64(u64::from(coin));
        }
    }

    fn nimber(&mut self, row: &Row) -> Nimber {
        heads_at(row).map(|n| Nimber(row.rule.value(n))).sum()
    }

    fn option_count(&mut self, row: &Row) -> u32 {
        let count: u64 = heads_at(row).map(|n| row.rule.turning_count(n)).sum();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    fn analyse(&mut self, row: &Row) -> Analysis {
        let rule = row.rule;
        let total = self.nimber(row);
        let mut components = Vec::new();
        let mut moves = Vec::new();
        for n in heads_at(row) {
            let component = components.len() as u32;
            let value = Nimber(rule.value(n));
            components.push(Component {
                id: component,
                region: cell(n),
                nimber: value,
                label: format!("coin {n}"),
                loopy: None,
            });
            for others in rule.turnings(n) {
                let parts: Vec<Nimber> = others.iter().map(|&m| Nimber(rule.value(m))).collect();
                let turned: Vec<String> = others
                    .iter()
                    .rev()
                    .chain([&n])
                    .map(u32::to_string)
                    .collect();
                let label = match turned.len() {
                    1 => format!("turn coin {n}"),
                    _ => format!("turn coins {}", turned.join(", ")),
                };
                moves.push(MoveInfo {
                    id: moves.len() as u32,
                    label,
                    component,
                    anchor: cell(n),
                    variant: None,
                    footprint: Region::Cells {
                        cells: others
                            .iter()
                            .rev()
                            .chain([&n])
                            .map(|&m| [0, m - 1])
                            .collect(),
                    },
                    after: total ^ value ^ parts.iter().copied().sum(),
                    parts,
                    loopy: None,
                });
            }
        }
        let tiles = vec![row.heads.iter().map(|&h| coin_tiles::letter(h)).collect()];
        let board = Board::Grid {
            rows: 1,
            cols: row.heads.len() as u32,
            tiles,
            tokens: Vec::new(),
            heat: None,
            overlay: None,
            legend: coin_tiles::legend(),
        };
        let mut analysis = Analysis::new(board, components, moves);
        // The rule's table of values, its heads in brackets: the sequence a class learns to read.
        let table: Vec<String> = (1..=row.heads.len() as u32)
            .map(|n| match row.heads[n as usize - 1] {
                true => format!("[{n}: *{}]", rule.value(n)),
                false => format!("{n}: *{}", rule.value(n)),
            })
            .collect();
        analysis.facts.push(Fact {
            label: "A heads coin is worth, by place".to_string(),
            value: table.join(" "),
            play: None,
        });
        analysis
    }

    fn play(&mut self, row: &Row, move_id: u32) -> Result<Row, GameError> {
        let mut left = u64::from(move_id);
        for n in heads_at(row) {
            let count = row.rule.turning_count(n);
            if left < count {
                // Only the chosen coin's turnings are listed.
                let others = &row.rule.turnings(n)[left as usize];
                let mut next = row.clone();
                for &m in others.iter().chain([&n]) {
                    next.heads[m as usize - 1] ^= true;
                }
                return Ok(next);
            }
            left -= count;
        }
        Err(unknown_move(move_id))
    }

    fn edit(&mut self, row: &Row, edit: &Edit) -> Result<Row, GameError> {
        let mut next = row.clone();
        match *edit {
            Edit::Paint {
                row: r,
                col,
                ref tile,
            } => {
                let index = painted_cell(r, col, 1, row.heads.len())?;
                next.heads[index] = coin_tiles::painted(*tile)?;
            }
            Edit::Resize { rows, cols } => {
                if rows != 1 {
                    return Err(GameError::new("the coins stand in one row"));
                }
                let (_, cols) = new_grid_size(1, cols, MAX_PLAYABLE_COINS)?;
                next.heads.resize(cols, false);
            }
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let heads = density.clamp(0.0, 1.0);
                next.heads = (0..row.heads.len().max(8))
                    .map(|_| (rng.below(1000) as f64) < heads * 1000.0)
                    .collect();
            }
            Edit::SetRule { ref rule } => {
                next.rule = RULES
                    .iter()
                    .find(|(name, _)| name == rule)
                    .map(|&(_, r)| r)
                    .ok_or_else(|| {
                        GameError::new("the rule is turtles, mock-turtles, ruler or twins")
                    })?;
            }
            _ => return Err(unsupported_edit("a row of coins", edit)),
        }
        Ok(next)
    }

    fn check_playable(&mut self, row: &Row) -> Result<(), GameError> {
        if row.heads.len() > MAX_PLAYABLE_COINS {
            return Err(GameError::new(format!(
                "the row has {} coins; the playground draws up to {MAX_PLAYABLE_COINS} (`grundy solve coins` takes up to {MAX_COINS})",
                row.heads.len()
            )));
        }
        Ok(())
    }
}

/// The places (from 1) of the heads coins, left to right.
fn heads_at(row: &Row) -> impl Iterator<Item = u32> + '_ {
    row.heads
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h)
        .map(|(i, _)| i as u32 + 1)
}

/// The cell of coin `n` (from 1) on the board's one row.
fn cell(n: u32) -> Region {
    Region::Cells {
        cells: vec![[0, n - 1]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_is_worth_two_xor_four() {
        assert_eq!(Coins.solve("turtles\nTHTH\n").unwrap(), "First\n");
        let row = &Coins.parse("turtles\nTHTH\n").unwrap()[0];
        assert_eq!(Coins.nimber(row), Nimber(6));
    }

    #[test]
    fn each_rule_values_its_coins_as_the_books_do() {
        let values = |rule: CoinRule| (1..=12).map(|n| rule.value(n)).collect::<Vec<_>>();
        assert_eq!(
            values(CoinRule::MockTurtles),
            [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
        );
        assert_eq!(
            values(CoinRule::Ruler),
            [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
        );
        assert_eq!(
            values(CoinRule::Twins),
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
        );
    }

    #[test]
    fn bad_rows_are_located() {
        let err = Coins.parse("turtles\nTHX\n").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(3)));
        let err = Coins.parse("turtle\nTH\n").unwrap_err();
        assert_eq!((err.line, err.column), (Some(1), Some(1)));
        assert!(
            err.message
                .contains("turtles, mock-turtles, ruler or twins"),
            "{}",
            err.message
        );
        assert!(Coins.parse("ruler\n").is_err());
        assert!(Coins
            .parse(&format!("ruler\n{}\n", "H".repeat(MAX_COINS + 1)))
            .is_err());
    }
}
