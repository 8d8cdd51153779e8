//! The one shape every game reports. The browser, the CLI's `--json` and the
//! AI all read this, so a renderer needs no knowledge of any game's rules.

use crate::nimber::Nimber;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Who wins with perfect play, from the point of view of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// An N-position: the player to move wins (nimber ≠ 0).
    Next,
    /// A P-position: the player who just moved wins (nimber = 0).
    Previous,
    /// Neither player can force a win: play goes on forever.
    Draw,
}

impl Outcome {
    pub fn of(nimber: Nimber) -> Outcome {
        if nimber.is_zero() {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// How a total is written when it is an outcome rather than a nimber:
    /// `N` (the player to move wins), `P`, or `a draw`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::Next => "N",
            Outcome::Previous => "P",
            Outcome::Draw => "a draw",
        }
    }

    /// The contest's word for it: `First` (the player to move wins),
    /// `Second` or `Draw`.
    pub fn answer(self) -> &'static str {
        match self {
            Outcome::Next => "First",
            Outcome::Previous => "Second",
            Outcome::Draw => "Draw",
        }
    }

    /// Smith's rule for a sum of finite values whose ⊕ is `finite` and of
    /// ∞ values with these sets K: with no ∞, the ⊕ decides; with one, the
    /// player to move wins exactly when `finite` is in its K (moving that
    /// part to a value `finite`); with two or more, neither can force a win.
    pub fn smith<'a>(finite: Nimber, mut infinite: impl Iterator<Item = &'a [u32]>) -> Outcome {
        match (infinite.next(), infinite.next()) {
            (None, _) => Outcome::of(finite),
            (Some(k), None) if k.contains(&finite.0) => Outcome::Next,
            _ => Outcome::Draw,
        }
    }
}

/// A place on a board. Coordinates mean what the board's geometry says:
/// grid cells are `[row, column]`, heaps' counters are `[heap, counter]`,
/// spans are inclusive ranges of string indices or integers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Region {
    Cells {
        cells: Vec<[u32; 2]>,
    },
    Rect {
        row: u32,
        col: u32,
        rows: u32,
        cols: u32,
    },
    Span {
        first: i64,
        last: i64,
    },
    Items {
        items: Vec<u32>,
    },
    /// An item and every item around it, up the board's nesting (a picked
    /// interval and each interval containing it): `length` items in all.
    /// Named by its deepest item, since listing each move's whole chain
    /// would be quadratic on deep boards.
    Chain {
        item: u32,
        length: u32,
    },
    /// Lines of a drawing, `[x1, y1, x2, y2]` in its coordinates: where
    /// edges were before a move took them away.
    Segments {
        segments: Vec<[i64; 4]>,
    },
}

impl Region {
    pub fn cell(row: usize, col: usize) -> Region {
        Region::Cells {
            cells: vec![[row as u32, col as u32]],
        }
    }

    /// How many cells, integers or items the region covers.
    pub fn size(&self) -> u64 {
        match self {
            Region::Cells { cells } => cells.len() as u64,
            Region::Rect { rows, cols, .. } => u64::from(*rows) * u64::from(*cols),
            Region::Span { first, last } => last.abs_diff(*first) + 1,
            Region::Items { items } => items.len() as u64,
            Region::Chain { length, .. } => u64::from(*length),
            Region::Segments { segments } => segments.len() as u64,
        }
    }
}

/// An independent summand of the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Component {
    pub id: u32,
    pub region: Region,
    /// The value; 0 when `loopy` says it is ∞.
    pub nimber: Nimber,
    pub label: String,
    /// Present for games whose play can go on forever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub loopy: Option<Loopy>,
}

/// Smith's value of a part of a game whose play can go on forever.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Loopy {
    /// `Some(K)` when the value is ∞: play from here can go on forever,
    /// and K holds the finite values among its options. `None`: the value
    /// is the finite nimber beside it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub infinite: Option<Vec<u32>>,
    /// For a finite value, when the labelling fixed it: lower is nearer the
    /// end of play. A winner who moves to the lowest makes play end.
    #[serde(default)]
    pub rank: u32,
}

impl Loopy {
    /// A finite value fixed at labelling step `rank`.
    pub fn finite(rank: u32) -> Loopy {
        Loopy {
            infinite: None,
            rank,
        }
    }

