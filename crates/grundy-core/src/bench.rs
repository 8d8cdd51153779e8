//! The positions every benchmark times: criterion natively, `grundy bench`
//! for the native column of `npm run bench`, and the wasm benchmark page.
//! One list, so the native and wasm figures are for the same inputs.

use crate::ai::Rng;
use crate::game::GameError;
use crate::games;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchCase {
    pub game: &'static str,
    pub name: String,
    pub input: String,
    /// The median the issue asks this case to stay under, in milliseconds.
    pub budget_ms: f64,
}

fn case(game: &'static str, name: &str, input: String, budget_ms: f64) -> BenchCase {
    BenchCase {
        game,
        name: name.to_string(),
        input,
        budget_ms,
    }
}

/// Every benchmark case, in a fixed order.
pub fn cases() -> Vec<BenchCase> {
    let mut rng = Rng::new(2024);
    let heaps: Vec<String> = (0..64).map(|_| (1 + rng.below(100)).to_string()).collect();
    vec![
        case("nim", "3 4 5", "3 4 5\n".to_string(), 16.0),
        case("nim", "64 heaps up to 100", heaps.join(" ") + "\n", 16.0),
        case(
            "bacterial-tactics",
            "15×15 empty",
            grid_case(15, 15, 0.0, &mut rng),
            16.0,
        ),
        case(
            "bacterial-tactics",
            "15×15 5% radioactive",
            grid_case(15, 15, 0.05, &mut rng),
            16.0,
        ),
        case(
            "bacterial-tactics",
            "40×40 empty",
            grid_case(40, 40, 0.0, &mut rng),
            250.0,
        ),
        case(
            "bacterial-tactics",
            "40×40 5% radioactive",
            grid_case(40, 40, 0.05, &mut rng),
            250.0,
        ),
        case(
            "darkraft",
            "20×20 all L",
            letters_case(20, [1.0, 0.0], &mut rng),
            16.0,
        ),
        case(
            "darkraft",
            "20×20 all X",
            letters_case(20, [0.0, 0.0], &mut rng),
            16.0,
        ),
        case(
            "darkraft",
            "20×20 L/R/X mix",
            letters_case(20, [0.34, 0.33], &mut rng),
            16.0,
        ),
        case(
            "darkraft",
            "40×40 L/R/X mix",
            letters_case(40, [0.34, 0.33], &mut rng),
            250.0,
        ),
        case(
            "darkraft",
            "40×40 all X",
            letters_case(40, [0.0, 0.0], &mut rng),
            250.0,
        ),
    ]
}

/// A square World of Darkraft field with L and R at the given shares, X for the rest.
fn letters_case(side: usize, [l, r]: [f64; 2], rng: &mut Rng) -> String {
    let mut text = format!("{side} {side}\n");
    for _ in 0..side {
        text.extend((0..side).map(|_| match rng.unit() {
            roll if roll < l => 'L',
            roll if roll < l + r => 'R',
            _ => 'X',
        }));
        text.push('\n');
    }
    text
}

/// A one-case Bacterial Tactics input with radioactive cells at `density`.
fn grid_case(rows: usize, cols: usize, density: f64, rng: &mut Rng) -> String {
    let mut text = format!("1\n{rows} {cols}\n");
    for _ in 0..rows {
        text.extend((0..cols).map(|_| if rng.unit() < density { '#' } else { '.' }));
        text.push('\n');
    }
    text
}

/// Opens a fresh session (cold caches) and analyses it: the work a page
/// does when a position is first shown. Returns the number of moves found.
pub fn run(case: &BenchCase) -> Result<usize, GameError> {
    let mut session = games::open(case.game, &case.input, 0)?;
    Ok(session.analysis().moves.len())
}

/// The median of some timings; `None` when there are none.
pub fn median(samples: &mut [f64]) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    samples.sort_by(f64::total_cmp);
    let mid = samples.len() / 2;
    Some(if samples.len() % 2 == 1 {
        samples[mid]
    } else {
        (samples[mid - 1] + samples[mid]) / 2.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_opens() {
        for case in cases() {
            assert!(run(&case).is_ok(), "{} {}", case.game, case.name);
        }
    }

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&mut []), None);
    }
}
