//! Green Hackenbush on any graph: a move chops an edge, and whatever no
//! longer reaches the ground falls. Values by the fusion principle (the
//! vertices of a cycle fuse into one, its edges becoming loops worth *1
//! each) and the colon principle (a branch on a stalk of one edge is worth
//! one more than the branch). Answered on the command line.

use crate::game::GameError;
use crate::input::Scanner;
use crate::nimber::Nimber;

pub const MAX_VERTICES: usize = 1000;
pub const MAX_EDGES: usize = 1000;

/// A picture: vertex 0 is the ground; edges are pairs of vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub vertices: usize,
    pub edges: Vec<(usize, usize)>,
}

/// Reads `n m`, m edges `u v`, and optionally n lines of coordinates.
pub fn parse(text: &str) -> Result<Picture, GameError> {
    let mut scanner = Scanner::new(text);
    let ends = ["first vertex", "second vertex"];
    let (vertices, edges) = read_graph(&mut scanner, MAX_VERTICES, MAX_EDGES, ends)?;
    read_coordinates(&mut scanner, vertices)?;
    Ok(Picture { vertices, edges })
}

/// Reads `n m` and m edges `u v` with vertices below n, naming an edge's
/// two ends as `ends` says; the graph games share this start.
pub fn read_graph(
    scanner: &mut Scanner<'_>,
    max_vertices: usize,
    max_edges: usize,
    ends: [&str; 2],
) -> Result<(usize, Vec<(usize, usize)>), GameError> {
    let vertices = scanner.number("the number of vertices n", 1, max_vertices)?;
    let count = scanner.number("the number of edges m", 0, max_edges)?;
    let last = vertices - 1;
    let mut edges = Vec::with_capacity(count);
    for index in 1..=count {
        let u = scanner.number(&format!("edge {index}'s {}", ends[0]), 0, last)?;
        let v = scanner.number(&format!("edge {index}'s {}", ends[1]), 0, last)?;
        edges.push((u, v));
    }
    Ok((vertices, edges))
}

/// Skips the optional drawing coordinates: none, or exactly one `x y` per vertex.
pub fn read_coordinates(scanner: &mut Scanner<'_>, vertices: usize) -> Result<(), GameError> {
    if scanner.is_done() {
        return Ok(());
    }
    for vertex in 0..vertices {
        for axis in ["x", "y"] {
            scanner.number(
                &format!("vertex {vertex}'s {axis} coordinate"),
                i64::MIN,
                i64::MAX,
            )?;
        }
    }
    scanner.finish("the coordinates")
}

/// The nimber of a picture: the ⊕ of its pieces standing on the ground.
pub fn nimber(picture: &Picture) -> Nimber {
    let n = picture.vertices;
    let mut adjacency: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (id, &(u, v)) in picture.edges.iter().enumerate() {
        if u != v {
            adjacency[u].push((v, id));
            adjacency[v].push((u, id));
        }
    }
    let bridges = bridges(n, picture.edges.len(), &adjacency);
    // Fuse each 2-edge-connected block: vertices joined without bridges.
    let mut block = vec![usize::MAX; n];
    let mut blocks = 0;
    for start in 0..n {
        if block[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        block[start] = blocks;
        while let Some(u) = stack.pop() {
            for &(v, id) in &adjacency[u] {
                if !bridges[id] && block[v] == usize::MAX {
                    block[v] = blocks;
                    stack.push(v);
                }
            }
        }
        blocks += 1;
    }
    // Each block's loops: its own, and every edge inside it (a cycle's edges).
    let mut block_loops = vec![0u32; blocks];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); blocks];
    for (id, &(u, v)) in picture.edges.iter().enumerate() {
        if u == v || !bridges[id] {
            block_loops[block[u]] += 1;
        } else {
            tree[block[u]].push(block[v]);
            tree[block[v]].push(block[u]);
        }
    }
    // The colon principle over the tree of blocks, from the ground's block;
    // blocks the ground does not reach have fallen.
    let root = block[0];
    let mut order = vec![root];
    let mut parent = vec![usize::MAX; blocks];
    parent[root] = root;
    let mut index = 0;
    while index < order.len() {
        let b = order[index];
        index += 1;
        for &c in &tree[b] {
            if parent[c] == usize::MAX {
                parent[c] = b;
                order.push(c);
            }
        }
    }
    let mut value = vec![0u32; blocks];
    for &b in order.iter().rev() {
        value[b] ^= block_loops[b] & 1;
        if b != root {
            value[parent[b]] ^= value[b] + 1;
        }
    }
    Nimber(value[root])
}

/// Which edges are bridges, by an iterative depth-first search.
fn bridges(n: usize, edge_count: usize, adjacency: &[Vec<(usize, usize)>]) -> Vec<bool> {
    let mut bridge = vec![false; edge_count];
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut time = 0;
    for start in 0..n {
        if order[start] != usize::MAX {
            continue;
        }
        // (vertex, edge it was entered by, next neighbour to look at)
        let mut stack = vec![(start, usize::MAX, 0usize)];
        order[start] = time;
        low[start] = time;
        time += 1;
        while let Some(top) = stack.last_mut() {
            let (u, via) = (top.0, top.1);
            let next = adjacency[u].get(top.2).copied();
            top.2 += 1;
            if let Some((v, id)) = next {
                if id == via {
                    continue;
                }
                if order[v] == usize::MAX {
                    order[v] = time;
                    low[v] = time;
                    time += 1;
                    stack.push((v, id, 0));
                } else {
                    low[u] = low[u].min(order[v]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[u]);
                    if low[u] > order[p] {
                        bridge[via] = true;
                    }
                }
            }
        }
    }
    bridge
}

/// `grundy solve hackenbush`: `First` if the player to move wins.
pub fn solve(text: &str) -> Result<String, GameError> {
    let won = !nimber(&parse(text)?).is_zero();
    Ok(if won { "First\n" } else { "Second\n" }.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> u32 {
        nimber(&parse(text).unwrap()).0
    }

    #[test]
    fn the_sample_and_the_classic_shapes() {
        assert_eq!(value("4 3\n0 1\n1 2\n0 3\n"), 3);
        // Two parallel edges from the ground: chopping one leaves *1, so *0.
        assert_eq!(value("2 2\n0 1\n0 1\n"), 0);
        // A loop on the ground is *1; a triangle on the ground fuses to 3 loops.
        assert_eq!(value("1 1\n0 0\n"), 1);
        assert_eq!(value("3 3\n0 1\n1 2\n2 0\n"), 1);
        // Edges that do not reach the ground have fallen.
        assert_eq!(value("4 2\n0 1\n2 3\n"), 1);
        // Coordinates are read and ignored; a partial set is an error.
        assert_eq!(value("2 1\n0 1\n0 0\n5 -3\n"), 1);
        assert!(parse("2 1\n0 1\n0 0\n5\n").is_err());
        assert!(parse("2 1\n0 2\n").is_err());
    }
}