    pub fn infinite(k: Vec<u32>) -> Loopy {
        Loopy {
            infinite: Some(k),
            rank: 0,
        }
    }
}

/// The K of an ∞ value, if `loopy` holds one.
fn infinite(loopy: &Option<Loopy>) -> Option<&[u32]> {
    loopy.as_ref()?.infinite.as_deref()
}

impl Component {
    /// Smith's K when the value is ∞.
    pub fn infinite(&self) -> Option<&[u32]> {
        infinite(&self.loopy)
    }

    /// The value as written: `*3`, or Smith's `∞{0,2}`.
    pub fn value_text(&self) -> String {
        match self.infinite() {
            Some(k) => infinity_text(k),
            None => self.nimber.to_string(),
        }
    }
}

/// Smith's ∞ with its K: `∞{0,2}`, or `∞` when K is empty.
fn infinity_text(k: &[u32]) -> String {
    if k.is_empty() {
        return "∞".to_string();
    }
    let k: Vec<String> = k.iter().map(u32::to_string).collect();
    format!("∞{{{}}}", k.join(","))
}

/// A legal move and what it leads to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct MoveInfo {
    /// Pass this back to play the move; valid for this position only.
    pub id: u32,
    pub label: String,
    /// The component the move is played in.
    pub component: u32,
    /// Where a person points to play it (a cell, a counter, an occurrence).
    pub anchor: Region,
    /// Tells apart moves that share an anchor, e.g. `H` and `V`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub variant: Option<String>,
    /// What the move removes or occupies.
    pub footprint: Region,
    /// The nimbers of the pieces the component is split into. A move that
    /// leaves more than `MAX_PARTS` pieces lists their ⊕ as one value.
    pub parts: Vec<Nimber>,
    /// The position's nimber after the move; `*0` means the move wins. In
    /// a game that can go on forever, the ⊕ of the finite values only.
    pub after: Nimber,
    /// The moved part's Smith value after the move, for games whose play
    /// can go on forever; its finite value is the ⊕ of `parts`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub loopy: Option<Loopy>,
}

/// The moves of a position where play can go on forever, by who wins
/// after them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LoopyMoves {
    /// Moves after which the player who made them wins.
    pub winning: Vec<u32>,
    /// Moves after which neither player can force a win.
    pub drawing: Vec<u32>,
}

/// The most pieces a move lists one by one in `MoveInfo::parts`.
pub const MAX_PARTS: usize = 16;

/// A placement that is allowed but loses at once for whoever makes it (a
/// colony that would mutate). It is not an option in the Sprague–Grundy
/// sense, so it never appears among `moves`; the UI can still preview it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ForfeitMove {
    pub label: String,
    pub anchor: Region,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub variant: Option<String>,
    /// The cells it would spread over before failing.
    pub footprint: Region,
}

/// What a renderer needs to draw the position, by geometry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Board {
    /// Heaps of counters, as stacks.
    Heaps {
        sizes: Vec<u32>,
        /// The rule of a heap game, as `grundy sequence` names it (`S=1,3,4`,
        /// `grundy`); Nim has none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        rule: Option<String>,
        /// The rule as Edit lets a person change it, where it can be.
        #[serde(default, rename = "ruleField", skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        rule_field: Option<RuleField>,
        /// The most heaps a position holds.
        #[serde(rename = "maxHeaps")]
        max_heaps: u32,
        /// Drawn as a staircase, heap k standing on step k.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stairs: bool,
    },
    /// A grid; every cell is one character of the game's own alphabet.
    Grid {
        rows: u32,
        cols: u32,
        tiles: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tokens: Vec<Token>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        heat: Option<Heat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        overlay: Option<Overlay>,
        legend: Legend,
    },
    /// A string with some letters erased.
    Text {
        text: String,
        erased: Vec<bool>,
        words: Vec<String>,
    },
    /// Heaps drawn as rows of pieces; a move takes `take` neighbouring
    /// pieces (one of `takes`), leaving the pieces on either side as heaps.
    Rows {
        sizes: Vec<u32>,
        takes: Vec<u32>,
        piece: Piece,
        /// What a row is called: "row", or "heap" where it is a heap of counters.
        noun: String,
        /// The octal code, as `grundy sequence` names it.
        rule: String,
        #[serde(rename = "ruleField")]
        rule_field: RuleField,
        #[serde(rename = "maxHeaps")]
        max_heaps: u32,
    },
    /// Closed integer intervals on a number line.
    Line { intervals: Vec<Interval> },
    /// A picture standing on the ground: vertices at drawing coordinates
    /// (x right, y up) joined by edges. Vertex 0 is the ground line (y = 0);
    /// an edge to it stands on the ground below its other end. Regions'
    /// items are edge indices.
    Graph {
        points: Vec<[i64; 2]>,
        edges: Vec<[u32; 2]>,
    },
    /// Tokens on a directed graph drawn at coordinates (x right, y up).
    /// A component's region is the items `[vertex]` its token stands on; a
    /// move's anchor and footprint are the items `[edge]` it slides along.
    Digraph {
        points: Vec<[i64; 2]>,
        edges: Vec<[u32; 2]>,
        /// The vertex of each token, in the order of the components.
        tokens: Vec<u32>,
        /// Every vertex's Smith value.
        values: Vec<VertexValue>,
    },
    /// An undirected graph drawn at coordinates (x right, y up), with no
    /// ground. Regions and footprints are the items `[vertex]`; a move's
    /// anchor is the vertex or the edge it picks, as `picks` says.
    Network {
        points: Vec<[i64; 2]>,
        edges: Vec<[u32; 2]>,
        picks: Picks,
    },
    /// Games played side by side: each part's own analysis, in its own ids.
    Sum { parts: Vec<SumPart> },
}

