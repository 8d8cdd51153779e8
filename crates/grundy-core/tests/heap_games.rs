//! Subtraction games, octal games and Grundy's game against independent
//! checks: a plain mex over every option, exhaustive search of whole
//! positions, the published sequences and their known periods.

mod common;

use grundy_core::ai::Rng;
use grundy_core::games;
use grundy_core::sequence::{Period, Rule, Sequence};
use std::collections::HashMap;

/// The rule's moves on one heap, as the heaps they leave, written from the
/// rules in GAMES.md without sharing any code with the solver.
fn options(rule: &str, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if rule == "grundy" {
        for a in 1..n {
            if 2 * a != n {
                out.push(vec![a, n - a]);
            }
        }
    } else if let Some(set) = rule.strip_prefix("S=") {
        for s in set.split(',').map(|s| s.trim().parse::<usize>().unwrap()) {
            if s <= n {
                out.push(if s == n { vec![] } else { vec![n - s] });
            }
        }
    } else {
        let (whole, fraction) = rule.split_once('.').unwrap();
        let digits: Vec<u32> = std::iter::once(whole.parse().unwrap_or(0))
            .chain(fraction.chars().map(|c| c.to_digit(8).unwrap()))
            .collect();
        for (take, &digit) in digits.iter().enumerate() {
            if take > n {
                break;
            }
            let rest = n - take;
            if take > 0 && digit & 1 != 0 && rest == 0 {
                out.push(vec![]);
            }
            if take > 0 && digit & 2 != 0 && rest > 0 {
                out.push(vec![rest]);
            }
            if digit & 4 != 0 {
                for a in 1..rest {
                    out.push(vec![a, rest - a]);
                }
            }
        }
    }
    out
}

