//! Engine work on the server runs here, in two kinds.
//!
//! Checking a move or marking an answer is quick: it runs on tokio's
//! blocking threads, but never more at once than the machine has cores,
//! first come first served. A game whose moves are costly to check then
//! takes its turn in the queue beside a class's questions and answers,
//! rather than holding every core (each connection's frames are handled
//! one after another, so a connection has at most one piece of work queued).
//!
//! Working out a question's answer key values the whole position, which
//! the playground's limits allow to take many seconds. It runs in a process
//! of its own (this binary, started with [`WORKER_ARGUMENT`]), killed at
//! [`ANSWER_KEY_TIME`]: a position past it is refused when asked, and
//! never holds a core or the server's memory afterwards.

use crate::limits::{Turns, ANSWER_KEY_TIME};
use crate::marking::{AnswerKey, Kind};
use crate::puzzle_set::{SetAsked, SetPuzzle};
use grundy_core::analysis::Convention;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::net::IpAddr;
use std::process::{ExitCode, Stdio};
use std::sync::OnceLock;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Semaphore;

/// Engine work that panicked, or a server stopping under it.
#[derive(Debug)]
pub struct EngineFailed;

/// How many pieces of engine work run at once: the machine's cores.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

fn pool() -> &'static Semaphore {
    static POOL: OnceLock<Semaphore> = OnceLock::new();
    POOL.get_or_init(|| Semaphore::new(threads()))
}

/// Runs `work` once a place in the pool is free.
pub async fn run<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, EngineFailed> {
    let _place = pool().acquire().await.map_err(|_| EngineFailed)?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| EngineFailed)
}

/// The argument that makes the server's binary work out one answer key or
/// one set of puzzles: the order as JSON on stdin, the reply on stdout.
pub const WORKER_ARGUMENT: &str = "--work-out-answer-key";

/// A question as the worker reads it.
#[derive(Serialize, Deserialize)]
struct Asked {
    kind: Kind,
    game: String,
    position: String,
    play: Convention,
}

/// What a worker is asked for: one question's key, or a set of puzzles.
#[derive(Serialize, Deserialize)]
enum Order {
    Key(Asked),
    Set(SetAsked),
}

/// What the teacher is told when the worker fails rather than answers.
const ENGINE_FAILED: &str = "the engine failed on this position";

/// The worker's reply: the key and the position as the engine writes it,
/// the puzzles of a set, or why there is none.
#[derive(Serialize, Deserialize)]
enum Reply {
    Key { key: AnswerKey, written: String },
    Set(Vec<SetPuzzle>),
    Refused(String),
}

/// Answer keys worked out at once: one a core, apart from the pool, so
/// that questions being worked out never delay moves and answers.
fn workers() -> &'static Semaphore {
    static WORKERS: OnceLock<Semaphore> = OnceLock::new();
    WORKERS.get_or_init(|| Semaphore::new(threads()))
}

/// Whose answer keys are being worked out: one at a time per address.
fn askers() -> &'static Turns {
    static ASKERS: OnceLock<Turns> = OnceLock::new();
    ASKERS.get_or_init(Turns::default)
}

/// Works out the answer to a `kind` question about `position` in a worker
/// process, stopped at [`ANSWER_KEY_TIME`]; the key and the position as the
/// engine writes it, or a sentence saying why there is none. Keys that
/// `asker`'s address wants are worked out one after another, so that one
/// client holds at most one worker.
pub async fn answer_key(
    asker: IpAddr,
    kind: Kind,
    game: &str,
    position: &str,
    play: Convention,
) -> Result<(AnswerKey, String), String> {
    let asked = Asked {
        kind,
        game: game.into(),
        position: position.into(),
        play,
    };
    match in_worker(asker, &Order::Key(asked)).await? {
        Reply::Key { key, written } => Ok((key, written)),
        _ => Err(ENGINE_FAILED.into()),
    }
}

/// Draws a set of puzzles and works out each one's key in a worker
/// process, under the same time and the same turns as an answer key.
pub async fn puzzle_set(asker: IpAddr, asked: SetAsked) -> Result<Vec<SetPuzzle>, String> {
    match in_worker(asker, &Order::Set(asked)).await? {
        Reply::Set(puzzles) => Ok(puzzles),
        _ => Err(ENGINE_FAILED.into()),
    }
}

/// Runs one order in a worker process, killed at [`ANSWER_KEY_TIME`]; a
/// refusal comes back as the error.
async fn in_worker(asker: IpAddr, order: &Order) -> Result<Reply, String> {
    let failed = |_| ENGINE_FAILED.to_string();
    let order = serde_json::to_vec(order).expect("an order is JSON");
    let _turn = askers().take(asker).await;
    let _worker = workers()
        .acquire()
        .await
        .map_err(|_| "the server is stopping".to_string())?;
    let mut child = tokio::process::Command::new(own_binary())
        .arg(WORKER_ARGUMENT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .map_err(failed)?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(&order).await.map_err(failed)?;
    drop(stdin);
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut output = Vec::new();
    let read = tokio::time::timeout(ANSWER_KEY_TIME, stdout.read_to_end(&mut output)).await;
    // Killed and reaped on time-out; a worker that has written its reply
    // is about to exit of itself.
    match read {
        Ok(read) => _ = read.map_err(failed)?,
        Err(_) => {
            let _ = child.kill().await;
            return Err(too_long());
        }
    }
    let _ = child.wait().await;
    match serde_json::from_slice(&output) {
        Ok(Reply::Refused(why)) => Err(why),
        Ok(reply) => Ok(reply),
        Err(_) => Err(ENGINE_FAILED.into()),
    }
}

/// The refusal of a question whose key takes longer than the server gives.
fn too_long() -> String {
    format!(
        "too large to work out on this server: the engine gives a question {} s; ask about a smaller position",
        ANSWER_KEY_TIME.as_secs()
    )
}

/// The server's own binary, even when a new build has replaced its file.
fn own_binary() -> std::path::PathBuf {
    if cfg!(target_os = "linux") {
        "/proc/self/exe".into()
    } else {
        std::env::current_exe().unwrap_or_else(|_| "grundy-serve".into())
    }
}

/// The worker: reads one order on stdin and writes its [`Reply`].
pub fn worker() -> ExitCode {
    let mut input = Vec::new();
    let reply = match std::io::stdin().read_to_end(&mut input) {
        Ok(_) => match serde_json::from_slice::<Order>(&input) {
            Ok(Order::Key(Asked {
                kind,
                game,
                position,
                play,
            })) => match AnswerKey::work_out(kind, &game, &position, play) {
                Ok((key, written)) => Reply::Key { key, written },
                Err(why) => Reply::Refused(why),
            },
            Ok(Order::Set(asked)) => match asked.draw() {
                Ok(puzzles) => Reply::Set(puzzles),
                Err(why) => Reply::Refused(why),
            },
            Err(e) => Reply::Refused(format!("not an order: {e}")),
        },
        Err(e) => Reply::Refused(format!("no order read: {e}")),
    };
    let written = serde_json::to_vec(&reply).expect("a reply is JSON");
    match std::io::stdout().write_all(&written) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
