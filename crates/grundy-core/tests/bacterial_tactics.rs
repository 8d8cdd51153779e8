//! Bacterial Tactics against an exhaustive search over whole grids: a
//! bitmask of occupied cells, no rectangles, no nimbers.

mod common;

use grundy_core::analysis::Convention;
use grundy_core::rng::Rng;
use grundy_core::Outcome;
use grundy_core::{games, AnySession, Edit, Region};
use std::collections::{BTreeSet, HashMap};

struct Brute {
    rows: usize,
    cols: usize,
    radioactive: Vec<bool>,
    memo: HashMap<u32, bool>,
    /// Whether the last move loses (misère play) rather than wins.
    misere: bool,
}

impl Brute {
    fn new(rows: usize, cols: usize, radioactive: Vec<bool>, misere: bool) -> Brute {
        Brute {
            rows,
            cols,
            radioactive,
            memo: HashMap::new(),
            misere,
        }
    }

    /// The cells a colony placed at (r, c) covers, or None if it mutates.
    fn spread(&self, occupied: u32, r: usize, c: usize, horizontal: bool) -> Option<u32> {
        let mut mask = 1u32 << (r * self.cols + c);
        let (dr, dc): (isize, isize) = if horizontal { (0, 1) } else { (1, 0) };
        for sign in [-1isize, 1] {
            let (mut rr, mut cc) = (r as isize, c as isize);
            loop {
                rr += dr * sign;
                cc += dc * sign;
                if rr < 0 || cc < 0 || rr >= self.rows as isize || cc >= self.cols as isize {
                    break;
                }
                let index = rr as usize * self.cols + cc as usize;
                if occupied & (1 << index) != 0 {
                    break;
                }
                if self.radioactive[index] {
                    return None;
                }
                mask |= 1 << index;
            }
        }
        Some(mask)
    }

    /// Every safe placement: (row, col, horizontal, occupied after).
    fn moves(&self, occupied: u32) -> Vec<(usize, usize, bool, u32)> {
        let mut list = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let index = r * self.cols + c;
                if self.radioactive[index] || occupied & (1 << index) != 0 {
                    continue;
                }
                for horizontal in [true, false] {
                    if let Some(mask) = self.spread(occupied, r, c, horizontal) {
                        list.push((r, c, horizontal, occupied | mask));
                    }
                }
            }
        }
        list
    }

    fn wins(&mut self, occupied: u32) -> bool {
        if let Some(&known) = self.memo.get(&occupied) {
            return known;
        }
        let moves = self.moves(occupied);
        let result = if moves.is_empty() {
            self.misere
        } else {
            moves.into_iter().any(|(_, _, _, next)| !self.wins(next))
        };
        self.memo.insert(occupied, result);
        result
    }

    fn winning_moves(&mut self, occupied: u32) -> BTreeSet<(usize, usize, bool)> {
        self.moves(occupied)
            .into_iter()
            .filter(|&(_, _, _, next)| !self.wins(next))
            .map(|(r, c, h, _)| (r, c, h))
            .collect()
    }
}

fn random_grid(rng: &mut Rng) -> (usize, usize, Vec<bool>) {
    let rows = 1 + rng.below(4);
    let cols = 1 + rng.below(16 / rows).min(3);
    let density = rng.unit() * 0.4;
    let radioactive = (0..rows * cols).map(|_| rng.unit() < density).collect();
    (rows, cols, radioactive)
}

fn text(rows: usize, cols: usize, radioactive: &[bool]) -> String {
    let mut out = format!("1\n{rows} {cols}\n");
    for row in radioactive.chunks(cols) {
        out.extend(row.iter().map(|&hot| if hot { '#' } else { '.' }));
        out.push('\n');
    }
    out
}

/// The occupied cells of a session's position, read from its board.
fn occupied(session: &mut Box<dyn AnySession>) -> u32 {
    match &session.analysis().board {
        grundy_core::Board::Grid { tiles, .. } => tiles
            .iter()
            .flat_map(|row| row.chars())
            .enumerate()
            .filter(|(_, t)| "hvHV-|".contains(*t))
            .fold(0, |mask, (i, _)| mask | 1 << i),
        other => panic!("unexpected board {other:?}"),
    }
}

