//! Intervals (Tuenti Challenge 7, 2017, challenge 15).
//!
//! Intervals nest or are disjoint, so they form a forest by containment and
//! every tree is a component. Picking an integer removes the path from the
//! deepest interval holding it up to the root; the subtrees hanging off that
//! path are left as new components. For an interval v with children c:
//!
//! - S(v) = ⊕ of G(c), the value once v alone is gone;
//! - R(v) = the values of every path from v down: S(v) if v has a gap (an
//!   integer in v outside all children), and R(c) ⊕ S(v) ⊕ G(c) for each c;
//! - G(v) = mex R(v).
//!
//! R(v) is kept as a binary trie merged small into large with a lazy xor
//! tag, so the whole forest takes O(N log N · bits). A subtree never changes
//! while it remains (removing an interval removes its ancestors, never its
//! descendants), so values computed once stay valid for the whole game.
//! A tree's values depend on its spans alone, so an edit solves only the
//! trees it changes; the others take theirs from the old forest, and the
//! old order is kept rather than sorted anew.

use crate::analysis::{
    Analysis, Board, Component, Convention, Edit, Fact, Interval, MoveInfo, Region, MAX_PARTS,
};
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::input::Scanner;
use crate::nimber::Nimber;
use crate::rng::Rng;
use std::cmp::Reverse;
use std::rc::Rc;

pub const MAX_CASES: usize = 10_000;
pub const MAX_INTERVALS: usize = 100_000;
pub const MIN_COORDINATE: i64 = -(1 << 31);
pub const MAX_COORDINATE: i64 = 1 << 31;

/// An interval as read, with the line it came from (0 for one drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub first: i64,
    pub last: i64,
    pub line: usize,
}

impl Span {
    /// `[1, 5] (line 3)`, or `[1, 5]` for a drawn interval.
    fn named(&self) -> String {
        match self.line {
            0 => format!("[{}, {}]", self.first, self.last),
            line => format!("[{}, {}] (line {line})", self.first, self.last),
        }
    }
}

/// A case's forest and which of its intervals remain. Every position of a
/// game shares the forest, so each subtree is solved once per case.
#[derive(Clone)]
pub struct Position {
    forest: Rc<Forest>,
    remaining: Vec<bool>,
}

impl Position {
    /// A case's position with every interval solved.
    fn new(spans: Vec<Span>) -> Result<Position, GameError> {
        let mut order: Vec<usize> = (0..spans.len()).collect();
        crate::sort::sort_by_cached_key(&mut order, |&i| order_key(&spans, i));
        Position::rebuilt(spans, order, None)
    }

    /// A position of `spans`, which `order` lists by `order_key`, taking
    /// the values of every tree `old` holds unchanged from `old`.
    fn rebuilt(
        spans: Vec<Span>,
        order: Vec<usize>,
        old: Option<&Forest>,
    ) -> Result<Position, GameError> {
        let forest = Forest::new(spans, order, old)?;
        Ok(Position {
            remaining: vec![true; forest.spans.len()],
            forest: Rc::new(forest),
        })
    }
}

/// Where interval `i` of `spans` comes in a forest's order: parents before
/// children, by start, then longest first; of equal intervals, the first
/// in the input holds the others.
fn order_key(spans: &[Span], i: usize) -> (i64, Reverse<i64>, usize) {
    (spans[i].first, Reverse(spans[i].last), i)
}

/// The containment forest of a case's intervals, with every subtree's values.
pub struct Forest {
    spans: Vec<Span>,
    /// Parents before children: by start, then longest first.
    order: Vec<usize>,
    parent: Vec<Option<usize>>,
    /// Children by ascending start.
    children: Vec<Vec<usize>>,
    /// G(v): the nimber of the subtree v roots.
    nimber: Vec<Nimber>,
    /// S(v): ⊕ of the children's nimbers.
    below: Vec<Nimber>,
    /// The nearest ancestor with two or more children, and its child on the
    /// way down: walking these visits only ancestors that leave pieces.
    branch_up: Vec<Option<(usize, usize)>>,
}

