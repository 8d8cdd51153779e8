//! Green Hackenbush against a search over edge subsets, and tokens on a
//! directed graph against retrograde analysis of the whole position graph.

use grundy_core::ai::Skill;
use grundy_core::analysis::LoopyMoves;
use grundy_core::rng::Rng;
use grundy_core::{games, mex, Analysis, AnySession, Board, MoveInfo, Nimber, Outcome, Region};
use std::collections::HashMap;

/// The edges of `mask` still connected to the ground (vertex 0).
fn standing(edges: &[(usize, usize)], mask: u32) -> u32 {
    let mut reached = 1u64;
    let mut kept = 0u32;
    loop {
        let before = kept;
        for (id, &(u, v)) in edges.iter().enumerate() {
            if mask & 1 << id != 0 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                kept |= 1 << id;
                reached |= 1 << u | 1 << v;
            }
        }
        if kept == before {
            return kept;
        }
    }
}

/// The value of the edges of `mask` by mex over every chop.
fn hackenbush_value(edges: &[(usize, usize)], mask: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&v) = memo.get(&mask) {
        return v;
    }
    let mut seen = Vec::new();
    for id in 0..edges.len() {
        if mask & 1 << id != 0 {
            seen.push(hackenbush_value(
                edges,
                standing(edges, mask & !(1 << id)),
                memo,
            ));
        }
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(mask, value);
    value
}

#[test]
fn hackenbush_agrees_with_chopping_every_edge() {
    let mut rng = Rng::new(41);
    for _ in 0..1500 {
        let n = 1 + rng.below(6);
        let m = rng.below(11);
        // Trees, cycles, loops and parallel edges all come up.
        let edges: Vec<(usize, usize)> = (0..m).map(|_| (rng.below(n), rng.below(n))).collect();
        let text = format!(
            "{n} {m}\n{}",
            edges
                .iter()
                .map(|(u, v)| format!("{u} {v}\n"))
                .collect::<String>()
        );
        let all = standing(&edges, (1u32 << m) - 1);
        let expected = hackenbush_value(&edges, all, &mut HashMap::new());
        assert_eq!(
            games::nimber("hackenbush", &text).unwrap().0,
            expected,
            "{text}"
        );
        let answer = if expected == 0 { "Second\n" } else { "First\n" };
        assert_eq!(games::solve("hackenbush", &text).unwrap(), answer, "{text}");
        check_moves(&edges, all, &text);
    }
}

/// The playground's analysis of a picture: every chop's value afterwards,
/// the edges it takes, and each piece's nimber as the mex of its options.
fn check_moves(edges: &[(usize, usize)], all: u32, text: &str) {
    let mut session = games::open("hackenbush", text, 0).unwrap();
    let analysis = session.analysis().clone();
    let mut memo = HashMap::new();
    assert_eq!(analysis.moves.len() as u32, all.count_ones(), "{text}");
    for (index, chop) in analysis.moves.iter().enumerate() {
        let Region::Items { items } = &chop.anchor else {
            panic!("a chop's anchor is its edge")
        };
        let id = items[0] as usize;
        let left = standing(edges, all & !(1 << id));
        assert_eq!(
            chop.after.0,
            hackenbush_value(edges, left, &mut memo),
            "{text} {chop:?}"
        );
        let gone: Vec<u32> = (0..edges.len() as u32)
            .filter(|&e| all & !left & 1 << e != 0)
            .collect();
        assert_eq!(chop.footprint, Region::Items { items: gone }, "{text}");
        session.play(index as u32).unwrap();
        assert_eq!(session.analysis().nimber, chop.after, "{text} {chop:?}");
        session.undo();
    }
    for component in &analysis.components {
        let options: Vec<Nimber> = analysis
            .moves
            .iter()
            .filter(|m| m.component == component.id)
            .map(|m| m.parts.iter().copied().sum())
            .collect();
        assert_eq!(mex(options), component.nimber, "{text}");
    }
}

/// Win, loss or draw for the player to move, by retrograde analysis over
/// every multiset of token vertices reachable from `tokens`.
fn retrograde(edges: &[(usize, usize)], tokens: &[usize]) -> &'static str {
    Retrograde::new(edges, tokens).answer(tokens)
}

/// Every position reachable from some tokens, and who wins each.
struct Retrograde {
    index: HashMap<Vec<usize>, usize>,
    /// 1: the player to move wins, -1: loses, 0: a draw.
    result: Vec<i8>,
}

