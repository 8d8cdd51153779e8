//! Every position a session can reach, by loading, random drawing, edits
//! and play, is written as text that reads back as the same position: the
//! same text and the same analysis. Share links and the worker's recovery
//! after a cancel depend on it. Each position's walk, which the misère
//! search plays instead of the session, has the same moves, and its keys
//! tell apart the positions the session's canonical texts tell apart.

use grundy_core::game::Walk;
use grundy_core::key::KeyHasher;
use grundy_core::rng::Rng;
use grundy_core::search::SearchBudget;
use grundy_core::{games, AnySession, Edit, EditKind, Outcome};
use std::collections::{HashMap, HashSet};
use strum::{EnumCount, IntoEnumIterator};

/// Positions checked per game.
const POSITIONS: usize = 10_000;

/// Tiles any grid game might accept; each game refuses the others.
const TILES: &[char] = &['.', '#', '-', '|', 'E', 'T', 'L', 'R', 'X', 'l', 'r', 'x'];

/// A random drawing edit of any kind, drawn from `EditKind` so that a new
/// kind does not compile here until it is made; a game refuses the kinds
/// it lacks. The sum's own edits are also tried on their own (below).
fn random_edit(rng: &mut Rng) -> Edit {
    let small = |rng: &mut Rng, n: usize| rng.below(n) as u32;
    // A random drawing and a painted cell reach most positions: each is drawn twice as often.
    let kind = match rng.below(EditKind::COUNT + 2) {
        drawn if drawn < EditKind::COUNT => EditKind::iter().nth(drawn).expect("a kind"),
        drawn if drawn == EditKind::COUNT => EditKind::Random,
        _ => EditKind::Paint,
    };
    match kind {
        EditKind::Random => Edit::Random {
            seed: rng.next_u64(),
            density: rng.unit(),
        },
        EditKind::Resize => Edit::Resize {
            rows: 1 + small(rng, 6),
            cols: 1 + small(rng, 6),
        },
        EditKind::Paint => Edit::Paint {
            row: small(rng, 6),
            col: small(rng, 6),
            tile: TILES[rng.below(TILES.len())],
        },
        EditKind::SetHeap => Edit::SetHeap {
            index: small(rng, 6),
            size: small(rng, 12),
        },
        EditKind::RemoveHeap => Edit::RemoveHeap {
            index: small(rng, 6),
        },
        EditKind::SetNumber => Edit::SetNumber {
            name: "k".to_string(),
            value: 1 + rng.below(9) as i64,
        },
        EditKind::SetText => Edit::SetText {
            text: (0..rng.below(9))
                .map(|_| (b'a' + rng.below(3) as u8) as char)
                .collect(),
        },
        EditKind::SetWords => Edit::SetWords {
            words: (0..rng.below(4))
                .map(|_| {
                    (0..1 + rng.below(3))
                        .map(|_| (b'a' + rng.below(3) as u8) as char)
                        .collect()
                })
                .collect(),
        },
        EditKind::AddPart => Edit::AddPart {
            game: ["nim", "octal", "darkraft"][rng.below(3)].to_string(),
        },
        EditKind::RemovePart => Edit::RemovePart {
            index: small(rng, 4),
        },
        EditKind::SetRule => Edit::SetRule {
            rule: ["0.77", ".137", "4.07", "1, 3,4", "2,2,5", "0.8", "x"][rng.below(7)].to_string(),
        },
        EditKind::SetSpan => {
            let first = rng.below(40) as i64 - 5;
            Edit::SetSpan {
                index: small(rng, 8),
                first,
                last: first + 1 + rng.below(12) as i64,
            }
        }
        EditKind::RemoveSpan => Edit::RemoveSpan {
            index: small(rng, 8),
        },
        EditKind::AddVertex => Edit::AddVertex {
            x: rng.below(400) as i64 - 50,
            y: rng.below(300) as i64,
            from: (rng.below(2) == 0).then(|| small(rng, 8)),
        },
        EditKind::MoveVertex => Edit::MoveVertex {
            index: small(rng, 8),
            x: rng.below(400) as i64,
            y: rng.below(300) as i64 - 20,
        },
        EditKind::RemoveVertex => Edit::RemoveVertex {
            index: small(rng, 8),
        },
        EditKind::AddEdge => Edit::AddEdge {
            from: small(rng, 8),
            to: small(rng, 8),
        },
        EditKind::RemoveEdge => Edit::RemoveEdge {
            index: small(rng, 10),
        },
        EditKind::AddToken => Edit::AddToken {
            vertex: small(rng, 8),
        },
        EditKind::RemoveToken => Edit::RemoveToken {
            vertex: small(rng, 8),
        },
    }
}

