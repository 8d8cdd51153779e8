//! Graphs drawn with the pointer, shared by the graph games: the `n m`
//! and edge-list input, optional drawing coordinates, a layout for a graph
//! read without them, and the drawing edits of vertices and edges.

use crate::analysis::Edit;
use crate::game::GameError;
use crate::input::Scanner;

/// Drawing coordinates stay within ±this, well inside a JavaScript number.
pub const MAX_COORDINATE: i64 = 1_000_000;
/// The spacing of a picture laid out by itself, in drawing units.
pub const SPACING: i64 = 60;

/// A picture: vertex 0 is the ground; edges are pairs of vertices; every
/// vertex has drawing coordinates, x to the right and y up from the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub edges: Vec<(usize, usize)>,
    pub points: Vec<[i64; 2]>,
}

impl Picture {
    pub fn vertices(&self) -> usize {
        self.points.len()
    }

    /// `n m` and the edges, one a line: how every graph game's text starts.
    pub fn edge_lines(&self) -> String {
        let mut text = format!("{} {}\n", self.vertices(), self.edges.len());
        for &(u, v) in &self.edges {
            text.push_str(&format!("{u} {v}\n"));
        }
        text
    }

    /// Each vertex's drawing coordinates, one `x y` a line: how it ends.
    pub fn point_lines(&self) -> String {
        self.points
            .iter()
            .map(|[x, y]| format!("{x} {y}\n"))
            .collect()
    }

    /// Refuses coordinates beyond ±[`MAX_COORDINATE`], which the
    /// playground does not draw.
    pub fn check_drawable(&self) -> Result<(), GameError> {
        match self
            .points
            .iter()
            .position(|p| p.iter().any(|c| c.abs() > MAX_COORDINATE))
        {
            Some(vertex) => Err(GameError::new(format!(
                "vertex {vertex} is drawn at {} {}; the playground draws coordinates from \
                 −{MAX_COORDINATE} to {MAX_COORDINATE}",
                self.points[vertex][0], self.points[vertex][1]
            ))),
            None => Ok(()),
        }
    }
}

/// Reads `n m` and m edges `u v` with vertices below n, naming an edge's
/// two ends as `ends` says; the graph games share this start. A game whose
/// moves remove vertices reads a graph with none (`fewest` 0): its last
/// position.
pub fn read_graph(
    scanner: &mut Scanner<'_>,
    fewest: usize,
    max_vertices: usize,
    max_edges: usize,
    ends: [&str; 2],
) -> Result<(usize, Vec<(usize, usize)>), GameError> {
    let vertices = scanner.number("the number of vertices n", fewest, max_vertices)?;
    let most_edges = if vertices == 0 { 0 } else { max_edges };
    let count = scanner.number("the number of edges m", 0, most_edges)?;
    let last = vertices.saturating_sub(1);
    let mut edges = Vec::with_capacity(count);
    for index in 1..=count {
        let u = scanner.number(format_args!("edge {index}'s {}", ends[0]), 0, last)?;
        let v = scanner.number(format_args!("edge {index}'s {}", ends[1]), 0, last)?;
        edges.push((u, v));
    }
    Ok((vertices, edges))
}

/// Reads the optional drawing coordinates: none, or exactly one `x y` per
/// vertex, any whole numbers (the playground draws those within
/// ±[`MAX_COORDINATE`]).
pub fn read_coordinates(
    scanner: &mut Scanner<'_>,
    vertices: usize,
) -> Result<Option<Vec<[i64; 2]>>, GameError> {
    if scanner.is_done() {
        return Ok(None);
    }
    let mut points = Vec::with_capacity(vertices);
    for vertex in 0..vertices {
        let mut point = [0; 2];
        for (axis, value) in ["x", "y"].into_iter().zip(&mut point) {
            *value = scanner.number(
                format_args!("vertex {vertex}'s {axis} coordinate"),
                i64::MIN,
                i64::MAX,
            )?;
        }
        points.push(point);
    }
    scanner.finish("the coordinates")?;
    Ok(Some(points))
}

/// Places each vertex in a row by its distance from the ground, left to
/// right in order; vertices it does not reach go in a row above the rest.
pub fn layered_layout(vertices: usize, edges: &[(usize, usize)]) -> Vec<[i64; 2]> {
    let adjacency = Adjacency::new(vertices, edges);
    let mut depth = vec![usize::MAX; vertices];
    depth[0] = 0;
    let mut queue = std::collections::VecDeque::from([0]);
    while let Some(u) = queue.pop_front() {
        for &(v, _) in adjacency.of(u) {
            if depth[v] == usize::MAX {
                depth[v] = depth[u] + 1;
                queue.push_back(v);
            }
        }
    }
    let unreached = depth
        .iter()
        .filter(|&&d| d != usize::MAX)
        .max()
        .map_or(1, |d| d + 1);
    let mut in_row = vec![0i64; unreached + 1];
    (0..vertices)
        .map(|v| {
            if v == 0 {
                return [0, 0];
            }
            let row = depth[v].min(unreached);
            in_row[row] += 1;
            [in_row[row] * SPACING, row as i64 * SPACING]
        })
        .collect()
}