/// What a move on a network picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Picks {
    Vertices,
    Edges,
}

/// A heap game's rule as Edit lets a person change it: the field's label,
/// its value (sent back as the `setRule` edit) and a hint of its form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RuleField {
    pub label: String,
    pub value: String,
    pub hint: String,
}

/// What a grid's tiles mean and what Edit offers on it, so that one grid
/// board draws and edits every grid game without knowing which it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Legend {
    /// Every tile the grid may show.
    pub tiles: Vec<TileInfo>,
    /// The tiles a person may paint, in the palette's order (keys 1, 2, …).
    pub palette: Vec<String>,
    /// Named numbers of the position a person may set while drawing, read
    /// back from the analysis's facts of the same label.
    pub numbers: Vec<String>,
    /// Whether the board can be turned 45°, where its diagonals become rows
    /// and columns.
    pub rotatable: bool,
    /// The names of the moves one cell may offer (`H`, `V`), in the one
    /// order the page lists them; empty where a cell has a single move.
    pub variants: Vec<String>,
}

/// One tile of a grid: its character, what it is called, and how it looks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TileInfo {
    pub tile: String,
    /// What a screen reader says, and the tooltip.
    pub name: String,
    pub fill: TileFill,
    /// A short mark drawn in the cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mark: Option<String>,
    /// Diagonal strokes drawn across the cell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strokes: Vec<Stroke>,
    /// Drawn faded: no longer in play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub faded: bool,
    /// Drawn as a coin showing this face, on open ground, not as a filled square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub coin: Option<Face>,
}

impl TileInfo {
    pub fn new(tile: char, name: &str, fill: TileFill) -> TileInfo {
        TileInfo {
            tile: tile.to_string(),
            name: name.to_string(),
            fill,
            mark: None,
            strokes: Vec::new(),
            faded: false,
            coin: None,
        }
    }

    pub fn marked(self, mark: &str) -> TileInfo {
        TileInfo {
            mark: Some(mark.to_string()),
            ..self
        }
    }

    pub fn coin(self, face: Face) -> TileInfo {
        TileInfo {
            coin: Some(face),
            ..self
        }
    }
}

/// The face a coin shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    Heads,
    Tails,
}

/// The kind of ground a tile is, which the page colours by its theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TileFill {
    Open,
    Wall,
    Hot,
    Exit,
    Occupied,
}

/// A diagonal across a cell: bottom-left to top-right, or top-left to bottom-right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Stroke {
    Rising,
    Falling,
}

/// What a row of an octal game is drawn as: the named games' own pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// Kayles and Dawson's Kayles.
    Pin,
    /// Dawson's chess.
    Pawn,
    Counter,
}

/// Smith's value of one vertex: `nimber` when play from it is finite,
/// otherwise ∞ with K, the finite values among its followers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct VertexValue {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub nimber: Option<Nimber>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub k: Vec<u32>,
}