/// The generator makes every kind of edit, and each kind is named as its
/// serde form names it: the page's reader of edits matches on those names.
#[test]
fn every_kind_of_edit_is_made_and_named_as_serde_names_it() {
    let mut rng = Rng::new(5);
    let mut made = HashSet::new();
    for _ in 0..2000 {
        let edit = random_edit(&mut rng);
        let kind = EditKind::from(&edit);
        let form = serde_json::to_value(&edit).expect("an edit writes as JSON");
        assert_eq!(form["kind"], <&str>::from(kind), "{edit:?}");
        made.insert(kind);
    }
    assert_eq!(made.len(), EditKind::COUNT, "made only {made:?}");
}

/// Reopens the session's text and checks it is the same position.
fn assert_reads_back(game: &str, session: &mut Box<dyn AnySession>) {
    let text = session.text();
    let mut reopened = games::open(game, &text, 0)
        .unwrap_or_else(|e| panic!("{game}: its own text does not load back ({e}):\n{text}"));
    assert_eq!(reopened.text(), text, "{game}: the text changed on reading");
    // The last move belongs to the session's history, not to the position.
    let (before, after) = (
        &session.analysis().position_only(),
        &reopened.analysis().position_only(),
    );
    if before != after {
        let json = |a: &grundy_core::Analysis| serde_json::to_string_pretty(a).unwrap();
        let (before, after) = (json(before), json(after));
        let first_difference = before
            .lines()
            .zip(after.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{game}: the analysis changed on reading:\n{text}\nfrom line {first_difference}:\n{}\n---- read back:\n{}",
            before.lines().skip(first_difference).take(8).collect::<Vec<_>>().join("\n"),
            after.lines().skip(first_difference).take(8).collect::<Vec<_>>().join("\n"),
        );
    }
}

/// Checks the session's walk against the session: as many moves, and after
/// each of the first dozen, keys equal exactly where canonical texts are.
fn assert_walk_agrees(game: &str, session: &mut Box<dyn AnySession>) {
    let ids: Vec<u32> = session
        .analysis()
        .moves
        .iter()
        .map(|m| m.id)
        .take(12)
        .collect();
    let moves = session.analysis().moves.len() as u32;
    assert_walk_knows_nimbers(game, session);
    let keys: Vec<u128> = {
        let mut walk = session.walk();
        assert_eq!(walk.moves(), moves, "{game}: the walk's moves");
        ids.iter()
            .map(|&id| {
                walk.enter(id).unwrap();
                let mut key = KeyHasher::default();
                walk.key(&mut key);
                walk.leave();
                key.finish()
            })
            .collect()
    };
    let texts: Vec<String> = ids
        .iter()
        .map(|&id| {
            session.play(id).unwrap();
            let text = session.canonical();
            session.undo();
            text
        })
        .collect();
    for i in 0..ids.len() {
        for j in 0..i {
            assert_eq!(
                keys[i] == keys[j],
                texts[i] == texts[j],
                "{game}: moves {} and {} of\n{}",
                ids[i],
                ids[j],
                session.text()
            );
        }
    }
}

/// Where a walk knows the position's nimber, it is the analysis's, and
/// the moves it lists as changing it to each nimber are exactly those the
/// analysis says lead there, past an offset.
fn assert_walk_knows_nimbers(game: &str, session: &mut Box<dyn AnySession>) {
    let analysis = session.analysis().clone();
    let mut walk = session.walk();
    let Some(nimber) = walk.nimber() else {
        return;
    };
    assert_eq!(nimber, analysis.nimber.0, "{game}: the walk's nimber");
    let mut targets: Vec<u32> = analysis.moves.iter().map(|m| m.after.0).collect();
    targets.extend([0, nimber, nimber + 1]);
    for target in targets {
        let expected: Vec<u32> = analysis
            .moves
            .iter()
            .filter(|m| m.after.0 == target)
            .map(|m| m.id + 5)
            .collect();
        let mut listed = Vec::new();
        walk.moves_changing_nimber(target ^ nimber, 5, &mut listed);
        assert_eq!(listed, expected, "{game}: moves to *{target}");
    }
}

