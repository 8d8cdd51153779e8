//! Green Hackenbush on any graph: a move chops an edge, and whatever no
//! longer reaches the ground falls. Values by the fusion principle (the
//! vertices of a cycle fuse into one, its edges becoming loops worth *1
//! each) and the colon principle (a branch on a stalk of one edge is worth
//! one more than the branch). Pieces that meet only at the ground are the
//! components; a chop's value recomputes only its own piece.

use crate::analysis::{Analysis, Board, Component, Edit, MoveInfo, Region, MAX_PARTS};
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::graph::{
    edit_drawing, layered_layout, read_coordinates, read_graph, Adjacency, DrawingRules, Picture,
    SPACING,
};
use crate::input::Scanner;
use crate::key::KeyHasher;
use crate::nimber::Nimber;
use crate::rng::Rng;

pub const MAX_VERTICES: usize = 1000;
pub const MAX_EDGES: usize = 1000;
/// Reads `n m`, m edges `u v`, and optionally n lines of coordinates; a
/// picture without them is laid out in rows by distance from the ground.
pub fn parse(text: &str) -> Result<Picture, GameError> {
    let mut scanner = Scanner::new(text);
    let ends = ["first vertex", "second vertex"];
    let (vertices, edges) = read_graph(&mut scanner, 1, MAX_VERTICES, MAX_EDGES, ends)?;
    let points = read_coordinates(&mut scanner, vertices)?
        .unwrap_or_else(|| layered_layout(vertices, &edges));
    Ok(Picture { edges, points })
}

/// The nimber of a picture: the ⊕ of its pieces standing on the ground.
pub fn nimber(picture: &Picture) -> Nimber {
    value(picture.vertices(), &picture.edges)
}

