//! `grundy serve` tested from outside its process, over real sockets, to
//! the contract in docs/guide/class-server.md.

mod server;

use grundy_server::limits::{ANSWER_KEY_TIME, HEARTBEAT, MAX_CONNECTIONS_PER_TOKEN, SILENCE};
use serde_json::{json, Value};
use server::{close_code, costly_question, data_dir, expect, send, Server};

#[tokio::test]
async fn a_class_runs_from_join_to_export() {
    let data = data_dir("class");
    let server = Server::start(&data);
    let (status, _, body) = server.request("GET", "/api/health", None, None);
    assert_eq!(
        (
            status,
            serde_json::from_str::<Value>(&body).unwrap()["ok"].clone()
        ),
        (200, json!(true))
    );
    let (code, teacher) = server.class();
    assert_eq!(code.len(), 6);
    let mut room = server.class_live(&code, &teacher).await;
    assert_eq!(expect(&mut room, "welcome").await["role"], "teacher");
    let (ada, ada_token) = server.join(&code, "Ada");
    let (_, bob_token) = server.join(&code, "<img src=x onerror=alert(1)>");
    let mut ada_socket = server.class_live(&code, &ada_token).await;
    let mut bob_socket = server.class_live(&code, &bob_token).await;
    let welcome = expect(&mut ada_socket, "welcome").await;
    assert_eq!(
        (welcome["role"].as_str(), welcome["student"].as_i64()),
        (Some("student"), Some(ada))
    );
    // The roster names students exactly as typed, and who is connected.
    let roster = loop {
        let roster = expect(&mut room, "roster").await;
        let students = roster["students"].as_array().unwrap().clone();
        if students.len() == 2 && students.iter().all(|s| s["connected"] == true) {
            break students;
        }
    };
    assert_eq!(roster[1]["name"], "<img src=x onerror=alert(1)>");

    // P or N: 1 2 3 is a P-position.
    send(
        &mut room,
        json!({ "type": "ask", "kind": "pn", "game": "nim", "position": "1 2 3" }),
    )
    .await;
    let question = expect(&mut room, "asked").await["question"]
        .as_i64()
        .unwrap();
    let asked = expect(&mut ada_socket, "question").await;
    assert_eq!(asked["question"], question);
    for leak in ["answer", "correct", "value", "nimber", "outcome"] {
        assert!(
            asked.get(leak).is_none(),
            "a question carries {leak}: {asked}"
        );
    }
    expect(&mut bob_socket, "question").await;
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": question, "answer": "P" }),
    )
    .await;
    assert_eq!(
        expect(&mut ada_socket, "answered").await["question"],
        question
    );
    send(
        &mut bob_socket,
        json!({ "type": "answer", "question": question, "answer": "N" }),
    )
    .await;
    expect(&mut bob_socket, "answered").await;
    // A second answer is refused and the first stands.
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": question, "answer": "N" }),
    )
    .await;
    assert!(expect(&mut ada_socket, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("first answer"));
    let tally = loop {
        let tally = expect(&mut room, "tally").await;
        if tally["answered"] == 2 {
            break tally;
        }
    };
    assert_eq!(tally["of"], 2);
    assert_eq!(tally["counts"], json!({ "N": 1, "P": 1 }));
    assert!(
        !tally.to_string().contains("Ada"),
        "a tally names no one: {tally}"
    );

    send(&mut room, json!({ "type": "reveal", "question": question })).await;
    let result = expect(&mut ada_socket, "result").await;
    assert_eq!(
        (result["answer"].as_str(), result["correct"].as_bool()),
        (Some("P"), Some(true))
    );
    let result = expect(&mut bob_socket, "result").await;
    assert_eq!(result["correct"], false);
    send(
        &mut bob_socket,
        json!({ "type": "answer", "question": question, "answer": "P" }),
    )
    .await;
    assert!(expect(&mut bob_socket, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("revealed"));

    // The value of 3 4 6 is 1; Bob does not answer.
    send(
        &mut room,
        json!({ "type": "ask", "kind": "value", "game": "nim", "position": "3 4 6" }),
    )
    .await;
    let value_question = expect(&mut room, "asked").await["question"]
        .as_i64()
        .unwrap();
    expect(&mut ada_socket, "question").await;
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": value_question, "answer": 1 }),
    )
    .await;
    expect(&mut ada_socket, "answered").await;
    send(
        &mut room,
        json!({ "type": "reveal", "question": value_question }),
    )
    .await;
    assert_eq!(
        expect(&mut bob_socket, "result").await["correct"],
        Value::Null
    );

    // A move question is answered by the position the move leaves.
    send(
        &mut room,
        json!({ "type": "ask", "kind": "move", "game": "nim", "position": "3 4 5" }),
    )
    .await;
    let move_question = expect(&mut room, "asked").await["question"]
        .as_i64()
        .unwrap();
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": move_question, "answer": "1 4 5" }),
    )
    .await;
    expect(&mut ada_socket, "answered").await;
    send(
        &mut bob_socket,
        json!({ "type": "answer", "question": move_question, "answer": "3 4 4" }),
    )
    .await;
    expect(&mut bob_socket, "answered").await;
    send(
        &mut room,
        json!({ "type": "reveal", "question": move_question }),
    )
    .await;
    let revealed = expect(&mut room, "revealed").await;
    assert_eq!(
        (revealed["answered"].as_u64(), revealed["correct"].as_u64()),
        (Some(2), Some(1))
    );

    let (status, head, csv) = server.request(
        "GET",
        &format!("/api/classes/{code}/results.csv"),
        None,
        Some(&teacher),
    );
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/csv"));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "student,removed,question,kind,game,play,position,answer,position_after,correct,seconds"
    );
    assert_eq!(lines.len(), 1 + 5, "{csv}");
    // Questions are numbered in the class, from 1; a move is written as
    // the move, with the position it leaves beside it.
    assert!(
        lines[1].starts_with("Ada,false,1,pn,nim,normal,1 2 3,P,,true,"),
        "{csv}"
    );
    assert!(
        csv.contains(
            "Ada,false,3,move,nim,normal,3 4 5,\"take 2 from heap 1, leaving 1\",1 4 5,true,"
        ),
        "{csv}"
    );
    assert!(csv.contains(",3 4 4,false,"), "{csv}");
    // A row per student: Ada right three times of three; the other (whose
    // name is markup, kept as text) answered two and got neither.
    let (status, _, sheet) = server.request(
        "GET",
        &format!("/api/classes/{code}/results.csv?by=student"),
        None,
        Some(&teacher),
    );
    assert_eq!(status, 200);
    assert_eq!(
        sheet,
        "student,removed,asked,answered,right\nAda,false,3,3,3\n<img src=x onerror=alert(1)>,false,3,2,0\n"
    );
    // A student's token cannot export.
    let (status, ..) = server.request(
        "GET",
        &format!("/api/classes/{code}/results.csv"),
        None,
        Some(&ada_token),
    );
    assert_eq!(status, 401);

    // Ending keeps the results and tells the students.
    let (status, ..) = server.request(
        "DELETE",
        &format!("/api/classes/{code}"),
        None,
        Some(&teacher),
    );
    assert_eq!(status, 204);
    expect(&mut ada_socket, "ended").await;
    let (status, reply) = server.post(
        &format!("/api/classes/{code}/students"),
        json!({ "name": "Late" }),
    );
    assert_eq!(status, 403, "{reply}");
    let (status, _, csv_after) = server.request(
        "GET",
        &format!("/api/classes/{code}/results.csv"),
        None,
        Some(&teacher),
    );
    assert_eq!((status, csv_after), (200, csv));

    // Next week: the teacher reopens it; Ada comes back with her token to
    // her results, and someone new can join.
    send(&mut room, json!({ "type": "reopen" })).await;
    expect(&mut room, "reopened").await;
    let mut ada_again = server.class_live(&code, &ada_token).await;
    let welcome = expect(&mut ada_again, "welcome").await;
    assert_eq!(welcome["class"]["ended"], false);
    assert_eq!(welcome["results"].as_array().map(Vec::len), Some(3));
    server.join(&code, "Late");
    send(&mut room, json!({ "type": "reopen" })).await;
    assert!(expect(&mut room, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("open"));
}

