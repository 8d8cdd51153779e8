//! Subtraction games: a move takes s counters from one heap, for s in a set S.

use crate::analysis::{Board, RuleField};
use crate::game::{GameInfo, Sample};
use crate::heap_game::{HeapFamily, HeapGame, Run};
use crate::heaps::MAX_HEAPS;
use crate::sequence::{Rule, SubtractionSet};

#[derive(Default)]
pub struct SubtractionFamily;

pub type Subtraction = HeapGame<SubtractionFamily>;

impl HeapFamily for SubtractionFamily {
    const RULE_LINE: bool = true;

    fn info() -> GameInfo {
        GameInfo {
            id: "subtraction",
            name: "Subtraction game",
            summary: "Heaps of counters; take a number in the set S from one heap.",
            rules: "A set S of positive whole numbers is fixed. A move takes s counters from one \
                    heap, for some s in S no larger than the heap. Whoever cannot move loses. A heap \
                    of n is worth G(n) = mex of G(n − s), and the values repeat with a period.",
            format: "Line 1: the members of S separated by commas (1,3,4; 1 to 32 members, each 1 \
                     to 1000). Line 2: the heap sizes. Up to 64 heaps of up to 1 048 576 counters \
                     (the playground draws heaps of up to 100).",
            lost: "1,3,4\n7\n",
            bad: "1,3,x\n7\n",
            samples: vec![
                Sample { name: "S = {1, 3, 4}", input: "1,3,4\n7 5\n" },
                Sample { name: "Take 1, 2 or 3", input: "1,2,3\n4 7 9\n" },
                Sample { name: "S = {2, 5, 6}", input: "2,5,6\n8 11 3\n" },
            ],
        }
    }

    fn parse_rule(line: &str) -> Result<Rule, (usize, String)> {
        SubtractionSet::parse(line).map(Rule::Subtraction)
    }

    fn runs(rule: &Rule, size: u32) -> Vec<Run> {
        let Rule::Subtraction(set) = rule else {
            return Vec::new();
        };
        set.members()
            .iter()
            .filter(|&&s| s <= size)
            .map(|&take| Run {
                take,
                lefts: size - take..size - take + 1,
            })
            .collect()
    }

    fn board(rule: &Rule, heaps: &[u32]) -> Board {
        let rule = rule.to_string();
        let members = rule.strip_prefix("S=").unwrap_or(&rule).to_string();
        Board::Heaps {
            sizes: heaps.to_vec(),
            rule_field: Some(RuleField {
                label: "Subtraction set S".into(),
                value: members,
                hint: "members separated by commas, each 1 to 1000".into(),
            }),
            rule: Some(rule),
            max_heaps: MAX_HEAPS as u32,
            stairs: false,
        }
    }

    fn label(noun: &str, heap: usize, _size: u32, take: u32, left: u32, _right: u32) -> String {
        format!("take {take} from {noun} {}, leaving {left}", heap + 1)
    }
}
