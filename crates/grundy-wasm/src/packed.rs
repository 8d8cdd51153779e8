//! The long lists of an analysis as they cross to JavaScript: numbers and
//! one text rather than JSON.
//!
//! A position can have 200 000 moves and 100 000 intervals. As JSON the
//! moves took about 300 ms to write and 400 ms to parse, and the parsed
//! objects another second to post from the worker to the page; as one
//! `Float64Array` and one string they cross in milliseconds and the page
//! builds the objects in one pass. `web/src/engine/packed.ts` reads this
//! layout back.
//!
//! The lists come as `Analysis::take_lists` gives them: the analysis's
//! own, then each sum part's. For each, its moves: their count, then per
//! move `id`, `component`, `after`, how many numbers and how many text
//! units the rest of the move takes (so the page can read a move's details
//! only when it shows them), the anchor as a region (first, as boards look
//! moves up by it), then the label as a text, the variant as `0` or `1` and
//! a text, the footprint as a region, the parts as a list, and `loopy` as
//! `0`, `1 rank`, or `2` and the list K. Then, for a number
//! line, its intervals: their count, then per interval `first`, `last`,
//! `depth`, `parent` (−1 for none) and `nimber`. Last, the ids of the moves
//! that win under the play in force, and of those that hold a draw, as two
//! lists. A text is its length in
//! UTF-16 units, its characters going to the text in order; a list is its
//! length and its values; a region is its kind (cells, rect, span, items,
//! segments, chain as 0–5) and a list of its numbers, flattened.

use grundy_core::analysis::{Interval, LongLists, Loopy, MoveInfo, Region};

#[derive(Default)]
pub struct Packed {
    pub numbers: Vec<f64>,
    pub text: String,
    /// The length of `text` in UTF-16 units, as the page counts it.
    text_units: usize,
}

impl Packed {
    pub fn of(lists: &[LongLists]) -> Packed {
        let mut packed = Packed::default();
        for lists in lists {
            packed.numbers.push(lists.moves.len() as f64);
            for found in &lists.moves {
                packed.add_move(found);
            }
            if let Some(intervals) = &lists.intervals {
                packed.add_intervals(intervals);
            }
            packed.add_list(lists.winning.iter().map(|&id| f64::from(id)));
            packed.add_list(lists.drawing.iter().map(|&id| f64::from(id)));
        }
        packed
    }

    fn add_intervals(&mut self, intervals: &[Interval]) {
        self.numbers.push(intervals.len() as f64);
        for interval in intervals {
            let parent = interval.parent.map_or(-1.0, f64::from);
            let (first, last) = (interval.first as f64, interval.last as f64);
            let numbers = [first, last, f64::from(interval.depth), parent];
            self.numbers.extend(numbers);
            self.numbers.push(f64::from(interval.nimber.0));
        }
    }

    fn add_move(&mut self, found: &MoveInfo) {
        let head = [found.id, found.component, found.after.0];
        self.numbers.extend(head.map(f64::from));
        let sizes = self.numbers.len();
        self.numbers.extend([0.0, 0.0]);
        let (numbers_start, text_start) = (self.numbers.len(), self.text_units);
        self.add_details(found);
        self.numbers[sizes] = (self.numbers.len() - numbers_start) as f64;
        self.numbers[sizes + 1] = (self.text_units - text_start) as f64;
    }

    /// Everything of a move after its head and sizes.
    fn add_details(&mut self, found: &MoveInfo) {
        self.add_region(&found.anchor);
        self.add_text(&found.label);
        match &found.variant {
            Some(variant) => {
                self.numbers.push(1.0);
                self.add_text(variant);
            }
            None => self.numbers.push(0.0),
        }
        self.add_region(&found.footprint);
        self.add_list(found.parts.iter().map(|part| f64::from(part.0)));
        match &found.loopy {
            None => self.numbers.push(0.0),
            Some(Loopy {
                infinite: None,
                rank,
            }) => self.numbers.extend([1.0, f64::from(*rank)]),
            Some(Loopy {
                infinite: Some(k), ..
            }) => {
                self.numbers.push(2.0);
                self.add_list(k.iter().map(|&value| f64::from(value)));
            }
        }
    }

    fn add_text(&mut self, text: &str) {
        // Most labels are ASCII, one unit per byte; counting units costs
        // a pass over the characters otherwise.
        let units = if text.is_ascii() {
            text.len()
        } else {
            text.encode_utf16().count()
        };
        self.numbers.push(units as f64);
        self.text.push_str(text);
        self.text_units += units;
    }

    fn add_list(&mut self, values: impl ExactSizeIterator<Item = f64>) {
        self.numbers.push(values.len() as f64);
        self.numbers.extend(values);
    }

    fn add_region(&mut self, region: &Region) {
        match region {
            Region::Cells { cells } => {
                let values = cells.as_flattened().iter().map(|&v| f64::from(v));
                self.add_kind_and_list(0.0, values);
            }
            Region::Rect {
                row,
                col,
                rows,
                cols,
            } => self.add_kind_and_list(1.0, [*row, *col, *rows, *cols].map(f64::from).into_iter()),
            Region::Span { first, last } => {
                self.add_kind_and_list(2.0, [*first as f64, *last as f64].into_iter());
            }
            Region::Items { items } => {
                self.add_kind_and_list(3.0, items.iter().map(|&v| f64::from(v)));
            }
            Region::Chain { item, length } => {
                self.add_kind_and_list(5.0, [*item, *length].map(f64::from).into_iter());
            }
            Region::Segments { segments } => {
                let values = segments.as_flattened().iter().map(|&v| v as f64);
                self.add_kind_and_list(4.0, values);
            }
        }
    }

    fn add_kind_and_list(&mut self, kind: f64, values: impl ExactSizeIterator<Item = f64>) {
        self.numbers.push(kind);
        self.add_list(values);
    }
}
