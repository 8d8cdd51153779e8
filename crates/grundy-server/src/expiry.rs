//! What the server forgets, so that nothing a stranger makes stays for
//! good: a class nobody has joined or asked in for [`CLASS_RETENTION`] is
//! erased with its results, and a game nobody has moved in for
//! [`GAME_RETENTION`] is deleted. Swept as the server starts and every
//! [`SWEEP`] after; what has a device connected is kept.

use crate::limits::{CLASS_RETENTION, GAME_RETENTION};
use crate::store::StoreError;
use crate::{class, game, now_ms, App};

/// Classes or games taken from the store in one go.
const BATCH: usize = 500;

pub fn sweep(app: &App) -> Result<(), StoreError> {
    let now = now_ms();
    let class_cutoff = now - CLASS_RETENTION.as_millis() as i64;
    in_batches(
        || app.store.classes_idle_since(class_cutoff, BATCH),
        |code| {
            let mut rooms = app.rooms.lock().unwrap_or_else(|p| p.into_inner());
            if rooms.get(code).is_some_and(|r| class::lock(r).is_live()) {
                return Ok(false);
            }
            rooms.remove(code);
            app.store.erase_class(code)
        },
    )?;
    let game_cutoff = now - GAME_RETENTION.as_millis() as i64;
    in_batches(
        || app.store.games_idle_since(game_cutoff, BATCH),
        |id| {
            let mut tables = app.tables.lock().unwrap_or_else(|p| p.into_inner());
            if tables.get(id).is_some_and(|t| game::lock(t).is_live()) {
                return Ok(false);
            }
            tables.remove(id);
            app.store.delete_game(id).map(|()| true)
        },
    )
}

/// Lets go of what `next` names, a batch at a time, until a batch lets
/// nothing go (it is empty, or all of it is in use).
fn in_batches(
    next: impl Fn() -> Result<Vec<String>, StoreError>,
    let_go: impl Fn(&str) -> Result<bool, StoreError>,
) -> Result<(), StoreError> {
    loop {
        let mut progressed = false;
        for key in next()? {
            progressed |= let_go(&key)?;
        }
        if !progressed {
            return Ok(());
        }
    }
}
