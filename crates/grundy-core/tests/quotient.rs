//! Misère quotients against independent checks: a quotient computed by
//! brute force (positions told apart directly, over every position up to a
//! total size) and the outcomes of an exhaustive misère search.

#[path = "common/heap_rules.rs"]
mod heap_rules;

use grundy_core::quotient::{Budget, Quotient, CLI_BUDGET};
use grundy_core::rng::Rng;
use grundy_core::sequence::Rule;
use heap_rules::options;
use std::collections::HashMap;

/// Exhaustive misère outcomes of positions of a heap game, as counts of
/// each heap size, memoised.
struct Oracle {
    /// The moves of each heap, as the heaps they leave.
    moves: Vec<Vec<Vec<usize>>>,
    memo: HashMap<Vec<u8>, bool>,
}

impl Oracle {
    fn new(rule: &str, max_heap: usize) -> Oracle {
        Oracle {
            moves: (0..=max_heap).map(|n| options(rule, n)).collect(),
            memo: HashMap::new(),
        }
    }

    /// Whether the player to move loses (misère: whoever cannot move wins).
    fn lost(&mut self, counts: &[u8]) -> bool {
        if let Some(&known) = self.memo.get(counts) {
            return known;
        }
        let mut moved = false;
        let mut wins = false;
        'heaps: for heap in 1..counts.len() {
            if counts[heap] == 0 {
                continue;
            }
            for m in 0..self.moves[heap].len() {
                moved = true;
                let mut next = counts.to_vec();
                next[heap] -= 1;
                for &h in &self.moves[heap][m] {
                    next[h] += 1;
                }
                if self.lost(&next) {
                    wins = true;
                    break 'heaps;
                }
            }
        }
        let lost = moved && !wins;
        self.memo.insert(counts.to_vec(), lost);
        lost
    }
}

/// Every position of heaps 1 … `max_heap` with at most `total` counters,
/// as counts of each size.
fn positions(max_heap: usize, total: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut counts = vec![0u8; max_heap + 1];
    fn extend(heap: usize, left: usize, counts: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if heap == 0 {
            out.push(counts.clone());
            return;
        }
        let mut k = 0;
        while k * heap <= left {
            counts[heap] = k as u8;
            extend(heap - 1, left - k * heap, counts, out);
            k += 1;
        }
        counts[heap] = 0;
    }
    extend(max_heap, total, &mut counts, &mut out);
    out
}

/// The number of classes of positions of at most `total / 2` counters
/// told apart by adding positions of at most `total / 2` counters: the
/// quotient's size once `total` is large enough.
fn brute_force_size(rule: &str, max_heap: usize, total: usize) -> usize {
    let mut oracle = Oracle::new(rule, max_heap);
    let half = positions(max_heap, total / 2);
    let mut classes: HashMap<Vec<bool>, ()> = HashMap::new();
    for x in &half {
        let row: Vec<bool> = half
            .iter()
            .map(|z| {
                let sum: Vec<u8> = x.iter().zip(z).map(|(a, b)| a + b).collect();
                oracle.lost(&sum)
            })
            .collect();
        classes.insert(row, ());
    }
    classes.len()
}

fn quotient(rule: &str, max_heap: u32) -> Result<Quotient, grundy_core::GameError> {
    let budget = Budget::new(CLI_BUDGET);
    Quotient::compute(&Rule::parse_name(rule).unwrap(), max_heap, &budget, |_| {
        true
    })
}

/// Counts of each heap size, from heap sizes.
fn counts(heaps: &[u32], max_heap: usize) -> Vec<u8> {
    let mut counts = vec![0u8; max_heap + 1];
    for &h in heaps {
        counts[h as usize] += 1;
    }
    counts
}

/// The codes the quotients are known for, and small random ones.
fn codes() -> Vec<String> {
    let mut codes: Vec<String> = ["0.77", "0.07", "0.75", "0.35", "0.137", "grundy", "S=1,2,3"]
        .map(String::from)
        .to_vec();
    let mut rng = Rng::new(42);
    while codes.len() < 7 + 50 {
        let digits = 1 + rng.below(3);
        let code: String = (0..digits)
            .map(|_| char::from(b'0' + rng.below(8) as u8))
            .collect();
        if code.ends_with('0') {
            continue;
        }
        codes.push(format!("0.{code}"));
    }
    codes
}

#[test]
fn sizes_match_a_brute_force_quotient() {
    for rule in [
        "0.77", "0.07", "0.75", "0.35", "0.137", "grundy", "S=1,2", "0.51", "0.6",
    ] {
        let q = quotient(rule, 5).unwrap();
        for h in 1..=5usize {
            assert_eq!(
                q.sizes[h - 1],
                brute_force_size(rule, h, 30),
                "{rule} with heaps of up to {h}"
            );
        }
    }
}

