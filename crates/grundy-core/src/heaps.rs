//! Heaps shared by Nim and the heap games: their components, their
//! canonical order, and Bouton's misère rule with the tame heaps that obey
//! it (Winning Ways ch. 13).

use crate::analysis::{Component, Edit, MisereReport, Outcome, Region};
use crate::game::GameError;
use crate::input::{counted, Scanner};
use crate::key::{KeyHasher, UnorderedSum};
use crate::nimber::Nimber;
use crate::rng::Rng;

/// The most heaps a position of Nim or a heap game holds.
pub const MAX_HEAPS: usize = 64;

/// Reads one line of sizes, each `noun` (a heap, a step) from 0 to
/// `most`, at most `count` of them, each error at its place.
pub fn read_sizes(text: &str, noun: &str, count: usize, most: u32) -> Result<Vec<u32>, GameError> {
    let mut scanner = Scanner::new(text);
    let mut sizes = Vec::new();
    while !scanner.is_done() {
        if sizes.len() == count {
            let token = scanner.token(format_args!("a {noun}"))?;
            return Err(token.error(format!("at most {count} {noun}s are allowed")));
        }
        let what = format_args!("{noun} {}", sizes.len() + 1);
        sizes.push(scanner.number(what, 0, most)?);
    }
    Ok(sizes)
}

/// One line of sizes, as [`read_sizes`] reads it.
pub fn write_sizes(sizes: &[u32]) -> String {
    let sizes: Vec<String> = sizes.iter().map(u32::to_string).collect();
    format!("{}\n", sizes.join(" "))
}

/// Applies a drawing edit of heaps (`noun`s) of up to `most` counters each:
/// set or add one, or remove one. `None` for any other edit.
pub fn edit_sizes(
    sizes: &[u32],
    edit: &Edit,
    noun: &str,
    most: u32,
) -> Option<Result<Vec<u32>, GameError>> {
    let mut next = sizes.to_vec();
    let result = match *edit {
        Edit::SetHeap { index, size } => {
            let index = index as usize;
            if size > most {
                Err(GameError::new(format!(
                    "a {noun} can hold at most {most} counters here"
                )))
            } else if index < next.len() {
                next[index] = size;
                Ok(next)
            } else if index == next.len() && next.len() < MAX_HEAPS {
                next.push(size);
                Ok(next)
            } else {
                Err(GameError::new(format!(
                    "there can be at most {MAX_HEAPS} {noun}s"
                )))
            }
        }
        Edit::RemoveHeap { index } if (index as usize) < next.len() => {
            next.remove(index as usize);
            Ok(next)
        }
        Edit::RemoveHeap { index } => {
            Err(GameError::new(format!("there is no {noun} {}", index + 1)))
        }
        _ => return None,
    };
    Some(result)
}

/// Refuses sizes the playground does not draw: any `noun` (a heap, a step)
/// of more than `most` `unit`s, saying what `grundy solve <game>` takes.
pub fn check_drawn_sizes(
    sizes: &[u32],
    noun: &str,
    unit: &str,
    most: u32,
    game: &str,
    contest_most: u32,
) -> Result<(), GameError> {
    match sizes.iter().position(|&size| size > most) {
        Some(index) => Err(GameError::new(format!(
            "{noun} {} has {} {unit}; the playground draws {noun}s of up to {most} \
             (`grundy solve {game}` takes up to {contest_most})",
            index + 1,
            sizes[index]
        ))),
        None => Ok(()),
    }
}

/// Three to five heaps of 1 to 16 counters (fewer as `density` falls), for a random drawing.
pub fn random_heaps(seed: u64, density: f64) -> Vec<u32> {
    let mut rng = Rng::new(seed);
    let largest = 1 + (density.clamp(0.0, 1.0) * 15.0) as usize;
    let count = 3 + rng.below(3);
    (0..count).map(|_| 1 + rng.below(largest) as u32).collect()
}

/// One component per heap, worth `values`, each labelled as a `noun`
/// ("heap", or "row"), as Nim and every heap game show them.
pub fn heap_components(heaps: &[u32], values: &[Nimber], noun: &str) -> Vec<Component> {
    heaps
        .iter()
        .zip(values)
        .enumerate()
        .map(|(index, (&size, &nimber))| Component {
            id: index as u32,
            region: Region::Items {
                items: vec![index as u32],
            },
            nimber,
            label: format!("{noun} {} ({size})", index + 1),
            loopy: None,
        })
        .collect()
}

/// The non-empty heaps in increasing order: any two positions of a heap
/// game with the same rule and these heaps have the same futures.
pub fn sorted_heaps(heaps: &[u32]) -> Vec<u32> {
    let mut sorted: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
    crate::sort::sort(&mut sorted);
    sorted
}

/// Writes heaps into a search's key: in any order, and with or without
/// empty heaps, they are one position.
pub fn write_key(heaps: &[u32], key: &mut KeyHasher) {
    key.write_sum(&key_sum(heaps));
}

/// The heaps as [`write_key`] writes them, for a walk that changes one
/// heap at a time to keep up to date.
pub fn key_sum(heaps: &[u32]) -> UnorderedSum {
    heaps
        .iter()
        .filter(|&&size| size > 0)
        .map(|&size| u64::from(size))
        .collect()
}

/// Whether the player to move wins misère Nim with these heaps.
pub fn nim_wins(heaps: &[u32]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        // Only single counters: the player to move wins with an even count,
        // leaving the opponent the last one.
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
    } else {
        heaps.iter().fold(0, |x, &h| x ^ h) != 0
    }
}

