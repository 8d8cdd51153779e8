//! Sums of games: the nimber is the ⊕ of the parts', and every move's
//! value after it is right over the whole sum.

mod common;

use grundy_core::rng::Rng;
use grundy_core::{games, Board, Edit};
use std::collections::HashMap;

/// A random sum of small positions of several games.
fn random_sum(rng: &mut Rng) -> String {
    let pieces = [
        |rng: &mut Rng| format!("--- nim\n{} {}\n", rng.below(6), rng.below(6)),
        |rng: &mut Rng| {
            format!(
                "--- darkraft\n2 2\n{}\n",
                ["RL\nLR", "RR\nRR", "XL\nRX", "LL\nLR"][rng.below(4)]
            )
        },
        |rng: &mut Rng| {
            format!(
                "--- bacterial-tactics\n1\n2 3\n{}\n",
                ["...\n.#.", "...\n...", ".#.\n..."][rng.below(3)]
            )
        },
        |rng: &mut Rng| {
            format!(
                "--- intervals\n1\n2\n1 {}\n{} 9\n",
                3 + rng.below(2),
                6 + rng.below(2)
            )
        },
        |rng: &mut Rng| {
            format!(
                "--- string-game\n1\n{}\n1\nab\n",
                ["abab", "aabb", "abba"][rng.below(3)]
            )
        },
        |rng: &mut Rng| format!("--- board-escape\n1 3 {}\nT.E\n", 1 + rng.below(5)),
    ];
    (0..1 + rng.below(3))
        .map(|_| pieces[rng.below(pieces.len())](rng))
        .collect()
}

#[test]
fn a_sum_is_worth_the_xor_of_its_parts_and_moves_say_so() {
    let mut rng = Rng::new(15);
    for _ in 0..300 {
        let text = random_sum(&mut rng);
        let mut sum = games::open("sum", &text, 0).unwrap();
        let analysis = sum.analysis().clone();
        let Board::Sum { parts } = &analysis.board else {
            panic!("not a sum board")
        };
        let xor = parts.iter().fold(0, |x, p| x ^ p.analysis.nimber.0);
        assert_eq!(analysis.nimber.0, xor, "{text}");
        assert_eq!(
            analysis.moves.len(),
            parts.iter().map(|p| p.analysis.moves.len()).sum::<usize>()
        );
        // A part's components carry the sum's ids, so colours and selections agree.
        for part in parts {
            for component in &part.analysis.components {
                let global = &analysis.components[component.id as usize];
                assert_eq!(global.nimber, component.nimber);
                assert!(
                    global.label.ends_with(&component.label),
                    "{} / {}",
                    global.label,
                    component.label
                );
            }
        }
        // A part's moves are the sum's, numbered from its offset, and say
        // what they leave of the whole sum.
        for part in parts {
            for m in &part.analysis.moves {
                let global = &analysis.moves[(part.move_offset + m.id) as usize];
                assert_eq!(m.after, global.after, "{text} {}", m.label);
            }
        }
        // Every move's "after" is the nimber of the sum it leads to.
        for m in &analysis.moves {
            let mut next = games::open("sum", &text, 0).unwrap();
            next.play(m.id).unwrap();
            assert_eq!(next.analysis().nimber, m.after, "{text} {}", m.label);
        }
    }
}

#[test]
fn optimal_ai_never_loses_a_sum_to_random() {
    common::optimal_beats_random_from("sum", 16, 150, random_sum);
}

#[test]
fn undo_and_redo_walk_the_sum_history() {
    let text = "--- nim\n3\n--- darkraft\n2 2\nRR\nRR\n";
    let mut sum = games::open("sum", text, 0).unwrap();
    sum.play(0).unwrap();
    let last = sum.analysis().moves.len() as u32 - 1;
    sum.play(last).unwrap();
    let after_two = sum.text();
    assert!(sum.undo() && sum.undo());
    assert_eq!(sum.text(), text);
    assert!(sum.redo() && sum.redo());
    assert_eq!(sum.text(), after_two);
    assert!(!sum.redo());
}

#[test]
fn parts_are_added_and_removed_as_edits() {
    let mut sum = games::open("sum", "--- nim\n3\n", 0).unwrap();
    sum.edit(&Edit::AddPart {
        game: "darkraft".into(),
    })
    .unwrap();
    assert!(
        sum.text().starts_with("--- nim\n3\n--- darkraft\n4 5\n"),
        "{}",
        sum.text()
    );
    sum.edit(&Edit::RemovePart { index: 0 }).unwrap();
    assert!(sum.text().starts_with("--- darkraft\n"));
    assert!(sum.edit(&Edit::AddPart { game: "sum".into() }).is_err());
}

#[test]
fn errors_point_into_the_part_that_has_them() {
    let err = games::open("sum", "--- nim\n3\n--- darkraft\n2 2\nRQ\nRR\n", 0)
        .err()
        .unwrap();
    assert!(
        err.message
            .contains("in the darkraft game starting on line 3"),
        "{err}"
    );
    assert_eq!((err.line, err.column), (Some(5), Some(2)));
    let err = games::open("sum", "3 4\n", 0).err().unwrap();
    assert!(err.message.contains("--- <game id>"), "{err}");
    assert_eq!(
        games::solve("sum", "--- nim\n3\n--- nim\n3\n").unwrap(),
        "Second\n"
    );
}

