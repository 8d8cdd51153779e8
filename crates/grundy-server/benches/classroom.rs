//! The class server under a classroom's load, on loopback: one class of 500
//! students, then 50 classes of 40 at once. For each question it measures
//! the time from the teacher's ask until every student has it (p50, p95,
//! p99 over the questions, and over every student's copy), how many
//! answers a second the server marks, and the server's memory per
//! connected student; then a game between two devices on a 5 × 6 Cram
//! board, timing each move from the frame to the other seat's state (the
//! server checks the move against the position's options, and works out
//! whether the game is over); then 2 000 connections that never read, and
//! the server's memory with them and after they close; then a class of 40
//! asked 20 questions beside an attacker whose 8 sockets send moves on a
//! sum of eight Cram boards as fast as they may, with the ask times, the
//! server's CPU and memory, against the same class alone; then the same
//! class beside a teacher of 8 classes who asks each, over and over, a
//! question whose key takes half a minute of engine work.
//! Run with `cargo bench -p grundy-server`; the
//! clients share the machine's cores with the server, so the figures are
//! an upper bound on what the server alone takes.

#[path = "../tests/server/mod.rs"]
mod server;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use server::{costly_question, data_dir, Server, Socket};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;
use tokio_tungstenite::tungstenite::Message;

const QUESTIONS: usize = 20;

/// Students connected so far, to give each hundred an address of its own.
static DEVICES: AtomicUsize = AtomicUsize::new(0);

/// What every student of one class reports to its teacher.
struct Class {
    code: String,
    teacher: String,
    students: Vec<String>,
    /// When each student got the current question.
    received: Mutex<Vec<Instant>>,
    got_all: Notify,
    answered: AtomicUsize,
}

