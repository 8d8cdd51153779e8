//! Tokens on a directed graph, cycles allowed: a move slides one token
//! along one edge. Play may go on forever, so values are Smith's
//! generalised Sprague–Grundy values: a finite mex where play from a vertex
//! is finite, else ∞ with the set K of finite values among its followers.
//! Each token is a component; Smith's rule decides their sum.

use crate::analysis::{
    Analysis, Board, Component, Edit, Loopy, MoveInfo, Outcome, Region, VertexValue,
};
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::graph::{
    edit_drawing, layered_layout, read_coordinates, read_graph, shifted, DrawingRules, Picture,
};
use crate::input::Scanner;
use crate::nimber::Nimber;
use crate::rng::Rng;

pub const ID: &str = "digraph";
pub const MAX_VERTICES: usize = 10_000;
pub const MAX_EDGES: usize = 50_000;
pub const MAX_TOKENS: usize = 16;
/// The largest graph the playground draws and lists moves for.
pub const MAX_DRAWN_VERTICES: usize = 1000;
pub const MAX_DRAWN_EDGES: usize = 5000;

const DRAWING: DrawingRules = DrawingRules {
    what: "a drawn graph",
    max_vertices: MAX_DRAWN_VERTICES,
    max_edges: MAX_DRAWN_EDGES,
    ground: false,
};

/// A directed graph drawn at coordinates, and the vertices its tokens
/// stand on (several may share one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub graph: Picture,
    pub tokens: Vec<usize>,
}

/// Smith's value of one vertex and the labelling step that fixed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    pub value: VertexValue,
    /// For a finite value, how many vertices were labelled before it.
    pub rank: u32,
}

impl Value {
    /// The value as a component or a move reports it.
    fn loopy(&self) -> Loopy {
        match self.value.nimber {
            Some(_) => Loopy::finite(self.rank),
            None => Loopy::infinite(self.value.k.clone()),
        }
    }

    /// The finite value, 0 for ∞ (which counts for nothing in a ⊕).
    fn finite(&self) -> Nimber {
        self.value.nimber.unwrap_or(Nimber::ZERO)
    }
}

/// Reads `n m`, m edges `u v`, `t`, t token vertices, optional coordinates.
pub fn parse(text: &str) -> Result<Position, GameError> {
    let mut scanner = Scanner::new(text);
    let (vertices, edges) = read_graph(&mut scanner, 1, MAX_VERTICES, MAX_EDGES, ["start", "end"])?;
    let last = vertices - 1;
    let t = scanner.number("the number of tokens t", 1, MAX_TOKENS)?;
    let tokens = (1..=t)
        .map(|index| scanner.number(format_args!("token {index}'s vertex"), 0, last))
        .collect::<Result<Vec<_>, _>>()?;
    let points = read_coordinates(&mut scanner, vertices)?
        .unwrap_or_else(|| layered_layout(vertices, &edges));
    Ok(Position {
        graph: Picture { edges, points },
        tokens,
    })
}

