//! Nim against an exhaustive search that knows nothing of nimbers.

mod common;

use grundy_core::games;
use grundy_core::rng::Rng;
use std::collections::HashMap;

/// Whether the player to move wins, by trying every move.
fn wins(heaps: &mut Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = heaps.clone();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut result = false;
    'search: for i in 0..heaps.len() {
        let size = heaps[i];
        for leave in 0..size {
            heaps[i] = leave;
            let opponent_wins = wins(heaps, memo);
            heaps[i] = size;
            if !opponent_wins {
                result = true;
                break 'search;
            }
        }
    }
    memo.insert(key, result);
    result
}

fn random_heaps(rng: &mut Rng) -> Vec<u32> {
    let count = 1 + rng.below(4);
    (0..count).map(|_| rng.below(8) as u32).collect()
}

fn text(heaps: &[u32]) -> String {
    heaps
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn nimber_is_xor_and_agrees_with_search() {
    let mut rng = Rng::new(1);
    let mut memo = HashMap::new();
    for _ in 0..1000 {
        let mut heaps = random_heaps(&mut rng);
        let mut session = games::open("nim", &text(&heaps), 0).unwrap();
        let analysis = session.analysis().clone();
        let xor = heaps.iter().fold(0, |a, &h| a ^ h);
        assert_eq!(analysis.nimber.0, xor, "{heaps:?}");
        assert_eq!(!analysis.nimber.is_zero(), wins(&mut heaps, &mut memo));
        // Every move's value agrees with searching the position it leads to.
        for m in &analysis.moves {
            let mut after = games::open("nim", &text(&heaps), 0).unwrap();
            after.play(m.id).unwrap();
            let mut next: Vec<u32> = after
                .text()
                .split_whitespace()
                .map(|s| s.parse().unwrap())
                .collect();
            assert_eq!(
                m.after.is_zero(),
                !wins(&mut next, &mut memo),
                "{heaps:?} {}",
                m.label
            );
        }
    }
}

#[test]
fn optimal_ai_never_loses_to_random() {
    let mut rng = Rng::new(2);
    let mut games_played = 0;
    while games_played < 500 {
        let heaps: Vec<u32> = (0..1 + rng.below(5))
            .map(|_| rng.below(12) as u32)
            .collect();
        if heaps.iter().fold(0, |a, &h| a ^ h) == 0 {
            continue;
        }
        common::optimal_beats_random("nim", &text(&heaps), rng.next_u64());
        games_played += 1;
    }
}

#[test]
fn solve_reads_the_contest_format() {
    assert_eq!(games::solve("nim", "3 4 5\n").unwrap(), "First\n");
    assert_eq!(games::solve("nim", "1 2 3\n").unwrap(), "Second\n");
    assert_eq!(
        games::solve("nim", "1000000 1000000 7\n").unwrap(),
        "First\n"
    );
    let err = games::solve("nim", "1 2 -3").unwrap_err();
    assert_eq!((err.line, err.column), (Some(1), Some(5)));
}

#[test]
fn heaps_too_tall_to_draw_are_refused_with_the_reason() {
    let err = games::open("nim", "5 150", 0).err().unwrap();
    assert!(
        err.message.contains("heap 2 has 150 counters"),
        "{}",
        err.message
    );
}

#[test]
fn the_game_tree_follows_every_option_and_knows_its_limits() {
    let mut session = games::open("nim", "1 2", 0).unwrap();
    let tree = session.tree(1, 100).unwrap();
    assert_eq!(tree.nimber, grundy_core::Nimber(3));
    assert_eq!(tree.children.len(), 3);
    let labels: Vec<&str> = tree.children.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "take 1 from heap 1, leaving 0",
            "take 2 from heap 2, leaving 0",
            "take 1 from heap 2, leaving 1"
        ]
    );
    assert_eq!(tree.children[2].nimber, grundy_core::Nimber(0));
    assert_eq!(tree.children[0].unexpanded, 2);
    let full = session.tree(3, 100).unwrap();
    assert!(full
        .children
        .iter()
        .all(|c| c.unexpanded == 0 || c.children.is_empty()));
    let err = games::open("nim", "5 5 5", 0)
        .unwrap()
        .tree(4, 50)
        .unwrap_err();
    assert!(err.message.contains("too large to expand"), "{err}");
    assert_eq!(
        session.text(),
        "1 2\n",
        "building a tree leaves the game as it was"
    );
}
