//! One history for moves and drawing edits: Undo takes back either, in
//! the order they came, for single games and sums alike.

use grundy_core::session::seek;
use grundy_core::{games, AnySession, Board, Edit, Step};

/// Plays the first listed move.
fn play_first(session: &mut Box<dyn AnySession>) {
    assert!(!session.analysis().moves.is_empty());
    session.play(0).unwrap();
}

/// What the session's place in its history reads: text, ply, edits drawn
/// and the two steps.
fn place(session: &dyn AnySession) -> (String, usize, usize, Option<Step>, Option<Step>) {
    (
        session.text(),
        session.ply(),
        session.drawn(),
        session.undo_step(),
        session.redo_step(),
    )
}

#[test]
fn undo_takes_back_moves_and_edits_in_order_and_redo_brings_them_back() {
    let mut session = games::open("nim", "3 4 5\n", 0).unwrap();
    let mut places = vec![place(session.as_ref())];
    play_first(&mut session);
    places.push(place(session.as_ref()));
    session.edit(&Edit::SetHeap { index: 0, size: 7 }).unwrap();
    places.push(place(session.as_ref()));
    play_first(&mut session);
    places.push(place(session.as_ref()));
    play_first(&mut session);
    places.push(place(session.as_ref()));

    let texts: Vec<&str> = places.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(
        texts,
        ["3 4 5\n", "0 4 5\n", "7 4 5\n", "0 4 5\n", "0 0 5\n"]
    );
    // Who is to move counts from the drawing: the edit restarts the ply.
    let plies: Vec<usize> = places.iter().map(|p| p.1).collect();
    assert_eq!(plies, [0, 1, 0, 1, 2]);
    let drawn: Vec<usize> = places.iter().map(|p| p.2).collect();
    assert_eq!(drawn, [0, 0, 1, 1, 1]);
    let undoes: Vec<Option<Step>> = places.iter().map(|p| p.3).collect();
    assert_eq!(
        undoes,
        [
            None,
            Some(Step::Move),
            Some(Step::Edit),
            Some(Step::Move),
            Some(Step::Move)
        ]
    );

    for expected in places.iter().rev().skip(1) {
        assert!(session.undo());
        let now = place(session.as_ref());
        assert_eq!(
            (&now.0, now.1, now.2, now.3),
            (&expected.0, expected.1, expected.2, expected.3)
        );
    }
    assert!(!session.undo());
    assert_eq!(session.redo_step(), Some(Step::Move));
    assert!(session.redo());
    assert_eq!(session.redo_step(), Some(Step::Edit));
    assert!(session.redo());
    assert_eq!(session.text(), "7 4 5\n");
    assert_eq!((session.ply(), session.drawn()), (0, 1));
    // A new edit drops what Redo could bring back.
    session.edit(&Edit::RemoveHeap { index: 2 }).unwrap();
    assert_eq!(session.redo_step(), None);
    assert_eq!((session.text().as_str(), session.drawn()), ("7 4\n", 2));
}

#[test]
fn an_edit_that_changes_nothing_is_no_step() {
    let mut session = games::open("nim", "3 4 5\n", 0).unwrap();
    session.edit(&Edit::SetHeap { index: 1, size: 4 }).unwrap();
    assert_eq!(session.undo_step(), None);
    assert_eq!(session.drawn(), 0);
}

#[test]
fn loading_text_starts_a_fresh_history() {
    let mut session = games::open("nim", "3 4 5\n", 0).unwrap();
    play_first(&mut session);
    session.edit(&Edit::SetHeap { index: 0, size: 9 }).unwrap();
    session.load("1 2\n", 0).unwrap();
    assert_eq!(
        place(session.as_ref()),
        ("1 2\n".to_string(), 0, 0, None, None)
    );
}

#[test]
fn a_sums_parts_added_and_removed_are_steps_as_its_moves_are() {
    let mut session = games::open("sum", "--- nim\n3\n--- nim\n2\n", 0).unwrap();
    play_first(&mut session);
    let after_move = session.text();
    session
        .edit(&Edit::AddPart {
            game: "nim".to_string(),
        })
        .unwrap();
    let added = session.text();
    assert_ne!(added, after_move);
    assert_eq!(
        (session.ply(), session.drawn(), session.undo_step()),
        (0, 1, Some(Step::Edit))
    );
    play_first(&mut session);
    assert_eq!(session.ply(), 1);

    assert!(session.undo());
    assert_eq!(session.text(), added);
    assert!(session.undo());
    assert_eq!(session.text(), after_move);
    assert_eq!(
        (session.ply(), session.drawn(), session.undo_step()),
        (1, 0, Some(Step::Move))
    );
    // The move played before the edit shows again on its part's board.
    let Board::Sum { parts } = &session.analysis().board else {
        unreachable!()
    };
    assert_eq!(
        parts
            .iter()
            .filter(|part| part.analysis.last_move.is_some())
            .count(),
        1
    );
    assert!(session.undo());
    assert_eq!(session.text(), "--- nim\n3\n--- nim\n2\n");
    assert!(session.redo() && session.redo());
    assert_eq!(session.text(), added);
    assert!(session.redo());
    assert_eq!(session.ply(), 1);
}

#[test]
fn seek_goes_to_a_ply_through_moves_and_stops_at_a_drawing() {
    let mut session = games::open("nim", "3 4 5\n", 0).unwrap();
    play_first(&mut session);
    session.edit(&Edit::SetHeap { index: 0, size: 6 }).unwrap();
    for _ in 0..3 {
        play_first(&mut session);
    }
    seek(session.as_mut(), 1);
    assert_eq!((session.ply(), session.drawn()), (1, 1));
    seek(session.as_mut(), 0);
    assert_eq!(
        (session.ply(), session.drawn(), session.text().as_str()),
        (0, 1, "6 4 5\n")
    );
    // Never past the drawing edit, however far asked.
    seek(session.as_mut(), 0);
    assert_eq!(session.undo_step(), Some(Step::Edit));
    seek(session.as_mut(), 10);
    assert_eq!(session.ply(), 3);
}

/// Every move's `canonical_after` is the key the move, played, leaves,
/// in every game's samples and in a sum mixing a renumbering game.
#[test]
fn the_key_a_move_leaves_is_known_without_playing_it() {
    let mut cases: Vec<(String, String)> = games::games()
        .iter()
        .flat_map(|info| {
            info.samples
                .iter()
                .map(|s| (info.id.to_string(), s.input.to_string()))
        })
        .collect();
    cases.push((
        "sum".into(),
        "--- node-kayles\n4 3\n0 1\n1 2\n2 3\n--- nim\n2 3\n--- cram\n..\n..\n".into(),
    ));
    let mut checked = 0;
    for (game, text) in cases {
        let mut session = games::open(&game, &text, 0).unwrap_or_else(|e| panic!("{game}: {e}"));
        let moves = session.analysis().moves.len() as u32;
        for id in 0..moves.min(40) {
            let known = session.canonical_after(id).unwrap();
            session.play(id).unwrap();
            assert_eq!(known, session.canonical(), "{game}: move {id} of {text:?}");
            session.undo();
            checked += 1;
        }
        assert!(
            session.canonical_after(moves).is_err(),
            "{game}: no move {moves}"
        );
    }
    assert!(checked > 500, "{checked} moves checked");
}
