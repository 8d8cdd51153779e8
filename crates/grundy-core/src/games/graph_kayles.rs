//! Kayles on a graph, in its two forms: Node Kayles, where a move takes a
//! vertex and its neighbours, and Arc Kayles, where a move takes both ends
//! of an edge. Either way what is left is the graph on the vertices left,
//! so a position is a set of vertices of the graph first read, valued
//! one connected component at a time and cached by that set.

use crate::analysis::{
    Analysis, Board, Component, Edit, MisereReport, MoveInfo, Outcome, Picks, Region,
};
use crate::budget::SearchBudget;
use crate::fast_map::FastMap;
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::graph::{
    edit_drawing, grid_layout, read_coordinates, read_graph, DrawingRules, Picture,
};
use crate::input::Scanner;
use crate::key::KeyHasher;
use crate::nimber::{MexSet, Nimber};
use crate::rng::Rng;
use std::marker::PhantomData;

/// The most vertices: each is a bit of a word.
pub const MAX_VERTICES: usize = 64;
/// Every pair of vertices once.
pub const MAX_EDGES: usize = MAX_VERTICES * (MAX_VERTICES - 1) / 2;
/// The most edge lines read, repeats included.
pub const MAX_EDGE_LINES: usize = 100_000;
/// The most vertices of a graph in the playground, whose every subgraph
/// is valued while you wait.
pub const MAX_PLAYABLE_VERTICES: usize = 20;
/// The work the command line does for one question before it says "too
/// large", in vertices of the parts it looks up and of what each move it
/// tries leaves to split into components: under ten seconds natively.
pub const CONTEST_BUDGET: u64 = 600_000_000;

const DRAWING: DrawingRules = DrawingRules {
    what: "a graph",
    max_vertices: MAX_PLAYABLE_VERTICES,
    max_edges: MAX_EDGES,
    ground: false,
};

/// What one form of the game takes in a move.
pub trait Form: Default {
    const ID: &'static str;
    const PICKS: Picks;
    fn info() -> GameInfo;
}

/// A move takes a vertex and its neighbours.
#[derive(Default)]
pub struct Nodes;
/// A move takes both ends of an edge.
#[derive(Default)]
pub struct Arcs;

impl Form for Nodes {
    const ID: &'static str = "node-kayles";
    const PICKS: Picks = Picks::Vertices;
    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID,
            name: "Node Kayles",
            summary: "Take a vertex of a graph with all its neighbours.",
            rules: "A graph. A move picks a vertex and removes it with every vertex next to it. Whoever cannot \
                    move loses. Each connected part of the graph is a game of its own. On a path of n vertices it \
                    is Dawson's chess (0.137, a heap of n).",
            format: FORMAT,
            lost: "4 3\n0 1\n1 2\n2 3\n",
            bad: "3 2\n0 1\n1 1\n",
            samples: vec![
                Sample { name: "A path of three", input: "3 2\n0 1\n1 2\n" },
                Sample { name: "A cycle of six", input: CYCLE_6 },
                Sample { name: "A 3 × 3 grid", input: GRID_3X3 },
            ],
        }
    }
}

impl Form for Arcs {
    const ID: &'static str = "arc-kayles";
    const PICKS: Picks = Picks::Edges;
    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID,
            name: "Arc Kayles",
            summary: "Take both ends of an edge of a graph.",
            rules: "A graph. A move picks an edge and removes both its ends, with every edge at them. Whoever \
                    cannot move loses. Each connected part of the graph is a game of its own. On a path of n \
                    vertices it is Dawson's Kayles (0.07, a heap of n).",
            format: FORMAT,
            lost: "5 4\n0 1\n1 2\n2 3\n3 4\n",
            bad: "3 2\n0 1\n1 1\n",
            samples: vec![
                Sample { name: "A path of three", input: "3 2\n0 1\n1 2\n" },
                Sample { name: "A cycle of six", input: CYCLE_6 },
                Sample { name: "A 3 × 3 grid", input: GRID_3X3 },
            ],
        }
    }
}

