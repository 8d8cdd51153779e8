//! Intervals against an exhaustive search over bitmasks of remaining
//! intervals: the number line is cut at every endpoint into ranges of
//! integers that lie in the same intervals. No forest, no gaps, no tries.

mod common;

use grundy_core::analysis::{Analysis, Board, Convention};
use grundy_core::games::intervals::random_laminar;
use grundy_core::rng::Rng;
use grundy_core::Outcome;
use grundy_core::{games, Edit, Region};
use std::collections::HashMap;

struct Brute {
    /// Ranges of integers (first, last) with the intervals holding them.
    ranges: Vec<(i64, i64, u32)>,
    memo: HashMap<u32, bool>,
    /// Whether the last move loses (misère play) rather than wins.
    misere: bool,
}

impl Brute {
    fn new(spans: &[(i64, i64)]) -> Brute {
        let mut cuts: Vec<i64> = spans.iter().flat_map(|&(a, b)| [a, b + 1]).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let ranges = cuts
            .windows(2)
            .map(|w| {
                let holders = spans
                    .iter()
                    .enumerate()
                    .filter(|(_, &(a, b))| a <= w[0] && w[1] - 1 <= b)
                    .fold(0u32, |mask, (i, _)| mask | 1 << i);
                (w[0], w[1] - 1, holders)
            })
            .filter(|&(_, _, holders)| holders != 0)
            .collect();
        Brute {
            ranges,
            memo: HashMap::new(),
            misere: false,
        }
    }

    fn wins(&mut self, remaining: u32) -> bool {
        if let Some(&known) = self.memo.get(&remaining) {
            return known;
        }
        let options: Vec<u32> = self
            .ranges
            .iter()
            .filter(|&&(_, _, holders)| holders & remaining != 0)
            .map(|&(_, _, holders)| remaining & !holders)
            .collect();
        let result = if options.is_empty() {
            self.misere
        } else {
            options.into_iter().any(|next| !self.wins(next))
        };
        self.memo.insert(remaining, result);
        result
    }

    /// The winning integers as merged ranges, ascending.
    fn winning(&mut self, remaining: u32) -> Vec<(i64, i64)> {
        let ranges = self.ranges.clone();
        let winning = ranges
            .into_iter()
            .filter(|&(_, _, holders)| holders & remaining != 0 && !self.wins(remaining & !holders))
            .map(|(a, b, _)| (a, b));
        merge(winning.collect())
    }
}