/// Places the vertices in rows of a square grid, vertex 0 at the top left,
/// for a graph with no ground read without coordinates.
pub fn grid_layout(vertices: usize) -> Vec<[i64; 2]> {
    let side = (1..).find(|side| side * side >= vertices).unwrap_or(1);
    (0..vertices)
        .map(|v| {
            let (row, col) = ((v / side) as i64, (v % side) as i64);
            [col * SPACING, -row * SPACING]
        })
        .collect()
}

/// Each vertex's neighbours with the edges that reach them, loops left out,
/// in two allocations however many vertices there are.
pub struct Adjacency {
    start: Vec<usize>,
    list: Vec<(usize, usize)>,
}

impl Adjacency {
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Adjacency {
        let mut start = vec![0; n + 1];
        for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut list = vec![(0, 0); start[n]];
        for (id, &(u, v)) in edges.iter().enumerate().filter(|(_, (u, v))| u != v) {
            list[next[u]] = (v, id);
            next[u] += 1;
            list[next[v]] = (u, id);
            next[v] += 1;
        }
        Adjacency { start, list }
    }

    pub fn of(&self, u: usize) -> &[(usize, usize)] {
        &self.list[self.start[u]..self.start[u + 1]]
    }
}

/// What a drawn graph allows: its limits, named as `what` ("a picture"),
/// and whether vertex 0 is the ground, which neither moves nor goes.
pub struct DrawingRules {
    pub what: &'static str,
    pub max_vertices: usize,
    pub max_edges: usize,
    pub ground: bool,
}

/// A drawing edit of a graph's vertices and edges; `None` for other edits.
pub fn edit_drawing(
    picture: &Picture,
    edit: &Edit,
    rules: &DrawingRules,
) -> Result<Option<Picture>, GameError> {
    let mut next = picture.clone();
    let n = picture.vertices();
    let what = rules.what;
    let vertex = |index: u32, act: &str| -> Result<usize, GameError> {
        let index = index as usize;
        if index >= n {
            return Err(GameError::new(format!(
                "there is no vertex {index} to {act}"
            )));
        }
        if index == 0 && rules.ground {
            return Err(GameError::new(format!(
                "the ground is vertex 0; it cannot {act}"
            )));
        }
        Ok(index)
    };
    let point = |x: i64, y: i64| -> Result<[i64; 2], GameError> {
        if x.abs() > MAX_COORDINATE || y.abs() > MAX_COORDINATE {
            return Err(GameError::new(format!(
                "coordinates are whole numbers from −{MAX_COORDINATE} to {MAX_COORDINATE}"
            )));
        }
        Ok([x, y])
    };
    let room_for_edge = |next: &Picture| {
        if next.edges.len() >= rules.max_edges {
            Err(GameError::new(format!(
                "{what} has at most {} edges",
                rules.max_edges
            )))
        } else {
            Ok(())
        }
    };
    match *edit {
        Edit::AddVertex { x, y, from } => {
            if n >= rules.max_vertices {
                return Err(GameError::new(format!(
                    "{what} has at most {} vertices",
                    rules.max_vertices
                )));
            }
            next.points.push(point(x, y)?);
            if let Some(from) = from {
                if from as usize >= n {
                    return Err(GameError::new(format!("there is no vertex {from} to join")));
                }
                room_for_edge(&next)?;
                next.edges.push((from as usize, n));
            }
        }
        Edit::MoveVertex { index, x, y } => {
            let index = vertex(index, "move")?;
            next.points[index] = point(x, y)?;
        }
        Edit::RemoveVertex { index } => {
            let index = vertex(index, "be removed")?;
            if n == 1 {
                return Err(GameError::new(format!("{what} keeps at least one vertex")));
            }
            next.points.remove(index);
            next.edges = picture
                .edges
                .iter()
                .filter(|&&(u, v)| u != index && v != index)
                .map(|&(u, v)| (shifted(u, index), shifted(v, index)))
                .collect();
        }
        Edit::AddEdge { from, to } => {
            let (from, to) = (from as usize, to as usize);
            if n == 0 {
                return Err(GameError::new(format!(
                    "{what} has no vertices to join; add some first"
                )));
            }
            if from >= n || to >= n {
                return Err(GameError::new(format!(
                    "an edge joins two of the vertices 0 to {}",
                    n - 1
                )));
            }
            room_for_edge(&next)?;
            next.edges.push((from, to));
        }
        Edit::RemoveEdge { index } => {
            if index as usize >= next.edges.len() {
                return Err(GameError::new(format!("there is no edge {}", index + 1)));
            }
            next.edges.remove(index as usize);
        }
        _ => return Ok(None),
    }
    Ok(Some(next))
}

/// Vertex `w`'s index once vertex `removed` is gone.
pub fn shifted(w: usize, removed: usize) -> usize {
    if w > removed {
        w - 1
    } else {
        w
    }
}