/// The misère report of a Nim position, whose moves are numbered as
/// `Nim::analyse` numbers them: heap by heap, leaving 0, 1, … counters.
pub fn nim_report(heaps: &[u32]) -> MisereReport {
    let mut winning = Vec::new();
    let mut id = 0;
    let mut after = heaps.to_vec();
    for (index, &size) in heaps.iter().enumerate() {
        for leave in 0..size {
            after[index] = leave;
            if !nim_wins(&after) {
                winning.push(id);
            }
            id += 1;
        }
        after[index] = size;
    }
    bouton_report(
        heaps,
        winning,
        "Bouton's misère rule: play as in Nim until one move would leave only heaps of 1, \
         then leave an odd number of them"
            .into(),
    )
}

/// The report Bouton's misère rule gives for heaps worth `values`.
fn bouton_report(values: &[u32], winning: Vec<u32>, method: String) -> MisereReport {
    MisereReport {
        outcome: Some(if nim_wins(values) {
            Outcome::Next
        } else {
            Outcome::Previous
        }),
        winning,
        explored: 0,
        method,
        quotient: None,
        element: None,
        parts: Vec::new(),
        afters: Vec::new(),
    }
}

/// Why a heap worth `value` may not count as a Nim heap of that size in
/// misère play; `None` when it may. Each option is its value and whether it
/// leaves a heap worth 2 or more.
///
/// When every heap of a game passes, Bouton's misère rule decides every
/// position from the heaps' values, by induction on positions: a position
/// whose heaps are all worth 0 or 1 is lost with an odd number of 1s, any
/// other with a value of 0. The checks are exactly what that induction
/// uses: a heap worth 0 or 1 never moves to a position with a heap worth 2
/// or more unless that position is worth 2 or more; from 1 a move reaches
/// small heaps worth 0, from 0 (if it can move) small heaps worth 1; and a
/// heap worth 2 or more, the last one left, can make the rest lost either
/// way. These are the tame heaps of genus 0^120, 1^031 and g^(g, g⊕2) of
/// Winning Ways ch. 13.
pub fn nim_like_failure(value: u32, options: &[(u32, bool)]) -> Option<String> {
    let has = |value: u32, firm: bool| options.contains(&(value, firm));
    if value <= 1 {
        if let Some(&(bad, _)) = options.iter().find(|&&(v, firm)| firm && v <= 1) {
            return Some(format!(
                "worth {value}, it moves to a position worth {bad} that holds a heap worth 2 or more"
            ));
        }
        let want = 1 - value;
        if (value == 1 || !options.is_empty()) && !has(want, false) {
            return Some(format!(
                "worth {value}, it cannot move to heaps worth 0 or 1 with a total of {want}"
            ));
        }
    } else if let Some(rest) = (0..=1).find(|&rest| !has(1 ^ rest, false) && !has(rest, true)) {
        return Some(format!(
            "worth {value}, it has no move to a lost position when the other heaps \
             are all worth 0 or 1 with a total of {rest}"
        ));
    }
    None
}

/// The misère report of a position of Nim-like heaps (see
/// [`nim_like_failure`]): `values` are the heaps' values, and `moves` lists
/// every move in order as the values of the heaps it leaves in place of the
/// heap at its index.
pub fn nim_like_report(
    values: &[u32],
    moves: impl IntoIterator<Item = (usize, Vec<u32>)>,
    checked_to: u32,
) -> MisereReport {
    let winning = moves
        .into_iter()
        .enumerate()
        .filter(|(_, (index, leaves))| {
            let mut after = values.to_vec();
            after.splice(*index..=*index, leaves.iter().copied());
            !nim_wins(&after)
        })
        .map(|(id, _)| id as u32)
        .collect();
    bouton_report(
        values,
        winning,
        format!(
            "every heap of up to {} plays as a Nim heap of its value in misère play \
             (checked), so Bouton's misère rule applies to the values G(n)",
            counted(checked_to as usize, "counter")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options of Nim heap n in the shape `nim_like_failure` takes.
    fn nim_heap(n: u32) -> Vec<(u32, bool)> {
        (0..n).map(|m| (m, m >= 2)).collect()
    }

    #[test]
    fn nim_heaps_play_as_nim_heaps() {
        for n in 0..20 {
            assert_eq!(nim_like_failure(n, &nim_heap(n)), None, "heap {n}");
        }
    }

    #[test]
    fn each_condition_of_the_induction_is_checked() {
        // Worth 0, but its only move leaves a heap worth 2 beside another.
        let reversible = nim_like_failure(0, &[(3, true), (1, true)]).unwrap();
        assert!(
            reversible.contains("holds a heap worth 2 or more"),
            "{reversible}"
        );
        // Worth 1 with no move to small heaps worth 0: {*2 + *2, *3 + *3}.
        let stuck = nim_like_failure(1, &[(0, true)]).unwrap();
        assert!(stuck.contains("worth 1"), "{stuck}");
        // Worth 0 with moves, none to a small position worth 1.
        assert!(nim_like_failure(0, &[(2, true)]).is_some());
        // Worth 2, beside a single counter it cannot reach a lost position.
        let big = nim_like_failure(2, &[(1, false), (0, true)]).unwrap();
        assert!(big.ends_with("with a total of 1"), "{big}");
        // A terminal heap is a Nim heap of 0.
        assert_eq!(nim_like_failure(0, &[]), None);
    }
}