/// Whether the player to move wins under misère play, by playing every
/// move through the session: no walk, no key and no order of moves, so
/// nothing the engine's search relies on. None past `cap` positions.
fn misere_wins_by_play(
    session: &mut Box<dyn AnySession>,
    memo: &mut HashMap<String, bool>,
    cap: usize,
) -> Option<bool> {
    let text = session.text();
    if let Some(&wins) = memo.get(&text) {
        return Some(wins);
    }
    if memo.len() >= cap {
        return None;
    }
    let moves = session.analysis().moves.len() as u32;
    let mut wins = moves == 0;
    for id in 0..moves {
        session.play(id).unwrap();
        let child = misere_wins_by_play(session, memo, cap);
        session.undo();
        if !child? {
            wins = true;
            break;
        }
    }
    memo.insert(text, wins);
    Some(wins)
}

/// The most moves, and positions, of a position whose misère outcome is
/// checked by playing every move: each of those positions is analysed in
/// full, which for some games (a grid of coins) takes milliseconds.
const MISERE_CHECK_MOVES: usize = 30;
const MISERE_CHECK_POSITIONS: usize = 300;

/// The misère outcome the engine gives, by its search or a closed form,
/// is the one playing every move gives, where that takes few positions.
fn assert_misere_agrees(game: &str, session: &mut Box<dyn AnySession>) {
    let text = session.text();
    let Ok(report) = games::misere_report(game, &text, SearchBudget::positions(100_000)) else {
        return;
    };
    let Some(outcome) = report.outcome else {
        return;
    };
    if session.analysis().moves.len() > MISERE_CHECK_MOVES {
        return;
    }
    if let Some(wins) = misere_wins_by_play(session, &mut HashMap::new(), MISERE_CHECK_POSITIONS) {
        assert_eq!(
            outcome == Outcome::Next,
            wins,
            "{game}: misère play of\n{text}"
        );
    }
}

/// The walk's key where it is.
fn key_of(walk: &mut dyn Walk) -> u128 {
    let mut key = KeyHasher::default();
    walk.key(&mut key);
    key.finish()
}

/// Plays a few random moves one after another in the session's walk and
/// in the session: at each position the walk has as many moves as a walk
/// opened afresh there, and the same key, and leaving every move brings
/// the walk back to its first key. Walks that play in place must undo
/// exactly what they did.
fn assert_walk_follows_play(game: &str, session: &mut Box<dyn AnySession>, rng: &mut Rng) {
    let mut seen = Vec::new();
    let mut ids = Vec::new();
    {
        let mut walk = session.walk();
        let first = key_of(&mut *walk);
        for _ in 0..4 {
            let moves = walk.moves();
            if moves == 0 {
                break;
            }
            let id = rng.below(moves as usize) as u32;
            walk.enter(id).unwrap();
            ids.push(id);
            seen.push((walk.moves(), key_of(&mut *walk)));
        }
        for _ in &ids {
            walk.leave();
        }
        assert_eq!(key_of(&mut *walk), first, "{game}: back where it began");
    }
    for (&id, &(moves, key)) in ids.iter().zip(&seen) {
        session.play(id).unwrap();
        let mut fresh = session.walk();
        assert_eq!(
            (fresh.moves(), key_of(&mut *fresh)),
            (moves, key),
            "{game}: the walk after moves {ids:?}"
        );
    }
    for _ in &ids {
        session.undo();
    }
}

/// Walks `POSITIONS` positions of one game by random edits and random play,
/// checking each; returns the texts seen, for building sums.
fn walk(game: &str, seed: u64) -> Vec<String> {
    let info = games::games().into_iter().find(|g| g.id == game).unwrap();
    let mut rng = Rng::new(seed);
    let mut session = games::open(game, info.samples[0].input, 0).unwrap();
    let mut texts = Vec::new();
    for step in 0..POSITIONS {
        let moves = session.analysis().moves.len();
        if moves > 0 && rng.below(3) > 0 {
            session.play(rng.below(moves) as u32).unwrap();
        } else if step % 50 == 0 {
            let sample = &info.samples[rng.below(info.samples.len())];
            session.load(sample.input, 0).unwrap();
        } else {
            // Refused edits leave the position as it was.
            let _ = session.edit(&random_edit(&mut rng));
        }
        assert_reads_back(game, &mut session);
        if step % 5 == 0 {
            assert_walk_agrees(game, &mut session);
            assert_walk_follows_play(game, &mut session, &mut rng);
        }
        if step % 7 == 0 {
            texts.push(session.text());
        }
        if step % 250 == 0 {
            assert_misere_agrees(game, &mut session);
        }
    }
    texts
}