impl Forest {
    /// Builds the forest of `spans`, listed in `order` by `order_key`, or
    /// names the two intervals that overlap.
    fn new(spans: Vec<Span>, order: Vec<usize>, old: Option<&Forest>) -> Result<Forest, GameError> {
        let n = spans.len();
        debug_assert!(order.is_sorted_by_key(|&i| order_key(&spans, i)));
        let mut parent = vec![None; n];
        let mut children = vec![Vec::new(); n];
        let mut open: Vec<usize> = Vec::new();
        for &i in &order {
            while open
                .last()
                .is_some_and(|&top| spans[top].last < spans[i].first)
            {
                open.pop();
            }
            if let Some(&top) = open.last() {
                if spans[i].last > spans[top].last {
                    let (a, b) = (spans[top], spans[i]);
                    let message = format!(
                        "{} and {} overlap without one holding the other; \
                         intervals must nest or be disjoint, and touching ends count as overlapping",
                        a.named(),
                        b.named()
                    );
                    // A drawn interval has no line to name.
                    return Err(match b.line {
                        0 => GameError::new(message),
                        line => GameError::at_line(line, message),
                    });
                }
                parent[i] = Some(top);
                children[top].push(i);
            }
            open.push(i);
        }
        let mut forest = Forest {
            nimber: vec![Nimber::ZERO; n],
            below: vec![Nimber::ZERO; n],
            branch_up: vec![None; n],
            spans,
            order,
            parent,
            children,
        };
        forest.solve(old);
        Ok(forest)
    }

    /// Fills G and S for every interval, children first, tree by tree,
    /// copying the trees `old` holds unchanged.
    fn solve(&mut self, old: Option<&Forest>) {
        let order = std::mem::take(&mut self.order);
        let mut tries = Tries::new();
        let mut sets = vec![Trie::default(); self.spans.len()];
        let mut old_at = 0;
        let mut start = 0;
        while start < order.len() {
            // A tree is its root and everything after it up to the next root.
            let size = 1 + order[start + 1..]
                .iter()
                .take_while(|&&v| self.parent[v].is_some())
                .count();
            let tree = &order[start..start + size];
            start += size;
            if old.is_some_and(|old| self.copy_tree(tree, old, &mut old_at)) {
                continue;
            }
            for &v in tree.iter().rev() {
                let below: Nimber = self.children[v].iter().map(|&c| self.nimber[c]).sum();
                let mut set = Trie::default();
                for &c in &self.children[v] {
                    let child = tries.xor_all(sets[c], (below ^ self.nimber[c]).0);
                    set = tries.union(set, child);
                }
                if self.has_gap(v) {
                    set = tries.insert(set, below.0);
                }
                self.below[v] = below;
                self.nimber[v] = Nimber(tries.mex(set));
                sets[v] = set;
            }
            // The tree's sets are done with: its root's value is known.
            tries.clear();
        }
        for &v in &order {
            if let Some(p) = self.parent[v] {
                self.branch_up[v] = if self.children[p].len() >= 2 {
                    Some((p, v))
                } else {
                    self.branch_up[p]
                };
            }
        }
        self.order = order;
    }

    /// Copies G and S for `tree` (a root and its descendants, in order)
    /// from `old` if `old` has an interval of the same span whose subtree
    /// has the same spans: values depend on nothing else. `old_at` is
    /// where the search in `old`'s order resumes, as trees come by start.
    fn copy_tree(&mut self, tree: &[usize], old: &Forest, old_at: &mut usize) -> bool {
        let root = self.spans[tree[0]];
        let key = |span: Span| (span.first, Reverse(span.last));
        while old
            .order
            .get(*old_at)
            .is_some_and(|&u| key(old.spans[u]) < key(root))
        {
            *old_at += 1;
        }
        let end = *old_at + tree.len();
        let Some(old_tree) = old.order.get(*old_at..end) else {
            return false;
        };
        let same = |v: usize, u: usize| {
            (self.spans[v].first, self.spans[v].last) == (old.spans[u].first, old.spans[u].last)
        };
        let old_tree_ends = old
            .order
            .get(end)
            .is_none_or(|&u| old.spans[u].first > root.last);
        if !old_tree_ends || !tree.iter().zip(old_tree).all(|(&v, &u)| same(v, u)) {
            return false;
        }
        for (&v, &u) in tree.iter().zip(old_tree) {
            self.nimber[v] = old.nimber[u];
            self.below[v] = old.below[u];
        }
        true
    }

