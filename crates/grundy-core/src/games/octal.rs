//! Octal games by code: Kayles (0.77), Dawson's Kayles (0.07), Dawson's
//! chess (0.137) and any other code. A heap is drawn as a row of pieces,
//! and a move takes neighbouring pieces from it.

use crate::analysis::{Board, Piece, RuleField};
use crate::game::{GameInfo, Sample};
use crate::heap_game::{HeapFamily, HeapGame, Run};
use crate::heaps::MAX_HEAPS;
use crate::sequence::{OctalCode, Rule};

#[derive(Default)]
pub struct OctalFamily;

pub type Octal = HeapGame<OctalFamily>;

impl HeapFamily for OctalFamily {
    const RULE_LINE: bool = true;

    fn info() -> GameInfo {
        GameInfo {
            id: "octal",
            name: "Octal games",
            summary: "Kayles, Dawson's chess and any octal code: take from a row, maybe splitting it.",
            rules: "A code d0.d1d2… says what taking i counters from a heap may do, by the bits of \
                    digit di: 1, take a whole heap of exactly i; 2, take i from a larger heap, leaving \
                    one heap; 4, take i and split what is left into two non-empty heaps. A heap is \
                    drawn as a row: taking i neighbouring pieces leaves the pieces on either side. \
                    Kayles is 0.77: knock down one pin or two neighbouring pins.",
            format: "Line 1: the code, such as 0.77 (d0 is 0 or 4; 1 to 32 octal digits after the \
                     point). Line 2: the heap sizes. Up to 64 heaps of up to 1 048 576 counters \
                     (the playground draws heaps of up to 100).",
            lost: "0.77\n4 4\n",
            bad: "0.78\n4 4\n",
            samples: vec![
                Sample { name: "Kayles", input: "0.77\n3 4\n" },
                Sample { name: "Dawson's chess", input: "0.137\n6 9\n" },
                Sample { name: "Dawson's Kayles", input: "0.07\n8 11\n" },
                Sample { name: "0.16", input: "0.16\n9 14\n" },
            ],
        }
    }

    fn parse_rule(line: &str) -> Result<Rule, (usize, String)> {
        OctalCode::parse(line).map(Rule::Octal)
    }

    fn runs(rule: &Rule, size: u32) -> Vec<Run> {
        let Rule::Octal(code) = rule else {
            return Vec::new();
        };
        let mut runs = Vec::new();
        for take in 0..=(code.longest_take() as u32).min(size) {
            let digit = code.digit(take as usize);
            let rest = size - take;
            let single = u32::from(take > 0 && rest > 0 && digit & 2 != 0);
            // Taking the whole heap, then from its start, then splitting
            // what is left (d0's splits too), then taking from its end.
            let whole = u32::from(take > 0 && rest == 0 && digit & 1 != 0);
            let split = if digit & 4 != 0 { 1..rest.max(1) } else { 0..0 };
            for lefts in [0..whole.max(single), split, rest..rest + single] {
                if !lefts.is_empty() {
                    runs.push(Run { take, lefts });
                }
            }
        }
        runs
    }

    fn board(rule: &Rule, heaps: &[u32]) -> Board {
        let Rule::Octal(code) = rule else {
            unreachable!("octal positions hold octal codes")
        };
        let takes = (0..=code.longest_take())
            .filter(|&i| code.digit(i) != 0 && (i > 0 || code.digit(0) & 4 != 0));
        Board::Rows {
            sizes: heaps.to_vec(),
            takes: takes.map(|i| i as u32).collect(),
            piece: piece(code),
            noun: Self::noun(rule).into(),
            rule: rule.to_string(),
            rule_field: RuleField {
                label: "Octal code".into(),
                value: rule.to_string(),
                hint: "d0.d1d2…, such as 0.77 (Kayles) or 0.137".into(),
            },
            max_heaps: MAX_HEAPS as u32,
        }
    }

    /// A row of pins or pawns is a row; a heap of counters, a heap.
    fn noun(rule: &Rule) -> &'static str {
        match rule {
            Rule::Octal(code) if piece(code) != Piece::Counter => "row",
            _ => "heap",
        }
    }

    fn label(noun: &str, heap: usize, size: u32, take: u32, left: u32, right: u32) -> String {
        // One string written in place, without `write!`, which costs several
        // times more: a position can have 180 000 moves.
        let mut label = String::with_capacity(64);
        let heap = heap as u32 + 1;
        match take {
            0 => {
                label.push_str("split ");
                label.push_str(noun);
                append(&mut label, &[(" ", heap), (" (", size)], ") into ");
            }
            _ => {
                append(&mut label, &[("take ", take)], " from ");
                label.push_str(noun);
                append(
                    &mut label,
                    &[(" ", heap), (" (", size), (") at ", left + 1)],
                    ", leaving ",
                );
            }
        }
        match (left, right) {
            (0, 0) => label.push_str("nothing"),
            (0, one) | (one, 0) => append(&mut label, &[("", one)], ""),
            (left, right) => append(&mut label, &[("", left), (" and ", right)], ""),
        }
        label
    }
}

/// What a row of `code` is drawn as: the named games' own pieces.
fn piece(code: &OctalCode) -> Piece {
    match code.name() {
        Some("Kayles" | "Dawson's Kayles") => Piece::Pin,
        Some("Dawson's chess") => Piece::Pawn,
        _ => Piece::Counter,
    }
}

/// Appends each text and the number after it, then `last`.
fn append(label: &mut String, pieces: &[(&str, u32)], last: &str) {
    let mut digits = itoa::Buffer::new();
    for &(text, number) in pieces {
        label.push_str(text);
        label.push_str(digits.format(number));
    }
    label.push_str(last);
}
