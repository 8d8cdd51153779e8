//! Helpers shared by the oracle tests of every game.
#![allow(dead_code)]

use grundy_core::ai::Skill;
use grundy_core::games;
use grundy_core::rng::Rng;

/// Plays the optimal AI (moving first, from a winning position) against a
/// random player and returns how many moves the game lasted. Panics if the
/// optimal player ever loses.
pub fn optimal_beats_random(game: &str, text: &str, seed: u64) -> usize {
    let mut session = games::open(game, text, 0).expect("position opens");
    assert!(
        !session.analysis().nimber.is_zero(),
        "{game}: the starting position must be a win for the first player:\n{text}"
    );
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    loop {
        let optimal_to_move = plies % 2 == 0;
        let skill = if optimal_to_move {
            Skill::OPTIMAL
        } else {
            Skill::RANDOM
        };
        let Some(id) = session.ai_move(skill, rng.next_u64()) else {
            assert!(
                !optimal_to_move,
                "{game}: the optimal player lost from\n{text}"
            );
            return plies;
        };
        if optimal_to_move {
            assert!(
                session.analysis().moves[id as usize].after.is_zero(),
                "{game}: the optimal player left a winning position for its opponent"
            );
        }
        session.play(id).expect("the AI plays a legal move");
        plies += 1;
    }
}

/// Plays `count` games of the optimal AI against a random player, each
/// from a position `make` draws that the first player wins.
pub fn optimal_beats_random_from(
    game: &str,
    seed: u64,
    count: usize,
    mut make: impl FnMut(&mut Rng) -> String,
) {
    let mut rng = Rng::new(seed);
    let mut played = 0;
    while played < count {
        let text = make(&mut rng);
        if games::open(game, &text, 0)
            .expect("position opens")
            .analysis()
            .nimber
            .is_zero()
        {
            continue;
        }
        optimal_beats_random(game, &text, rng.next_u64());
        played += 1;
    }
}