/// Every vertex's value, by the standard iterative labelling: round i
/// labels i every vertex with no follower labelled i all of whose
/// unlabelled or ∞ followers have one, then labels ∞ every vertex left
/// without a follower labelled i. Vertices are ranked in the order they
/// are labelled, so an ∞ or larger follower always has a follower of the
/// same value and a lower rank to move back to.
pub fn values(vertices: usize, edges: &[(usize, usize)]) -> Vec<Value> {
    let followers = Lists::new(vertices, edges.iter().copied());
    let leaders = Lists::new(vertices, edges.iter().map(|&(u, v)| (v, u)));
    const UNLABELLED: u32 = u32::MAX;
    const INFINITE: u32 = u32::MAX - 1;
    let mut label = vec![UNLABELLED; vertices];
    let mut rank = vec![0u32; vertices];
    let mut labelled = 0u32;
    // Only unlabelled vertices take part in a round; each round labels or
    // makes ∞ all but those reaching its value, so rounds shrink.
    let mut pending: Vec<usize> = (0..vertices).collect();
    let mut open = vec![0usize; vertices];
    let mut reaches = vec![false; vertices];
    let mut reached = Vec::new();
    let mut round = 0;
    while !pending.is_empty() {
        // How many edges lead to a follower that is unlabelled or ∞ and has
        // no follower labelled `round` yet.
        for &u in &pending {
            open[u] = followers
                .of(u)
                .iter()
                .filter(|&&v| label[v] >= INFINITE)
                .count();
        }
        let mut queue: Vec<usize> = pending.iter().copied().filter(|&u| open[u] == 0).collect();
        while let Some(u) = queue.pop() {
            if label[u] != UNLABELLED || reaches[u] {
                continue;
            }
            label[u] = round;
            rank[u] = labelled;
            labelled += 1;
            // Its leaders now reach `round`; theirs lose one open follower.
            for &p in leaders.of(u) {
                if reaches[p] {
                    continue;
                }
                reaches[p] = true;
                reached.push(p);
                if label[p] >= INFINITE {
                    for &q in leaders.of(p) {
                        if label[q] != UNLABELLED {
                            continue;
                        }
                        open[q] -= 1;
                        if open[q] == 0 && !reaches[q] {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        pending.retain(|&u| match (label[u], reaches[u]) {
            (UNLABELLED, true) => true,
            (UNLABELLED, false) => {
                label[u] = INFINITE;
                false
            }
            _ => false,
        });
        for p in reached.drain(..) {
            reaches[p] = false;
        }
        round += 1;
    }
    (0..vertices)
        .map(|u| match label[u] {
            INFINITE => {
                let mut k: Vec<u32> = followers
                    .of(u)
                    .iter()
                    .map(|&v| label[v])
                    .filter(|&l| l < INFINITE)
                    .collect();
                crate::sort::sort(&mut k);
                k.dedup();
                Value {
                    value: VertexValue { nimber: None, k },
                    rank: 0,
                }
            }
            finite => Value {
                value: VertexValue {
                    nimber: Some(Nimber(finite)),
                    k: Vec::new(),
                },
                rank: rank[u],
            },
        })
        .collect()
}

/// Each vertex's list of neighbours in one allocation: `items[starts[u]..starts[u + 1]]`.
struct Lists {
    starts: Vec<usize>,
    items: Vec<usize>,
}

impl Lists {
    fn new(vertices: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Lists {
        let mut starts = vec![0; vertices + 1];
        for (u, _) in pairs.clone() {
            starts[u + 1] += 1;
        }
        for u in 0..vertices {
            starts[u + 1] += starts[u];
        }
        let mut next = starts.clone();
        let mut items = vec![0; starts[vertices]];
        for (u, v) in pairs {
            items[next[u]] = v;
            next[u] += 1;
        }
        Lists { starts, items }
    }

    fn of(&self, u: usize) -> &[usize] {
        &self.items[self.starts[u]..self.starts[u + 1]]
    }
}

/// Each token's value, in the tokens' order.
fn token_values(position: &Position) -> Vec<Value> {
    let values = values(position.graph.vertices(), &position.graph.edges);
    position.tokens.iter().map(|&t| values[t].clone()).collect()
}

/// The K of each token whose value is ∞.
fn infinite_parts(tokens: &[Value]) -> impl Iterator<Item = &[u32]> {
    tokens
        .iter()
        .filter(|v| v.value.nimber.is_none())
        .map(|v| &v.value.k[..])
}

/// Who wins, by Smith's rule for the sum of the tokens' values.
pub fn outcome(position: &Position) -> Outcome {
    let tokens = token_values(position);
    Outcome::smith(
        tokens.iter().map(Value::finite).sum(),
        infinite_parts(&tokens),
    )
}

/// The moves in the order `analyse` lists them: for each vertex holding a
/// token (the first token there), each edge out of it, by edge index.
fn slides(position: &Position) -> Vec<(usize, usize)> {
    let mut moves = Vec::new();
    for (token, &at) in position.tokens.iter().enumerate() {
        if position.tokens[..token].contains(&at) {
            continue;
        }
        for (edge, &(u, _)) in position.graph.edges.iter().enumerate() {
            if u == at {
                moves.push((token, edge));
            }
        }
    }
    moves
}

/// A random graph: `density` sets how many edges each vertex has, so
/// sparse graphs are mostly finite and dense ones full of cycles.
fn random_position(seed: u64, density: f64) -> Position {
    let mut rng = Rng::new(seed);
    let n = 6 + rng.below(7);
    // Four to a row, every other row shifted, so arrows rarely cross a vertex.
    let points = (0..n as i64)
        .map(|v| [80 + (v % 4) * 120 + (v / 4 % 2) * 60, 80 + (v / 4) * 110])
        .collect();
    let m = ((n as f64) * (0.6 + 1.6 * density.clamp(0.0, 1.0))).round() as usize;
    let edges = (0..m)
        .map(|_| (rng.below(n), rng.below(n)))
        .filter(|(u, v)| u != v)
        .collect();
    let tokens = (0..1 + rng.below(3)).map(|_| rng.below(n)).collect();
    Position {
        graph: Picture { edges, points },
        tokens,
    }
}

#[derive(Default)]
pub struct Digraph;

impl Game for Digraph {
    type Position = Position;
    const CASE_PREFIX: bool = false;
    const ENDS: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: ID,
            name: "Tokens on a digraph",
            summary: "Slide tokens along arrows; cycles let play go on forever.",
            rules: "Tokens stand on the vertices of a directed graph. A move slides one token along \
                    one arrow out of its vertex. Whoever cannot move loses; if play goes on forever \
                    it is a draw. Where play from a vertex always ends, its value is the usual mex; \
                    otherwise it is Smith's ∞ together with K, the finite values it can move to. \
                    With no ∞ token the xor decides; with exactly one, the player to move wins when \
                    the xor of the others is in its K; with two or more, neither player can force a \
                    win.",
            format: "Line 1: n m, then m lines u v, an arrow from u to v (u = v is a loop). Then a \
                     line t (1 to 16) and a line of t vertices, the tokens. Then, optionally, n \
                     lines x y: where each vertex is drawn. Up to 10 000 vertices and 50 000 \
                     arrows; the playground draws up to 1000 vertices and 5000 arrows.",
            lost: "2 1\n0 1\n2\n0 0\n",
            bad: "2 1\n0 1\n2\n0 3\n",
            samples: vec![
                Sample {
                    name: "A cycle with a way out",
                    input: "5 6\n0 1\n1 2\n2 0\n2 3\n3 4\n1 4\n2\n0 3\n\
                            80 80\n240 80\n160 200\n320 200\n320 80\n",
                },
                Sample {
                    name: "Two loops, one with an exit",
                    input: "4 4\n0 0\n0 1\n2 2\n1 3\n2\n0 2\n80 120\n200 120\n320 120\n200 240\n",
                },
                Sample {
                    name: "A path of four",
                    input: "4 3\n0 1\n1 2\n2 3\n1\n0\n",
                },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Position>, GameError> {
        Ok(vec![parse(text)?])
    }

    fn format(&self, position: &Position) -> String {
        let tokens: Vec<String> = position.tokens.iter().map(usize::to_string).collect();
        format!(
            "{}{}\n{}\n{}",
            position.graph.edge_lines(),
            tokens.len(),
            tokens.join(" "),
            position.graph.point_lines()
        )
    }

    fn answer(&mut self, position: &Position) -> Result<String, GameError> {
        Ok(outcome(position).answer().to_string())
    }

    /// The ⊕ of the finite values only; see [`Game::infinite_parts`].
    fn nimber(&mut self, position: &Position) -> Nimber {
        token_values(position).iter().map(Value::finite).sum()
    }

    fn infinite_parts(&mut self, position: &Position) -> Vec<Vec<u32>> {
        infinite_parts(&token_values(position))
            .map(<[u32]>::to_vec)
            .collect()
    }

    fn canonical(&self, position: &Position) -> String {
        let mut tokens = position.tokens.clone();
        crate::sort::sort(&mut tokens);
        let mut canonical = position.clone();
        canonical.tokens = tokens;
        canonical.graph.points.clear();
        self.format(&canonical)
    }

    fn analyse(&mut self, position: &Position) -> Analysis {
        let graph = &position.graph;
        let values = values(graph.vertices(), &graph.edges);
        let total: Nimber = position.tokens.iter().map(|&t| values[t].finite()).sum();
        let moves = slides(position)
            .into_iter()
            .enumerate()
            .map(|(id, (token, edge))| {
                let (u, v) = graph.edges[edge];
                let to = &values[v];
                MoveInfo {
                    id: id as u32,
                    label: format!("slide token {}: {u} → {v}", token + 1),
                    component: token as u32,
                    anchor: Region::Items {
                        items: vec![edge as u32],
                    },
                    variant: None,
                    footprint: Region::Items {
                        items: vec![edge as u32],
                    },
                    parts: to.value.nimber.into_iter().collect(),
                    after: total ^ values[u].finite() ^ to.finite(),
                    loopy: Some(to.loopy()),
                }
            })
            .collect();
        let components = position
            .tokens
            .iter()
            .enumerate()
            .map(|(token, &at)| Component {
                id: token as u32,
                region: Region::Items {
                    items: vec![at as u32],
                },
                nimber: values[at].finite(),
                label: format!("token {} on vertex {at}", token + 1),
                loopy: Some(values[at].loopy()),
            })
            .collect();
        Analysis::new(
            Board::Digraph {
                points: graph.points.clone(),
                edges: graph
                    .edges
                    .iter()
                    .map(|&(u, v)| [u as u32, v as u32])
                    .collect(),
                tokens: position.tokens.iter().map(|&t| t as u32).collect(),
                values: values.into_iter().map(|v| v.value).collect(),
            },
            components,
            moves,
        )
    }

    fn check_playable(&mut self, position: &Position) -> Result<(), GameError> {
        let graph = &position.graph;
        if graph.vertices() > MAX_DRAWN_VERTICES || graph.edges.len() > MAX_DRAWN_EDGES {
            return Err(GameError::new(format!(
                "this graph has {} vertices and {} arrows; the playground draws up to \
                 {MAX_DRAWN_VERTICES} vertices and {MAX_DRAWN_EDGES} arrows (`grundy solve \
                 digraph` reads up to {MAX_VERTICES} and {MAX_EDGES})",
                graph.vertices(),
                graph.edges.len()
            )));
        }
        graph.check_drawable()
    }

    fn option_count(&mut self, position: &Position) -> u32 {
        slides(position).len() as u32
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        let (token, edge) = *slides(position)
            .get(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        let mut next = position.clone();
        next.tokens[token] = position.graph.edges[edge].1;
        Ok(next)
    }

    fn edit(&mut self, position: &Position, edit: &Edit) -> Result<Position, GameError> {
        let vertices = position.graph.vertices();
        let mut next = position.clone();
        match *edit {
            Edit::Random { seed, density } => return Ok(random_position(seed, density)),
            Edit::AddToken { vertex } => {
                if vertex as usize >= vertices {
                    return Err(GameError::new(format!("there is no vertex {vertex}")));
                }
                if position.tokens.len() >= MAX_TOKENS {
                    return Err(GameError::new(format!(
                        "a position has at most {MAX_TOKENS} tokens"
                    )));
                }
                next.tokens.push(vertex as usize);
            }
            Edit::RemoveToken { vertex } => {
                let at = position
                    .tokens
                    .iter()
                    .rposition(|&t| t == vertex as usize)
                    .ok_or_else(|| GameError::new(format!("no token stands on vertex {vertex}")))?;
                if position.tokens.len() == 1 {
                    return Err(GameError::new(
                        "a position keeps at least one token; add another before taking this one",
                    ));
                }
                next.tokens.remove(at);
            }
            _ => {
                next.graph = edit_drawing(&position.graph, edit, &DRAWING)?
                    .ok_or_else(|| unsupported_edit("a digraph", edit))?;
                if let Edit::RemoveVertex { index } = *edit {
                    let index = index as usize;
                    next.tokens.retain(|&t| t != index);
                    if next.tokens.is_empty() {
                        return Err(GameError::new(format!(
                            "the last token stands on vertex {index}; put a token elsewhere \
                             before removing it"
                        )));
                    }
                    for t in &mut next.tokens {
                        *t = shifted(*t, index);
                    }
                }
            }
        }
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(text: &str) -> String {
        Digraph.solve(text).unwrap()
    }

    #[test]
    fn finite_cyclic_and_drawn_positions() {
        // A path 0 → 1 → 2: values 0, 1, 0 from the end.
        let path: Vec<Option<u32>> = values(3, &[(0, 1), (1, 2)])
            .iter()
            .map(|v| v.value.nimber.map(|n| n.0))
            .collect();
        assert_eq!(path, [Some(0), Some(1), Some(0)]);
        assert_eq!(solve("3 2\n0 1\n1 2\n1\n1\n"), "First\n");
        assert_eq!(solve("3 2\n0 1\n1 2\n1\n0\n"), "Second\n");
        // A loop alone: play goes on forever.
        assert_eq!(values(1, &[(0, 0)])[0].value.text(), "∞");
        assert_eq!(solve("1 1\n0 0\n1\n0\n"), "Draw\n");
        // A loop with an exit to a dead end: ∞ with K = {0}, so the mover wins.
        assert_eq!(values(2, &[(0, 0), (0, 1)])[0].value.text(), "∞{0}");
        assert_eq!(solve("2 2\n0 0\n0 1\n1\n0\n"), "First\n");
        // Two such tokens: xor of the other (∞) is not finite, so a draw.
        assert_eq!(solve("2 2\n0 0\n0 1\n2\n0 0\n"), "Draw\n");
    }

    #[test]
    fn removing_a_vertex_moves_the_tokens_with_it() {
        let mut game = Digraph;
        let start = parse("3 2\n0 1\n1 2\n2\n0 2\n").unwrap();
        let next = game.edit(&start, &Edit::RemoveVertex { index: 1 }).unwrap();
        assert_eq!(next.tokens, [0, 1]);
        assert!(next.graph.edges.is_empty());
        let lone = parse("2 1\n0 1\n1\n1\n").unwrap();
        assert!(game.edit(&lone, &Edit::RemoveVertex { index: 1 }).is_err());
        assert!(game.edit(&lone, &Edit::RemoveToken { vertex: 1 }).is_err());
    }
}
