//! Cram, Chomp, Wythoff's queens, Node Kayles and Arc Kayles against a
//! search of whole positions that knows no Sprague–Grundy theory: a
//! position's nimber is k exactly when the position beside a Nim heap of k
//! is lost, which the search decides by trying every move of the whole.
//! The moves are written here from the rules, apart from the engine's.

mod common;

use grundy_core::games;
use grundy_core::rng::Rng;
use std::collections::HashMap;
use std::hash::Hash;

/// Whether the player to move loses `position` beside a heap of `heap`,
/// by trying every move; `moves` lists the positions one move away.
fn loses<P: Clone + Eq + Hash>(
    position: &P,
    heap: u32,
    moves: &dyn Fn(&P) -> Vec<P>,
    memo: &mut HashMap<(P, u32), bool>,
) -> bool {
    if let Some(&lost) = memo.get(&(position.clone(), heap)) {
        return lost;
    }
    let wins = (0..heap).any(|smaller| loses(position, smaller, moves, memo))
        || moves(position)
            .iter()
            .any(|next| loses(next, heap, moves, memo));
    memo.insert((position.clone(), heap), !wins);
    !wins
}

/// The nimber the whole-position search finds: the heap it loses beside.
fn searched_nimber<P: Clone + Eq + Hash>(
    position: &P,
    moves: &dyn Fn(&P) -> Vec<P>,
    memo: &mut HashMap<(P, u32), bool>,
) -> u32 {
    (0..).find(|&k| loses(position, k, moves, memo)).unwrap()
}

/// Checks the engine's nimber of `text`, and the value it gives after each
/// move, against the search.
fn agrees<P: Clone + Eq + Hash>(
    game: &str,
    text: &str,
    read: &dyn Fn(&str) -> P,
    moves: &dyn Fn(&P) -> Vec<P>,
    memo: &mut HashMap<(P, u32), bool>,
) {
    let position = read(text);
    let expected = searched_nimber(&position, moves, memo);
    assert_eq!(
        games::nimber(game, text).unwrap().0,
        expected,
        "{game}:\n{text}"
    );
    let mut session = games::open(game, text, 0).unwrap();
    let analysis = session.analysis().clone();
    assert_eq!(
        analysis.moves.len(),
        moves(&position).len(),
        "{game}: moves of\n{text}"
    );
    for m in &analysis.moves {
        session.play(m.id).unwrap();
        let after = read(&session.text());
        assert!(
            loses(&after, m.after.0, moves, memo),
            "{game}: after '{}' the value is not {}:\n{text}",
            m.label,
            m.after
        );
        session.undo();
    }
}

/// A grid's rows as text.
fn rows(grid: &[Vec<bool>]) -> String {
    grid.iter()
        .map(|row| {
            row.iter()
                .map(|&e| if e { '.' } else { '#' })
                .chain(['\n'])
                .collect::<String>()
        })
        .collect()
}

