//! A String Game against an exhaustive search over bitmasks of erased
//! letters: no pieces, no substring table.

mod common;

use grundy_core::analysis::Convention;
use grundy_core::rng::Rng;
use grundy_core::Outcome;
use grundy_core::{games, Region};
use std::collections::{BTreeSet, HashMap};

struct Brute {
    /// Every occurrence of every word as a bitmask of its letters, with its span.
    occurrences: Vec<(u32, usize, usize)>,
    memo: HashMap<u32, bool>,
    /// Whether the last move loses (misère play) rather than wins.
    misere: bool,
}

impl Brute {
    fn new(text: &str, words: &[String]) -> Brute {
        let mut occurrences = BTreeSet::new();
        for word in words {
            for start in 0..text.len() {
                if text[start..].starts_with(word.as_str()) {
                    let end = start + word.len();
                    occurrences.insert(((1u32 << end) - (1u32 << start), start, end));
                }
            }
        }
        Brute {
            occurrences: occurrences.into_iter().collect(),
            memo: HashMap::new(),
            misere: false,
        }
    }

    fn wins(&mut self, erased: u32) -> bool {
        if let Some(&known) = self.memo.get(&erased) {
            return known;
        }
        let options: Vec<u32> = self
            .occurrences
            .iter()
            .filter(|o| o.0 & erased == 0)
            .map(|o| erased | o.0)
            .collect();
        let result = if options.is_empty() {
            self.misere
        } else {
            options.into_iter().any(|next| !self.wins(next))
        };
        self.memo.insert(erased, result);
        result
    }

    fn winning(&mut self, erased: u32) -> BTreeSet<(usize, usize)> {
        let occurrences = self.occurrences.clone();
        occurrences
            .into_iter()
            .filter(|o| o.0 & erased == 0 && !self.wins(erased | o.0))
            .map(|(_, s, e)| (s, e))
            .collect()
    }
}

fn random_word(rng: &mut Rng, alphabet: usize, length: usize) -> String {
    (0..length)
        .map(|_| (b'a' + rng.below(alphabet) as u8) as char)
        .collect()
}

fn random_case(rng: &mut Rng) -> (String, Vec<String>) {
    let alphabet = 1 + rng.below(3);
    let length = 1 + rng.below(14);
    let text = random_word(rng, alphabet, length);
    let count = rng.below(5);
    let words = (0..count)
        .map(|_| {
            let length = 1 + rng.below(4);
            random_word(rng, alphabet, length)
        })
        .collect();
    (text, words)
}

fn input(text: &str, words: &[String]) -> String {
    format!(
        "1\n{text}\n{}\n{}",
        words.len(),
        words.iter().map(|w| format!("{w}\n")).collect::<String>()
    )
}

fn analysed_winning(session: &mut Box<dyn grundy_core::AnySession>) -> BTreeSet<(usize, usize)> {
    session
        .analysis()
        .winning_moves()
        .map(|m| match m.anchor {
            Region::Span { first, last } => (first as usize, last as usize + 1),
            ref other => panic!("unexpected anchor {other:?}"),
        })
        .collect()
}

#[test]
fn agrees_with_brute_force_on_random_cases_and_their_continuations() {
    let mut rng = Rng::new(13);
    let mut checked = 0;
    for _ in 0..1500 {
        let (text, words) = random_case(&mut rng);
        let source = input(&text, &words);
        let mut brute = Brute::new(&text, &words);
        let expected = if brute.wins(0) { "Teddy\n" } else { "Tracy\n" };
        assert_eq!(
            games::solve("string-game", &source).unwrap(),
            expected,
            "{source}"
        );
        let mut session = games::open("string-game", &source, 0).unwrap();
        loop {
            let shown = session.text().lines().nth(1).unwrap().to_string();
            let erased = shown
                .bytes()
                .enumerate()
                .filter(|(_, c)| *c == b'-')
                .fold(0u32, |m, (i, _)| m | 1 << i);
            assert_eq!(
                analysed_winning(&mut session),
                brute.winning(erased),
                "{source} now {shown}"
            );
            checked += 1;
            let count = session.analysis().moves.len();
            if count == 0 {
                break;
            }
            session.play(rng.below(count) as u32).unwrap();
        }
    }
    assert!(checked > 3000, "only {checked} positions checked");
}

#[test]
fn official_samples() {
    let input = "3\ncodechef\n2\ncode\nchef\nfoo\n1\nbar\nmississippi\n4\nssissi\nmippi\nmi\nppi\n";
    assert_eq!(
        games::solve("string-game", input).unwrap(),
        "Tracy\nTracy\nTeddy\n"
    );
}

