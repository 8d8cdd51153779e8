//! One live connection: frames in, with their limits, and frames out from
//! the room it belongs to, until either side closes or the server stops.

use crate::limits::{
    FrameRate, HEARTBEAT, MAX_BAD_FRAMES_IN_A_ROW, MAX_CONNECTIONS_PER_TOKEN, MAX_FRAME_BYTES,
    SILENCE,
};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

/// What a room sends a connection.
#[derive(Debug)]
pub enum Out {
    Text(Arc<str>),
    Close(u16, &'static str),
}

/// A room's handle on one connection. The room holds the only sender, so
/// dropping it ends the connection once what is queued has gone out.
pub struct Conn {
    pub id: u64,
    outbox: mpsc::Sender<Out>,
}

impl Conn {
    pub fn new(id: u64, outbox: mpsc::Sender<Out>) -> Conn {
        Conn { id, outbox }
    }

    /// Queues a frame; false when the client has fallen too far behind
    /// (or gone), and the room should let the connection go.
    pub fn send(&self, text: &Arc<str>) -> bool {
        self.outbox.try_send(Out::Text(text.clone())).is_ok()
    }

    pub fn close(&self, code: u16, reason: &'static str) {
        let _ = self.outbox.try_send(Out::Close(code, reason));
    }
}

/// Adds `conn` to a token's connections, closing the oldest when the
/// token already holds as many as it may.
pub fn keep_within_cap(connections: &mut Vec<Conn>, conn: Conn) {
    if connections.len() >= MAX_CONNECTIONS_PER_TOKEN {
        let oldest = connections.remove(0);
        oldest.close(POLICY, "opened on too many devices at once");
    }
    connections.push(conn);
}

/// Close codes, as RFC 6455 names them.
pub const NORMAL: u16 = 1000;
pub const GOING_AWAY: u16 = 1001;
pub const POLICY: u16 = 1008;
pub const TOO_BIG: u16 = 1009;
pub const RESTARTING: u16 = 1012;
pub const TRY_AGAIN: u16 = 1013;

/// How long a closing connection waits for the peer's Close in reply.
const CLOSE_HANDSHAKE: std::time::Duration = std::time::Duration::from_secs(1);

/// What a connection does with the frames it is sent.
pub trait Peer: Send {
    /// Handles one text frame; an error is sent back as an error frame.
    fn frame(&mut self, text: &str) -> impl Future<Output = Result<(), String>> + Send;
    /// The connection has closed.
    fn gone(&mut self);
}

/// A connection that was told why it is closed as it opened: what it
/// still sends is dropped.
pub struct Closed;

impl Peer for Closed {
    async fn frame(&mut self, _text: &str) -> Result<(), String> {
        Ok(())
    }

    fn gone(&mut self) {}
}

/// An error frame's text.
pub fn error_frame(message: &str) -> String {
    serde_json::json!({ "type": "error", "message": message }).to_string()
}

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if socket.send(Message::Close(Some(frame))).await.is_err() {
        return;
    }
    // The closing handshake: what the peer still sends is read and dropped
    // until its own Close. Dropping the connection at once would answer
    // those frames with a TCP reset, which can destroy our Close frame
    // before the peer has read it, so that it never learns why.
    let handshake = async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_HANDSHAKE, handshake).await;
}

/// Runs a connection until it closes.
pub async fn run(
    mut socket: WebSocket,
    mut peer: impl Peer,
    mut inbox: mpsc::Receiver<Out>,
    mut stopping: watch::Receiver<bool>,
) {
    let mut rate = FrameRate::default();
    let mut bad_in_a_row = 0;
    let mut heartbeat =
        tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
    let mut heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let _ = socket.send(Message::Text(error_frame("frames are JSON text, not binary").into())).await;
                        bad_in_a_row += 1;
                        if bad_in_a_row >= MAX_BAD_FRAMES_IN_A_ROW {
                            close(&mut socket, POLICY, "too many bad frames").await;
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    // A frame past what is read at all ends the read with
                    // an error that says so: its sender is told why.
                    Some(Err(error)) if error.to_string().contains("too long") => {
                        close(&mut socket, TOO_BIG, "a frame is at most 64 KiB").await;
                        break;
                    }
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                if !rate.allow() {
                    close(&mut socket, POLICY, "more than 20 frames a second").await;
                    break;
                }
                if text.len() > MAX_FRAME_BYTES {
                    close(&mut socket, TOO_BIG, "a frame is at most 64 KiB").await;
                    break;
                }
                match peer.frame(text.as_str()).await {
                    Ok(()) => bad_in_a_row = 0,
                    Err(message) => {
                        bad_in_a_row += 1;
                        if bad_in_a_row >= MAX_BAD_FRAMES_IN_A_ROW {
                            close(&mut socket, POLICY, "too many bad frames").await;
                            break;
                        }
                        let reply = error_frame(&message);
                        if socket.send(Message::Text(reply.into())).await.is_err() {
                            break;
                        }
                    }
                }
            }
            outgoing = inbox.recv() => match outgoing {
                Some(Out::Text(text)) => {
                    if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                        break;
                    }
                }
                Some(Out::Close(code, reason)) => {
                    close(&mut socket, code, reason).await;
                    break;
                }
                None => {
                    close(&mut socket, TRY_AGAIN, "fell behind; reconnect").await;
                    break;
                }
            },
            // A connection the network dropped without a word is noticed
            // here: the client answers no ping.
            _ = heartbeat.tick() => {
                if heard.elapsed() >= SILENCE {
                    close(&mut socket, GOING_AWAY, "the connection went silent").await;
                    break;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            _ = stopping.changed() => {
                close(&mut socket, RESTARTING, "the server is stopping").await;
                break;
            }
        }
    }
    peer.gone();
}