#[tokio::test]
async fn every_refusal_is_a_sentence_and_the_socket_stays() {
    let data = data_dir("refusals");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let (status, reply) = server.post("/api/classes/ZZZZZZ/students", json!({ "name": "A" }));
    assert_eq!(status, 404);
    assert!(reply["error"].as_str().unwrap().contains("code"));
    server.join(&code, "Ada");
    let (status, reply) = server.post(
        &format!("/api/classes/{code}/students"),
        json!({ "name": " Ada " }),
    );
    assert_eq!(status, 409, "{reply}");
    for bad in [
        json!({ "name": "" }),
        json!({ "name": "x".repeat(33) }),
        json!({ "nom": "A" }),
        json!("A"),
    ] {
        let (status, reply) = server.post(&format!("/api/classes/{code}/students"), bad);
        assert_eq!(status, 400, "{reply}");
        assert!(reply["error"].is_string());
    }
    // A bad position is refused with the engine's line and column.
    let (status, reply) = server.post("/api/games", json!({ "game": "nim", "position": "3 x 5" }));
    assert_eq!(status, 400);
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .starts_with("line 1, column 3"),
        "{reply}"
    );
    let (status, reply) = server.post("/api/games", json!({ "game": "chess", "position": "1" }));
    assert_eq!(status, 400);
    assert!(
        reply["error"].as_str().unwrap().contains("unknown game"),
        "{reply}"
    );

    // The framework's own refusals are JSON sentences too.
    let (status, head, text) = server.request("PUT", "/api/classes", Some(&json!({})), None);
    assert_eq!(status, 405, "{text}");
    assert!(
        head.contains("content-type: application/json") && head.contains("allow: "),
        "{head}"
    );
    assert!(text.contains("does not take PUT"), "{text}");
    let big = json!({ "name": "x".repeat(300 * 1024) });
    let (status, reply) = server.post(&format!("/api/classes/{code}/students"), big);
    assert_eq!(status, 413);
    assert!(
        reply["error"].as_str().unwrap().contains("256 KiB"),
        "{reply}"
    );
    let (status, _, text) = server.request("GET", "/api/qr", None, None);
    assert_eq!(status, 400);
    let reply: Value = serde_json::from_str(&text).unwrap();
    assert!(reply["error"].as_str().unwrap().contains("text"), "{reply}");

    // Wrong tokens are refused before the upgrade.
    assert_eq!(
        server
            .live(&format!("/api/classes/{code}/live"), "nonsense")
            .await
            .err(),
        Some(401)
    );
    assert_eq!(
        server
            .live(&format!("/api/classes/{code}/live"), "")
            .await
            .err(),
        Some(401)
    );

    let (bob, bob_token) = server.join(&code, "Bob");
    let mut bob_socket = server.class_live(&code, &bob_token).await;
    expect(&mut bob_socket, "welcome").await;
    // A student can do nothing a teacher can.
    for frame in [
        json!({ "type": "ask", "kind": "pn", "game": "nim", "position": "1" }),
        json!({ "type": "reveal", "question": 1 }),
        json!({ "type": "kick", "student": bob }),
        json!({ "type": "lock", "on": true }),
        json!({ "type": "slide", "index": 3 }),
    ] {
        send(&mut bob_socket, frame).await;
        assert!(expect(&mut bob_socket, "error").await["message"]
            .as_str()
            .unwrap()
            .contains("teacher"));
    }
    // Malformed and unknown frames get an error; the socket stays open.
    for frame in ["{", "[]", r#"{"type":"dance"}"#, r#"{"type":"answer"}"#] {
        use futures_util::SinkExt;
        bob_socket
            .send(tokio_tungstenite::tungstenite::Message::Text(frame.into()))
            .await
            .unwrap();
        expect(&mut bob_socket, "error").await;
    }
    send(&mut bob_socket, json!({ "type": "ping" })).await;
    expect(&mut bob_socket, "pong").await;

    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    send(
        &mut room,
        json!({ "type": "ask", "kind": "move", "game": "nim", "position": "1 2 3" }),
    )
    .await;
    assert!(expect(&mut room, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("no winning move"));
    send(
        &mut room,
        json!({ "type": "ask", "kind": "pn", "game": "nim", "position": "1 x" }),
    )
    .await;
    assert!(expect(&mut room, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("line 1"));

    // A removed student's token stops working: a page that comes back
    // with it is told why, and closed for good (1008).
    send(&mut room, json!({ "type": "kick", "student": bob })).await;
    expect(&mut bob_socket, "kicked").await;
    assert_eq!(close_code(&mut bob_socket).await, Some(1008));
    let mut again = server.class_live(&code, &bob_token).await;
    expect(&mut again, "kicked").await;
    assert_eq!(close_code(&mut again).await, Some(1008));
    // A name like a classmate's is refused, and one that shows nothing.
    for name in ["ADA", "Ada\u{200B}", "\u{410}da"] {
        let (status, reply) = server.post(
            &format!("/api/classes/{code}/students"),
            json!({ "name": name }),
        );
        assert_eq!(status, 409, "{name}: {reply}");
    }
    let (status, _) = server.post(
        &format!("/api/classes/{code}/students"),
        json!({ "name": "\u{200B}" }),
    );
    assert_eq!(status, 400);

    // A locked class takes no one new.
    send(&mut room, json!({ "type": "lock", "on": true })).await;
    expect(&mut room, "lock").await;
    let (status, _) = server.post(
        &format!("/api/classes/{code}/students"),
        json!({ "name": "Cy" }),
    );
    assert_eq!(status, 403);
    send(&mut room, json!({ "type": "lock", "on": false })).await;
    expect(&mut room, "lock").await;
    server.join(&code, "Cy");
}

#[tokio::test]
async fn hostile_frames_close_the_socket() {
    let data = data_dir("hostile");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let (_, token) = server.join(&code, "Eve");

    let mut socket = server.class_live(&code, &token).await;
    expect(&mut socket, "welcome").await;
    send(
        &mut socket,
        json!({ "type": "ping", "pad": "x".repeat(70_000) }),
    )
    .await;
    assert_eq!(close_code(&mut socket).await, Some(1009));
    // Past what is read at all, a frame is closed with 1009 too.
    let mut socket = server.class_live(&code, &token).await;
    expect(&mut socket, "welcome").await;
    {
        use futures_util::SinkExt;
        let huge = json!({ "type": "ping", "pad": "x".repeat(2 << 20) }).to_string();
        // The server may stop reading before the whole frame is sent.
        let _ = socket
            .send(tokio_tungstenite::tungstenite::Message::Text(huge.into()))
            .await;
    }
    assert_eq!(close_code(&mut socket).await, Some(1009));

    let mut socket = server.class_live(&code, &token).await;
    expect(&mut socket, "welcome").await;
    for _ in 0..30 {
        use futures_util::SinkExt;
        let frame = tokio_tungstenite::tungstenite::Message::Text(r#"{"type":"ping"}"#.into());
        if socket.send(frame).await.is_err() {
            break;
        }
    }
    assert_eq!(close_code(&mut socket).await, Some(1008));

    let mut socket = server.class_live(&code, &token).await;
    expect(&mut socket, "welcome").await;
    for _ in 0..10 {
        use futures_util::SinkExt;
        let frame = tokio_tungstenite::tungstenite::Message::Text("nonsense".into());
        if socket.send(frame).await.is_err() {
            break;
        }
    }
    assert_eq!(close_code(&mut socket).await, Some(1008));

    // The teacher's connection was never touched.
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;

    // Guessing codes is refused after a few dozen tries a minute.
    let statuses: Vec<u16> = (0..40)
        .map(|i| {
            server
                .post(
                    &format!(
                        "/api/classes/AAAA{}/students",
                        ["22", "23", "24", "25"][i % 4]
                    ),
                    json!({ "name": "G" }),
                )
                .0
        })
        .collect();
    assert_eq!(statuses[0], 404);
    assert_eq!(*statuses.last().unwrap(), 429, "{statuses:?}");
}

#[tokio::test]
async fn two_seats_play_kayles_to_the_end() {
    let data = data_dir("game");
    let server = Server::start(&data);
    let (status, reply) = server.post(
        "/api/games",
        json!({ "game": "octal", "position": "0.77\n4" }),
    );
    assert_eq!(status, 201, "{reply}");
    let id = reply["id"].as_str().unwrap().to_string();
    let seats: Vec<String> = reply["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().into())
        .collect();
    assert_ne!(seats[0], seats[1]);
    let path = format!("/api/games/{id}/live");
    let mut first = server.live(&path, &seats[0]).await.unwrap();
    let mut second = server.live(&path, &seats[1]).await.unwrap();
    let state = expect(&mut first, "state").await;
    assert_eq!(
        (
            state["ply"].as_u64(),
            state["turn"].as_u64(),
            state["over"].as_bool()
        ),
        (Some(0), Some(0), Some(false))
    );
    assert_eq!(expect(&mut second, "state").await["seat"], 1);

    // Out of turn, and a position no move reaches, are refused.
    send(&mut second, json!({ "type": "move", "after": "0.77\n3" })).await;
    assert!(expect(&mut second, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("not your turn"));
    send(&mut first, json!({ "type": "move", "after": "0.77\n9" })).await;
    assert!(expect(&mut first, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("not one move"));

    // Kayles 4: taking the middle two leaves 1 1.
    send(&mut first, json!({ "type": "move", "after": "0.77\n1 1" })).await;
    let state = expect(&mut second, "state").await;
    assert_eq!(
        (state["ply"].as_u64(), state["turn"].as_u64()),
        (Some(1), Some(1))
    );
    let after_first = state["position"].as_str().unwrap().to_string();
    // The move made, for the other board to play and mark: from Kayles 4.
    assert_eq!(state["before"].as_str().map(str::trim), Some("0.77\n4"));
    let last = state["last"].as_u64().expect("the last move's id");
    expect(&mut first, "state").await;

    // A reload, and a restart of the server, find the game where it was.
    drop(second);
    let server = {
        server.kill();
        Server::start(&data)
    };
    let mut second = server.live(&path, &seats[1]).await.unwrap();
    let state = expect(&mut second, "state").await;
    assert_eq!(
        (
            state["position"].as_str(),
            state["ply"].as_u64(),
            state["last"].as_u64()
        ),
        (Some(after_first.as_str()), Some(1), Some(last))
    );
    let mut first = server.live(&path, &seats[0]).await.unwrap();
    expect(&mut first, "state").await;
    send(&mut second, json!({ "type": "move", "after": "0.77\n1" })).await;
    expect(&mut second, "state").await;
    expect(&mut first, "state").await;
    send(&mut first, json!({ "type": "move", "after": "0.77\n" })).await;
    let end = expect(&mut second, "state").await;
    assert_eq!(end["ply"], 3);
    assert_eq!(
        (end["over"].as_bool(), end["winner"].as_u64()),
        (Some(true), Some(0)),
        "{end}"
    );
    send(&mut second, json!({ "type": "move", "after": "0.77\n" })).await;
    assert!(expect(&mut second, "error").await["message"]
        .as_str()
        .unwrap()
        .contains("over"));
}

#[tokio::test]
async fn nothing_acknowledged_is_lost_to_kill_9() {
    let data = data_dir("kill");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let (ada, ada_token) = server.join(&code, "Ada");
    let mut room = server.class_live(&code, &teacher).await;
    let mut ada_socket = server.class_live(&code, &ada_token).await;
    send(&mut room, json!({ "type": "slide", "index": 3 })).await;
    send(&mut room, json!({ "type": "ask", "kind": "move", "game": "nim", "position": "3 4 5", "seconds": 600 })).await;
    let question = expect(&mut room, "asked").await["question"]
        .as_i64()
        .unwrap();
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": question, "answer": "1 4 5" }),
    )
    .await;
    expect(&mut ada_socket, "answered").await;
    send(
        &mut room,
        json!({ "type": "ask", "kind": "move", "game": "nim", "position": "2 3" }),
    )
    .await;
    let open = expect(&mut room, "asked").await["question"]
        .as_i64()
        .unwrap();
    server.kill();

    // The connections are gone; the data is not.
    assert!(close_code(&mut ada_socket).await.is_none_or(|c| c != 1000));
    let server = Server::start(&data);
    let mut ada_socket = server.class_live(&code, &ada_token).await;
    let welcome = expect(&mut ada_socket, "welcome").await;
    assert_eq!(welcome["student"], ada);
    assert_eq!(welcome["class"]["slide"], 3);
    let questions = welcome["questions"].as_array().unwrap();
    assert_eq!(questions.len(), 2);
    assert_eq!(questions[0]["answered"], true);
    assert_eq!(questions[1]["question"], open);
    // The open question, asked before the crash, is still marked right.
    send(
        &mut ada_socket,
        json!({ "type": "answer", "question": open, "answer": "2 2" }),
    )
    .await;
    expect(&mut ada_socket, "answered").await;
    let mut room = server.class_live(&code, &teacher).await;
    send(&mut room, json!({ "type": "reveal", "question": open })).await;
    assert_eq!(expect(&mut ada_socket, "result").await["correct"], true);
    let (_, _, csv) = server.request(
        "GET",
        &format!("/api/classes/{code}/results.csv"),
        None,
        Some(&teacher),
    );
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(csv.contains("Ada"));
}

#[tokio::test]
async fn sigterm_tells_clients_and_exits_cleanly() {
    let data = data_dir("sigterm");
    let mut server = Server::start(&data);
    let (code, teacher) = server.class();
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    let status = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(close_code(&mut room).await, Some(1012));
    let exit = server.child.wait().unwrap();
    assert_eq!(exit.code(), Some(0));
    // The log was folded into the database on the way out.
    let wal = data.join("grundy.sqlite-wal");
    assert!(!wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0);
}

#[test]
fn every_response_carries_the_security_headers() {
    let data = data_dir("headers");
    let server = Server::start(&data);
    for path in ["/", "/api/health", "/api/nowhere", "/frame.html"] {
        let (_, head, _) = server.request("GET", path, None, None);
        assert!(
            head.contains("x-content-type-options: nosniff"),
            "{path}: {head}"
        );
        assert!(
            head.contains("content-security-policy: default-src 'self'"),
            "{path}: {head}"
        );
        assert!(head.contains("'wasm-unsafe-eval'"), "{path}");
        let framing = if path.starts_with("/frame") {
            "frame-ancestors *"
        } else {
            "frame-ancestors 'self'"
        };
        assert!(head.contains(framing), "{path}: {head}");
    }
    let (status, _, body) = server.request("GET", "/", None, None);
    assert_eq!(status, 200);
    assert!(body.contains("Grundy"));
}

#[test]
fn a_second_server_on_one_data_folder_is_refused_at_once() {
    let data = data_dir("lock");
    let first = Server::start(&data);
    let started = std::time::Instant::now();
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_grundy-serve"))
        .args(["--port", "0", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert_eq!(second.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&second.stdout), "", "it listened");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(
        said.contains(&format!("process {}", first.child.id()))
            && said.contains(&data.display().to_string()),
        "{said}"
    );
    // Refused, not kept waiting for the lock.
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // The lock goes with the process, however it ends.
    first.kill();
    let again = Server::start(&data);
    let (status, _, _) = again.request("GET", "/api/health", None, None);
    assert_eq!(status, 200);
}

#[cfg(unix)]
#[test]
fn the_database_and_its_log_are_the_owner_s_alone() {
    use std::os::unix::fs::PermissionsExt;
    let data = data_dir("modes");
    let server = Server::start(&data);
    server.class();
    for file in ["grundy.sqlite", "grundy.sqlite-wal", "grundy.lock"] {
        let mode = std::fs::metadata(data.join(file))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{file}: {mode:o}");
    }
}

/// A request with the headers given, as another site's page would send
/// it: the status and the JSON reply.
fn raw(server: &Server, method: &str, path: &str, headers: &str, body: &str) -> (u16, Value) {
    let (status, _, reply) = server.request_with(method, path, headers, body);
    (status, serde_json::from_str(&reply).unwrap_or(Value::Null))
}

#[test]
fn another_site_s_page_cannot_act_on_the_server() {
    let data = data_dir("origin");
    let server = Server::start(&data);
    let body = r#"{"title":"Nim"}"#;
    // A text/plain POST needs no preflight: a page anywhere can send it.
    let (status, reply) = raw(
        &server,
        "POST",
        "/api/classes",
        "Content-Type: text/plain\r\n",
        body,
    );
    assert_eq!(status, 403, "{reply}");
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("application/json"),
        "{reply}"
    );
    let (status, reply) = raw(&server, "POST", "/api/classes", "", body);
    assert_eq!(status, 403, "{reply}");
    let evil = "Origin: http://evil.example\r\nContent-Type: application/json\r\n";
    let (status, reply) = raw(&server, "POST", "/api/classes", evil, body);
    assert_eq!(status, 403, "{reply}");
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("http://evil.example"),
        "{reply}"
    );
    // Nothing was created by the refused requests.
    let (code, teacher) = server.class();
    let (status, _) = raw(
        &server,
        "DELETE",
        &format!("/api/classes/{code}"),
        &format!("Origin: http://evil.example\r\nAuthorization: Bearer {teacher}\r\n"),
        "",
    );
    assert_eq!(status, 403);
    // The server's own pages are let through, with or without Origin.
    let own = format!(
        "Origin: http://127.0.0.1:{}\r\nContent-Type: application/json\r\n",
        server.port
    );
    assert_eq!(raw(&server, "POST", "/api/classes", &own, body).0, 201);
    assert_eq!(
        raw(
            &server,
            "POST",
            "/api/classes",
            "Content-Type: application/json; charset=utf-8\r\n",
            body
        )
        .0,
        201
    );
    // A live connection from another site's page is refused before it opens.
    let upgrade = "Origin: http://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                   Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
    let (status, _) = raw(
        &server,
        "GET",
        &format!("/api/classes/{code}/live?token={teacher}"),
        upgrade,
        "",
    );
    assert_eq!(status, 403);
}

#[test]
fn an_origin_allowed_by_name_may_act() {
    let data = data_dir("allowed");
    let dist = data.join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy-serve"))
        .args([
            "--port",
            "0",
            "--allow-origin",
            "https://School.example/",
            "--data",
        ])
        .arg(&data)
        .arg("--dist")
        .arg(&dist)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let port: u16 = line
        .trim()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let server = Server { child, port, data };
    let json = "Content-Type: application/json\r\n";
    let body = r#"{"title":"Nim"}"#;
    assert_eq!(
        raw(
            &server,
            "POST",
            "/api/classes",
            &format!("Origin: https://school.example\r\n{json}"),
            body
        )
        .0,
        201
    );
    assert_eq!(
        raw(
            &server,
            "POST",
            "/api/classes",
            &format!("Origin: https://other.example\r\n{json}"),
            body
        )
        .0,
        403
    );
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_grundy-serve"))
        .args(["--allow-origin", "school.example"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--allow-origin takes an origin"));
}

#[tokio::test]
async fn one_token_holds_a_few_connections_and_a_further_one_closes_the_oldest() {
    let data = data_dir("per-token");
    let server = Server::start(&data);
    let (code, _) = server.class();
    let (_, token) = server.join(&code, "Eve");
    let mut sockets = Vec::new();
    for _ in 0..MAX_CONNECTIONS_PER_TOKEN {
        let mut socket = server.class_live(&code, &token).await;
        expect(&mut socket, "welcome").await;
        sockets.push(socket);
    }
    let mut newest = server.class_live(&code, &token).await;
    expect(&mut newest, "welcome").await;
    assert_eq!(close_code(&mut sockets[0]).await, Some(1008));
    // The others stay: each still answers a ping.
    for socket in sockets[1..].iter_mut().chain([&mut newest]) {
        send(socket, json!({ "type": "ping" })).await;
        expect(socket, "pong").await;
    }
}

#[tokio::test]
async fn a_connection_silent_past_the_limit_is_closed_and_its_student_shown_away() {
    use futures_util::StreamExt;
    let data = data_dir("silent");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let (_, token) = server.join(&code, "Quiet");
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    // The student's socket is read no more: it answers no ping.
    let mut quiet = server.class_live(&code, &token).await;
    expect(&mut quiet, "welcome").await;
    let away = async {
        let mut seen_here = false;
        loop {
            // Reading answers the server's pings, so the teacher stays.
            let text = match room.next().await {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) => text,
                Some(Ok(_)) => continue,
                other => panic!("the teacher's connection closed: {other:?}"),
            };
            let frame: Value = serde_json::from_str(&text).unwrap();
            if frame["type"] != "roster" {
                continue;
            }
            let connected = frame["students"][0]["connected"] == true;
            if seen_here && !connected {
                return;
            }
            seen_here |= connected;
        }
    };
    let limit = SILENCE + HEARTBEAT + std::time::Duration::from_secs(5);
    tokio::time::timeout(limit, away)
        .await
        .expect("the silent student was never shown away");
}

#[tokio::test]
async fn a_student_on_a_new_device_comes_back_only_when_the_teacher_lets_them() {
    let data = data_dir("rejoin");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let (ana, old_token) = server.join(&code, "Ana");
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    let mut old_phone = server.class_live(&code, &old_token).await;
    expect(&mut old_phone, "welcome").await;
    let students = format!("/api/classes/{code}/students");

    // No such student: nothing to ask for.
    let (status, reply) = server.post(&students, json!({ "name": "Zed", "rejoin": true }));
    assert_eq!(status, 404, "{reply}");
    // Locked, the class still takes a request to rejoin.
    send(&mut room, json!({ "type": "lock", "on": true })).await;
    expect(&mut room, "lock").await;
    let ask = |name: &str| server.post(&students, json!({ "name": name, "rejoin": true }));
    let (status, first) = ask("ana");
    assert_eq!((status, first["id"].as_i64()), (202, Some(ana)), "{first}");
    // A waiting device hears only that it waits; it holds no class.
    let first_token = first["token"].as_str().unwrap().to_string();
    let mut waiting = server.class_live(&code, &first_token).await;
    assert_eq!(expect(&mut waiting, "waiting").await["name"], "Ana");
    send(
        &mut waiting,
        json!({ "type": "answer", "question": 1, "answer": "P" }),
    )
    .await;
    expect(&mut waiting, "error").await;
    let asks = loop {
        let roster = expect(&mut room, "roster").await;
        if roster["students"][0]["rejoin"] == true {
            break roster;
        }
    };
    assert_eq!(asks["students"][0]["name"], "Ana");

    // Refused: the device is told and let go; its token opens nothing.
    send(
        &mut room,
        json!({ "type": "admit", "student": ana, "on": false }),
    )
    .await;
    expect(&mut waiting, "refused").await;
    assert_eq!(close_code(&mut waiting).await, Some(1008));
    assert_eq!(
        server
            .live(&format!("/api/classes/{code}/live"), &first_token)
            .await
            .err(),
        Some(401)
    );

    // Let in: the new device is Ana, and the old one is let go.
    let (_, second) = ask("Ana");
    let new_token = second["token"].as_str().unwrap().to_string();
    let mut new_phone = server.class_live(&code, &new_token).await;
    expect(&mut new_phone, "waiting").await;
    send(
        &mut room,
        json!({ "type": "admit", "student": ana, "on": true }),
    )
    .await;
    expect(&mut new_phone, "admitted").await;
    assert_eq!(close_code(&mut new_phone).await, Some(1012));
    expect(&mut old_phone, "replaced").await;
    assert_eq!(close_code(&mut old_phone).await, Some(1008));
    let mut new_phone = server.class_live(&code, &new_token).await;
    let welcome = expect(&mut new_phone, "welcome").await;
    assert_eq!(
        (welcome["student"].as_i64(), welcome["name"].as_str()),
        (Some(ana), Some("Ana"))
    );
    assert_eq!(
        server
            .live(&format!("/api/classes/{code}/live"), &old_token)
            .await
            .err(),
        Some(401)
    );
    // Nothing is left to answer.
    send(
        &mut room,
        json!({ "type": "admit", "student": ana, "on": true }),
    )
    .await;
    expect(&mut room, "error").await;

    // It holds across a restart: the token is stored.
    server.kill();
    let server = Server::start(&data);
    let mut new_phone = server.class_live(&code, &new_token).await;
    assert_eq!(expect(&mut new_phone, "welcome").await["student"], ana);
}

#[tokio::test]
async fn a_course_s_next_session_has_a_new_code_and_its_results_export_together() {
    let data = data_dir("course");
    let server = Server::start(&data);
    let (status, first) = server.post(
        "/api/classes",
        json!({ "title": "Week 1", "game": "nim", "position": "1 1 1", "play": "misere" }),
    );
    assert_eq!(status, 201, "{first}");
    let first_code = first["code"].as_str().unwrap().to_string();
    let teacher = first["teacher"].as_str().unwrap().to_string();
    // One answered question in each session.
    let answer_one = |code: String, name: &'static str, answer: &'static str| {
        let server = &server;
        let teacher = teacher.clone();
        async move {
            let (_, token) = server.join(&code, name);
            let mut room = server.class_live(&code, &teacher).await;
            expect(&mut room, "welcome").await;
            send(
                &mut room,
                json!({ "type": "ask", "kind": "pn", "game": "nim", "position": "1 1 1", "play": "misere" }),
            )
            .await;
            let question = expect(&mut room, "asked").await["question"].clone();
            let mut phone = server.class_live(&code, &token).await;
            expect(&mut phone, "welcome").await;
            send(
                &mut phone,
                json!({ "type": "answer", "question": question, "answer": answer }),
            )
            .await;
            expect(&mut phone, "answered").await;
        }
    };
    answer_one(first_code.clone(), "Ana", "P").await;

    let next = |after: &str, body: Value, token: Option<&str>| {
        let mut body = body;
        body["after"] = after.into();
        let (status, _, text) = server.request("POST", "/api/classes", Some(&body), token);
        (status, serde_json::from_str::<Value>(&text).unwrap())
    };
    // Only the class's teacher opens its next session, which copies it.
    assert_eq!(next(&first_code, json!({}), None).0, 401);
    assert_eq!(
        next(&first_code, json!({ "title": "Other" }), Some(&teacher)).0,
        400
    );
    let (status, second) = next(&first_code, json!({}), Some(&teacher));
    assert_eq!(status, 201, "{second}");
    let second_code = second["code"].as_str().unwrap().to_string();
    assert_ne!(second_code, first_code);
    assert_eq!(second["teacher"], teacher.as_str());
    let mut room = server.class_live(&second_code, &teacher).await;
    let welcome = expect(&mut room, "welcome").await;
    assert_eq!(
        (
            welcome["class"]["title"].as_str(),
            welcome["class"]["play"].as_str()
        ),
        (Some("Week 1"), Some("misere"))
    );
    answer_one(second_code.clone(), "Ana", "N").await;
    // A third, after the second: still the same course.
    let (_, third) = next(&second_code, json!({}), Some(&teacher));
    let third_code = third["code"].as_str().unwrap().to_string();

    let csv = |code: &str, query: &str| {
        let (status, _, body) = server.request(
            "GET",
            &format!("/api/classes/{code}/results.csv{query}"),
            None,
            Some(&teacher),
        );
        assert_eq!(status, 200, "{body}");
        body
    };
    let one = csv(&second_code, "");
    assert!(
        one.lines().nth(1).unwrap().starts_with("Ana,false,1,pn,"),
        "{one}"
    );
    assert_eq!(one.lines().count(), 2);
    let all = csv(&third_code, "?sessions=all");
    let lines: Vec<&str> = all.lines().collect();
    assert_eq!(
        lines[0],
        "session,class,student,removed,question,kind,game,play,position,answer,position_after,correct,seconds"
    );
    assert!(
        lines[1].starts_with(&format!(
            "1,{first_code},Ana,false,1,pn,nim,misere,1 1 1,P,,true,"
        )),
        "{all}"
    );
    assert!(
        lines[2].starts_with(&format!(
            "2,{second_code},Ana,false,1,pn,nim,misere,1 1 1,N,,false,"
        )),
        "{all}"
    );
    assert_eq!(lines.len(), 3);
    let by_student = csv(&first_code, "?by=student&sessions=all");
    assert_eq!(
        by_student,
        format!(
            "session,class,student,removed,asked,answered,right\n1,{first_code},Ana,false,1,1,1\n2,{second_code},Ana,false,1,1,0\n"
        )
    );
    let (status, _, body) = server.request(
        "GET",
        &format!("/api/classes/{first_code}/results.csv?sessions=some"),
        None,
        Some(&teacher),
    );
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn a_server_full_of_idle_classes_ends_the_idlest_for_a_new_one() {
    use grundy_server::limits::MAX_OPEN_CLASSES;
    let data = data_dir("full");
    // The database as empty classes made an hour ago would leave it: the
    // most a server holds, all open, one of them asked a question.
    drop(grundy_server::store::SqliteStore::open(&data).unwrap());
    let hour_ago = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
        - 3_600_000;
    {
        let mut db = rusqlite::Connection::open(data.join("grundy.sqlite")).unwrap();
        let fill = db.transaction().unwrap();
        for i in 0..MAX_OPEN_CLASSES {
            fill.execute(
                "INSERT INTO classes (code, title, teacher_hash, created_ms) VALUES (?1, 'Idle', 'h', ?2)",
                rusqlite::params![format!("F{i:05}"), hour_ago + i as i64],
            )
            .unwrap();
        }
        fill.execute(
            "INSERT INTO questions (class_code, kind, game, position, play, asked_ms, shown) \
             VALUES ('F00000', 'pn', 'nim', '1', 'normal', ?1, '\"N\"')",
            [hour_ago + 600_000],
        )
        .unwrap();
        fill.commit().unwrap();
    }
    let server = Server::start(&data);
    // A new class ends the idlest empty one, the oldest made: F00001, not
    // F00000, which asked a question.
    let (code, teacher) = server.class();
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    let ended = |code: &str| {
        let db = rusqlite::Connection::open(data.join("grundy.sqlite")).unwrap();
        db.query_row("SELECT ended FROM classes WHERE code = ?1", [code], |r| {
            r.get::<_, bool>(0)
        })
        .unwrap()
    };
    assert!(ended("F00001"));
    assert!(!ended("F00000"));
    assert!(!ended("F00002"));
    // Ended to make room, a class keeps its results and can come back.
    let (status, reply) = server.post("/api/classes", json!({ "title": "Another" }));
    assert_eq!(status, 201, "{reply}");
    assert!(ended("F00002"));
    // A class that was just made is not ended for another: the next
    // creation ends the next idle one, never the two in use.
    assert!(!ended(&code));
}

#[tokio::test]
async fn a_page_s_token_travels_in_a_header_and_a_secret_qr_in_a_body() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let data = data_dir("header-token");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let url = format!("ws://127.0.0.1:{}/api/classes/{code}/live", server.port);
    let offer = |token: &str| {
        let mut request = url.as_str().into_client_request().unwrap();
        request.headers_mut().insert(
            "sec-websocket-protocol",
            format!("grundy, token.{token}").parse().unwrap(),
        );
        request
    };
    let (mut room, response) = tokio_tungstenite::connect_async(offer(&teacher))
        .await
        .unwrap();
    assert_eq!(response.headers()["sec-websocket-protocol"], "grundy");
    assert_eq!(expect(&mut room, "welcome").await["role"], "teacher");
    match tokio_tungstenite::connect_async(offer("not-a-token")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 401)
        }
        other => panic!("a wrong token in the header connected: {other:?}"),
    }
    let (status, _, svg) = server.request(
        "POST",
        "/api/qr",
        Some(&json!({ "text": "http://127.0.0.1/play.html#game=x&seat=secret" })),
        None,
    );
    assert_eq!(status, 200);
    assert!(svg.starts_with("<?xml") || svg.starts_with("<svg"), "{svg}");
}

#[test]
fn a_link_in_the_served_folder_leads_nowhere_outside_it() {
    let data = data_dir("links");
    let server = Server::start(&data);
    let dist = data.join("dist");
    std::fs::write(data.join("secret.txt"), "the teacher's notes").unwrap();
    std::os::unix::fs::symlink(data.join("secret.txt"), dist.join("notes.txt")).unwrap();
    std::os::unix::fs::symlink(&data, dist.join("up")).unwrap();
    std::fs::write(dist.join("page.html"), "<!doctype html><title>page</title>").unwrap();
    std::os::unix::fs::symlink(dist.join("page.html"), dist.join("alias.html")).unwrap();
    for path in [
        "/notes.txt",
        "/up/secret.txt",
        "/up/grundy.sqlite",
        "/%75p/secret.txt",
    ] {
        let (status, _, body) = server.request("GET", path, None, None);
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("notes"), "{path}: {body}");
    }
    // A link that stays inside is served.
    assert_eq!(server.request("GET", "/alias.html", None, None).0, 200);
    assert_eq!(server.request("GET", "/page.html", None, None).0, 200);
}

/// Forty guesses at a class code from one address, each with `headers`.
fn guess_codes(server: &Server, headers: &str) -> Vec<u16> {
    (0..40)
        .map(|i| {
            let path = format!(
                "/api/classes/AAAA{}/students",
                ["22", "23", "24", "25"][i % 4]
            );
            let headers = format!("{headers}Content-Type: application/json\r\n");
            server
                .request_with("POST", &path, &headers, r#"{"name":"G"}"#)
                .0
        })
        .collect()
}

#[tokio::test]
async fn wrong_codes_from_one_address_never_lock_out_a_token_that_is_right() {
    let data = data_dir("nat");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let (_, student) = server.join(&code, "Ana");
    // A room behind one address mistypes its code: joins by code from
    // that address are refused a while, even with a forwarded address
    // the server was not told to believe.
    let statuses = guess_codes(&server, "X-Forwarded-For: 192.0.2.9\r\n");
    assert_eq!(*statuses.last().unwrap(), 429, "{statuses:?}");
    let (status, _) = server.post(
        &format!("/api/classes/{code}/students"),
        json!({ "name": "Ben" }),
    );
    assert_eq!(status, 429);
    // Those already in, with their tokens, carry on: the teacher's
    // requests and live connection, and the student's.
    let results = format!("/api/classes/{code}/results");
    assert_eq!(server.request("GET", &results, None, Some(&teacher)).0, 200);
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    let mut phone = server.class_live(&code, &student).await;
    expect(&mut phone, "welcome").await;
    // A wrong token from the address is still refused as one.
    assert_eq!(server.request("GET", &results, None, Some("wrong")).0, 429);
}

#[test]
fn behind_a_trusted_proxy_each_client_has_limits_of_its_own() {
    let data = data_dir("proxy");
    let server = Server::start_with(&data, &["--trust-proxy", "127.0.0.1"]);
    let (code, _) = server.class();
    let statuses = guess_codes(&server, "X-Forwarded-For: 192.0.2.1\r\n");
    assert_eq!(*statuses.last().unwrap(), 429, "{statuses:?}");
    let join = |forwarded: &str, name: &str| {
        let headers = format!("X-Forwarded-For: {forwarded}\r\nContent-Type: application/json\r\n");
        let body = json!({ "name": name }).to_string();
        let path = format!("/api/classes/{code}/students");
        server.request_with("POST", &path, &headers, &body).0
    };
    assert_eq!(join("192.0.2.2", "Ana"), 201);
    // What a client writes before the proxy's own entry changes nothing.
    assert_eq!(join("192.0.2.2, 192.0.2.1", "Ben"), 429);
    assert_eq!(join("192.0.2.1, 192.0.2.3", "Ben"), 201);
}

#[test]
fn the_join_address_is_never_built_from_a_host_the_server_does_not_know() {
    let data = data_dir("host");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let auth = format!("Authorization: Bearer {teacher}\r\n");
    let join = format!("/api/classes/{code}/join");
    let (status, _, reply) = server.request_to("evil.example", "GET", &join, &auth, "");
    assert_eq!(status, 200, "{reply}");
    let reply: Value = serde_json::from_str(&reply).unwrap();
    let url = reply["url"].as_str().unwrap();
    assert_eq!(
        url,
        format!("http://127.0.0.1:{}/class.html?code={code}", server.port)
    );
    assert_eq!(reply["reachable"], false);
    // A page of a name made to lead here (DNS rebinding) is another site.
    let (status, _, reply) = server.request_to(
        "evil.example",
        "POST",
        "/api/classes",
        "Origin: http://evil.example\r\nContent-Type: application/json\r\n",
        r#"{"title":"Nim"}"#,
    );
    assert_eq!(status, 403, "{reply}");
    drop(server);

    let public = Server::start_with(
        &data_dir("public-url"),
        &["--public-url", "https://class.example/maths"],
    );
    let (code, teacher) = public.class();
    let auth = format!("Authorization: Bearer {teacher}\r\n");
    let (_, _, reply) = public.request_to(
        "evil.example",
        "GET",
        &format!("/api/classes/{code}/join"),
        &auth,
        "",
    );
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(
        reply["url"],
        format!("https://class.example/maths/class.html?code={code}")
    );
    assert_eq!(reply["reachable"], true);
    // Its pages may act.
    let (status, _, reply) = public.request_with(
        "POST",
        "/api/classes",
        "Origin: https://class.example\r\nContent-Type: application/json\r\n",
        r#"{"title":"Nim"}"#,
    );
    assert_eq!(status, 201, "{reply}");
}

fn serve_command(data: &std::path::Path, options: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_grundy-serve"))
        .args(options)
        .arg("--data")
        .arg(data)
        .output()
        .unwrap()
}

#[tokio::test]
async fn delete_class_erases_a_class_from_a_folder_no_server_holds() {
    let data = data_dir("delete");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let (kept, _) = server.class();
    server.join(&code, "Ana");
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    send(
        &mut room,
        json!({ "type": "ask", "kind": "pn", "game": "nim", "position": "1 2" }),
    )
    .await;
    expect(&mut room, "asked").await;
    // Refused while a server holds the folder.
    let refused = serve_command(&data, &["--delete-class", &code]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("another grundy serve"));
    drop(room);
    server.kill();
    let done = serve_command(&data, &["--delete-class", &code.to_lowercase()]);
    assert_eq!(done.status.code(), Some(0), "{done:?}");
    assert_eq!(
        String::from_utf8_lossy(&done.stdout),
        format!("erased class {code}: its roster, questions and answers\n")
    );
    let again = serve_command(&data, &["--delete-class", &code]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains(&format!("no class with code {code}")));
    let db = rusqlite::Connection::open(data.join("grundy.sqlite")).unwrap();
    let left: i64 = db
        .query_row(
            "SELECT (SELECT COUNT(*) FROM students) + (SELECT COUNT(*) FROM questions) \
             + (SELECT COUNT(*) FROM classes)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(left, 1, "only {kept} is left");
}

#[tokio::test]
async fn what_nobody_has_used_for_long_is_let_go() {
    use grundy_server::limits::{CLASS_RETENTION, GAME_RETENTION, MAX_GAMES};
    let data = data_dir("expiry");
    drop(grundy_server::store::SqliteStore::open(&data).unwrap());
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let long_ago = |retention: std::time::Duration| now - retention.as_millis() as i64 - 60_000;
    {
        let mut db = rusqlite::Connection::open(data.join("grundy.sqlite")).unwrap();
        let fill = db.transaction().unwrap();
        let class = "INSERT INTO classes (code, title, teacher_hash, ended, created_ms) VALUES (?1, 'Old', 'h', 1, ?2)";
        fill.execute(
            class,
            rusqlite::params!["OLDOLD", long_ago(CLASS_RETENTION)],
        )
        .unwrap();
        // Made long ago, but joined lately: kept.
        fill.execute(
            class,
            rusqlite::params!["KEPTKE", long_ago(CLASS_RETENTION)],
        )
        .unwrap();
        fill.execute(
            "INSERT INTO students (class_code, name, token_hash, joined_ms) VALUES ('KEPTKE', 'Ana', 'x', ?1)",
            [now],
        )
        .unwrap();
        // As many games as a server holds: one unplayed for a month, one
        // for 20 minutes, the rest played in the last minute.
        let mut game = fill
            .prepare("INSERT INTO games (id, game, play, start, seat0_hash, seat1_hash, created_ms, active_ms) VALUES (?1, 'nim', 'normal', '3', 'a', 'b', ?2, ?2)")
            .unwrap();
        game.execute(rusqlite::params!["stale", long_ago(GAME_RETENTION)])
            .unwrap();
        game.execute(rusqlite::params!["g1", now - 20 * 60_000])
            .unwrap();
        for i in 2..MAX_GAMES {
            game.execute(rusqlite::params![
                format!("g{i}"),
                now - 60_000 + i as i64 % 1000
            ])
            .unwrap();
        }
        drop(game);
        fill.commit().unwrap();
    }
    let server = Server::start(&data);
    let count = |sql: &str| -> i64 {
        let db = rusqlite::Connection::open(data.join("grundy.sqlite")).unwrap();
        db.query_row(sql, [], |r| r.get(0)).unwrap()
    };
    // The sweep runs as the server starts.
    for _ in 0..100 {
        if count("SELECT COUNT(*) FROM classes WHERE code = 'OLDOLD'") == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(
        count("SELECT COUNT(*) FROM classes WHERE code = 'OLDOLD'"),
        0
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM classes WHERE code = 'KEPTKE'"),
        1
    );
    assert_eq!(count("SELECT COUNT(*) FROM games WHERE id = 'stale'"), 0);
    // One game short of full, one more fits; the next takes the place
    // of the game unplayed for 20 minutes; past that, every game was
    // played in the last ten minutes, so a new one waits.
    let new_game = || server.post("/api/games", json!({ "game": "nim", "position": "3" }));
    assert_eq!(new_game().0, 201);
    assert_eq!(count("SELECT COUNT(*) FROM games WHERE id = 'g1'"), 1);
    assert_eq!(new_game().0, 201);
    assert_eq!(count("SELECT COUNT(*) FROM games WHERE id = 'g1'"), 0);
    let (status, reply) = new_game();
    assert_eq!(status, 503, "{reply}");
    assert!(
        reply["error"].as_str().unwrap().contains("try again"),
        "{reply}"
    );
}

#[tokio::test]
async fn a_lesson_is_read_over_http_by_its_class_alone_and_never_sent_live() {
    let data = data_dir("lesson");
    let server = Server::start(&data);
    let lesson = "# Sums\n\n```notes\nWhisper: heap three.\n```\n\nTwo games side by side.\n";
    let (status, reply) = server.post("/api/classes", json!({ "lesson": lesson }));
    assert_eq!(status, 201, "{reply}");
    let code = reply["code"].as_str().unwrap().to_string();
    let teacher = reply["teacher"].as_str().unwrap().to_string();
    let (_, student) = server.join(&code, "Ana");
    // The welcome says there is a lesson, and holds none of it.
    let mut phone = server.class_live(&code, &student).await;
    let welcome = expect(&mut phone, "welcome").await;
    assert_eq!(welcome["class"]["lesson"], true);
    assert!(!welcome.to_string().contains("side by side"));
    let path = format!("/api/classes/{code}/lesson");
    let read = |token: Option<&str>| {
        let (status, _, body) = server.request("GET", &path, None, token);
        (status, serde_json::from_str::<Value>(&body).unwrap())
    };
    // The teacher reads it whole; a student reads it without its notes.
    let (status, whole) = read(Some(&teacher));
    assert_eq!((status, whole["lesson"].as_str()), (200, Some(lesson)));
    let (status, copy) = read(Some(&student));
    let copy = copy["lesson"].as_str().unwrap().to_string();
    assert_eq!(status, 200);
    assert!(
        copy.contains("side by side") && !copy.contains("Whisper"),
        "{copy}"
    );
    // Nobody else.
    assert_eq!(read(None).0, 401);
    assert_eq!(read(Some("not-a-token")).0, 401);
    // A class without a lesson says so.
    let (plain, plain_teacher) = server.class();
    let mut room = server.class_live(&plain, &plain_teacher).await;
    assert_eq!(expect(&mut room, "welcome").await["class"]["lesson"], false);
    let (_, _, body) = server.request(
        "GET",
        &format!("/api/classes/{plain}/lesson"),
        None,
        Some(&plain_teacher),
    );
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["lesson"],
        Value::Null
    );
}

#[tokio::test]
async fn one_address_holds_a_bounded_number_of_live_connections() {
    use grundy_server::limits::MAX_CONNECTIONS_PER_ADDRESS;
    let data = data_dir("per-address");
    let server = Server::start(&data);
    let (code, _) = server.class();
    let path = format!("/api/classes/{code}/live");
    let one = std::net::IpAddr::from([127, 0, 3, 1]);
    let mut sockets = Vec::new();
    let mut token = String::new();
    for i in 0..MAX_CONNECTIONS_PER_ADDRESS {
        if i % MAX_CONNECTIONS_PER_TOKEN == 0 {
            token = server.join(&code, &format!("S{i}")).1;
        }
        sockets.push(server.live_from(one, &path, &token).await.unwrap());
    }
    let (_, fresh) = server.join(&code, "Fresh");
    assert_eq!(server.live_from(one, &path, &fresh).await.err(), Some(429));
    // Another address is not held back, and a closed connection makes room.
    let other = std::net::IpAddr::from([127, 0, 3, 2]);
    let mut elsewhere = server.live_from(other, &path, &fresh).await.unwrap();
    expect(&mut elsewhere, "welcome").await;
    drop(sockets.pop());
    let mut again = None;
    for _ in 0..50 {
        if let Ok(socket) = server.live_from(one, &path, &fresh).await {
            again = Some(socket);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    expect(&mut again.expect("room once one closed"), "welcome").await;
}

#[tokio::test]
async fn moves_on_a_sum_costly_to_solve_are_checked_without_solving_it() {
    let data = data_dir("heavy-sum");
    let server = Server::start(&data);
    // Eight Cram boards of 5 × 6: valuing every move of this sum takes
    // seconds of engine work, which no move check may cost.
    let board = format!("{}\n", ["......"; 5].join("\n"));
    let sum: String = (0..8).map(|_| format!("--- cram\n{board}")).collect();
    let (status, reply) = server.post("/api/games", json!({ "game": "sum", "position": sum }));
    assert_eq!(status, 201, "{reply}");
    let path = format!("/api/games/{}/live", reply["id"].as_str().unwrap());
    let mut seat = server
        .live(&path, reply["seats"][0].as_str().unwrap())
        .await
        .unwrap();
    expect(&mut seat, "state").await;
    // Positions no move leaves, each refused in turn.
    for bogus in [
        sum.replacen("......", "#.#...", 1),
        sum.replace("......", "##...."),
    ] {
        send(&mut seat, json!({ "type": "move", "after": bogus })).await;
        let error = expect(&mut seat, "error").await;
        assert!(
            error["message"].as_str().unwrap().contains("not one move"),
            "{error}"
        );
    }
    // A domino in the first board is a move.
    send(
        &mut seat,
        json!({ "type": "move", "after": sum.replacen("......", "##....", 1) }),
    )
    .await;
    let state = expect(&mut seat, "state").await;
    assert_eq!(state["ply"], 1, "{state}");
}

#[tokio::test]
async fn a_question_too_costly_to_work_out_is_refused_and_its_work_stopped() {
    let data = data_dir("costly-question");
    let server = Server::start(&data);
    let (code, teacher) = server.class();
    let mut room = server.class_live(&code, &teacher).await;
    expect(&mut room, "welcome").await;
    let (_, token) = server.join(&code, "Ada");
    let mut ada = server.class_live(&code, &token).await;
    expect(&mut ada, "welcome").await;
    // The same teacher's second class asks it too, from the same address.
    let (other_code, other_teacher) = server.class();
    let mut other_room = server.class_live(&other_code, &other_teacher).await;
    expect(&mut other_room, "welcome").await;
    for socket in [&mut room, &mut other_room] {
        send(socket, costly_question()).await;
    }
    // One address's questions are worked out one after another.
    let mut most = 0;
    for _ in 0..10 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        most = most.max(server.children());
    }
    assert_eq!(most, 1, "one address held {most} workers");
    for socket in [&mut room, &mut other_room] {
        let refused = expect(socket, "error").await;
        let message = refused["message"].as_str().unwrap();
        assert!(
            message.contains("too large to work out on this server")
                && message.contains(&format!("{} s", ANSWER_KEY_TIME.as_secs())),
            "{refused}"
        );
    }
    // The work was stopped, not left running: its process is gone.
    let mut waited = 0;
    while server.children() > 0 && waited < 50 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        waited += 1;
    }
    assert_eq!(server.children(), 0, "a worker outlived its question");
    // The class goes on: the next question reaches the student.
    send(
        &mut room,
        json!({ "type": "ask", "kind": "pn", "game": "nim", "position": "1 2 3" }),
    )
    .await;
    expect(&mut room, "asked").await;
    assert_eq!(expect(&mut ada, "question").await["position"], "1 2 3\n");
}