    fn has_gap(&self, v: usize) -> bool {
        self.gaps(v).next().is_some()
    }

    /// The maximal runs of integers in v outside all of its children.
    fn gaps(&self, v: usize) -> impl Iterator<Item = (i64, i64)> + '_ {
        let span = self.spans[v];
        let mut next = span.first;
        let mut children = self.children[v].iter();
        let mut done = false;
        std::iter::from_fn(move || {
            while !done {
                match children.next() {
                    Some(&c) => {
                        let child = self.spans[c];
                        let gap = (child.first > next).then_some((next, child.first - 1));
                        next = child.last + 1;
                        if gap.is_some() {
                            return gap;
                        }
                    }
                    None => {
                        done = true;
                        if next <= span.last {
                            return Some((next, span.last));
                        }
                    }
                }
            }
            None
        })
    }

    /// The nimbers of the pieces a pick in v's gap leaves of its tree,
    /// listed when there are at most `MAX_PARTS` of them, else their ⊕.
    fn pieces_into(
        &self,
        parts: &mut Vec<Nimber>,
        v: usize,
        remaining: &[bool],
        count: usize,
        value: Nimber,
    ) {
        parts.clear();
        if count > MAX_PARTS {
            parts.push(value);
            return;
        }
        // Sized once: a position can have 200 000 picks, each with its list.
        parts.reserve(count);
        parts.extend(self.children[v].iter().map(|&c| self.nimber[c]));
        let mut at = v;
        while let Some((p, on_path)) = self.branch_up[at].filter(|&(p, _)| remaining[p]) {
            parts.extend(
                self.children[p]
                    .iter()
                    .filter(|&&c| c != on_path)
                    .map(|&c| self.nimber[c]),
            );
            at = p;
        }
    }
}

/// A set of nimbers as a binary trie in `Tries`: `root` 0 is the empty set,
/// and every value is below 2^`height`. Heights grow only as values need
/// them, so the small sets most subtrees have take a few levels, not 18.
#[derive(Clone, Copy, Default)]
struct Trie {
    root: u32,
    height: u32,
}

/// Binary tries of nimbers in one arena; node 0 stands for no node. A node
/// at level L splits its values by bit L−1; a node at level 0 is one value.
struct Tries {
    nodes: Vec<TrieNode>,
}

#[derive(Clone, Copy, Default)]
struct TrieNode {
    child: [u32; 2],
    /// How many distinct values lie below.
    count: u32,
    /// Values below are to be xored with this (the bits below the level).
    tag: u32,
}

/// The height a trie needs to hold `value`.
fn height_for(value: u32) -> u32 {
    u32::BITS - value.leading_zeros()
}

impl Tries {
    fn new() -> Tries {
        Tries {
            nodes: vec![TrieNode::default()],
        }
    }

    /// Forgets every set, keeping the arena's memory.
    fn clear(&mut self) {
        self.nodes.truncate(1);
    }

    fn node(&mut self, node: TrieNode) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// The same set with room for values below 2^`height`.
    fn lift(&mut self, mut trie: Trie, height: u32) -> Trie {
        while trie.height < height {
            if trie.root != 0 {
                let count = self.count(trie.root);
                trie.root = self.node(TrieNode {
                    child: [trie.root, 0],
                    count,
                    tag: 0,
                });
            }
            trie.height += 1;
        }
        trie
    }

    /// Every value of the set xored with `value`.
    fn xor_all(&mut self, trie: Trie, value: u32) -> Trie {
        let trie = self.lift(trie, height_for(value));
        if trie.root != 0 {
            self.nodes[trie.root as usize].tag ^= value;
        }
        trie
    }