impl VertexValue {
    /// The value as written: `*3`, or Smith's `∞{0,2}`.
    pub fn text(&self) -> String {
        match self.nimber {
            Some(n) => n.to_string(),
            None => infinity_text(&self.k),
        }
    }
}

/// One game of a sum. Its analysis numbers its moves from 0 (the sum's
/// from `move_offset`); its components carry the sum's ids, so a part is
/// drawn in the same colours as the sum's total; and its moves' `after` is
/// the whole sum's nimber after them, so only moves that win the sum are
/// marked as winning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SumPart {
    pub game: String,
    pub name: String,
    pub analysis: Analysis,
    pub move_offset: u32,
    pub component_offset: u32,
}

/// Per-cell values g_n of a grid for every n, as an eventually periodic
/// sequence: `states[n]` for n below `pre_period + period`, and beyond that
/// g_n = g_{n − period}. A renderer shows any n as a heat map from this.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Heat {
    pub pre_period: u32,
    pub period: u32,
    /// Row-major values of every cell, one board per n.
    pub states: Vec<Vec<u8>>,
}

/// Cells and lines a grid draws over itself on demand, such as the squares
/// where a lone Wythoff queen is lost and the golden-ratio lines they
/// follow. They say where positions are lost, so a renderer offers them
/// only while values are shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Overlay {
    /// The switch's label.
    pub name: String,
    /// What the overlay shows and why, in a sentence or two.
    pub caption: String,
    /// Marked cells, as [row, column].
    pub cells: Vec<[u32; 2]>,
    /// Straight lines, as [x₁, y₁, x₂, y₂] in thousandths of a cell from
    /// the grid's top left corner (a cell's centre is at its index plus
    /// 500). Whole numbers keep float formatting, a tenth of an engine,
    /// out of the engine.
    pub lines: Vec<[u32; 4]>,
}

/// A piece standing on a grid cell, such as a token with its counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Token {
    pub row: u32,
    pub col: u32,
    pub label: String,
}

/// One interval of a number line, with its place in the nesting forest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Interval {
    pub first: i64,
    pub last: i64,
    pub depth: u32,
    /// The index of the smallest interval containing this one.
    pub parent: Option<u32>,
    /// The nimber of the subtree this interval roots.
    pub nimber: Nimber,
}

/// A named figure a game adds to its analysis (a period, a best pick, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Fact {
    pub label: String,
    pub value: String,
    /// The play the fact is about, where it holds under one only: the
    /// analysis of the other leaves it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub play: Option<Convention>,
}

/// Nim multiplication on 0 … side − 1, for the page to explain a heads
/// coin's value x ⊗ y by its definition, as it explains a mex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NimProducts {
    /// A power of two, so that every product stays below it.
    pub side: u32,
    /// x ⊗ y at x · side + y.
    pub products: Vec<u32>,
    /// At x · side + y, a bit for each value (a ⊗ y) ⊕ (x ⊗ b) ⊕ (a ⊗ b)
    /// takes over a < x, b < y: x ⊗ y is the smallest it misses.
    pub reached: Vec<u32>,
}

/// One analysis's long lists, as `Analysis::take_lists` takes them out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LongLists {
    pub moves: Vec<MoveInfo>,
    /// The ids of the winning moves, and of those that hold a draw.
    pub winning: Vec<u32>,
    pub drawing: Vec<u32>,
    /// A number line's intervals; `None` for any other board.
    pub intervals: Option<Vec<Interval>>,
}

/// Everything known about one position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Analysis {
    pub nimber: Nimber,
    pub outcome: Outcome,
    /// The total as every view writes it: the nimber (`*2`), or where some
    /// part is worth ∞, what Smith's rule makes of the sum (`N`, `P` or
    /// `a draw`), since the ⊕ of the finite values decides nothing then.
    pub total: String,
    pub board: Board,
    pub components: Vec<Component>,
    pub moves: Vec<MoveInfo>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<ForfeitMove>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<Fact>,
    /// Which play the analysis describes. Nimbers and `after` are always
    /// normal-play values; under misère play `misere` says who wins.
    #[serde(default, skip_serializing_if = "Convention::is_normal")]
    pub convention: Convention,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub misere: Option<MisereReport>,
    /// Where the move that led here shows on this board, for a board to mark
    /// until the next move; `None` for a loaded or drawn position.
    #[serde(default, rename = "lastMove", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_move: Option<Region>,
    /// Turning Corners' multiplication table, which values its coins.
    #[serde(
        default,
        rename = "nimProducts",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional)]
    pub nim_products: Option<NimProducts>,
    /// Present when play can go on forever: the outcome then follows
    /// Smith's rule, and these moves win or hold a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub loopy: Option<LoopyMoves>,
    /// Who wins under the play the analysis describes: `outcome` in normal
    /// play, the misère search's or closed form's answer under misère play,
    /// `None` where that is not known. Set by [`Analysis::settle`].
    #[serde(default)]
    pub verdict: Option<Outcome>,
    /// The ids of the moves that win under the play the analysis
    /// describes, in order. Set by [`Analysis::settle`].
    #[serde(default)]
    pub winning: Vec<u32>,
    /// Where play can go on forever, the ids of the moves that hold a draw.
    #[serde(default)]
    pub drawing: Vec<u32>,
}