const FORMAT: &str = "Line 1: n m, then m lines u v, an edge between two different vertices (0 ≤ u, v < n; a repeat \
                      is ignored), then optionally n lines x y of drawing coordinates. Up to 64 vertices; the \
                      playground draws graphs of up to 20.";

const CYCLE_6: &str =
    "6 6\n0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n0 80\n70 40\n70 -40\n0 -80\n-70 -40\n-70 40\n";

const GRID_3X3: &str = "9 12\n0 1\n1 2\n3 4\n4 5\n6 7\n7 8\n0 3\n3 6\n1 4\n4 7\n2 5\n5 8\n0 160\n80 160\n160 160\n0 80\n80 80\n160 80\n0 0\n80 0\n160 0\n";

/// The graph first read, and the vertices still in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub graph: Picture,
    pub left: u64,
}

impl Position {
    fn new(graph: Picture) -> Position {
        let left = all(graph.vertices());
        Position { graph, left }
    }

    /// Vertex `v` of the graph first read, as numbered among those left.
    fn shown_number(&self, v: usize) -> usize {
        (self.left & ((1 << v) - 1)).count_ones() as usize
    }

    /// The graph on the vertices left, numbered in order: what is drawn
    /// and written, and what a drawing edit changes.
    fn shown(&self) -> Picture {
        let kept = |v: usize| self.left >> v & 1 == 1;
        Picture {
            edges: self
                .graph
                .edges
                .iter()
                .filter(|&&(u, v)| kept(u) && kept(v))
                .map(|&(u, v)| (self.shown_number(u), self.shown_number(v)))
                .collect(),
            points: (0..self.graph.vertices())
                .filter(|&v| kept(v))
                .map(|v| self.graph.points[v])
                .collect(),
        }
    }
}

