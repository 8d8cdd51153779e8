//! Coin-turning games against an exhaustive search over whole rows and
//! grids, written from the rules in GAMES.md: no value formula, only the
//! moves and the mex.

use grundy_core::games;
use grundy_core::rng::Rng;
use std::collections::HashMap;

/// The rows a move of `rule` leaves, a row being bits: bit i is coin i + 1, heads when set.
fn row_moves(rule: &str, row: u32, len: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for n in 0..len {
        if row & (1 << n) == 0 {
            continue;
        }
        let at = 1 << n;
        match rule {
            "turtles" => {
                out.push(row ^ at);
                out.extend((0..n).map(|m| row ^ at ^ (1 << m)));
            }
            "mock-turtles" => {
                out.push(row ^ at);
                for m in 0..n {
                    out.push(row ^ at ^ (1 << m));
                    out.extend((0..m).map(|l| row ^ at ^ (1 << m) ^ (1 << l)));
                }
            }
            "ruler" => {
                out.extend((0..=n).map(|start| row ^ (((1 << (n + 1)) - 1) & !((1 << start) - 1))))
            }
            "twins" => out.extend((0..n).map(|m| row ^ at ^ (1 << m))),
            _ => unreachable!(),
        }
    }
    out
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: std::collections::HashSet<u32> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

fn grundy(moves: &dyn Fn(u32) -> Vec<u32>, position: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&v) = memo.get(&position) {
        return v;
    }
    let options: Vec<u32> = moves(position)
        .into_iter()
        .map(|next| grundy(moves, next, memo))
        .collect();
    let value = mex(options);
    memo.insert(position, value);
    value
}

fn text_of(bits: u32, len: u32) -> String {
    (0..len)
        .map(|i| if bits & (1 << i) != 0 { 'H' } else { 'T' })
        .collect()
}

#[test]
fn every_rule_agrees_with_a_search_over_whole_rows() {
    let mut rng = Rng::new(14);
    for rule in ["turtles", "mock-turtles", "ruler", "twins"] {
        let mut memo = HashMap::new();
        for _ in 0..150 {
            let len = 1 + rng.below(11) as u32;
            let row = rng.below(1 << len) as u32;
            let moves = |r: u32| row_moves(rule, r, len);
            let expected = grundy(&moves, row, &mut memo);
            let text = format!("{rule}\n{}\n", text_of(row, len));
            assert_eq!(games::nimber("coins", &text).unwrap().0, expected, "{text}");
            memo.clear();
            // Every move the analysis lists leads where it says, with the value it says.
            let mut session = games::open("coins", &text, 0).unwrap();
            let analysis = session.analysis().clone();
            assert_eq!(analysis.moves.len(), moves(row).len(), "{text}");
            for m in &analysis.moves {
                session.play(m.id).unwrap();
                let after = games::nimber("coins", &session.text()).unwrap();
                assert_eq!(after, m.after, "{text} {}", m.label);
                session.undo();
            }
        }
    }
}

#[test]
fn turning_corners_agrees_with_a_search_over_whole_grids() {
    let mut rng = Rng::new(41);
    for _ in 0..60 {
        let (rows, cols) = (1 + rng.below(4), 1 + rng.below(4));
        let cells = rows * cols;
        let grid = rng.below(1 << cells) as u32;
        let moves = |g: u32| {
            let mut out = Vec::new();
            for x in 0..rows {
                for y in 0..cols {
                    if g & (1 << (x * cols + y)) == 0 {
                        continue;
                    }
                    for a in 0..x {
                        for b in 0..y {
                            let corners = [(a, b), (a, y), (x, b), (x, y)]
                                .iter()
                                .fold(0, |m, &(r, c)| m ^ (1 << (r * cols + c)));
                            out.push(g ^ corners);
                        }
                    }
                }
            }
            out
        };
        let expected = grundy(&moves, grid, &mut HashMap::new());
        let text: String = (0..rows)
            .map(|r| format!("{}\n", text_of(grid >> (r * cols), cols as u32)))
            .collect();
        assert_eq!(
            games::nimber("corners", &text).unwrap().0,
            expected,
            "{text}"
        );
        let mut session = games::open("corners", &text, 0).unwrap();
        let listed: Vec<_> = session.analysis().moves.clone();
        assert_eq!(listed.len(), moves(grid).len(), "{text}");
        for m in &listed {
            session.play(m.id).unwrap();
            assert_eq!(
                games::nimber("corners", &session.text()).unwrap(),
                m.after,
                "{text} {}",
                m.label
            );
            session.undo();
        }
    }
}

#[test]
fn the_samples_of_games_md_answer_as_it_says() {
    assert_eq!(games::solve("coins", "turtles\nTHTH\n").unwrap(), "First\n");
    assert_eq!(games::nimber("coins", "turtles\nTHTH\n").unwrap().0, 6);
    // A 64 × 64 grid all heads: the ⊕ of x ⊗ y over every cell.
    let full = "H".repeat(64) + "\n";
    assert_eq!(games::nimber("corners", &full.repeat(64)).unwrap().0, 0);
}
