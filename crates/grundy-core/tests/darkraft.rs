//! World of Darkraft against an exhaustive search over bitmasks of active
//! cells, with waves traced in board coordinates: no rotation, no pieces.

mod common;

use grundy_core::analysis::Convention;
use grundy_core::rng::Rng;
use grundy_core::Outcome;
use grundy_core::{games, Region};
use std::collections::{BTreeSet, HashMap};

struct Brute {
    n: usize,
    m: usize,
    letters: Vec<u8>,
    memo: HashMap<u64, bool>,
    /// Whether the last move loses (misère play) rather than wins.
    misere: bool,
}

impl Brute {
    fn new(board: &str) -> Brute {
        let rows: Vec<&str> = board.lines().collect();
        Brute {
            n: rows.len(),
            m: rows[0].len(),
            letters: rows.concat().into_bytes(),
            memo: HashMap::new(),
            misere: false,
        }
    }

    /// The active cells after the cell `index` is chosen.
    fn after(&self, active: u64, index: usize) -> u64 {
        let (i, j) = ((index / self.m) as isize, (index % self.m) as isize);
        let directions: &[(isize, isize)] = match self.letters[index] {
            b'L' => &[(1, -1), (-1, 1)],
            b'R' => &[(-1, -1), (1, 1)],
            _ => &[(1, -1), (-1, 1), (-1, -1), (1, 1)],
        };
        let mut next = active & !(1 << index);
        for &(di, dj) in directions {
            let (mut r, mut c) = (i + di, j + dj);
            while r >= 0 && c >= 0 && r < self.n as isize && c < self.m as isize {
                let bit = 1u64 << (r as usize * self.m + c as usize);
                if active & bit == 0 {
                    break;
                }
                next &= !bit;
                r += di;
                c += dj;
            }
        }
        next
    }

    fn wins(&mut self, active: u64) -> bool {
        if let Some(&known) = self.memo.get(&active) {
            return known;
        }
        let cells: Vec<usize> = (0..self.n * self.m)
            .filter(|&k| active & (1 << k) != 0)
            .collect();
        let result = if cells.is_empty() {
            self.misere
        } else {
            cells.into_iter().any(|k| !self.wins(self.after(active, k)))
        };
        self.memo.insert(active, result);
        result
    }

    fn winning_cells(&mut self, active: u64) -> BTreeSet<(usize, usize)> {
        let m = self.m;
        (0..self.n * m)
            .filter(|&k| active & (1 << k) != 0 && !self.wins(self.after(active, k)))
            .map(|k| (k / m, k % m))
            .collect()
    }
}

fn random_board(rng: &mut Rng) -> String {
    let n = 1 + rng.below(5);
    let m = 1 + rng.below((30 / n).min(6));
    let weights = [rng.unit(), rng.unit(), rng.unit()];
    let total: f64 = weights.iter().sum();
    (0..n)
        .map(|_| {
            (0..m)
                .map(|_| {
                    let roll = rng.unit() * total;
                    if roll < weights[0] {
                        'L'
                    } else if roll < weights[0] + weights[1] {
                        'R'
                    } else {
                        'X'
                    }
                })
                .collect::<String>()
                + "\n"
        })
        .collect()
}

fn input(board: &str) -> String {
    let rows: Vec<&str> = board.lines().collect();
    format!("{} {}\n{board}", rows.len(), rows[0].len())
}

fn winning_anchors(analysis: &grundy_core::Analysis) -> BTreeSet<(usize, usize)> {
    analysis
        .winning_moves()
        .map(|m| match &m.anchor {
            Region::Cells { cells } => (cells[0][0] as usize, cells[0][1] as usize),
            other => panic!("unexpected anchor {other:?}"),
        })
        .collect()
}