#[test]
fn cram_agrees_with_the_whole_board_search() {
    let read = |text: &str| -> Vec<Vec<bool>> {
        text.lines()
            .map(|l| l.chars().map(|c| c == '.').collect())
            .collect()
    };
    let moves = |grid: &Vec<Vec<bool>>| -> Vec<Vec<Vec<bool>>> {
        let mut next = Vec::new();
        for r in 0..grid.len() {
            for c in 0..grid[r].len() {
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if grid[r][c] && grid.get(r2).and_then(|row| row.get(c2)) == Some(&true) {
                        let mut after = grid.clone();
                        after[r][c] = false;
                        after[r2][c2] = false;
                        next.push(after);
                    }
                }
            }
        }
        next
    };
    let mut memo = HashMap::new();
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        let (h, w) = (1 + rng.below(4), 1 + rng.below(5));
        let grid: Vec<Vec<bool>> = (0..h)
            .map(|_| (0..w).map(|_| rng.below(10) < 7).collect())
            .collect();
        agrees("cram", &rows(&grid), &read, &moves, &mut memo);
    }
    // Five rows of five, sparse enough for tufts, bridges and squares with
    // free corners, which the engine simplifies before it searches.
    for _ in 0..150 {
        let grid: Vec<Vec<bool>> = (0..5)
            .map(|_| (0..5).map(|_| rng.below(10) < 6).collect())
            .collect();
        agrees("cram", &rows(&grid), &read, &moves, &mut memo);
    }
    // Regions searched in two words (five to eight rows however they lie)
    // and in four (nine or more): a row and a column across a square, and
    // cells grown beside them.
    for side in [5, 6, 8, 9, 10] {
        for _ in 0..4 {
            let mut grid = vec![vec![false; side]; side];
            let (row, col) = (rng.below(side), rng.below(side));
            grid[row] = vec![true; side];
            for cells in &mut grid {
                cells[col] = true;
            }
            for _ in 0..4 {
                let (r, c) = (rng.below(side), rng.below(side));
                let beside = [(r + 1, c), (r, c + 1)]
                    .iter()
                    .chain(&[(r.wrapping_sub(1), c), (r, c.wrapping_sub(1))])
                    .any(|&(nr, nc)| nr < side && nc < side && grid[nr][nc]);
                grid[r][c] |= beside;
            }
            agrees("cram", &rows(&grid), &read, &moves, &mut memo);
        }
    }
    // Full boards, whose symmetric ones the engine answers by the copying strategy.
    for (h, w) in [(2, 2), (2, 4), (3, 3), (4, 4), (3, 4), (2, 5)] {
        agrees(
            "cram",
            &rows(&vec![vec![true; w]; h]),
            &read,
            &moves,
            &mut memo,
        );
    }
}

#[test]
fn chomp_agrees_with_the_whole_bar_search() {
    let read = |text: &str| -> Vec<u32> {
        text.split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect()
    };
    let moves = |bar: &Vec<u32>| -> Vec<Vec<u32>> {
        let mut next = Vec::new();
        for r in 0..bar.len() {
            for c in 0..bar[r] {
                if (r, c) != (0, 0) {
                    let after: Vec<u32> = bar
                        .iter()
                        .enumerate()
                        .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                        .filter(|&l| l > 0)
                        .collect();
                    next.push(after);
                }
            }
        }
        next
    };
    let mut memo = HashMap::new();
    let mut rng = Rng::new(5);
    for _ in 0..300 {
        let mut length = 1 + rng.below(6) as u32;
        let bar: Vec<u32> = (0..1 + rng.below(5))
            .map(|_| {
                length = 1 + rng.below(length as usize) as u32;
                length
            })
            .collect();
        let text = format!(
            "{}\n",
            bar.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        );
        agrees("chomp", &text, &read, &moves, &mut memo);
    }
}

#[test]
fn wythoff_agrees_with_the_whole_board_search() {
    let read = |text: &str| -> Vec<(u32, u32)> {
        text.lines()
            .map(|l| {
                let (x, y) = l.split_once(' ').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    };
    let moves = |queens: &Vec<(u32, u32)>| -> Vec<Vec<(u32, u32)>> {
        let mut next = Vec::new();
        for (i, &(x, y)) in queens.iter().enumerate() {
            let mut to = Vec::new();
            to.extend((0..x).map(|a| (a, y)));
            to.extend((0..y).map(|b| (x, b)));
            to.extend((1..=x.min(y)).map(|d| (x - d, y - d)));
            for square in to {
                let mut after = queens.clone();
                after[i] = square;
                next.push(after);
            }
        }
        next
    };
    let mut memo = HashMap::new();
    let mut rng = Rng::new(9);
    for _ in 0..200 {
        let queens: Vec<(u32, u32)> = (0..1 + rng.below(3))
            .map(|_| (rng.below(7) as u32, rng.below(7) as u32))
            .collect();
        let text: String = queens.iter().map(|(x, y)| format!("{x} {y}\n")).collect();
        agrees("wythoff", &text, &read, &moves, &mut memo);
    }
}

/// A graph read from `n m` and its edges: each vertex's neighbours.
fn read_graph(text: &str) -> (u64, Vec<u64>) {
    // Drawing coordinates follow the edges, and can be negative.
    let numbers: Vec<usize> = text
        .split_whitespace()
        .map(|t| t.parse::<i64>().unwrap() as usize)
        .collect();
    let (n, m) = (numbers[0], numbers[1]);
    let mut neighbours = vec![0u64; n];
    for e in 0..m {
        let (u, v) = (numbers[2 + 2 * e], numbers[3 + 2 * e]);
        neighbours[u] |= 1 << v;
        neighbours[v] |= 1 << u;
    }
    ((1 << n) - 1, neighbours)
}

/// A random graph on up to `most` vertices, as text.
fn random_graph(rng: &mut Rng, most: usize) -> String {
    let n = 1 + rng.below(most);
    let chance = 1 + rng.below(6);
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(10) < chance {
                edges.push(format!("{u} {v}\n"));
            }
        }
    }
    format!("{n} {}\n{}", edges.len(), edges.concat())
}