/// The set of the first `n` vertices.
fn all(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// Each vertex as one bit, in order.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

/// A search stopped at its budget.
struct OverBudget;

/// The values of vertex sets of one graph.
#[derive(Default)]
struct Solver {
    /// The graph whose vertex sets are cached: each vertex's neighbours.
    neighbours: Vec<u64>,
    edges: Vec<(usize, usize)>,
    values: FastMap<u64, u16>,
    /// Values by the shape of a part (see [`Solver::shape_key`]), whatever
    /// graph it came from: kept across graphs, as drawing changes the graph.
    shapes: FastMap<u128, u16>,
    work: u64,
}

/// The most shapes kept before the cache starts again: 2²² shapes of a few
/// dozen bytes each.
const MAX_SHAPES: usize = 1 << 22;
/// The largest part looked up by its shape. Its key costs about as much as
/// trying the part's moves, and large parts rarely come again in another
/// place, so larger ones are looked up by their vertices alone.
const MAX_SHAPED_VERTICES: u32 = 20;

impl Solver {
    /// Keeps the cache if the graph is the one it is for.
    fn use_graph(&mut self, graph: &Picture) {
        if self.edges == graph.edges && self.neighbours.len() == graph.vertices() {
            return;
        }
        self.neighbours = vec![0; graph.vertices()];
        for &(u, v) in &graph.edges {
            self.neighbours[u] |= 1 << v;
            self.neighbours[v] |= 1 << u;
        }
        self.edges = graph.edges.clone();
        self.values.clear();
    }

    /// The connected part of `set` holding its lowest vertex.
    fn component(&self, set: u64) -> u64 {
        let mut reached = set & set.wrapping_neg();
        let mut frontier = reached;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.neighbours[v] & set & !reached;
            reached |= new;
            frontier |= new;
        }
        reached
    }

    fn components(&self, mut set: u64) -> impl Iterator<Item = u64> + '_ {
        std::iter::from_fn(move || {
            (set != 0).then(|| {
                let part = self.component(set);
                set &= !part;
                part
            })
        })
    }

    /// What a move leaves of `set`: picking vertex `v`, or edge `(u, v)`.
    fn after<F: Form>(&self, set: u64, pick: (usize, usize)) -> u64 {
        match F::PICKS {
            Picks::Vertices => set & !(self.neighbours[pick.0] | 1 << pick.0),
            Picks::Edges => set & !(1 << pick.0 | 1 << pick.1),
        }
    }

    /// The moves of `set`: each vertex, or each edge with both ends in it.
    fn picks<F: Form>(&self, set: u64) -> Vec<(usize, usize)> {
        match F::PICKS {
            Picks::Vertices => bits(set).map(|v| (v, v)).collect(),
            Picks::Edges => self
                .edges
                .iter()
                .copied()
                .filter(|&(u, v)| set >> u & set >> v & 1 == 1)
                .collect(),
        }
    }

    /// The value of a set: the ⊕ of its components'.
    fn value<F: Form>(&mut self, set: u64, budget: u64) -> Result<Nimber, OverBudget> {
        let parts: Vec<u64> = self.components(set).collect();
        let mut total = Nimber::ZERO;
        for part in parts {
            total ^= self.part_value::<F>(part, budget)?;
        }
        Ok(total)
    }

    /// A key for the shape of the connected part `part`: its adjacency with
    /// its vertices ordered by colour refinement (degree, then the colours
    /// of their neighbours, until the classes stop splitting), ties broken
    /// by number, hashed. Parts with one key have one adjacency under some
    /// order, so they are isomorphic and share a value; isomorphic parts
    /// that refinement orders alike (paths, most trees, most small parts)
    /// share the key, wherever they lie and in whichever graph.
    fn shape_key(&self, part: u64) -> u128 {
        let vertices: Vec<usize> = bits(part).collect();
        let index = |u: usize| (part & ((1u64 << u) - 1)).count_ones() as usize;
        let inside = |v: usize| self.neighbours[v] & part;
        let distinct = |colours: &[u64]| {
            let mut sorted = colours.to_vec();
            crate::sort::sort(&mut sorted);
            sorted.dedup();
            sorted.len()
        };
        let mut colours: Vec<u64> = vertices
            .iter()
            .map(|&v| u64::from(inside(v).count_ones()))
            .collect();
        let mut classes = distinct(&colours);
        loop {
            let refined: Vec<u64> = vertices
                .iter()
                .zip(&colours)
                .map(|(&v, &colour)| {
                    let mut key = KeyHasher::default();
                    key.write_u64(colour);
                    key.write_unordered(bits(inside(v)).map(|u| colours[index(u)]));
                    key.finish() as u64
                })
                .collect();
            let count = distinct(&refined);
            colours = refined;
            if count == classes {
                break;
            }
            classes = count;
        }
        let mut order: Vec<usize> = (0..vertices.len()).collect();
        crate::sort::sort_by_key(&mut order, |&i| (colours[i], i));
        let mut place = vec![0; vertices.len()];
        for (at, &i) in order.iter().enumerate() {
            place[i] = at;
        }
        let mut key = KeyHasher::default();
        key.write_u64(vertices.len() as u64);
        for &i in &order {
            key.write_u64(bits(inside(vertices[i])).fold(0, |row, u| row | 1 << place[index(u)]));
        }
        key.finish()
    }

    fn part_value<F: Form>(&mut self, part: u64, budget: u64) -> Result<Nimber, OverBudget> {
        if let Some(&value) = self.values.get(&part) {
            return Ok(Nimber(u32::from(value)));
        }
        if self.work >= budget {
            return Err(OverBudget);
        }
        // A part looked up by its shape counts its vertices, and each move
        // tried the vertices it leaves to split into components.
        let vertices = part.count_ones();
        let shape = (vertices <= MAX_SHAPED_VERTICES).then(|| self.shape_key(part));
        self.work += u64::from(vertices);
        if let Some(&value) = shape.and_then(|shape| self.shapes.get(&shape)) {
            self.values.insert(part, value);
            return Ok(Nimber(u32::from(value)));
        }
        let picks = self.picks::<F>(part);
        // Edges are picked from the whole graph's list, and an edge leaves
        // more of the part to split and look up than a vertex with its
        // neighbours does: measured at about twice the work a vertex left.
        let (listed, per_vertex_left) = match F::PICKS {
            Picks::Vertices => (0, 1),
            Picks::Edges => (self.edges.len() as u64, 2),
        };
        self.work += listed;
        let mut reached = MexSet::new();
        for pick in picks {
            let left = self.after::<F>(part, pick);
            self.work += per_vertex_left * u64::from(left.count_ones());
            reached.insert(self.value::<F>(left, budget)?);
        }
        let value = reached.mex();
        self.values.insert(part, value.0 as u16);
        if let Some(shape) = shape {
            if self.shapes.len() >= MAX_SHAPES {
                self.shapes.clear();
            }
            self.shapes.insert(shape, value.0 as u16);
        }
        Ok(value)
    }
}