fn rss_kb(server: &Server) -> u64 {
    server.usage().0
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn summary(label: &str, mut values: Vec<f64>) {
    values.sort_by(f64::total_cmp);
    println!(
        "  {label}: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms (n = {})",
        percentile(&values, 0.5),
        percentile(&values, 0.95),
        percentile(&values, 0.99),
        values.len()
    );
}

async fn next_text(socket: &mut Socket) -> Option<Value> {
    loop {
        match socket.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// A student: takes every question, notes when it came, answers at once.
async fn student(mut socket: Socket, class: Arc<Class>) {
    while let Some(frame) = next_text(&mut socket).await {
        if frame["type"] == "question" {
            let now = Instant::now();
            let all = {
                let mut received = class.received.lock().unwrap();
                received.push(now);
                received.len() == class.students.len()
            };
            if all {
                class.got_all.notify_one();
            }
            let answer = json!({ "type": "answer", "question": frame["question"], "answer": "P" });
            if socket
                .send(Message::Text(answer.to_string().into()))
                .await
                .is_err()
            {
                return;
            }
        } else if frame["type"] == "answered" {
            class.answered.fetch_add(1, Ordering::Relaxed);
        }
    }
}

struct Measured {
    /// Ask until the last student has the question, per question.
    all: Vec<f64>,
    /// Ask until each student has it, per student and question.
    each: Vec<f64>,
    answers: usize,
    answering: Duration,
}

/// The teacher asks `QUESTIONS` questions, each after the last is answered by all.
async fn teach(server: Arc<Server>, class: Arc<Class>) -> Measured {
    let mut room = server.class_live(&class.code, &class.teacher).await;
    let mut measured = Measured {
        all: vec![],
        each: vec![],
        answers: 0,
        answering: Duration::ZERO,
    };
    for q in 0..QUESTIONS {
        class.received.lock().unwrap().clear();
        let before = class.answered.load(Ordering::Relaxed);
        let position = format!("{} {} {}", q + 1, q + 2, q + 3);
        let ask = json!({ "type": "ask", "kind": "pn", "game": "nim", "position": position });
        let asked = Instant::now();
        room.send(Message::Text(ask.to_string().into()))
            .await
            .unwrap();
        let everyone = class.got_all.notified();
        tokio::time::timeout(Duration::from_secs(60), everyone)
            .await
            .expect("every student got the question");
        let received = class.received.lock().unwrap().clone();
        let last = received.iter().max().copied().unwrap_or(asked);
        measured
            .all
            .push(last.duration_since(asked).as_secs_f64() * 1000.0);
        measured.each.extend(
            received
                .iter()
                .map(|t| t.duration_since(asked).as_secs_f64() * 1000.0),
        );
        // Every answer marked and acknowledged.
        let target = before + class.students.len();
        while class.answered.load(Ordering::Relaxed) < target {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        measured.answering += asked.elapsed();
        measured.answers += class.students.len();
        // Drain the teacher's frames so its queue never fills.
        while let Ok(Some(_)) =
            tokio::time::timeout(Duration::from_millis(5), next_text(&mut room)).await
        {}
    }
    measured
}

async fn open_class(server: &Server, size: usize) -> (Arc<Class>, Vec<Socket>) {
    let (code, teacher) = server.class();
    let students: Vec<String> = (0..size)
        .map(|i| server.join(&code, &format!("Student {i}")).1)
        .collect();
    let mut sockets = Vec::with_capacity(size);
    let path = format!("/api/classes/{code}/live");
    for token in &students {
        // Students on devices of their own, 100 to an address.
        let device = DEVICES.fetch_add(1, Ordering::Relaxed) / 100;
        let from = std::net::IpAddr::from([127, 4, (device >> 8) as u8, (device & 255) as u8 + 1]);
        let mut socket = server
            .live_from(from, &path, token)
            .await
            .expect("connected");
        next_text(&mut socket).await.expect("welcome");
        sockets.push(socket);
    }
    let class = Arc::new(Class {
        code,
        teacher,
        students,
        received: Mutex::new(Vec::new()),
        got_all: Notify::new(),
        answered: AtomicUsize::new(0),
    });
    (class, sockets)
}

async fn scenario(server: Arc<Server>, classes: usize, size: usize) {
    println!("{classes} class(es) of {size} students, {QUESTIONS} questions each:");
    let idle = rss_kb(&server);
    let mut opened = Vec::new();
    for _ in 0..classes {
        opened.push(open_class(&server, size).await);
    }
    let connected = rss_kb(&server);
    let students = classes * size;
    println!(
        "  server memory: {} KB before, {} KB with {students} students connected: {:.1} KB a student",
        idle,
        connected,
        (connected.saturating_sub(idle)) as f64 / students as f64
    );
    let mut teachers = Vec::new();
    for (class, sockets) in opened {
        for socket in sockets {
            tokio::spawn(student(socket, class.clone()));
        }
        teachers.push(class);
    }
    let started = Instant::now();
    let runs: Vec<_> = teachers
        .into_iter()
        .map(|class| tokio::spawn(teach(server.clone(), class)))
        .collect();
    let mut all = Vec::new();
    let mut each = Vec::new();
    let mut answers = 0;
    for run in runs {
        let measured = run.await.unwrap();
        all.extend(measured.all);
        each.extend(measured.each);
        answers += measured.answers;
    }
    let elapsed = started.elapsed().as_secs_f64();
    summary("ask until every student of the class has it", all);
    summary("ask until each student has it", each);
    println!(
        "  {answers} answers marked in {elapsed:.2} s of asking: {:.0} answers a second",
        answers as f64 / elapsed
    );
    println!("  server memory at the end: {} KB", rss_kb(&server));
}

/// The next position of a game: its first move, as the engine writes it.
fn first_option(game: &str, text: &str) -> Option<String> {
    let mut session = grundy_core::games::open(game, text, 0).ok()?;
    let mut walk = session.walk();
    if walk.moves() == 0 {
        return None;
    }
    walk.enter(0).ok()?;
    walk.text()
}

/// Two seats play `moves` moves of Cram on a 5 × 6 board, whose full
/// analysis takes seconds; each move is timed until the other seat has
/// the new state.
async fn large_board_game(server: &Server, moves: usize) {
    let board = format!("{}\n", vec![".".repeat(6); 5].join("\n"));
    let (status, reply) = server.post("/api/games", json!({ "game": "cram", "position": board }));
    assert_eq!(status, 201, "{reply}");
    let id = reply["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/live");
    let mut seats = Vec::new();
    for seat in 0..2 {
        let started = Instant::now();
        let mut socket = server
            .live(&path, reply["seats"][seat].as_str().unwrap())
            .await
            .unwrap();
        next_text(&mut socket).await.unwrap();
        if seat == 0 {
            println!(
                "  the first connection to the game: {:.1} ms",
                started.elapsed().as_secs_f64() * 1000.0
            );
        }
        seats.push(socket);
    }
    let mut position = board;
    let mut times = Vec::new();
    for ply in 0..moves {
        let Some(after) = first_option("cram", &position) else {
            break;
        };
        let frame = json!({ "type": "move", "after": after });
        let started = Instant::now();
        seats[ply % 2]
            .send(Message::Text(frame.to_string().into()))
            .await
            .unwrap();
        let state = loop {
            let state = next_text(&mut seats[1 - ply % 2]).await.unwrap();
            if state["type"] == "state" {
                break state;
            }
        };
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(state["ply"], ply + 1, "{state}");
        next_text(&mut seats[ply % 2]).await.unwrap();
        position = state["position"].as_str().unwrap().to_string();
    }
    println!("Cram on a 5 × 6 board, between two devices:");
    summary("a move, from its frame to the other seat's state", times);
}

/// The class's own lesson, as long as a body may carry: every welcome
/// holds it.
fn long_lesson() -> String {
    let line = "A position is a P-position when every move leads to an N-position.\n";
    format!("# Nim\n\n{}", line.repeat(3000))
}

/// `count` connections to one class that never read a frame, from
/// loopback addresses of 250 each; the server's memory with them open,
/// and after they close.
async fn idle_sockets(server: &Server, count: usize) {
    let (status, reply) = server.post(
        "/api/classes",
        json!({ "title": "Idle", "lesson": long_lesson() }),
    );
    assert_eq!(status, 201, "{reply}");
    let code = reply["code"].as_str().unwrap().to_string();
    let before = rss_kb(server);
    let path = format!("/api/classes/{code}/live");
    let mut sockets = Vec::with_capacity(count);
    let per_token = grundy_server::limits::MAX_CONNECTIONS_PER_TOKEN;
    let mut token = String::new();
    for i in 0..count {
        if i % per_token == 0 {
            token = server.join(&code, &format!("Idle {i}")).1;
        }
        let from = std::net::IpAddr::from([127, 0, 1, 1 + (i / 250) as u8]);
        sockets.push(
            server
                .live_from(from, &path, &token)
                .await
                .expect("connected"),
        );
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let open = rss_kb(server);
    drop(sockets);
    tokio::time::sleep(Duration::from_secs(5)).await;
    let after = rss_kb(server);
    println!(
        "{count} connections that never read, each welcomed with a lesson of {} KB:",
        long_lesson().len() / 1024
    );
    println!("  server memory: {before} KB before, {open} KB with them open, {after} KB 5 s after they close");
}

/// A sum of eight Cram boards of 5 × 6: every move on it is checked
/// against some 400 options.
fn heavy_sum() -> String {
    let board = format!("{}\n", vec![".".repeat(6); 5].join("\n"));
    (0..8).map(|_| format!("--- cram\n{board}")).collect()
}

/// One attacking socket: nine moves no position allows, then a ping, so
/// that it is never closed for bad frames, at 19 frames a second, until
/// `stop`.
/// Returns the frames it sent, and the replies it read.
async fn attack(mut socket: Socket, stop: Arc<std::sync::atomic::AtomicBool>) -> (usize, usize) {
    let bogus =
        json!({ "type": "move", "after": heavy_sum().replace("--- cram\n.", "--- cram\n#") });
    let ping = json!({ "type": "ping" });
    let (mut sent, mut answered) = (0, 0);
    let mut tick = tokio::time::interval(Duration::from_millis(1000 / 19));
    while !stop.load(Ordering::Relaxed) {
        tick.tick().await;
        let frame = if sent % 10 == 9 { &ping } else { &bogus };
        if socket
            .send(Message::Text(frame.to_string().into()))
            .await
            .is_err()
        {
            break;
        }
        sent += 1;
        // Replies are read, so that the attacker is never closed for
        // falling behind.
        while let Ok(Some(_)) = tokio::time::timeout(Duration::ZERO, next_text(&mut socket)).await {
            answered += 1;
        }
    }
    (sent, answered)
}

/// One teacher's socket asking the costly question again each time it is
/// refused, until `stop`. Returns the questions it asked, and the refusals.
async fn ask_costly(
    mut socket: Socket,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> (usize, usize) {
    let (mut sent, mut refused) = (0, 0);
    while !stop.load(Ordering::Relaxed) {
        let ask = costly_question().to_string();
        if socket.send(Message::Text(ask.into())).await.is_err() {
            break;
        }
        sent += 1;
        loop {
            match tokio::time::timeout(Duration::from_millis(200), next_text(&mut socket)).await {
                Ok(Some(frame)) if frame["type"] == "error" => {
                    refused += 1;
                    break;
                }
                Ok(Some(_)) => {}
                Ok(None) => return (sent, refused),
                Err(_) if stop.load(Ordering::Relaxed) => return (sent, refused),
                Err(_) => {}
            }
        }
    }
    (sent, refused)
}

/// What attacks a class: sockets sending bogus moves on a heavy sum, or
/// teachers asking a question too costly to work out.
#[derive(Clone, Copy)]
enum Attack {
    Moves,
    Questions,
}

/// A class of `size` asked [`QUESTIONS`] questions, with `attackers`
/// sockets attacking beside it from another address.
async fn class_beside(server: Arc<Server>, size: usize, attackers: usize, kind: Attack) {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut attacks = Vec::new();
    let from = std::net::IpAddr::from([127, 0, 2, 1]);
    for i in 0..attackers {
        if let Attack::Questions = kind {
            let (code, teacher) = server.class();
            let path = format!("/api/classes/{code}/live");
            let mut socket = server
                .live_from(from, &path, &teacher)
                .await
                .expect("attacker connected");
            next_text(&mut socket).await.expect("welcome");
            attacks.push(tokio::spawn(ask_costly(socket, stop.clone())));
            continue;
        }
        let (status, reply) = server.post(
            "/api/games",
            json!({ "game": "sum", "position": heavy_sum() }),
        );
        assert_eq!(status, 201, "{reply}");
        let path = format!("/api/games/{}/live", reply["id"].as_str().unwrap());
        let seat = reply["seats"][i % 2].as_str().unwrap().to_string();
        let socket = server
            .live_from(from, &path, &seat)
            .await
            .expect("attacker connected");
        attacks.push(tokio::spawn(attack(socket, stop.clone())));
    }
    let (class, sockets) = open_class(&server, size).await;
    for socket in sockets {
        tokio::spawn(student(socket, class.clone()));
    }
    let (_, cpu_before) = server.usage();
    let started = Instant::now();
    let measured = teach(server.clone(), class).await;
    let elapsed = started.elapsed();
    let (rss, cpu_after) = server.usage();
    stop.store(true, Ordering::Relaxed);
    let (mut frames, mut answered) = (0, 0);
    for run in attacks {
        let (sent, replies) = run.await.unwrap();
        frames += sent;
        answered += replies;
    }
    let what = match kind {
        Attack::Moves => "sockets sending moves",
        Attack::Questions => "teachers asking costly questions",
    };
    println!("a class of {size}, {QUESTIONS} questions, beside {attackers} {what}:");
    summary("ask until every student of the class has it", measured.all);
    println!(
        "  server CPU {:.0} % of one core over {:.1} s; memory {rss} KB; the attack sent {frames} frames ({:.0} a second), {answered} answered or refused",
        100.0 * (cpu_after - cpu_before).as_secs_f64() / elapsed.as_secs_f64(),
        elapsed.as_secs_f64(),
        frames as f64 / elapsed.as_secs_f64()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `--list` asks for nothing here, and a
    // word (`cargo bench -p grundy-server -- attack`) runs only the
    // scenarios whose names hold it: class-500, classes-50x40, game,
    // idle, attack, askers.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let filter = args.iter().find(|a| !a.starts_with("--")).cloned();
    let wanted = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        if wanted("class-500") {
            let data = data_dir("bench-500");
            scenario(Arc::new(Server::start(&data)), 1, 500).await;
        }
        if wanted("classes-50x40") {
            let data = data_dir("bench-50x40");
            scenario(Arc::new(Server::start(&data)), 50, 40).await;
        }
        if wanted("game") {
            let data = data_dir("bench-game");
            large_board_game(&Server::start(&data), 20).await;
        }
        if wanted("idle") {
            idle_sockets(&Server::start(&data_dir("bench-idle")), 2000).await;
        }
        if wanted("attack") {
            let alone = Arc::new(Server::start(&data_dir("bench-alone")));
            class_beside(alone, 40, 0, Attack::Moves).await;
            let attacked = Arc::new(Server::start(&data_dir("bench-attack")));
            class_beside(attacked, 40, 8, Attack::Moves).await;
        }
        if wanted("askers") {
            let attacked = Arc::new(Server::start(&data_dir("bench-askers")));
            class_beside(attacked, 40, 8, Attack::Questions).await;
        }
    });
    // Ends the students' tasks, and with the last handle, each server.
    runtime.shutdown_background();
}