fn analysed_winning(session: &mut Box<dyn AnySession>) -> BTreeSet<(usize, usize, bool)> {
    session
        .analysis()
        .winning_moves()
        .map(|m| match &m.anchor {
            Region::Cells { cells } => (
                cells[0][0] as usize,
                cells[0][1] as usize,
                m.variant.as_deref() == Some("H"),
            ),
            other => panic!("unexpected anchor {other:?}"),
        })
        .collect()
}

#[test]
fn agrees_with_brute_force_on_random_grids_and_their_continuations() {
    let mut rng = Rng::new(3);
    let mut checked = 0;
    for _ in 0..1200 {
        let (rows, cols, radioactive) = random_grid(&mut rng);
        let input = text(rows, cols, &radioactive);
        let mut brute = Brute::new(rows, cols, radioactive, false);
        let expected = brute.winning_moves(0);
        assert_eq!(
            games::solve("bacterial-tactics", &input).unwrap(),
            format!("Case #1: {}\n", expected.len()),
            "{input}"
        );
        let mut session = games::open("bacterial-tactics", &input, 0).unwrap();
        // Follow a random line of play, comparing every position on the way.
        loop {
            let mask = occupied(&mut session);
            assert_eq!(
                analysed_winning(&mut session),
                brute.winning_moves(mask),
                "{input} after {}",
                session.text()
            );
            assert_eq!(!session.analysis().nimber.is_zero(), brute.wins(mask));
            checked += 1;
            let count = session.analysis().moves.len();
            if count == 0 {
                break;
            }
            session.play(rng.below(count) as u32).unwrap();
        }
    }
    assert!(checked > 2000, "only {checked} positions checked");
}

#[test]
fn contest_files_agree_with_brute_force_case_by_case() {
    // The cases of one file share what earlier cases solved (one-cell
    // rectangles by shape), so a file's answers are checked as a whole.
    let mut rng = Rng::new(21);
    for _ in 0..12 {
        let mut input = "100\n".to_string();
        let mut expected = String::new();
        for case in 1..=100 {
            let (rows, cols, radioactive) = random_grid(&mut rng);
            input += text(rows, cols, &radioactive)
                .strip_prefix("1\n")
                .expect("one case");
            let mut brute = Brute::new(rows, cols, radioactive, false);
            let count = brute.winning_moves(0).len();
            expected += &format!("Case #{case}: {count}\n");
        }
        assert_eq!(
            games::solve("bacterial-tactics", &input).unwrap(),
            expected,
            "{input}"
        );
    }
}

#[test]
fn painting_radioactive_cells_keeps_agreeing_with_brute_force() {
    // An edit keeps the nimbers of rectangles without a changed cell: each
    // paint is checked against a search of the new layout from scratch.
    let mut rng = Rng::new(8);
    for _ in 0..300 {
        let (rows, cols, mut radioactive) = random_grid(&mut rng);
        let mut session =
            games::open("bacterial-tactics", &text(rows, cols, &radioactive), 0).unwrap();
        for _ in 0..6 {
            let cell = rng.below(rows * cols);
            radioactive[cell] = !radioactive[cell];
            let edit = Edit::Paint {
                row: (cell / cols) as u32,
                col: (cell % cols) as u32,
                tile: if radioactive[cell] { '#' } else { '.' },
            };
            session.edit(&edit).unwrap();
            let mut brute = Brute::new(rows, cols, radioactive.clone(), false);
            assert_eq!(
                analysed_winning(&mut session),
                brute.winning_moves(0),
                "{}",
                session.text()
            );
        }
    }
}

#[test]
fn optimal_ai_never_loses_to_random() {
    common::optimal_beats_random_from("bacterial-tactics", 4, 200, |rng| {
        let (rows, cols) = (2 + rng.below(5), 2 + rng.below(5));
        let hot: Vec<bool> = (0..rows * cols).map(|_| rng.unit() < 0.15).collect();
        text(rows, cols, &hot)
    });
}