    fn push(&mut self, node: u32, level: u32) {
        let tag = self.nodes[node as usize].tag;
        if tag == 0 || level == 0 {
            return;
        }
        if (tag >> (level - 1)) & 1 == 1 {
            self.nodes[node as usize].child.swap(0, 1);
        }
        for child in self.nodes[node as usize].child {
            if child != 0 {
                self.nodes[child as usize].tag ^= tag;
            }
        }
        self.nodes[node as usize].tag = 0;
    }

    fn count(&self, node: u32) -> u32 {
        self.nodes[node as usize].count
    }

    fn insert(&mut self, trie: Trie, value: u32) -> Trie {
        let trie = self.lift(trie, height_for(value));
        Trie {
            root: self.insert_below(trie.root, value, trie.height),
            ..trie
        }
    }

    fn insert_below(&mut self, node: u32, value: u32, level: u32) -> u32 {
        let node = if node == 0 {
            self.node(TrieNode::default())
        } else {
            node
        };
        if level == 0 {
            self.nodes[node as usize].count = 1;
            return node;
        }
        self.push(node, level);
        let side = ((value >> (level - 1)) & 1) as usize;
        let child = self.nodes[node as usize].child[side];
        let child = self.insert_below(child, value, level - 1);
        self.nodes[node as usize].child[side] = child;
        self.recount(node);
        node
    }

    fn recount(&mut self, node: u32) {
        let [a, b] = self.nodes[node as usize].child;
        self.nodes[node as usize].count = self.count(a) + self.count(b);
    }

    /// The union of two sets; both are consumed.
    fn union(&mut self, a: Trie, b: Trie) -> Trie {
        let height = a.height.max(b.height);
        let (a, b) = (self.lift(a, height), self.lift(b, height));
        Trie {
            root: self.merge(a.root, b.root, height),
            height,
        }
    }

    fn merge(&mut self, a: u32, b: u32, level: u32) -> u32 {
        if a == 0 || b == 0 {
            return a.max(b);
        }
        if level == 0 {
            return a;
        }
        self.push(a, level);
        self.push(b, level);
        for side in 0..2 {
            let merged = self.merge(
                self.nodes[a as usize].child[side],
                self.nodes[b as usize].child[side],
                level - 1,
            );
            self.nodes[a as usize].child[side] = merged;
        }
        self.recount(a);
        a
    }

    /// The least value not in the set.
    fn mex(&mut self, trie: Trie) -> u32 {
        let mut node = trie.root;
        if self.count(node) == 1 << trie.height {
            return 1 << trie.height;
        }
        let mut value = 0;
        for level in (1..=trie.height).rev() {
            if node == 0 {
                return value;
            }
            self.push(node, level);
            let [low, high] = self.nodes[node as usize].child;
            if self.count(low) == 1 << (level - 1) {
                value |= 1 << (level - 1);
                node = high;
            } else {
                node = low;
            }
        }
        value
    }
}

/// A pick's effect: every integer in one gap of one interval.
struct Pick {
    interval: usize,
    first: i64,
    last: i64,
}

/// The game; its solved forests live in the positions themselves.
#[derive(Default)]
pub struct Intervals {
    /// The moves of the analysis last shown, refilled by the next: an edit
    /// of 100 000 intervals lists 200 000 moves again, and allocating their
    /// labels, footprints and parts, then freeing them, was most of its work.
    spare_moves: Vec<MoveInfo>,
}

/// Every gap of every remaining interval, in the order moves are numbered.
fn picks(position: &Position) -> Vec<Pick> {
    let forest = &position.forest;
    // An interval has at most one gap more than it has children.
    let mut picks = Vec::with_capacity(2 * forest.spans.len());
    for v in (0..forest.spans.len()).filter(|&v| position.remaining[v]) {
        for (first, last) in forest.gaps(v) {
            picks.push(Pick {
                interval: v,
                first,
                last,
            });
        }
    }
    picks
}

