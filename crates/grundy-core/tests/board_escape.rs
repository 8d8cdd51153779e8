//! BoardEscape against an exhaustive search over multisets of
//! (cell, counter): no nimbers, no cycles.

mod common;

use grundy_core::analysis::Convention;
use grundy_core::rng::Rng;
use grundy_core::Outcome;
use grundy_core::{games, Region};
use std::collections::{BTreeSet, HashMap};

/// Tokens as sorted (cell, counter) pairs: a position.
type Tokens = Vec<(usize, u64)>;

struct Brute {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    memo: HashMap<Tokens, bool>,
    /// Whether the last move loses (misère play) rather than wins.
    misere: bool,
}

impl Brute {
    /// Every move as (token's cell, target cell, the tokens after it).
    fn moves(&self, tokens: &[(usize, u64)]) -> Vec<(usize, usize, Tokens)> {
        let mut list = Vec::new();
        for (i, &(cell, n)) in tokens.iter().enumerate() {
            let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= self.rows as isize || nc >= self.cols as isize {
                    continue;
                }
                let target = nr as usize * self.cols + nc as usize;
                if self.cells[target] == b'#' {
                    continue;
                }
                let mut next: Tokens = tokens.to_vec();
                next.remove(i);
                if self.cells[target] != b'E' && n > 1 {
                    next.push((target, n - 1));
                }
                next.sort_unstable();
                list.push((cell, target, next));
            }
        }
        list
    }

    fn wins(&mut self, tokens: &[(usize, u64)]) -> bool {
        if let Some(&known) = self.memo.get(tokens) {
            return known;
        }
        let moves = self.moves(tokens);
        let result = if moves.is_empty() {
            self.misere
        } else {
            moves.into_iter().any(|(_, _, next)| !self.wins(&next))
        };
        self.memo.insert(tokens.to_vec(), result);
        result
    }

    fn winning_moves(&mut self, tokens: &[(usize, u64)]) -> BTreeSet<(usize, usize)> {
        self.moves(tokens)
            .into_iter()
            .filter(|(_, _, next)| !self.wins(next))
            .map(|(cell, target, _)| (cell, target))
            .collect()
    }
}

/// A random board with `tokens` T cells; returns its text and the brute force.
fn random_board(rng: &mut Rng, tokens: usize, k: u64) -> (String, Brute) {
    let rows = 1 + rng.below(4);
    let cols = 1 + rng.below(4);
    let mut cells: Vec<u8> = (0..rows * cols)
        .map(|_| match rng.unit() {
            r if r < 0.2 => b'#',
            r if r < 0.35 => b'E',
            _ => b'.',
        })
        .collect();
    for _ in 0..tokens {
        cells[rng.below(rows * cols)] = b'T';
    }
    let mut text = format!("{rows} {cols} {k}\n");
    for row in cells.chunks(cols) {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push('\n');
    }
    let brute = Brute {
        rows,
        cols,
        cells: cells
            .iter()
            .map(|&c| if c == b'T' { b'.' } else { c })
            .collect(),
        memo: HashMap::new(),
        misere: false,
    };
    (text, brute)
}

fn tokens_of(text: &str, cols: usize) -> Vec<(usize, u64)> {
    let mut lines = text.lines();
    let k: u64 = lines
        .next()
        .unwrap()
        .split_whitespace()
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    let mut tokens = Vec::new();
    let mut row = 0;
    for line in lines {
        let parts: Vec<&str> = line.split_whitespace().collect();
        if parts.len() == 3 {
            let (r, c, n): (usize, usize, u64) = (
                parts[0].parse().unwrap(),
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            );
            tokens.push(((r - 1) * cols + c - 1, n));
        } else {
            for (c, ch) in line.chars().enumerate() {
                if ch == 'T' {
                    tokens.push((row * cols + c, k));
                }
            }
            row += 1;
        }
    }
    tokens.sort_unstable();
    tokens
}

fn analysed_winning(
    session: &mut Box<dyn grundy_core::AnySession>,
    cols: usize,
) -> BTreeSet<(usize, usize)> {
    session
        .analysis()
        .winning_moves()
        .map(|m| match (&m.anchor, &m.footprint) {
            (Region::Cells { cells: from }, Region::Cells { cells: to }) => (
                from[0][0] as usize * cols + from[0][1] as usize,
                to[0][0] as usize * cols + to[0][1] as usize,
            ),
            other => panic!("unexpected regions {other:?}"),
        })
        .collect()
}