#[test]
fn every_game_reads_back_what_it_writes() {
    let mut seen = Vec::new();
    for (index, game) in games::games().iter().enumerate() {
        if game.id == "sum" {
            continue;
        }
        let texts = walk(game.id, 1000 + index as u64);
        seen.push((game.id, texts));
    }

    // Sums of the positions seen, then played and edited further.
    let mut rng = Rng::new(77);
    let mut checked = 0;
    while checked < POSITIONS {
        let text: String = (0..1 + rng.below(4))
            .map(|_| {
                let (game, texts) = &seen[rng.below(seen.len())];
                format!("--- {game}\n{}", texts[rng.below(texts.len())])
            })
            .collect();
        let mut sum = games::open("sum", &text, 0)
            .unwrap_or_else(|e| panic!("a sum of written positions does not load ({e}):\n{text}"));
        for _ in 0..5 {
            assert_reads_back("sum", &mut sum);
            assert_walk_agrees("sum", &mut sum);
            checked += 1;
            let moves = sum.analysis().moves.len();
            match rng.below(4) {
                0 => {
                    let game = seen[rng.below(seen.len())].0.to_string();
                    let _ = sum.edit(&Edit::AddPart { game });
                }
                1 => {
                    let index = rng.below(4) as u32;
                    let _ = sum.edit(&Edit::RemovePart { index });
                }
                _ if moves > 0 => sum.play(rng.below(moves) as u32).unwrap(),
                _ => {}
            }
        }
    }
}

#[test]
fn a_part_whose_text_starts_with_dashes_stays_in_its_part() {
    // A row of one H colony across three columns is written `---`.
    let text = "--- bacterial-tactics\n1\n2 3\n---\n...\n--- nim\n3\n";
    let mut sum = games::open("sum", text, 0).unwrap();
    assert_eq!(sum.text(), text);
    assert_eq!(sum.analysis().components.len(), 2);
    // An erased string piece, and headers written today with odd spacing.
    let text = "  ---   string-game  \n1\n---abc\n1\nab\n--- nim\n3\n";
    let sum = games::open("sum", text, 0).unwrap();
    assert_eq!(
        sum.text(),
        "--- string-game\n1\n---abc\n1\nab\n--- nim\n3\n"
    );
}

#[test]
fn an_empty_string_is_refused_as_an_edit() {
    let mut session = games::open("string-game", "1\nab\n1\na\n", 0).unwrap();
    let error = session
        .edit(&Edit::SetText {
            text: String::new(),
        })
        .unwrap_err();
    assert!(error.message.contains("at least one letter"), "{error}");
    assert_eq!(session.text(), "1\nab\n1\na\n");
}

/// Each game's `lost` position, which the page's tests and a class start
/// from, is lost for the player to move, under the play the page opens in.
#[test]
fn every_games_lost_position_is_lost() {
    for info in games::games() {
        let mut session = games::open(info.id, info.lost, 0).expect("the lost position opens");
        let analysis = session.analysis();
        assert_eq!(
            analysis.verdict,
            Some(grundy_core::Outcome::Previous),
            "{}",
            info.id
        );
        assert!(
            !analysis.moves.is_empty(),
            "{}: a lost position with moves to try",
            info.id
        );
    }
}

/// Each game's `bad` text is refused with a message that names where.
#[test]
fn every_games_bad_text_is_refused_with_its_place() {
    for info in games::games() {
        let error = games::open(info.id, info.bad, 0)
            .err()
            .unwrap_or_else(|| panic!("{}: its bad text opened", info.id));
        assert!(error.line.is_some(), "{}: {error}", info.id);
        assert!(!error.message.is_empty(), "{}", info.id);
    }
}