#[test]
fn only_the_middle_pawpaw_wins() {
    let mut session = games::open("string-game", "1\npawpawpawpaw\n1\npawpaw\n", 0).unwrap();
    let analysis = session.analysis();
    let labels: Vec<&str> = analysis.moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "erase \"pawpaw\" at 1–6",
            "erase \"pawpaw\" at 4–9",
            "erase \"pawpaw\" at 7–12"
        ]
    );
    let winning: Vec<&str> = analysis.winning_moves().map(|m| m.label.as_str()).collect();
    assert_eq!(winning, ["erase \"pawpaw\" at 4–9"]);
}

/// G(i, j) of every substring straight from the rule: the mex over
/// occurrences (s, e) inside [i, j) of G(i, s) ⊕ G(e, j).
fn rule_table(text: &str, words: &[String]) -> Vec<Vec<u32>> {
    let n = text.len();
    let mut table = vec![vec![0u32; n + 1]; n + 1];
    for length in 1..=n {
        for i in 0..=n - length {
            let j = i + length;
            let mut seen = BTreeSet::new();
            for s in i..j {
                for word in words {
                    let e = s + word.len();
                    if e <= j && text[s..e] == **word {
                        seen.insert(table[i][s] ^ table[e][j]);
                    }
                }
            }
            table[i][j] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    table
}

#[test]
fn long_runs_with_nimbers_past_64_and_128_agree_with_the_rule() {
    let mut rng = Rng::new(29);
    let mut largest = 0;
    for _ in 0..12 {
        let length = 60 + rng.below(100);
        let text: String = (0..length)
            .map(|_| if rng.below(40) == 0 { 'b' } else { 'a' })
            .collect();
        let mut words: Vec<String> = (1..=length).map(|k| "a".repeat(k)).collect();
        words.truncate(rng.below(length) + 1);
        for _ in 0..rng.below(4) {
            let k = 1 + rng.below(20);
            words.push(format!("{0}b{0}", "a".repeat(k)));
        }
        words.truncate(100);
        let table = rule_table(&text, &words);
        let mut session = games::open("string-game", &input(&text, &words), 0).unwrap();
        let analysis = session.analysis();
        assert_eq!(analysis.components[0].nimber.0, table[0][length], "{text}");
        for m in &analysis.moves {
            let Region::Span { first, last } = m.anchor else {
                panic!("unexpected anchor {:?}", m.anchor)
            };
            let (s, e) = (first as usize, last as usize + 1);
            assert_eq!(
                (m.parts[0].0, m.parts[1].0),
                (table[0][s], table[e][length]),
                "{text}: {}",
                m.label
            );
        }
        largest = largest.max(table[0][length]);
    }
    assert!(largest >= 128, "the largest nimber was only {largest}");
}

#[test]
fn optimal_ai_never_loses_to_random() {
    common::optimal_beats_random_from("string-game", 14, 200, |rng| {
        let (text, words) = random_case(rng);
        input(&text, &words)
    });
}

#[test]
fn errors_name_line_column_and_limits() {
    let err = games::solve("string-game", "1\ncodeChef\n1\ncode\n").unwrap_err();
    assert_eq!((err.line, err.column), (Some(2), Some(5)));
    assert!(
        err.message
            .contains("lowercase letters a–z, and '-' for an erased letter, not 'C'"),
        "{err}"
    );
    let err = games::solve("string-game", "1\nabc\n2\nab\n").unwrap_err();
    assert!(err.message.contains("word 2 of 2"), "{err}");
    let long = "a".repeat(301);
    let err = games::solve("string-game", &format!("1\n{long}\n0\n")).unwrap_err();
    assert!(err.message.contains("the limit is 300"), "{err}");
    let err = games::solve("string-game", "2\nab\n0\n").unwrap_err();
    assert!(err.message.contains("test 2 of 2"), "{err}");
}

#[test]
fn erased_letters_round_trip_and_survive_a_new_dictionary() {
    let mut session = games::open("string-game", "1\nabcabc\n1\nbc\n", 0).unwrap();
    session.play(0).unwrap();
    assert_eq!(session.text(), "1\na--abc\n1\nbc\n");
    session
        .edit(&grundy_core::Edit::SetWords {
            words: vec!["ab".into(), "c".into()],
        })
        .unwrap();
    assert_eq!(session.text(), "1\na--abc\n2\nab\nc\n");
}

#[test]
fn misere_outcomes_and_winning_moves_agree_with_brute_force() {
    let mut rng = Rng::new(35);
    // Positions past the search budget say so; 500 that are not must agree.
    let mut answered = 0;
    while answered < 500 {
        let (text, words) = random_case(&mut rng);
        let source = input(&text, &words);
        let mut brute = Brute::new(&text, &words);
        brute.misere = true;
        let mut session = games::open("string-game", &source, 0).unwrap();
        session.set_convention(Convention::Misere);
        let report = session.analysis().misere.clone().unwrap();
        let Some(outcome) = report.outcome else {
            continue;
        };
        answered += 1;
        assert_eq!(outcome == Outcome::Next, brute.wins(0), "{source}");
        assert_eq!(analysed_winning(&mut session), brute.winning(0), "{source}");
    }
}
