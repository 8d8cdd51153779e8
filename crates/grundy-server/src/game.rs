//! A game between two devices: one position, two seats, moves checked by
//! the engine, every move kept before it is shown.

use crate::frames::{self, GameFrame};
use crate::limits::{IDLE_BEFORE_ENDED, MAX_GAMES};
use crate::marking::{parse_play, Position};
use crate::socket::{self, Conn, Peer};
use crate::store::{GameRecord, Store, StoreError};
use crate::{engine, now_ms, App};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub struct Table {
    pub record: GameRecord,
    /// Whether the player to move has no move.
    over: bool,
    /// The id of the last move among its position's moves, so that the
    /// other seat's board plays it and marks it as the last move.
    last_move: Option<u32>,
    /// Each seat's connections.
    seats: [Vec<Conn>; 2],
}

impl Table {
    /// The game as stored, with whether it is over worked out by the engine.
    pub fn load(record: GameRecord) -> Result<Table, String> {
        let play = parse_play(&record.play).unwrap_or_default();
        let mut position = Position::open(&record.game, current(&record), play)?;
        let last_move = match previous(&record) {
            Some(before) => {
                Position::open(&record.game, before, play)?.move_id_to(&mut position)?
            }
            None => None,
        };
        Ok(Table {
            over: position.finished(),
            last_move,
            record,
            seats: Default::default(),
        })
    }

    fn ply(&self) -> usize {
        self.record.moves.len()
    }

    /// Which seat holds the token with this hash.
    pub fn seat(&self, token_hash: &str) -> Option<usize> {
        self.record.seat_hashes.iter().position(|h| h == token_hash)
    }

    fn state(&self) -> Value {
        let turn = self.ply() % 2;
        let mut state = json!({
            "type": "state",
            "game": self.record.game,
            "play": self.record.play,
            "start": self.record.start,
            "position": current(&self.record),
            "ply": self.ply(),
            "turn": turn,
            "over": self.over,
        });
        if let (Some(before), Some(id)) = (previous(&self.record), self.last_move) {
            state["before"] = before.into();
            state["last"] = id.into();
        }
        if self.over {
            // Whoever cannot move loses under normal play and wins under misère.
            let winner = if self.record.play == "misere" {
                turn
            } else {
                1 - turn
            };
            state["winner"] = winner.into();
        }
        state
    }

    /// The state as `seat` is sent it.
    fn state_for(&self, seat: usize) -> Arc<str> {
        let mut state = self.state();
        state["seat"] = seat.into();
        state.to_string().into()
    }

    fn send_state(&mut self) {
        let frames = [self.state_for(0), self.state_for(1)];
        for (connections, frame) in self.seats.iter_mut().zip(&frames) {
            connections.retain(|conn| conn.send(frame));
        }
    }

    /// Whether a device is connected to either seat.
    pub fn is_live(&self) -> bool {
        self.seats.iter().any(|connections| !connections.is_empty())
    }

    pub fn connect(&mut self, seat: usize, conn: Conn) {
        conn.send(&self.state_for(seat));
        socket::keep_within_cap(&mut self.seats[seat], conn);
    }
}

fn current(record: &GameRecord) -> &str {
    record.moves.last().unwrap_or(&record.start)
}

/// The position before the last move, once there is one.
fn previous(record: &GameRecord) -> Option<&str> {
    match record.moves.len() {
        0 => None,
        1 => Some(&record.start),
        n => Some(&record.moves[n - 2]),
    }
}

pub type Tables = Mutex<HashMap<String, Arc<Mutex<Table>>>>;

/// Makes room for one more game where the server holds its most: the
/// idlest game with nobody connected, unplayed for [`IDLE_BEFORE_ENDED`],
/// is deleted. Refused, with when to try again, when every game is newer.
pub fn make_room(app: &App) -> Result<(), String> {
    let store = app.store.as_ref();
    if store.games().map_err(|e| e.to_string())? < MAX_GAMES {
        return Ok(());
    }
    let idle_since = now_ms() - IDLE_BEFORE_ENDED.as_millis() as i64;
    for id in store
        .games_idle_since(idle_since, 50)
        .map_err(|e| e.to_string())?
    {
        let mut tables = app.tables.lock().unwrap_or_else(|p| p.into_inner());
        if tables.get(&id).is_some_and(|table| lock(table).is_live()) {
            continue;
        }
        tables.remove(&id);
        return store.delete_game(&id).map_err(|e| e.to_string());
    }
    Err(format!(
        "this server holds {MAX_GAMES} games, each played in the last {} minutes; try again in a few minutes",
        IDLE_BEFORE_ENDED.as_secs() / 60
    ))
}

pub fn lock(table: &Mutex<Table>) -> std::sync::MutexGuard<'_, Table> {
    table.lock().unwrap_or_else(|p| p.into_inner())
}

pub struct SeatPeer {
    pub app: Arc<App>,
    pub table: Arc<Mutex<Table>>,
    pub seat: usize,
    pub conn_id: u64,
}

impl SeatPeer {
    async fn play(&self, after: String) -> Result<(), String> {
        let (game, play, from, ply) = {
            let table = lock(&self.table);
            if table.over {
                return Err("the game is over".into());
            }
            if table.ply() % 2 != self.seat {
                return Err("it is not your turn".into());
            }
            let r = &table.record;
            (
                r.game.clone(),
                r.play.clone(),
                current(r).to_string(),
                table.ply(),
            )
        };
        let (written, over, move_id) = engine::run(move || {
            let play = parse_play(&play).unwrap_or_default();
            let mut reached = Position::open(&game, &after, play)?;
            let Some(id) = Position::open(&game, &from, play)?.move_id_to(&mut reached)? else {
                return Err("that position is not one move from the current one".to_string());
            };
            Ok((reached.text(), reached.finished(), id))
        })
        .await
        .map_err(|_| "the engine failed on this move".to_string())??;
        let mut table = lock(&self.table);
        if table.ply() != ply {
            return Err("the position changed before your move arrived; play again".into());
        }
        let id = table.record.id.clone();
        match self
            .app
            .store
            .add_move(&id, ply as u32 + 1, &written, now_ms())
        {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                return Err("the position changed before your move arrived; play again".into())
            }
            Err(e) => return Err(e.to_string()),
        }
        table.record.moves.push(written);
        table.over = over;
        table.last_move = Some(move_id);
        table.send_state();
        Ok(())
    }
}

impl Peer for SeatPeer {
    async fn frame(&mut self, text: &str) -> Result<(), String> {
        match frames::parse::<GameFrame>(text).map_err(|e| e.0)? {
            GameFrame::Move { after } => self.play(after).await,
            GameFrame::Ping => Ok(()),
        }
    }

    fn gone(&mut self) {
        lock(&self.table).seats[self.seat].retain(|c| c.id != self.conn_id);
    }
}

/// Loads a game from the store, or `None` when there is no such game.
pub fn load(store: &dyn Store, id: &str) -> Result<Option<Table>, String> {
    match store.game(id).map_err(|e| e.to_string())? {
        Some(record) => Table::load(record).map(Some),
        None => Ok(None),
    }
}