#[test]
fn the_last_move_is_marked_where_it_shows_on_the_position_it_led_to() {
    use grundy_core::Region;
    let last =
        |session: &mut Box<dyn grundy_core::AnySession>| session.analysis().last_move.clone();
    // Nim keeps an emptied heap: the taken counters are marked where they were.
    let mut nim = games::open("nim", "3 4\n", 0).unwrap();
    assert_eq!(last(&mut nim), None);
    nim.play(1).unwrap(); // heap 1 down to 1 counter
    assert_eq!(
        last(&mut nim),
        Some(Region::Rect {
            row: 0,
            col: 1,
            rows: 1,
            cols: 2
        })
    );
    nim.undo();
    assert_eq!(last(&mut nim), None);
    nim.redo();
    assert!(last(&mut nim).is_some());
    // A split leaves two heaps where one was; those are what the move left.
    let mut kayles = games::open("octal", "0.77\n2 5\n", 0).unwrap();
    let split = kayles
        .analysis()
        .moves
        .iter()
        .find(|m| m.label.contains("row 2") && m.parts.len() == 2)
        .unwrap()
        .id;
    kayles.play(split).unwrap();
    assert_eq!(last(&mut kayles), Some(Region::Items { items: vec![1, 2] }));
    // Intervals: the picked interval, by its ends.
    let mut intervals = games::open("intervals", "1\n2\n1 5\n2 4\n", 0).unwrap();
    let pick = intervals.analysis().moves[0].clone();
    intervals.play(pick.id).unwrap();
    assert!(
        matches!(last(&mut intervals), Some(Region::Span { .. })),
        "{pick:?}"
    );
    // In a sum only the part moved in last marks its move.
    let mut sum = games::open("sum", "--- nim\n3\n--- nim\n2\n", 0).unwrap();
    sum.play(0).unwrap();
    sum.play(1).unwrap(); // the first heap is empty: this is in the second part
    let analysis = sum.analysis().clone();
    let grundy_core::Board::Sum { parts } = &analysis.board else {
        panic!("a sum draws its parts");
    };
    assert_eq!(parts[0].analysis.last_move, None);
    assert!(parts[1].analysis.last_move.is_some());
}

#[test]
fn a_sums_long_lists_are_taken_out_part_by_part_and_given_back_whole() {
    let mut rng = Rng::new(11);
    for _ in 0..50 {
        let mut session = games::open("sum", &random_sum(&mut rng), 0).expect("a valid sum");
        let whole = session.analysis().clone();
        let analysis = session.analysis_mut();
        let taken = analysis.take_lists();
        let Board::Sum { parts } = &analysis.board else {
            panic!("a sum draws its parts");
        };
        // The sum's own lists, then each part's, and none left behind.
        assert_eq!(taken.len(), 1 + parts.len());
        let Board::Sum { parts: whole_parts } = &whole.board else {
            unreachable!("the same analysis");
        };
        assert_eq!(taken[0].moves, whole.moves);
        for (lists, part) in taken[1..].iter().zip(whole_parts) {
            assert_eq!(lists.moves, part.analysis.moves);
            if let Board::Line { intervals } = &part.analysis.board {
                assert_eq!(lists.intervals.as_ref(), Some(intervals));
            }
        }
        assert!(analysis.moves.is_empty());
        assert!(parts.iter().all(|part| part.analysis.moves.is_empty()));
        assert!(parts.iter().all(|part| match &part.analysis.board {
            Board::Line { intervals } => intervals.is_empty(),
            _ => true,
        }));
        analysis.put_lists(taken);
        assert_eq!(*session.analysis(), whole);
    }
}

/// Every view reads which moves win from the analysis: the sum's are the
/// moves it says win (after ⊕ 0 in normal play, the search's under misère
/// play), and each part's board is told its share in its own numbering.
#[test]
fn the_sum_and_each_part_say_which_moves_win_the_whole_sum() {
    let mut rng = Rng::new(41);
    for round in 0..60 {
        let text = random_sum(&mut rng);
        let mut session = games::open("sum", &text, 0).expect("a random sum opens");
        if round % 2 == 1 {
            session.set_convention(grundy_core::analysis::Convention::Misere);
        }
        let analysis = session.analysis().clone();
        let expected: Vec<u32> = match &analysis.misere {
            Some(report) => report.winning.clone(),
            None => analysis
                .moves
                .iter()
                .filter(|m| m.after.is_zero())
                .map(|m| m.id)
                .collect(),
        };
        assert_eq!(analysis.winning, expected, "{text}");
        let verdict = analysis
            .misere
            .as_ref()
            .map_or(Some(analysis.outcome), |r| r.outcome);
        assert_eq!(analysis.verdict, verdict, "{text}");
        let Board::Sum { parts } = &analysis.board else {
            panic!("a sum draws a sum board");
        };
        for part in parts {
            let shared: Vec<u32> = part
                .analysis
                .winning
                .iter()
                .map(|id| id + part.move_offset)
                .collect();
            let range = part.move_offset..part.move_offset + part.analysis.moves.len() as u32;
            let own: Vec<u32> = expected
                .iter()
                .copied()
                .filter(|id| range.contains(id))
                .collect();
            assert_eq!(shared, own, "{text}: {}", part.game);
            assert_eq!(part.analysis.verdict, verdict, "{text}: {}", part.game);
        }
    }
}