#[test]
fn agrees_with_brute_force_on_random_boards_and_their_continuations() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for round in 0..1200 {
        // Some boards have one token with a long counter, where the cycle matters.
        let (tokens, k) = if round % 3 == 0 {
            (1, 20 + rng.below(60) as u64)
        } else {
            (1 + rng.below(3), 1 + rng.below(5) as u64)
        };
        let (text, mut brute) = random_board(&mut rng, tokens, k);
        let cols = brute.cols;
        let start = tokens_of(&text, cols);
        let expected = if brute.wins(&start) {
            "Alice\n"
        } else {
            "Bob\n"
        };
        assert_eq!(
            games::solve("board-escape", &text).unwrap(),
            expected,
            "{text}"
        );
        let mut session = games::open("board-escape", &text, 0).unwrap();
        for _ in 0..6 {
            let now = tokens_of(&session.text(), cols);
            assert_eq!(
                analysed_winning(&mut session, cols),
                brute.winning_moves(&now),
                "{text} now {}",
                session.text()
            );
            checked += 1;
            let count = session.analysis().moves.len();
            if count == 0 {
                break;
            }
            session.play(rng.below(count) as u32).unwrap();
        }
    }
    assert!(checked > 2500, "only {checked} positions checked");
}

#[test]
fn huge_counters_follow_the_cycle() {
    // A single token's value at n = 10⁹ equals its value at the smallest n
    // with the same place in the cycle, which the search can reach.
    let mut rng = Rng::new(8);
    for _ in 0..100 {
        let (text, mut brute) = random_board(&mut rng, 1, 1);
        let mut session = games::open("board-escape", &text, 0).unwrap();
        let facts = session.analysis().facts.clone();
        let pre: u64 = facts[1].value.parse().unwrap();
        let period: u64 = facts[2].value.parse().unwrap();
        let big = 1_000_000_000u64;
        let small = if big < pre {
            big
        } else {
            pre + (big - pre) % period + period * 3
        };
        let start = tokens_of(&text, brute.cols);
        let Some(&(cell, _)) = start.first() else {
            continue;
        };
        let big_text = text.replacen(" 1\n", &format!(" {big}\n"), 1);
        let expected = if brute.wins(&[(cell, small)]) {
            "Alice\n"
        } else {
            "Bob\n"
        };
        assert_eq!(
            games::solve("board-escape", &big_text).unwrap(),
            expected,
            "{big_text}"
        );
    }
}

#[test]
fn official_samples() {
    for (input, answer) in [
        ("1 2 2\nTE\n", "Alice\n"),
        ("3 3 1000000\nE#E\n#T#\nE#E\n", "Bob\n"),
        ("2 6 1\nT.T.T.\n.E.E.E\n", "Alice\n"),
        ("1 3 6\nTTE\n", "Alice\n"),
    ] {
        assert_eq!(
            games::solve("board-escape", input).unwrap(),
            answer,
            "{input}"
        );
    }
}

#[test]
fn optimal_ai_never_loses_to_random() {
    common::optimal_beats_random_from("board-escape", 9, 200, |rng| {
        let (tokens, k) = (1 + rng.below(3), 1 + rng.below(8) as u64);
        random_board(rng, tokens, k).0
    });
}

#[test]
fn errors_name_line_column_characters_and_limits() {
    let err = games::solve("board-escape", "1 2 0\nTE\n").unwrap_err();
    assert!(err.message.contains("from 1 to 1000000000"), "{err}");
    assert_eq!((err.line, err.column), (Some(1), Some(5)));
    let err = games::solve("board-escape", "2 2 3\nT.\n.X\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(3), Some(2)));
    assert!(err.message.contains("'.', '#', 'E' or 'T'"), "{err}");
    let err = games::solve("board-escape", "101 2 3\n").unwrap_err();
    assert!(err.message.contains("from 1 to 100"), "{err}");
}

#[test]
fn counters_survive_the_text_round_trip() {
    let mut session = games::open("board-escape", "2 3 5\nT..\n.#E\n", 0).unwrap();
    let right = session
        .analysis()
        .moves
        .iter()
        .find(|m| m.label.contains("right"))
        .unwrap()
        .id;
    session.play(right).unwrap();
    assert_eq!(session.text(), "2 3 5\n...\n.#E\n1 2 4\n");
    let mut reopened = games::open("board-escape", &session.text(), 0).unwrap();
    assert_eq!(
        reopened.analysis().components,
        session.analysis().components
    );
}

#[test]
fn misere_outcomes_and_winning_moves_agree_with_brute_force() {
    let mut rng = Rng::new(33);
    // Positions past the search budget say so; 500 that are not must agree.
    let mut answered = 0;
    while answered < 500 {
        let (tokens, k) = (1 + rng.below(3), 1 + rng.below(5) as u64);
        let (text, mut brute) = random_board(&mut rng, tokens, k);
        brute.misere = true;
        let cols = brute.cols;
        let start = tokens_of(&text, cols);
        let mut session = games::open("board-escape", &text, 0).unwrap();
        session.set_convention(Convention::Misere);
        let report = session.analysis().misere.clone().unwrap();
        let Some(outcome) = report.outcome else {
            continue;
        };
        answered += 1;
        assert_eq!(outcome == Outcome::Next, brute.wins(&start), "{text}");
        assert_eq!(
            analysed_winning(&mut session, cols),
            brute.winning_moves(&start),
            "{text}"
        );
    }
}
