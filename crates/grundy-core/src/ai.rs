//! Choosing a move from an `Analysis`, for any game.
//!
//! The optimal player moves to a position of nimber 0 whenever one exists.
//! From a losing position it makes the opponent work: it plays the move with
//! the smallest footprint, which keeps as much of the position on the board
//! as possible and so leaves the opponent the most chances to go wrong.
//!
//! Where play can go on forever, a winning move alone does not win: the
//! loser could undo it forever. So the winner moves to the position whose
//! parts have the least (value, rank) pairs, largest first, and the loser
//! holds a draw whenever a move keeps one.

use crate::analysis::{Analysis, Loopy, MoveInfo};
use crate::nimber::Nimber;
use crate::rng::Rng;

/// How well the computer plays: the chance that it plays the optimal
/// player's move rather than a uniformly random one. 1 is optimal, 0 random.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill(f64);

impl Skill {
    pub const OPTIMAL: Skill = Skill(1.0);
    pub const RANDOM: Skill = Skill(0.0);

    /// A skill from a probability; values outside 0..=1 are clamped.
    pub fn new(probability: f64) -> Skill {
        if probability.is_nan() {
            Skill::OPTIMAL
        } else {
            Skill(probability.clamp(0.0, 1.0))
        }
    }
}

/// The id of the move to play, or `None` when there is no move.
pub fn choose(analysis: &Analysis, skill: Skill, rng: &mut Rng) -> Option<u32> {
    if analysis.moves.is_empty() {
        return None;
    }
    let plays_best = skill.0 >= 1.0 || (skill.0 > 0.0 && rng.unit() < skill.0);
    if plays_best {
        best_move(analysis, rng)
    } else {
        let ids: Vec<u32> = analysis.moves.iter().map(|m| m.id).collect();
        rng.pick(&ids)
    }
}

/// The optimal player's move: a winning move if any, else one that holds
/// a draw, else the smallest one.
fn best_move(analysis: &Analysis, rng: &mut Rng) -> Option<u32> {
    let winning: Vec<&MoveInfo> = analysis.winning_moves().collect();
    if analysis.loopy.is_some() && analysis.misere.is_none() {
        if let Some(best) = winning.iter().min_by_key(|m| progress(analysis, m)) {
            return Some(best.id);
        }
    }
    if let Some(best) = rng.pick(&winning) {
        return Some(best.id);
    }
    if let Some(loopy) = &analysis.loopy {
        if let Some(id) = rng.pick(&loopy.drawing) {
            return Some(id);
        }
    }
    let smallest = analysis.moves.iter().map(|m| m.footprint.size()).min()?;
    let stalling: Vec<u32> = analysis
        .moves
        .iter()
        .filter(|m| m.footprint.size() == smallest)
        .map(|m| m.id)
        .collect();
    rng.pick(&stalling)
}

/// The parts' (value, rank) pairs after a winning move, largest first. Each
/// answer to the opponent's move can leave these smaller than before it:
/// an opponent who lowers a value is answered by lowering one, and one who
/// raises a value (or makes it ∞) by moving it back to a lower rank, which
/// the labelling guarantees. Pairs cannot fall forever, so play ends.
fn progress(analysis: &Analysis, chosen: &MoveInfo) -> Vec<(Nimber, u32)> {
    let rank = |loopy: &Option<Loopy>| loopy.as_ref().map_or(0, |l| l.rank);
    let mut pairs: Vec<(Nimber, u32)> = analysis
        .components
        .iter()
        .map(|c| {
            if c.id == chosen.component {
                (chosen.parts.iter().copied().sum(), rank(&chosen.loopy))
            } else {
                (c.nimber, rank(&c.loopy))
            }
        })
        .collect();
    crate::sort::sort_by_key(&mut pairs, |&pair| std::cmp::Reverse(pair));
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            let x = a.below(5);
            assert!(x < 5);
            b.below(5);
            let u = a.unit();
            assert!((0.0..1.0).contains(&u));
            b.unit();
        }
    }

    #[test]
    fn skill_is_clamped() {
        assert_eq!(Skill::new(3.0), Skill::OPTIMAL);
        assert_eq!(Skill::new(-1.0), Skill::RANDOM);
        assert_eq!(Skill::new(f64::NAN), Skill::OPTIMAL);
    }
}
