//! What every fuzz target checks: the engine answers any input with a value
//! or an error, never a panic, and what it writes it reads back.

use grundy_core::{games, AnySession, Edit, EditKind};
use strum::{EnumCount, IntoEnumIterator};

/// Inputs longer than this are cut, so each run stays fast.
pub const MAX_INPUT: usize = 2048;

/// Opens `text` as a game of `game` and, when it opens, checks that its
/// text reads back as the same position and that `solve` and `nimber` agree.
pub fn check_text(game: &str, text: &str) {
    let text = cut(text);
    let opened = games::open(game, text, 0);
    // A heap game solves heaps of up to 2^20 counters on the command line,
    // which for the slowest codes takes longer than the fuzzer's timeout per
    // input; those, and sums (which may hold them), are solved here only
    // within the playground's limits.
    if opened.is_ok() || !SOLVED_WITHIN_LIMITS.contains(&game) {
        let _ = games::solve(game, text);
    }
    let Ok(mut session) = opened else {
        return;
    };
    check_reads_back(game, session.as_mut());
    if let Ok(nimber) = games::nimber(game, text) {
        assert_eq!(
            nimber,
            session.analysis().nimber,
            "nimber and analysis differ"
        );
    }
}

/// The session's text reopens as the same text and position.
pub fn check_reads_back(game: &str, session: &mut dyn AnySession) {
    let written = session.text();
    let mut reopened = games::open(game, &written, 0).expect("a written position reads back");
    assert_eq!(reopened.text(), written);
    // The last move belongs to the session's history, not to the position.
    assert!(
        reopened.analysis().position_only() == session.analysis().position_only(),
        "the analysis changed on reading"
    );
}

/// What the command line solves past the playground's limits: the games
/// whose positions are heaps played by a rule with its own sequence, and sums.
const SOLVED_WITHIN_LIMITS: [&str; 4] = ["subtraction", "octal", "grundy-game", "sum"];

fn cut(text: &str) -> &str {
    let mut end = text.len().min(MAX_INPUT);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Reads `data` as a game choice and a sequence of operations, and runs
/// them on a session opened at that game's first sample.
pub fn run_operations(data: &[u8]) {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let list = games::games();
    let Some(choice) = next() else { return };
    let info = &list[choice as usize % list.len()];
    let mut session = games::open(info.id, info.samples[0].input, 0).expect("samples open");
    for _ in 0..64 {
        let Some(op) = next() else { break };
        let arg = next().unwrap_or(0);
        let moves = session.analysis().moves.len() as u32;
        match op % 8 {
            0 if moves > 0 => {
                session
                    .play(u32::from(arg) % moves)
                    .expect("a listed move plays");
            }
            0 => assert!(session.play(u32::from(arg)).is_err()),
            1 => {
                session.undo();
            }
            2 => {
                session.redo();
            }
            3 => {
                let _ = session.edit(&edit(arg, &mut next));
            }
            4 => {
                let sample = &info.samples[arg as usize % info.samples.len()];
                session.load(sample.input, 0).expect("samples load");
            }
            5 => {
                let _ = session.tree(usize::from(arg % 4), 300);
            }
            6 => {
                if let Some(id) = session.ai_move(
                    grundy_core::ai::Skill::new(f64::from(arg) / 255.0),
                    u64::from(arg),
                ) {
                    assert!(id < moves, "the computer chose a move that is not listed");
                }
            }
            _ => {
                // The current text with one byte changed: a typo while typing.
                let mut text = session.text().into_bytes();
                if !text.is_empty() {
                    let at = arg as usize % text.len();
                    text[at] = next().unwrap_or(b'x');
                }
                let _ = session.load(&String::from_utf8_lossy(&text), 0);
            }
        }
        check_reads_back(info.id, session.as_mut());
    }
}

/// A drawing edit of any kind (`EditKind`, so that a new kind does not
/// compile here until it is made), its numbers taken from the data.
fn edit(kind: u8, next: &mut impl FnMut() -> Option<u8>) -> Edit {
    let mut number = || next().unwrap_or(0);
    let tiles = ['.', '#', 'E', 'T', 'L', 'R', 'X', '-', 'x'];
    let kind = EditKind::iter()
        .nth(usize::from(kind) % EditKind::COUNT)
        .expect("a kind");
    match kind {
        EditKind::Random => Edit::Random {
            seed: u64::from(number()),
            density: f64::from(number()) / 255.0,
        },
        EditKind::Resize => Edit::Resize {
            rows: u32::from(number() % 50),
            cols: u32::from(number() % 50),
        },
        EditKind::Paint => Edit::Paint {
            row: u32::from(number()),
            col: u32::from(number()),
            tile: tiles[number() as usize % tiles.len()],
        },
        EditKind::SetHeap => Edit::SetHeap {
            index: u32::from(number() % 70),
            size: u32::from(number()),
        },
        EditKind::RemoveHeap => Edit::RemoveHeap {
            index: u32::from(number() % 70),
        },
        EditKind::SetNumber => Edit::SetNumber {
            name: "k".to_string(),
            value: i64::from(number()) - 10,
        },
        EditKind::SetText => Edit::SetText {
            text: (0..number() % 40).map(|i| (b'a' + i % 3) as char).collect(),
        },
        EditKind::SetWords => Edit::SetWords {
            words: (0..number() % 5)
                .map(|i| "ab"[..1 + usize::from(i % 2)].to_string())
                .collect(),
        },
        EditKind::SetSpan => {
            let first = i64::from(number()) - 100;
            Edit::SetSpan {
                index: u32::from(number() % 10),
                first,
                last: first + i64::from(number()),
            }
        }
        EditKind::AddPart => Edit::AddPart {
            game: ["nim", "darkraft", "sum", "foo"][number() as usize % 4].to_string(),
        },
        EditKind::RemovePart => Edit::RemovePart {
            index: u32::from(number() % 10),
        },
        EditKind::RemoveSpan => Edit::RemoveSpan {
            index: u32::from(number() % 10),
        },
        EditKind::SetRule => Edit::SetRule {
            rule: ["0.77", "0.137", "4.07", "S=1,3,4", "grundy", "0.9", "S=0"]
                [number() as usize % 7]
                .to_string(),
        },
        EditKind::AddVertex => {
            let (x, y) = (i64::from(number()) * 8 - 1000, i64::from(number()) * 8);
            let from = number();
            Edit::AddVertex {
                x,
                y,
                from: (from < 200).then(|| u32::from(from % 20)),
            }
        }
        EditKind::MoveVertex => Edit::MoveVertex {
            index: u32::from(number() % 20),
            x: i64::from(number()) * 8,
            y: i64::from(number()) * 8,
        },
        EditKind::RemoveVertex => Edit::RemoveVertex {
            index: u32::from(number() % 20),
        },
        EditKind::AddEdge => Edit::AddEdge {
            from: u32::from(number() % 20),
            to: u32::from(number() % 20),
        },
        EditKind::RemoveEdge => Edit::RemoveEdge {
            index: u32::from(number() % 20),
        },
        EditKind::AddToken => Edit::AddToken {
            vertex: u32::from(number() % 20),
        },
        EditKind::RemoveToken => Edit::RemoveToken {
            vertex: u32::from(number() % 20),
        },
    }
}