impl Analysis {
    /// Builds an analysis whose nimber and outcome follow from its
    /// components, by Smith's rule where some value is ∞.
    pub fn new(board: Board, components: Vec<Component>, moves: Vec<MoveInfo>) -> Analysis {
        let nimber = components.iter().map(|c| c.nimber).sum();
        let outcome = Outcome::smith(nimber, components.iter().filter_map(Component::infinite));
        let loops =
            components.iter().any(|c| c.loopy.is_some()) || moves.iter().any(|m| m.loopy.is_some());
        let loopy = loops.then(|| {
            let mut sorted = LoopyMoves::default();
            for m in &moves {
                let others = components
                    .iter()
                    .filter(|c| c.id != m.component)
                    .filter_map(Component::infinite);
                match Outcome::smith(m.after, others.chain(infinite(&m.loopy))) {
                    Outcome::Previous => sorted.winning.push(m.id),
                    Outcome::Draw => sorted.drawing.push(m.id),
                    Outcome::Next => {}
                }
            }
            sorted
        });
        let total = if components.iter().any(|c| c.infinite().is_some()) {
            outcome.letter().to_string()
        } else {
            nimber.to_string()
        };
        Analysis {
            nimber,
            outcome,
            total,
            board,
            components,
            moves,
            forfeits: Vec::new(),
            facts: Vec::new(),
            convention: Convention::Normal,
            misere: None,
            last_move: None,
            nim_products: None,
            loopy,
            verdict: None,
            winning: Vec::new(),
            drawing: Vec::new(),
        }
    }

    /// Records the play the analysis describes (misère play when a report
    /// is given), who wins under it, and which moves win or hold a draw, so
    /// that every view reads them rather than working them out.
    pub fn settle(&mut self, misere: Option<MisereReport>) {
        if let Some(report) = misere {
            self.convention = Convention::Misere;
            self.misere = Some(report);
        }
        self.winning = self.winning_ids();
        let misere = self
            .misere
            .as_ref()
            .filter(|_| !self.convention.is_normal());
        self.verdict = match misere {
            Some(report) => report.outcome,
            None => Some(self.outcome),
        };
        self.drawing = match (&self.loopy, misere) {
            (Some(loopy), None) => loopy.drawing.clone(),
            _ => Vec::new(),
        };
        let convention = self.convention;
        self.facts
            .retain(|fact| fact.play.is_none_or(|play| play == convention));
    }

    /// The analysis without the move that led here (in a sum's parts too):
    /// what any route to the same position shows.
    pub fn position_only(&self) -> Analysis {
        let mut analysis = self.clone();
        analysis.last_move = None;
        if let Board::Sum { parts } = &mut analysis.board {
            for part in parts {
                part.analysis = part.analysis.position_only();
            }
        }
        analysis
    }

    /// Takes out the long lists of the analysis, then of each sum part in
    /// turn: its moves, and a number line's intervals. A boundary that sends
    /// them in a form of its own sends the rest as is, then gives them back
    /// with `put_lists`.
    pub fn take_lists(&mut self) -> Vec<LongLists> {
        let intervals = match &mut self.board {
            Board::Line { intervals } => Some(std::mem::take(intervals)),
            _ => None,
        };
        let mut taken = vec![LongLists {
            moves: std::mem::take(&mut self.moves),
            winning: std::mem::take(&mut self.winning),
            drawing: std::mem::take(&mut self.drawing),
            intervals,
        }];
        if let Board::Sum { parts } = &mut self.board {
            for part in parts {
                taken.extend(part.analysis.take_lists());
            }
        }
        taken
    }