#[test]
fn agrees_with_brute_force_on_random_boards_and_their_continuations() {
    let mut rng = Rng::new(5);
    let mut checked = 0;
    for _ in 0..1100 {
        let board = random_board(&mut rng);
        let text = input(&board);
        let mut brute = Brute::new(&board);
        let all = (1u64 << (brute.n * brute.m)) - 1;
        let expected = if brute.wins(all) { "WIN\n" } else { "LOSE\n" };
        assert_eq!(games::solve("darkraft", &text).unwrap(), expected, "{text}");
        let mut session = games::open("darkraft", &text, 0).unwrap();
        loop {
            let active = session
                .text()
                .lines()
                .skip(1)
                .flat_map(|row| row.chars())
                .enumerate()
                .filter(|(_, c)| c.is_ascii_uppercase())
                .fold(0u64, |mask, (k, _)| mask | 1 << k);
            let analysis = session.analysis().clone();
            assert_eq!(
                winning_anchors(&analysis),
                brute.winning_cells(active),
                "{text} now {}",
                session.text()
            );
            assert_eq!(!analysis.nimber.is_zero(), brute.wins(active));
            // The same position typed in: its components seed a new table.
            let mut typed = games::open("darkraft", &session.text(), 0).unwrap();
            assert_eq!(
                winning_anchors(typed.analysis()),
                winning_anchors(&analysis)
            );
            for m in &analysis.moves {
                let Region::Cells { cells } = &m.anchor else {
                    unreachable!()
                };
                let index = cells[0][0] as usize * brute.m + cells[0][1] as usize;
                let swept = brute.after(active, index) ^ active;
                let Region::Cells { cells } = &m.footprint else {
                    unreachable!()
                };
                let footprint = cells.iter().fold(0u64, |mask, c| {
                    mask | 1 << (c[0] as usize * brute.m + c[1] as usize)
                });
                assert_eq!(footprint, swept, "{text} {}", m.label);
            }
            checked += 1;
            if analysis.moves.is_empty() {
                break;
            }
            session
                .play(rng.below(analysis.moves.len()) as u32)
                .unwrap();
        }
    }
    assert!(checked > 3000, "only {checked} positions checked");
}

#[test]
fn official_samples() {
    assert_eq!(games::solve("darkraft", "2 2\nRL\nLR\n").unwrap(), "LOSE\n");
    assert_eq!(games::solve("darkraft", "2 2\nRR\nRR\n").unwrap(), "WIN\n");
}

/// Boards whose answer changes when every L and R swap, so a solver that
/// confuses the two directions fails here.
#[test]
fn each_wave_direction_matters() {
    for (board, answer, swapped) in [
        ("LLL\nLLR\n", "LOSE", "WIN"),
        ("LLL\nRLL\n", "WIN", "LOSE"),
        ("LLR\nLLX\n", "WIN", "LOSE"),
    ] {
        let mirror: String = board
            .chars()
            .map(|c| match c {
                'L' => 'R',
                'R' => 'L',
                c => c,
            })
            .collect();
        let mut brute = Brute::new(board);
        let all = (1u64 << (brute.n * brute.m)) - 1;
        assert_eq!(brute.wins(all), answer == "WIN", "brute force on {board}");
        assert_eq!(
            games::solve("darkraft", &input(board)).unwrap(),
            format!("{answer}\n"),
            "{board}"
        );
        assert_eq!(
            games::solve("darkraft", &input(&mirror)).unwrap(),
            format!("{swapped}\n"),
            "{mirror}"
        );
    }
}

#[test]
fn optimal_ai_never_loses_to_random() {
    common::optimal_beats_random_from("darkraft", 6, 200, |rng| input(&random_board(rng)));
}

#[test]
fn errors_name_line_column_letters_and_limits() {
    let err = games::solve("darkraft", "2 2\nRL\nLQ\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(3), Some(2)));
    assert!(err.message.contains("'L', 'R' or 'X'"), "{err}");
    let err = games::solve("darkraft", "41 2\n").unwrap_err();
    assert!(err.message.contains("from 1 to 40"), "{err}");
    let err = games::solve("darkraft", "2 2\nRL\n").unwrap_err();
    assert!(err.message.contains("row 2 of 2"), "{err}");
}

#[test]
fn text_round_trips_after_moves() {
    let mut session = games::open("darkraft", "3 3\nXLR\nRXL\nLRX\n", 0).unwrap();
    session.play(4).unwrap();
    let text = session.text();
    assert!(text.chars().any(|c| c.is_ascii_lowercase()), "{text}");
    let mut reopened = games::open("darkraft", &text, 0).unwrap();
    assert_eq!(
        reopened.analysis().components,
        session.analysis().components
    );
    assert_eq!(reopened.analysis().moves, session.analysis().moves);
}

#[test]
fn misere_outcomes_and_winning_moves_agree_with_brute_force() {
    let mut rng = Rng::new(32);
    // Positions past the search budget say so; 500 that are not must agree.
    let mut answered = 0;
    while answered < 500 {
        let board = random_board(&mut rng);
        if board.len() > 20 {
            continue;
        }
        let text = input(&board);
        let mut brute = Brute::new(&board);
        brute.misere = true;
        let all = (1u64 << (brute.n * brute.m)) - 1;
        let mut session = games::open("darkraft", &text, 0).unwrap();
        session.set_convention(Convention::Misere);
        let analysis = session.analysis().clone();
        let report = analysis.misere.clone().unwrap();
        let Some(outcome) = report.outcome else {
            continue;
        };
        answered += 1;
        assert_eq!(outcome == Outcome::Next, brute.wins(all), "{text}");
        assert_eq!(
            winning_anchors(&analysis),
            brute.winning_cells(all),
            "{text}"
        );
    }
}