impl Retrograde {
    fn new(edges: &[(usize, usize)], tokens: &[usize]) -> Retrograde {
        let mut start = tokens.to_vec();
        start.sort_unstable();
        let mut index = HashMap::new();
        let mut states = vec![start.clone()];
        index.insert(start, 0usize);
        let mut options: Vec<Vec<usize>> = Vec::new();
        let mut next = 0;
        while next < states.len() {
            let state = states[next].clone();
            let mut here = Vec::new();
            for (t, &at) in state.iter().enumerate() {
                for &(u, v) in edges {
                    if u == at {
                        let mut moved = state.clone();
                        moved[t] = v;
                        moved.sort_unstable();
                        let id = *index.entry(moved.clone()).or_insert_with(|| {
                            states.push(moved);
                            states.len() - 1
                        });
                        here.push(id);
                    }
                }
            }
            options.push(here);
            next += 1;
        }
        // 1: the player to move wins, -1: loses, 0: unknown (a draw at the end).
        let mut result = vec![0i8; states.len()];
        loop {
            let mut changed = false;
            for s in 0..states.len() {
                if result[s] != 0 {
                    continue;
                }
                if options[s].iter().any(|&o| result[o] == -1) {
                    result[s] = 1;
                    changed = true;
                } else if options[s].iter().all(|&o| result[o] == 1) {
                    result[s] = -1;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Retrograde { index, result }
    }

    fn answer(&self, tokens: &[usize]) -> &'static str {
        let mut key = tokens.to_vec();
        key.sort_unstable();
        match self.result[self.index[&key]] {
            1 => "First",
            -1 => "Second",
            _ => "Draw",
        }
    }
}

#[test]
fn digraph_agrees_with_retrograde_analysis_for_one_and_two_tokens() {
    let mut rng = Rng::new(42);
    for round in 0..1500 {
        let n = 1 + rng.below(7);
        let m = rng.below(2 * n + 2);
        let edges: Vec<(usize, usize)> = (0..m).map(|_| (rng.below(n), rng.below(n))).collect();
        let tokens: Vec<usize> = (0..1 + round % 2).map(|_| rng.below(n)).collect();
        let text = format!(
            "{n} {m}\n{}{}\n{}\n",
            edges
                .iter()
                .map(|(u, v)| format!("{u} {v}\n"))
                .collect::<String>(),
            tokens.len(),
            tokens
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        let expected = retrograde(&edges, &tokens);
        assert_eq!(
            games::solve("digraph", &text).unwrap(),
            format!("{expected}\n"),
            "{text}"
        );
    }
}

/// A move is marked winning exactly when the oracle says the player after
/// it loses, and drawing exactly when it says a draw.
fn assert_marked(loopy: &LoopyMoves, m: &MoveInfo, expected: &str, position: &str) {
    let context = format!("{position} {}", m.label);
    assert_eq!(
        loopy.winning.contains(&m.id),
        expected == "Second",
        "{context}"
    );
    assert_eq!(
        loopy.drawing.contains(&m.id),
        expected == "Draw",
        "{context}"
    );
}

/// A random digraph position with `tokens` tokens, as text.
fn random_digraph(rng: &mut Rng, tokens: usize) -> (Vec<(usize, usize)>, Vec<usize>, String) {
    let n = 1 + rng.below(7);
    let m = rng.below(2 * n + 2);
    let edges: Vec<(usize, usize)> = (0..m).map(|_| (rng.below(n), rng.below(n))).collect();
    let at: Vec<usize> = (0..tokens).map(|_| rng.below(n)).collect();
    let text = format!(
        "{n} {m}\n{}{tokens}\n{}\n",
        edges
            .iter()
            .map(|(u, v)| format!("{u} {v}\n"))
            .collect::<String>(),
        at.iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    (edges, at, text)
}

#[test]
fn digraph_moves_are_marked_by_who_wins_after_them() {
    let mut rng = Rng::new(7);
    for round in 0..1000 {
        let (edges, tokens, text) = random_digraph(&mut rng, 1 + round % 2);
        let oracle = Retrograde::new(&edges, &tokens);
        let mut session = games::open("digraph", &text, 0).unwrap();
        let analysis = session.analysis().clone();
        assert_eq!(analysis.outcome.answer(), oracle.answer(&tokens), "{text}");
        let loopy = analysis.loopy.as_ref().unwrap();
        for m in &analysis.moves {
            session.play(m.id).unwrap();
            let after: Vec<usize> = match &session.analysis().board {
                Board::Digraph { tokens, .. } => tokens.iter().map(|&t| t as usize).collect(),
                _ => unreachable!(),
            };
            session.undo();
            assert_marked(loopy, m, oracle.answer(&after), &text);
        }
    }
}

/// Plays the computer against an opponent until one cannot move or `limit`
/// moves pass; returns whether the computer made the last move.
fn computer_wins(
    session: &mut Box<dyn AnySession>,
    opponent: &mut dyn FnMut(&Analysis) -> u32,
    limit: usize,
) -> Option<bool> {
    for ply in 0..limit {
        let analysis = session.analysis().clone();
        if analysis.moves.is_empty() {
            return Some(ply % 2 == 1);
        }
        let id = if ply % 2 == 0 {
            session.ai_move(Skill::OPTIMAL, ply as u64).unwrap()
        } else {
            opponent(&analysis)
        };
        session.play(id).unwrap();
    }
    None
}

#[test]
fn the_computer_wins_won_digraph_positions_and_holds_draws() {
    let mut rng = Rng::new(11);
    let mut won = 0;
    // From 1 the computer moves to 2 (value 0); the opponent moves to 3
    // (∞, K = {0}) and back is 2 again, or 4, labelled before it: only
    // moving to 4 ends play.
    let undoable = "5 6\n0 1\n1 2\n2 3\n3 2\n3 3\n3 4\n1\n1\n".to_string();
    for round in 0..1000 {
        let text = match round {
            0 => undoable.clone(),
            _ => random_digraph(&mut rng, 1 + round % 3).2,
        };
        let mut session = games::open("digraph", &text, 0).unwrap();
        let outcome = session.analysis().outcome;
        // An opponent who undoes: it moves to ∞ or to the largest value it can.
        let mut stubborn = |a: &Analysis| {
            let key = |m: &&MoveInfo| match &m.loopy {
                Some(l) if l.infinite.is_some() => u64::MAX,
                _ => u64::from(m.parts.iter().map(|p| p.0).sum::<u32>()) << 32 | m.id as u64,
            };
            a.moves.iter().max_by_key(key).unwrap().id
        };
        let mut random = Rng::new(round as u64);
        let mut aimless = |a: &Analysis| a.moves[random.below(a.moves.len())].id;
        for opponent in [
            &mut stubborn as &mut dyn FnMut(&Analysis) -> u32,
            &mut aimless,
        ] {
            session.load(&text, 0).unwrap();
            let result = computer_wins(&mut session, opponent, 400);
            match outcome {
                Outcome::Next => {
                    assert_eq!(result, Some(true), "{text}");
                    won += 1;
                }
                Outcome::Draw => assert_ne!(result, Some(false), "{text}"),
                Outcome::Previous => {}
            }
        }
    }
    assert!(won > 250, "only {won} won games were played");
}

#[test]
fn a_digraph_beside_a_nim_heap_agrees_with_retrograde_analysis() {
    let mut rng = Rng::new(5);
    for _ in 0..500 {
        let (mut edges, mut tokens, text) = random_digraph(&mut rng, 1);
        // A Nim heap of h is a token on vertex h of a graph where every
        // vertex leads to every smaller one.
        let n = 1 + edges
            .iter()
            .flat_map(|&(u, v)| [u, v])
            .chain(tokens.clone())
            .max()
            .unwrap();
        let heap = rng.below(4);
        for i in 0..=heap {
            edges.extend((0..i).map(|j| (n + i, n + j)));
        }
        tokens.push(n + heap);
        let oracle = Retrograde::new(&edges, &tokens);
        let sum = format!("--- digraph\n{text}--- nim\n{heap}\n");
        let mut session = games::open("sum", &sum, 0).unwrap();
        let analysis = session.analysis().clone();
        assert_eq!(analysis.outcome.answer(), oracle.answer(&tokens), "{sum}");
        assert_eq!(
            games::solve("sum", &sum).unwrap().trim(),
            oracle.answer(&tokens),
            "{sum}"
        );
        // Each move's mark, against the oracle on the position it leads to.
        let loopy = analysis.loopy.as_ref().unwrap();
        for m in &analysis.moves {
            session.play(m.id).unwrap();
            let text = session.text();
            session.undo();
            let (token, heap_after) = parse_sum(&text);
            assert_marked(loopy, m, oracle.answer(&[token, n + heap_after]), &sum);
        }
    }
}

/// The token's vertex and the heap's size in a sum of one digraph token and one Nim heap.
fn parse_sum(text: &str) -> (usize, usize) {
    let (digraph, nim) = text.split_once("--- nim\n").unwrap();
    let lines: Vec<&str> = digraph.lines().collect();
    let m: usize = lines[1].split(' ').nth(1).unwrap().parse().unwrap();
    let token = lines[2 + m + 1].trim().parse().unwrap();
    (token, nim.trim().parse().unwrap())
}

#[test]
fn graph_inputs_are_located() {
    let err = games::solve("hackenbush", "3 1\n0 3\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(2), Some(3)), "{err}");
    let err = games::solve("digraph", "2 1\n0 1\n0\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(3), Some(1)), "{err}");
    assert!(games::nimber("digraph", "1 0\n1\n0\n").is_err());
}