/// A sum written with lone carriage returns, as old Mac editors end lines,
/// reads as the same sum, as every game's own text does.
#[test]
fn a_sum_reads_any_line_ending() {
    let unix =
        "--- nim\n3 4\n--- darkraft\n2 2\nRL\nLR\n--- string-game\n1\npawpawpawpaw\n1\npawpaw\n";
    let expected = games::open("sum", unix, 0).expect("the sum opens").text();
    for ending in ["\r", "\r\n"] {
        let text = unix.replace('\n', ending);
        let read = games::open("sum", &text, 0).unwrap_or_else(|e| panic!("{ending:?}: {e}"));
        assert_eq!(read.text(), expected, "{ending:?}");
        assert_eq!(
            games::solve("sum", &text).unwrap(),
            games::solve("sum", unix).unwrap()
        );
    }
}

/// A random small sum where play can go on forever: a directed graph with
/// a token or two, beside a Nim heap or a Wythoff queen.
fn random_loopy_sum(rng: &mut Rng) -> String {
    let vertices = 2 + rng.below(4);
    let edges: Vec<(usize, usize)> = (0..1 + rng.below(6))
        .map(|_| (rng.below(vertices), rng.below(vertices)))
        .collect();
    let tokens: Vec<String> = (0..1 + rng.below(2))
        .map(|_| rng.below(vertices).to_string())
        .collect();
    let mut text = format!("--- digraph\n{vertices} {}\n", edges.len());
    for (u, v) in &edges {
        text.push_str(&format!("{u} {v}\n"));
    }
    text.push_str(&format!("{}\n{}\n", tokens.len(), tokens.join(" ")));
    match rng.below(3) {
        0 => text.push_str(&format!("--- nim\n{}\n", rng.below(5))),
        1 => text.push_str(&format!("--- wythoff\n{} {}\n", rng.below(4), rng.below(4))),
        _ => {}
    }
    text
}

/// Who wins `text` by a retrograde labelling of every position the sum
/// reaches, which knows nothing of values: a position with a move to a
/// lost one is won, one whose every move leads to a won one is lost, and
/// the rest are draws.
fn brute_force_answer(text: &str) -> &'static str {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut moves: Vec<Vec<usize>> = Vec::new();
    let mut queue = vec![games::open("sum", text, 0).unwrap().text()];
    index.insert(queue[0].clone(), 0);
    moves.push(Vec::new());
    let mut at = 0;
    while at < queue.len() {
        let count = games::open("sum", &queue[at], 0)
            .unwrap()
            .analysis()
            .moves
            .len() as u32;
        for id in 0..count {
            let mut next = games::open("sum", &queue[at], 0).unwrap();
            next.play(id).unwrap();
            let key = next.text();
            let target = *index.entry(key.clone()).or_insert_with(|| {
                queue.push(key);
                moves.push(Vec::new());
                queue.len() - 1
            });
            moves[at].push(target);
        }
        at += 1;
        assert!(queue.len() < 20_000, "too many positions: {text}");
    }
    // None: not yet known (a draw if it stays so).
    let mut won: Vec<Option<bool>> = vec![None; queue.len()];
    loop {
        let mut changed = false;
        for position in 0..queue.len() {
            if won[position].is_some() {
                continue;
            }
            let label = if moves[position].iter().any(|&m| won[m] == Some(false)) {
                Some(true)
            } else if moves[position].iter().all(|&m| won[m] == Some(true)) {
                Some(false)
            } else {
                None
            };
            if label.is_some() {
                won[position] = label;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    match won[0] {
        Some(true) => "First\n",
        Some(false) => "Second\n",
        None => "Draw\n",
    }
}

#[test]
fn a_sum_with_a_part_that_can_go_on_forever_is_decided_by_smiths_rule() {
    let mut rng = Rng::new(66);
    let mut answers = HashMap::new();
    for _ in 0..300 {
        let text = random_loopy_sum(&mut rng);
        let answer = games::solve("sum", &text).unwrap();
        assert_eq!(answer, brute_force_answer(&text), "{text}");
        // The playground's analysis of the sum says the same.
        let mut sum = games::open("sum", &text, 0).unwrap();
        assert_eq!(sum.analysis().outcome.answer(), answer.trim_end(), "{text}");
        *answers.entry(answer).or_insert(0) += 1;
    }
    // Every answer occurs often enough to be tested.
    assert!(
        answers.values().all(|&n| n > 30) && answers.len() == 3,
        "{answers:?}"
    );
}
