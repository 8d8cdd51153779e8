//! Every puzzle's solutions are exactly the positions that the winning
//! moves leave, checked by a brute force that knows nothing of nimbers or
//! quotients: a memoised search of who wins, through the moves alone.

use grundy_core::game::Walk;
use grundy_core::key::KeyHasher;
use grundy_core::puzzle::{Puzzle, Puzzles, Request, RATINGS};
use grundy_core::{games, Outcome};
use std::collections::{BTreeSet, HashMap};

/// Positions the brute force may visit for one puzzle before it is left
/// unchecked (the engine's caches make larger ones cheap; a plain search
/// of them is not).
const ORACLE_POSITIONS: usize = 50_000;

fn puzzles(request: Request, count: usize) -> Vec<Puzzle> {
    let game = request.game.clone();
    Puzzles::new(request)
        .unwrap_or_else(|e| panic!("{game}: {e}"))
        .take(count)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{game}: {e}"))
}

/// The games whose values are finite: every one puzzles are made of.
fn finite_games() -> Vec<&'static str> {
    games::games()
        .into_iter()
        .map(|g| g.id)
        .filter(|&id| {
            games::info(id).is_ok_and(|info| games::open(id, info.lost, 0).unwrap().ends())
        })
        .collect()
}

/// Whether the player to move wins, by search alone; `None` past the budget.
fn wins(walk: &mut dyn Walk, misere: bool, memo: &mut HashMap<u128, bool>) -> Option<bool> {
    let mut key = KeyHasher::default();
    walk.key(&mut key);
    let key = key.finish();
    if let Some(&known) = memo.get(&key) {
        return Some(known);
    }
    if memo.len() > ORACLE_POSITIONS {
        return None;
    }
    let moves = walk.moves();
    let mut won = moves == 0 && misere;
    for id in 0..moves {
        if won {
            break;
        }
        walk.enter(id).expect("a listed move plays");
        let reply = wins(walk, misere, memo);
        walk.leave();
        won = !reply?;
    }
    memo.insert(key, won);
    Some(won)
}

/// The positions every winning move of `puzzle` leaves, by brute force,
/// or `None` where the search is past its budget.
fn brute_force_solutions(puzzle: &Puzzle) -> Option<BTreeSet<String>> {
    let misere = puzzle.play == "misere";
    let mut session = games::open(&puzzle.game, &puzzle.position, 0).expect("a puzzle reads");
    let ids: Vec<u32> = session.analysis().moves.iter().map(|m| m.id).collect();
    let mut memo = HashMap::new();
    let mut found = BTreeSet::new();
    for id in ids {
        session.play(id).expect("a listed move plays");
        let text = session.text().trim_end_matches('\n').to_string();
        let mut walk = session.walk();
        let opponent_wins = wins(&mut *walk, misere, &mut memo)?;
        drop(walk);
        if !opponent_wins {
            found.insert(text);
        }
        session.undo();
    }
    Some(found)
}

/// Checks `puzzles` against the brute force and returns how many it could check.
fn check(puzzles: &[Puzzle]) -> usize {
    let mut checked = 0;
    for puzzle in puzzles {
        let listed: BTreeSet<String> = puzzle.solutions.iter().cloned().collect();
        assert_eq!(
            listed.len(),
            puzzle.solutions.len(),
            "repeated solution: {puzzle:?}"
        );
        assert!(!listed.is_empty(), "no solution: {puzzle:?}");
        assert!(RATINGS.contains(&puzzle.rating), "{puzzle:?}");
        assert!(!puzzle.themes.is_empty(), "{puzzle:?}");
        assert!(
            puzzle
                .themes
                .iter()
                .all(|t| t.chars().all(|c| c.is_ascii_lowercase() || c == '-')),
            "{puzzle:?}"
        );
        if let Some(expected) = brute_force_solutions(puzzle) {
            assert_eq!(listed, expected, "{}: {}", puzzle.game, puzzle.position);
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_solution_set_is_what_a_brute_force_finds() {
    for game in finite_games() {
        let normal = puzzles(Request::new(game, 11, false), 150);
        let misere = puzzles(Request::new(game, 12, true), 40);
        let (checked_normal, checked_misere) = (check(&normal), check(&misere));
        // Most puzzles are small enough for the plain search.
        assert!(
            checked_normal >= 75 && checked_misere >= 20,
            "{game}: only {checked_normal} of 150 and {checked_misere} of 40 checked"
        );
    }
}

#[test]
fn the_same_request_gives_the_same_puzzles_and_another_seed_others() {
    for game in ["nim", "octal", "cram", "string-game"] {
        let first = puzzles(Request::new(game, 5, false), 20);
        assert_eq!(first, puzzles(Request::new(game, 5, false), 20), "{game}");
        assert_ne!(first, puzzles(Request::new(game, 6, false), 20), "{game}");
    }
}

#[test]
fn puzzles_are_worth_solving() {
    for game in finite_games() {
        let mut seen = BTreeSet::new();
        for puzzle in puzzles(Request::new(game, 3, false), 60) {
            assert!(
                seen.insert(puzzle.position.clone()),
                "{game}: repeated {puzzle:?}"
            );
            let mut session = games::open(game, &puzzle.position, 0).unwrap();
            let moves = session.analysis().moves.len();
            assert_eq!(session.analysis().outcome, Outcome::Next, "{puzzle:?}");
            assert!(
                puzzle.solutions.len() * 3 <= moves,
                "{game}: most moves win: {puzzle:?}"
            );
            for solution in &puzzle.solutions {
                let mut after = games::open(game, solution, 0).unwrap();
                assert!(
                    !after.analysis().moves.is_empty(),
                    "{game}: takes everything: {puzzle:?}"
                );
            }
        }
    }
}

#[test]
fn unique_rating_and_rule_requests_are_kept() {
    let unique = Request {
        unique: true,
        ..Request::new("octal", 1, false)
    };
    assert!(puzzles(unique, 50).iter().all(|p| p.solutions.len() == 1));
    let band = Request {
        rating: 1400..=1700,
        ..Request::new("nim", 1, false)
    };
    assert!(puzzles(band, 50)
        .iter()
        .all(|p| (1400..=1700).contains(&p.rating)));
    let kayles = Request {
        rule: Some("0.77".to_string()),
        ..Request::new("octal", 1, true)
    };
    for puzzle in puzzles(kayles, 30) {
        assert!(puzzle.position.starts_with("0.77\n"), "{puzzle:?}");
        assert!(puzzle.themes.contains(&"kayles".to_string()), "{puzzle:?}");
        assert_eq!(puzzle.play, "misere");
    }
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let refused = |request: Request| Puzzles::new(request).err().expect("refused").message;
    assert!(refused(Request::new("chess", 1, false)).contains("unknown game 'chess'"));
    assert!(refused(Request::new("digraph", 1, false)).contains("no nimber"));
    let ruled = Request {
        rule: Some("1,2".to_string()),
        ..Request::new("nim", 1, false)
    };
    assert!(refused(ruled).contains("subtraction and octal only"));
    let bad_rule = Request {
        rule: Some("0.9".to_string()),
        ..Request::new("octal", 1, false)
    };
    assert!(refused(bad_rule).starts_with("--rule: "));
}