#[test]
fn outcomes_match_exhaustive_search() {
    let mut rng = Rng::new(7);
    let mut compared = 0;
    for rule in codes() {
        let max_heap = 8;
        let Ok(q) = quotient(&rule, max_heap) else {
            continue;
        };
        let mut oracle = Oracle::new(&rule, max_heap as usize);
        for _ in 0..60 {
            let heaps: Vec<u32> = (0..1 + rng.below(6))
                .map(|_| 1 + rng.below(max_heap as usize) as u32)
                .collect();
            let element = q.element(&heaps).expect("every heap is covered");
            assert_eq!(
                q.is_lost(element),
                oracle.lost(&counts(&heaps, max_heap as usize)),
                "{rule} {heaps:?}"
            );
            compared += 1;
        }
    }
    // Most of the 57 codes have a quotient to heap 8 within the budget.
    assert!(compared >= 60 * 45, "only {compared} positions compared");
}

/// Compares 300 random positions, each with a heap of `from` … `max_heap`
/// counters beside smaller ones, `total` counters at most, with an
/// exhaustive search; both outcomes must be among them.
fn agrees_with_search_past(q: &Quotient, rule: &str, from: u32, total: usize) {
    let max_heap = q.max_heap;
    let mut oracle = Oracle::new(rule, max_heap as usize);
    let mut rng = Rng::new(9);
    let mut lost = 0;
    for _ in 0..300 {
        let mut heaps = vec![from + rng.below((max_heap - from + 1) as usize) as u32];
        while rng.below(4) > 0 {
            let left = total - heaps.iter().sum::<u32>() as usize;
            if left == 0 {
                break;
            }
            heaps.push(1 + rng.below(left.min(max_heap as usize)) as u32);
        }
        let element = q.element(&heaps).expect("every heap is covered");
        let searched = oracle.lost(&counts(&heaps, max_heap as usize));
        assert_eq!(q.is_lost(element), searched, "{rule} {heaps:?}");
        lost += usize::from(searched);
    }
    assert!((10..290).contains(&lost), "{rule}: {lost} of 300 lost");
}

#[test]
fn kayles_past_heap_24_matches_exhaustive_search() {
    // Heaps 25 and 27 are new generators: the quotient grows from 24 to
    // 40 elements.
    let q = quotient("0.77", 36).unwrap();
    assert_eq!(q.sizes[23..27], [24, 32, 32, 40]);
    agrees_with_search_past(&q, "0.77", 25, 46);
}

#[test]
fn quotients_whose_heaps_split_classes_apart_match_exhaustive_search() {
    // Grundy's game at heaps 13, 18, 20 and 0.35 at heaps 8 to 10 tell
    // apart positions the quotient of smaller heaps counts as one element.
    for (rule, max_heap, from, total, sizes) in [
        ("grundy", 28, 13, 40, [6, 12, 48]),
        ("0.35", 10, 8, 28, [70, 106, 246]),
    ] {
        let q = quotient(rule, max_heap).unwrap();
        let at = from as usize;
        assert_eq!(
            [q.sizes[at - 2], q.sizes[at - 1], q.size()],
            sizes,
            "{rule}"
        );
        agrees_with_search_past(&q, rule, from, total);
    }
}

#[test]
fn dawsons_kayles_and_chess_to_heap_30_match_exhaustive_search() {
    // Heaps 25, 27 and 30 each tell apart positions of smaller heaps that
    // the quotient before them counts as one element; Siegel's MisereSolver
    // gives 360 elements at heap 30.
    let q = quotient("0.07", 30).unwrap();
    assert_eq!(q.sizes[23..30], [24, 144, 144, 176, 176, 176, 360]);
    agrees_with_search_past(&q, "0.07", 25, 44);
    // Dawson's chess is Dawson's Kayles one counter shorter.
    let q = quotient("0.137", 30).unwrap();
    assert_eq!(q.sizes[22..30], [24, 144, 144, 176, 176, 176, 360, 520]);
    agrees_with_search_past(&q, "0.137", 24, 44);
}

#[test]
fn the_quotient_of_0_35_past_heap_12_matches_exhaustive_search() {
    // Its candidates reach thousands of elements before one passes the
    // check: 1174 elements at heap 13, and more at every heap to 20.
    let q = quotient("0.35", 20).unwrap();
    assert_eq!(
        q.sizes[12..20],
        [1174, 1382, 1650, 1714, 1826, 2050, 2194, 2258]
    );
    agrees_with_search_past(&q, "0.35", 13, 36);
}

