//! Grundy's game: a move splits one heap into two non-empty heaps of
//! different sizes. No period is known; values are computed as needed.

use crate::analysis::Board;
use crate::game::{GameInfo, Sample};
use crate::heap_game::{HeapFamily, HeapGame, Run};
use crate::heaps::MAX_HEAPS;
use crate::sequence::Rule;

#[derive(Default)]
pub struct GrundyFamily;

pub type GrundyGame = HeapGame<GrundyFamily>;

impl HeapFamily for GrundyFamily {
    const RULE_LINE: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "grundy-game",
            name: "Grundy's game",
            summary: "Split one heap into two unequal heaps.",
            rules:
                "A move splits one heap into two non-empty heaps of different sizes, so heaps of \
                    1 and 2 can never be split. Whoever cannot move loses. No period of its values \
                    is known: they have been computed to the billions without one appearing.",
            format:
                "One line of heap sizes separated by spaces. Up to 64 heaps of up to 1 048 576 \
                     counters (the playground draws heaps of up to 100).",
            lost: "7\n",
            bad: "7 -1\n",
            samples: vec![
                Sample {
                    name: "6 9 13",
                    input: "6 9 13\n",
                },
                Sample {
                    name: "A heap of 7",
                    input: "7\n",
                },
                Sample {
                    name: "Ten to twenty",
                    input: "10 15 20\n",
                },
            ],
        }
    }

    fn parse_rule(_line: &str) -> Result<Rule, (usize, String)> {
        Ok(Rule::Grundy)
    }

    fn runs(_rule: &Rule, size: u32) -> Vec<Run> {
        // Every split but the equal one: 1 … size − 1 before it, around size / 2.
        let half = size / 2;
        let (below, above) = if size.is_multiple_of(2) {
            (half, half + 1)
        } else {
            (half + 1, half + 1)
        };
        [1..below.max(1), above..size.max(above)]
            .into_iter()
            .filter(|lefts| !lefts.is_empty())
            .map(|lefts| Run { take: 0, lefts })
            .collect()
    }

    fn board(rule: &Rule, heaps: &[u32]) -> Board {
        Board::Heaps {
            sizes: heaps.to_vec(),
            rule: Some(rule.to_string()),
            rule_field: None,
            max_heaps: MAX_HEAPS as u32,
            stairs: false,
        }
    }

    fn label(noun: &str, heap: usize, size: u32, _take: u32, left: u32, right: u32) -> String {
        format!("split {noun} {} ({size}) into {left} and {right}", heap + 1)
    }
}