    /// Gives back what `take_lists` took.
    pub fn put_lists(&mut self, taken: Vec<LongLists>) {
        self.put_lists_from(&mut taken.into_iter());
    }

    fn put_lists_from(&mut self, taken: &mut std::vec::IntoIter<LongLists>) {
        let lists = taken.next().unwrap_or_default();
        self.moves = lists.moves;
        self.winning = lists.winning;
        self.drawing = lists.drawing;
        match (&mut self.board, lists.intervals) {
            (Board::Line { intervals }, Some(kept)) => *intervals = kept,
            (Board::Sum { parts }, _) => {
                for part in parts {
                    part.analysis.put_lists_from(taken);
                }
            }
            _ => {}
        }
    }

    /// The ids of the moves that win under the analysis's play, in order:
    /// the misère report's, Smith's where play can go on forever, else those
    /// leaving *0. Under misère play with no known outcome there are none.
    fn winning_ids(&self) -> Vec<u32> {
        let misere = self
            .misere
            .as_ref()
            .filter(|_| !self.convention.is_normal());
        match (misere, &self.loopy) {
            (Some(report), _) => report.winning.clone(),
            (None, Some(loopy)) => loopy.winning.clone(),
            (None, None) => self
                .moves
                .iter()
                .filter(|m| m.after.is_zero())
                .map(|m| m.id)
                .collect(),
        }
    }

    /// The moves that win under the analysis's play, in id order.
    pub fn winning_moves(&self) -> impl Iterator<Item = &MoveInfo> {
        self.winning_ids()
            .into_iter()
            .map(|id| &self.moves[id as usize])
    }

    /// The total as a person writes it: `*3 ⊕ *4 ⊕ *5 = *2`.
    pub fn sum_expression(&self) -> String {
        if self.components.is_empty() {
            return format!("{}", Nimber::ZERO);
        }
        let terms: Vec<String> = self.components.iter().map(Component::value_text).collect();
        format!("{} = {}", terms.join(" ⊕ "), self.total)
    }
}

/// A position in a game tree, with the options below it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TreeNode {
    /// The move that leads here; empty at the root.
    pub label: String,
    /// The position, in its game's text format, where the game writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub text: Option<String>,
    pub nimber: Nimber,
    pub outcome: Outcome,
    /// Play can go on forever from here: `nimber` is not its value.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub loopy: bool,
    pub children: Vec<TreeNode>,
    /// Options left unexpanded because the tree stops at its depth.
    pub unexpanded: u32,
}

/// A change to the position made while drawing it. Each game accepts the
/// edits that fit its geometry and refuses the rest with a message.
/// `EditKind` lists its kinds, each named as its serde form's `kind`, so
/// that every reader and generator of edits matches on all of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, strum::EnumDiscriminants)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[strum_discriminants(
    name(EditKind),
    derive(Hash, strum::EnumIter, strum::EnumCount, strum::IntoStaticStr),
    strum(serialize_all = "camelCase")
)]
pub enum Edit {
    /// Paint one cell of a grid with a tile of the game's alphabet.
    Paint {
        row: u32,
        col: u32,
        tile: char,
    },
    /// Change the size of a grid, keeping what still fits.
    Resize {
        rows: u32,
        cols: u32,
    },
    /// Set a heap's size; an index one past the end adds a heap.
    SetHeap {
        index: u32,
        size: u32,
    },
    RemoveHeap {
        index: u32,
    },
    /// Replace the position with a random one; `density` is in 0..=1.
    Random {
        seed: u64,
        density: f64,
    },
    /// Set a named number of the position (such as BoardEscape's `k`).
    SetNumber {
        name: String,
        value: i64,
    },
    /// Replace a text board's string.
    SetText {
        text: String,
    },
    /// Replace a text board's dictionary.
    SetWords {
        words: Vec<String>,
    },
    /// Add a game, at its first sample, to a sum.
    AddPart {
        game: String,
    },
    /// Take game `index` out of a sum.
    RemovePart {
        index: u32,
    },
    /// Set interval `index` of a number line; one past the end adds one.
    SetSpan {
        index: u32,
        first: i64,
        last: i64,
    },
    RemoveSpan {
        index: u32,
    },
    /// Replace a heap game's rule (an octal code or a subtraction set).
    SetRule {
        rule: String,
    },
    /// Add a vertex of a graph at drawing coordinates, joined by an edge
    /// from vertex `from` if given.
    AddVertex {
        x: i64,
        y: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        from: Option<u32>,
    },
    MoveVertex {
        index: u32,
        x: i64,
        y: i64,
    },
    /// Remove a vertex and its edges; later vertices move down one index.
    RemoveVertex {
        index: u32,
    },
    AddEdge {
        from: u32,
        to: u32,
    },
    RemoveEdge {
        index: u32,
    },
    /// Put one more token on a vertex.
    AddToken {
        vertex: u32,
    },
    /// Take a token off a vertex.
    RemoveToken {
        vertex: u32,
    },
}