#[test]
fn periodic_quotients_cover_every_heap() {
    // One heap past the bound the quotient was computed to, beside small ones.
    for rule in ["0.75", "S=1,2,3", "0.3"] {
        let q = quotient(rule, 24).unwrap();
        assert!(q.periodic.is_some(), "{rule} is proved periodic");
        assert!(q.element(&[1000]).is_some());
        let mut oracle = Oracle::new(rule, 30);
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let mut heaps: Vec<u32> = (0..rng.below(3)).map(|_| 1 + rng.below(4) as u32).collect();
            heaps.push(25 + rng.below(6) as u32);
            let element = q
                .element(&heaps)
                .expect("a periodic quotient covers every heap");
            assert_eq!(
                q.is_lost(element),
                oracle.lost(&counts(&heaps, 30)),
                "{rule} {heaps:?}"
            );
        }
    }
}

#[test]
fn tame_games_follow_boutons_rule() {
    // Nim's heaps of one counter: two elements, the P-portion the odd ones.
    let q = quotient("0.3", 1).unwrap();
    assert_eq!(q.size(), 2);
    assert_eq!(q.words, ["1", "a"]);
    assert!(q.is_lost(1) && !q.is_lost(0));
    // S=1,2,3 plays as Nim with heaps of value n mod 4: Bouton's misère rule.
    let q = quotient("S=1,2,3", 12).unwrap();
    assert_eq!(q.size(), 6);
    let mut rng = Rng::new(11);
    for _ in 0..500 {
        let heaps: Vec<u32> = (0..1 + rng.below(7))
            .map(|_| rng.below(13) as u32)
            .collect();
        let values: Vec<u32> = heaps.iter().map(|h| h % 4).collect();
        let xor = values.iter().fold(0, |a, v| a ^ v);
        let lost = if values.iter().all(|&v| v <= 1) {
            xor == 1
        } else {
            xor == 0
        };
        assert_eq!(q.is_lost(q.element(&heaps).unwrap()), lost, "{heaps:?}");
    }
}

#[test]
fn a_quotient_grown_on_is_the_quotient_computed_afresh() {
    for (rule, from, to) in [
        ("0.77", 6, 16),
        ("0.07", 3, 18),
        ("0.75", 9, 20),
        ("grundy", 4, 12),
    ] {
        let afresh = quotient(rule, to).unwrap();
        let grown = quotient(rule, from)
            .unwrap()
            .extended(to, &Budget::new(CLI_BUDGET))
            .unwrap();
        assert_eq!(
            format!("{grown:?}"),
            format!("{afresh:?}"),
            "{rule} from {from} to {to}"
        );
    }
}

/// A misère analysis of heaps past the quotient it could grow searches them
/// down to positions the quotient decides: its outcomes agree with the
/// oracle's on random positions with one or two such heaps, and it stops
/// at the quotient as it says.
#[test]
fn a_search_past_the_quotient_stops_where_the_quotient_decides() {
    use grundy_core::search::PLAYGROUND_BUDGET;
    // 0.07's quotient ships to heap 33; the analysis grows 0.17's to heap
    // 29 and Grundy's game's to 28 within its budget; 0.37's stops sooner.
    // One session each, so that the quotient is grown once, as in the
    // playground.
    for (game, rule, past, total) in [
        ("octal", "0.07", 33, 48),
        ("octal", "0.17", 29, 48),
        ("grundy-game", "grundy", 28, 46),
        ("octal", "0.37", 15, 30),
    ] {
        let text = |heaps: &[u32]| {
            let written: Vec<String> = heaps.iter().map(u32::to_string).collect();
            match game {
                "octal" => format!("{rule}\n{}\n", written.join(" ")),
                _ => format!("{}\n", written.join(" ")),
            }
        };
        let mut session = grundy_core::games::open(game, &text(&[1]), 0).unwrap();
        let mut oracle = Oracle::new(rule, total);
        let mut rng = Rng::new(17);
        let (mut decided, mut lost) = (0, 0);
        for _ in 0..40 {
            let mut heaps = vec![past + 1 + rng.below(6) as u32];
            if rng.below(2) == 0 {
                heaps.push(past + 1 + rng.below(4) as u32);
            }
            while heaps.iter().sum::<u32>() < total as u32 - 3 && rng.below(3) > 0 {
                heaps.push(1 + rng.below(8) as u32);
            }
            if heaps.iter().sum::<u32>() > total as u32 {
                heaps.truncate(1);
            }
            session.load(&text(&heaps), 0).unwrap();
            let report = session.misere_report(PLAYGROUND_BUDGET);
            let Some(outcome) = report.outcome else {
                continue;
            };
            let searched = oracle.lost(&counts(&heaps, total));
            assert_eq!(
                outcome == grundy_core::Outcome::Previous,
                searched,
                "{rule} {heaps:?}: {}",
                report.method
            );
            assert_eq!(report.winning.is_empty(), searched, "{rule} {heaps:?}");
            let stopped = "stopping wherever the misère quotient";
            decided += usize::from(report.method.contains(stopped));
            lost += usize::from(searched);
        }
        assert!(
            decided >= 30,
            "{rule}: only {decided} of 40 searched to the quotient"
        );
        assert!((3..38).contains(&lost), "{rule}: {lost} of 40 lost");
    }
}
