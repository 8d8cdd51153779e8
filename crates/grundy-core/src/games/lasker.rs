//! Lasker's Nim, Nim in disguise: a move takes any number of counters from
//! one heap, or splits one heap into two non-empty heaps without taking.
//! Its values differ from Nim's only in swapping 4k + 3 and 4k + 4.

use crate::analysis::{Analysis, Board, Edit, MoveInfo, Region};
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::heaps::{self, heap_components, MAX_HEAPS};
use crate::key::KeyHasher;
use crate::nimber::Nimber;

pub const MAX_COUNTERS: u32 = 1_000_000;
/// The most heaps a position holds: splits add heaps, so more than the 64 a
/// person starts with, and more than the playground's splits can make.
pub const MAX_SPLIT_HEAPS: usize = 10_000;
/// The playground lists every take and split: about 1.5 moves a counter.
pub const MAX_PLAYABLE_COUNTERS: u32 = 100;
/// The most counters in all the playground plays with, so that splitting
/// them all stays within [`MAX_SPLIT_HEAPS`].
pub const MAX_PLAYABLE_TOTAL: u32 = 6400;

#[derive(Default)]
pub struct Lasker;

/// G(n): n, except that 4k + 3 and 4k + 4 trade places.
pub fn value(n: u32) -> u32 {
    match n % 4 {
        3 => n + 1,
        0 if n > 0 => n - 1,
        _ => n,
    }
}

/// How many moves a heap of `size` has: `size` takes and `size / 2` splits.
fn move_count(size: u32) -> u32 {
    size + size / 2
}

/// The heaps a move on a heap of `size` leaves, in the analysis's order:
/// every take (leaving `size − 1` … 0), then every split, smaller heap first.
fn options(size: u32) -> impl Iterator<Item = (u32, u32)> {
    (0..size)
        .rev()
        .map(|left| (left, 0))
        .chain((1..=size / 2).map(move |small| (small, size - small)))
}

impl Game for Lasker {
    type Position = Vec<u32>;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "lasker",
            name: "Lasker's Nim",
            summary: "Take from a heap, or split it in two.",
            rules: "A move either takes any number of counters from one heap, or splits one heap into two \
                    non-empty heaps without taking any. Whoever cannot move loses. It is Nim in disguise: a heap \
                    of n is worth *n, except that heaps of 4k + 3 and 4k + 4 swap values.",
            format: "One line of heap sizes separated by spaces. Up to 10 000 heaps of up to 1 000 000 counters \
                     (the playground draws heaps of up to 100, and 6400 counters in all).",
            lost: "1 3 5\n",
            bad: "3 x\n",
            samples: vec![
                Sample { name: "3 4 5", input: "3 4 5\n" },
                Sample { name: "A heap of 7", input: "7\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Vec<u32>>, GameError> {
        Ok(vec![heaps::read_sizes(
            text,
            "heap",
            MAX_SPLIT_HEAPS,
            MAX_COUNTERS,
        )?])
    }

    fn format(&self, sizes: &Vec<u32>) -> String {
        heaps::write_sizes(sizes)
    }

    fn nimber(&mut self, heaps: &Vec<u32>) -> Nimber {
        heaps.iter().map(|&h| Nimber(value(h))).sum()
    }

    fn option_count(&mut self, heaps: &Vec<u32>) -> u32 {
        let count: u64 = heaps.iter().map(|&h| u64::from(move_count(h))).sum();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    fn canonical(&self, heaps: &Vec<u32>) -> String {
        self.format(&heaps::sorted_heaps(heaps))
    }

    fn write_key(&self, heaps: &Vec<u32>, key: &mut KeyHasher) {
        heaps::write_key(heaps, key);
    }

    fn analyse(&mut self, heaps: &Vec<u32>) -> Analysis {
        let values: Vec<Nimber> = heaps.iter().map(|&h| Nimber(value(h))).collect();
        let total: Nimber = values.iter().copied().sum();
        let mut moves = Vec::new();
        for (index, &size) in heaps.iter().enumerate() {
            for (left, right) in options(size) {
                let parts: Vec<Nimber> = [left, right]
                    .into_iter()
                    .filter(|&h| h > 0)
                    .map(|h| Nimber(value(h)))
                    .collect();
                let (label, footprint) = if right == 0 {
                    let taken = size - left;
                    (
                        format!("take {taken} from heap {}, leaving {left}", index + 1),
                        Region::Rect {
                            row: index as u32,
                            col: left,
                            rows: 1,
                            cols: taken,
                        },
                    )
                } else {
                    (
                        format!("split heap {} ({size}) into {left} and {right}", index + 1),
                        Region::Rect {
                            row: index as u32,
                            col: left,
                            rows: 1,
                            cols: right,
                        },
                    )
                };
                moves.push(MoveInfo {
                    id: moves.len() as u32,
                    label,
                    component: index as u32,
                    anchor: Region::Cells {
                        cells: vec![[index as u32, left]],
                    },
                    variant: Some(if right == 0 { "take" } else { "split" }.to_string()),
                    footprint,
                    after: total ^ values[index] ^ parts.iter().copied().sum(),
                    parts,
                    loopy: None,
                });
            }
        }
        let board = Board::Heaps {
            sizes: heaps.clone(),
            rule: None,
            rule_field: None,
            max_heaps: MAX_HEAPS as u32,
            stairs: false,
        };
        Analysis::new(board, heap_components(heaps, &values, "heap"), moves)
    }

    fn play(&mut self, heaps: &Vec<u32>, move_id: u32) -> Result<Vec<u32>, GameError> {
        let mut left_over = move_id;
        for (index, &size) in heaps.iter().enumerate() {
            let count = move_count(size);
            if left_over < count {
                let (left, right) = options(size)
                    .nth(left_over as usize)
                    .ok_or_else(|| unknown_move(move_id))?;
                let mut next = heaps.clone();
                next[index] = left;
                if right > 0 {
                    next.insert(index + 1, right);
                }
                return Ok(next);
            }
            left_over -= count;
        }
        Err(unknown_move(move_id))
    }

    fn edit(&mut self, sizes: &Vec<u32>, edit: &Edit) -> Result<Vec<u32>, GameError> {
        if let Some(edited) = heaps::edit_sizes(sizes, edit, "heap", MAX_PLAYABLE_COUNTERS) {
            return edited;
        }
        match *edit {
            Edit::Random { seed, density } => Ok(heaps::random_heaps(seed, density)),
            _ => Err(unsupported_edit("Lasker's Nim", edit)),
        }
    }

    fn check_playable(&mut self, heaps: &Vec<u32>) -> Result<(), GameError> {
        heaps::check_drawn_sizes(
            heaps,
            "heap",
            "counters",
            MAX_PLAYABLE_COUNTERS,
            "lasker",
            MAX_COUNTERS,
        )?;
        let total: u32 = heaps.iter().sum();
        if total > MAX_PLAYABLE_TOTAL {
            return Err(GameError::new(format!(
                "the heaps hold {total} counters; the playground plays with up to {MAX_PLAYABLE_TOTAL} in all"
            )));
        }
        Ok(())
    }
}