/// G(0..len) by the plain mex of every option's xor.
fn plain_sequence(rule: &str, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; 2 * len + 2];
        for leaves in options(rule, n) {
            let v = leaves.iter().fold(0, |acc, &h| acc ^ g[h]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

fn computed(rule: &str, len: usize) -> Vec<u32> {
    let mut sequence = Sequence::new(Rule::parse_name(rule).unwrap());
    sequence.extend_to(len);
    sequence.values().to_vec()
}

#[test]
fn the_sparse_space_method_agrees_with_the_plain_mex() {
    for rule in [
        "0.77", "0.137", "0.07", "0.16", "0.56", "4.7", "0.6", "grundy",
    ] {
        assert_eq!(
            computed(rule, 10_000),
            plain_sequence(rule, 10_000),
            "{rule}"
        );
    }
    // Many random codes and sets, long enough for the mask to be chosen twice.
    let mut rng = Rng::new(15);
    for _ in 0..60 {
        let digits: String = (0..1 + rng.below(4))
            .map(|_| char::from(b'0' + rng.below(8) as u8))
            .collect();
        let d0 = if rng.below(4) == 0 { "4" } else { "0" };
        let code = format!("{d0}.{digits}");
        assert_eq!(computed(&code, 1500), plain_sequence(&code, 1500), "{code}");
        let set: Vec<String> = (0..1 + rng.below(4))
            .map(|_| (1 + rng.below(9)).to_string())
            .collect();
        let set = format!("S={}", set.join(","));
        assert_eq!(computed(&set, 1500), plain_sequence(&set, 1500), "{set}");
    }
}

/// OEIS A002186 (Kayles), A002187 (Dawson's chess, 0.137) and A002188
/// (Grundy's game), all with offset 0: a(n) is the value of a heap of n.
#[test]
fn the_classics_agree_with_the_oeis() {
    let kayles = "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1 4 2 7 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1";
    let dawson = "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 2 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7 4 8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7 4 8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4";
    let grundy = "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4 1 5 4 1 5 4 1 5 4 1 0 2 1 0 2 1 5 2 1 3 2 1 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 5 2 4 5 2 4 3 7 4 3 7 4 3 7 4 3 5 2 3 5 2 3 5 2 3";
    for (rule, published) in [("0.77", kayles), ("0.137", dawson), ("grundy", grundy)] {
        let published: Vec<u32> = published.split(' ').map(|v| v.parse().unwrap()).collect();
        assert_eq!(computed(rule, published.len()), published, "{rule}");
    }
    // Dawson's Kayles is Dawson's chess one counter later.
    let chess = computed("0.137", 500);
    assert_eq!(computed("0.07", 501)[1..], chess[..]);
}

#[test]
fn periods_are_proved_where_winning_ways_gives_them() {
    let proved =
        |rule: &str| Sequence::new(Rule::parse_name(rule).unwrap()).prove_period(1 << 14, |_| true);
    // Kayles: the last exception is at n = 70 (OEIS A002186).
    assert_eq!(
        proved("0.77"),
        Some(Period {
            preperiod: 71,
            period: 12
        })
    );
    // Dawson's chess: the last exception is at n = 51 (OEIS A002187).
    assert_eq!(
        proved("0.137"),
        Some(Period {
            preperiod: 52,
            period: 34
        })
    );
    assert_eq!(
        proved("0.07"),
        Some(Period {
            preperiod: 53,
            period: 34
        })
    );
    assert_eq!(
        proved("S=1,3,4"),
        Some(Period {
            preperiod: 0,
            period: 7
        })
    );
    assert_eq!(proved("grundy"), None);
    // Every proved period holds well past where it was proved, and no
    // smaller period or pre-period fits.
    let mut rng = Rng::new(16);
    for _ in 0..40 {
        let digits: String = (0..1 + rng.below(3))
            .map(|_| char::from(b'0' + rng.below(8) as u8))
            .collect();
        let code = format!("0.{digits}");
        let Some(Period { preperiod, period }) = proved(&code) else {
            continue;
        };
        let g = plain_sequence(&code, 2 * (2 * preperiod + 2 * period + 8));
        assert!(
            (preperiod..g.len() - period).all(|n| g[n + period] == g[n]),
            "{code}"
        );
        if preperiod > 0 {
            assert_ne!(
                g[preperiod - 1 + period],
                g[preperiod - 1],
                "{code}: pre-period not least"
            );
        }
        for p in 1..period {
            assert!(
                (preperiod..g.len() - p).any(|n| g[n + p] != g[n]),
                "{code}: period {p} also fits"
            );
        }
    }
}

/// The nimber of a whole position of several heaps by mex over its
/// options, with no use of the sum theorem.
fn search(rule: &str, heaps: &[usize], memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
    let mut key: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = Vec::new();
    for (index, &heap) in key.iter().enumerate() {
        for leaves in options(rule, heap) {
            let mut next = key.clone();
            next.splice(index..=index, leaves);
            seen.push(search(rule, &next, memo));
        }
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(key, value);
    value
}

fn position_text(game: &str, rule: &str, heaps: &[usize]) -> String {
    let sizes: Vec<String> = heaps.iter().map(usize::to_string).collect();
    match game {
        "grundy-game" => format!("{}\n", sizes.join(" ")),
        "subtraction" => format!("{}\n{}\n", rule.trim_start_matches("S="), sizes.join(" ")),
        _ => format!("{rule}\n{}\n", sizes.join(" ")),
    }
}

#[test]
fn whole_positions_agree_with_exhaustive_search() {
    let mut rng = Rng::new(17);
    let rules: [(&str, &[&str]); 3] = [
        ("octal", &["0.77", "0.137", "0.07", "0.16", "4.37", "0.6"]),
        ("subtraction", &["S=1,3,4", "S=2,5,6", "S=1,2,3", "S=3,4"]),
        ("grundy-game", &["grundy"]),
    ];
    for (game, rules) in rules {
        for (index, rule) in rules.iter().enumerate() {
            let mut memo = HashMap::new();
            let count = 1000 / rules.len() + 1;
            for _ in 0..count {
                let heaps: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(9)).collect();
                let text = position_text(game, rule, &heaps);
                let mut session =
                    games::open(game, &text, 0).unwrap_or_else(|e| panic!("{text}: {e}"));
                let analysis = session.analysis().clone();
                assert_eq!(
                    analysis.nimber.0,
                    search(rule, &heaps, &mut memo),
                    "{game} {text}"
                );
                for m in &analysis.moves {
                    let mut after = games::open(game, &text, 0).unwrap();
                    after.play(m.id).unwrap();
                    let next_text = after.text();
                    let next: Vec<usize> = next_text
                        .lines()
                        .last()
                        .unwrap_or("")
                        .split_whitespace()
                        .map(|s| s.parse().unwrap())
                        .collect();
                    assert_eq!(
                        m.after.0,
                        search(rule, &next, &mut memo),
                        "{text} {}",
                        m.label
                    );
                }
                let _ = index;
            }
        }
    }
}

#[test]
fn the_optimal_player_never_loses() {
    common::optimal_beats_random_from("octal", 18, 100, |rng| loop {
        let text = position_text("octal", "0.77", &[1 + rng.below(12), 1 + rng.below(12)]);
        if !games::open("octal", &text, 0)
            .unwrap()
            .analysis()
            .nimber
            .is_zero()
        {
            return text;
        }
    });
}

#[test]
fn samples_answer_as_games_md_says() {
    assert_eq!(
        games::solve("subtraction", "1,3,4\n7 5\n").unwrap(),
        "First\n"
    );
    assert_eq!(games::solve("octal", "0.77\n3 4\n").unwrap(), "First\n");
    assert_eq!(games::solve("octal", ".77\n3 4\n").unwrap(), "First\n");
    assert_eq!(games::solve("grundy-game", "7\n").unwrap(), "Second\n");
    assert_eq!(games::nimber("octal", "0.77\n3 4\n").unwrap().0, 2);
    assert_eq!(games::nimber("subtraction", "1, 3 ,4\n7 5\n").unwrap().0, 3);
    // The command line's largest heaps.
    assert_eq!(
        games::nimber("octal", "0.77\n1048576\n").unwrap().0,
        computed("0.77", 1_048_577)[1_048_576]
    );
    assert_eq!(games::nimber("subtraction", "1,3,4\n").unwrap().0, 0);
}

#[test]
fn bad_positions_are_located() {
    let err = games::solve("octal", "0.78\n3 4\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(1), Some(4)), "{err}");
    let err = games::solve("subtraction", "1, 3, x\n3\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(1), Some(7)), "{err}");
    let err = games::solve("octal", "0.77\n3 x\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(2), Some(3)), "{err}");
    assert!(err.message.contains("heap 2"), "{err}");
    let err = games::solve("grundy-game", "3 1048577").unwrap_err();
    assert_eq!((err.line, err.column), (Some(1), Some(3)), "{err}");
    let err = games::open("octal", "0.77\n3 101\n", 0).err().unwrap();
    assert!(err.message.contains("heap 2 has 101 counters"), "{err}");
}