impl Edit {
    /// What the edit does, in words for an error message.
    pub fn name(&self) -> &'static str {
        match self {
            Edit::Paint { .. } => "painting cells",
            Edit::Resize { .. } => "resizing",
            Edit::SetHeap { .. } => "setting heaps",
            Edit::RemoveHeap { .. } => "removing heaps",
            Edit::Random { .. } => "drawing at random",
            Edit::SetNumber { .. } => "setting a number",
            Edit::AddPart { .. } => "adding a game",
            Edit::RemovePart { .. } => "removing a game",
            Edit::SetText { .. } => "changing the string",
            Edit::SetWords { .. } => "changing the dictionary",
            Edit::SetSpan { .. } => "drawing intervals",
            Edit::RemoveSpan { .. } => "removing intervals",
            Edit::SetRule { .. } => "changing the rule",
            Edit::AddVertex { .. } => "adding vertices",
            Edit::MoveVertex { .. } => "moving vertices",
            Edit::RemoveVertex { .. } => "removing vertices",
            Edit::AddEdge { .. } => "adding edges",
            Edit::RemoveEdge { .. } => "removing edges",
            Edit::AddToken { .. } => "adding tokens",
            Edit::RemoveToken { .. } => "removing tokens",
        }
    }
}

/// What one step of a session's history is: Undo takes back, and Redo
/// brings back, moves and drawing edits alike, in the order they came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Move,
    Edit,
}

/// Which convention decides the winner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins: the last move loses.
    Misere,
}

impl Convention {
    pub fn is_normal(&self) -> bool {
        *self == Convention::Normal
    }
}

/// What is known of a position under misère play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MisereReport {
    /// `None` when the search ran out of budget.
    pub outcome: Option<Outcome>,
    /// The ids of the moves that win under misère play.
    pub winning: Vec<u32>,
    /// Distinct positions searched (0 for a closed form).
    pub explored: u32,
    /// How the outcome was found, or why it was not.
    pub method: String,
    /// The misère quotient that decided the outcome, where one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub quotient: Option<QuotientSummary>,
    /// The position's element of that quotient.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub element: Option<u32>,
    /// The element of each component, in the components' order (empty
    /// without a quotient).
    #[serde(default)]
    pub parts: Vec<u32>,
    /// The element each move leaves, by move id (empty without a quotient).
    #[serde(default)]
    pub afters: Vec<u32>,
}

/// A misère quotient of a heap game, as `grundy quotient --json` prints it
/// and the page shows it: elements are numbered from 0, the identity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QuotientSummary {
    /// The rule, as `grundy sequence` names it.
    pub rule: String,
    /// The largest heap the quotient was computed for.
    pub max_heap: u32,
    /// How many elements it has.
    pub size: u32,
    /// Each element as a word in the generators: `1`, `a`, `ab^2`, ….
    pub elements: Vec<String>,
    /// The elements whose positions the player to move loses.
    pub p_portion: Vec<u32>,
    /// The element of each heap 0 … `max_heap` (heap 0, no heap, is 1).
    pub heaps: Vec<u32>,
    /// The heap each generator letter (a, b, …) stands for.
    pub generators: Vec<u32>,
    /// The quotient's size for heaps of at most 1, 2, … `max_heap`.
    pub sizes: Vec<u32>,
    /// The products of every two elements, `table[a][b]`: on the page for
    /// a quotient small enough to show, from `grundy quotient --json` always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub table: Option<Vec<Vec<u32>>>,
    /// What is proved: for heaps of up to `max_heap`, or for every heap.
    pub status: String,
}
