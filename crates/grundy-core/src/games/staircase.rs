//! Staircase Nim, Nim in disguise: coins on steps 1 … n; a move moves any
//! number of coins from one step down to the next (from step 1 to the
//! ground). The odd steps are Nim heaps; a move from an even step adds to
//! an odd one and can be undone by moving the same coins on down.

use crate::analysis::{Analysis, Board, Component, Edit, MoveInfo, Region};
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::heaps::{self, MAX_HEAPS};
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rng::Rng;

pub const MAX_COINS: u32 = 1_000_000;
/// The playground lists a move per coin.
pub const MAX_PLAYABLE_COINS: u32 = 100;

#[derive(Default)]
pub struct Staircase;

/// What the coins on step `step` (from 1) are worth: Nim on the odd steps only.
fn worth(step: usize, coins: u32) -> Nimber {
    Nimber(if step % 2 == 1 { coins } else { 0 })
}

impl Game for Staircase {
    /// The coins on steps 1, 2, …
    type Position = Vec<u32>;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "staircase",
            name: "Staircase Nim",
            summary: "Move coins down a staircase, one step at a time.",
            rules: "Coins stand on the steps of a staircase. A move takes any number of coins from one step down \
                    to the step below; from step 1 they leave for the ground. Whoever cannot move loses. It is Nim \
                    in disguise: the coins on the odd steps are the heaps, and a move from an even step can always \
                    be undone by moving the same coins on down.",
            format: "One line: the coins on steps 1, 2, … up to 64 steps of up to 1 000 000 coins (the \
                     playground draws up to 100).",
            lost: "2 5 2\n",
            bad: "2 x 1\n",
            samples: vec![
                Sample { name: "Four steps", input: "3 1 4 1\n" },
                Sample { name: "Five steps", input: "1 2 3 4 5\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Vec<u32>>, GameError> {
        Ok(vec![heaps::read_sizes(text, "step", MAX_HEAPS, MAX_COINS)?])
    }

    fn format(&self, sizes: &Vec<u32>) -> String {
        heaps::write_sizes(sizes)
    }

    /// The steps' coins in order, as words rather than text.
    fn write_key(&self, steps: &Vec<u32>, key: &mut KeyHasher) {
        for &coins in steps {
            key.write_u64(u64::from(coins));
        }
    }

    fn nimber(&mut self, steps: &Vec<u32>) -> Nimber {
        steps
            .iter()
            .enumerate()
            .map(|(i, &c)| worth(i + 1, c))
            .sum()
    }

    fn option_count(&mut self, steps: &Vec<u32>) -> u32 {
        steps.iter().sum()
    }

    fn analyse(&mut self, steps: &Vec<u32>) -> Analysis {
        let total = self.nimber(steps);
        let components = steps
            .iter()
            .enumerate()
            .map(|(i, &coins)| Component {
                id: i as u32,
                region: Region::Items {
                    items: vec![i as u32],
                },
                nimber: worth(i + 1, coins),
                label: format!("step {} ({coins})", i + 1),
                loopy: None,
            })
            .collect();
        let mut moves = Vec::new();
        for (i, &coins) in steps.iter().enumerate() {
            for leave in 0..coins {
                let moved = coins - leave;
                let below = if i == 0 {
                    "the ground".to_string()
                } else {
                    format!("step {i}")
                };
                // The move changes this step and the one below; the odd one of them carries its value.
                let (component, part) = match i {
                    _ if i % 2 == 0 => (i, leave),
                    _ => (i - 1, steps[i - 1] + moved),
                };
                let after = total
                    ^ worth(i + 1, coins)
                    ^ worth(i + 1, leave)
                    ^ if i > 0 {
                        worth(i, steps[i - 1]) ^ worth(i, steps[i - 1] + moved)
                    } else {
                        Nimber::ZERO
                    };
                moves.push(MoveInfo {
                    id: moves.len() as u32,
                    label: format!("move {moved} from step {} to {below}", i + 1),
                    component: component as u32,
                    anchor: Region::Cells {
                        cells: vec![[i as u32, leave]],
                    },
                    variant: None,
                    footprint: Region::Rect {
                        row: i as u32,
                        col: leave,
                        rows: 1,
                        cols: moved,
                    },
                    parts: vec![Nimber(part)],
                    after,
                    loopy: None,
                });
            }
        }
        let board = Board::Heaps {
            sizes: steps.clone(),
            rule: None,
            rule_field: None,
            max_heaps: MAX_HEAPS as u32,
            stairs: true,
        };
        Analysis::new(board, components, moves)
    }

    fn play(&mut self, steps: &Vec<u32>, move_id: u32) -> Result<Vec<u32>, GameError> {
        let mut left = move_id;
        for (i, &coins) in steps.iter().enumerate() {
            if left < coins {
                let mut next = steps.clone();
                next[i] = left;
                if i > 0 {
                    next[i - 1] += coins - left;
                }
                return Ok(next);
            }
            left -= coins;
        }
        Err(unknown_move(move_id))
    }

    fn edit(&mut self, sizes: &Vec<u32>, edit: &Edit) -> Result<Vec<u32>, GameError> {
        if let Some(edited) = heaps::edit_sizes(sizes, edit, "step", MAX_PLAYABLE_COINS) {
            return edited;
        }
        match *edit {
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let largest = 1 + (density.clamp(0.0, 1.0) * 9.0) as usize;
                Ok((0..4 + rng.below(3))
                    .map(|_| rng.below(largest + 1) as u32)
                    .collect())
            }
            _ => Err(unsupported_edit("Staircase Nim", edit)),
        }
    }

    fn check_playable(&mut self, steps: &Vec<u32>) -> Result<(), GameError> {
        heaps::check_drawn_sizes(
            steps,
            "step",
            "coins",
            MAX_PLAYABLE_COINS,
            "staircase",
            MAX_COINS,
        )
    }
}