/// Per remaining interval: its root, its path value (the ⊕ of the pieces a
/// pick in its gap leaves) and how many pieces that is.
fn path_values(forest: &Forest, remaining: &[bool]) -> Vec<Option<(usize, Nimber, usize)>> {
    let mut out: Vec<Option<(usize, Nimber, usize)>> = vec![None; remaining.len()];
    for &v in forest.order.iter().filter(|&&v| remaining[v]) {
        let own = forest.children[v].len();
        out[v] = Some(match forest.parent[v].filter(|&p| remaining[p]) {
            None => (v, forest.below[v], own),
            Some(p) => {
                let (root, value, count) = out[p].expect("parents come first");
                (
                    root,
                    value ^ forest.nimber[v] ^ forest.below[v],
                    count - 1 + own,
                )
            }
        });
    }
    out
}

/// Written piece by piece, without `format!`, which costs several times
/// more: a position can have 200 000 picks.
fn write_pick_label(label: &mut String, first: i64, last: i64) {
    label.clear();
    let mut digits = itoa::Buffer::new();
    if first == last {
        label.push_str("pick ");
        label.push_str(digits.format(first));
    } else {
        label.push_str("any of ");
        label.push_str(digits.format(first));
        label.push_str("..");
        label.push_str(digits.format(last));
    }
}

/// A move whose every field a pick then writes.
fn blank_move() -> MoveInfo {
    MoveInfo {
        id: 0,
        label: String::new(),
        component: 0,
        anchor: Region::Span { first: 0, last: 0 },
        variant: None,
        footprint: Region::Chain { item: 0, length: 0 },
        parts: Vec::new(),
        after: Nimber::ZERO,
        loopy: None,
    }
}

/// The smallest integer whose pick wins, if any.
fn smallest_winning(position: &Position) -> Option<i64> {
    let forest = &position.forest;
    let paths = path_values(forest, &position.remaining);
    let total: Nimber = (0..forest.spans.len())
        .filter(|&v| paths[v].is_some_and(|(root, _, _)| root == v))
        .map(|v| forest.nimber[v])
        .sum();
    (0..forest.spans.len())
        .filter_map(|v| {
            let (root, value, _) = paths[v]?;
            (value == total ^ forest.nimber[root])
                .then(|| forest.gaps(v).next().map(|(first, _)| first))?
        })
        .min()
}

impl Game for Intervals {
    type Position = Position;
    const CASE_PREFIX: bool = true;
    /// Play lists every pick of every interval, measured at about 64.
    const WORK_PER_MOVE_LISTED: usize = 64;

