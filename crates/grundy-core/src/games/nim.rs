//! Nim: heaps of counters; a move takes any positive number from one heap.
//! A heap of n counters has nimber n.

use crate::analysis::{Analysis, Board, Edit, MisereReport, MoveInfo, Region};
use crate::budget::SearchBudget;
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::heaps::{self, heap_components, sorted_heaps, MAX_HEAPS};
use crate::key::KeyHasher;
use crate::nimber::Nimber;

pub const MAX_COUNTERS: u32 = 1_000_000;
/// The playground lists every move, one per counter, so it draws smaller heaps.
pub const MAX_PLAYABLE_COUNTERS: u32 = 100;

#[derive(Default)]
pub struct Nim;

/// Heap sizes, in order.
pub type Heaps = Vec<u32>;

impl Game for Nim {
    type Position = Heaps;
    const CASE_PREFIX: bool = false;
    /// A move is found by counting each heap's moves.
    const WORK_PER_MOVE_LISTED: usize = 0;

    fn info() -> GameInfo {
        GameInfo {
            id: "nim",
            name: "Nim",
            summary: "Heaps of counters; take any number from one heap.",
            rules: "Players take turns. A move removes one or more counters from a single heap. \
                    Whoever cannot move (every heap empty) loses. A heap of n counters is worth *n, \
                    and the whole position is worth the xor of its heaps.",
            format: "One line of heap sizes separated by spaces, e.g. 3 4 5. Up to 64 heaps of \
                     up to 1 000 000 counters (the playground draws heaps of up to 100).",
            lost: "1 2 3\n",
            bad: "3 x 5\n",
            samples: vec![
                Sample { name: "3 4 5", input: "3 4 5\n" },
                Sample { name: "1 2 3", input: "1 2 3\n" },
                Sample { name: "5 9 12 6", input: "5 9 12 6\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Heaps>, GameError> {
        Ok(vec![heaps::read_sizes(
            text,
            "heap",
            MAX_HEAPS,
            MAX_COUNTERS,
        )?])
    }

    fn format(&self, heaps: &Heaps) -> String {
        heaps::write_sizes(heaps)
    }

    fn nimber(&mut self, heaps: &Heaps) -> Nimber {
        heaps.iter().map(|&h| Nimber(h)).sum()
    }

    fn analyse(&mut self, heaps: &Heaps) -> Analysis {
        let values: Vec<Nimber> = heaps.iter().map(|&h| Nimber(h)).collect();
        let total: Nimber = values.iter().copied().sum();
        let components = heap_components(heaps, &values, "heap");
        let mut moves = Vec::new();
        for (index, &size) in heaps.iter().enumerate() {
            for leave in 0..size {
                let taken = size - leave;
                moves.push(MoveInfo {
                    id: moves.len() as u32,
                    label: format!("take {taken} from heap {}, leaving {leave}", index + 1),
                    component: index as u32,
                    anchor: Region::Cells {
                        cells: vec![[index as u32, leave]],
                    },
                    variant: None,
                    footprint: Region::Rect {
                        row: index as u32,
                        col: leave,
                        rows: 1,
                        cols: taken,
                    },
                    parts: vec![Nimber(leave)],
                    after: total ^ Nimber(size) ^ Nimber(leave),
                    loopy: None,
                });
            }
        }
        Analysis::new(
            Board::Heaps {
                sizes: heaps.clone(),
                rule: None,
                rule_field: None,
                max_heaps: MAX_HEAPS as u32,
                stairs: false,
            },
            components,
            moves,
        )
    }

    fn cheap_nimber(&mut self, heaps: &Heaps) -> Option<u32> {
        Some(self.nimber(heaps).0)
    }

    /// Each heap has at most one move that changes the nimber by a given
    /// amount: to its size ⊕ that amount, when that is smaller.
    fn moves_changing_nimber(
        &mut self,
        heaps: &Heaps,
        change: u32,
        first: u32,
        out: &mut Vec<u32>,
    ) -> usize {
        let mut id = first;
        for &size in heaps {
            let leave = size ^ change;
            if leave < size {
                out.push(id + leave);
            }
            id += size;
        }
        heaps.len()
    }

    fn option_count(&mut self, heaps: &Heaps) -> u32 {
        heaps
            .iter()
            .fold(0, |count: u32, &size| count.saturating_add(size))
    }

    fn play(&mut self, heaps: &Heaps, move_id: u32) -> Result<Heaps, GameError> {
        let mut remaining = move_id;
        for (index, &size) in heaps.iter().enumerate() {
            if remaining < size {
                let mut next = heaps.clone();
                next[index] = remaining;
                return Ok(next);
            }
            remaining -= size;
        }
        Err(unknown_move(move_id))
    }

    fn edit(&mut self, heaps: &Heaps, edit: &Edit) -> Result<Heaps, GameError> {
        if let Some(edited) = heaps::edit_sizes(heaps, edit, "heap", MAX_PLAYABLE_COUNTERS) {
            return edited;
        }
        match *edit {
            Edit::Random { seed, density } => Ok(heaps::random_heaps(seed, density)),
            _ => Err(unsupported_edit("Nim", edit)),
        }
    }

    fn canonical(&self, heaps: &Heaps) -> String {
        self.format(&sorted_heaps(heaps))
    }

    fn write_key(&self, heaps: &Heaps, key: &mut KeyHasher) {
        heaps::write_key(heaps, key);
    }

    fn misere_closed_form(&mut self, heaps: &Heaps, _: &SearchBudget) -> Option<MisereReport> {
        Some(heaps::nim_report(heaps))
    }

    fn check_playable(&mut self, heaps: &Heaps) -> Result<(), GameError> {
        heaps::check_drawn_sizes(
            heaps,
            "heap",
            "counters",
            MAX_PLAYABLE_COUNTERS,
            "nim",
            MAX_COUNTERS,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_the_classic_positions() {
        assert_eq!(Nim.solve("3 4 5\n").unwrap(), "First\n");
        assert_eq!(Nim.solve("1 2 3\n").unwrap(), "Second\n");
        assert_eq!(Nim.solve("\n").unwrap(), "Second\n");
        assert_eq!(Nim.solve("").unwrap(), "Second\n");
    }

    #[test]
    fn bad_heaps_are_located() {
        let err = Nim.parse("3 x 5").unwrap_err();
        assert_eq!((err.line, err.column), (Some(1), Some(3)));
        assert!(err.message.contains("heap 2"), "{}", err.message);
        let err = Nim.parse("1\n2000000").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(1)));
        let too_many = vec!["1"; MAX_HEAPS + 1].join(" ");
        assert!(Nim
            .parse(&too_many)
            .unwrap_err()
            .message
            .contains("at most 64"));
    }

    #[test]
    fn moves_leave_each_smaller_heap() {
        let analysis = Nim.analyse(&vec![3, 4, 5]);
        assert_eq!(analysis.nimber, Nimber(2));
        assert_eq!(analysis.moves.len(), 12);
        let winning: Vec<&str> = analysis.winning_moves().map(|m| m.label.as_str()).collect();
        assert_eq!(winning, ["take 2 from heap 1, leaving 1"]);
        assert_eq!(Nim.play(&vec![3, 4, 5], 1).unwrap(), vec![1, 4, 5]);
        assert!(Nim.play(&vec![3, 4, 5], 12).is_err());
    }
}
