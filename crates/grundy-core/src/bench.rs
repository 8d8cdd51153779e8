//! The positions every benchmark times: criterion natively, `grundy bench`
//! for the native column of `npm run bench`, and the wasm benchmark page.
//! One list, so the native and wasm figures are for the same inputs.

use crate::analysis::Edit;
use crate::game::GameError;
use crate::games;
use crate::games::intervals::random_laminar;
use crate::rng::Rng;
use crate::search;
use crate::sequence::{Rule, Sequence};
use crate::AnySession;
use serde::Serialize;

/// What a benchmark case times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Work {
    /// A cold open and `analysis()`: what a page does to show a position.
    Analysis,
    /// The contest answer: what `grundy solve` does.
    Solve,
    /// Proving the period of the rule in `input`: `grundy sequence --period`.
    Period,
    /// Computing G(0 … count − 1) of `input`'s `rule count`, as the explorer does.
    Values,
    /// The misère outcome within the playground's search budget, as a
    /// page's analysis asks for it.
    Misere,
    /// An edit to an analysed position and the new analysis: what drawing
    /// does. The session lasts from run to run, as a page's does, and each
    /// run makes the next of the case's edits.
    Edit,
}

impl std::str::FromStr for Work {
    type Err = String;

    /// The work a case names, as the cases are written out (`"analysis"`, …).
    fn from_str(name: &str) -> Result<Work, String> {
        match name {
            "analysis" => Ok(Work::Analysis),
            "solve" => Ok(Work::Solve),
            "period" => Ok(Work::Period),
            "values" => Ok(Work::Values),
            "misere" => Ok(Work::Misere),
            "edit" => Ok(Work::Edit),
            _ => Err(format!("not a kind of work: {name}")),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchCase {
    pub game: &'static str,
    pub name: String,
    pub work: Work,
    pub input: String,
    /// The median this case should stay under, in milliseconds.
    pub budget_ms: f64,
    /// At most this many timed runs, for cases that take seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_runs: Option<usize>,
    /// For `Work::Edit`, the edits runs take in turn: each undoes the last.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub edits: Vec<Edit>,
}

fn case(game: &'static str, name: &str, input: String, budget_ms: f64) -> BenchCase {
    BenchCase {
        game,
        name: name.to_string(),
        work: Work::Analysis,
        input,
        budget_ms,
        max_runs: None,
        edits: Vec::new(),
    }
}

fn solve_case(game: &'static str, name: &str, input: String, budget_ms: f64) -> BenchCase {
    BenchCase {
        work: Work::Solve,
        ..case(game, name, input, budget_ms)
    }
}

fn sequence_case(
    work: Work,
    name: &str,
    input: &str,
    budget_ms: f64,
    max_runs: Option<usize>,
) -> BenchCase {
    BenchCase {
        work,
        max_runs,
        ..case("sequence", name, input.to_string(), budget_ms)
    }
}

/// A 12 × 12 Cram board walled into regions of 4 × 6 and smaller.
fn cram_regions_case() -> String {
    (0..12)
        .map(|r| {
            let row: String = (0..12)
                .map(|c| {
                    if r % 5 == 4 || c % 7 == 6 || (r + c) % 11 == 10 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            row + "\n"
        })
        .collect()
}

/// 64 queens scattered within 1000 of the corner.
fn wythoff_case(rng: &mut Rng) -> String {
    (0..64)
        .map(|_| format!("{} {}\n", rng.below(1001), rng.below(1001)))
        .collect()
}

/// The grid graph of `rows` × `cols` vertices.
fn grid_graph(rows: usize, cols: usize) -> String {
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let v = r * cols + c;
            if c + 1 < cols {
                edges.push(format!("{v} {}\n", v + 1));
            }
            if r + 1 < rows {
                edges.push(format!("{v} {}\n", v + cols));
            }
        }
    }
    format!("{} {}\n{}", rows * cols, edges.len(), edges.concat())
}

/// Every benchmark case, in a fixed order.
pub fn cases() -> Vec<BenchCase> {
    let mut rng = Rng::new(2024);
    let heaps: Vec<String> = (0..64).map(|_| (1 + rng.below(100)).to_string()).collect();
    let mut cases = vec![
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
        solve_case(
            "bacterial-tactics",
            "contest maximum: 100 cases of 15×15, 2% radioactive",
            grid_cases(100, 15, 0.02, &mut rng),
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
        solve_case(
            "intervals",
            "100 000 in a chain",
            intervals_case(chain(100_000)),
            250.0,
        ),
        solve_case(
            "intervals",
            "100 000 in a star",
            intervals_case(star(100_000)),
            250.0,
        ),
        solve_case(
            "intervals",
            "100 000 random",
            intervals_case(random_laminar(&mut rng, 0, 1_000_000, 100_000)),
            250.0,
        ),
        case(
            "intervals",
            "200 drawn",
            intervals_case(random_laminar(&mut rng, 0, 2_000, 200)),
            16.0,
        ),
        case(
            "string-game",
            "|S| = 30, N = 30, ab",
            words_case(30, 30, 2, &mut rng),
            16.0,
        ),
        case(
            "string-game",
            "|S| = 30, N = 30, abc",
            words_case(30, 30, 3, &mut rng),
            16.0,
        ),
        case(
            "string-game",
            "|S| = 300, N = 100, ab",
            words_case(300, 100, 2, &mut rng),
            250.0,
        ),
        case(
            "string-game",
            "|S| = 300, N = 100, abc",
            words_case(300, 100, 3, &mut rng),
            250.0,
        ),
        case(
            "string-game",
            "|S| = 300 of a, words a to a¹⁰⁰",
            run_case(&"a".repeat(300), 100),
            250.0,
        ),
        case(
            "board-escape",
            "50×50 open, k = 10⁹",
            escape_case(50, 0.0, &mut rng),
            16.0,
        ),
        case(
            "board-escape",
            "50×50 maze, k = 10⁹",
            escape_case(50, 0.3, &mut rng),
            16.0,
        ),
        case(
            "board-escape",
            "100×100 maze, k = 10⁹",
            escape_case(100, 0.3, &mut rng),
            250.0,
        ),
        case(
            "hackenbush",
            "200 edges, trees and cycles",
            picture_case(200, 0.2, &mut rng),
            16.0,
        ),
        case("hackenbush", "a stalk of 200 edges", stalk_case(200), 16.0),
        case(
            "hackenbush",
            "1000 edges, trees and cycles",
            picture_case(1000, 0.2, &mut rng),
            250.0,
        ),
        case(
            "digraph",
            "1000 vertices, 5000 arrows, a tenth forward",
            digraph_case(1000, 5000, 20, 0.1, &mut rng),
            16.0,
        ),
        solve_case(
            "digraph",
            "contest maximum: 10 000 vertices, 50 000 arrows",
            digraph_case(10_000, 50_000, 40, 0.1, &mut rng),
            16.0,
        ),
        case(
            "octal",
            "Kayles, 64 heaps up to 100",
            format!("0.77\n{}\n", heaps.join(" ")),
            50.0,
        ),
        sequence_case(Work::Period, "Kayles 0.77 proved", "0.77", 16.0, None),
        sequence_case(
            Work::Period,
            "Dawson's chess 0.137 proved",
            "0.137",
            16.0,
            None,
        ),
        sequence_case(
            Work::Period,
            "0.16 proved (pre-period 105 351)",
            "0.16",
            5000.0,
            Some(5),
        ),
        sequence_case(
            Work::Period,
            "0.56 proved (pre-period 326 640)",
            "0.56",
            5000.0,
            Some(5),
        ),
        sequence_case(
            Work::Values,
            "Kayles to 10⁶",
            "0.77 1000000",
            1000.0,
            Some(5),
        ),
        // A quarter of its heaps are rare: every pair is read in order.
        sequence_case(
            Work::Values,
            "0.007 to 50 000",
            "0.007 50000",
            2000.0,
            Some(5),
        ),
        sequence_case(
            Work::Values,
            "Grundy's game to 2¹⁸",
            "grundy 262144",
            5000.0,
            Some(5),
        ),
        sequence_case(
            Work::Values,
            "Grundy's game to 2²⁰",
            "grundy 1048576",
            30_000.0,
            Some(3),
        ),
        BenchCase {
            work: Work::Misere,
            max_runs: Some(5),
            ..case(
                "octal",
                "misère Kayles 20 20 20, cold (its quotient to heap 20)",
                "0.77\n20 20 20\n".to_string(),
                2000.0,
            )
        },
        BenchCase {
            work: Work::Misere,
            max_runs: Some(5),
            ..case(
                "sum",
                "misère Nim 1 2 3 beside Kayles 7 8 (searched)",
                "--- nim\n1 2 3\n--- octal\n0.77\n7 8\n".to_string(),
                50.0,
            )
        },
        BenchCase {
            work: Work::Misere,
            max_runs: Some(5),
            ..case(
                "sum",
                "misère Nim 1 2 3 4 beside Kayles 12 13 (72 716 positions searched)",
                "--- nim\n1 2 3 4\n--- octal\n0.77\n12 13\n".to_string(),
                250.0,
            )
        },
        BenchCase {
            work: Work::Misere,
            max_runs: Some(5),
            ..case(
                "sum",
                "misère Kayles 30 31 32, refused at the playground's budget",
                "--- octal\n0.77\n30 31 32\n".to_string(),
                250.0,
            )
        },
        BenchCase {
            work: Work::Misere,
            max_runs: Some(5),
            ..case(
                "darkraft",
                "misère on a 5 × 6 board, refused at the playground's budget",
                "5 6\nLRLXXL\nRLLRLX\nRLRRRL\nXLXRXR\nXRRXLR\n".to_string(),
                250.0,
            )
        },
        BenchCase {
            work: Work::Misere,
            max_runs: Some(5),
            ..case(
                "hackenbush",
                "misère on three trees with cycles and loops, refused at the playground's budget",
                "15 23\n0 1\n1 2\n1 3\n3 4\n3 5\n3 2\n4 2\n5 5\n0 6\n6 7\n7 8\n7 9\n6 8\n7 9\n8 8\n9 6\n0 10\n10 11\n11 12\n12 13\n10 14\n12 12\n13 11\n".to_string(),
                250.0,
            )
        },
        case(
            "cram",
            "4 × 6, every move of its 24 cells",
            "......\n".repeat(4),
            250.0,
        ),
        BenchCase {
            max_runs: Some(3),
            ..case(
                "cram",
                "5 × 6, every move of its 30 cells (the playground's largest region, shown with its time)",
                "......\n".repeat(5),
                5000.0,
            )
        },
        case(
            "cram",
            "12 × 12 in regions of up to 24 cells",
            cram_regions_case(),
            250.0,
        ),
        BenchCase {
            max_runs: Some(5),
            ..solve_case("cram", "5 × 6 (30 cells)", "......\n".repeat(5), 2000.0)
        },
        case(
            "chomp",
            "9 × 9 bar (the playground's largest)",
            "9 9 9 9 9 9 9 9 9\n".to_string(),
            250.0,
        ),
        BenchCase {
            max_runs: Some(3),
            ..solve_case(
                "chomp",
                "12 × 12 staircase, 2.7 million tabled",
                "12 12 12 12 12 12 12 12 12 12 12 11\n".to_string(),
                5000.0,
            )
        },
        case(
            "wythoff",
            "8 queens up to 30 from the corner",
            "30 30\n29 17\n4 28\n22 9\n13 13\n30 1\n7 25\n18 21\n".to_string(),
            50.0,
        ),
        solve_case(
            "wythoff",
            "64 queens up to 1000",
            wythoff_case(&mut rng),
            100.0,
        ),
        case(
            "node-kayles",
            "a 4 × 5 grid graph (20 vertices)",
            grid_graph(4, 5),
            250.0,
        ),
        case(
            "arc-kayles",
            "a 4 × 5 grid graph (20 vertices)",
            grid_graph(4, 5),
            250.0,
        ),
        BenchCase {
            work: Work::Misere,
            ..case(
                "nim",
                "misère Nim, 64 heaps up to 100",
                heaps.join(" ") + "\n",
                16.0,
            )
        },
    ];
    // The worst-case search's winners, timed with the rest, and edits to them.
    let worst: Vec<BenchCase> = families()
        .into_iter()
        .filter(|family| WORST.contains(&(family.game, family.name.as_str())))
        .collect();
    cases.extend(worst.iter().filter_map(edit_case));
    cases.extend(worst.into_iter().map(|family| BenchCase {
        name: format!("worst: {}", family.name),
        ..family
    }));
    // Each game's slowest misère search within the playground's budget.
    let known: Vec<BenchCase> = cases.iter().cloned().chain(families()).collect();
    cases.extend(MISERE_WORST.iter().map(|&(game, name)| {
        let case = known
            .iter()
            .find(|case| (case.game, case.name.as_str()) == (game, name))
            .expect("each game's slowest misère search is a case or a family");
        BenchCase {
            name: format!("misère, within the playground's budget: {name}"),
            work: Work::Misere,
            budget_ms: 250.0,
            max_runs: Some(5),
            ..case.clone()
        }
    }));
    // An edit solves only the trees it changes, so its worst case is one
    // tree holding every interval.
    let mut one_tree = vec![(-1, 1_000_001)];
    one_tree.extend(random_laminar(&mut rng, 0, 1_000_000, 99_999));
    cases.extend(edit_case(&case(
        "intervals",
        "100 000 random under one interval",
        intervals_case(one_tree),
        250.0,
    )));
    // An edit of 100 000 intervals still lists every move anew, which does
    // not hold 100 ms in wasm; this is the size that does.
    let held = case(
        "intervals",
        "40 000 random",
        intervals_case(random_laminar(&mut rng, 0, 1_000_000, 40_000)),
        250.0,
    );
    cases.extend(edit_case(&held));
    cases.push(held);
    cases
}

/// A one-cell, one-letter or one-interval edit to a worst case, made and
/// unmade on alternate runs, for the games drawn cell by cell, letter by
/// letter or interval by interval.
fn edit_case(worst: &BenchCase) -> Option<BenchCase> {
    let paint = |row: u32, col: u32, tiles: [char; 2]| {
        tiles.map(|tile| Edit::Paint { row, col, tile }).to_vec()
    };
    let middle_cell = "one cell in the middle";
    let (what, edits) = match worst.game {
        "bacterial-tactics" => (middle_cell, paint(20, 20, ['#', '.'])),
        "darkraft" => (middle_cell, paint(20, 20, ['L', 'R'])),
        "board-escape" => (middle_cell, paint(50, 50, ['#', '.'])),
        "string-game" => {
            let text = worst.input.lines().nth(1)?;
            let mut changed = text.as_bytes().to_vec();
            let middle = changed.len() / 2;
            changed[middle] = if changed[middle] == b'a' { b'b' } else { b'a' };
            let edits = [changed, text.as_bytes().to_vec()].map(|text| Edit::SetText {
                text: String::from_utf8(text).expect("letters are ASCII"),
            });
            ("the middle letter", edits.to_vec())
        }
        "intervals" => {
            // The last interval taken away, then put back.
            let count: u32 = worst.input.lines().nth(1)?.parse().ok()?;
            let (first, last) = worst.input.lines().last()?.split_once(' ')?;
            let edits = vec![
                Edit::RemoveSpan { index: count - 1 },
                Edit::SetSpan {
                    index: count - 1,
                    first: first.parse().ok()?,
                    last: last.parse().ok()?,
                },
            ];
            ("the last interval", edits)
        }
        _ => return None,
    };
    Some(BenchCase {
        name: format!("edit {what}: {}", worst.name),
        work: Work::Edit,
        budget_ms: 100.0,
        edits,
        ..worst.clone()
    })
}

/// The slowest family of each game in the worst-case search
/// (`grundy bench --families`), natively.
const WORST: &[(&str, &str)] = &[
    ("bacterial-tactics", "40×40, 0.5% radioactive"),
    ("darkraft", "40×40 X with 10% L and R"),
    ("board-escape", "100×100, 10% walls"),
    ("intervals", "100 000 random"),
    (
        "digraph",
        "1000 vertices, 5000 arrows, arrows back within 5",
    ),
    ("string-game", "|S| = 300, 100 words, random ab"),
    ("hackenbush", "1000 edges, a fifth cycles"),
    ("octal", "4.7…7 (32 sevens), 64 heaps of 100"),
];

/// The position of each game, among the benchmark's analysis cases and
/// families, whose misère search within the playground's budget takes
/// longest natively: the page must decide every such search within 250 ms.
/// Boards drawn at random that take longer are misère cases of their own.
const MISERE_WORST: &[(&str, &str)] = &[
    ("darkraft", "20×20 L/R/X mix"),
    ("hackenbush", "200 edges, trees and cycles"),
    ("string-game", "|S| = 30, N = 30, ab"),
    ("chomp", "12 × 12 staircase, 2.7 million tabled"),
    ("bacterial-tactics", "15×15 5% radioactive"),
    ("intervals", "200 drawn"),
    ("cram", "12 × 12 in regions of up to 24 cells"),
    ("wythoff", "8 queens up to 30 from the corner"),
    ("arc-kayles", "a 4 × 5 grid graph (20 vertices)"),
];

/// Adversarial families at the playground's published limits, for the
/// worst-case search (`grundy bench --families`): dense, sparse, one letter,
/// nested, mazes and the rest, each a case whose work the page does.
pub fn families() -> Vec<BenchCase> {
    let mut rng = Rng::new(7);
    let mut list = Vec::new();
    // The sparsest layouts draw from their own generator, so that adding
    // them left every other family as it was.
    let mut sparse_rng = Rng::new(8);
    for density in [0.0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4] {
        let name = format!("40×40, {}% radioactive", density * 100.0);
        let rng = if [0.005, 0.01].contains(&density) {
            &mut sparse_rng
        } else {
            &mut rng
        };
        list.push(case(
            "bacterial-tactics",
            &name,
            grid_case(40, 40, density, rng),
            250.0,
        ));
    }
    for (name, shares) in [
        ("all L", [1.0, 0.0]),
        ("all R", [0.0, 1.0]),
        ("all X", [0.0, 0.0]),
        ("L/R/X thirds", [0.34, 0.33]),
        ("L and R halves", [0.5, 0.5]),
        ("L and X halves", [0.5, 0.0]),
        ("X with 10% L and R", [0.1, 0.1]),
        ("L and R with 10% X", [0.45, 0.45]),
    ] {
        let name = format!("40×40 {name}");
        list.push(case(
            "darkraft",
            &name,
            letters_case(40, shares, &mut rng),
            250.0,
        ));
    }
    for walls in [0.0, 0.1, 0.3, 0.5] {
        let name = format!("100×100, {}% walls", walls * 100.0);
        list.push(case(
            "board-escape",
            &name,
            escape_case(100, walls, &mut rng),
            250.0,
        ));
    }
    for (name, alphabet) in [("ab", 2), ("abc", 3), ("abcd", 4)] {
        let name = format!("|S| = 300, 100 words, random {name}");
        list.push(case(
            "string-game",
            &name,
            words_case(300, 100, alphabet, &mut rng),
            250.0,
        ));
    }
    list.push(case(
        "string-game",
        "|S| = 300 of a, words a to a¹⁰⁰",
        run_case(&"a".repeat(300), 100),
        250.0,
    ));
    let broken = format!("{}b{}", "a".repeat(150), "a".repeat(149));
    list.push(case(
        "string-game",
        "a¹⁵⁰ b a¹⁴⁹, words a to a¹⁰⁰",
        run_case(&broken, 100),
        250.0,
    ));
    // Words across the b leave no point that splits a substring around it.
    for (name, runs, across) in [
        ("words a to a⁹⁹ and a⁴⁹ b a⁴⁹", 99, vec![49]),
        ("words a to a⁵⁰ and aᵏ b aᵏ, k ≤ 50", 50, (1..=50).collect()),
    ] {
        let mut words: Vec<String> = (1..=runs).map(|len| "a".repeat(len)).collect();
        words.extend(across.iter().map(|&k| format!("{0}b{0}", "a".repeat(k))));
        list.push(case(
            "string-game",
            &format!("a¹⁵⁰ b a¹⁴⁹, {name}"),
            format!("1\n{broken}\n{}\n{}\n", words.len(), words.join("\n")),
            250.0,
        ));
    }
    // A tree has one vertex more than edges, and pictures at most 1000 vertices.
    for (name, edges, extra) in [
        ("a tree", 999, 0.0),
        ("a fifth cycles", 1000, 0.2),
        ("half cycles", 1000, 0.5),
    ] {
        let name = format!("{edges} edges, {name}");
        list.push(case(
            "hackenbush",
            &name,
            picture_case(edges, extra, &mut rng),
            250.0,
        ));
    }
    list.push(case(
        "hackenbush",
        "a stalk of 999 edges",
        stalk_case(999),
        250.0,
    ));
    // The playground opens 100 000 intervals, listing a move per gap.
    let groups: Vec<(i64, i64)> = (0..1000)
        .flat_map(|g| (0..100).map(move |d| (g * 1000 + d, g * 1000 + 999 - d)))
        .collect();
    for (name, spans) in [
        ("100 000 in a chain", chain(100_000)),
        ("100 000 in a star", star(100_000)),
        (
            "100 000 random",
            random_laminar(&mut rng, 0, 1_000_000, 100_000),
        ),
        ("1000 chains of 100", groups),
    ] {
        list.push(case("intervals", name, intervals_case(spans), 250.0));
    }
    for (name, reach, forward) in [
        ("random arrows", 1000, 1.0),
        ("arrows back within 5", 5, 0.0),
        ("arrows back within 50", 50, 0.0),
        ("arrows back within 20, a tenth forward", 20, 0.1),
    ] {
        let name = format!("1000 vertices, 5000 arrows, {name}");
        list.push(case(
            "digraph",
            &name,
            digraph_case(1000, 5000, reach, forward, &mut rng),
            250.0,
        ));
    }
    let full: Vec<String> = (0..64).map(|_| "100".to_string()).collect();
    list.push(case("nim", "64 heaps of 100", full.join(" ") + "\n", 250.0));
    list.push(case(
        "octal",
        "Kayles, 64 heaps of 100",
        format!("0.77\n{}\n", full.join(" ")),
        250.0,
    ));
    // Every digit 7 and d0 = 4: take 0 to 32 counters and split the rest
    // anywhere, the most moves a heap can have.
    list.push(case(
        "octal",
        "4.7…7 (32 sevens), 64 heaps of 100",
        format!("4.{}\n{}\n", "7".repeat(32), full.join(" ")),
        250.0,
    ));
    list
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

/// `count` Bacterial Tactics cases in one input, as a contest sends them.
fn grid_cases(count: usize, side: usize, density: f64, rng: &mut Rng) -> String {
    let mut text = format!("{count}\n");
    for _ in 0..count {
        let case = grid_case(side, side, density, rng);
        text.push_str(case.split_once('\n').expect("a count line").1);
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

/// Runs one case's work again and again. An edit case keeps its session
/// between runs, as a page does, so that what an edit leaves alone can be
/// reused.
pub struct Runner<'a> {
    case: &'a BenchCase,
    session: Option<Box<dyn AnySession>>,
    runs: usize,
}

impl<'a> Runner<'a> {
    /// Opens and analyses an edit case's position; other work starts cold
    /// on every run.
    pub fn new(case: &'a BenchCase) -> Result<Runner<'a>, GameError> {
        let session = match case.work {
            Work::Edit => {
                let mut session = games::open(case.game, &case.input, 0)?;
                session.analysis();
                Some(session)
            }
            _ => None,
        };
        Ok(Runner {
            case,
            session,
            runs: 0,
        })
    }

    /// Does the work once; its result's size, so that it is not optimised away.
    pub fn run(&mut self) -> Result<usize, GameError> {
        let Some(session) = &mut self.session else {
            return run_work(self.case.work, self.case.game, &self.case.input);
        };
        let edit = &self.case.edits[self.runs % self.case.edits.len()];
        self.runs += 1;
        session.edit(edit)?;
        Ok(session.analysis().moves.len())
    }
}

/// Does one kind of work on `game` and `input`, as a case would.
pub fn run_work(work: Work, game: &str, input: &str) -> Result<usize, GameError> {
    match work {
        Work::Analysis => Ok(games::open(game, input, 0)?.analysis().moves.len()),
        Work::Solve => Ok(games::solve(game, input)?.len()),
        Work::Period => {
            let mut sequence = Sequence::new(Rule::parse_name(input)?);
            let proved = sequence.prove_period(1 << 24, |_| true);
            Ok(proved.map_or(0, |p| p.period))
        }
        Work::Misere => {
            let report = games::misere_report(game, input, search::PLAYGROUND_BUDGET)?;
            Ok(report.explored as usize + report.winning.len())
        }
        Work::Values => {
            let (rule, count) = input.split_once(' ').unwrap_or((input, "0"));
            let count = count
                .parse()
                .map_err(|_| GameError::new(format!("not a count: {count}")))?;
            let mut sequence = Sequence::new(Rule::parse_name(rule)?);
            sequence.extend_to(count);
            Ok(sequence.len())
        }
        Work::Edit => Err(GameError::new(
            "an edit needs a session: time it with a Runner",
        )),
    }
}

/// How many timed runs a case gets when `wanted` are asked for.
pub fn runs_for(case: &BenchCase, wanted: usize) -> usize {
    case.max_runs.map_or(wanted, |most| wanted.min(most))
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

/// A one-case Intervals input.
fn intervals_case(spans: Vec<(i64, i64)>) -> String {
    let mut text = format!("1\n{}\n", spans.len());
    for (a, b) in spans {
        text.push_str(&format!("{a} {b}\n"));
    }
    text
}

/// `n` intervals each inside the last.
fn chain(n: i64) -> Vec<(i64, i64)> {
    (0..n).map(|i| (i, 2 * n - i)).collect()
}

/// One interval holding `n − 1` disjoint ones.
fn star(n: i64) -> Vec<(i64, i64)> {
    std::iter::once((-1, 2 * n))
        .chain((0..n - 1).map(|i| (2 * i, 2 * i + 1)))
        .collect()
}

/// A one-test String Game over the first `alphabet` letters, words of 1 to 6 letters.
fn words_case(length: usize, count: usize, alphabet: usize, rng: &mut Rng) -> String {
    let mut word = |len: usize| -> String {
        (0..len)
            .map(|_| (b'a' + rng.below(alphabet) as u8) as char)
            .collect()
    };
    let text = word(length);
    let words: Vec<String> = (0..count).map(|i| word(1 + i % 6)).collect();
    format!("1\n{text}\n{count}\n{}\n", words.join("\n"))
}

/// A Hackenbush picture of `edges` edges: trees grown from the ground, with
/// a share `extra` of the edges joining two random vertices (cycles, loops).
fn picture_case(edges: usize, extra: f64, rng: &mut Rng) -> String {
    let extras = (edges as f64 * extra) as usize;
    let vertices = edges - extras + 1;
    let mut list: Vec<(usize, usize)> = (1..vertices).map(|v| (rng.below(v), v)).collect();
    list.extend((0..extras).map(|_| (rng.below(vertices), rng.below(vertices))));
    let lines: String = list.iter().map(|(u, v)| format!("{u} {v}\n")).collect();
    format!("{vertices} {edges}\n{lines}")
}

/// A digraph of `vertices` vertices and `arrows` arrows and 16 tokens.
/// Each arrow leads back at most `reach` vertices or, with chance `forward`,
/// anywhere ahead, making cycles; `reach` small and `forward` 0 gives long
/// chains of finite values, the most labelling rounds.
fn digraph_case(
    vertices: usize,
    arrows: usize,
    reach: usize,
    forward: f64,
    rng: &mut Rng,
) -> String {
    let mut lines = String::new();
    for _ in 0..arrows {
        let u = rng.below(vertices);
        let v = if u > 0 && rng.unit() >= forward {
            u - 1 - rng.below(reach.min(u))
        } else {
            rng.below(vertices)
        };
        lines.push_str(&format!("{u} {v}\n"));
    }
    let tokens: Vec<String> = (0..16).map(|_| rng.below(vertices).to_string()).collect();
    format!("{vertices} {arrows}\n{lines}16\n{}\n", tokens.join(" "))
}

/// One stalk of `edges` edges, whose every chop drops all above it.
fn stalk_case(edges: usize) -> String {
    let lines: String = (1..=edges).map(|v| format!("{} {v}\n", v - 1)).collect();
    format!("{} {edges}\n{lines}", edges + 1)
}

/// A String Game on `letters` with the words a, aa, … of every length up
/// to `count`: in a run of a's, the most occurrences there can be.
fn run_case(letters: &str, count: usize) -> String {
    let words: Vec<String> = (1..=count).map(|len| "a".repeat(len)).collect();
    format!("1\n{letters}\n{count}\n{}\n", words.join("\n"))
}

/// A square BoardEscape board with k = 10⁹: walls at `walls`, a few exits,
/// and a token on about one open cell in twenty.
fn escape_case(side: usize, walls: f64, rng: &mut Rng) -> String {
    let mut text = format!("{side} {side} 1000000000\n");
    for _ in 0..side {
        text.extend((0..side).map(|_| match rng.unit() {
            roll if roll < walls => '#',
            roll if roll < walls + 0.02 => 'E',
            roll if roll < walls + 0.07 => 'T',
            _ => '.',
        }));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_opens() {
        // The cases that take seconds are timed by the benchmarks only.
        for case in cases().into_iter().filter(|case| case.max_runs.is_none()) {
            let result = Runner::new(&case).and_then(|mut runner| runner.run());
            assert!(result.is_ok(), "{} {}", case.game, case.name);
        }
    }

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&mut []), None);
    }
}