    fn info() -> GameInfo {
        GameInfo {
            id: "intervals",
            name: "Intervals",
            summary: "Pick an integer; every interval holding it vanishes.",
            rules: "Closed integer intervals either nest or are disjoint. A move picks an integer that lies \
                    in at least one interval, and every interval containing it disappears. Whoever cannot \
                    move loses. Each outermost interval with everything inside it is a component, and \
                    every interval shows the nimber of what it holds.",
            format: "C cases; each is N, then N lines a b with a < b, −2³¹ ≤ a, b ≤ 2³¹. N ≤ 100 000. \
                     Intervals must nest or be disjoint; duplicates are allowed.",
            lost: "1\n2\n1 3\n5 7\n",
            bad: "1\n2\n1 5\n3 8\n",
            samples: vec![
                Sample { name: "Three trees", input: "1\n6\n1 9\n2 4\n5 8\n11 15\n12 14\n17 20\n" },
                Sample {
                    name: "Contest samples",
                    input: "4\n1\n2 5\n2\n1 3\n5 7\n2\n1 5\n2 4\n3\n1 5\n2 4\n6 9\n",
                },
                Sample { name: "Nested", input: "1\n3\n1 5\n2 4\n6 9\n" },
                Sample {
                    name: "A small forest",
                    input: "1\n7\n0 20\n1 4\n6 12\n7 8\n10 11\n14 19\n22 30\n",
                },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Position>, GameError> {
        let mut scanner = Scanner::new(text);
        let cases = scanner.number("the number of cases C", 1, MAX_CASES)?;
        let mut positions = Vec::with_capacity(cases);
        for case in 1..=cases {
            let place = format!("case {case} of {cases}");
            let in_case = |e: GameError| e.within(&place);
            let count = scanner
                .number("N, the number of intervals", 0, MAX_INTERVALS)
                .map_err(in_case)?;
            let mut spans = Vec::with_capacity(count);
            for index in 1..=count {
                let first = scanner
                    .number(
                        format_args!("the start of interval {index} of {count}"),
                        MIN_COORDINATE,
                        MAX_COORDINATE,
                    )
                    .map_err(in_case)?;
                let end = scanner
                    .token(format_args!("the end of interval {index} of {count}"))
                    .map_err(in_case)?;
                let last = crate::input::parse_number(
                    &end,
                    format_args!("the end of interval {index}"),
                    MIN_COORDINATE,
                    MAX_COORDINATE,
                )
                .map_err(in_case)?;
                if first >= last {
                    return Err(in_case(end.error(format!(
                        "interval {index} is [{first}, {last}]; its start must be below its end"
                    ))));
                }
                spans.push(Span {
                    first,
                    last,
                    line: end.line,
                });
            }
            positions.push(Position::new(spans).map_err(in_case)?);
        }
        scanner.finish(&format!("the last of the {cases} cases C announces"))?;
        Ok(positions)
    }

    /// Written piece by piece, without `format!`: the page asks for the
    /// text of every position it shows, and it can have 100 000 lines.
    fn format(&self, position: &Position) -> String {
        let kept: Vec<&Span> = position
            .forest
            .spans
            .iter()
            .zip(&position.remaining)
            .filter(|(_, &r)| r)
            .map(|(s, _)| s)
            .collect();
        let mut digits = itoa::Buffer::new();
        let mut out = String::with_capacity(16 + 24 * kept.len());
        out.push_str("1\n");
        out.push_str(digits.format(kept.len()));
        out.push('\n');
        for span in kept {
            out.push_str(digits.format(span.first));
            out.push(' ');
            out.push_str(digits.format(span.last));
            out.push('\n');
        }
        out
    }

    fn answer(&mut self, position: &Position) -> Result<String, GameError> {
        Ok(smallest_winning(position).map_or_else(|| "IMPOSSIBLE".to_string(), |x| x.to_string()))
    }

    fn analyse(&mut self, position: &Position) -> Analysis {
        let picks = picks(position);
        let forest = &position.forest;
        let remaining = &position.remaining;
        // Board indices number the remaining intervals in input order.
        let mut board_index = vec![u32::MAX; remaining.len()];
        let kept: Vec<usize> = (0..remaining.len()).filter(|&v| remaining[v]).collect();
        for (i, &v) in kept.iter().enumerate() {
            board_index[v] = i as u32;
        }
        let paths = path_values(forest, remaining);
        let mut depth = vec![0u32; remaining.len()];
        let by_start: Vec<usize> = forest
            .order
            .iter()
            .copied()
            .filter(|&v| remaining[v])
            .collect();
        for &v in &by_start {
            if let Some(p) = forest.parent[v].filter(|&p| remaining[p]) {
                depth[v] = depth[p] + 1;
            }
        }
        let intervals = kept
            .iter()
            .map(|&v| Interval {
                first: forest.spans[v].first,
                last: forest.spans[v].last,
                depth: depth[v],
                parent: forest.parent[v]
                    .filter(|&p| remaining[p])
                    .map(|p| board_index[p]),
                nimber: forest.nimber[v],
            })
            .collect();
        let roots: Vec<usize> = by_start
            .iter()
            .copied()
            .filter(|&v| depth[v] == 0)
            .collect();
        let mut component_of = vec![0u32; remaining.len()];
        let components: Vec<Component> = roots
            .iter()
            .enumerate()
            .map(|(id, &root)| {
                component_of[root] = id as u32;
                let span = forest.spans[root];
                Component {
                    id: id as u32,
                    region: Region::Span {
                        first: span.first,
                        last: span.last,
                    },
                    nimber: forest.nimber[root],
                    label: format!("[{}, {}]", span.first, span.last),
                    loopy: None,
                }
            })
            .collect();
        let total: Nimber = components.iter().map(|c| c.nimber).sum();
        let mut moves = std::mem::take(&mut self.spare_moves);
        moves.truncate(picks.len());
        moves.resize_with(picks.len(), blank_move);
        for ((id, pick), found) in picks.iter().enumerate().zip(&mut moves) {
            let (root, value, count) =
                paths[pick.interval].expect("picks are in remaining intervals");
            found.id = id as u32;
            write_pick_label(&mut found.label, pick.first, pick.last);
            found.component = component_of[root];
            found.anchor = Region::Span {
                first: pick.first,
                last: pick.last,
            };
            found.variant = None;
            found.footprint = Region::Chain {
                item: board_index[pick.interval],
                length: depth[pick.interval] + 1,
            };
            forest.pieces_into(&mut found.parts, pick.interval, remaining, count, value);
            found.after = total ^ forest.nimber[root] ^ value;
            found.loopy = None;
        }
        // Picks come by interval, so the least winning one is searched for.
        let best = picks
            .iter()
            .zip(&moves)
            .filter(|(_, found)| found.after.is_zero())
            .map(|(pick, _)| pick.first)
            .min();
        let mut analysis = Analysis::new(Board::Line { intervals }, components, moves);
        analysis.facts.push(Fact {
            label: "Smallest winning integer".to_string(),
            value: best.map_or_else(|| "none: every pick loses".to_string(), |x| x.to_string()),
            play: Some(Convention::Normal),
        });
        analysis
    }

    fn recycle(&mut self, analysis: Analysis) {
        self.spare_moves = analysis.moves;
    }

    /// The picked interval, drawn where it was: it and the intervals
    /// around it are gone from the board.
    fn last_move(&mut self, before: &Position, move_id: u32, footprint: Region) -> Region {
        match picks(before).get(move_id as usize) {
            Some(pick) => Region::Span {
                first: pick.first,
                last: pick.last,
            },
            None => footprint,
        }
    }

    fn option_count(&mut self, position: &Position) -> u32 {
        picks(position).len() as u32
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        let pick = picks(position)
            .into_iter()
            .nth(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        let forest = &position.forest;
        let mut next = position.clone();
        let mut at = Some(pick.interval);
        while let Some(v) = at.filter(|&v| next.remaining[v]) {
            next.remaining[v] = false;
            at = forest.parent[v];
        }
        Ok(next)
    }

    fn edit(&mut self, position: &Position, edit: &Edit) -> Result<Position, GameError> {
        if let Edit::Random { seed, density } = *edit {
            // About 3 + 20·density intervals on 0..=100.
            let count = 3 + (density.clamp(0.0, 1.0) * 20.0) as usize;
            let spans = random_laminar(&mut Rng::new(seed), 0, 100, count)
                .into_iter()
                .map(|(first, last)| Span {
                    first,
                    last,
                    line: 0,
                })
                .collect();
            return Position::new(spans);
        }
        let forest = &position.forest;
        // The remaining intervals, numbered afresh in input order, in the
        // forest's order, which the new numbers keep.
        let mut index = vec![usize::MAX; forest.spans.len()];
        let mut spans = Vec::with_capacity(forest.spans.len() + 1);
        for v in (0..forest.spans.len()).filter(|&v| position.remaining[v]) {
            index[v] = spans.len();
            spans.push(forest.spans[v]);
        }
        let mut order: Vec<usize> = forest
            .order
            .iter()
            .map(|&v| index[v])
            .filter(|&i| i != usize::MAX)
            .collect();
        match *edit {
            Edit::SetSpan { index, first, last } => {
                let index = index as usize;
                if first >= last || first < MIN_COORDINATE || last > MAX_COORDINATE {
                    return Err(GameError::new(format!(
                        "an interval [a, b] needs a < b within −2³¹…2³¹; [{first}, {last}] is not one"
                    )));
                }
                let span = Span {
                    first,
                    last,
                    line: 0,
                };
                match index.cmp(&spans.len()) {
                    std::cmp::Ordering::Less => {
                        spans[index] = span;
                        order.retain(|&i| i != index);
                    }
                    std::cmp::Ordering::Equal if spans.len() < MAX_INTERVALS => spans.push(span),
                    _ => {
                        return Err(GameError::new(format!(
                            "there is no interval {}",
                            index + 1
                        )))
                    }
                }
                let key = order_key(&spans, index);
                let at = order.partition_point(|&i| order_key(&spans, i) < key);
                order.insert(at, index);
            }
            Edit::RemoveSpan { index } => {
                let index = index as usize;
                if index >= spans.len() {
                    return Err(GameError::new(format!(
                        "there is no interval {}",
                        index + 1
                    )));
                }
                spans.remove(index);
                order.retain(|&i| i != index);
                for i in &mut order {
                    *i -= usize::from(*i > index);
                }
            }
            _ => return Err(unsupported_edit("Intervals", edit)),
        }
        Position::rebuilt(drawn(spans), order, Some(forest))
    }
}

/// `spans` as a drawing holds them: the text they came from, if any, no
/// longer says where they are, so errors name intervals, not lines.
fn drawn(mut spans: Vec<Span>) -> Vec<Span> {
    for span in &mut spans {
        span.line = 0;
    }
    spans
}

/// Up to `count` random intervals inside [lo, hi] that nest or are
/// disjoint, never touching: a valid position of any shape.
pub fn random_laminar(rng: &mut Rng, lo: i64, hi: i64, count: usize) -> Vec<(i64, i64)> {
    let mut spans = Vec::with_capacity(count);
    // Open stretches where a new interval may go without touching another.
    let mut free = vec![(lo, hi)];
    while spans.len() < count && !free.is_empty() {
        let (a, b) = free.swap_remove(rng.below(free.len()));
        if b - a < 1 {
            continue;
        }
        let first = a + rng.below((b - a) as usize) as i64;
        let last = first + 1 + rng.below((b - first) as usize) as i64;
        spans.push((first, last));
        free.extend([(first + 1, last - 1), (a, first - 2), (last + 2, b)]);
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn mex(set: &BTreeSet<u32>) -> u32 {
        (0..)
            .find(|value| !set.contains(value))
            .expect("a set is finite")
    }

    /// Sets built by the tries' operations, as the forest builds them,
    /// against the same operations on plain sets: small values and values
    /// up to 2^17, so tries of every height are lifted and merged.
    #[test]
    fn tries_agree_with_plain_sets() {
        let mut rng = Rng::new(7);
        for round in 0..300 {
            let largest = if round % 2 == 0 { 16 } else { 1 << 17 };
            let mut tries = Tries::new();
            let mut sets: Vec<(Trie, BTreeSet<u32>)> = Vec::new();
            for _ in 0..40 {
                let value = rng.below(largest) as u32;
                let choice = rng.below(3);
                let (trie, set) = if choice == 0 && sets.len() >= 2 {
                    let (a, a_set) = sets.swap_remove(rng.below(sets.len()));
                    let (b, b_set) = sets.swap_remove(rng.below(sets.len()));
                    (tries.union(a, b), &a_set | &b_set)
                } else if choice == 1 && !sets.is_empty() {
                    let (trie, set) = sets.swap_remove(rng.below(sets.len()));
                    let xored = set.iter().map(|&v| v ^ value).collect();
                    (tries.xor_all(trie, value), xored)
                } else {
                    let (trie, mut set) = match rng.below(3) {
                        0 => (Trie::default(), BTreeSet::new()),
                        _ if sets.is_empty() => (Trie::default(), BTreeSet::new()),
                        _ => sets.swap_remove(rng.below(sets.len())),
                    };
                    set.insert(value);
                    (tries.insert(trie, value), set)
                };
                assert_eq!(tries.mex(trie), mex(&set), "round {round}: {set:?}");
                sets.push((trie, set));
            }
        }
    }
}
