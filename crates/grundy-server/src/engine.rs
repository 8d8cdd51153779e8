//! Engine work on the server runs here: on tokio's blocking threads, but
//! never more at once than the machine has cores, first come first
//! served. A game whose moves are costly to check then takes its turn in
//! the queue beside a class's questions and answers, rather than holding
//! every core (each connection's frames are handled one after another, so
//! a connection has at most one piece of work queued).

use std::sync::OnceLock;
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