#[test]
fn node_and_arc_kayles_agree_with_the_whole_graph_search() {
    // A position is a graph on vertices 0 … n − 1, each vertex's neighbours:
    // the graph on the vertices left, numbered in order, as the engine writes it.
    let read = |text: &str| read_graph(text).1;
    let node = |graph: &Vec<u64>| -> Vec<Vec<u64>> {
        (0..graph.len())
            .map(|v| compact(all(graph.len()) & !(graph[v] | 1 << v), graph))
            .collect()
    };
    let arc = |graph: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut next = Vec::new();
        for u in 0..graph.len() {
            for v in u + 1..graph.len() {
                if graph[u] >> v & 1 == 1 {
                    next.push(compact(all(graph.len()) & !(1 << u | 1 << v), graph));
                }
            }
        }
        next
    };
    let (mut node_memo, mut arc_memo) = (HashMap::new(), HashMap::new());
    let mut rng = Rng::new(11);
    for _ in 0..250 {
        let text = random_graph(&mut rng, 9);
        agrees("node-kayles", &text, &read, &node, &mut node_memo);
        agrees("arc-kayles", &text, &read, &arc, &mut arc_memo);
    }
}

fn all(n: usize) -> u64 {
    (1 << n) - 1
}

/// The graph on the vertices of `left`, numbered in order.
fn compact(left: u64, neighbours: &[u64]) -> Vec<u64> {
    let kept: Vec<usize> = (0..neighbours.len())
        .filter(|&v| left >> v & 1 == 1)
        .collect();
    kept.iter()
        .map(|&v| {
            kept.iter()
                .enumerate()
                .filter(|&(_, &w)| neighbours[v] >> w & 1 == 1)
                .fold(0u64, |set, (i, _)| set | 1 << i)
        })
        .collect()
}

#[test]
fn the_optimal_computer_wins_every_won_start() {
    let starts = [
        ("cram", "....\n.#..\n....\n"),
        ("chomp", "4 4 4\n"),
        ("wythoff", "2 7\n5 5\n8 3\n"),
        (
            "node-kayles",
            "9 12\n0 1\n1 2\n3 4\n4 5\n6 7\n7 8\n0 3\n3 6\n1 4\n4 7\n2 5\n5 8\n",
        ),
        ("arc-kayles", "7 7\n0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n6 0\n"),
    ];
    for (game, text) in starts {
        for seed in 0..20 {
            common::optimal_beats_random(game, text, seed);
        }
    }
}

#[test]
fn a_graph_kayles_session_values_graph_after_graph_as_a_fresh_one_does() {
    // Values found by a part's shape are kept from one graph to the next;
    // the whole-graph search above checks a fresh solver's.
    for game in ["node-kayles", "arc-kayles"] {
        let mut session = games::open(game, "1 0\n", 0).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..300 {
            let text = random_graph(&mut rng, 14);
            session.load(&text, 0).unwrap();
            let kept = session.analysis().nimber;
            assert_eq!(kept, games::nimber(game, &text).unwrap(), "{game}:\n{text}");
        }
    }
}
