//! Staircase Nim, Northcott's game and Lasker's Nim against an exhaustive
//! search over whole positions, written from the rules in GAMES.md, and
//! each move checked as the Nim move it disguises.

use grundy_core::games;
use grundy_core::rng::Rng;
use std::collections::{HashMap, HashSet};

fn grundy(
    position: Vec<u32>,
    moves: &dyn Fn(&[u32]) -> Vec<Vec<u32>>,
    memo: &mut HashMap<Vec<u32>, u32>,
) -> u32 {
    if let Some(&v) = memo.get(&position) {
        return v;
    }
    let seen: HashSet<u32> = moves(&position)
        .into_iter()
        .map(|next| grundy(next, moves, memo))
        .collect();
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(position, value);
    value
}

/// Plays every listed move of `text` and checks the value it claims to leave.
fn moves_lead_where_they_say(game: &str, text: &str, expected_moves: usize) {
    let mut session = games::open(game, text, 0).unwrap();
    let listed = session.analysis().moves.clone();
    assert_eq!(listed.len(), expected_moves, "{game} {text}");
    for m in &listed {
        session.play(m.id).unwrap();
        assert_eq!(
            games::nimber(game, &session.text()).unwrap(),
            m.after,
            "{game} {text} {}",
            m.label
        );
        session.undo();
    }
}

#[test]
fn staircase_nim_agrees_with_a_search_and_is_nim_on_the_odd_steps() {
    let moves = |steps: &[u32]| {
        let mut out = Vec::new();
        for i in 0..steps.len() {
            for moved in 1..=steps[i] {
                let mut next = steps.to_vec();
                next[i] -= moved;
                if i > 0 {
                    next[i - 1] += moved;
                }
                out.push(next);
            }
        }
        out
    };
    let mut rng = Rng::new(7);
    let mut memo = HashMap::new();
    for _ in 0..200 {
        let steps: Vec<u32> = (0..1 + rng.below(4)).map(|_| rng.below(4) as u32).collect();
        let text = format!(
            "{}\n",
            steps
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        let expected = grundy(steps.clone(), &moves, &mut memo);
        assert_eq!(
            games::nimber("staircase", &text).unwrap().0,
            expected,
            "{text}"
        );
        let odd: u32 = steps.iter().step_by(2).fold(0, |x, &c| x ^ c);
        assert_eq!(expected, odd, "{text}: the Nim heaps are the odd steps");
        moves_lead_where_they_say("staircase", &text, moves(&steps).len());
    }
}

#[test]
fn northcott_agrees_with_a_search_over_whole_boards() {
    // A row as (width, left, right); a board as their flattened triples.
    let moves = |board: &[u32]| {
        let mut out = Vec::new();
        for r in 0..board.len() / 3 {
            let (left, right) = (board[3 * r + 1], board[3 * r + 2]);
            for to in left + 1..right {
                for side in [1, 2] {
                    let mut next = board.to_vec();
                    next[3 * r + side] = to;
                    out.push(next);
                }
            }
        }
        out
    };
    let mut rng = Rng::new(8);
    let mut memo = HashMap::new();
    for _ in 0..150 {
        let mut board = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let width = 2 + rng.below(6) as u32;
            let left = 1 + rng.below(width as usize - 1) as u32;
            let right = left + 1 + rng.below((width - left) as usize) as u32;
            board.extend([width, left, right]);
        }
        let text: String = board
            .chunks(3)
            .map(|r| format!("{} {} {}\n", r[0], r[1], r[2]))
            .collect();
        assert_eq!(
            games::nimber("northcott", &text).unwrap().0,
            grundy(board.clone(), &moves, &mut memo),
            "{text}"
        );
        moves_lead_where_they_say("northcott", &text, moves(&board).len());
    }
}

#[test]
fn lasker_agrees_with_a_search_over_whole_positions() {
    let moves = |heaps: &[u32]| {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            let h = heaps[i];
            let mut rest = heaps.to_vec();
            rest.remove(i);
            for left in 0..h {
                let mut next = rest.clone();
                next.push(left);
                out.push(next);
            }
            for small in 1..=h / 2 {
                let mut next = rest.clone();
                next.extend([small, h - small]);
                out.push(next);
            }
        }
        out.iter_mut().for_each(|p| {
            p.retain(|&h| h > 0);
            p.sort_unstable();
        });
        out
    };
    let mut rng = Rng::new(9);
    let mut memo = HashMap::new();
    for _ in 0..150 {
        let heaps: Vec<u32> = (0..1 + rng.below(3))
            .map(|_| rng.below(10) as u32)
            .collect();
        let text = format!(
            "{}\n",
            heaps
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        assert_eq!(
            games::nimber("lasker", &text).unwrap().0,
            grundy(key, &moves, &mut memo),
            "{text}"
        );
        let count: u32 = heaps.iter().map(|&h| h + h / 2).sum();
        moves_lead_where_they_say("lasker", &text, count as usize);
    }
}

#[test]
fn bad_positions_say_where() {
    let err = games::nimber("northcott", "6 4 2\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(1), Some(5)));
    assert!(
        err.message.contains("right of its left one"),
        "{}",
        err.message
    );
    let err = games::nimber("staircase", "2 x 1\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(1), Some(3)));
    let err = games::nimber("lasker", "3 x\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(1), Some(3)));
}