/// The nimber of the edges `edges` on `n` vertices, vertex 0 the ground.
fn value(n: usize, edges: &[(usize, usize)]) -> Nimber {
    let adjacency = Adjacency::new(n, edges);
    let bridges = bridges(n, edges.len(), &adjacency);
    // Fuse each 2-edge-connected block: vertices joined without bridges.
    let mut block = vec![usize::MAX; n];
    let mut blocks = 0;
    let mut stack = Vec::new();
    for start in 0..n {
        if block[start] != usize::MAX {
            continue;
        }
        stack.push(start);
        block[start] = blocks;
        while let Some(u) = stack.pop() {
            for &(v, id) in adjacency.of(u) {
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
    let mut tree_edges = Vec::new();
    for (id, &(u, v)) in edges.iter().enumerate() {
        if u == v || !bridges[id] {
            block_loops[block[u]] += 1;
        } else {
            tree_edges.push((block[u], block[v]));
        }
    }
    let tree = Adjacency::new(blocks, &tree_edges);
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
        for &(c, _) in tree.of(b) {
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
fn bridges(n: usize, edge_count: usize, adjacency: &Adjacency) -> Vec<bool> {
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
            let next = adjacency.of(u).get(top.2).copied();
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

/// Which edges still reach the ground.
fn standing(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
    let adjacency = Adjacency::new(n, edges);
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(u) = stack.pop() {
        for &(v, _) in adjacency.of(u) {
            if !reached[v] {
                reached[v] = true;
                stack.push(v);
            }
        }
    }
    edges.iter().map(|&(u, _)| reached[u]).collect()
}

/// The pieces of a picture of `n` vertices: groups of edges that meet only
/// at the ground, each a list of indices into `edges` in increasing order.
/// Edges that do not reach the ground belong to none.
fn pieces(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let up = standing(n, edges);
    // Union-find over the vertices above the ground.
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut v: usize) -> usize {
        while parent[v] != v {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        v
    }
    for &(u, v) in edges {
        if u != 0 && v != 0 {
            let (a, b) = (root(&mut parent, u), root(&mut parent, v));
            parent[a] = b;
        }
    }
    let mut index_of_root = vec![usize::MAX; n];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (k, &(u, v)) in edges.iter().enumerate() {
        if !up[k] {
            continue;
        }
        if u == 0 && v == 0 {
            groups.push(vec![k]);
            continue;
        }
        let r = root(&mut parent, if u == 0 { v } else { u });
        if index_of_root[r] == usize::MAX {
            index_of_root[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[index_of_root[r]].push(k);
    }
    groups
}

/// The edges `ids` of a picture on vertices renumbered 0 (the ground), 1,
/// 2, … in order, with how many there are: the work on one piece is then
/// in proportion to the piece, not to the picture.
fn compact(picture: &Picture, ids: &[usize]) -> (usize, Vec<(usize, usize)>) {
    let mut used: Vec<usize> = ids
        .iter()
        .flat_map(|&id| [picture.edges[id].0, picture.edges[id].1])
        .chain([0])
        .collect();
    crate::sort::sort(&mut used);
    used.dedup();
    let local = |v: usize| used.binary_search(&v).unwrap_or(0);
    let edges = ids
        .iter()
        .map(|&id| (local(picture.edges[id].0), local(picture.edges[id].1)))
        .collect();
    (used.len(), edges)
}

/// The nimber of the edges `chosen` (indices into `edges`) on `n` vertices.
fn subset_value(n: usize, edges: &[(usize, usize)], chosen: &[usize]) -> Nimber {
    let subset: Vec<(usize, usize)> = chosen.iter().map(|&k| edges[k]).collect();
    value(n, &subset)
}

/// Where an edge is drawn: a ground end stands on the ground line (y = 0)
/// below the other end; a loop starts and ends at its vertex, the ground's
/// at the ground vertex's own point.
fn segment(picture: &Picture, (u, v): (usize, usize)) -> [i64; 4] {
    let [ux, uy] = picture.points[u];
    let [vx, vy] = picture.points[v];
    match (u, v) {
        (0, 0) => [ux, uy, ux, uy],
        (0, _) => [vx, 0, vx, vy],
        (_, 0) => [ux, uy, ux, 0],
        _ => [ux, uy, vx, vy],
    }
}

fn edge_name(picture: &Picture, id: usize) -> String {
    let (u, v) = picture.edges[id];
    let end = |w: usize| {
        if w == 0 {
            "ground".to_string()
        } else {
            w.to_string()
        }
    };
    format!("edge {} ({}–{})", id + 1, end(u), end(v))
}

#[derive(Default)]
pub struct Hackenbush;

impl Hackenbush {
    /// The standing edges in id order: move i chops the i-th.
    fn choppable(picture: &Picture) -> Vec<usize> {
        let up = standing(picture.vertices(), &picture.edges);
        (0..picture.edges.len()).filter(|&id| up[id]).collect()
    }

    /// The picture after chopping edge `id`: it and every edge that no
    /// longer reaches the ground are gone; vertices stay where they are.
    fn chop(picture: &Picture, id: usize) -> Picture {
        let mut next = picture.clone();
        next.edges.remove(id);
        let up = standing(next.vertices(), &next.edges);
        let mut kept = up.iter();
        next.edges.retain(|_| *kept.next().unwrap_or(&false));
        next
    }
}

impl Game for Hackenbush {
    type Position = Picture;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "hackenbush",
            name: "Green Hackenbush",
            summary: "Chop edges of a picture standing on the ground; what falls is gone.",
            rules:
                "A picture of edges stands on the ground. A move chops one edge, and every edge \
                    no longer joined to the ground by a path falls and is removed. Whoever cannot \
                    move loses. Pieces that meet only at the ground are independent: a stalk of n \
                    edges is worth *n, a branch on a stalk adds one to its value (the colon \
                    principle), and a cycle counts as that many loops of *1 each (the fusion \
                    principle).",
            format: "Line 1: n m, vertices 0 to n−1 with vertex 0 the whole ground, then m lines \
                     u v, an edge (u = v is a loop; a repeated pair is a parallel edge). Then, \
                     optionally, n lines x y: where each vertex is drawn, y up from the ground \
                     (the playground draws them within ±1 000 000). Up to 1000 vertices and 1000 \
                     edges.",
            lost: "3 2\n0 1\n0 2\n",
            bad: "3 2\n0 1\n0 5\n",
            samples: vec![
                Sample {
                    name: "A stalk of two and a single edge",
                    input: "4 3\n0 1\n1 2\n0 3\n",
                },
                Sample {
                    name: "A tree, a triangle and a loop",
                    input:
                        "9 9\n0 1\n1 2\n1 3\n3 4\n0 5\n5 6\n6 0\n0 7\n7 7\n\
                            0 0\n60 60\n20 120\n100 120\n120 180\n200 60\n280 60\n380 60\n380 120\n",
                },
                Sample {
                    name: "Two legs, a body, arms and a head",
                    input: "8 8\n0 1\n0 2\n1 3\n2 3\n3 4\n4 5\n4 6\n4 7\n\
                            0 0\n100 60\n160 60\n130 120\n130 180\n80 220\n130 240\n180 220\n",
                },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Picture>, GameError> {
        Ok(vec![parse(text)?])
    }

    fn format(&self, picture: &Picture) -> String {
        picture.edge_lines() + &picture.point_lines()
    }

    fn nimber(&mut self, picture: &Picture) -> Nimber {
        nimber(picture)
    }

    /// The edges alone, a word each: a chop keeps every vertex where it is,
    /// so the positions a search reaches from one differ only in their edges.
    fn write_key(&self, picture: &Picture, key: &mut KeyHasher) {
        key.write_u64(picture.edges.len() as u64);
        for &(u, v) in &picture.edges {
            key.write_u64((u as u64) << 32 | v as u64);
        }
    }

    fn analyse(&mut self, picture: &Picture) -> Analysis {
        let groups = pieces(picture.vertices(), &picture.edges);
        let local: Vec<(usize, Vec<(usize, usize)>)> =
            groups.iter().map(|group| compact(picture, group)).collect();
        let values: Vec<Nimber> = local
            .iter()
            .map(|(vertices, edges)| value(*vertices, edges))
            .collect();
        let total: Nimber = values.iter().copied().sum();
        // Where each standing edge sits: its piece and its place in the piece.
        let mut place = vec![None; picture.edges.len()];
        for (component, group) in groups.iter().enumerate() {
            for (at, &id) in group.iter().enumerate() {
                place[id] = Some((component, at));
            }
        }
        // Moves are numbered by edge, as `play` reads them.
        let mut moves = Vec::new();
        for (id, place) in place.iter().enumerate() {
            let Some((component, at)) = *place else {
                continue;
            };
            let (vertices, edges) = &local[component];
            let mut rest = edges.clone();
            rest.remove(at);
            let left = pieces(*vertices, &rest);
            let mut parts: Vec<Nimber> = left
                .iter()
                .map(|g| subset_value(*vertices, &rest, g))
                .collect();
            // Indices into `rest` skip the chopped edge; map them back to the piece's.
            let mut kept = vec![false; edges.len()];
            for &k in left.iter().flatten() {
                kept[if k < at { k } else { k + 1 }] = true;
            }
            let group = &groups[component];
            let gone: Vec<u32> = (0..group.len())
                .filter(|&k| !kept[k])
                .map(|k| group[k] as u32)
                .collect();
            let piece_after: Nimber = parts.iter().copied().sum();
            if parts.len() > MAX_PARTS {
                parts = vec![piece_after];
            }
            let chop = format!("chop {}", edge_name(picture, id));
            moves.push(MoveInfo {
                id: moves.len() as u32,
                label: match gone.len() - 1 {
                    0 => chop,
                    1 => format!("{chop}; 1 more edge falls"),
                    falls => format!("{chop}; {falls} more edges fall"),
                },
                component: component as u32,
                anchor: Region::Items {
                    items: vec![id as u32],
                },
                variant: None,
                footprint: Region::Items { items: gone },
                parts,
                after: total ^ values[component] ^ piece_after,
                loopy: None,
            });
        }
        let components = groups
            .iter()
            .zip(&values)
            .enumerate()
            .map(|(id, (group, &nimber))| Component {
                id: id as u32,
                region: Region::Items {
                    items: group.iter().map(|&e| e as u32).collect(),
                },
                nimber,
                label: match group.len() {
                    1 => format!("a piece of 1 edge ({})", edge_name(picture, group[0])),
                    size => format!("a piece of {size} edges"),
                },
                loopy: None,
            })
            .collect();
        Analysis::new(
            Board::Graph {
                points: picture.points.clone(),
                edges: picture
                    .edges
                    .iter()
                    .map(|&(u, v)| [u as u32, v as u32])
                    .collect(),
            },
            components,
            moves,
        )
    }

    /// Finding a move finds which edges stand, a pass over every vertex
    /// and edge of the picture, and chopping it takes another.
    fn play_work(&self, picture: &Picture) -> usize {
        12 * (picture.vertices() + picture.edges.len())
    }

    fn check_playable(&mut self, picture: &Picture) -> Result<(), GameError> {
        picture.check_drawable()
    }

    fn option_count(&mut self, picture: &Picture) -> u32 {
        Hackenbush::choppable(picture).len() as u32
    }

    /// The chopped and fallen edges are gone from the picture the move
    /// leads to, so the mark is where they were drawn.
    fn last_move(&mut self, before: &Picture, _move_id: u32, footprint: Region) -> Region {
        let Region::Items { items } = footprint else {
            return footprint;
        };
        Region::Segments {
            segments: items
                .iter()
                .map(|&id| segment(before, before.edges[id as usize]))
                .collect(),
        }
    }

    fn play(&mut self, picture: &Picture, move_id: u32) -> Result<Picture, GameError> {
        let id = *Hackenbush::choppable(picture)
            .get(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        Ok(Hackenbush::chop(picture, id))
    }

    fn edit(&mut self, picture: &Picture, edit: &Edit) -> Result<Picture, GameError> {
        match edit {
            Edit::Random { seed, density } => Ok(random_picture(*seed, *density)),
            _ => edit_drawing(picture, edit, &PICTURE)?
                .ok_or_else(|| unsupported_edit("Hackenbush", edit)),
        }
    }
}

const PICTURE: DrawingRules = DrawingRules {
    what: "a picture",
    max_vertices: MAX_VERTICES,
    max_edges: MAX_EDGES,
    ground: true,
};

/// A random picture: a few trees on the ground, with `density` of their
/// vertices joined again by an extra edge (making cycles) or a loop.
fn random_picture(seed: u64, density: f64) -> Picture {
    let mut rng = Rng::new(seed);
    let mut edges = Vec::new();
    let mut points = vec![[0, 0]];
    let trees = 2 + rng.below(3);
    for tree in 0..trees {
        let base = points.len();
        let size = 2 + rng.below(5);
        for k in 0..size {
            let v = points.len();
            let parent = if k == 0 { 0 } else { base + rng.below(k) };
            let height = if parent == 0 {
                1
            } else {
                points[parent][1] / SPACING + 1
            };
            let x = (tree as i64 * 3 + rng.below(3) as i64) * SPACING / 2 + SPACING;
            points.push([x + (k as i64 % 2) * SPACING / 2, height * SPACING]);
            edges.push((parent, v));
        }
        for k in 0..size {
            if rng.unit() < density.clamp(0.0, 1.0) * 0.5 {
                let v = base + k;
                let other = if rng.below(3) == 0 {
                    v
                } else {
                    base + rng.below(size)
                };
                edges.push((v, other));
            }
        }
    }
    Picture { edges, points }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nimber_of(text: &str) -> u32 {
        nimber(&parse(text).unwrap()).0
    }

    #[test]
    fn the_sample_and_the_classic_shapes() {
        assert_eq!(nimber_of("4 3\n0 1\n1 2\n0 3\n"), 3);
        // Two parallel edges from the ground: chopping one leaves *1, so *0.
        assert_eq!(nimber_of("2 2\n0 1\n0 1\n"), 0);
        // A loop on the ground is *1; a triangle on the ground fuses to 3 loops.
        assert_eq!(nimber_of("1 1\n0 0\n"), 1);
        assert_eq!(nimber_of("3 3\n0 1\n1 2\n2 0\n"), 1);
        // Edges that do not reach the ground have fallen.
        assert_eq!(nimber_of("4 2\n0 1\n2 3\n"), 1);
        // Coordinates are read and ignored; a partial set is an error.
        assert_eq!(nimber_of("2 1\n0 1\n0 0\n5 -3\n"), 1);
        assert!(parse("2 1\n0 1\n0 0\n5\n").is_err());
        assert!(parse("2 1\n0 2\n").is_err());
    }

    #[test]
    fn far_coordinates_are_solved_but_not_drawn() {
        let far = "2 1\n0 1\n0 0\n5000000 3\n";
        assert_eq!(crate::games::solve("hackenbush", far).unwrap(), "First\n");
        let refused = crate::games::open("hackenbush", far, 0).err().unwrap();
        assert!(refused
            .message
            .starts_with("vertex 1 is drawn at 5000000 3"));
    }
}