fn merge(mut ranges: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    ranges.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (a, b) in ranges {
        match out.last_mut() {
            Some(last) if last.1 + 1 >= a => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// A random laminar family of at most `max` intervals inside [lo, hi],
/// some of them duplicated, in shuffled order.
fn random_family(rng: &mut Rng, lo: i64, hi: i64, max: usize) -> Vec<(i64, i64)> {
    let count = 1 + rng.below(max);
    let mut spans = random_laminar(rng, lo, hi, count);
    for i in 0..spans.len() {
        if spans.len() < max && rng.unit() < 0.15 {
            spans.push(spans[i]);
        }
    }
    // Shuffle so input order says nothing about nesting.
    for i in (1..spans.len()).rev() {
        spans.swap(i, rng.below(i + 1));
    }
    spans
}

fn input(spans: &[(i64, i64)]) -> String {
    let mut text = format!("1\n{}\n", spans.len());
    for (a, b) in spans {
        text.push_str(&format!("{a} {b}\n"));
    }
    text
}

fn window(rng: &mut Rng) -> (i64, i64) {
    let edge = 1i64 << 31;
    match rng.below(4) {
        0 => (-edge, -edge + 30),
        1 => (edge - 30, edge),
        2 => (-15, 15),
        _ => (0, 40),
    }
}

fn analysed_winning(session: &mut Box<dyn grundy_core::AnySession>) -> Vec<(i64, i64)> {
    merge(
        session
            .analysis()
            .winning_moves()
            .map(|m| match m.anchor {
                Region::Span { first, last } => (first, last),
                ref other => panic!("unexpected anchor {other:?}"),
            })
            .collect(),
    )
}

/// A move's footprint names the chain it removes: `length` intervals, from
/// its deepest one out through the board's parents, each holding the pick.
fn assert_removes_its_chain(analysis: &Analysis, id: usize, removed: u32, pick: i64) {
    let Region::Chain { item, length } = analysis.moves[id].footprint else {
        panic!("footprint {:?}", analysis.moves[id].footprint)
    };
    assert_eq!(length, removed);
    let Board::Line { intervals } = &analysis.board else {
        unreachable!()
    };
    let mut at = Some(item);
    for _ in 0..length {
        let interval = &intervals[at.expect("the chain is as long as it says") as usize];
        assert!(interval.first <= pick && pick <= interval.last);
        at = interval.parent;
    }
    assert_eq!(at, None, "the chain ends at a top-level interval");
}

#[test]
fn agrees_with_brute_force_on_random_families_and_their_continuations() {
    let mut rng = Rng::new(10);
    let mut checked = 0;
    for _ in 0..1500 {
        let (lo, hi) = window(&mut rng);
        let spans = random_family(&mut rng, lo, hi, 12);
        let text = input(&spans);
        let mut brute = Brute::new(&spans);
        let all = (1u32 << spans.len()) - 1;
        let winning = brute.winning(all);
        let expected = winning
            .first()
            .map_or("IMPOSSIBLE".to_string(), |r| r.0.to_string());
        assert_eq!(
            games::solve("intervals", &text).unwrap(),
            format!("Case #1: {expected}\n"),
            "{text}"
        );
        let mut session = games::open("intervals", &text, 0).unwrap();
        let mut remaining = all;
        loop {
            assert_eq!(
                analysed_winning(&mut session),
                brute.winning(remaining),
                "{text} now {}",
                session.text()
            );
            assert_eq!(!session.analysis().nimber.is_zero(), brute.wins(remaining));
            let smallest = brute.winning(remaining).first().map(|r| r.0);
            assert_eq!(
                session.analysis().facts[0].value,
                smallest.map_or("none: every pick loses".to_string(), |x| x.to_string())
            );
            checked += 1;
            let count = session.analysis().moves.len();
            if count == 0 {
                assert_eq!(remaining, 0);
                break;
            }
            let id = rng.below(count);
            let Region::Span { first, .. } = session.analysis().moves[id].anchor else {
                unreachable!()
            };
            let holders = brute
                .ranges
                .iter()
                .find(|r| r.0 <= first && first <= r.1)
                .unwrap()
                .2;
            assert_removes_its_chain(
                session.analysis(),
                id,
                (holders & remaining).count_ones(),
                first,
            );
            remaining &= !holders;
            session.play(id as u32).unwrap();
        }
    }
    assert!(checked > 4000, "only {checked} positions checked");
}

/// An edit reuses the trees it leaves as they were, so after edits, some
/// on positions already played, the analysis is checked against the
/// edited text read afresh, field by field, and against a brute force.
#[test]
fn edits_agree_with_the_edited_text_read_afresh() {
    let mut rng = Rng::new(19);
    let mut checked = 0;
    for _ in 0..400 {
        let (lo, hi) = window(&mut rng);
        let spans = random_family(&mut rng, lo, hi, 12);
        let mut session = games::open("intervals", &input(&spans), 0).unwrap();
        for _ in 0..rng.below(3) {
            let count = session.analysis().moves.len();
            if count > 0 {
                session.play(rng.below(count) as u32).unwrap();
            }
        }
        for _ in 0..8 {
            let count = session.text().lines().count() - 2;
            let (first, last) = random_laminar(&mut rng, lo, hi, 1)[0];
            let edit = match rng.below(3) {
                0 if count > 0 => Edit::RemoveSpan {
                    index: rng.below(count) as u32,
                },
                1 if count > 0 => Edit::SetSpan {
                    index: rng.below(count) as u32,
                    first,
                    last,
                },
                _ => Edit::SetSpan {
                    index: count as u32,
                    first,
                    last,
                },
            };
            // Edits that would overlap intervals are refused; others apply.
            if session.edit(&edit).is_err() {
                continue;
            }
            let text = session.text();
            let mut fresh = games::open("intervals", &text, 0).unwrap();
            // An edit that changes nothing is no step: the last move still shows.
            assert_eq!(
                session.analysis().position_only(),
                *fresh.analysis(),
                "{edit:?} gave {text}"
            );
            let spans: Vec<(i64, i64)> = text
                .lines()
                .skip(2)
                .map(|line| {
                    let (a, b) = line.split_once(' ').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            let mut brute = Brute::new(&spans);
            let all = (1u32 << spans.len()) - 1;
            assert_eq!(analysed_winning(&mut session), brute.winning(all), "{text}");
            checked += 1;
        }
    }
    assert!(checked > 1500, "only {checked} edits checked");
}

/// A case's text is the contest's format for one case, the intervals that
/// remain in the order they came, extreme coordinates written in full.
#[test]
fn the_text_lists_the_remaining_intervals_as_they_came() {
    let input = "1\n4\n-2147483648 -5\n10 2147483648\n11 20\n-100 -50\n";
    let mut session = games::open("intervals", input, 0).unwrap();
    assert_eq!(session.text(), input);
    let pick = |session: &mut Box<dyn grundy_core::AnySession>, label: &str| {
        let id = session
            .analysis()
            .moves
            .iter()
            .find(|m| m.label == label)
            .unwrap()
            .id;
        session.play(id).unwrap();
    };
    // A pick inside [11, 20] takes it and [10, 2147483648] that holds it.
    pick(&mut session, "any of 11..20");
    assert_eq!(session.text(), "1\n2\n-2147483648 -5\n-100 -50\n");
}

#[test]
fn official_samples() {
    let input = "4\n1\n2 5\n2\n1 3\n5 7\n2\n1 5\n2 4\n3\n1 5\n2 4\n6 9\n";
    assert_eq!(
        games::solve("intervals", input).unwrap(),
        "Case #1: 2\nCase #2: IMPOSSIBLE\nCase #3: 2\nCase #4: 1\n"
    );
}

#[test]
fn a_hundred_thousand_intervals_in_any_shape_complete() {
    let n = 100_000i64;
    let chain: Vec<(i64, i64)> = (0..n).map(|i| (i, 2 * n - i)).collect();
    let star: Vec<(i64, i64)> = std::iter::once((-1, 2 * n))
        .chain((0..n - 1).map(|i| (2 * i, 2 * i + 1)))
        .collect();
    let mut rng = Rng::new(11);
    let random = random_family(&mut rng, -(1 << 31), 1 << 31, 100_000);
    for (name, spans) in [("chain", chain), ("star", star), ("random", random)] {
        let out = games::solve("intervals", &input(&spans)).unwrap();
        assert!(out.starts_with("Case #1: "), "{name}: {out}");
    }
}

#[test]
fn optimal_ai_never_loses_to_random() {
    common::optimal_beats_random_from("intervals", 12, 200, |rng| {
        input(&random_family(rng, 0, 60, 12))
    });
}

#[test]
fn errors_name_the_intervals_and_their_lines() {
    let err = games::solve("intervals", "1\n2\n1 5\n3 8\n").unwrap_err();
    assert!(
        err.message
            .contains("[1, 5] (line 3) and [3, 8] (line 4) overlap"),
        "{err}"
    );
    let err = games::solve("intervals", "1\n2\n1 3\n3 5\n").unwrap_err();
    assert!(
        err.message.contains("touching ends count as overlapping"),
        "{err}"
    );
    let err = games::solve("intervals", "1\n1\n5 5\n").unwrap_err();
    assert!(
        err.message.contains("its start must be below its end"),
        "{err}"
    );
    assert_eq!((err.line, err.column), (Some(3), Some(3)));
    let err = games::solve("intervals", "1\n1\n1 2.5\n").unwrap_err();
    assert!(err.message.contains("whole number"), "{err}");
    let err = games::solve("intervals", "2\n1\n1 2\n").unwrap_err();
    assert!(err.message.contains("case 2 of 2"), "{err}");
    let err = games::solve("intervals", "1\n1\n0 2147483649\n").unwrap_err();
    assert!(err.message.contains("2147483648"), "{err}");
    // Duplicates vanish together: one pick empties the line and wins.
    assert_eq!(
        games::solve("intervals", "1\n2\n1 3\n1 3\n").unwrap(),
        "Case #1: 1\n"
    );
}

#[test]
fn pieces_are_listed_up_to_sixteen_then_folded() {
    let star = |leaves: i64| -> Vec<(i64, i64)> {
        std::iter::once((0, 100))
            .chain((0..leaves).map(|i| (2 + 4 * i, 3 + 4 * i)))
            .collect()
    };
    let mut small = games::open("intervals", &input(&star(10)), 0).unwrap();
    let pick = |session: &mut Box<dyn grundy_core::AnySession>, label: &str| {
        session
            .analysis()
            .moves
            .iter()
            .find(|m| m.label == label)
            .unwrap()
            .parts
            .clone()
    };
    assert_eq!(
        pick(&mut small, "any of 0..1").len(),
        10,
        "the root's pick leaves every leaf"
    );
    assert_eq!(
        pick(&mut small, "any of 2..3").len(),
        9,
        "a leaf's pick leaves the other leaves"
    );
    let mut large = games::open("intervals", &input(&star(20)), 0).unwrap();
    // Twenty leaves of *1 fold into their ⊕, *0.
    assert_eq!(
        pick(&mut large, "any of 0..1"),
        vec![grundy_core::Nimber(0)]
    );
}

#[test]
fn misere_outcomes_and_winning_moves_agree_with_brute_force() {
    let mut rng = Rng::new(34);
    // Positions past the search budget say so; 500 that are not must agree.
    let mut answered = 0;
    while answered < 500 {
        let (lo, hi) = window(&mut rng);
        let spans = random_family(&mut rng, lo, hi, 10);
        let text = input(&spans);
        let mut brute = Brute::new(&spans);
        brute.misere = true;
        let all = (1u32 << spans.len()) - 1;
        let mut session = games::open("intervals", &text, 0).unwrap();
        session.set_convention(Convention::Misere);
        let report = session.analysis().misere.clone().unwrap();
        let Some(outcome) = report.outcome else {
            continue;
        };
        answered += 1;
        assert_eq!(outcome == Outcome::Next, brute.wins(all), "{text}");
        assert_eq!(analysed_winning(&mut session), brute.winning(all), "{text}");
    }
}

/// A drawn interval has no line: an edit that overlaps names the intervals
/// only, and no place in a text that may not exist.
#[test]
fn a_drawing_edit_that_overlaps_names_the_intervals_not_lines() {
    let text = "1\n9\n0 1\n2 3\n5 8\n10 11\n13 14\n16 17\n19 20\n22 23\n25 26\n";
    let mut session = games::open("intervals", text, 0).unwrap();
    let error = session
        .edit(&Edit::SetSpan {
            index: 8,
            first: 7,
            last: 12,
        })
        .unwrap_err();
    assert_eq!(error.line, None);
    assert!(!error.message.contains("line"), "{}", error.message);
    assert!(
        error.message.starts_with("[5, 8] and [7, 12] overlap"),
        "{}",
        error.message
    );
    assert_eq!(session.text(), text);
}