#[test]
fn official_samples() {
    let input =
        "5\n2 2\n..\n.#\n4 4\n.#..\n..#.\n#...\n...#\n3 4\n#.##\n....\n#.##\n1 1\n.\n1 2\n##\n";
    assert_eq!(
        games::solve("bacterial-tactics", input).unwrap(),
        "Case #1: 0\nCase #2: 0\nCase #3: 7\nCase #4: 2\nCase #5: 0\n"
    );
}

#[test]
fn errors_name_the_case_line_and_column() {
    let cases = [
        ("2\n1 2\n..\n2 2\n.#\n.x\n", "case 2 of 2", 6, 2),
        ("1\n2 3\n...\n....\n", "row 2 has 4 characters", 4, 1),
        (
            "1\n41 2\n",
            "R, the number of rows must be a whole number from 1 to 40",
            2,
            1,
        ),
        ("1\n2 0\n", "C, the number of columns", 2, 3),
        ("3\n1 1\n.\n", "case 2 of 3: expected R", 4, 0),
        (
            "1\n1 1\n.\n1 1\n.\n",
            "unexpected '1' after the last of the 1 cases T announces",
            4,
            1,
        ),
    ];
    for (input, message, line, column) in cases {
        let err = games::solve("bacterial-tactics", input).unwrap_err();
        assert!(err.to_string().contains(message), "{input:?}: {err}");
        assert_eq!(err.line, Some(line), "{input:?}: {err}");
        if column > 0 {
            assert_eq!(err.column, Some(column), "{input:?}: {err}");
        }
    }
}

#[test]
fn mutating_placements_are_reported_apart_from_moves() {
    let mut session = games::open("bacterial-tactics", "1\n2 3\n.#.\n...\n", 0).unwrap();
    let analysis = session.analysis();
    // Row 1 holds the # so no H there; column 2 holds it so no V there.
    assert!(analysis
        .moves
        .iter()
        .all(|m| m.label != "H at row 1, column 1"));
    let forfeit = analysis
        .forfeits
        .iter()
        .find(|f| f.label == "H at row 1, column 1 would mutate")
        .unwrap();
    assert_eq!(
        forfeit.footprint,
        Region::Rect {
            row: 0,
            col: 0,
            rows: 1,
            cols: 2
        }
    );
    assert!(analysis
        .forfeits
        .iter()
        .any(|f| f.label == "V at row 2, column 2 would mutate"));
}

#[test]
fn text_round_trips_after_moves() {
    let mut session = games::open("bacterial-tactics", "1\n3 4\n....\n.#..\n....\n", 0).unwrap();
    let h = session
        .analysis()
        .moves
        .iter()
        .find(|m| m.label == "H at row 1, column 1")
        .unwrap()
        .id;
    session.play(h).unwrap();
    assert_eq!(session.text(), "1\n3 4\n----\n.#..\n....\n");
    let reopened = games::open("bacterial-tactics", &session.text(), 0)
        .unwrap()
        .analysis()
        .clone();
    assert_eq!(reopened.components, session.analysis().components);
    let err = games::open("bacterial-tactics", "1\n2 2\n-.\n..\n", 0)
        .err()
        .unwrap();
    assert!(
        err.message.contains("does not run across its whole region"),
        "{err}"
    );
}

#[test]
fn misere_outcomes_and_winning_moves_agree_with_brute_force() {
    let mut rng = Rng::new(31);
    // Positions past the search budget say so; 500 that are not must agree.
    let mut answered = 0;
    while answered < 500 {
        let (rows, cols, radioactive) = random_grid(&mut rng);
        let input = text(rows, cols, &radioactive);
        let mut brute = Brute::new(rows, cols, radioactive, true);
        let mut session = games::open("bacterial-tactics", &input, 0).unwrap();
        session.set_convention(Convention::Misere);
        let report = session.analysis().misere.clone().unwrap();
        let Some(outcome) = report.outcome else {
            continue;
        };
        answered += 1;
        assert_eq!(outcome == Outcome::Next, brute.wins(0), "{input}");
        assert_eq!(
            analysed_winning(&mut session),
            brute.winning_moves(0),
            "{input}"
        );
    }
}
