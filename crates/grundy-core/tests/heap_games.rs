//! Subtraction games, octal games and Grundy's game against independent
//! checks: a plain mex over every option, exhaustive search of whole
//! positions, the published sequences and their known periods.

mod common;
#[path = "common/heap_rules.rs"]
mod heap_rules;

use heap_rules::options;

use grundy_core::analysis::Convention;
use grundy_core::games;
use grundy_core::rng::Rng;
use grundy_core::search::SearchBudget;
use grundy_core::sequence::{Period, Rule, Sequence};
use grundy_core::Outcome;
use std::collections::HashMap;

/// G(0..len) by the plain mex of every option's xor.
fn plain_sequence(rule: &str, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut largest = 0;
    for n in 0..len {
        // Every xor of values so far is at most twice the largest, plus one.
        let mut seen = vec![false; 2 * largest + 2];
        for leaves in options(rule, n) {
            let v = leaves.iter().fold(0, |acc, &h| acc ^ g[h]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        largest = largest.max(mex);
        g.push(mex as u32);
    }
    g
}

fn computed(rule: &str, len: usize) -> Vec<u32> {
    let mut sequence = Sequence::new(Rule::parse_name(rule).unwrap());
    sequence.extend_to(len);
    sequence.values(0..len)
}

#[test]
fn the_sparse_space_method_agrees_with_the_plain_mex() {
    for rule in [
        "0.77", "0.137", "0.07", "0.16", "0.56", "4.7", "0.6", "grundy", "0.127", "0.167",
        // A rare heap m beside heap 1, common, where a split leaves m + 1
        // counters: a pair only the rare heap's side marks.
        "0.1064",
    ] {
        assert_eq!(
            computed(rule, 10_000),
            plain_sequence(rule, 10_000),
            "{rule}"
        );
    }
    // Random codes of up to three digits to 10 000 values, past several
    // reviews of the sparse space mask.
    let mut rng = Rng::new(14);
    for _ in 0..6 {
        let digits: String = (0..1 + rng.below(3))
            .map(|_| char::from(b'0' + rng.below(8) as u8))
            .collect();
        let code = format!("0.{digits}");
        assert_eq!(
            computed(&code, 10_000),
            plain_sequence(&code, 10_000),
            "{code}"
        );
    }
    // Many more codes and sets, long enough for the mask to be chosen twice.
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

/// A random hexadecimal code: d0 of 0, 4, 8 or C and up to three digits
/// 0 to F, the last not 0.
fn random_hexadecimal_code(rng: &mut Rng) -> String {
    const HEX: &[u8] = b"0123456789ABCDEF";
    let d0 = ["0", "4", "8", "C"][rng.below(4)];
    let mut digits: String = (0..rng.below(3))
        .map(|_| char::from(HEX[rng.below(16)]))
        .collect();
    digits.push(char::from(HEX[1 + rng.below(15)]));
    format!("{d0}.{digits}")
}

#[test]
fn hexadecimal_codes_agree_with_the_plain_mex() {
    // Every kind of move alone, then together, then at random.
    for rule in [
        "0.8", "0.9", "0.A", "0.C", "0.F", "8.0", "C.1", "0.08", "0.48", "4.8", "0.F7", "0.1F",
    ] {
        assert_eq!(computed(rule, 300), plain_sequence(rule, 300), "{rule}");
    }
    let mut rng = Rng::new(70);
    for _ in 0..60 {
        let rule = random_hexadecimal_code(&mut rng);
        assert_eq!(computed(&rule, 200), plain_sequence(&rule, 200), "{rule}");
    }
}

#[test]
fn periods_of_hexadecimal_codes_hold_past_their_proof() {
    // The three-heap argument needs agreement to 3·n0 + 2p + t; check every
    // proved period against the plain mex to twice as far.
    let mut rng = Rng::new(71);
    let mut proved_any = 0;
    for _ in 0..200 {
        let rule = random_hexadecimal_code(&mut rng);
        let mut sequence = Sequence::new(Rule::parse_name(&rule).unwrap());
        let Some(Period { preperiod, period }) = sequence.prove_period(600, |_| true) else {
            continue;
        };
        proved_any += 1;
        let g = plain_sequence(&rule, sequence.len() * 2);
        assert!(
            (preperiod..g.len() - period).all(|n| g[n + period] == g[n]),
            "{rule}: preperiod {preperiod} period {period}"
        );
        if preperiod > 0 {
            assert_ne!(g[preperiod - 1 + period], g[preperiod - 1], "{rule}");
        }
    }
    assert!(proved_any >= 30, "{proved_any} proved");
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
        "nim" | "grundy-game" => format!("{}\n", sizes.join(" ")),
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

/// Whether the player to move wins a sum of heap games under misère play,
/// by searching the whole tree: each part is a rule and its heaps.
fn misere_wins(
    parts: &[(&str, Vec<usize>)],
    memo: &mut HashMap<Vec<(String, Vec<usize>)>, bool>,
) -> bool {
    let key: Vec<(String, Vec<usize>)> = parts
        .iter()
        .map(|(rule, heaps)| {
            let mut heaps: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
            heaps.sort_unstable();
            (rule.to_string(), heaps)
        })
        .collect();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    'search: for (part, (rule, heaps)) in parts.iter().enumerate() {
        for (index, &heap) in heaps.iter().enumerate() {
            for leaves in options(rule, heap) {
                any_move = true;
                let mut next = parts.to_vec();
                next[part].1.splice(index..=index, leaves);
                if !misere_wins(&next, memo) {
                    wins = true;
                    break 'search;
                }
            }
        }
    }
    // With no move at all, the opponent made the last one and lost.
    let result = wins || !any_move;
    memo.insert(key, result);
    result
}

/// The rule and heaps of a heap game's text, as the search above takes them.
fn parts_of(game: &str, text: &str) -> (String, Vec<usize>) {
    let lines: Vec<&str> = text.lines().collect();
    let heaps = |line: &str| {
        line.split_whitespace()
            .map(|h| h.parse().unwrap())
            .collect()
    };
    match game {
        "nim" => (
            "nim".to_string(),
            heaps(lines.first().copied().unwrap_or("")),
        ),
        "grundy-game" => (
            "grundy".to_string(),
            heaps(lines.first().copied().unwrap_or("")),
        ),
        "subtraction" => (
            format!("S={}", lines[0]),
            heaps(lines.get(1).copied().unwrap_or("")),
        ),
        _ => (
            lines[0].to_string(),
            heaps(lines.get(1).copied().unwrap_or("")),
        ),
    }
}

fn as_parts(parts: &[(String, Vec<usize>)]) -> Vec<(&str, Vec<usize>)> {
    parts.iter().map(|(r, h)| (r.as_str(), h.clone())).collect()
}

/// Checks a session's misère report against the search: the outcome, and
/// which moves win. Returns false when the report says it is too large.
fn misere_agrees(
    game: &str,
    text: &str,
    memo: &mut HashMap<Vec<(String, Vec<usize>)>, bool>,
) -> bool {
    let split = |text: &str| -> Vec<(String, Vec<usize>)> {
        if game != "sum" {
            return vec![parts_of(game, text)];
        }
        text.split("--- ")
            .filter(|s| !s.is_empty())
            .map(|section| {
                let (id, body) = section.split_once('\n').unwrap();
                parts_of(id, body)
            })
            .collect()
    };
    let mut session = games::open(game, text, 0).unwrap_or_else(|e| panic!("{text}: {e}"));
    session.set_convention(Convention::Misere);
    let analysis = session.analysis().clone();
    let report = analysis.misere.clone().unwrap();
    let Some(outcome) = report.outcome else {
        return false;
    };
    let parts = split(text);
    assert_eq!(
        outcome == Outcome::Next,
        misere_wins(&as_parts(&parts), memo),
        "{game}\n{text}"
    );
    for m in &analysis.moves {
        session.play(m.id).unwrap();
        let after = split(&session.text());
        session.undo();
        let wins = !misere_wins(&as_parts(&after), memo);
        assert_eq!(
            report.winning.contains(&m.id),
            wins,
            "{game}\n{text} {}",
            m.label
        );
    }
    true
}

#[test]
fn misere_play_agrees_with_searching_the_whole_tree() {
    let mut rng = Rng::new(19);
    let games: [(&str, &[&str]); 4] = [
        ("nim", &["nim"]),
        ("octal", &["0.77", "0.137", "0.07", "4.37"]),
        ("subtraction", &["S=1,3,4", "S=2,5,6", "S=1,2"]),
        ("grundy-game", &["grundy"]),
    ];
    let mut memo = HashMap::new();
    for (game, rules) in games {
        let mut answered = 0;
        while answered < 500 {
            let rule = rules[rng.below(rules.len())];
            let heaps: Vec<usize> = (0..1 + rng.below(4)).map(|_| rng.below(8)).collect();
            let text = position_text(game, rule, &heaps);
            answered += usize::from(misere_agrees(game, &text, &mut memo));
        }
    }
}

#[test]
fn misere_sums_of_one_to_three_games_agree_with_the_search() {
    let mut rng = Rng::new(20);
    let mut memo = HashMap::new();
    let choices = [
        ("nim", "nim"),
        ("octal", "0.77"),
        ("subtraction", "S=1,3,4"),
        ("grundy-game", "grundy"),
    ];
    let mut answered = 0;
    while answered < 600 {
        // A sum of one part is searched through that part's own walk.
        let count = 1 + rng.below(3);
        let text: String = (0..count)
            .map(|_| {
                let (game, rule) = choices[rng.below(choices.len())];
                let heaps: Vec<usize> = (0..1 + rng.below(2)).map(|_| rng.below(6)).collect();
                let body = position_text(game, rule, &heaps);
                format!("--- {game}\n{body}")
            })
            .collect();
        answered += usize::from(misere_agrees("sum", &text, &mut memo));
    }
}

#[test]
fn misere_nim_follows_boutons_rule_at_any_size() {
    let mut session = games::open("nim", "1 1\n", 0).unwrap();
    session.set_convention(Convention::Misere);
    // Two single counters: the xor is 0, yet the player to move wins.
    assert_eq!(
        session.analysis().misere.as_ref().unwrap().outcome,
        Some(Outcome::Next)
    );
    let big = vec!["1000000"; 64].join(" ");
    let report = games::misere_report("nim", &big, SearchBudget::positions(10)).unwrap();
    assert_eq!(report.outcome, Some(Outcome::Previous));
    let report = games::misere_report("nim", "1 1 1\n", SearchBudget::positions(10)).unwrap();
    assert_eq!(report.outcome, Some(Outcome::Previous));
}

#[test]
fn misere_positions_past_the_budget_are_said_to_be_too_large() {
    let report =
        games::misere_report("octal", "0.37\n40 40 40\n", SearchBudget::positions(1000)).unwrap();
    assert_eq!(report.outcome, None);
    assert!(
        report
            .method
            .contains("too large to solve exactly under misère play"),
        "{}",
        report.method
    );
}

#[test]
fn the_optimal_player_wins_misere_games_it_can_win() {
    use grundy_core::ai::Skill;
    let mut rng = Rng::new(21);
    let mut played = 0;
    while played < 200 {
        let (game, text) = match rng.below(3) {
            0 => (
                "nim",
                format!("{} {} {}\n", rng.below(5), rng.below(5), rng.below(5)),
            ),
            1 => (
                "octal",
                format!("0.77\n{} {}\n", 1 + rng.below(9), 1 + rng.below(9)),
            ),
            _ => (
                "sum",
                format!(
                    "--- nim\n{}\n--- grundy-game\n{}\n",
                    rng.below(4),
                    1 + rng.below(9)
                ),
            ),
        };
        let mut session = games::open(game, &text, 0).unwrap();
        session.set_convention(Convention::Misere);
        if session.analysis().misere.as_ref().unwrap().outcome != Some(Outcome::Next) {
            continue;
        }
        played += 1;
        let mut optimal_to_move = true;
        loop {
            let skill = if optimal_to_move {
                Skill::OPTIMAL
            } else {
                Skill::RANDOM
            };
            let Some(id) = session.ai_move(skill, rng.next_u64()) else {
                // Under misère play the player left without a move has won.
                assert!(
                    optimal_to_move,
                    "{game}: the optimal player made the last move from\n{text}"
                );
                break;
            };
            session.play(id).unwrap();
            optimal_to_move = !optimal_to_move;
        }
    }
}

#[test]
fn heaps_that_play_as_nim_heaps_take_boutons_misere_rule_and_agree_with_the_search() {
    let mut rng = Rng::new(22);
    // Rules whose heaps pass the check, with and without splits.
    let rules = [
        ("subtraction", "S=1,2,3"),
        ("subtraction", "S=2,5,6"),
        ("octal", "0.33"),
        ("octal", "0.51"),
        ("octal", "0.701"),
        ("octal", "0.155"),
    ];
    let mut memo = HashMap::new();
    let mut answered = 0;
    while answered < 600 {
        let (game, rule) = rules[rng.below(rules.len())];
        let heaps: Vec<usize> = (0..1 + rng.below(4)).map(|_| rng.below(13)).collect();
        let text = position_text(game, rule, &heaps);
        // A budget of one position: only the closed form can answer.
        let report = games::misere_report(game, &text, SearchBudget::positions(1)).unwrap();
        assert!(report.outcome.is_some(), "{text}: {}", report.method);
        assert!(
            report.method.contains("Bouton's misère rule"),
            "{}",
            report.method
        );
        assert!(misere_agrees(game, &text, &mut memo), "{text}");
        answered += 1;
    }
    // One counter is a counter.
    let report = games::misere_report("octal", "0.77\n1\n", SearchBudget::positions(1)).unwrap();
    assert!(
        report
            .method
            .starts_with("every heap of up to 1 counter plays"),
        "{}",
        report.method
    );
}

/// The fact of the session's analysis labelled `label`.
fn fact(session: &mut Box<dyn grundy_core::AnySession>, label: &str) -> String {
    let facts = &session.analysis().facts;
    let fact = facts.iter().find(|f| f.label == label);
    fact.unwrap_or_else(|| panic!("no fact {label}"))
        .value
        .clone()
}

#[test]
fn wild_heap_games_say_which_heap_is_not_a_nim_heap_and_use_the_quotient() {
    let mut session = games::open("octal", "0.77\n5 6\n", 0).unwrap();
    // The note on misère play is about misère play only.
    assert!(session.analysis().facts.iter().all(|f| f.label != "Misère"));
    session.set_convention(Convention::Misere);
    let kayles = fact(&mut session, "Misère");
    assert!(kayles.starts_with("a heap of "), "{kayles}");
    assert!(
        kayles.ends_with("otherwise searched down to the positions it decides"),
        "{kayles}"
    );
    let report = session.analysis().misere.clone().unwrap();
    assert_eq!(report.explored, 0, "{}", report.method);
    assert!(report.quotient.is_some(), "{}", report.method);
    assert_eq!(report.parts.len(), 2);
    // Kayles' quotient is proved periodic within the budget: it covers
    // heaps of any size.
    let report =
        games::misere_report("octal", "0.77\n1000 999 5\n", SearchBudget::positions(1000)).unwrap();
    assert!(report.quotient.is_some(), "{}", report.method);
    assert_eq!(report.explored, 0, "{}", report.method);
    // Where no quotient is found (0.37's stops at heap 15), positions are
    // searched.
    let mut large = games::open("octal", "0.37\n30 1\n", 0).unwrap();
    large.set_convention(Convention::Misere);
    let report = large.analysis().misere.clone().unwrap();
    assert!(report.quotient.is_none(), "{}", report.method);
    let mut nim_like = games::open("subtraction", "1,2,3\n5 6\n", 0).unwrap();
    nim_like.set_convention(Convention::Misere);
    assert_eq!(
        fact(&mut nim_like, "Misère"),
        "heaps of up to 100 counters play as Nim heaps of their values (Bouton's rule)"
    );
}

#[test]
fn the_period_search_stops_early_where_values_are_not_sparse() {
    let period = |text: &str| fact(&mut games::open("octal", text, 0).unwrap(), "Period");
    assert_eq!(period("0.77\n5\n"), "12 from n = 71 (proved)");
    // 0.16's values are sparse: the whole search is cheap.
    assert_eq!(period("0.16\n5\n"), "not proved within 16384 values");
    // Taking up to 32 and splitting anywhere: quadratic, so it stops sooner.
    let every_split = format!("4.{}\n5\n", "7".repeat(32));
    assert_eq!(period(&every_split), "not proved within 2048 values");
}

#[test]
fn codes_whose_values_are_not_sparse_extend_by_their_proved_period() {
    // Each split pairs two common heaps, so before its period is proved
    // such a code looks at every split: quadratic. Once proved, the values
    // repeat, and the splits looked at stay those of the first few hundred.
    for rule in ["0.07", "0.137", "0.4", "4.0"] {
        let mut sequence = Sequence::new(Rule::parse_name(rule).unwrap());
        sequence.extend_to(1 << 20);
        assert!(sequence.proved_period().is_some(), "{rule}");
        assert!(sequence.work() < 100_000, "{rule}: {}", sequence.work());
        assert_eq!(
            sequence.values(0..3000),
            plain_sequence(rule, 3000),
            "{rule}"
        );
    }
}

#[test]
fn runs_of_moves_list_every_move_in_order() {
    use grundy_core::games::{grundy_game::GrundyFamily, octal::OctalFamily};
    use grundy_core::heap_game::{placements, HeapFamily};
    // Every (take, left, right) in the order moves are numbered: by count
    // taken, then by the counters left before it. An octal digit's bits 1,
    // 2 and 4 allow leaving no heap, one or two; taking none must split.
    fn listed(rule: &str, size: u32) -> Vec<(u32, u32, u32)> {
        let mut out = Vec::new();
        for take in 0..=size {
            for left in 0..=size - take {
                let right = size - take - left;
                let heaps_left = u32::from(left > 0) + u32::from(right > 0);
                let allowed = if rule == "grundy" {
                    take == 0 && heaps_left == 2 && left != right
                } else {
                    let (whole, fraction) = rule.split_once('.').unwrap();
                    let digit = match take {
                        0 => whole.parse::<u32>().unwrap(),
                        _ => fraction
                            .chars()
                            .nth(take as usize - 1)
                            .map_or(0, |c| c.to_digit(8).unwrap()),
                    };
                    (take > 0 || heaps_left == 2) && digit & (1 << heaps_left) != 0
                };
                if allowed {
                    out.push((take, left, right));
                }
            }
        }
        out
    }
    fn agree<F: HeapFamily>(name: &str, rule: &Rule, size: u32) {
        let runs = F::runs(rule, size);
        let made: Vec<(u32, u32, u32)> = placements(&runs, size).collect();
        assert_eq!(made, listed(name, size), "{name} with {size}");
    }
    let mut rng = Rng::new(16);
    for _ in 0..300 {
        let digits: String = (0..1 + rng.below(4))
            .map(|_| char::from(b'0' + rng.below(8) as u8))
            .collect();
        let d0 = if rng.below(4) == 0 { "4" } else { "0" };
        let name = format!("{d0}.{digits}");
        let size = rng.below(12) as u32;
        agree::<OctalFamily>(&name, &Rule::parse_name(&name).unwrap(), size);
        agree::<GrundyFamily>("grundy", &Rule::Grundy, size);
    }
}

/// G(0) … G(len − 1) of an octal code by the plain mex over every move,
/// read straight from its digits: bit 1 takes a whole heap, bit 2 leaves
/// one heap, bit 4 leaves two.
fn plain_octal(digits: &[u8], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen = Vec::new();
    for n in 0..len {
        seen.clear();
        seen.resize(2 * (*g.iter().max().unwrap_or(&0) as usize + 1), false);
        for (take, &digit) in digits.iter().enumerate().skip(1) {
            if digit & 1 != 0 && n == take {
                seen[0] = true;
            }
            if digit & 2 != 0 && n > take {
                seen[g[n - take] as usize] = true;
            }
            if digit & 4 != 0 && n > take {
                let m = n - take;
                for a in 1..=m / 2 {
                    seen[(g[a] ^ g[m - a]) as usize] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

#[test]
fn frequencies_of_five_unsolved_codes_agree_with_a_plain_count() {
    const COUNT: usize = 1 << 15;
    for code in ["0.014", "0.034", "0.161", "0.167", "0.172"] {
        let digits: Vec<u8> = code
            .bytes()
            .filter(u8::is_ascii_digit)
            .map(|d| d - b'0')
            .collect();
        let mut tally = std::collections::BTreeMap::new();
        for value in plain_octal(&digits, COUNT) {
            *tally.entry(value).or_insert(0u64) += 1;
        }
        let plain: Vec<(u32, u64)> = tally.into_iter().collect();
        let mut sequence = Sequence::new(Rule::parse_name(code).unwrap());
        let counted = sequence.frequencies(COUNT as u64, COUNT, |_| true).unwrap();
        assert_eq!(counted, plain, "{code}");
    }
}