/// Kayles on a graph, in the form `F`.
#[derive(Default)]
pub struct GraphKayles<F: Form> {
    solver: Solver,
    form: PhantomData<F>,
}

pub type NodeKayles = GraphKayles<Nodes>;
pub type ArcKayles = GraphKayles<Arcs>;

impl<F: Form> GraphKayles<F> {
    fn value_within(&mut self, position: &Position, budget: u64) -> Result<Nimber, GameError> {
        self.solver.use_graph(&position.graph);
        self.solver.work = 0;
        self.solver.value::<F>(position.left, budget).map_err(|_| {
            GameError::too_large(format!(
                "too large to solve exactly: its parts take more than {budget} steps to search \
                 (a step for each vertex of each part looked up and of what each move tried leaves)"
            ))
        })
    }

    /// The value of a vertex set of the graph the solver was last given.
    fn value(&mut self, set: u64) -> Nimber {
        self.solver.work = 0;
        match self.solver.value::<F>(set, u64::MAX) {
            Ok(value) => value,
            Err(OverBudget) => unreachable!("an unbounded search finishes"),
        }
    }
}

impl<F: Form> Game for GraphKayles<F> {
    type Position = Position;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        F::info()
    }

    fn parse(&self, text: &str) -> Result<Vec<Position>, GameError> {
        let mut scanner = Scanner::new(text);
        let ends = ["first vertex", "second vertex"];
        let start = scanner.peek();
        let (vertices, read) = read_graph(&mut scanner, 0, MAX_VERTICES, MAX_EDGE_LINES, ends)?;
        let mut edges: Vec<(usize, usize)> = Vec::with_capacity(read.len());
        for (index, &(u, v)) in read.iter().enumerate() {
            if u == v {
                // Line 1 holds n m; edge k is on line k + 1.
                let line = start.map_or(1, |t| t.line) + index + 1;
                return Err(GameError::at_line(
                    line,
                    format!(
                        "edge {} joins vertex {u} to itself; an edge joins two different vertices",
                        index + 1
                    ),
                ));
            }
            let edge = (u.min(v), u.max(v));
            if !edges.contains(&edge) {
                edges.push(edge);
            }
        }
        let points =
            read_coordinates(&mut scanner, vertices)?.unwrap_or_else(|| grid_layout(vertices));
        Ok(vec![Position::new(Picture { edges, points })])
    }

    fn format(&self, position: &Position) -> String {
        let shown = position.shown();
        shown.edge_lines() + &shown.point_lines()
    }

    fn nimber(&mut self, position: &Position) -> Nimber {
        self.solver.use_graph(&position.graph);
        self.value(position.left)
    }

    /// The vertices left, a bit each: play only takes vertices away, so
    /// every position a search reaches from one shares its graph.
    fn write_key(&self, position: &Position, key: &mut KeyHasher) {
        key.write_u64(position.left);
    }

    fn checked_nimber(&mut self, position: &Position) -> Result<Nimber, GameError> {
        self.value_within(position, CONTEST_BUDGET)
    }

    fn option_count(&mut self, position: &Position) -> u32 {
        self.solver.use_graph(&position.graph);
        self.solver.picks::<F>(position.left).len() as u32
    }

    fn analyse(&mut self, position: &Position) -> Analysis {
        self.solver.use_graph(&position.graph);
        let shown = position.shown();
        let number = |v: usize| position.shown_number(v) as u32;
        let parts: Vec<u64> = self.solver.components(position.left).collect();
        let values: Vec<Nimber> = parts.iter().map(|&part| self.value(part)).collect();
        let total: Nimber = values.iter().copied().sum();
        let components = parts
            .iter()
            .zip(&values)
            .enumerate()
            .map(|(id, (&part, &nimber))| Component {
                id: id as u32,
                region: Region::Items {
                    items: bits(part).map(number).collect(),
                },
                nimber,
                label: format!("part of {} vertices", part.count_ones()),
                loopy: None,
            })
            .collect();
        let shown_edge = |u: usize, v: usize| {
            let (u, v) = (number(u) as usize, number(v) as usize);
            shown.edges.iter().position(|&e| e == (u, v)).unwrap_or(0) as u32
        };
        let mut moves = Vec::new();
        for pick in self.solver.picks::<F>(position.left) {
            let component = parts
                .iter()
                .position(|&p| p >> pick.0 & 1 == 1)
                .unwrap_or(0);
            let rest = self.solver.after::<F>(parts[component], pick);
            let pieces: Vec<u64> = self.solver.components(rest).collect();
            let after_parts: Vec<Nimber> = pieces.iter().map(|&p| self.value(p)).collect();
            let taken = parts[component] & !rest;
            let (label, anchor) = match F::PICKS {
                Picks::Vertices => (
                    format!("take vertex {} and its neighbours", number(pick.0)),
                    number(pick.0),
                ),
                Picks::Edges => (
                    format!("take edge {}–{}", number(pick.0), number(pick.1)),
                    shown_edge(pick.0, pick.1),
                ),
            };
            moves.push(MoveInfo {
                id: moves.len() as u32,
                label,
                component: component as u32,
                anchor: Region::Items {
                    items: vec![anchor],
                },
                variant: None,
                footprint: Region::Items {
                    items: bits(taken).map(number).collect(),
                },
                after: total ^ values[component] ^ after_parts.iter().copied().sum(),
                parts: after_parts,
                loopy: None,
            });
        }
        let board = Board::Network {
            points: shown.points,
            edges: shown
                .edges
                .iter()
                .map(|&(u, v)| [u as u32, v as u32])
                .collect(),
            picks: F::PICKS,
        };
        Analysis::new(board, components, moves)
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        self.solver.use_graph(&position.graph);
        let pick = *self
            .solver
            .picks::<F>(position.left)
            .get(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        Ok(Position {
            left: self.solver.after::<F>(position.left, pick),
            ..position.clone()
        })
    }

    fn edit(&mut self, position: &Position, edit: &Edit) -> Result<Position, GameError> {
        let shown = position.shown();
        match *edit {
            Edit::Random { seed, density } => {
                let mut rng = Rng::new(seed);
                let n = 6 + rng.below(7);
                let chance = 0.15 + 0.35 * density.clamp(0.0, 1.0);
                let mut edges = Vec::new();
                for u in 0..n {
                    for v in u + 1..n {
                        if rng.unit() < chance {
                            edges.push((u, v));
                        }
                    }
                }
                Ok(Position::new(Picture {
                    edges,
                    points: grid_layout(n),
                }))
            }
            Edit::AddEdge { from, to } if from == to => {
                Err(GameError::new("an edge joins two different vertices"))
            }
            Edit::AddEdge { from, to }
                if shown
                    .edges
                    .contains(&((from.min(to)) as usize, (from.max(to)) as usize)) =>
            {
                Err(GameError::new(format!(
                    "vertices {from} and {to} are already joined"
                )))
            }
            _ => {
                let mut drawn = edit_drawing(&shown, edit, &DRAWING)?
                    .ok_or_else(|| unsupported_edit(F::info().name, edit))?;
                for edge in &mut drawn.edges {
                    *edge = (edge.0.min(edge.1), edge.0.max(edge.1));
                }
                Ok(Position::new(drawn))
            }
        }
    }

    /// Misère play where every part is over after one move or has none (a
    /// clique in Node Kayles, isolated vertices included): play then only
    /// counts moves, one a part, and whoever moves last loses.
    fn misere_closed_form(
        &mut self,
        position: &Position,
        _: &SearchBudget,
    ) -> Option<MisereReport> {
        self.solver.use_graph(&position.graph);
        let parts: Vec<u64> = self.solver.components(position.left).collect();
        let mut one_move_parts = 0;
        for part in parts {
            let picks = self.solver.picks::<F>(part);
            let over_at_once = picks.iter().all(|&pick| {
                let left = self.solver.after::<F>(part, pick);
                self.solver.picks::<F>(left).is_empty()
            });
            if !over_at_once {
                return None;
            }
            one_move_parts += usize::from(!picks.is_empty());
        }
        // With an even number of moves left, whoever is to move makes the
        // second-last and leaves the last to the opponent: every move wins.
        let wins = one_move_parts % 2 == 0;
        let moves = self.solver.picks::<F>(position.left).len() as u32;
        Some(MisereReport {
            outcome: Some(if wins { Outcome::Next } else { Outcome::Previous }),
            winning: if wins { (0..moves).collect() } else { Vec::new() },
            explored: 0,
            method: format!(
                "every part is over after one move, so play only counts moves: {one_move_parts} are left, \
                 and under misère play whoever makes the last one loses"
            ),
            quotient: None,
            element: None,
            parts: Vec::new(),
            afters: Vec::new(),
        })
    }

    fn check_playable(&mut self, position: &Position) -> Result<(), GameError> {
        let shown = position.shown();
        if shown.vertices() > MAX_PLAYABLE_VERTICES {
            return Err(GameError::too_large(format!(
                "the graph has {} vertices; the playground values graphs of up to {MAX_PLAYABLE_VERTICES} \
                 (`grundy nimber {}` takes up to {MAX_VERTICES})",
                shown.vertices(),
                F::ID
            )));
        }
        shown.check_drawable()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::{Rule, Sequence};

    fn nimber<F: Form>(text: &str) -> Nimber {
        let mut game = GraphKayles::<F>::default();
        let position = game.parse(text).unwrap().remove(0);
        game.checked_nimber(&position).unwrap()
    }

    fn path(n: usize) -> String {
        let mut text = format!("{n} {}\n", n.saturating_sub(1));
        for v in 1..n {
            text.push_str(&format!("{} {v}\n", v - 1));
        }
        text
    }

    #[test]
    fn on_a_path_they_are_dawsons_games() {
        let mut chess = Sequence::new(Rule::parse_name("0.137").unwrap());
        let mut kayles = Sequence::new(Rule::parse_name("0.07").unwrap());
        for n in 1..=40 {
            assert_eq!(
                nimber::<Nodes>(&path(n)),
                Nimber(chess.value(n)),
                "node, path of {n}"
            );
            assert_eq!(
                nimber::<Arcs>(&path(n)),
                Nimber(kayles.value(n)),
                "arc, path of {n}"
            );
        }
    }

    /// A graph of disjoint cliques of the given sizes, and a random edge
    /// or two among them when `joined`.
    fn cliques(sizes: &[usize], joined: Option<&mut Rng>) -> String {
        let mut edges = Vec::new();
        let mut first = 0;
        for &size in sizes {
            for u in first..first + size {
                edges.extend((u + 1..first + size).map(|v| (u, v)));
            }
            first += size;
        }
        if let Some(rng) = joined {
            for _ in 0..1 + rng.below(2) {
                let (u, v) = (rng.below(first), rng.below(first));
                if u != v {
                    edges.push((u, v));
                }
            }
        }
        let lines: String = edges.iter().map(|(u, v)| format!("{u} {v}\n")).collect();
        format!("{first} {}\n{lines}", edges.len())
    }

    /// The closed form, where it answers, agrees with a misère search on
    /// every position: outcome and winning moves.
    fn check_misere<F: Form>(text: &str) -> bool {
        let mut game = GraphKayles::<F>::default();
        let position = game.parse(text).unwrap().remove(0);
        let Some(closed) = game.misere_closed_form(&position, &crate::search::CLI_BUDGET) else {
            return false;
        };
        let searched = crate::search::search(&mut *game.walk(position), crate::search::CLI_BUDGET);
        assert_eq!(closed.outcome, searched.outcome, "{text}");
        assert_eq!(closed.winning, searched.winning, "{text}");
        true
    }

    #[test]
    fn misere_play_of_parts_over_in_one_move_is_a_count() {
        let mut rng = Rng::new(7);
        let mut answered = [0; 2];
        for _ in 0..300 {
            let sizes: Vec<usize> = (0..rng.below(6)).map(|_| 1 + rng.below(4)).collect();
            let joined = rng.below(3) == 0;
            let text = cliques(&sizes, joined.then_some(&mut rng));
            answered[0] += usize::from(check_misere::<Nodes>(&text));
            answered[1] += usize::from(check_misere::<Arcs>(&text));
        }
        assert!(answered.iter().all(|&n| n > 100), "{answered:?}");
        // 64 lone vertices: 64 moves, the last one the second player's.
        let mut game = NodeKayles::default();
        let lone = game.parse("64 0\n").unwrap().remove(0);
        let report = game
            .misere_closed_form(&lone, &crate::search::CLI_BUDGET)
            .unwrap();
        assert_eq!(
            (report.outcome, report.winning.len()),
            (Some(Outcome::Next), 64)
        );
    }

    #[test]
    fn the_samples_have_their_values() {
        assert_eq!(nimber::<Nodes>("3 2\n0 1\n1 2\n"), Nimber(2));
        assert_eq!(nimber::<Arcs>("3 2\n0 1\n1 2\n"), Nimber(1));
        // Repeats are one edge; a lone vertex is a Node Kayles move, no Arc Kayles one.
        assert_eq!(nimber::<Nodes>("3 3\n0 1\n1 0\n0 1\n"), Nimber(0));
        assert_eq!(nimber::<Arcs>("3 2\n0 1\n1 0\n"), Nimber(1));
    }

    #[test]
    fn a_graph_with_every_vertex_taken_reads_back_and_is_drawn_on() {
        let mut game = NodeKayles::default();
        let empty = game.parse("0 0\n").unwrap().remove(0);
        assert_eq!(game.format(&empty), "0 0\n");
        let err = game
            .edit(&empty, &Edit::AddEdge { from: 0, to: 1 })
            .unwrap_err();
        assert!(err.message.contains("no vertices"), "{}", err.message);
        let one = game
            .edit(
                &empty,
                &Edit::AddVertex {
                    x: 0,
                    y: 0,
                    from: None,
                },
            )
            .unwrap();
        assert_eq!(game.format(&one), "1 0\n0 0\n");
    }

    #[test]
    fn a_loop_is_refused_on_its_line() {
        let err = NodeKayles::default().parse("3 2\n0 1\n1 1\n").unwrap_err();
        assert_eq!(err.line, Some(3));
    }
}
