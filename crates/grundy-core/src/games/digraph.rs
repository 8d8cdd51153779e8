//! Tokens on a directed graph, cycles allowed: a move slides one token
//! along one edge. Play may go on forever, so values are Smith's
//! generalised Sprague–Grundy values: a finite mex where play from a vertex
//! is finite, else ∞ with the set K of finite values among its followers.
//! Answered on the command line.

use super::hackenbush::{read_coordinates, read_graph};
use crate::game::GameError;
use crate::input::Scanner;
use std::collections::BTreeSet;

pub const MAX_VERTICES: usize = 10_000;
pub const MAX_EDGES: usize = 50_000;
pub const MAX_TOKENS: usize = 16;

/// A directed graph and the vertices its tokens stand on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub vertices: usize,
    pub edges: Vec<(usize, usize)>,
    pub tokens: Vec<usize>,
}

/// Smith's value of one vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Finite(u32),
    /// Play can go on forever; `K` holds the finite values of the followers.
    Infinite(BTreeSet<u32>),
}

/// Reads `n m`, m edges `u v`, `t`, t token vertices, optional coordinates.
pub fn parse(text: &str) -> Result<Position, GameError> {
    let mut scanner = Scanner::new(text);
    let (vertices, edges) = read_graph(&mut scanner, MAX_VERTICES, MAX_EDGES, ["start", "end"])?;
    let last = vertices - 1;
    let t = scanner.number("the number of tokens t", 1, MAX_TOKENS)?;
    let tokens = (1..=t)
        .map(|index| scanner.number(&format!("token {index}'s vertex"), 0, last))
        .collect::<Result<Vec<_>, _>>()?;
    // The drawing coordinates are not part of the game.
    read_coordinates(&mut scanner, vertices)?;
    Ok(Position {
        vertices,
        edges,
        tokens,
    })
}

/// Every vertex's value, by the standard iterative labelling: round i
/// labels i every vertex with no follower labelled i all of whose
/// unlabelled or ∞ followers have one, then labels ∞ every vertex left
/// without a follower labelled i.
pub fn values(vertices: usize, edges: &[(usize, usize)]) -> Vec<Value> {
    let mut followers = vec![Vec::new(); vertices];
    let mut leaders = vec![Vec::new(); vertices];
    for &(u, v) in edges {
        followers[u].push(v);
        leaders[v].push(u);
    }
    const UNLABELLED: u32 = u32::MAX;
    const INFINITE: u32 = u32::MAX - 1;
    let mut label = vec![UNLABELLED; vertices];
    let mut round = 0;
    while label.contains(&UNLABELLED) {
        // How many edges lead to a follower that is unlabelled or ∞ and has
        // no follower labelled `round` yet.
        let mut open = vec![0usize; vertices];
        let mut reaches = vec![false; vertices];
        for u in 0..vertices {
            open[u] = followers[u]
                .iter()
                .filter(|&&v| label[v] >= INFINITE)
                .count();
        }
        let mut queue: Vec<usize> = (0..vertices)
            .filter(|&u| label[u] == UNLABELLED && open[u] == 0)
            .collect();
        while let Some(u) = queue.pop() {
            if label[u] != UNLABELLED || reaches[u] {
                continue;
            }
            label[u] = round;
            // Its leaders now reach `round`; theirs lose one open follower.
            for &p in &leaders[u] {
                if reaches[p] {
                    continue;
                }
                reaches[p] = true;
                if label[p] >= INFINITE {
                    for &q in &leaders[p] {
                        open[q] -= 1;
                        if open[q] == 0 && label[q] == UNLABELLED && !reaches[q] {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        for u in 0..vertices {
            if label[u] == UNLABELLED && !reaches[u] {
                label[u] = INFINITE;
            }
        }
        round += 1;
    }
    (0..vertices)
        .map(|u| match label[u] {
            INFINITE => Value::Infinite(
                followers[u]
                    .iter()
                    .filter(|&&v| label[v] < INFINITE)
                    .map(|&v| label[v])
                    .collect(),
            ),
            finite => Value::Finite(finite),
        })
        .collect()
}

/// Who wins: `First`, `Second` or `Draw`, by Smith's rule for sums.
pub fn outcome(position: &Position) -> &'static str {
    let values = values(position.vertices, &position.edges);
    let mut xor = 0;
    let mut infinite = Vec::new();
    for &token in &position.tokens {
        match &values[token] {
            Value::Finite(v) => xor ^= v,
            Value::Infinite(k) => infinite.push(k),
        }
    }
    match infinite[..] {
        [] if xor != 0 => "First",
        [] => "Second",
        [k] if k.contains(&xor) => "First",
        _ => "Draw",
    }
}

/// `grundy solve digraph`.
pub fn solve(text: &str) -> Result<String, GameError> {
    Ok(format!("{}\n", outcome(&parse(text)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finite_cyclic_and_drawn_positions() {
        // A path 0 → 1 → 2: values 0, 1, 0 from the end.
        assert_eq!(
            values(3, &[(0, 1), (1, 2)]),
            [Value::Finite(0), Value::Finite(1), Value::Finite(0)]
        );
        assert_eq!(solve("3 2\n0 1\n1 2\n1\n1\n").unwrap(), "First\n");
        assert_eq!(solve("3 2\n0 1\n1 2\n1\n0\n").unwrap(), "Second\n");
        // A loop alone: play goes on forever.
        assert_eq!(values(1, &[(0, 0)]), [Value::Infinite(BTreeSet::new())]);
        assert_eq!(solve("1 1\n0 0\n1\n0\n").unwrap(), "Draw\n");
        // A loop with an exit to a dead end: ∞ with K = {0}, so the mover wins.
        assert_eq!(solve("2 2\n0 0\n0 1\n1\n0\n").unwrap(), "First\n");
        // Two such tokens: xor of the other (∞) is not finite, so a draw.
        assert_eq!(solve("2 2\n0 0\n0 1\n2\n0 0\n").unwrap(), "Draw\n");
    }
}
