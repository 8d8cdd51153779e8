//! Puzzle sets in a class, tested from outside the server over real
//! sockets: each student's puzzles in order at their own pace, marked by
//! the engine, progress for the teacher, homework that closes when due,
//! and all of it kept through `kill -9`.

mod server;

use serde_json::{json, Value};
use server::{data_dir, expect, send, Server, Socket};

/// Nim's heaps as a position writes them.
fn heaps(position: &str) -> Vec<u64> {
    position
        .split_whitespace()
        .map(|h| h.parse().unwrap())
        .collect()
}

fn written(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a move leaves: the winning one (nim-sum 0) or a losing one.
fn play(position: &str, winning: bool) -> String {
    let start = heaps(position);
    for (i, &heap) in start.iter().enumerate() {
        for left in 0..heap {
            let mut after = start.clone();
            after[i] = left;
            if (after.iter().fold(0, |x, h| x ^ h) == 0) == winning {
                return written(&after);
            }
        }
    }
    panic!("no such move from {position}");
}

/// The next puzzle frame a student gets.
async fn puzzle(socket: &mut Socket) -> Value {
    let frame = expect(socket, "question").await;
    assert!(frame["set"].is_number(), "not a set's puzzle: {frame}");
    for leak in ["answer", "solutions", "correct", "value"] {
        assert!(
            frame.get(leak).is_none(),
            "a puzzle carries {leak}: {frame}"
        );
    }
    frame
}

async fn answer(socket: &mut Socket, question: &Value, after: &str) -> Value {
    send(
        socket,
        json!({ "type": "answer", "question": question["question"], "answer": after }),
    )
    .await;
    expect(socket, "answered").await;
    let result = expect(socket, "result").await;
    assert_eq!(result["question"], question["question"]);
    result
}

/// The teacher's progress frames until `student` has answered `answered`.
async fn progress_of(room: &mut Socket, student: i64, answered: u64) -> Value {
    loop {
        let progress = expect(room, "progress").await;
        let theirs = progress["students"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == student)
            .cloned();
        if theirs.as_ref().is_some_and(|s| s["answered"] == answered) {
            return theirs.unwrap();
        }
    }
}

#[tokio::test]
async fn each_student_solves_a_set_in_order_and_the_teacher_sees_progress() {
    let data = data_dir("puzzle-set");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    let (ada, ada_token) = server.join(&code, "Ada");
    let mut ada_socket = server.class_live(&code, &ada_token).await;
    expect(&mut ada_socket, "welcome").await;

    // Refusals say what to change.
    for (frame, says) in [
        (
            json!({ "type": "puzzles", "game": "nim", "count": 0 }),
            "1 to 30",
        ),
        (
            json!({ "type": "puzzles", "game": "nim", "count": 3, "rating": "2000..1000" }),
            "empty",
        ),
        (
            json!({ "type": "puzzles", "game": "nim", "count": 3, "theme": "colon principle" }),
            "found 0 of the 3",
        ),
        (
            json!({ "type": "puzzles", "game": "nim", "count": 3, "due": 1000 }),
            "still to come",
        ),
        (
            json!({ "type": "puzzles", "game": "chess", "count": 3 }),
            "chess",
        ),
    ] {
        send(&mut room, frame).await;
        let error = expect(&mut room, "error").await;
        assert!(error["message"].as_str().unwrap().contains(says), "{error}");
    }

    send(
        &mut room,
        json!({ "type": "puzzles", "game": "nim", "count": 3, "theme": "nim-sum" }),
    )
    .await;
    let progress = expect(&mut room, "progress").await;
    assert_eq!(
        (progress["set"].as_u64(), progress["of"].as_u64()),
        (Some(1), Some(3))
    );
    let first = puzzle(&mut ada_socket).await;
    assert_eq!(
        (first["place"].as_u64(), first["of"].as_u64()),
        (Some(1), Some(3))
    );
    assert_eq!(first["kind"], "move");

    // Only the puzzle on the screen can be answered.
    let later = first["question"].as_i64().unwrap() + 1;
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": later, "answer": "0" }),
    )
    .await;
    let error = expect(&mut ada_socket, "error").await;
    assert!(
        error["message"].as_str().unwrap().contains("in order"),
        "{error}"
    );
    // The teacher does not reveal a set's puzzle: each student sees theirs.
    send(
        &mut room,
        json!({ "type": "reveal", "question": first["question"] }),
    )
    .await;
    assert!(expect(&mut room, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("each student"));

    // A wrong move shows the winning moves at once, then the next puzzle.
    let position = first["position"].as_str().unwrap();
    let wrong = answer(&mut ada_socket, &first, &play(position, false)).await;
    assert_eq!(wrong["correct"], false);
    let shown = wrong["answer"].as_str().unwrap();
    assert!(
        shown.starts_with("take ") || shown.contains("leaving"),
        "{wrong}"
    );
    let second = puzzle(&mut ada_socket).await;
    assert_eq!(second["place"], 2);
    assert_eq!(progress_of(&mut room, ada, 1).await["right"], 0);

    // Bob joins late: his welcome holds the set's first puzzle, not Ada's.
    let (bob, bob_token) = server.join(&code, "Bob");
    let mut bob_socket = server.class_live(&code, &bob_token).await;
    let welcome = expect(&mut bob_socket, "welcome").await;
    let open = welcome["questions"].as_array().unwrap();
    assert_eq!(open.len(), 1, "{welcome}");
    assert_eq!(
        (open[0]["question"].clone(), open[0]["place"].as_u64()),
        (first["question"].clone(), Some(1))
    );

    let right = answer(
        &mut ada_socket,
        &second,
        &play(second["position"].as_str().unwrap(), true),
    )
    .await;
    assert_eq!(right["correct"], true);
    let third = puzzle(&mut ada_socket).await;
    answer(
        &mut ada_socket,
        &third,
        &play(third["position"].as_str().unwrap(), true),
    )
    .await;
    let done = expect(&mut ada_socket, "set-done").await;
    assert_eq!(
        (
            done["answered"].as_u64(),
            done["right"].as_u64(),
            done["of"].as_u64()
        ),
        (Some(3), Some(2), Some(3))
    );
    let ada_progress = progress_of(&mut room, ada, 3).await;
    assert_eq!(ada_progress["right"], 2);

    // Bob answers one, then the server is killed: his place is kept.
    answer(&mut bob_socket, &first, &play(position, true)).await;
    progress_of(&mut room, bob, 1).await;
    server.kill();
    let server = Server::start(&data);
    let mut bob_socket = server.class_live(&code, &bob_token).await;
    let welcome = expect(&mut bob_socket, "welcome").await;
    assert_eq!(
        welcome["questions"][0]["question"], second["question"],
        "{welcome}"
    );
    assert_eq!(welcome["results"].as_array().unwrap().len(), 1, "{welcome}");
    let mut room = server.class_live(&code, &teacher).await;
    let welcome = expect(&mut room, "welcome").await;
    assert_eq!(welcome["sets"][0]["of"], 3, "{welcome}");

    // The CSV says which rows are the set's.
    let (_, _, csv) = server.request(
        "GET",
        &format!("/api/classes/{code}/results.csv"),
        None,
        Some(&teacher),
    );
    assert_eq!(
        csv.lines().filter(|l| l.contains(",set 1,nim,")).count(),
        4,
        "{csv}"
    );
    assert!(
        csv.lines()
            .any(|l| l.starts_with("Bob,false,1,set 1,nim,normal,")
                && l.ends_with(&format!(",true,{}", l.rsplit(',').next().unwrap()))),
        "{csv}"
    );
}

#[tokio::test]
async fn homework_takes_answers_until_it_is_due_and_none_after() {
    let data = data_dir("homework");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    send(
        &mut room,
        json!({ "type": "puzzles", "game": "nim", "count": 2, "due": now + 61 * 86_400_000 }),
    )
    .await;
    assert!(expect(&mut room, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("within 60 days"));
    let due = now + 4_000;
    send(
        &mut room,
        json!({ "type": "puzzles", "game": "nim", "count": 2, "due": due }),
    )
    .await;
    assert_eq!(expect(&mut room, "progress").await["due"], due);

    // A student who opens the link at home before the due time gets the set.
    let (_, ada_token) = server.join(&code, "Ada");
    let mut ada_socket = server.class_live(&code, &ada_token).await;
    let welcome = expect(&mut ada_socket, "welcome").await;
    let first = welcome["questions"][0].clone();
    assert_eq!(
        (first["due"].as_i64(), first["place"].as_u64()),
        (Some(due), Some(1)),
        "{welcome}"
    );
    answer(
        &mut ada_socket,
        &first,
        &play(first["position"].as_str().unwrap(), true),
    )
    .await;
    let second = puzzle(&mut ada_socket).await;

    let wait = (due - now) as u64 + 500;
    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": second["question"], "answer": "0" }),
    )
    .await;
    let error = expect(&mut ada_socket, "error").await;
    assert!(
        error["message"].as_str().unwrap().contains("due"),
        "{error}"
    );
    // After the due time, the welcome holds no puzzle, and the result stays.
    let mut again = server.class_live(&code, &ada_token).await;
    let welcome = expect(&mut again, "welcome").await;
    assert!(
        welcome["questions"].as_array().unwrap().is_empty(),
        "{welcome}"
    );
    assert_eq!(welcome["results"][0]["correct"], true, "{welcome}");
}
